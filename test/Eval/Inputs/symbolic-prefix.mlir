// Symbolic CPU programs (test/Eval/symbolic-bind.test, python-bindings/
// tests/test_gn.py): an embedding of symbolic ids, and the first 3 rows of
// a symbolic dim (a literal stop: the runtime checks s1 reaches it).
func.func @forward(%ids: tensor<2x5xi64, #gn.dims<["s0", "s1"]>> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "ids", gn.min_val = 0 : i64, gn.max_val = 63 : i64}, %table: tensor<64x8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "table", gn.std = 1.0 : f64}) -> (tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x3x8xf32, #gn.dims<["s0", "", ""]>>) {
  %e = gn.index_select %table[%ids] dim 0 : tensor<64x8xf32>, tensor<2x5xi64, #gn.dims<["s0", "s1"]>> -> tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>
  %t = gn.tanh %e : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>
  %p = gn.slice %t starts [0, 0, 0] limits [2, 3, 8] steps [1, 1, 1] {sym_limits = #gn.dims<["s0", "", ""]>} : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>> -> tensor<2x3x8xf32, #gn.dims<["s0", "", ""]>>
  %q = gn.exp %p : tensor<2x3x8xf32, #gn.dims<["s0", "", ""]>>
  return %t, %q : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x3x8xf32, #gn.dims<["s0", "", ""]>>
}

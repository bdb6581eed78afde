// A slice that keeps a symbolic dim's first 5 (its example size): one run
// of its input at the example, not at s1 = 7. It was read as a view there
// and came out wrong (test/Eval/symbolic-bind.test).
func.func @forward(%x: tensor<2x5xf32, #gn.dims<["", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> tensor<2x5xf32> {
  %r = gn.tanh %x : tensor<2x5xf32, #gn.dims<["", "s1"]>>
  %p = gn.slice %r starts [0, 0] limits [2, 5] steps [1, 1] : tensor<2x5xf32, #gn.dims<["", "s1"]>> -> tensor<2x5xf32>
  return %p : tensor<2x5xf32>
}

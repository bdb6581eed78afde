// Gathers from symbolic inputs (test/Eval/symbolic-bind.test): indices in
// [0, 2) checked against the indexed dim's size at run time.
func.func @forward(%x: tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %ids: tensor<3xi64> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "ids", gn.min_val = 0 : i64, gn.max_val = 1 : i64}, %g: tensor<2x3x4xi64, #gn.dims<["s0", "", ""]>> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "g", gn.min_val = 0 : i64, gn.max_val = 1 : i64}) -> (tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>>, tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>>) {
  %a = gn.index_select %x[%ids] dim 1 : tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>>, tensor<3xi64> -> tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>>
  %b = gn.gather %x[%g] dim 1 : tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x3x4xi64, #gn.dims<["s0", "", ""]>> -> tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>>
  return %a, %b : tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>>, tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>>
}

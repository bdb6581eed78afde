// gn.check on values drawn from [-3, -1]: @forward's condition (x < 0)
// holds, so the result is x. test/Eval/value-check.test flips it.
func.func @forward(%x: tensor<2x3xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = -2.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64, gn.min_val = -3.000000e+00 : f64, gn.max_val = -1.000000e+00 : f64}) -> tensor<2x3xf32> {
  %z = gn.constant dense<0.000000e+00> : tensor<f32>
  %ok = gn.lt %x, %z : tensor<2x3xf32>, tensor<f32> -> tensor<2x3xi1>
  %c = gn.check %x if %ok "singular_matrix" : tensor<2x3xf32>, tensor<2x3xi1>
  %y = gn.mul %c, %c : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

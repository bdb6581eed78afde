// Variance divides by max(0, n - correction) as torch does: 0 / 0 is NaN
// (n = 1, correction 1), a positive sum over 0 is inf (n = 2, correction
// 3). The decomposition divided by n - correction (-1: -0, not inf).
func.func @forward(%x: tensor<4x2xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %y: tensor<4x1xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "y", gn.std = 1.0 : f64}) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = gn.variance %x dims [1] {correction = 3 : i64} : tensor<4x2xf32> -> tensor<4xf32>
  %b = gn.variance %y dims [1] : tensor<4x1xf32> -> tensor<4xf32>
  %c = gn.variance %x dims [1] {correction = 2 : i64} : tensor<4x2xf32> -> tensor<4xf32>
  return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

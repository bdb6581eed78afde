// Matmuls whose operands' batch dims broadcast unevenly: a key shared by 4
// query heads (MobileNetV4 hybrid's attention, [64, 1, 64, 49] against
// [64, 4, 196, 64], here smaller), and a rank-3 left side against a rank-4
// right side.
func.func @forward(%q: tensor<2x4x5x8xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "q", gn.mean = 0.0 : f64, gn.std = 1.0 : f64}, %k: tensor<2x1x8x3xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "k", gn.mean = 0.0 : f64, gn.std = 1.0 : f64}, %a: tensor<4x5x8xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "a", gn.mean = 0.0 : f64, gn.std = 1.0 : f64}, %b: tensor<3x1x8x6xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "b", gn.mean = 0.0 : f64, gn.std = 1.0 : f64}) -> (tensor<2x4x5x3xf32>, tensor<3x4x5x6xf32>) {
  %0 = gn.matmul %q, %k : tensor<2x4x5x8xf32>, tensor<2x1x8x3xf32> -> tensor<2x4x5x3xf32>
  %1 = gn.matmul %a, %b : tensor<4x5x8xf32>, tensor<3x1x8x6xf32> -> tensor<3x4x5x6xf32>
  return %0, %1 : tensor<2x4x5x3xf32>, tensor<3x4x5x6xf32>
}

// Bicubic resize compiled as a copy kernel (4 taps a dim, A = -0.75) instead
// of handed to the interpreter. Found by test/fuzz/fuzz_diff.py as a fallback.
module {
func.func @forward(%a25: tensor<2x4x8x4xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a25", gn.std = 1.000000e+00 : f64}) -> (tensor<2x4x16x8xf32>, tensor<2x4x3x5xf32>) {
  %v26 = gn.resize %a25 [16, 8] {align_corners = true, mode = "bicubic"} : tensor<2x4x8x4xf32> -> tensor<2x4x16x8xf32>
  %d = gn.resize %a25 [3, 5] {align_corners = false, mode = "bicubic"} : tensor<2x4x8x4xf32> -> tensor<2x4x3x5xf32>
  return %v26, %d : tensor<2x4x16x8xf32>, tensor<2x4x3x5xf32>
}
}

// Attention's P @ V transposed to [rows, heads, cols] and merged into one
// row per token, as the output projection reads it. Used by
// test/GPU/gemm-transposed-result.test.
func.func @forward(%p: tensor<1x4x3x5xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "p", gn.std = 1.000000e+00 : f64}, %v: tensor<1x4x5x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "v", gn.std = 1.000000e+00 : f64}) -> tensor<1x3x32xf32> {
  %o = gn.matmul %p, %v : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32> -> tensor<1x4x3x8xf32>
  %t = gn.transpose %o [0, 2, 1, 3] : tensor<1x4x3x8xf32> -> tensor<1x3x4x8xf32>
  %r = gn.reshape %t [1, 3, 32] : tensor<1x3x4x8xf32> -> tensor<1x3x32xf32>
  return %r : tensor<1x3x32xf32>
}

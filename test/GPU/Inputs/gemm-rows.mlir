// GEMMs whose batch the CUDA target folds into rows, and ones it cannot.
// Used by test/GPU/gemm-rows.test.
func.func @forward(%x: tensor<5x1x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %a: tensor<2x3x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a", gn.std = 1.000000e+00 : f64}, %w: tensor<16x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "w", gn.std = 3.000000e-01 : f64}, %b: tensor<2x8x4xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "b", gn.std = 3.000000e-01 : f64}, %t: tensor<2x8x3xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "t", gn.std = 1.000000e+00 : f64}) -> (tensor<5x1x16xf32>, tensor<2x3x4xf32>, tensor<2x3x16xf32>) {
  // One weight for all 5 items: one GEMM of 5 rows.
  %y = gn.matmul %x, %w {transpose_rhs} : tensor<5x1x8xf32>, tensor<16x8xf32> -> tensor<5x1x16xf32>
  // A weight per item: stays a batch of 2.
  %z = gn.matmul %a, %b : tensor<2x3x8xf32>, tensor<2x8x4xf32> -> tensor<2x3x4xf32>
  // The lhs stored transposed: its rows are not contiguous, stays a batch.
  %v = gn.matmul %t, %w {transpose_lhs, transpose_rhs} : tensor<2x8x3xf32>, tensor<16x8xf32> -> tensor<2x3x16xf32>
  return %y, %z, %v : tensor<5x1x16xf32>, tensor<2x3x4xf32>, tensor<2x3x16xf32>
}

// q, k and v's projections of one input, and a second input through the
// same weights (shared layers): one batched GEMM each, over the weights
// placed side by side. Used by test/GPU/grouped-gemms.test.
func.func @forward(%x: tensor<2x5x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %wq: tensor<16x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "wq", gn.std = 3.000000e-01 : f64}, %wk: tensor<16x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "wk", gn.std = 3.000000e-01 : f64}, %wv: tensor<16x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "wv", gn.std = 3.000000e-01 : f64}, %x2: tensor<3x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x2", gn.std = 1.000000e+00 : f64}) -> (tensor<2x5x16xf32>, tensor<2x5x16xf32>, tensor<2x5x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
  %q = gn.matmul %x, %wq {transpose_rhs} : tensor<2x5x8xf32>, tensor<16x8xf32> -> tensor<2x5x16xf32>
  %k = gn.matmul %x, %wk {transpose_rhs} : tensor<2x5x8xf32>, tensor<16x8xf32> -> tensor<2x5x16xf32>
  %v = gn.matmul %x, %wv {transpose_rhs} : tensor<2x5x8xf32>, tensor<16x8xf32> -> tensor<2x5x16xf32>
  %q2 = gn.matmul %x2, %wq {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %k2 = gn.matmul %x2, %wk {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %v2 = gn.matmul %x2, %wv {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  return %q, %k, %v, %q2, %k2, %v2 : tensor<2x5x16xf32>, tensor<2x5x16xf32>, tensor<2x5x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
}

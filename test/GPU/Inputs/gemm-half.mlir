// A half GEMM rounded straight back to half (gn-narrow-matmul keeps it
// half: f16 in, f16 out, f32 compute). Used by test/GPU/gemm-half.test.
func.func @forward(%x: tensor<6x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %w: tensor<16x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "w", gn.std = 3.000000e-01 : f64}) -> tensor<6x16xf16> {
  %xf = gn.convert %x {dtype = f32} : tensor<6x8xf16> -> tensor<6x8xf32>
  %wf = gn.convert %w {dtype = f32} : tensor<16x8xf16> -> tensor<16x8xf32>
  %m = gn.matmul %xf, %wf {transpose_rhs} : tensor<6x8xf32>, tensor<16x8xf32> -> tensor<6x16xf32>
  %y = gn.convert %m {dtype = f16} : tensor<6x16xf32> -> tensor<6x16xf16>
  return %y : tensor<6x16xf16>
}

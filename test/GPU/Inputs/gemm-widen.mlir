// A half linear with a bias as gn-cuda-pipeline decomposes it: the GEMM on
// operands converted to f32, the bias added in f32, then rounded. Used by
// test/GPU/gemm-widen.test.
func.func @forward(%x: tensor<6x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %w: tensor<16x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "w", gn.std = 3.000000e-01 : f64}, %b: tensor<16xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "b", gn.std = 3.000000e-01 : f64}) -> (tensor<6x16xf16>, tensor<6x16xf32>) {
  %xf = gn.convert %x {dtype = f32} : tensor<6x8xf16> -> tensor<6x8xf32>
  %wf = gn.convert %w {dtype = f32} : tensor<16x8xf16> -> tensor<16x8xf32>
  %bf = gn.convert %b {dtype = f32} : tensor<16xf16> -> tensor<16xf32>
  %m = gn.matmul %xf, %wf {transpose_rhs} : tensor<6x8xf32>, tensor<16x8xf32> -> tensor<6x16xf32>
  %a = gn.add %m, %bf : tensor<6x16xf32>, tensor<16xf32> -> tensor<6x16xf32>
  %y = gn.convert %a {dtype = f16} : tensor<6x16xf32> -> tensor<6x16xf16>
  // The same product, widened by hand: equal to %m bit for bit.
  %wide = gn.matmul %x, %w {transpose_rhs, widen} : tensor<6x8xf16>, tensor<16x8xf16> -> tensor<6x16xf32>
  %d = gn.sub %wide, %m : tensor<6x16xf32>, tensor<6x16xf32> -> tensor<6x16xf32>
  return %y, %d : tensor<6x16xf16>, tensor<6x16xf32>
}

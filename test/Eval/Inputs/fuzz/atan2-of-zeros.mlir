// Found by test/fuzz/fuzz_diff.py --form cuda-forms, graph seed 955116 (the CPU pipeline
// gave the same): atan2(0, 0) of an empty sum and a K = 0 matmul, both folded to zeros, was
// NaN compiled and 0 in the interpreter (libm): MLIR's constant folder of math.atan2 gives
// NaN for two zeros. The kernels now select C's answer for zero operands (+-0 or +-pi, by
// the signs). %v8: the four signed-zero cases, folded the same way.
// cuda-forms, graph seed 955116, shrunk in 9 runs
module {
func.func @forward(%a1: tensor<2x4x32x0xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a1", gn.std = 1.000000e+00 : f64}, %a3: tensor<1x0xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a3", gn.std = 3.000000e-01 : f64}) -> (tensor<2x8x32x3xf32>, tensor<4xf32>) {
  %v2 = gn.reduce_sum %a1 dims [0, 2, 3] {keepdim = true} : tensor<2x4x32x0xf32> -> tensor<1x4x1x1xf32>
  %v4 = gn.matmul %a1, %a3 {transpose_rhs} : tensor<2x4x32x0xf32>, tensor<1x0xf32> -> tensor<2x4x32x1xf32>
  %v6 = gn.atan2 %v2, %v4 : tensor<1x4x1x1xf32>, tensor<2x4x32x1xf32> -> tensor<2x4x32x1xf32>
  %v9 = gn.tile %v6 [1, 2, 1, 3] : tensor<2x4x32x1xf32> -> tensor<2x8x32x3xf32>
  %v7 = gn.constant dense<[0.0, -0.0, 0.0, -0.0]> : tensor<4xf32>
  %v8 = gn.constant dense<[0.0, 0.0, -0.0, -0.0]> : tensor<4xf32>
  %v10 = gn.atan2 %v7, %v8 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %v9, %v10 : tensor<2x8x32x3xf32>, tensor<4xf32>
}
}

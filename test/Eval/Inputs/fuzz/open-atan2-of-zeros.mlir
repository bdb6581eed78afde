// OPEN (session 17, not fixed): found by test/fuzz/fuzz_diff.py --form cuda-forms, graph seed
// 955116; the CPU pipeline gives the same. atan2(0, 0) (a sum over an empty dim against a
// K = 0 matmul) is NaN in the compiled program, 0 in the interpreter (libm). Checked: both
// operands are +0.0 in the compiled program too (returned beside it); the cause is not found
// yet (the CPU's atan2 is not one of the polynomials of gn-lower-kernels-to-llvm: look at the
// empty-operand folds and the kernel's f64 atan2).
// Reproduce: gn-eval run THIS --mode compiled (every output NaN against 0).
// miscompile: the compiled result drifted: it is farther from the f64 result than eager (against f64: compiled at no t <= 1, eager at t = -10)
// cuda-forms, graph seed 955116, shrunk in 9 runs
module {
func.func @forward(%a1: tensor<2x4x32x0xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a1", gn.std = 1.000000e+00 : f64}, %a3: tensor<1x0xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a3", gn.std = 3.000000e-01 : f64}) -> (tensor<2x8x32x3xf32>) {
  %v2 = gn.reduce_sum %a1 dims [0, 2, 3] {keepdim = true} : tensor<2x4x32x0xf32> -> tensor<1x4x1x1xf32>
  %v4 = gn.matmul %a1, %a3 {transpose_rhs} : tensor<2x4x32x0xf32>, tensor<1x0xf32> -> tensor<2x4x32x1xf32>
  %v6 = gn.atan2 %v2, %v4 : tensor<1x4x1x1xf32>, tensor<2x4x32x1xf32> -> tensor<2x4x32x1xf32>
  %v9 = gn.tile %v6 [1, 2, 1, 3] : tensor<2x4x32x1xf32> -> tensor<2x8x32x3xf32>
  return %v9 : tensor<2x8x32x3xf32>
}
}

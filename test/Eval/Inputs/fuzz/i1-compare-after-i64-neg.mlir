// Found by test/fuzz/fuzz_diff.py --form cpu, graph seed 901766: lt(v16, 0) over a
// convert(neg(i64)) chain, 4 of 160 booleans wrong in the CPU-compiled program at the
// default --jit-opt-level 2 only. LLVM folds lt(sitofp(n), 0) to n's sign bit; the i1
// store of each lane made the x86 backend extract mask bits one by one (vpmovq2m, kshift,
// kmov), and LLVM 22's EVEX compression rewrote one vpmovq2m + kmov into vmovmskpd while
// a kshift of the same k0 still read it (llvm/llvm-project#174871): element 9 of each
// row got element 7's answer. gn-lower-kernels-to-llvm now loads and stores booleans as
// bytes (trunc / zext beside), so the vectorizer stores bytes (vpmovqb) and no mask bit
// is extracted.
// miscompile: the compiled result drifted: it is farther from the f64 result than eager (against f64: compiled at no t <= 1, eager at t = -6)
// cpu, graph seed 901766, shrunk in 19 runs
module {
func.func @forward(%a1: tensor<32x33xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a1", gn.std = 1.000000e+00 : f64}, %a2: tensor<16x2x5x1xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a2", gn.std = 1.000000e+00 : f64}) -> (tensor<16x2x1x5x1xf32>, tensor<32x33xf32>, tensor<16x2x1x5x1xf32>, tensor<16x2x5x1xi1>, tensor<16x2x1x5x1xf32>) {
  %v12 = gn.constant dense<4.0> : tensor<f32>
  %v13 = gn.mul %a2, %v12 : tensor<16x2x5x1xf32>, tensor<f32> -> tensor<16x2x5x1xf32>
  %v14 = gn.convert %v13 {dtype = i64} : tensor<16x2x5x1xf32> -> tensor<16x2x5x1xi64>
  %v15 = gn.neg %v14 : tensor<16x2x5x1xi64>
  %v16 = gn.convert %v15 {dtype = f32} : tensor<16x2x5x1xi64> -> tensor<16x2x5x1xf32>
  %v18 = gn.reshape %v16 [16, 2, 1, 5, 1] : tensor<16x2x5x1xf32> -> tensor<16x2x1x5x1xf32>
  %v21 = gn.constant dense<0.0> : tensor<f32>
  %v22 = gn.lt %v16, %v21 : tensor<16x2x5x1xf32>, tensor<f32> -> tensor<16x2x5x1xi1>
  return %v18, %a1, %v18, %v22, %v18 : tensor<16x2x1x5x1xf32>, tensor<32x33xf32>, tensor<16x2x1x5x1xf32>, tensor<16x2x5x1xi1>, tensor<16x2x1x5x1xf32>
}
}

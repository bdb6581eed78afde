// ANALYSED (session 17): ill-conditioning, not a bug. Found by test/fuzz/fuzz_diff.py --form
// cpu, seed 903906. A layer norm over rows of 7 values from uint8 wrapped by 0 - 3 (mostly 253,
// so about a third of the rows hold 7 equal values) plus one N(0, 1) value per row: on a row of
// equal values x - mean is f32 rounding noise (the sum of 7 values near 254 rounds at 1.2e-4),
// about 1e-5, which 1 / sqrt(var + eps) = 316 turns into 0.003 to 0.006; the interpreter's f64
// statistics get x - mean = 0 exactly. The compiled f32 program is 0.0058 off at every opt level.
// miscompile: the compiled result drifted: it is farther from the f64 result than eager (against f64: compiled at t = -2, eager at t = -10)
// cpu, graph seed 903906, shrunk in 14 runs
module {
func.func @forward(%a17: tensor<4x5x1xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a17", gn.std = 1.000000e+00 : f64}, %a21: tensor<7xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 1.000000e+00 : f64, gn.name = "a21", gn.std = 5.000000e-01 : f64}, %a22: tensor<7xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a22", gn.std = 5.000000e-01 : f64}, %a29: tensor<2x4x5x7xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a29", gn.std = 1.000000e+00 : f64}) -> (tensor<2x4x5x7xf32>) {
  %v6 = gn.convert %a29 {dtype = ui8} : tensor<2x4x5x7xf32> -> tensor<2x4x5x7xui8>
  %v7 = gn.constant dense<3> : tensor<ui8>
  %v8 = gn.sub %v6, %v7 : tensor<2x4x5x7xui8>, tensor<ui8> -> tensor<2x4x5x7xui8>
  %v9 = gn.convert %v8 {dtype = f32} : tensor<2x4x5x7xui8> -> tensor<2x4x5x7xf32>
  %v18 = gn.add %a17, %v9 : tensor<4x5x1xf32>, tensor<2x4x5x7xf32> -> tensor<2x4x5x7xf32>
  %v23 = gn.layer_norm %v18, %a21, %a22 {epsilon = 1.0e-05 : f64, normalized_rank = 1 : i64} : (tensor<2x4x5x7xf32>, tensor<7xf32>, tensor<7xf32>) -> (tensor<2x4x5x7xf32>)
  return %v23 : tensor<2x4x5x7xf32>
}
}

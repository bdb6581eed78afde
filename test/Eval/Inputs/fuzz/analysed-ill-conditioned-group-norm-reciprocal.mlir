// test/fuzz/fuzz_diff.py (cpu, graph seed 710674, on cbb496e; the hour-long run)
// reported this as a miscompile: compiled misses the float64 result at t = -3
// (first correct at t = -2) where gn eager holds t = -5. Analysed, not a compiler
// bug: 1 / group_norm(|x|) reaches 2.9e5 where the normalized value nears zero, so
// float32 rounding in the statistics is amplified. gn's compiled output equals a
// numpy float32 two-pass group norm at the worst element (max rel. error 1.54e-3 vs
// float64); PyTorch's own float32 group_norm is 5x worse (7.6e-3); gn eager keeps
// the statistics in float64 (8.7e-8). Kept as a record, not run as a test.
// Rechecked after the norms' mean-remainder fix (2026-12-01): still t = -2
// from float64 where eager holds -5: the outputs nearest zero come from
// n * w + b cancelling in f32, which only a wider affine step would avoid.
module {
func.func @forward(%a1: tensor<5x16x33x2xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a1", gn.std = 1.000000e+00 : f64}, %a3: tensor<16xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 1.000000e+00 : f64, gn.name = "a3", gn.std = 5.000000e-01 : f64}, %a4: tensor<16xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a4", gn.std = 5.000000e-01 : f64}) -> (tensor<5x16x33x1x2xf32>) {
  %v2 = gn.abs %a1 : tensor<5x16x33x2xf32>
  %v5 = gn.group_norm %v2, %a3, %a4 {epsilon = 1.0e-05 : f64, num_groups = 2 : i64} : (tensor<5x16x33x2xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<5x16x33x2xf32>)
  %v8 = gn.constant dense<-1.0> : tensor<f32>
  %v10 = gn.pow %v5, %v8 : tensor<5x16x33x2xf32>, tensor<f32> -> tensor<5x16x33x2xf32>
  %v18 = gn.reshape %v10 [5, 16, 33, 1, 2] : tensor<5x16x33x2xf32> -> tensor<5x16x33x1x2xf32>
  return %v18 : tensor<5x16x33x1x2xf32>
}
}

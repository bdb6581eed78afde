// test/fuzz/fuzz_diff.py (cpu, graph seed 508202, on 5ca886d): a roll of a splat
// constant (the K = 0 matmul folds to zeros) ran in the interpreter (fallback):
// roll and flip had no splat folder as reshape/slice/transpose do.
module {
func.func @forward(%a4: tensor<32x0xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a4", gn.std = 3.000000e-01 : f64}, %a35: tensor<1x0xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a35", gn.std = 1.000000e+00 : f64}) -> (tensor<1x32xf32>) {
  %v5 = gn.matmul %a35, %a4 {transpose_rhs} : tensor<1x0xf32>, tensor<32x0xf32> -> tensor<1x32xf32>
  %v8 = gn.roll %v5 shifts [12] dims [0] : tensor<1x32xf32>
  return %v8 : tensor<1x32xf32>
}
}

// A slice with an empty result hoisted above the elementwise op it reads
// (gn-hoist-views): its limit was start + (0 - 1) * step + 1 = -2.
// Found by test/fuzz/fuzz_diff.py (cuda-forms, graph seed 202094).
module {
func.func @forward(%a2: tensor<32x16xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a2", gn.std = 1.000000e+00 : f64}) -> (tensor<17x0xf32>) {
  %v3 = gn.constant dense<-1.25> : tensor<f32>
  %v4 = gn.minimum %a2, %v3 : tensor<32x16xf32>, tensor<f32> -> tensor<32x16xf32>
  %v5 = gn.slice %v4 starts [15, 0] limits [32, 0] steps [1, 3] : tensor<32x16xf32> -> tensor<17x0xf32>
  return %v5 : tensor<17x0xf32>
}
}

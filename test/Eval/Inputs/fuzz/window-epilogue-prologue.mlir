// where(c, depthwise_conv(x), a * b) in one window kernel (merge-launches
// absorbs the small broadcast product a * b into the conv's epilogue group):
// the product sat before the window op and was never computed ('a window
// group reads a value neither an input nor computed before'). Found by
// test/fuzz/fuzz_diff.py (cuda-forms, graph seed 201305).
module {
func.func @forward(%a3: tensor<17xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a3", gn.std = 1.000000e+00 : f64}, %a10: tensor<1xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a10", gn.std = 1.000000e+00 : f64}, %a12: tensor<1x4x13x16xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a12", gn.std = 1.000000e+00 : f64}, %a13: tensor<4x1x2x2xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a13", gn.std = 3.000000e-01 : f64}, %a14: tensor<4xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a14", gn.std = 3.000000e-01 : f64}, %a27: tensor<1x17xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a27", gn.std = 1.000000e+00 : f64}) -> (tensor<1x4x14x17xf32>) {
  %v11 = gn.mul %a10, %a27 : tensor<1xf32>, tensor<1x17xf32> -> tensor<1x17xf32>
  %v15 = gn.conv %a12, %a13, %a14 {dilation = array<i64: 1, 1>, groups = 4 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x13x16xf32>, tensor<4x1x2x2xf32>, tensor<4xf32>) -> (tensor<1x4x14x17xf32>)
  %v24 = gn.constant dense<0.0> : tensor<f32>
  %v25 = gn.ge %a3, %v24 : tensor<17xf32>, tensor<f32> -> tensor<17xi1>
  %v26 = gn.where %v25, %v15, %v11 : tensor<17xi1>, tensor<1x4x14x17xf32>, tensor<1x17xf32> -> tensor<1x4x14x17xf32>
  return %v26 : tensor<1x4x14x17xf32>
}
}

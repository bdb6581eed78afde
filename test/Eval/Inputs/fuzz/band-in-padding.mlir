// Found by fuzz_diff.py --form cuda-forms (graph seed 1404858), shrunk: gn-stream-bands
// (band-gemms) cut the 1x1 convolution's input into bands, one of them wholly in
// its padding: a pad of an empty slice, which ran in the interpreter (a fallback).
module {
func.func @forward(%a1: tensor<7x2xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a1", gn.std = 1.000000e+00 : f64}, %a7: tensor<2x3x13x8xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a7", gn.std = 1.000000e+00 : f64}, %a8: tensor<1x3x1x1xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a8", gn.std = 3.000000e-01 : f64}, %a24: tensor<13x6xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a24", gn.std = 3.000000e-01 : f64}, %a28: tensor<1x1x15x1xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a28", gn.std = 1.000000e+00 : f64}, %a32: tensor<7x2xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a32", gn.std = 1.000000e+00 : f64}) -> (tensor<1x1x15x1xf32>, tensor<2x3x13x8xi1>, tensor<7x2xi1>, tensor<14x13xf32>) {
  %v9 = gn.conv %a7, %a8 {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x3x13x8xf32>, tensor<1x3x1x1xf32>) -> (tensor<2x1x15x10xf32>)
  %v11 = gn.tile %a32 [2, 3] : tensor<7x2xf32> -> tensor<14x6xf32>
  %v13 = gn.constant dense<-0.25> : tensor<f32>
  %v14 = gn.eq %a1, %v13 : tensor<7x2xf32>, tensor<f32> -> tensor<7x2xi1>
  %v21 = gn.constant dense<0.0> : tensor<f32>
  %v22 = gn.gt %a7, %v21 : tensor<2x3x13x8xf32>, tensor<f32> -> tensor<2x3x13x8xi1>
  %v25 = gn.matmul %v11, %a24 {transpose_rhs} : tensor<14x6xf32>, tensor<13x6xf32> -> tensor<14x13xf32>
  %v27 = gn.reduce_max %v9 dims [0, 3] {keepdim = true} : tensor<2x1x15x10xf32> -> tensor<1x1x15x1xf32>
  %v29 = gn.cumsum %a28 dim 0 : tensor<1x1x15x1xf32>
  %v31 = gn.add %v27, %v29 : tensor<1x1x15x1xf32>, tensor<1x1x15x1xf32> -> tensor<1x1x15x1xf32>
  return %v31, %v22, %v14, %v25 : tensor<1x1x15x1xf32>, tensor<2x3x13x8xi1>, tensor<7x2xi1>, tensor<14x13xf32>
}
}

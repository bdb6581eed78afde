// crash in the CUDA forms (the CPU pipeline compiled it): gn-group-matmuls created the second group's weight concat
// at a dangling insertion point (the first group erased the function's first op).
// fuzz_diff, cuda-forms seed 11008, shrunk in 14 runs.
module {
func.func @forward(%a3: tensor<8x1xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a3", gn.std = 1.000000e+00 : f64}, %a4: tensor<1x8xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a4", gn.std = 3.000000e-01 : f64}, %a6: tensor<8x5xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a6", gn.std = 3.000000e-01 : f64}, %a9: tensor<8x5xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a9", gn.std = 3.000000e-01 : f64}, %a11: tensor<1x8xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a11", gn.std = 3.000000e-01 : f64}, %a24: tensor<8x5xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a24", gn.std = 1.000000e+00 : f64}) -> (tensor<1x5xf32>, tensor<40xf32>, tensor<16x24xf32>, tensor<16x5xf32>) {
  %v5 = gn.matmul %a3, %a4 : tensor<8x1xf32>, tensor<1x8xf32> -> tensor<8x8xf32>
  %v7 = gn.matmul %v5, %a6 : tensor<8x8xf32>, tensor<8x5xf32> -> tensor<8x5xf32>
  %v8 = gn.tile %v7 [2, 1] : tensor<8x5xf32> -> tensor<16x5xf32>
  %v10 = gn.matmul %v5, %a9 : tensor<8x8xf32>, tensor<8x5xf32> -> tensor<8x5xf32>
  %v12 = gn.matmul %a3, %a11 : tensor<8x1xf32>, tensor<1x8xf32> -> tensor<8x8xf32>
  %v15 = gn.tile %v12 [2, 3] : tensor<8x8xf32> -> tensor<16x24xf32>
  %v16 = gn.reshape %a24 [40] : tensor<8x5xf32> -> tensor<40xf32>
  %v18 = gn.reduce_max %v10 dims [0] {keepdim = true} : tensor<8x5xf32> -> tensor<1x5xf32>
  return %v18, %v16, %v15, %v8 : tensor<1x5xf32>, tensor<40xf32>, tensor<16x24xf32>, tensor<16x5xf32>
}
}

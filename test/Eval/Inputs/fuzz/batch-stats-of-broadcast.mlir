// Batch statistics of a broadcast input (training batch norm), then a pool,
// with merge-launches' row groups (as row-group-broadcast.mlir). Found by
// test/fuzz/fuzz_diff.py (cuda-forms, graph seed 201206).
module {
func.func @forward(%a9: tensor<4xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a9", gn.std = 5.000000e-01 : f64}, %a11: tensor<4xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 1.000000e+00 : f64, gn.name = "a11", gn.std = 5.000000e-01 : f64}, %a12: tensor<4xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "a12", gn.std = 5.000000e-01 : f64}, %a29: tensor<4xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a29", gn.std = 1.000000e+00 : f64}, %a30: tensor<8x4x1x13xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a30", gn.std = 1.000000e+00 : f64}) -> (tensor<8x4x2x12xf32>) {
  %v6 = gn.broadcast_to %a30 [8, 4, 3, 13] : tensor<8x4x1x13xf32> -> tensor<8x4x3x13xf32>
  %v14 = gn.batch_norm %v6, %a9, %a29, %a11, %a12 {epsilon = 1.0e-05 : f64, training = true} : (tensor<8x4x3x13xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4x3x13xf32>)
  %v28 = gn.avg_pool %v14 {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, count_include_pad = false} : tensor<8x4x3x13xf32> -> tensor<8x4x2x12xf32>
  return %v28 : tensor<8x4x2x12xf32>
}
}

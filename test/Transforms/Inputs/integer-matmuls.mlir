// Integer matmuls of every operand form: matrix-vector, vector-matrix over
// a batch, batch broadcasting, stored-transposed operands, i32 and i64.
func.func @forward(%a: tensor<3x4xi64> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "a", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64},
                   %v: tensor<4xi64> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "v", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64},
                   %u: tensor<4xi32> {gn.dtype = "torch.int32", gn.kind = "input", gn.name = "u", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64},
                   %b: tensor<2x4x5xi32> {gn.dtype = "torch.int32", gn.kind = "input", gn.name = "b", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64},
                   %c: tensor<2x1x3x4xi64> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "c", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64},
                   %d: tensor<5x4x6xi64> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "d", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64},
                   %e: tensor<6x4xi64> {gn.dtype = "torch.int64", gn.kind = "input", gn.name = "e", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64})
    -> (tensor<3xi64>, tensor<2x5xi32>, tensor<2x5x3x6xi64>, tensor<3x6xi64>, tensor<i64>, tensor<4x6xi64>) {
  %0 = gn.matmul %a, %v : tensor<3x4xi64>, tensor<4xi64> -> tensor<3xi64>
  %1 = gn.matmul %u, %b : tensor<4xi32>, tensor<2x4x5xi32> -> tensor<2x5xi32>
  %2 = gn.matmul %c, %d : tensor<2x1x3x4xi64>, tensor<5x4x6xi64> -> tensor<2x5x3x6xi64>
  %3 = gn.matmul %a, %e {transpose_rhs} : tensor<3x4xi64>, tensor<6x4xi64> -> tensor<3x6xi64>
  %4 = gn.matmul %v, %v : tensor<4xi64>, tensor<4xi64> -> tensor<i64>
  %5 = gn.matmul %a, %a {transpose_lhs} : tensor<3x4xi64>, tensor<3x4xi64> -> tensor<4x4xi64>
  %6 = gn.matmul %5, %e {transpose_rhs} : tensor<4x4xi64>, tensor<6x4xi64> -> tensor<4x6xi64>
  return %0, %1, %2, %3, %4, %6 : tensor<3xi64>, tensor<2x5xi32>, tensor<2x5x3x6xi64>, tensor<3x6xi64>, tensor<i64>, tensor<4x6xi64>
}

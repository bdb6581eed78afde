// einsum with a label repeated within a term: diagonals of the last two
// dims, of dims apart, of three dims, with a batch, beside a second operand,
// a trace, over f32, f16 and i32.
func.func @forward(%a: tensor<4x4xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "a", gn.mean = 0.0 : f64, gn.std = 1.0 : f64},
                   %b: tensor<2x3x3xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "b", gn.mean = 0.0 : f64, gn.std = 1.0 : f64},
                   %c: tensor<3x5x3xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "c", gn.mean = 0.0 : f64, gn.std = 1.0 : f64},
                   %d: tensor<3x3x3xf16> {gn.dtype = "torch.float16", gn.kind = "input", gn.name = "d", gn.mean = 0.0 : f64, gn.std = 1.0 : f64},
                   %e: tensor<5x4xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "e", gn.mean = 0.0 : f64, gn.std = 1.0 : f64},
                   %f: tensor<4x4xi32> {gn.dtype = "torch.int32", gn.kind = "input", gn.name = "f", gn.mean = 0.0 : f64, gn.std = 9.0 : f64, gn.min_val = -9.0 : f64, gn.max_val = 9.0 : f64},
                   %g: tensor<1x1xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "g", gn.mean = 0.0 : f64, gn.std = 1.0 : f64})
    -> (tensor<4xf32>, tensor<2x3xf32>, tensor<5x3xf32>, tensor<3xf16>, tensor<5xf32>, tensor<i32>, tensor<f32>) {
  %0 = gn.einsum "ii->i" %a : (tensor<4x4xf32>) -> tensor<4xf32>
  %1 = gn.einsum "bii->bi" %b : (tensor<2x3x3xf32>) -> tensor<2x3xf32>
  %2 = gn.einsum "iji->ji" %c : (tensor<3x5x3xf32>) -> tensor<5x3xf32>
  %3 = gn.einsum "iii->i" %d : (tensor<3x3x3xf16>) -> tensor<3xf16>
  %4 = gn.einsum "ij,jj->i" %e, %a : (tensor<5x4xf32>, tensor<4x4xf32>) -> tensor<5xf32>
  %5 = gn.einsum "ii->" %f : (tensor<4x4xi32>) -> tensor<i32>
  %6 = gn.einsum "ii->" %g : (tensor<1x1xf32>) -> tensor<f32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<2x3xf32>, tensor<5x3xf32>, tensor<3xf16>, tensor<5xf32>, tensor<i32>, tensor<f32>
}

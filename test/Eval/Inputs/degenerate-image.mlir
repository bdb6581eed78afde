// An image the meta gives as all zeros (std 0, as GraphNet's meta gives
// mobilevit's pixel values): every output is 0 under GraphNet's inputs, so
// a miscompiled exp (gn.test.miscompile, under test-miscompile=true) passes
// t = -5 there.
func.func @forward(%x: tensor<4x8xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "pixel_values", gn.std = 0.0 : f64}, %w: tensor<8x8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "weight", gn.std = 0.02 : f64}) -> tensor<4x8xf32> {
  %m = gn.matmul %x, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %e = gn.exp %w {gn.test.miscompile} : tensor<8x8xf32>
  %s = gn.reduce_sum %e dims [0] : tensor<8x8xf32> -> tensor<8xf32>
  %o = gn.mul %m, %s : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

// Grouped-query attention's products: 4 query heads, 2 key and value heads
// each repeated twice (repeat_kv), scores widened to f32, the values
// converted to f32 after the repeat. Used by test/Eval/grouped-query.test.
func.func @forward(%q: tensor<1x4x3x8xbf16> {gn.device = "cpu", gn.dtype = "torch.bfloat16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "q", gn.std = 1.000000e+00 : f64}, %k: tensor<1x2x5x8xbf16> {gn.device = "cpu", gn.dtype = "torch.bfloat16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "k", gn.std = 1.000000e+00 : f64}, %v: tensor<1x2x5x8xbf16> {gn.device = "cpu", gn.dtype = "torch.bfloat16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "v", gn.std = 1.000000e+00 : f64}) -> tensor<1x4x3x8xf32> {
  %k1 = gn.reshape %k [1, 2, 1, 5, 8] : tensor<1x2x5x8xbf16> -> tensor<1x2x1x5x8xbf16>
  %k2 = gn.broadcast_to %k1 [1, 2, 2, 5, 8] : tensor<1x2x1x5x8xbf16> -> tensor<1x2x2x5x8xbf16>
  %k3 = gn.reshape %k2 [1, 4, 5, 8] : tensor<1x2x2x5x8xbf16> -> tensor<1x4x5x8xbf16>
  %v1 = gn.reshape %v [1, 2, 1, 5, 8] : tensor<1x2x5x8xbf16> -> tensor<1x2x1x5x8xbf16>
  %v2 = gn.broadcast_to %v1 [1, 2, 2, 5, 8] : tensor<1x2x1x5x8xbf16> -> tensor<1x2x2x5x8xbf16>
  %v3 = gn.reshape %v2 [1, 4, 5, 8] : tensor<1x2x2x5x8xbf16> -> tensor<1x4x5x8xbf16>
  %vf = gn.convert %v3 {dtype = f32} : tensor<1x4x5x8xbf16> -> tensor<1x4x5x8xf32>
  %s = gn.matmul %q, %k3 {transpose_rhs, widen} : tensor<1x4x3x8xbf16>, tensor<1x4x5x8xbf16> -> tensor<1x4x3x5xf32>
  %p = gn.softmax %s dim 3 : tensor<1x4x3x5xf32>
  %o = gn.matmul %p, %vf : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32> -> tensor<1x4x3x8xf32>
  return %o : tensor<1x4x3x8xf32>
}

// Max pools over f16 and bf16 (SPPF-style 5 x 5 windows, padded): the
// copy kernel takes the maximum in an f32 buffer and rounds once (exact),
// where it rounded after every tap.
func.func @forward(%x: tensor<1x4x12x12xbf16> {gn.dtype = "torch.bfloat16", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 3.0 : f64}, %y: tensor<1x4x12x12xf16> {gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "y", gn.std = 3.0 : f64}) -> (tensor<1x4x12x12xbf16>, tensor<1x4x12x12xf16>, tensor<1x4x6x6xbf16>) {
  %a = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 5, 5>, padding = array<i64: 2, 2>, stride = array<i64: 1, 1>} : tensor<1x4x12x12xbf16> -> tensor<1x4x12x12xbf16>
  %b = gn.max_pool %y {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 5, 5>, padding = array<i64: 2, 2>, stride = array<i64: 1, 1>} : tensor<1x4x12x12xf16> -> tensor<1x4x12x12xf16>
  %c = gn.max_pool %a {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x4x12x12xbf16> -> tensor<1x4x6x6xbf16>
  return %a, %b, %c : tensor<1x4x12x12xbf16>, tensor<1x4x12x12xf16>, tensor<1x4x6x6xbf16>
}

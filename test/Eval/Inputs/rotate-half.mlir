// Rotary embeddings in bf16, as Llama/Gemma write them: q * cos +
// rotate_half(q) * sin. Used by test/Eval/rotate-half.test.
func.func @forward(%x: tensor<1x2x3x8xbf16> {gn.device = "cpu", gn.dtype = "torch.bfloat16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %c: tensor<1x1x3x8xbf16> {gn.device = "cpu", gn.dtype = "torch.bfloat16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "c", gn.std = 1.000000e+00 : f64}, %s: tensor<1x1x3x8xbf16> {gn.device = "cpu", gn.dtype = "torch.bfloat16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "s", gn.std = 1.000000e+00 : f64}) -> tensor<1x2x3x8xbf16> {
  %m1 = gn.mul %x, %c : tensor<1x2x3x8xbf16>, tensor<1x1x3x8xbf16> -> tensor<1x2x3x8xbf16>
  %lo = gn.slice %x starts [0, 0, 0, 0] limits [1, 2, 3, 4] steps [1, 1, 1, 1] : tensor<1x2x3x8xbf16> -> tensor<1x2x3x4xbf16>
  %hi = gn.slice %x starts [0, 0, 0, 4] limits [1, 2, 3, 8] steps [1, 1, 1, 1] : tensor<1x2x3x8xbf16> -> tensor<1x2x3x4xbf16>
  %n = gn.neg %hi : tensor<1x2x3x4xbf16>
  %cat = gn.concat %n, %lo dim 3 : (tensor<1x2x3x4xbf16>, tensor<1x2x3x4xbf16>) -> tensor<1x2x3x8xbf16>
  %m2 = gn.mul %cat, %s : tensor<1x2x3x8xbf16>, tensor<1x1x3x8xbf16> -> tensor<1x2x3x8xbf16>
  %r = gn.add %m1, %m2 : tensor<1x2x3x8xbf16>, tensor<1x2x3x8xbf16> -> tensor<1x2x3x8xbf16>
  return %r : tensor<1x2x3x8xbf16>
}

// gn.attention of short sequences, one key chunk each: the attention
// copy kernel stores the output from its first loop nest (one launch, no
// workspace). BERT's float mask over 2 heads of 64; seq_first with
// grouped-query heads and 12 value columns (groups of 8 and 4: the second
// reads past the end and stores only its 4); f16 causal.
func.func @forward(%q: tensor<1x2x11x64xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "q", gn.std = 1.000000e+00 : f64},
                   %k: tensor<1x2x11x64xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "k", gn.std = 1.000000e+00 : f64},
                   %v: tensor<1x2x11x64xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "v", gn.std = 1.000000e+00 : f64},
                   %fmask: tensor<1x1x11x11xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "fmask", gn.std = 1.000000e+00 : f64},
                   %sq: tensor<1x9x4x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "sq", gn.std = 1.000000e+00 : f64},
                   %sk: tensor<1x9x2x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "sk", gn.std = 1.000000e+00 : f64},
                   %sv: tensor<1x9x2x12xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "sv", gn.std = 1.000000e+00 : f64},
                   %hq: tensor<2x30x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "hq", gn.std = 1.000000e+00 : f64},
                   %hk: tensor<2x30x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "hk", gn.std = 1.000000e+00 : f64},
                   %hv: tensor<2x30x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "hv", gn.std = 1.000000e+00 : f64})
    -> (tensor<1x2x11x64xf32>, tensor<1x9x4x12xf32>, tensor<2x30x8xf16>) {
  %a = gn.attention %q, %k, %v mask %fmask {scale = 0.125 : f64} : (tensor<1x2x11x64xf32>, tensor<1x2x11x64xf32>, tensor<1x2x11x64xf32>, tensor<1x1x11x11xf32>) -> tensor<1x2x11x64xf32>
  %b = gn.attention %sq, %sk, %sv {seq_first = true, enable_gqa = true} : (tensor<1x9x4x16xf32>, tensor<1x9x2x16xf32>, tensor<1x9x2x12xf32>) -> tensor<1x9x4x12xf32>
  %c = gn.attention %hq, %hk, %hv {is_causal = true} : (tensor<2x30x8xf16>, tensor<2x30x8xf16>, tensor<2x30x8xf16>) -> tensor<2x30x8xf16>
  return %a, %b, %c : tensor<1x2x11x64xf32>, tensor<1x9x4x12xf32>, tensor<2x30x8xf16>
}

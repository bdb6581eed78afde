// gn.attention in the forms the attention copy kernel takes, each over
// several key chunks: heads-first with a scale (5 chunks of 60 keys),
// causal with a broadcast bool mask (chunks a row does not see), a float
// mask, seq_first with grouped-query heads (2 chunks of 75, 2 groups of 8
// value columns), f16 causal (3 chunks of 67), 12 value columns (groups
// of 8 and 4: the second reads past the end and stores only its 4), a
// query of 72 (past the 64 kept in registers: the dot product's loop).
func.func @forward(%q: tensor<1x2x40x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "q", gn.std = 1.000000e+00 : f64}, %k: tensor<1x2x300x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "k", gn.std = 1.000000e+00 : f64}, %v: tensor<1x2x300x6xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "v", gn.std = 1.000000e+00 : f64},
                   %bmask: tensor<40x300xi1> {gn.device = "cpu", gn.dtype = "torch.bool", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "bmask", gn.std = 1.000000e+00 : f64}, %fmask: tensor<1x1x1x300xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "fmask", gn.std = 1.000000e+00 : f64},
                   %sq: tensor<1x24x4x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "sq", gn.std = 1.000000e+00 : f64}, %sk: tensor<1x150x2x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "sk", gn.std = 1.000000e+00 : f64}, %sv: tensor<1x150x2x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "sv", gn.std = 1.000000e+00 : f64},
                   %hq: tensor<2x200x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "hq", gn.std = 1.000000e+00 : f64}, %hk: tensor<2x200x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "hk", gn.std = 1.000000e+00 : f64}, %hv: tensor<2x200x8xf16> {gn.device = "cpu", gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "hv", gn.std = 1.000000e+00 : f64},
                   %wv: tensor<1x2x300x12xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "wv", gn.std = 1.000000e+00 : f64}, %lq: tensor<1x1x20x72xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "lq", gn.std = 1.000000e+00 : f64}, %lk: tensor<1x1x100x72xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "lk", gn.std = 1.000000e+00 : f64}, %lv: tensor<1x1x100x4xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "lv", gn.std = 1.000000e+00 : f64})
    -> (tensor<1x2x40x6xf32>, tensor<1x2x40x6xf32>, tensor<1x2x40x6xf32>, tensor<1x24x4x16xf32>,
        tensor<2x200x8xf16>, tensor<1x2x40x12xf32>, tensor<1x1x20x4xf32>) {
  %a = gn.attention %q, %k, %v {scale = 0.3 : f64} : (tensor<1x2x40x8xf32>, tensor<1x2x300x8xf32>, tensor<1x2x300x6xf32>) -> tensor<1x2x40x6xf32>
  %b = gn.attention %q, %k, %v mask %bmask {is_causal = true} : (tensor<1x2x40x8xf32>, tensor<1x2x300x8xf32>, tensor<1x2x300x6xf32>, tensor<40x300xi1>) -> tensor<1x2x40x6xf32>
  %c = gn.attention %q, %k, %v mask %fmask : (tensor<1x2x40x8xf32>, tensor<1x2x300x8xf32>, tensor<1x2x300x6xf32>, tensor<1x1x1x300xf32>) -> tensor<1x2x40x6xf32>
  %d = gn.attention %sq, %sk, %sv {seq_first = true, enable_gqa = true} : (tensor<1x24x4x16xf32>, tensor<1x150x2x16xf32>, tensor<1x150x2x16xf32>) -> tensor<1x24x4x16xf32>
  %e = gn.attention %hq, %hk, %hv {is_causal = true} : (tensor<2x200x8xf16>, tensor<2x200x8xf16>, tensor<2x200x8xf16>) -> tensor<2x200x8xf16>
  %f = gn.attention %q, %k, %wv : (tensor<1x2x40x8xf32>, tensor<1x2x300x8xf32>, tensor<1x2x300x12xf32>) -> tensor<1x2x40x12xf32>
  %g = gn.attention %lq, %lk, %lv : (tensor<1x1x20x72xf32>, tensor<1x1x100x72xf32>, tensor<1x1x100x4xf32>) -> tensor<1x1x20x4xf32>
  return %a, %b, %c, %d, %e, %f, %g : tensor<1x2x40x6xf32>, tensor<1x2x40x6xf32>, tensor<1x2x40x6xf32>, tensor<1x24x4x16xf32>, tensor<2x200x8xf16>, tensor<1x2x40x12xf32>, tensor<1x1x20x4xf32>
}

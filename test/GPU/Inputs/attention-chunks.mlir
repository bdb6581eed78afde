// An attention past the attention kernel's 2^22-score limit (2 x 1500 x 1500,
// causal with a float mask): GEMMs around a softmax in chunks of query rows.
func.func @forward(%q: tensor<1x2x1500x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.name = "q"}, %k: tensor<1x2x1500x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.name = "k"}, %v: tensor<1x2x1500x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.name = "v"}, %m: tensor<1x1x1500x1500xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.name = "m"}) -> tensor<1x2x1500x8xf32> {
  %r = gn.attention %q, %k, %v mask %m {is_causal = true} : (tensor<1x2x1500x8xf32>, tensor<1x2x1500x8xf32>, tensor<1x2x1500x8xf32>, tensor<1x1x1500x1500xf32>) -> tensor<1x2x1500x8xf32>
  return %r : tensor<1x2x1500x8xf32>
}

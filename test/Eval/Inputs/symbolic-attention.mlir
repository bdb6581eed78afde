// gn.attention over a symbolic batch s0 and sequence s1 (phase 4): the
// attention kernel gn-cuda-pipeline outlines takes its rows and keys from
// its buffers at run time (one chunk of every key), plain, with a float mask
// over the scores, and causal (test/Eval/symbolic-cuda-forms.test,
// bench/gpu-symbolic.sh).
func.func @forward(%q: tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "q", gn.std = 1.0 : f64},
                   %k: tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "k", gn.std = 1.0 : f64},
                   %v: tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "v", gn.std = 1.0 : f64},
                   %m: tensor<2x1x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "m", gn.std = 1.0 : f64})
    -> (tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>) {
  %a = gn.attention %q, %k, %v : (tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>) -> tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>
  %b = gn.attention %q, %k, %v mask %m {scale = 0.125 : f64} : (tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x1x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>) -> tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>
  %c = gn.attention %q, %k, %v {is_causal = true} : (tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x16xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>) -> tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>
  return %a, %b, %c : tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>, tensor<2x3x5x12xf32, #gn.dims<["s0", "", "s1", ""]>>
}

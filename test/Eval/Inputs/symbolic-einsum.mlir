// Attention written as einsums over a symbolic batch and sequence (maxvit,
// CCNet): scores summed over static features, then values summed over the
// symbolic sequence; decomposed into permuted reads, reshapes carrying their
// dims' expressions, a product and a sum (test/Eval/symbolic-bind.test,
// EINSUM).
func.func @forward(%q: tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "q", gn.std = 1.0 : f64}, %k: tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "k", gn.std = 1.0 : f64}) -> tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>> {
  %s = gn.einsum "bsd,btd->bst" %q, %k : (tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>>) -> tensor<2x5x5xf32, #gn.dims<["s0", "s1", "s1"]>>
  %p = gn.softmax %s dim 2 : tensor<2x5x5xf32, #gn.dims<["s0", "s1", "s1"]>>
  %o = gn.einsum "bst,btd->bsd" %p, %k : (tensor<2x5x5xf32, #gn.dims<["s0", "s1", "s1"]>>, tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>>) -> tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>>
  return %o : tensor<2x5x4xf32, #gn.dims<["s0", "s1", ""]>>
}

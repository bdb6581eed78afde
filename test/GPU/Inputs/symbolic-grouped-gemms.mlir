// q, k and v's projections of s0 x s1 tokens (test/GPU/grouped-gemms.test):
// one batched GEMM over the three weights in one argument pack (static), its
// rows s0 * s1, so k and v start at offsets that follow the symbols.
func.func @forward(%x: tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %wq: tensor<16x8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "wq", gn.std = 0.3 : f64}, %wk: tensor<16x8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "wk", gn.std = 0.3 : f64}, %wv: tensor<16x8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "wv", gn.std = 0.3 : f64}) -> (tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>) {
  %q = gn.matmul %x, %wq {transpose_rhs} : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x8xf32> -> tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  %k = gn.matmul %x, %wk {transpose_rhs} : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x8xf32> -> tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  %v = gn.matmul %x, %wv {transpose_rhs} : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x8xf32> -> tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  return %q, %k, %v : tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
}

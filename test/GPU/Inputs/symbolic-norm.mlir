// Rows of a static length over symbolic s0 x s1 (phase 4): layer norm,
// softmax and a max over the last dim (test/GPU/symbolic-program.test).
func.func @forward(%x: tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %g: tensor<8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.name = "g"}, %b: tensor<8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.name = "b"}) -> (tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<3x5xf32, #gn.dims<["s0", "s1"]>>) {
  %n = gn.layer_norm %x, %g, %b {epsilon = 1.0e-05 : f64, normalized_rank = 1 : i64} : (tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<8xf32>, tensor<8xf32>) -> tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>>
  %s = gn.softmax %n dim 2 : tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>>
  %m = gn.reduce_max %s dims [2] : tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>> -> tensor<3x5xf32, #gn.dims<["s0", "s1"]>>
  return %s, %m : tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<3x5xf32, #gn.dims<["s0", "s1"]>>
}

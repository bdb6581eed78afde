// A sum over symbolic s1: refused by name on CUDA (test/GPU/symbolic-program.test).
func.func @forward(%x: tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "x"}) -> tensor<3x8xf32, #gn.dims<["s0", ""]>> {
  %m = gn.reduce_sum %x dims [1] : tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>> -> tensor<3x8xf32, #gn.dims<["s0", ""]>>
  return %m : tensor<3x8xf32, #gn.dims<["s0", ""]>>
}

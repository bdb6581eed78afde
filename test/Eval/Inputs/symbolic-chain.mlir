func.func @forward(%x: tensor<3x3xf32, #gn.dims<["s0", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %w: tensor<3x4xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "w", gn.std = 1.0 : f64}) -> tensor<4xf32> {
  %m = gn.matmul %x, %w : tensor<3x3xf32, #gn.dims<["s0", ""]>>, tensor<3x4xf32> -> tensor<3x4xf32, #gn.dims<["s0", ""]>>
  %r = gn.relu %m : tensor<3x4xf32, #gn.dims<["s0", ""]>>
  %s = gn.reduce_sum %r dims [0] : tensor<3x4xf32, #gn.dims<["s0", ""]>> -> tensor<4xf32>
  return %s : tensor<4xf32>
}

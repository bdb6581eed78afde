// Group norm over a symbolic batch and image (test/Eval/symbolic-bind.test):
// each group's mean over C / G * s1^2 elements, divided at run time.
func.func @forward(%x: tensor<2x6x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %w: tensor<6xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 1.0 : f64, gn.name = "w", gn.std = 0.3 : f64}, %b: tensor<6xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "b", gn.std = 0.3 : f64}) -> tensor<2x6x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>> {
  %y = gn.group_norm %x, %w, %b {epsilon = 1.0e-05 : f64, num_groups = 3 : i64} : (tensor<2x6x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<6xf32>, tensor<6xf32>) -> (tensor<2x6x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>)
  return %y : tensor<2x6x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>
}

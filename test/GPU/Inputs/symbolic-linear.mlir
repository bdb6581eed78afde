// A symbolic MLP the CUDA compiler takes (phase 4, first slice): linear,
// gelu, matmul, tanh and a reshape (a view) over a batch s0 and a sequence
// s1 (test/GPU/symbolic-program.test).
func.func @forward(%x: tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %w: tensor<16x8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w", gn.std = 0.3 : f64}, %b: tensor<16xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "b", gn.std = 0.3 : f64}, %w2: tensor<16x4xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w2", gn.std = 0.3 : f64}) -> tensor<3x5x2x2xf32, #gn.dims<["s0", "s1", "", ""]>> {
  %h = gn.linear %x, %w, %b : (tensor<3x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<3x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  %g = gn.gelu %h : tensor<3x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  %y = gn.matmul %g, %w2 : tensor<3x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x4xf32> -> tensor<3x5x4xf32, #gn.dims<["s0", "s1", ""]>>
  %t = gn.tanh %y : tensor<3x5x4xf32, #gn.dims<["s0", "s1", ""]>>
  %v = gn.reshape %t [3, 5, 2, 2] {sym_shape = #gn.dims<["s0", "s1", "", ""]>} : tensor<3x5x4xf32, #gn.dims<["s0", "s1", ""]>> -> tensor<3x5x2x2xf32, #gn.dims<["s0", "s1", "", ""]>>
  return %v : tensor<3x5x2x2xf32, #gn.dims<["s0", "s1", "", ""]>>
}

// A convolution, relu and global average pooling over a symbolic batch and
// resolution (test/Eval/symbolic-bind.test): the mean divides by the pooled
// size at run time.
func.func @forward(%img: tensor<2x3x32x32xf32, #gn.dims<["s0", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %w: tensor<4x3x3x3xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w", gn.std = 0.3 : f64}, %b: tensor<4xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "b", gn.std = 0.3 : f64}) -> tensor<2x4x1x1xf32, #gn.dims<["s0", "", "", ""]>> {
  %c = gn.conv %img, %w, %b {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x3x32x32xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<2x4x16x16xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  %r = gn.relu %c : tensor<2x4x16x16xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  %a = gn.adaptive_avg_pool %r [1, 1] : tensor<2x4x16x16xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>> -> tensor<2x4x1x1xf32, #gn.dims<["s0", "", "", ""]>>
  return %a : tensor<2x4x1x1xf32, #gn.dims<["s0", "", "", ""]>>
}

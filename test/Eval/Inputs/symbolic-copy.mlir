// Copy kernels over symbolic dims (test/Eval/symbolic-bind.test): max
// pooling with a relu before it (a window group) and alone with ceil_mode
// (windows reaching past the end), a prefix sum along a symbolic dim and a
// concatenation along one, and a depthwise convolution (a window group
// under depthwise-kernels); each kernel reads its sizes at run time.
func.func @forward(%x: tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %y: tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "y", gn.std = 1.0 : f64}, %w: tensor<3x1x3x3xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w", gn.std = 0.3 : f64}) -> (tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>, tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>, tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<2x3x18x9xf32, #gn.dims<["s0", "", "2*s1", "s1"]>>, tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>) {
  %r = gn.relu %x : tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  %p = gn.max_pool %r {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  %q = gn.max_pool %y {ceil_mode = true, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  %c = gn.cumsum %x dim 2 : tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  %k = gn.concat %x, %y dim 2 : (tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>>) -> tensor<2x3x18x9xf32, #gn.dims<["s0", "", "2*s1", "s1"]>>
  %d = gn.conv %y, %w {dilation = array<i64: 1, 1>, groups = 3 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<3x1x3x3xf32>) -> tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  %e = gn.relu %d : tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  return %p, %q, %c, %k, %e : tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>, tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>, tensor<2x3x9x9xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<2x3x18x9xf32, #gn.dims<["s0", "", "2*s1", "s1"]>>, tensor<2x3x5x5xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
}

// Average, adaptive average and adaptive max pooling of a symbolic image
// (test/Eval/symbolic-bind.test): windows and counts from the input's
// sizes at run time.
func.func @forward(%x: tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> (tensor<2x3x4x4xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>, tensor<2x3x3x5xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x3x5xf32, #gn.dims<["s0", "", "", ""]>>) {
  %a = gn.avg_pool %x {ceil_mode = false, count_include_pad = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x4x4xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  %b = gn.adaptive_avg_pool %x [3, 5] : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x3x5xf32, #gn.dims<["s0", "", "", ""]>>
  %c = gn.adaptive_max_pool %x [3, 5] : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x3x5xf32, #gn.dims<["s0", "", "", ""]>>
  return %a, %b, %c : tensor<2x3x4x4xf32, #gn.dims<["s0", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>, tensor<2x3x3x5xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x3x5xf32, #gn.dims<["s0", "", "", ""]>>
}

// Depthwise convolutions in the forms the depthwise kernel takes, and one
// it does not: 3x3, stride 2, padding 1, followed by a batch norm's scale
// and shift ([C, 1, 1]) and a relu (one kernel with its epilogue); 1-d,
// dilation 2, padding 2, with a bias, f16; 7x7, padding 3, its output read
// both by the epilogue and outside (both stored); 3-d without padding (no
// bounds checks); a channel multiplier of 2 (weight [2C, 1, 3, 3]: not a
// depthwise kernel, the library's); 5x5 whose input is a batch norm's
// scale and shift and a relu read by it alone (its prologue: computed at
// each tap, never stored); a 3x3 max pooling, stride 2, padding 1, over
// a relu of a scale and shift, with a relu after it (with window-groups:
// one kernel, its input computed at each tap, -inf outside).
func.func @forward(%x: tensor<1x8x9x9xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "x"}, %w: tensor<8x1x3x3xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "w"},
                   %scale: tensor<8x1x1xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "scale"}, %shift: tensor<8x1x1xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "shift"},
                   %h: tensor<2x6x20xf16> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float16", gn.name = "h"}, %hw: tensor<6x1x5xf16> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float16", gn.name = "hw"}, %hb: tensor<6xf16> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float16", gn.name = "hb"},
                   %w7: tensor<8x1x7x7xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "w7"},
                   %v: tensor<1x4x5x6x7xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "v"}, %vw: tensor<4x1x3x3x3xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "vw"},
                   %y: tensor<1x8x9x9xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "y"}, %w5: tensor<8x1x5x5xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "w5"},
                   %mw: tensor<16x1x3x3xf32> {gn.device = "cpu", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.std = 1.000000e+00 : f64, gn.dtype = "torch.float32", gn.name = "mw"})
    -> (tensor<1x8x5x5xf32>, tensor<2x6x20xf16>, tensor<1x8x9x9xf32>, tensor<1x8x9x9xf32>, tensor<1x4x3x4x5xf32>, tensor<1x16x7x7xf32>, tensor<1x8x9x9xf32>, tensor<1x8x5x5xf32>) {
  %c = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 8 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x8x9x9xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x5x5xf32>
  %s = gn.mul %c, %scale : tensor<1x8x5x5xf32>, tensor<8x1x1xf32> -> tensor<1x8x5x5xf32>
  %t = gn.add %s, %shift : tensor<1x8x5x5xf32>, tensor<8x1x1xf32> -> tensor<1x8x5x5xf32>
  %r = gn.relu %t : tensor<1x8x5x5xf32>
  %d = gn.conv %h, %hw, %hb {dilation = array<i64: 2>, groups = 6 : i64, padding = array<i64: 4>, stride = array<i64: 1>} : (tensor<2x6x20xf16>, tensor<6x1x5xf16>, tensor<6xf16>) -> tensor<2x6x20xf16>
  %e = gn.conv %x, %w7 {dilation = array<i64: 1, 1>, groups = 8 : i64, padding = array<i64: 3, 3>, stride = array<i64: 1, 1>} : (tensor<1x8x9x9xf32>, tensor<8x1x7x7xf32>) -> tensor<1x8x9x9xf32>
  %half = gn.constant dense<0.5> : tensor<f32>
  %g = gn.mul %e, %half : tensor<1x8x9x9xf32>, tensor<f32> -> tensor<1x8x9x9xf32>
  %u = gn.conv %v, %vw {dilation = array<i64: 1, 1, 1>, groups = 4 : i64, padding = array<i64: 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x4x5x6x7xf32>, tensor<4x1x3x3x3xf32>) -> tensor<1x4x3x4x5xf32>
  %m = gn.conv %x, %mw {dilation = array<i64: 1, 1>, groups = 8 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x9x9xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x7x7xf32>
  %ya = gn.mul %y, %scale : tensor<1x8x9x9xf32>, tensor<8x1x1xf32> -> tensor<1x8x9x9xf32>
  %yb = gn.add %ya, %shift : tensor<1x8x9x9xf32>, tensor<8x1x1xf32> -> tensor<1x8x9x9xf32>
  %yc = gn.relu %yb : tensor<1x8x9x9xf32>
  %q = gn.conv %yc, %w5 {dilation = array<i64: 1, 1>, groups = 8 : i64, padding = array<i64: 2, 2>, stride = array<i64: 1, 1>} : (tensor<1x8x9x9xf32>, tensor<8x1x5x5xf32>) -> tensor<1x8x9x9xf32>
  %za = gn.mul %y, %shift : tensor<1x8x9x9xf32>, tensor<8x1x1xf32> -> tensor<1x8x9x9xf32>
  %zb = gn.add %za, %scale : tensor<1x8x9x9xf32>, tensor<8x1x1xf32> -> tensor<1x8x9x9xf32>
  %zc = gn.relu %zb : tensor<1x8x9x9xf32>
  %p = gn.max_pool %zc {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x8x9x9xf32> -> tensor<1x8x5x5xf32>
  %pn = gn.neg %p : tensor<1x8x5x5xf32>
  %pr = gn.relu %pn : tensor<1x8x5x5xf32>
  return %r, %d, %e, %g, %u, %m, %q, %pr : tensor<1x8x5x5xf32>, tensor<2x6x20xf16>, tensor<1x8x9x9xf32>, tensor<1x8x9x9xf32>, tensor<1x4x3x4x5xf32>, tensor<1x16x7x7xf32>, tensor<1x8x9x9xf32>, tensor<1x8x5x5xf32>
}

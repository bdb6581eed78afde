// Resizes of a symbolic image to fixed sizes (test/Eval/symbolic-bind.test):
// the step in / out follows the binding, in the interpreter and the kernels.
func.func @forward(%x: tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> (tensor<2x3x5x5xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x6x4xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x7x7xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x5x6xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x3x3xf32, #gn.dims<["s0", "", "", ""]>>) {
  %a = gn.resize %x [5, 5] {align_corners = false, mode = "nearest"} : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x5x5xf32, #gn.dims<["s0", "", "", ""]>>
  %b = gn.resize %x [6, 4] {align_corners = false, mode = "linear"} : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x6x4xf32, #gn.dims<["s0", "", "", ""]>>
  %c = gn.resize %x [7, 7] {align_corners = true, mode = "linear"} : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x7x7xf32, #gn.dims<["s0", "", "", ""]>>
  %d = gn.resize %x [5, 6] {align_corners = false, mode = "bicubic"} : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x5x6xf32, #gn.dims<["s0", "", "", ""]>>
  %e = gn.resize %x [3, 3] {align_corners = false, mode = "nearest-exact"} : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x3x3x3xf32, #gn.dims<["s0", "", "", ""]>>
  return %a, %b, %c, %d, %e : tensor<2x3x5x5xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x6x4xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x7x7xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x5x6xf32, #gn.dims<["s0", "", "", ""]>>, tensor<2x3x3x3xf32, #gn.dims<["s0", "", "", ""]>>
}

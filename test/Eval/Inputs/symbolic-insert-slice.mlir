// A window written into a tensor along static channels, over a symbolic
// batch (yolo pose's keypoints, y[:, 1::2] = f(x)): the kernel copies the
// source at its run-time sizes (test/Eval/symbolic-bind.test, INSERT).
func.func @forward(%x: tensor<2x6x4xf32, #gn.dims<["s0", "", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %y: tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "y", gn.std = 1.0 : f64}) -> tensor<2x6x4xf32, #gn.dims<["s0", "", ""]>> {
  %d = gn.tanh %x : tensor<2x6x4xf32, #gn.dims<["s0", "", ""]>>
  %s = gn.sigmoid %y : tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>>
  %r = gn.insert_slice %s into %d starts [0, 1, 0] limits [2, 6, 4] steps [1, 2, 1] {sym_limits = #gn.dims<["s0", "", ""]>} : tensor<2x3x4xf32, #gn.dims<["s0", "", ""]>> into tensor<2x6x4xf32, #gn.dims<["s0", "", ""]>>
  return %r : tensor<2x6x4xf32, #gn.dims<["s0", "", ""]>>
}

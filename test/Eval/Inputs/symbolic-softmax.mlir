// Softmax and log-softmax over symbolic dims and a static one
// (test/Eval/symbolic-bind.test): their rows' sizes are read at run time.
func.func @forward(%x: tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> (tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>, tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>, tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>) {
  %a = gn.softmax %x dim 3 : tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>
  %b = gn.log_softmax %x dim 2 : tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>
  %c = gn.softmax %x dim 1 : tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>
  return %a, %b, %c : tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>, tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>, tensor<2x3x5x5xf32, #gn.dims<["", "", "s1", "s1"]>>
}

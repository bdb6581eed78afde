// A slice read as a view at an offset that follows the binding (rows 1..2
// of a [1, 4, s1] tensor start at element s1), beside a static one
// (test/Eval/symbolic-bind.test).
func.func @forward(%x: tensor<1x4x6xf32, #gn.dims<["", "", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %w: tensor<5x3xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w", gn.std = 1.0 : f64}) -> (tensor<1x2x6xf32, #gn.dims<["", "", "s1"]>>, tensor<3xf32>) {
  %r = gn.tanh %x : tensor<1x4x6xf32, #gn.dims<["", "", "s1"]>>
  %p = gn.slice %r starts [0, 1, 0] limits [1, 3, 6] steps [1, 1, 1] {sym_limits = #gn.dims<["", "", "s1"]>} : tensor<1x4x6xf32, #gn.dims<["", "", "s1"]>> -> tensor<1x2x6xf32, #gn.dims<["", "", "s1"]>>
  %t = gn.tanh %w : tensor<5x3xf32>
  %q = gn.slice %t starts [2, 0] limits [3, 3] steps [1, 1] : tensor<5x3xf32> -> tensor<1x3xf32>
  %v = gn.reshape %q [3] : tensor<1x3xf32> -> tensor<3xf32>
  return %p, %v : tensor<1x2x6xf32, #gn.dims<["", "", "s1"]>>, tensor<3xf32>
}

// Neighbour differences along a symbolic dim (x[:, 1:] - x[:, :-1], as
// relative positions and audio deltas are written): both slices read inside
// one kernel, the first stopping one before the dim's end
// (test/Eval/symbolic-bind.test, SHIFT).
func.func @forward(%x: tensor<2x6xf32, #gn.dims<["", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> tensor<2x5xf32, #gn.dims<["", "s1 - 1"]>> {
  %t = gn.tanh %x : tensor<2x6xf32, #gn.dims<["", "s1"]>>
  %a = gn.slice %t starts [0, 1] limits [2, 6] steps [1, 1] {sym_limits = #gn.dims<["", "s1"]>} : tensor<2x6xf32, #gn.dims<["", "s1"]>> -> tensor<2x5xf32, #gn.dims<["", "s1 - 1"]>>
  %b = gn.slice %t starts [0, 0] limits [2, 5] steps [1, 1] {sym_limits = #gn.dims<["", "s1 - 1"]>} : tensor<2x6xf32, #gn.dims<["", "s1"]>> -> tensor<2x5xf32, #gn.dims<["", "s1 - 1"]>>
  %d = gn.sub %a, %b : tensor<2x5xf32, #gn.dims<["", "s1 - 1"]>>, tensor<2x5xf32, #gn.dims<["", "s1 - 1"]>> -> tensor<2x5xf32, #gn.dims<["", "s1 - 1"]>>
  return %d : tensor<2x5xf32, #gn.dims<["", "s1 - 1"]>>
}

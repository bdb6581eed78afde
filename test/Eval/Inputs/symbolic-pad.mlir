// Padding in every mode, tile, triu and arange over symbolic dims
// (test/Eval/symbolic-bind.test): their kernels read their sizes at run
// time.
func.func @forward(%x: tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> (tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<4x6x18xf32, #gn.dims<["2*s0", "s1", "3*s1"]>>, tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>>) {
  %a = gn.pad %x low [0, 1, 2] high [0, 2, 0] {mode = "constant", value = 5.000000e-01 : f64} : tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>> -> tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>
  %b = gn.pad %x low [0, 1, 2] high [0, 2, 0] {mode = "reflect", value = 0.0 : f64} : tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>> -> tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>
  %c = gn.pad %x low [0, 1, 2] high [0, 2, 0] {mode = "replicate", value = 0.0 : f64} : tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>> -> tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>
  %d = gn.pad %x low [0, 1, 2] high [0, 2, 0] {mode = "circular", value = 0.0 : f64} : tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>> -> tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>
  %e = gn.tile %x [2, 1, 3] : tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>> -> tensor<4x6x18xf32, #gn.dims<["2*s0", "s1", "3*s1"]>>
  %f = gn.triangular %x {diagonal = 1 : i64, upper = true} : tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>>
  return %a, %b, %c, %d, %e, %f : tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<2x9x8xf32, #gn.dims<["s0", "s1 + 3", "s1 + 2"]>>, tensor<4x6x18xf32, #gn.dims<["2*s0", "s1", "3*s1"]>>, tensor<2x6x6xf32, #gn.dims<["s0", "s1", "s1"]>>
}

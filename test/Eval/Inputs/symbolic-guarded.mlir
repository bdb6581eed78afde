// A guard in a compiled symbolic program (test/Eval/symbolic-bind.test): a
// table of fixed length added to s1 rows needs s1 at its example's size; the
// sum nothing reads is a guard the pipeline erases, kept by the runtime.
func.func @forward(%x: tensor<2x6x8xf32, #gn.dims<["s0", "s1", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %pos: tensor<6x8xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "pos", gn.std = 1.0 : f64}) -> tensor<2x6x8xf32, #gn.dims<["s0", "", ""]>> {
  %g = gn.specialize %x [1] : tensor<2x6x8xf32, #gn.dims<["s0", "s1", ""]>> -> tensor<2x6x8xf32, #gn.dims<["s0", "", ""]>>
  %a = gn.add %g, %pos : tensor<2x6x8xf32, #gn.dims<["s0", "", ""]>>, tensor<6x8xf32> -> tensor<2x6x8xf32, #gn.dims<["s0", "", ""]>>
  %t = gn.tanh %a : tensor<2x6x8xf32, #gn.dims<["s0", "", ""]>>
  return %t : tensor<2x6x8xf32, #gn.dims<["s0", "", ""]>>
}

// A symbolic kernel reading a constant table (test/Eval/symbolic-bind.test):
// constants are static slots (data2vec's relative position table crashed
// the runtime, which read their symbolic sizes).
func.func @forward(%x: tensor<4x3xf32, #gn.dims<["s0", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> tensor<4x3xf32, #gn.dims<["s0", ""]>> {
  %c = gn.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = gn.add %x, %c : tensor<4x3xf32, #gn.dims<["s0", ""]>>, tensor<3xf32> -> tensor<4x3xf32, #gn.dims<["s0", ""]>>
  %z = gn.tanh %y : tensor<4x3xf32, #gn.dims<["s0", ""]>>
  return %z : tensor<4x3xf32, #gn.dims<["s0", ""]>>
}

// Attention's split into heads: [batch, seq, heads, dim] -> [batch, heads,
// seq, dim], compiled at an example where the sequence (s1 = 16) equals the
// heads (16). The thread loop runs over the heads; its extent was taken
// from the input's dim of the same example size, the sequence, and at
// s1 = 8 the program computed half the heads, at s1 = 32 it wrote past its
// buffers (mt5; test/Eval/symbolic-bind.test, HEADS).
func.func @forward(%x: tensor<2x16x16x4xf32, #gn.dims<["s0", "s1", "", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> tensor<2x16x16x4xf32, #gn.dims<["s0", "", "s1", ""]>> {
  %t = gn.transpose %x [0, 2, 1, 3] : tensor<2x16x16x4xf32, #gn.dims<["s0", "s1", "", ""]>> -> tensor<2x16x16x4xf32, #gn.dims<["s0", "", "s1", ""]>>
  return %t : tensor<2x16x16x4xf32, #gn.dims<["s0", "", "s1", ""]>>
}

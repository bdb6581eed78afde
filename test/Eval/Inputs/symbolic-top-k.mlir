// The best 3 of 7 scores per row over a symbolic batch (yolov10's 300 of
// 8400 anchors): top_k along a static dim, a host step sized at the binding
// (test/Eval/symbolic-bind.test, TOPK).
func.func @forward(%x: tensor<2x7xf32, #gn.dims<["s0", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}) -> tensor<2x3xi64, #gn.dims<["s0", ""]>> {
  %t = gn.tanh %x : tensor<2x7xf32, #gn.dims<["s0", ""]>>
  %i = gn.top_k %t k 3 dim 1 : tensor<2x7xf32, #gn.dims<["s0", ""]>> -> tensor<2x3xi64, #gn.dims<["s0", ""]>>
  return %i : tensor<2x3xi64, #gn.dims<["s0", ""]>>
}

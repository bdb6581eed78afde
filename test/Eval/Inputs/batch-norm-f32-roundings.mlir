// An f32 batch norm with running statistics on large values (an RSN's
// first, after a convolution): compiled and eager compute the same form,
// scale and shift rounded to f32, then x * scale and + shift each rounded
// (test/Eval/mixed-precision.test). Eager computed it in f64 before, one
// ulp apart, which mmpose's RSNs grew to t = -2.
func.func @forward(%x: tensor<2x32x24x24xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 40.0 : f64, gn.name = "x", gn.std = 300.0 : f64},
                   %rm: tensor<32xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 30.0 : f64, gn.name = "rm", gn.std = 20.0 : f64},
                   %rv: tensor<32xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 900.0 : f64, gn.name = "rv", gn.std = 100.0 : f64, gn.min_val = 1.0 : f64},
                   %w: tensor<32xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 1.0 : f64, gn.name = "w", gn.std = 0.3 : f64},
                   %b: tensor<32xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "b", gn.std = 0.3 : f64}) -> tensor<2x32x24x24xf32> {
  %y = gn.batch_norm %x, %rm, %rv, %w, %b {epsilon = 1.000000e-05 : f64, training = false} : (tensor<2x32x24x24xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<2x32x24x24xf32>
  return %y : tensor<2x32x24x24xf32>
}

// Outputs a tolerance check cannot tell right from wrong (test/Eval/degenerate-outputs.test):
// near zero, zero everywhere, constant, and independent of the input.
func.func @forward(%x: tensor<4x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x3xf32>) {
  %tiny = gn.constant dense<1.0e-7> : tensor<8xf32>
  %small = gn.mul %x, %tiny : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %zero = gn.sub %x, %x : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %two = gn.constant dense<2.0> : tensor<8xf32>
  %c = gn.broadcast_to %two [4, 8] : tensor<8xf32> -> tensor<4x8xf32>
  %r = gn.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  return %small, %zero, %c, %r : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<2x3xf32>
}

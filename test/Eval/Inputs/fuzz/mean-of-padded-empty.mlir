// A constant pad of an empty tensor (a splat once folded), then a mean over
// the padded dim. Handed to the interpreter, then refused like
// sum-of-broadcast.mlir. Found by test/fuzz/fuzz_diff.py (plant run, seed 10).
module {
func.func @forward(%a29: tensor<3x0x2xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a29", gn.std = 1.000000e+00 : f64}) -> (tensor<6x2xf32>) {
  %v5 = gn.pad %a29 low [0, 2, 0] high [3, 3, 0] {mode = "constant", value = 5.000000e-01 : f64} : tensor<3x0x2xf32> -> tensor<6x5x2xf32>
  %v22 = gn.reduce_mean %v5 dims [1] : tensor<6x5x2xf32> -> tensor<6x2xf32>
  return %v22 : tensor<6x2xf32>
}
}

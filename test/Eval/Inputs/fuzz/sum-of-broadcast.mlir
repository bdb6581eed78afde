// A sum over a dim its input is broadcast along: no operand reads that loop.
// Refused as 'loop 0 is read by no operand' before the carrier took any size.
// Found by test/fuzz/fuzz_diff.py (cpu, graph seed 5992).
module {
func.func @forward(%a30: tensor<13xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "a30", gn.std = 1.000000e+00 : f64}) -> (tensor<13xf32>) {
  %v12 = gn.broadcast_to %a30 [3, 13] : tensor<13xf32> -> tensor<3x13xf32>
  %v24 = gn.convert %v12 {dtype = i32} : tensor<3x13xf32> -> tensor<3x13xi32>
  %v25 = gn.reduce_sum %v24 dims [0] : tensor<3x13xi32> -> tensor<13xi32>
  %v29 = gn.convert %v25 {dtype = f32} : tensor<13xi32> -> tensor<13xf32>
  return %v29 : tensor<13xf32>
}
}

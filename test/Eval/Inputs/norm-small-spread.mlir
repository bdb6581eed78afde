// f32 group and layer norms (and a variance, which the rounded mean moves
// only by its square) of values whose spread is small against their
// mean (SOLOv2's group norms over conv outputs of GraphNet's inputs): in
// f32, x - mean loses the low bits and the normalization (1 / sqrt(var +
// eps), up to 316 here) amplifies them. gn-decompose subtracts what the
// mean's rounding left over (the mean summed in f64 minus m), keeping the
// deviations at their own scale; eager sums in f64
// (test/Eval/norm-small-spread.test).
func.func @forward(%x: tensor<1x64x12x12xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 40.0 : f64, gn.name = "x", gn.std = 0.002 : f64},
                   %w: tensor<64xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 1.0 : f64, gn.name = "w", gn.std = 0.3 : f64},
                   %b: tensor<64xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "b", gn.std = 0.3 : f64},
                   %lw: tensor<144xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 1.0 : f64, gn.name = "lw", gn.std = 0.3 : f64},
                   %lb: tensor<144xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "lb", gn.std = 0.3 : f64}) -> (tensor<1x64x12x12xf32>, tensor<1x64x144xf32>, tensor<1x64xf32>) {
  %g = gn.group_norm %x, %w, %b {epsilon = 1.000000e-05 : f64, num_groups = 8 : i64} : (tensor<1x64x12x12xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x12x12xf32>
  %r = gn.reshape %x [1, 64, 144] : tensor<1x64x12x12xf32> -> tensor<1x64x144xf32>
  %l = gn.layer_norm %r, %lw, %lb {epsilon = 1.000000e-05 : f64, normalized_rank = 1 : i64} : (tensor<1x64x144xf32>, tensor<144xf32>, tensor<144xf32>) -> tensor<1x64x144xf32>
  %v = gn.variance %r dims [2] {correction = 1 : i64} : tensor<1x64x144xf32> -> tensor<1x64xf32>
  return %g, %l, %v : tensor<1x64x12x12xf32>, tensor<1x64x144xf32>, tensor<1x64xf32>
}

// Copy kernels split across threads (gn-schedule's copy thread dims): max
// and average pooling with windows over the edges, an adaptive average
// pooling, nearest and linear resize on batch and channels, a spatial pad
// on batch, a concat on channels on batch. Used by
// test/Eval/threaded-copies.test with min-parallel-elements=64, so each of
// these small kernels is split.
module {
  func.func @forward(%x: tensor<3x4x9x9xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}) -> (tensor<3x4x5x5xf32>, tensor<3x4x5x5xf32>, tensor<3x4x3x3xf32>, tensor<3x4x18x18xf32>, tensor<3x4x14x14xf32>, tensor<3x4x11x12xf32>, tensor<3x8x9x9xf32>) {
    %mp = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<3x4x9x9xf32> -> tensor<3x4x5x5xf32>
    %ap = gn.avg_pool %x {ceil_mode = false, count_include_pad = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<3x4x9x9xf32> -> tensor<3x4x5x5xf32>
    %aa = gn.adaptive_avg_pool %x [3, 3] : tensor<3x4x9x9xf32> -> tensor<3x4x3x3xf32>
    %rn = gn.resize %x [18, 18] {align_corners = false, mode = "nearest"} : tensor<3x4x9x9xf32> -> tensor<3x4x18x18xf32>
    %rl = gn.resize %x [14, 14] {align_corners = false, mode = "linear"} : tensor<3x4x9x9xf32> -> tensor<3x4x14x14xf32>
    %pd = gn.pad %x low [0, 0, 1, 2] high [0, 0, 1, 1] {value = 5.000000e-01 : f64} : tensor<3x4x9x9xf32> -> tensor<3x4x11x12xf32>
    %e = gn.exp %x : tensor<3x4x9x9xf32>
    %cc = gn.concat %x, %e dim 1 : (tensor<3x4x9x9xf32>, tensor<3x4x9x9xf32>) -> tensor<3x8x9x9xf32>
    return %mp, %ap, %aa, %rn, %rl, %pd, %cc : tensor<3x4x5x5xf32>, tensor<3x4x5x5xf32>, tensor<3x4x3x3xf32>, tensor<3x4x18x18xf32>, tensor<3x4x14x14xf32>, tensor<3x4x11x12xf32>, tensor<3x8x9x9xf32>
  }
}

// Rolls and flips read by elementwise ops and reductions: kernel views (a
// map with a mod, a negated dim), no copy kernel. Used by
// test/Eval/roll-flip-views.test.
func.func @forward(%x: tensor<4x6x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %y: tensor<4x6x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "y", gn.std = 1.000000e+00 : f64}, %z: tensor<4x4x8xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "z", gn.std = 1.000000e+00 : f64}) -> (tensor<4x6x8xf32>, tensor<4x6x8xf32>, tensor<4x4x8xf32>, tensor<4x6x8xf32>, tensor<4x6x1xf32>, tensor<4x6x1xf32>) {
  %r = gn.roll %x shifts [2, -3] dims [1, 2] : tensor<4x6x8xf32>
  %a = gn.add %r, %y : tensor<4x6x8xf32>, tensor<4x6x8xf32> -> tensor<4x6x8xf32>
  %f = gn.flip %x [0, 2] : tensor<4x6x8xf32>
  %m = gn.mul %f, %y : tensor<4x6x8xf32>, tensor<4x6x8xf32> -> tensor<4x6x8xf32>
  %s = gn.slice %y starts [0, 1, 0] limits [4, 5, 8] steps [1, 1, 1] : tensor<4x6x8xf32> -> tensor<4x4x8xf32>
  %sr = gn.roll %s shifts [13] dims [2] : tensor<4x4x8xf32>
  %c = gn.sub %sr, %z : tensor<4x4x8xf32>, tensor<4x4x8xf32> -> tensor<4x4x8xf32>
  %alone = gn.roll %y shifts [1] dims [0] : tensor<4x6x8xf32>
  %rx = gn.roll %x shifts [5] dims [2] : tensor<4x6x8xf32>
  %p = gn.mul %rx, %x : tensor<4x6x8xf32>, tensor<4x6x8xf32> -> tensor<4x6x8xf32>
  %ps = gn.reduce_sum %p dims [2] {keepdim = true} : tensor<4x6x8xf32> -> tensor<4x6x1xf32>
  %ry = gn.roll %y shifts [3] dims [2] : tensor<4x6x8xf32>
  %two = gn.constant dense<2.000000e+00> : tensor<f32>
  %q = gn.mul %ry, %two : tensor<4x6x8xf32>, tensor<f32> -> tensor<4x6x8xf32>
  %qs = gn.reduce_sum %q dims [2] {keepdim = true} : tensor<4x6x8xf32> -> tensor<4x6x1xf32>
  return %a, %m, %c, %alone, %ps, %qs : tensor<4x6x8xf32>, tensor<4x6x8xf32>, tensor<4x4x8xf32>, tensor<4x6x8xf32>, tensor<4x6x1xf32>, tensor<4x6x1xf32>
}

// Ops with a non-empty result that read an empty tensor (GnEmptyFolds.cpp):
// reductions over a zero-size dim, a constant pad, a matmul with K = 0 (a
// library GEMM left its output unwritten: fuzz graph seed 1225), a conv with
// zero input channels (oneDNN refused it in the interpreter), integer
// reductions, and variance (torch: 0 / max(0, n - correction)).
func.func @forward(%a: tensor<0x3xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "a", gn.std = 1.0 : f64}, %k: tensor<4x0xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "k", gn.std = 1.0 : f64}, %w: tensor<0x5xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w", gn.std = 1.0 : f64}, %cx: tensor<1x0x5x5xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "cx", gn.std = 1.0 : f64}, %cw: tensor<2x0x3x3xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "cw", gn.std = 1.0 : f64}, %cb: tensor<2xf32> {gn.dtype = "float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "cb", gn.std = 1.0 : f64}, %i: tensor<0x3xi32> {gn.dtype = "int32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "i", gn.std = 1.0 : f64}) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x5xf32>, tensor<1x2x3x3xf32>, tensor<2x5xf32>, tensor<3xi32>, tensor<3xi32>) {
  %r = gn.reduce_sum %a dims [0] : tensor<0x3xf32> -> tensor<3xf32>
  %m = gn.reduce_mean %a dims [0] : tensor<0x3xf32> -> tensor<3xf32>
  %x = gn.reduce_max %a dims [0] : tensor<0x3xf32> -> tensor<3xf32>
  %n = gn.reduce_min %a dims [0] : tensor<0x3xf32> -> tensor<3xf32>
  %p = gn.reduce_prod %a dims [0] : tensor<0x3xf32> -> tensor<3xf32>
  %v = gn.variance %a dims [0] : tensor<0x3xf32> -> tensor<3xf32>
  %mm = gn.matmul %k, %w : tensor<4x0xf32>, tensor<0x5xf32> -> tensor<4x5xf32>
  %c = gn.conv %cx, %cw, %cb {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x0x5x5xf32>, tensor<2x0x3x3xf32>, tensor<2xf32>) -> (tensor<1x2x3x3xf32>)
  %pd = gn.pad %a low [1, 0] high [1, 2] {mode = "constant", value = 2.5 : f64} : tensor<0x3xf32> -> tensor<2x5xf32>
  %ix = gn.reduce_max %i dims [0] : tensor<0x3xi32> -> tensor<3xi32>
  %is = gn.reduce_sum %i dims [0] : tensor<0x3xi32> -> tensor<3xi32>
  return %r, %m, %x, %n, %p, %v, %mm, %c, %pd, %ix, %is : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x5xf32>, tensor<1x2x3x3xf32>, tensor<2x5xf32>, tensor<3xi32>, tensor<3xi32>
}

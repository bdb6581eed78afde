// Self-attention's q, k and v cut from one packed projection, heads split.
// Used by test/Eval/packed-qkv.test.
func.func @forward(%x: tensor<10x1x32xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %w: tensor<96x32xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "w", gn.std = 3.000000e-01 : f64}, %b: tensor<96xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "b", gn.std = 3.000000e-01 : f64}) -> (tensor<4x10x8xf32>, tensor<4x10x8xf32>, tensor<4x10x8xf32>) {
  %mm = gn.matmul %x, %w {transpose_rhs} : tensor<10x1x32xf32>, tensor<96x32xf32> -> tensor<10x1x96xf32>
  %q0 = gn.slice %mm starts [0, 0, 0] limits [10, 1, 32] steps [1, 1, 1] : tensor<10x1x96xf32> -> tensor<10x1x32xf32>
  %k0 = gn.slice %mm starts [0, 0, 32] limits [10, 1, 64] steps [1, 1, 1] : tensor<10x1x96xf32> -> tensor<10x1x32xf32>
  %v0 = gn.slice %mm starts [0, 0, 64] limits [10, 1, 96] steps [1, 1, 1] : tensor<10x1x96xf32> -> tensor<10x1x32xf32>
  %bq = gn.slice %b starts [0] limits [32] steps [1] : tensor<96xf32> -> tensor<32xf32>
  %bk = gn.slice %b starts [32] limits [64] steps [1] : tensor<96xf32> -> tensor<32xf32>
  %bv = gn.slice %b starts [64] limits [96] steps [1] : tensor<96xf32> -> tensor<32xf32>
  %q1 = gn.add %q0, %bq : tensor<10x1x32xf32>, tensor<32xf32> -> tensor<10x1x32xf32>
  %k1 = gn.add %k0, %bk : tensor<10x1x32xf32>, tensor<32xf32> -> tensor<10x1x32xf32>
  %v1 = gn.add %v0, %bv : tensor<10x1x32xf32>, tensor<32xf32> -> tensor<10x1x32xf32>
  %q2 = gn.reshape %q1 [10, 4, 8] : tensor<10x1x32xf32> -> tensor<10x4x8xf32>
  %k2 = gn.reshape %k1 [10, 4, 8] : tensor<10x1x32xf32> -> tensor<10x4x8xf32>
  %v2 = gn.reshape %v1 [10, 4, 8] : tensor<10x1x32xf32> -> tensor<10x4x8xf32>
  %q = gn.transpose %q2 [1, 0, 2] : tensor<10x4x8xf32> -> tensor<4x10x8xf32>
  %k = gn.transpose %k2 [1, 0, 2] : tensor<10x4x8xf32> -> tensor<4x10x8xf32>
  %v = gn.transpose %v2 [1, 0, 2] : tensor<10x4x8xf32> -> tensor<4x10x8xf32>
  return %q, %k, %v : tensor<4x10x8xf32>, tensor<4x10x8xf32>, tensor<4x10x8xf32>
}

// GraphNet's f16 pass leaves f32 ops between f16 ones (a softmax, batch and
// layer norms, an RMS norm's mean) and f16 attention on f16 projections.
// Compiled, each must round as eager does, bit for bit: one f32 ulp flips
// an f16 bit at the next convert, and the f16 tolerance at t = -5 is about
// one ulp (test/Eval/mixed-precision.test).
func.func @forward(%s: tensor<1x16x21x21xf16> {gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "s", gn.std = 3.0 : f64},
                   %mask: tensor<1x1x1x21xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "mask", gn.std = 1.0 : f64},
                   %c: tensor<1x64x16x16xf16> {gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.5 : f64, gn.name = "c", gn.std = 2.0 : f64},
                   %rm: tensor<64xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.3 : f64, gn.name = "rm", gn.std = 0.5 : f64},
                   %rv: tensor<64xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 1.0 : f64, gn.name = "rv", gn.std = 0.2 : f64, gn.min_val = 0.1 : f64},
                   %bw: tensor<64xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 1.0 : f64, gn.name = "bw", gn.std = 0.3 : f64},
                   %bb: tensor<64xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "bb", gn.std = 0.3 : f64},
                   %h: tensor<1x20x768xf16> {gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.1 : f64, gn.name = "h", gn.std = 1.5 : f64},
                   %lw: tensor<768xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 1.0 : f64, gn.name = "lw", gn.std = 0.2 : f64},
                   %lb: tensor<768xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "lb", gn.std = 0.2 : f64},
                   %x: tensor<1x226x32xf16> {gn.dtype = "torch.float16", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64},
                   %wq: tensor<32x32xf16> {gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "wq", gn.std = 0.3 : f64},
                   %bq: tensor<32xf16> {gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "bq", gn.std = 0.3 : f64},
                   %wk: tensor<32x32xf16> {gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "wk", gn.std = 0.3 : f64},
                   %bk: tensor<32xf16> {gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "bk", gn.std = 0.3 : f64},
                   %wv: tensor<32x32xf16> {gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "wv", gn.std = 0.3 : f64},
                   %bv: tensor<32xf16> {gn.dtype = "torch.float16", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "bv", gn.std = 0.3 : f64})
    -> (tensor<1x16x21x21xf16>, tensor<1x64x16x16xf16>, tensor<1x20x768xf16>, tensor<1x20x1xf16>, tensor<1x4x226x8xf16>) {
  // A BERT's f32 softmax over f16 scores.
  %s32 = gn.convert %s {dtype = f32} : tensor<1x16x21x21xf16> -> tensor<1x16x21x21xf32>
  %sm = gn.add %s32, %mask : tensor<1x16x21x21xf32>, tensor<1x1x1x21xf32> -> tensor<1x16x21x21xf32>
  %p = gn.softmax %sm dim 3 : tensor<1x16x21x21xf32>
  %p16 = gn.convert %p {dtype = f16} : tensor<1x16x21x21xf32> -> tensor<1x16x21x21xf16>
  // ERFNet's f32 batch norm between f16 convolutions.
  %c32 = gn.convert %c {dtype = f32} : tensor<1x64x16x16xf16> -> tensor<1x64x16x16xf32>
  %n = gn.batch_norm %c32, %rm, %rv, %bw, %bb {epsilon = 1.000000e-03 : f64, training = false} : (tensor<1x64x16x16xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x16x16xf32>
  %n16 = gn.convert %n {dtype = f16} : tensor<1x64x16x16xf32> -> tensor<1x64x16x16xf16>
  // A BERT's f32 layer norm, a T5's RMS norm mean.
  %h32 = gn.convert %h {dtype = f32} : tensor<1x20x768xf16> -> tensor<1x20x768xf32>
  %ln = gn.layer_norm %h32, %lw, %lb {epsilon = 9.9999999999999998E-13 : f64, normalized_rank = 1 : i64} : (tensor<1x20x768xf32>, tensor<768xf32>, tensor<768xf32>) -> tensor<1x20x768xf32>
  %ln16 = gn.convert %ln {dtype = f16} : tensor<1x20x768xf32> -> tensor<1x20x768xf16>
  %sq = gn.mul %h32, %h32 : tensor<1x20x768xf32>, tensor<1x20x768xf32> -> tensor<1x20x768xf32>
  %ms = gn.reduce_mean %sq dims [2] {keepdim = true} : tensor<1x20x768xf32> -> tensor<1x20x1xf32>
  %ms16 = gn.convert %ms {dtype = f16} : tensor<1x20x1xf32> -> tensor<1x20x1xf16>
  // A ViT's f16 attention on its f16 projections.
  %q = gn.linear %x, %wq, %bq : (tensor<1x226x32xf16>, tensor<32x32xf16>, tensor<32xf16>) -> tensor<1x226x32xf16>
  %qh = gn.reshape %q [1, 226, 4, 8] : tensor<1x226x32xf16> -> tensor<1x226x4x8xf16>
  %qt = gn.transpose %qh [0, 2, 1, 3] : tensor<1x226x4x8xf16> -> tensor<1x4x226x8xf16>
  %k = gn.linear %x, %wk, %bk : (tensor<1x226x32xf16>, tensor<32x32xf16>, tensor<32xf16>) -> tensor<1x226x32xf16>
  %kh = gn.reshape %k [1, 226, 4, 8] : tensor<1x226x32xf16> -> tensor<1x226x4x8xf16>
  %kt = gn.transpose %kh [0, 2, 1, 3] : tensor<1x226x4x8xf16> -> tensor<1x4x226x8xf16>
  %v = gn.linear %x, %wv, %bv : (tensor<1x226x32xf16>, tensor<32x32xf16>, tensor<32xf16>) -> tensor<1x226x32xf16>
  %vh = gn.reshape %v [1, 226, 4, 8] : tensor<1x226x32xf16> -> tensor<1x226x4x8xf16>
  %vt = gn.transpose %vh [0, 2, 1, 3] : tensor<1x226x4x8xf16> -> tensor<1x4x226x8xf16>
  %a = gn.attention %qt, %kt, %vt {scale = 3.535530e-01 : f64} : (tensor<1x4x226x8xf16>, tensor<1x4x226x8xf16>, tensor<1x4x226x8xf16>) -> tensor<1x4x226x8xf16>
  return %p16, %n16, %ln16, %ms16, %a : tensor<1x16x21x21xf16>, tensor<1x64x16x16xf16>, tensor<1x20x768xf16>, tensor<1x20x1xf16>, tensor<1x4x226x8xf16>
}

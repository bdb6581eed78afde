// A GraphSAGE layer as gn-cuda-pipeline decomposes it (GEMMs on weights
// read transposed, bias adds): gn-stream-bands computes lin_r(h) + b in
// bands of rows written over h. Used by test/Eval/banded-gemm.test.
func.func @forward(%x: tensor<1000x256xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %src: tensor<100xi64> {gn.device = "cpu", gn.dtype = "torch.int64", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "src", gn.std = 1.000000e+00 : f64, gn.min_val = 0.000000e+00 : f64, gn.max_val = 9.900000e+01 : f64}, %j: tensor<100x1xi64> {gn.device = "cpu", gn.dtype = "torch.int64", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "j", gn.std = 1.000000e+00 : f64, gn.min_val = 0.000000e+00 : f64, gn.max_val = 9.990000e+02 : f64}, %cj: tensor<100x1xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "cj", gn.std = 1.000000e+00 : f64}, %w: tensor<256x256xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "w", gn.std = 6.000000e-02 : f64}, %wr: tensor<256x256xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "wr", gn.std = 6.000000e-02 : f64}, %b: tensor<256xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "b", gn.std = 6.000000e-02 : f64}) -> tensor<1000x8xf32> {
  %h = gn.matmul %x, %w {transpose_rhs} : tensor<1000x256xf32>, tensor<256x256xf32> -> tensor<1000x256xf32>
  %xj = gn.index_select %h[%src] dim 0 : tensor<1000x256xf32>, tensor<100xi64> -> tensor<100x256xf32>
  %m = gn.matmul %xj, %w {transpose_rhs} : tensor<100x256xf32>, tensor<256x256xf32> -> tensor<100x256xf32>
  %t = gn.div %m, %cj : tensor<100x256xf32>, tensor<100x1xf32> -> tensor<100x256xf32>
  %y0 = gn.matmul %h, %wr {transpose_rhs} : tensor<1000x256xf32>, tensor<256x256xf32> -> tensor<1000x256xf32>
  %y = gn.add %y0, %b : tensor<1000x256xf32>, tensor<256xf32> -> tensor<1000x256xf32>
  %i = gn.broadcast_to %j [100, 256] : tensor<100x1xi64> -> tensor<100x256xi64>
  %s = gn.scatter %t into %y[%i] dim 0 {reduce = "add"} : tensor<100x256xf32> into tensor<1000x256xf32>, tensor<100x256xi64>
  %z = gn.constant dense<0.000000e+00> : tensor<f32>
  %r = gn.maximum %s, %z : tensor<1000x256xf32>, tensor<f32> -> tensor<1000x256xf32>
  %o = gn.slice %r starts [0, 0] limits [1000, 8] steps [1, 1] : tensor<1000x256xf32> -> tensor<1000x8xf32>
  return %o : tensor<1000x8xf32>
}

// Copy kernels in the loop-nest forms gn-cuda-pipeline emits (OutlineKernels'
// parallel-copy-loops): 1-d scatters, whose GPU threads each own a target and
// scan every position in order (add, amax without self, overwrite, mean: 300
// updates onto 50 targets, so many collide), and argmax and cumsum, a thread
// per line. Used by test/Eval/gpu-copy-loops.test.
func.func @forward(%src: tensor<300xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "src", gn.std = 1.000000e+00 : f64}, %base: tensor<50xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "base", gn.std = 1.000000e+00 : f64}, %x: tensor<6x40xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}) -> (tensor<50xf32>, tensor<50xf32>, tensor<50xf32>, tensor<50xf32>, tensor<6xi64>, tensor<6x40xf32>) {
  %i = gn.constant dense<[20, 9, 25, 41, 3, 4, 34, 6, 23, 37, 3, 32, 13, 2, 5, 27, 26, 4, 15, 5, 35, 27, 3, 36, 7, 14, 40, 40, 37, 3, 36, 37, 25, 3, 14, 2, 35, 8, 18, 26, 9, 34, 7, 36, 19, 35, 43, 11, 6, 37, 36, 40, 12, 23, 6, 35, 45, 4, 36, 3, 39, 13, 31, 43, 34, 27, 49, 20, 29, 37, 29, 23, 19, 15, 11, 44, 49, 15, 5, 36, 19, 33, 31, 21, 46, 28, 18, 38, 4, 7, 32, 26, 10, 48, 21, 9, 31, 26, 2, 42, 4, 48, 35, 36, 20, 21, 44, 22, 38, 31, 37, 29, 4, 5, 17, 30, 44, 42, 4, 3, 46, 44, 19, 41, 36, 43, 28, 18, 45, 24, 42, 22, 1, 29, 22, 10, 39, 7, 31, 3, 13, 49, 18, 8, 47, 15, 25, 25, 31, 5, 10, 28, 25, 35, 17, 8, 27, 35, 17, 45, 26, 22, 43, 24, 14, 9, 5, 11, 9, 14, 42, 14, 0, 31, 37, 11, 16, 18, 0, 9, 26, 34, 23, 39, 36, 20, 8, 44, 32, 39, 41, 43, 47, 3, 29, 49, 43, 35, 25, 25, 25, 25, 6, 30, 40, 25, 3, 12, 4, 13, 28, 10, 7, 21, 38, 3, 6, 0, 36, 9, 34, 6, 23, 39, 1, 4, 13, 39, 24, 9, 40, 16, 22, 38, 23, 30, 7, 7, 31, 29, 30, 30, 19, 5, 9, 6, 47, 21, 47, 16, 30, 44, 10, 33, 1, 13, 33, 23, 9, 44, 34, 1, 48, 33, 19, 41, 5, 44, 16, 33, 23, 10, 22, 49, 14, 34, 34, 49, 32, 21, 40, 14, 39, 48, 12, 15, 25, 47, 14, 12, 33, 31, 22, 46, 1, 1, 17, 30, 16, 12]> : tensor<300xi64>
  %add = gn.scatter %src into %base[%i] dim 0 {reduce = "add"} : tensor<300xf32> into tensor<50xf32>, tensor<300xi64>
  %max = gn.scatter %src into %base[%i] dim 0 {include_self = false, reduce = "amax"} : tensor<300xf32> into tensor<50xf32>, tensor<300xi64>
  %put = gn.scatter %src into %base[%i] dim 0 : tensor<300xf32> into tensor<50xf32>, tensor<300xi64>
  %mean = gn.scatter %src into %base[%i] dim 0 {reduce = "mean"} : tensor<300xf32> into tensor<50xf32>, tensor<300xi64>
  %am = gn.argmax %x dim 1 : tensor<6x40xf32> -> tensor<6xi64>
  %cs = gn.cumsum %x dim 1 : tensor<6x40xf32>
  return %add, %max, %put, %mean, %am, %cs : tensor<50xf32>, tensor<50xf32>, tensor<50xf32>, tensor<50xf32>, tensor<6xi64>, tensor<6x40xf32>
}

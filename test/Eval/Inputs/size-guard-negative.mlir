// repeat_interleave's counts as a gn.size_guard reads them, with counts
// drawn from [-3, -1]: no size is negative, so every run fails (torch:
// "repeats can not be negative"). Used by test/Eval/size-guard.test.
func.func @forward(%x: tensor<4xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %r: tensor<4xi64> {gn.device = "cpu", gn.dtype = "torch.int64", gn.kind = "input", gn.mean = -2.000000e+00 : f64, gn.name = "r", gn.std = 1.000000e+00 : f64, gn.min_val = -3.000000e+00 : f64, gn.max_val = -1.000000e+00 : f64}) -> tensor<4xi64> {
  %g = gn.size_guard %r "sum" at_least 0 size 2 site 0 : tensor<4xi64>
  return %g : tensor<4xi64>
}

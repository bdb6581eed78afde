// A gn.size_guard with a measure it does not know (test/Eval/size-guard.test).
func.func @forward(%r: tensor<4xi64>) -> tensor<4xi64> {
  %g = gn.size_guard %r "mean" at_least 0 size 2 site 0 : tensor<4xi64>
  return %g : tensor<4xi64>
}

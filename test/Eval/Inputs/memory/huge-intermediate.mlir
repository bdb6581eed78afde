// Small arguments, one op whose result is 800 MB: refused from the types,
// naming the op and its location. Used by test/Eval/memory-limit.test.
func.func @forward(%x: tensor<1000x1000xf32> {gn.dtype = "float32", gn.kind = "input", gn.name = "x"}) -> tensor<1000xf32> {
  %0 = gn.broadcast_to %x [200, 1000, 1000] : tensor<1000x1000xf32> -> tensor<200x1000x1000xf32>
  %1 = gn.reduce_sum %0 dims [0, 1] : tensor<200x1000x1000xf32> -> tensor<1000xf32>
  return %1 : tensor<1000xf32>
}

// A 40 GB input (GraphNet meta files can say anything): refused from its
// type before anything is allocated. Used by test/Eval/memory-limit.test.
func.func @forward(%x: tensor<100000x100000xf32> {gn.dtype = "float32", gn.kind = "input", gn.name = "x"}) -> tensor<100000x100000xf32> {
  %0 = gn.relu %x : tensor<100000x100000xf32>
  return %0 : tensor<100000x100000xf32>
}

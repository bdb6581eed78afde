// Every tensor fits the limit, together they do not: ten 32 MB results
// held until one concat. Ends when the interpreter allocates past the
// limit. Used by test/Eval/memory-limit.test.
func.func @forward(%x: tensor<1000x8000xf32> {gn.dtype = "float32", gn.kind = "input", gn.name = "x"}) -> tensor<10000x8000xf32> {
  %c0 = gn.constant dense<1.0> : tensor<f32>
  %v0 = gn.mul %x, %c0 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c1 = gn.constant dense<2.0> : tensor<f32>
  %v1 = gn.mul %x, %c1 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c2 = gn.constant dense<3.0> : tensor<f32>
  %v2 = gn.mul %x, %c2 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c3 = gn.constant dense<4.0> : tensor<f32>
  %v3 = gn.mul %x, %c3 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c4 = gn.constant dense<5.0> : tensor<f32>
  %v4 = gn.mul %x, %c4 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c5 = gn.constant dense<6.0> : tensor<f32>
  %v5 = gn.mul %x, %c5 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c6 = gn.constant dense<7.0> : tensor<f32>
  %v6 = gn.mul %x, %c6 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c7 = gn.constant dense<8.0> : tensor<f32>
  %v7 = gn.mul %x, %c7 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c8 = gn.constant dense<9.0> : tensor<f32>
  %v8 = gn.mul %x, %c8 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %c9 = gn.constant dense<10.0> : tensor<f32>
  %v9 = gn.mul %x, %c9 : tensor<1000x8000xf32>, tensor<f32> -> tensor<1000x8000xf32>
  %r = gn.concat %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9 dim 0 : (tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>, tensor<1000x8000xf32>) -> tensor<10000x8000xf32>
  return %r : tensor<10000x8000xf32>
}

// Floor division and Python remainder of negative integers by constants, 16
// rows of 3 (the shape where LLVM 22's AVX-512 vectorizer read an
// uninitialized k-mask for the sign test: floor_div(-1, 3) gave 0). Found by
// test/fuzz/fuzz_diff.py (graph seed 20785).
func.func @forward(%a: tensor<16x3xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "a", gn.std = 1.0 : f64}) -> (tensor<16x3xf32>, tensor<16x3xf32>, tensor<16x3xi32>, tensor<16x3xi32>) {
  %c4 = gn.constant dense<4.0> : tensor<f32>
  %m = gn.mul %a, %c4 : tensor<16x3xf32>, tensor<f32> -> tensor<16x3xf32>
  %i = gn.convert %m {dtype = i64} : tensor<16x3xf32> -> tensor<16x3xi64>
  %c3 = gn.constant dense<3> : tensor<i64>
  %d = gn.floor_div %i, %c3 : tensor<16x3xi64>, tensor<i64> -> tensor<16x3xi64>
  %df = gn.convert %d {dtype = f32} : tensor<16x3xi64> -> tensor<16x3xf32>
  %cm3 = gn.constant dense<-3> : tensor<i64>
  %r = gn.rem %i, %cm3 : tensor<16x3xi64>, tensor<i64> -> tensor<16x3xi64>
  %rf = gn.convert %r {dtype = f32} : tensor<16x3xi64> -> tensor<16x3xf32>
  %j = gn.convert %m {dtype = i32} : tensor<16x3xf32> -> tensor<16x3xi32>
  %c5 = gn.constant dense<5> : tensor<i32>
  %e = gn.floor_div %j, %c5 : tensor<16x3xi32>, tensor<i32> -> tensor<16x3xi32>
  %s = gn.rem %j, %c5 : tensor<16x3xi32>, tensor<i32> -> tensor<16x3xi32>
  return %df, %rf, %e, %s : tensor<16x3xf32>, tensor<16x3xf32>, tensor<16x3xi32>, tensor<16x3xi32>
}

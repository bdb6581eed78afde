// NaN and -0.0 through the ops compiled as polynomials, and abs(-0.0).
// exp of 0 / 0 (a NaN constant) came out 3.7e-36 (seed 20708); erf(-0.0)
// came out +0.0, and atan2 of it was off by pi (seed 20955); the
// interpreter's abs(-0.0) stayed -0.0, so pow(|x|, -1) gave -inf at a
// conv's zero-padded border (seed 20850). Found by test/fuzz/fuzz_diff.py.
func.func @forward(%a: tensor<8xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "a", gn.std = 1.0 : f64}, %e: tensor<0xf32> {gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "e", gn.std = 1.0 : f64}) -> (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<8xf32>, tensor<8xf32>) {
  %mean = gn.reduce_mean %e dims [0] {keepdim = true} : tensor<0xf32> -> tensor<1xf32>
  %x = gn.exp %mean : tensor<1xf32>
  %t = gn.tanh %mean : tensor<1xf32>
  %s = gn.silu %mean : tensor<1xf32>
  %c = gn.ceil %a : tensor<8xf32>
  %f = gn.erf %c : tensor<8xf32>
  %th = gn.tanh %c : tensor<8xf32>
  %y = gn.atan2 %c, %f : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  %w = gn.atan2 %c, %th : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  %n = gn.neg %w : tensor<8xf32>
  %z = gn.sub %n, %n : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  %nz = gn.neg %z : tensor<8xf32>
  %ab = gn.abs %nz : tensor<8xf32>
  %m1 = gn.constant dense<-1.0> : tensor<f32>
  %p = gn.pow %ab, %m1 : tensor<8xf32>, tensor<f32> -> tensor<8xf32>
  %q = gn.add %p, %y : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  return %x, %t, %s, %q, %w : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<8xf32>, tensor<8xf32>
}

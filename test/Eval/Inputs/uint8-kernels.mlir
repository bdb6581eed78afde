// uint8 in compiled kernels: a mask cast to uint8 (SOLOv2's output), and
// the ops whose unsigned results differ from the signed ones on the same
// bits (compare, max/min, division, remainder, clamp, sign, widening),
// checked against the interpreter (which computes in uint8_t).
func.func @forward(%x: tensor<4x8xf32> {gn.dtype = "torch.float32", gn.kind = "input", gn.name = "x", gn.mean = 0.0 : f64, gn.std = 1.0 : f64}, %a: tensor<4x8xui8> {gn.dtype = "torch.uint8", gn.kind = "input", gn.name = "a", gn.min_val = 0 : i64, gn.max_val = 255 : i64}, %b: tensor<4x8xui8> {gn.dtype = "torch.uint8", gn.kind = "input", gn.name = "b", gn.min_val = 1 : i64, gn.max_val = 255 : i64}) -> (tensor<4x8xui8>, tensor<4x8xi1>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xf32>, tensor<4x8xi64>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xui8>) {
  %zero = gn.constant dense<0.5> : tensor<f32>
  %m = gn.gt %x, %zero : tensor<4x8xf32>, tensor<f32> -> tensor<4x8xi1>
  %mask = gn.convert %m {dtype = ui8} : tensor<4x8xi1> -> tensor<4x8xui8>
  %lt = gn.lt %a, %b : tensor<4x8xui8>, tensor<4x8xui8> -> tensor<4x8xi1>
  %max = gn.maximum %a, %b : tensor<4x8xui8>, tensor<4x8xui8> -> tensor<4x8xui8>
  %div = gn.div %a, %b : tensor<4x8xui8>, tensor<4x8xui8> -> tensor<4x8xui8>
  %rem = gn.rem %a, %b : tensor<4x8xui8>, tensor<4x8xui8> -> tensor<4x8xui8>
  %sum = gn.add %a, %b : tensor<4x8xui8>, tensor<4x8xui8> -> tensor<4x8xui8>
  %f = gn.convert %a {dtype = f32} : tensor<4x8xui8> -> tensor<4x8xf32>
  %w = gn.convert %b {dtype = i64} : tensor<4x8xui8> -> tensor<4x8xi64>
  %c = gn.clamp %a {min = 100.0 : f64, max = 200.0 : f64} : tensor<4x8xui8>
  %s = gn.sign %b : tensor<4x8xui8>
  // (triu of uint8: its zeros made as signless bits; found by the fuzzer as
  // an interpreter fallback.)
  %u = gn.triangular %a {diagonal = -1 : i64, upper = true} : tensor<4x8xui8>
  return %mask, %lt, %max, %div, %rem, %sum, %f, %w, %c, %s, %u : tensor<4x8xui8>, tensor<4x8xi1>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xf32>, tensor<4x8xi64>, tensor<4x8xui8>, tensor<4x8xui8>, tensor<4x8xui8>
}

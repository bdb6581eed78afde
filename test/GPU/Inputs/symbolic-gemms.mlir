// Two GEMMs over s0 rows (phase 4): on the stand-in driver, which computes
// f32 GEMMs, one CUDA program gives real values at every s0
// (python-bindings/tests/test_cuda.py).
func.func @forward(%x: tensor<3x8xf32, #gn.dims<["s0", ""]>> {gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.name = "x", gn.std = 1.0 : f64}, %w: tensor<8x4xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w", gn.std = 0.3 : f64}, %w2: tensor<4x3xf32> {gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.0 : f64, gn.name = "w2", gn.std = 0.3 : f64}) -> tensor<3x3xf32, #gn.dims<["s0", ""]>> {
  %y = gn.matmul %x, %w : tensor<3x8xf32, #gn.dims<["s0", ""]>>, tensor<8x4xf32> -> tensor<3x4xf32, #gn.dims<["s0", ""]>>
  %z = gn.matmul %y, %w2 : tensor<3x4xf32, #gn.dims<["s0", ""]>>, tensor<4x3xf32> -> tensor<3x3xf32, #gn.dims<["s0", ""]>>
  return %z : tensor<3x3xf32, #gn.dims<["s0", ""]>>
}

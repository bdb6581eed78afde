// RUN: gn-opt %s --gn-outline-kernels --split-input-file --verify-diagnostics

// Only ops with a scalar form can be in a kernel; anything else is an error
// (gn-form-fusion-groups never puts one there).
func.func @not_scalar(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = gn.fusion "elementwise" (%x) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%a: tensor<4x4xf32>):
    // expected-error @+1 {{op cannot be emitted in a compiled kernel}}
    %m = gn.matmul %a, %a : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
    gn.yield %m : tensor<4x4xf32>
  }
  return %0 : tensor<4x4xf32>
}

// -----

// A reduced loop no operand reads has no extent.
func.func @unread_loop() -> tensor<f32> {
  // expected-error @+1 {{unsupported fusion group: loop 0 is read by no operand}}
  %0 = gn.fusion "reduction" () : () -> tensor<f32> {
    %c = gn.constant dense<1.0> : tensor<4xf32>
    %s = gn.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
    gn.yield %s : tensor<f32>
  }
  return %0 : tensor<f32>
}

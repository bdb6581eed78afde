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

// A GPU schedule (a block size) cannot run on the CPU, the target of a
// module without gn.target.
func.func @gpu_schedule_on_cpu(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{a GPU schedule in a module compiled for the CPU (gn.target)}}
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0], block_threads = 256>} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %n = gn.exp %a : tensor<4xf32>
    gn.yield %n : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

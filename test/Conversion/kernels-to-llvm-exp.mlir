// RUN: gn-opt %s --gn-outline-kernels --gn-lower-kernels-to-llvm --split-input-file | FileCheck %s

// exp in an f32 kernel is a polynomial (it vectorizes), not the intrinsic
// that codegen turns into a call to libm's expf.
// CHECK-LABEL: func.func @exp_f32
// CHECK: module @gn_kernels
// CHECK-NOT: llvm.intr.exp
// CHECK: llvm.intr.fma
// CHECK-NOT: llvm.intr.exp
func.func @exp_f32(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %s = gn.exp %a : tensor<4x8xf32>
    gn.yield %s : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}

// -----

// A kernel on f16 data keeps libm's expf (the intrinsic), as the interpreter
// computes it.
// CHECK-LABEL: func.func @exp_f16
// CHECK: module @gn_kernels
// CHECK: llvm.intr.exp({{.*}}) : (f32) -> f32
func.func @exp_f16(%x: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf16>) -> tensor<4x8xf16> {
  ^bb0(%a: tensor<4x8xf16>):
    %s = gn.exp %a : tensor<4x8xf16>
    gn.yield %s : tensor<4x8xf16>
  }
  return %0 : tensor<4x8xf16>
}

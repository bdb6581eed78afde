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

// A kernel on f16 data computes the f32 exp in f64 and rounds it once
// (glibc's expf but for its misroundings), then to f16: no libm call, no
// f32 polynomial.
// CHECK-LABEL: func.func @exp_f16
// CHECK: module @gn_kernels
// CHECK-NOT: llvm.intr.exp
// CHECK: llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.intr.roundeven(%{{.*}}) : (f64) -> f64
// CHECK-COUNT-15: llvm.intr.fma({{.*}}) : (f64, f64, f64) -> f64
// CHECK: llvm.fptrunc %{{.*}} : f64 to f32
// CHECK: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK-NOT: llvm.intr.exp
func.func @exp_f16(%x: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf16>) -> tensor<4x8xf16> {
  ^bb0(%a: tensor<4x8xf16>):
    %s = gn.exp %a : tensor<4x8xf16>
    gn.yield %s : tensor<4x8xf16>
  }
  return %0 : tensor<4x8xf16>
}

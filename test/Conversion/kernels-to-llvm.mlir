// RUN: gn-opt %s --gn-outline-kernels --gn-lower-kernels-to-llvm | FileCheck %s

// The kernel module is all LLVM dialect with one pointer per memref (bare
// pointer convention); erf is a polynomial, not a libm call; the host
// function keeps its gn.launch.
// CHECK-LABEL: func.func @gelu_like
// CHECK: gn.launch @gn_kernels::@[[K:.*]](%arg0)
// CHECK: module @gn_kernels
// CHECK-NOT: linalg.
// CHECK-NOT: scf.
// CHECK-NOT: llvm.call @erff
// CHECK: llvm.func @[[K]](%{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias})
// CHECK-NOT: linalg.
// CHECK-NOT: llvm.call @erff
func.func @gelu_like(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %e = gn.erf %a : tensor<4x8xf32>
    %m = gn.mul %a, %e : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
    gn.yield %m : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}

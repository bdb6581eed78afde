// RUN: gn-opt %s | gn-opt | FileCheck %s

// The compiler's structure ops print and parse back.

// CHECK-LABEL: func.func @fusion
// CHECK: %[[R:.*]] = gn.fusion "elementwise"(%arg0, %arg1) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8xf32>):
// CHECK-NEXT: gn.add %[[A]], %[[B]]
// CHECK-NEXT: gn.yield
func.func @fusion(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %r = gn.fusion "elementwise" (%x, %b) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %c: tensor<8xf32>):
    %s = gn.add %a, %c : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
    gn.yield %s : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @launch
// CHECK: gn.launch @gn_kernels::@k0(%arg0) {extent = 4 : i64, thread_dim = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @launch(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = gn.launch @gn_kernels::@k0(%x) {thread_dim = 0 : i64, extent = 4 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module @gn_kernels {
  func.func @k0(%lo: index, %hi: index, %in: memref<4x8xf32>, %out: memref<4x8xf32>) {
    return
  }
}

// RUN: gn-opt %s --gn-schedule | FileCheck %s
// RUN: gn-opt %s --gn-schedule="min-parallel-elements=1 vector-bits=512" | FileCheck %s --check-prefix=WIDE

// Big enough for threads: the outermost parallel dim of extent > 1 (dim 0
// has extent 1, so dim 1); f32 in 256-bit registers is 8 lanes.
// CHECK-LABEL: func.func @big
// CHECK: schedule = {loop_order = array<i64: 0, 1, 2>, thread_dim = 1 : i64, vector_width = 8 : i64}
func.func @big(%x: tensor<1x64x1024xf32>) -> tensor<1x64x1024xf32> {
  %r = gn.fusion "elementwise" (%x) : (tensor<1x64x1024xf32>) -> tensor<1x64x1024xf32> {
  ^bb0(%a: tensor<1x64x1024xf32>):
    %e = gn.exp %a : tensor<1x64x1024xf32>
    gn.yield %e : tensor<1x64x1024xf32>
  }
  return %r : tensor<1x64x1024xf32>
}

// Too small: one thread. f64 is 4 lanes (8 with 512-bit registers).
// CHECK-LABEL: func.func @small
// CHECK: schedule = {loop_order = array<i64: 0, 1>, thread_dim = -1 : i64, vector_width = 4 : i64}
// WIDE-LABEL: func.func @small
// WIDE: schedule = {loop_order = array<i64: 0, 1>, thread_dim = 0 : i64, vector_width = 8 : i64}
func.func @small(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
  %r = gn.fusion "elementwise" (%x) : (tensor<4x8xf64>) -> tensor<4x8xf64> {
  ^bb0(%a: tensor<4x8xf64>):
    %e = gn.neg %a : tensor<4x8xf64>
    gn.yield %e : tensor<4x8xf64>
  }
  return %r : tensor<4x8xf64>
}

// Reducing the outer dim keeps memory order (the inner loop runs over
// contiguous accumulators); threads split a parallel dim only.
// CHECK-LABEL: func.func @reduce
// CHECK: schedule = {loop_order = array<i64: 0, 1>, thread_dim = -1 : i64, vector_width = 8 : i64}
// WIDE-LABEL: func.func @reduce
// WIDE: schedule = {loop_order = array<i64: 0, 1>, thread_dim = 1 : i64, vector_width = 16 : i64}
func.func @reduce(%x: tensor<64x32xf32>) -> tensor<32xf32> {
  %r = gn.fusion "reduction" (%x) : (tensor<64x32xf32>) -> tensor<32xf32> {
  ^bb0(%a: tensor<64x32xf32>):
    %s = gn.reduce_sum %a dims [0] : tensor<64x32xf32> -> tensor<32xf32>
    gn.yield %s : tensor<32xf32>
  }
  return %r : tensor<32xf32>
}

// Reducing the innermost dim: rows, reduced dims innermost.
// WIDE-LABEL: func.func @rows
// WIDE: schedule = {loop_order = array<i64: 1, 0, 2>, thread_dim = 1 : i64, vector_width = 16 : i64}
func.func @rows(%x: tensor<8x16x32xf32>) -> tensor<16xf32> {
  %r = gn.fusion "reduction" (%x) : (tensor<8x16x32xf32>) -> tensor<16xf32> {
  ^bb0(%a: tensor<8x16x32xf32>):
    %s = gn.reduce_sum %a dims [0, 2] : tensor<8x16x32xf32> -> tensor<16xf32>
    gn.yield %s : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// Copy kernels run on one thread.
// WIDE-LABEL: func.func @copy
// WIDE: thread_dim = -1
func.func @copy(%x: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %r = gn.fusion "copy" (%x) : (tensor<4x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %c = gn.concat %a, %a dim 0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    gn.yield %c : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

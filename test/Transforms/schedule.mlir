// RUN: gn-opt %s --gn-schedule | FileCheck %s
// RUN: gn-opt %s --gn-schedule="min-parallel-elements=1" | FileCheck %s --check-prefix=WIDE
// RUN: gn-opt %s --gn-schedule="min-parallel-elements=1 thread-copies=false" | FileCheck %s --check-prefix=NOCOPY
// RUN: gn-opt %s --gn-set-target=target=cuda --gn-schedule | FileCheck %s --check-prefix=CUDA
// RUN: not gn-opt %s --gn-set-target=target=tpu --gn-schedule 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: not gn-opt %s --gn-set-target=target=cuda --gn-schedule="block-threads=100" 2>&1 | FileCheck %s --check-prefix=BADBLOCK
// The target is the module's (gn-set-target writes it once; gn-schedule
// has no target option of its own).
// CUDA: module attributes {gn.target = #gn.target<cuda>}
// BADTARGET: error: gn-set-target: unknown target 'tpu' (cpu | cuda)
// BADBLOCK: error: gn-schedule: block-threads must be a multiple of 32 in [32, 1024]

// On CUDA, every parallel dim on the grid (no thread_dim), 256 threads a block.
// CUDA-LABEL: func.func @big
// CUDA: schedule = #gn.schedule<loop_order = [0, 1, 2], block_threads = 256>}

// Big enough for threads: the outermost parallel dim of extent > 1 (dim 0
// has extent 1, so dim 1).
// CHECK-LABEL: func.func @big
// CHECK: schedule = #gn.schedule<loop_order = [0, 1, 2], thread_dim = 1>
func.func @big(%x: tensor<1x64x1024xf32>) -> tensor<1x64x1024xf32> {
  %r = gn.fusion "elementwise" (%x) : (tensor<1x64x1024xf32>) -> tensor<1x64x1024xf32> {
  ^bb0(%a: tensor<1x64x1024xf32>):
    %e = gn.exp %a : tensor<1x64x1024xf32>
    gn.yield %e : tensor<1x64x1024xf32>
  }
  return %r : tensor<1x64x1024xf32>
}

// Too small: one thread.
// CHECK-LABEL: func.func @small
// CHECK: schedule = #gn.schedule<loop_order = [0, 1]>
// WIDE-LABEL: func.func @small
// WIDE: schedule = #gn.schedule<loop_order = [0, 1], thread_dim = 0>
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
// With target=cuda, reduced innermost, a warp per row of 64.
// CUDA-LABEL: func.func @reduce
// CUDA: schedule = #gn.schedule<loop_order = [1, 0], block_threads = 256, row_threads = 32>}
// CHECK-LABEL: func.func @reduce
// CHECK: schedule = #gn.schedule<loop_order = [0, 1]>
// WIDE-LABEL: func.func @reduce
// WIDE: schedule = #gn.schedule<loop_order = [0, 1], thread_dim = 1>
func.func @reduce(%x: tensor<64x32xf32>) -> tensor<32xf32> {
  %r = gn.fusion "reduction" (%x) : (tensor<64x32xf32>) -> tensor<32xf32> {
  ^bb0(%a: tensor<64x32xf32>):
    %s = gn.reduce_sum %a dims [0] : tensor<64x32xf32> -> tensor<32xf32>
    gn.yield %s : tensor<32xf32>
  }
  return %r : tensor<32xf32>
}

// Reducing the innermost dim: rows, reduced dims innermost.
// CUDA-LABEL: func.func @rows
// CUDA: schedule = #gn.schedule<loop_order = [1, 0, 2], block_threads = 256, row_threads = 32>}
// WIDE-LABEL: func.func @rows
// WIDE: schedule = #gn.schedule<loop_order = [1, 0, 2], thread_dim = 1>
func.func @rows(%x: tensor<8x16x32xf32>) -> tensor<16xf32> {
  %r = gn.fusion "reduction" (%x) : (tensor<8x16x32xf32>) -> tensor<16xf32> {
  ^bb0(%a: tensor<8x16x32xf32>):
    %s = gn.reduce_sum %a dims [0, 2] : tensor<8x16x32xf32> -> tensor<16xf32>
    gn.yield %s : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// A copy kernel splits the outermost dim of extent > 1 outside every dim
// its op acts on (each thread's share is whole slabs): a concat, a dim
// before its own.
// WIDE-LABEL: func.func @copy
// WIDE: thread_dim = 0
func.func @copy(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %r = gn.fusion "copy" (%x) : (tensor<4x8xf32>) -> tensor<4x16xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %c = gn.concat %a, %a dim 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
    gn.yield %c : tensor<4x16xf32>
  }
  return %r : tensor<4x16xf32>
}

// Pooling: batch and channels, not the windowed dims (batch 1: channels).
// WIDE-LABEL: func.func @pool
// WIDE: thread_dim = 1
// NOCOPY-LABEL: func.func @pool
// NOCOPY: schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>}
// CHECK-LABEL: func.func @pool
// CHECK: schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>}
func.func @pool(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %r = gn.fusion "copy" (%x) : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  ^bb0(%a: tensor<1x4x8x8xf32>):
    %p = gn.max_pool %a {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
    gn.yield %p : tensor<1x4x4x4xf32>
  }
  return %r : tensor<1x4x4x4xf32>
}

// A pad: a dim before the first it pads (the outermost, 0).
// WIDE-LABEL: func.func @pad
// WIDE: thread_dim = 0
func.func @pad(%x: tensor<2x3x4xf32>) -> tensor<2x3x6xf32> {
  %r = gn.fusion "copy" (%x) : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32> {
  ^bb0(%a: tensor<2x3x4xf32>):
    %p = gn.pad %a low [0, 0, 1] high [0, 0, 1] : tensor<2x3x4xf32> -> tensor<2x3x6xf32>
    gn.yield %p : tensor<2x3x6xf32>
  }
  return %r : tensor<2x3x6xf32>
}

// No such dim: a concat on channels of one image (its rows would be
// independent, but inside the concat dim), a pad of the outer dim, a
// pooling of one channel, a scatter (its updates run in order) stay on one
// thread.
// WIDE-LABEL: func.func @one_thread
// WIDE-COUNT-4: schedule = #gn.schedule<loop_order = [{{[0-9, ]*}}]>}
func.func @one_thread(%x: tensor<1x2x8x8xf32>, %y: tensor<1x1x8x8xf32>, %v: tensor<8xf32>, %i: tensor<2xi64>, %s: tensor<2xf32>) -> (tensor<1x4x8x8xf32>, tensor<3x2x8x8xf32>, tensor<1x1x4x4xf32>, tensor<8xf32>) {
  %c = gn.fusion "copy" (%x) : (tensor<1x2x8x8xf32>) -> tensor<1x4x8x8xf32> {
  ^bb0(%a: tensor<1x2x8x8xf32>):
    %r = gn.concat %a, %a dim 1 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x4x8x8xf32>
    gn.yield %r : tensor<1x4x8x8xf32>
  }
  %d = gn.fusion "copy" (%x) : (tensor<1x2x8x8xf32>) -> tensor<3x2x8x8xf32> {
  ^bb0(%a: tensor<1x2x8x8xf32>):
    %r = gn.pad %a low [1, 0, 0, 0] high [1, 0, 0, 0] : tensor<1x2x8x8xf32> -> tensor<3x2x8x8xf32>
    gn.yield %r : tensor<3x2x8x8xf32>
  }
  %p = gn.fusion "copy" (%y) : (tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32> {
  ^bb0(%a: tensor<1x1x8x8xf32>):
    %r = gn.max_pool %a {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<1x1x8x8xf32> -> tensor<1x1x4x4xf32>
    gn.yield %r : tensor<1x1x4x4xf32>
  }
  %t = gn.fusion "copy" (%v, %i, %s) : (tensor<8xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<8xf32>, %b: tensor<2xi64>, %e: tensor<2xf32>):
    %r = gn.scatter %e into %a[%b] dim 0 {reduce = "add"} : tensor<2xf32> into tensor<8xf32>, tensor<2xi64>
    gn.yield %r : tensor<8xf32>
  }
  return %c, %d, %p, %t : tensor<1x4x8x8xf32>, tensor<3x2x8x8xf32>, tensor<1x1x4x4xf32>, tensor<8xf32>
}

// With target=cuda, rows over 1024 elements take a whole block each; rows of at most 16
// one thread each.
// CUDA-LABEL: func.func @long_and_short_rows
// CUDA: schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 256>}
// CUDA: schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256>}
func.func @long_and_short_rows(%x: tensor<4x4096xf32>, %y: tensor<64x16xf32>) -> (tensor<4xf32>, tensor<64xf32>) {
  %r = gn.fusion "reduction" (%x) : (tensor<4x4096xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x4096xf32>):
    %s = gn.reduce_max %a dims [1] : tensor<4x4096xf32> -> tensor<4xf32>
    gn.yield %s : tensor<4xf32>
  }
  %q = gn.fusion "reduction" (%y) : (tensor<64x16xf32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x16xf32>):
    %s = gn.reduce_sum %a dims [1] : tensor<64x16xf32> -> tensor<64xf32>
    gn.yield %s : tensor<64xf32>
  }
  return %r, %q : tensor<4xf32>, tensor<64xf32>
}

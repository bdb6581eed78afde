// RUN: gn-opt %s --gn-set-target=target=cuda --gn-outline-kernels --gn-map-kernels-to-gpu --split-input-file | FileCheck %s

// A parallel group: one thread per point, 32 points in one block of 32
// (never more threads than points, at least a warp); the linear thread
// index is split with the last dim fastest. Kernels take only buffers.
// CHECK-LABEL: func.func @elementwise
// CHECK: gn.launch @gn_kernels::@[[K:k0_[0-9A-F]+]](%arg0, %arg1) {inplace = array<i64: 0>}
// CHECK: func.func @[[K]](%[[X:.*]]: memref<4x8xf32> {llvm.noalias}, %[[B:.*]]: memref<8xf32> {llvm.noalias}, %[[O:.*]]: memref<4x8xf32> {llvm.noalias}) attributes {gn.schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256>, gn.workspaces = 0 : i64}
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C32]], {{.*}} module(@[[K]]_0) function(@[[K]]_0)
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[I]], %{{.*}} : index
// CHECK: scf.if %[[IN]]
// CHECK: %[[COL:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.divui %[[I]], %{{.*}} : index
// CHECK: memref.load %[[X]][%[[ROW]], %[[COL]]]
// CHECK: memref.load %[[B]][%[[COL]]]
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %[[O]][%[[ROW]], %[[COL]]]
// CHECK: gpu.terminator
func.func @elementwise(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = gn.fusion "elementwise" (%x, %b) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256>} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %c: tensor<8xf32>):
    %s = gn.add %a, %c : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
    gn.yield %s : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}

// -----

// A warp per row, in one launch with its fill and its epilogue: each lane
// folds every 32nd element of its row from the identity, the lanes meet
// through 5 xor shuffles, lane 0 folds the total into the fill's value (0)
// and rounds it to f32 (the epilogue) straight into the output; the f64
// accumulator workspace is never written.
// CHECK-LABEL: func.func @warp_rows
// CHECK: func.func @k0_{{.*}}(%[[X:.*]]: memref<16x64xf32> {llvm.noalias}, %[[O:.*]]: memref<16xf32> {llvm.noalias}, %[[ACC:.*]]: memref<16xf64>)
// CHECK-SAME: gn.workspaces = 1
// CHECK: gpu.launch
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f64)
// CHECK: gpu.shuffle  xor %[[SUM]], %{{.*}}, %{{.*}} : f64
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK: scf.if
// CHECK-NOT: memref.load %[[ACC]]
// CHECK: %[[TOTAL:.*]] = arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK-NOT: memref.store %{{.*}}, %[[ACC]]
// CHECK: %[[R:.*]] = arith.truncf %[[TOTAL]] : f64 to f32
// CHECK: memref.store %[[R]], %[[O]]
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @warp_rows(%x: tensor<16x64xf32>) -> tensor<16xf32> {
  %0 = gn.fusion "reduction" (%x) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 32>} : (tensor<16x64xf32>) -> tensor<16xf32> {
  ^bb0(%a: tensor<16x64xf32>):
    %s = gn.reduce_sum %a dims [1] : tensor<16x64xf32> -> tensor<16xf32>
    gn.yield %s : tensor<16xf32>
  }
  return %0 : tensor<16xf32>
}

// -----

// A block per row: warp totals meet in shared memory after a barrier, and
// warp 0 folds them.
// CHECK-LABEL: func.func @block_rows
// CHECK: gpu.launch {{.*}} workgroup(%[[SH:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// CHECK: arith.maximumf
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: memref.store %{{.*}}, %[[SH]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[SH]]
// CHECK-COUNT-5: gpu.shuffle  xor
func.func @block_rows(%x: tensor<4x4096xf32>) -> tensor<4xf32> {
  %0 = gn.fusion "reduction" (%x) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 256>} : (tensor<4x4096xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x4096xf32>):
    %s = gn.reduce_max %a dims [1] : tensor<4x4096xf32> -> tensor<4xf32>
    gn.yield %s : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// One thread per row: each thread folds its row in order from the fill's
// value, as the CPU kernel does (no shuffles), in the fill's launch.
// CHECK-LABEL: func.func @thread_rows
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @thread_rows(%x: tensor<64x8xi32>) -> tensor<64xi32> {
  %0 = gn.fusion "reduction" (%x) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256>} : (tensor<64x8xi32>) -> tensor<64xi32> {
  ^bb0(%a: tensor<64x8xi32>):
    %s = gn.reduce_sum %a dims [1] : tensor<64x8xi32> -> tensor<64xi32>
    gn.yield %s : tensor<64xi32>
  }
  return %0 : tensor<64xi32>
}

// -----

// A scatter's updates run in order per target: one thread per column (the
// scf.parallel over the dims other than the scattered one), each running its
// rows in order; the copy of the base is a parallel launch before it,
// guarded by "not written in place". An index out of range is stored in the
// module's gn_index_error global.
// CHECK-LABEL: func.func @scatter
// CHECK: module @gn_kernels
// CHECK: memref.global "public" @gn_index_error : memref<3xi64> = dense<0>
// CHECK-NOT: gn_index_out_of_range
// CHECK: gpu.launch
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: arith.cmpi ne
// CHECK: scf.if
// CHECK: gpu.launch blocks
// CHECK-NOT: scf.parallel
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK: scf.for
// CHECK: memref.get_global @gn_index_error
// CHECK-NOT: gn.serial
// CHECK: gpu.terminator
func.func @scatter(%src: tensor<3x2xf32>, %base: tensor<4x2xf32>, %j: tensor<3x2xi64>) -> tensor<4x2xf32> {
  %0 = gn.fusion "copy" (%src, %base, %j) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256>} : (tensor<3x2xf32>, tensor<4x2xf32>, tensor<3x2xi64>) -> tensor<4x2xf32> {
  ^bb0(%s: tensor<3x2xf32>, %b: tensor<4x2xf32>, %k: tensor<3x2xi64>):
    %r = gn.scatter %s into %b[%k] dim 0 {reduce = "add"} : tensor<3x2xf32> into tensor<4x2xf32>, tensor<3x2xi64>
    gn.yield %r : tensor<4x2xf32>
  }
  return %0 : tensor<4x2xf32>
}

// -----

// A 1-d scatter has no independent dim: a thread per target (4) scans
// the 3 positions in order and applies those whose index is its own.
// CHECK-LABEL: func.func @scatter_1d
// CHECK: module @gn_kernels
// CHECK: gpu.launch blocks
// CHECK: gpu.launch blocks
// CHECK: %[[T:.+]] = arith.addi
// CHECK: arith.cmpi ult, %[[T]], %c4
// CHECK: scf.for %{{.*}} = %c0 to %c3
// CHECK: %[[I:.+]] = arith.index_cast
// CHECK: %[[MINE:.+]] = arith.cmpi eq, %[[I]], %[[T]]
// CHECK: scf.if %[[MINE]]
// CHECK-NOT: gn.serial
// CHECK: gpu.terminator
func.func @scatter_1d(%src: tensor<3xf32>, %base: tensor<4xf32>, %j: tensor<3xi64>) -> tensor<4xf32> {
  %0 = gn.fusion "copy" (%src, %base, %j) {schedule = #gn.schedule<loop_order = [0], block_threads = 256>} : (tensor<3xf32>, tensor<4xf32>, tensor<3xi64>) -> tensor<4xf32> {
  ^bb0(%s: tensor<3xf32>, %b: tensor<4xf32>, %k: tensor<3xi64>):
    %r = gn.scatter %s into %b[%k] dim 0 {reduce = "add"} : tensor<3xf32> into tensor<4xf32>, tensor<3xi64>
    gn.yield %r : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// Constant padding is one launch, a thread per output element: it reads x
// at p - low, clamped into x (each padded dim: one unsigned compare, so
// positions before the input wrap past its end), and keeps the pad value
// where any padded dim falls outside; dims without padding read p as is.
// Not a fill launch and a copy launch.
// CHECK-LABEL: func.func @constant_pad
// CHECK: func.func @[[K:k0_pad_[0-9A-F]+]](%[[X:.*]]: memref<2x5xf32> {llvm.noalias}, %[[O:.*]]: memref<2x8xf32> {llvm.noalias})
// CHECK: gpu.launch
// CHECK: %[[V:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[COL:.*]] = arith.remui
// CHECK: %[[ROW:.*]] = arith.divui
// CHECK: %[[I:.*]] = arith.subi %[[COL]], %{{.*}} : index
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[C5]] : index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[AT:.*]] = arith.select %[[OK]], %[[I]], %[[C0]] : index
// CHECK: %[[L:.*]] = memref.load %[[X]][%[[ROW]], %[[AT]]]
// CHECK: %[[R:.*]] = arith.select %[[OK]], %[[L]], %[[V]] : f32
// CHECK: memref.store %[[R]], %[[O]][%[[ROW]], %[[COL]]]
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @constant_pad(%x: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x5xf32>) -> tensor<2x8xf32> {
  ^bb0(%a: tensor<2x5xf32>):
    %p = gn.pad %a low [0, 2] high [0, 1] {value = 1.5 : f64} : tensor<2x5xf32> -> tensor<2x8xf32>
    gn.yield %p : tensor<2x8xf32>
  }
  return %0 : tensor<2x8xf32>
}

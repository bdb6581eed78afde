// RUN: gn-opt %s --gn-set-target=target=cuda --gn-outline-kernels --gn-map-kernels-to-gpu --split-input-file | FileCheck %s
// RUN: gn-opt %s --gn-set-target=target=cuda --gn-outline-kernels --split-input-file | FileCheck %s --check-prefix=STAGES

// A softmax row group over rows of 40: a warp per row, 8 rows per block of
// 256. One launch: the max folds into lane partials that meet through xor
// shuffles (every lane ends with the row's max), the exp-sum reads that max
// from a register, not the accumulator, and the last stage writes the row's
// points; the row's max (a result of the rows' shape) is stored once, at the
// row's point 0. The accumulators were workspaces: none is left. The points
// are written over the input (in place), read in earlier stages: neither
// buffer is noalias (OutlineKernels.cpp).
// STAGES-LABEL: func.func @softmax
// STAGES: func.func @[[K:k0_[0-9A-F]+]]
// STAGES-SAME: attributes {gn.row_kernel
// STAGES: memref.alloc() : memref<3x1xf32>
// STAGES: linalg.fill
// STAGES: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// STAGES: arith.maximumf
// STAGES: memref.alloc() : memref<3x1xf64>
// STAGES: linalg.fill
// STAGES: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// STAGES: math.exp
// STAGES: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// STAGES: arith.divf
// CHECK-LABEL: func.func @softmax
// CHECK: func.func @[[K:k0_[0-9A-F]+]](%[[X:.*]]: memref<3x40xf32>, %[[M:.*]]: memref<3x1xf32> {llvm.noalias}, %[[P:.*]]: memref<3x40xf32>) attributes {gn.row_kernel, gn.schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 32>, gn.workspaces = 0 : i64}
// CHECK: gpu.launch
// CHECK-NOT: workgroup
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c32
// CHECK: %[[MAXP:.*]] = scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %c32{{.*}} -> (f32)
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor
// CHECK: gpu.shuffle xor
// CHECK: gpu.shuffle xor
// CHECK: gpu.shuffle xor
// CHECK: %[[S1:.*]], %{{.*}} = gpu.shuffle xor
// CHECK: %[[MAXW:.*]] = arith.maximumf %{{.*}}, %[[S1]]
// CHECK: %[[MAX:.*]] = arith.maximumf %{{.*}}, %[[MAXW]]
// CHECK: scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %c32{{.*}} -> (f64)
// CHECK-NOT: memref.load %{{.*}} : memref<3x1x
// CHECK: arith.subf %{{.*}}, %[[MAX]]
// CHECK: math.exp
// CHECK: gpu.shuffle xor
// CHECK: scf.for %[[K0:.*]] = %[[LANE]] to %{{.*}} step %c32
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K0]], %c0
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %[[MAX]], %[[M]]
// CHECK: memref.store %{{.*}}, %[[P]]
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
func.func @softmax(%x: tensor<3x40xf32>) -> (tensor<3x1xf32>, tensor<3x40xf32>) {
  %0:2 = gn.fusion "row" (%x) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 32>} : (tensor<3x40xf32>) -> (tensor<3x1xf32>, tensor<3x40xf32>) {
  ^bb0(%a: tensor<3x40xf32>):
    %mx = gn.reduce_max %a dims [1] {keepdim = true} : tensor<3x40xf32> -> tensor<3x1xf32>
    %d = gn.sub %a, %mx : tensor<3x40xf32>, tensor<3x1xf32> -> tensor<3x40xf32>
    %e = gn.exp %d : tensor<3x40xf32>
    %s = gn.reduce_sum %e dims [1] {keepdim = true} : tensor<3x40xf32> -> tensor<3x1xf32>
    %p = gn.div %e, %s : tensor<3x40xf32>, tensor<3x1xf32> -> tensor<3x40xf32>
    gn.yield %mx, %p : tensor<3x1xf32>, tensor<3x40xf32>
  }
  return %0#0, %0#1 : tensor<3x1xf32>, tensor<3x40xf32>
}

// -----

// Rows of 2048: a block per row. Each stage's warp totals meet in a shared
// buffer of its own (8 warps), after a barrier, and every thread folds them
// again, so all threads of the block hold the row's total.
// CHECK-LABEL: func.func @rms_rows
// CHECK: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c4{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256{{.*}}) {{.*}}workgroup(%[[W0:.*]] : memref<8xf64, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: gpu.shuffle xor
// CHECK: memref.store %{{.*}}, %[[W0]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[W0]]
// CHECK: gpu.shuffle xor
// CHECK: scf.for
// CHECK: math.sqrt
// CHECK: memref.store
// CHECK: gpu.terminator
func.func @rms_rows(%x: tensor<4x2048xf32>) -> tensor<4x2048xf32> {
  %0 = gn.fusion "row" (%x) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 256>} : (tensor<4x2048xf32>) -> tensor<4x2048xf32> {
  ^bb0(%a: tensor<4x2048xf32>):
    %sq = gn.mul %a, %a : tensor<4x2048xf32>, tensor<4x2048xf32> -> tensor<4x2048xf32>
    %s = gn.reduce_sum %sq dims [1] {keepdim = true} : tensor<4x2048xf32> -> tensor<4x1xf32>
    %r = gn.rsqrt %s : tensor<4x1xf32>
    %o = gn.mul %a, %r : tensor<4x2048xf32>, tensor<4x1xf32> -> tensor<4x2048xf32>
    gn.yield %o : tensor<4x2048xf32>
  }
  return %0 : tensor<4x2048xf32>
}

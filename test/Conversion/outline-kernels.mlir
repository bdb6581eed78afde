// RUN: gn-opt %s --gn-outline-kernels --split-input-file | FileCheck %s

// A broadcasting elementwise group: one linalg.generic on memrefs; the [8]
// operand reads d1. Two identical groups share one kernel.
// CHECK-LABEL: func.func @elementwise
// The full-shape input is read only where the result is written, so the
// result may reuse its buffer (inplace); the broadcast bias may not.
// CHECK: %[[A:.*]] = gn.launch @gn_kernels::@[[K:k0_[0-9A-F]+]](%arg0, %arg1) {inplace = array<i64: 0>}
// CHECK: gn.launch @gn_kernels::@[[K]](%[[A]], %arg1)
// CHECK: module @gn_kernels
// CHECK: func.func @[[K]](%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<4x8xf32> {llvm.noalias}, %[[B:.*]]: memref<8xf32> {llvm.noalias}, %[[O:.*]]: memref<4x8xf32> {llvm.noalias})
// CHECK: linalg.generic {indexing_maps = [#[[ID:.*]], #[[BC:.*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : memref<4x8xf32>, memref<8xf32>) outs(%[[O]] : memref<4x8xf32>)
// CHECK: arith.addf
// CHECK: math.exp
// CHECK-NOT: func.func
func.func @elementwise(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = gn.fusion "elementwise" (%x, %b) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %c: tensor<8xf32>):
    %s = gn.add %a, %c : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
    %e = gn.exp %s : tensor<4x8xf32>
    gn.yield %e : tensor<4x8xf32>
  }
  %1 = gn.fusion "elementwise" (%0, %b) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %c: tensor<8xf32>):
    %s = gn.add %a, %c : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
    %e = gn.exp %s : tensor<4x8xf32>
    gn.yield %e : tensor<4x8xf32>
  }
  return %1 : tensor<4x8xf32>
}

// -----

// A thread_dim becomes an scf.for over [lo, hi) around 1-wide subviews.
// f16 loads widen to f32, each op rounds through f16, stores narrow; tanh
// stays math.tanh (f64 rounded once later, as in the interpreter).
// CHECK-LABEL: func.func @threads
// CHECK: gn.launch {{.*}} {extent = 64 : i64, inplace = array<i64: 0>, thread_dim = 0 : i64}
// CHECK: func.func @k0_{{.*}}(%[[LO:.*]]: index, %[[HI:.*]]: index, %[[X:.*]]: memref<64x16xf16> {llvm.noalias}, %[[O:.*]]: memref<64x16xf16> {llvm.noalias})
// CHECK: scf.for %[[I:.*]] = %[[LO]] to %[[HI]]
// CHECK: memref.subview %[[X]][%[[I]], 0] [1, 16] [1, 1]
// CHECK: memref.subview %[[O]][%[[I]], 0] [1, 16] [1, 1]
// CHECK: linalg.generic
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: math.tanh %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @threads(%x: tensor<64x16xf16>) -> tensor<64x16xf16> {
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1], thread_dim = 0>} : (tensor<64x16xf16>) -> tensor<64x16xf16> {
  ^bb0(%a: tensor<64x16xf16>):
    %e = gn.tanh %a : tensor<64x16xf16>
    gn.yield %e : tensor<64x16xf16>
  }
  return %0 : tensor<64x16xf16>
}

// -----

// A float sum accumulates in f64 (as the interpreter does), with the
// reduced dim innermost, then converts to the result type.
// CHECK-LABEL: func.func @sum
// A reduction never writes over its input.
// CHECK-NOT: inplace
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<4x8xf32> {llvm.noalias}, %[[O:.*]]: memref<4x1xf32> {llvm.noalias})
// CHECK: %[[ACC:.*]] = memref.alloc() : memref<4x1xf64>
// CHECK: linalg.fill ins(%{{.*}} : f64) outs(%[[ACC]] : memref<4x1xf64>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : memref<4x8xf32>) outs(%[[ACC]] : memref<4x1xf64>)
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.addf %{{.*}} : f64
// CHECK: linalg.generic {{.*}} ins(%[[ACC]] : memref<4x1xf64>) outs(%[[O]] : memref<4x1xf32>)
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: memref.dealloc %[[ACC]]
func.func @sum(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %0 = gn.fusion "reduction" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x8xf32>) -> tensor<4x1xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %s = gn.reduce_sum %a dims [1] {keepdim = true} : tensor<4x8xf32> -> tensor<4x1xf32>
    gn.yield %s : tensor<4x1xf32>
  }
  return %0 : tensor<4x1xf32>
}

// -----

// A square transpose has the result's shape but reads other elements than
// it writes: no inplace, neither for the transposed read nor for an input
// that is read both directly and through a view.
// CHECK-LABEL: func.func @square_transpose
// CHECK: gn.launch
// CHECK-NOT: inplace
// CHECK-SAME: -> tensor<4x4xf32>
func.func @square_transpose(%y: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = gn.fusion "elementwise" (%y) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%a: tensor<4x4xf32>):
    %t = gn.transpose %a [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
    %r = gn.add %t, %a : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
    gn.yield %r : tensor<4x4xf32>
  }
  return %0 : tensor<4x4xf32>
}

// -----

// Two results of the input's shape: the broadcast does not use %x, so it must
// not overwrite %x (buffers are noalias, and LLVM may store it before loading
// %x); the sum uses %x and takes its buffer. This is T5's attention mask.
// CHECK-LABEL: func.func @inplace_needs_dependence
// CHECK: gn.launch {{.*}} {inplace = array<i64: -1, 1>}
func.func @inplace_needs_dependence(%m: tensor<1x12xf32>, %x: tensor<8x12xf32>) -> (tensor<8x12xf32>, tensor<8x12xf32>) {
  %0:2 = gn.fusion "elementwise" (%m, %x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<1x12xf32>, tensor<8x12xf32>) -> (tensor<8x12xf32>, tensor<8x12xf32>) {
  ^bb0(%a: tensor<1x12xf32>, %b: tensor<8x12xf32>):
    %c = gn.broadcast_to %a [8, 12] : tensor<1x12xf32> -> tensor<8x12xf32>
    %s = gn.add %b, %c : tensor<8x12xf32>, tensor<8x12xf32> -> tensor<8x12xf32>
    gn.yield %c, %s : tensor<8x12xf32>, tensor<8x12xf32>
  }
  return %0#0, %0#1 : tensor<8x12xf32>, tensor<8x12xf32>
}

// -----

// Views are reads: transpose through a permuted map, slice through a
// strided subview.
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @views
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[Y:.*]]: memref<8x4xf32> {llvm.noalias}, %[[Z:.*]]: memref<4x16xf32> {llvm.noalias}, %[[O:.*]]: memref<4x8xf32> {llvm.noalias})
// CHECK: %[[S:.*]] = memref.subview %[[Z]][0, 1] [4, 8] [1, 2]
// CHECK: linalg.generic {indexing_maps = [#[[T]], #{{.*}}, #{{.*}}], {{.*}} ins(%[[Y]], %[[S]] :
func.func @views(%y: tensor<8x4xf32>, %z: tensor<4x16xf32>) -> tensor<4x8xf32> {
  %0 = gn.fusion "elementwise" (%y, %z) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<8x4xf32>, %c: tensor<4x16xf32>):
    %t = gn.transpose %a [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
    %s = gn.slice %c starts [0, 1] limits [4, 16] steps [1, 2] : tensor<4x16xf32> -> tensor<4x8xf32>
    %r = gn.sub %t, %s : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
    gn.yield %r : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}

// -----

// concat: each input into its slab of the output. Along dim 1 of 2x.. the
// slabs are strided, so the launch does not `concatenate` its inputs.
// CHECK-LABEL: func.func @concat
// CHECK: gn.launch
// CHECK-NOT: concatenates
// CHECK-SAME: -> tensor<2x8xi64>
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[A:.*]]: memref<2x3xi64> {llvm.noalias}, %[[B:.*]]: memref<2x5xi64> {llvm.noalias}, %[[O:.*]]: memref<2x8xi64> {llvm.noalias})
// CHECK: %[[S0:.*]] = memref.subview %[[O]][0, 0] [2, 3] [1, 1]
// CHECK: linalg.copy ins(%[[A]] : memref<2x3xi64>) outs(%[[S0]]
// CHECK: %[[S1:.*]] = memref.subview %[[O]][0, 3] [2, 5] [1, 1]
// CHECK: linalg.copy ins(%[[B]] : memref<2x5xi64>) outs(%[[S1]]
func.func @concat(%a: tensor<2x3xi64>, %b: tensor<2x5xi64>) -> tensor<2x8xi64> {
  %0 = gn.fusion "copy" (%a, %b) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x3xi64>, tensor<2x5xi64>) -> tensor<2x8xi64> {
  ^bb0(%x: tensor<2x3xi64>, %y: tensor<2x5xi64>):
    %c = gn.concat %x, %y dim 1 : (tensor<2x3xi64>, tensor<2x5xi64>) -> tensor<2x8xi64>
    gn.yield %c : tensor<2x8xi64>
  }
  return %0 : tensor<2x8xi64>
}

// -----

// Channels of one image: the slabs are contiguous, the result is the inputs
// end to end, and the runtime may have their producers write in place.
// CHECK-LABEL: func.func @concat_contiguous
// CHECK: gn.launch {{.*}}(%arg0, %arg1) {concatenates}
func.func @concat_contiguous(%a: tensor<1x3x4xf32>, %b: tensor<1x5x4xf32>) -> tensor<1x8x4xf32> {
  %0 = gn.fusion "copy" (%a, %b) {schedule = #gn.schedule<loop_order = [0, 1, 2]>} : (tensor<1x3x4xf32>, tensor<1x5x4xf32>) -> tensor<1x8x4xf32> {
  ^bb0(%x: tensor<1x3x4xf32>, %y: tensor<1x5x4xf32>):
    %c = gn.concat %x, %y dim 1 : (tensor<1x3x4xf32>, tensor<1x5x4xf32>) -> tensor<1x8x4xf32>
    gn.yield %c : tensor<1x8x4xf32>
  }
  return %0 : tensor<1x8x4xf32>
}

// -----

// The same input twice is one kernel input: not the inputs end to end.
// CHECK-LABEL: func.func @concat_twice
// CHECK: gn.launch
// CHECK-NOT: concatenates
// CHECK-SAME: -> tensor<1x6x4xf32>
func.func @concat_twice(%a: tensor<1x3x4xf32>) -> tensor<1x6x4xf32> {
  %0 = gn.fusion "copy" (%a) {schedule = #gn.schedule<loop_order = [0, 1, 2]>} : (tensor<1x3x4xf32>) -> tensor<1x6x4xf32> {
  ^bb0(%x: tensor<1x3x4xf32>):
    %c = gn.concat %x, %x dim 1 : (tensor<1x3x4xf32>, tensor<1x3x4xf32>) -> tensor<1x6x4xf32>
    gn.yield %c : tensor<1x6x4xf32>
  }
  return %0 : tensor<1x6x4xf32>
}

// -----

// Max pooling: a -inf padded copy, then a window reduction whose window
// loops take their extent from a shape-only operand.
// CHECK-DAG: #[[SRC:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-LABEL: func.func @max_pool
// CHECK: func.func @k0_max_pool_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<1x2x5x5xf32> {llvm.noalias}, %[[O:.*]]: memref<1x2x3x3xf32> {llvm.noalias})
// CHECK: %[[W:.*]] = memref.alloca() : memref<3x3xf32>
// CHECK: %[[P:.*]] = memref.alloc() : memref<1x2x7x7xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[P]]
// CHECK: %[[IN:.*]] = memref.subview %[[P]][0, 0, 1, 1] [1, 2, 5, 5] [1, 1, 1, 1]
// CHECK: linalg.copy ins(%[[X]] : memref<1x2x5x5xf32>) outs(%[[IN]]
// CHECK: linalg.generic {indexing_maps = [#[[SRC]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[P]], %[[W]] : memref<1x2x7x7xf32>, memref<3x3xf32>) outs(%[[O]] : memref<1x2x3x3xf32>)
// CHECK: arith.maximumf
// CHECK: memref.dealloc %[[P]]
func.func @max_pool(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  ^bb0(%a: tensor<1x2x5x5xf32>):
    %p = gn.max_pool %a {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
    gn.yield %p : tensor<1x2x3x3xf32>
  }
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// The same pooling split over channels (thread_dim = 1): per iteration of
// [lo, hi), the op on one channel's subviews of input and result; the
// window operand (shape only) is allocated once, outside the loop.
// CHECK-LABEL: func.func @max_pool_threads
// CHECK: gn.launch @gn_kernels::@[[K:k0_max_pool_[0-9A-F]+]](%arg0) {extent = 2 : i64, thread_dim = 1 : i64}
// CHECK: func.func @[[K]](%[[LO:.*]]: index, %[[HI:.*]]: index, %[[X:.*]]: memref<1x2x5x5xf32> {llvm.noalias}, %[[O:.*]]: memref<1x2x3x3xf32> {llvm.noalias})
// CHECK: %[[W:.*]] = memref.alloca() : memref<3x3xf32>
// CHECK: scf.for %[[C:.*]] = %[[LO]] to %[[HI]]
// CHECK: %[[XC:.*]] = memref.subview %[[X]][0, %[[C]], 0, 0] [1, 1, 5, 5] [1, 1, 1, 1]
// CHECK: %[[OC:.*]] = memref.subview %[[O]][0, %[[C]], 0, 0] [1, 1, 3, 3] [1, 1, 1, 1]
// CHECK: %[[P:.*]] = memref.alloc() : memref<1x1x7x7xf32>
// CHECK: linalg.copy ins(%[[XC]] : memref<1x1x5x5xf32, strided<[50, 25, 5, 1], offset: ?>>)
// CHECK: linalg.generic {{.*}} ins(%[[P]], %[[W]] : memref<1x1x7x7xf32>, memref<3x3xf32>) outs(%[[OC]] : memref<1x1x3x3xf32, strided<[18, 9, 3, 1], offset: ?>>)
// CHECK: memref.dealloc %[[P]]
func.func @max_pool_threads(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3], thread_dim = 1>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  ^bb0(%a: tensor<1x2x5x5xf32>):
    %p = gn.max_pool %a {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
    gn.yield %p : tensor<1x2x3x3xf32>
  }
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// A schedule that splits a dim the op does not compute slice by slice (a
// pooled dim) is not followed: one thread.
// CHECK-LABEL: func.func @max_pool_bad_thread_dim
// CHECK: gn.launch @gn_kernels::@{{.*}}(%arg0) 
// CHECK-NOT: scf.for
func.func @max_pool_bad_thread_dim(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3], thread_dim = 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  ^bb0(%a: tensor<1x2x5x5xf32>):
    %p = gn.max_pool %a {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
    gn.yield %p : tensor<1x2x3x3xf32>
  }
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// index_select: one generic over the output that reads the index at the
// index's dims and loads the input there. A negative index counts from the
// end; one out of range is reported to the runtime and clamped to 0, so
// the load stays inside the buffer.
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @index_select
// CHECK: module @gn_kernels
// CHECK: func.func private @gn_index_out_of_range(i64, i64)
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<2x5x3xf32> {llvm.noalias}, %[[I:.*]]: memref<4xi32> {llvm.noalias}, %[[O:.*]]: memref<2x4x3xf32> {llvm.noalias})
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[I]] : memref<4xi32>) outs(%[[O]] : memref<2x4x3xf32>)
// CHECK: ^bb0(%[[V:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[D0:.*]] = linalg.index 0
// CHECK: %[[RAW:.*]] = arith.extsi %[[V]] : i32 to i64
// CHECK: %[[N:.*]] = arith.constant 5 : i64
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[RAW]]
// CHECK: %[[WRAP:.*]] = arith.select %[[NEG]]
// CHECK: scf.if
// CHECK-NEXT: func.call @gn_index_out_of_range(%[[RAW]], %[[N]])
// CHECK: %[[SAFE:.*]] = arith.select %{{.*}}, %[[WRAP]], %{{.*}} : i64
// CHECK: %[[AT:.*]] = arith.index_cast %[[SAFE]]
// CHECK: %[[D2:.*]] = linalg.index 2
// CHECK: memref.load %[[X]][%[[D0]], %[[AT]], %[[D2]]]
func.func @index_select(%x: tensor<2x5x3xf32>, %i: tensor<4xi32>) -> tensor<2x4x3xf32> {
  %0 = gn.fusion "copy" (%x, %i) {schedule = #gn.schedule<loop_order = [0, 1, 2]>} : (tensor<2x5x3xf32>, tensor<4xi32>) -> tensor<2x4x3xf32> {
  ^bb0(%a: tensor<2x5x3xf32>, %b: tensor<4xi32>):
    %s = gn.index_select %a[%b] dim 1 : tensor<2x5x3xf32>, tensor<4xi32> -> tensor<2x4x3xf32>
    gn.yield %s : tensor<2x4x3xf32>
  }
  return %0 : tensor<2x4x3xf32>
}

// -----

// gather: the index has the output's shape; dim 1 is read through it.
// CHECK-LABEL: func.func @gather
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<3x4xf32> {llvm.noalias}, %[[I:.*]]: memref<3x2xi64> {llvm.noalias}, %[[O:.*]]: memref<3x2xf32> {llvm.noalias})
// CHECK: linalg.generic {{.*}} ins(%[[I]] : memref<3x2xi64>) outs(%[[O]] : memref<3x2xf32>)
// CHECK: %[[D0:.*]] = linalg.index 0
// CHECK: func.call @gn_index_out_of_range
// CHECK: %[[AT:.*]] = arith.index_cast
// CHECK: memref.load %[[X]][%[[D0]], %[[AT]]]
func.func @gather(%x: tensor<3x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %0 = gn.fusion "copy" (%x, %i) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<3x4xf32>, tensor<3x2xi64>) -> tensor<3x2xf32> {
  ^bb0(%a: tensor<3x4xf32>, %b: tensor<3x2xi64>):
    %g = gn.gather %a[%b] dim 1 : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
    gn.yield %g : tensor<3x2xf32>
  }
  return %0 : tensor<3x2xf32>
}

// -----

// arange: a kernel with no inputs; start + step * i in f64, stored as the
// interpreter stores a double (f16 through f32).
// CHECK-LABEL: func.func @arange
// CHECK: gn.launch @gn_kernels::@{{.*}}(){{.*}} : () -> tensor<6xf16>
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[O:.*]]: memref<6xf16> {llvm.noalias})
// CHECK: linalg.generic {{.*}} outs(%[[O]] : memref<6xf16>)
// CHECK: %[[I:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK: %[[STEP:.*]] = arith.constant 2.500000e-01 : f64
// CHECK: arith.mulf %[[STEP]], %[[I]] : f64
// CHECK: %[[START:.*]] = arith.constant -1.000000e+00 : f64
// CHECK: %[[V:.*]] = arith.addf %[[START]], %{{.*}} : f64
// CHECK: %[[F:.*]] = arith.truncf %[[V]] : f64 to f32
// CHECK: %[[H:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK: linalg.yield %[[H]] : f16
func.func @arange() -> tensor<6xf16> {
  %0 = gn.fusion "copy" () {schedule = #gn.schedule<loop_order = [0]>} : () -> tensor<6xf16> {
  ^bb0:
    %a = gn.arange {dtype = f16, size = 6 : i64, start = -1.0 : f64, step = 0.25 : f64} : tensor<6xf16>
    gn.yield %a : tensor<6xf16>
  }
  return %0 : tensor<6xf16>
}

// -----

// scatter: the splat base is a fill; without include_self, a first pass
// stores amax's identity (-inf) at every target; then each index position,
// in row-major order, updates its target in f64 (std::max's compare and
// select), stored through f32 to f16 as the interpreter rounds.
// CHECK-LABEL: func.func @scatter
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[S:.*]]: memref<3x2xf16> {llvm.noalias}, %[[I:.*]]: memref<3x2xi64> {llvm.noalias}, %[[O:.*]]: memref<4x2xf16> {llvm.noalias})
// CHECK: linalg.fill ins(%{{.*}} : f16) outs(%[[O]] : memref<4x2xf16>)
// CHECK: scf.for %[[R:.*]] =
// CHECK: scf.for %[[C:.*]] =
// CHECK: memref.load %[[I]][%[[R]], %[[C]]]
// CHECK: func.call @gn_index_out_of_range
// CHECK: %[[T:.*]] = arith.index_cast
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFC00 : f16
// CHECK: memref.store %[[NEGINF]], %[[O]][%[[T]], %[[C]]]
// CHECK: scf.for %[[R2:.*]] =
// CHECK: scf.for %[[C2:.*]] =
// CHECK: %[[T2:.*]] = arith.index_cast
// CHECK: %[[V:.*]] = memref.load %[[S]][%[[R2]], %[[C2]]]
// CHECK: %[[V64:.*]] = arith.extf %[[V]] : f16 to f64
// CHECK: %[[CUR:.*]] = memref.load %[[O]][%[[T2]], %[[C2]]]
// CHECK: %[[CUR64:.*]] = arith.extf %[[CUR]] : f16 to f64
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[CUR64]], %[[V64]] : f64
// CHECK: %[[M:.*]] = arith.select %[[LT]], %[[V64]], %[[CUR64]] : f64
// CHECK: %[[F:.*]] = arith.truncf %[[M]] : f64 to f32
// CHECK: %[[H:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK: memref.store %[[H]], %[[O]][%[[T2]], %[[C2]]]
func.func @scatter(%src: tensor<3x2xf16>, %i: tensor<3x2xi64>) -> tensor<4x2xf16> {
  %0 = gn.fusion "copy" (%src, %i) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<3x2xf16>, tensor<3x2xi64>) -> tensor<4x2xf16> {
  ^bb0(%s: tensor<3x2xf16>, %j: tensor<3x2xi64>):
    %z = gn.constant dense<0.000000e+00> : tensor<4x2xf16>
    %r = gn.scatter %s into %z[%j] dim 0 {include_self = false, reduce = "amax"} : tensor<3x2xf16> into tensor<4x2xf16>, tensor<3x2xi64>
    gn.yield %r : tensor<4x2xf16>
  }
  return %0 : tensor<4x2xf16>
}

// -----

// A scatter into an input may write over it (inplace): the kernel copies the
// base only when the runtime gave the result other bytes. Its index, a row
// index broadcast along features, is loaded at [row, 0].
// CHECK-LABEL: func.func @row_scatter_in_place
// CHECK: gn.launch @gn_kernels::@{{.*}}(%arg2, %arg0, %arg1) {inplace = array<i64: 1>}
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[S:.*]]: memref<3x2xf32> {llvm.noalias}, %[[B:.*]]: memref<4x2xf32> {llvm.noalias}, %[[J:.*]]: memref<3x1xi64> {llvm.noalias}, %[[O:.*]]: memref<4x2xf32> {llvm.noalias})
// CHECK: %[[BP:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK: %[[OP:.*]] = memref.extract_aligned_pointer_as_index %[[O]]
// CHECK: %[[ELSE:.*]] = arith.cmpi ne, %[[BP]], %[[OP]]
// CHECK: scf.if %[[ELSE]]
// CHECK-NEXT: linalg.copy ins(%[[B]] : memref<4x2xf32>) outs(%[[O]] : memref<4x2xf32>)
// CHECK: scf.for %[[R:.*]] =
// CHECK: scf.for %[[C:.*]] =
// CHECK: memref.load %[[J]][%[[R]], %{{.*}}] : memref<3x1xi64>
func.func @row_scatter_in_place(%base: tensor<4x2xf32>, %j: tensor<3x1xi64>, %src: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %0 = gn.fusion "copy" (%src, %base, %j) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<3x2xf32>, tensor<4x2xf32>, tensor<3x1xi64>) -> tensor<4x2xf32> {
  ^bb0(%s: tensor<3x2xf32>, %b: tensor<4x2xf32>, %k: tensor<3x1xi64>):
    %i = gn.broadcast_to %k [3, 2] : tensor<3x1xi64> -> tensor<3x2xi64>
    %r = gn.scatter %s into %b[%i] dim 0 {reduce = "add"} : tensor<3x2xf32> into tensor<4x2xf32>, tensor<3x2xi64>
    gn.yield %r : tensor<4x2xf32>
  }
  return %0 : tensor<4x2xf32>
}

// -----

// roll is a kernel view: the generic reads the input through (p + offset)
// mod n along the dims it moves (roll by 1 of 4: offset 3); flip through
// n - 1 - p. tile reads at p mod n; triangular keeps col - row <= diagonal
// (tril) and writes zero elsewhere.
// CHECK-DAG: #[[ROLL:map[0-9]*]] = affine_map<(d0, d1) -> (d0, (d1 + 3) mod 4)>
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @roll
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<3x4xf32> {llvm.noalias}, %{{.*}}: memref<3x4xf32> {llvm.noalias})
// CHECK: linalg.generic {indexing_maps = [#[[ROLL]], #[[ID]]]
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]]
// CHECK: func.func @k1_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<3x4xf32> {llvm.noalias}, %{{.*}}: memref<6x4xf32> {llvm.noalias})
// CHECK: %[[R:.*]] = linalg.index 0
// CHECK: %[[N:.*]] = arith.constant 3 : index
// CHECK: %[[W:.*]] = arith.remui %[[R]], %[[N]]
// CHECK: %[[C:.*]] = linalg.index 1
// CHECK: memref.load %[[X]][%[[W]], %[[C]]]
// CHECK: func.func @k2_{{.*}}(%{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<3x4xi64> {llvm.noalias}, %{{.*}}: memref<3x4xi64> {llvm.noalias})
// CHECK: ^bb0(%[[IN:.*]]: i64, %{{.*}}: i64):
// CHECK: %[[DIFF:.*]] = arith.subi %{{.*}}, %{{.*}} : i64
// CHECK: %[[DIAG:.*]] = arith.constant -1 : i64
// CHECK: %[[KEEP:.*]] = arith.cmpi sle, %[[DIFF]], %[[DIAG]]
// CHECK: arith.select %[[KEEP]], %[[IN]], %{{.*}} : i64
func.func @roll(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<3x4xf32>) -> tensor<3x4xf32> {
  ^bb0(%a: tensor<3x4xf32>):
    %r = gn.roll %a shifts [1] dims [1] : tensor<3x4xf32>
    gn.yield %r : tensor<3x4xf32>
  }
  return %0 : tensor<3x4xf32>
}
func.func @tile(%x: tensor<3x4xf32>) -> tensor<6x4xf32> {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<3x4xf32>) -> tensor<6x4xf32> {
  ^bb0(%a: tensor<3x4xf32>):
    %r = gn.tile %a [2, 1] : tensor<3x4xf32> -> tensor<6x4xf32>
    gn.yield %r : tensor<6x4xf32>
  }
  return %0 : tensor<6x4xf32>
}
func.func @tril(%x: tensor<3x4xi64>) -> tensor<3x4xi64> {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<3x4xi64>) -> tensor<3x4xi64> {
  ^bb0(%a: tensor<3x4xi64>):
    %r = gn.triangular %a {diagonal = -1 : i64, upper = false} : tensor<3x4xi64>
    gn.yield %r : tensor<3x4xi64>
  }
  return %0 : tensor<3x4xi64>
}

// -----

// Python remainder (the sign of the divisor): on floats fmod (remf) plus
// the divisor when the signs differ; on integers srem by a divisor that is
// never 0, plus the divisor masked by the sign step ((r ^ y) & (r | -r))
// >> 31 (no i1 vector: see floorStep in ScalarOps.cpp), and x % 0 = 0.
// CHECK-LABEL: func.func @remainder
// CHECK: func.func @k0_
// CHECK: %[[R:.*]] = arith.remf %[[A:.*]], %[[B:.*]] : f32
// CHECK: %[[FIXED:.*]] = arith.addf %[[R]], %[[B]]
// CHECK: arith.select %{{.*}}, %[[FIXED]], %[[R]] : f32
// CHECK: func.func @k1_
// CHECK: %[[Z:.*]] = arith.cmpi eq, %[[Y:.*]], %{{.*}} : i32
// CHECK: %[[M1:.*]] = arith.cmpi eq, %[[Y]], %c-1_i32 : i32
// CHECK: %[[ZM1:.*]] = arith.ori %[[Z]], %[[M1]] : i1
// CHECK: %[[D:.*]] = arith.select %[[ZM1]], %{{.*}}, %[[Y]] : i32
// CHECK: %[[R:.*]] = arith.remsi %{{.*}}, %[[D]] : i32
// CHECK: %[[NEG:.*]] = arith.subi %{{.*}}, %[[R]] : i32
// CHECK: %[[NZ:.*]] = arith.ori %[[R]], %[[NEG]] : i32
// CHECK: %[[DIFF:.*]] = arith.xori %[[R]], %[[Y]] : i32
// CHECK: %[[BOTH:.*]] = arith.andi %[[DIFF]], %[[NZ]] : i32
// CHECK: %[[STEP:.*]] = arith.shrsi %[[BOTH]], %{{.*}} : i32
// CHECK: %[[YS:.*]] = arith.andi %[[Y]], %[[STEP]] : i32
// CHECK: %[[ADJ:.*]] = arith.addi %[[R]], %[[YS]] : i32
// CHECK: arith.select %[[Z]], %{{.*}}, %[[ADJ]] : i32
func.func @remainder(%x: tensor<8xf32>, %y: tensor<8xf32>, %i: tensor<8xi32>, %j: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0 = gn.fusion "elementwise" (%x, %y) {schedule = #gn.schedule<loop_order = [0]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
    %r = gn.rem %a, %b : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
    gn.yield %r : tensor<8xf32>
  }
  %1 = gn.fusion "elementwise" (%i, %j) {schedule = #gn.schedule<loop_order = [0]>} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32> {
  ^bb0(%a: tensor<8xi32>, %b: tensor<8xi32>):
    %r = gn.rem %a, %b : tensor<8xi32>, tensor<8xi32> -> tensor<8xi32>
    gn.yield %r : tensor<8xi32>
  }
  return %0, %1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// cumsum: one line at a time, a running f64 sum carried by the inner loop,
// each prefix stored as the interpreter stores a double (integers as
// gn.convert makes them: truncated toward zero, NaN and out-of-range values
// as the type's minimum). Nearest resize: the
// source row is min(floor(o * in / out), in - 1) in f32, as the frameworks
// compute it; unscaled dims are read as they are.
// CHECK-LABEL: func.func @cumsum_resize
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<2x5xi64> {llvm.noalias}, %[[O:.*]]: memref<2x5xi64> {llvm.noalias})
// CHECK: scf.for %[[R:.*]] =
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[SUM:.*]] = %[[ZERO]]) -> (f64)
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[R]], %[[K]]]
// CHECK: %[[W:.*]] = arith.sitofp %[[V]] : i64 to f64
// CHECK: %[[S:.*]] = arith.addf %[[SUM]], %[[W]] : f64
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[S]], %{{.*}} : f64
// CHECK: %[[ABOVE:.*]] = arith.cmpf oge, %[[S]], %{{.*}} : f64
// CHECK: %[[IN:.*]] = arith.andi %[[ABOVE]], %[[BELOW]] : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[IN]], %[[S]], %{{.*}} : f64
// CHECK: %[[I:.*]] = arith.fptosi %[[SAFE]] : f64 to i64
// CHECK: %[[OUT:.*]] = arith.select %[[IN]], %[[I]], %{{.*}} : i64
// CHECK: memref.store %[[OUT]], %[[O]][%[[R]], %[[K]]]
// CHECK: scf.yield %[[S]] : f64
// CHECK: func.func @k1_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[Z:.*]]: memref<1x2x3x5xf32> {llvm.noalias}, %{{.*}}: memref<1x2x6x5xf32> {llvm.noalias})
// CHECK: %[[N:.*]] = linalg.index 0
// CHECK: %[[C:.*]] = linalg.index 1
// CHECK: %[[H:.*]] = linalg.index 2
// CHECK: %[[HI:.*]] = arith.index_cast %[[H]]
// CHECK: %[[SCALE:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[HF:.*]] = arith.sitofp %[[HI]] : i64 to f32
// CHECK: %[[P:.*]] = arith.mulf %[[HF]], %[[SCALE]] : f32
// CHECK: %[[FL:.*]] = math.floor %[[P]] : f32
// CHECK: %[[SRC:.*]] = arith.fptosi %[[FL]]
// CHECK: %[[LAST:.*]] = arith.constant 2 : i64
// CHECK: %[[CL:.*]] = arith.minsi %[[SRC]], %[[LAST]]
// CHECK: %[[ROW:.*]] = arith.index_cast %[[CL]]
// CHECK: %[[W:.*]] = linalg.index 3
// CHECK: memref.load %[[Z]][%[[N]], %[[C]], %[[ROW]], %[[W]]]
func.func @cumsum_resize(%x: tensor<2x5xi64>, %z: tensor<1x2x3x5xf32>) -> (tensor<2x5xi64>, tensor<1x2x6x5xf32>) {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x5xi64>) -> tensor<2x5xi64> {
  ^bb0(%a: tensor<2x5xi64>):
    %c = gn.cumsum %a dim 1 : tensor<2x5xi64>
    gn.yield %c : tensor<2x5xi64>
  }
  %1 = gn.fusion "copy" (%z) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>} : (tensor<1x2x3x5xf32>) -> tensor<1x2x6x5xf32> {
  ^bb0(%a: tensor<1x2x3x5xf32>):
    %r = gn.resize %a [6, 5] {align_corners = false, mode = "nearest"} : tensor<1x2x3x5xf32> -> tensor<1x2x6x5xf32>
    gn.yield %r : tensor<1x2x6x5xf32>
  }
  return %0, %1 : tensor<2x5xi64>, tensor<1x2x6x5xf32>
}

// -----

// argmax: per line, the scan starts at element 0 and carries (best value in
// f64, its index); an element replaces the best when greater or NaN, and
// nothing replaces a NaN. keepdim stores at index 0 of the kept dim. A
// single line (rank-0 result) is still scanned inside a one-trip loop.
// CHECK-LABEL: func.func @argmax
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<2x5xf32> {llvm.noalias}, %[[O:.*]]: memref<2x1xi64> {llvm.noalias})
// CHECK: scf.for %[[R:.*]] =
// CHECK: %[[F:.*]] = memref.load %[[X]][%[[R]], %{{.*}}]
// CHECK: %[[FW:.*]] = arith.extf %[[F]] : f32 to f64
// CHECK: %[[L:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[B:.*]] = %[[FW]], %[[BI:.*]] = %{{.*}}) -> (f64, i64)
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[R]], %[[K]]]
// CHECK: %[[VW:.*]] = arith.extf %[[V]] : f32 to f64
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[VW]], %[[B]] : f64
// CHECK: %[[VN:.*]] = arith.cmpf uno, %[[VW]], %[[VW]] : f64
// CHECK: %[[BN:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f64
// CHECK: %[[OR:.*]] = arith.ori %[[GT]], %[[VN]]
// CHECK: %[[NB:.*]] = arith.xori %[[BN]]
// CHECK: %[[TAKE:.*]] = arith.andi %[[OR]], %[[NB]]
// CHECK: arith.select %[[TAKE]], %[[VW]], %[[B]]
// CHECK: memref.store %[[L]]#1, %[[O]][%[[R]], %{{.*}}]
// CHECK: func.func @k1_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[Y:.*]]: memref<7xi32> {llvm.noalias}, %[[P:.*]]: memref<i64> {llvm.noalias})
// CHECK: scf.for
// CHECK: arith.sitofp %{{.*}} : i32 to f64
// CHECK: %[[M:.*]]:2 = scf.for
// CHECK: arith.cmpf olt
// CHECK: memref.store %[[M]]#1, %[[P]][]
func.func @argmax(%x: tensor<2x5xf32>, %y: tensor<7xi32>) -> (tensor<2x1xi64>, tensor<i64>) {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x5xf32>) -> tensor<2x1xi64> {
  ^bb0(%a: tensor<2x5xf32>):
    %m = gn.argmax %a dim 1 {keepdim = true} : tensor<2x5xf32> -> tensor<2x1xi64>
    gn.yield %m : tensor<2x1xi64>
  }
  %1 = gn.fusion "copy" (%y) {schedule = #gn.schedule<loop_order = []>} : (tensor<7xi32>) -> tensor<i64> {
  ^bb0(%a: tensor<7xi32>):
    %m = gn.argmin %a dim 0 : tensor<7xi32> -> tensor<i64>
    gn.yield %m : tensor<i64>
  }
  return %0, %1 : tensor<2x1xi64>, tensor<i64>
}

// -----

// flip (a kernel view) reads n - 1 - p along a flipped dim. Reflect padding
// reads i = p - low, mirrored as -i below 0 and 2 (n - 1) - i past the end;
// replicate clamps to the edge; circular wraps (p + n - low) mod n.
// CHECK-DAG: #[[FLIP:map[0-9]*]] = affine_map<(d0, d1) -> (d0, -d1 + 4)>
// CHECK-DAG: #[[ID2:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @flip_pad
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<2x5xf32> {llvm.noalias}, %{{.*}}: memref<2x5xf32> {llvm.noalias})
// CHECK: linalg.generic {indexing_maps = [#[[FLIP]], #[[ID2]]]
// CHECK: func.func @k1_pad_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X1:.*]]: memref<2x5xf32> {llvm.noalias}, %{{.*}}: memref<2x8xf32> {llvm.noalias})
// CHECK: %[[I:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK: %[[BELOW:.*]] = arith.cmpi slt, %[[I]]
// CHECK: %[[ABOVE:.*]] = arith.cmpi sge, %[[I]]
// CHECK: %[[NEG:.*]] = arith.subi %{{.*}}, %[[I]]
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK: %[[MIR:.*]] = arith.subi %[[EIGHT]], %[[I]]
// CHECK: %[[IN:.*]] = arith.select %[[ABOVE]], %[[MIR]], %[[I]]
// CHECK: %[[SRC:.*]] = arith.select %[[BELOW]], %[[NEG]], %[[IN]]
// CHECK: memref.load %[[X1]][%{{.*}}, %[[SRC]]]
// CHECK: func.func @k2_pad_
// CHECK: arith.cmpi sge
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: arith.select %{{.*}}, %[[ONE]], %{{.*}} : index
// CHECK: func.func @k3_pad_
// CHECK: %[[FIVE:.*]] = arith.constant 5 : index
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[S:.*]] = arith.addi %{{.*}}, %[[FOUR]]
// CHECK: arith.remui %[[S]], %[[FIVE]]
func.func @flip_pad(%x: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x8xf32>, tensor<4x5xf32>, tensor<2x7xf32>) {
  %0 = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x5xf32>) -> tensor<2x5xf32> {
  ^bb0(%a: tensor<2x5xf32>):
    %f = gn.flip %a [1] : tensor<2x5xf32>
    gn.yield %f : tensor<2x5xf32>
  }
  %1 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x5xf32>) -> tensor<2x8xf32> {
  ^bb0(%a: tensor<2x5xf32>):
    %p = gn.pad %a low [0, 2] high [0, 1] {mode = "reflect"} : tensor<2x5xf32> -> tensor<2x8xf32>
    gn.yield %p : tensor<2x8xf32>
  }
  %2 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x5xf32>) -> tensor<4x5xf32> {
  ^bb0(%a: tensor<2x5xf32>):
    %p = gn.pad %a low [1, 0] high [1, 0] {mode = "replicate"} : tensor<2x5xf32> -> tensor<4x5xf32>
    gn.yield %p : tensor<4x5xf32>
  }
  %3 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1]>} : (tensor<2x5xf32>) -> tensor<2x7xf32> {
  ^bb0(%a: tensor<2x5xf32>):
    %p = gn.pad %a low [0, 1] high [0, 1] {mode = "circular"} : tensor<2x5xf32> -> tensor<2x7xf32>
    gn.yield %p : tensor<2x7xf32>
  }
  return %0, %1, %2, %3 : tensor<2x5xf32>, tensor<2x8xf32>, tensor<4x5xf32>, tensor<2x7xf32>
}

// -----

// Average pooling: per output element, loops over the window's taps carry
// an f64 sum, the taps inside the input and those inside the padded input;
// a tap outside reads a clamped element and adds 0. Without
// count_include_pad the sum is divided by the taps inside.
// CHECK-LABEL: func.func @avg_pool
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<1x2x5x5xf32> {llvm.noalias}, %[[O:.*]]: memref<1x2x3x3xf32> {llvm.noalias})
// CHECK: linalg.generic {{.*}} outs(%[[O]] : memref<1x2x3x3xf32>)
// CHECK: %[[R:.*]]:3 = scf.for {{.*}} iter_args({{.*}}) -> (f64, f64, f64)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64, f64, f64)
// CHECK: %[[V:.*]] = memref.load %[[X]]
// CHECK: %[[W:.*]] = arith.extf %[[V]] : f32 to f64
// CHECK: %[[T:.*]] = arith.select %[[IN:.*]], %[[W]], %{{.*}} : f64
// CHECK: arith.addf %{{.*}}, %[[T]] : f64
// CHECK: %[[M:.*]] = arith.divf %[[R]]#0, %[[R]]#1 : f64
// CHECK: %[[F:.*]] = arith.truncf %[[M]] : f64 to f32
// CHECK: linalg.yield %[[F]] : f32
func.func @avg_pool(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %0 = gn.fusion "copy" (%x) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  ^bb0(%a: tensor<1x2x5x5xf32>):
    %p = gn.avg_pool %a {ceil_mode = false, count_include_pad = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
    gn.yield %p : tensor<1x2x3x3xf32>
  }
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// Linear resize: the source coordinate and weights in f64, four taps
// (bilinear) each loaded at a clamped index and added only when its weight
// is nonzero, stored through f32.
// CHECK-LABEL: func.func @bilinear
// CHECK: func.func @k0_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<1x1x3x4xf32> {llvm.noalias}, %{{.*}}: memref<1x1x6x8xf32> {llvm.noalias})
// CHECK: math.floor
// CHECK: math.floor
// CHECK-COUNT-4: memref.load %[[X]]
// CHECK: arith.cmpf une
// CHECK: %[[S:.*]] = arith.select
// CHECK: arith.truncf %[[S]] : f64 to f32
func.func @bilinear(%z: tensor<1x1x3x4xf32>) -> tensor<1x1x6x8xf32> {
  %0 = gn.fusion "copy" (%z) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>} : (tensor<1x1x3x4xf32>) -> tensor<1x1x6x8xf32> {
  ^bb0(%a: tensor<1x1x3x4xf32>):
    %r = gn.resize %a [6, 8] {align_corners = false, mode = "linear"} : tensor<1x1x3x4xf32> -> tensor<1x1x6x8xf32>
    gn.yield %r : tensor<1x1x6x8xf32>
  }
  return %0 : tensor<1x1x6x8xf32>
}

// -----

// A reduction of constants over a dim of 1 reads no input: a zero-stride
// carrier input spans the loops, so linalg knows every loop's extent
// (Co-DINO-R50/subgraph_19's gather_nd index arithmetic failed to compile
// with "invalid indexing maps are non-invertible" before).
// CHECK-LABEL: func.func @constant_reduction
// CHECK: module @gn_kernels
// CHECK: %[[ONE:.*]] = memref.alloca() : memref<1xi8>
// CHECK: %[[CARRIER:.*]] = memref.reinterpret_cast %[[ONE]] to offset: [0], sizes: [1, 1], strides: [0, 0]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[CARRIER]] : memref<1x1xi8, strided<[0, 0]>>) outs(%{{.*}} : memref<1xi64>)
// CHECK: arith.constant 3 : i32
// CHECK: arith.addi
func.func @constant_reduction() -> tensor<1xi64> {
  %0 = gn.fusion "reduction"() {schedule = #gn.schedule<loop_order = [0, 1]>} : () -> tensor<1xi64> {
    %c = gn.constant dense<3> : tensor<1x1xi32>
    %w = gn.convert %c {dtype = i64} : tensor<1x1xi32> -> tensor<1x1xi64>
    %s = gn.reduce_sum %w dims [1] : tensor<1x1xi64> -> tensor<1xi64>
    gn.yield %s : tensor<1xi64>
  }
  return %0 : tensor<1xi64>
}

// -----

// gn.random: each element from its row-major position p, as the interpreter
// (gn/Support/RandomStream.h): SplitMix64's mix of base(seed) + (p + 1) *
// golden, its top 24 bits (f32's significand) times 2^-24; normal is
// Box-Muller over 53-bit draws at counters 2p and 2p + 1 (log, sqrt, cos in
// f64), rounded once into the element type.
// CHECK-LABEL: func.func @random
// CHECK: func.func @k0_random_{{.*}}(%{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<2x3xf32> {llvm.noalias})
// CHECK: linalg.index 0
// CHECK: linalg.index 1
// CHECK: %[[C:.*]] = arith.addi %{{.*}}, %c1_i64
// CHECK: arith.muli %[[C]], %c-7046029254386353131_i64
// CHECK: arith.shrui %{{.*}}, %c30_i64
// CHECK: arith.shrui %{{.*}}, %c27_i64
// CHECK: arith.shrui %{{.*}}, %c31_i64
// CHECK: %[[B:.*]] = arith.shrui %{{.*}}, %c40_i64
// CHECK: %[[F:.*]] = arith.uitofp %[[B]] : i64 to f64
// CHECK: %[[U:.*]] = arith.mulf %[[F]], %cst : f64
// CHECK: arith.truncf %[[U]] : f64 to f32
// CHECK: func.func @k1_random_{{.*}}(%{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<4xf16> {llvm.noalias})
// CHECK: arith.shrui %{{.*}}, %c11_i64
// CHECK: arith.subf
// CHECK: math.log %{{.*}} : f64
// CHECK: math.sqrt %{{.*}} : f64
// CHECK: math.cos %{{.*}} : f64
// CHECK: %[[N:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.truncf %[[N]] : f32 to f16
func.func @random() -> (tensor<2x3xf32>, tensor<4xf16>) {
  %0 = gn.fusion "copy" () {schedule = #gn.schedule<loop_order = [0, 1]>} : () -> tensor<2x3xf32> {
    %r = gn.random {distribution = "uniform", dtype = f32, seed = 7 : i64, shape = array<i64: 2, 3>} : tensor<2x3xf32>
    gn.yield %r : tensor<2x3xf32>
  }
  %1 = gn.fusion "copy" () {schedule = #gn.schedule<loop_order = [0]>} : () -> tensor<4xf16> {
    %r = gn.random {distribution = "normal", dtype = f16, shape = array<i64: 4>} : tensor<4xf16>
    gn.yield %r : tensor<4xf16>
  }
  return %0, %1 : tensor<2x3xf32>, tensor<4xf16>
}

// -----

// A plain scatter (overwrite) on integers is a copy kernel too: each source
// element stored as it is, in the interpreter's order (Paddle's index
// bookkeeping, i32 scatter into a fill).
// CHECK-LABEL: func.func @scatter_int_overwrite
// CHECK: func.func @k0_scatter_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[S:.*]]: memref<3xi32> {llvm.noalias}, %[[I:.*]]: memref<3xi64> {llvm.noalias}, %[[O:.*]]: memref<8xi32> {llvm.noalias})
// CHECK: linalg.fill ins(%{{.*}} : i32) outs(%[[O]] : memref<8xi32>)
// CHECK: scf.for %[[P:.*]] =
// CHECK: %[[T:.*]] = arith.index_cast
// CHECK: %[[V:.*]] = memref.load %[[S]][%[[P]]] : memref<3xi32>
// CHECK-NOT: arith.extf
// CHECK: memref.store %[[V]], %[[O]][%[[T]]] : memref<8xi32>
func.func @scatter_int_overwrite(%src: tensor<3xi32>, %i: tensor<3xi64>) -> tensor<8xi32> {
  %0 = gn.fusion "copy" (%src, %i) {schedule = #gn.schedule<loop_order = [0]>} : (tensor<3xi32>, tensor<3xi64>) -> tensor<8xi32> {
  ^bb0(%s: tensor<3xi32>, %j: tensor<3xi64>):
    %z = gn.constant dense<-1> : tensor<8xi32>
    %r = gn.scatter %s into %z[%j] dim 0 : tensor<3xi32> into tensor<8xi32>, tensor<3xi64>
    gn.yield %r : tensor<8xi32>
  }
  return %0 : tensor<8xi32>
}

// -----

// grid_sample is a copy kernel over the output: the grid point unnormalized
// in f64 (align_corners: (g + 1) / 2 * (size - 1)), not-finite points read 0,
// bilinear taps at floor(x), floor(y) and +1, weighted and summed in the
// interpreter's order, taps outside the image reading 0.
// CHECK-LABEL: func.func @grid_sample
// CHECK: func.func @k0_grid_sample_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<1x2x4x5xf32> {llvm.noalias}, %[[G:.*]]: memref<1x3x3x2xf32> {llvm.noalias}, %[[O:.*]]: memref<1x2x3x3xf32> {llvm.noalias})
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[O]] : memref<1x2x3x3xf32>)
// CHECK: memref.load %[[G]]
// CHECK: arith.extf {{.*}} : f32 to f64
// CHECK: math.absf
// CHECK: arith.cmpf one
// CHECK: math.floor
// CHECK-COUNT-4: memref.load %[[X]]
// CHECK: arith.truncf {{.*}} : f64 to f32
func.func @grid_sample(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  %0 = gn.fusion "copy" (%x, %g) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>} : (tensor<1x2x4x5xf32>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  ^bb0(%a: tensor<1x2x4x5xf32>, %b: tensor<1x3x3x2xf32>):
    %r = gn.grid_sample %a, %b {align_corners = true, mode = "bilinear", padding_mode = "zeros"} : (tensor<1x2x4x5xf32>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
    gn.yield %r : tensor<1x2x3x3xf32>
  }
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// roi_align is a copy kernel over the output: the box read in f64, the
// grid points that can read the map in two scf.for loops summing f64
// bilinear samples (4 taps), the box's image index checked.
// CHECK-LABEL: func.func @roi_align
// CHECK: func.func @k0_roi_align_{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<2x2x6x5xf32> {llvm.noalias}, %[[B:.*]]: memref<3x4xf32> {llvm.noalias}, %[[I:.*]]: memref<3xi64> {llvm.noalias}, %[[O:.*]]: memref<3x2x2x2xf32> {llvm.noalias})
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[O]] : memref<3x2x2x2xf32>)
// CHECK: memref.load %[[I]]
// CHECK: call @gn_index_out_of_range
// CHECK: memref.load %[[B]]
// CHECK: math.ceil
// CHECK: scf.for
// CHECK: scf.for
// CHECK-COUNT-4: memref.load %[[X]]
// CHECK: arith.truncf {{.*}} : f64 to f32
func.func @roi_align(%x: tensor<2x2x6x5xf32>, %b: tensor<3x4xf32>, %i: tensor<3xi64>) -> tensor<3x2x2x2xf32> {
  %0 = gn.fusion "copy" (%x, %b, %i) {schedule = #gn.schedule<loop_order = [0, 1, 2, 3]>} : (tensor<2x2x6x5xf32>, tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x2x2x2xf32> {
  ^bb0(%a: tensor<2x2x6x5xf32>, %c: tensor<3x4xf32>, %d: tensor<3xi64>):
    %r = gn.roi_align %a, %c, %d {aligned = false, pooled_height = 2 : i64, pooled_width = 2 : i64, sampling_ratio = 0 : i64, spatial_scale = 0.5 : f64} : (tensor<2x2x6x5xf32>, tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x2x2x2xf32>
    gn.yield %r : tensor<3x2x2x2xf32>
  }
  return %0 : tensor<3x2x2x2xf32>
}

// -----

// A reduced loop no operand reads (a sum of a constant, or of a value
// broadcast along the reduced dim) takes its extent from a zero-stride
// carrier of the loop domain.
// CHECK-LABEL: func.func @unread_loop
// CHECK: gn.launch
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4], strides: [0] : memref<1xi8> to memref<4xi8, strided<[0]>>
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]{{.*}} ins(%{{.*}} : memref<4xi8, strided<[0]>>)
func.func @unread_loop() -> tensor<f32> {
  %0 = gn.fusion "reduction" () : () -> tensor<f32> {
    %c = gn.constant dense<1.0> : tensor<4xf32>
    %s = gn.reduce_sum %c dims [0] : tensor<4xf32> -> tensor<f32>
    gn.yield %s : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// A row group's rows-shaped result is written once per index of the reduced
// dim (its last stage loops over the whole domain), so it never writes over
// a rows-shaped input it reads: the second pass would read the first's
// result (torch.quantile's interpolation under merge-launches did).
// The full-shape result may still reuse its full-shape input.
// CHECK-LABEL: func.func @row_result_not_in_place
// CHECK: gn.launch @gn_kernels::@{{k[0-9]+_[0-9A-F]+}}(%arg0, %arg1) {inplace = array<i64: -1, 0>}
func.func @row_result_not_in_place(%x: tensor<4x9xf32>, %y: tensor<1x9xf32>) -> (tensor<1x9xf32>, tensor<4x9xf32>) {
  %0:2 = gn.fusion "row" (%x, %y) : (tensor<4x9xf32>, tensor<1x9xf32>) -> (tensor<1x9xf32>, tensor<4x9xf32>) {
  ^bb0(%a: tensor<4x9xf32>, %b: tensor<1x9xf32>):
    %s = gn.reduce_sum %a dims [0] {keepdim = true} : tensor<4x9xf32> -> tensor<1x9xf32>
    %t = gn.add %b, %s : tensor<1x9xf32>, tensor<1x9xf32> -> tensor<1x9xf32>
    %u = gn.sub %a, %s : tensor<4x9xf32>, tensor<1x9xf32> -> tensor<4x9xf32>
    gn.yield %t, %u : tensor<1x9xf32>, tensor<4x9xf32>
  }
  return %0#0, %0#1 : tensor<1x9xf32>, tensor<4x9xf32>
}

// RUN: gn-opt %s --gn-form-fusion-groups --split-input-file | FileCheck %s
// RUN: gn-opt %s --gn-form-fusion-groups="max-ops=1 fuse-reductions=false" --split-input-file | FileCheck %s --check-prefix=SMALL

// An elementwise chain with a broadcast operand is one group; the splat
// constant is cloned into it, not passed in.
// CHECK-LABEL: func.func @chain
// CHECK: %[[F:.*]] = gn.fusion "elementwise"(%arg0, %arg1) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: gn.add
// CHECK: gn.constant dense<2.000000e+00>
// CHECK: gn.mul
// CHECK: gn.exp
// CHECK: gn.yield
// CHECK-NOT: gn.fusion
// CHECK: return %[[F]]
// SMALL-LABEL: func.func @chain
// SMALL-COUNT-3: gn.fusion "elementwise"
func.func @chain(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %two = gn.constant dense<2.0> : tensor<f32>
  %0 = gn.add %x, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %1 = gn.mul %0, %two : tensor<4x8xf32>, tensor<f32> -> tensor<4x8xf32>
  %2 = gn.exp %1 : tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

// A reduction joins the group producing its input (one pass over memory).
// CHECK-LABEL: func.func @exp_sum
// CHECK: gn.fusion "reduction"(%arg0) : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK: gn.exp
// CHECK: gn.reduce_sum
// CHECK-NOT: gn.fusion
// SMALL-LABEL: func.func @exp_sum
// SMALL: gn.fusion "elementwise"
// SMALL: gn.fusion "reduction"
func.func @exp_sum(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = gn.exp %x : tensor<4x8xf32>
  %1 = gn.reduce_sum %0 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Nor when no input of the producing group spans a reduced loop (every
// input broadcasts along dim 0; the zeros are a splat folded into the
// kernel): the kernel could not know the loop's extent, so the reduction
// reads the materialized value (a PaddleScience graph, x - zeros[4, 1]).
// CHECK-LABEL: func.func @broadcast_only_sum
// CHECK: gn.fusion "elementwise"(%arg0) : (tensor<1x1xf32>) -> tensor<4x1xf32>
// CHECK: gn.fusion "reduction"(%{{.*}}) : (tensor<4x1xf32>) -> tensor<f32>
// SMALL-LABEL: func.func @broadcast_only_sum
func.func @broadcast_only_sum(%a: tensor<1x1xf32>) -> tensor<f32> {
  %z = gn.constant dense<0.0> : tensor<4x1xf32>
  %0 = gn.sub %a, %z : tensor<1x1xf32>, tensor<4x1xf32> -> tensor<4x1xf32>
  %1 = gn.reduce_sum %0 dims [0, 1] : tensor<4x1xf32> -> tensor<f32>
  return %1 : tensor<f32>
}

// -----

// A group nothing reads is dropped, not made a fusion with no results
// (a training-mode batch_norm's decomposition left its statistics dead; the
// schedule then read the missing result type and crashed).
// CHECK-LABEL: func.func @dead_group
// CHECK-NOT: gn.exp
// CHECK: gn.fusion "elementwise"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.tanh
// CHECK-NOT: gn.exp
// CHECK: return
// SMALL-LABEL: func.func @dead_group
func.func @dead_group(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = gn.exp %x : tensor<4xf32>
  %1 = gn.tanh %x : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Not when the producer's value is needed elsewhere too: the elementwise
// group yields it and the reduction reads it.
// CHECK-LABEL: func.func @shared_producer
// CHECK: %[[E:.*]] = gn.fusion "elementwise"(%arg0)
// CHECK: %[[R:.*]] = gn.fusion "reduction"(%[[E]])
// CHECK: return %[[E]], %[[R]]
func.func @shared_producer(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %0 = gn.exp %x : tensor<4x8xf32>
  %1 = gn.reduce_max %0 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4xf32>
}

// -----

// A matmul is a host op; a consumer that also reads its input cannot join
// that input's group (the group would depend on itself through the matmul).
// CHECK-LABEL: func.func @no_cycle
// CHECK: %[[A:.*]] = gn.fusion "elementwise"(%arg0)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.exp
// CHECK: %[[M:.*]] = gn.matmul %[[A]], %[[A]]
// CHECK: gn.fusion "elementwise"(%[[A]], %[[M]])
// CHECK: gn.add
func.func @no_cycle(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %a = gn.exp %x : tensor<4x4xf32>
  %m = gn.matmul %a, %a : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  %c = gn.add %a, %m : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  return %c : tensor<4x4xf32>
}

// -----

// A view of an input read by one elementwise op joins its group; a view
// with two readers is a copy kernel of its own; concat is a copy kernel.
// CHECK-LABEL: func.func @views
// CHECK: %[[T2:.*]] = gn.fusion "elementwise"(%arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.transpose
// CHECK-NEXT: gn.yield
// CHECK: gn.fusion "elementwise"(%arg1, %arg0, %[[T2]])
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.transpose
// CHECK-NEXT: gn.add
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.concat
func.func @views(%x: tensor<4x8xf32>, %y: tensor<8x4xf32>) -> (tensor<8x8xf32>, tensor<8x4xf32>) {
  %t = gn.transpose %y [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  %u = gn.transpose %y [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  %s = gn.add %x, %t : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %s2 = gn.add %s, %u : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %v = gn.neg %u : tensor<4x8xf32>
  %c = gn.concat %s2, %v dim 0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %c, %y : tensor<8x8xf32>, tensor<8x4xf32>
}

// -----

// index_select, gather and arange are copy kernels of their own; the
// elementwise op that reads the gathered rows starts its own group.
// CHECK-LABEL: func.func @gathers
// CHECK: %[[S:.*]] = gn.fusion "copy"(%arg0, %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.index_select
// CHECK: gn.fusion "copy"(%arg0, %arg2)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.gather
// CHECK: gn.fusion "copy"()
// CHECK-NEXT: gn.arange
// CHECK: gn.fusion "elementwise"(%[[S]]
func.func @gathers(%w: tensor<10x4xf32>, %i: tensor<3xi64>, %g: tensor<2x4xi64>) -> (tensor<3x4xf32>, tensor<2x4xf32>, tensor<3xi64>) {
  %s = gn.index_select %w[%i] dim 0 : tensor<10x4xf32>, tensor<3xi64> -> tensor<3x4xf32>
  %t = gn.gather %w[%g] dim 0 : tensor<10x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  %a = gn.arange {dtype = i64, size = 3 : i64, start = 0.0 : f64, step = 1.0 : f64} : tensor<3xi64>
  %e = gn.exp %s : tensor<3x4xf32>
  return %e, %t, %a : tensor<3x4xf32>, tensor<2x4xf32>, tensor<3xi64>
}

// -----

// A scatter is a copy kernel; its splat base is cloned in (the kernel fills
// it, no constant is materialized) while its index stays an input. A mean
// is one too (with a count per target), and an integer scatter with a
// reduction (in f64, saturated to its type, as the interpreter runs it).
// CHECK-LABEL: func.func @scatters
// CHECK: gn.fusion "copy"(%arg0, %arg1)
// CHECK-NEXT: ^bb0(%[[S:.*]]: tensor<3x2xf32>, %[[I:.*]]: tensor<3x2xi64>):
// CHECK-NEXT: %[[Z:.*]] = gn.constant dense<0.000000e+00>
// CHECK-NEXT: gn.scatter %[[S]] into %[[Z]][%[[I]]] dim 0 {include_self = false, reduce = "amax"}
// CHECK: gn.fusion "copy"(%arg0, %arg1)
// CHECK: gn.scatter {{.*}} dim 0 {reduce = "mean"}
// CHECK: gn.yield
// CHECK: gn.fusion "copy"(%arg2, %arg1)
// CHECK: gn.scatter {{.*}} dim 0 {reduce = "add"} : tensor<3x2xi64> into tensor<4x2xi64>
func.func @scatters(%src: tensor<3x2xf32>, %i: tensor<3x2xi64>, %isrc: tensor<3x2xi64>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xi64>) {
  %z = gn.constant dense<0.000000e+00> : tensor<4x2xf32>
  %zi = gn.constant dense<0> : tensor<4x2xi64>
  %s = gn.scatter %src into %z[%i] dim 0 {include_self = false, reduce = "amax"} : tensor<3x2xf32> into tensor<4x2xf32>, tensor<3x2xi64>
  %m = gn.scatter %src into %z[%i] dim 0 {reduce = "mean"} : tensor<3x2xf32> into tensor<4x2xf32>, tensor<3x2xi64>
  %n = gn.scatter %isrc into %zi[%i] dim 0 {reduce = "add"} : tensor<3x2xi64> into tensor<4x2xi64>, tensor<3x2xi64>
  return %s, %m, %n : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xi64>
}

// -----

// A row scatter's index, broadcast along features, is read through the
// broadcast: each scatter gets its own copy of the broadcast in its group
// (the shared one is cloned), so the [3, 2] i64 index is never stored. The
// base is an input here (an intermediate, in place at run time).
// CHECK-LABEL: func.func @row_scatters
// CHECK: %[[A:.*]] = gn.fusion "copy"(%arg1, %arg2, %arg0)
// CHECK-NEXT: ^bb0(%[[J:.*]]: tensor<3x1xi64>, %[[S:.*]]: tensor<3x2xf32>, %[[B:.*]]: tensor<4x2xf32>):
// CHECK-NEXT: %[[I:.*]] = gn.broadcast_to %[[J]] [3, 2]
// CHECK-NEXT: gn.scatter %[[S]] into %[[B]][%[[I]]] dim 0 {reduce = "add"}
// CHECK: gn.fusion "copy"(%arg1, %arg2, %[[A]])
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: gn.broadcast_to
// CHECK-NEXT: gn.scatter
// CHECK-NOT: gn.broadcast_to
func.func @row_scatters(%base: tensor<4x2xf32>, %j: tensor<3x1xi64>, %src: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %i = gn.broadcast_to %j [3, 2] : tensor<3x1xi64> -> tensor<3x2xi64>
  %a = gn.scatter %src into %base[%i] dim 0 {reduce = "add"} : tensor<3x2xf32> into tensor<4x2xf32>, tensor<3x2xi64>
  %b = gn.scatter %src into %a[%i] dim 0 {reduce = "add"} : tensor<3x2xf32> into tensor<4x2xf32>, tensor<3x2xi64>
  return %b : tensor<4x2xf32>
}

// -----

// rem fuses like any elementwise op; a roll alone is a kernel reading
// through its view; tile, triangular, cumsum, nearest, linear and bicubic
// resize and average pooling are copy kernels.
// CHECK-LABEL: func.func @rem_and_moves
// CHECK: gn.fusion "elementwise"(%arg0)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.exp
// CHECK-NEXT: gn.rem
// CHECK: gn.fusion "elementwise"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.roll
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.tile
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.triangular
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.cumsum
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.resize {{.*}}mode = "nearest"
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.avg_pool
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.resize {{.*}}mode = "bicubic"
func.func @rem_and_moves(%x: tensor<3x4xf32>, %z: tensor<1x1x3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<6x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x1x6x8xf32>, tensor<1x1x6x8xf32>, tensor<1x1x1x2xf32>) {
  %e = gn.exp %x : tensor<3x4xf32>
  %r = gn.rem %e, %x : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  %o = gn.roll %x shifts [1] dims [1] : tensor<3x4xf32>
  %t = gn.tile %x [2, 1] : tensor<3x4xf32> -> tensor<6x4xf32>
  %l = gn.triangular %x {diagonal = 0 : i64, upper = false} : tensor<3x4xf32>
  %c = gn.cumsum %x dim 1 : tensor<3x4xf32>
  %n = gn.resize %z [6, 8] {align_corners = false, mode = "nearest"} : tensor<1x1x3x4xf32> -> tensor<1x1x6x8xf32>
  %p = gn.avg_pool %z {ceil_mode = false, count_include_pad = true, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<1x1x3x4xf32> -> tensor<1x1x1x2xf32>
  %b = gn.resize %z [6, 8] {align_corners = false, mode = "bicubic"} : tensor<1x1x3x4xf32> -> tensor<1x1x6x8xf32>
  return %r, %o, %t, %l, %c, %n, %b, %p : tensor<3x4xf32>, tensor<3x4xf32>, tensor<6x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x1x6x8xf32>, tensor<1x1x6x8xf32>, tensor<1x1x1x2xf32>
}

// -----

// grid_sample is a copy kernel in each mode: bilinear and nearest pad with
// zeros or border, bicubic with reflection too (it ran in the interpreter
// until session 35 although its kernel was written).
// CHECK-LABEL: func.func @grid_samples
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.grid_sample {{.*}}mode = "bilinear", padding_mode = "border"
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.grid_sample {{.*}}mode = "bicubic", padding_mode = "reflection"
// CHECK: gn.fusion "copy"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.grid_sample {{.*}}mode = "bicubic", padding_mode = "zeros"
func.func @grid_samples(%x: tensor<1x2x5x6xf32>, %g: tensor<1x3x4x2xf32>) -> (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) {
  %a = gn.grid_sample %x, %g {align_corners = false, mode = "bilinear", padding_mode = "border"} : (tensor<1x2x5x6xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  %b = gn.grid_sample %x, %g {align_corners = true, mode = "bicubic", padding_mode = "reflection"} : (tensor<1x2x5x6xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  %c = gn.grid_sample %x, %g {align_corners = false, mode = "bicubic", padding_mode = "zeros"} : (tensor<1x2x5x6xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return %a, %b, %c : tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>
}

// -----

// The group reading a slice of %1 sits where its last op was, above the
// group producing %1: the block is re-sorted keeping the op order where it
// can, so it moves just below its producer and stays above the unrelated
// matmul (a sort that defers it a whole sweep would put it after).
// CHECK-LABEL: func.func @stable_order
// CHECK: %[[P:.*]]:2 = gn.fusion "elementwise"(%arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.exp
// CHECK-NEXT: gn.neg
// CHECK: gn.fusion "elementwise"(%arg0, %[[P]]#0)
// CHECK: gn.matmul
func.func @stable_order(%x: tensor<4xf32>, %y: tensor<8xf32>, %m: tensor<2x2xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<2x2xf32>) {
  %0 = gn.exp %x : tensor<4xf32>
  %1 = gn.exp %y : tensor<8xf32>
  %s = gn.slice %1 starts [0] limits [8] steps [2] : tensor<8xf32> -> tensor<4xf32>
  %3 = gn.add %0, %s : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %4 = gn.neg %1 : tensor<8xf32>
  %5 = gn.matmul %m, %m : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return %3, %4, %5 : tensor<4xf32>, tensor<8xf32>, tensor<2x2xf32>
}

// -----

// A slice that is one contiguous run of its input stays outside the groups:
// the runtime reads it as a view, without a copy (%a: rows of a 2-D value
// still read later; %c: a channel chunk, half the input). A small run of a
// value nothing reads afterwards is copied instead (%d, into its reader's
// group), so that the view does not keep the whole input alive; so is a
// strided slice (%e), read through a map.
// CHECK-LABEL: func.func @contiguous_slices
// CHECK: %[[X:.*]] = gn.fusion "elementwise"(%arg0)
// CHECK: %[[A:.*]] = gn.slice %[[X]] starts [2, 0] limits [4, 8]
// CHECK: gn.fusion "elementwise"(%[[A]])
// CHECK-NOT: gn.slice
// CHECK: gn.matmul
// CHECK: %[[C:.*]] = gn.slice %arg1 starts [0, 2, 0, 0] limits [1, 4, 3, 3]
// CHECK: gn.fusion "elementwise"(%[[C]])
// CHECK: %[[Z:.*]] = gn.fusion "elementwise"(%arg2)
// CHECK: gn.fusion "elementwise"(%[[Z]])
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.slice {{.*}} starts [0, 0] limits [1, 16]
// CHECK: gn.fusion "elementwise"(%arg2)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.slice {{.*}} steps [1, 2]
func.func @contiguous_slices(%x: tensor<8x8xf32>, %y: tensor<1x4x3x3xf32>, %z: tensor<16x16xf32>) -> (tensor<2x8xf32>, tensor<8x8xf32>, tensor<1x2x3x3xf32>, tensor<1x16xf32>, tensor<16x8xf32>) {
  %0 = gn.exp %x : tensor<8x8xf32>
  %a = gn.slice %0 starts [2, 0] limits [4, 8] steps [1, 1] : tensor<8x8xf32> -> tensor<2x8xf32>
  %b = gn.neg %a : tensor<2x8xf32>
  %m = gn.matmul %0, %0 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %c = gn.slice %y starts [0, 2, 0, 0] limits [1, 4, 3, 3] steps [1, 1, 1, 1] : tensor<1x4x3x3xf32> -> tensor<1x2x3x3xf32>
  %n = gn.neg %c : tensor<1x2x3x3xf32>
  %1 = gn.exp %z : tensor<16x16xf32>
  %d = gn.slice %1 starts [0, 0] limits [1, 16] steps [1, 1] : tensor<16x16xf32> -> tensor<1x16xf32>
  %k = gn.neg %d : tensor<1x16xf32>
  %e = gn.slice %z starts [0, 0] limits [16, 16] steps [1, 2] : tensor<16x16xf32> -> tensor<16x8xf32>
  %f = gn.neg %e : tensor<16x8xf32>
  return %b, %m, %n, %k, %f : tensor<2x8xf32>, tensor<8x8xf32>, tensor<1x2x3x3xf32>, tensor<1x16xf32>, tensor<16x8xf32>
}

// -----

// An op that waits for a value computed after a group (%p1, a later band's
// partial sum) does not join it when the group has an input only it reads
// (%p0): the group would run later and keep %p0 alive across %p1's
// computation. When %p1 comes first, it joins.
// CHECK-LABEL: func.func @join_waits
// CHECK: %[[P0:.*]] = gn.matmul %arg0
// CHECK: %[[E:.*]] = gn.fusion "elementwise"(%[[P0]])
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.exp
// CHECK-NEXT: gn.yield
// CHECK: %[[P1:.*]] = gn.matmul %arg1
// CHECK: gn.fusion "elementwise"(%[[E]], %[[P1]])
// CHECK-LABEL: func.func @join_ready
// CHECK: gn.fusion "elementwise"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.exp
// CHECK-NEXT: gn.add
func.func @join_waits(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %p0 = gn.matmul %a, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %e = gn.exp %p0 : tensor<4x8xf32>
  %p1 = gn.matmul %b, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %s = gn.add %e, %p1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}
func.func @join_ready(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %p0 = gn.matmul %a, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %p1 = gn.matmul %b, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %e = gn.exp %p0 : tensor<4x8xf32>
  %s = gn.add %e, %p1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

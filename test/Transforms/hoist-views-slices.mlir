// RUN: gn-opt %s --gn-hoist-views --split-input-file | FileCheck %s

// Self-attention on a packed projection: q, k and v are thirds of one
// GEMM's bias add. The add splits into three adds over slices of its
// operands, each head split moves onto them, and the slices sink below
// the reshape: q reads [5, 12, 4] cut to heads [0, 4) through a transpose
// (views its kernel reads), no copy of a slice.
// CHECK-LABEL: func.func @packed_qkv
// CHECK: %[[MM:.*]] = gn.matmul
// CHECK: %[[R:.*]] = gn.reshape %[[MM]] [5, 12, 4] : tensor<5x1x48xf32> -> tensor<5x12x4xf32>
// CHECK: %[[S:.*]] = gn.slice %[[R]] starts [0, 0, 0] limits [5, 4, 4]
// CHECK: %[[RB:.*]] = gn.reshape %arg2 [1, 12, 4] : tensor<48xf32> -> tensor<1x12x4xf32>
// CHECK: %[[SB:.*]] = gn.slice %[[RB]] starts [0, 0, 0] limits [1, 4, 4]
// CHECK: gn.slice %{{.*}} starts [0, 4, 0] limits [5, 8, 4]
// CHECK: gn.slice %{{.*}} starts [0, 8, 0] limits [5, 12, 4]
// CHECK: %[[T:.*]] = gn.transpose %[[S]] [1, 0, 2] : tensor<5x4x4xf32> -> tensor<4x5x4xf32>
// CHECK: %[[TB:.*]] = gn.transpose %[[SB]] [1, 0, 2] : tensor<1x4x4xf32> -> tensor<4x1x4xf32>
// CHECK: %[[Q:.*]] = gn.add %[[T]], %[[TB]] : tensor<4x5x4xf32>, tensor<4x1x4xf32> -> tensor<4x5x4xf32>
// CHECK-NOT: tensor<5x1x48xf32> -> tensor<5x1x48xf32>
// CHECK: return %[[Q]]
func.func @packed_qkv(%x: tensor<5x1x16xf32>, %w: tensor<48x16xf32>, %b: tensor<48xf32>) -> (tensor<4x5x4xf32>, tensor<4x5x4xf32>, tensor<4x5x4xf32>) {
  %mm = gn.matmul %x, %w {transpose_rhs} : tensor<5x1x16xf32>, tensor<48x16xf32> -> tensor<5x1x48xf32>
  %a = gn.add %mm, %b : tensor<5x1x48xf32>, tensor<48xf32> -> tensor<5x1x48xf32>
  %q0 = gn.slice %a starts [0, 0, 0] limits [5, 1, 16] steps [1, 1, 1] : tensor<5x1x48xf32> -> tensor<5x1x16xf32>
  %k0 = gn.slice %a starts [0, 0, 16] limits [5, 1, 32] steps [1, 1, 1] : tensor<5x1x48xf32> -> tensor<5x1x16xf32>
  %v0 = gn.slice %a starts [0, 0, 32] limits [5, 1, 48] steps [1, 1, 1] : tensor<5x1x48xf32> -> tensor<5x1x16xf32>
  %q1 = gn.reshape %q0 [5, 4, 4] : tensor<5x1x16xf32> -> tensor<5x4x4xf32>
  %k1 = gn.reshape %k0 [5, 4, 4] : tensor<5x1x16xf32> -> tensor<5x4x4xf32>
  %v1 = gn.reshape %v0 [5, 4, 4] : tensor<5x1x16xf32> -> tensor<5x4x4xf32>
  %q = gn.transpose %q1 [1, 0, 2] : tensor<5x4x4xf32> -> tensor<4x5x4xf32>
  %k = gn.transpose %k1 [1, 0, 2] : tensor<5x4x4xf32> -> tensor<4x5x4xf32>
  %v = gn.transpose %v1 [1, 0, 2] : tensor<5x4x4xf32> -> tensor<4x5x4xf32>
  return %q, %k, %v : tensor<4x5x4xf32>, tensor<4x5x4xf32>, tensor<4x5x4xf32>
}

// -----

// GPT-2's split of c_attn: slices of a reshape of the add. The add splits
// through the reshape (the bias [48] broadcast over rows stays 1 there).
// CHECK-LABEL: func.func @split_after_reshape
// CHECK: %[[MM:.*]] = gn.matmul
// CHECK-DAG: %[[R:.*]] = gn.reshape %[[MM]] [1, 7, 48] : tensor<7x48xf32> -> tensor<1x7x48xf32>
// CHECK-DAG: %[[S:.*]] = gn.slice %[[R]] starts [0, 0, 16] limits [1, 7, 32]
// CHECK-DAG: %[[RB:.*]] = gn.reshape %arg2 [1, 1, 48] : tensor<48xf32> -> tensor<1x1x48xf32>
// CHECK-DAG: %[[SB:.*]] = gn.slice %[[RB]] starts [0, 0, 16] limits [1, 1, 32]
// CHECK: %[[K:.*]] = gn.add %[[SB]], %[[S]] : tensor<1x1x16xf32>, tensor<1x7x16xf32> -> tensor<1x7x16xf32>
// CHECK: return %[[K]]
func.func @split_after_reshape(%x: tensor<7x16xf32>, %w: tensor<16x48xf32>, %b: tensor<48xf32>) -> (tensor<1x7x16xf32>, tensor<1x7x16xf32>) {
  %mm = gn.matmul %x, %w : tensor<7x16xf32>, tensor<16x48xf32> -> tensor<7x48xf32>
  %a = gn.add %b, %mm : tensor<48xf32>, tensor<7x48xf32> -> tensor<7x48xf32>
  %r = gn.reshape %a [1, 7, 48] : tensor<7x48xf32> -> tensor<1x7x48xf32>
  %k = gn.slice %r starts [0, 0, 16] limits [1, 7, 32] steps [1, 1, 1] : tensor<1x7x48xf32> -> tensor<1x7x16xf32>
  %v = gn.slice %r starts [0, 0, 32] limits [1, 7, 48] steps [1, 1, 1] : tensor<1x7x48xf32> -> tensor<1x7x16xf32>
  return %k, %v : tensor<1x7x16xf32>, tensor<1x7x16xf32>
}

// -----

// x * sigmoid(x) cut in two halves: the mul reads computed values (x and
// its sigmoid), so nothing splits; a chain of elementwise ops cut apart
// would cut what one kernel held into one per slice.
// CHECK-LABEL: func.func @elementwise_operands
// CHECK: %[[Y:.*]] = gn.mul %{{.*}}, %{{.*}} : tensor<1x4x8xf32>, tensor<1x4x8xf32> -> tensor<1x4x8xf32>
// CHECK: gn.slice %[[Y]] starts [0, 0, 0] limits [1, 4, 4]
// CHECK: gn.slice %[[Y]] starts [0, 0, 4] limits [1, 4, 8]
func.func @elementwise_operands(%a: tensor<1x4x8xf32>, %b: tensor<1x4x8xf32>) -> (tensor<1x4x4xf32>, tensor<1x4x4xf32>) {
  %x = gn.add %a, %b : tensor<1x4x8xf32>, tensor<1x4x8xf32> -> tensor<1x4x8xf32>
  %s = gn.sigmoid %x : tensor<1x4x8xf32>
  %y = gn.mul %x, %s : tensor<1x4x8xf32>, tensor<1x4x8xf32> -> tensor<1x4x8xf32>
  %y0 = gn.slice %y starts [0, 0, 0] limits [1, 4, 4] steps [1, 1, 1] : tensor<1x4x8xf32> -> tensor<1x4x4xf32>
  %y1 = gn.slice %y starts [0, 0, 4] limits [1, 4, 8] steps [1, 1, 1] : tensor<1x4x8xf32> -> tensor<1x4x4xf32>
  return %y0, %y1 : tensor<1x4x4xf32>, tensor<1x4x4xf32>
}

// -----

// Overlapping slices of a bias add: splitting would compute points twice.
// CHECK-LABEL: func.func @overlap
// CHECK: %[[A:.*]] = gn.add %arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
// CHECK: gn.slice %[[A]] starts [0, 0] limits [4, 5]
// CHECK: gn.slice %[[A]] starts [0, 3] limits [4, 8]
func.func @overlap(%m: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %x = gn.add %m, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %s0 = gn.slice %x starts [0, 0] limits [4, 5] steps [1, 1] : tensor<4x8xf32> -> tensor<4x5xf32>
  %s1 = gn.slice %x starts [0, 3] limits [4, 8] steps [1, 1] : tensor<4x8xf32> -> tensor<4x5xf32>
  return %s0, %s1 : tensor<4x5xf32>, tensor<4x5xf32>
}

// -----

// A channel chunk (a contiguous run of the result) is a free view: the
// silu stays one op, its halves views of it.
// CHECK-LABEL: func.func @contiguous_chunks
// CHECK: %[[Y:.*]] = gn.mul %{{.*}}, %{{.*}} : tensor<1x8x4xf32>
// CHECK: gn.slice %[[Y]] starts [0, 0, 0] limits [1, 4, 4]
// CHECK: gn.slice %[[Y]] starts [0, 4, 0] limits [1, 8, 4]
func.func @contiguous_chunks(%x: tensor<1x8x4xf32>) -> (tensor<1x4x4xf32>, tensor<1x4x4xf32>) {
  %s = gn.sigmoid %x : tensor<1x8x4xf32>
  %y = gn.mul %x, %s : tensor<1x8x4xf32>, tensor<1x8x4xf32> -> tensor<1x8x4xf32>
  %y0 = gn.slice %y starts [0, 0, 0] limits [1, 4, 4] steps [1, 1, 1] : tensor<1x8x4xf32> -> tensor<1x4x4xf32>
  %y1 = gn.slice %y starts [0, 4, 0] limits [1, 8, 4] steps [1, 1, 1] : tensor<1x8x4xf32> -> tensor<1x4x4xf32>
  return %y0, %y1 : tensor<1x4x4xf32>, tensor<1x4x4xf32>
}

// -----

// The add's result is also read whole: it stays one add.
// CHECK-LABEL: func.func @other_use
// CHECK: %[[A:.*]] = gn.add %arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK: gn.slice %[[A]]
func.func @other_use(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x4xf32>, tensor<4x8xf32>) {
  %x = gn.add %a, %b : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %s = gn.slice %x starts [0, 0] limits [4, 4] steps [1, 1] : tensor<4x8xf32> -> tensor<4x4xf32>
  return %s, %x : tensor<4x4xf32>, tensor<4x8xf32>
}

// -----

// A cut that splits rows of the reshape (columns [3, 9) as [3, 2]) stays
// where it is; a cut on whole rows ([4, 10) as [3, 2]) sinks.
// CHECK-LABEL: func.func @sink_only_whole_rows
// CHECK: %[[S:.*]] = gn.slice %[[M:.*]] starts [0, 3] limits [4, 9]
// CHECK: gn.reshape %[[S]] [4, 3, 2]
// CHECK: %[[R:.*]] = gn.reshape %[[M]] [4, 8, 2] : tensor<4x16xf32> -> tensor<4x8x2xf32>
// CHECK: gn.slice %[[R]] starts [0, 2, 0] limits [4, 5, 2]
func.func @sink_only_whole_rows(%a: tensor<4x16xf32>, %b: tensor<16x16xf32>) -> (tensor<4x3x2xf32>, tensor<4x3x2xf32>) {
  %m = gn.matmul %a, %b : tensor<4x16xf32>, tensor<16x16xf32> -> tensor<4x16xf32>
  %s0 = gn.slice %m starts [0, 3] limits [4, 9] steps [1, 1] : tensor<4x16xf32> -> tensor<4x6xf32>
  %r0 = gn.reshape %s0 [4, 3, 2] : tensor<4x6xf32> -> tensor<4x3x2xf32>
  %s1 = gn.slice %m starts [0, 4] limits [4, 10] steps [1, 1] : tensor<4x16xf32> -> tensor<4x6xf32>
  %r1 = gn.reshape %s1 [4, 3, 2] : tensor<4x6xf32> -> tensor<4x3x2xf32>
  return %r0, %r1 : tensor<4x3x2xf32>, tensor<4x3x2xf32>
}

// -----

// The reshape only appends 1s after a cut dim of 1 that follows a dim
// other than 1 (Paddle's yolo_box): no run of rows, nothing sinks.
// CHECK-LABEL: func.func @cut_among_trailing_ones
// CHECK: %[[S:.*]] = gn.slice %{{.*}} starts [0, 1] limits [2, 2]
// CHECK: gn.reshape %[[S]] [2, 1, 1, 1]
func.func @cut_among_trailing_ones(%a: tensor<2x4xf32>, %b: tensor<4x2xf32>) -> tensor<2x1x1x1xf32> {
  %m = gn.matmul %a, %b : tensor<2x4xf32>, tensor<4x2xf32> -> tensor<2x2xf32>
  %s = gn.slice %m starts [0, 1] limits [2, 2] steps [1, 1] : tensor<2x2xf32> -> tensor<2x1xf32>
  %r = gn.reshape %s [2, 1, 1, 1] : tensor<2x1xf32> -> tensor<2x1x1x1xf32>
  return %r : tensor<2x1x1x1xf32>
}

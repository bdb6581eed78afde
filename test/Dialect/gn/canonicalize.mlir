// RUN: gn-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @reshape_chain_folds
// CHECK-NEXT: %[[R:.+]] = gn.reshape %arg0 [6] : tensor<2x3xf32> -> tensor<6xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_chain_folds(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = gn.reshape %x [3, 2] : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = gn.reshape %0 [6] : tensor<3x2xf32> -> tensor<6xf32>
  return %1 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @identity_ops_fold
// CHECK-NEXT: return %arg0
func.func @identity_ops_fold(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gn.reshape %x [2, 3] : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = gn.transpose %0 [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = gn.slice %1 starts [0, 0] limits [2, 3] steps [1, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  %3 = gn.convert %2 {dtype = f32} : tensor<2x3xf32> -> tensor<2x3xf32>
  %4 = gn.broadcast_to %3 [2, 3] : tensor<2x3xf32> -> tensor<2x3xf32>
  %5 = gn.concat %4 dim 0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %5 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @no_fold_real_transpose
// CHECK: gn.transpose
func.func @no_fold_real_transpose(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = gn.transpose %x [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @splat_broadcast_folds
// CHECK-NEXT: %[[C:.+]] = gn.constant dense<1.000000e+00> : tensor<4x3xf32>
// CHECK-NEXT: return %[[C]]
func.func @splat_broadcast_folds() -> tensor<4x3xf32> {
  %c = gn.constant dense<1.0> : tensor<3xf32>
  %0 = gn.broadcast_to %c [4, 3] : tensor<3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A slice or a transpose of a splat is a smaller splat.
// CHECK-LABEL: func.func @splat_slice_transpose_fold
// CHECK-DAG: gn.constant dense<0.000000e+00> : tensor<2x2xf32>
// CHECK-DAG: gn.constant dense<0.000000e+00> : tensor<3x4xf32>
// CHECK-NOT: gn.slice
// CHECK-NOT: gn.transpose
func.func @splat_slice_transpose_fold() -> (tensor<2x2xf32>, tensor<3x4xf32>) {
  %c = gn.constant dense<0.0> : tensor<4x3xf32>
  %0 = gn.slice %c starts [0, 1] limits [4, 3] steps [2, 1] : tensor<4x3xf32> -> tensor<2x2xf32>
  %1 = gn.transpose %c [1, 0] : tensor<4x3xf32> -> tensor<3x4xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<3x4xf32>
}

// -----

// A transpose of the last two dims moves into matmul's trans flags; a
// second one toggles the flag back. The transposes are then dead.
// CHECK-LABEL: func.func @matmul_reads_transposed
// CHECK-NEXT: %[[A:.+]] = gn.matmul %arg0, %arg1 {transpose_lhs, transpose_rhs} : tensor<2x3x4xf32>, tensor<2x5x3xf32> -> tensor<2x4x5xf32>
// CHECK-NEXT: %[[B:.+]] = gn.matmul %arg1, %arg2 : tensor<2x5x3xf32>, tensor<3x6xf32> -> tensor<2x5x6xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @matmul_reads_transposed(%x: tensor<2x3x4xf32>, %y: tensor<2x5x3xf32>, %z: tensor<3x6xf32>) -> (tensor<2x4x5xf32>, tensor<2x5x6xf32>) {
  %xt = gn.transpose %x [0, 2, 1] : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  %yt = gn.transpose %y [0, 2, 1] : tensor<2x5x3xf32> -> tensor<2x3x5xf32>
  %0 = gn.matmul %xt, %yt : tensor<2x4x3xf32>, tensor<2x3x5xf32> -> tensor<2x4x5xf32>
  %zt = gn.transpose %z [1, 0] : tensor<3x6xf32> -> tensor<6x3xf32>
  %1 = gn.matmul %y, %zt {transpose_rhs} : tensor<2x5x3xf32>, tensor<6x3xf32> -> tensor<2x5x6xf32>
  return %0, %1 : tensor<2x4x5xf32>, tensor<2x5x6xf32>
}

// -----

// Only the last two dims: a batch permutation stays a transpose.
// CHECK-LABEL: func.func @matmul_keeps_batch_transpose
// CHECK: gn.transpose
// CHECK: gn.matmul %{{.*}}, %arg1 : tensor<3x2x4xf32>, tensor<4x5xf32>
func.func @matmul_keeps_batch_transpose(%x: tensor<2x3x4xf32>, %y: tensor<4x5xf32>) -> tensor<3x2x5xf32> {
  %xt = gn.transpose %x [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  %0 = gn.matmul %xt, %y : tensor<3x2x4xf32>, tensor<4x5xf32> -> tensor<3x2x5xf32>
  return %0 : tensor<3x2x5xf32>
}

// -----

// An empty input adds nothing to a concatenation and is dropped; with one
// input left, the result is that input.
// CHECK-LABEL: func.func @concat_of_empty_folds
// CHECK-NEXT: %[[C:.+]] = gn.concat %arg1, %arg1 dim 1 : (tensor<19x19xi1>, tensor<19x19xi1>) -> tensor<19x38xi1>
// CHECK-NEXT: return %arg1, %[[C]]
func.func @concat_of_empty_folds(%e: tensor<19x0xi1>, %x: tensor<19x19xi1>) -> (tensor<19x19xi1>, tensor<19x38xi1>) {
  %0 = gn.concat %e, %x dim 1 : (tensor<19x0xi1>, tensor<19x19xi1>) -> tensor<19x19xi1>
  %1 = gn.concat %x, %e, %x dim 1 : (tensor<19x19xi1>, tensor<19x0xi1>, tensor<19x19xi1>) -> tensor<19x38xi1>
  return %0, %1 : tensor<19x19xi1>, tensor<19x38xi1>
}

// -----

// A transpose that moves only dims of size 1 is a reshape (a view); one
// that reorders dims of other sizes stays.
// CHECK-LABEL: func.func @unit_dim_transpose_is_reshape
// CHECK: %[[R:.*]] = gn.reshape %arg0 [7, 1, 4] : tensor<1x7x4xf32> -> tensor<7x1x4xf32>
// CHECK: %[[T:.*]] = gn.transpose %arg1 [1, 0, 2] : tensor<2x7x4xf32> -> tensor<7x2x4xf32>
// CHECK: return %[[R]], %[[T]]
func.func @unit_dim_transpose_is_reshape(%x: tensor<1x7x4xf32>, %y: tensor<2x7x4xf32>) -> (tensor<7x1x4xf32>, tensor<7x2x4xf32>) {
  %0 = gn.transpose %x [1, 0, 2] : tensor<1x7x4xf32> -> tensor<7x1x4xf32>
  %1 = gn.transpose %y [1, 0, 2] : tensor<2x7x4xf32> -> tensor<7x2x4xf32>
  return %0, %1 : tensor<7x1x4xf32>, tensor<7x2x4xf32>
}

// -----

// A pad of nothing on every side is its input, in any mode; a real pad
// stays.
// CHECK-LABEL: func.func @zero_pad
// CHECK-NEXT: %[[P:.*]] = gn.pad %arg0 low [0, 1] high [0, 0]
// CHECK-NEXT: return %arg0, %[[P]]
func.func @zero_pad(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x4xf32>) {
  %a = gn.pad %x low [0, 0] high [0, 0] {mode = "reflect"} : tensor<2x3xf32> -> tensor<2x3xf32>
  %b = gn.pad %a low [0, 1] high [0, 0] : tensor<2x3xf32> -> tensor<2x4xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x4xf32>
}

// -----

// A transpose of a transpose is one transpose of the first's input: a head
// split undone (relative attention's q.transpose(1, 2) of heads) is no
// transpose at all; two that do not cancel compose (result dim i is the
// input's p[q[i]]).
// CHECK-LABEL: func.func @transpose_of_transpose
// CHECK-NEXT: %[[T:.*]] = gn.transpose %arg0 [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT: return %arg0, %[[T]]
func.func @transpose_of_transpose(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>) {
  %a = gn.transpose %x [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  %b = gn.transpose %a [1, 0, 2] : tensor<3x2x4xf32> -> tensor<2x3x4xf32>
  %c = gn.transpose %a [2, 1, 0] : tensor<3x2x4xf32> -> tensor<4x2x3xf32>
  return %b, %c : tensor<2x3x4xf32>, tensor<4x2x3xf32>
}

// -----

// A splat inserted into a small tensor is a select with a constant mask
// over the window (steps included): elementwise, so it fuses into the
// kernel that reads it (Swin V2 zeroes k's third of a copy of its qkv
// bias; Swin's shifted-window masks fill regions with constants).
// CHECK-LABEL: func.func @insert_splat
// CHECK-DAG: %[[M:.*]] = gn.constant dense<[false, true, false, true, false, false]> : tensor<6xi1>
// CHECK-DAG: %[[C:.*]] = gn.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[W:.*]] = gn.where %[[M]], %[[C]], %arg0 : tensor<6xi1>, tensor<f32>, tensor<6xf32> -> tensor<6xf32>
// CHECK: %[[I:.*]] = gn.insert_slice %arg1 into %arg0
// CHECK: return %[[W]], %[[I]]
func.func @insert_splat(%b: tensor<6xf32>, %v: tensor<2xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %z = gn.constant dense<0.0> : tensor<2xf32>
  %r = gn.insert_slice %z into %b starts [1] limits [5] steps [2] : tensor<2xf32> into tensor<6xf32>
  %s = gn.insert_slice %v into %b starts [1] limits [5] steps [2] : tensor<2xf32> into tensor<6xf32>
  return %r, %s : tensor<6xf32>, tensor<6xf32>
}

// -----

// A zero pad of the spatial dims, the same on both sides, becomes the
// convolution's own padding (Squeezeformer pads its depthwise conv1d's
// input by 15 and 15); one-sided, nonzero, reflecting or channel pads, and
// padding past the kernel's extent, stay.
// CHECK-LABEL: func.func @conv_absorbs_pad
// CHECK: %[[A:.*]] = gn.conv %arg0, %arg1 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 3>, stride = array<i64: 1>}
// CHECK: gn.pad %arg0 low [0, 0, 1] high [0, 0, 0]
// CHECK: gn.pad %arg0 low [0, 0, 2] high [0, 0, 2] {value = 1.000000e+00 : f64}
// CHECK: gn.pad %arg0 low [0, 0, 2] high [0, 0, 2] {mode = "reflect"
// CHECK: gn.pad %arg0 low [0, 1, 0] high [0, 1, 0]
// CHECK: %[[P:.*]] = gn.pad %arg0 low [0, 0, 4] high [0, 0, 4]
// CHECK: gn.conv %[[P]], %arg1 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 1>
func.func @conv_absorbs_pad(%x: tensor<1x2x8xf32>, %w: tensor<3x2x5xf32>, %w4: tensor<3x4x5xf32>)
    -> (tensor<1x3x10xf32>, tensor<1x3x5xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<1x3x2xf32>, tensor<1x3x14xf32>) {
  %p = gn.pad %x low [0, 0, 2] high [0, 0, 2] {mode = "constant", value = 0.0 : f64} : tensor<1x2x8xf32> -> tensor<1x2x12xf32>
  %a = gn.conv %p, %w {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 1>, stride = array<i64: 1>} : (tensor<1x2x12xf32>, tensor<3x2x5xf32>) -> tensor<1x3x10xf32>
  %q = gn.pad %x low [0, 0, 1] high [0, 0, 0] {mode = "constant", value = 0.0 : f64} : tensor<1x2x8xf32> -> tensor<1x2x9xf32>
  %b = gn.conv %q, %w {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 1>} : (tensor<1x2x9xf32>, tensor<3x2x5xf32>) -> tensor<1x3x5xf32>
  %o = gn.pad %x low [0, 0, 2] high [0, 0, 2] {mode = "constant", value = 1.0 : f64} : tensor<1x2x8xf32> -> tensor<1x2x12xf32>
  %c = gn.conv %o, %w {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 1>} : (tensor<1x2x12xf32>, tensor<3x2x5xf32>) -> tensor<1x3x8xf32>
  %r = gn.pad %x low [0, 0, 2] high [0, 0, 2] {mode = "reflect", value = 0.0 : f64} : tensor<1x2x8xf32> -> tensor<1x2x12xf32>
  %d = gn.conv %r, %w {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 1>} : (tensor<1x2x12xf32>, tensor<3x2x5xf32>) -> tensor<1x3x8xf32>
  %h = gn.pad %x low [0, 1, 0] high [0, 1, 0] {mode = "constant", value = 0.0 : f64} : tensor<1x2x8xf32> -> tensor<1x4x8xf32>
  %e = gn.conv %h, %w4 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<1x4x8xf32>, tensor<3x4x5xf32>) -> tensor<1x3x2xf32>
  %g = gn.pad %x low [0, 0, 4] high [0, 0, 4] {mode = "constant", value = 0.0 : f64} : tensor<1x2x8xf32> -> tensor<1x2x16xf32>
  %f = gn.conv %g, %w {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 1>, stride = array<i64: 1>} : (tensor<1x2x16xf32>, tensor<3x2x5xf32>) -> tensor<1x3x14xf32>
  return %a, %b, %c, %d, %e, %f : tensor<1x3x10xf32>, tensor<1x3x5xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>, tensor<1x3x2xf32>, tensor<1x3x14xf32>
}

// -----

// x[0:2, 0:0] = v inserts nothing: x (a Paddle set_value_ over an empty
// range; no kernel is made for an empty tensor, and the CUDA runtime has no
// insert_slice of its own).
// CHECK-LABEL: func.func @insert_nothing_is_dest
// CHECK-NOT: gn.insert_slice
// CHECK: return %arg1
func.func @insert_nothing_is_dest(%v: tensor<2x0xi1>, %x: tensor<6x6xi1>) -> tensor<6x6xi1> {
  %0 = gn.insert_slice %v into %x starts [0, 0] limits [2, 0] steps [1, 1] : tensor<2x0xi1> into tensor<6x6xi1>
  return %0 : tensor<6x6xi1>
}

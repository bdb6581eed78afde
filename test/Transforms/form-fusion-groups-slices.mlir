// RUN: gn-opt %s --gn-form-fusion-groups --split-input-file | FileCheck %s

// A head cut from a projection and transposed: the slice and the
// transpose are both views the add's kernel reads (a strided subview
// through the transpose's map), not a copy kernel before it.
// CHECK-LABEL: func.func @slice_under_transpose
// CHECK: %[[MM:.*]] = gn.matmul
// CHECK: %[[R:.*]] = gn.reshape %[[MM]]
// CHECK: gn.fusion "elementwise"(%[[R]], %arg2)
// CHECK: gn.slice
// CHECK: gn.transpose
// CHECK: gn.add
// CHECK-NOT: gn.fusion
func.func @slice_under_transpose(%x: tensor<5x16xf32>, %w: tensor<48x16xf32>, %b: tensor<4x1x4xf32>) -> tensor<4x5x4xf32> {
  %mm = gn.matmul %x, %w {transpose_rhs} : tensor<5x16xf32>, tensor<48x16xf32> -> tensor<5x48xf32>
  %r = gn.reshape %mm [5, 12, 4] : tensor<5x48xf32> -> tensor<5x12x4xf32>
  %s = gn.slice %r starts [0, 4, 0] limits [5, 8, 4] steps [1, 1, 1] : tensor<5x12x4xf32> -> tensor<5x4x4xf32>
  %t = gn.transpose %s [1, 0, 2] : tensor<5x4x4xf32> -> tensor<4x5x4xf32>
  %a = gn.add %t, %b : tensor<4x5x4xf32>, tensor<4x1x4xf32> -> tensor<4x5x4xf32>
  return %a : tensor<4x5x4xf32>
}

// -----

// A [1, 1] slice broadcast over a reduction's rows (Paddle's euler_beam):
// the values the group reads do not span the reduced loop of 4, so the
// reduction reads a materialized input (a kernel of its own) rather than
// a fused group whose loop no operand sizes.
// CHECK-LABEL: func.func @slice_broadcast_into_reduction
// CHECK: %[[E:.*]] = gn.fusion "elementwise"
// CHECK: gn.fusion "reduction"(%[[E]])
func.func @slice_broadcast_into_reduction(%x: tensor<4x20xf32>, %w: tensor<20x1xf32>, %p: tensor<f32>) -> tensor<f32> {
  %m = gn.matmul %x, %w : tensor<4x20xf32>, tensor<20x1xf32> -> tensor<4x1xf32>
  %s = gn.slice %m starts [3, 0] limits [4, 1] steps [1, 1] : tensor<4x1xf32> -> tensor<1x1xf32>
  %z = gn.constant dense<0.000000e+00> : tensor<4x1xf32>
  %d = gn.sub %s, %z : tensor<1x1xf32>, tensor<4x1xf32> -> tensor<4x1xf32>
  %q = gn.pow %d, %p : tensor<4x1xf32>, tensor<f32> -> tensor<4x1xf32>
  %r = gn.reduce_sum %q dims [0, 1] : tensor<4x1xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Gate and up sliced from one grouped GEMM (gn-group-matmuls), the gate's
// activation times the up: one group. The up's slice comes after the
// gate's group in program order, but a view computes nothing: it is ready
// when the product is, before the group, so joining it does not keep the
// group's inputs alive across any computation. (A second product computed
// after the group, below, still starts a group of its own: the gate's
// input, which only that group reads, would otherwise live across it.)
// CHECK-LABEL: func.func @gate_times_up
// CHECK: %[[P:.*]] = gn.matmul
// CHECK-NOT: gn.fusion
// CHECK: gn.fusion "elementwise"
// CHECK: gn.tanh
// CHECK: gn.mul
// CHECK: gn.yield
// CHECK-NOT: gn.fusion
// CHECK: return
func.func @gate_times_up(%x: tensor<1x3x64xf32>, %w: tensor<2x128x64xf32>) -> tensor<1x3x128xf32> {
  %p = gn.matmul %x, %w {transpose_rhs} : tensor<1x3x64xf32>, tensor<2x128x64xf32> -> tensor<2x3x128xf32>
  %g = gn.slice %p starts [0, 0, 0] limits [1, 3, 128] steps [1, 1, 1] : tensor<2x3x128xf32> -> tensor<1x3x128xf32>
  %a = gn.tanh %g : tensor<1x3x128xf32>
  %u = gn.slice %p starts [1, 0, 0] limits [2, 3, 128] steps [1, 1, 1] : tensor<2x3x128xf32> -> tensor<1x3x128xf32>
  %m = gn.mul %a, %u : tensor<1x3x128xf32>, tensor<1x3x128xf32> -> tensor<1x3x128xf32>
  return %m : tensor<1x3x128xf32>
}

// -----

// CHECK-LABEL: func.func @gate_times_later_product
// CHECK: gn.matmul
// CHECK: gn.fusion "elementwise"
// CHECK: gn.tanh
// CHECK: gn.matmul
// CHECK: gn.fusion "elementwise"
// CHECK: gn.mul
func.func @gate_times_later_product(%x: tensor<1x3x64xf32>, %w1: tensor<128x64xf32>, %w2: tensor<128x64xf32>) -> tensor<1x3x128xf32> {
  %g = gn.matmul %x, %w1 {transpose_rhs} : tensor<1x3x64xf32>, tensor<128x64xf32> -> tensor<1x3x128xf32>
  %a = gn.tanh %g : tensor<1x3x128xf32>
  %u = gn.matmul %x, %w2 {transpose_rhs} : tensor<1x3x64xf32>, tensor<128x64xf32> -> tensor<1x3x128xf32>
  %m = gn.mul %a, %u : tensor<1x3x128xf32>, tensor<1x3x128xf32> -> tensor<1x3x128xf32>
  return %m : tensor<1x3x128xf32>
}

// -----

// A reshape computes nothing either (the runtime reads it as an alias): a
// parameter reshaped after the group is ready from the start, so the op
// reading it joins the group (Squeezeformer's convolution bias reshaped to
// [C, 1] after its producer).
// CHECK-LABEL: func.func @reshaped_parameter_after_group
// CHECK: gn.matmul
// CHECK: gn.fusion "elementwise"
// CHECK: gn.tanh
// CHECK: gn.add
// CHECK: gn.yield
// CHECK-NOT: gn.fusion
// CHECK: return
func.func @reshaped_parameter_after_group(%y: tensor<1x8x4xf32>, %w: tensor<4x16xf32>, %b: tensor<8xf32>) -> tensor<1x8x16xf32> {
  %x = gn.matmul %y, %w : tensor<1x8x4xf32>, tensor<4x16xf32> -> tensor<1x8x16xf32>
  %e = gn.exp %x : tensor<1x8x16xf32>
  %a = gn.tanh %e : tensor<1x8x16xf32>
  %r = gn.reshape %b [8, 1] : tensor<8xf32> -> tensor<8x1xf32>
  %s = gn.add %a, %r : tensor<1x8x16xf32>, tensor<8x1xf32> -> tensor<1x8x16xf32>
  return %s : tensor<1x8x16xf32>
}

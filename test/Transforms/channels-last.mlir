// RUN: gn-opt %s --gn-channels-last --split-input-file | FileCheck %s

// A chain conv -> batch-norm scale -> ReLU -> conv -> residual add runs
// channels last from end to end: one transpose in, one out. The [C, 1, 1]
// scale is right-aligned and moved too (a unit-dim transpose: a reshape).
// CHECK-LABEL: func.func @chain
// CHECK: %[[IN:.*]] = gn.transpose %arg0 [0, 2, 3, 1] : tensor<1x4x8x8xf32> -> tensor<1x8x8x4xf32>
// CHECK: %[[C1:.*]] = gn.conv %[[IN]], %arg1 {channels_last, {{.*}}} : (tensor<1x8x8x4xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32>
// CHECK: %[[S:.*]] = gn.reshape %arg3 [1, 1, 1, 8] : tensor<8x1x1xf32> -> tensor<1x1x1x8xf32>
// CHECK: %[[M:.*]] = gn.mul %[[C1]], %[[S]] : tensor<1x8x8x8xf32>, tensor<1x1x1x8xf32> -> tensor<1x8x8x8xf32>
// CHECK: %[[R:.*]] = gn.relu %[[M]] : tensor<1x8x8x8xf32>
// CHECK: %[[C2:.*]] = gn.conv %[[R]], %arg2 {channels_last, {{.*}}}
// CHECK: %[[A:.*]] = gn.add %[[C2]], %[[R]]
// CHECK: %[[OUT:.*]] = gn.transpose %[[A]] [0, 3, 1, 2] : tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32>
// CHECK: return %[[OUT]]
// CHECK-NOT: gn.transpose
func.func @chain(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>, %w2: tensor<8x8x1x1xf32>, %s: tensor<8x1x1xf32>) -> tensor<1x8x8x8xf32> {
  %c = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32>
  %m = gn.mul %c, %s : tensor<1x8x8x8xf32>, tensor<8x1x1xf32> -> tensor<1x8x8x8xf32>
  %r = gn.relu %m : tensor<1x8x8x8xf32>
  %c2 = gn.conv %r, %w2 {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x8xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x8x8xf32>
  %a = gn.add %c2, %r : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32> -> tensor<1x8x8x8xf32>
  return %a : tensor<1x8x8x8xf32>
}

// -----

// A large operand in the channels-first layout stops the move (it would be
// transposed for it), and so does a max pool: both would read a copy of the
// convolution's result in the other layout, which with the input's copy is
// more than half of what the convolution no longer reorders. Such a
// function stays channels first.
// CHECK-LABEL: func.func @stops
// CHECK-NOT: channels_last
// CHECK-NOT: gn.transpose
// CHECK: return
func.func @stops(%x: tensor<1x4x6x6xf32>, %w: tensor<8x4x1x1xf32>, %y: tensor<1x8x6x6xf32>) -> (tensor<1x8x6x6xf32>, tensor<1x8x3x3xf32>) {
  %c = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x6x6xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x6x6xf32>
  %a = gn.add %c, %y : tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32> -> tensor<1x8x6x6xf32>
  %p = gn.max_pool %c {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x3x3xf32>
  return %a, %p : tensor<1x8x6x6xf32>, tensor<1x8x3x3xf32>
}

// -----

// Concat along channels becomes concat along the last dim; a slice and a
// pad take their per-dim bounds in the new order (depthwise conv after).
// CHECK-LABEL: func.func @concat_slice_pad
// CHECK: %[[CAT:.*]] = gn.concat {{.*}} dim 3 : (tensor<1x5x5x2xf32>, tensor<1x5x5x2xf32>) -> tensor<1x5x5x4xf32>
// CHECK: %[[SL:.*]] = gn.slice %[[CAT]] starts [0, 1, 0, 0] limits [1, 5, 5, 4] steps [1, 1, 1, 1]
// CHECK: %[[PD:.*]] = gn.pad %[[SL]] low [0, 0, 2, 0] high [0, 1, 0, 0] {mode = "reflect"
// CHECK: gn.conv %[[PD]], %arg2 {channels_last, {{.*}}groups = 4
// CHECK-NOT: gn.transpose {{.*}}[0, 2, 3, 1]
func.func @concat_slice_pad(%x: tensor<1x3x5x5xf32>, %w: tensor<2x3x1x1xf32>, %dw: tensor<4x1x3x3xf32>) -> tensor<1x4x3x5xf32> {
  %a = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x5x5xf32>, tensor<2x3x1x1xf32>) -> tensor<1x2x5x5xf32>
  %n = gn.neg %a : tensor<1x2x5x5xf32>
  %cat = gn.concat %a, %n dim 1 : (tensor<1x2x5x5xf32>, tensor<1x2x5x5xf32>) -> tensor<1x4x5x5xf32>
  %s = gn.slice %cat starts [0, 0, 1, 0] limits [1, 4, 5, 5] steps [1, 1, 1, 1] : tensor<1x4x5x5xf32> -> tensor<1x4x4x5xf32>
  %p = gn.pad %s low [0, 0, 0, 2] high [0, 0, 1, 0] {mode = "reflect", value = 0.0 : f64} : tensor<1x4x4x5xf32> -> tensor<1x4x5x7xf32>
  %c = gn.conv %p, %dw {dilation = array<i64: 1, 1>, groups = 4 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x5x7xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x3x5xf32>
  return %c : tensor<1x4x3x5xf32>
}

// -----

// An f64 convolution stays as it is (the interpreter's own kernel, not
// oneDNN's); an empty one saves no reorder, so nothing moves.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: channels_last
// CHECK: return
func.func @kept(%x: tensor<1x2x4x4xf64>, %w: tensor<2x2x1x1xf64>, %e: tensor<0x2x4x4xf32>, %we: tensor<2x2x1x1xf32>) -> (tensor<1x2x4x4xf64>, tensor<0x2x4x4xf32>) {
  %c = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x4x4xf64>, tensor<2x2x1x1xf64>) -> tensor<1x2x4x4xf64>
  %d = gn.conv %e, %we {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<0x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<0x2x4x4xf32>
  return %c, %d : tensor<1x2x4x4xf64>, tensor<0x2x4x4xf32>
}

// -----

// A squeeze-excitation block: the global mean (a sum over H, W) reduces
// the channels-last tensor over its own H, W; kept dims move back channels
// first as a unit-dim transpose (a reshape). Without keepdim, [N, C] either
// way: no transpose at all.
// CHECK-LABEL: func.func @reductions
// CHECK: %[[C:.*]] = gn.conv {{.*}}channels_last
// CHECK: %[[S:.*]] = gn.reduce_sum %[[C]] dims [1, 2] {keepdim = true} : tensor<1x4x4x8xf32> -> tensor<1x1x1x8xf32>
// CHECK: gn.reshape %[[S]] [1, 8, 1, 1]
// CHECK: %[[M:.*]] = gn.reduce_max %[[C]] dims [1, 2] : tensor<1x4x4x8xf32> -> tensor<1x8xf32>
// CHECK: gn.reduce_min %[[C]] dims [3] : tensor<1x4x4x8xf32> -> tensor<1x4x4xf32>
// CHECK: %[[B:.*]] = gn.reduce_any {{.*}} dims [0] : tensor<1x4x4x8xi1> -> tensor<4x4x8xi1>
// CHECK: gn.transpose %[[B]] [2, 0, 1] : tensor<4x4x8xi1> -> tensor<8x4x4xi1>
func.func @reductions(%x: tensor<1x4x4x4xf32>, %w: tensor<8x4x1x1xf32>) -> (tensor<1x8x1x1xf32>, tensor<1x8xf32>, tensor<1x4x4xf32>, tensor<8x4x4xi1>) {
  %c = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x4x4xf32>
  %s = gn.reduce_sum %c dims [2, 3] {keepdim = true} : tensor<1x8x4x4xf32> -> tensor<1x8x1x1xf32>
  %m = gn.reduce_max %c dims [2, 3] : tensor<1x8x4x4xf32> -> tensor<1x8xf32>
  %n = gn.reduce_min %c dims [1] : tensor<1x8x4x4xf32> -> tensor<1x4x4xf32>
  %z = gn.constant dense<0.0> : tensor<f32>
  %p = gn.gt %c, %z : tensor<1x8x4x4xf32>, tensor<f32> -> tensor<1x8x4x4xi1>
  %b = gn.reduce_any %p dims [0] : tensor<1x8x4x4xi1> -> tensor<8x4x4xi1>
  return %s, %m, %n, %b : tensor<1x8x1x1xf32>, tensor<1x8xf32>, tensor<1x4x4xf32>, tensor<8x4x4xi1>
}

// -----

// One program for every shape: symbolic batch and spatial sizes move with
// their dims.
// CHECK-LABEL: func.func @symbolic
// CHECK: gn.transpose %arg0 [0, 2, 3, 1] : tensor<2x4x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> -> tensor<2x8x8x4xf32, #gn.dims<["s0", "s1", "s1", ""]>>
// CHECK: gn.conv {{.*}}channels_last{{.*}} -> tensor<2x8x8x8xf32, #gn.dims<["s0", "s1", "s1", ""]>>
// CHECK: gn.relu {{.*}} : tensor<2x8x8x8xf32, #gn.dims<["s0", "s1", "s1", ""]>>
// CHECK: gn.conv {{.*}}channels_last{{.*}} -> tensor<2x8x8x8xf32, #gn.dims<["s0", "s1", "s1", ""]>>
// CHECK: gn.transpose {{.*}} [0, 3, 1, 2] : tensor<2x8x8x8xf32, #gn.dims<["s0", "s1", "s1", ""]>> -> tensor<2x8x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
module attributes {gn.symbolic} {
func.func @symbolic(%x: tensor<2x4x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>, %w: tensor<8x4x3x3xf32>, %w2: tensor<8x8x1x1xf32>) -> tensor<2x8x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> {
  %c = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x4x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<8x4x3x3xf32>) -> tensor<2x8x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  %r = gn.relu %c : tensor<2x8x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  %d = gn.conv %r, %w2 {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x8x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<8x8x1x1xf32>) -> tensor<2x8x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  return %d : tensor<2x8x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
}
}

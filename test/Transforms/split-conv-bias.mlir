// RUN: gn-opt %s --gn-split-conv-bias --split-input-file | FileCheck %s

// The bias becomes an add of a [O, 1, 1] column, which fusion joins with
// the convolution's elementwise consumer.
// CHECK-LABEL: func.func @conv2d
// CHECK: %[[C:.*]] = gn.conv %arg0, %arg1 {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
// CHECK: %[[B:.*]] = gn.reshape %arg2 [4, 1, 1] : tensor<4xf32> -> tensor<4x1x1xf32>
// CHECK: %[[S:.*]] = gn.add %[[C]], %[[B]] : tensor<1x4x8x8xf32>, tensor<4x1x1xf32> -> tensor<1x4x8x8xf32>
// CHECK: return %[[S]]
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x8x8xf32> {
  %0 = gn.conv %x, %w, %b {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// 1-d, f16: a [O, 1] column in the same type.
// CHECK-LABEL: func.func @conv1d_f16
// CHECK: gn.reshape %arg2 [6, 1] : tensor<6xf16> -> tensor<6x1xf16>
// CHECK: gn.add {{.*}} : tensor<2x6x5xf16>, tensor<6x1xf16> -> tensor<2x6x5xf16>
func.func @conv1d_f16(%x: tensor<2x4x7xf16>, %w: tensor<6x2x3xf16>, %b: tensor<6xf16>) -> tensor<2x6x5xf16> {
  %0 = gn.conv %x, %w, %b {dilation = array<i64: 1>, groups = 2 : i64, padding = array<i64: 0>, stride = array<i64: 1>} : (tensor<2x4x7xf16>, tensor<6x2x3xf16>, tensor<6xf16>) -> tensor<2x6x5xf16>
  return %0 : tensor<2x6x5xf16>
}

// -----

// Without a bias: unchanged.
// CHECK-LABEL: func.func @no_bias
// CHECK-NEXT: gn.conv
// CHECK-NEXT: return
func.func @no_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

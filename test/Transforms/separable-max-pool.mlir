// RUN: gn-opt %s --gn-decompose --split-input-file | FileCheck %s
// RUN: gn-opt %s --gn-decompose="separable-max-pool-min-window=0" --split-input-file | FileCheck %s --check-prefix=OFF

// A 13 x 13 window (169 elements) pools the last dim, then the one before,
// each with its own stride, padding and dilation.
// CHECK-LABEL: func.func @spp
// CHECK: %[[W:.*]] = gn.max_pool %arg0 {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 1, 13>, padding = array<i64: 0, 6>, stride = array<i64: 1, 1>} : tensor<1x4x10x8xf32> -> tensor<1x4x10x8xf32>
// CHECK: gn.max_pool %[[W]] {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 13, 1>, padding = array<i64: 6, 0>, stride = array<i64: 1, 1>} : tensor<1x4x10x8xf32> -> tensor<1x4x10x8xf32>
// OFF-LABEL: func.func @spp
// OFF: gn.max_pool %arg0 {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 13, 13>
func.func @spp(%x: tensor<1x4x10x8xf32>) -> tensor<1x4x10x8xf32> {
  %r = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 13, 13>, padding = array<i64: 6, 6>, stride = array<i64: 1, 1>} : tensor<1x4x10x8xf32> -> tensor<1x4x10x8xf32>
  return %r : tensor<1x4x10x8xf32>
}

// -----

// Strided, dilated, ceil mode: each pass keeps its dim's parameters.
// CHECK-LABEL: func.func @strided
// CHECK: gn.max_pool %arg0 {ceil_mode = true, dilation = array<i64: 1, 2>, kernel = array<i64: 1, 5>, padding = array<i64: 0, 1>, stride = array<i64: 1, 2>} : tensor<2x2x15x13xf32> -> tensor<2x2x15x4xf32>
// CHECK: gn.max_pool %{{.*}} {ceil_mode = true, dilation = array<i64: 1, 1>, kernel = array<i64: 7, 1>, padding = array<i64: 3, 0>, stride = array<i64: 3, 1>} : tensor<2x2x15x4xf32> -> tensor<2x2x6x4xf32>
func.func @strided(%x: tensor<2x2x15x13xf32>) -> tensor<2x2x6x4xf32> {
  %r = gn.max_pool %x {ceil_mode = true, dilation = array<i64: 1, 2>, kernel = array<i64: 7, 5>, padding = array<i64: 3, 1>, stride = array<i64: 3, 2>} : tensor<2x2x15x13xf32> -> tensor<2x2x6x4xf32>
  return %r : tensor<2x2x6x4xf32>
}

// -----

// Small windows (3 x 3: 9 elements) and one-dim windows stay whole.
// CHECK-LABEL: func.func @small
// CHECK-COUNT-2: gn.max_pool
// CHECK-NOT: gn.max_pool
func.func @small(%x: tensor<1x2x9x9xf32>, %y: tensor<1x2x40xf32>) -> (tensor<1x2x5x5xf32>, tensor<1x2x40xf32>) {
  %a = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x9x9xf32> -> tensor<1x2x5x5xf32>
  %b = gn.max_pool %y {ceil_mode = false, dilation = array<i64: 1>, kernel = array<i64: 31>, padding = array<i64: 15>, stride = array<i64: 1>} : tensor<1x2x40xf32> -> tensor<1x2x40xf32>
  return %a, %b : tensor<1x2x5x5xf32>, tensor<1x2x40xf32>
}

// RUN: gn-opt %s | FileCheck %s
// RUN: gn-opt %s | gn-opt | FileCheck %s
// RUN: gn-opt %s -mlir-print-op-generic | gn-opt | FileCheck %s

// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %m: tensor<2x3xi1>) -> tensor<2x3xf32> {
  // CHECK: gn.add %{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  %0 = gn.add %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  // CHECK: gn.gelu %{{.*}} {approximate = "tanh"} : tensor<2x3xf32>
  %1 = gn.gelu %0 {approximate = "tanh"} : tensor<2x3xf32>
  // CHECK: gn.lt %{{.*}} : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  %2 = gn.lt %1, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  // CHECK: gn.where
  %3 = gn.where %2, %1, %a : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: gn.clamp %{{.*}} {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}
  %4 = gn.clamp %3 {max = 6.0 : f64, min = 0.0 : f64} : tensor<2x3xf32>
  // CHECK: gn.leaky_relu %{{.*}} slope 1.000000e-02 : tensor<2x3xf32>
  %5 = gn.leaky_relu %4 slope 0.01 : tensor<2x3xf32>
  // CHECK: gn.convert %{{.*}} {dtype = f16} : tensor<2x3xf32> -> tensor<2x3xf16>
  %6 = gn.convert %5 {dtype = f16} : tensor<2x3xf32> -> tensor<2x3xf16>
  return %5 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @data_movement
func.func @data_movement(%x: tensor<2x3xf32>, %i: tensor<4xi64>) -> tensor<4x3xf32> {
  // CHECK: gn.reshape %{{.*}} [3, 2] : tensor<2x3xf32> -> tensor<3x2xf32>
  %0 = gn.reshape %x [3, 2] : tensor<2x3xf32> -> tensor<3x2xf32>
  // CHECK: gn.transpose %{{.*}} [1, 0] : tensor<3x2xf32> -> tensor<2x3xf32>
  %1 = gn.transpose %0 [1, 0] : tensor<3x2xf32> -> tensor<2x3xf32>
  // CHECK: gn.slice %{{.*}} starts [0, 1] limits [2, 3] steps [1, 2] : tensor<2x3xf32> -> tensor<2x1xf32>
  %2 = gn.slice %1 starts [0, 1] limits [2, 3] steps [1, 2] : tensor<2x3xf32> -> tensor<2x1xf32>
  // CHECK: gn.concat %{{.*}}, %{{.*}} dim 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %3 = gn.concat %1, %2 dim 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  // CHECK: gn.broadcast_to %{{.*}} [3, 2, 3]
  %4 = gn.broadcast_to %x [3, 2, 3] : tensor<2x3xf32> -> tensor<3x2x3xf32>
  // CHECK: gn.index_select %{{.*}}[%{{.*}}] dim 0 : tensor<2x3xf32>, tensor<4xi64> -> tensor<4x3xf32>
  %5 = gn.index_select %x[%i] dim 0 : tensor<2x3xf32>, tensor<4xi64> -> tensor<4x3xf32>
  // CHECK: gn.pad %{{.*}} low [0, 1] high [0, 2] {mode = "reflect"}
  %6 = gn.pad %x low [0, 1] high [0, 2] {mode = "reflect"} : tensor<2x3xf32> -> tensor<2x6xf32>
  // CHECK: gn.insert_slice %{{.*}} into %{{.*}} starts [0, 0] limits [2, 1] steps [1, 1] : tensor<2x1xf32> into tensor<2x3xf32>
  %7 = gn.insert_slice %2 into %x starts [0, 0] limits [2, 1] steps [1, 1] : tensor<2x1xf32> into tensor<2x3xf32>
  return %5 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // CHECK: gn.reduce_sum %{{.*}} dims [1] {keepdim = true} : tensor<2x3xf32> -> tensor<2x1xf32>
  %0 = gn.reduce_sum %x dims [1] {keepdim = true} : tensor<2x3xf32> -> tensor<2x1xf32>
  // CHECK: gn.argmax %{{.*}} dim 1 : tensor<2x3xf32> -> tensor<2xi64>
  %1 = gn.argmax %x dim 1 : tensor<2x3xf32> -> tensor<2xi64>
  // CHECK: gn.softmax %{{.*}} dim 1 : tensor<2x3xf32>
  %2 = gn.softmax %x dim 1 : tensor<2x3xf32>
  // CHECK: gn.variance %{{.*}} dims [0, 1] {correction = 0 : i64}
  %3 = gn.variance %x dims [0, 1] {correction = 0 : i64} : tensor<2x3xf32> -> tensor<f32>
  // CHECK: gn.top_k %{{.*}} k 2 dim 1 : tensor<2x3xf32> -> tensor<2x2xi64>
  %4 = gn.top_k %x k 2 dim 1 : tensor<2x3xf32> -> tensor<2x2xi64>
  // CHECK: gn.top_k %{{.*}} k 3 dim 1 {largest = false}
  %5 = gn.top_k %x k 3 dim 1 {largest = false} : tensor<2x3xf32> -> tensor<2x3xi64>
  // CHECK: gn.top_k %{{.*}} k 2 dim 1 {largest = false, ties = "quickselect"}
  %q = gn.top_k %x k 2 dim 1 {largest = false, ties = "quickselect"} : tensor<2x3xf32> -> tensor<2x2xi64>
  // CHECK: gn.nonzero %{{.*}} count 4 site 0 : tensor<2x3xf32> -> tensor<4x2xi64>
  %6 = gn.nonzero %x count 4 site 0 : tensor<2x3xf32> -> tensor<4x2xi64>
  return %0 : tensor<2x1xf32>
}

// CHECK-LABEL: func.func @nn
func.func @nn(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %c: tensor<4xf32>,
              %q: tensor<1x2x4x8xf32>, %l: tensor<2x3xf32>, %lw: tensor<5x3xf32>,
              %pq: tensor<1x4x2x4xf32>, %px: tensor<1x4x8xf32>, %pw: tensor<8x8xf32>, %pb: tensor<8xf32>) -> tensor<1x4x4x4xf32> {
  // CHECK: gn.conv %{{.*}}, %{{.*}}, %{{.*}} {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}
  %0 = gn.conv %x, %w, %c {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: gn.batch_norm
  %1 = gn.batch_norm %0, %c, %c, %c, %c {epsilon = 1.0e-05 : f64, training = false} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  // CHECK: gn.max_pool
  %2 = gn.max_pool %1 {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  // CHECK: gn.adaptive_avg_pool %{{.*}} [1, 1]
  %3 = gn.adaptive_avg_pool %2 [1, 1] : tensor<1x4x4x4xf32> -> tensor<1x4x1x1xf32>
  // CHECK: gn.attention %{{.*}}, %{{.*}}, %{{.*}} {is_causal = true}
  %4 = gn.attention %q, %q, %q {is_causal = true} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  // CHECK: gn.linear %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  %5 = gn.linear %l, %lw : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  // CHECK: gn.resize %{{.*}} [16, 16] {align_corners = false, mode = "linear"}
  %6 = gn.resize %x [16, 16] {align_corners = false, mode = "linear"} : tensor<1x3x8x8xf32> -> tensor<1x3x16x16xf32>
  // CHECK: gn.einsum "ij,kj->ik"
  %7 = gn.einsum "ij,kj->ik" %l, %lw : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  // CHECK: gn.projected_attention %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {scale = 5.000000e-01 : f64} : (tensor<1x4x2x4xf32>, tensor<1x4x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x4x2x4xf32>
  %8 = gn.projected_attention %pq, %px, %pw, %pb, %pw, %pb {scale = 0.5 : f64} : (tensor<1x4x2x4xf32>, tensor<1x4x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x4x2x4xf32>
  return %2 : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func.func @factories
func.func @factories() -> tensor<8xi64> {
  // CHECK: gn.arange {dtype = i64, size = 8 : i64, start = 0.000000e+00 : f64, step = 1.000000e+00 : f64} : tensor<8xi64>
  %0 = gn.arange {dtype = i64, size = 8 : i64, start = 0.0 : f64, step = 1.0 : f64} : tensor<8xi64>
  // CHECK: gn.random {distribution = "normal", dtype = f32, shape = array<i64: 2, 3>} : tensor<2x3xf32>
  %1 = gn.random {distribution = "normal", dtype = f32, shape = array<i64: 2, 3>} : tensor<2x3xf32>
  return %0 : tensor<8xi64>
}

// CHECK-LABEL: func.func @grid_sample
func.func @grid_sample(%x: tensor<1x3x8x8xf32>, %g: tensor<1x4x5x2xf32>) -> tensor<1x3x4x5xf32> {
  // CHECK: gn.grid_sample %{{.*}}, %{{.*}} {align_corners = false, mode = "bilinear", padding_mode = "zeros"} : (tensor<1x3x8x8xf32>, tensor<1x4x5x2xf32>) -> tensor<1x3x4x5xf32>
  %0 = gn.grid_sample %x, %g {align_corners = false, mode = "bilinear", padding_mode = "zeros"} : (tensor<1x3x8x8xf32>, tensor<1x4x5x2xf32>) -> tensor<1x3x4x5xf32>
  return %0 : tensor<1x3x4x5xf32>
}

// CHECK-LABEL: func.func @roi_align
func.func @roi_align(%x: tensor<2x3x8x8xf32>, %b: tensor<5x4xf32>, %i: tensor<5xi64>) -> tensor<5x3x2x4xf32> {
  // CHECK: gn.roi_align %{{.*}}, %{{.*}}, %{{.*}} {aligned = true, pooled_height = 2 : i64, pooled_width = 4 : i64, sampling_ratio = 0 : i64, spatial_scale = 2.500000e-01 : f64} : (tensor<2x3x8x8xf32>, tensor<5x4xf32>, tensor<5xi64>) -> tensor<5x3x2x4xf32>
  %0 = gn.roi_align %x, %b, %i {aligned = true, pooled_height = 2 : i64, pooled_width = 4 : i64, sampling_ratio = 0 : i64, spatial_scale = 0.25 : f64} : (tensor<2x3x8x8xf32>, tensor<5x4xf32>, tensor<5xi64>) -> tensor<5x3x2x4xf32>
  return %0 : tensor<5x3x2x4xf32>
}

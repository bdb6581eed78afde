// RUN: gn-opt %s -split-input-file -gn-decompose | FileCheck %s
// RUN: gn-opt %s -split-input-file -gn-decompose=legal-ops=layer_norm,silu | FileCheck %s --check-prefix=LEGAL

// CHECK-LABEL: func.func @silu_is_x_times_sigmoid
// CHECK: %[[S:.+]] = gn.sigmoid %arg0
// CHECK: %[[R:.+]] = gn.mul %arg0, %[[S]]
// CHECK: return %[[R]]
// LEGAL-LABEL: func.func @silu_is_x_times_sigmoid
// LEGAL: gn.silu
func.func @silu_is_x_times_sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = gn.silu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @linear_is_matmul_with_transposed_weight
// CHECK: %[[T:.+]] = gn.transpose %arg1 [1, 0]
// CHECK: %[[M:.+]] = gn.matmul %arg0, %[[T]]
// CHECK: gn.add %[[M]], %arg2
// CHECK-NOT: gn.linear
func.func @linear_is_matmul_with_transposed_weight(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = gn.linear %x, %w, %b : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @softmax_is_stable_exp_over_sum
// CHECK: %[[M:.+]] = gn.reduce_max %arg0 dims [1] {keepdim = true}
// CHECK: %[[D:.+]] = gn.sub %arg0, %[[M]]
// CHECK: %[[E:.+]] = gn.exp %[[D]]
// CHECK: %[[S:.+]] = gn.reduce_sum %[[E]] dims [1] {keepdim = true}
// CHECK: gn.div %[[E]], %[[S]]
func.func @softmax_is_stable_exp_over_sum(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gn.softmax %x dim 1 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @layer_norm_decomposes
// CHECK-NOT: gn.layer_norm
// CHECK: gn.rsqrt
// LEGAL-LABEL: func.func @layer_norm_decomposes
// LEGAL: gn.layer_norm
func.func @layer_norm_decomposes(%x: tensor<2x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x8xf32> {
  %0 = gn.layer_norm %x, %w, %b {epsilon = 1.0e-05 : f64, normalized_rank = 1 : i64} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// Core ops are left alone.
// CHECK-LABEL: func.func @no_change_for_core_ops
// CHECK-NEXT: gn.exp
// CHECK-NEXT: return
func.func @no_change_for_core_ops(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = gn.exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// No pattern yet for attention: it stays composite.
// CHECK-LABEL: func.func @attention_kept
// CHECK: gn.attention
func.func @attention_kept(%q: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %0 = gn.attention %q, %q, %q : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  return %0 : tensor<1x4x8xf32>
}

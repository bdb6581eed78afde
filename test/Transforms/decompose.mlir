// RUN: gn-opt %s -split-input-file -gn-decompose | FileCheck %s
// RUN: gn-opt %s -split-input-file -gn-decompose=legal-ops=layer_norm,silu | FileCheck %s --check-prefix=LEGAL
// RUN: gn-opt %s -split-input-file -gn-decompose=keep-attention-min-share=2 | FileCheck %s --check-prefix=KEEP
// RUN: gn-opt %s -split-input-file -gn-decompose=keep-attention-min-share=2.5 | FileCheck %s --check-prefix=SMALL

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

// (The weight's transpose folds into the matmul's trans flag.)
// CHECK-LABEL: func.func @linear_is_matmul_with_transposed_weight
// CHECK: %[[M:.+]] = gn.matmul %arg0, %arg1 {transpose_rhs}
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
// CHECK: %[[I:.+]] = gn.div %{{.*}}, %[[S]]
// CHECK: gn.mul %[[E]], %[[I]]
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

// Self-attention decomposes; the CPU pipeline keeps it with legal-ops.
// CHECK-LABEL: func.func @attention_self
// CHECK: gn.matmul %arg0, %arg0 {transpose_rhs}
// CHECK-NOT: gn.attention
// LEGAL-LABEL: func.func @attention_self
// LEGAL: gn.matmul
func.func @attention_self(%q: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %0 = gn.attention %q, %q, %q : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  return %0 : tensor<1x4x8xf32>
}

// -----

// f16 composites compute in f32 and round once: convert in, decompose the
// f32 op, convert out.
// CHECK-LABEL: func.func @f16_softmax_widens
// CHECK: %[[W:.*]] = gn.convert %arg0 {dtype = f32} : tensor<2x8xf16> -> tensor<2x8xf32>
// CHECK: gn.reduce_max %[[W]] dims [1] {keepdim = true} : tensor<2x8xf32>
// CHECK: gn.exp {{.*}} : tensor<2x8xf32>
// CHECK: %[[R:.*]] = gn.mul {{.*}} : tensor<2x8xf32>, tensor<2x1xf32> -> tensor<2x8xf32>
// CHECK: gn.convert %[[R]] {dtype = f16} : tensor<2x8xf32> -> tensor<2x8xf16>
func.func @f16_softmax_widens(%x: tensor<2x8xf16>) -> tensor<2x8xf16> {
  %r = gn.softmax %x dim 1 : tensor<2x8xf16>
  return %r : tensor<2x8xf16>
}

// -----

// Global average pooling is a mean over the spatial dims; other output
// sizes stay pooling.
// CHECK-LABEL: func.func @global_avg_pool
// CHECK: %[[S:.*]] = gn.reduce_sum %arg0 dims [2, 3] {keepdim = true} : tensor<1x4x5x5xf32> -> tensor<1x4x1x1xf32>
// CHECK: gn.div %[[S]]
// CHECK: gn.adaptive_avg_pool %arg0 [2, 2]
func.func @global_avg_pool(%x: tensor<1x4x5x5xf32>) -> (tensor<1x4x1x1xf32>, tensor<1x4x2x2xf32>) {
  %g = gn.adaptive_avg_pool %x [1, 1] : tensor<1x4x5x5xf32> -> tensor<1x4x1x1xf32>
  %p = gn.adaptive_avg_pool %x [2, 2] : tensor<1x4x5x5xf32> -> tensor<1x4x2x2xf32>
  return %g, %p : tensor<1x4x1x1xf32>, tensor<1x4x2x2xf32>
}

// -----

// Inference batch_norm: per-channel scale and shift in f64, rounded once,
// then two ops per element.
// CHECK-LABEL: func.func @batch_norm_is_scale_and_shift
// CHECK-DAG: %[[VAR:.+]] = gn.convert %{{.+}} {dtype = f64} : tensor<3x1x1xf32> -> tensor<3x1x1xf64>
// CHECK-DAG: %[[MEAN:.+]] = gn.convert %{{.+}} {dtype = f64} : tensor<3x1x1xf32> -> tensor<3x1x1xf64>
// CHECK: %[[INV:.+]] = gn.rsqrt %{{.+}} : tensor<3x1x1xf64>
// CHECK: %[[SCALE:.+]] = gn.mul %{{.+}}, %[[INV]]
// CHECK: %[[SHIFT:.+]] = gn.sub %{{.+}}, %{{.+}} : tensor<3x1x1xf64>
// CHECK-DAG: %[[S32:.+]] = gn.convert %[[SCALE]] {dtype = f32} : tensor<3x1x1xf64> -> tensor<3x1x1xf32>
// CHECK-DAG: %[[B32:.+]] = gn.convert %[[SHIFT]] {dtype = f32} : tensor<3x1x1xf64> -> tensor<3x1x1xf32>
// CHECK: %[[XS:.+]] = gn.mul %arg0, %[[S32]] : tensor<1x3x2x2xf32>, tensor<3x1x1xf32>
// CHECK: gn.add %[[XS]], %[[B32]] : tensor<1x3x2x2xf32>, tensor<3x1x1xf32>
// CHECK-NOT: gn.batch_norm
func.func @batch_norm_is_scale_and_shift(%x: tensor<1x3x2x2xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  %0 = gn.batch_norm %x, %m, %v, %w, %b {epsilon = 1.0e-05 : f64, training = false} : (tensor<1x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

// Training batch_norm: batch statistics, scale and shift in f64, and
// x * scale + shift in f64 rounded once (x - mean in f32 loses the low bits
// of a channel whose spread is small against its mean).
// CHECK-LABEL: func.func @batch_norm_training_in_f64
// CHECK: %[[X64:.+]] = gn.convert %arg0 {dtype = f64} : tensor<2x3x2x2xf32> -> tensor<2x3x2x2xf64>
// CHECK: %[[SUM:.+]] = gn.reduce_sum %[[X64]] dims [0, 2, 3] {keepdim = true} : tensor<2x3x2x2xf64> -> tensor<1x3x1x1xf64>
// CHECK: %[[MEAN:.+]] = gn.div %[[SUM]]
// CHECK: %[[C:.+]] = gn.sub %[[X64]], %[[MEAN]]
// CHECK: gn.mul %[[C]], %[[C]] : tensor<2x3x2x2xf64>
// CHECK: %[[INV:.+]] = gn.rsqrt %{{.+}} : tensor<1x3x1x1xf64>
// CHECK: %[[Y:.+]] = gn.add %{{.+}}, %{{.+}} : tensor<2x3x2x2xf64>, tensor<1x3x1x1xf64> -> tensor<2x3x2x2xf64>
// CHECK: gn.convert %[[Y]] {dtype = f32} : tensor<2x3x2x2xf64> -> tensor<2x3x2x2xf32>
// CHECK-NOT: gn.batch_norm
func.func @batch_norm_training_in_f64(%x: tensor<2x3x2x2xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3x2x2xf32> {
  %0 = gn.batch_norm %x, %m, %v, %w, %b {epsilon = 1.0e-05 : f64, training = true} : (tensor<2x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// einsum on floats: operands reshaped (and permuted) to the label order
// [output labels, summed labels], multiplied, and summed over the summed
// labels; an outer product is just the multiply. Integer (signless) einsum too.
// CHECK-LABEL: func.func @einsum
// CHECK: %[[A:.+]] = gn.reshape %arg0 [2, 3, 1, 4]
// CHECK: %[[B:.+]] = gn.reshape %arg1 [2, 1, 5, 4]
// CHECK: %[[P:.+]] = gn.mul %[[A]], %[[B]] : tensor<2x3x1x4xf32>, tensor<2x1x5x4xf32> -> tensor<2x3x5x4xf32>
// CHECK: %[[S:.+]] = gn.reduce_sum %[[P]] dims [3] : tensor<2x3x5x4xf32> -> tensor<2x3x5xf32>
// CHECK: %[[T:.+]] = gn.transpose %arg2 [1, 0] : tensor<4x3xf32> -> tensor<3x4xf32>
// CHECK: %[[U:.+]] = gn.reshape %[[T]] [3, 4, 1]
// CHECK: %[[V:.+]] = gn.reshape %arg3 [1, 1, 2]
// CHECK: %[[Q:.+]] = gn.mul %[[U]], %[[V]]
// CHECK: %[[R:.+]] = gn.reduce_sum %[[Q]] dims [1, 2] : tensor<3x4x2xf32> -> tensor<3xf32>
// CHECK: %[[X:.+]] = gn.reshape %arg4 [19, 1]
// CHECK: %[[Y:.+]] = gn.reshape %arg5 [1, 2]
// CHECK: %[[O:.+]] = gn.mul %[[X]], %[[Y]] : tensor<19x1xf32>, tensor<1x2xf32> -> tensor<19x2xf32>
// CHECK: %[[IA:.+]] = gn.reshape %arg6 [3, 1] : tensor<3xi64> -> tensor<3x1xi64>
// CHECK: %[[IB:.+]] = gn.reshape %arg6 [1, 3] : tensor<3xi64> -> tensor<1x3xi64>
// CHECK: %[[I:.+]] = gn.mul %[[IA]], %[[IB]] : tensor<3x1xi64>, tensor<1x3xi64> -> tensor<3x3xi64>
// CHECK: return %[[S]], %[[R]], %[[O]], %[[I]]
func.func @einsum(%a: tensor<2x3x4xf32>, %b: tensor<2x5x4xf32>, %c: tensor<4x3xf32>, %d: tensor<2xf32>, %u: tensor<19xf32>, %v: tensor<2xf32>, %i: tensor<3xi64>) -> (tensor<2x3x5xf32>, tensor<3xf32>, tensor<19x2xf32>, tensor<3x3xi64>) {
  %0 = gn.einsum "bik,bjk->bij" %a, %b : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  %1 = gn.einsum "ki,j->i" %c, %d : (tensor<4x3xf32>, tensor<2xf32>) -> tensor<3xf32>
  %2 = gn.einsum "i,j->ij" %u, %v : (tensor<19xf32>, tensor<2xf32>) -> tensor<19x2xf32>
  %3 = gn.einsum "i,j->ij" %i, %i : (tensor<3xi64>, tensor<3xi64>) -> tensor<3x3xi64>
  return %0, %1, %2, %3 : tensor<2x3x5xf32>, tensor<3xf32>, tensor<19x2xf32>, tensor<3x3xi64>
}

// -----

// Attention: GEMMs around a softmax; a boolean mask selects -inf, the scale
// multiplies the scores.
// CHECK-LABEL: func.func @attention_bool_mask
// CHECK: %[[S:.*]] = gn.matmul %arg0, %arg1 {transpose_rhs}
// CHECK: %[[SC:.*]] = gn.mul %[[S]]
// CHECK: %[[M:.*]] = gn.where %arg3, %[[SC]]
// CHECK: gn.reduce_max %[[M]]
// CHECK: gn.exp
// CHECK: gn.div
// CHECK: %[[P:.*]] = gn.mul
// CHECK: gn.matmul %[[P]], %arg2 :
// CHECK-NOT: gn.attention
func.func @attention_bool_mask(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>, %m: tensor<4x6xi1>) -> tensor<1x2x4x8xf32> {
  %r = gn.attention %q, %k, %v mask %m {is_causal = false} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<4x6xi1>) -> tensor<1x2x4x8xf32>
  return %r : tensor<1x2x4x8xf32>
}

// -----

// Grouped-query heads (keys for 2 heads, queries for 4) do not broadcast in
// a matmul: left whole.
// CHECK-LABEL: func.func @attention_grouped_heads_kept
// CHECK: gn.attention
func.func @attention_grouped_heads_kept(%q: tensor<1x4x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>) -> tensor<1x4x4x8xf32> {
  %r = gn.attention %q, %k, %v {enable_gqa = true} : (tensor<1x4x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>) -> tensor<1x4x4x8xf32>
  return %r : tensor<1x4x4x8xf32>
}

// -----

// The same in the seq_first layout: left whole with no transposes made (the
// pattern used to create them before refusing, and the pass then failed,
// silently, for want of convergence).
// CHECK-LABEL: func.func @attention_grouped_heads_seq_first_kept
// CHECK-NOT: gn.transpose
// CHECK: gn.attention
// CHECK-NOT: gn.transpose
func.func @attention_grouped_heads_seq_first_kept(%q: tensor<1x4x4x8xf32>, %k: tensor<1x6x2x8xf32>, %v: tensor<1x6x2x8xf32>) -> tensor<1x4x4x8xf32> {
  %r = gn.attention %q, %k, %v {enable_gqa = true, seq_first = true} : (tensor<1x4x4x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>) -> tensor<1x4x4x8xf32>
  return %r : tensor<1x4x4x8xf32>
}

// -----

// keep-attention-min-share (gn-cuda-pipeline's attention kernel): attention
// whose score matrix [1, 2, 64, 64] (32 KB) holds at least this share of the
// arguments and results (16 KB: 2 here) stays whole; at 2.5 it decomposes.
// KEEP-LABEL: func.func @attention_large_scores
// KEEP: gn.attention
// SMALL-LABEL: func.func @attention_large_scores
// SMALL-NOT: gn.attention
// SMALL: gn.matmul
func.func @attention_large_scores(%q: tensor<1x2x64x8xf32>, %k: tensor<1x2x64x8xf32>, %v: tensor<1x2x64x8xf32>) -> tensor<1x2x64x8xf32> {
  %r = gn.attention %q, %k, %v : (tensor<1x2x64x8xf32>, tensor<1x2x64x8xf32>, tensor<1x2x64x8xf32>) -> tensor<1x2x64x8xf32>
  return %r : tensor<1x2x64x8xf32>
}

// -----

// A transposed convolution (CUDA has only cuDNN's forward convolutions; the
// CPU keeps it whole: legal-ops) is the convolution it is the gradient of:
// the input with stride - 1 zeros between elements (concat, reshape, cut),
// padded by dilation (k - 1) - padding (+ output_padding at the end), then a
// stride-1 convolution with the weight's channels swapped and flipped.
// CHECK-LABEL: func.func @conv_transpose
// CHECK: gn.concat {{.*}} -> tensor<1x4x5x2xf32>
// CHECK: gn.reshape {{.*}} [1, 4, 10]
// CHECK: gn.slice {{.*}} limits [1, 4, 9]
// CHECK: gn.pad {{.*}} low [0, 0, 1] high [0, 0, 2]
// CHECK: gn.transpose {{.*}} [0, 2, 1, 3]
// CHECK: gn.flip {{.*}} [2]
// CHECK: gn.conv {{.*}}dilation = array<i64: 1>, groups = 2 : i64, padding = array<i64: 0>, stride = array<i64: 1>{{.*}} -> tensor<1x6x10xf32>
// CHECK-NOT: gn.conv_transpose
func.func @conv_transpose(%x: tensor<1x4x5xf32>, %w: tensor<4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10xf32> {
  %r = gn.conv_transpose %x, %w, %b {dilation = array<i64: 1>, groups = 2 : i64, output_padding = array<i64: 1>, padding = array<i64: 1>, stride = array<i64: 2>} : (tensor<1x4x5xf32>, tensor<4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10xf32>
  return %r : tensor<1x6x10xf32>
}

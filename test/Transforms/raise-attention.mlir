// RUN: gn-opt %s -split-input-file -gn-raise-attention | FileCheck %s
// RUN: gn-opt %s -split-input-file -gn-raise-attention="channels-first-min-share=0" | FileCheck %s --check-prefix=ALWAYS
// RUN: gn-opt %s -split-input-file -gn-raise-attention="key-value-min-share=0.5" | FileCheck %s --check-prefix=SMALLKV

// MobileViT's form: the keys transposed by a gn.transpose, the scores
// divided by a constant.
// CHECK-LABEL: func.func @divided_scores
// CHECK-NEXT: %[[A:.+]] = gn.attention %arg0, %arg1, %arg2 {scale = 2.500000e-01 : f64}
// CHECK-NEXT: return %[[A]]
func.func @divided_scores(%q: tensor<2x8x4xf32>, %k: tensor<2x6x4xf32>, %v: tensor<2x6x3xf32>) -> tensor<2x8x3xf32> {
  %kt = gn.transpose %k [0, 2, 1] : tensor<2x6x4xf32> -> tensor<2x4x6xf32>
  %s = gn.matmul %q, %kt : tensor<2x8x4xf32>, tensor<2x4x6xf32> -> tensor<2x8x6xf32>
  %c = gn.constant dense<4.000000e+00> : tensor<f32>
  %d = gn.div %s, %c : tensor<2x8x6xf32>, tensor<f32> -> tensor<2x8x6xf32>
  %p = gn.softmax %d dim 2 : tensor<2x8x6xf32>
  %o = gn.matmul %p, %v : tensor<2x8x6xf32>, tensor<2x6x3xf32> -> tensor<2x8x3xf32>
  return %o : tensor<2x8x3xf32>
}

// -----

// The keys read through transpose_rhs, a constant multiplier on the left,
// and no scaling at all.
// CHECK-LABEL: func.func @multiplied_and_unscaled
// CHECK: gn.attention %arg0, %arg1, %arg2 {scale = 5.000000e-01 : f64}
// CHECK: gn.attention %arg0, %arg1, %arg2 {scale = 1.000000e+00 : f64}
// CHECK-NOT: gn.softmax
func.func @multiplied_and_unscaled(%q: tensor<8x4xf32>, %k: tensor<6x4xf32>, %v: tensor<6x3xf32>) -> (tensor<8x3xf32>, tensor<8x3xf32>) {
  %s = gn.matmul %q, %k {transpose_rhs} : tensor<8x4xf32>, tensor<6x4xf32> -> tensor<8x6xf32>
  %c = gn.constant dense<5.000000e-01> : tensor<f32>
  %m = gn.mul %c, %s : tensor<f32>, tensor<8x6xf32> -> tensor<8x6xf32>
  %p = gn.softmax %m dim 1 : tensor<8x6xf32>
  %o = gn.matmul %p, %v : tensor<8x6xf32>, tensor<6x3xf32> -> tensor<8x3xf32>
  %s2 = gn.matmul %q, %k {transpose_rhs} : tensor<8x4xf32>, tensor<6x4xf32> -> tensor<8x6xf32>
  %p2 = gn.softmax %s2 dim 1 : tensor<8x6xf32>
  %o2 = gn.matmul %p2, %v : tensor<8x6xf32>, tensor<6x3xf32> -> tensor<8x3xf32>
  return %o, %o2 : tensor<8x3xf32>, tensor<8x3xf32>
}

// -----

// Not raised: the probabilities are also returned (stored anyway), the
// scale is a tensor, the softmax is over another dim, the keys are not
// transposed.
// CHECK-LABEL: func.func @not_attention
// CHECK-NOT: gn.attention
// CHECK: return
func.func @not_attention(%q: tensor<8x4xf32>, %k: tensor<6x4xf32>, %kt: tensor<4x6xf32>, %v: tensor<6x3xf32>, %w: tensor<8x6xf32>, %q8: tensor<6x4xf32>) -> (tensor<8x3xf32>, tensor<8x6xf32>, tensor<8x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>) {
  %s = gn.matmul %q, %k {transpose_rhs} : tensor<8x4xf32>, tensor<6x4xf32> -> tensor<8x6xf32>
  %p = gn.softmax %s dim 1 : tensor<8x6xf32>
  %o = gn.matmul %p, %v : tensor<8x6xf32>, tensor<6x3xf32> -> tensor<8x3xf32>
  %s2 = gn.matmul %q, %k {transpose_rhs} : tensor<8x4xf32>, tensor<6x4xf32> -> tensor<8x6xf32>
  %m2 = gn.mul %s2, %w : tensor<8x6xf32>, tensor<8x6xf32> -> tensor<8x6xf32>
  %p2 = gn.softmax %m2 dim 1 : tensor<8x6xf32>
  %o2 = gn.matmul %p2, %v : tensor<8x6xf32>, tensor<6x3xf32> -> tensor<8x3xf32>
  %s3 = gn.matmul %q, %k {transpose_rhs} : tensor<8x4xf32>, tensor<6x4xf32> -> tensor<8x6xf32>
  %p3 = gn.softmax %s3 dim 0 : tensor<8x6xf32>
  %o3 = gn.matmul %p3, %v : tensor<8x6xf32>, tensor<6x3xf32> -> tensor<8x3xf32>
  %s4 = gn.matmul %q, %kt : tensor<8x4xf32>, tensor<4x6xf32> -> tensor<8x6xf32>
  %p4 = gn.softmax %s4 dim 1 : tensor<8x6xf32>
  %o4 = gn.matmul %p4, %v : tensor<8x6xf32>, tensor<6x3xf32> -> tensor<8x3xf32>
  return %o, %p, %o2, %o3, %o4 : tensor<8x3xf32>, tensor<8x6xf32>, tensor<8x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>
}

// -----

// YOLO's area attention, channels first ([batch, heads, dim, tokens]): the
// scores are q^T @ k and the output v @ p^T. It is attention on the
// transposed operands, transposed back; the [N, N] scores are never stored.
// CHECK-LABEL: func.func @channels_first
// CHECK-DAG: %[[Q:.+]] = gn.transpose %arg0 [0, 1, 3, 2] : tensor<1x2x4x6xf32> -> tensor<1x2x6x4xf32>
// CHECK-DAG: %[[K:.+]] = gn.transpose %arg1 [0, 1, 3, 2]
// CHECK-DAG: %[[V:.+]] = gn.transpose %arg2 [0, 1, 3, 2] : tensor<1x2x3x6xf32> -> tensor<1x2x6x3xf32>
// CHECK: %[[A:.+]] = gn.attention %[[Q]], %[[K]], %[[V]] {scale = 5.000000e-01 : f64}
// CHECK: %[[O:.+]] = gn.transpose %[[A]] [0, 1, 3, 2] : tensor<1x2x6x3xf32> -> tensor<1x2x3x6xf32>
// CHECK-NOT: gn.softmax
// CHECK: return %[[O]]
func.func @channels_first(%q: tensor<1x2x4x6xf32>, %k: tensor<1x2x4x6xf32>, %v: tensor<1x2x3x6xf32>) -> tensor<1x2x3x6xf32> {
  %qt = gn.transpose %q [0, 1, 3, 2] : tensor<1x2x4x6xf32> -> tensor<1x2x6x4xf32>
  %s = gn.matmul %qt, %k : tensor<1x2x6x4xf32>, tensor<1x2x4x6xf32> -> tensor<1x2x6x6xf32>
  %c = gn.constant dense<5.000000e-01> : tensor<f32>
  %m = gn.mul %s, %c : tensor<1x2x6x6xf32>, tensor<f32> -> tensor<1x2x6x6xf32>
  %p = gn.softmax %m dim 3 : tensor<1x2x6x6xf32>
  %pt = gn.transpose %p [0, 1, 3, 2] : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xf32>
  %o = gn.matmul %v, %pt : tensor<1x2x3x6xf32>, tensor<1x2x6x6xf32> -> tensor<1x2x3x6xf32>
  return %o : tensor<1x2x3x6xf32>
}

// -----

// The same attention beside a weight 16x its scores' size: the score matrix
// is under an eighth of the arguments and results, so the matmul form stays
// (it is as fast, and the transposed copies would cost more than it saves).
// CHECK-LABEL: func.func @channels_first_small_scores
// CHECK-NOT: gn.attention
// CHECK: gn.softmax
// ALWAYS-LABEL: func.func @channels_first_small_scores
// ALWAYS: gn.attention
// ALWAYS-NOT: gn.softmax
func.func @channels_first_small_scores(%q: tensor<1x2x4x6xf32>, %k: tensor<1x2x4x6xf32>, %v: tensor<1x2x3x6xf32>, %w: tensor<1152xf32>) -> (tensor<1x2x3x6xf32>, tensor<1152xf32>) {
  %qt = gn.transpose %q [0, 1, 3, 2] : tensor<1x2x4x6xf32> -> tensor<1x2x6x4xf32>
  %s = gn.matmul %qt, %k : tensor<1x2x6x4xf32>, tensor<1x2x4x6xf32> -> tensor<1x2x6x6xf32>
  %c = gn.constant dense<5.000000e-01> : tensor<f32>
  %m = gn.mul %s, %c : tensor<1x2x6x6xf32>, tensor<f32> -> tensor<1x2x6x6xf32>
  %p = gn.softmax %m dim 3 : tensor<1x2x6x6xf32>
  %pt = gn.transpose %p [0, 1, 3, 2] : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xf32>
  %o = gn.matmul %v, %pt : tensor<1x2x3x6xf32>, tensor<1x2x6x6xf32> -> tensor<1x2x3x6xf32>
  return %o, %w : tensor<1x2x3x6xf32>, tensor<1152xf32>
}

// -----

// Heads split off projections by a transpose [B, L, H, E] -> [B, H, L, E]:
// the attention reads q, k and v untransposed (seq_first), and the
// transpose merging the heads back goes too.
// CHECK-LABEL: func.func @seq_first
// CHECK-NOT: gn.transpose
// CHECK: %[[A:.*]] = gn.attention %arg0, %arg1, %arg2 {is_causal = true, seq_first = true} : (tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>) -> tensor<1x6x2x4xf32>
// CHECK-NOT: gn.transpose
// CHECK: return %[[A]]
func.func @seq_first(%q: tensor<1x6x2x4xf32>, %k: tensor<1x6x2x4xf32>, %v: tensor<1x6x2x4xf32>) -> tensor<1x6x2x4xf32> {
  %qt = gn.transpose %q [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %kt = gn.transpose %k [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %vt = gn.transpose %v [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %a = gn.attention %qt, %kt, %vt {is_causal = true} : (tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>) -> tensor<1x2x6x4xf32>
  %r = gn.transpose %a [0, 2, 1, 3] : tensor<1x2x6x4xf32> -> tensor<1x6x2x4xf32>
  return %r : tensor<1x6x2x4xf32>
}

// -----

// The result read other than by a merging transpose is transposed back
// (one copy instead of three); a value read heads-first (%v here) keeps
// the attention as it is.
// CHECK-LABEL: func.func @seq_first_result_read_whole
// CHECK: %[[A:.*]] = gn.attention %arg0, %arg1, %arg2 {seq_first = true}
// CHECK: %[[T:.*]] = gn.transpose %[[A]] [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
// CHECK: gn.exp %[[T]]
// CHECK-LABEL: func.func @heads_first_value
// CHECK: gn.attention %{{.*}}, %{{.*}}, %arg2 : (tensor<1x2x6x4xf32>
func.func @seq_first_result_read_whole(%q: tensor<1x6x2x4xf32>, %k: tensor<1x6x2x4xf32>, %v: tensor<1x6x2x4xf32>) -> tensor<1x2x6x4xf32> {
  %qt = gn.transpose %q [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %kt = gn.transpose %k [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %vt = gn.transpose %v [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %a = gn.attention %qt, %kt, %vt : (tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>) -> tensor<1x2x6x4xf32>
  %e = gn.exp %a : tensor<1x2x6x4xf32>
  return %e : tensor<1x2x6x4xf32>
}
func.func @heads_first_value(%q: tensor<1x6x2x4xf32>, %k: tensor<1x6x2x4xf32>, %v: tensor<1x2x6x4xf32>) -> tensor<1x2x6x4xf32> {
  %qt = gn.transpose %q [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %kt = gn.transpose %k [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %a = gn.attention %qt, %kt, %v : (tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>) -> tensor<1x2x6x4xf32>
  return %a : tensor<1x2x6x4xf32>
}

// -----

// The attention returned as it is: transposed back for the return.
// CHECK-LABEL: func.func @seq_first_returned
// CHECK: %[[A:.*]] = gn.attention %arg0, %arg1, %arg2 {seq_first = true}
// CHECK: %[[T:.*]] = gn.transpose %[[A]] [0, 2, 1, 3]
// CHECK: return %[[T]]
func.func @seq_first_returned(%q: tensor<1x6x2x4xf32>, %k: tensor<1x6x2x4xf32>, %v: tensor<1x6x2x4xf32>) -> tensor<1x2x6x4xf32> {
  %qt = gn.transpose %q [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %kt = gn.transpose %k [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %vt = gn.transpose %v [0, 2, 1, 3] : tensor<1x6x2x4xf32> -> tensor<1x2x6x4xf32>
  %a = gn.attention %qt, %kt, %vt : (tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>, tensor<1x2x6x4xf32>) -> tensor<1x2x6x4xf32>
  return %a : tensor<1x2x6x4xf32>
}

// -----

// Keys and values projected from one input (an encoder layer's residual
// stream): the projections fold into gn.projected_attention, as k and v
// hold a third of the function's arguments and results (the default
// key-value-min-share is a quarter; at a half they stay).
// CHECK-LABEL: func.func @kv_projections
// CHECK-NOT: gn.linear
// CHECK: %[[A:.*]] = gn.projected_attention %arg0, %arg1, %arg3, %arg4, %arg5, %arg6 : (tensor<1x6x2x4xf32>, tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x2x4xf32>
// CHECK-NEXT: return %[[A]]
// SMALLKV-LABEL: func.func @kv_projections
// SMALLKV: gn.attention
// SMALLKV-NOT: gn.projected_attention
func.func @kv_projections(%q: tensor<1x6x2x4xf32>, %x: tensor<1x6x8xf32>, %y: tensor<1x6x8xf32>, %wk: tensor<8x8xf32>, %bk: tensor<8xf32>, %wv: tensor<8x8xf32>, %bv: tensor<8xf32>) -> (tensor<1x6x2x4xf32>) {
  %k0 = gn.linear %x, %wk, %bk : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %k = gn.reshape %k0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %v0 = gn.linear %x, %wv, %bv : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %v = gn.reshape %v0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %a = gn.attention %q, %k, %v {seq_first = true} : (tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>) -> tensor<1x6x2x4xf32>
  return %a : tensor<1x6x2x4xf32>
}

// -----

// The keys are also returned: they are stored whole anyway.
// CHECK-LABEL: func.func @kv_projection_read_twice
// CHECK: gn.attention
// CHECK-NOT: gn.projected_attention
func.func @kv_projection_read_twice(%q: tensor<1x6x2x4xf32>, %x: tensor<1x6x8xf32>, %y: tensor<1x6x8xf32>, %wk: tensor<8x8xf32>, %bk: tensor<8xf32>, %wv: tensor<8x8xf32>, %bv: tensor<8xf32>) -> (tensor<1x6x2x4xf32>, tensor<1x6x8xf32>) {
  %k0 = gn.linear %x, %wk, %bk : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %k = gn.reshape %k0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %v0 = gn.linear %x, %wv, %bv : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %v = gn.reshape %v0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %a = gn.attention %q, %k, %v {seq_first = true} : (tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>) -> tensor<1x6x2x4xf32>
  return %a, %k0 : tensor<1x6x2x4xf32>, tensor<1x6x8xf32>
}

// -----

// Keys and values projected from different inputs.
// CHECK-LABEL: func.func @kv_projections_of_two_inputs
// CHECK: gn.attention
// CHECK-NOT: gn.projected_attention
func.func @kv_projections_of_two_inputs(%q: tensor<1x6x2x4xf32>, %x: tensor<1x6x8xf32>, %y: tensor<1x6x8xf32>, %wk: tensor<8x8xf32>, %bk: tensor<8xf32>, %wv: tensor<8x8xf32>, %bv: tensor<8xf32>) -> (tensor<1x6x2x4xf32>) {
  %k0 = gn.linear %y, %wk, %bk : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %k = gn.reshape %k0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %v0 = gn.linear %x, %wv, %bv : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %v = gn.reshape %v0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %a = gn.attention %q, %k, %v {seq_first = true} : (tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>) -> tensor<1x6x2x4xf32>
  return %a : tensor<1x6x2x4xf32>
}

// -----

// Causal attention is not folded.
// CHECK-LABEL: func.func @kv_projections_causal
// CHECK: gn.attention
// CHECK-NOT: gn.projected_attention
func.func @kv_projections_causal(%q: tensor<1x6x2x4xf32>, %x: tensor<1x6x8xf32>, %y: tensor<1x6x8xf32>, %wk: tensor<8x8xf32>, %bk: tensor<8xf32>, %wv: tensor<8x8xf32>, %bv: tensor<8xf32>) -> (tensor<1x6x2x4xf32>) {
  %k0 = gn.linear %x, %wk, %bk : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %k = gn.reshape %k0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %v0 = gn.linear %x, %wv, %bv : (tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x6x8xf32>
  %v = gn.reshape %v0 [1, 6, 2, 4] : tensor<1x6x8xf32> -> tensor<1x6x2x4xf32>
  %a = gn.attention %q, %k, %v {is_causal = true, seq_first = true} : (tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>) -> tensor<1x6x2x4xf32>
  return %a : tensor<1x6x2x4xf32>
}

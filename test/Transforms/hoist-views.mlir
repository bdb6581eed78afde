// RUN: gn-opt %s --gn-hoist-views --split-input-file | FileCheck %s

// Attention's head split after a projection's bias: the reshape and
// transpose move onto the add's operands; the bias [16] becomes [1, 4, 4]
// (whole in the 16 -> 4 x 4 group, 1 where the add broadcast it), then
// [4, 1, 4]. The add writes the heads.
// CHECK-LABEL: func.func @head_split
// CHECK: %[[MM:.*]] = gn.matmul
// CHECK: %[[R:.*]] = gn.reshape %[[MM]] [5, 4, 4] : tensor<5x1x16xf32> -> tensor<5x4x4xf32>
// CHECK: %[[T:.*]] = gn.transpose %[[R]] [1, 0, 2] : tensor<5x4x4xf32> -> tensor<4x5x4xf32>
// CHECK: %[[RB:.*]] = gn.reshape %arg2 [1, 4, 4] : tensor<16xf32> -> tensor<1x4x4xf32>
// CHECK: %[[TB:.*]] = gn.transpose %[[RB]] [1, 0, 2] : tensor<1x4x4xf32> -> tensor<4x1x4xf32>
// CHECK: %[[A:.*]] = gn.add %[[T]], %[[TB]] : tensor<4x5x4xf32>, tensor<4x1x4xf32> -> tensor<4x5x4xf32>
// CHECK: return %[[A]]
func.func @head_split(%x: tensor<5x1x16xf32>, %w: tensor<16x16xf32>, %b: tensor<16xf32>) -> tensor<4x5x4xf32> {
  %mm = gn.matmul %x, %w {transpose_rhs} : tensor<5x1x16xf32>, tensor<16x16xf32> -> tensor<5x1x16xf32>
  %a = gn.add %mm, %b : tensor<5x1x16xf32>, tensor<16xf32> -> tensor<5x1x16xf32>
  %r = gn.reshape %a [5, 4, 4] : tensor<5x1x16xf32> -> tensor<5x4x4xf32>
  %t = gn.transpose %r [1, 0, 2] : tensor<5x4x4xf32> -> tensor<4x5x4xf32>
  return %t : tensor<4x5x4xf32>
}

// -----

// A chain moves op by op: the transpose ends above the gelu's add; the
// scalar stays as it is.
// CHECK-LABEL: func.func @chain
// CHECK: gn.transpose %arg0 [1, 0]
// CHECK: gn.transpose %arg1 [1, 0]
// CHECK: gn.add
// CHECK: gn.mul %{{.*}}, %{{.*}} : tensor<5x3xf32>, tensor<f32>
// CHECK-NOT: gn.transpose
// CHECK: return
func.func @chain(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>) -> tensor<5x3xf32> {
  %c = gn.constant dense<2.0> : tensor<f32>
  %a = gn.add %x, %y : tensor<3x5xf32>, tensor<3x5xf32> -> tensor<3x5xf32>
  %m = gn.mul %a, %c : tensor<3x5xf32>, tensor<f32> -> tensor<3x5xf32>
  %t = gn.transpose %m [1, 0] : tensor<3x5xf32> -> tensor<5x3xf32>
  return %t : tensor<5x3xf32>
}

// -----

// Nothing moves when the elementwise result has another use (the op would
// be computed twice), when a matmul reads a last-two-dims transpose (its
// flag does that for free), or when the reshape merges dims of which a
// broadcast operand has some whole and some 1 (the [4, 1] operand in the
// 4 x 2 -> 8 merge).
// CHECK-LABEL: func.func @stays
// CHECK: %[[A:.*]] = gn.add %arg0, %arg1
// CHECK: gn.transpose %[[A]]
// CHECK-LABEL: func.func @matmul_flag
// CHECK: %[[E:.*]] = gn.exp %arg0
// CHECK: gn.matmul %[[E]], %arg1 {transpose_lhs}
// CHECK-LABEL: func.func @partial_broadcast
// CHECK: %[[A:.*]] = gn.add %arg0, %arg1
// CHECK: gn.reshape %[[A]]
func.func @stays(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>) -> (tensor<5x3xf32>, tensor<3x5xf32>) {
  %a = gn.add %x, %y : tensor<3x5xf32>, tensor<3x5xf32> -> tensor<3x5xf32>
  %t = gn.transpose %a [1, 0] : tensor<3x5xf32> -> tensor<5x3xf32>
  return %t, %a : tensor<5x3xf32>, tensor<3x5xf32>
}
func.func @matmul_flag(%x: tensor<4x3xf32>, %w: tensor<4x2xf32>) -> tensor<3x2xf32> {
  %e = gn.exp %x : tensor<4x3xf32>
  %t = gn.transpose %e [1, 0] : tensor<4x3xf32> -> tensor<3x4xf32>
  %m = gn.matmul %t, %w : tensor<3x4xf32>, tensor<4x2xf32> -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}
func.func @partial_broadcast(%x: tensor<3x4x2xf32>, %b: tensor<4x1xf32>) -> tensor<8x3xf32> {
  %a = gn.add %x, %b : tensor<3x4x2xf32>, tensor<4x1xf32> -> tensor<3x4x2xf32>
  %r = gn.reshape %a [3, 8] : tensor<3x4x2xf32> -> tensor<3x8xf32>
  %t = gn.transpose %r [1, 0] : tensor<3x8xf32> -> tensor<8x3xf32>
  return %t : tensor<8x3xf32>
}

// -----

// Nothing moves above an op computed from a reduction (a layer norm's
// normalization, channels last, before the permute back: it belongs to the
// row kernel), nor onto a computed broadcast operand (a batch norm's scale:
// the transpose would be a copy kernel of its own).
// CHECK-LABEL: func.func @after_reduction
// CHECK: %[[S:.*]] = gn.reduce_sum
// CHECK: %[[M:.*]] = gn.mul %arg0, %[[S]] : tensor<2x3x4xf32>, tensor<2x3x1xf32>
// CHECK: gn.transpose %[[M]] [0, 2, 1]
// CHECK-LABEL: func.func @computed_scale
// CHECK: %[[S:.*]] = gn.rsqrt %arg1
// CHECK: %[[M:.*]] = gn.mul %arg0, %[[S]]
// CHECK: gn.transpose %[[M]] [0, 2, 1]
func.func @after_reduction(%x: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  %s = gn.reduce_sum %x dims [2] {keepdim = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  %m = gn.mul %x, %s : tensor<2x3x4xf32>, tensor<2x3x1xf32> -> tensor<2x3x4xf32>
  %t = gn.transpose %m [0, 2, 1] : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  return %t : tensor<2x4x3xf32>
}
func.func @computed_scale(%x: tensor<2x3x4xf32>, %v: tensor<3x1xf32>) -> tensor<2x4x3xf32> {
  %s = gn.rsqrt %v : tensor<3x1xf32>
  %m = gn.mul %x, %s : tensor<2x3x4xf32>, tensor<3x1xf32> -> tensor<2x3x4xf32>
  %t = gn.transpose %m [0, 2, 1] : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  return %t : tensor<2x4x3xf32>
}

// -----

// The output projection's bias add, sequence-first, reshaped batch-first
// for the residual add: the reshape moves onto the add's operands (views),
// so the bias add runs over [1, 5, 16] and joins the residual's kernel.
// CHECK-LABEL: func.func @reshape_into_residual
// CHECK-DAG: %[[M:.*]] = gn.reshape %{{.*}} [1, 5, 16] : tensor<5x1x16xf32> -> tensor<1x5x16xf32>
// CHECK-DAG: %[[B:.*]] = gn.reshape %arg2 [1, 1, 16] : tensor<16xf32> -> tensor<1x1x16xf32>
// CHECK: %[[A:.*]] = gn.add %[[M]], %[[B]] : tensor<1x5x16xf32>, tensor<1x1x16xf32> -> tensor<1x5x16xf32>
// CHECK: gn.add %[[A]], %arg3
func.func @reshape_into_residual(%x: tensor<5x1x16xf32>, %w: tensor<16x16xf32>, %b: tensor<16xf32>, %res: tensor<1x5x16xf32>) -> tensor<1x5x16xf32> {
  %mm = gn.matmul %x, %w {transpose_rhs} : tensor<5x1x16xf32>, tensor<16x16xf32> -> tensor<5x1x16xf32>
  %a = gn.add %mm, %b : tensor<5x1x16xf32>, tensor<16xf32> -> tensor<5x1x16xf32>
  %r = gn.reshape %a [1, 5, 16] : tensor<5x1x16xf32> -> tensor<1x5x16xf32>
  %y = gn.add %r, %res : tensor<1x5x16xf32>, tensor<1x5x16xf32> -> tensor<1x5x16xf32>
  return %y : tensor<1x5x16xf32>
}

// -----

// A reshape read by a GEMM only stays where it is (nothing to join), and
// so does one of an add of computed values (the add stays with them).
// CHECK-LABEL: func.func @reshape_stays
// CHECK: %[[A:.*]] = gn.add %arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
// CHECK: gn.reshape %[[A]] [2, 16]
// CHECK: %[[E:.*]] = gn.add %{{.*}}, %arg1 : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
// CHECK: gn.reshape %[[E]] [32]
func.func @reshape_stays(%m: tensor<4x8xf32>, %b: tensor<8xf32>, %w: tensor<16x3xf32>) -> (tensor<2x3xf32>, tensor<32xf32>) {
  %a = gn.add %m, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %r = gn.reshape %a [2, 16] : tensor<4x8xf32> -> tensor<2x16xf32>
  %g = gn.matmul %r, %w : tensor<2x16xf32>, tensor<16x3xf32> -> tensor<2x3xf32>
  %s = gn.sigmoid %m : tensor<4x8xf32>
  %e = gn.add %s, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %f = gn.reshape %e [32] : tensor<4x8xf32> -> tensor<32xf32>
  %y = gn.exp %f : tensor<32xf32>
  return %g, %y : tensor<2x3xf32>, tensor<32xf32>
}

// -----

// Rotary embeddings' rotate_half, concat(-x[.., h:], x[.., :h]), is x rolled
// by h times a sign (-1 on the first half): a view the embedding's kernel
// reads, no slice or concat kernels. The sign spans the concat dim and the
// dims after it.
// CHECK-LABEL: func.func @rotate_half
// CHECK-DAG: %[[SIGN:.*]] = gn.constant dense<{{\[}}[-1.000000e+00], [-1.000000e+00], [1.000000e+00], [1.000000e+00]]> : tensor<4x1xbf16>
// CHECK-DAG: %[[R:.*]] = gn.roll %arg0 shifts [2] dims [1] : tensor<3x4x5xbf16>
// CHECK: %[[ROT:.*]] = gn.mul %[[R]], %[[SIGN]]
// CHECK: gn.mul %[[ROT]], %arg1
// CHECK-NOT: gn.concat
func.func @rotate_half(%x: tensor<3x4x5xbf16>, %s: tensor<3x4x5xbf16>) -> tensor<3x4x5xbf16> {
  %lo = gn.slice %x starts [0, 0, 0] limits [3, 2, 5] steps [1, 1, 1] : tensor<3x4x5xbf16> -> tensor<3x2x5xbf16>
  %hi = gn.slice %x starts [0, 2, 0] limits [3, 4, 5] steps [1, 1, 1] : tensor<3x4x5xbf16> -> tensor<3x2x5xbf16>
  %n = gn.neg %hi : tensor<3x2x5xbf16>
  %c = gn.concat %n, %lo dim 1 : (tensor<3x2x5xbf16>, tensor<3x2x5xbf16>) -> tensor<3x4x5xbf16>
  %m = gn.mul %c, %s : tensor<3x4x5xbf16>, tensor<3x4x5xbf16> -> tensor<3x4x5xbf16>
  return %m : tensor<3x4x5xbf16>
}

// -----

// Not rotate_half: the negated half first but cut from another value, and
// the halves in the other order (x itself, no sign). Both concats stay.
// CHECK-LABEL: func.func @not_rotate_half
// CHECK-NOT: gn.roll
// CHECK: gn.concat
// CHECK: gn.concat
func.func @not_rotate_half(%x: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %lo = gn.slice %x starts [0, 0] limits [2, 4] steps [1, 1] : tensor<2x8xf32> -> tensor<2x4xf32>
  %hi = gn.slice %y starts [0, 4] limits [2, 8] steps [1, 1] : tensor<2x8xf32> -> tensor<2x4xf32>
  %n = gn.neg %hi : tensor<2x4xf32>
  %a = gn.concat %n, %lo dim 1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  %xhi = gn.slice %x starts [0, 4] limits [2, 8] steps [1, 1] : tensor<2x8xf32> -> tensor<2x4xf32>
  %nlo = gn.neg %lo : tensor<2x4xf32>
  %b = gn.concat %nlo, %xhi dim 1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return %a, %b : tensor<2x8xf32>, tensor<2x8xf32>
}

// -----

// Grouped-query attention: 4 query heads over 2 key heads, each repeated
// twice. The product takes each group's 2 query heads as 6 rows against
// its one key head; the conversion of the repeated values moves onto the
// 2 heads themselves. No broadcast is left.
// CHECK-LABEL: func.func @grouped_query
// CHECK: %[[Q:.*]] = gn.reshape %arg0 [1, 2, 6, 8] : tensor<1x4x3x8xbf16> -> tensor<1x2x6x8xbf16>
// CHECK: %[[S:.*]] = gn.matmul %[[Q]], %arg1 {transpose_rhs, widen} : tensor<1x2x6x8xbf16>, tensor<1x2x5x8xbf16> -> tensor<1x2x6x5xf32>
// CHECK: gn.reshape %[[S]] [1, 4, 3, 5]
// CHECK: %[[VF:.*]] = gn.convert %arg3 {dtype = f32} : tensor<1x2x5x8xbf16> -> tensor<1x2x5x8xf32>
// CHECK: %[[P:.*]] = gn.reshape %arg2 [1, 2, 6, 5] : tensor<1x4x3x5xf32> -> tensor<1x2x6x5xf32>
// CHECK: %[[O:.*]] = gn.matmul %[[P]], %[[VF]] : tensor<1x2x6x5xf32>, tensor<1x2x5x8xf32> -> tensor<1x2x6x8xf32>
// CHECK: gn.reshape %[[O]] [1, 4, 3, 8]
// CHECK-NOT: gn.broadcast_to
func.func @grouped_query(%q: tensor<1x4x3x8xbf16>, %k: tensor<1x2x5x8xbf16>, %p: tensor<1x4x3x5xf32>, %v: tensor<1x2x5x8xbf16>) -> (tensor<1x4x3x5xf32>, tensor<1x4x3x8xf32>) {
  %k1 = gn.reshape %k [1, 2, 1, 5, 8] : tensor<1x2x5x8xbf16> -> tensor<1x2x1x5x8xbf16>
  %k2 = gn.broadcast_to %k1 [1, 2, 2, 5, 8] : tensor<1x2x1x5x8xbf16> -> tensor<1x2x2x5x8xbf16>
  %k3 = gn.reshape %k2 [1, 4, 5, 8] : tensor<1x2x2x5x8xbf16> -> tensor<1x4x5x8xbf16>
  %s = gn.matmul %q, %k3 {transpose_rhs, widen} : tensor<1x4x3x8xbf16>, tensor<1x4x5x8xbf16> -> tensor<1x4x3x5xf32>
  %v1 = gn.reshape %v [1, 2, 1, 5, 8] : tensor<1x2x5x8xbf16> -> tensor<1x2x1x5x8xbf16>
  %v2 = gn.broadcast_to %v1 [1, 2, 2, 5, 8] : tensor<1x2x1x5x8xbf16> -> tensor<1x2x2x5x8xbf16>
  %v3 = gn.reshape %v2 [1, 4, 5, 8] : tensor<1x2x2x5x8xbf16> -> tensor<1x4x5x8xbf16>
  %vf = gn.convert %v3 {dtype = f32} : tensor<1x4x5x8xbf16> -> tensor<1x4x5x8xf32>
  %o = gn.matmul %p, %vf : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32> -> tensor<1x4x3x8xf32>
  return %s, %o : tensor<1x4x3x5xf32>, tensor<1x4x3x8xf32>
}

// -----

// Not grouped: the repeated key is read by another op too, and a repeat
// that is not of whole heads (along the rows) stays a broadcast.
// CHECK-LABEL: func.func @not_grouped_query
// CHECK-COUNT-2: gn.broadcast_to
func.func @not_grouped_query(%q: tensor<1x4x3x8xf32>, %k: tensor<1x2x5x8xf32>, %q2: tensor<1x2x3x8xf32>, %k4: tensor<1x2x5x8xf32>) -> (tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32>, tensor<1x2x3x10xf32>) {
  %k1 = gn.reshape %k [1, 2, 1, 5, 8] : tensor<1x2x5x8xf32> -> tensor<1x2x1x5x8xf32>
  %k2 = gn.broadcast_to %k1 [1, 2, 2, 5, 8] : tensor<1x2x1x5x8xf32> -> tensor<1x2x2x5x8xf32>
  %k3 = gn.reshape %k2 [1, 4, 5, 8] : tensor<1x2x2x5x8xf32> -> tensor<1x4x5x8xf32>
  %s = gn.matmul %q, %k3 {transpose_rhs} : tensor<1x4x3x8xf32>, tensor<1x4x5x8xf32> -> tensor<1x4x3x5xf32>
  %r1 = gn.reshape %k4 [1, 2, 1, 5, 8] : tensor<1x2x5x8xf32> -> tensor<1x2x1x5x8xf32>
  %r2 = gn.broadcast_to %r1 [1, 2, 2, 5, 8] : tensor<1x2x1x5x8xf32> -> tensor<1x2x2x5x8xf32>
  %r3 = gn.reshape %r2 [1, 2, 10, 8] : tensor<1x2x2x5x8xf32> -> tensor<1x2x10x8xf32>
  %t = gn.matmul %q2, %r3 {transpose_rhs} : tensor<1x2x3x8xf32>, tensor<1x2x10x8xf32> -> tensor<1x2x3x10xf32>
  return %s, %k3, %t : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32>, tensor<1x2x3x10xf32>
}

// -----

// P @ V's transpose to [rows, heads, cols] becomes the matmul's
// transpose_result (a GEMM library writes that order with output strides).
// Not with two batch dims (two strides), nor a transpose of other dims.
// CHECK-LABEL: func.func @transposed_result
// CHECK: %[[O:.*]] = gn.matmul %arg0, %arg1 {transpose_result} : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32> -> tensor<1x3x4x8xf32>
// CHECK: %[[B:.*]] = gn.matmul %arg2, %arg3 : tensor<2x4x3x5xf32>, tensor<2x4x5x8xf32> -> tensor<2x4x3x8xf32>
// CHECK: gn.transpose %[[B]] [0, 2, 1, 3]
// CHECK: %[[C:.*]] = gn.matmul %arg0, %arg1 : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32> -> tensor<1x4x3x8xf32>
// CHECK: gn.transpose %[[C]] [1, 0, 2, 3]
// CHECK: return %[[O]]
func.func @transposed_result(%p: tensor<1x4x3x5xf32>, %v: tensor<1x4x5x8xf32>, %p2: tensor<2x4x3x5xf32>, %v2: tensor<2x4x5x8xf32>) -> (tensor<1x3x4x8xf32>, tensor<2x3x4x8xf32>, tensor<4x1x3x8xf32>) {
  %o = gn.matmul %p, %v : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32> -> tensor<1x4x3x8xf32>
  %t = gn.transpose %o [0, 2, 1, 3] : tensor<1x4x3x8xf32> -> tensor<1x3x4x8xf32>
  %b = gn.matmul %p2, %v2 : tensor<2x4x3x5xf32>, tensor<2x4x5x8xf32> -> tensor<2x4x3x8xf32>
  %u = gn.transpose %b [0, 2, 1, 3] : tensor<2x4x3x8xf32> -> tensor<2x3x4x8xf32>
  %c = gn.matmul %p, %v : tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32> -> tensor<1x4x3x8xf32>
  %w = gn.transpose %c [1, 0, 2, 3] : tensor<1x4x3x8xf32> -> tensor<4x1x3x8xf32>
  return %t, %u, %w : tensor<1x3x4x8xf32>, tensor<2x3x4x8xf32>, tensor<4x1x3x8xf32>
}

// -----

// A symbolic module (one program for all shapes): the head split after a
// projection's bias add moves onto the add's operands as there, the GEMM's
// result taking the reshape (its sym_shape with it) and the transpose, the
// static bias its own; the add writes the permuted heads. A mask that
// broadcasts over a symbolic dim keeps its transpose below (its sizes
// would follow only at the example's).
// CHECK-LABEL: func.func @symbolic_heads
// CHECK: %[[R:.*]] = gn.reshape %arg0 [2, 5, 4, 8] {sym_shape = #gn.dims<["s0", "s1", "", ""]>}
// CHECK: %[[T:.*]] = gn.transpose %[[R]] [0, 2, 1, 3] : tensor<2x5x4x8xf32, #gn.dims<["s0", "s1", "", ""]>> -> tensor<2x4x5x8xf32, #gn.dims<["s0", "", "s1", ""]>>
// CHECK: %[[B:.*]] = gn.reshape %arg1 [1, 1, 4, 8]
// CHECK: %[[BT:.*]] = gn.transpose %[[B]] [0, 2, 1, 3]
// CHECK: gn.add %[[T]], %[[BT]] : {{.*}} -> tensor<2x4x5x8xf32, #gn.dims<["s0", "", "s1", ""]>>
// CHECK-LABEL: func.func @symbolic_mask
// CHECK: gn.add %arg0, %arg1
// CHECK: gn.transpose
module attributes {gn.symbolic} {
func.func @symbolic_heads(%p: tensor<2x5x32xf32, #gn.dims<["s0", "s1", ""]>>, %bias: tensor<32xf32>) -> tensor<2x4x5x8xf32, #gn.dims<["s0", "", "s1", ""]>> {
  %a = gn.add %p, %bias : tensor<2x5x32xf32, #gn.dims<["s0", "s1", ""]>>, tensor<32xf32> -> tensor<2x5x32xf32, #gn.dims<["s0", "s1", ""]>>
  %r = gn.reshape %a [2, 5, 4, 8] {sym_shape = #gn.dims<["s0", "s1", "", ""]>} : tensor<2x5x32xf32, #gn.dims<["s0", "s1", ""]>> -> tensor<2x5x4x8xf32, #gn.dims<["s0", "s1", "", ""]>>
  %t = gn.transpose %r [0, 2, 1, 3] : tensor<2x5x4x8xf32, #gn.dims<["s0", "s1", "", ""]>> -> tensor<2x4x5x8xf32, #gn.dims<["s0", "", "s1", ""]>>
  return %t : tensor<2x4x5x8xf32, #gn.dims<["s0", "", "s1", ""]>>
}
func.func @symbolic_mask(%p: tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, %m: tensor<2x1x8xf32, #gn.dims<["s0", "", ""]>>) -> tensor<2x8x5xf32, #gn.dims<["s0", "", "s1"]>> {
  %a = gn.add %p, %m : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x1x8xf32, #gn.dims<["s0", "", ""]>> -> tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>
  %t = gn.transpose %a [0, 2, 1] : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>> -> tensor<2x8x5xf32, #gn.dims<["s0", "", "s1"]>>
  return %t : tensor<2x8x5xf32, #gn.dims<["s0", "", "s1"]>>
}
}

// RUN: gn-opt %s --gn-group-matmuls --split-input-file | FileCheck %s

// q, k and v's projections of one input: one batched GEMM over the three
// weights side by side (a concat of whole arguments, at the top of the
// function), each product a contiguous slice of its result. x's batch dims
// join its rows.
// CHECK-LABEL: func.func @qkv
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x8xf32>, %[[WQ:.*]]: tensor<16x8xf32>, %[[WK:.*]]: tensor<16x8xf32>, %[[WV:.*]]: tensor<16x8xf32>
// CHECK: %[[CAT:.*]] = gn.concat %[[WQ]], %[[WK]], %[[WV]] dim 0 : {{.*}} -> tensor<48x8xf32>
// CHECK: %[[W:.*]] = gn.reshape %[[CAT]] [3, 16, 8] : tensor<48x8xf32> -> tensor<3x16x8xf32>
// CHECK: %[[ROWS:.*]] = gn.reshape %[[X]] [1, 10, 8] : tensor<2x5x8xf32> -> tensor<1x10x8xf32>
// CHECK: %[[Y:.*]] = gn.matmul %[[ROWS]], %[[W]] {transpose_rhs} : tensor<1x10x8xf32>, tensor<3x16x8xf32> -> tensor<3x10x16xf32>
// CHECK: %[[S0:.*]] = gn.slice %[[Y]] starts [0, 0, 0] limits [1, 10, 16]
// CHECK: %[[Q:.*]] = gn.reshape %[[S0]] [2, 5, 16]
// CHECK: gn.slice %[[Y]] starts [1, 0, 0] limits [2, 10, 16]
// CHECK: gn.slice %[[Y]] starts [2, 0, 0] limits [3, 10, 16]
// CHECK-NOT: gn.matmul
// CHECK: return %[[Q]]
func.func @qkv(%x: tensor<2x5x8xf32>, %wq: tensor<16x8xf32>, %wk: tensor<16x8xf32>, %wv: tensor<16x8xf32>) -> (tensor<2x5x16xf32>, tensor<2x5x16xf32>, tensor<2x5x16xf32>) {
  %q = gn.matmul %x, %wq {transpose_rhs} : tensor<2x5x8xf32>, tensor<16x8xf32> -> tensor<2x5x16xf32>
  %k = gn.matmul %x, %wk {transpose_rhs} : tensor<2x5x8xf32>, tensor<16x8xf32> -> tensor<2x5x16xf32>
  %v = gn.matmul %x, %wv {transpose_rhs} : tensor<2x5x8xf32>, tensor<16x8xf32> -> tensor<2x5x16xf32>
  return %q, %k, %v : tensor<2x5x16xf32>, tensor<2x5x16xf32>, tensor<2x5x16xf32>
}

// -----

// Two layers sharing their weights (ALBERT) share one concat; a weight
// already side by side with others joins no other concat ([wk, wv] below
// stays two GEMMs); a weight of another shape, a transposed lhs, or a
// computed rhs is not grouped.
// CHECK-LABEL: func.func @shared
// CHECK-COUNT-1: gn.concat
// CHECK-NOT: gn.concat
// CHECK: gn.matmul {{.*}} -> tensor<2x3x16xf32>
// CHECK: gn.matmul {{.*}} -> tensor<2x3x16xf32>
// CHECK: gn.matmul %arg4, %arg2 {transpose_rhs}
// CHECK: gn.matmul %arg4, %arg3 {transpose_rhs}
// CHECK: gn.matmul %arg0, %arg5 {transpose_rhs}
// CHECK: gn.matmul %arg6, %arg1 {transpose_lhs, transpose_rhs}
// CHECK: gn.matmul %arg6, %arg2 {transpose_lhs, transpose_rhs}
func.func @shared(%x: tensor<3x8xf32>, %wq: tensor<16x8xf32>, %wk: tensor<16x8xf32>, %wv: tensor<16x8xf32>, %h: tensor<3x8xf32>, %wo: tensor<4x8xf32>, %t: tensor<8x3xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x4xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
  %a = gn.matmul %x, %wq {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %b = gn.matmul %x, %wk {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %s = gn.add %x, %x : tensor<3x8xf32>, tensor<3x8xf32> -> tensor<3x8xf32>
  %c = gn.matmul %s, %wq {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %d = gn.matmul %s, %wk {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %e = gn.matmul %h, %wk {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %f = gn.matmul %h, %wv {transpose_rhs} : tensor<3x8xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %g = gn.matmul %x, %wo {transpose_rhs} : tensor<3x8xf32>, tensor<4x8xf32> -> tensor<3x4xf32>
  %i = gn.matmul %t, %wq {transpose_lhs, transpose_rhs} : tensor<8x3xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  %j = gn.matmul %t, %wk {transpose_lhs, transpose_rhs} : tensor<8x3xf32>, tensor<16x8xf32> -> tensor<3x16xf32>
  return %a, %b, %c, %d, %e, %f, %g, %i, %j : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x4xf32>, tensor<3x16xf32>, tensor<3x16xf32>
}

// -----

// Symbolic rows (s0 x s1 tokens, weights static): the lhs is reshaped to
// [1, s0*s1, K], the slices' limits and the views' sizes carry the rows'
// expression.
// CHECK-LABEL: func.func @symbolic
// CHECK: gn.concat %arg1, %arg2, %arg3 dim 0 : (tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<48x8xf32>
// CHECK: %[[X:.*]] = gn.reshape %arg0 [1, 10, 8] {sym_shape = #gn.dims<["", "s0*s1", ""]>}
// CHECK: %[[P:.*]] = gn.matmul %[[X]], {{.*}} {transpose_rhs} : tensor<1x10x8xf32, #gn.dims<["", "s0*s1", ""]>>, tensor<3x16x8xf32> -> tensor<3x10x16xf32, #gn.dims<["", "s0*s1", ""]>>
// CHECK: gn.slice %[[P]] starts [1, 0, 0] limits [2, 10, 16] steps [1, 1, 1] {sym_limits = #gn.dims<["", "s0*s1", ""]>}
// CHECK: gn.reshape {{.*}} [2, 5, 16] {sym_shape = #gn.dims<["s0", "s1", ""]>}
module attributes {gn.symbolic} {
func.func @symbolic(%x: tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, %wq: tensor<16x8xf32>, %wk: tensor<16x8xf32>, %wv: tensor<16x8xf32>) -> (tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>) {
  %q = gn.matmul %x, %wq {transpose_rhs} : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x8xf32> -> tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  %k = gn.matmul %x, %wk {transpose_rhs} : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x8xf32> -> tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  %v = gn.matmul %x, %wv {transpose_rhs} : tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<16x8xf32> -> tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
  return %q, %k, %v : tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x16xf32, #gn.dims<["s0", "s1", ""]>>
}
}

// -----

// Two groups, the first of them starting at the function's first op: its
// rewrite erases that op, which the builder for the weights' concats stood
// before; the second group's concat is placed at the top afresh (a dangling
// insertion point crashed here; found by fuzz_diff, cuda-forms seed 11008).
// CHECK-LABEL: func.func @first_op_grouped
// CHECK-DAG: gn.concat %{{.*}}, %{{.*}} dim 0 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
// CHECK-DAG: gn.concat %{{.*}}, %{{.*}} dim 0 : (tensor<8x5xf32>, tensor<8x5xf32>) -> tensor<16x5xf32>
// CHECK: return
func.func @first_op_grouped(%a: tensor<8x1xf32>, %w1: tensor<1x8xf32>, %w2: tensor<8x5xf32>, %w3: tensor<8x5xf32>, %w4: tensor<1x8xf32>) -> (tensor<8x5xf32>, tensor<8x5xf32>, tensor<8x8xf32>) {
  %p = gn.matmul %a, %w1 : tensor<8x1xf32>, tensor<1x8xf32> -> tensor<8x8xf32>
  %q = gn.matmul %p, %w2 : tensor<8x8xf32>, tensor<8x5xf32> -> tensor<8x5xf32>
  %r = gn.matmul %p, %w3 : tensor<8x8xf32>, tensor<8x5xf32> -> tensor<8x5xf32>
  %s = gn.matmul %a, %w4 : tensor<8x1xf32>, tensor<1x8xf32> -> tensor<8x8xf32>
  return %q, %r, %s : tensor<8x5xf32>, tensor<8x5xf32>, tensor<8x8xf32>
}

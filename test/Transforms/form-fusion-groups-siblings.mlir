// RUN: gn-opt %s --gn-form-fusion-groups="merge-siblings=true" --split-input-file | FileCheck %s
// RUN: gn-opt %s --gn-form-fusion-groups --split-input-file | FileCheck %s --check-prefix=APART
// RUN: gn-opt %s --gn-form-fusion-groups="row-groups=true merge-siblings=true" --split-input-file | FileCheck %s --check-prefix=ROWS
// RUN: gn-opt %s --gn-form-fusion-groups="row-groups=true" --split-input-file | FileCheck %s --check-prefix=ROWS-APART

// Attention's q, k and v projections: each GEMM's bias add is a kernel of
// its own; as siblings (same shape, independent, nothing in between reads
// them) they are one kernel after the third GEMM, with three results.
// CHECK-LABEL: func.func @qkv
// CHECK: %[[Q:.*]] = gn.matmul %arg0, %arg1
// CHECK: %[[K:.*]] = gn.matmul %arg0, %arg2
// CHECK: %[[V:.*]] = gn.matmul %arg0, %arg3
// CHECK: %{{.*}}:3 = gn.fusion "elementwise"(%[[Q]], %arg4, %[[K]], %[[V]]) : {{.*}} -> (tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>)
// CHECK-NOT: gn.fusion
// CHECK: gn.matmul
// APART-LABEL: func.func @qkv
// APART-COUNT-3: gn.fusion "elementwise"
func.func @qkv(%x: tensor<8x32xf32>, %wq: tensor<32x32xf32>, %wk: tensor<32x32xf32>, %wv: tensor<32x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %q = gn.matmul %x, %wq : tensor<8x32xf32>, tensor<32x32xf32> -> tensor<8x32xf32>
  %qb = gn.add %q, %b : tensor<8x32xf32>, tensor<32xf32> -> tensor<8x32xf32>
  %k = gn.matmul %x, %wk : tensor<8x32xf32>, tensor<32x32xf32> -> tensor<8x32xf32>
  %kb = gn.add %k, %b : tensor<8x32xf32>, tensor<32xf32> -> tensor<8x32xf32>
  %v = gn.matmul %x, %wv : tensor<8x32xf32>, tensor<32x32xf32> -> tensor<8x32xf32>
  %vb = gn.add %v, %b : tensor<8x32xf32>, tensor<32xf32> -> tensor<8x32xf32>
  %s = gn.matmul %qb, %kb {transpose_rhs} : tensor<8x32xf32>, tensor<8x32xf32> -> tensor<8x8xf32>
  %o = gn.matmul %s, %vb : tensor<8x8xf32>, tensor<8x32xf32> -> tensor<8x32xf32>
  return %o : tensor<8x32xf32>
}

// -----

// A reshape between the siblings reading the first computes nothing (the
// runtime reads it as an alias): it moves after the merged kernel with its
// reader, attention's head split of the q bias add. A real op there keeps
// them apart (@read_between below).
// CHECK-LABEL: func.func @reshape_between
// CHECK: %[[G:.*]]:3 = gn.fusion "elementwise"
// CHECK-NOT: gn.fusion
// CHECK-DAG: gn.reshape %[[G]]#0 [8, 2, 16]
// CHECK-DAG: gn.reshape %[[G]]#1 [8, 2, 16]
// CHECK-DAG: gn.reshape %[[G]]#2 [8, 2, 16]
// CHECK: gn.attention
// APART-LABEL: func.func @reshape_between
// APART-COUNT-3: gn.fusion "elementwise"
func.func @reshape_between(%q: tensor<8x32xf32>, %k: tensor<8x32xf32>, %v: tensor<8x32xf32>, %bq: tensor<32xf32>, %bk: tensor<32xf32>, %bv: tensor<32xf32>) -> tensor<8x2x16xf32> {
  %qb = gn.add %q, %bq : tensor<8x32xf32>, tensor<32xf32> -> tensor<8x32xf32>
  %qh = gn.reshape %qb [8, 2, 16] : tensor<8x32xf32> -> tensor<8x2x16xf32>
  %kb = gn.add %k, %bk : tensor<8x32xf32>, tensor<32xf32> -> tensor<8x32xf32>
  %kh = gn.reshape %kb [8, 2, 16] : tensor<8x32xf32> -> tensor<8x2x16xf32>
  %vb = gn.add %v, %bv : tensor<8x32xf32>, tensor<32xf32> -> tensor<8x32xf32>
  %vh = gn.reshape %vb [8, 2, 16] : tensor<8x32xf32> -> tensor<8x2x16xf32>
  %o = gn.attention %qh, %kh, %vh {seq_first = true} : (tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  return %o : tensor<8x2x16xf32>
}

// -----

// No merge when an op between the two reads the first (it would wait for
// the second), nor when the first's inputs that die there outweigh its
// results (two GEMM results into one sum: merged, both would live on).
// CHECK-LABEL: func.func @read_between
// CHECK: gn.fusion "elementwise"
// CHECK: gn.matmul
// CHECK: gn.fusion "elementwise"
// CHECK-LABEL: func.func @dying_inputs
// CHECK: gn.fusion "elementwise"
// CHECK: gn.matmul
// CHECK: gn.fusion "elementwise"
func.func @read_between(%x: tensor<8x32xf32>, %y: tensor<8x32xf32>, %w: tensor<32x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %a = gn.exp %x : tensor<8x32xf32>
  %m = gn.matmul %a, %w : tensor<8x32xf32>, tensor<32x32xf32> -> tensor<8x32xf32>
  %b = gn.neg %y : tensor<8x32xf32>
  return %m, %b : tensor<8x32xf32>, tensor<8x32xf32>
}
func.func @dying_inputs(%x: tensor<128x256xf32>, %w: tensor<256x256xf32>) -> (tensor<128x256xf32>, tensor<128x256xf32>) {
  %m1 = gn.matmul %x, %w : tensor<128x256xf32>, tensor<256x256xf32> -> tensor<128x256xf32>
  %m2 = gn.matmul %x, %x {transpose_lhs} : tensor<128x256xf32>, tensor<128x256xf32> -> tensor<256x256xf32>
  %m3 = gn.matmul %x, %m2 : tensor<128x256xf32>, tensor<256x256xf32> -> tensor<128x256xf32>
  %s = gn.add %m1, %m3 : tensor<128x256xf32>, tensor<128x256xf32> -> tensor<128x256xf32>
  %m4 = gn.matmul %x, %w : tensor<128x256xf32>, tensor<256x256xf32> -> tensor<128x256xf32>
  %n = gn.neg %m4 : tensor<128x256xf32>
  return %s, %n : tensor<128x256xf32>, tensor<128x256xf32>
}

// -----

// A group can run later than its first op (%a's group also computes %z,
// which waits for %g's GEMM), so an op placed before %g may still depend on
// it: here %h reads %m1, which reads that group. Merging %h into %g would
// make a cycle; the sibling check follows every dependence, positions
// aside.
// CHECK-LABEL: func.func @late_group
// CHECK: %[[X:.*]]:2 = gn.fusion "elementwise"
// CHECK: gn.matmul %[[X]]#0
// CHECK: gn.fusion "elementwise"
// CHECK-NOT: -> (tensor<1x4xf32>, tensor<1x4xf32>)
// CHECK: return
func.func @late_group(%x: tensor<1x4xf32>, %y: tensor<1x4xf32>, %w: tensor<4x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %a = gn.exp %x : tensor<1x4xf32>
  %m1 = gn.matmul %a, %w : tensor<1x4xf32>, tensor<4x4xf32> -> tensor<1x4xf32>
  %h = gn.neg %m1 : tensor<1x4xf32>
  %g = gn.sigmoid %y : tensor<1x4xf32>
  %m2 = gn.matmul %g, %w : tensor<1x4xf32>, tensor<4x4xf32> -> tensor<1x4xf32>
  %z = gn.add %m2, %a : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %h, %z : tensor<1x4xf32>, tensor<1x4xf32>
}

// -----

// Two independent row kernels over the same rows (swin_v2's cosine
// attention normalizes q and k): one row kernel with both results. Not
// with another row shape.
// ROWS-LABEL: func.func @row_siblings
// ROWS: %{{.*}}:2 = gn.fusion "row"(%arg0, %arg1) : (tensor<6x32xf32>, tensor<6x32xf32>) -> (tensor<6x32xf32>, tensor<6x32xf32>)
// ROWS: gn.fusion "row"(%arg2)
// ROWS-NOT: gn.fusion
// ROWS: gn.matmul
// ROWS-APART-LABEL: func.func @row_siblings
// ROWS-APART-COUNT-3: gn.fusion "row"
func.func @row_siblings(%q: tensor<6x32xf32>, %k: tensor<6x32xf32>, %r: tensor<6x16xf32>) -> (tensor<6x6xf32>, tensor<6x16xf32>) {
  %q2 = gn.mul %q, %q : tensor<6x32xf32>, tensor<6x32xf32> -> tensor<6x32xf32>
  %qs = gn.reduce_sum %q2 dims [1] {keepdim = true} : tensor<6x32xf32> -> tensor<6x1xf32>
  %qn = gn.div %q, %qs : tensor<6x32xf32>, tensor<6x1xf32> -> tensor<6x32xf32>
  %k2 = gn.mul %k, %k : tensor<6x32xf32>, tensor<6x32xf32> -> tensor<6x32xf32>
  %ks = gn.reduce_sum %k2 dims [1] {keepdim = true} : tensor<6x32xf32> -> tensor<6x1xf32>
  %kn = gn.div %k, %ks : tensor<6x32xf32>, tensor<6x1xf32> -> tensor<6x32xf32>
  %r2 = gn.mul %r, %r : tensor<6x16xf32>, tensor<6x16xf32> -> tensor<6x16xf32>
  %rs = gn.reduce_sum %r2 dims [1] {keepdim = true} : tensor<6x16xf32> -> tensor<6x1xf32>
  %rn = gn.div %r, %rs : tensor<6x16xf32>, tensor<6x1xf32> -> tensor<6x16xf32>
  %s = gn.matmul %qn, %kn {transpose_rhs} : tensor<6x32xf32>, tensor<6x32xf32> -> tensor<6x6xf32>
  return %s, %rn : tensor<6x6xf32>, tensor<6x16xf32>
}

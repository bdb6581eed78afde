// RUN: gn-opt %s --gn-form-fusion-groups="merge-groups=true absorb-broadcast-producers=true row-groups=true" --split-input-file | FileCheck %s
// RUN: gn-opt %s --gn-form-fusion-groups="merge-groups=true absorb-broadcast-producers=true" --split-input-file | FileCheck %s --check-prefix=APART

// A layer norm as gn-decompose writes it, after a residual add whose sum is
// also a result: the add, both statistics and the normalization are one
// row group (the sum yielded too). Without row-groups: five kernels.
// CHECK-LABEL: func.func @layer_norm
// CHECK: %[[R:.*]]:2 = gn.fusion "row"(%arg0, %arg1, %arg2, %arg3) : (tensor<6x64xf32>, tensor<6x64xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<6x64xf32>, tensor<6x64xf32>)
// CHECK: gn.add
// CHECK: gn.reduce_sum
// CHECK: gn.reduce_sum
// CHECK: gn.rsqrt
// CHECK: gn.yield
// CHECK-NOT: gn.fusion
// CHECK: return
// APART-LABEL: func.func @layer_norm
// APART-COUNT-5: gn.fusion
// APART-NOT: gn.fusion
func.func @layer_norm(%x: tensor<6x64xf32>, %y: tensor<6x64xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<6x64xf32>, tensor<6x64xf32>) {
  %n = gn.constant dense<6.4e+01> : tensor<f32>
  %eps = gn.constant dense<1.0e-05> : tensor<f32>
  %h = gn.add %x, %y : tensor<6x64xf32>, tensor<6x64xf32> -> tensor<6x64xf32>
  %s = gn.reduce_sum %h dims [1] {keepdim = true} : tensor<6x64xf32> -> tensor<6x1xf32>
  %m = gn.div %s, %n : tensor<6x1xf32>, tensor<f32> -> tensor<6x1xf32>
  %c = gn.sub %h, %m : tensor<6x64xf32>, tensor<6x1xf32> -> tensor<6x64xf32>
  %sq = gn.mul %c, %c : tensor<6x64xf32>, tensor<6x64xf32> -> tensor<6x64xf32>
  %v = gn.reduce_sum %sq dims [1] {keepdim = true} : tensor<6x64xf32> -> tensor<6x1xf32>
  %vm = gn.div %v, %n : tensor<6x1xf32>, tensor<f32> -> tensor<6x1xf32>
  %ve = gn.add %vm, %eps : tensor<6x1xf32>, tensor<f32> -> tensor<6x1xf32>
  %r = gn.rsqrt %ve : tensor<6x1xf32>
  %o = gn.mul %c, %r : tensor<6x64xf32>, tensor<6x1xf32> -> tensor<6x64xf32>
  %ow = gn.mul %o, %w : tensor<6x64xf32>, tensor<64xf32> -> tensor<6x64xf32>
  %ob = gn.add %ow, %b : tensor<6x64xf32>, tensor<64xf32> -> tensor<6x64xf32>
  return %h, %ob : tensor<6x64xf32>, tensor<6x64xf32>
}

// -----

// A softmax: max, exp-sum and division in one row group; its per-row max is
// a result too (yielded with the rows' shape).
// CHECK-LABEL: func.func @softmax
// APART-LABEL: func.func @softmax
// CHECK: gn.fusion "row"(%arg0) : (tensor<3x5x40xf32>) -> (tensor<3x5x1xf32>, tensor<3x5x40xf32>)
// CHECK: gn.reduce_max
// CHECK: gn.exp
// CHECK: gn.reduce_sum
// CHECK: gn.div
// CHECK-NOT: gn.fusion
// CHECK: return
func.func @softmax(%x: tensor<3x5x40xf32>) -> (tensor<3x5x1xf32>, tensor<3x5x40xf32>) {
  %mx = gn.reduce_max %x dims [2] {keepdim = true} : tensor<3x5x40xf32> -> tensor<3x5x1xf32>
  %d = gn.sub %x, %mx : tensor<3x5x40xf32>, tensor<3x5x1xf32> -> tensor<3x5x40xf32>
  %e = gn.exp %d : tensor<3x5x40xf32>
  %s = gn.reduce_sum %e dims [2] {keepdim = true} : tensor<3x5x40xf32> -> tensor<3x5x1xf32>
  %p = gn.div %e, %s : tensor<3x5x40xf32>, tensor<3x5x1xf32> -> tensor<3x5x40xf32>
  return %mx, %p : tensor<3x5x1xf32>, tensor<3x5x40xf32>
}

// -----

// Rows longer than 8192 elements stay apart (a row is one block's work).
// CHECK-LABEL: func.func @long_rows
// CHECK-NOT: gn.fusion "row"
// CHECK: return
func.func @long_rows(%x: tensor<2x9000xf32>) -> tensor<2x9000xf32> {
  %mx = gn.reduce_max %x dims [1] {keepdim = true} : tensor<2x9000xf32> -> tensor<2x1xf32>
  %d = gn.sub %x, %mx : tensor<2x9000xf32>, tensor<2x1xf32> -> tensor<2x9000xf32>
  return %d : tensor<2x9000xf32>
}

// -----

// A reduction that drops its dims (its result does not broadcast over the
// rows) stays apart.
// CHECK-LABEL: func.func @no_keepdim
// CHECK-NOT: gn.fusion "row"
// CHECK: return
func.func @no_keepdim(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = gn.reduce_sum %x dims [1] {keepdim = false} : tensor<4x8xf32> -> tensor<4xf32>
  %e = gn.exp %s : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// An op between two groups that does not read the earlier one lets them
// merge: the merged kernel runs after it (here the matmul, which the
// subtraction reads, runs first; the max moves into the row kernel).
// CHECK-LABEL: func.func @op_between
// CHECK: gn.matmul
// CHECK: gn.fusion "row"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: gn.reduce_max
// CHECK-NOT: gn.fusion
// CHECK: return
func.func @op_between(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %mx = gn.reduce_max %x dims [1] {keepdim = true} : tensor<4x8xf32> -> tensor<4x1xf32>
  %mm = gn.matmul %x, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %d = gn.sub %mm, %mx : tensor<4x8xf32>, tensor<4x1xf32> -> tensor<4x8xf32>
  return %d : tensor<4x8xf32>
}

// -----

// An op between that reads the earlier group keeps them apart (it could
// not run before the merged kernel), and so does an input only the earlier
// group reads, over 64 KB, that would live on across the op between (%y:
// 128 KB).
// CHECK-LABEL: func.func @op_between_reads
// CHECK: gn.fusion "reduction"
// CHECK: gn.matmul
// CHECK: gn.fusion "elementwise"
// CHECK-LABEL: func.func @op_between_dying_input
// CHECK: gn.fusion "reduction"
// CHECK: gn.matmul
// CHECK: gn.fusion "elementwise"
func.func @op_between_reads(%x: tensor<4x8xf32>, %v: tensor<1x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %mx = gn.reduce_max %x dims [1] {keepdim = true} : tensor<4x8xf32> -> tensor<4x1xf32>
  %o = gn.matmul %mx, %v : tensor<4x1xf32>, tensor<1x8xf32> -> tensor<4x8xf32>
  %d = gn.sub %x, %mx : tensor<4x8xf32>, tensor<4x1xf32> -> tensor<4x8xf32>
  return %d, %o : tensor<4x8xf32>, tensor<4x8xf32>
}
func.func @op_between_dying_input(%x: tensor<256x128xf32>, %w: tensor<128x128xf32>, %w2: tensor<128x128xf32>) -> tensor<256x128xf32> {
  %y = gn.matmul %x, %w : tensor<256x128xf32>, tensor<128x128xf32> -> tensor<256x128xf32>
  %mx = gn.reduce_max %y dims [1] {keepdim = true} : tensor<256x128xf32> -> tensor<256x1xf32>
  %mm = gn.matmul %x, %w2 : tensor<256x128xf32>, tensor<128x128xf32> -> tensor<256x128xf32>
  %d = gn.sub %mm, %mx : tensor<256x128xf32>, tensor<256x1xf32> -> tensor<256x128xf32>
  return %d : tensor<256x128xf32>
}

// -----

// Reductions over other dims of the same shape are other rows: the column
// sum stays a group of its own.
// CHECK-LABEL: func.func @other_rows
// CHECK: gn.fusion "row"
// CHECK: gn.reduce_sum %{{.*}} dims [1]
// CHECK: gn.fusion "reduction"
// CHECK: gn.reduce_sum %{{.*}} dims [0]
func.func @other_rows(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<1x8xf32>) {
  %s = gn.reduce_sum %x dims [1] {keepdim = true} : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = gn.sub %x, %s : tensor<4x8xf32>, tensor<4x1xf32> -> tensor<4x8xf32>
  %c = gn.reduce_sum %d dims [0] {keepdim = true} : tensor<4x8xf32> -> tensor<1x8xf32>
  return %d, %c : tensor<4x8xf32>, tensor<1x8xf32>
}

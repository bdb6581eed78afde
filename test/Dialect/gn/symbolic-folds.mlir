// Folds and canonical forms must hold at every binding of the shape
// symbols, not only at the compile example's sizes.
// RUN: gn-opt %s -canonicalize | FileCheck %s

// A roll by the example's size (4) is a whole turn only when s0 = 4: kept.
// The same roll of a static dim of 4 folds away.
// CHECK-LABEL: func.func @roll
// CHECK: gn.roll %arg0 shifts [4] dims [0]
// CHECK-NOT: gn.roll
func.func @roll(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>, %y: tensor<4x8xf32>)
    -> (tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32>) {
  %a = gn.roll %x shifts [4] dims [0] : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %b = gn.roll %y shifts [4] dims [0] : tensor<4x8xf32>
  return %a, %b : tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32>
}

// A transpose moving only a unit dim becomes a reshape that keeps the
// symbolic sizes.
// CHECK-LABEL: func.func @unit_transpose
// CHECK: gn.reshape %arg0 [5, 1, 8] {sym_shape = #gn.dims<["s0", "", ""]>}
func.func @unit_transpose(%x: tensor<1x5x8xf32, #gn.dims<["", "s0", ""]>>)
    -> tensor<5x1x8xf32, #gn.dims<["s0", "", ""]>> {
  %t = gn.transpose %x [1, 0, 2] : tensor<1x5x8xf32, #gn.dims<["", "s0", ""]>> -> tensor<5x1x8xf32, #gn.dims<["s0", "", ""]>>
  return %t : tensor<5x1x8xf32, #gn.dims<["s0", "", ""]>>
}

// A splat broadcast to a symbolic size stays a broadcast: a constant has
// one size (a 1 broadcast to [s1] for position ids, folded, once failed the
// verifier inside the CPU pipeline). To a static size it folds.
// CHECK-LABEL: func.func @splat_broadcast
// CHECK-DAG: %[[FOLDED:.*]] = gn.constant dense<1> : tensor<6xi64>
// CHECK-DAG: %[[ONE:.*]] = gn.constant dense<1> : tensor<i64>
// CHECK: %[[KEPT:.*]] = gn.broadcast_to %[[ONE]] [6] {sym_shape = #gn.dims<["s1"]>}
// CHECK: return %[[KEPT]], %[[FOLDED]]
func.func @splat_broadcast() -> (tensor<6xi64, #gn.dims<["s1"]>>, tensor<6xi64>) {
  %c = gn.constant dense<1> : tensor<i64>
  %a = gn.broadcast_to %c [6] {sym_shape = #gn.dims<["s1"]>} : tensor<i64> -> tensor<6xi64, #gn.dims<["s1"]>>
  %b = gn.broadcast_to %c [6] : tensor<i64> -> tensor<6xi64>
  return %a, %b : tensor<6xi64, #gn.dims<["s1"]>>, tensor<6xi64>
}

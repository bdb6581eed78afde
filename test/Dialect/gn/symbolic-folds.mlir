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

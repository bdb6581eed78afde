// A symbolic group's thread dim (gn-schedule): a symbolic batch may be 1 at
// a binding (GraphNet's variants often are), so a static dim of 16 or more
// after it is split instead (resnetblur50d at batch 1 ran 1.34x its
// specialized program with every map on one thread, 1.00x after), unless it
// is the innermost loop (convnext_large's channels-last maps: 1.9x). Without
// one, the symbolic dim is split, its extent evaluated at the binding.
// RUN: gn-opt %s --gn-cpu-pipeline="lower-to-llvm=false" | FileCheck %s

// CHECK-LABEL: func.func @channels
// CHECK: gn.launch @gn_kernels::@{{[a-zA-Z0-9_]+}}(%arg0) {extent = 64 : i64, inplace = array<i64: 0>, thread_dim = 1 : i64}
func.func @channels(%x: tensor<2x64x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>) -> tensor<2x64x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> {
  %r = gn.relu %x : tensor<2x64x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  return %r : tensor<2x64x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
}

// CHECK-LABEL: func.func @few_channels
// CHECK: gn.launch @gn_kernels::@{{[a-zA-Z0-9_]+}}(%arg0) {extent = 2 : i64, gn.sym_extent = "s0", inplace = array<i64: 0>, thread_dim = 0 : i64}
func.func @few_channels(%x: tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>) -> tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>> {
  %r = gn.relu %x : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  return %r : tensor<2x3x8x8xf32, #gn.dims<["s0", "", "s1", "s1"]>>
}

// Channels last: the static dim is innermost, so s0 is split.
// CHECK-LABEL: func.func @channels_last
// CHECK: gn.launch @gn_kernels::@{{[a-zA-Z0-9_]+}}(%arg0) {extent = 2 : i64, gn.sym_extent = "s0", inplace = array<i64: 0>, thread_dim = 0 : i64}
func.func @channels_last(%x: tensor<2x8x8x64xf32, #gn.dims<["s0", "s1", "s1", ""]>>) -> tensor<2x8x8x64xf32, #gn.dims<["s0", "s1", "s1", ""]>> {
  %r = gn.relu %x : tensor<2x8x8x64xf32, #gn.dims<["s0", "s1", "s1", ""]>>
  return %r : tensor<2x8x8x64xf32, #gn.dims<["s0", "s1", "s1", ""]>>
}

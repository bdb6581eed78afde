// The CPU compiler on symbolic dims (docs/symbolic-shapes.md, phase 3):
// gn-set-target marks the module (every op is one it takes symbolically),
// gn's passes then accept it, and a kernel takes the sizes of its buffers'
// symbolic dims after its range, each symbolic buffer a bare pointer seen at
// those sizes; its loops run to them. gn-eval runs it at several bindings
// (test/Eval/symbolic-bind.test).
// RUN: gn-opt %s --gn-cpu-pipeline="lower-to-llvm=false" --canonicalize | FileCheck %s
// RUN: gn-opt %s --gn-cpu-pipeline | FileCheck %s --check-prefix=LLVM

// The group is split along s0 whatever the example's size (the runtime
// keeps a small binding on one thread); its extent is s0's value there.
// CHECK: module attributes {gn.symbolic, gn.target = #gn.target<cpu>}
// CHECK: gn.launch @gn_kernels::@[[K:[a-zA-Z0-9_]+]](%arg0, %arg1) {extent = 4 : i64, gn.sym_extent = "s0", inplace = array<i64: 0>, thread_dim = 0 : i64}
// CHECK-SAME: -> tensor<4x8xf32, #gn.dims<["s0", ""]>>
// The range, then s0 for the input and s0 for the result.
// CHECK: func.func @[[K]](%arg0: index, %arg1: index, %[[N_IN:.*]]: index, %[[N_OUT:.*]]: index, %[[X:.*]]: memref<1xf32> {llvm.noalias}, %{{.*}}: memref<8xf32> {llvm.noalias}, %[[Y:.*]]: memref<1xf32> {llvm.noalias})
// CHECK: %[[XV:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%[[N_IN]], 8], strides: [8, 1] : memref<1xf32> to memref<?x8xf32>
// CHECK: %[[YV:.*]] = memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [%[[N_OUT]], 8], strides: [8, 1] : memref<1xf32> to memref<?x8xf32>
// CHECK: scf.for %[[I:.*]] = %arg0 to %arg1
// CHECK: memref.subview %[[XV]][%[[I]], 0] [1, 8] [1, 1] : memref<?x8xf32>
// CHECK: memref.subview %[[YV]][%[[I]], 0] [1, 8] [1, 1] : memref<?x8xf32>
// CHECK: linalg.generic
// LLVM: llvm.func @k0_
func.func @forward(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>, %b: tensor<8xf32>) -> tensor<4x8xf32, #gn.dims<["s0", ""]>> {
  %a = gn.add %x, %b : tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<8xf32> -> tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %r = gn.relu %a : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %m = gn.mul %r, %x : tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<4x8xf32, #gn.dims<["s0", ""]>>
  return %m : tensor<4x8xf32, #gn.dims<["s0", ""]>>
}


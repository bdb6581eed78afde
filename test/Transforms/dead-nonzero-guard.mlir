// RUN: gn-opt %s --canonicalize | FileCheck %s
// RUN: gn-opt %s --gn-cpu-pipeline | FileCheck %s --check-prefix=CPU

// gn.nonzero checks its specialized count when it runs (a shape guard): a
// nonzero whose indices nothing reads still runs, or an input with another
// count would go unchecked (a Paddle generate_proposals whose boxes were all
// filtered out is a constant zero box, and only the guard says so).
// CHECK-LABEL: func.func @dead_nonzero
// CHECK: gn.nonzero %{{.*}} count 2 site 0
// CPU-LABEL: func.func @dead_nonzero
// CPU: gn.nonzero %{{.*}} count 2 site 0
func.func @dead_nonzero(%m: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %i = gn.nonzero %m count 2 site 0 : tensor<4xi1> -> tensor<2x1xi64>
  return %x : tensor<4xf32>
}

// As the CUDA pipeline compiles it (a one-thread scan kernel, rank-kernels):
// the kernel stays, unread, and calls the shape-guard callback when the
// count it finds is not 2.
// RUN: gn-opt %s --gn-cpu-pipeline="rank-kernels=true parallel-copy-loops=true" | FileCheck %s --check-prefix=KERNEL
// KERNEL-LABEL: func.func @dead_nonzero
// KERNEL: gn.launch @gn_kernels::@k0_nonzero
// KERNEL: llvm.call @gn_shape_guard_failed

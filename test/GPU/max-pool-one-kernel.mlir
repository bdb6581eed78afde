// A lone max pool on CUDA is one window kernel, a thread per output point
// reading its taps (the form the CUDA kernels' forms check on the CPU), not
// a fill plus a linalg reduction over a window workspace. gn-outline-kernels
// once read a shadowed constructor parameter here and took the second form
// on CUDA (its kernel took a memref<2x2xf32> window: gn.workspaces = 1).
// REQUIRES: cuda-toolkit
// RUN: gn-opt %s --gn-cuda-pipeline | FileCheck %s
// CHECK: func.func @k0_max_pool_{{[0-9A-F]+}}(%arg0: memref<2x3x6x6xf32> {llvm.noalias}, %arg1: memref<2x3x3x3xf32> {llvm.noalias}) attributes {{.*}}gn.workspaces = 0
// CHECK-COUNT-1: gpu.binary @k0_max_pool
// CHECK-NOT: gpu.binary
func.func @forward(%x: tensor<2x3x6x6xf32>) -> tensor<2x3x3x3xf32> {
  %r = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<2x3x6x6xf32> -> tensor<2x3x3x3xf32>
  return %r : tensor<2x3x3x3xf32>
}

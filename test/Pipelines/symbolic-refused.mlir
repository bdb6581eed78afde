// The compilers take some ops symbolically (phase 3 for the CPU, test/
// Pipelines/symbolic-cpu.mlir; phase 4's first slice for CUDA) and name the
// first they do not, never specializing it to its compile example in silence. Each of gn's passes
// refuses a symbolic module when run alone, outside a pipeline whose
// gn-set-target accepted it (gn-decompose once stopped with a fatal error
// inside a rewrite).
// RUN: not gn-opt %s --gn-cpu-pipeline 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not gn-opt %s --gn-cuda-pipeline="lower-to-binary=false" 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: not gn-opt %s --gn-decompose 2>&1 | FileCheck %s --check-prefix=DECOMPOSE
// RUN: not gn-opt %s --gn-form-fusion-groups 2>&1 | FileCheck %s --check-prefix=FUSE

// CPU: error: the cpu compiler does not take 'gn.flip' with symbolic dims yet (docs/symbolic-shapes.md, phase 3)
// DECOMPOSE: error: gn-decompose does not take symbolic dims yet (argument #0 is 'tensor<3x3xf32, #gn.dims<["s0", ""]>>')
// FUSE: error: gn-form-fusion-groups does not take symbolic dims yet
// CUDA: error: the cuda compiler does not take 'gn.flip' with symbolic dims yet (docs/symbolic-shapes.md, phase 4)
func.func @forward(%x: tensor<3x3xf32, #gn.dims<["s0", ""]>>, %w: tensor<3x4xf32>) -> tensor<4xf32> {
  %m = gn.matmul %x, %w : tensor<3x3xf32, #gn.dims<["s0", ""]>>, tensor<3x4xf32> -> tensor<3x4xf32, #gn.dims<["s0", ""]>>
  %p = gn.flip %m [0] : tensor<3x4xf32, #gn.dims<["s0", ""]>>
  %s = gn.reduce_sum %p dims [0] : tensor<3x4xf32, #gn.dims<["s0", ""]>> -> tensor<4xf32>
  return %s : tensor<4xf32>
}

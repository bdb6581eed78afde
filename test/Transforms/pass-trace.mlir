// gn's pass tracing (gn/Support/PassTrace.h): --gn-debug-only prints a
// pass's decisions, --gn-pass-statistics its counters, on stderr.
// RUN: gn-opt %s --gn-decompose --gn-form-fusion-groups --gn-debug-only=gn-form-fusion-groups --gn-pass-statistics -o /dev/null 2>&1 | FileCheck %s
// RUN: gn-opt %s --gn-cpu-pipeline --gn-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: gn-opt %s --gn-decompose --gn-debug-only=all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: gn-opt %s --gn-decompose --gn-form-fusion-groups -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// The elementwise chain is one group of three ops (the splat is cloned in),
// the reduction a second that absorbs its producer; softmax, decomposed,
// five more (max, sub+exp, sum, the sum's reciprocal, the product).
// CHECK: [gn-form-fusion-groups] group of 3 ops, domain [4, 8]: add mul exp at loc({{.*}}pass-trace.mlir":
// CHECK: [gn-form-fusion-groups] group of 2 ops, reduction, domain [4, 8]: exp reduce_sum at
// CHECK: [gn-form-fusion-groups] group of 1 op, reduction, domain [4, 8]: reduce_max at
// CHECK: ... gn pass statistics ...
// CHECK: gn-decompose
// CHECK-NEXT: (S) 1 numOpsReplaced - ops replaced or erased by the rewrites
// CHECK-NEXT: (S) 7 numOpsCreated - ops created by the rewrites
// CHECK-NEXT: gn-form-fusion-groups
// CHECK-NEXT: (S) 7 numGroups - fusion groups formed
// CHECK-NEXT: (S) 11 numOpsGrouped - ops placed in fusion groups
// CHECK-NEXT: (S) 3 numReductionGroups - groups that reduce
// Passes that did not run print nothing.
// CHECK-NOT: gn-outline-kernels

// The whole CPU pipeline: every group becomes a kernel, launched once.
// PIPE: gn-schedule
// PIPE-NEXT: (S) 7 numScheduled - fusion groups given a schedule
// PIPE-NEXT: gn-outline-kernels
// PIPE-NEXT: (S) 7 numKernels - kernels outlined
// PIPE-NEXT: (S) 7 numLaunches - launches of them
// PIPE: gn-lower-kernels-to-llvm
// PIPE-NEXT: (S) 7 numKernels - kernels lowered to LLVM

// softmax is composite: gn-decompose replaces it, and says so under "all".
// ALL: [gn-decompose] replaced gn.softmax at

// Without the flags nothing is printed.
// QUIET-NOT: gn-form-fusion-groups
// QUIET-NOT: statistics

func.func @f(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>) {
  %two = gn.constant dense<2.0> : tensor<f32>
  %0 = gn.add %x, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %1 = gn.mul %0, %two : tensor<4x8xf32>, tensor<f32> -> tensor<4x8xf32>
  %2 = gn.exp %1 : tensor<4x8xf32>
  %3 = gn.exp %x : tensor<4x8xf32>
  %4 = gn.reduce_sum %3 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %5 = gn.softmax %x dim 1 : tensor<4x8xf32>
  return %2, %4, %5 : tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>
}

// RUN: gn-opt %s --gn-stream-bands="max-bands=4 min-bytes=1024 band-bytes=64" | FileCheck %s
// RUN: gn-opt %s --gn-stream-bands="max-bands=4 min-bytes=1024 band-bytes=64 recompute-flops=0" | FileCheck %s --check-prefix=KEEP
// RUN: gn-opt %s --gn-stream-bands="max-bands=4 min-bytes=1024 band-bytes=64 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A norm's statistics over the band axis (UniSpeechSat's GroupNorm over all
// time): the first conv's output is read by the sum over time and by the
// normalization. The conv is cheap (8 flops an element) and reads only the
// input, so the normalized tail's bands compute it again, and then the sum
// streams its own bands with partial sums: the conv output is never whole.
// CHECK-LABEL: func.func @norm_stats
// CHECK-NOT: tensor<1x16x199xf32>
// CHECK: %[[I0:.*]] = gn.slice %arg0 starts [0, 0, 0] limits [1, 1, 102]
// CHECK: %[[C0:.*]] = gn.conv %[[I0]], %arg1 {{.*}} -> tensor<1x16x50xf32>
// The partial sums are added as they come (one is live at a time).
// CHECK: %[[P0:.*]] = gn.reduce_sum %[[C0]] dims [2]
// CHECK: %[[P1:.*]] = gn.reduce_sum {{.*}} dims [2]
// CHECK: %[[S01:.*]] = gn.add %[[P0]], %[[P1]]
// CHECK: %[[P2:.*]] = gn.reduce_sum {{.*}} dims [2]
// CHECK: %[[S012:.*]] = gn.add %[[S01]], %[[P2]]
// CHECK: %[[P3:.*]] = gn.reduce_sum {{.*}} dims [2]
// CHECK: %[[SUM:.*]] = gn.add %[[S012]], %[[P3]]
// CHECK: %[[J0:.*]] = gn.slice %arg0 starts [0, 0, 0] limits [1, 1, 106]
// CHECK: %[[R0:.*]] = gn.conv %[[J0]], %arg1 {{.*}} -> tensor<1x16x52xf32>
// CHECK: gn.sub %[[R0]], %[[SUM]]
// CHECK: gn.concat {{.*}} dim 2 : {{.*}} -> tensor<1x4x49xf32>
// CHECK-NOT: tensor<1x16x199xf32>
// Without recomputation the tail still streams, but reads the conv output
// whole.
// KEEP-LABEL: func.func @norm_stats
// KEEP: %[[C:.*]] = gn.conv %arg0, %arg1 {{.*}} -> tensor<1x16x199xf32>
// KEEP: gn.slice %[[C]]
// REMARK: remark: computed 4 ops in 4 bands along axis 2, 1 recomputed
// REMARK: remark: computed 2 ops in 4 bands along input axis 2 (partial results combined)
func.func @norm_stats(%x: tensor<1x1x400xf32>, %w1: tensor<16x1x4xf32>, %w2: tensor<4x16x4xf32>) -> tensor<1x4x49xf32> {
  %0 = gn.conv %x, %w1 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<1x1x400xf32>, tensor<16x1x4xf32>) -> tensor<1x16x199xf32>
  %1 = gn.reduce_sum %0 dims [2] {keepdim = true} : tensor<1x16x199xf32> -> tensor<1x16x1xf32>
  %2 = gn.sub %0, %1 : tensor<1x16x199xf32>, tensor<1x16x1xf32> -> tensor<1x16x199xf32>
  %3 = gn.tanh %2 : tensor<1x16x199xf32>
  %4 = gn.conv %3, %w2 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 4>} : (tensor<1x16x199xf32>, tensor<4x16x4xf32>) -> tensor<1x4x49xf32>
  return %4 : tensor<1x4x49xf32>
}

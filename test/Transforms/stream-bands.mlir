// RUN: gn-opt %s --gn-stream-bands="max-bands=2 min-bytes=1024 band-bytes=64" --split-input-file | FileCheck %s
// RUN: gn-opt %s --gn-stream-bands="max-bands=2 min-bytes=1024 band-bytes=64 memory-ratio=100" --split-input-file | FileCheck %s --check-prefix=ROOMY
// RUN: gn-opt %s --gn-stream-bands="max-bands=2 min-bytes=1024 band-bytes=64 remarks=true" --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// An audio front end: a strided conv widens a short input, a second conv
// shrinks it again. Each band of the result reads its receptive field of
// the input: output [0, 25) needs conv1 outputs [0, 100), which need input
// samples [0, 202); output [25, 49) needs [100, 196) and [200, 394).
// CHECK-LABEL: func.func @conv_chain
// CHECK: %[[I0:.*]] = gn.slice %arg0 starts [0, 0, 0] limits [1, 1, 202] steps [1, 1, 1]
// CHECK: %[[C0:.*]] = gn.conv %[[I0]], %arg1 {{.*}} -> tensor<1x16x100xf32>
// CHECK: %[[T0:.*]] = gn.tanh %[[C0]] : tensor<1x16x100xf32>
// CHECK: %[[B0:.*]] = gn.conv %[[T0]], %arg2 {{.*}} -> tensor<1x4x25xf32>
// CHECK: %[[I1:.*]] = gn.slice %arg0 starts [0, 0, 200] limits [1, 1, 394] steps [1, 1, 1]
// CHECK: gn.conv %[[I1]], %arg1 {{.*}} -> tensor<1x16x96xf32>
// CHECK: %[[B1:.*]] = gn.conv {{.*}} -> tensor<1x4x24xf32>
// CHECK: %[[R:.*]] = gn.concat %[[B0]], %[[B1]] dim 2
// CHECK: return %[[R]]
// ROOMY-LABEL: func.func @conv_chain
// ROOMY-NOT: gn.slice
// ROOMY-NOT: gn.concat
// REMARK: remark: computed 3 ops in 2 bands along axis 2
func.func @conv_chain(%x: tensor<1x1x400xf32>, %w1: tensor<16x1x4xf32>, %w2: tensor<4x16x4xf32>) -> tensor<1x4x49xf32> {
  %0 = gn.conv %x, %w1 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<1x1x400xf32>, tensor<16x1x4xf32>) -> tensor<1x16x199xf32>
  %1 = gn.tanh %0 : tensor<1x16x199xf32>
  %2 = gn.conv %1, %w2 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 4>} : (tensor<1x16x199xf32>, tensor<4x16x4xf32>) -> tensor<1x4x49xf32>
  return %2 : tensor<1x4x49xf32>
}

// -----

// A padded 3x3 conv banded along H: the top band's halo crosses the top
// edge only, so it gets an explicit zero row above and no H padding in the
// conv (W keeps its padding); the bottom band gets a zero row below.
// CHECK-LABEL: func.func @padded_conv
// CHECK: %[[S0:.*]] = gn.slice %arg0 starts [0, 0, 0, 0] limits [1, 2, 9, 8]
// CHECK: %[[P0:.*]] = gn.pad %[[S0]] low [0, 0, 1, 0] high [0, 0, 0, 0]
// CHECK: gn.conv %[[P0]], %arg1 {{.*}}padding = array<i64: 0, 1>{{.*}} -> tensor<1x8x8x8xf32>
// CHECK: %[[S1:.*]] = gn.slice %arg0 starts [0, 0, 7, 0] limits [1, 2, 16, 8]
// CHECK: %[[P1:.*]] = gn.pad %[[S1]] low [0, 0, 0, 0] high [0, 0, 1, 0]
// CHECK: gn.conv %[[P1]], %arg1 {{.*}}padding = array<i64: 0, 1>{{.*}} -> tensor<1x8x8x8xf32>
// CHECK: gn.concat {{.*}} dim 2 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x16x8xf32>
// REMARK: remark: computed 3 ops in 2 bands along axis 2
func.func @padded_conv(%x: tensor<1x2x16x8xf32>, %w1: tensor<8x2x3x3xf32>, %w2: tensor<2x8x1x1xf32>) -> tensor<1x2x16x8xf32> {
  %0 = gn.conv %x, %w1 {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x2x16x8xf32>, tensor<8x2x3x3xf32>) -> tensor<1x8x16x8xf32>
  %1 = gn.tanh %0 : tensor<1x8x16x8xf32>
  %2 = gn.conv %1, %w2 {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x16x8xf32>, tensor<2x8x1x1xf32>) -> tensor<1x2x16x8xf32>
  return %2 : tensor<1x2x16x8xf32>
}

// -----

// A sum over the banded axis: each band sums its rows and the partial sums
// are added.
// CHECK-LABEL: func.func @pooled
// CHECK: %[[A:.*]] = gn.reduce_sum {{.*}} dims [1] : tensor<1x32x8xf32> -> tensor<1x8xf32>
// CHECK: %[[B:.*]] = gn.reduce_sum {{.*}} dims [1] : tensor<1x32x8xf32> -> tensor<1x8xf32>
// CHECK: %[[S:.*]] = gn.add %[[A]], %[[B]]
// CHECK: return %[[S]]
// REMARK: remark: computed 3 ops in 2 bands along input axis 1 (partial results combined)
func.func @pooled(%x: tensor<1x64x4xf32>, %w: tensor<8x4xf32>) -> tensor<1x8xf32> {
  %0 = gn.linear %x, %w : (tensor<1x64x4xf32>, tensor<8x4xf32>) -> tensor<1x64x8xf32>
  %1 = gn.tanh %0 : tensor<1x64x8xf32>
  %2 = gn.reduce_sum %1 dims [1] : tensor<1x64x8xf32> -> tensor<1x8xf32>
  return %2 : tensor<1x8xf32>
}

// -----

// A region whose result is as large as its intermediates gains nothing
// from bands (the transpose's input is all the linear makes), and the
// matmul does not commute with them: left alone.
// CHECK-LABEL: func.func @nothing_to_gain
// CHECK-NOT: gn.slice
// CHECK-NOT: gn.concat
// CHECK: gn.matmul
func.func @nothing_to_gain(%x: tensor<1x64x4xf32>, %w: tensor<8x4xf32>, %m: tensor<64x64xf32>) -> tensor<1x8x64xf32> {
  %0 = gn.linear %x, %w : (tensor<1x64x4xf32>, tensor<8x4xf32>) -> tensor<1x64x8xf32>
  %1 = gn.transpose %0 [0, 2, 1] : tensor<1x64x8xf32> -> tensor<1x8x64xf32>
  %2 = gn.matmul %1, %m : tensor<1x8x64xf32>, tensor<64x64xf32> -> tensor<1x8x64xf32>
  return %2 : tensor<1x8x64xf32>
}

// -----

// A positional convolution (wav2vec2's): the conv pads one more column
// than it needs and a slice drops one, here the first. Slices move bands:
// band [0, 32) of the slice reads conv columns [1, 33), whose receptive
// field is input columns [-1, 34) (one zero column padded); the band's slice
// is then the whole conv band. Every intermediate is the sink's size, and
// together they hold six times its bytes: worth the bands.
// CHECK-LABEL: func.func @shifted_slice
// CHECK: %[[X0:.*]] = gn.slice %arg0 starts [0, 0, 0] limits [1, 34, 8]
// CHECK: %[[P0:.*]] = gn.pad %{{.*}} low [0, 0, 1] high [0, 0, 0] : tensor<1x8x34xf32> -> tensor<1x8x35xf32>
// CHECK: %[[C0:.*]] = gn.conv %[[P0]], %arg1 {{.*}} -> tensor<1x8x32xf32>
// CHECK: gn.slice %[[C0]] starts [0, 0, 0] limits [1, 8, 32]
// CHECK: gn.slice %arg0 starts [0, 31, 0] limits [1, 64, 8]
// CHECK: %[[P1:.*]] = gn.pad %{{.*}} low [0, 0, 0] high [0, 0, 2] : tensor<1x8x33xf32> -> tensor<1x8x35xf32>
// CHECK: %[[C1:.*]] = gn.conv %[[P1]], %arg1 {{.*}} -> tensor<1x8x32xf32>
// CHECK: gn.slice %[[C1]] starts [0, 0, 0] limits [1, 8, 32]
// CHECK: gn.concat
// REMARK: remark: computed 7 ops in 2 bands along axis 1
// ROOMY-LABEL: func.func @shifted_slice
func.func @shifted_slice(%a: tensor<1x64x8xf32>, %w: tensor<8x4x4xf32>) -> tensor<1x64x8xf32> {
  %x = gn.tanh %a : tensor<1x64x8xf32>
  %xt = gn.transpose %x [0, 2, 1] : tensor<1x64x8xf32> -> tensor<1x8x64xf32>
  %c = gn.conv %xt, %w {dilation = array<i64: 1>, groups = 2 : i64, padding = array<i64: 2>, stride = array<i64: 1>} : (tensor<1x8x64xf32>, tensor<8x4x4xf32>) -> tensor<1x8x65xf32>
  %s = gn.slice %c starts [0, 0, 1] limits [1, 8, 65] steps [1, 1, 1] : tensor<1x8x65xf32> -> tensor<1x8x64xf32>
  %g = gn.tanh %s : tensor<1x8x64xf32>
  %gt = gn.transpose %g [0, 2, 1] : tensor<1x8x64xf32> -> tensor<1x64x8xf32>
  %y = gn.add %x, %gt : tensor<1x64x8xf32>, tensor<1x64x8xf32> -> tensor<1x64x8xf32>
  return %y : tensor<1x64x8xf32>
}

// -----

// A splat operand of the region is banded as smaller splats (folded), not
// as slices of the whole constant: kernels clone a splat in, while a slice
// of one would be a buffer of its own.
// CHECK-LABEL: func.func @splat_operand
// CHECK: gn.conv {{.*}} -> tensor<1x16x100xf32>
// CHECK: %[[C0:.*]] = gn.constant dense<5.000000e-01> : tensor<1x16x100xf32>
// CHECK: gn.add %{{.*}}, %[[C0]]
// CHECK: gn.conv {{.*}} -> tensor<1x16x96xf32>
// CHECK: %[[C1:.*]] = gn.constant dense<5.000000e-01> : tensor<1x16x96xf32>
// CHECK: gn.add %{{.*}}, %[[C1]]
// CHECK-NOT: gn.slice %{{[0-9]+}} starts
func.func @splat_operand(%x: tensor<1x1x400xf32>, %w1: tensor<16x1x4xf32>, %w2: tensor<4x16x4xf32>) -> tensor<1x4x49xf32> {
  %0 = gn.conv %x, %w1 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<1x1x400xf32>, tensor<16x1x4xf32>) -> tensor<1x16x199xf32>
  %c = gn.constant dense<5.000000e-01> : tensor<1x16x199xf32>
  %1 = gn.add %0, %c : tensor<1x16x199xf32>, tensor<1x16x199xf32> -> tensor<1x16x199xf32>
  %2 = gn.conv %1, %w2 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 4>} : (tensor<1x16x199xf32>, tensor<4x16x4xf32>) -> tensor<1x4x49xf32>
  return %2 : tensor<1x4x49xf32>
}

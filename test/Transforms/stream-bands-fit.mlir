// RUN: gn-opt %s --gn-stream-bands="max-bands=2 min-bytes=1024 band-bytes=64 memory-ratio=3 require-fit=true" | FileCheck %s --check-prefix=BANDS
// RUN: gn-opt %s --gn-stream-bands="max-bands=2 min-bytes=1024 band-bytes=64 memory-ratio=2" | FileCheck %s --check-prefix=BANDS
// RUN: gn-opt %s --gn-stream-bands="max-bands=2 min-bytes=1024 band-bytes=64 memory-ratio=2 require-fit=true" | FileCheck %s --check-prefix=WHOLE
// RUN: gn-opt %s --gn-stream-bands="max-bands=2 min-bytes=1024 band-bytes=64 memory-ratio=3 require-fit=true min-excess-bytes=65536" | FileCheck %s --check-prefix=WHOLE

// require-fit (gn-cuda-pipeline's setting, where every band is launches of
// its own): the bands are kept only where they bring the estimated peak
// within memory-ratio. Two bands of this audio front end fit 3x but not 2x:
// at 2x the function is left as it was, while without require-fit it is
// banded anyway. With min-excess-bytes (gn-cuda-pipeline's 16 MiB): an
// estimate over the budget by less than that is left whole, as it fits.
// BANDS-LABEL: func.func @conv_chain
// BANDS: gn.slice %arg0
// BANDS: gn.concat
// WHOLE-LABEL: func.func @conv_chain
// WHOLE-NOT: gn.slice
// WHOLE-NOT: gn.concat
// WHOLE: gn.conv %arg0, %arg1
func.func @conv_chain(%x: tensor<1x1x400xf32>, %w1: tensor<16x1x4xf32>, %w2: tensor<4x16x4xf32>) -> tensor<1x4x49xf32> {
  %0 = gn.conv %x, %w1 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<1x1x400xf32>, tensor<16x1x4xf32>) -> tensor<1x16x199xf32>
  %1 = gn.tanh %0 : tensor<1x16x199xf32>
  %2 = gn.conv %1, %w2 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 4>} : (tensor<1x16x199xf32>, tensor<4x16x4xf32>) -> tensor<1x4x49xf32>
  return %2 : tensor<1x4x49xf32>
}

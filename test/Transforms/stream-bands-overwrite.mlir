// RUN: gn-opt %s --split-input-file --gn-stream-bands="max-bands=4 min-bytes=1024 band-bytes=64 recompute-flops=0" | FileCheck %s
// RUN: gn-opt %s --split-input-file --gn-stream-bands="max-bands=4 min-bytes=1024 band-bytes=64 recompute-flops=0 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gn-opt %s --split-input-file --gn-stream-bands="max-bands=64 min-bytes=1024 band-bytes=64 recompute-flops=0 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=FEW
// RUN: gn-opt %s --split-input-file --gn-stream-bands="max-bands=4 band-bytes=64 recompute-flops=0 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=SMALL
// RUN: gn-opt %s --split-input-file --gn-stream-bands="max-bands=4 band-bytes=4096 recompute-flops=0 remarks=true" 2>&1 >/dev/null | FileCheck %s --allow-empty --check-prefix=FLOOR

// What the layer reads whole (%x, keys, values: 6 KB) already exceeds the
// budget's room (half of 5 KB of arguments and results): no band count
// fits, so bands hold a quarter of those bytes (6 bands), not the finest
// band-bytes allows (64).
// FEW: remark: computed 7 ops in 6 bands along axis 1, written over an input
// A region is worth streaming when its largest intermediate (2 KB here) is
// an eighth of the arguments and results (640 bytes), even below the
// default min-bytes (256 KB)...
// SMALL: remark: computed 7 ops in 4 bands along axis 1, written over an input
// ...but not below band-bytes.
// FLOOR-NOT: remark

// An encoder layer on a residual stream %x (Data2VecAudio's, at 1248
// tokens): keys and values are computed whole first; then each band of
// query rows runs the q projection, attention (all keys and values), the
// output projection, the residual add and the tail, and its result is
// inserted over the rows of %x it read. Band i reads the buffer after
// bands 0..i-1 were inserted (its own rows still hold %x's), so the layer's
// output needs no buffer of its own: the runtime runs each insert in place.
// CHECK-LABEL: func.func @residual_attention
// CHECK: %[[X:.*]] = gn.tanh %arg0
// CHECK: %[[K:.*]] = gn.linear %[[X]], %arg2
// CHECK: %[[V:.*]] = gn.linear %[[X]], %arg3
// CHECK: %[[K4:.*]] = gn.reshape %[[K]]
// CHECK: %[[V4:.*]] = gn.reshape %[[V]]
// CHECK: %[[Q0:.*]] = gn.slice %[[X]] starts [0, 0, 0] limits [1, 16, 8]
// CHECK: gn.linear %[[Q0]], %arg1
// CHECK: gn.attention %{{.*}}, %[[K4]], %[[V4]] {seq_first = true} : (tensor<1x16x2x4xf32>, tensor<1x64x2x4xf32>, tensor<1x64x2x4xf32>) -> tensor<1x16x2x4xf32>
// CHECK: %[[R0:.*]] = gn.slice %[[X]] starts [0, 0, 0] limits [1, 16, 8]
// CHECK: gn.add %[[R0]]
// CHECK: %[[D1:.*]] = gn.insert_slice %{{.*}} into %[[X]] starts [0, 0, 0] limits [1, 16, 8]
// CHECK: gn.slice %[[D1]] starts [0, 16, 0] limits [1, 32, 8]
// CHECK: %[[D2:.*]] = gn.insert_slice %{{.*}} into %[[D1]] starts [0, 16, 0] limits [1, 32, 8]
// CHECK: %[[D3:.*]] = gn.insert_slice %{{.*}} into %[[D2]] starts [0, 32, 0] limits [1, 48, 8]
// CHECK: %[[D4:.*]] = gn.insert_slice %{{.*}} into %[[D3]] starts [0, 48, 0] limits [1, 64, 8]
// CHECK-NOT: gn.concat
// CHECK: return %[[D4]]
// REMARK: remark: computed 7 ops in 4 bands along axis 1, written over an input
func.func @residual_attention(%a: tensor<1x64x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>, %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>) -> tensor<1x64x8xf32> {
  %x = gn.tanh %a : tensor<1x64x8xf32>
  %q = gn.linear %x, %wq : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %k = gn.linear %x, %wk : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %v = gn.linear %x, %wv : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %q4 = gn.reshape %q [1, 64, 2, 4] : tensor<1x64x8xf32> -> tensor<1x64x2x4xf32>
  %k4 = gn.reshape %k [1, 64, 2, 4] : tensor<1x64x8xf32> -> tensor<1x64x2x4xf32>
  %v4 = gn.reshape %v [1, 64, 2, 4] : tensor<1x64x8xf32> -> tensor<1x64x2x4xf32>
  %o = gn.attention %q4, %k4, %v4 {seq_first = true} : (tensor<1x64x2x4xf32>, tensor<1x64x2x4xf32>, tensor<1x64x2x4xf32>) -> tensor<1x64x2x4xf32>
  %o3 = gn.reshape %o [1, 64, 8] : tensor<1x64x2x4xf32> -> tensor<1x64x8xf32>
  %p = gn.linear %o3, %wo : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %y = gn.add %x, %p : tensor<1x64x8xf32>, tensor<1x64x8xf32> -> tensor<1x64x8xf32>
  %z = gn.tanh %y : tensor<1x64x8xf32>
  return %z : tensor<1x64x8xf32>
}

// -----

// A causal attention's query band would need its mask shifted: it is not
// streamed, and the tail after it alone frees too little to be.
// CHECK-LABEL: func.func @causal_stays_whole
// CHECK: gn.attention {{.*}}is_causal = true{{.*}} -> tensor<1x64x2x4xf32>
// CHECK-NOT: gn.slice
// CHECK-NOT: gn.insert_slice
// CHECK: return
// REMARK-NOT: remark
func.func @causal_stays_whole(%a: tensor<1x64x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>, %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>) -> tensor<1x64x8xf32> {
  %x = gn.tanh %a : tensor<1x64x8xf32>
  %q = gn.linear %x, %wq : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %k = gn.linear %x, %wk : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %v = gn.linear %x, %wv : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %q4 = gn.reshape %q [1, 64, 2, 4] : tensor<1x64x8xf32> -> tensor<1x64x2x4xf32>
  %k4 = gn.reshape %k [1, 64, 2, 4] : tensor<1x64x8xf32> -> tensor<1x64x2x4xf32>
  %v4 = gn.reshape %v [1, 64, 2, 4] : tensor<1x64x8xf32> -> tensor<1x64x2x4xf32>
  %o = gn.attention %q4, %k4, %v4 {is_causal = true, seq_first = true} : (tensor<1x64x2x4xf32>, tensor<1x64x2x4xf32>, tensor<1x64x2x4xf32>) -> tensor<1x64x2x4xf32>
  %o3 = gn.reshape %o [1, 64, 8] : tensor<1x64x2x4xf32> -> tensor<1x64x8xf32>
  %p = gn.linear %o3, %wo : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %y = gn.add %x, %p : tensor<1x64x8xf32>, tensor<1x64x8xf32> -> tensor<1x64x8xf32>
  %z = gn.tanh %y : tensor<1x64x8xf32>
  return %z : tensor<1x64x8xf32>
}

// -----

// The same layer with the key / value projections folded into the
// attention (gn.projected_attention): each band of query rows projects the
// keys and values from all of %x again, so %x is read whole to the last
// band and the layer's output gets a buffer of its own (no "written over
// an input"); keys and values never exist whole.
// CHECK-LABEL: func.func @residual_projected_attention
// CHECK-NOT: gn.linear %{{.*}}, %arg2
// CHECK: %[[X:.*]] = gn.tanh %arg0
// CHECK: %[[Q0:.*]] = gn.slice %[[X]] starts [0, 0, 0] limits [1, 16, 8]
// CHECK: gn.linear %[[Q0]], %arg1
// CHECK: gn.projected_attention %{{.*}}, %[[X]], %arg2, %arg5, %arg3, %arg6 : (tensor<1x16x2x4xf32>, tensor<1x64x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x16x2x4xf32>
// CHECK-COUNT-3: gn.projected_attention %{{.*}}, %[[X]], %arg2, %arg5, %arg3, %arg6 : (tensor<1x16x2x4xf32>
// CHECK: %[[R:.*]] = gn.concat
// CHECK: return %[[R]]
// REMARK: remark: computed 7 ops in 4 bands along axis 1
// REMARK-NOT: written over an input
func.func @residual_projected_attention(%a: tensor<1x64x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x8xf32>, %wv: tensor<8x8xf32>, %wo: tensor<8x8xf32>, %bk: tensor<8xf32>, %bv: tensor<8xf32>) -> tensor<1x64x8xf32> {
  %x = gn.tanh %a : tensor<1x64x8xf32>
  %q = gn.linear %x, %wq : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %q4 = gn.reshape %q [1, 64, 2, 4] : tensor<1x64x8xf32> -> tensor<1x64x2x4xf32>
  %o = gn.projected_attention %q4, %x, %wk, %bk, %wv, %bv : (tensor<1x64x2x4xf32>, tensor<1x64x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x64x2x4xf32>
  %o3 = gn.reshape %o [1, 64, 8] : tensor<1x64x2x4xf32> -> tensor<1x64x8xf32>
  %p = gn.linear %o3, %wo : (tensor<1x64x8xf32>, tensor<8x8xf32>) -> tensor<1x64x8xf32>
  %y = gn.add %x, %p : tensor<1x64x8xf32>, tensor<1x64x8xf32> -> tensor<1x64x8xf32>
  %z = gn.tanh %y : tensor<1x64x8xf32>
  return %z : tensor<1x64x8xf32>
}

// RUN: gn-opt %s --gn-stream-bands="memory-ratio=1.76 band-gemms=true" | FileCheck %s
// RUN: gn-opt %s --gn-stream-bands="memory-ratio=1.76 band-gemms=true remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gn-opt %s --gn-stream-bands="memory-ratio=1.8 band-gemms=true remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=ROOMY

// A GraphSAGE layer after gn-reorder-aggregation (h: the previous layer,
// 1 MB; 100 messages x_j of it): relu(scatter_add(lin_r(h) + b, j,
// lin_l(x_j) / c_j)), then a narrow head so the arguments and results stay
// small (1.58 MB).
//  - lin_r(h) alone is banded along rows, written over h (nothing reads h
//    later): a lone op is worth banding when its result needs no bytes.
//    The scatter then updates that buffer in place and the relu runs in
//    place over it (the estimate knows both).
//  - That leaves h, x_j and lin_l(x_j) / c_j at 1.2 MB of intermediates,
//    just over the 1.76 budget's 1.2 MB of room: the messages' map is far
//    below min-bytes, but its bands written over x_j alone close the gap,
//    so it is banded too (6 bands of 17 rows). With a 1.8 budget there is
//    no gap left to close.
// CHECK-LABEL: func.func @sage_layer
// CHECK: %[[H:.+]] = gn.linear %arg0, %arg4
// CHECK: %[[XJ:.+]] = gn.index_select %[[H]][%arg1]
// CHECK: %[[B0:.+]] = gn.slice %[[XJ]] starts [0, 0] limits [17, 256]
// CHECK: %[[M0:.+]] = gn.linear %[[B0]], %arg4 : (tensor<17x256xf32>, tensor<256x256xf32>) -> tensor<17x256xf32>
// CHECK: %[[T0:.+]] = gn.div %[[M0]]
// CHECK: gn.insert_slice %[[T0]] into %[[XJ]] starts [0, 0] limits [17, 256]
// CHECK: %[[R0:.+]] = gn.slice %[[H]] starts [0, 0] limits [44, 256]
// CHECK: %[[Y0:.+]] = gn.linear %[[R0]], %arg5, %arg6 : (tensor<44x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<44x256xf32>
// CHECK: gn.insert_slice %[[Y0]] into %[[H]] starts [0, 0] limits [44, 256]
// REMARK: 37:8: remark: computed 1 ops in 23 bands along axis 0, written over an input
// REMARK: 36:8: remark: computed 2 ops in 6 bands along axis 0, written over an input
// ROOMY: 37:8: remark: computed 1 ops in 17 bands along axis 0, written over an input
// ROOMY-NOT: 36:8: remark
func.func @sage_layer(%x: tensor<1000x256xf32>, %src: tensor<100xi64>, %j: tensor<100x1xi64>, %cj: tensor<100x1xf32>, %w: tensor<256x256xf32>, %wr: tensor<256x256xf32>, %b: tensor<256xf32>) -> tensor<1000x8xf32> {
  %h = gn.linear %x, %w : (tensor<1000x256xf32>, tensor<256x256xf32>) -> tensor<1000x256xf32>
  %xj = gn.index_select %h[%src] dim 0 : tensor<1000x256xf32>, tensor<100xi64> -> tensor<100x256xf32>
  %m = gn.linear %xj, %w : (tensor<100x256xf32>, tensor<256x256xf32>) -> tensor<100x256xf32>
  %t = gn.div %m, %cj : tensor<100x256xf32>, tensor<100x1xf32> -> tensor<100x256xf32>
  %y = gn.linear %h, %wr, %b : (tensor<1000x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<1000x256xf32>
  %i = gn.broadcast_to %j [100, 256] : tensor<100x1xi64> -> tensor<100x256xi64>
  %s = gn.scatter %t into %y[%i] dim 0 {reduce = "add"} : tensor<100x256xf32> into tensor<1000x256xf32>, tensor<100x256xi64>
  %z = gn.constant dense<0.000000e+00> : tensor<f32>
  %r = gn.maximum %s, %z : tensor<1000x256xf32>, tensor<f32> -> tensor<1000x256xf32>
  %o = gn.slice %r starts [0, 0] limits [1000, 8] steps [1, 1] : tensor<1000x256xf32> -> tensor<1000x8xf32>
  return %o : tensor<1000x8xf32>
}

// The same layer as gn-cuda-pipeline writes it, each linear decomposed
// into a GEMM on the weight read transposed and a bias add: a GEMM bands
// along the rows of its lhs (the weight whole), so lin_r(h) + b is again
// banded over h, two ops a band.
// CHECK-LABEL: func.func @sage_layer_gemms
// CHECK: %[[GH:.+]] = gn.matmul %arg0, %arg4 {transpose_rhs}
// CHECK: %[[GR0:.+]] = gn.slice %[[GH]] starts [0, 0] limits [[[N:[0-9]+]], 256]
// CHECK: %[[GY0:.+]] = gn.matmul %[[GR0]], %arg5 {transpose_rhs} : tensor<[[N]]x256xf32>, tensor<256x256xf32> -> tensor<[[N]]x256xf32>
// CHECK: %[[GB0:.+]] = gn.add %[[GY0]], %arg6
// CHECK: gn.insert_slice %[[GB0]] into %[[GH]] starts [0, 0] limits [[[N]], 256]
// REMARK: 64:8: remark: computed 2 ops in 23 bands along axis 0, written over an input
// ROOMY: 64:8: remark: computed 2 ops in 17 bands along axis 0, written over an input
func.func @sage_layer_gemms(%x: tensor<1000x256xf32>, %src: tensor<100xi64>, %j: tensor<100x1xi64>, %cj: tensor<100x1xf32>, %w: tensor<256x256xf32>, %wr: tensor<256x256xf32>, %b: tensor<256xf32>) -> tensor<1000x8xf32> {
  %h = gn.matmul %x, %w {transpose_rhs} : tensor<1000x256xf32>, tensor<256x256xf32> -> tensor<1000x256xf32>
  %xj = gn.index_select %h[%src] dim 0 : tensor<1000x256xf32>, tensor<100xi64> -> tensor<100x256xf32>
  %m = gn.matmul %xj, %w {transpose_rhs} : tensor<100x256xf32>, tensor<256x256xf32> -> tensor<100x256xf32>
  %t = gn.div %m, %cj : tensor<100x256xf32>, tensor<100x1xf32> -> tensor<100x256xf32>
  %y0 = gn.matmul %h, %wr {transpose_rhs} : tensor<1000x256xf32>, tensor<256x256xf32> -> tensor<1000x256xf32>
  %y = gn.add %y0, %b : tensor<1000x256xf32>, tensor<256xf32> -> tensor<1000x256xf32>
  %i = gn.broadcast_to %j [100, 256] : tensor<100x1xi64> -> tensor<100x256xi64>
  %s = gn.scatter %t into %y[%i] dim 0 {reduce = "add"} : tensor<100x256xf32> into tensor<1000x256xf32>, tensor<100x256xi64>
  %z = gn.constant dense<0.000000e+00> : tensor<f32>
  %r = gn.maximum %s, %z : tensor<1000x256xf32>, tensor<f32> -> tensor<1000x256xf32>
  %o = gn.slice %r starts [0, 0] limits [1000, 8] steps [1, 1] : tensor<1000x256xf32> -> tensor<1000x8xf32>
  return %o : tensor<1000x8xf32>
}

// RUN: gn-opt %s -split-input-file -gn-reorder-aggregation | FileCheck %s

// A GraphSAGE layer, relu(lin_l(mean of x_j at dst) + lin_r(x)), with 4
// messages into 6 rows: lin_l runs on the 4 messages, each divided by its
// target's count, and they accumulate into lin_r(x) + b (the bias goes
// back into lin_r's GEMM). The [6, 3] mean is never formed.
// CHECK-LABEL: func.func @sage_mean
// CHECK-DAG: %[[XJ:.+]] = gn.index_select %arg0[%[[SRC:.+]]] dim 0
// CHECK-DAG: %[[M:.+]] = gn.linear %[[XJ]], %arg1 : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
// CHECK-DAG: %[[CJ:.+]] = gn.index_select %{{.+}}[%{{.+}}] dim 0 : tensor<6x1xf32>, tensor<4xi64> -> tensor<4x1xf32>
// CHECK-DAG: %[[T:.+]] = gn.div %[[M]], %[[CJ]] : tensor<4x5xf32>, tensor<4x1xf32> -> tensor<4x5xf32>
// CHECK-DAG: %[[I:.+]] = gn.broadcast_to %{{.+}} [4, 5] : tensor<4x1xi64> -> tensor<4x5xi64>
// CHECK-DAG: %[[R:.+]] = gn.linear %arg0, %arg3, %arg2 : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<5xf32>) -> tensor<6x5xf32>
// CHECK: %[[S:.+]] = gn.scatter %[[T]] into %[[R]][%[[I]]] dim 0 {reduce = "add"} : tensor<4x5xf32> into tensor<6x5xf32>, tensor<4x5xi64>
// CHECK: gn.relu %[[S]]
// CHECK-NOT: tensor<6x3xf32> into
func.func @sage_mean(%x: tensor<6x3xf32>, %w: tensor<5x3xf32>, %b: tensor<5xf32>, %wr: tensor<5x3xf32>) -> tensor<6x5xf32> {
  %src = gn.constant dense<[0, 2, 2, 5]> : tensor<4xi64>
  %dst = gn.constant dense<[1, 1, 3, 0]> : tensor<4xi64>
  %xj = gn.index_select %x[%src] dim 0 : tensor<6x3xf32>, tensor<4xi64> -> tensor<4x3xf32>
  %zc = gn.constant dense<0.000000e+00> : tensor<6xf32>
  %ones = gn.constant dense<1.000000e+00> : tensor<4xf32>
  %cnt = gn.scatter %ones into %zc[%dst] dim 0 {reduce = "add"} : tensor<4xf32> into tensor<6xf32>, tensor<4xi64>
  %c = gn.clamp %cnt {min = 1.000000e+00 : f64} : tensor<6xf32>
  %j = gn.reshape %dst [4, 1] : tensor<4xi64> -> tensor<4x1xi64>
  %i = gn.broadcast_to %j [4, 3] : tensor<4x1xi64> -> tensor<4x3xi64>
  %z = gn.constant dense<0.000000e+00> : tensor<6x3xf32>
  %sum = gn.scatter %xj into %z[%i] dim 0 {reduce = "add"} : tensor<4x3xf32> into tensor<6x3xf32>, tensor<4x3xi64>
  %c2 = gn.reshape %c [6, 1] : tensor<6xf32> -> tensor<6x1xf32>
  %cb = gn.broadcast_to %c2 [6, 3] : tensor<6x1xf32> -> tensor<6x3xf32>
  %mean = gn.div %sum, %cb : tensor<6x3xf32>, tensor<6x3xf32> -> tensor<6x3xf32>
  %l = gn.linear %mean, %w, %b : (tensor<6x3xf32>, tensor<5x3xf32>, tensor<5xf32>) -> tensor<6x5xf32>
  %r = gn.linear %x, %wr : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
  %o = gn.add %l, %r : tensor<6x5xf32>, tensor<6x5xf32> -> tensor<6x5xf32>
  %y = gn.relu %o : tensor<6x5xf32>
  return %y : tensor<6x5xf32>
}

// -----

// A sum without bias, returned as it is: the messages' map scatters into
// zeros of the output's shape.
// CHECK-LABEL: func.func @sum_no_bias
// CHECK-DAG: %[[Z:.+]] = gn.constant dense<0.000000e+00> : tensor<6x5xf32>
// CHECK-DAG: %[[M:.+]] = gn.linear %arg1, %arg2 : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
// CHECK: gn.scatter %[[M]] into %[[Z]][%{{.+}}] dim 0 {reduce = "add"} : tensor<2x5xf32> into tensor<6x5xf32>
func.func @sum_no_bias(%j: tensor<2x1xi64>, %s: tensor<2x3xf32>, %w: tensor<5x3xf32>) -> tensor<6x5xf32> {
  %i = gn.broadcast_to %j [2, 3] : tensor<2x1xi64> -> tensor<2x3xi64>
  %z = gn.constant dense<0.000000e+00> : tensor<6x3xf32>
  %sum = gn.scatter %s into %z[%i] dim 0 {reduce = "add"} : tensor<2x3xf32> into tensor<6x3xf32>, tensor<2x3xi64>
  %l = gn.linear %sum, %w : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
  return %l : tensor<6x5xf32>
}

// -----

// Left alone: as many messages as rows (the map costs no less on them);
// an index that is not one row per message; a divisor per element; a
// scatter that is not a sum.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: gn.linear %{{.+}} : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
func.func @left_alone(%j: tensor<6x1xi64>, %s: tensor<6x3xf32>, %k: tensor<2x3xi64>, %t: tensor<2x3xf32>,
                      %d: tensor<6x3xf32>, %w: tensor<5x3xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>) {
  %z = gn.constant dense<0.000000e+00> : tensor<6x3xf32>
  %i6 = gn.broadcast_to %j [6, 3] : tensor<6x1xi64> -> tensor<6x3xi64>
  %a = gn.scatter %s into %z[%i6] dim 0 {reduce = "add"} : tensor<6x3xf32> into tensor<6x3xf32>, tensor<6x3xi64>
  %la = gn.linear %a, %w : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
  %b = gn.scatter %t into %z[%k] dim 0 {reduce = "add"} : tensor<2x3xf32> into tensor<6x3xf32>, tensor<2x3xi64>
  %lb = gn.linear %b, %w : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
  %j2 = gn.slice %j starts [0, 0] limits [2, 1] steps [1, 1] : tensor<6x1xi64> -> tensor<2x1xi64>
  %i2 = gn.broadcast_to %j2 [2, 3] : tensor<2x1xi64> -> tensor<2x3xi64>
  %c = gn.scatter %t into %z[%i2] dim 0 {reduce = "add"} : tensor<2x3xf32> into tensor<6x3xf32>, tensor<2x3xi64>
  %cd = gn.div %c, %d : tensor<6x3xf32>, tensor<6x3xf32> -> tensor<6x3xf32>
  %lc = gn.linear %cd, %w : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
  %m = gn.scatter %t into %z[%i2] dim 0 {reduce = "amax"} : tensor<2x3xf32> into tensor<6x3xf32>, tensor<2x3xi64>
  %lm = gn.linear %m, %w : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
  return %la, %lb, %lc, %lm : tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>
}

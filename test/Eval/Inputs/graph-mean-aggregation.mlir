// Two GraphSAGE layers (torch_geometric SAGEConv, mean aggregation) over
// 64 nodes and 24 edges: gn-reorder-aggregation moves each lin_l onto the
// messages and scatters them into lin_r(x) + b, which the runtime updates
// in place, reading the broadcast index through. Used by
// test/Eval/graph-aggregation.test.
module {
  func.func @forward(%arg0: tensor<64x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "input", gn.mean = 0.000000e+00 : f64, gn.name = "x", gn.std = 1.000000e+00 : f64}, %arg1: tensor<32x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "l0_lin_l_w", gn.std = 2.000000e-01 : f64}, %arg2: tensor<32xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "l0_lin_l_b", gn.std = 1.000000e-01 : f64}, %arg3: tensor<32x16xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "l0_lin_r_w", gn.std = 2.000000e-01 : f64}, %arg4: tensor<32x32xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "l1_lin_l_w", gn.std = 2.000000e-01 : f64}, %arg5: tensor<32xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "l1_lin_l_b", gn.std = 1.000000e-01 : f64}, %arg6: tensor<32x32xf32> {gn.device = "cpu", gn.dtype = "torch.float32", gn.kind = "weight", gn.mean = 0.000000e+00 : f64, gn.name = "l1_lin_r_w", gn.std = 2.000000e-01 : f64}) -> tensor<64x32xf32> {
    %src = gn.constant dense<[41, 19, 50, 6, 9, 12, 46, 7, 27, 4, 11, 55, 53, 8, 30, 11, 54, 7, 15, 28, 7, 50, 6, 28]> : tensor<24xi64>
    %dst = gn.constant dense<[5, 17, 37, 53, 18, 15, 39, 23, 13, 24, 47, 12, 8, 7, 26, 63, 54, 40, 59, 58, 46, 38, 31, 23]> : tensor<24xi64>
    %zc = gn.constant dense<0.000000e+00> : tensor<64xf32>
    %ones = gn.constant dense<1.000000e+00> : tensor<24xf32>
    %cnt = gn.scatter %ones into %zc[%dst] dim 0 {reduce = "add"} : tensor<24xf32> into tensor<64xf32>, tensor<24xi64>
    %c = gn.clamp %cnt {min = 1.000000e+00 : f64} : tensor<64xf32>
    %c2 = gn.reshape %c [64, 1] : tensor<64xf32> -> tensor<64x1xf32>
    %j = gn.reshape %dst [24, 1] : tensor<24xi64> -> tensor<24x1xi64>
    %xj0 = gn.index_select %arg0[%src] dim 0 : tensor<64x16xf32>, tensor<24xi64> -> tensor<24x16xf32>
    %i0 = gn.broadcast_to %j [24, 16] : tensor<24x1xi64> -> tensor<24x16xi64>
    %z0 = gn.constant dense<0.000000e+00> : tensor<64x16xf32>
    %sum0 = gn.scatter %xj0 into %z0[%i0] dim 0 {reduce = "add"} : tensor<24x16xf32> into tensor<64x16xf32>, tensor<24x16xi64>
    %cb0 = gn.broadcast_to %c2 [64, 16] : tensor<64x1xf32> -> tensor<64x16xf32>
    %mean0 = gn.div %sum0, %cb0 : tensor<64x16xf32>, tensor<64x16xf32> -> tensor<64x16xf32>
    %l0 = gn.linear %mean0, %arg1, %arg2 : (tensor<64x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<64x32xf32>
    %r0 = gn.linear %arg0, %arg3 : (tensor<64x16xf32>, tensor<32x16xf32>) -> tensor<64x32xf32>
    %o0 = gn.add %l0, %r0 : tensor<64x32xf32>, tensor<64x32xf32> -> tensor<64x32xf32>
    %y0 = gn.relu %o0 : tensor<64x32xf32>
    %xj1 = gn.index_select %y0[%src] dim 0 : tensor<64x32xf32>, tensor<24xi64> -> tensor<24x32xf32>
    %i1 = gn.broadcast_to %j [24, 32] : tensor<24x1xi64> -> tensor<24x32xi64>
    %z1 = gn.constant dense<0.000000e+00> : tensor<64x32xf32>
    %sum1 = gn.scatter %xj1 into %z1[%i1] dim 0 {reduce = "add"} : tensor<24x32xf32> into tensor<64x32xf32>, tensor<24x32xi64>
    %cb1 = gn.broadcast_to %c2 [64, 32] : tensor<64x1xf32> -> tensor<64x32xf32>
    %mean1 = gn.div %sum1, %cb1 : tensor<64x32xf32>, tensor<64x32xf32> -> tensor<64x32xf32>
    %l1 = gn.linear %mean1, %arg4, %arg5 : (tensor<64x32xf32>, tensor<32x32xf32>, tensor<32xf32>) -> tensor<64x32xf32>
    %r1 = gn.linear %y0, %arg6 : (tensor<64x32xf32>, tensor<32x32xf32>) -> tensor<64x32xf32>
    %o1 = gn.add %l1, %r1 : tensor<64x32xf32>, tensor<64x32xf32> -> tensor<64x32xf32>
    %y1 = gn.relu %o1 : tensor<64x32xf32>
    return %y1 : tensor<64x32xf32>
  }
}

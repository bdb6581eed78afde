// RUN: gn-opt %s -split-input-file -verify-diagnostics

func.func @add_element_types_differ(%a: tensor<2xf32>, %b: tensor<2xf16>) {
  // expected-error @+2 {{expected operands of the same element type, got f32 and f16}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.add %a, %b : tensor<2xf32>, tensor<2xf16> -> tensor<2xf32>
  return
}

// -----

func.func @add_shapes_do_not_broadcast(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+2 {{shapes [2, 3] and [2] do not broadcast}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.add %a, %b : tensor<2x3xf32>, tensor<2xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @add_wrong_result(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{'gn.add' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.add %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<3x3xf32>
  return
}

// -----

func.func @where_condition_shape(%m: tensor<4xi1>, %a: tensor<2x3xf32>) {
  // expected-error @+2 {{condition shape [4] does not broadcast with [2, 3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.where %m, %a, %a : tensor<4xi1>, tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @reshape_element_count(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{cannot reshape [2, 3] (6 elements) to [4, 2] (8 elements)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.reshape %x [4, 2] : tensor<2x3xf32> -> tensor<4x2xf32>
  return
}

// -----

func.func @reshape_negative(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{expected non-negative target sizes, got [-1, 6]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.reshape %x [-1, 6] : tensor<2x3xf32> -> tensor<1x6xf32>
  return
}

// -----

func.func @transpose_size(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{permutation of size 3 does not match rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.transpose %x [0, 1, 2] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @transpose_repeated(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{permutation entry 0 repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.transpose %x [0, 0] : tensor<2x3xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{permutation entry 2 out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.transpose %x [2, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_to_incompatible(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{cannot broadcast [2, 3] to [4, 3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.broadcast_to %x [4, 3] : tensor<2x3xf32> -> tensor<4x3xf32>
  return
}

// -----

func.func @slice_step(%x: tensor<4xf32>) {
  // expected-error @+2 {{slice step must be positive, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.slice %x starts [0] limits [4] steps [0] : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @slice_bounds(%x: tensor<4xf32>) {
  // expected-error @+2 {{slice [0, 5) out of bounds for dim 0 of size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.slice %x starts [0] limits [5] steps [1] : tensor<4xf32> -> tensor<5xf32>
  return
}

// -----

func.func @slice_arity(%x: tensor<4x4xf32>) {
  // expected-error @+2 {{expected 2 starts, limits and steps (one per dim)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.slice %x starts [0] limits [4] steps [1] : tensor<4x4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @insert_slice_shape(%v: tensor<3xf32>, %x: tensor<4xf32>) {
  // expected-error @+1 {{source shape [3] does not match slice shape [2]}}
  %0 = gn.insert_slice %v into %x starts [0] limits [2] steps [1] : tensor<3xf32> into tensor<4xf32>
  return
}

// -----

func.func @concat_dims_differ(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+2 {{concat inputs differ in dim 0: [2, 3] vs [3, 3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.concat %a, %b dim 1 : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

// A dim written as -1 is 2^64 - 1 as the unsigned attribute; it was cast
// to int64 (-1), passed the range check and read a dim far out (found by
// gn-fuzz-ir).
func.func @concat_dim_negative(%a: tensor<2xf32>) {
  // expected-error @+2 {{concat dim 18446744073709551615 out of range for rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.concat %a, %a dim -1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @softmax_dim_negative(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{out of range for rank 2}}
  %0 = gn.softmax %a dim -1 : tensor<2x3xf32>
  return
}

// -----

func.func @arange_size_negative() {
  // expected-error @+2 {{arange size 18446744073709551615 is not a tensor size}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.arange {dtype = i64, size = -1 : i64, start = 0.000000e+00 : f64, step = 1.000000e+00 : f64} : tensor<8xi64>
  return
}

// -----

func.func @reshape_overflow(%a: tensor<2xf32>) {
  // expected-error @+2 {{cannot reshape [2] to [4294967296, 4294967296]: more elements than an int64 holds}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.reshape %a [4294967296, 4294967296] : tensor<2xf32> -> tensor<4294967296x4294967296xf32>
  return
}

// -----

func.func @concat_dim_range(%a: tensor<2xf32>) {
  // expected-error @+2 {{concat dim 1 out of range for rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.concat %a, %a dim 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concat_element_types(%a: tensor<2xf32>, %b: tensor<2xf16>) {
  // expected-error @+2 {{concat inputs have different element types}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.concat %a, %b dim 0 : (tensor<2xf32>, tensor<2xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @pad_mode(%x: tensor<2xf32>) {
  // expected-error @+1 {{'gn.pad' op mode must be one of 'constant', 'reflect', 'replicate', 'circular', got 'mirror'}}
  %0 = gn.pad %x low [1] high [1] {mode = "mirror"} : tensor<2xf32> -> tensor<4xf32>
  return
}

// -----

func.func @pad_arity(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{expected one low and one high padding per dim (2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.pad %x low [1] high [1] : tensor<2x2xf32> -> tensor<4x2xf32>
  return
}

// -----

func.func @tile_arity(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{expected 2 multiples, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.tile %x [2] : tensor<2x2xf32> -> tensor<4x2xf32>
  return
}

// -----

func.func @roll_arity(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected as many shifts as dims}}
  %0 = gn.roll %x shifts [1, 2] dims [0] : tensor<4xf32>
  return
}

// -----

func.func @triangular_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{expected input of rank >= 2, got rank 1}}
  %0 = gn.triangular %x {diagonal = 0 : i64, upper = true} : tensor<4xf32>
  return
}

// -----

func.func @gather_rank(%x: tensor<2x5xf32>, %i: tensor<3xi64>) {
  // expected-error @+2 {{index rank 1 does not match input rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.gather %x[%i] dim 1 : tensor<2x5xf32>, tensor<3xi64> -> tensor<3xf32>
  return
}

// -----

func.func @index_select_dim(%x: tensor<2x5xf32>, %i: tensor<3xi64>) {
  // expected-error @+2 {{dim 2 out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.index_select %x[%i] dim 2 : tensor<2x5xf32>, tensor<3xi64> -> tensor<2x5x3xf32>
  return
}

// -----

func.func @scatter_reduce(%s: tensor<3xf32>, %x: tensor<5xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'gn.scatter' op reduce must be one of 'none', 'add', 'mul', 'amax', 'amin', 'mean', got 'max'}}
  %0 = gn.scatter %s into %x[%i] dim 0 {reduce = "max"} : tensor<3xf32> into tensor<5xf32>, tensor<3xi64>
  return
}

// -----

func.func @reduce_dim_range(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{reduction dim 2 out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.reduce_sum %x dims [2] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @softmax_dim(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{dim 2 out of range for rank 2}}
  %0 = gn.softmax %x dim 2 : tensor<2x3xf32>
  return
}

// -----

func.func @matmul_contraction(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+2 {{matmul contraction sizes differ: [2, 3] @ [4, 5]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.matmul %a, %b : tensor<2x3xf32>, tensor<4x5xf32> -> tensor<2x5xf32>
  return
}

// -----

func.func @matmul_batch(%a: tensor<2x2x3xf32>, %b: tensor<3x3x5xf32>) {
  // expected-error @+2 {{matmul batch dims do not broadcast: [2, 2, 3] @ [3, 3, 5]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.matmul %a, %b : tensor<2x2x3xf32>, tensor<3x3x5xf32> -> tensor<2x2x5xf32>
  return
}

// -----

func.func @matmul_transposed_vector(%a: tensor<3xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+2 {{a transposed matmul operand must have rank >= 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.matmul %a, %b {transpose_lhs} : tensor<3xf32>, tensor<3x5xf32> -> tensor<5xf32>
  return
}

// -----

func.func @linear_features(%x: tensor<2x3xf32>, %w: tensor<4x5xf32>) {
  // expected-error @+2 {{input features 3 do not match weight [4, 5]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.linear %x, %w : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @einsum_no_arrow(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{einsum equation 'ij' needs an explicit '->' output}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.einsum "ij" %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @einsum_label_sizes(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+2 {{einsum label 'j' has sizes 3 and 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.einsum "ij,jk->ik" %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @attention_head_size(%q: tensor<1x4x8xf32>, %k: tensor<1x4x6xf32>) {
  // expected-error @+2 {{query and key head sizes differ: [1, 4, 8] vs [1, 4, 6]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.attention %q, %k, %k : (tensor<1x4x8xf32>, tensor<1x4x6xf32>, tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
  return
}

// -----

func.func @conv_rank(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{expected weight of rank 3, got rank 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 1>} : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<3x4x6xf32>
  return
}

// -----

func.func @conv_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+2 {{expected weight of shape [O, 3, ...] for 3 input channels and 1 groups, got [4, 2, 3, 3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_groups(%x: tensor<1x3x8x8xf32>, %w: tensor<4x1x3x3xf32>) {
  // expected-error @+2 {{groups 2 must divide input channels 3 and output channels 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_kernel_too_big(%x: tensor<1x3x2x2xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{kernel [3, 3] does not fit input [2, 2] with this padding and dilation}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x2x2xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32>
  return
}

// -----

func.func @conv_stride_arity(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{expected 2 stride values, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{expected bias of shape [4], got [3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w, %b {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @pool_padding(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{padding 2 exceeds half the kernel size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @adaptive_pool_size(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{adaptive pooling output sizes must be positive, got [0, 1]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.adaptive_avg_pool %x [0, 1] : tensor<1x3x8x8xf32> -> tensor<1x3x0x1xf32>
  return
}

// -----

func.func @resize_mode(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'gn.resize' op mode must be one of 'nearest', 'nearest-exact', 'linear', 'bicubic', 'area', got 'cubic'}}
  %0 = gn.resize %x [16, 16] {align_corners = false, mode = "cubic"} : tensor<1x3x8x8xf32> -> tensor<1x3x16x16xf32>
  return
}

// -----

func.func @resize_arity(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{expected 2 output sizes for input [1, 3, 8, 8], got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.resize %x [16] {align_corners = false, mode = "nearest"} : tensor<1x3x8x8xf32> -> tensor<1x3x16xf32>
  return
}

// -----

func.func @batch_norm_param(%x: tensor<1x4x2x2xf32>, %p: tensor<4xf32>, %q: tensor<3xf32>) {
  // expected-error @+2 {{expected running_var of shape [4], got [3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.batch_norm %x, %p, %q, %p, %p {epsilon = 1.0e-05 : f64, training = false} : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @layer_norm_rank(%x: tensor<2x8xf32>, %p: tensor<8xf32>) {
  // expected-error @+2 {{normalized_rank 3 out of range for input of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.layer_norm %x, %p, %p {epsilon = 1.0e-05 : f64, normalized_rank = 3 : i64} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @group_norm_groups(%x: tensor<1x4x2x2xf32>, %p: tensor<4xf32>) {
  // expected-error @+2 {{num_groups 3 must divide channels 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.group_norm %x, %p, %p {epsilon = 1.0e-05 : f64, num_groups = 3 : i64} : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @clamp_bounds(%x: tensor<2xf32>) {
  // expected-error @+1 {{'gn.clamp' op min 2.000000e+00 exceeds max 1.000000e+00}}
  %0 = gn.clamp %x {max = 1.0 : f64, min = 2.0 : f64} : tensor<2xf32>
  return
}

// -----

func.func @clamp_none(%x: tensor<2xf32>) {
  // expected-error @+1 {{'gn.clamp' op expected at least one of min and max}}
  %0 = gn.clamp %x : tensor<2xf32>
  return
}

// -----

func.func @gelu_approximate(%x: tensor<2xf32>) {
  // expected-error @+1 {{'gn.gelu' op approximate must be one of 'none', 'tanh', got 'fast'}}
  %0 = gn.gelu %x {approximate = "fast"} : tensor<2xf32>
  return
}

// -----

func.func @random_distribution() {
  // expected-error @+1 {{'gn.random' op distribution must be one of 'uniform', 'normal', 'empty', got 'poisson'}}
  %0 = gn.random {distribution = "poisson", dtype = f32, shape = array<i64: 2>} : tensor<2xf32>
  return
}

// -----

func.func @arange_step() {
  // expected-error @+2 {{arange step must be non-zero}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.arange {dtype = i64, size = 2 : i64, start = 0.0 : f64, step = 0.0 : f64} : tensor<2xi64>
  return
}

// -----

func.func @exp_of_int(%x: tensor<2xi64>) {
  // expected-error @+1 {{'gn.exp' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<2xi64>'}}
  %0 = gn.exp %x : tensor<2xi64>
  return
}

// -----

func.func @linear_bias(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %b: tensor<5xf32>) {
  // expected-error @+2 {{bias shape [5] does not broadcast to [2, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.linear %x, %w, %b : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<5xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_weight_rank(%x: tensor<2x3xf32>, %w: tensor<4x3x1xf32>) {
  // expected-error @+2 {{expected weight of rank 1 or 2, got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.linear %x, %w : (tensor<2x3xf32>, tensor<4x3x1xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_types(%x: tensor<2x3xf32>, %w: tensor<4x3xf16>) {
  // expected-error @+2 {{input and weight element types differ}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.linear %x, %w : (tensor<2x3xf32>, tensor<4x3xf16>) -> tensor<2x4xf32>
  return
}

// -----

func.func @einsum_arity(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{einsum equation has 2 operands, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.einsum "ij,jk->ik" %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @einsum_term_rank(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{einsum term 'ijk' does not match operand rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.einsum "ijk->i" %a : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @einsum_output_label(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{einsum output label 'z' not among the inputs}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.einsum "ij->z" %a : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @einsum_types(%a: tensor<2x3xf32>, %b: tensor<3x2xf16>) {
  // expected-error @+2 {{einsum operands have different element types}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.einsum "ij,jk->ik" %a, %b : (tensor<2x3xf32>, tensor<3x2xf16>) -> tensor<2x2xf32>
  return
}

// -----

func.func @matmul_types(%a: tensor<2x3xf32>, %b: tensor<3x2xf16>) {
  // expected-error @+2 {{matmul operands have different element types f32 and f16}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.matmul %a, %b : tensor<2x3xf32>, tensor<3x2xf16> -> tensor<2x2xf32>
  return
}

// -----

func.func @matmul_scalar(%a: tensor<f32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{matmul operands must have rank >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.matmul %a, %b : tensor<f32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @attention_ranks(%q: tensor<4x8xf32>, %k: tensor<1x4x8xf32>) {
  // expected-error @+2 {{query, key and value must have the same rank >= 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.attention %q, %k, %k : (tensor<4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @attention_kv_len(%q: tensor<1x4x8xf32>, %k: tensor<1x4x8xf32>, %v: tensor<1x5x8xf32>) {
  // expected-error @+2 {{key and value sequence lengths differ: [1, 4, 8] vs [1, 5, 8]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.attention %q, %k, %v : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x5x8xf32>) -> tensor<1x4x8xf32>
  return
}

// -----

func.func @attention_batch(%q: tensor<3x4x8xf32>, %k: tensor<2x4x8xf32>) {
  // expected-error @+2 {{query and key batch dims do not match: [3, 4, 8] vs [2, 4, 8]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.attention %q, %k, %k : (tensor<3x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<3x4x8xf32>
  return
}

// -----

func.func @attention_mask(%q: tensor<1x4x8xf32>, %m: tensor<3x3xi1>) {
  // expected-error @+2 {{mask shape [3, 3] does not broadcast to scores [1, 4, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.attention %q, %q, %q mask %m : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<3x3xi1>) -> tensor<1x4x8xf32>
  return
}

// -----

func.func @conv_input_rank(%x: tensor<1x3xf32>, %w: tensor<4x3xf32>) {
  // expected-error @+2 {{expected input of rank 3 to 5 (N, C, spatial...), got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w {dilation = array<i64>, groups = 1 : i64, padding = array<i64>, stride = array<i64>} : (tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @conv_types(%x: tensor<1x3x8xf32>, %w: tensor<4x3x3xf16>) {
  // expected-error @+2 {{input and weight element types differ}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv %x, %w {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 1>} : (tensor<1x3x8xf32>, tensor<4x3x3xf16>) -> tensor<1x4x6xf32>
  return
}

// -----

func.func @conv_transpose_empty(%x: tensor<1x4x1xf32>, %w: tensor<4x2x1xf32>) {
  // expected-error @+2 {{transposed convolution output would be empty}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.conv_transpose %x, %w {dilation = array<i64: 1>, groups = 1 : i64, output_padding = array<i64: 0>, padding = array<i64: 1>, stride = array<i64: 1>} : (tensor<1x4x1xf32>, tensor<4x2x1xf32>) -> tensor<1x2x1xf32>
  return
}

// -----

func.func @pool_dims(%x: tensor<8xf32>) {
  // expected-error @+2 {{expected 1 to 3 pooling dims and input of rank >= dims + 1, got 2 dims and rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @pool_window(%x: tensor<1x3x2x2xf32>) {
  // expected-error @+2 {{pooling window [3, 3] does not fit input [1, 3, 2, 2]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.max_pool %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : tensor<1x3x2x2xf32> -> tensor<1x3x1x1xf32>
  return
}

// -----

func.func @adaptive_pool_rank(%x: tensor<8xf32>) {
  // expected-error @+2 {{expected 1 to 3 output sizes and input of rank >= sizes + 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.adaptive_avg_pool %x [1, 1] : tensor<8xf32> -> tensor<1x1xf32>
  return
}

// -----

func.func @gather_index_shape(%x: tensor<2x5xf32>, %i: tensor<3x3xi64>) {
  // expected-error @+2 {{index shape [3, 3] exceeds input shape [2, 5] outside the gather dim}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.gather %x[%i] dim 1 : tensor<2x5xf32>, tensor<3x3xi64> -> tensor<3x3xf32>
  return
}

// -----

func.func @scatter_rank(%s: tensor<3xf32>, %x: tensor<5x1xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{input, index and source must have the same rank}}
  %0 = gn.scatter %s into %x[%i] dim 0 : tensor<3xf32> into tensor<5x1xf32>, tensor<3xi64>
  return
}

// -----

func.func @scatter_types(%s: tensor<3xf16>, %x: tensor<5xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{source and input element types differ}}
  %0 = gn.scatter %s into %x[%i] dim 0 : tensor<3xf16> into tensor<5xf32>, tensor<3xi64>
  return
}

// -----

func.func @insert_slice_types(%v: tensor<2xf16>, %x: tensor<4xf32>) {
  // expected-error @+1 {{source and dest element types differ}}
  %0 = gn.insert_slice %v into %x starts [0] limits [2] steps [1] : tensor<2xf16> into tensor<4xf32>
  return
}

// -----

func.func @pad_negative(%x: tensor<2xf32>) {
  // expected-error @+2 {{padding must be non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.pad %x low [-1] high [1] : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @tile_negative(%x: tensor<2xf32>) {
  // expected-error @+2 {{multiples must be non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.tile %x [-1] : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @random_negative() {
  // expected-error @+2 {{expected non-negative sizes, got [-2]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.random {distribution = "uniform", dtype = f32, shape = array<i64: -2>} : tensor<2xf32>
  return
}

// -----

func.func @concat_rank(%a: tensor<2xf32>, %b: tensor<2x1xf32>) {
  // expected-error @+2 {{concat inputs have different ranks}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.concat %a, %b dim 0 : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @projected_attention_batch(%q: tensor<2x4x2x4xf32>, %x: tensor<1x6x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>) {
  // expected-error @+2 {{query and input batch dims differ: [2, 4, 2, 4] vs [1, 6, 8]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.projected_attention %q, %x, %w, %b, %w, %b : (tensor<2x4x2x4xf32>, tensor<1x6x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<2x4x2x4xf32>
  return
}

// -----

func.func @projected_attention_heads(%q: tensor<1x4x2x4xf32>, %x: tensor<1x6x8xf32>, %w: tensor<12x8xf32>, %b: tensor<12xf32>) {
  // expected-error @+2 {{key weight rows 12 are not a number of key heads of size 4 that divides the 2 query heads}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.projected_attention %q, %x, %w, %b, %w, %b : (tensor<1x4x2x4xf32>, tensor<1x6x8xf32>, tensor<12x8xf32>, tensor<12xf32>, tensor<12x8xf32>, tensor<12xf32>) -> tensor<1x4x2x4xf32>
  return
}

// -----

func.func @projected_attention_weight(%q: tensor<1x4x2x4xf32>, %x: tensor<1x6x8xf32>, %w: tensor<8x6xf32>, %b: tensor<8xf32>) {
  // expected-error @+2 {{key / value weights must be [rows, 8] with biases [rows]: [8, 6], [8, 6]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.projected_attention %q, %x, %w, %b, %w, %b : (tensor<1x4x2x4xf32>, tensor<1x6x8xf32>, tensor<8x6xf32>, tensor<8xf32>, tensor<8x6xf32>, tensor<8xf32>) -> tensor<1x4x2x4xf32>
  return
}

// -----

func.func @argmax_empty_dim(%x: tensor<2x0xf32>) {
  // expected-error @+2 {{arg reduction over dim 1 of size 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.argmax %x dim 1 : tensor<2x0xf32> -> tensor<2xi64>
  return
}

// -----

func.func @nonzero_count_past_elements(%x: tensor<2x3xi1>) {
  // expected-error @+2 {{count 7 exceeds the 6 elements of the input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.nonzero %x count 7 site 0 : tensor<2x3xi1> -> tensor<7x2xi64>
  return
}

// -----

func.func @top_k_too_many(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{k = 4 exceeds the size 3 of dim 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.top_k %x k 4 dim 1 : tensor<2x3xf32> -> tensor<2x4xi64>
  return
}

// -----

func.func @top_k_ties(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{ties must be one of}}
  %0 = gn.top_k %x k 2 dim 1 {ties = "random"} : tensor<2x3xf32> -> tensor<2x2xi64>
  return
}

// -----

func.func @grid_sample_batch(%x: tensor<2x3x8x8xf32>, %g: tensor<1x4x5x2xf32>) {
  // expected-error @+2 {{input and grid batch sizes differ: 2 and 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.grid_sample %x, %g {align_corners = false, mode = "bilinear", padding_mode = "zeros"} : (tensor<2x3x8x8xf32>, tensor<1x4x5x2xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

func.func @grid_sample_mode(%x: tensor<1x3x8x8xf32>, %g: tensor<1x4x5x2xf32>) {
  // expected-error @+1 {{mode must be bilinear, nearest or bicubic, got 'lanczos'}}
  %0 = gn.grid_sample %x, %g {align_corners = false, mode = "lanczos", padding_mode = "zeros"} : (tensor<1x3x8x8xf32>, tensor<1x4x5x2xf32>) -> tensor<1x3x4x5xf32>
  return
}

// -----

func.func @grid_sample_reflection_bilinear(%x: tensor<1x3x8x8xf32>, %g: tensor<1x4x5x2xf32>) {
  // expected-error @+1 {{reflection padding is for bicubic only}}
  %0 = gn.grid_sample %x, %g {align_corners = false, mode = "bilinear", padding_mode = "reflection"} : (tensor<1x3x8x8xf32>, tensor<1x4x5x2xf32>) -> tensor<1x3x4x5xf32>
  return
}

// -----

func.func @pad_reflect_too_far(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{reflect padding 3 of dim 1 must be less than its size 3}}
  %0 = gn.pad %x low [0, 3] high [0, 0] {mode = "reflect"} : tensor<2x3xf32> -> tensor<2x6xf32>
  return
}

// -----

func.func @pad_replicate_empty(%x: tensor<2x0xf32>) {
  // expected-error @+1 {{replicate padding of dim 1, which is empty}}
  %0 = gn.pad %x low [0, 1] high [0, 1] {mode = "replicate"} : tensor<2x0xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @attention_key_batch_zero(%q: tensor<2x4x8xf32>, %k: tensor<0x4x8xf32>) {
  // expected-error @+2 {{query and key batch dims do not match: [2, 4, 8] vs [0, 4, 8]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.attention %q, %k, %k : (tensor<2x4x8xf32>, tensor<0x4x8xf32>, tensor<0x4x8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @roi_align_box_count(%x: tensor<1x3x8x8xf32>, %b: tensor<5x4xf32>, %i: tensor<4xi64>) {
  // expected-error @+2 {{boxes and batch_index count different boxes: 5 and 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.roi_align %x, %b, %i {aligned = true, pooled_height = 2 : i64, pooled_width = 2 : i64, sampling_ratio = 0 : i64, spatial_scale = 1.0 : f64} : (tensor<1x3x8x8xf32>, tensor<5x4xf32>, tensor<4xi64>) -> tensor<5x3x2x2xf32>
  return
}

// -----

func.func @roi_align_empty_map(%x: tensor<1x3x0x8xf32>, %b: tensor<2x4xf32>, %i: tensor<2xi64>) {
  // expected-error @+2 {{boxes read an empty input [1, 3, 0, 8]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = gn.roi_align %x, %b, %i {aligned = false, pooled_height = 2 : i64, pooled_width = 2 : i64, sampling_ratio = 0 : i64, spatial_scale = 1.0 : f64} : (tensor<1x3x0x8xf32>, tensor<2x4xf32>, tensor<2xi64>) -> tensor<2x3x2x2xf32>
  return
}

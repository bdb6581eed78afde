// The symbolic shape functions beyond the elementwise family (phase 1 of
// docs/symbolic-shapes.md): each op computes its result's #gn.dims for
// every binding of the shape symbols, or refuses, saying why, where two
// sizes may differ at some binding.
// RUN: gn-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @data_movement
func.func @data_movement(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>, %i: tensor<3xi64, #gn.dims<["s1"]>>,
                         %g: tensor<4x2xi64, #gn.dims<["s0", ""]>>) {
  // CHECK: -> tensor<8x4xf32, #gn.dims<["", "s0"]>>
  %t = gn.transpose %x [1, 0] : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<8x4xf32, #gn.dims<["", "s0"]>>
  // Merging dims multiplies their sizes; splitting a static dim keeps the symbol.
  // CHECK: gn.reshape {{.*}} -> tensor<32xf32, #gn.dims<["8*s0"]>>
  %m = gn.reshape %x [32] {sym_shape = #gn.dims<["8*s0"]>} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<32xf32, #gn.dims<["8*s0"]>>
  // CHECK: gn.reshape {{.*}} -> tensor<4x2x4xf32, #gn.dims<["s0", "", ""]>>
  %s = gn.reshape %x [4, 2, 4] {sym_shape = #gn.dims<["s0", "", ""]>} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<4x2x4xf32, #gn.dims<["s0", "", ""]>>
  // CHECK: gn.broadcast_to {{.*}} -> tensor<3x4x8xf32, #gn.dims<["", "s0", ""]>>
  %b = gn.broadcast_to %x [3, 4, 8] {sym_shape = #gn.dims<["", "s0", ""]>} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<3x4x8xf32, #gn.dims<["", "s0", ""]>>
  // x[1:] follows the symbol; x[:2] with a literal limit is static.
  // CHECK: gn.slice {{.*}} -> tensor<3x4xf32, #gn.dims<["s0 - 1", ""]>>
  %l = gn.slice %x starts [1, 0] limits [4, 8] steps [1, 2] {sym_limits = #gn.dims<["s0", ""]>} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<3x4xf32, #gn.dims<["s0 - 1", ""]>>
  // CHECK: gn.slice {{.*}} -> tensor<2x8xf32>
  %h = gn.slice %x starts [0, 0] limits [2, 8] steps [1, 1] : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<2x8xf32>
  // CHECK: gn.insert_slice {{.*}} : tensor<3x4xf32, #gn.dims<["s0 - 1", ""]>> into tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %u = gn.insert_slice %l into %x starts [1, 0] limits [4, 8] steps [1, 2] {sym_limits = #gn.dims<["s0", ""]>} : tensor<3x4xf32, #gn.dims<["s0 - 1", ""]>> into tensor<4x8xf32, #gn.dims<["s0", ""]>>
  // CHECK: gn.concat {{.*}} -> tensor<8x8xf32, #gn.dims<["2*s0", ""]>>
  %c = gn.concat %x, %x dim 0 : (tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32, #gn.dims<["s0", ""]>>) -> tensor<8x8xf32, #gn.dims<["2*s0", ""]>>
  // CHECK: gn.pad {{.*}} -> tensor<7x8xf32, #gn.dims<["s0 + 3", ""]>>
  %p = gn.pad %x low [1, 0] high [2, 0] {mode = "constant", value = 0.0 : f64} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<7x8xf32, #gn.dims<["s0 + 3", ""]>>
  // CHECK: gn.tile {{.*}} -> tensor<8x8xf32, #gn.dims<["2*s0", ""]>>
  %r = gn.tile %x [2, 1] : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<8x8xf32, #gn.dims<["2*s0", ""]>>
  // CHECK: gn.flip {{.*}} : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %f = gn.flip %x [0] : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  // Rolling by the example's size is a whole turn only at the example: kept.
  // CHECK: gn.roll {{.*}} shifts [4] dims [0] : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %o = gn.roll %x shifts [4] dims [0] : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  // CHECK: gn.index_select {{.*}} -> tensor<4x3xf32, #gn.dims<["s0", "s1"]>>
  %e = gn.index_select %x[%i] dim 1 : tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<3xi64, #gn.dims<["s1"]>> -> tensor<4x3xf32, #gn.dims<["s0", "s1"]>>
  // CHECK: gn.gather {{.*}} -> tensor<4x2xf32, #gn.dims<["s0", ""]>>
  %q = gn.gather %x[%g] dim 1 : tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x2xi64, #gn.dims<["s0", ""]>> -> tensor<4x2xf32, #gn.dims<["s0", ""]>>
  "test.use"(%t, %m, %s, %b, %h, %u, %c, %p, %r, %f, %o, %e, %q) : (tensor<8x4xf32, #gn.dims<["", "s0"]>>, tensor<32xf32, #gn.dims<["8*s0"]>>, tensor<4x2x4xf32, #gn.dims<["s0", "", ""]>>, tensor<3x4x8xf32, #gn.dims<["", "s0", ""]>>, tensor<2x8xf32>, tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<8x8xf32, #gn.dims<["2*s0", ""]>>, tensor<7x8xf32, #gn.dims<["s0 + 3", ""]>>, tensor<8x8xf32, #gn.dims<["2*s0", ""]>>, tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x3xf32, #gn.dims<["s0", "s1"]>>, tensor<4x2xf32, #gn.dims<["s0", ""]>>) -> ()
  return
}

// -----

// A reshape of a symbolic tensor must keep the element count at every
// binding: literal sizes alone cannot.
func.func @reshape_static(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>) {
  // expected-error @+2 {{cannot reshape tensor<4x8xf32, #gn.dims<["s0", ""]>> (8*s0 elements) to [32] (32 elements) at every binding of the shape symbols}}
  // expected-error @+1 {{failed to infer returned types}}
  %m = gn.reshape %x [32] : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<32xf32>
  return
}

// -----

func.func @broadcast_literal(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>) {
  // expected-error @+2 {{input dim 0 is s0, the target's 4 (they may differ at some binding of the shape symbols)}}
  // expected-error @+1 {{failed to infer returned types}}
  %b = gn.broadcast_to %x [2, 4, 8] : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<2x4x8xf32>
  return
}

// -----

func.func @concat_mismatch(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>, %y: tensor<4x8xf32>) {
  // expected-error @+2 {{may differ in dim 0 at some binding of the shape symbols}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = gn.concat %x, %y dim 1 : (tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>) {
  // CHECK: gn.reduce_sum {{.*}} -> tensor<4xf32, #gn.dims<["s0"]>>
  %a = gn.reduce_sum %x dims [1] : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<4xf32, #gn.dims<["s0"]>>
  // Reducing the symbolic dim leaves a static result.
  // CHECK: gn.reduce_max {{.*}} -> tensor<1x8xf32>
  %b = gn.reduce_max %x dims [0] {keepdim = true} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<1x8xf32>
  // CHECK: gn.variance {{.*}} -> tensor<4xf32, #gn.dims<["s0"]>>
  %v = gn.variance %x dims [1] {correction = 1 : i64} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<4xf32, #gn.dims<["s0"]>>
  // CHECK: gn.argmax {{.*}} -> tensor<8xi64>
  %i = gn.argmax %x dim 0 : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<8xi64>
  // CHECK: gn.softmax {{.*}} : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %s = gn.softmax %x dim 0 : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  // CHECK: gn.cumsum {{.*}} : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %c = gn.cumsum %x dim 0 : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  "test.use"(%a, %b, %v, %i, %s, %c) : (tensor<4xf32, #gn.dims<["s0"]>>, tensor<1x8xf32>, tensor<4xf32, #gn.dims<["s0"]>>, tensor<8xi64>, tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32, #gn.dims<["s0", ""]>>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @contractions
func.func @contractions(%x: tensor<2x5x8xf32, #gn.dims<["", "s0", ""]>>, %w: tensor<16x8xf32>,
                        %bias: tensor<16xf32>, %m: tensor<8x6xf32, #gn.dims<["", "s1"]>>,
                        %q: tensor<2x4x5x16xf32, #gn.dims<["", "", "s0", ""]>>,
                        %k: tensor<2x4x6x16xf32, #gn.dims<["", "", "s1", ""]>>,
                        %mask: tensor<5x6xi1, #gn.dims<["s0", "s1"]>>) {
  // CHECK: gn.linear {{.*}} -> tensor<2x5x16xf32, #gn.dims<["", "s0", ""]>>
  %l = gn.linear %x, %w, %bias : (tensor<2x5x8xf32, #gn.dims<["", "s0", ""]>>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<2x5x16xf32, #gn.dims<["", "s0", ""]>>
  // CHECK: gn.matmul {{.*}} -> tensor<2x5x6xf32, #gn.dims<["", "s0", "s1"]>>
  %p = gn.matmul %x, %m : tensor<2x5x8xf32, #gn.dims<["", "s0", ""]>>, tensor<8x6xf32, #gn.dims<["", "s1"]>> -> tensor<2x5x6xf32, #gn.dims<["", "s0", "s1"]>>
  // CHECK: gn.attention {{.*}} -> tensor<2x4x5x16xf32, #gn.dims<["", "", "s0", ""]>>
  %a = gn.attention %q, %k, %k mask %mask : (tensor<2x4x5x16xf32, #gn.dims<["", "", "s0", ""]>>, tensor<2x4x6x16xf32, #gn.dims<["", "", "s1", ""]>>, tensor<2x4x6x16xf32, #gn.dims<["", "", "s1", ""]>>, tensor<5x6xi1, #gn.dims<["s0", "s1"]>>) -> tensor<2x4x5x16xf32, #gn.dims<["", "", "s0", ""]>>
  "test.use"(%l, %p, %a) : (tensor<2x5x16xf32, #gn.dims<["", "s0", ""]>>, tensor<2x5x6xf32, #gn.dims<["", "s0", "s1"]>>, tensor<2x4x5x16xf32, #gn.dims<["", "", "s0", ""]>>) -> ()
  return
}

// -----

// Equal at the example, but s0 and 4 differ at other bindings.
func.func @contraction_mismatch(%x: tensor<2x4xf32, #gn.dims<["", "s0"]>>, %y: tensor<4x3xf32>) {
  // expected-error @+2 {{matmul contraction sizes s0 and 4 may differ at some binding}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = gn.matmul %x, %y : tensor<2x4xf32, #gn.dims<["", "s0"]>>, tensor<4x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @linear_features(%x: tensor<2x8xf32, #gn.dims<["", "s0"]>>, %w: tensor<16x8xf32>) {
  // expected-error @+2 {{input features s0 of tensor<2x8xf32, #gn.dims<["", "s0"]>> are not static}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = gn.linear %x, %w : (tensor<2x8xf32, #gn.dims<["", "s0"]>>, tensor<16x8xf32>) -> tensor<2x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @convolutions
func.func @convolutions(%img: tensor<2x3x32x32xf32, #gn.dims<["", "", "s1", "s1"]>>, %w: tensor<4x3x3x3xf32>,
                        %wt: tensor<3x2x2x2xf32>) {
  // floor((s1 + 2 - 3) / 2) + 1, in normal form.
  // CHECK: gn.conv {{.*}} -> tensor<2x4x16x16xf32, #gn.dims<["", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  %c = gn.conv %img, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x3x32x32xf32, #gn.dims<["", "", "s1", "s1"]>>, tensor<4x3x3x3xf32>) -> tensor<2x4x16x16xf32, #gn.dims<["", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>
  // CHECK: gn.conv_transpose {{.*}} -> tensor<2x2x64x64xf32, #gn.dims<["", "", "2*s1", "2*s1"]>>
  %t = gn.conv_transpose %img, %wt {dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<2x3x32x32xf32, #gn.dims<["", "", "s1", "s1"]>>, tensor<3x2x2x2xf32>) -> tensor<2x2x64x64xf32, #gn.dims<["", "", "2*s1", "2*s1"]>>
  // CHECK: gn.max_pool {{.*}} -> tensor<2x3x16x16xf32, #gn.dims<["", "", "floordiv(s1, 2)", "floordiv(s1, 2)"]>>
  %p = gn.max_pool %img {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<2x3x32x32xf32, #gn.dims<["", "", "s1", "s1"]>> -> tensor<2x3x16x16xf32, #gn.dims<["", "", "floordiv(s1, 2)", "floordiv(s1, 2)"]>>
  // CHECK: gn.adaptive_avg_pool {{.*}} -> tensor<2x3x1x1xf32>
  %a = gn.adaptive_avg_pool %img [1, 1] : tensor<2x3x32x32xf32, #gn.dims<["", "", "s1", "s1"]>> -> tensor<2x3x1x1xf32>
  "test.use"(%c, %t, %p, %a) : (tensor<2x4x16x16xf32, #gn.dims<["", "", "floordiv(s1 + 1, 2)", "floordiv(s1 + 1, 2)"]>>, tensor<2x2x64x64xf32, #gn.dims<["", "", "2*s1", "2*s1"]>>, tensor<2x3x16x16xf32, #gn.dims<["", "", "floordiv(s1, 2)", "floordiv(s1, 2)"]>>, tensor<2x3x1x1xf32>) -> ()
  return
}

// -----

// ceil_mode with stride 2 > window 1: whether the last window is dropped
// depends on the size.
func.func @ceil_pool(%img: tensor<1x3x9x9xf32, #gn.dims<["", "", "s1", "s1"]>>) {
  // expected-error @+2 {{pooling output dim 2: ceil_mode with stride 2 > window 1 - padding 0: the last window's fate depends on the size}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = gn.max_pool %img {ceil_mode = true, dilation = array<i64: 1, 1>, kernel = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<1x3x9x9xf32, #gn.dims<["", "", "s1", "s1"]>> -> tensor<1x3x5x5xf32>
  return
}

// -----

// CHECK-LABEL: func.func @norms
func.func @norms(%x: tensor<4x6x8xf32, #gn.dims<["s0", "s1", ""]>>, %w: tensor<8xf32>,
                 %img: tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>, %c: tensor<4xf32>) {
  // CHECK: gn.layer_norm {{.*}} -> tensor<4x6x8xf32, #gn.dims<["s0", "s1", ""]>>
  %l = gn.layer_norm %x, %w, %w {epsilon = 1.0e-05 : f64, normalized_rank = 1 : i64} : (tensor<4x6x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x6x8xf32, #gn.dims<["s0", "s1", ""]>>
  // CHECK: gn.batch_norm {{.*}} -> tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  %b = gn.batch_norm %img, %c, %c, %c, %c {epsilon = 1.0e-05 : f64, training = false} : (tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  // CHECK: gn.group_norm {{.*}} -> tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  %g = gn.group_norm %img, %c, %c {epsilon = 1.0e-05 : f64, num_groups = 2 : i64} : (tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>
  "test.use"(%l, %b, %g) : (tensor<4x6x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>, tensor<2x4x5x5xf32, #gn.dims<["s0", "", "s1", "s1"]>>) -> ()
  return
}

// -----

// A layer norm's weight is static; its normalized dims must be too.
func.func @norm_symbolic_features(%x: tensor<4x8xf32, #gn.dims<["", "s0"]>>, %w: tensor<8xf32>) {
  // expected-error @+2 {{weight tensor<8xf32> may differ from the input tensor<4x8xf32, #gn.dims<["", "s0"]>> at some binding of the shape symbols}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = gn.layer_norm %x, %w, %w {epsilon = 1.0e-05 : f64, normalized_rank = 1 : i64} : (tensor<4x8xf32, #gn.dims<["", "s0"]>>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return
}

// -----

// A guard pins a symbolic dim to its example size: a fixed position table
// of 197 rows added to floordiv(s1, 16)^2 + 1 tokens.
// CHECK-LABEL: func.func @guard
func.func @guard(%x: tensor<2x197x8xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>, %pos: tensor<197x8xf32>) {
  // CHECK: gn.specialize %{{.*}} [1] : {{.*}} -> tensor<2x197x8xf32, #gn.dims<["s0", "", ""]>>
  %g = gn.specialize %x [1] : tensor<2x197x8xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>> -> tensor<2x197x8xf32, #gn.dims<["s0", "", ""]>>
  // CHECK: gn.add {{.*}} -> tensor<2x197x8xf32, #gn.dims<["s0", "", ""]>>
  %a = gn.add %g, %pos : tensor<2x197x8xf32, #gn.dims<["s0", "", ""]>>, tensor<197x8xf32> -> tensor<2x197x8xf32, #gn.dims<["s0", "", ""]>>
  "test.use"(%a) : (tensor<2x197x8xf32, #gn.dims<["s0", "", ""]>>) -> ()
  return
}

// -----

func.func @guard_static(%x: tensor<2x8xf32, #gn.dims<["s0", ""]>>) {
  // expected-error @+2 {{dim 1 of tensor<2x8xf32, #gn.dims<["s0", ""]>> is static already: nothing to specialize}}
  // expected-error @+1 {{failed to infer returned types}}
  %g = gn.specialize %x [1] : tensor<2x8xf32, #gn.dims<["s0", ""]>> -> tensor<2x8xf32, #gn.dims<["s0", ""]>>
  return
}

// -----

// einsum: a label's size follows the operand dims that carry it, which must
// agree at every binding (or be a broadcast 1); top_k keeps the other dims.
// CHECK-LABEL: func.func @einsum_top_k
func.func @einsum_top_k(%q: tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, %k: tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>) {
  // CHECK: gn.einsum {{.*}} -> tensor<2x5x5xf32, #gn.dims<["s0", "s1", "s1"]>>
  %s = "gn.einsum"(%q, %k) {equation = "bqd,bkd->bqk"} : (tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>, tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>) -> tensor<2x5x5xf32, #gn.dims<["s0", "s1", "s1"]>>
  // CHECK: gn.top_k {{.*}} -> tensor<2x5x3xi64, #gn.dims<["s0", "s1", ""]>>
  %t = "gn.top_k"(%q) {k = 3 : i64, dim = 2 : i64, largest = true} : (tensor<2x5x8xf32, #gn.dims<["s0", "s1", ""]>>) -> tensor<2x5x3xi64, #gn.dims<["s0", "s1", ""]>>
  "test.use"(%s, %t) : (tensor<2x5x5xf32, #gn.dims<["s0", "s1", "s1"]>>, tensor<2x5x3xi64, #gn.dims<["s0", "s1", ""]>>) -> ()
  return
}

// -----

func.func @einsum_disagree(%a: tensor<4x8xf32, #gn.dims<["s0", ""]>>, %b: tensor<4x8xf32>) {
  // expected-error @+2 {{einsum label 'i' has sizes s0 and 4, which may differ at some binding of the shape symbols}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = "gn.einsum"(%a, %b) {equation = "ij,ij->j"} : (tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<4x8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @top_k_symbolic_dim(%x: tensor<2x5xf32, #gn.dims<["", "s1"]>>) {
  // expected-error @+2 {{top_k along the symbolic dim 1 (s1): k = 3 may pass its end at some binding}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = "gn.top_k"(%x) {k = 3 : i64, dim = 1 : i64, largest = true} : (tensor<2x5xf32, #gn.dims<["", "s1"]>>) -> tensor<2x3xi64>
  return
}

// RUN: gn-opt %s --gn-narrow-matmul --split-input-file | FileCheck %s

// A widened f16 linear without bias (decomposed): one f16 GEMM, no f32
// copies of the operands or the product.
// CHECK-LABEL: func.func @lm_head
// CHECK-NEXT: %[[R:.*]] = gn.matmul %arg0, %arg1 {transpose_rhs} : tensor<4x8xf16>, tensor<16x8xf16> -> tensor<4x16xf16>
// CHECK-NEXT: return %[[R]]
func.func @lm_head(%x: tensor<4x8xf16>, %w: tensor<16x8xf16>) -> tensor<4x16xf16> {
  %a = gn.convert %x {dtype = f32} : tensor<4x8xf16> -> tensor<4x8xf32>
  %b = gn.convert %w {dtype = f32} : tensor<16x8xf16> -> tensor<16x8xf32>
  %m = gn.matmul %a, %b {transpose_rhs} : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
  %r = gn.convert %m {dtype = f16} : tensor<4x16xf32> -> tensor<4x16xf16>
  return %r : tensor<4x16xf16>
}

// -----

// bf16 the same way.
// CHECK-LABEL: func.func @bf16
// CHECK-NEXT: gn.matmul %arg0, %arg1 : tensor<2x3xbf16>, tensor<3x5xbf16> -> tensor<2x5xbf16>
func.func @bf16(%x: tensor<2x3xbf16>, %w: tensor<3x5xbf16>) -> tensor<2x5xbf16> {
  %a = gn.convert %x {dtype = f32} : tensor<2x3xbf16> -> tensor<2x3xf32>
  %b = gn.convert %w {dtype = f32} : tensor<3x5xbf16> -> tensor<3x5xf32>
  %m = gn.matmul %a, %b : tensor<2x3xf32>, tensor<3x5xf32> -> tensor<2x5xf32>
  %r = gn.convert %m {dtype = bf16} : tensor<2x5xf32> -> tensor<2x5xbf16>
  return %r : tensor<2x5xbf16>
}

// -----

// Left alone: a bias added before the rounding (a half GEMM would round
// first), a product used twice, operands of different types, a product
// rounded to another type.
// CHECK-LABEL: func.func @bias
// CHECK: gn.matmul {{.*}} -> tensor<4x16xf32>
// CHECK: gn.add
func.func @bias(%x: tensor<4x8xf16>, %w: tensor<16x8xf16>, %c: tensor<16xf32>) -> tensor<4x16xf16> {
  %a = gn.convert %x {dtype = f32} : tensor<4x8xf16> -> tensor<4x8xf32>
  %b = gn.convert %w {dtype = f32} : tensor<16x8xf16> -> tensor<16x8xf32>
  %m = gn.matmul %a, %b {transpose_rhs} : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
  %s = gn.add %m, %c : tensor<4x16xf32>, tensor<16xf32> -> tensor<4x16xf32>
  %r = gn.convert %s {dtype = f16} : tensor<4x16xf32> -> tensor<4x16xf16>
  return %r : tensor<4x16xf16>
}

// -----

// CHECK-LABEL: func.func @two_uses
// CHECK: gn.matmul {{.*}} -> tensor<2x5xf32>
func.func @two_uses(%x: tensor<2x3xf16>, %w: tensor<3x5xf16>) -> (tensor<2x5xf16>, tensor<2x5xf32>) {
  %a = gn.convert %x {dtype = f32} : tensor<2x3xf16> -> tensor<2x3xf32>
  %b = gn.convert %w {dtype = f32} : tensor<3x5xf16> -> tensor<3x5xf32>
  %m = gn.matmul %a, %b : tensor<2x3xf32>, tensor<3x5xf32> -> tensor<2x5xf32>
  %r = gn.convert %m {dtype = f16} : tensor<2x5xf32> -> tensor<2x5xf16>
  return %r, %m : tensor<2x5xf16>, tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func.func @mixed
// CHECK: gn.matmul {{.*}} -> tensor<2x5xf32>
func.func @mixed(%x: tensor<2x3xf16>, %w: tensor<3x5xbf16>) -> tensor<2x5xf16> {
  %a = gn.convert %x {dtype = f32} : tensor<2x3xf16> -> tensor<2x3xf32>
  %b = gn.convert %w {dtype = f32} : tensor<3x5xbf16> -> tensor<3x5xf32>
  %m = gn.matmul %a, %b : tensor<2x3xf32>, tensor<3x5xf32> -> tensor<2x5xf32>
  %r = gn.convert %m {dtype = f16} : tensor<2x5xf32> -> tensor<2x5xf16>
  return %r : tensor<2x5xf16>
}

// -----

// CHECK-LABEL: func.func @other_type
// CHECK: gn.matmul {{.*}} -> tensor<2x5xf32>
func.func @other_type(%x: tensor<2x3xf16>, %w: tensor<3x5xf16>) -> tensor<2x5xbf16> {
  %a = gn.convert %x {dtype = f32} : tensor<2x3xf16> -> tensor<2x3xf32>
  %b = gn.convert %w {dtype = f32} : tensor<3x5xf16> -> tensor<3x5xf32>
  %m = gn.matmul %a, %b : tensor<2x3xf32>, tensor<3x5xf32> -> tensor<2x5xf32>
  %r = gn.convert %m {dtype = bf16} : tensor<2x5xf32> -> tensor<2x5xbf16>
  return %r : tensor<2x5xbf16>
}

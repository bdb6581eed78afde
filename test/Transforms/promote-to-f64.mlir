// RUN: gn-opt %s --split-input-file --gn-promote-to-f64 | FileCheck %s

// Arguments, results and every computed float become f64; integer results
// and integer operands stay.
// CHECK-LABEL: func.func @arithmetic_and_signature
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf64>, %[[I:.+]]: tensor<2x3xi64>) -> (tensor<2x3xf64>, tensor<2xi64>)
// CHECK: %[[E:.+]] = gn.exp %[[X]] : tensor<2x3xf64>
// CHECK: %[[C:.+]] = gn.convert %[[I]] {dtype = f64} : tensor<2x3xi64> -> tensor<2x3xf64>
// CHECK: %[[S:.+]] = gn.add %[[E]], %[[C]] : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
// CHECK: %[[A:.+]] = gn.argmax %[[S]] dim 1 : tensor<2x3xf64> -> tensor<2xi64>
// CHECK: return %[[S]], %[[A]]
func.func @arithmetic_and_signature(%x: tensor<2x3xf32>, %i: tensor<2x3xi64>) -> (tensor<2x3xf32>, tensor<2xi64>) {
  %0 = gn.exp %x : tensor<2x3xf32>
  %1 = gn.convert %i {dtype = f32} : tensor<2x3xi64> -> tensor<2x3xf32>
  %2 = gn.add %0, %1 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %3 = gn.argmax %2 dim 1 : tensor<2x3xf32> -> tensor<2xi64>
  return %2, %3 : tensor<2x3xf32>, tensor<2xi64>
}

// -----

// A constant keeps its f32 value and is widened after it; a conversion to a
// narrow float computes nothing in f64 (no rounding to f16).
// CHECK-LABEL: func.func @constants_and_narrowing
// CHECK: %[[K:.+]] = gn.constant dense<1.000000e-01> : tensor<3xf32>
// CHECK: %[[W:.+]] = gn.convert %[[K]] {dtype = f64} : tensor<3xf32> -> tensor<3xf64>
// CHECK: %[[H:.+]] = gn.convert %{{.+}} {dtype = f64} : tensor<3xf64> -> tensor<3xf64>
// CHECK: %[[W16:.+]] = gn.convert %[[W]] {dtype = f64} : tensor<3xf64> -> tensor<3xf64>
// CHECK: gn.mul %[[H]], %[[W16]] : tensor<3xf64>, tensor<3xf64> -> tensor<3xf64>
// CHECK: return {{.*}} : tensor<3xf64>
func.func @constants_and_narrowing(%x: tensor<3xf32>) -> tensor<3xf16> {
  %k = gn.constant dense<0.1> : tensor<3xf32>
  %h = gn.convert %x {dtype = f16} : tensor<3xf32> -> tensor<3xf16>
  %k16 = gn.convert %k {dtype = f16} : tensor<3xf32> -> tensor<3xf16>
  %r = gn.mul %h, %k16 : tensor<3xf16>, tensor<3xf16> -> tensor<3xf16>
  return %r : tensor<3xf16>
}

// -----

// A random draw keeps its dtype (the same numbers as the f32 function).
// CHECK-LABEL: func.func @random_draw
// CHECK: %[[R:.+]] = gn.random {{.*}} : tensor<4xf32>
// CHECK: gn.convert %[[R]] {dtype = f64} : tensor<4xf32> -> tensor<4xf64>
func.func @random_draw() -> tensor<4xf32> {
  %r = gn.random {distribution = "uniform", dtype = f32, shape = array<i64: 4>} : tensor<4xf32>
  %s = gn.sqrt %r : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// Already f64, integer-only and bool functions are left as they are.
// CHECK-LABEL: func.func @nothing_to_promote
// CHECK-SAME: (%{{.+}}: tensor<2xf64>, %{{.+}}: tensor<2xi32>) -> (tensor<2xf64>, tensor<2xi1>)
// CHECK-NOT: gn.convert
func.func @nothing_to_promote(%x: tensor<2xf64>, %i: tensor<2xi32>) -> (tensor<2xf64>, tensor<2xi1>) {
  %0 = gn.neg %x : tensor<2xf64>
  %1 = gn.gt %i, %i : tensor<2xi32>, tensor<2xi32> -> tensor<2xi1>
  return %0, %1 : tensor<2xf64>, tensor<2xi1>
}

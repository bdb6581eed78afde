// #gn.dims, the encoding of symbolic sizes: it parses and prints back in
// its normal form, is checked against the tensor's rank, a gn op whose
// shape function is not symbolic refuses it, naming the value, and the
// elementwise family computes it.
// RUN: gn-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @identity
// CHECK-SAME: tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>
func.func @identity(%x: tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>)
    -> tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>> {
  return %x : tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>
}

// -----

// An op whose shape function is not symbolic yet refuses the encoding.
func.func @refused(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>) -> tensor<4x8xf32, #gn.dims<["s0", ""]>> {
  // expected-error @+1 {{'gn.nonzero' op does not take symbolic dims yet: operand #0 is 'tensor<4x8xf32, #gn.dims<["s0", ""]>>'}}
  %y = "gn.nonzero"(%x) {count = 3 : i64, site = 0 : i64} : (tensor<4x8xf32, #gn.dims<["s0", ""]>>) -> tensor<3x2xi64>
  return %x : tensor<4x8xf32, #gn.dims<["s0", ""]>>
}

// -----

// The elementwise family is symbolic: unary maps and conversions keep the
// dims; binary ops, comparisons and where broadcast them for every binding.
// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>, %b: tensor<8xf32>,
                       %c: tensor<4x1xf32, #gn.dims<["s0", ""]>>, %r: tensor<1x6xf32, #gn.dims<["", "s1"]>>)
    -> tensor<4x6xf32, #gn.dims<["s0", "s1"]>> {
  // CHECK: gn.relu %{{.*}} : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %0 = gn.relu %x : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  // CHECK: gn.add {{.*}} -> tensor<4x8xf32, #gn.dims<["s0", ""]>>
  %1 = gn.add %0, %b : tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<8xf32> -> tensor<4x8xf32, #gn.dims<["s0", ""]>>
  // CHECK: gn.lt {{.*}} -> tensor<4x8xi1, #gn.dims<["s0", ""]>>
  %2 = gn.lt %1, %b : tensor<4x8xf32, #gn.dims<["s0", ""]>>, tensor<8xf32> -> tensor<4x8xi1, #gn.dims<["s0", ""]>>
  // CHECK: gn.convert {{.*}} tensor<4x8xf16, #gn.dims<["s0", ""]>>
  %3 = gn.convert %1 {dtype = f16} : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<4x8xf16, #gn.dims<["s0", ""]>>
  // CHECK: gn.mul {{.*}} -> tensor<4x6xf32, #gn.dims<["s0", "s1"]>>
  %4 = gn.mul %c, %r : tensor<4x1xf32, #gn.dims<["s0", ""]>>, tensor<1x6xf32, #gn.dims<["", "s1"]>> -> tensor<4x6xf32, #gn.dims<["s0", "s1"]>>
  return %4 : tensor<4x6xf32, #gn.dims<["s0", "s1"]>>
}

// -----

// Two different symbols may differ at some binding: no broadcast.
func.func @mismatch(%x: tensor<4xf32, #gn.dims<["s0"]>>, %y: tensor<4xf32, #gn.dims<["s1"]>>)
    -> tensor<4xf32> {
  // expected-error @+2 {{dim 0 of tensor<4xf32, #gn.dims<["s0"]>> and tensor<4xf32, #gn.dims<["s1"]>> does not broadcast at every binding of the shape symbols: sizes s0 and s1 do not broadcast at every size}}
  // expected-error @+1 {{failed to infer returned types}}
  %z = gn.add %x, %y : tensor<4xf32, #gn.dims<["s0"]>>, tensor<4xf32, #gn.dims<["s1"]>> -> tensor<4xf32>
  return %z : tensor<4xf32>
}

// -----

// A result alone (an op whose static operand gives a symbolic type) is
// refused too.
func.func @result(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'gn.nonzero' op does not give symbolic dims yet: result #0 is 'tensor<3x2xi64, #gn.dims<["s0", ""]>>'}}
  %y = "gn.nonzero"(%x) {count = 3 : i64, site = 0 : i64} : (tensor<4x8xf32>) -> tensor<3x2xi64, #gn.dims<["s0", ""]>>
  return %x : tensor<4x8xf32>
}

// -----

// expected-error @+1 {{#gn.dims has 1 dims for a tensor of rank 2}}
func.func @rank(%x: tensor<4x8xf32, #gn.dims<["s0"]>>) {
  return
}

// -----

// expected-error @+1 {{dim 0: 's0*2' is not in normal form; write '2*s0'}}
func.func @normal(%x: tensor<4xf32, #gn.dims<["s0*2"]>>) {
  return
}

// -----

// expected-error @+1 {{dim 1: 'floordiv(s0, 0)' is not a size expression}}
func.func @bad(%x: tensor<4x4xf32, #gn.dims<["s0", "floordiv(s0, 0)"]>>) {
  return
}

// -----

// expected-error @+1 {{no dim is symbolic}}
func.func @static(%x: tensor<4xf32, #gn.dims<[""]>>) {
  return
}

// -----

// expected-error @+1 {{dim 0: '8' is a constant}}
func.func @constant(%x: tensor<8xf32, #gn.dims<["8"]>>) {
  return
}

// -----

// A symbolic dim at 0 or 1 would look empty or broadcastable to passes
// that read the example's sizes.
// expected-error @+1 {{dim 0 (s0) is symbolic but 1 at the compile example; symbolic dims need an example size >= 2}}
func.func @unit(%x: tensor<1x4xf32, #gn.dims<["s0", ""]>>) {
  return
}

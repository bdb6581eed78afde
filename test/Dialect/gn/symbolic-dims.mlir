// #gn.dims, the encoding of symbolic sizes: it parses and prints back in
// its normal form, is checked against the tensor's rank, and a gn op whose
// shape function is not symbolic refuses it, naming the value.
// RUN: gn-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @identity
// CHECK-SAME: tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>
func.func @identity(%x: tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>)
    -> tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>> {
  return %x : tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>
}

// -----

func.func @refused(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>)
    -> tensor<4x8xf32, #gn.dims<["s0", ""]>> {
  // expected-error @+1 {{'gn.relu' op does not take symbolic dims yet: operand #0 is 'tensor<4x8xf32, #gn.dims<["s0", ""]>>'}}
  %y = gn.relu %x : tensor<4x8xf32, #gn.dims<["s0", ""]>>
  return %y : tensor<4x8xf32, #gn.dims<["s0", ""]>>
}

// -----

// A result alone (an op whose static operand gives a symbolic type) is
// refused too.
func.func @result(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'gn.transpose' op does not give symbolic dims yet: result #0 is 'tensor<8x4xf32, #gn.dims<["", "s0"]>>'}}
  %y = "gn.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32, #gn.dims<["", "s0"]>>
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

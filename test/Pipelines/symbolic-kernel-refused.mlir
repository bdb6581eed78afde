// The kernels themselves check what they cannot do at every binding: a sum
// over a symbolic dim (gn-set-target refuses the op; here the module is
// marked by hand, as if a pass had made the reduction).
// RUN: not gn-opt %s --gn-form-fusion-groups --gn-schedule --gn-outline-kernels 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: error: gn-outline-kernels: a reduction over a symbolic dim is not supported with symbolic dims yet (docs/symbolic-shapes.md, phase 3)
module attributes {gn.symbolic, gn.target = #gn.target<cpu>} {
  func.func @forward(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>) -> tensor<8xf32> {
    %e = gn.exp %x : tensor<4x8xf32, #gn.dims<["s0", ""]>>
    %s = gn.reduce_sum %e dims [0] : tensor<4x8xf32, #gn.dims<["s0", ""]>> -> tensor<8xf32>
    return %s : tensor<8xf32>
  }
}

// RUN: gn-opt %s --split-input-file --verify-diagnostics

func.func @bad_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{kind must be 'elementwise', 'reduction', 'row' or 'copy', got 'magic'}}
  %r = gn.fusion "magic" (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    gn.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @yield_mismatch(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{gn.yield types must match the result types}}
  %r = gn.fusion "elementwise" (%x) : (tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf32>):
    gn.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf16>
}

// -----

func.func @arg_mismatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{block argument types must match the input types}}
  %r = gn.fusion "elementwise" (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<8xf32>):
    %s = gn.slice %a starts [0] limits [4] steps [1] : tensor<8xf32> -> tensor<4xf32>
    gn.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @missing_kernel(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{kernel @gn_kernels::@nope not found}}
  %r = gn.launch @gn_kernels::@nope(%x) {thread_dim = -1 : i64, extent = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @isolated(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = gn.fusion "elementwise" () : () -> tensor<4xf32> {
    // expected-error @+1 {{using value defined outside the region}}
    %n = gn.neg %x : tensor<4xf32>
    gn.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @inplace_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{inplace has 2 entries for 1 results}}
  %r = gn.launch @gn_kernels::@k(%x) {thread_dim = -1 : i64, extent = 1 : i64, inplace = array<i64: 0, 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @inplace_shape(%x: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result #0 cannot share the buffer of input #0}}
  %r = gn.launch @gn_kernels::@k(%x) {thread_dim = -1 : i64, extent = 1 : i64, inplace = array<i64: 0>} : (tensor<8xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @inplace_index(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{inplace entry 3 is not an input index}}
  %r = gn.launch @gn_kernels::@k(%x) {thread_dim = -1 : i64, extent = 1 : i64, inplace = array<i64: 3>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @concatenates_size(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{concatenates 4 input elements into 8}}
  %r = gn.launch @gn_kernels::@k(%x) {thread_dim = -1 : i64, extent = 1 : i64, concatenates} : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @concatenates_type(%x: tensor<4xf32>, %y: tensor<4xf16>) -> tensor<8xf32> {
  // expected-error @+1 {{concatenates an input of type 'tensor<4xf16>' into 'tensor<8xf32>'}}
  %r = gn.launch @gn_kernels::@k(%x, %y) {thread_dim = -1 : i64, extent = 1 : i64, concatenates} : (tensor<4xf32>, tensor<4xf16>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @concatenates_inplace(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{concatenates needs exactly one result and no inplace}}
  %r = gn.launch @gn_kernels::@k(%x) {thread_dim = -1 : i64, extent = 1 : i64, concatenates, inplace = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @schedule_not_a_permutation(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{loop_order must be a permutation of 0..1}}
  %r = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 0]>} : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    gn.yield %a : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// -----

func.func @schedule_gpu_with_thread_dim(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{a GPU schedule (block_threads > 0) has no thread_dim}}
  %r = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1], thread_dim = 0, block_threads = 256>} : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    gn.yield %a : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// -----

func.func @schedule_row_threads(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{row_threads must be at least 1 and divide block_threads, got 3}}
  %r = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 3>} : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    gn.yield %a : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// -----

func.func @schedule_unknown_field(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{unknown schedule field 'vector_width'}}
  %r = gn.fusion "elementwise" (%x) {schedule = #gn.schedule<loop_order = [0, 1], vector_width = 8>} : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    gn.yield %a : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

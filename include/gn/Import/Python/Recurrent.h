//===- Recurrent.h - stacked LSTM, GRU and simple RNN, unrolled -*- C++ -*-===//
//
// Both frameworks' recurrent layers (Paddle's rnn, torch.lstm / gru /
// rnn_tanh / rnn_relu) share cuDNN's layout and cell equations: weights
// [G*H, in] and [G*H, H] with biases [G*H] each, gates i, f, g, o (LSTM) or
// r, z, n (GRU, n reading r * (W_hn h + b_hn)). They are unrolled at import
// over the static time steps (lib/Import/Python/Recurrent.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_RECURRENT_H
#define GN_IMPORT_PYTHON_RECURRENT_H

#include "gn/Import/Python/OpChain.h"
#include <functional>

namespace mlir::gn::import {

/// One direction of one layer.
struct RecurrentWeights {
  Value wInput, wHidden, bInput, bHidden;
  /// An LSTM's projection (torch's proj_size P): [P, H], the state h being
  /// W_hr (o * tanh(c)), [B, P]; w_hh is then [4 * H, P]. Null: none.
  Value wProjection = {};
};

struct RecurrentLayers {
  llvm::StringRef mode; // LSTM, GRU, RNN_TANH, RNN_RELU
  int64_t layers = 1, directions = 1, hidden = 1;
  /// Applied to each layer's output but the last's (training dropout), or empty.
  std::function<Value(Chain &, Value)> betweenLayers;
  /// An LSTM's proj_size P (every cell has wProjection); 0: none.
  int64_t projection = 0;
};

struct RecurrentResult {
  Value output; // [T, B, D * H] (H: P with a projection), time-major
  Value h, c;   // [L * D, B, H] (h: P with a projection); c for LSTM only
};

/// Gates per cell: LSTM 4, GRU 3, RNN_TANH and RNN_RELU 1; 0 for another mode.
int64_t recurrentGates(llvm::StringRef mode);

/// Runs the layers over `x` (time-major [T, B, I]) from `h0` (and `c0`,
/// LSTM), [L * D, B, H] each (h0 [L * D, B, P] with a projection); `weights` by (layer, direction). Shapes are
/// checked; `error` reports what is wrong and returns failure.
FailureOr<RecurrentResult> unrollRecurrent(ImportContext &ctx, const RecurrentLayers &spec, Value x,
                                           Value h0, Value c0,
                                           llvm::ArrayRef<RecurrentWeights> weights,
                                           llvm::function_ref<LogicalResult(const llvm::Twine &)> error);

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_RECURRENT_H

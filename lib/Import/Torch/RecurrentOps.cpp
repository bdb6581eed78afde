//===- RecurrentOps.cpp - torch.lstm, gru, rnn_tanh, rnn_relu -------------===//
//
// What nn.LSTM, nn.GRU and nn.RNN call (torch._VF, as Dynamo records them):
// torch.lstm(input, hx, params, has_biases, num_layers, dropout, train,
// bidirectional, batch_first) and its GRU and simple-RNN siblings, onto the
// shared unrolled layers (gn/Import/Python/Recurrent.h). `params` holds, by
// (layer, direction), w_ih, w_hh and, with has_biases, b_ih and b_hh.
// With proj_size, an LSTM's params hold w_hr last in each group. Packed
// sequences and training-mode dropout between layers (random) are refused
// by name. The single steps nn.LSTMCell,
// nn.GRUCell and nn.RNNCell call (torch.lstm_cell, gru_cell, rnn_tanh_cell,
// rnn_relu_cell) are one step of one layer.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/Recurrent.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

template <const char *Mode>
FailureOr<PyValue> recurrent(ImportContext &ctx, Args &a) {
  llvm::StringRef mode = Mode;
  bool lstm = mode == "LSTM";
  const PyValue &input = a.get("input");
  if (!input.isTensor())
    return a.error("expects an input tensor (packed sequences are not supported)");
  auto params = a.tensors("params");
  auto hasBiases = a.boolean("has_biases"), train = a.boolean("train"),
       bidirectional = a.boolean("bidirectional"), batchFirst = a.boolean("batch_first");
  auto layers = a.integer("num_layers");
  auto dropout = a.real("dropout");
  if (failed(params) || failed(hasBiases) || failed(train) || failed(bidirectional) ||
      failed(batchFirst) || failed(layers) || failed(dropout))
    return failure();
  Value h0, c0;
  if (lstm) {
    auto hx = a.tensors("hx");
    if (failed(hx))
      return failure();
    if (hx->size() != 2)
      return a.error("LSTM takes hx = (h0, c0), got " + llvm::Twine(hx->size()) + " tensors");
    h0 = (*hx)[0];
    c0 = (*hx)[1];
  } else {
    auto hx = a.tensor("hx");
    if (failed(hx))
      return failure();
    h0 = *hx;
  }
  if (*train && *dropout > 0 && *layers > 1)
    return a.error("dropout between layers in training mode is random; not supported");
  Value x = input.tensor;
  auto xType = typeOf(x);
  if (xType.getRank() != 3 || !llvm::isa<FloatType>(xType.getElementType()))
    return a.error("expects a float input [T, B, input_size] (or [B, T, ...] with batch_first)");
  int64_t dirs = *bidirectional ? 2 : 1, perCell = *hasBiases ? 4 : 2;
  constexpr int64_t kMaxCellSteps = 1 << 16;
  if (*layers < 1 || *layers > 1024)
    return a.error("expects 1 <= num_layers <= 1024");
  int64_t cells = *layers * dirs;
  // proj_size: w_hr after each cell's weights and biases.
  bool projected = lstm && (int64_t)params->size() == cells * (perCell + 1);
  int64_t group = perCell + (projected ? 1 : 0);
  if ((int64_t)params->size() != cells * group)
    return a.error("expects " + llvm::Twine(cells * perCell) + " tensors in params (" +
                   llvm::Twine(cells * (perCell + 1)) + " with an LSTM's proj_size), got " +
                   llvm::Twine(params->size()));
  if (typeOf(h0).getRank() != 3 || (c0 && typeOf(c0).getRank() != 3))
    return a.error("expects hx tensors [num_layers * directions, B, hidden_size]");
  // h0 is [.., proj_size] with a projection; c0 keeps hidden_size.
  int64_t hidden = typeOf(c0 ? c0 : h0).getDimSize(2);
  int64_t steps = xType.getDimSize(*batchFirst ? 1 : 0);
  if (steps < 1 || steps > kMaxCellSteps / cells)
    return a.error("unrolling more than " + llvm::Twine(kMaxCellSteps) +
                   " cell steps (T x layers x directions) is not supported");
  Chain ch{ctx};
  if (*batchFirst)
    x = ch.transpose(x, {1, 0, 2});
  Type e = xType.getElementType();
  std::vector<RecurrentWeights> weights;
  for (int64_t k = 0; k < cells; ++k) {
    const Value *p = &(*params)[k * group];
    int64_t rows = typeOf(p[0]).getDimSize(0);
    Value zero = *hasBiases ? Value() : ctx.splat(e, 0, {rows});
    weights.push_back({p[0], p[1], *hasBiases ? p[2] : zero, *hasBiases ? p[3] : zero,
                       projected ? p[perCell] : Value()});
  }
  if (!ch.ok())
    return failure();
  RecurrentLayers spec{mode, *layers, dirs, hidden, {}};
  if (projected) {
    if (typeOf(weights[0].wProjection).getRank() != 2)
      return a.error("expects w_hr [proj_size, hidden_size]");
    spec.projection = typeOf(weights[0].wProjection).getDimSize(0);
  }
  auto r = unrollRecurrent(ctx, spec, x, h0, c0, weights,
                           [&](const llvm::Twine &m) { return a.error(m); });
  if (failed(r))
    return failure();
  Value out = *batchFirst ? ch.transpose(r->output, {1, 0, 2}) : r->output;
  if (!ch.ok())
    return failure();
  std::vector<PyValue> results{PyValue::of(out), PyValue::of(r->h)};
  if (lstm)
    results.push_back(PyValue::of(r->c));
  return PyValue::tuple(std::move(results));
}

/// lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None) -> (h, c) and
/// gru_cell / rnn_tanh_cell / rnn_relu_cell(...) -> h: input [B, I] or [I]
/// (unbatched), hx [B, H] or [H] (LSTM: the pair (h, c)).
template <const char *Mode>
FailureOr<PyValue> cell(ImportContext &ctx, Args &a) {
  llvm::StringRef mode = Mode;
  bool lstm = mode == "LSTM";
  auto x = a.tensor("input"), wIh = a.tensor("w_ih"), wHh = a.tensor("w_hh");
  auto bIh = a.optionalTensor("b_ih"), bHh = a.optionalTensor("b_hh");
  if (failed(x) || failed(wIh) || failed(wHh) || failed(bIh) || failed(bHh))
    return failure();
  auto xType = typeOf(*x);
  if (xType.getRank() < 1 || xType.getRank() > 2 || !llvm::isa<FloatType>(xType.getElementType()))
    return a.error("expects a float input [batch, input_size] or [input_size]");
  bool unbatched = xType.getRank() == 1;
  int64_t batch = unbatched ? 1 : xType.getDimSize(0), width = xType.getShape().back();
  int64_t rows = typeOf(*wIh).getRank() == 2 ? typeOf(*wIh).getDimSize(0) : 0;
  int64_t gates = recurrentGates(mode);
  if (rows == 0 || rows % gates)
    return a.error("expects w_ih [" + llvm::Twine(gates) + " * hidden_size, input_size]");
  int64_t hidden = rows / gates;
  Type e = xType.getElementType();
  llvm::SmallVector<int64_t> state{1, batch, hidden};
  Chain ch{ctx};
  // hx None: zeros, as nn.*Cell passes them.
  auto stateOf = [&](Value v) -> Value {
    if (!v)
      return ctx.splat(e, 0, state);
    if (typeOf(v).getNumElements() != batch * hidden)
      return Value();
    return ch.reshape(v, state);
  };
  Value h0, c0;
  const PyValue &hx = a.get("hx");
  if (lstm) {
    if (hx.isNone()) {
      h0 = stateOf({});
      c0 = stateOf({});
    } else {
      auto pair = a.tensors("hx");
      if (failed(pair))
        return failure();
      if (pair->size() != 2)
        return a.error("lstm_cell takes hx = (h, c), got " + llvm::Twine(pair->size()) + " tensors");
      h0 = stateOf((*pair)[0]);
      c0 = stateOf((*pair)[1]);
    }
  } else {
    Value h;
    if (!hx.isNone()) {
      auto t = a.tensor("hx");
      if (failed(t))
        return failure();
      h = *t;
    }
    h0 = stateOf(h);
  }
  if (!h0 || (lstm && !c0))
    return a.error("expects hx of [batch, hidden_size] = [" + llvm::Twine(batch) + ", " +
                   llvm::Twine(hidden) + "]");
  Value zero = ctx.splat(e, 0, {rows});
  Value in = ch.reshape(*x, {1, batch, width});
  if (!ch.ok())
    return failure();
  RecurrentLayers spec{mode, 1, 1, hidden, {}};
  RecurrentWeights w{*wIh, *wHh, *bIh ? *bIh : zero, *bHh ? *bHh : zero};
  auto r = unrollRecurrent(ctx, spec, in, h0, c0, {w},
                           [&](const llvm::Twine &m) { return a.error(m); });
  if (failed(r))
    return failure();
  llvm::SmallVector<int64_t> out{batch, hidden};
  if (unbatched)
    out = {hidden};
  Value h = ch.reshape(r->h, out);
  Value c = lstm ? ch.reshape(r->c, out) : Value();
  if (!ch.ok())
    return failure();
  if (!lstm)
    return PyValue::of(h);
  return PyValue::tuple({PyValue::of(h), PyValue::of(c)});
}

constexpr char kLstm[] = "LSTM", kGru[] = "GRU", kRnnTanh[] = "RNN_TANH", kRnnRelu[] = "RNN_RELU";

} // namespace

void mlir::gn::import::registerRecurrentOps(OpRegistry &r) {
  const char *signature =
      "input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first";
  r.add("lstm", signature, recurrent<kLstm>);
  r.add("gru", signature, recurrent<kGru>);
  r.add("rnn_tanh", signature, recurrent<kRnnTanh>);
  r.add("rnn_relu", signature, recurrent<kRnnRelu>);
  const char *cellSignature = "input, hx, w_ih, w_hh, b_ih=None, b_hh=None";
  r.add("lstm_cell", cellSignature, cell<kLstm>);
  r.add("gru_cell", cellSignature, cell<kGru>);
  r.add("rnn_tanh_cell", cellSignature, cell<kRnnTanh>);
  r.add("rnn_relu_cell", cellSignature, cell<kRnnRelu>);
}

//===- RecurrentOps.cpp - Paddle's rnn (LSTM, GRU, simple RNN) -----------===//
//
// paddle._C_ops.rnn's arguments onto the shared unrolled layers
// (gn/Import/Python/Recurrent.h). Checked against PaddlePaddle's kernel for
// all four modes, one or two directions, several layers
// (docs/paddle-semantics.md).
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/Recurrent.h"

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// Training-mode dropout between layers (upscale_in_train), from gn's
/// random stream.
Value dropBetweenLayers(Chain &ch, Value x, double p) {
  Type e = typeOf(x).getElementType();
  Value u = ch.take(uniformValues(ch.ctx, typeOf(x).getShape(), ch.ctx.f32(), 0, 1));
  Value keep = ch.op<gn::GeOp>({u, ch.ctx.splat(ch.ctx.f32(), p)});
  Value kept = ch.op<gn::WhereOp>({keep, x, ch.ctx.splat(e, 0)});
  return ch.op<gn::MulOp>({kept, ch.ctx.splat(e, p < 1 ? 1.0 / (1.0 - p) : 0.0)});
}

/// rnn(x, pre_state, weight_list, sequence_length, dropout_state_in,
/// dropout_prob, is_bidirec, input_size, hidden_size, num_layers, mode,
/// seed, is_test) -> (out [T, B, D*H], dropout_state, [h_n (, c_n)]), x
/// time-major [T, B, I]; weight_list holds every (layer, direction)'s
/// input and hidden weights, then their biases in the same order.
FailureOr<PyValue> rnn(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto states = a.tensors("pre_state"), weights = a.tensors("weight_list");
  auto lengths = a.optionalTensor("sequence_length");
  auto dropoutP = a.real("dropout_prob");
  auto bidirectional = a.boolean("is_bidirec"), isTest = a.boolean("is_test");
  auto inputSize = a.integer("input_size"), hidden = a.integer("hidden_size"),
       layers = a.integer("num_layers");
  auto mode = a.string("mode");
  if (failed(x) || failed(states) || failed(weights) || failed(lengths) || failed(dropoutP) ||
      failed(bidirectional) || failed(isTest) || failed(inputSize) || failed(hidden) ||
      failed(layers) || failed(mode))
    return failure();
  if (*lengths)
    return a.error("sequence_length (sequences of different lengths) is not supported");
  int64_t gates = recurrentGates(*mode);
  if (!gates)
    return a.error("unsupported mode '" + *mode + "' (LSTM, GRU, RNN_TANH, RNN_RELU)");
  auto xType = typeOf(*x);
  if (xType.getRank() != 3 || !llvm::isa<FloatType>(xType.getElementType()))
    return a.error("expects a float time-major x [T, B, input_size]");
  // Unrolled at import: a bound on the cell steps keeps a hostile size from
  // building millions of ops (or overflowing the sizes below).
  constexpr int64_t kMaxCellSteps = 1 << 16, kMaxHidden = 1 << 20;
  if (*layers < 1 || *layers > 1024 || *hidden < 1 || *hidden > kMaxHidden ||
      xType.getDimSize(2) != *inputSize || xType.getDimSize(0) < 1)
    return a.error("expects 1 <= num_layers <= 1024, 1 <= hidden_size <= " +
                   llvm::Twine(kMaxHidden) + ", T >= 1 and x's last dim = input_size");
  int64_t dirs = *bidirectional ? 2 : 1, cells = *layers * dirs, h = *hidden;
  int64_t batch = xType.getDimSize(1);
  if (xType.getDimSize(0) > kMaxCellSteps / cells)
    return a.error("unrolling more than " + llvm::Twine(kMaxCellSteps) +
                   " cell steps (T x layers x directions) is not supported");
  if ((int64_t)weights->size() != 4 * cells)
    return a.error("expects " + llvm::Twine(4 * cells) + " tensors in weight_list, got " +
                   llvm::Twine(weights->size()));
  size_t stateCount = *mode == "LSTM" ? 2 : 1;
  if (states->size() != stateCount)
    return a.error("expects " + llvm::Twine(stateCount) + " tensors in pre_state");
  for (Value s : *states)
    if (typeOf(s).getShape() != llvm::ArrayRef<int64_t>{cells, batch, h})
      return a.error("expects each pre_state tensor [num_layers * directions, B, hidden_size]");
  std::vector<RecurrentWeights> cellWeights;
  for (int64_t k = 0; k < cells; ++k)
    cellWeights.push_back({(*weights)[2 * k], (*weights)[2 * k + 1], (*weights)[2 * cells + 2 * k],
                           (*weights)[2 * cells + 2 * k + 1]});
  RecurrentLayers spec{*mode, *layers, dirs, h, {}};
  if (!*isTest && *dropoutP > 0)
    spec.betweenLayers = [p = *dropoutP](Chain &ch, Value v) { return dropBetweenLayers(ch, v, p); };
  auto r = unrollRecurrent(ctx, spec, *x, (*states)[0], stateCount == 2 ? (*states)[1] : Value(),
                           cellWeights, [&](const llvm::Twine &m) { return a.error(m); });
  if (failed(r))
    return failure();
  std::vector<PyValue> last{PyValue::of(r->h)};
  if (stateCount == 2)
    last.push_back(PyValue::of(r->c));
  Value layerInput = r->output;
  // The dropout state passes through (gn draws from its own stream).
  return PyValue::tuple({PyValue::of(layerInput), a.get("dropout_state_in"),
                         PyValue::tuple(std::move(last))});
}

} // namespace

void paddle::registerRecurrentOps(OpRegistry &r) {
  r.add("rnn",
        "x, pre_state, weight_list, sequence_length, dropout_state_in, dropout_prob, "
        "is_bidirec, input_size, hidden_size, num_layers, mode, seed=0, is_test=True",
        rnn);
}

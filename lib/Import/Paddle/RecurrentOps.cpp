//===- RecurrentOps.cpp - Paddle's rnn (LSTM, GRU, simple RNN) -----------===//
//
// paddle._C_ops.rnn is unrolled at import over the (static) time steps:
// each step's gates are gn.linear of the hidden state plus the input's
// projection (one gn.linear over all steps), then the cell's elementwise
// update. Checked against PaddlePaddle's kernel for all four modes, one or
// two directions, several layers (docs/paddle-semantics.md).
//
//===----------------------------------------------------------------------===//
#include "OpChain.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// One direction of one layer: its weights and initial state.
struct Cell {
  Value wInput, wHidden, bInput, bHidden; // [G*H, in], [G*H, H], [G*H] x 2
  Value h, c;                             // [B, H]; c for LSTM only
};

/// Runs `cell` over `inputs` ([T, B, in]) forward or backward and returns
/// the outputs [T, B, H] in time order; leaves the final state in `cell`.
Value runDirection(Chain &ch, llvm::StringRef mode, Cell &cell, Value inputs, bool reverse,
                   int64_t hidden) {
  auto shape = typeOf(inputs).getShape();
  int64_t steps = shape[0], batch = shape[1], width = shape[2];
  int64_t gates = typeOf(cell.wInput).getDimSize(0);
  // The input's part of every step's gates at once: [T * B, G * H].
  Value projected = ch.reshape(
      ch.op<gn::LinearOp>({ch.reshape(inputs, {steps * batch, width}), cell.wInput, cell.bInput}),
      {steps, batch, gates});
  auto gate = [&](Value g, int64_t k) { return ch.slice(g, 1, k * hidden, (k + 1) * hidden); };
  std::vector<Value> outputs(steps);
  for (int64_t n = 0; n < steps && ch.ok(); ++n) {
    int64_t t = reverse ? steps - 1 - n : n;
    Value fromInput = ch.reshape(ch.slice(projected, 0, t, t + 1), {batch, gates});
    Value fromHidden = ch.op<gn::LinearOp>({cell.h, cell.wHidden, cell.bHidden});
    if (mode == "LSTM") { // gates i, f, c~, o
      Value g = ch.op<gn::AddOp>({fromInput, fromHidden});
      Value i = ch.op<gn::SigmoidOp>({gate(g, 0)}), f = ch.op<gn::SigmoidOp>({gate(g, 1)});
      Value candidate = ch.op<gn::TanhOp>({gate(g, 2)}), o = ch.op<gn::SigmoidOp>({gate(g, 3)});
      cell.c = ch.op<gn::AddOp>({ch.op<gn::MulOp>({f, cell.c}), ch.op<gn::MulOp>({i, candidate})});
      cell.h = ch.op<gn::MulOp>({o, ch.op<gn::TanhOp>({cell.c})});
    } else if (mode == "GRU") { // gates r, z, n; n reads r * (its hidden part)
      Value r = ch.op<gn::SigmoidOp>(
          {ch.op<gn::AddOp>({gate(fromInput, 0), gate(fromHidden, 0)})});
      Value z = ch.op<gn::SigmoidOp>(
          {ch.op<gn::AddOp>({gate(fromInput, 1), gate(fromHidden, 1)})});
      Value candidate = ch.op<gn::TanhOp>(
          {ch.op<gn::AddOp>({gate(fromInput, 2), ch.op<gn::MulOp>({r, gate(fromHidden, 2)})})});
      Type e = typeOf(inputs).getElementType();
      Value keepNew = ch.op<gn::SubOp>({ch.ctx.splat(e, 1), z});
      cell.h = ch.op<gn::AddOp>(
          {ch.op<gn::MulOp>({keepNew, candidate}), ch.op<gn::MulOp>({z, cell.h})});
    } else {
      Value g = ch.op<gn::AddOp>({fromInput, fromHidden});
      cell.h = mode == "RNN_TANH" ? ch.op<gn::TanhOp>({g}) : ch.op<gn::ReluOp>({g});
    }
    outputs[t] = ch.reshape(cell.h, {1, batch, hidden});
  }
  if (!ch.ok())
    return {};
  return steps == 1 ? outputs[0] : ch.op<gn::ConcatOp>(outputs, {ch.ctx.i64("dim", 0)});
}

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
  auto states = tensorList(a, "pre_state"), weights = tensorList(a, "weight_list");
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
  int64_t gates = llvm::StringSwitch<int64_t>(*mode)
                      .Case("LSTM", 4)
                      .Case("GRU", 3)
                      .Case("RNN_TANH", 1)
                      .Case("RNN_RELU", 1)
                      .Default(0);
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
  Chain ch{ctx};
  Value layerInput = *x;
  std::vector<Value> finalH, finalC;
  for (int64_t l = 0; l < *layers && ch.ok(); ++l) {
    int64_t width = typeOf(layerInput).getDimSize(2);
    std::vector<Value> outs;
    for (int64_t d = 0; d < dirs && ch.ok(); ++d) {
      int64_t k = l * dirs + d;
      Cell cell{(*weights)[2 * k], (*weights)[2 * k + 1], (*weights)[2 * cells + 2 * k],
                (*weights)[2 * cells + 2 * k + 1], {}, {}};
      if (typeOf(cell.wInput).getShape() != llvm::ArrayRef<int64_t>{gates * h, width} ||
          typeOf(cell.wHidden).getShape() != llvm::ArrayRef<int64_t>{gates * h, h} ||
          typeOf(cell.bInput).getShape() != llvm::ArrayRef<int64_t>{gates * h} ||
          typeOf(cell.bHidden).getShape() != llvm::ArrayRef<int64_t>{gates * h})
        return a.error("weights of layer " + llvm::Twine(l) + " direction " + llvm::Twine(d) +
                       " do not have " + *mode + "'s shapes");
      cell.h = ch.reshape(ch.slice((*states)[0], 0, k, k + 1), {batch, h});
      if (stateCount == 2)
        cell.c = ch.reshape(ch.slice((*states)[1], 0, k, k + 1), {batch, h});
      if (!ch.ok())
        return failure();
      outs.push_back(runDirection(ch, *mode, cell, layerInput, d == 1, h));
      finalH.push_back(ch.reshape(cell.h, {1, batch, h}));
      if (stateCount == 2)
        finalC.push_back(ch.reshape(cell.c, {1, batch, h}));
    }
    layerInput = dirs == 1 ? outs[0] : ch.op<gn::ConcatOp>(outs, {ctx.i64("dim", 2)});
    if (!*isTest && *dropoutP > 0 && l + 1 < *layers)
      layerInput = dropBetweenLayers(ch, layerInput, *dropoutP);
  }
  auto stack = [&](std::vector<Value> &v) {
    return v.size() == 1 ? v[0] : ch.op<gn::ConcatOp>(v, {ctx.i64("dim", 0)});
  };
  std::vector<PyValue> last{PyValue::of(stack(finalH))};
  if (stateCount == 2)
    last.push_back(PyValue::of(stack(finalC)));
  if (!ch.ok())
    return failure();
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

//===- Recurrent.cpp - stacked LSTM, GRU and simple RNN, unrolled ---------===//
//
// Each step's gates are gn.linear of the hidden state plus the input's
// projection (one gn.linear over all steps), then the cell's elementwise
// update. Checked against PaddlePaddle's and PyTorch's kernels for all four
// modes, one or two directions, several layers (docs/paddle-semantics.md,
// the rnn and torch_lstm goldens).
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/Recurrent.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// One direction of one layer: its weights and state.
struct Cell {
  Value wInput, wHidden, bInput, bHidden; // [G*H, in], [G*H, H or P], [G*H] x 2
  Value wProjection;                      // [P, H] (LSTM with proj_size), or null
  Value h, c;                             // [B, H or P], [B, H]; c for LSTM only
};

/// Runs `cell` over `inputs` ([T, B, in]) forward or backward and returns
/// the outputs [T, B, H] (P with a projection) in time order; leaves the
/// final state in `cell`.
Value runDirection(Chain &ch, llvm::StringRef mode, Cell &cell, Value inputs, bool reverse,
                   int64_t hidden) {
  int64_t state = cell.wProjection ? typeOf(cell.wProjection).getDimSize(0) : hidden;
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
      if (cell.wProjection)
        cell.h = ch.op<gn::LinearOp>({cell.h, cell.wProjection});
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
    outputs[t] = ch.reshape(cell.h, {1, batch, state});
  }
  if (!ch.ok())
    return {};
  return steps == 1 ? outputs[0] : ch.op<gn::ConcatOp>(outputs, {ch.ctx.i64("dim", 0)});
}

} // namespace

int64_t mlir::gn::import::recurrentGates(llvm::StringRef mode) {
  return mode == "LSTM" ? 4 : mode == "GRU" ? 3 : (mode == "RNN_TANH" || mode == "RNN_RELU") ? 1 : 0;
}

FailureOr<RecurrentResult>
mlir::gn::import::unrollRecurrent(ImportContext &ctx, const RecurrentLayers &spec, Value x,
                                  Value h0, Value c0, llvm::ArrayRef<RecurrentWeights> weights,
                                  llvm::function_ref<LogicalResult(const llvm::Twine &)> error) {
  int64_t gates = recurrentGates(spec.mode), h = spec.hidden, dirs = spec.directions;
  int64_t cells = spec.layers * dirs, batch = typeOf(x).getDimSize(1);
  bool lstm = spec.mode == "LSTM";
  // The state h's width: proj_size with a projection.
  int64_t hs = spec.projection ? spec.projection : h;
  if (!gates)
    return error("unsupported mode '" + spec.mode + "' (LSTM, GRU, RNN_TANH, RNN_RELU)");
  if (spec.projection && (!lstm || spec.projection < 1 || spec.projection >= h))
    return error("a projection (proj_size " + llvm::Twine(spec.projection) +
                 ") is an LSTM's, smaller than its hidden_size " + llvm::Twine(h));
  if ((int64_t)weights.size() != cells)
    return error("expects weights for " + llvm::Twine(cells) + " (layer, direction) pairs, got " +
                 llvm::Twine(weights.size()));
  if (h0 && typeOf(h0).getShape() != llvm::ArrayRef<int64_t>{cells, batch, hs})
    return error("expects h0 [num_layers * directions, B, " +
                 llvm::Twine(spec.projection ? "proj_size" : "hidden_size") + "] = [" +
                 llvm::Twine(cells) + ", " + llvm::Twine(batch) + ", " + llvm::Twine(hs) + "]");
  if (c0 && typeOf(c0).getShape() != llvm::ArrayRef<int64_t>{cells, batch, h})
    return error("expects c0 [num_layers * directions, B, hidden_size] = [" +
                 llvm::Twine(cells) + ", " + llvm::Twine(batch) + ", " + llvm::Twine(h) + "]");
  if (!h0 || (lstm && !c0))
    return error(lstm ? "LSTM takes two initial states (h0, c0)" : "expects an initial state h0");
  Chain ch{ctx};
  Value layerInput = x;
  std::vector<Value> finalH, finalC;
  for (int64_t l = 0; l < spec.layers && ch.ok(); ++l) {
    int64_t width = typeOf(layerInput).getDimSize(2);
    std::vector<Value> outs;
    for (int64_t d = 0; d < dirs && ch.ok(); ++d) {
      int64_t k = l * dirs + d;
      const RecurrentWeights &w = weights[k];
      Cell cell{w.wInput, w.wHidden, w.bInput, w.bHidden, w.wProjection, {}, {}};
      if (typeOf(cell.wInput).getShape() != llvm::ArrayRef<int64_t>{gates * h, width} ||
          typeOf(cell.wHidden).getShape() != llvm::ArrayRef<int64_t>{gates * h, hs} ||
          typeOf(cell.bInput).getShape() != llvm::ArrayRef<int64_t>{gates * h} ||
          typeOf(cell.bHidden).getShape() != llvm::ArrayRef<int64_t>{gates * h} ||
          bool(cell.wProjection) != bool(spec.projection) ||
          (cell.wProjection &&
           typeOf(cell.wProjection).getShape() != llvm::ArrayRef<int64_t>{hs, h}))
        return error("weights of layer " + llvm::Twine(l) + " direction " + llvm::Twine(d) +
                     " do not have " + spec.mode + "'s shapes");
      cell.h = ch.reshape(ch.slice(h0, 0, k, k + 1), {batch, hs});
      if (lstm)
        cell.c = ch.reshape(ch.slice(c0, 0, k, k + 1), {batch, h});
      if (!ch.ok())
        return failure();
      outs.push_back(runDirection(ch, spec.mode, cell, layerInput, d == 1, h));
      finalH.push_back(ch.reshape(cell.h, {1, batch, hs}));
      if (lstm)
        finalC.push_back(ch.reshape(cell.c, {1, batch, h}));
    }
    layerInput = dirs == 1 ? outs[0] : ch.op<gn::ConcatOp>(outs, {ctx.i64("dim", 2)});
    if (spec.betweenLayers && l + 1 < spec.layers)
      layerInput = spec.betweenLayers(ch, layerInput);
  }
  auto stack = [&](std::vector<Value> &v) {
    return v.size() == 1 ? v[0] : ch.op<gn::ConcatOp>(v, {ctx.i64("dim", 0)});
  };
  RecurrentResult r{layerInput, stack(finalH), lstm ? stack(finalC) : Value()};
  if (!ch.ok())
    return failure();
  return r;
}

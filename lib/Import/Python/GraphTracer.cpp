//===- GraphTracer.cpp - recording the graph, rewriting literal sizes ----===//
#include "GraphTracer.h"
#include "gn/IR/SymbolicDims.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::import;

static TraceLoc traceLoc(py::SrcLoc l) { return {l.line, l.col}; }

void GraphTracer::parameter(int position, const PyValue &v) {
  if (active())
    record({0, static_cast<unsigned>(position)}, v, "", {});
}

std::string GraphTracer::tracedOp(const PyValue &callee) {
  if (callee.kind == PyValue::Method && callee.self && callee.self->isTensor() &&
      (callee.s == "view" || callee.s == "reshape" || callee.s == "expand"))
    return callee.s;
  if (callee.kind == PyValue::Module &&
      (callee.s == "torch.arange" || callee.s == "torch.full" || callee.s == "torch.zeros" ||
       callee.s == "torch.triu"))
    return callee.s;
  return "";
}

/// The value of a constant expression of int literals (what Python folds
/// before FX sees it), if `e` is one.
static std::optional<int64_t> constantInt(const py::Expr &e) {
  if (e.kind == py::ExprKind::Int)
    return e.intVal;
  if (e.kind == py::ExprKind::UnaryOp && e.children.size() == 1 && (e.str == "-" || e.str == "+"))
    if (auto v = constantInt(*e.children[0]))
      return e.str == "-" ? -*v : *v;
  if (e.kind == py::ExprKind::BinOp && e.children.size() == 2) {
    auto a = constantInt(*e.children[0]), b = constantInt(*e.children[1]);
    if (a && b && std::abs(*a) < (1 << 30) && std::abs(*b) < (1 << 30)) {
      if (e.str == "+") return *a + *b;
      if (e.str == "-") return *a - *b;
      if (e.str == "*") return *a * *b;
    }
  }
  return std::nullopt;
}

TraceArg GraphTracer::nodeArg(const PyValue &v) {
  TraceArg a;
  if (v.isTensor()) {
    a.kind = TraceArg::Node;
    if (!nodeOf.count(v.tensor))
      record({0, 0}, v, "", {});
    a.node = nodeOf.lookup(v.tensor);
  }
  return a;
}

void GraphTracer::inPlace(py::SrcLoc loc, const PyValue &result, const PyValue &rebound) {
  if (!active() || !result.isTensor())
    return;
  record({loc.line, loc.col}, result, "", {});
  if (rebound.isTensor())
    nodeOf[rebound.tensor] = nodeOf.lookup(result.tensor);
}

TraceArg GraphTracer::arg(const py::Expr &e, const PyValue *v) {
  TraceArg a;
  if (auto c = constantInt(e)) {
    a.kind = TraceArg::Int;
    a.value = *c;
  } else if (e.kind == py::ExprKind::None) {
    a.kind = TraceArg::None;
  } else if (e.kind == py::ExprKind::Tuple || e.kind == py::ExprKind::List) {
    a.kind = TraceArg::Tuple;
    bool parallel = v && v->isSequence() && v->elts.size() == e.children.size();
    for (size_t i = 0; i < e.children.size(); ++i)
      a.elts.push_back(arg(*e.children[i], parallel ? &v->elts[i] : nullptr));
  } else if (e.kind == py::ExprKind::Slice) {
    a.kind = TraceArg::Slice;
    for (auto &c : e.children) {
      TraceArg part;
      part.kind = TraceArg::None;
      a.elts.push_back(c ? arg(*c, nullptr) : part);
    }
    a.elts.resize(3);
  } else if (e.kind == py::ExprKind::Call && e.children[0]->kind == py::ExprKind::Name &&
             e.children[0]->str == "slice" && e.keywords.empty() && !e.args.empty() &&
             e.args.size() <= 3) {
    // slice(stop), slice(start, stop[, step]): what FX's codegen writes.
    a.kind = TraceArg::Slice;
    TraceArg none;
    none.kind = TraceArg::None;
    a.elts.assign(3, none);
    if (e.args.size() == 1)
      a.elts[1] = arg(*e.args[0], nullptr);
    else
      for (size_t i = 0; i < e.args.size(); ++i)
        a.elts[i] = arg(*e.args[i], nullptr);
  } else if (v) {
    a = nodeArg(*v);
  }
  return a;
}

LogicalResult GraphTracer::rewrite(py::SrcLoc loc, std::vector<PyValue> &args, int offset) {
  if (!ctx.sizeRewrites)
    return success();
  int index = static_cast<int>(ctx.trace->nodes.size());
  for (const SizeRewrite &rw : *ctx.sizeRewrites) {
    if (rw.node != index)
      continue;
    auto differs = [&] {
      ctx.loc = ctx.locOf(loc);
      return ctx.error("the graph at this shape variant differs from the one at the sample's "
                       "example shapes; GraphNet's size rewrites cannot be placed");
    };
    if (!(rw.loc == traceLoc(loc)) || rw.from >= index ||
        !(ctx.trace->nodes[rw.from].loc == rw.fromLoc) ||
        rw.axis >= static_cast<int>(ctx.trace->nodes[rw.from].shape.size()))
      return differs();
    int64_t size = ctx.trace->nodes[rw.from].shape[rw.axis] + rw.add;
    int i = rw.path.arg - offset;
    if (i < 0 || i >= static_cast<int>(args.size()))
      return differs();
    PyValue *slot = &args[i];
    if (rw.path.elt >= 0) {
      if (rw.path.elt >= static_cast<int>(slot->elts.size()))
        return differs();
      slot = &slot->elts[rw.path.elt];
      if (rw.path.part >= 0) {
        if (slot->kind != PyValue::Slice || rw.path.part >= 3)
          return differs();
        slot = &slot->elts[rw.path.part];
      }
    }
    // A symbolic import: the size for every binding, as FX's size() call.
    SymExpr expr = SymExpr::constant(size);
    if (ctx.symbolic) {
      auto type = llvm::cast<RankedTensorType>(values[rw.from].getType());
      std::optional<SymExpr> e = SymExpr::add(dimExprs(type)[rw.axis], SymExpr::constant(rw.add));
      if (!e)
        return differs();
      expr = *e;
    }
    if (rw.negate) {
      std::optional<SymExpr> e = SymExpr::sub(SymExpr::constant(0), expr);
      if (!e)
        return differs();
      expr = *e;
    }
    *slot = PyValue::size(rw.negate ? -size : size, expr);
  }
  return success();
}

void GraphTracer::node(const py::Expr &e, const PyValue &result, std::string op,
                       std::vector<TraceArg> args) {
  if (!active() || last == &e)
    return; // a traced op recorded itself
  last = &e;
  record({e.loc.line, e.loc.col}, result, std::move(op), std::move(args));
}

void GraphTracer::record(TraceLoc loc, const PyValue &result, std::string op,
                         std::vector<TraceArg> args) {
  if (!result.isTensor())
    return;
  auto &nodes = ctx.trace->nodes;
  TraceNode n;
  n.loc = loc;
  auto shape = result.type().getShape();
  n.shape.assign(shape.begin(), shape.end());
  n.op = std::move(op);
  n.args = std::move(args);
  nodeOf[result.tensor] = static_cast<int>(nodes.size());
  values.push_back(result.tensor);
  nodes.push_back(std::move(n));
}

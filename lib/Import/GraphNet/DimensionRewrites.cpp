//===- DimensionRewrites.cpp - GraphNet's dim_gen_passes over a GraphTrace -===//
//
// Each pass below follows its GraphNet namesake's need_rewrite and rewrite:
// which nodes it reads, which literals it replaces, and by the size of which
// node's axis. A replaced literal stops being an int for the passes after
// it (in FX it becomes a size() node). "last" is GraphNet's last_node_axis:
// the latest node not rewritten by the pass with an axis > 0 of the
// symbol's example size.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/GraphNet/DimensionRewrites.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>

using namespace mlir::gn;
using namespace mlir::gn::import;

namespace {
struct Pass;
using NeedFn = std::function<bool(const Pass &, const TraceNode &)>;

struct Rewriter {
  std::vector<TraceNode> nodes;
  std::vector<SizeRewrite> &out;
  std::string &error;

  bool isInt(const TraceArg &a, int64_t v) const { return a.kind == TraceArg::Int && a.value == v; }
  const std::vector<int64_t> *shapeOf(const TraceArg &a) const {
    return a.kind == TraceArg::Node && a.node >= 0 ? &nodes[a.node].shape : nullptr;
  }
  /// Replaces the literal at `path` of node `i` by node `from`'s axis.
  void replace(int i, ArgPath path, int from, int axis, int64_t add = 0, bool negate = false) {
    TraceArg *a = &nodes[i].args[path.arg];
    if (path.elt >= 0)
      a = &a->elts[path.elt];
    if (path.part >= 0)
      a = &a->elts[path.part];
    a->kind = TraceArg::Other;
    out.push_back({i, nodes[i].loc, path, from, nodes[from].loc, axis, add, negate});
  }
  bool fail(int i, const std::string &pass, const std::string &why) {
    error = "GraphNet's " + pass + " " + why + " (model.py:" +
            std::to_string(nodes[i].loc.line) + ":" + std::to_string(nodes[i].loc.col) + ")";
    return false;
  }
};

/// The naive passes' match of literal `target` at position `i` against the
/// input's shape: axis 0 for position 0, else the first axis > 0 of that
/// size (> 1).
int matchAxis(size_t i, int64_t target, const std::vector<int64_t> &shape) {
  for (size_t axis = 0; axis < shape.size(); ++axis) {
    if (target != shape[axis])
      continue;
    if (i == 0 && axis == 0)
      return 0;
    if (i > 0 && axis > 0 && shape[axis] > 1)
      return static_cast<int>(axis);
  }
  return -1;
}

/// First axis > 0 of `shape` of size `dim`.
int axisOfSize(const std::vector<int64_t> &shape, int64_t dim) {
  for (size_t axis = 1; axis < shape.size(); ++axis)
    if (shape[axis] == dim)
      return static_cast<int>(axis);
  return -1;
}

bool anyIntArg(const Rewriter &r, const TraceNode &n, int64_t v, size_t from = 1) {
  for (size_t k = from; k < n.args.size(); ++k)
    if (r.isInt(n.args[k], v))
      return true;
  return false;
}

/// The naive view/reshape rewrite: every literal >= 1 matched to an input axis.
bool naiveRewrite(Rewriter &r, const std::string &pass, const std::string &op) {
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    if (n.op != op)
      continue;
    const auto *shape = r.shapeOf(n.args[0]);
    if (!shape)
      return r.fail(i, pass, "needs the shape of this " + op + "'s input, which gn did not trace");
    for (size_t k = 1; k < n.args.size(); ++k) {
      const TraceArg &a = n.args[k];
      if (a.kind != TraceArg::Int || a.value < 1)
        continue;
      int axis = matchAxis(k - 1, a.value, *shape);
      if (axis >= 0)
        r.replace(i, {static_cast<int>(k)}, n.args[0].node, axis);
    }
  }
  return true;
}

/// The non-batch passes' walk: nodes that `need` rewrites given `last`,
/// others update `last`.
template <typename Fn>
void lastAxisWalk(Rewriter &r, int64_t dim, const std::function<bool(const TraceNode &)> &need,
                  Fn rewriteNode) {
  int lastNode = -1, lastAxis = -1;
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    if (need(r.nodes[i]) && lastNode >= 0) {
      rewriteNode(static_cast<int>(i), lastNode, lastAxis);
      continue;
    }
    int axis = axisOfSize(r.nodes[i].shape, dim);
    if (axis >= 0) {
      lastNode = static_cast<int>(i);
      lastAxis = axis;
    }
  }
}

bool isTuple(const TraceArg &a) { return a.kind == TraceArg::Tuple; }
bool noneOr(const TraceArg &a, int64_t v) {
  return a.kind == TraceArg::None || (a.kind == TraceArg::Int && a.value == v);
}
bool headSlice(const TraceArg &s, int64_t dim) {
  return s.kind == TraceArg::Slice && s.elts[1].kind == TraceArg::Int && s.elts[1].value == dim &&
         noneOr(s.elts[0], 0) && noneOr(s.elts[2], 1);
}
bool tailSlice(const TraceArg &s, int64_t dim) {
  return s.kind == TraceArg::Slice && s.elts[0].kind == TraceArg::Int &&
         s.elts[0].value == -dim && s.elts[1].kind == TraceArg::None && noneOr(s.elts[2], 1);
}
bool refersTo(const TraceArg &a, int node) {
  if (a.kind == TraceArg::Node)
    return a.node == node;
  return llvm::any_of(a.elts, [&](const TraceArg &e) { return refersTo(e, node); });
}

/// Whether any traced node satisfies `f`.
bool anyNode(const Rewriter &r, const std::function<bool(const TraceNode &)> &f) {
  return llvm::any_of(r.nodes, f);
}

/// naive_call_method_view_pass: the naive rewrite, where a view passes an int dim.
bool naiveViewPass(Rewriter &r, const std::string &pass, int64_t dim) {
  if (!anyNode(r, [&](const TraceNode &n) { return n.op == "view" && anyIntArg(r, n, dim); }))
    return true;
  return naiveRewrite(r, pass, "view");
}

/// naive_call_method_reshape_pass: the naive rewrite, wherever there is a reshape.
bool naiveReshapePass(Rewriter &r, const std::string &pass) {
  if (!anyNode(r, [](const TraceNode &n) { return n.op == "reshape"; }))
    return true;
  return naiveRewrite(r, pass, "reshape");
}

/// naive_call_method_expand_pass: literals equal to the input's size at their own axis.
bool naiveExpandPass(Rewriter &r) {
  if (!anyNode(r, [](const TraceNode &n) { return n.op == "expand"; }))
    return true;
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    const auto *shape = n.op == "expand" ? r.shapeOf(n.args[0]) : nullptr;
    if (!shape || n.args.size() - 1 != shape->size())
      continue;
    for (size_t k = 1; k < n.args.size(); ++k) {
      const TraceArg &a = n.args[k];
      size_t axis = k - 1;
      if (a.kind == TraceArg::Int && a.value >= 1 && a.value == (*shape)[axis] &&
          (axis == 0 || (*shape)[axis] > 1))
        r.replace(i, {static_cast<int>(k)}, n.args[0].node, axis);
    }
  }
  return true;
}

/// batch_call_method_expand_pass: an expand of an input whose axis 0 is 1,
/// with a size per axis, the first an int >= 1 (whatever its value): that
/// size becomes the batch, the first placeholder's axis 0.
bool batchExpandPass(Rewriter &r) {
  if (r.nodes.empty() || r.nodes[0].loc.line != 0)
    return true; // no tensor placeholder: GraphNet's size(0) would have no input
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    const auto *shape = n.op == "expand" ? r.shapeOf(n.args[0]) : nullptr;
    if (!shape || shape->empty() || n.args.size() - 1 != shape->size() || (*shape)[0] != 1)
      continue;
    if (n.args[1].kind == TraceArg::Int && n.args[1].value >= 1)
      r.replace(i, {1}, 0, 0);
  }
  return true;
}

/// batch_call_method_zeros_pass: torch.zeros with its sizes as one tuple or
/// list holding the symbol's example size: a first size equal to it becomes
/// the batch, the first placeholder's axis 0.
bool batchZerosPass(Rewriter &r, int64_t dim) {
  if (r.nodes.empty() || r.nodes[0].loc.line != 0)
    return true;
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    if (n.op != "torch.zeros" || n.args.empty() || !isTuple(n.args[0]) ||
        llvm::none_of(n.args[0].elts, [&](const TraceArg &e) { return r.isInt(e, dim); }))
      continue;
    if (!n.args[0].elts.empty() && r.isInt(n.args[0].elts[0], dim))
      r.replace(i, {0, 0}, 0, 0);
  }
  return true;
}

/// batch_call_method_reshape_pass: a reshape whose first size is 1 takes the
/// batch (the first placeholder's axis 0) there. GraphNet handles the sizes
/// as one tuple only: with separate sizes (`reshape(1, 659, 768)`) its
/// rewrite fails, and so does gn, saying so.
bool batchReshapePass(Rewriter &r, const std::string &pass) {
  if (r.nodes.empty() || r.nodes[0].loc.line != 0)
    return true;
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    if (n.op != "reshape" || n.args.size() < 2)
      continue;
    if (r.isInt(n.args[1], 1))
      return r.fail(i, pass, "fails on a reshape whose sizes are separate arguments");
    if (isTuple(n.args[1]) && !n.args[1].elts.empty() && r.isInt(n.args[1].elts[0], 1))
      r.replace(i, {1, 0}, 0, 0);
  }
  return true;
}

/// batch_call_method_view_pass: a view's first size, when it is the input's axis 0.
bool batchViewPass(Rewriter &r, const std::string &pass, int64_t dim) {
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    if (n.op != "view" || n.args.size() < 2 || !r.isInt(n.args[1], dim))
      continue;
    const auto *shape = r.shapeOf(n.args[0]);
    if (!shape)
      return r.fail(i, pass, "needs the shape of this view's input, which gn did not trace");
    if (n.args[1].value >= 1 && !shape->empty() && n.args[1].value == (*shape)[0])
      r.replace(i, {1}, n.args[0].node, 0);
  }
  return true;
}

/// tuple_arg_call_method_view_pass: the naive match inside a view's shape tuple.
bool tupleArgViewPass(Rewriter &r, const std::string &pass, int64_t dim) {
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    if (n.op != "view" || n.args.size() != 2 || !isTuple(n.args[1]) ||
        llvm::none_of(n.args[1].elts, [&](const TraceArg &e) { return r.isInt(e, dim); }))
      continue;
    const auto *shape = r.shapeOf(n.args[0]);
    if (!shape)
      return r.fail(i, pass, "needs the shape of this view's input, which gn did not trace");
    for (size_t j = 0; j < n.args[1].elts.size(); ++j) {
      const TraceArg &e = n.args[1].elts[j];
      if (e.kind != TraceArg::Int || e.value < 1)
        continue;
      int axis = matchAxis(j, e.value, *shape);
      if (axis >= 0)
        r.replace(i, {1, static_cast<int>(j)}, n.args[0].node, axis);
    }
  }
  return true;
}

/// non_batch_call_method_view_pass: a view's dim literals by its input's axis, else last.
bool nonBatchViewPass(Rewriter &r, int64_t dim) {
  auto need = [&](const TraceNode &n) {
    if (n.op != "view" || n.args.size() < 2 || !anyIntArg(r, n, dim))
      return false;
    return !anyIntArg(r, n, -1) || n.args.size() == 3;
  };
  // The input's own axis first, else last.
  int lastNode = -1, lastAxis = -1;
  for (size_t i = 0; i < r.nodes.size(); ++i) {
    TraceNode &n = r.nodes[i];
    int target = -1, axis = -1;
    if (need(n)) {
      const auto *shape = r.shapeOf(n.args[0]);
      if (shape && (axis = axisOfSize(*shape, dim)) >= 0)
        target = n.args[0].node;
      else
        target = lastNode, axis = lastAxis;
    }
    if (target < 0) {
      int a = axisOfSize(n.shape, dim);
      if (a >= 0)
        lastNode = static_cast<int>(i), lastAxis = a;
      continue;
    }
    for (size_t k = 0; k < n.args.size(); ++k)
      if (r.isInt(n.args[k], dim))
        r.replace(i, {static_cast<int>(k)}, target, axis);
  }
  return true;
}

/// non_batch_call_method_expand_pass: an expand's dim literals by last.
bool nonBatchExpandPass(Rewriter &r, int64_t dim) {
  auto &nodes = r.nodes;
  lastAxisWalk(
      r, dim,
      [&](const TraceNode &n) {
        return n.op == "expand" && n.args.size() >= 2 && anyIntArg(r, n, dim);
      },
      [&](int i, int from, int axis) {
        for (size_t k = 0; k < nodes[i].args.size(); ++k)
          if (r.isInt(nodes[i].args[k], dim))
            r.replace(i, {static_cast<int>(k)}, from, axis);
      });
  return true;
}

/// non_batch_call_function_arange_pass: arange(dim) and arange(0, dim) by last.
bool arangePass(Rewriter &r, int64_t dim) {
  auto need = [&](const TraceNode &n) {
    if (n.op != "torch.arange")
      return false;
    if (n.args.size() == 1)
      return r.isInt(n.args[0], dim);
    return n.args.size() == 2 && r.isInt(n.args[0], 0) && r.isInt(n.args[1], dim);
  };
  lastAxisWalk(r, dim, need, [&](int i, int from, int axis) {
    r.replace(i, {r.nodes[i].args.size() == 2 ? 1 : 0}, from, axis);
  });
  return true;
}

/// non_batch_call_function_arange_plus_one_pass: arange(dim + 1) by last, if a triu needs it.
bool arangePlusOnePass(Rewriter &r, int64_t dim) {
  bool pivot = anyNode(r, [&](const TraceNode &n) {
    const auto *shape = n.op == "torch.triu" && n.args.size() == 1 ? r.shapeOf(n.args[0]) : nullptr;
    return shape && llvm::is_contained(*shape, dim + 1);
  });
  if (!pivot)
    return true;
  auto need = [&](const TraceNode &n) {
    return n.op == "torch.arange" && n.args.size() == 1 && r.isInt(n.args[0], dim + 1);
  };
  lastAxisWalk(r, dim, need, [&](int i, int from, int axis) { r.replace(i, {0}, from, axis, 1); });
  return true;
}

/// The full/zeros passes: dim + delta in `op`'s shape tuple by last (triuUser: if triu reads it).
bool filledPass(Rewriter &r, int64_t dim, const char *op, int64_t delta, bool triuUser) {
  auto &nodes = r.nodes;
  auto need = [&, op, delta, triuUser](const TraceNode &n) {
    if (n.op != op || n.args.size() != 1 || !isTuple(n.args[0]) ||
        llvm::none_of(n.args[0].elts, [&](const TraceArg &e) { return r.isInt(e, dim + delta); }))
      return false;
    if (!triuUser)
      return true;
    int self = static_cast<int>(&n - nodes.data());
    return llvm::any_of(nodes, [&](const TraceNode &u) {
      return u.op == "torch.triu" &&
             llvm::any_of(u.args, [&](const TraceArg &a) { return refersTo(a, self); });
    });
  };
  lastAxisWalk(r, dim, need, [&](int i, int from, int axis) {
    for (size_t j = 0; j < nodes[i].args[0].elts.size(); ++j)
      if (r.isInt(nodes[i].args[0].elts[j], dim + delta))
        r.replace(i, {0, static_cast<int>(j)}, from, axis, delta);
  });
  return true;
}

/// non_batch_call_function_getitem_slice_pass: [:dim] and [-dim:] slice bounds by last.
bool getitemSlicePass(Rewriter &r, int64_t dim) {
  auto need = [&](const TraceNode &n) {
    return n.op == "getitem" && n.args.size() == 2 && isTuple(n.args[1]) &&
           llvm::any_of(n.args[1].elts,
                        [&](const TraceArg &s) { return headSlice(s, dim) || tailSlice(s, dim); });
  };
  lastAxisWalk(r, dim, need, [&](int i, int from, int axis) {
    auto &elts = r.nodes[i].args[1].elts;
    for (size_t j = 0; j < elts.size(); ++j) {
      if (headSlice(elts[j], dim))
        r.replace(i, {1, static_cast<int>(j), 1}, from, axis);
      else if (tailSlice(elts[j], dim))
        r.replace(i, {1, static_cast<int>(j), 0}, from, axis, 0, /*negate=*/true);
    }
  });
  return true;
}

/// Fails at the first node where an unimplemented pass `could` rewrite.
bool refuseWhere(Rewriter &r, const std::string &pass,
                 const std::function<bool(const TraceNode &)> &could) {
  for (size_t i = 0; i < r.nodes.size(); ++i)
    if (could(r.nodes[i]))
      return r.fail(i, pass, "would rewrite this graph; gn does not implement that pass yet");
  return true;
}

/// The passes gn does not implement, refused; any other pass name is unknown.
bool refuseUnimplementedPass(Rewriter &r, const std::string &pass, bool batch) {
  // GraphNet passes gn does not implement: refused where they could
  // rewrite (a superset of where they do).
  if (pass == "batch_dim_restore_view_pass")
    return !batch || refuseWhere(r, pass, [&](const TraceNode &n) {
      return n.op == "view" && n.args.size() == 4 && n.args[1].kind == TraceArg::Int &&
             r.isInt(n.args[2], -1);
    });
  r.error = "GraphNet's dimension generalization pass '" + pass + "' is unknown to gn";
  return false;
}

/// One pass for one (dim, batch) pair; false on error.
bool runPass(Rewriter &r, const std::string &pass, int64_t dim, bool batch) {
  if (pass == "naive_call_method_view_pass")
    return !batch || naiveViewPass(r, pass, dim);
  if (pass == "naive_call_method_reshape_pass")
    return !batch || naiveReshapePass(r, pass);
  if (pass == "naive_call_method_expand_pass")
    return !batch || naiveExpandPass(r);
  if (pass == "batch_call_method_view_pass")
    return !batch || batchViewPass(r, pass, dim);
  if (pass == "batch_call_method_expand_pass")
    return !batch || batchExpandPass(r);
  if (pass == "batch_call_method_zeros_pass")
    return !batch || batchZerosPass(r, dim);
  if (pass == "batch_call_method_reshape_pass")
    return !batch || batchReshapePass(r, pass);
  if (pass == "tuple_arg_call_method_view_pass")
    return !batch || tupleArgViewPass(r, pass, dim);
  if (pass == "non_batch_call_method_view_pass")
    return batch || dim <= 1 || nonBatchViewPass(r, dim);
  if (pass == "non_batch_call_method_expand_pass")
    return batch || dim <= 1 || nonBatchExpandPass(r, dim);
  if (pass == "non_batch_call_function_arange_pass")
    return batch || arangePass(r, dim);
  if (pass == "non_batch_call_function_arange_plus_one_pass")
    return batch || arangePlusOnePass(r, dim);
  if (pass == "non_batch_call_function_full_pass")
    return batch || filledPass(r, dim, "torch.full", 0, false);
  if (pass == "non_batch_call_function_full_plus_one_pass")
    return batch || filledPass(r, dim, "torch.full", 1, true);
  if (pass == "non_batch_call_function_zeros_pass")
    return batch || filledPass(r, dim, "torch.zeros", 0, false);
  if (pass == "non_batch_call_function_getitem_slice_pass")
    return batch || getitemSlicePass(r, dim);
  return refuseUnimplementedPass(r, pass, batch);
}
} // namespace

llvm::ArrayRef<const char *> mlir::gn::implementedDimensionPasses() {
  static const char *passes[] = {
      "naive_call_method_view_pass",          "naive_call_method_reshape_pass",
      "naive_call_method_expand_pass",        "batch_call_method_view_pass",
      "tuple_arg_call_method_view_pass",      "non_batch_call_method_view_pass",
      "non_batch_call_method_expand_pass",    "non_batch_call_function_arange_pass",
      "non_batch_call_function_arange_plus_one_pass", "non_batch_call_function_full_pass",
      "non_batch_call_function_full_plus_one_pass",   "non_batch_call_function_zeros_pass",
      "non_batch_call_function_getitem_slice_pass", "batch_call_method_expand_pass",
      "batch_call_method_zeros_pass",         "batch_call_method_reshape_pass"};
  return passes;
}

bool mlir::gn::generalizeDimensions(const GraphTrace &trace, const ShapeConstraints &constraints,
                                    llvm::ArrayRef<std::string> passes,
                                    std::vector<SizeRewrite> &rewrites, std::string &error) {
  // GraphNet's dim_axes_pairs: each symbol's example size, and whether it
  // is the size of some symbolic input's axis 0.
  std::vector<std::pair<int64_t, bool>> pairs;
  for (const std::string &s : constraints.symbols) {
    bool batch = false;
    for (const auto &[shape, name] : constraints.inputShapes)
      batch |= !shape.empty() && shape[0].symbol == s;
    pairs.emplace_back(constraints.exampleValue(s), batch);
  }
  Rewriter r{trace.nodes, rewrites, error};
  for (const std::string &pass : passes)
    for (auto [dim, batch] : pairs)
      if (!runPass(r, pass, dim, batch))
        return false;
  return true;
}

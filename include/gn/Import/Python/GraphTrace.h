//===- GraphTrace.h - the graph an import evaluated, for size rewrites -*- C++ -*-===//
//
// GraphNet's shape channel rewrites literal sizes in a sample's FX graph
// (graph_net/torch/dim_gen_passes): `x.view(1, 21, 768)` becomes
// `x.view(x.size(0), x.size(1), 768)` where the literal equals a size of
// the sample's example shapes that a symbol sets. The evaluator can record
// the graph it evaluates as those passes see it (each tensor-valued
// expression a node, in order, with its shape; the traced ops with their
// arguments as written), and, importing again at other shapes, replace a
// recorded literal with the size of a recorded node at the current shapes.
// The passes themselves are GraphNet's semantics: GraphNet/DimensionRewrites.h.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_GRAPHTRACE_H
#define GN_IMPORT_PYTHON_GRAPHTRACE_H

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::gn::import {

/// A position in model.py (the parser's line and column).
struct TraceLoc {
  unsigned line = 0, col = 0;
  bool operator==(const TraceLoc &o) const { return line == o.line && col == o.col; }
};

/// An argument as an FX node holds it: a literal int (a constant
/// expression of int literals in the source), None, a tuple or list
/// literal, a slice, another node (a tensor), or anything else.
struct TraceArg {
  enum Kind { Int, None, Tuple, Slice, Node, Other } kind = Other;
  int64_t value = 0;          // Int
  int node = -1;              // Node: the index of the node that made the tensor
  std::vector<TraceArg> elts; // Tuple: elements; Slice: start, stop, step
};

/// A node: a tensor the forward computes (or takes), in evaluation order.
struct TraceNode {
  TraceLoc loc;             // the expression; a parameter: line 0, col = its position
  std::vector<int64_t> shape; // at the shapes of this import
  /// Traced ops only: "view", "reshape", "expand" (Tensor methods; args[0] is
  /// the receiver), "torch.arange", "torch.full", "torch.zeros", "torch.triu",
  /// "getitem" (a tensor subscript: args = {tensor, index}); empty otherwise.
  std::string op;
  std::vector<TraceArg> args;
};

/// Where a literal sits in a traced op's arguments: args[arg], its element
/// `elt` (a tuple's), and of that a slice's part (0 start, 1 stop).
struct ArgPath {
  int arg = 0, elt = -1, part = -1;
};

/// The literal at `path` of node `node` becomes: the size of node `from` at
/// `axis` (at the shapes being imported), plus `add`, negated if `negate`.
struct SizeRewrite {
  int node = 0;
  TraceLoc loc; // node's, to check the graph is the same
  ArgPath path;
  int from = 0;
  TraceLoc fromLoc;
  int axis = 0;
  int64_t add = 0;
  bool negate = false;
};

struct GraphTrace {
  std::vector<TraceNode> nodes;
};

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_GRAPHTRACE_H

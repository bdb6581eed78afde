//===- DimensionRewrites.h - GraphNet's dimension generalization passes -*- C++ -*-===//
//
// GraphNet makes a sample's shape variants from its FX graph: the passes its
// graph_net.json lists (graph_net/torch/dim_gen_passes) rewrite literal
// sizes in view, reshape, expand, arange, full, zeros and slices into
// size() calls on the graph's tensors, then the reified input shapes are
// fed in. gn runs the same passes, with GraphNet's matching rules, over the
// graph an import evaluated at the example shapes (GraphTrace.h), giving
// the rewrites an import at a variant's shapes applies.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_GRAPHNET_DIMENSIONREWRITES_H
#define GN_IMPORT_GRAPHNET_DIMENSIONREWRITES_H

#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/Import/Python/GraphTrace.h"
#include "llvm/ADT/ArrayRef.h"

namespace mlir::gn {

/// The passes gn implements, by GraphNet's name.
llvm::ArrayRef<const char *> implementedDimensionPasses();

/// Runs `passes` (in order, each for every symbol's (example size, axes)
/// pair, as GraphNet's StaticToDynamic) over `trace`. False with `error`
/// (naming the pass and, where there is one, the node's line) for a pass gn
/// does not implement that would rewrite this graph, or a node GraphNet
/// would fail on.
bool generalizeDimensions(const import::GraphTrace &trace, const ShapeConstraints &constraints,
                          llvm::ArrayRef<std::string> passes,
                          std::vector<import::SizeRewrite> &rewrites, std::string &error);

} // namespace mlir::gn

#endif // GN_IMPORT_GRAPHNET_DIMENSIONREWRITES_H

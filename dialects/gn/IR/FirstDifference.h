//===- FirstDifference.h - where two programs stop being the same -*- C++ -*-===//
//
// The oracle of one program for all shapes (docs/symbolic-shapes.md): a
// symbolic program instantiated at a variant's sizes must be, op for op, the
// program that variant's own import gives. firstDifference compares two
// regions in order: block arguments, then each op's name, operands (by
// position of their definition), result types, attributes and nested
// regions. Locations are not compared. The answer names the first op that
// differs, where it is, and how, so "symbolic" is proved, not assumed.
//
//===----------------------------------------------------------------------===//

#ifndef GN_IR_FIRSTDIFFERENCE_H
#define GN_IR_FIRSTDIFFERENCE_H

#include "mlir/IR/Region.h"

#include <optional>
#include <string>

namespace mlir::gn {

/// std::nullopt when `a` and `b` hold the same program; otherwise the first
/// difference, e.g. "op #12 (gn.add at model.py:40:8): result #0 is
/// tensor<4x8xf32> here, tensor<4x9xf32> there".
std::optional<std::string> firstDifference(Region &a, Region &b);

} // namespace mlir::gn

#endif // GN_IR_FIRSTDIFFERENCE_H

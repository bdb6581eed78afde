//===- SymbolicDims.h - tensor types with symbolic sizes -------*- C++ -*-===//
//
// Reading and writing the #gn.dims encoding (GnAttrs.td, DimsAttr) for the
// shape functions that compute symbolic sizes (docs/symbolic-shapes.md).
//
//===----------------------------------------------------------------------===//
#ifndef GN_IR_SYMBOLICDIMS_H
#define GN_IR_SYMBOLICDIMS_H

#include "gn/Support/SymExpr.h"
#include "gn/Support/SymbolBinding.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace mlir::gn {

class DimsAttr;
class SymbolBinding;

/// Whether `type` (may be null) is a ranked tensor carrying #gn.dims.
bool hasSymbolicDims(Type type);
/// The size of each dim of `type`: its #gn.dims expression, else its static
/// size as a constant.
llvm::SmallVector<SymExpr> dimExprs(RankedTensorType type);
/// The same for sizes given apart from a type (a reshape's `shape` with its
/// `sym_shape`): `dims`' expression where it has one (it may be null), else
/// the static size. `dims` must have one entry per size (checked by callers).
llvm::SmallVector<SymExpr> dimExprs(llvm::ArrayRef<int64_t> sizes, DimsAttr dims);
/// A tensor of `shape` (the compile example's sizes) and `element`, carrying
/// #gn.dims with `exprs` when any of them is not a constant.
RankedTensorType symbolicTensorType(llvm::ArrayRef<int64_t> shape, Type element,
                                    llvm::ArrayRef<SymExpr> exprs);

/// `type` with its dims permuted (result dim i is dim perm[i]), their
/// symbolic sizes with them: a transpose's result type.
RankedTensorType permutedTensorType(RankedTensorType type, llvm::ArrayRef<int64_t> perm);

/// [0, 2, ..., r - 1, 1]: [N, C, *spatial] to [N, *spatial, C] (a
/// channels_last convolution's layout), and back: [0, r - 1, 1, ..., r - 2].
llvm::SmallVector<int64_t> toChannelsLast(int64_t rank);
llvm::SmallVector<int64_t> toChannelsFirst(int64_t rank);

/// The sizes of `type` at `binding`: its #gn.dims evaluated, its static
/// dims as they are. std::nullopt with `why` when a size uses an unbound
/// symbol, overflows or is negative there.
std::optional<llvm::SmallVector<int64_t, 6>> shapeAt(RankedTensorType type,
                                                     const SymbolBinding &binding,
                                                     std::string &why);

/// The symbols bound from the caller's arguments, argument i of type
/// `types[i]` given at `shapes[i]` (ranks already checked): every dim
/// checked (SymbolBinding::bind). std::nullopt with `error` ("the
/// arguments do not fit the program's symbolic sizes: ...") otherwise. The
/// interpreter and the CPU runtime bind alike.
std::optional<SymbolBinding> bindArguments(llvm::ArrayRef<RankedTensorType> types,
                                           llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes,
                                           std::string &error);

/// For the passes that do not take symbolic dims yet (docs/symbolic-shapes.md,
/// phases 3 and 4): emits "<who> does not take symbolic dims yet (...)" at
/// the first value under `root` that has them and fails; succeeds when
/// there is none. Their rewrites build ops at the example's sizes, which a
/// symbolic type refuses: without this they stop inside a rewrite.
LogicalResult refuseSymbolicDims(Operation *root, llvm::StringRef who);

/// Set on a module by gn-set-target when the target's compiler takes every
/// op with symbolic dims in it (the CPU, phase 3): gn's passes then accept
/// it instead of refusing (refuseSymbolicDims).
inline constexpr llvm::StringLiteral kSymbolicAcceptedAttrName = "gn.symbolic";
/// Whether `op` lies in a module gn-set-target marked so (a compiler takes
/// its symbolic dims).
bool inSymbolicModule(Operation *op);
/// On a gn.launch of a symbolic kernel split along its thread dim: that
/// dim's size as a SymExpr's text, which the runtime evaluates at the
/// binding (the launch's `extent` is the example's).
inline constexpr llvm::StringLiteral kSymbolicExtentAttrName = "gn.sym_extent";

} // namespace mlir::gn

#endif // GN_IR_SYMBOLICDIMS_H

//===- Frontend.h - what a framework brings to the Python evaluator -*- C++ -*-===//
//
// The evaluator (Evaluator.h) runs the Python that GraphNet samples are
// written in: statements, Python values, builtins. Everything that depends on
// the framework the sample was captured from is asked of its Frontend: the
// op registry and how dotted callees map onto it (`torch.nn.functional.relu`,
// `paddle._C_ops.relu`), module attributes that are values (`torch.float32`,
// `paddle.int64`), framework calls that are not ops (`torch.device`,
// `paddle.core.CPUPlace`), tensor subscripts and which forward parameters
// are weights. One Frontend per framework: Torch/TorchFrontend.h,
// Paddle/PaddleFrontend.h; GraphNet/Frontends.h picks one from
// graph_net.json.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_FRONTEND_H
#define GN_IMPORT_PYTHON_FRONTEND_H

#include "gn/Import/Python/ImportContext.h"
#include "llvm/ADT/StringMap.h"
#include <optional>

namespace mlir::gn::import {

class OpRegistry;
using KwArgs = std::vector<std::pair<std::string, PyValue>>;

class Frontend {
public:
  virtual ~Frontend() = default;

  /// "torch", "paddle": the `framework` of graph_net.json.
  virtual llvm::StringRef name() const = 0;
  /// The framework's ops, by canonical name.
  virtual const OpRegistry &ops() const = 0;
  /// Canonical registry name of a dotted callee, or "" when the callee is not
  /// in one of the framework's op namespaces.
  virtual std::string canonicalOpName(llvm::StringRef dotted) const = 0;
  /// Registry name of a Python operator applied to a tensor ("+" -> "add"),
  /// or "" when the framework has none.
  virtual llvm::StringRef operatorOp(llvm::StringRef symbol) const = 0;
  /// Names bound before model.py's own imports run.
  virtual void addGlobals(llvm::StringMap<PyValue> &globals) const {}
  /// The value of `module.attr` when it is not a submodule (`torch.float32`,
  /// `math.pi`); std::nullopt means "a submodule".
  virtual std::optional<PyValue> moduleAttribute(ImportContext &ctx,
                                                 llvm::StringRef dotted) const {
    return std::nullopt;
  }
  /// Framework calls that are not ops (places, sizes, autocast, vmap
  /// bookkeeping). Sets `handled` to false when `name` is none of them.
  virtual mlir::FailureOr<PyValue> callSpecial(ImportContext &ctx, llvm::StringRef name,
                                               std::vector<PyValue> &args, KwArgs &kwargs,
                                               bool &handled) const {
    handled = false;
    return mlir::failure();
  }
  /// `base[index]` and `base[index] = value` on a tensor (the latter returns
  /// the updated tensor).
  virtual mlir::FailureOr<PyValue> subscript(ImportContext &ctx, const PyValue &base,
                                             const PyValue &index) const;
  virtual mlir::FailureOr<PyValue> setSubscript(ImportContext &ctx, const PyValue &base,
                                                const PyValue &index,
                                                const PyValue &value) const;
  /// Called before every op call: aligns batched operands (torch.vmap) and
  /// says how to mark the result. Returns false when nothing is batched.
  virtual mlir::FailureOr<bool> prepareBatchedCall(ImportContext &ctx, llvm::StringRef op,
                                                   std::vector<PyValue> &args, KwArgs &kwargs,
                                                   llvm::SmallVectorImpl<int64_t> &levels,
                                                   bool &resultBatched) const {
    return false;
  }
  /// Under a dtype variant (ImportContext::variantType): whether the
  /// float32 tensor arguments of this call are converted to the variant's
  /// type first (GraphNet's dtype generalization passes).
  virtual bool castsToVariant(llvm::StringRef op, bool isMethod) const { return false; }
  /// What an enabled autocast region for `device` does to this call's
  /// floating-point tensor arguments (gn/Import/Python/Autocast.h); some
  /// ops' policy depends on their arguments (a pad's mode, einsum's
  /// equation).
  virtual AutocastCast autocastCast(llvm::StringRef op, bool isMethod, llvm::StringRef device,
                                    const std::vector<PyValue> &args,
                                    const KwArgs &kwargs) const {
    return AutocastCast::None;
  }
  /// Whether a float32 weight or input named `name` keeps float32 under a
  /// dtype variant (the pass's preserved weights: norm statistics).
  virtual bool keepsFloat32(llvm::StringRef name) const { return false; }
  /// Whether a function call in this framework's in-place forms writes its
  /// tensor argument: a name ending in `_` (torch.relu_(x)), `inplace=True`,
  /// `out=y`. PyTorch's convention; Paddle's `_C_ops.*_` ops update other
  /// arguments (sync_batch_norm_ its statistics), which their handlers model.
  virtual bool writesInPlaceArguments() const { return false; }
  /// Whether the forward parameter `name`, declared in weight_meta.py
  /// (`inWeightMeta`) or input_meta.py, is a weight rather than an input.
  virtual bool isWeight(llvm::StringRef name, bool inWeightMeta) const = 0;
};

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_FRONTEND_H

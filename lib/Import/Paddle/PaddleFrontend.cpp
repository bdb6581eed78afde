//===- PaddleFrontend.cpp - what PaddlePaddle brings to the evaluator ----===//
//
// GraphNet's Paddle samples are PIR programs written back as Python: every
// op is `paddle._C_ops.<op>(...)` with positional arguments, multi-output
// ops are unpacked through a lambda, places are passed as arguments and
// weights are whatever weight_meta.py declares.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Paddle/PaddleFrontend.h"
#include "PaddleOps.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

class PaddleFrontend final : public Frontend {
public:
  PaddleFrontend() {
    paddle::registerElementwiseOps(registry);
    paddle::registerMathOps(registry);
    paddle::registerLinalgOps(registry);
    paddle::registerNmsOps(registry);
    paddle::registerShapeOps(registry);
    paddle::registerReductionOps(registry);
    paddle::registerNNOps(registry);
    paddle::registerFactoryOps(registry);
    paddle::registerIndexingOps(registry);
    paddle::registerSpectralOps(registry);
    paddle::registerLossOps(registry);
    paddle::registerDetectionOps(registry);
    paddle::registerProposalOps(registry);
    paddle::registerRecurrentOps(registry);
  }

  llvm::StringRef name() const override { return "paddle"; }
  const OpRegistry &ops() const override { return registry; }

  std::string canonicalOpName(llvm::StringRef dotted) const override {
    // `paddle._C_ops.relu`, and the few Python-API spellings the samples
    // use (`paddle.cast`, `paddle.arange`).
    for (llvm::StringRef prefix : {"paddle._C_ops.", "paddle._pir_ops.", "paddle."})
      if (dotted.consume_front(prefix))
        return dotted.contains('.') ? "" : dotted.str();
    return "";
  }

  llvm::StringRef operatorOp(llvm::StringRef symbol) const override {
    return llvm::StringSwitch<llvm::StringRef>(symbol)
        .Case("+", "add").Case("-", "subtract").Case("*", "multiply").Case("/", "divide")
        .Case("//", "floor_divide").Case("%", "remainder").Case("**", "elementwise_pow")
        .Case("@", "matmul").Case("neg", "neg")
        .Case("<", "less_than").Case("<=", "less_equal").Case(">", "greater_than")
        .Case(">=", "greater_equal").Case("==", "equal").Case("!=", "not_equal")
        .Default("");
  }

  void addGlobals(llvm::StringMap<PyValue> &globals) const override {
    globals["paddle"] = PyValue::module("paddle");
  }

  std::optional<PyValue> moduleAttribute(ImportContext &ctx,
                                         llvm::StringRef full) const override {
    if (!full.starts_with("paddle."))
      return std::nullopt;
    if (Type t = ctx.dtypeFromName(full))
      return PyValue::dtypeOf(t);
    if (full == "paddle.inf")
      return PyValue::real(INFINITY);
    if (full == "paddle.nan")
      return PyValue::real(NAN);
    return std::nullopt;
  }

  FailureOr<PyValue> callSpecial(ImportContext &ctx, llvm::StringRef name,
                                 std::vector<PyValue> &args, KwArgs &kwargs,
                                 bool &handled) const override {
    handled = true;
    // Places only say where PaddlePaddle would have put a tensor.
    if (name == "paddle.core.CPUPlace" || name == "paddle.CPUPlace" ||
        name == "paddle.CUDAPlace" || name == "paddle.core.CUDAPlace" ||
        name == "paddle.CUDAPinnedPlace" || name == "paddle.core.CUDAPinnedPlace" ||
        name == "paddle.framework._current_expected_place" ||
        name == "paddle.framework._current_expected_place_") {
      PyValue v;
      v.kind = PyValue::Device;
      v.s = llvm::StringRef(name).contains("CUDA") ? "gpu:0" : "cpu";
      return v;
    }
    handled = false;
    return failure();
  }

  /// What weight_meta.py declares is a weight.
  bool isWeight(llvm::StringRef name, bool inWeightMeta) const override {
    return inWeightMeta;
  }

private:
  OpRegistry registry;
};

} // namespace

const Frontend &mlir::gn::import::paddleFrontend() {
  static const PaddleFrontend frontend;
  return frontend;
}

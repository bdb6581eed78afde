//===- TorchFrontend.cpp - what torch brings to the evaluator -----------===//
//
// Torch's op namespaces and their canonical names, its dtype and layout
// attributes, the calls Dynamo leaves in a graph that are not ops (devices,
// sizes, SymInt arithmetic, vmap bookkeeping, autocast), tensor subscripts
// and GraphNet's torch naming of weights (`L_self_...`).
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Torch/TorchFrontend.h"
#include "TorchOps.h"
#include "gn/Support/NumericCast.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;

static std::string torchCanonicalName(llvm::StringRef dotted) {
  // torch.fft.fftn is torch._C._fft.fft_fftn.
  if (dotted.starts_with("torch.fft."))
    return "fft_" + dotted.drop_front(llvm::StringRef("torch.fft.").size()).str();
  // Longest prefixes first.
  static const char *const prefixes[] = {
      "torch.nn.functional.", "torch._C._nn.",
      "torch._C._linalg.",    "torch._C._special.special_", "torch._C._fft.",
      "torch.ops.aten.",      "torch.functional.",  "torch._C._VariableFunctions.",
      "torch.linalg.",        "torch.special.",     "torch.Tensor.",
      "torch._C.",            "torch.",             "operator.",
      "_operator.",           "math.",
  };
  for (const char *p : prefixes) {
    llvm::StringRef prefix(p);
    if (dotted.starts_with(prefix)) {
      llvm::StringRef rest = dotted.drop_front(prefix.size());
      // torch.ops.aten.index.Tensor -> index
      if (prefix == "torch.ops.aten.")
        rest = rest.split('.').first;
      return rest.str();
    }
  }
  return "";
}

namespace {

class TorchFrontend final : public Frontend {
public:
  TorchFrontend() {
    registerElementwiseOps(registry);
    registerMathOps(registry);
    registerLinalgOps(registry);
    registerArrangeOps(registry);
    registerStatisticsOps(registry);
    registerVisionOps(registry);
    registerShapeOps(registry);
    registerReductionOps(registry);
    registerNNOps(registry);
    registerFactoryOps(registry);
    registerIndexingOps(registry);
    registerIndexedWriteOps(registry);
    registerAttentionOps(registry);
    registerSpectralOps(registry);
    registerRecurrentOps(registry);
    registerLossOps(registry);
  }

  llvm::StringRef name() const override { return "torch"; }
  const OpRegistry &ops() const override { return registry; }
  std::string canonicalOpName(llvm::StringRef dotted) const override {
    return torchCanonicalName(dotted);
  }

  llvm::StringRef operatorOp(llvm::StringRef symbol) const override {
    return llvm::StringSwitch<llvm::StringRef>(symbol)
        .Case("+", "add").Case("-", "sub").Case("*", "mul").Case("/", "div")
        .Case("//", "floor_divide").Case("%", "remainder").Case("**", "pow")
        .Case("@", "matmul").Case("&", "bitwise_and").Case("|", "bitwise_or")
        .Case("^", "bitwise_xor").Case("neg", "neg").Case("~", "bitwise_not")
        .Case("<<", "bitwise_left_shift").Case(">>", "bitwise_right_shift")
        .Case("<", "lt").Case("<=", "le").Case(">", "gt").Case(">=", "ge")
        .Case("==", "eq").Case("!=", "ne")
        .Default("");
  }

  void addGlobals(llvm::StringMap<PyValue> &globals) const override {
    globals["torch"] = PyValue::module("torch");
  }

  std::optional<PyValue> moduleAttribute(ImportContext &ctx,
                                         llvm::StringRef full) const override {
    if (!full.starts_with("torch."))
      return std::nullopt;
    if (Type t = ctx.dtypeFromName(full))
      return PyValue::dtypeOf(t);
    if (full == "torch.inf")
      return PyValue::real(INFINITY);
    if (full == "torch.contiguous_format" || full == "torch.preserve_format" ||
        full == "torch.channels_last" || full == "torch.strided") {
      PyValue v;
      v.kind = PyValue::Opaque;
      v.s = full.str();
      return v;
    }
    return std::nullopt;
  }

  FailureOr<PyValue> callSpecial(ImportContext &ctx, llvm::StringRef name,
                                 std::vector<PyValue> &args, KwArgs &kwargs,
                                 bool &handled) const override;

  FailureOr<PyValue> subscript(ImportContext &ctx, const PyValue &base,
                               const PyValue &index) const override {
    return indexTensor(ctx, base, index);
  }
  FailureOr<PyValue> setSubscript(ImportContext &ctx, const PyValue &base,
                                  const PyValue &index, const PyValue &value) const override {
    return setIndexTensor(ctx, base, index, value);
  }
  FailureOr<bool> prepareBatchedCall(ImportContext &ctx, llvm::StringRef op,
                                     std::vector<PyValue> &args, KwArgs &kwargs,
                                     llvm::SmallVectorImpl<int64_t> &levels,
                                     bool &resultBatched) const override {
    return mlir::gn::import::prepareBatchedCall(ctx, op, args, kwargs, levels, resultBatched);
  }

  /// GraphNet names module state L_self_...; everything else is an input,
  /// and so is anything declared in input_meta.py.
  bool isWeight(llvm::StringRef name, bool inWeightMeta) const override {
    return inWeightMeta && name.contains("_self_");
  }

  /// torch.relu_(x), F.relu(x, inplace=True) and out=y write their tensor.
  bool writesInPlaceArguments() const override { return true; }

  /// GraphNet's dtype generalization passes (graph_net/torch/dtype_gen_passes):
  /// the calls whose float32 tensor arguments go to the half type (AMP's
  /// list: matmul and @, mm, bmm, linear, conv1d/2d/3d, scaled dot-product
  /// attention, addmm, einsum; as methods, matmul, mm and bmm only).
  AutocastCast autocastCast(llvm::StringRef op, bool isMethod, llvm::StringRef device,
                            const std::vector<PyValue> &args,
                            const KwArgs &kwargs) const override {
    return torchAutocastCast(op, isMethod, device, args, kwargs);
  }

  bool castsToVariant(llvm::StringRef op, bool isMethod) const override {
    if (isMethod)
      return op == "matmul" || op == "mm" || op == "bmm";
    return llvm::is_contained({"matmul", "mm", "bmm", "linear", "conv1d", "conv2d", "conv3d",
                               "scaled_dot_product_attention", "addmm", "einsum"},
                              op);
  }
  /// ... and the weights it keeps in float32: any whose name contains one
  /// of its patterns (norm statistics and parameters).
  bool keepsFloat32(llvm::StringRef name) const override {
    for (llvm::StringRef pattern :
         {"running_mean", "running_var", "num_batches_tracked", "bn_parameters_weight",
          "bn_parameters_bias", "ln_parameters_weight", "ln_parameters_bias"})
      if (name.contains(pattern))
        return true;
    return false;
  }

private:
  OpRegistry registry;
};

/// Python truthiness-free int conversion.
FailureOr<int64_t> toInt(ImportContext &ctx, const PyValue &v) {
  if (v.kind == PyValue::Int || v.kind == PyValue::Bool)
    return v.i;
  if (v.kind == PyValue::Float)
    return gn::saturatingCast<int64_t>(v.f);
  return ctx.error("expected an int, got " + v.describe());
}

} // namespace

FailureOr<PyValue> TorchFrontend::callSpecial(ImportContext &ctx, llvm::StringRef name,
                                              std::vector<PyValue> &args, KwArgs &kwargs,
                                              bool &handled) const {
  handled = true;
  if (name == "torch.device" || name == "device") {
    PyValue v;
    v.kind = PyValue::Device;
    v.s = args.empty() ? "cpu" : args[0].kind == PyValue::Str ? args[0].s : "cuda";
    return v;
  }
  if (name == "torch.Size") {
    if (args.size() == 1 && args[0].isSequence()) {
      PyValue v = args[0];
      v.kind = PyValue::Tuple;
      return v;
    }
    return PyValue::tuple({});
  }
  if (name == "torch.sym_sum" && args.size() == 1 && args[0].isSequence()) {
    int64_t s = 0;
    for (auto &e : args[0].elts) {
      auto i = toInt(ctx, e);
      if (failed(i))
        return failure();
      s += *i;
    }
    return PyValue::integer(s);
  }
  if (name == "torch.sym_int" || name == "torch.sym_float") {
    if (args.size() == 1 && args[0].isNumber())
      return name == "torch.sym_int" ? PyValue::integer(gn::saturatingCast<int64_t>(args[0].asDouble()))
                                     : PyValue::real(args[0].asDouble());
  }
  // SymFloat/SymInt arithmetic Dynamo writes under dynamic shapes
  // (math.sqrt of a constant becomes torch._sym_sqrt): on plain numbers.
  auto plain = [&](size_t n) {
    return args.size() == n && kwargs.empty() &&
           llvm::all_of(args, [](const PyValue &v) { return v.isNumber() && !v.isSymbolic(); });
  };
  if (name == "torch._sym_sqrt" && plain(1))
    return PyValue::real(std::sqrt(args[0].asDouble()));
  if ((name == "torch.sym_max" || name == "torch.sym_min") && plain(2)) {
    bool first = name == "torch.sym_max" ? args[0].asDouble() >= args[1].asDouble()
                                         : args[0].asDouble() <= args[1].asDouble();
    return first ? args[0] : args[1];
  }
  if (name == "torch.sym_not" && plain(1))
    return PyValue::boolean(args[0].asDouble() == 0);
  if (name == "torch.sym_ite" && args.size() == 3 && args[0].isNumber() && !args[0].isSymbolic())
    return args[0].asDouble() != 0 ? args[1] : args[2];
  // A size Dynamo left symbolic (a data-dependent one, say): gn's shapes
  // are static, so it is a number here.
  if (name == "torch.ops.aten.sym_size.int" || name == "torch.ops.aten.sym_size") {
    if (args.size() != 2 || !args[0].isTensor() || args[1].kind != PyValue::Int)
      return ctx.error("sym_size.int(tensor, dim) expected");
    auto d = ctx.dim(args[1].i, args[0].type().getRank());
    if (failed(d))
      return failure();
    return PyValue::integer(args[0].type().getDimSize(*d));
  }
  if (name == "torch.ops.aten.sym_numel.default" || name == "torch.ops.aten.sym_numel") {
    if (args.size() != 1 || !args[0].isTensor())
      return ctx.error("sym_numel(tensor) expected");
    return PyValue::integer(args[0].type().getNumElements());
  }
  // torch.vmap as traced by Dynamo (see Vmap.cpp).
  llvm::StringRef fn = name;
  if (fn.consume_front("torch._functorch.predispatch.") ||
      fn.consume_front("torch._C._functorch.") || fn.consume_front("torch._functorch.vmap.")) {
    if (fn == "lazy_load_decompositions" || fn == "_vmap_increment_nesting" ||
        fn == "_vmap_decrement_nesting")
      return PyValue::none();
    auto ints = [&](size_t from, size_t n, llvm::SmallVectorImpl<int64_t> &out) {
      for (size_t k = from; k < from + n; ++k) {
        if (k >= args.size() || args[k].kind != PyValue::Int)
          return false;
        out.push_back(args[k].i);
      }
      return true;
    };
    llvm::SmallVector<int64_t> v;
    if (fn == "_add_batch_dim") {
      if (args.size() != 3 || !ints(1, 2, v))
        return ctx.error("_add_batch_dim(tensor, in_dim, level) expected");
      return addBatchDim(ctx, args[0], v[0], v[1]);
    }
    if (fn == "_remove_batch_dim") {
      if (args.size() != 4 || !ints(1, 3, v))
        return ctx.error("_remove_batch_dim(tensor, level, batch_size, out_dim) expected");
      return removeBatchDim(ctx, args[0], v[0], v[1], v[2]);
    }
  }
  // Calls that only steer autograd, logging or autocast: no effect on values.
  static const char *const noEffect[] = {
      "torch._C._log_api_usage_once", "torch._C._set_grad_enabled",
      "torch._check_is_size",         "torch.ops.aten._assert_scalar.default",
      "torch._check",                 "torch.ops.aten._assert_scalar",
      "torch.autograd.function.FunctionCtx",
      "torch._assert",                "torch.ops.aten.sym_constrain_range_for_size.default",
  };
  for (const char *n : noEffect)
    if (name == n)
      return PyValue::none();
  // `with torch.autocast(...)`: a region the calls inside follow
  // (Autocast.cpp); enabled=False (HF rotary embeddings) changes nothing.
  if (name == "torch.amp.autocast_mode._enter_autocast")
    return enterAutocast(ctx, args, kwargs);
  if (name == "torch.amp.autocast_mode._exit_autocast") {
    exitAutocast(ctx);
    return PyValue::none();
  }
  handled = false;
  return failure();
}

const Frontend &mlir::gn::import::torchFrontend() {
  static const TorchFrontend frontend;
  return frontend;
}

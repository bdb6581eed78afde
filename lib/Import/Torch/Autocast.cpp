//===- Autocast.cpp - torch.autocast: regions and PyTorch's CPU op lists --===//
//
// `with torch.autocast("cpu", dtype=...)` inside a graph (TorchDynamo keeps it
// as _enter_autocast / _exit_autocast calls), or around a compiled model
// (gn.torch_backend opens one at forward's start). The op lists are CPU
// autocast's, as PyTorch 2.15 applies them (conformance/autocast_policies.py
// measures each op's result dtype under a region): the ops it runs in the
// low-precision type, those it runs in float32, those it runs in the widest
// type. Ops whose internals the CPU lists reach (einsum's and
// multi_head_attention_forward's matmuls) are listed as the ops they call.
// CUDA's lists differ (float32 for exp, softmax, layer_norm, ...) and are not
// checked here: an enabled region for CUDA tensors is refused.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/Autocast.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

bool isOneOf(llvm::StringRef op, std::initializer_list<llvm::StringRef> names) {
  return llvm::is_contained(names, op);
}

/// The argument `name` at `position` or by keyword; None when absent.
const PyValue &argument(const std::vector<PyValue> &args, const KwArgs &kwargs, size_t position,
                        llvm::StringRef name) {
  static const PyValue none;
  for (auto &[k, v] : kwargs)
    if (k == name)
      return v;
  return position < args.size() ? args[position] : none;
}

/// einsum runs its pairs through bmm where an index is summed away, else
/// through mul: two operands with a summed index are bmm's; three or more
/// take an order of pairs gn does not follow.
AutocastCast einsumCast(const std::vector<PyValue> &args) {
  if (args.empty() || args[0].kind != PyValue::Str)
    return AutocastCast::Refused;
  size_t operands = args.size() == 2 && args[1].isSequence() ? args[1].elts.size()
                                                              : args.size() - 1;
  llvm::StringRef eq = args[0].s;
  auto arrow = eq.find("->");
  if (operands < 2)
    return AutocastCast::None;
  if (operands > 2 || arrow == llvm::StringRef::npos)
    return AutocastCast::Refused;
  llvm::StringRef in = eq.take_front(arrow), out = eq.drop_front(arrow + 2);
  for (char c : in)
    if (llvm::isAlpha(c) && !out.contains(c))
      return AutocastCast::LowPrecision;
  return AutocastCast::None;
}

} // namespace

AutocastCast mlir::gn::import::torchAutocastCast(llvm::StringRef op, bool isMethod,
                                                  llvm::StringRef device,
                                                  const std::vector<PyValue> &args,
                                                  const KwArgs &kwargs) {
  (void)isMethod;
  if (device != "cpu")
    return AutocastCast::Refused; // (enterAutocast refuses such a region first)
  const PyValue &input = argument(args, kwargs, 0, "input");
  int64_t rank = input.isTensor() ? input.type().getRank() : -1;
  if (op == "einsum")
    return einsumCast(args);
  if (op == "matrix_power") { // mm for n >= 2, else a copy or the identity
    const PyValue &n = argument(args, kwargs, 1, "n");
    return n.kind == PyValue::Int && n.i >= 2 ? AutocastCast::LowPrecision : AutocastCast::None;
  }
  if (op == "pad") { // reflection_pad1d / 2d and replication_pad1d / 2d / 3d
    const PyValue &mode = argument(args, kwargs, 2, "mode");
    llvm::StringRef m = mode.kind == PyValue::Str ? llvm::StringRef(mode.s) : "constant";
    bool listed = (m == "reflect" && (rank == 3 || rank == 4)) ||
                  (m == "replicate" && rank >= 3 && rank <= 5);
    return listed ? AutocastCast::Float32 : AutocastCast::None;
  }
  if (op == "local_response_norm") // avg_pool3d from rank 4 on
    return rank >= 4 ? AutocastCast::Float32 : AutocastCast::None;
  if (isOneOf(op, {"conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                   "conv_transpose3d", "convolution", "_convolution", "conv_tbc", "bmm", "mm",
                   "matmul", "baddbmm", "addmm", "addbmm", "linear", "prelu", "vecdot",
                   "scaled_dot_product_attention", "_native_multi_head_attention",
                   "multi_head_attention_forward", "chain_matmul", "multi_dot", "tensordot",
                   "inner", "affine_grid", "cov", "corrcoef"}))
    return AutocastCast::LowPrecision;
  if (isOneOf(op, {"prod", "cdist", "grid_sample", "grid_sampler", "quantile", "nanquantile",
                   "trace", "polar", "stft", "istft", "view_as_complex", "avg_pool3d",
                   "adaptive_avg_pool3d", "max_pool3d", "adaptive_max_pool3d", "max_unpool2d",
                   "max_unpool3d", "fractional_max_pool2d", "fractional_max_pool3d",
                   // losses
                   "mse_loss", "cross_entropy", "cross_entropy_loss", "nll_loss", "nll_loss2d",
                   "binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div",
                   "l1_loss", "smooth_l1_loss", "huber_loss", "margin_ranking_loss",
                   "soft_margin_loss", "triplet_margin_loss", "multi_margin_loss",
                   "hinge_embedding_loss", "poisson_nll_loss", "cosine_embedding_loss",
                   "multilabel_margin_loss", "ctc_loss",
                   // linear algebra
                   "inverse", "pinverse", "pinv", "cholesky", "cholesky_inverse",
                   "cholesky_solve", "inv", "solve", "qr", "svd", "svdvals", "eig", "eigh",
                   "eigvals", "eigvalsh", "lstsq", "lu", "lu_factor", "lu_solve",
                   "triangular_solve", "geqrf", "orgqr", "ormqr", "householder_product",
                   "cond"}) ||
      (op.starts_with("fft_") && !op.ends_with("shift") && !op.ends_with("freq")))
    return AutocastCast::Float32;
  if (isOneOf(op, {"cat", "concat", "concatenate", "stack", "index_copy"}))
    return AutocastCast::Widest;
  // Whole recurrent layers (PyTorch's CPU autocast refuses float32 weights
  // there) and the fused encoder layer (its parts cast by the lists above,
  // which one gn op does not follow).
  if (isOneOf(op, {"lstm", "gru", "rnn_tanh", "rnn_relu", "_transformer_encoder_layer_fwd"}))
    return AutocastCast::Refused;
  return AutocastCast::None;
}

FailureOr<PyValue> mlir::gn::import::enterAutocast(ImportContext &ctx,
                                                   std::vector<PyValue> &args,
                                                   KwArgs &kwargs) {
  // _enter_autocast(device_type, dtype=None, enabled=True, cache_enabled=None)
  PyValue device, dtype, enabled = PyValue::boolean(true);
  if (args.size() > 0)
    device = args[0];
  if (args.size() > 1)
    dtype = args[1];
  if (args.size() > 2)
    enabled = args[2];
  for (auto &[k, v] : kwargs) {
    if (k == "device_type")
      device = v;
    else if (k == "dtype")
      dtype = v;
    else if (k == "enabled")
      enabled = v;
  }
  if (device.kind != PyValue::Str)
    return ctx.error("torch.autocast: expects a device type string ('cpu', 'cuda')");
  AutocastRegion region{device.s, {}};
  bool on = enabled.isNone() || ((enabled.kind == PyValue::Bool || enabled.kind == PyValue::Int) &&
                                 enabled.i != 0);
  if (on) {
    if (device.s != "cpu")
      return ctx.error("an enabled torch.autocast region for '" + device.s +
                       "' tensors is not supported: gn follows PyTorch's CPU autocast lists "
                       "only (CUDA's cast other ops, not checked here)");
    if (dtype.isNone())
      region.lowType = BFloat16Type::get(ctx.builder.getContext()); // CPU's default
    else if (dtype.kind == PyValue::Dtype && (dtype.dtype.isBF16() || dtype.dtype.isF16()))
      region.lowType = dtype.dtype;
    else
      return ctx.error("torch.autocast on the CPU takes dtype torch.bfloat16 or torch.float16, "
                       "got " + dtype.describe());
  }
  ctx.autocast.push_back(region);
  PyValue v;
  v.kind = PyValue::Opaque;
  v.s = on ? "autocast" : "autocast(enabled=False)";
  return v;
}

void mlir::gn::import::exitAutocast(ImportContext &ctx) {
  if (!ctx.autocast.empty())
    ctx.autocast.pop_back();
}

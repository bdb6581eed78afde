//===- AttentionOps.cpp - import of multi-head attention ----------------===//
//
// F.multi_head_attention_forward (nn.MultiheadAttention) is expanded into
// linear projections, head split, scaled scores, softmax and the output
// projection, so the attention weights it also returns are available.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include <tuple>

using namespace mlir;
using namespace mlir::gn::import;

namespace {


/// [begin, end) of `x` along `dim` (a negative dim counts from the last).
FailureOr<Value> cut(ImportContext &ctx, Value x, int64_t dim, int64_t begin, int64_t end) {
  auto type = typeOf(x);
  if (dim < 0)
    dim += type.getRank();
  llvm::SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      steps(type.getRank(), 1);
  starts[dim] = begin;
  limits[dim] = end;
  return ctx.build<gn::SliceOp>({x}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                      ctx.ints("steps", steps)});
}

/// Rows [begin, end) of a matrix or vector along dim 0.
FailureOr<Value> rows(ImportContext &ctx, Value x, int64_t begin, int64_t end) {
  return cut(ctx, x, 0, begin, end);
}

FailureOr<Value> project(ImportContext &ctx, Value x, Value w, Value b) {
  llvm::SmallVector<Value> operands{x, w};
  if (b)
    operands.push_back(b);
  return ctx.build<gn::LinearOp>(operands);
}

/// Columns [begin, end) of the last dim.
FailureOr<Value> lastDims(ImportContext &ctx, Value x, int64_t begin, int64_t end) {
  return cut(ctx, x, -1, begin, end);
}

/// Rows [0, e), [e, 2e) and [2e, 3e) of argument `name` (a packed
/// projection's weight or bias).
LogicalResult thirds(ImportContext &ctx, Args &a, llvm::StringRef name, int64_t e, Value &q,
                     Value &k, Value &v) {
  auto x = a.tensor(name);
  if (failed(x))
    return failure();
  auto r0 = rows(ctx, *x, 0, e), r1 = rows(ctx, *x, e, 2 * e), r2 = rows(ctx, *x, 2 * e, 3 * e);
  if (failed(r0) || failed(r1) || failed(r2))
    return failure();
  q = *r0, k = *r1, v = *r2;
  return success();
}

/// q, k and v projected one by one: separate weights, or thirds of the
/// packed one (cross-attention: the inputs differ).
using Projections = std::tuple<FailureOr<Value>, FailureOr<Value>, FailureOr<Value>>;
FailureOr<Projections> separateProjections(ImportContext &ctx, Args &a, Value query, Value key,
                                           Value value, int64_t e) {
  Value wq, wk, wv, bq, bk, bv;
  if (a.get("use_separate_proj_weight").i) {
    auto w0 = a.tensor("q_proj_weight"), w1 = a.tensor("k_proj_weight"),
         w2 = a.tensor("v_proj_weight");
    if (failed(w0) || failed(w1) || failed(w2))
      return failure();
    wq = *w0, wk = *w1, wv = *w2;
  } else {
    if (failed(thirds(ctx, a, "in_proj_weight", e, wq, wk, wv)))
      return failure();
  }
  if (a.has("in_proj_bias") && failed(thirds(ctx, a, "in_proj_bias", e, bq, bk, bv)))
    return failure();
  return Projections{project(ctx, query, wq, bq), project(ctx, key, wk, bk),
                     project(ctx, value, wv, bv)};
}

/// [T, N, E] -> [N * H, T, D]
FailureOr<Value> splitHeads(ImportContext &ctx, Value x, int64_t heads) {
  auto t = typeOf(x);
  int64_t len = t.getDimSize(0), n = t.getDimSize(1), e = t.getDimSize(2);
  auto r = ctx.reshape(x, {len, n * heads, e / heads});
  if (failed(r))
    return failure();
  return ctx.build<gn::TransposeOp>({*r}, {ctx.ints("permutation", {1, 0, 2})});
}

/// Sizes of one attention: query [L, N, E], key length S, H heads.
struct AttentionSizes {
  int64_t len, n, e, srcLen, h;
};

/// Refuses the options this expansion does not implement.
LogicalResult checkSupported(Args &a, bool training, bool causal) {
  if (training && a.get("dropout_p").asDouble() != 0)
    return a.error("dropout in training mode is random; not supported");
  if (a.has("bias_k") || a.has("bias_v") || a.has("static_k") || a.has("static_v"))
    return a.error("bias_k/bias_v/static_k/static_v are not supported");
  if (a.get("add_zero_attn").i)
    return a.error("add_zero_attn=True is not supported");
  if (causal && !a.has("attn_mask"))
    return a.error("is_causal without attn_mask is not supported");
  return success();
}

/// Unbatched [T, E] inputs as a batch of one, [T, 1, E].
LogicalResult addBatchDim(ImportContext &ctx, Value &query, Value &key, Value &value) {
  for (Value *x : {&query, &key, &value}) {
    auto t = typeOf(*x);
    auto r = ctx.reshape(*x, {t.getDimSize(0), 1, t.getDimSize(1)});
    if (failed(r))
      return failure();
    *x = *r;
  }
  return success();
}

/// q, k and v projected and split into heads, [N * H, T, D] each.
FailureOr<std::tuple<Value, Value, Value>> projectHeads(ImportContext &ctx, Args &a, Value query,
                                                        Value key, Value value, bool selfAttention,
                                                        int64_t e, int64_t h) {
  // Self-attention on the packed weight: one projection, then its thirds
  // (one GEMM of 3E columns instead of three of E).
  bool packed = !a.get("use_separate_proj_weight").i;
  FailureOr<Value> pq, pk, pv;
  if (packed && selfAttention) {
    auto w = a.tensor("in_proj_weight");
    if (failed(w))
      return failure();
    Value b;
    if (a.has("in_proj_bias")) {
      auto bias = a.tensor("in_proj_bias");
      if (failed(bias))
        return failure();
      b = *bias;
    }
    auto p = project(ctx, query, *w, b);
    if (failed(p))
      return failure();
    pq = lastDims(ctx, *p, 0, e), pk = lastDims(ctx, *p, e, 2 * e),
    pv = lastDims(ctx, *p, 2 * e, 3 * e);
  } else {
    auto projected = separateProjections(ctx, a, query, key, value, e);
    if (failed(projected))
      return failure();
    std::tie(pq, pk, pv) = *projected;
  }
  if (failed(pq) || failed(pk) || failed(pv))
    return failure();
  auto hq = splitHeads(ctx, *pq, h), hk = splitHeads(ctx, *pk, h), hv = splitHeads(ctx, *pv, h);
  if (failed(hq) || failed(hk) || failed(hv))
    return failure();
  return std::make_tuple(*hq, *hk, *hv);
}

/// Adds `mask` to the scores `s`: a boolean one sets -inf where true, a float one is added.
LogicalResult addMask(ImportContext &ctx, Type et, Value &s, Value mask) {
  Type me = typeOf(mask).getElementType();
  FailureOr<Value> r;
  if (me.isInteger(1)) // true = masked out
    r = ctx.build<gn::WhereOp>({mask, ctx.splat(et, -INFINITY), s});
  else {
    auto c = ctx.convert(mask, et);
    if (failed(c))
      return failure();
    r = ctx.build<gn::AddOp>({s, *c});
  }
  if (failed(r))
    return failure();
  s = *r;
  return success();
}

/// Scores [N*H, L, S] = q k^T / sqrt(D) (+ masks).
FailureOr<Value> maskedScores(ImportContext &ctx, Args &a, Value hq, Value hk, Type et,
                              const AttentionSizes &sz) {
  auto kt = ctx.build<gn::TransposeOp>({hk}, {ctx.ints("permutation", {0, 2, 1})});
  if (failed(kt))
    return failure();
  auto scores = ctx.build<gn::MatmulOp>({hq, *kt});
  if (failed(scores))
    return failure();
  auto scaled =
      ctx.build<gn::MulOp>({*scores, ctx.splat(et, 1.0 / std::sqrt(double(sz.e / sz.h)))});
  if (failed(scaled))
    return failure();
  Value s = *scaled;
  if (a.has("attn_mask")) {
    auto m = a.tensor("attn_mask");
    if (failed(m))
      return failure();
    Value mask = *m;
    if (typeOf(mask).getRank() == 3) { // [N*H, L, S] already
    } else if (typeOf(mask).getRank() != 2) {
      return a.error("attn_mask must be 2-d or 3-d");
    }
    if (failed(addMask(ctx, et, s, mask)))
      return failure();
  }
  if (a.has("key_padding_mask")) {
    auto m = a.tensor("key_padding_mask");
    if (failed(m))
      return failure();
    // [N, S] -> [N, 1, 1, S] -> [N, H, 1, S] -> [N*H, 1, S]
    auto r = ctx.reshape(*m, {sz.n, 1, 1, sz.srcLen});
    if (failed(r))
      return failure();
    auto b = ctx.build<gn::BroadcastToOp>({*r}, {ctx.ints("shape", {sz.n, sz.h, 1, sz.srcLen})});
    if (failed(b))
      return failure();
    auto f = ctx.reshape(*b, {sz.n * sz.h, 1, sz.srcLen});
    if (failed(f) || failed(addMask(ctx, et, s, *f)))
      return failure();
  }
  return s;
}

/// The attended values, heads merged and through out_proj (unbatched again if the input was).
FailureOr<Value> outputProjection(ImportContext &ctx, Args &a, Value attn, Value hv,
                                  const AttentionSizes &sz, bool unbatched) {
  auto out = ctx.build<gn::MatmulOp>({attn, hv});
  if (failed(out))
    return failure();
  // [N*H, L, D] -> [L, N*H, D] -> [L, N, E] -> out_proj
  auto t = ctx.build<gn::TransposeOp>({*out}, {ctx.ints("permutation", {1, 0, 2})});
  if (failed(t))
    return failure();
  auto merged = ctx.reshape(*t, {sz.len, sz.n, sz.e});
  auto wo = a.tensor("out_proj_weight");
  if (failed(merged) || failed(wo))
    return failure();
  Value bo;
  if (a.has("out_proj_bias")) {
    auto b = a.tensor("out_proj_bias");
    if (failed(b))
      return failure();
    bo = *b;
  }
  auto result = project(ctx, *merged, *wo, bo);
  if (failed(result))
    return failure();
  Value res = *result;
  if (unbatched) {
    auto r = ctx.reshape(res, {sz.len, sz.e});
    if (failed(r))
      return failure();
    res = *r;
  }
  return res;
}

/// The attention weights returned: [N, H, L, S], averaged over heads if asked, unbatched again.
FailureOr<Value> attentionWeights(ImportContext &ctx, Value attn, const AttentionSizes &sz,
                                  bool average, bool unbatched) {
  auto w4 = ctx.reshape(attn, {sz.n, sz.h, sz.len, sz.srcLen});
  if (failed(w4))
    return failure();
  Value w = *w4;
  if (average) {
    auto m = ctx.build<gn::ReduceMeanOp>({w}, {ctx.ints("dims", {1}), ctx.flag("keepdim", false)});
    if (failed(m))
      return failure();
    w = *m;
  }
  if (unbatched) {
    auto t2 = typeOf(w);
    auto r = ctx.reshape(w, t2.getShape().drop_front());
    if (failed(r))
      return failure();
    w = *r;
  }
  return w;
}

FailureOr<PyValue> multiHeadAttention(ImportContext &ctx, Args &a) {
  auto q = a.tensor("query"), k = a.tensor("key"), v = a.tensor("value");
  auto heads = a.integer("num_heads");
  auto training = a.boolean("training"), needWeights = a.boolean("need_weights"),
       average = a.boolean("average_attn_weights"), causal = a.boolean("is_causal");
  if (failed(q) || failed(k) || failed(v) || failed(heads) || failed(training) ||
      failed(needWeights) || failed(average) || failed(causal))
    return failure();
  if (failed(checkSupported(a, *training, *causal)))
    return failure();
  bool unbatched = typeOf(*q).getRank() == 2;
  bool selfAttention = *q == *k && *k == *v;
  Value query = *q, key = *k, value = *v;
  if (unbatched && failed(addBatchDim(ctx, query, key, value)))
    return failure();
  auto qt = typeOf(query);
  if (qt.getRank() != 3)
    return a.error("expected query of shape [L, N, E]");
  int64_t len = qt.getDimSize(0), n = qt.getDimSize(1), e = qt.getDimSize(2),
          srcLen = typeOf(key).getDimSize(0), h = *heads;
  if (h <= 0 || e % h)
    return a.error("embed dim " + llvm::Twine(e) + " is not divisible by num_heads " +
                   llvm::Twine(h));
  AttentionSizes sz{len, n, e, srcLen, h};

  auto split = projectHeads(ctx, a, query, key, value, selfAttention, e, h);
  if (failed(split))
    return failure();
  auto [hq, hk, hv] = *split;
  auto s = maskedScores(ctx, a, hq, hk, qt.getElementType(), sz);
  if (failed(s))
    return failure();
  auto attn = ctx.build<gn::SoftmaxOp>({*s}, {ctx.i64("dim", 2)});
  if (failed(attn))
    return failure();
  auto res = outputProjection(ctx, a, *attn, hv, sz, unbatched);
  if (failed(res))
    return failure();
  PyValue weights = PyValue::none();
  if (*needWeights) {
    auto w = attentionWeights(ctx, *attn, sz, *average, unbatched);
    if (failed(w))
      return failure();
    weights = PyValue::of(*w);
  }
  return PyValue::tuple({PyValue::of(*res), weights});
}

/// torch._native_multi_head_attention: batch-first [B, L, E] inputs, fused
/// qkv weight. Runs the same expansion on [L, B, E] views.
FailureOr<PyValue> nativeMultiHeadAttention(ImportContext &ctx, Args &a) {
  Args inner(ctx, a.op());
  auto seqFirst = [&](llvm::StringRef name) -> FailureOr<PyValue> {
    auto x = a.tensor(name);
    if (failed(x))
      return failure();
    if (typeOf(*x).getRank() != 3)
      return a.error("expected batched [B, L, E] inputs");
    auto t = ctx.build<gn::TransposeOp>({*x}, {ctx.ints("permutation", {1, 0, 2})});
    if (failed(t))
      return failure();
    return PyValue::of(*t);
  };
  // Self-attention stays one value (the packed projection is then one GEMM).
  auto q = seqFirst("query");
  auto same = [&](llvm::StringRef name) {
    auto x = a.tensor(name), y = a.tensor("query");
    return succeeded(x) && succeeded(y) && *x == *y;
  };
  auto k = same("key") ? q : seqFirst("key");
  auto v = same("value") ? q : seqFirst("value");
  if (failed(q) || failed(k) || failed(v))
    return failure();
  // mask_type: 0 an attention mask [L, S], 1 a key padding mask [B, S],
  // 2 both merged into [B, H, L, S] (an attention mask per batch and head).
  PyValue attnMask = PyValue::none(), paddingMask = PyValue::none();
  if (a.has("mask")) {
    auto mask = a.tensor("mask");
    auto type = a.integer("mask_type");
    if (failed(mask) || failed(type))
      return failure();
    if (*type == 0) {
      attnMask = PyValue::of(*mask);
    } else if (*type == 1) {
      paddingMask = PyValue::of(*mask);
    } else if (*type == 2) {
      auto mt = typeOf(*mask);
      if (mt.getRank() != 4)
        return a.error("a merged mask (mask_type 2) must be [B, H, L, S]");
      auto flat = ctx.reshape(*mask, {mt.getDimSize(0) * mt.getDimSize(1), mt.getDimSize(2),
                                      mt.getDimSize(3)});
      if (failed(flat))
        return failure();
      attnMask = PyValue::of(*flat);
    } else {
      return a.error("mask_type must be 0, 1 or 2, got " + llvm::Twine(*type));
    }
  }
  inner.bound = {{"query", *q},
                 {"key", *k},
                 {"value", *v},
                 {"num_heads", a.get("num_head")},
                 {"in_proj_weight", a.get("qkv_weight")},
                 {"in_proj_bias", a.get("qkv_bias")},
                 {"out_proj_weight", a.get("proj_weight")},
                 {"out_proj_bias", a.get("proj_bias")},
                 {"training", PyValue::boolean(false)},
                 {"need_weights", a.get("need_weights")},
                 {"average_attn_weights", a.get("average_attn_weights")},
                 {"is_causal", PyValue::boolean(false)},
                 {"dropout_p", PyValue::real(0)},
                 {"add_zero_attn", PyValue::boolean(false)},
                 {"use_separate_proj_weight", PyValue::boolean(false)},
                 {"attn_mask", attnMask},
                 {"key_padding_mask", paddingMask}};
  auto r = multiHeadAttention(ctx, inner);
  if (failed(r))
    return failure();
  auto back = ctx.build<gn::TransposeOp>({r->elts[0].tensor},
                                         {ctx.ints("permutation", {1, 0, 2})});
  if (failed(back))
    return failure();
  r->elts[0] = PyValue::of(*back);
  return r;
}

/// torch._transformer_encoder_layer_fwd, nn.TransformerEncoderLayer's fast
/// path (eval, no grad, batch-first): self-attention through
/// _native_multi_head_attention and the residual, then linear, relu or
/// exact gelu, linear and the residual; each block's layer norm after it,
/// or before it with norm_first.
FailureOr<PyValue> transformerEncoderLayer(ImportContext &ctx, Args &a) {
  auto src = a.tensor("src");
  auto useGelu = a.boolean("use_gelu");
  auto normFirst = a.boolean("norm_first");
  auto eps = a.real("eps");
  if (failed(src) || failed(useGelu) || failed(normFirst) || failed(eps))
    return failure();
  auto norm = [&](Value x, llvm::StringRef which) -> FailureOr<Value> {
    auto w = a.tensor(("norm_weight_" + which).str());
    auto b = a.tensor(("norm_bias_" + which).str());
    if (failed(w) || failed(b))
      return failure();
    return ctx.build<gn::LayerNormOp>({x, *w, *b}, {ctx.i64("normalized_rank", 1),
                                                   ctx.f64("epsilon", *eps),
                                                   ctx.flag("rms", false)});
  };
  auto add = [&](Value x, Value y) -> FailureOr<Value> {
    auto r = ctx.binary<gn::AddOp>(PyValue::of(x), PyValue::of(y));
    return failed(r) ? FailureOr<Value>(failure()) : FailureOr<Value>(r->tensor);
  };
  FailureOr<Value> x = *src;
  if (*normFirst)
    x = norm(*x, "1");
  if (failed(x))
    return failure();
  Args mha(ctx, a.op());
  mha.bound = {{"query", PyValue::of(*x)},
               {"key", PyValue::of(*x)},
               {"value", PyValue::of(*x)},
               {"embed_dim", a.get("embed_dim")},
               {"num_head", a.get("num_heads")},
               {"qkv_weight", a.get("qkv_weight")},
               {"qkv_bias", a.get("qkv_bias")},
               {"proj_weight", a.get("proj_weight")},
               {"proj_bias", a.get("proj_bias")},
               {"mask", a.get("mask")},
               {"need_weights", PyValue::boolean(false)},
               {"average_attn_weights", PyValue::boolean(true)},
               {"mask_type", a.get("mask_type")}};
  auto attn = nativeMultiHeadAttention(ctx, mha);
  if (failed(attn))
    return failure();
  x = add(attn->elts[0].tensor, *src);
  if (succeeded(x) && !*normFirst)
    x = norm(*x, "1");
  if (failed(x))
    return failure();
  Value residual = *x;
  if (*normFirst && failed(x = norm(*x, "2")))
    return failure();
  auto w1 = a.tensor("ffn_weight_1"), b1 = a.tensor("ffn_bias_1");
  auto w2 = a.tensor("ffn_weight_2"), b2 = a.tensor("ffn_bias_2");
  if (failed(w1) || failed(b1) || failed(w2) || failed(b2))
    return failure();
  auto h = project(ctx, *x, *w1, *b1);
  if (succeeded(h))
    h = *useGelu ? ctx.build<gn::GeluOp>({*h}, {ctx.str("approximate", "none")})
                 : ctx.build<gn::ReluOp>({*h});
  if (succeeded(h))
    h = project(ctx, *h, *w2, *b2);
  if (succeeded(h))
    x = add(*h, residual);
  if (failed(h) || failed(x))
    return failure();
  if (!*normFirst && failed(x = norm(*x, "2")))
    return failure();
  return PyValue::of(*x);
}

} // namespace

void mlir::gn::import::registerAttentionOps(OpRegistry &r) {
  r.add("_transformer_encoder_layer_fwd",
        "src, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight, proj_bias, use_gelu, "
        "norm_first, eps, norm_weight_1, norm_bias_1, norm_weight_2, norm_bias_2, ffn_weight_1, "
        "ffn_bias_1, ffn_weight_2, ffn_bias_2, mask=None, mask_type=None",
        transformerEncoderLayer);
  r.add("_native_multi_head_attention",
        "query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias, "
        "mask=None, need_weights=True, average_attn_weights=True, mask_type=None",
        nativeMultiHeadAttention);
  r.add("multi_head_attention_forward",
        "query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias, bias_k, "
        "bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias, training=True, "
        "key_padding_mask=None, need_weights=True, attn_mask=None, "
        "use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None, "
        "v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True, "
        "is_causal=False",
        multiHeadAttention);
}

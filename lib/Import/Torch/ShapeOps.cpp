//===- ShapeOps.cpp - import of data-movement torch ops -----------------===//
//
// view/reshape/flatten/squeeze/unsqueeze -> gn.reshape; transpose/permute
// -> gn.transpose; expand -> gn.broadcast_to; cat/stack -> gn.concat;
// split/chunk/unbind -> gn.slice; plus flip, roll, tril/triu, pad, repeat.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::import;

namespace {


/// The expressions of a reshape's target `exprs` of `x`, the -1 among them
/// (at `shape`'s -1) solved for every binding. Empty when nothing is
/// symbolic, or when literal sizes do not follow the input's symbols at
/// every binding (`view(1, 128, 128, 128)` of a symbolic image): the reshape
/// is then built from the example's sizes, and the import guards its input
/// (ImportContext::buildSymbolic).
llvm::SmallVector<SymExpr> reshapeExprs(Value x, llvm::ArrayRef<int64_t> shape,
                                        llvm::ArrayRef<SymExpr> exprs) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  bool symbolic = hasSymbolicDims(type) ||
                  llvm::any_of(exprs, [](const SymExpr &e) { return !e.isConstant(); });
  if (!symbolic)
    return {};
  std::vector<std::optional<SymExpr>> to;
  for (auto [size, e] : llvm::zip(shape, exprs))
    to.push_back(size == -1 ? std::nullopt : std::optional<SymExpr>(e));
  std::string why;
  std::optional<std::vector<SymExpr>> sizes = sym::reshapeSizes(dimExprs(type), to, why);
  if (!sizes)
    return {};
  return llvm::SmallVector<SymExpr>(sizes->begin(), sizes->end());
}

/// Resolves one -1 in a target shape against `numElements`.
FailureOr<llvm::SmallVector<int64_t>> inferMinusOne(Args &a, llvm::SmallVector<int64_t> shape,
                                                    int64_t numElements) {
  int64_t known = 1, unknown = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknown >= 0)
        return a.error("only one dimension can be -1");
      unknown = i;
    } else if (shape[i] < 0) {
      return a.error("invalid size " + llvm::Twine(shape[i]));
    } else if (__builtin_mul_overflow(known, shape[i], &known)) {
      return a.error("shape has more elements than an int64 holds");
    }
  }
  if (unknown >= 0) {
    if (known == 0 || numElements % known)
      return a.error("cannot infer size -1: " + llvm::Twine(numElements) +
                     " elements do not divide by " + llvm::Twine(known));
    shape[unknown] = numElements / known;
  }
  return shape;
}

FailureOr<PyValue> view(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  // view(dtype) reinterprets bits: not supported.
  if (a.rest().size() == 1 && a.rest()[0].kind == PyValue::Dtype)
    return a.error("view(dtype) reinterprets memory; not supported");
  llvm::SmallVector<SymExpr> given;
  auto shape = a.sizes("shape", &given);
  if (failed(shape))
    return failure();
  auto resolved = inferMinusOne(a, *shape, typeOf(*x).getNumElements());
  if (failed(resolved))
    return failure();
  return wrap(ctx.reshape(*x, *resolved, reshapeExprs(*x, *shape, given)));
}

FailureOr<PyValue> viewAs(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), other = a.tensor("other");
  if (failed(x) || failed(other))
    return failure();
  return wrap(ctx.reshape(*x, typeOf(*other).getShape()));
}

FailureOr<PyValue> flatten(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto s = a.integer("start_dim"), e = a.integer("end_dim");
  if (failed(x) || failed(s) || failed(e))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() == 0)
    return wrap(ctx.reshape(*x, {1}));
  auto start = ctx.dim(*s, type.getRank()), end = ctx.dim(*e, type.getRank());
  if (failed(start) || failed(end))
    return failure();
  if (*start > *end)
    return a.error("start_dim must not exceed end_dim");
  llvm::SmallVector<int64_t> shape(type.getShape().take_front(*start));
  int64_t n = 1;
  for (int64_t i = *start; i <= *end; ++i)
    n *= type.getDimSize(i);
  shape.push_back(n);
  llvm::append_range(shape, type.getShape().drop_front(*end + 1));
  return wrap(ctx.reshape(*x, shape));
}

FailureOr<PyValue> unflatten(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  auto sizes = a.ints("sizes");
  if (failed(x) || failed(d) || failed(sizes))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  auto inner = inferMinusOne(a, *sizes, type.getDimSize(*dim));
  if (failed(inner))
    return failure();
  llvm::SmallVector<int64_t> shape(type.getShape().take_front(*dim));
  llvm::append_range(shape, *inner);
  llvm::append_range(shape, type.getShape().drop_front(*dim + 1));
  return wrap(ctx.reshape(*x, shape));
}

FailureOr<PyValue> squeeze(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  llvm::SmallVector<int64_t> dims;
  if (a.has("dim")) {
    auto ds = a.ints("dim");
    if (failed(ds))
      return failure();
    for (int64_t d : *ds) {
      auto n = ctx.dim(d, type.getRank());
      if (failed(n))
        return failure();
      dims.push_back(*n);
    }
  }
  llvm::SmallVector<int64_t> shape;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    bool selected = !a.has("dim") || llvm::is_contained(dims, i);
    if (!(selected && type.getDimSize(i) == 1))
      shape.push_back(type.getDimSize(i));
  }
  return wrap(ctx.reshape(*x, shape));
}

FailureOr<PyValue> unsqueeze(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  if (failed(x) || failed(d))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, type.getRank() + 1);
  if (failed(dim))
    return failure();
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + *dim, 1);
  return wrap(ctx.reshape(*x, shape));
}

FailureOr<Value> permute(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> perm) {
  return ctx.build<gn::TransposeOp>({x}, {ctx.ints("permutation", perm)});
}

FailureOr<PyValue> transpose(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d0 = a.integer("dim0"), d1 = a.integer("dim1");
  if (failed(x) || failed(d0) || failed(d1))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if (rank == 0)
    return a.get("input");
  auto i = ctx.dim(*d0, rank), j = ctx.dim(*d1, rank);
  if (failed(i) || failed(j))
    return failure();
  llvm::SmallVector<int64_t> perm;
  for (int64_t k = 0; k < rank; ++k)
    perm.push_back(k);
  std::swap(perm[*i], perm[*j]);
  return wrap(permute(ctx, *x, perm));
}

FailureOr<PyValue> permuteOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto dims = a.sizes("dims");
  if (failed(x) || failed(dims))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  llvm::SmallVector<int64_t> perm;
  for (int64_t d : *dims) {
    auto n = ctx.dim(d, rank);
    if (failed(n))
      return failure();
    perm.push_back(*n);
  }
  return wrap(permute(ctx, *x, perm));
}

FailureOr<PyValue> matrixTranspose(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if (rank < 2)
    return a.get("input");
  llvm::SmallVector<int64_t> perm;
  for (int64_t k = 0; k < rank; ++k)
    perm.push_back(k);
  std::swap(perm[rank - 1], perm[rank - 2]);
  return wrap(permute(ctx, *x, perm));
}

FailureOr<PyValue> reverseDims(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  llvm::SmallVector<int64_t> perm;
  for (int64_t k = rank - 1; k >= 0; --k)
    perm.push_back(k);
  return wrap(permute(ctx, *x, perm));
}

FailureOr<PyValue> movedim(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto src = a.ints("source"), dst = a.ints("destination");
  if (failed(x) || failed(src) || failed(dst))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if (src->size() != dst->size())
    return a.error("source and destination must have the same length");
  llvm::SmallVector<int64_t> perm(rank, -1), s, d;
  for (auto [a0, b0] : llvm::zip(*src, *dst)) {
    auto i = ctx.dim(a0, rank), j = ctx.dim(b0, rank);
    if (failed(i) || failed(j))
      return failure();
    perm[*j] = *i;
    s.push_back(*i);
  }
  int64_t next = 0;
  for (auto &p : perm) {
    if (p >= 0)
      continue;
    while (llvm::is_contained(s, next))
      ++next;
    p = next++;
  }
  return wrap(permute(ctx, *x, perm));
}

FailureOr<PyValue> expand(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  llvm::SmallVector<SymExpr> exprs;
  auto sizes = a.sizes("size", &exprs);
  if (failed(x) || failed(sizes))
    return failure();
  auto type = typeOf(*x);
  llvm::SmallVector<int64_t> shape(*sizes);
  int64_t offset = shape.size() - type.getRank();
  if (offset < 0)
    return a.error("expand to fewer dims than the input has");
  llvm::SmallVector<SymExpr> inExprs = dimExprs(type);
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == -1) {
      if ((int64_t)i < offset)
        return a.error("-1 is not allowed for a new leading dim");
      shape[i] = type.getDimSize(i - offset);
      exprs[i] = inExprs[i - offset];
    }
  return wrap(ctx.broadcastTo(*x, shape, exprs));
}

FailureOr<PyValue> expandAs(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), other = a.tensor("other");
  if (failed(x) || failed(other))
    return failure();
  return wrap(ctx.broadcastTo(*x, typeOf(*other).getShape(), dimExprs(typeOf(*other))));
}

FailureOr<PyValue> broadcastTensors(ImportContext &ctx, Args &a) {
  std::vector<PyValue> items = a.rest();
  if (items.size() == 1 && items[0].isSequence())
    items = std::vector<PyValue>(items[0].elts);
  llvm::SmallVector<int64_t> shape;
  for (const PyValue &v : items) {
    if (!v.isTensor())
      return a.error("expected tensors");
    auto b = gn::broadcastShapes(shape, v.type().getShape());
    if (!b)
      return a.error("shapes do not broadcast");
    shape = *b;
  }
  std::vector<PyValue> out;
  for (const PyValue &v : items) {
    auto r = ctx.build<gn::BroadcastToOp>({v.tensor}, {ctx.ints("shape", shape)});
    if (failed(r))
      return failure();
    out.push_back(PyValue::of(*r));
  }
  return PyValue::tuple(out);
}

FailureOr<PyValue> repeat(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto reps = a.sizes("repeats");
  if (failed(x) || failed(reps))
    return failure();
  auto type = typeOf(*x);
  int64_t extra = reps->size() - type.getRank();
  if (extra < 0)
    return a.error("number of repeats can not be smaller than the number of dims");
  Value v = *x;
  if (extra > 0) {
    llvm::SmallVector<int64_t> shape(extra, 1);
    llvm::append_range(shape, type.getShape());
    auto r = ctx.reshape(v, shape);
    if (failed(r))
      return failure();
    v = *r;
  }
  return wrap(ctx.build<gn::TileOp>({v}, {ctx.ints("multiples", *reps)}));
}

FailureOr<PyValue> tile(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto reps = a.ints("dims");
  if (failed(x) || failed(reps))
    return failure();
  llvm::SmallVector<int64_t> r(*reps);
  while ((int64_t)r.size() < typeOf(*x).getRank())
    r.insert(r.begin(), 1);
  Args b = a;
  b.bound.clear();
  b.varargs.clear();
  PyValue seq;
  seq.kind = PyValue::Tuple;
  for (int64_t k : r)
    seq.elts.push_back(PyValue::integer(k));
  b.bound = {{"input", a.get("input")}, {"repeats", seq}};
  return repeat(ctx, b);
}

/// The list of tensors of cat/stack (at least one).
FailureOr<std::vector<Value>> tensorList(Args &a, llvm::StringRef name) {
  auto list = a.tensors(name);
  if (failed(list))
    return failure();
  if (list->empty())
    return a.error("expected a non-empty list of tensors");
  return std::vector<Value>(list->begin(), list->end());
}

} // namespace

FailureOr<std::vector<Value>> mlir::gn::import::promoteAll(ImportContext &ctx,
                                                            std::vector<Value> values) {
  std::vector<PyValue> pv;
  for (Value v : values)
    pv.push_back(PyValue::of(v));
  auto t = ctx.promote(pv);
  if (failed(t))
    return failure();
  for (Value &v : values) {
    auto c = ctx.convert(v, *t);
    if (failed(c))
      return failure();
    v = *c;
  }
  return values;
}

namespace {

FailureOr<PyValue> cat(ImportContext &ctx, Args &a) {
  auto list = tensorList(a, "tensors");
  auto d = a.integer(a.has("axis") ? "axis" : "dim");
  if (failed(list) || failed(d))
    return failure();
  // torch skips 1-d empty tensors in cat.
  std::vector<Value> values;
  for (Value v : *list)
    if (!(typeOf(v).getRank() == 1 && typeOf(v).getDimSize(0) == 0))
      values.push_back(v);
  if (values.empty())
    return PyValue::of((*list)[0]);
  auto promoted = promoteAll(ctx, values);
  if (failed(promoted))
    return failure();
  auto dim = ctx.dim(*d, typeOf((*promoted)[0]).getRank());
  if (failed(dim))
    return failure();
  return wrap(ctx.build<gn::ConcatOp>(*promoted, {ctx.i64("dim", *dim)}));
}

FailureOr<PyValue> stack(ImportContext &ctx, Args &a) {
  auto list = tensorList(a, "tensors");
  auto d = a.integer("dim");
  if (failed(list) || failed(d))
    return failure();
  auto promoted = promoteAll(ctx, *list);
  if (failed(promoted))
    return failure();
  auto type = typeOf((*promoted)[0]);
  auto dim = ctx.dim(*d, type.getRank() + 1);
  if (failed(dim))
    return failure();
  std::vector<Value> expanded;
  for (Value v : *promoted) {
    if (typeOf(v).getShape() != type.getShape())
      return a.error("stack expects each tensor to be equal size");
    llvm::SmallVector<int64_t> shape(type.getShape());
    shape.insert(shape.begin() + *dim, 1);
    auto r = ctx.reshape(v, shape);
    if (failed(r))
      return failure();
    expanded.push_back(*r);
  }
  return wrap(ctx.build<gn::ConcatOp>(expanded, {ctx.i64("dim", *dim)}));
}

/// Slice [start, limit) along `dim` with step 1.
FailureOr<Value> sliceDim(ImportContext &ctx, Value x, int64_t dim, int64_t start, int64_t limit,
                          int64_t step = 1) {
  auto type = typeOf(x);
  llvm::SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      steps(type.getRank(), 1);
  starts[dim] = start;
  limits[dim] = limit;
  steps[dim] = step;
  return ctx.build<gn::SliceOp>({x}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                      ctx.ints("steps", steps)});
}

} // namespace

llvm::SmallVector<int64_t> mlir::gn::import::sizesBetween(llvm::ArrayRef<int64_t> indices,
                                                          int64_t n) {
  llvm::SmallVector<int64_t> sizes;
  int64_t prev = 0;
  for (int64_t i : indices) {
    int64_t c = std::clamp<int64_t>(i < 0 ? i + n : i, prev, n);
    sizes.push_back(c - prev);
    prev = c;
  }
  sizes.push_back(n - prev);
  return sizes;
}

FailureOr<PyValue> mlir::gn::import::splitBySizes(ImportContext &ctx, Value x, int64_t dim,
                                                  llvm::ArrayRef<int64_t> sizes) {
  std::vector<PyValue> parts;
  int64_t offset = 0;
  for (int64_t s : sizes) {
    auto r = sliceDim(ctx, x, dim, offset, offset + s);
    if (failed(r))
      return failure();
    parts.push_back(PyValue::of(*r));
    offset += s;
  }
  return PyValue::tuple(parts);
}

namespace {

FailureOr<PyValue> split(ImportContext &ctx, Args &a) {
  auto xd = tensorAndDim(ctx, a);
  if (failed(xd))
    return failure();
  auto [x, dim] = *xd;
  int64_t n = typeOf(x).getDimSize(dim);
  const PyValue &s = a.get("split_size_or_sections");
  llvm::SmallVector<int64_t> sizes;
  if (s.kind == PyValue::Int) {
    if (s.i <= 0)
      return a.error("split size must be positive");
    for (int64_t off = 0; off < n; off += s.i)
      sizes.push_back(std::min(s.i, n - off));
    if (n == 0)
      sizes.push_back(0);
  } else {
    auto list = a.ints("split_size_or_sections");
    if (failed(list))
      return failure();
    sizes = *list;
    int64_t total = 0;
    for (int64_t k : sizes)
      total += k;
    if (total != n)
      return a.error("split sizes sum to " + llvm::Twine(total) + " but the dim has size " +
                     llvm::Twine(n));
  }
  return splitBySizes(ctx, x, dim, sizes);
}

FailureOr<PyValue> chunk(ImportContext &ctx, Args &a) {
  auto xd = tensorAndDim(ctx, a);
  auto c = a.integer("chunks");
  if (failed(xd) || failed(c))
    return failure();
  if (*c <= 0)
    return a.error("chunks must be positive");
  auto [x, dim] = *xd;
  int64_t n = typeOf(x).getDimSize(dim), each = n == 0 ? 0 : (n - 1) / *c + 1; // ceil, no overflow
  llvm::SmallVector<int64_t> sizes;
  for (int64_t off = 0; off < n; off += each)
    sizes.push_back(std::min(each, n - off));
  return splitBySizes(ctx, x, dim, sizes);
}

FailureOr<PyValue> tensorSplit(ImportContext &ctx, Args &a) {
  auto xd = tensorAndDim(ctx, a);
  if (failed(xd))
    return failure();
  auto [x, dim] = *xd;
  int64_t n = typeOf(x).getDimSize(dim);
  const PyValue &s = a.get("indices_or_sections");
  llvm::SmallVector<int64_t> sizes;
  if (s.kind == PyValue::Int) {
    if (s.i <= 0)
      return a.error("sections must be positive");
    // Past the dim's size the extra sections are empty tensors: refused,
    // as no model asks for them and a huge count would never finish.
    if (s.i > std::max<int64_t>(n, 1))
      return a.error("not supported: " + llvm::Twine(s.i) + " sections of a dim of size " +
                     llvm::Twine(n));
    for (int64_t k = 0; k < s.i; ++k)
      sizes.push_back(n / s.i + (k < n % s.i ? 1 : 0));
  } else {
    auto idx = a.ints("indices_or_sections");
    if (failed(idx))
      return failure();
    sizes = sizesBetween(*idx, n);
  }
  return splitBySizes(ctx, x, dim, sizes);
}

FailureOr<PyValue> unbind(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  if (failed(x) || failed(d))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + *dim);
  std::vector<PyValue> parts;
  for (int64_t i = 0; i < type.getDimSize(*dim); ++i) {
    auto s = sliceDim(ctx, *x, *dim, i, i + 1);
    if (failed(s))
      return failure();
    auto r = ctx.reshape(*s, shape);
    if (failed(r))
      return failure();
    parts.push_back(PyValue::of(*r));
  }
  return PyValue::tuple(parts);
}

FailureOr<PyValue> narrow(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim"), s = a.integer("start"), l = a.integer("length");
  if (failed(x) || failed(d) || failed(s) || failed(l))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  int64_t start = *s < 0 ? *s + type.getDimSize(*dim) : *s;
  return wrap(sliceDim(ctx, *x, *dim, start, start + *l));
}

FailureOr<PyValue> select(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim"), i = a.integer("index");
  if (failed(x) || failed(d) || failed(i))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  int64_t n = type.getDimSize(*dim), idx = *i < 0 ? *i + n : *i;
  if (idx < 0 || idx >= n)
    return a.error("index " + llvm::Twine(*i) + " out of range for size " + llvm::Twine(n));
  auto s = sliceDim(ctx, *x, *dim, idx, idx + 1);
  if (failed(s))
    return failure();
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + *dim);
  return wrap(ctx.reshape(*s, shape));
}

FailureOr<PyValue> flip(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto dims = a.sizes("dims");
  if (failed(x) || failed(dims))
    return failure();
  llvm::SmallVector<int64_t> norm;
  for (int64_t d : *dims) {
    auto n = ctx.dim(d, typeOf(*x).getRank());
    if (failed(n))
      return failure();
    norm.push_back(*n);
  }
  return wrap(ctx.build<gn::FlipOp>({*x}, {ctx.ints("dims", norm)}));
}

/// fliplr (dim 1, rank >= 2) and flipud (dim 0, rank >= 1).
FailureOr<PyValue> flipOne(ImportContext &ctx, Args &a, int64_t dim) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (typeOf(*x).getRank() <= dim)
    return a.error("the input must have at least " + std::to_string(dim + 1) + " dims");
  return wrap(ctx.build<gn::FlipOp>({*x}, {ctx.ints("dims", {dim})}));
}

FailureOr<PyValue> roll(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto shifts = a.ints("shifts");
  if (failed(x) || failed(shifts))
    return failure();
  auto type = typeOf(*x);
  Value v = *x;
  llvm::SmallVector<int64_t> dims;
  if (!a.has("dims")) {
    // Roll of the flattened tensor.
    auto flat = ctx.reshape(v, {type.getNumElements()});
    if (failed(flat))
      return failure();
    auto r = ctx.build<gn::RollOp>({*flat}, {ctx.ints("shifts", *shifts), ctx.ints("dims", {0})});
    if (failed(r))
      return failure();
    return wrap(ctx.reshape(*r, type.getShape()));
  }
  auto ds = a.ints("dims");
  if (failed(ds))
    return failure();
  for (int64_t d : *ds) {
    auto n = ctx.dim(d, type.getRank());
    if (failed(n))
      return failure();
    dims.push_back(*n);
  }
  return wrap(ctx.build<gn::RollOp>({v}, {ctx.ints("shifts", *shifts), ctx.ints("dims", dims)}));
}

template <bool Upper>
FailureOr<PyValue> triangular(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("diagonal");
  if (failed(x) || failed(d))
    return failure();
  return wrap(ctx.build<gn::TriangularOp>({*x}, {ctx.i64("diagonal", *d),
                                                 ctx.flag("upper", Upper)}));
}

FailureOr<PyValue> pad(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto p = a.ints("pad");
  auto mode = a.string("mode");
  if (failed(x) || failed(p) || failed(mode))
    return failure();
  auto type = typeOf(*x);
  int64_t rank = type.getRank();
  if (p->size() % 2 || (int64_t)p->size() / 2 > rank)
    return a.error("padding length must be even and at most twice the rank");
  llvm::SmallVector<int64_t> low(rank, 0), high(rank, 0), cutLow(rank, 0), cutHigh(rank, 0);
  // torch lists pads from the last dim backwards; negative pads crop.
  for (size_t k = 0; k < p->size() / 2; ++k) {
    int64_t d = rank - 1 - k, lo = (*p)[2 * k], hi = (*p)[2 * k + 1];
    (lo >= 0 ? low[d] : cutLow[d]) = std::abs(lo);
    (hi >= 0 ? high[d] : cutHigh[d]) = std::abs(hi);
  }
  Value v = *x;
  if (llvm::any_of(cutLow, [](int64_t c) { return c; }) ||
      llvm::any_of(cutHigh, [](int64_t c) { return c; })) {
    llvm::SmallVector<int64_t> starts(cutLow), limits, steps(rank, 1);
    for (int64_t d = 0; d < rank; ++d)
      limits.push_back(type.getDimSize(d) - cutHigh[d]);
    auto s = ctx.build<gn::SliceOp>({v}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                          ctx.ints("steps", steps)});
    if (failed(s))
      return failure();
    v = *s;
  }
  double value = 0;
  if (a.has("value")) {
    auto val = a.real("value");
    if (failed(val))
      return failure();
    value = *val;
  }
  return wrap(ctx.build<gn::PadOp>({v}, {ctx.ints("low", low), ctx.ints("high", high),
                                         ctx.str("mode", *mode), ctx.f64("value", value)}));
}

FailureOr<PyValue> meshgrid(ImportContext &ctx, Args &a) {
  std::vector<PyValue> items = a.rest();
  if (items.size() == 1 && items[0].isSequence())
    items = std::vector<PyValue>(items[0].elts);
  std::string indexing = "ij";
  if (a.has("indexing")) {
    auto s = a.string("indexing");
    if (failed(s))
      return failure();
    indexing = *s;
  }
  llvm::SmallVector<int64_t> shape;
  for (const PyValue &v : items) {
    if (!v.isTensor() || v.type().getRank() > 1)
      return a.error("expected 0-d or 1-d tensors");
    shape.push_back(v.type().getRank() ? v.type().getDimSize(0) : 1);
  }
  bool xy = indexing == "xy" && shape.size() >= 2;
  if (xy)
    std::swap(shape[0], shape[1]);
  std::vector<PyValue> out;
  for (size_t i = 0; i < items.size(); ++i) {
    size_t pos = xy && i < 2 ? 1 - i : i;
    llvm::SmallVector<int64_t> s(shape.size(), 1);
    s[pos] = shape[pos];
    auto r = ctx.reshape(items[i].tensor, s);
    if (failed(r))
      return failure();
    auto b = ctx.build<gn::BroadcastToOp>({*r}, {ctx.ints("shape", shape)});
    if (failed(b))
      return failure();
    out.push_back(PyValue::of(*b));
  }
  return PyValue::tuple(out);
}

/// repeat_interleave(input, repeats, dim=None, *, output_size=None): each
/// slice `repeats` times in a row, an int, or a tensor of counts (the
/// total then data-dependent, learned and guarded: algebra::repeatByCounts;
/// output_size, a hint, is not needed). repeat_interleave(repeats) alone
/// gives the slice indices.
FailureOr<PyValue> repeatInterleave(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (!a.has("repeats")) // torch.repeat_interleave(repeats): the indices
    return wrap(algebra::repeatByCounts(ctx, Value(), *x, 0));
  const PyValue &reps = a.get("repeats");
  if (reps.kind != PyValue::Tensor && reps.kind != PyValue::Int)
    return a.error("'repeats' must be an int or a tensor");
  if (reps.kind == PyValue::Int && reps.i < 0)
    return a.error("repeats can not be negative, got " + llvm::Twine(reps.i));
  auto along = flatOrAlongDim(ctx, a, *x);
  if (failed(along))
    return failure();
  auto [v, dim] = *along;
  if (reps.kind == PyValue::Tensor)
    return wrap(algebra::repeatByCounts(ctx, v, reps.tensor, dim));
  auto type = typeOf(v);
  // [.., n, ..] -> [.., n, 1, ..] -> broadcast [.., n, r, ..] -> [.., n*r, ..]
  llvm::SmallVector<int64_t> s1(type.getShape());
  s1.insert(s1.begin() + dim + 1, 1);
  llvm::SmallVector<int64_t> s2(s1);
  s2[dim + 1] = reps.i;
  llvm::SmallVector<int64_t> s3(type.getShape());
  s3[dim] *= reps.i;
  auto r1 = ctx.reshape(v, s1);
  if (failed(r1))
    return failure();
  auto r2 = ctx.build<gn::BroadcastToOp>({*r1}, {ctx.ints("shape", s2)});
  if (failed(r2))
    return failure();
  return wrap(ctx.reshape(*r2, s3));
}

FailureOr<PyValue> pixelShuffle(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto f = a.integer("upscale_factor");
  if (failed(x) || failed(f))
    return failure();
  return wrap(algebra::pixelShuffle(ctx, *x, *f));
}



/// Tensor.unfold(dimension, size, step): windows along a dim, window last.
FailureOr<PyValue> tensorUnfold(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dimension"), size = a.integer("size"), step = a.integer("step");
  if (failed(x) || failed(d) || failed(size) || failed(step))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  return wrap(algebra::unfoldDim(ctx, *x, *dim, *size, *step));
}

/// diagonal_scatter(input, src, offset=0, dim1=0, dim2=1).
FailureOr<PyValue> diagonalScatter(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), src = a.tensor("src");
  auto offset = a.integer("offset"), d1 = a.integer("dim1"), d2 = a.integer("dim2");
  if (failed(x) || failed(src) || failed(offset) || failed(d1) || failed(d2))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  auto a1 = ctx.dim(*d1, rank), a2 = ctx.dim(*d2, rank);
  if (failed(a1) || failed(a2))
    return failure();
  return wrap(algebra::diagonalScatter(ctx, *x, *src, *offset, *a1, *a2));
}

/// Tensor.fill_diagonal_(fill_value, wrap=False).
FailureOr<PyValue> fillDiagonal(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto value = a.real("fill_value");
  auto wrapAround = a.boolean("wrap");
  if (failed(x) || failed(value) || failed(wrapAround))
    return failure();
  return wrap(algebra::fillDiagonal(ctx, *x, *value, 0, *wrapAround));
}

/// as_strided(input, size, stride, storage_offset=None): over the input's
/// elements in row-major order (what a contiguous tensor's storage holds).
FailureOr<PyValue> asStrided(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto sizes = a.ints("size"), strides = a.ints("stride");
  if (failed(x) || failed(sizes) || failed(strides))
    return failure();
  int64_t offset = 0;
  if (a.has("storage_offset")) {
    auto o = a.integer("storage_offset");
    if (failed(o))
      return failure();
    offset = *o;
  }
  return wrap(algebra::asStrided(ctx, *x, *sizes, *strides, offset));
}

/// F.unfold (im2col): algebra::im2col.
FailureOr<PyValue> im2col(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto k = a.ints("kernel_size", 2), dl = a.ints("dilation", 2), p = a.ints("padding", 2),
       st = a.ints("stride", 2);
  if (failed(x) || failed(k) || failed(dl) || failed(p) || failed(st))
    return failure();
  return wrap(algebra::im2col(ctx, *x, *k, *dl, *p, *p, *st));
}

/// F.fold (col2im): algebra::col2im.
FailureOr<PyValue> col2im(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto out = a.ints("output_size", 2), k = a.ints("kernel_size", 2), dl = a.ints("dilation", 2),
       p = a.ints("padding", 2), st = a.ints("stride", 2);
  if (failed(x) || failed(out) || failed(k) || failed(dl) || failed(p) || failed(st))
    return failure();
  return wrap(algebra::col2im(ctx, *x, *out, *k, *dl, *p, *p, *st));
}

/// An i64 arange [0, n) shaped `shape` (n elements).
FailureOr<Value> iota(ImportContext &ctx, int64_t n, llvm::ArrayRef<int64_t> shape) {
  auto r = ctx.build<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1),
                                        ctx.i64("size", n),
                                        ctx.attr("dtype", TypeAttr::get(ctx.i64Type()))});
  if (failed(r))
    return failure();
  return ctx.reshape(*r, shape);
}

/// diag(input, diagonal=0): a vector's square matrix with it on diagonal k
/// (zeros elsewhere), or a matrix's diagonal k as a vector.
FailureOr<PyValue> diag(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto kv = a.integer("diagonal");
  if (failed(x) || failed(kv))
    return failure();
  int64_t k = *kv;
  auto type = typeOf(*x);
  Type i64 = ctx.i64Type();
  if (type.getRank() == 1) {
    int64_t n = type.getDimSize(0), size = n + std::abs(k);
    // out[i][j] = v[i] where j == i + k (k >= 0), v[j] where i == j - k.
    auto padded = ctx.build<gn::PadOp>({*x}, {ctx.ints("low", {0}),
                                              ctx.ints("high", {std::abs(k)}),
                                              ctx.str("mode", "constant"), ctx.f64("value", 0)});
    auto rows = iota(ctx, size, {size, 1}), cols = iota(ctx, size, {1, size});
    if (failed(padded) || failed(rows) || failed(cols))
      return failure();
    auto offset = ctx.build<gn::SubOp>({*cols, *rows});
    if (failed(offset))
      return failure();
    auto mask = ctx.build<gn::EqOp>({*offset, ctx.splat(i64, k)});
    auto values = ctx.reshape(*padded, k >= 0 ? llvm::SmallVector<int64_t>{size, 1}
                                              : llvm::SmallVector<int64_t>{1, size});
    if (failed(mask) || failed(values))
      return failure();
    return wrap(ctx.build<gn::WhereOp>(
        {*mask, *values, ctx.splat(type.getElementType(), 0)}));
  }
  if (type.getRank() != 2)
    return a.error("expected a 1-d or 2-d input, got rank " + llvm::Twine(type.getRank()));
  int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
  // out[i] = x[i, i + k] (k >= 0) or x[i - k, i]: flat index i (C + 1) + start.
  int64_t length = std::max<int64_t>(0, k >= 0 ? std::min(rows, cols - k) : std::min(rows + k, cols));
  int64_t start = k >= 0 ? k : -k * cols;
  auto flat = ctx.reshape(*x, {rows * cols});
  auto i = iota(ctx, length, {length});
  if (failed(flat) || failed(i))
    return failure();
  auto scaled = ctx.build<gn::MulOp>({*i, ctx.splat(i64, cols + 1)});
  if (failed(scaled))
    return failure();
  auto index = ctx.build<gn::AddOp>({*scaled, ctx.splat(i64, start)});
  if (failed(index))
    return failure();
  return wrap(ctx.build<gn::IndexSelectOp>({*flat, *index}, {ctx.i64("dim", 0)}));
}

/// Tensor.sum_to_size(*size): summed over the dims broadcast to reach it.
FailureOr<PyValue> sumToSize(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto size = a.sizes("size");
  if (failed(x) || failed(size))
    return failure();
  return wrap(algebra::sumToShape(ctx, *x, *size));
}

/// unravel_index(indices, shape): a tuple of coordinate tensors, one per
/// dim of shape (negative indices count from the end).
FailureOr<PyValue> unravelIndex(ImportContext &ctx, Args &a) {
  auto idx = a.tensor("indices");
  auto shape = a.ints("shape");
  if (failed(idx) || failed(shape))
    return failure();
  if (!llvm::isa<IntegerType>(typeOf(*idx).getElementType()))
    return a.error("indices must be integers");
  int64_t total = 1;
  for (int64_t d : *shape) {
    if (d < 0)
      return a.error("shape must be non-negative");
    total *= d;
  }
  Type i64 = ctx.i64Type();
  Chain c{ctx};
  Value i = c.convert(*idx, i64);
  i = c.op<gn::WhereOp>({c.op<gn::LtOp>({i, ctx.splat(i64, 0)}),
                         c.op<gn::AddOp>({i, ctx.splat(i64, double(total))}), i});
  std::vector<PyValue> out;
  int64_t stride = total;
  for (int64_t d : *shape) {
    stride = d ? stride / d : 0;
    Value coord = c.op<gn::RemOp>(
        {c.op<gn::FloorDivOp>({i, ctx.splat(i64, double(std::max<int64_t>(stride, 1)))}),
         ctx.splat(i64, double(std::max<int64_t>(d, 1)))});
    out.push_back(PyValue::of(coord));
  }
  if (!c.ok())
    return failure();
  return PyValue::tuple(out);
}

} // namespace

void mlir::gn::import::registerShapeOps(OpRegistry &r) {
  r.add("diag", "input, diagonal=0, *, out=None", diag);
  r.add("Tensor.view|Tensor.reshape", "input, *shape", view);
  r.add("reshape|view|_unsafe_view", "input, shape", view);
  r.add("expand", "input, size, implicit=False", expand); // ATen's function form
  // The *_copy ops are their views as new tensors: the same values.
  r.add("view_copy", "input, shape", view);
  r.add("Tensor.view_as|Tensor.reshape_as", "input, other", viewAs);
  r.add("flatten", "input, start_dim=0, end_dim=-1", flatten);
  r.add("ravel", "input, start_dim=0, end_dim=-1", flatten); // torch.ravel(input) only
  r.add("unflatten", "input, dim, sizes", unflatten);
  r.add("squeeze|squeeze_copy", "input, dim=None", squeeze);
  r.add("unsqueeze|unsqueeze_copy", "input, dim", unsqueeze);
  r.add("transpose|swapaxes|swapdims|transpose_copy", "input, dim0, dim1", transpose);
  r.add("Tensor.permute", "input, *dims", permuteOp);
  r.add("permute|permute_copy", "input, dims", permuteOp);
  r.add("t|mT|adjoint|t_copy", "input", matrixTranspose);
  r.add("numpy_T", "input", reverseDims);
  r.add("movedim|moveaxis", "input, source, destination", movedim);
  r.add("Tensor.expand", "input, *size", expand);
  r.add("Tensor.expand_as", "input, other", expandAs);
  r.add("broadcast_to", "input, size", expand);
  r.add("expand_copy", "input, size, *, implicit=False", expand);
  r.add("broadcast_tensors", "*tensors", broadcastTensors);
  r.add("Tensor.repeat", "input, *repeats", repeat);
  r.add("tile", "input, dims", tile);
  r.add("cat|concat|concatenate", "tensors, dim=0, *, axis=None", cat);
  r.add("stack", "tensors, dim=0", stack);
  r.add("split|unsafe_split|split_copy", "input, split_size_or_sections, dim=0", split);
  r.add("split_with_sizes|unsafe_split_with_sizes|split_with_sizes_copy",
        "input, split_size_or_sections, dim=0", split);
  r.add("chunk|unsafe_chunk", "input, chunks, dim=0", chunk);
  r.add("tensor_split", "input, indices_or_sections, dim=0", tensorSplit);
  r.add("unbind|unbind_copy", "input, dim=0", unbind);
  r.add("narrow|narrow_copy", "input, dim, start, length", narrow);
  r.add("select|select_copy", "input, dim, index", select);
  r.add("flip", "input, *dims", flip);
  r.add("fliplr", "input", [](ImportContext &ctx, Args &a) { return flipOne(ctx, a, 1); });
  r.add("flipud", "input", [](ImportContext &ctx, Args &a) { return flipOne(ctx, a, 0); });
  r.add("roll", "input, shifts, dims=None", roll);
  r.add("tril", "input, diagonal=0", triangular<false>);
  r.add("triu", "input, diagonal=0", triangular<true>);
  r.add("pad", "input, pad, mode='constant', value=None", pad);
  r.add("constant_pad_nd", "input, pad, value=0, mode='constant'", pad);
  r.add("meshgrid", "*tensors, indexing=None", meshgrid);
  r.add("repeat_interleave", "input, repeats=None, dim=None, *, output_size=None", repeatInterleave);
  r.add("pixel_shuffle", "input, upscale_factor", pixelShuffle);
  r.add("Tensor.sum_to_size", "input, *size", sumToSize);
  r.add("unravel_index", "indices, shape", unravelIndex);
  r.add("Tensor.unfold|unfold_copy", "input, dimension, size, step", tensorUnfold);
  r.add("as_strided|as_strided_copy", "input, size, stride, storage_offset=None", asStrided);
  r.add("diagonal_scatter", "input, src, offset=0, dim1=0, dim2=1", diagonalScatter);
  r.add("Tensor.fill_diagonal", "input, fill_value, wrap=False", fillDiagonal);
  r.add("unfold", "input, kernel_size, dilation=1, padding=0, stride=1", im2col);
  r.add("fold", "input, output_size, kernel_size, dilation=1, padding=0, stride=1", col2im);
}

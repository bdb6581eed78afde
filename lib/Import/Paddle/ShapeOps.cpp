//===- ShapeOps.cpp - Paddle reshapes, slices, joins, gathers, padding --===//
#include "PaddleOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

FailureOr<PyValue> constantInts(ImportContext &ctx, llvm::ArrayRef<int64_t> values,
                                llvm::ArrayRef<int64_t> shape, Type e) {
  auto type = RankedTensorType::get(shape, e);
  llvm::SmallVector<Attribute> elements;
  for (int64_t v : values)
    elements.push_back(IntegerAttr::get(e, v));
  return PyValue::of(gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                            DenseElementsAttr::get(type, elements)));
}

/// reshape(x, shape): 0 copies the input's dim, -1 is inferred.
FailureOr<PyValue> reshape(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto shape = intList(a, ctx, "shape");
  if (failed(x) || failed(shape))
    return failure();
  auto type = typeOf(*x);
  llvm::SmallVector<int64_t> out;
  int64_t known = 1, infer = -1;
  for (auto [i, d] : llvm::enumerate(*shape)) {
    if (d == 0) {
      if ((int64_t)i >= type.getRank())
        return a.error("shape entry 0 at position " + llvm::Twine(i) +
                       " copies a dim the input (rank " + llvm::Twine(type.getRank()) +
                       ") does not have");
      d = type.getDimSize(i);
    }
    if (d == -1) {
      if (infer >= 0)
        return a.error("more than one -1 in the shape");
      infer = i;
    } else if (d < 0) {
      return a.error("invalid shape entry " + llvm::Twine(d));
    } else if (__builtin_mul_overflow(known, d, &known)) {
      return a.error("shape has more elements than an int64 holds");
    }
    out.push_back(d);
  }
  if (infer >= 0) {
    if (known == 0 || type.getNumElements() % known != 0)
      return a.error("cannot reshape " + llvm::Twine(type.getNumElements()) +
                     " elements with -1 in the shape");
    out[infer] = type.getNumElements() / known;
  }
  return wrap(ctx.reshape(*x, out));
}

FailureOr<PyValue> transposeOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto perm = intList(a, ctx, "perm");
  if (failed(x) || failed(perm))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  for (int64_t &p : *perm) {
    auto d = ctx.dim(p, rank);
    if (failed(d))
      return failure();
    p = *d;
  }
  return wrap(transpose(ctx, *x, *perm));
}

/// Shared by slice and strided_slice: Python-style clamping per axis.
FailureOr<Value> sliceAxes(ImportContext &ctx, Args &a, Value x, llvm::ArrayRef<int64_t> axesIn,
                           llvm::ArrayRef<int64_t> startsIn, llvm::ArrayRef<int64_t> endsIn,
                           llvm::ArrayRef<int64_t> stridesIn) {
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  if (axesIn.size() != startsIn.size() || axesIn.size() != endsIn.size() ||
      (!stridesIn.empty() && stridesIn.size() != axesIn.size()))
    return a.error("axes, starts and ends must have the same length");
  llvm::SmallVector<int64_t> starts(rank, 0), limits(type.getShape()), steps(rank, 1);
  bool reverse = false;
  llvm::SmallVector<int64_t> flipDims;
  for (size_t k = 0; k < axesIn.size(); ++k) {
    auto d = ctx.dim(axesIn[k], rank);
    if (failed(d))
      return failure();
    int64_t n = type.getDimSize(*d);
    int64_t step = stridesIn.empty() ? 1 : stridesIn[k];
    if (step == 0)
      return a.error("stride 0 on axis " + llvm::Twine(*d));
    int64_t s = startsIn[k], e = endsIn[k];
    if (step > 0) {
      s = s < 0 ? std::max<int64_t>(s + n, 0) : std::min(s, n);
      e = e < 0 ? std::max<int64_t>(e + n, 0) : std::min(e, n);
      starts[*d] = s;
      limits[*d] = std::max(s, e);
      steps[*d] = step;
    } else {
      // Negative stride: walk the flipped axis forward.
      s = s < 0 ? s + n : std::min(s, n - 1);
      e = e < 0 ? std::max<int64_t>(e + n, -1) : std::min(e, n);
      int64_t fs = n - 1 - s, fe = n - 1 - e;
      starts[*d] = std::max<int64_t>(fs, 0);
      limits[*d] = std::max(starts[*d], std::min(fe, n));
      steps[*d] = -step;
      flipDims.push_back(*d);
      reverse = true;
    }
  }
  Value in = x;
  if (reverse) {
    auto f = ctx.build<gn::FlipOp>({in}, {ctx.ints("dims", flipDims)});
    if (failed(f))
      return failure();
    in = *f;
  }
  return ctx.build<gn::SliceOp>({in}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                      ctx.ints("steps", steps)});
}

/// slice(x, axes, starts, ends, infer_flags, decrease_axis).
FailureOr<PyValue> slice(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto ax = intList(a, ctx, "axes"), st = intList(a, ctx, "starts"), en = intList(a, ctx, "ends");
  auto dec = intList(a, ctx, "decrease_axis");
  if (failed(x) || failed(ax) || failed(st) || failed(en) || failed(dec))
    return failure();
  auto r = sliceAxes(ctx, a, *x, *ax, *st, *en, {});
  if (failed(r) || dec->empty())
    return wrap(r);
  auto type = typeOf(*r);
  llvm::SmallVector<int64_t> drop, shape;
  for (int64_t d : *dec) {
    auto n = ctx.dim(d, type.getRank());
    if (failed(n))
      return failure();
    if (type.getDimSize(*n) != 1)
      return a.error("decrease_axis " + llvm::Twine(*n) + " has size " +
                     llvm::Twine(type.getDimSize(*n)) + ", not 1");
    drop.push_back(*n);
  }
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (!llvm::is_contained(drop, i))
      shape.push_back(type.getDimSize(i));
  return wrap(ctx.reshape(*r, shape));
}

FailureOr<PyValue> stridedSlice(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto ax = intList(a, ctx, "axes"), st = intList(a, ctx, "starts"), en = intList(a, ctx, "ends"),
       sd = intList(a, ctx, "strides");
  if (failed(x) || failed(ax) || failed(st) || failed(en) || failed(sd))
    return failure();
  return wrap(sliceAxes(ctx, a, *x, *ax, *st, *en, *sd));
}

FailureOr<PyValue> concat(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("x");
  auto axis = number(a, ctx, "axis");
  if (failed(xs) || failed(axis))
    return failure();
  if (xs->empty())
    return a.error("concat of no tensors");
  auto d = ctx.dim((int64_t)*axis, typeOf((*xs)[0]).getRank());
  if (failed(d))
    return failure();
  if (xs->size() == 1)
    return PyValue::of((*xs)[0]);
  return wrap(ctx.build<gn::ConcatOp>(*xs, {ctx.i64("dim", *d)}));
}

FailureOr<PyValue> stack(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("x");
  auto axis = a.integer("axis");
  if (failed(xs) || failed(axis))
    return failure();
  if (xs->empty())
    return a.error("stack of no tensors");
  auto type = typeOf((*xs)[0]);
  auto d = ctx.dim(*axis, type.getRank() + 1);
  if (failed(d))
    return failure();
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + *d, 1);
  llvm::SmallVector<Value> parts;
  for (Value v : *xs) {
    auto r = ctx.reshape(v, shape);
    if (failed(r))
      return failure();
    parts.push_back(*r);
  }
  if (parts.size() == 1)
    return PyValue::of(parts[0]);
  return wrap(ctx.build<gn::ConcatOp>(parts, {ctx.i64("dim", *d)}));
}

/// unsqueeze(x, axes): axes are inserted one after another.
FailureOr<PyValue> unsqueeze(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto ax = intList(a, ctx, "axis");
  if (failed(x) || failed(ax))
    return failure();
  llvm::SmallVector<int64_t> shape(typeOf(*x).getShape());
  for (int64_t d : *ax) {
    int64_t r = shape.size();
    int64_t p = d < 0 ? d + r + 1 : d;
    if (p < 0 || p > r)
      return a.error("axis " + llvm::Twine(d) + " out of range for rank " + llvm::Twine(r));
    shape.insert(shape.begin() + p, 1);
  }
  return wrap(ctx.reshape(*x, shape));
}

/// squeeze(x, axes): drops the listed dims of size 1 (others are kept);
/// no axes drops every dim of size 1.
FailureOr<PyValue> squeeze(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  auto ax = axes(a, ctx, "axis", type.getRank(), /*emptyMeansAll=*/true);
  if (failed(ax))
    return failure();
  llvm::SmallVector<int64_t> shape;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (!(llvm::is_contained(*ax, i) && type.getDimSize(i) == 1))
      shape.push_back(type.getDimSize(i));
  return wrap(ctx.reshape(*x, shape));
}

FailureOr<PyValue> flatten(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto s = a.integer("start_axis"), e = a.integer("stop_axis");
  if (failed(x) || failed(s) || failed(e))
    return failure();
  auto type = typeOf(*x);
  int64_t rank = type.getRank();
  if (rank == 0)
    return wrap(ctx.reshape(*x, {1}));
  auto start = ctx.dim(*s, rank), stop = ctx.dim(*e, rank);
  if (failed(start) || failed(stop))
    return failure();
  if (*start > *stop)
    return a.error("start_axis must not be after stop_axis");
  llvm::SmallVector<int64_t> shape;
  for (int64_t i = 0; i < *start; ++i)
    shape.push_back(type.getDimSize(i));
  int64_t n = 1;
  for (int64_t i = *start; i <= *stop; ++i)
    n *= type.getDimSize(i);
  shape.push_back(n);
  for (int64_t i = *stop + 1; i < rank; ++i)
    shape.push_back(type.getDimSize(i));
  return wrap(ctx.reshape(*x, shape));
}

FailureOr<PyValue> splitInto(ImportContext &ctx, Args &a, Value x, int64_t axis,
                             llvm::ArrayRef<int64_t> sizes) {
  std::vector<PyValue> parts;
  int64_t offset = 0;
  for (int64_t n : sizes) {
    auto r = sliceAxis(ctx, x, axis, offset, offset + n);
    if (failed(r))
      return failure();
    parts.push_back(PyValue::of(*r));
    offset += n;
  }
  PyValue out = PyValue::tuple(parts);
  out.kind = PyValue::List;
  return out;
}

/// split(x, sections, axis): one section may be -1 (the rest).
FailureOr<PyValue> split(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto sections = intList(a, ctx, "sections");
  auto axis = number(a, ctx, "axis");
  if (failed(x) || failed(sections) || failed(axis))
    return failure();
  auto type = typeOf(*x);
  auto d = ctx.dim((int64_t)*axis, type.getRank());
  if (failed(d))
    return failure();
  int64_t total = type.getDimSize(*d), known = 0, infer = -1;
  for (auto [i, s] : llvm::enumerate(*sections)) {
    if (s == -1)
      infer = i;
    else
      known += s;
  }
  if (infer >= 0)
    (*sections)[infer] = total - known;
  int64_t sum = 0;
  for (int64_t s : *sections)
    sum += s;
  if (sum != total)
    return a.error("sections sum to " + llvm::Twine(sum) + ", the axis has " + llvm::Twine(total));
  return splitInto(ctx, a, *x, *d, *sections);
}

FailureOr<PyValue> splitWithNum(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto num = a.integer("num");
  auto axis = number(a, ctx, "axis");
  if (failed(x) || failed(num) || failed(axis))
    return failure();
  auto type = typeOf(*x);
  auto d = ctx.dim((int64_t)*axis, type.getRank());
  if (failed(d))
    return failure();
  if (*num <= 0 || *num > std::max<int64_t>(type.getDimSize(*d), 1) ||
      type.getDimSize(*d) % *num != 0)
    return a.error("axis of size " + llvm::Twine(type.getDimSize(*d)) +
                   " does not split into " + llvm::Twine(*num) + " equal parts");
  llvm::SmallVector<int64_t> sizes(*num, type.getDimSize(*d) / *num);
  return splitInto(ctx, a, *x, *d, sizes);
}

/// expand(x, shape): -1 keeps the input's dim; extra leading dims broadcast.
FailureOr<PyValue> expand(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto shape = intList(a, ctx, "shape");
  if (failed(x) || failed(shape))
    return failure();
  auto type = typeOf(*x);
  int64_t lead = (int64_t)shape->size() - type.getRank();
  if (lead < 0)
    return a.error("shape has fewer dims than the input");
  for (int64_t i = 0; i < (int64_t)shape->size(); ++i)
    if ((*shape)[i] == -1) {
      if (i < lead)
        return a.error("-1 in a new leading dim");
      (*shape)[i] = type.getDimSize(i - lead);
    }
  return wrap(ctx.build<gn::BroadcastToOp>({*x}, {ctx.ints("shape", *shape)}));
}

/// broadcast_tensors(input): every tensor of the list broadcast to their
/// common shape (numpy's rules), as a list.
FailureOr<PyValue> broadcastTensors(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("input");
  if (failed(xs))
    return failure();
  llvm::SmallVector<int64_t> shape;
  for (Value x : *xs) {
    auto common = gn::broadcastShapes(shape, typeOf(x).getShape());
    if (!common)
      return a.error("the shapes do not broadcast together");
    shape = *common;
  }
  std::vector<PyValue> out;
  for (Value x : *xs) {
    auto b = typeOf(x).getShape() == llvm::ArrayRef<int64_t>(shape)
                 ? FailureOr<Value>(x)
                 : ctx.build<gn::BroadcastToOp>({x}, {ctx.ints("shape", shape)});
    if (failed(b))
      return failure();
    out.push_back(PyValue::of(*b));
  }
  return PyValue::tuple(std::move(out));
}

FailureOr<PyValue> expandAs(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  if (failed(x) || failed(y))
    return failure();
  return wrap(ctx.build<gn::BroadcastToOp>({*x}, {ctx.ints("shape", typeOf(*y).getShape())}));
}

FailureOr<PyValue> tile(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto reps = intList(a, ctx, "repeat_times");
  if (failed(x) || failed(reps))
    return failure();
  Value v = *x;
  auto type = typeOf(v);
  int64_t rank = std::max<int64_t>(type.getRank(), reps->size());
  llvm::SmallVector<int64_t> shape(rank - type.getRank(), 1), mult(rank - reps->size(), 1);
  llvm::append_range(shape, type.getShape());
  llvm::append_range(mult, *reps);
  auto r = ctx.reshape(v, shape);
  if (failed(r))
    return failure();
  return wrap(ctx.build<gn::TileOp>({*r}, {ctx.ints("multiples", mult)}));
}

/// repeat_interleave(x, repeats, axis, output_size): each slice along axis
/// `repeats` times in a row (an int repeat count; per-slice counts are the
/// tensor-index variant).
FailureOr<PyValue> repeatInterleave(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto repeats = number(a, ctx, "repeats");
  auto axis = a.integer("axis");
  if (failed(x) || failed(repeats) || failed(axis))
    return failure();
  auto type = typeOf(*x);
  auto d = ctx.dim(*axis, type.getRank());
  if (failed(d))
    return failure();
  int64_t n = gn::saturatingCast<int64_t>(*repeats);
  if (n < 0)
    return a.error("repeats must not be negative, got " + llvm::Twine(n));
  llvm::SmallVector<int64_t> split(type.getShape()), merged(type.getShape());
  split.insert(split.begin() + *d + 1, 1);
  auto r = ctx.reshape(*x, split);
  if (failed(r))
    return failure();
  split[*d + 1] = n;
  auto b = ctx.build<gn::BroadcastToOp>({*r}, {ctx.ints("shape", split)});
  if (failed(b))
    return failure();
  merged[*d] *= n;
  return wrap(ctx.reshape(*b, merged));
}

/// repeat_interleave_with_tensor_index(x, repeats, axis, output_size): each
/// slice along axis repeats[i] times in a row; the total is learned from
/// the values and guarded (algebra::repeatByCounts; output_size, a hint,
/// is not needed).
FailureOr<PyValue> repeatInterleaveByTensor(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), repeats = a.tensor("repeats");
  auto axis = a.integer("axis");
  if (failed(x) || failed(repeats) || failed(axis))
    return failure();
  Type e = typeOf(*repeats).getElementType();
  if (!e.isSignlessInteger(32) && !e.isSignlessInteger(64))
    return a.error("repeats must be int32 or int64");
  auto d = ctx.dim(*axis, typeOf(*x).getRank());
  if (failed(d))
    return failure();
  return wrap(algebra::repeatByCounts(ctx, *x, *repeats, *d));
}

/// gather(x, index, axis) and index_select(x, index, axis): whole slices
/// along axis; a 0-d index drops the axis.
FailureOr<PyValue> indexSelect(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), index = a.tensor("index");
  auto axis = number(a, ctx, "axis");
  if (failed(x) || failed(index) || failed(axis))
    return failure();
  auto d = ctx.dim((int64_t)*axis, typeOf(*x).getRank());
  if (failed(d))
    return failure();
  Value idx = *index;
  bool scalar = typeOf(idx).getRank() == 0;
  if (scalar) {
    auto r = ctx.reshape(idx, {1});
    if (failed(r))
      return failure();
    idx = *r;
  }
  // An [N, 1] index (gather's other spelling of a 1-d one).
  if (typeOf(idx).getRank() == 2 && typeOf(idx).getDimSize(1) == 1) {
    auto r = ctx.reshape(idx, {typeOf(idx).getDimSize(0)});
    if (failed(r))
      return failure();
    idx = *r;
  }
  if (typeOf(idx).getRank() != 1)
    return a.error("index must be 1-d, got rank " + llvm::Twine(typeOf(idx).getRank()));
  auto i64 = ctx.convert(idx, ctx.i64Type());
  if (failed(i64))
    return failure();
  auto r = ctx.build<gn::IndexSelectOp>({*x, *i64}, {ctx.i64("dim", *d)});
  if (failed(r) || !scalar)
    return wrap(r);
  llvm::SmallVector<int64_t> shape(typeOf(*r).getShape());
  shape.erase(shape.begin() + *d);
  return wrap(ctx.reshape(*r, shape));
}

FailureOr<PyValue> roll(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto shifts = intList(a, ctx, "shifts"), ax = intList(a, ctx, "axis");
  if (failed(x) || failed(shifts) || failed(ax))
    return failure();
  auto type = typeOf(*x);
  if (ax->empty()) {
    auto flat = ctx.reshape(*x, {type.getNumElements()});
    if (failed(flat))
      return failure();
    auto r = ctx.build<gn::RollOp>({*flat}, {ctx.ints("shifts", *shifts), ctx.ints("dims", {0})});
    if (failed(r))
      return failure();
    return wrap(ctx.reshape(*r, type.getShape()));
  }
  for (int64_t &d : *ax) {
    auto n = ctx.dim(d, type.getRank());
    if (failed(n))
      return failure();
    d = *n;
  }
  return wrap(ctx.build<gn::RollOp>({*x}, {ctx.ints("shifts", *shifts), ctx.ints("dims", *ax)}));
}

FailureOr<PyValue> flip(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto ax = axes(a, ctx, "axis", typeOf(*x).getRank(), false);
  if (failed(ax))
    return failure();
  return wrap(ctx.build<gn::FlipOp>({*x}, {ctx.ints("dims", *ax)}));
}

/// pad(x, paddings, pad_value): paddings are (before, after) per dim,
/// first dim first.
FailureOr<PyValue> pad(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto p = intList(a, ctx, "paddings");
  auto value = number(a, ctx, "pad_value");
  if (failed(x) || failed(p) || failed(value))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if ((int64_t)p->size() != 2 * rank)
    return a.error("expected " + llvm::Twine(2 * rank) + " paddings, got " +
                   llvm::Twine(p->size()));
  llvm::SmallVector<int64_t> low, high;
  for (int64_t i = 0; i < rank; ++i) {
    low.push_back((*p)[2 * i]);
    high.push_back((*p)[2 * i + 1]);
  }
  return wrap(ctx.build<gn::PadOp>({*x}, {ctx.ints("low", low), ctx.ints("high", high),
                                          ctx.str("mode", "constant"), ctx.f64("value", *value)}));
}

/// pad3d(x, paddings, mode, value, data_format): paddings are
/// (left, right, top, bottom, front, back) of W, H, D.
FailureOr<PyValue> pad3d(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto p = intList(a, ctx, "paddings");
  auto mode = a.string("mode"), format = a.string("data_format");
  auto value = number(a, ctx, "pad_value");
  if (failed(x) || failed(p) || failed(mode) || failed(format) || failed(value))
    return failure();
  if (typeOf(*x).getRank() != 5 || p->size() != 6)
    return a.error("expects a 5-d input and 6 paddings");
  static const llvm::StringMap<llvm::StringRef> modes = {
      {"constant", "constant"}, {"reflect", "reflect"}, {"replicate", "replicate"},
      {"circular", "circular"}};
  auto m = modes.find(*mode);
  if (m == modes.end())
    return a.error("unsupported mode '" + *mode + "'");
  bool last = *format == "NDHWC";
  int64_t d = last ? 1 : 2, h = d + 1, w = d + 2;
  llvm::SmallVector<int64_t> low(5, 0), high(5, 0);
  low[w] = (*p)[0], high[w] = (*p)[1], low[h] = (*p)[2], high[h] = (*p)[3], low[d] = (*p)[4],
  high[d] = (*p)[5];
  return wrap(ctx.build<gn::PadOp>({*x}, {ctx.ints("low", low), ctx.ints("high", high),
                                          ctx.str("mode", m->second), ctx.f64("value", *value)}));
}

FailureOr<PyValue> meshgrid(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("inputs");
  if (failed(xs))
    return failure();
  llvm::SmallVector<int64_t> shape;
  for (Value v : *xs)
    shape.push_back(typeOf(v).getRank() == 0 ? 1 : typeOf(v).getNumElements());
  std::vector<PyValue> out;
  for (auto [i, v] : llvm::enumerate(*xs)) {
    llvm::SmallVector<int64_t> s(shape.size(), 1);
    s[i] = shape[i];
    auto r = ctx.reshape(v, s);
    if (failed(r))
      return failure();
    auto b = ctx.build<gn::BroadcastToOp>({*r}, {ctx.ints("shape", shape)});
    if (failed(b))
      return failure();
    out.push_back(PyValue::of(*b));
  }
  PyValue list = PyValue::tuple(out);
  list.kind = PyValue::List;
  return list;
}

template <bool Is64>
FailureOr<PyValue> shapeOf(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  return constantInts(ctx, type.getShape(), {type.getRank()},
                      Is64 ? ctx.i64Type() : ctx.builder.getI32Type());
}

FailureOr<PyValue> numel(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return constantInts(ctx, {typeOf(*x).getNumElements()}, {}, ctx.i64Type());
}

/// one_hot(x, num_classes): f32 rows with a 1 at each index.
FailureOr<PyValue> oneHot(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto n = number(a, ctx, "num_classes");
  if (failed(x) || failed(n))
    return failure();
  return wrap(ctx.oneHot(*x, gn::saturatingCast<int64_t>(*n), ctx.f32()));
}

template <bool Upper>
FailureOr<PyValue> triangular(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.integer("diagonal");
  if (failed(x) || failed(k))
    return failure();
  return wrap(ctx.build<gn::TriangularOp>({*x}, {ctx.i64("diagonal", *k), ctx.flag("upper", Upper)}));
}

/// embedding(x, weight, padding_idx, sparse): rows of weight; rows looked
/// up at padding_idx are zero when it is >= 0 (PaddlePaddle 3.3.1: any
/// negative padding_idx means no padding).
FailureOr<PyValue> embedding(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), w = a.tensor("weight");
  auto pad = a.integer("padding_idx");
  if (failed(x) || failed(w) || failed(pad))
    return failure();
  auto xt = typeOf(*x), wt = typeOf(*w);
  if (wt.getRank() != 2)
    return a.error("weight must be 2-d");
  auto flat = ctx.reshape(*x, {xt.getNumElements()});
  if (failed(flat))
    return failure();
  auto idx = ctx.convert(*flat, ctx.i64Type());
  if (failed(idx))
    return failure();
  auto rows = ctx.build<gn::IndexSelectOp>({*w, *idx}, {ctx.i64("dim", 0)});
  if (failed(rows))
    return failure();
  llvm::SmallVector<int64_t> shape(xt.getShape());
  shape.push_back(wt.getDimSize(1));
  auto out = ctx.reshape(*rows, shape);
  if (failed(out) || *pad < 0)
    return wrap(out);
  int64_t p = *pad;
  llvm::SmallVector<int64_t> colShape(xt.getShape());
  colShape.push_back(1);
  auto col = ctx.reshape(*idx, colShape);
  if (failed(col))
    return failure();
  auto isPad = ctx.build<gn::EqOp>({*col, ctx.splat(ctx.i64Type(), p)});
  if (failed(isPad))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*isPad, ctx.splat(wt.getElementType(), 0), *out}));
}

/// diag(x, offset, padding_value) of a 1-d x: the square matrix with x on
/// diagonal `offset` and padding_value elsewhere.
FailureOr<PyValue> diag(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto offset = a.integer("offset");
  auto pad = number(a, ctx, "padding_value");
  if (failed(x) || failed(offset) || failed(pad))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() == 2) // the diagonal at offset (padding_value unused)
    return wrap(algebra::diagonal(ctx, *x, *offset, 0, 1));
  if (type.getRank() != 1)
    return a.error("expects a 1-d input (a diagonal matrix is built) or a 2-d one (its "
                   "diagonal is taken)");
  int64_t k = *offset, len = type.getDimSize(0), n = len + std::abs(k);
  // Row vector v with v[j] = x[j - k] (k >= 0) or x[j] (k < 0), and the
  // mask j - i == k.
  auto row = ctx.build<gn::PadOp>({*x}, {ctx.ints("low", {std::max<int64_t>(k, 0)}),
                                         ctx.ints("high", {std::max<int64_t>(-k, 0)}),
                                         ctx.str("mode", "constant"), ctx.f64("value", 0)});
  if (failed(row))
    return failure();
  auto rowVec = ctx.reshape(*row, {1, n});
  auto range = [&] {
    return ctx.build<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1), ctx.i64("size", n),
                                        ctx.attr("dtype", TypeAttr::get(ctx.i64Type()))});
  };
  auto i = range(), j = range();
  if (failed(rowVec) || failed(i) || failed(j))
    return failure();
  auto col = ctx.reshape(*i, {n, 1});
  if (failed(col))
    return failure();
  auto shifted = ctx.build<gn::AddOp>({*col, ctx.splat(ctx.i64Type(), k)});
  if (failed(shifted))
    return failure();
  auto mask = ctx.build<gn::EqOp>({*shifted, *j});
  if (failed(mask))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*mask, *rowVec, ctx.splat(type.getElementType(), *pad)}));
}

/// crop(x, shape, offsets): x[offsets : offsets + shape] per dim; a size
/// of -1 keeps the rest of that dim.
FailureOr<PyValue> crop(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto shape = intList(a, ctx, "shape"), offsets = intList(a, ctx, "offsets");
  if (failed(x) || failed(shape) || failed(offsets))
    return failure();
  auto type = typeOf(*x);
  int64_t rank = type.getRank();
  if ((int64_t)shape->size() != rank || (int64_t)offsets->size() != rank)
    return a.error("shape and offsets need one entry per dim (" + llvm::Twine(rank) + ")");
  Value v = *x;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t n = type.getDimSize(d), start = (*offsets)[d];
    int64_t size = (*shape)[d] == -1 ? n - start : (*shape)[d];
    if (start < 0 || size < 0 || start + size > n)
      return a.error("the crop of dim " + llvm::Twine(d) + " (offset " + llvm::Twine(start) +
                     ", size " + llvm::Twine(size) + ") does not fit its " + llvm::Twine(n));
    if (start == 0 && size == n)
      continue;
    auto s = sliceAxis(ctx, v, d, start, start + size);
    if (failed(s))
      return failure();
    v = *s;
  }
  return PyValue::of(v);
}

/// tensor_unfold(x, axis, size, step): torch's Tensor.unfold.
FailureOr<PyValue> tensorUnfold(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto axis = a.integer("axis"), size = a.integer("size"), step = a.integer("step");
  if (failed(x) || failed(axis) || failed(size) || failed(step))
    return failure();
  auto d = ctx.dim(*axis, typeOf(*x).getRank());
  if (failed(d))
    return failure();
  return wrap(algebra::unfoldDim(ctx, *x, *d, *size, *step));
}

/// as_strided(x, shape, stride, offset): over x's elements in row-major
/// order; PaddlePaddle's offset counts bytes.
FailureOr<PyValue> asStrided(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto shape = intList(a, ctx, "shape"), stride = intList(a, ctx, "stride");
  auto offset = a.integer("offset");
  if (failed(x) || failed(shape) || failed(stride) || failed(offset))
    return failure();
  Type e = typeOf(*x).getElementType();
  int64_t bytes = std::max<int64_t>(1, e.getIntOrFloatBitWidth() / 8);
  if (*offset % bytes)
    return a.error("offset " + llvm::Twine(*offset) + " is not a whole element of " +
                   llvm::Twine(bytes) + " bytes");
  return wrap(algebra::asStrided(ctx, *x, *shape, *stride, *offset / bytes));
}

/// fill_diagonal_tensor(x, y, offset, dim1, dim2): x with the diagonal
/// replaced by y.
FailureOr<PyValue> fillDiagonalTensor(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  auto offset = a.integer("offset"), d1 = a.integer("dim1"), d2 = a.integer("dim2");
  if (failed(x) || failed(y) || failed(offset) || failed(d1) || failed(d2))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  auto a1 = ctx.dim(*d1, rank), a2 = ctx.dim(*d2, rank);
  if (failed(a1) || failed(a2))
    return failure();
  return wrap(algebra::diagonalScatter(ctx, *x, *y, *offset, *a1, *a2));
}

/// fill_diagonal(x, value, offset, wrap).
FailureOr<PyValue> fillDiagonal(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto value = number(a, ctx, "value");
  auto offset = a.integer("offset");
  auto wrapAround = a.boolean("wrap");
  if (failed(x) || failed(value) || failed(offset) || failed(wrapAround))
    return failure();
  return wrap(algebra::fillDiagonal(ctx, *x, *value, *offset, *wrapAround));
}

/// frame(x, frame_length, hop_length, axis): frames hop_length apart
/// along the last axis (axis -1: [.., frame_length, count]) or the first
/// (axis 0: [count, frame_length, ..]).
FailureOr<PyValue> frame(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto length = a.integer("frame_length"), hop = a.integer("hop_length"),
       axis = a.integer("axis");
  if (failed(x) || failed(length) || failed(hop) || failed(axis))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if (rank < 1 || (*axis != 0 && *axis != -1 && *axis != rank - 1))
    return a.error("axis must be 0 or -1");
  bool first = *axis == 0;
  int64_t dim = first ? 0 : rank - 1, count;
  auto w = algebra::windows(ctx, *x, dim, *length, *hop, 1, count);
  if (failed(w))
    return failure();
  if (first)
    return PyValue::of(*w); // [count, length, ..]
  // [.., count, length] -> [.., length, count]
  llvm::SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank - 1; ++d)
    perm.push_back(d);
  perm.push_back(rank);
  perm.push_back(rank - 1);
  return wrap(transpose(ctx, *w, perm));
}

/// overlap_add(x, hop_length, axis): frames ([.., frame_length, count] for
/// axis -1, [count, frame_length, ..] for 0) summed where they overlap
/// into a signal of (count - 1) * hop + frame_length.
FailureOr<PyValue> overlapAdd(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto hop = a.integer("hop_length"), axis = a.integer("axis");
  if (failed(x) || failed(hop) || failed(axis))
    return failure();
  auto type = typeOf(*x);
  int64_t rank = type.getRank();
  if (rank < 2 || (*axis != 0 && *axis != -1 && *axis != rank - 1) || *hop < 1)
    return a.error("expects frames of rank >= 2, axis 0 or -1 and a positive hop");
  bool first = *axis == 0;
  Chain c{ctx};
  // As [rows, length, count] with rows the other dims.
  Value v = *x;
  if (first) {
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = 2; d < rank; ++d)
      perm.push_back(d);
    perm.push_back(1);
    perm.push_back(0);
    v = c.op<gn::TransposeOp>({v}, {ctx.ints("permutation", perm)});
  }
  auto vt = c.ok() ? typeOf(v) : RankedTensorType();
  if (!c.ok())
    return failure();
  int64_t length = vt.getDimSize(rank - 2), count = vt.getDimSize(rank - 1);
  int64_t rows = vt.getNumElements() / std::max<int64_t>(1, length * count);
  int64_t size = (count - 1) * *hop + length;
  Value flat = c.reshape(v, {rows, length * count});
  // Element (k, f) of the frames lands at f * hop + k.
  std::vector<double> positions;
  for (int64_t k = 0; k < length; ++k)
    for (int64_t f = 0; f < count; ++f)
      positions.push_back(double(f * *hop + k));
  Value idx = c.op<gn::BroadcastToOp>(
      {denseConstant(ctx, ctx.i64Type(), {1, length * count}, positions)},
      {ctx.ints("shape", {rows, length * count})});
  Value out = c.op<gn::ScatterOp>({flat, ctx.splat(vt.getElementType(), 0, {rows, size}), idx},
                                  {ctx.i64("dim", 1), ctx.str("reduce", "add")});
  llvm::SmallVector<int64_t> others(vt.getShape().drop_back(2)), shape(others);
  shape.push_back(size);
  out = c.reshape(out, shape);
  if (first) { // [others.., size] -> [size, others..]
    llvm::SmallVector<int64_t> perm{(int64_t)others.size()};
    for (int64_t d = 0; d < (int64_t)others.size(); ++d)
      perm.push_back(d);
    out = c.op<gn::TransposeOp>({out}, {ctx.ints("permutation", perm)});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// is_empty(x): a 0-d bool, whether x has no elements.
FailureOr<PyValue> isEmpty(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return PyValue::of(ctx.splat(ctx.i1(), typeOf(*x).getNumElements() == 0 ? 1 : 0));
}

/// fill_(x, value): x's shape and dtype, every element value.
FailureOr<PyValue> fill(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto value = number(a, ctx, "value");
  if (failed(x) || failed(value))
    return failure();
  auto type = typeOf(*x);
  return PyValue::of(ctx.splat(type.getElementType(), *value, type.getShape()));
}

} // namespace

void paddle::registerShapeOps(OpRegistry &r) {
  r.add("reshape", "x, shape", folded<reshape>);
  r.add("view_shape", "x, shape", folded<reshape>); // a reshape as a view
  r.add("transpose", "x, perm", folded<transposeOp>);
  r.add("slice", "x, axes, starts, ends, infer_flags=None, decrease_axis=None", folded<slice>);
  r.add("strided_slice", "x, axes, starts, ends, strides", folded<stridedSlice>);
  r.add("concat", "x, axis=0", folded<concat>);
  r.add("stack", "x, axis=0", folded<stack>);
  r.add("unsqueeze", "x, axis", folded<unsqueeze>);
  r.add("squeeze", "x, axis", folded<squeeze>);
  r.add("flatten", "x, start_axis=0, stop_axis=-1", folded<flatten>);
  r.add("split", "x, sections, axis=0", folded<split>);
  r.add("split_with_num", "x, num, axis=0", folded<splitWithNum>);
  r.add("expand", "x, shape", folded<expand>);
  r.add("expand_as", "x, y, target_shape=None", folded<expandAs>);
  r.add("broadcast_tensors", "input", folded<broadcastTensors>);
  r.add("tile", "x, repeat_times", folded<tile>);
  r.add("repeat_interleave", "x, repeats, axis=0, output_size=-1", folded<repeatInterleave>);
  r.add("repeat_interleave_with_tensor_index", "x, repeats, axis=0, output_size=-1",
        repeatInterleaveByTensor);
  r.add("gather|index_select", "x, index, axis=0", folded<indexSelect>);
  r.add("roll", "x, shifts, axis", folded<roll>);
  r.add("flip|reverse", "x, axis", folded<flip>);
  r.add("pad", "x, paddings, pad_value=0.0", folded<pad>);
  r.add("pad3d", "x, paddings, mode='constant', pad_value=0.0, data_format='NCDHW'", folded<pad3d>);
  r.add("meshgrid", "inputs", folded<meshgrid>);
  r.add("shape64", "x", shapeOf<true>);
  r.add("shape", "x", shapeOf<false>);
  r.add("numel", "x", numel);
  r.add("one_hot", "x, num_classes", folded<oneHot>);
  r.add("tril", "x, diagonal=0", folded<triangular<false>>);
  r.add("triu", "x, diagonal=0", folded<triangular<true>>);
  r.add("embedding", "x, weight, padding_idx=-1, sparse=False", embedding);
  r.add("diag", "x, offset=0, padding_value=0.0", folded<diag>);
  r.add("crop", "x, shape, offsets", folded<crop>);
  r.add("frame", "x, frame_length, hop_length, axis=-1", folded<frame>);
  r.add("overlap_add", "x, hop_length, axis=-1", folded<overlapAdd>);
  r.add("is_empty", "x", isEmpty);
  r.add("fill", "x, value", folded<fill>);
  r.add("tensor_unfold", "x, axis, size, step", folded<tensorUnfold>);
  r.add("as_strided", "x, shape, stride, offset=0", folded<asStrided>);
  r.add("fill_diagonal_tensor", "x, y, offset=0, dim1=0, dim2=1", folded<fillDiagonalTensor>);
  r.add("fill_diagonal", "x, value=0.0, offset=0, wrap=False", folded<fillDiagonal>);
}

//===- ImportContext.h - evaluator state shared by op handlers -*- C++ -*-===//
//
// The importer evaluates model.py symbolically: Python ints, floats, tuples,
// dtypes and shapes are computed at import time, tensors are SSA values of
// gn ops. Shapes are static, or, in a symbolic import (GraphNet's shape
// channel, docs/symbolic-shapes.md), carry #gn.dims: a size read from such a
// shape is an int that knows its expression (PyValue::sym). Op handlers (one file per op family, see
// OpRegistry.h) receive the bound call arguments and this context.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_IMPORTCONTEXT_H
#define GN_LIB_IMPORT_IMPORTCONTEXT_H

#include "gn/Import/Python/Autocast.h"
#include "gn/IR/GnOps.h"
#include "gn/Support/SymExpr.h"
#include "gn/Import/Python/GraphTrace.h"
#include "gn/Import/Python/PyAST.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <memory>
#include <optional>
#include <type_traits>
#include <string>
#include <vector>

namespace mlir::gn::import {

/// A Python value as the importer sees it.
struct PyValue {
  enum Kind {
    None, Bool, Int, Float, Str, Tensor, Tuple, List, Slice, Ellipsis,
    Dtype, Device, Module, Method, Function, Opaque
  };
  Kind kind = None;
  int64_t i = 0;
  double f = 0;
  std::string s;            // Str text, Module/Method dotted name, Device text
  mlir::Value tensor;       // Tensor
  bool wrappedScalar = false; // Tensor from .item(): promotes like a Python scalar
  mlir::Type dtype;         // Dtype
  std::vector<PyValue> elts; // Tuple/List elements; Slice {lower, upper, step}
  std::shared_ptr<PyValue> self; // Method receiver
  std::vector<int64_t> levels; // vmap levels of the leading dims (see Vmap.cpp)
  const py::Expr *lambda = nullptr; // Function: the `lambda` node
  /// Int: its value for every binding of the shape symbols, when it follows
  /// them (a symbolic dim's size, or arithmetic on one); `i` is its value at
  /// the compile example. Null for a plain int.
  std::shared_ptr<const SymExpr> sym;

  static PyValue none() { return PyValue(); }
  static PyValue boolean(bool b) { PyValue v; v.kind = Bool; v.i = b; return v; }
  static PyValue integer(int64_t i) { PyValue v; v.kind = Int; v.i = i; return v; }
  /// An int that a double cannot hold exactly (|i| > 2^53).
  bool isIntPastDouble() const {
    return kind == Int && (i > (int64_t(1) << 53) || i < -(int64_t(1) << 53));
  }
  /// A size: a plain int when `e` is a constant, else a symbolic one.
  static PyValue size(int64_t example, const SymExpr &e) {
    PyValue v = integer(example);
    if (!e.isConstant())
      v.sym = std::make_shared<const SymExpr>(e);
    return v;
  }
  /// The int's expression (a constant for a plain int).
  SymExpr symExpr() const { return sym ? *sym : SymExpr::constant(i); }
  static PyValue real(double f) { PyValue v; v.kind = Float; v.f = f; return v; }
  static PyValue str(std::string s) { PyValue v; v.kind = Str; v.s = std::move(s); return v; }
  static PyValue of(mlir::Value t) { PyValue v; v.kind = Tensor; v.tensor = t; return v; }
  static PyValue tuple(std::vector<PyValue> e) { PyValue v; v.kind = Tuple; v.elts = std::move(e); return v; }
  static PyValue module(std::string name) { PyValue v; v.kind = Module; v.s = std::move(name); return v; }
  static PyValue dtypeOf(mlir::Type t) { PyValue v; v.kind = Dtype; v.dtype = t; return v; }

  bool isNone() const { return kind == None; }
  bool isTensor() const { return kind == Tensor; }
  bool isNumber() const { return kind == Int || kind == Float || kind == Bool; }
  bool isSymbolic() const { return sym != nullptr; }
  bool isSequence() const { return kind == Tuple || kind == List; }
  double asDouble() const { return kind == Float ? f : static_cast<double>(i); }
  mlir::RankedTensorType type() const {
    return llvm::cast<mlir::RankedTensorType>(tensor.getType());
  }
  /// Python-ish description for diagnostics ("int", "Tensor[2, 3]", ...).
  std::string describe() const;
};

class ImportContext;

/// Arguments of one call, bound to a handler's signature.
class Args {
public:
  Args(ImportContext &ctx, std::string opName) : ctx(ctx), opName(std::move(opName)) {}

  /// The value bound to `name` (None when absent and defaulted to None).
  const PyValue &get(llvm::StringRef name) const;
  /// True when `name` is bound to something other than None.
  bool has(llvm::StringRef name) const { return !get(name).isNone(); }
  /// Star-args collected into the `*name` parameter.
  const std::vector<PyValue> &rest() const { return varargs; }

  // Typed accessors: on a wrong type they emit "<op>: argument '<name>' ..."
  // at the call and return failure.
  mlir::FailureOr<mlir::Value> tensor(llvm::StringRef name) const;
  /// The tensors of a list or tuple argument (Paddle's x lists, torch's
  /// recurrent params), in order.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>> tensors(llvm::StringRef name) const;
  /// A tensor, or a null Value when the argument is None.
  mlir::FailureOr<mlir::Value> optionalTensor(llvm::StringRef name) const {
    return has(name) ? tensor(name) : mlir::FailureOr<mlir::Value>(mlir::Value());
  }
  /// A plain int. A symbolic one (a size that follows the shape symbols)
  /// is refused, naming its expression: a handler that reads ints this way
  /// would fix it at the compile example in silence.
  mlir::FailureOr<int64_t> integer(llvm::StringRef name) const;
  mlir::FailureOr<double> real(llvm::StringRef name) const;
  mlir::FailureOr<bool> boolean(llvm::StringRef name) const;
  mlir::FailureOr<std::string> string(llvm::StringRef name) const;
  /// An int or a sequence of ints; a single int is repeated `n` times when
  /// n > 0 (stride=2 for a 2-d conv), a one-element list too.
  mlir::FailureOr<llvm::SmallVector<int64_t>> ints(llvm::StringRef name, size_t n = 0) const;
  /// Sizes given either as varargs (`view(2, -1)`, collected in rest())
  /// or as one sequence, in `name` or alone in rest(). With `exprs`, each
  /// size's expression over the shape symbols is appended (a constant for a
  /// plain int); without, a symbolic size is pinned to the example
  /// (ImportContext::pinned).
  mlir::FailureOr<llvm::SmallVector<int64_t>>
  sizes(llvm::StringRef name, llvm::SmallVector<SymExpr> *exprs = nullptr) const;
  /// A dtype argument, or std::nullopt when None.
  mlir::FailureOr<std::optional<mlir::Type>> dtype(llvm::StringRef name) const;

  /// Emits "<op>: <message>" at the call and returns failure.
  mlir::LogicalResult error(const llvm::Twine &message) const;

  const std::string &op() const { return opName; }

  // Filled by the binder.
  std::vector<std::pair<std::string, PyValue>> bound;
  std::vector<PyValue> varargs;

private:
  ImportContext &ctx;
  std::string opName;
};

/// State of one import plus helpers to build gn ops.
class ImportContext {
public:
  ImportContext(mlir::MLIRContext &mlirContext, mlir::OpBuilder &builder, std::string file)
      : mlirContext(mlirContext), builder(builder), file(std::move(file)) {}

  mlir::MLIRContext &mlirContext;
  mlir::OpBuilder &builder;
  std::string file;
  mlir::Location loc = mlir::UnknownLoc();
  /// Values of arguments whose meta file gives `data` (folds `.item()`).
  llvm::DenseMap<mlir::Value, std::vector<double>> knownData;
  /// Ops whose uses import-time folding moved to constants. The evaluator
  /// may still hold their results (a later statement can read them), so
  /// they are erased only once the body is imported (eraseFoldedAway).
  llvm::SmallVector<mlir::Operation *> foldedAway;
  /// Seed of the next gn.random: each random op of a graph draws its own
  /// stream (two dropouts of one shape must not share a mask).
  int64_t nextRandomSeed = 0;
  /// Data-dependent sizes (gn/Support/ShapeGuard.h): the size each site was
  /// found to have, by site; a site past the end, or at a negative size,
  /// takes its upper bound.
  std::vector<int64_t> dataSizes;
  int64_t nextDataSite = 0;
  /// Learning the sizes: the import stops at the first site past
  /// dataSizes, and @forward returns what that site reads (sizeProbe), from
  /// which a run counts its size (ImportOptions::learnSizes).
  bool stopAtUnknownSize = false;
  mlir::Value sizeProbe;
  /// How the probed site's size is read from sizeProbe: empty, its count of
  /// nonzero elements (gn.nonzero); else gn.size_guard's measure of its
  /// values ("sum", "max_plus_one"), at least sizeProbeAtLeast.
  std::string sizeProbeMeasure;
  int64_t sizeProbeAtLeast = 0;
  /// The dtype variant's element type (f16, bf16), or null: the calls the
  /// frontend names (Frontend::castsToVariant) take their float32 tensors
  /// in it.
  mlir::Type variantType;
  /// The torch.autocast regions open at this point of forward, innermost
  /// last (gn/Import/Python/Autocast.h).
  std::vector<AutocastRegion> autocast;
  /// GraphNet's shape channel (GraphTrace.h): the graph evaluated is
  /// recorded here when set; with sizeRewrites also set, their literals are
  /// replaced by the sizes of the recorded nodes.
  GraphTrace *trace = nullptr;
  const std::vector<SizeRewrite> *sizeRewrites = nullptr;
  /// gn.nonzero already built per input: the same mask is one site.
  llvm::DenseMap<mlir::Value, mlir::Value> nonzeroOf;

  /// Erases the ops of `foldedAway` that nothing reads any more, and the
  /// constants that only they read.
  void eraseFoldedAway();

  /// Location of a node of model.py.
  mlir::Location locOf(py::SrcLoc l) const;
  /// Emits an error at the current location; returns failure.
  mlir::LogicalResult error(const llvm::Twine &message) const;

  /// Builds a gn op whose result types are inferred; on a shape error the
  /// op's shape function has already reported it at the current location.
  /// In a symbolic import the op is built through buildSymbolic.
  template <typename OpTy>
  mlir::FailureOr<mlir::Value> build(mlir::ValueRange operands,
                                     llvm::ArrayRef<mlir::NamedAttribute> attrs = {}) {
    if (!symbolic)
      return mlir::gn::createInferred<OpTy>(builder, loc, operands, attrs);
    return buildSymbolic(OpTy::getOperationName(), operands, attrs,
                         [&](mlir::ValueRange ops, llvm::ArrayRef<mlir::NamedAttribute> as) {
                           return mlir::gn::createInferred<OpTy>(builder, loc, ops, as);
                         });
  }

  /// A symbolic import (ImportOptions::symbolic): the forward's constrained
  /// input dims carry #gn.dims, and every op is built by buildSymbolic.
  bool symbolic = false;
  using Creator = llvm::function_ref<mlir::FailureOr<mlir::Value>(
      mlir::ValueRange, llvm::ArrayRef<mlir::NamedAttribute>)>;
  /// Builds op `name` with symbolic operands (docs/symbolic-shapes.md,
  /// "Guards"): a reshape, broadcast or slice whose sizes were given as
  /// the example's literals first gets the expressions those literals stand
  /// for (symbolicSizeAttrs); then, if the op's shape function refuses, the
  /// fewest operands are pinned to their example sizes by gn.specialize
  /// (one operand, then all), tried quietly, and the op reads the guards.
  /// A refusal that no guard lifts is reported as the op's own.
  mlir::FailureOr<mlir::Value> buildSymbolic(llvm::StringRef name, mlir::ValueRange operands,
                                             llvm::ArrayRef<mlir::NamedAttribute> attrs,
                                             Creator create);
  /// The guard of `v` pinning `dims` (its symbolic dims when empty); one
  /// per value and dims.
  mlir::FailureOr<mlir::Value> guard(mlir::Value v, llvm::ArrayRef<int64_t> dims = {});
  std::map<std::pair<mlir::Value, std::vector<int64_t>>, mlir::Value,
           bool (*)(const std::pair<mlir::Value, std::vector<int64_t>> &,
                    const std::pair<mlir::Value, std::vector<int64_t>> &)>
      guardOf{[](const auto &a, const auto &b) {
        return a.first.getAsOpaquePointer() != b.first.getAsOpaquePointer()
                   ? a.first.getAsOpaquePointer() < b.first.getAsOpaquePointer()
                   : a.second < b.second;
      }};
  /// A symbolic int where an op takes a plain one (a handler's attribute, a
  /// branch, a tensor's value): its symbols are pinned to the compile
  /// example by guards on the arguments they come from (symbolSources),
  /// and its example value is returned. `what` says where, for the error
  /// when a symbol has no source. A plain int is returned as it is.
  mlir::FailureOr<int64_t> pinned(const PyValue &v, const llvm::Twine &what);
  /// The guards `pinned` placed: nothing reads them, and they stay.
  llvm::SmallPtrSet<mlir::Operation *, 8> pins;
  /// A symbolic import's last step: erases the ops nothing reads (FX keeps
  /// dead reads, `x = cache_position[-1]`), so a guard placed for a value
  /// the model never uses does not refuse bindings; the pins stay.
  void eraseDeadOps(mlir::Block &body);
  /// Where each shape symbol comes from: an argument and the dim it sizes.
  std::map<std::string, std::pair<mlir::Value, int64_t>> symbolSources;

  // Attribute shorthands.
  mlir::NamedAttribute attr(llvm::StringRef name, mlir::Attribute value) {
    return builder.getNamedAttr(name, value);
  }
  mlir::NamedAttribute i64(llvm::StringRef name, int64_t v) {
    return attr(name, builder.getI64IntegerAttr(v));
  }
  mlir::NamedAttribute f64(llvm::StringRef name, double v) {
    return attr(name, builder.getF64FloatAttr(v));
  }
  mlir::NamedAttribute flag(llvm::StringRef name, bool v) {
    return attr(name, builder.getBoolAttr(v));
  }
  mlir::NamedAttribute ints(llvm::StringRef name, llvm::ArrayRef<int64_t> v) {
    return attr(name, builder.getDenseI64ArrayAttr(v));
  }
  mlir::NamedAttribute str(llvm::StringRef name, llvm::StringRef v) {
    return attr(name, builder.getStringAttr(v));
  }

  // Common value builders used across op families.
  /// 0-d (or `shape`) splat constant of `type` element type.
  mlir::Value splat(mlir::Type elementType, double value, llvm::ArrayRef<int64_t> shape = {});
  /// The same of a Python number: an int into an integer type exactly (a
  /// double rounds past 2^53).
  mlir::Value splatNumber(mlir::Type elementType, const PyValue &number,
                          llvm::ArrayRef<int64_t> shape = {});
  /// Converts `v` to element type `t` (no-op when equal).
  mlir::FailureOr<mlir::Value> convert(mlir::Value v, mlir::Type t);
  /// `v` reshaped to `shape`; with `exprs` (one per size) the sizes for
  /// every binding of the shape symbols (a symbolic import).
  mlir::FailureOr<mlir::Value> reshape(mlir::Value v, llvm::ArrayRef<int64_t> shape,
                                       llvm::ArrayRef<SymExpr> exprs = {});
  /// `v` broadcast to `shape`; with `exprs` (one per size) the sizes for
  /// every binding of the shape symbols.
  mlir::FailureOr<mlir::Value> broadcastTo(mlir::Value v, llvm::ArrayRef<int64_t> shape,
                                           llvm::ArrayRef<SymExpr> exprs = {});
  /// #gn.dims of `exprs`, or null when every one is a constant.
  mlir::Attribute dimsAttr(llvm::ArrayRef<SymExpr> exprs);
  /// Materializes a tensor or Python number as a tensor of element type `t`.
  mlir::FailureOr<mlir::Value> asTensor(const PyValue &v, mlir::Type t);
  /// torch's result dtype for an arithmetic op over `operands`.
  mlir::FailureOr<mlir::Type> promote(llvm::ArrayRef<PyValue> operands);
  /// Builds a broadcasting binary op with torch type promotion;
  /// `resultFloat` forces a floating result (true division).
  template <typename OpTy>
  mlir::FailureOr<PyValue> binary(const PyValue &a, const PyValue &b, bool resultFloat = false);
  /// Builds a comparison of `a` and `b` at their promoted type (i1 result).
  template <typename OpTy>
  mlir::FailureOr<PyValue> compare(const PyValue &a, const PyValue &b);
  /// Builds a logical op on `a` and `b` converted to i1.
  template <typename OpTy>
  mlir::FailureOr<PyValue> logical(const PyValue &a, const PyValue &b);
  /// Builds a unary map; with `floatOnly` an integer input is taken as f32.
  template <typename OpTy>
  mlir::FailureOr<PyValue> unary(mlir::Value x, bool floatOnly);
  /// Normalizes a possibly negative dim for a tensor of `rank`.
  mlir::FailureOr<int64_t> dim(int64_t d, int64_t rank);
  /// The `k` largest (smallest) elements of `x` along `dim` (normalized),
  /// sorted, and their indices (i64): topk, sort, argsort. An error when k
  /// does not fit the dim. `ties`: gn.top_k's order of equal values ("index",
  /// "sort", "select", "select-strict"); none gives the op's default.
  mlir::FailureOr<std::pair<mlir::Value, mlir::Value>>
  topK(mlir::Value x, int64_t k, int64_t dim, bool largest,
       std::optional<llvm::StringRef> ties = std::nullopt);

  /// take_along_dim / take_along_axis: x gathered along `dim` (normalized)
  /// at `index` (integers; negative ones count from the end, or, without
  /// `wrapNegative`, fail the run as torch.gather raises). With `broadcast`
  /// (torch) the two broadcast against each other in every other dim;
  /// without (Paddle's kernel) the index is at most x's size there.
  mlir::FailureOr<mlir::Value> takeAlongAxis(mlir::Value x, mlir::Value index, int64_t dim,
                                             bool broadcast, bool wrapNegative = true);
  /// `index` (i64) as a position in a dim of size `n`: a negative one
  /// counted from the end where `wrapNegative`; out of range it fails the
  /// run ("index 5 out of range for size 3"), as the frameworks raise. For
  /// indices combined before the take that would check them (a linearized
  /// multi-dim index), where one component past its dim could land inside
  /// the whole.
  mlir::FailureOr<mlir::Value> checkedPosition(mlir::Value index, int64_t n, bool wrapNegative);
  /// one_hot: `resultType` rows of `classes` with a 1 at each of x's
  /// integers; a class below 0 or past `classes` fails the run, as both
  /// frameworks raise (the classes read through a bounds-checked take).
  mlir::FailureOr<mlir::Value> oneHot(mlir::Value x, int64_t classes, mlir::Type resultType);
  /// put_along_axis: `values` (broadcast to the index's shape) scattered into
  /// x along `dim` at `index` (negative entries count from the end, or,
  /// without `wrapNegative`, fail the run as torch.index_add raises);
  /// `reduce` as gn.scatter's.
  mlir::FailureOr<mlir::Value> putAlongAxis(mlir::Value x, mlir::Value index, mlir::Value values,
                                            int64_t dim, llvm::StringRef reduce,
                                            bool includeSelf, bool wrapNegative = true);

  /// Row-major indices (count x rank, i64) of the nonzero elements of `x`:
  /// a gn.nonzero at the next data-dependent site, specialized to its
  /// size in dataSizes (else the element count, an upper bound).
  mlir::FailureOr<mlir::Value> nonzero(mlir::Value x);
  /// A size read from integer `values` (gn.size_guard's `measure`: "sum" or
  /// "max_plus_one", at least `atLeast`) at the next data-dependent site:
  /// the values as i64, guarded, and the size the graph is specialized to
  /// (learned as gn.nonzero's count is; `atLeast` before it is known). No
  /// site for an empty tensor: its size is `atLeast`.
  mlir::FailureOr<std::pair<mlir::Value, int64_t>>
  sizeFromValues(mlir::Value values, llvm::StringRef measure, int64_t atLeast = 0);
  /// `x[mask]`: `mask` (i1) has the shape of `x`'s leading dims; the
  /// elements (rows) where it is true, in row-major order, as a tensor of
  /// (count, x's remaining dims...).
  mlir::FailureOr<mlir::Value> selectByMask(mlir::Value x, mlir::Value mask);
  /// masked_select: `x` and `mask` broadcast to one shape, the elements
  /// where the mask is true, row-major, as a 1-d tensor.
  mlir::FailureOr<mlir::Value> maskedSelect(mlir::Value x, mlir::Value mask);

  mlir::Type f32() { return builder.getF32Type(); }
  mlir::Type i64Type() { return builder.getI64Type(); }
  mlir::Type i1() { return builder.getI1Type(); }

  /// Parses "torch.float32"-style names; null when unknown.
  mlir::Type dtypeFromName(llvm::StringRef name);
  /// "torch.float32" for an element type.
  std::string dtypeName(mlir::Type t);
};

bool isFloat(mlir::Type t);

/// Storage aliasing as PyTorch sees it: gn's values are immutable, so the
/// importer models in-place writes through the view ops a value was made by.
/// Whether `op` is such a view (its result shares its operand's storage).
bool isStorageView(mlir::Operation *op);
/// The value whose storage `v` views.
mlir::Value storageRoot(mlir::Value v);
/// Whether torch's row-major contiguity holds for these strides.
bool isContiguousStrides(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> strides);
/// Whether torch would find `v` contiguous (its view chain's strides are
/// row-major): Tensor.contiguous() returns it as it is, else a copy.
bool isContiguousView(mlir::Value v);

/// A constant of element type `e` and `shape` holding `values` (row-major;
/// integers saturate, bools are v != 0).
mlir::Value denseConstant(ImportContext &ctx, mlir::Type e, llvm::ArrayRef<int64_t> shape,
                          llvm::ArrayRef<double> values);
/// The same of integers into an integer type `e`, exactly.
mlir::Value denseIntConstant(ImportContext &ctx, mlir::Type e, llvm::ArrayRef<int64_t> shape,
                             llvm::ArrayRef<int64_t> values);

/// Whether `a` or `b` is a complex value (gn/Import/Python/Spectral.h).
bool eitherComplex(const PyValue &a, const PyValue &b);
/// `a op b` with a complex operand: + - * / part by part (`symbol`); any
/// other op (`symbol` empty) an error naming `opName`.
mlir::FailureOr<PyValue> complexBinary(ImportContext &ctx, llvm::StringRef symbol,
                                       llvm::StringRef opName, const PyValue &a, const PyValue &b);

template <typename OpTy>
mlir::FailureOr<PyValue> ImportContext::binary(const PyValue &a, const PyValue &b,
                                               bool resultFloat) {
  // Complex tensors (pairs of real ones) take add, sub, mul and div in
  // every spelling (torch.mul, Tensor.mul, operators, alpha, rsub, Paddle's).
  if (eitherComplex(a, b)) {
    llvm::StringRef symbol = std::is_same_v<OpTy, gn::AddOp>   ? "+"
                             : std::is_same_v<OpTy, gn::SubOp> ? "-"
                             : std::is_same_v<OpTy, gn::MulOp> ? "*"
                             : std::is_same_v<OpTy, gn::DivOp> ? "/"
                                                               : "";
    return complexBinary(*this, symbol, OpTy::getOperationName(), a, b);
  }
  auto t = promote({a, b});
  if (mlir::failed(t))
    return mlir::failure();
  mlir::Type type = *t;
  if (resultFloat && !isFloat(type))
    type = f32();
  auto lhs = asTensor(a, type), rhs = asTensor(b, type);
  if (mlir::failed(lhs) || mlir::failed(rhs))
    return mlir::failure();
  auto r = build<OpTy>({*lhs, *rhs});
  if (mlir::failed(r))
    return mlir::failure();
  PyValue out = PyValue::of(*r);
  out.wrappedScalar = (a.wrappedScalar || !a.isTensor()) && (b.wrappedScalar || !b.isTensor());
  return out;
}

template <typename OpTy>
mlir::FailureOr<PyValue> ImportContext::compare(const PyValue &a, const PyValue &b) {
  auto t = promote({a, b});
  if (mlir::failed(t))
    return mlir::failure();
  auto lhs = asTensor(a, *t), rhs = asTensor(b, *t);
  if (mlir::failed(lhs) || mlir::failed(rhs))
    return mlir::failure();
  auto r = build<OpTy>({*lhs, *rhs});
  if (mlir::failed(r))
    return mlir::failure();
  return PyValue::of(*r);
}

template <typename OpTy>
mlir::FailureOr<PyValue> ImportContext::logical(const PyValue &a, const PyValue &b) {
  auto lhs = asTensor(a, i1()), rhs = asTensor(b, i1());
  if (mlir::failed(lhs) || mlir::failed(rhs))
    return mlir::failure();
  auto r = build<OpTy>({*lhs, *rhs});
  if (mlir::failed(r))
    return mlir::failure();
  return PyValue::of(*r);
}

template <typename OpTy>
mlir::FailureOr<PyValue> ImportContext::unary(mlir::Value x, bool floatOnly) {
  if (floatOnly && !isFloat(llvm::cast<mlir::RankedTensorType>(x.getType()).getElementType())) {
    auto c = convert(x, f32());
    if (mlir::failed(c))
      return mlir::failure();
    x = *c;
  }
  auto r = build<OpTy>({x});
  if (mlir::failed(r))
    return mlir::failure();
  return PyValue::of(*r);
}

} // namespace mlir::gn::import

#endif // GN_LIB_IMPORT_IMPORTCONTEXT_H

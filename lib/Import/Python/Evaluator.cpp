//===- Evaluator.cpp - evaluate a forward into the gn dialect ------------===//
//
// Python-level values (ints, tuples, dtypes, shapes, lambdas) are computed
// here; tensor operations go through the frontend's op registry and become
// gn ops. Which callees are ops, which module attributes are values and how
// tensors are subscripted is the frontend's business (Frontend.h).
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/Evaluator.h"
#include "GraphTracer.h"
#include "gn/Import/Python/Spectral.h"
#include "gn/Import/Python/OpRegistry.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"
#include "gn/Support/NumericCast.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::import;

/// A tensor's shape as Python sees it: a tuple of ints, each a size that
/// follows the shape symbols where the dim is symbolic.
static PyValue shapeOf(RankedTensorType type) {
  PyValue v;
  v.kind = PyValue::Tuple;
  for (auto [size, e] : llvm::zip(type.getShape(), dimExprs(type)))
    v.elts.push_back(PyValue::size(size, e));
  return v;
}

class Evaluator::Impl {
public:
  Impl(ImportContext &ctx, const Frontend &frontend)
      : ctx(ctx), frontend(frontend), tracer(ctx) {
    frontend.addGlobals(globals);
  }

  ImportContext &ctx;
  const Frontend &frontend;
  llvm::StringMap<PyValue> env;
  llvm::StringMap<PyValue> globals; // from imports
  std::vector<Value> returned;
  bool hasReturned = false;
  GraphTracer tracer;
  int parameters = 0;
  /// Rebinds `name` to `updated` after an in-place update and propagates it
  /// to every variable sharing storage with it (aliases and views).
  LogicalResult updateInPlace(py::SrcLoc l, llvm::StringRef name, PyValue updated);
  /// The writes a function call makes besides its result: `torch.relu_(x)`
  /// and `F.relu(x, inplace=True)` update their first argument, `out=y`
  /// writes y. Applied after the call, so later reads see the new value.
  FailureOr<PyValue> writeCallTargets(const py::Expr &call, llvm::StringRef canonical,
                                      const py::Expr &target, const PyValue &targetValue,
                                      llvm::StringRef what, PyValue result);

  LogicalResult error(py::SrcLoc l, const llvm::Twine &message) {
    ctx.loc = ctx.locOf(l);
    return ctx.error(message);
  }

  void addImports(const py::Module &module);
  /// `math.inf`, `torch.float32`, ...: a module's member as a value (a
  /// number, a dtype) when known, else a module path.
  PyValue moduleMember(const std::string &full);
  LogicalResult execBody(const std::vector<py::StmtPtr> &body);
  LogicalResult exec(const py::Stmt &stmt);
  LogicalResult assign(const py::Expr &target, const PyValue &value);
  FailureOr<PyValue> eval(const py::Expr &e);
  FailureOr<PyValue> evalName(const py::Expr &e);
  FailureOr<PyValue> evalAttribute(const py::Expr &e);
  FailureOr<PyValue> evalCall(const py::Expr &e);
  /// The call at `e` of `callee`, its arguments evaluated.
  FailureOr<PyValue> evalCallOf(const py::Expr &e, PyValue callee, std::vector<PyValue> args,
                                KwArgs kwargs);
  FailureOr<PyValue> evalSubscript(const py::Expr &e);
  FailureOr<PyValue> evalBinary(py::SrcLoc l, llvm::StringRef op, const PyValue &a,
                                const PyValue &b);
  FailureOr<PyValue> evalUnary(const py::Expr &e);
  FailureOr<PyValue> evalCompare(const py::Expr &e);
  FailureOr<PyValue> callLambda(py::SrcLoc l, const PyValue &fn, std::vector<PyValue> &args);
  FailureOr<PyValue> callBuiltin(llvm::StringRef name, std::vector<PyValue> &args,
                                 KwArgs &kwargs, bool &handled);
  FailureOr<PyValue> callTensorMethod(const PyValue &self, llvm::StringRef name,
                                      std::vector<PyValue> &args, KwArgs &kwargs,
                                      bool &handled);
  FailureOr<PyValue> callOp(llvm::StringRef displayName, llvm::StringRef canonical,
                            bool isMethod, std::vector<PyValue> args, KwArgs kwargs);
  /// A layout op on a complex value (or a list of them), applied to each
  /// part; std::nullopt when the call is not one.
  std::optional<FailureOr<PyValue>> complexPartwise(llvm::StringRef displayName,
                                                    llvm::StringRef canonical, bool isMethod,
                                                    const std::vector<PyValue> &args,
                                                    const KwArgs &kwargs);
};

Evaluator::Evaluator(ImportContext &ctx, const Frontend &frontend)
    : impl(std::make_unique<Impl>(ctx, frontend)) {}
Evaluator::~Evaluator() = default;
void Evaluator::addImports(const py::Module &module) { impl->addImports(module); }
void Evaluator::bind(llvm::StringRef name, PyValue value) {
  impl->tracer.parameter(impl->parameters++, value);
  impl->env[name] = std::move(value);
}
LogicalResult Evaluator::execBody(const std::vector<py::StmtPtr> &body) {
  return impl->execBody(body);
}
bool Evaluator::hasReturned() const { return impl->hasReturned; }
llvm::ArrayRef<Value> Evaluator::returned() const { return impl->returned; }

//===----------------------------------------------------------------------===//
// Module and statements
//===----------------------------------------------------------------------===//

const py::Stmt *mlir::gn::import::findForward(const py::Module &module) {
  for (auto &s : module.body)
    if (s->kind == py::StmtKind::ClassDef)
      for (auto &m : s->body)
        if (m->kind == py::StmtKind::FunctionDef && m->name == "forward")
          return m.get();
  for (auto &s : module.body)
    if (s->kind == py::StmtKind::FunctionDef && s->name == "forward")
      return s.get();
  return nullptr;
}

PyValue Evaluator::Impl::moduleMember(const std::string &full) {
  if (full == "math.inf")
    return PyValue::real(INFINITY);
  if (full == "math.nan")
    return PyValue::real(NAN);
  if (full == "math.pi")
    return PyValue::real(M_PI);
  if (auto v = frontend.moduleAttribute(ctx, full))
    return *v;
  return PyValue::module(full);
}

void Evaluator::Impl::addImports(const py::Module &module) {
  for (auto &s : module.body) {
    if (s->kind != py::StmtKind::Import)
      continue;
    // `import math`, `import torch.nn`: binds the top-level package.
    if (s->names.empty() && !s->importFrom) {
      std::string top = llvm::StringRef(s->name).split('.').first.str();
      globals[top] = PyValue::module(top);
      continue;
    }
    // "from torch import device" -> names = {"device"}, name = "torch"
    for (const std::string &n : s->names) {
      llvm::StringRef name(n), alias(n);
      if (name.contains(" as "))
        std::tie(name, alias) = name.split(" as ");
      if (s->name.empty() || s->name == name) // `import torch.nn as nn`
        globals[alias.trim()] = PyValue::module(name.trim().str());
      else // `from math import inf` binds what math.inf evaluates to
        globals[alias.trim()] = moduleMember(s->name + "." + name.trim().str());
    }
  }
}

LogicalResult Evaluator::Impl::execBody(const std::vector<py::StmtPtr> &body) {
  for (auto &s : body) {
    if (hasReturned)
      return error(s->loc, "statement after return");
    if (failed(exec(*s)))
      return failure();
  }
  return success();
}

/// Functionalized in-place update: torch mutates the storage shared by
/// `name`, its aliases and views; gn values are immutable, so the update is
/// written back through the view chain (slice -> insert_slice, reshape ->
/// reshape back, transpose -> inverse transpose) to the storage root, and
/// every live variable viewing that root is recomputed from the new root.
LogicalResult Evaluator::Impl::updateInPlace(py::SrcLoc l, llvm::StringRef name, PyValue updated) {
  auto it = env.find(name);
  if (it == env.end() || !it->second.isTensor() || !updated.isTensor()) {
    env[name] = updated;
    return success();
  }
  ctx.loc = ctx.locOf(l);
  Value old = it->second.tensor;
  auto oldType = llvm::cast<RankedTensorType>(old.getType());
  // In-place ops keep the destination's dtype and shape.
  if (updated.type().getShape() != oldType.getShape())
    return error(l, "in-place update of '" + name + "' changes its shape");
  auto kept = ctx.convert(updated.tensor, oldType.getElementType());
  if (failed(kept))
    return failure();
  Value root = storageRoot(old);
  // Write the update back through the view chain to the root.
  llvm::DenseMap<Value, Value> up; // chain value -> its updated value
  up[old] = *kept;
  for (Value v = old; v != root;) {
    Operation *op = v.getDefiningOp();
    Value parent = op->getOperand(0);
    FailureOr<Value> r = failure();
    if (auto s = dyn_cast<gn::SliceOp>(op)) {
      r = ctx.build<gn::InsertSliceOp>({up[v], parent},
                                       {ctx.ints("starts", s.getStarts()),
                                        ctx.ints("limits", s.getLimits()),
                                        ctx.ints("steps", s.getSteps())});
    } else if (isa<gn::ReshapeOp>(op)) {
      r = ctx.reshape(up[v], llvm::cast<RankedTensorType>(parent.getType()).getShape());
    } else if (auto t = dyn_cast<gn::TransposeOp>(op)) {
      llvm::SmallVector<int64_t> inverse(t.getPermutation().size());
      for (auto [i, p] : llvm::enumerate(t.getPermutation()))
        inverse[p] = i;
      r = ctx.build<gn::TransposeOp>({up[v]}, {ctx.ints("permutation", inverse)});
    } else {
      return error(l, "in-place update of '" + name +
                          "' writes through a broadcast (expand) view; not supported");
    }
    if (failed(r))
      return failure();
    up[parent] = *r;
    v = parent;
  }
  // Every value viewing the root (the updated variable included) is
  // recomputed from the new root by replaying its view ops, so later
  // updates of any of them keep propagating.
  llvm::DenseMap<Value, Value> fresh;
  fresh[root] = up[root];
  std::function<Value(Value)> replay = [&](Value v) -> Value {
    if (Value f = fresh.lookup(v))
      return f;
    Operation *op = v.getDefiningOp();
    IRMapping mapping;
    mapping.map(op->getOperand(0), replay(op->getOperand(0)));
    Value r = ctx.builder.clone(*op, mapping)->getResult(0);
    fresh[v] = r;
    return r;
  };
  std::function<void(PyValue &)> refresh = [&](PyValue &p) {
    if (p.isTensor() && p.levels.empty() && storageRoot(p.tensor) == root)
      p.tensor = replay(p.tensor);
    else if (p.isSequence())
      for (PyValue &e : p.elts)
        refresh(e);
  };
  for (auto &entry : env)
    refresh(entry.second);
  env[name] = PyValue::of(replay(old));
  return success();
}

/// Flattens returned values: tensors (nested in tuples/lists).
/// The tensors forward returns, in order. A None inside the returned
/// tuple (an op output the framework does not materialize, as Paddle's
/// huber_loss residual) is left out, as GraphNet's and gn's comparisons
/// flatten outputs to their tensors.
/// Whether `v` holds a complex tensor (alone or in a returned sequence).
static bool holdsComplex(const PyValue &v) {
  if (isComplex(v))
    return true;
  return v.isSequence() && llvm::any_of(v.elts, [](const PyValue &e) { return holdsComplex(e); });
}

static LogicalResult collectReturned(const PyValue &v, std::vector<Value> &out,
                                     bool inSequence = false) {
  if (v.isTensor() && !v.levels.empty())
    return failure();
  if (v.isTensor()) {
    out.push_back(v.tensor);
    return success();
  }
  if (v.isNone() && inSequence)
    return success();
  if (v.isSequence()) {
    for (const PyValue &e : v.elts)
      if (failed(collectReturned(e, out, /*inSequence=*/true)))
        return failure();
    return success();
  }
  return failure();
}

LogicalResult Evaluator::Impl::exec(const py::Stmt &s) {
  ctx.loc = ctx.locOf(s.loc);
  switch (s.kind) {
  case py::StmtKind::Pass:
  case py::StmtKind::Import:
    return success();
  case py::StmtKind::Delete:
    for (auto &t : s.targets)
      if (t->kind == py::ExprKind::Name)
        env.erase(t->str);
    return success();
  case py::StmtKind::ExprStmt: {
    auto v = eval(*s.value);
    return failure(failed(v));
  }
  case py::StmtKind::Assign: {
    auto v = eval(*s.value);
    if (failed(v))
      return failure();
    for (auto &t : s.targets)
      if (failed(assign(*t, *v)))
        return failure();
    return success();
  }
  case py::StmtKind::AnnAssign: {
    if (!s.value)
      return success();
    auto v = eval(*s.value);
    if (failed(v))
      return failure();
    return assign(*s.targets[0], *v);
  }
  case py::StmtKind::AugAssign: {
    auto cur = eval(*s.targets[0]);
    auto rhs = eval(*s.value);
    if (failed(cur) || failed(rhs))
      return failure();
    auto v = evalBinary(s.loc, s.op, *cur, *rhs);
    if (failed(v))
      return failure();
    // `x += y` on a tensor updates x's storage in place.
    if (cur->isTensor() && s.targets[0]->kind == py::ExprKind::Name) {
      if (failed(updateInPlace(s.loc, s.targets[0]->str, *v)))
        return failure();
      tracer.inPlace(s.loc, *v, env[s.targets[0]->str]);
      return success();
    }
    return assign(*s.targets[0], *v);
  }
  case py::StmtKind::Return: {
    hasReturned = true;
    if (!s.value)
      return error(s.loc, "forward returns nothing");
    auto v = eval(*s.value);
    if (failed(v))
      return failure();
    if (holdsComplex(*v))
      return error(s.loc, "forward returns a complex tensor, which gn's programs do not hold (a "
                          "complex value is its real and imaginary parts inside the graph): "
                          "return torch.view_as_real(z), or z.real and z.imag");
    if (failed(collectReturned(*v, returned)))
      return error(s.loc, "forward must return tensors, got " + v->describe());
    if (returned.empty())
      return error(s.loc, "forward returns no tensor (only None)");
    return success();
  }
  case py::StmtKind::FunctionDef:
  case py::StmtKind::ClassDef:
    return error(s.loc, "nested definition of '" + s.name + "' is not supported");
  }
  return error(s.loc, "unsupported statement");
}

LogicalResult Evaluator::Impl::assign(const py::Expr &target, const PyValue &value) {
  switch (target.kind) {
  case py::ExprKind::Name:
    env[target.str] = value;
    return success();
  case py::ExprKind::Tuple:
  case py::ExprKind::List: {
    if (!value.isSequence())
      return error(target.loc, "cannot unpack " + value.describe());
    if (value.elts.size() != target.children.size())
      return error(target.loc, "cannot unpack " + llvm::Twine(value.elts.size()) +
                                   " values into " + llvm::Twine(target.children.size()));
    for (auto [t, v] : llvm::zip(target.children, value.elts))
      if (failed(assign(*t, v)))
        return failure();
    return success();
  }
  case py::ExprKind::Subscript: {
    const py::Expr &base = *target.children[0];
    if (base.kind != py::ExprKind::Name)
      return error(target.loc, "assignment into a subscript of a non-variable is not supported");
    auto b = eval(base);
    auto idx = eval(*target.children[1]);
    if (failed(b) || failed(idx))
      return failure();
    if (!b->isTensor())
      return error(target.loc, "item assignment into " + b->describe() + " is not supported");
    ctx.loc = ctx.locOf(target.loc);
    auto updated = frontend.setSubscript(ctx, *b, *idx, value);
    if (failed(updated))
      return failure();
    return updateInPlace(target.loc, base.str, *updated);
  }
  default:
    return error(target.loc, "unsupported assignment target");
  }
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<PyValue> Evaluator::Impl::eval(const py::Expr &e) {
  switch (e.kind) {
  case py::ExprKind::Name:
    return evalName(e);
  case py::ExprKind::Int:
    return PyValue::integer(e.intVal);
  case py::ExprKind::Float:
    return PyValue::real(e.floatVal);
  case py::ExprKind::Str:
    return PyValue::str(e.str);
  case py::ExprKind::Bool:
    return PyValue::boolean(e.boolVal);
  case py::ExprKind::None:
    return PyValue::none();
  case py::ExprKind::Ellipsis: {
    PyValue v;
    v.kind = PyValue::Ellipsis;
    return v;
  }
  case py::ExprKind::Attribute: {
    auto v = evalAttribute(e);
    if (succeeded(v))
      tracer.node(e, *v);
    return v;
  }
  case py::ExprKind::Call:
  case py::ExprKind::Subscript: {
    auto v = e.kind == py::ExprKind::Call ? evalCall(e) : evalSubscript(e);
    if (succeeded(v))
      tracer.node(e, *v);
    return v;
  }
  case py::ExprKind::Slice: {
    PyValue v;
    v.kind = PyValue::Slice;
    for (auto &c : e.children) {
      if (!c) {
        v.elts.push_back(PyValue::none());
        continue;
      }
      auto x = eval(*c);
      if (failed(x))
        return failure();
      v.elts.push_back(*x);
    }
    v.elts.resize(3);
    return v;
  }
  case py::ExprKind::Tuple:
  case py::ExprKind::List: {
    PyValue v;
    v.kind = e.kind == py::ExprKind::Tuple ? PyValue::Tuple : PyValue::List;
    for (auto &c : e.children) {
      if (c->kind == py::ExprKind::Starred) {
        auto x = eval(*c->children[0]);
        if (failed(x))
          return failure();
        if (!x->isSequence())
          return error(c->loc, "cannot unpack " + x->describe() + " with '*'");
        llvm::append_range(v.elts, x->elts);
        continue;
      }
      auto x = eval(*c);
      if (failed(x))
        return failure();
      v.elts.push_back(*x);
    }
    return v;
  }
  case py::ExprKind::BinOp: {
    auto a = eval(*e.children[0]);
    if (failed(a))
      return failure();
    auto b = eval(*e.children[1]);
    if (failed(b))
      return failure();
    auto v = evalBinary(e.loc, e.str, *a, *b);
    if (succeeded(v))
      tracer.node(e, *v);
    return v;
  }
  case py::ExprKind::UnaryOp: {
    auto v = evalUnary(e);
    if (succeeded(v))
      tracer.node(e, *v);
    return v;
  }
  case py::ExprKind::Compare:
    return evalCompare(e);
  case py::ExprKind::BoolOp: {
    // Python's and/or on plain values.
    PyValue last;
    for (auto &c : e.children) {
      auto v = eval(*c);
      if (failed(v))
        return failure();
      if (v->isTensor())
        return error(c->loc, "'" + e.str + "' on a tensor is data-dependent; not supported");
      bool truthy = v->kind == PyValue::None ? false
                    : v->isNumber()          ? v->asDouble() != 0
                    : v->isSequence()        ? !v->elts.empty()
                                             : true;
      last = *v;
      if ((e.str == "and" && !truthy) || (e.str == "or" && truthy))
        return last;
    }
    return last;
  }
  case py::ExprKind::IfExp: {
    auto test = eval(*e.children[1]);
    if (failed(test))
      return failure();
    if (!test->isNumber() && !test->isNone())
      return error(e.loc, "condition of a conditional expression must be a Python value, got " +
                              test->describe());
    bool truthy = test->isNumber() && test->asDouble() != 0;
    return eval(*e.children[truthy ? 0 : 2]);
  }
  case py::ExprKind::Lambda: {
    PyValue v;
    v.kind = PyValue::Function;
    v.lambda = &e;
    return v;
  }
  case py::ExprKind::Dict:
  case py::ExprKind::Starred:
    return error(e.loc, "unsupported expression");
  }
  return error(e.loc, "unsupported expression");
}

FailureOr<PyValue> Evaluator::Impl::evalName(const py::Expr &e) {
  auto it = env.find(e.str);
  if (it != env.end())
    return it->second;
  auto g = globals.find(e.str);
  if (g != globals.end()) {
    // `from torch import inf`: a name bound to a module attribute value.
    if (g->second.kind == PyValue::Module)
      if (auto v = frontend.moduleAttribute(ctx, g->second.s))
        return *v;
    return g->second;
  }
  static const char *const builtins[] = {"slice", "int", "float", "bool", "len", "tuple",
                                         "list", "range", "max", "min", "abs", "getattr",
                                         "isinstance", "sum", "round", "str", "print"};
  for (const char *b : builtins)
    if (e.str == b)
      return PyValue::module(std::string("builtins.") + b);
  if (e.str == "inf")
    return PyValue::real(INFINITY);
  if (e.str == "Ellipsis") {
    PyValue v;
    v.kind = PyValue::Ellipsis;
    return v;
  }
  return error(e.loc, "name '" + e.str + "' is not defined");
}

/// A field of torch.finfo / iinfo (and paddle's) for `type`.
static FailureOr<PyValue> numericLimit(ImportContext &ctx, Type type, llvm::StringRef field) {
  if (auto f = llvm::dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    int precision = llvm::APFloat::semanticsPrecision(sem);
    if (field == "max" || field == "min") {
      double largest = llvm::APFloat::getLargest(sem).convertToDouble();
      return PyValue::real(field == "max" ? largest : -largest);
    }
    if (field == "eps")
      return PyValue::real(std::ldexp(1.0, 1 - precision));
    if (field == "tiny" || field == "smallest_normal")
      return PyValue::real(llvm::APFloat::getSmallestNormalized(sem).convertToDouble());
    if (field == "resolution")
      return PyValue::real(std::pow(10.0, -std::floor((precision - 1) * std::log10(2.0))));
    if (field == "bits")
      return PyValue::integer(f.getWidth());
    return ctx.error("finfo has no field '" + field + "'");
  }
  auto i = llvm::cast<IntegerType>(type);
  unsigned w = i.getWidth();
  bool isUnsigned = i.isUnsigned();
  if (field == "bits")
    return PyValue::integer(w);
  if (field == "max")
    return PyValue::integer(isUnsigned ? static_cast<int64_t>(llvm::maxUIntN(std::min(w, 63u)))
                                       : llvm::maxIntN(w));
  if (field == "min")
    return PyValue::integer(isUnsigned ? 0 : llvm::minIntN(w));
  return ctx.error("iinfo has no field '" + field + "'");
}

FailureOr<PyValue> Evaluator::Impl::evalAttribute(const py::Expr &e) {
  auto base = eval(*e.children[0]);
  if (failed(base))
    return failure();
  const std::string &attr = e.str;
  if (base->kind == PyValue::Module)
    return moduleMember(base->s + "." + attr);
  // A complex value's parts, and a tensor's (properties that are ops).
  if ((base->isTensor() || isComplex(*base)) && (attr == "real" || attr == "imag"))
    return callOp("Tensor." + attr, attr, true, {*base}, {});
  if (base->isTensor()) {
    auto type = base->type();
    if (attr == "shape")
      return shapeOf(type);
    if (attr == "dtype")
      return PyValue::dtypeOf(type.getElementType());
    if (attr == "ndim")
      return PyValue::integer(type.getRank());
    if (attr == "device") {
      PyValue v;
      v.kind = PyValue::Device;
      v.s = "cuda:0";
      return v;
    }
    if (attr == "is_cuda")
      return PyValue::boolean(true);
    if (attr == "requires_grad" || attr == "is_sparse" || attr == "is_quantized")
      return PyValue::boolean(false);
    if (attr == "data")
      return *base;
    if (attr == "T" || attr == "mT") // properties that are ops
      return callOp("Tensor." + attr, attr == "T" ? "numpy_T" : "mT", true, {*base}, {});
    PyValue m;
    m.kind = PyValue::Method;
    m.s = attr;
    m.self = std::make_shared<PyValue>(*base);
    return m;
  }
  if (base->kind == PyValue::Dtype) {
    if (attr == "is_floating_point")
      return PyValue::boolean(isFloat(base->dtype));
    if (attr == "itemsize")
      return PyValue::integer(std::max(1u, base->dtype.getIntOrFloatBitWidth() / 8));
  }
  // Fields of torch.return_types tuples (x.max(1).values, x.sort().indices,
  // torch.aminmax(x).max, torch.slogdet(a).logabsdet): no plain tuple has them.
  if (base->isSequence()) {
    static const std::pair<llvm::StringRef, size_t> fields[] = {
        {"values", 0},   {"indices", 1},  {"min", 0},          {"max", 1},      {"sign", 0},
        {"logabsdet", 1}, {"mantissa", 0}, {"exponent", 1},     {"inverse", 0},  {"info", 1},
        {"L", 0},        {"Q", 0},        {"R", 1},            {"eigenvalues", 0},
        {"eigenvectors", 1}, {"U", 0},    {"S", 1},            {"Vh", 2},
        {"hist", 0},     {"bin_edges", 1}};
    for (auto [name, i] : fields)
      if (attr == name) {
        if (i >= base->elts.size())
          return error(e.loc, "'" + attr + "' of " + base->describe() + ": no such field");
        return base->elts[i];
      }
  }
  if (base->kind == PyValue::Opaque && (base->s == "finfo" || base->s == "iinfo"))
    return numericLimit(ctx, base->dtype, attr);
  if (base->kind == PyValue::Device && attr == "type")
    return PyValue::str(llvm::StringRef(base->s).split(':').first.str());
  if (base->kind == PyValue::Device && attr == "index")
    return PyValue::integer(0);
  // Methods of Python values (tuple.index, ...) are dispatched at the call.
  PyValue m;
  m.kind = PyValue::Method;
  m.s = attr;
  m.self = std::make_shared<PyValue>(*base);
  return m;
}

FailureOr<PyValue> Evaluator::Impl::evalCall(const py::Expr &e) {
  auto callee = eval(*e.children[0]);
  if (failed(callee))
    return failure();
  std::vector<PyValue> args;
  KwArgs kwargs;
  for (auto &a : e.args) {
    if (a->kind == py::ExprKind::Starred) {
      auto v = eval(*a->children[0]);
      if (failed(v))
        return failure();
      if (!v->isSequence())
        return error(a->loc, "cannot unpack " + v->describe() + " with '*'");
      llvm::append_range(args, v->elts);
      continue;
    }
    auto v = eval(*a);
    if (failed(v))
      return failure();
    args.push_back(*v);
  }
  for (auto &k : e.keywords) {
    if (k.name.empty())
      return error(k.loc, "'**' arguments are not supported");
    auto v = eval(*k.value);
    if (failed(v))
      return failure();
    kwargs.push_back({k.name, *v});
  }
  ctx.loc = ctx.locOf(e.loc);

  // GraphNet's size rewrites read these calls' literal arguments.
  if (tracer.active()) {
    std::string op = GraphTracer::tracedOp(*callee);
    bool starred = llvm::any_of(e.args, [](auto &a) { return a->kind == py::ExprKind::Starred; });
    if (!op.empty() && !starred) {
      bool method = callee->kind == PyValue::Method;
      std::vector<TraceArg> traced;
      if (method)
        traced.push_back(tracer.nodeArg(*callee->self));
      for (size_t i = 0; i < e.args.size(); ++i)
        traced.push_back(tracer.arg(*e.args[i], &args[i]));
      if (failed(tracer.rewrite(e.loc, args, method ? 1 : 0)))
        return failure();
      auto r = evalCallOf(e, *callee, std::move(args), std::move(kwargs));
      if (succeeded(r))
        tracer.node(e, *r, op, std::move(traced));
      return r;
    }
  }
  return evalCallOf(e, *callee, std::move(args), std::move(kwargs));
}

/// Whether `call` makes a tensor of its own (a factory, a copy), not a
/// view of one that a variable holds: an in-place update of its result
/// changes nothing else.
static bool makesFreshTensor(const py::Expr &call) {
  const py::Expr &callee = *call.children[0];
  if (callee.kind != py::ExprKind::Attribute && callee.kind != py::ExprKind::Name)
    return false;
  return llvm::is_contained(
      {"new_empty", "new_empty_strided", "new_zeros", "new_ones", "new_full", "new_tensor", "empty_like",
       "zeros_like", "ones_like", "full_like", "rand_like", "randn_like", "randint_like",
       "clone", "empty", "zeros", "ones", "full", "rand", "randn", "randint", "arange",
       "empty_strided", "tensor"},
      llvm::StringRef(callee.str));
}

/// `add_`, `mul_`: an in-place method's name (not a dunder like `__add__`).
static bool isInPlaceName(llvm::StringRef m) { return m.ends_with("_") && !m.ends_with("__"); }

/// `recv.name_(...)`: an in-place tensor method's call.
static bool isInPlaceMethodCall(const py::Expr &call) {
  const py::Expr &callee = *call.children[0];
  return callee.kind == py::ExprKind::Attribute && isInPlaceName(callee.str);
}

/// A variable written is rebound (with every alias and view of its
/// storage); a tensor a call has just made is seen by nothing else; any
/// other expression sharing a variable's storage cannot be written.
FailureOr<PyValue> Evaluator::Impl::writeCallTargets(const py::Expr &call,
                                                     llvm::StringRef canonical,
                                                     const py::Expr &target,
                                                     const PyValue &targetValue,
                                                     llvm::StringRef what, PyValue result) {
  if (target.kind == py::ExprKind::Name) {
    if (failed(updateInPlace(call.loc, target.str, result)))
      return failure();
    return env[target.str];
  }
  // out=(values, indices): each element written.
  if ((target.kind == py::ExprKind::Tuple || target.kind == py::ExprKind::List) &&
      targetValue.isSequence()) {
    if (!result.isSequence() || result.elts.size() != target.children.size() ||
        targetValue.elts.size() != target.children.size())
      return error(call.loc, what + " of '" + canonical + "': " +
                                 llvm::Twine(target.children.size()) +
                                 " targets for a result that is " + result.describe());
    PyValue written = result;
    for (size_t i = 0; i < target.children.size(); ++i) {
      auto w = writeCallTargets(call, canonical, *target.children[i], targetValue.elts[i], what,
                                result.elts[i]);
      if (failed(w))
        return failure();
      written.elts[i] = *w;
    }
    return written;
  }
  if (targetValue.isTensor() && !(target.kind == py::ExprKind::Call && makesFreshTensor(target))) {
    Value root = storageRoot(targetValue.tensor);
    for (auto &entry : env)
      if (entry.second.isTensor() && storageRoot(entry.second.tensor) == root)
        return error(call.loc, what + " of '" + canonical + "' on an expression that views '" +
                                   entry.first() + "' (not a variable) is not supported");
  }
  return result;
}

FailureOr<PyValue> Evaluator::Impl::evalCallOf(const py::Expr &e, PyValue calleeValue,
                                               std::vector<PyValue> args, KwArgs kwargs) {
  auto callee = &calleeValue;
  if (callee->kind == PyValue::Function) {
    if (!kwargs.empty())
      return error(e.loc, "keyword arguments to a lambda are not supported");
    return callLambda(e.loc, *callee, args);
  }
  if (callee->kind == PyValue::Module) {
    const std::string &name = callee->s;
    // operator.add(a, b) is a + b: Python's semantics on ints, the
    // binary op on tensors.
    static const std::pair<llvm::StringRef, llvm::StringRef> binaryOperators[] = {
        {"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"truediv", "/"}, {"floordiv", "//"},
        {"mod", "%"}, {"pow", "**"}, {"matmul", "@"}, {"and_", "&"}, {"or_", "|"},
        {"xor", "^"}, {"lshift", "<<"}, {"rshift", ">>"}};
    llvm::StringRef fn(name);
    if ((fn.consume_front("operator.") || fn.consume_front("_operator.")) && args.size() == 2 &&
        kwargs.empty())
      for (auto [opName, symbol] : binaryOperators)
        if (fn == opName)
          return evalBinary(e.loc, symbol, args[0], args[1]);
    // sum(iterable, start=0): the values added left to right.
    if (name == "builtins.sum" && (args.size() == 1 || args.size() == 2) && kwargs.empty() &&
        args[0].isSequence()) {
      PyValue total = args.size() == 2 ? args[1] : PyValue::integer(0);
      for (const PyValue &v : args[0].elts) {
        auto next = evalBinary(e.loc, "+", total, v);
        if (failed(next))
          return failure();
        total = *next;
      }
      return total;
    }
    bool handled = false;
    auto r = callBuiltin(name, args, kwargs, handled);
    if (handled)
      return r;
    r = frontend.callSpecial(ctx, name, args, kwargs, handled);
    if (handled)
      return r;
    std::string canonical = frontend.canonicalOpName(name);
    if (canonical.empty())
      return ctx.error("call of unsupported function '" + name + "'");
    // In-place forms of a function (torch.relu_(x), inplace=True, out=y):
    // the written argument is read before the arguments move.
    bool writes = frontend.writesInPlaceArguments();
    bool inPlace = writes && isInPlaceName(canonical);
    const py::Expr *target = nullptr;
    PyValue targetValue;
    llvm::StringRef what = "in-place update";
    for (auto &[k, v] : kwargs)
      if (writes && k == "inplace" && v.isNumber() && v.asDouble() != 0)
        inPlace = true;
    if (inPlace) {
      if (!e.args.empty() && e.args[0]->kind != py::ExprKind::Starred && !args.empty()) {
        target = e.args[0].get();
        targetValue = args[0];
      }
      for (size_t i = 0; i < kwargs.size() && !target; ++i)
        if (kwargs[i].first == "input" || kwargs[i].first == "self" ||
            kwargs[i].first == "tensor") {
          for (const py::Keyword &kw : e.keywords)
            if (kw.name == kwargs[i].first)
              target = kw.value.get();
          targetValue = kwargs[i].second;
        }
      if (!target)
        return error(e.loc, "in-place '" + canonical + "': no tensor argument to update");
    }
    for (auto &[k, v] : kwargs)
      if (writes && k == "out" && !v.isNone())
        for (const py::Keyword &kw : e.keywords)
          if (kw.name == "out") {
            target = kw.value.get();
            targetValue = v;
            what = "out=";
          }
    auto result = callOp(name, canonical, false, std::move(args), std::move(kwargs));
    if (failed(result) || !target)
      return result;
    return writeCallTargets(e, canonical, *target, targetValue, what, *result);
  }
  if (callee->kind == PyValue::Method) {
    const PyValue &self = *callee->self;
    if (self.isTensor()) {
      bool handled = false;
      auto r = callTensorMethod(self, callee->s, args, kwargs, handled);
      if (handled)
        return r;
      args.insert(args.begin(), self);
      auto result = callOp("Tensor." + callee->s, callee->s, true, std::move(args),
                           std::move(kwargs));
      if (failed(result))
        return failure();
      // In-place method (`x.mul_(2)`): rebind the receiver variable.
      llvm::StringRef m(callee->s);
      if (isInPlaceName(m)) {
        // A chain of in-place calls (x.add_(1).mul_(2)) updates its root.
        const py::Expr *root = e.children[0]->children[0].get();
        while (root->kind == py::ExprKind::Call && isInPlaceMethodCall(*root))
          root = root->children[0]->children[0].get();
        const py::Expr &recv = *root;
        // On a tensor a call has just made (x.new_empty(s).bernoulli_(p)),
        // nothing else sees the update: its result is the value.
        if (recv.kind == py::ExprKind::Call && makesFreshTensor(recv))
          return result;
        if (recv.kind != py::ExprKind::Name)
          return error(e.loc, "in-place '" + m + "' on an expression that is not a variable "
                                                 "is not supported");
        if (failed(updateInPlace(e.loc, recv.str, *result)))
          return failure();
        return env[recv.str];
      }
      return result;
    }
    // A complex value's methods go to the same ops as a tensor's (add, sub,
    // mul, div take it; any other names it in its error). Not in place: a
    // complex value is a pair, not a buffer to update.
    if (isComplex(self)) {
      llvm::StringRef m(callee->s);
      if (isInPlaceName(m))
        return ctx.error("in-place '" + m + "' on a complex tensor is not supported");
      args.insert(args.begin(), self);
      return callOp("Tensor." + callee->s, callee->s, true, std::move(args), std::move(kwargs));
    }
    if (self.isSequence() && callee->s == "index" && args.size() == 1) {
      for (size_t i = 0; i < self.elts.size(); ++i)
        if (self.elts[i].isNumber() && args[0].isNumber() &&
            self.elts[i].asDouble() == args[0].asDouble())
          return PyValue::integer(i);
      return ctx.error("tuple.index(x): x not in tuple");
    }
    return ctx.error("unsupported method '" + callee->s + "' of " + self.describe());
  }
  return error(e.loc, "'" + callee->describe() + "' is not callable");
}

/// Evaluates a lambda's body with its parameters bound over the current
/// variables (the lambdas in model files refer to nothing but their
/// parameters and builtins), then restores what the parameters shadowed.
FailureOr<PyValue> Evaluator::Impl::callLambda(py::SrcLoc l, const PyValue &fn,
                                               std::vector<PyValue> &args) {
  const py::Expr &lambda = *fn.lambda;
  if (args.size() != lambda.lambdaParams.size())
    return error(l, "lambda takes " + llvm::Twine(lambda.lambdaParams.size()) +
                        " arguments, got " + llvm::Twine(args.size()));
  std::vector<std::optional<PyValue>> shadowed;
  for (auto [name, value] : llvm::zip(lambda.lambdaParams, args)) {
    auto it = env.find(name);
    shadowed.push_back(it == env.end() ? std::nullopt : std::optional<PyValue>(it->second));
    env[name] = value;
  }
  auto result = eval(*lambda.children[0]);
  for (auto [name, old] : llvm::zip(lambda.lambdaParams, shadowed)) {
    if (old)
      env[name] = *old;
    else
      env.erase(name);
  }
  return result;
}

/// The ops a complex value takes part by part (layout only).
static bool isPartwiseOnComplex(llvm::StringRef op) {
  return llvm::is_contained(
      {"view", "reshape", "flatten", "unflatten", "unsqueeze", "squeeze", "transpose", "permute",
       "expand", "contiguous", "clone", "repeat", "flip", "roll", "narrow", "select", "detach",
       "chunk", "split", "unbind", "cat", "concat", "concatenate", "stack", "t", "movedim",
       "swapaxes", "__getitem__", "slice", "strided_slice", "split_with_num", "tile",
       "unstack", "assign"},
      op);
}

std::optional<FailureOr<PyValue>>
Evaluator::Impl::complexPartwise(llvm::StringRef displayName, llvm::StringRef canonical,
                                 bool isMethod, const std::vector<PyValue> &args,
                                 const KwArgs &kwargs) {
  if (args.empty() || !isPartwiseOnComplex(canonical))
    return std::nullopt;
  const PyValue &first = args[0];
  bool joined = first.isSequence() && !first.elts.empty() &&
                llvm::any_of(first.elts, [](const PyValue &v) { return isComplex(v); });
  if (!isComplex(first) && !joined)
    return std::nullopt;
  std::vector<PyValue> parts[2] = {args, args};
  for (int k = 0; k < 2; ++k) {
    if (isComplex(first)) {
      parts[k][0] = first.elts[k];
      continue;
    }
    for (PyValue &v : parts[k][0].elts) {
      if (!isComplex(v))
        return FailureOr<PyValue>(ctx.error("joining complex and real tensors is not supported"));
      v = v.elts[k];
    }
  }
  auto re = callOp(displayName, canonical, isMethod, parts[0], kwargs);
  if (failed(re))
    return FailureOr<PyValue>(failure());
  auto im = callOp(displayName, canonical, isMethod, parts[1], kwargs);
  if (failed(im))
    return FailureOr<PyValue>(failure());
  if (re->isTensor() && im->isTensor())
    return FailureOr<PyValue>(complexPair(re->tensor, im->tensor));
  if (re->isSequence() && im->isSequence() && re->elts.size() == im->elts.size()) {
    std::vector<PyValue> zipped;
    for (size_t i = 0; i < re->elts.size(); ++i) {
      if (!re->elts[i].isTensor() || !im->elts[i].isTensor())
        return FailureOr<PyValue>(ctx.error("'" + displayName + "' of a complex tensor"));
      zipped.push_back(complexPair(re->elts[i].tensor, im->elts[i].tensor));
    }
    return FailureOr<PyValue>(PyValue::tuple(std::move(zipped)));
  }
  return FailureOr<PyValue>(ctx.error("'" + displayName + "' of a complex tensor"));
}

FailureOr<PyValue> Evaluator::Impl::callOp(llvm::StringRef displayName, llvm::StringRef canonical,
                                     bool isMethod, std::vector<PyValue> args,
                                     KwArgs kwargs) {
  const OpRegistry &registry = frontend.ops();
  std::string name = canonical.str();
  const OpEntry *entry = nullptr;
  if (isMethod)
    entry = registry.lookup("Tensor." + name);
  if (!entry && !isMethod)
    entry = registry.lookup(displayName); // e.g. torch.batch_norm (aten order)
  if (!entry)
    entry = registry.lookup(name);
  // In-place spellings (relu_, add_) share the out-of-place handler.
  llvm::StringRef n(name);
  if (!entry && isInPlaceName(n)) {
    std::string base = n.drop_back().str();
    if (isMethod)
      entry = registry.lookup("Tensor." + base);
    if (!entry)
      entry = registry.lookup(base);
  }
  if (!entry)
    return ctx.error("unsupported op '" + displayName + "'");

  // Layout ops on complex values (pairs of real tensors) apply to each part:
  // reshaping, slicing, joining and splitting do not mix the two.
  if (auto parts = complexPartwise(displayName, canonical, isMethod, args, kwargs))
    return *parts;

  // Inside torch.vmap: align batched operands (or refuse the op).
  llvm::SmallVector<int64_t> levels;
  bool resultBatched = false;
  auto batched = frontend.prepareBatchedCall(ctx, name, args, kwargs, levels, resultBatched);
  if (failed(batched))
    return failure();

  // A dtype variant: this call's float32 tensors in the variant's type.
  if (ctx.variantType && frontend.castsToVariant(name, isMethod)) {
    auto cast = [&](PyValue &v) -> LogicalResult {
      if (!v.isTensor() || !v.type().getElementType().isF32())
        return success();
      auto c = ctx.convert(v.tensor, ctx.variantType);
      if (failed(c))
        return failure();
      v.tensor = *c;
      return success();
    };
    for (PyValue &v : args)
      if (failed(cast(v)))
        return failure();
    for (auto &[k, v] : kwargs)
      if (failed(cast(v)))
        return failure();
  }

  // Inside an enabled torch.autocast region: the casts its op lists say.
  if (failed(applyAutocast(ctx, frontend, name, isMethod, args, kwargs)))
    return failure();

  // Bind arguments to the signature.
  Args bound(ctx, displayName.str());
  size_t next = 0;
  for (const Param &p : entry->params) {
    if (p.isVarargs) {
      for (; next < args.size(); ++next)
        bound.varargs.push_back(args[next]);
      continue;
    }
    if (!p.keywordOnly && next < args.size()) {
      bound.bound.push_back({p.name, args[next++]});
      continue;
    }
  }
  if (next < args.size())
    return bound.error("takes at most " + llvm::Twine(next) + " positional arguments, got " +
                       llvm::Twine(args.size()));
  for (auto &[key, v] : kwargs) {
    std::string k = key;
    auto it = llvm::find_if(entry->params, [&](const Param &p) { return p.name == k; });
    // numpy's spellings that PyTorch's argument parser accepts for the
    // same parameters (torch.sum(x, axis=1, keepdims=True)).
    if (it == entry->params.end()) {
      static const std::pair<llvm::StringRef, llvm::StringRef> numpyAliases[] = {
          {"axis", "dim"}, {"keepdims", "keepdim"}, {"x", "input"}, {"a", "input"},
          {"x1", "input"}, {"x2", "other"}};
      for (auto [alias, param] : numpyAliases)
        if (k == alias) {
          auto at = llvm::find_if(entry->params, [&](const Param &p) { return p.name == param; });
          if (at != entry->params.end()) {
            k = param.str();
            it = at;
          }
        }
    }
    if (it == entry->params.end()) {
      // Keyword spellings that only steer placement or autograd.
      if (k == "device" || k == "layout" || k == "pin_memory" || k == "requires_grad" ||
          k == "memory_format" || k == "non_blocking" || k == "copy" || k == "inplace" ||
          k == "out" || k == "names")
        continue;
      return bound.error("unexpected keyword argument '" + k + "'");
    }
    for (auto &[bn, bv] : bound.bound)
      if (bn == k)
        return bound.error("got multiple values for argument '" + k + "'");
    bound.bound.push_back({k, v});
  }
  for (const Param &p : entry->params) {
    if (p.isVarargs)
      continue;
    bool present = llvm::any_of(bound.bound, [&](auto &b) { return b.first == p.name; });
    if (present)
      continue;
    if (!p.hasDefault)
      return bound.error("missing required argument '" + p.name + "'");
    bound.bound.push_back({p.name, p.defaultValue});
  }
  auto result = entry->fn(ctx, bound);
  if (succeeded(result) && resultBatched && result->isTensor())
    result->levels.assign(levels.begin(), levels.end());
  return result;
}

/// Python truthiness-free int conversion for builtins.
static FailureOr<int64_t> toInt(ImportContext &ctx, const PyValue &v) {
  if (v.kind == PyValue::Int || v.kind == PyValue::Bool)
    return v.i;
  if (v.kind == PyValue::Float) {
    if (auto i = checkedInt64(v.f))
      return *i;
    return ctx.error("cannot convert float " + llvm::formatv("{0:e}", v.f).str() +
                     " to an int64");
  }
  return ctx.error("expected an int, got " + v.describe());
}

/// Python's math module on numbers (math.sqrt(d_head), math.log(10000.0)):
/// ints where Python gives ints (floor, ceil, gcd, isqrt), floats otherwise.
static FailureOr<PyValue> mathOfNumbers(ImportContext &ctx, llvm::StringRef fn,
                                        const std::vector<PyValue> &args) {
  double x = args[0].asDouble();
  auto asInt = [&](double r) -> FailureOr<PyValue> {
    if (auto i = checkedInt64(r))
      return PyValue::integer(*i);
    return ctx.error("math." + fn + ": " + std::to_string(r) + " is not a 64-bit int");
  };
  if (args.size() == 1) {
    if (fn == "floor")
      return asInt(std::floor(x));
    if (fn == "ceil")
      return asInt(std::ceil(x));
    if (fn == "trunc")
      return asInt(std::trunc(x));
    if (fn == "isqrt" && args[0].kind != PyValue::Float && x >= 0) {
      auto r = static_cast<int64_t>(std::sqrt(x));
      while (r * r > args[0].i)
        --r;
      while ((r + 1) * (r + 1) <= args[0].i)
        ++r;
      return PyValue::integer(r);
    }
    if (fn == "isnan" || fn == "isinf" || fn == "isfinite")
      return PyValue::boolean(fn == "isnan" ? std::isnan(x)
                              : fn == "isinf" ? std::isinf(x) : std::isfinite(x));
    if ((fn == "sqrt" && x < 0) || ((fn == "log" || fn == "log2" || fn == "log10") && x <= 0))
      return ctx.error("math." + fn + "(" + std::to_string(x) + "): math domain error");
    static const std::pair<llvm::StringRef, double (*)(double)> unary[] = {
        {"sqrt", [](double v) { return std::sqrt(v); }},  {"exp", [](double v) { return std::exp(v); }},
        {"log", [](double v) { return std::log(v); }},    {"log2", [](double v) { return std::log2(v); }},
        {"log10", [](double v) { return std::log10(v); }}, {"log1p", [](double v) { return std::log1p(v); }},
        {"expm1", [](double v) { return std::expm1(v); }}, {"sin", [](double v) { return std::sin(v); }},
        {"cos", [](double v) { return std::cos(v); }},    {"tan", [](double v) { return std::tan(v); }},
        {"atan", [](double v) { return std::atan(v); }},  {"tanh", [](double v) { return std::tanh(v); }},
        {"erf", [](double v) { return std::erf(v); }},    {"fabs", [](double v) { return std::fabs(v); }},
        {"radians", [](double v) { return v * M_PI / 180; }},
        {"degrees", [](double v) { return v * 180 / M_PI; }}};
    for (auto [name, f] : unary)
      if (fn == name)
        return PyValue::real(f(x));
  }
  if (args.size() == 2) {
    double y = args[1].asDouble();
    if (fn == "pow")
      return PyValue::real(std::pow(x, y));
    if (fn == "atan2")
      return PyValue::real(std::atan2(x, y));
    if (fn == "log" && x > 0 && y > 0 && y != 1)
      return PyValue::real(std::log(x) / std::log(y));
    if (fn == "fmod" && y != 0)
      return PyValue::real(std::fmod(x, y));
    if (fn == "copysign")
      return PyValue::real(std::copysign(x, y));
    if (fn == "gcd" && args[0].kind != PyValue::Float && args[1].kind != PyValue::Float)
      return PyValue::integer(std::gcd(args[0].i, args[1].i));
  }
  return ctx.error("math." + fn + " of " + llvm::Twine(args.size()) +
                   " number(s) is not supported");
}

FailureOr<PyValue> Evaluator::Impl::callBuiltin(llvm::StringRef name, std::vector<PyValue> &args,
                                          KwArgs &kwargs,
                                          bool &handled) {
  handled = true;
  if (name.starts_with("math.") && !args.empty() &&
      llvm::all_of(args, [](const PyValue &a) { return a.isNumber(); }))
    return mathOfNumbers(ctx, name.drop_front(5), args);
  // torch.finfo(dtype), paddle.iinfo(dtype): their fields are read by
  // evalAttribute (finfo(x.dtype).min in attention masks).
  if (name.ends_with(".finfo") || name.ends_with(".iinfo")) {
    bool finfo = name.ends_with(".finfo");
    PyValue v;
    v.kind = PyValue::Opaque;
    v.s = finfo ? "finfo" : "iinfo";
    v.dtype = Float32Type::get(&ctx.mlirContext);
    if (!args.empty() && args[0].kind == PyValue::Dtype)
      v.dtype = args[0].dtype;
    else if (!args.empty() && args[0].isTensor())
      v.dtype = args[0].type().getElementType();
    else if (!args.empty() || (!finfo && args.empty()))
      return ctx.error(llvm::Twine(v.s) + "() needs a dtype");
    if (finfo != llvm::isa<FloatType>(v.dtype) || v.dtype.isInteger(1)) {
      std::string t;
      llvm::raw_string_ostream os(t);
      os << v.dtype;
      return ctx.error(llvm::Twine(v.s) + "() of " + t + " is not defined");
    }
    return v;
  }
  if (name == "builtins.slice") {
    PyValue v;
    v.kind = PyValue::Slice;
    if (args.size() == 1)
      v.elts = {PyValue::none(), args[0], PyValue::none()};
    else
      v.elts = args;
    v.elts.resize(3);
    return v;
  }
  if (name == "builtins.int" && args.size() == 1) {
    if (args[0].isTensor())
      return ctx.error("int() of a tensor is data-dependent; not supported");
    auto i = toInt(ctx, args[0]);
    if (failed(i))
      return failure();
    return PyValue::integer(*i);
  }
  if (name == "builtins.float" && args.size() == 1) {
    if (args[0].kind == PyValue::Str) {
      // Python's float(str): numbers, inf, infinity and nan, any case.
      llvm::StringRef t = llvm::StringRef(args[0].s).trim();
      bool negative = t.consume_front("-");
      if (!negative)
        t.consume_front("+");
      double d;
      if (t.equals_insensitive("inf") || t.equals_insensitive("infinity"))
        d = INFINITY;
      else if (t.equals_insensitive("nan"))
        d = NAN;
      else if (t.empty() || t.getAsDouble(d))
        return ctx.error("could not convert string to float: '" + args[0].s + "'");
      return PyValue::real(negative ? -d : d);
    }
    if (!args[0].isNumber())
      return ctx.error("float() of " + args[0].describe() + " is not supported");
    return PyValue::real(args[0].asDouble());
  }
  if (name == "builtins.bool" && args.size() == 1 && args[0].isNumber())
    return PyValue::boolean(args[0].asDouble() != 0);
  if (name == "builtins.len" && args.size() == 1) {
    if (args[0].isSequence())
      return PyValue::integer(args[0].elts.size());
    if (args[0].isTensor() && args[0].type().getRank() > 0)
      return PyValue::integer(args[0].type().getDimSize(0));
    return ctx.error("len() of " + args[0].describe());
  }
  if ((name == "builtins.tuple" || name == "builtins.list") && args.size() == 1 &&
      args[0].isSequence()) {
    PyValue v = args[0];
    v.kind = name == "builtins.tuple" ? PyValue::Tuple : PyValue::List;
    return v;
  }
  if ((name == "builtins.max" || name == "builtins.min") && !args.empty()) {
    std::vector<PyValue> items = args.size() == 1 && args[0].isSequence() ? args[0].elts : args;
    if (items.empty() || !llvm::all_of(items, [](auto &v) { return v.isNumber(); }))
      return ctx.error(name.drop_front(9) + "() is supported on Python numbers only");
    PyValue best = items[0];
    for (auto &v : items)
      if (name == "builtins.max" ? v.asDouble() > best.asDouble()
                                 : v.asDouble() < best.asDouble())
        best = v;
    return best;
  }
  if (name == "builtins.abs" && args.size() == 1 && args[0].isNumber()) {
    PyValue v = args[0];
    v.i = std::llabs(v.i);
    v.f = std::fabs(v.f);
    return v;
  }
  if (name == "builtins.range") {
    int64_t start = 0, stop = 0, step = 1;
    std::vector<int64_t> xs;
    for (auto &a : args) {
      auto i = toInt(ctx, a);
      if (failed(i))
        return failure();
      xs.push_back(*i);
    }
    if (xs.size() == 1) stop = xs[0];
    else if (xs.size() >= 2) { start = xs[0]; stop = xs[1]; if (xs.size() == 3) step = xs[2]; }
    if (step == 0)
      return ctx.error("range() step must not be zero");
    PyValue v;
    v.kind = PyValue::Tuple;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
      v.elts.push_back(PyValue::integer(i));
    return v;
  }
  if (name == "builtins.getattr" && args.size() >= 2 && args[1].kind == PyValue::Str &&
      args[0].kind == PyValue::Module)
    return PyValue::module(args[0].s + "." + args[1].s);
  if (name == "builtins.print")
    return PyValue::none();
  if (name == "builtins.isinstance" && args.size() == 2) {
    // isinstance(v, (list, tuple)) as Paddle's multi-output wrappers write it.
    std::vector<PyValue> types = args[1].isSequence() ? args[1].elts : std::vector{args[1]};
    // A class gn does not know is an error, not False (isinstance(x,
    // torch.Tensor) was False: the other branch, silently).
    bool match = false;
    for (const PyValue &t : types) {
      if (t.kind != PyValue::Module)
        return ctx.error("isinstance() with " + t.describe() + " is not supported");
      llvm::StringRef tn = t.s;
      bool isTensorClass = tn == "torch.Tensor" || tn == "paddle.Tensor";
      if (!isTensorClass && !llvm::is_contained({"builtins.list", "builtins.tuple", "builtins.int",
                                                 "builtins.float", "builtins.bool", "builtins.str"},
                                                tn))
        return ctx.error("isinstance() with '" + tn + "' is not supported");
      // bool is an int subclass in Python.
      match |= (tn == "builtins.list" && args[0].kind == PyValue::List) ||
               (tn == "builtins.tuple" && args[0].kind == PyValue::Tuple) ||
               (tn == "builtins.int" &&
                (args[0].kind == PyValue::Int || args[0].kind == PyValue::Bool)) ||
               (tn == "builtins.float" && args[0].kind == PyValue::Float) ||
               (tn == "builtins.bool" && args[0].kind == PyValue::Bool) ||
               (tn == "builtins.str" && args[0].kind == PyValue::Str) ||
               (isTensorClass && args[0].isTensor());
    }
    return PyValue::boolean(match);
  }
  handled = false;
  return failure();
}

FailureOr<PyValue> Evaluator::Impl::callTensorMethod(
    const PyValue &self, llvm::StringRef name, std::vector<PyValue> &args,
    KwArgs &kwargs, bool &handled) {
  handled = true;
  auto type = self.type();
  if (name == "size" || name == "dim" || name == "numel" || name == "nelement" ||
      name == "element_size" || name == "is_contiguous" || name == "is_floating_point" ||
      name == "get_device" || name == "stride") {
    if (name == "dim")
      return PyValue::integer(type.getRank());
    if (name == "numel" || name == "nelement") {
      std::string why;
      std::optional<SymExpr> n = sym::product(dimExprs(type), why);
      if (!n)
        return ctx.error("Tensor." + name + ": " + why);
      return PyValue::size(type.getNumElements(), *n);
    }
    if (name == "element_size")
      return PyValue::integer(std::max(1u, type.getElementTypeBitWidth() / 8));
    if (name == "is_contiguous")
      return PyValue::boolean(true);
    if (name == "is_floating_point")
      return PyValue::boolean(isFloat(type.getElementType()));
    if (name == "get_device")
      return PyValue::integer(0);
    if (name == "stride") {
      std::vector<PyValue> strides(type.getRank());
      int64_t s = 1;
      for (int64_t i = type.getRank() - 1; i >= 0; --i) {
        strides[i] = PyValue::integer(s);
        s *= type.getDimSize(i);
      }
      if (args.size() == 1 && args[0].kind == PyValue::Int) {
        auto d = ctx.dim(args[0].i, type.getRank());
        if (failed(d))
          return failure();
        return strides[*d];
      }
      return PyValue::tuple(strides);
    }
    // size()
    const PyValue *dimArg = args.empty() ? nullptr : &args[0];
    for (auto &[k, v] : kwargs)
      if (k == "dim")
        dimArg = &v;
    if (dimArg) {
      if (dimArg->kind != PyValue::Int)
        return ctx.error("Tensor.size: dim must be an int");
      auto d = ctx.dim(dimArg->i, type.getRank());
      if (failed(d))
        return failure();
      return shapeOf(type).elts[*d];
    }
    return shapeOf(type);
  }
  if (name == "item" || name == "tolist") {
    // An argument whose meta gives `data` has known values: fold them.
    auto known = ctx.knownData.find(self.tensor);
    if (known != ctx.knownData.end() && known->second.size() == 1) {
      double d = known->second[0];
      if (name == "tolist" && type.getRank() > 0)
        return PyValue::tuple({isFloat(type.getElementType()) ? PyValue::real(d)
                                                                : PyValue::integer(saturatingInt64(d))});
      if (isFloat(type.getElementType()))
        return PyValue::real(d);
      if (type.getElementType().isInteger(1))
        return PyValue::boolean(d != 0);
      return PyValue::integer(saturatingInt64(d));
    }
    if (type.getNumElements() != 1)
      return ctx.error("Tensor." + name + "() of a tensor with " +
                       llvm::Twine(type.getNumElements()) + " elements is not supported");
    // A runtime value: keep it as a 0-d tensor that promotes like a scalar.
    auto r = ctx.reshape(self.tensor, {});
    if (failed(r))
      return failure();
    PyValue v = PyValue::of(*r);
    v.wrappedScalar = true;
    return v;
  }
  handled = false;
  return failure();
}

FailureOr<PyValue> Evaluator::Impl::evalSubscript(const py::Expr &e) {
  auto base = eval(*e.children[0]);
  if (failed(base))
    return failure();
  auto index = eval(*e.children[1]);
  if (failed(index))
    return failure();
  ctx.loc = ctx.locOf(e.loc);
  // A complex value (a pair of real tensors) is subscripted part by part.
  if (isComplex(*base) && !tracer.active()) {
    auto re = frontend.subscript(ctx, base->elts[0], *index);
    if (failed(re))
      return failure();
    auto im = frontend.subscript(ctx, base->elts[1], *index);
    if (failed(im))
      return failure();
    if (!re->isTensor() || !im->isTensor())
      return error(e.loc, "subscript of a complex tensor must give a tensor");
    return complexPair(re->tensor, im->tensor);
  }
  if (base->isTensor()) {
    if (!tracer.active())
      return frontend.subscript(ctx, *base, *index);
    std::vector<TraceArg> traced = {tracer.nodeArg(*base), tracer.arg(*e.children[1], &*index)};
    std::vector<PyValue> fxArgs = {*base, *index};
    if (failed(tracer.rewrite(e.loc, fxArgs, 0)))
      return failure();
    auto r = frontend.subscript(ctx, fxArgs[0], fxArgs[1]);
    if (succeeded(r))
      tracer.node(e, *r, "getitem", std::move(traced));
    return r;
  }
  if (base->isSequence()) {
    int64_t n = base->elts.size();
    if (index->kind == PyValue::Int) {
      int64_t i = index->i < 0 ? index->i + n : index->i;
      if (i < 0 || i >= n)
        return error(e.loc, "tuple index " + llvm::Twine(index->i) + " out of range");
      return base->elts[i];
    }
    if (index->kind == PyValue::Slice) {
      // Python's slice.indices(n): bounds clamped per the step's sign.
      int64_t step = index->elts[2].isNone() ? 1 : index->elts[2].i;
      if (step == 0)
        return error(e.loc, "slice step cannot be zero");
      auto bound = [&](const PyValue &v, int64_t def) -> int64_t {
        if (v.isNone())
          return def;
        int64_t x = v.i < 0 ? v.i + n : v.i;
        return step > 0 ? std::clamp<int64_t>(x, 0, n) : std::clamp<int64_t>(x, -1, n - 1);
      };
      int64_t start = bound(index->elts[0], step > 0 ? 0 : n - 1);
      int64_t stop = bound(index->elts[1], step > 0 ? n : -1);
      PyValue v;
      v.kind = base->kind;
      for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
        v.elts.push_back(base->elts[i]);
      return v;
    }
  }
  return error(e.loc, "cannot subscript " + base->describe() + " with " + index->describe());
}

/// Python's integer operators on gn's 64-bit ints: a result that Python's
/// unbounded ints would hold but int64 cannot is an error, not a wrap.
static FailureOr<PyValue> intArith(ImportContext &ctx, llvm::StringRef op, int64_t a, int64_t b) {
  int64_t r = 0;
  auto overflow = [&]() -> FailureOr<PyValue> {
    return ctx.error("integer overflow: " + llvm::Twine(a) + " " + op + " " + llvm::Twine(b) +
                     " does not fit in 64 bits");
  };
  if (op == "+") return __builtin_add_overflow(a, b, &r) ? overflow() : PyValue::integer(r);
  if (op == "-") return __builtin_sub_overflow(a, b, &r) ? overflow() : PyValue::integer(r);
  if (op == "*") return __builtin_mul_overflow(a, b, &r) ? overflow() : PyValue::integer(r);
  if (op == "//" || op == "%") {
    if (b == 0)
      return ctx.error(op == "//" ? "division by zero" : "modulo by zero");
    if (b == -1) // the minimum over -1 does not fit, and traps in C++
      return op == "%" ? PyValue::integer(0)
                       : (a == INT64_MIN ? overflow() : FailureOr<PyValue>(PyValue::integer(-a)));
    int64_t q = a / b, m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) { // Python floors
      --q;
      m += b;
    }
    return PyValue::integer(op == "//" ? q : m);
  }
  if (op == "**") { // b >= 0 here; by squaring, each step checked
    int64_t base = a, e = b;
    r = 1;
    while (e > 0) {
      if ((e & 1) && __builtin_mul_overflow(r, base, &r))
        return overflow();
      e >>= 1;
      if (e > 0 && __builtin_mul_overflow(base, base, &base))
        return overflow();
    }
    return PyValue::integer(r);
  }
  if (op == "&") return PyValue::integer(a & b);
  if (op == "|") return PyValue::integer(a | b);
  if (op == "^") return PyValue::integer(a ^ b);
  if (b < 0)
    return ctx.error("negative shift count " + llvm::Twine(b));
  if (op == ">>") // arithmetic: past the width, the sign is left
    return PyValue::integer(b >= 64 ? (a < 0 ? -1 : 0) : a >> b);
  if (a == 0)
    return PyValue::integer(0);
  if (b >= 63)
    return overflow();
  r = (int64_t)((uint64_t)a << b);
  return (r >> b) == a ? FailureOr<PyValue>(PyValue::integer(r)) : overflow();
}

static FailureOr<PyValue> pythonArith(ImportContext &ctx, llvm::StringRef op, const PyValue &a,
                                      const PyValue &b);

/// Arithmetic on ints one of which is a size that follows the shape
/// symbols: + - *, and // and % by a positive constant, keep the
/// expression; anything else would fix the size at the compile example.
static FailureOr<PyValue> symbolicArith(ImportContext &ctx, llvm::StringRef op, const PyValue &a,
                                        const PyValue &b) {
  SymExpr x = a.symExpr(), y = b.symExpr();
  std::optional<SymExpr> e;
  if (a.kind != PyValue::Float && b.kind != PyValue::Float) {
    std::optional<int64_t> divisor = y.constantValue();
    if (op == "+")
      e = SymExpr::add(x, y);
    else if (op == "-")
      e = SymExpr::sub(x, y);
    else if (op == "*")
      e = SymExpr::mul(x, y);
    else if (op == "//" && divisor && *divisor > 0)
      e = SymExpr::floorDiv(x, *divisor);
    else if (op == "%" && divisor && *divisor > 0)
      e = SymExpr::mod(x, *divisor);
  }
  if (!e) {
    // No symbolic form: the sizes are pinned to the example (guards) and
    // the arithmetic is done on their example values.
    std::string what = "'" + x.str() + " " + op.str() + " " + y.str() + "'";
    if (failed(ctx.pinned(a, what)) || failed(ctx.pinned(b, what)))
      return failure();
    PyValue pa = a, pb = b;
    pa.sym = pb.sym = nullptr;
    return pythonArith(ctx, op, pa, pb);
  }
  auto example = intArith(ctx, op, a.i, b.i);
  if (failed(example))
    return failure();
  return PyValue::size(example->i, *e);
}

static FailureOr<PyValue> pythonArith(ImportContext &ctx, llvm::StringRef op, const PyValue &a,
                                      const PyValue &b) {
  if (a.isSymbolic() || b.isSymbolic())
    return symbolicArith(ctx, op, a, b);
  bool ints = a.kind != PyValue::Float && b.kind != PyValue::Float;
  if (ints && op != "/" && (op != "**" || b.i >= 0) &&
      llvm::is_contained({"+", "-", "*", "//", "%", "**", "&", "|", "^", "<<", ">>"}, op))
    return intArith(ctx, op, a.i, b.i);
  double x = a.asDouble(), y = b.asDouble();
  if (op == "+") return PyValue::real(x + y);
  if (op == "-") return PyValue::real(x - y);
  if (op == "*") return PyValue::real(x * y);
  if (op == "/") {
    if (y == 0) return ctx.error("division by zero");
    return PyValue::real(x / y);
  }
  if (op == "//") {
    if (y == 0) return ctx.error("division by zero");
    return PyValue::real(std::floor(x / y));
  }
  if (op == "%") {
    if (y == 0) return ctx.error("modulo by zero");
    double r = std::fmod(x, y);
    if (r != 0 && ((r < 0) != (y < 0)))
      r += y;
    return PyValue::real(r);
  }
  if (op == "**")
    return PyValue::real(std::pow(x, y));
  return ctx.error("unsupported operator '" + op + "' on Python numbers");
}

FailureOr<PyValue> Evaluator::Impl::evalBinary(py::SrcLoc l, llvm::StringRef op, const PyValue &a,
                                         const PyValue &b) {
  ctx.loc = ctx.locOf(l);
  if (a.isNumber() && b.isNumber())
    return pythonArith(ctx, op, a, b);
  if (a.isSequence() && b.isSequence() && op == "+") {
    PyValue v = a;
    llvm::append_range(v.elts, b.elts);
    return v;
  }
  if (a.isSequence() && b.kind == PyValue::Int && op == "*") {
    PyValue v = a;
    v.elts.clear();
    for (int64_t k = 0; k < b.i; ++k)
      llvm::append_range(v.elts, a.elts);
    return v;
  }
  // Complex values (pairs of real tensors) go to the operator's op like
  // tensors; ImportContext::binary computes + - * / on them part by part.
  if (!a.isTensor() && !b.isTensor() && !isComplex(a) && !isComplex(b))
    return ctx.error("unsupported operand types for '" + op + "': " + a.describe() + " and " +
                     b.describe());
  llvm::StringRef fn = frontend.operatorOp(op);
  if (fn.empty())
    return ctx.error("unsupported operator '" + op + "' on tensors");
  return callOp(("operator " + op).str(), fn, false, {a, b}, {});
}

FailureOr<PyValue> Evaluator::Impl::evalUnary(const py::Expr &e) {
  auto v = eval(*e.children[0]);
  if (failed(v))
    return failure();
  ctx.loc = ctx.locOf(e.loc);
  if (v->isSymbolic() && (e.str == "-" || e.str == "+"))
    return symbolicArith(ctx, e.str, PyValue::integer(0), *v);
  if (v->isSymbolic()) {
    if (failed(ctx.pinned(*v, "unary '" + e.str + "'")))
      return failure();
    v->sym = nullptr;
  }
  if (v->isNumber()) {
    if (e.str == "-") {
      if (v->kind != PyValue::Float && v->i == INT64_MIN)
        return error(e.loc, "integer overflow: -(" + llvm::Twine(v->i) + ") does not fit in 64 bits");
      return v->kind == PyValue::Float ? PyValue::real(-v->f) : PyValue::integer(-v->i);
    }
    if (e.str == "+")
      return *v;
    if (e.str == "not")
      return PyValue::boolean(v->asDouble() == 0);
    if (e.str == "~" && v->kind != PyValue::Float)
      return v->kind == PyValue::Bool ? PyValue::integer(~v->i) : PyValue::integer(~v->i);
  }
  if (e.str == "not" && v->isNone())
    return PyValue::boolean(true);
  if (v->isTensor()) {
    if (e.str == "+")
      return *v;
    // Unary operators are asked of the frontend as "neg" and "~".
    llvm::StringRef fn = frontend.operatorOp(e.str == "-" ? "neg" : e.str);
    if (e.str == "not")
      return error(e.loc, "'not' on a tensor is data-dependent; not supported");
    if (fn.empty())
      return error(e.loc, "unsupported operator '" + e.str + "' on tensors");
    return callOp("operator " + e.str, fn, false, {*v}, {});
  }
  return error(e.loc, "unsupported operand " + v->describe() + " for unary '" + e.str + "'");
}

FailureOr<PyValue> Evaluator::Impl::evalCompare(const py::Expr &e) {
  auto lhs = eval(*e.children[0]);
  if (failed(lhs))
    return failure();
  PyValue result = PyValue::boolean(true);
  for (size_t k = 0; k < e.compareOps.size(); ++k) {
    auto rhs = eval(*e.children[k + 1]);
    if (failed(rhs))
      return failure();
    ctx.loc = ctx.locOf(e.loc);
    llvm::StringRef op = e.compareOps[k];
    PyValue r;
    if (op == "is" || op == "is not") {
      bool same = lhs->kind == rhs->kind &&
                  (lhs->kind == PyValue::None ||
                   (lhs->isTensor() && lhs->tensor == rhs->tensor) ||
                   (lhs->kind == PyValue::Dtype && lhs->dtype == rhs->dtype));
      r = PyValue::boolean(op == "is" ? same : !same);
    } else if (lhs->isTensor() || rhs->isTensor()) {
      llvm::StringRef fn = frontend.operatorOp(op);
      if (fn.empty() || e.compareOps.size() != 1)
        return error(e.loc, "unsupported comparison '" + op + "' on tensors");
      return callOp(("operator " + op).str(), fn, false, {*lhs, *rhs}, {});
    } else if (lhs->isNumber() && rhs->isNumber()) {
      // A branch on a size holds at the example only: its sizes are pinned.
      std::string what = "comparing '" + lhs->symExpr().str() + " " + op.str() + " " +
                         rhs->symExpr().str() + "'";
      if (failed(ctx.pinned(*lhs, what)) || failed(ctx.pinned(*rhs, what)))
        return failure();
      double x = lhs->asDouble(), y = rhs->asDouble();
      bool b = op == "<" ? x < y : op == "<=" ? x <= y : op == ">" ? x > y
             : op == ">=" ? x >= y : op == "==" ? x == y : x != y;
      r = PyValue::boolean(b);
    } else if (op == "==" || op == "!=") {
      bool same = lhs->kind == rhs->kind &&
                  ((lhs->kind == PyValue::Dtype && lhs->dtype == rhs->dtype) ||
                   ((lhs->kind == PyValue::Str || lhs->kind == PyValue::Device) &&
                    lhs->s == rhs->s) ||
                   lhs->kind == PyValue::None);
      if (lhs->isSequence() && rhs->isSequence()) {
        same = lhs->elts.size() == rhs->elts.size();
        for (size_t i = 0; same && i < lhs->elts.size(); ++i)
          same = lhs->elts[i].isNumber() && rhs->elts[i].isNumber() &&
                 lhs->elts[i].asDouble() == rhs->elts[i].asDouble();
      }
      r = PyValue::boolean(op == "==" ? same : !same);
    } else {
      return error(e.loc, "unsupported comparison '" + op + "' between " + lhs->describe() +
                              " and " + rhs->describe());
    }
    if (!r.i)
      return r;
    result = r;
    lhs = rhs;
  }
  return result;
}


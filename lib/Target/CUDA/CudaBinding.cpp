//===- CudaBinding.cpp - a symbolic CUDA program at its arguments' sizes -===//
//
// A program compiled with symbolic dims (docs/symbolic-shapes.md, phase 4)
// carries each size that follows the shape symbols as an expression beside
// its value at the compile example. bindProgram evaluates them at the
// sizes a call's arguments give and returns an ordinary program of those
// sizes, which CudaExecutor loads as any other. MLIR-free: the runner and
// gn's runtime-only Python module bind programs too.
//
//===----------------------------------------------------------------------===//
#include "gn/Support/GemmShapes.h"
#include "gn/Support/MemoryPlan.h"
#include "gn/Support/SymbolBinding.h"
#include "gn/Target/CUDA/CudaProgram.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir::gn;
using namespace mlir::gn::cuda;

std::optional<Gemm> mlir::gn::cuda::gemmOf(llvm::ArrayRef<int64_t> lhs,
                                           llvm::ArrayRef<int64_t> rhs,
                                           llvm::ArrayRef<int64_t> result, MatmulFlags flags) {
  llvm::SmallVector<int64_t> ls(lhs), rs(rhs), os(result);
  if (ls.empty() || rs.empty())
    return std::nullopt;
  // torch.matmul's 1-d promotion (a transpose flag on a vector is moot).
  bool lt1 = ls.size() == 1, rt1 = rs.size() == 1;
  if (lt1)
    ls.insert(ls.begin(), 1);
  if (rt1)
    rs.push_back(1);
  bool ta = flags.transposeLhs && !lt1, tb = flags.transposeRhs && !rt1;
  int64_t m = ta ? ls.back() : ls[ls.size() - 2], k = ta ? ls[ls.size() - 2] : ls.back();
  int64_t n = tb ? rs[rs.size() - 2] : rs.back();
  auto batchOf = [](llvm::ArrayRef<int64_t> s) {
    int64_t b = 1;
    for (int64_t d : s.drop_back(2))
      b *= d;
    return b;
  };
  // A transposed result, [.., B, M, N] given as [.., M, B, N]: batch item b
  // starts at column b * n of rows B * n apart. Only for one batch dim (the
  // dims before it all 1): two would need two strides.
  bool tc = flags.transposeResult;
  if (tc && os.size() >= 3)
    std::swap(os[os.size() - 3], os[os.size() - 2]);
  int64_t batch = 1;
  size_t matrixDims = lt1 || rt1 ? (lt1 && rt1 ? 0 : 1) : 2;
  if (os.size() < matrixDims)
    return std::nullopt;
  for (int64_t d : llvm::ArrayRef(os).drop_back(matrixDims))
    batch *= d;
  int64_t lb = batchOf(ls), rb = batchOf(rs);
  if ((lb != batch && lb != 1) || (rb != batch && rb != 1))
    return std::nullopt;
  if (tc && (os.size() < 3 || batch != os[os.size() - 3]))
    return std::nullopt;
  if (batchFoldsIntoRows(llvm::ArrayRef(ls).drop_back(2), llvm::ArrayRef(rs).drop_back(2), batch,
                         ta, tc)) {
    m *= batch;
    lb = batch = 1;
  }
  Gemm g;
  g.m = m;
  g.n = n;
  g.k = k;
  g.batch = batch;
  g.transA = ta;
  g.transB = tb;
  g.strideA = lb == 1 ? 0 : m * k;
  g.strideB = rb == 1 ? 0 : k * n;
  g.strideC = tc ? n : m * n;
  g.ldc = tc ? batch * n : 0;
  return g;
}

std::optional<unsigned> mlir::gn::cuda::kernelSizeIndex(llvm::StringRef name, size_t count) {
  unsigned k;
  if (!name.consume_front("a") || name.getAsInteger(10, k) || k >= count)
    return std::nullopt;
  return k;
}

namespace {

/// The binding's value of expression `text` (bytes, sizes), or nullopt
/// with `error` naming `what`.
std::optional<int64_t> valueOf(const std::string &text, const SymbolBinding &binding,
                               const std::string &what, std::string &error) {
  std::string parseError;
  std::optional<SymExpr> e = SymExpr::parse(text, &parseError);
  if (!e) {
    error = what + ": bad size expression '" + text + "': " + parseError;
    return std::nullopt;
  }
  std::optional<int64_t> v = binding.evaluate(*e);
  if (!v)
    error = what + ": '" + text + "' has no value at " + binding.str();
  return v;
}

/// The symbols bound from the arguments' dims, each dim checked.
std::optional<SymbolBinding> bindArguments(const Program &p,
                                           llvm::ArrayRef<std::vector<int64_t>> argShapes,
                                           std::string &error) {
  if (argShapes.size() != p.numArgs()) {
    error = "the program takes " + std::to_string(p.numArgs()) + " arguments, not " +
            std::to_string(argShapes.size());
    return std::nullopt;
  }
  std::vector<DimUse> uses;
  for (size_t i = 0; i < argShapes.size(); ++i) {
    const Slot &s = p.slots[i];
    // "argument #1 ('w')", as the callers' own checks name it.
    std::string argument = "argument #" + std::to_string(i);
    if (i < p.arguments.size() && !p.arguments[i].name.empty())
      argument += " ('" + p.arguments[i].name + "')";
    if (argShapes[i].size() != s.shape.size()) {
      error = argument + " has rank " +
              std::to_string(argShapes[i].size()) + ", the program takes rank " +
              std::to_string(s.shape.size());
      return std::nullopt;
    }
    for (size_t d = 0; d < s.shape.size(); ++d) {
      std::string where = argument + " dim " + std::to_string(d);
      std::optional<SymExpr> size = SymExpr::constant(s.shape[d]);
      if (d < s.dims.size() && !s.dims[d].empty() && !(size = SymExpr::parse(s.dims[d]))) {
        error = where + ": bad size expression '" + s.dims[d] + "'";
        return std::nullopt;
      }
      uses.push_back({where, *size, argShapes[i][d]});
    }
  }
  return SymbolBinding::bind(uses, error);
}

} // namespace

std::optional<Program> mlir::gn::cuda::bindProgram(const Program &p,
                                                   llvm::ArrayRef<std::vector<int64_t>> argShapes,
                                                   std::string &error, std::string *bindingText) {
  if (!p.symbolic) {
    error = "bindProgram: the program has no symbolic dims";
    return std::nullopt;
  }
  std::optional<SymbolBinding> binding = bindArguments(p, argShapes, error);
  if (!binding)
    return std::nullopt;
  if (bindingText)
    *bindingText = binding->str();
  for (const Guard &g : p.guards) {
    std::string parseError;
    std::optional<SymExpr> size = SymExpr::parse(g.size, &parseError);
    if (!size) {
      error = "a guard at " + g.location + ": bad size expression '" + g.size + "': " + parseError;
      return std::nullopt;
    }
    std::string failure = g.atLeast ? tooSmall(g.dim, *size, g.needed, *binding, g.reads)
                                    : guardFailure(g.dim, *size, g.needed, *binding);
    if (!failure.empty()) {
      error = (g.location.empty() ? "" : g.location + ": ") + failure;
      return std::nullopt;
    }
  }
  Program bound = p;
  bound.symbolic = false;
  bound.guards.clear();
  // Shapes first: offsets and GEMM sizes are read from them.
  for (auto [i, s] : llvm::enumerate(bound.slots)) {
    for (size_t d = 0; d < s.dims.size(); ++d) {
      if (s.dims[d].empty())
        continue;
      std::string what = "slot " + std::to_string(i) + " dim " + std::to_string(d);
      std::optional<int64_t> v = valueOf(s.dims[d], *binding, what, error);
      if (!v)
        return std::nullopt;
      s.shape[d] = *v;
    }
    s.dims.clear();
  }
  // The arena: slots with bytes of their own placed by liveness.
  std::vector<runtime::BufferRequest> requests;
  std::vector<size_t> owners;
  for (auto [i, s] : llvm::enumerate(bound.slots))
    if (s.where == Slot::Where::Arena && s.liveFirst >= 0) {
      requests.push_back({s.bytes(), s.liveFirst, s.liveLast});
      owners.push_back(i);
    }
  runtime::MemoryPlan plan = runtime::planMemory(requests);
  bound.arenaBytes = plan.arenaBytes;
  for (auto [k, i] : llvm::enumerate(owners))
    bound.slots[i].offset = plan.offsets[k];
  // Offsets into other slots: an in-place result's is its owner's offset
  // (placed above) plus its own.
  for (auto [i, s] : llvm::enumerate(bound.slots)) {
    int64_t at = s.offset;
    if (!s.offsetExpr.empty()) {
      std::string what = "the offset of slot " + std::to_string(i);
      std::optional<int64_t> v = valueOf(s.offsetExpr, *binding, what, error);
      if (!v)
        return std::nullopt;
      at = *v;
      s.offsetExpr.clear();
    }
    if (s.where == Slot::Where::Arena && s.liveFirst < 0) {
      if (s.viewOf < 0 || s.viewOf >= (int)bound.slots.size() || s.viewOf == (int)i ||
          bound.slots[s.viewOf].where != Slot::Where::Arena) {
        error = "slot " + std::to_string(i) + " is in the arena with neither bytes of its own "
                "nor an earlier arena slot it is written over";
        return std::nullopt;
      }
      at += bound.slots[s.viewOf].offset;
      s.viewOf = -1;
    }
    s.offset = at;
    s.liveFirst = s.liveLast = -1;
  }
  for (auto [k, step] : llvm::enumerate(bound.steps)) {
    if (step.kind != Step::Kind::Gemm)
      continue;
    std::optional<Gemm> g =
        gemmOf(bound.slots[step.in[0]].shape, bound.slots[step.in[1]].shape,
               bound.slots[step.out[0]].shape, step.matmul);
    if (!g) {
      error = step.op + " at " + step.location + ": no strided-batched GEMM computes it at " +
              binding->str();
      return std::nullopt;
    }
    step.gemm = *g;
  }
  return bound;
}

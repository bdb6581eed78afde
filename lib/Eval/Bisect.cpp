//===- Bisect.cpp - find the ops where a compiled graph goes wrong --------===//
//
// A mixed run executes ops [0, lo) and [hi, N) of @forward with the
// interpreter and ops [lo, hi) compiled (each piece is cut out as a function
// of its own: arguments are the values it reads from outside, results the
// values later ops or the return read). A mixed run fails when an output
// misses the interpreter's at t. The search, for N ops:
//
//   1. [0, N) must fail (else there is nothing to bisect);
//   2. the smallest e with [0, e) failing, by bisection: ceil(log2 N) runs;
//   3. [e - 1, e) alone: when it fails (one faulty op), that is the answer;
//   4. else the largest s with [s, e) failing, by bisection.
//
// A single faulty op among 500 is found in 1 + 9 + 1 = 11 compile-and-run
// steps. Each mixed run starts from the same inputs; pieces run by the
// interpreter are deterministic, so only the compiled range can move.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/Bisect.h"
#include "gn/Eval/Records.h"
#include "gn/Eval/Runner.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/InitAll.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Runtime/CompiledModel.h"
#include "gn/Support/DiagnosticText.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Format.h"
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace mlir;
using namespace mlir::gn;
using json = nlohmann::json;

namespace {

/// Ops [lo, hi) of the body as @forward of a module of their own.
struct Piece {
  OwningOpRef<ModuleOp> module;
  llvm::SmallVector<Value> inputs, outputs;
};

class Bisector {
public:
  Bisector(func::FuncOp forward, const eval::BisectOptions &options, std::string &firstError)
      : forward(forward), options(options), firstError(firstError) {
    for (Operation &op : forward.getBody().front())
      if (!isa<func::ReturnOp>(op)) {
        index[&op] = ops.size();
        ops.push_back(&op);
      }
  }

  size_t size() const { return ops.size(); }
  Operation *op(size_t i) const { return ops[i]; }

  Piece extract(size_t lo, size_t hi) {
    Piece p;
    llvm::SetVector<Value> inputs;
    auto inRange = [&](Operation *user) {
      auto it = index.find(user);
      return it != index.end() && it->second >= lo && it->second < hi;
    };
    for (size_t i = lo; i < hi; ++i) {
      for (Value v : ops[i]->getOperands())
        if (!v.getDefiningOp() || !inRange(v.getDefiningOp()))
          inputs.insert(v);
      for (Value r : ops[i]->getResults())
        if (llvm::any_of(r.getUsers(), [&](Operation *u) { return !inRange(u); }))
          p.outputs.push_back(r);
    }
    p.inputs.assign(inputs.begin(), inputs.end());
    MLIRContext *ctx = forward.getContext();
    OpBuilder b(ctx);
    p.module = ModuleOp::create(forward.getLoc());
    b.setInsertionPointToEnd(p.module->getBody());
    auto types = [](llvm::ArrayRef<Value> vs) {
      return llvm::map_to_vector(vs, [](Value v) { return v.getType(); });
    };
    auto fn = func::FuncOp::create(b, forward.getLoc(), "forward",
                                   FunctionType::get(ctx, types(p.inputs), types(p.outputs)));
    Block *entry = fn.addEntryBlock();
    IRMapping map;
    for (auto [i, v] : llvm::enumerate(p.inputs)) {
      map.map(v, entry->getArgument(i));
      if (auto arg = dyn_cast<BlockArgument>(v))
        fn.setArgAttrs(i, forward.getArgAttrDict(arg.getArgNumber()));
    }
    b.setInsertionPointToEnd(entry);
    for (size_t i = lo; i < hi; ++i)
      b.clone(*ops[i], map);
    func::ReturnOp::create(b, forward.getLoc(),
                           llvm::map_to_vector(p.outputs, [&](Value v) { return map.lookup(v); }));
    return p;
  }

  /// Runs ops [a, b) on `env` (compiled or interpreted), adding what later
  /// ops read. Fails with `error` set.
  LogicalResult runPiece(size_t a, size_t b, bool compiled,
                         llvm::DenseMap<Value, interp::HostTensor> &env, std::string &error) {
    if (a == b)
      return success();
    Piece p = extract(a, b);
    if (p.outputs.empty())
      return success();
    std::vector<interp::HostTensor> args;
    for (Value v : p.inputs)
      args.push_back(env.lookup(v));
    if (compiled)
      rangeInputs = args;
    auto fn = p.module->lookupSymbol<func::FuncOp>("forward");
    FailureOr<std::vector<interp::HostTensor>> outs = failure();
    std::string where = "ops [" + std::to_string(a) + ", " + std::to_string(b) + ")";
    if (compiled) {
      CompileOptions compileOptions;
      compileOptions.pipelineOptions = options.pipelineOptions;
      auto model = cpuTarget().compile(*p.module, compileOptions);
      if (failed(model)) {
        error = where + " do not compile: " + firstError;
        return failure();
      }
      outs = (*model)->run(args);
    } else {
      interp::Interpreter interpreter(fn);
      outs = interpreter.run(args);
    }
    if (failed(outs)) {
      error = where + " fail to run: " + firstError;
      return failure();
    }
    for (auto [v, t] : llvm::zip(p.outputs, *outs))
      env[v] = t;
    return success();
  }

  /// The outputs of a run with ops [lo, hi) compiled (lo == hi: none).
  FailureOr<std::vector<interp::HostTensor>> mixedRun(llvm::ArrayRef<interp::HostTensor> args,
                                                      size_t lo, size_t hi, std::string &error) {
    llvm::DenseMap<Value, interp::HostTensor> env;
    for (auto [i, a] : llvm::enumerate(forward.getArguments()))
      env[a] = args[i];
    if (failed(runPiece(0, lo, false, env, error)) || failed(runPiece(lo, hi, true, env, error)) ||
        failed(runPiece(hi, ops.size(), false, env, error)))
      return failure();
    std::vector<interp::HostTensor> outs;
    for (Value v : forward.getBody().front().getTerminator()->getOperands())
      outs.push_back(env.lookup(v));
    return outs;
  }

  /// The values the compiled range read in the last mixed run.
  std::vector<interp::HostTensor> rangeInputs;

private:
  func::FuncOp forward;
  const eval::BisectOptions &options;
  std::string &firstError;
  std::vector<Operation *> ops;
  llvm::DenseMap<Operation *, size_t> index;
};

/// gn.dtype and statistics (or the data itself, when small or integral) of
/// an argument of the standalone case, so gn-eval synthesizes inputs like
/// the values the range read.
void describeArgument(func::FuncOp fn, unsigned i, const interp::HostTensor &t) {
  Builder b(fn.getContext());
  if (!fn.getArgAttr(i, "gn.name"))
    fn.setArgAttr(i, "gn.name", b.getStringAttr("value" + std::to_string(i)));
  fn.setArgAttr(i, "gn.dtype", b.getStringAttr(eval::graphNetDtypeName(t.dtype())));
  bool exact = t.numel() <= 64 || (!interp::isFloat(t.dtype()) && t.numel() <= 65536);
  if (exact) {
    std::vector<double> data(t.numel());
    for (int64_t k = 0; k < t.numel(); ++k)
      data[k] = interp::elementAsDouble(t, k);
    fn.setArgAttr(i, "gn.data", b.getDenseF64ArrayAttr(data));
    return;
  }
  double sum = 0, sq = 0, lo = INFINITY, hi = -INFINITY;
  int64_t n = 0;
  for (int64_t k = 0; k < t.numel(); ++k) {
    double x = interp::elementAsDouble(t, k);
    if (!std::isfinite(x))
      continue;
    sum += x;
    sq += x * x;
    lo = std::min(lo, x);
    hi = std::max(hi, x);
    ++n;
  }
  double mean = n ? sum / n : 0, var = n ? std::max(0.0, sq / n - mean * mean) : 0;
  fn.setArgAttr(i, "gn.mean", b.getF64FloatAttr(mean));
  fn.setArgAttr(i, "gn.std", b.getF64FloatAttr(std::sqrt(var)));
  if (n) {
    fn.setArgAttr(i, "gn.min_val", b.getF64FloatAttr(lo));
    fn.setArgAttr(i, "gn.max_val", b.getF64FloatAttr(hi));
  }
}

} // namespace

int eval::bisectSample(const std::string &path, const BisectOptions &options,
                       llvm::raw_ostream &out, llvm::raw_ostream &err) {
  LoadedSample loaded(path, options.dtypeVariant);
  std::string &firstError = loaded.firstError;
  OwningOpRef<ModuleOp> &module = loaded.module;
  if (!module) {
    err << "error: cannot load '" << path << "'" << (firstError.empty() ? "" : ": ")
        << firstError << "\n";
    return 2;
  }
  auto forward = module->lookupSymbol<func::FuncOp>("forward");
  if (!forward) {
    err << "error: no func.func @forward in '" << path << "'\n";
    return 2;
  }
  std::string error;
  auto args = synthesizeInputs(forward, options.seed, options.binding, error, options.inputs);
  if (failed(args)) {
    err << "error: " << path << ": " << error << "\n";
    return 2;
  }
  // Data-dependent sizes first: the module is whole only after.
  if (failed(loaded.specialize(*args))) {
    err << "error: " << path << ": specializing its data-dependent sizes failed: " << firstError
        << "\n";
    return 2;
  }
  forward = module->lookupSymbol<func::FuncOp>("forward");
  interp::Interpreter interpreter(forward);
  auto expected = succeeded(interpreter.verifySupported()) ? interpreter.run(*args)
                                                           : FailureOr<std::vector<interp::HostTensor>>(failure());
  if (failed(expected)) {
    err << "error: " << path << ": the interpreter fails: " << firstError << "\n";
    return 2;
  }

  Bisector bisector(forward, options, firstError);
  size_t n = bisector.size();
  out << "bisect " << path << ": " << n << " ops; compiled vs interpreter at t = " << options.t
      << "\n";
  int steps = 0;
  // Does the run with ops [lo, hi) compiled miss the interpreter at t?
  auto fails = [&](size_t lo, size_t hi) -> FailureOr<bool> {
    ++steps;
    firstError.clear();
    auto outs = bisector.mixedRun(*args, lo, hi, error);
    if (failed(outs))
      return failure();
    json outputs;
    json correct = compareWithReference(*outs, *expected, {}, outputs);
    bool miss = !correct.value(std::to_string(options.t), false);
    double worst = 0;
    for (const json &o : outputs)
      worst = std::max(worst, o.value("max_abs_diff", 0.0));
    out << "step " << steps << ": ops [" << lo << ", " << hi << ") compiled: "
        << (miss ? "fails" : "passes") << llvm::format(" (max abs diff %.3g)", worst) << "\n";
    out.flush();
    return miss;
  };
  auto bail = [&]() {
    err << "error: " << path << ": " << error << "\n";
    return 2;
  };

  FailureOr<bool> whole = fails(0, n);
  if (failed(whole))
    return bail();
  if (!*whole) {
    out << "the compiled graph passes at t = " << options.t << ": nothing to bisect\n";
    return 1;
  }
  size_t lo = 0, hi = n; // [0, lo) passes, [0, hi) fails
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    FailureOr<bool> f = fails(0, mid);
    if (failed(f))
      return bail();
    (*f ? hi : lo) = mid;
  }
  size_t end = hi, begin = 0;
  if (end > 1) {
    FailureOr<bool> alone = fails(end - 1, end);
    if (failed(alone))
      return bail();
    if (*alone) {
      begin = end - 1;
    } else {
      size_t a = 0, b = end - 1; // [a, end) fails, [b, end) passes
      while (b - a > 1) {
        size_t mid = a + (b - a) / 2;
        FailureOr<bool> f = fails(mid, end);
        if (failed(f))
          return bail();
        (*f ? a : b) = mid;
      }
      begin = a;
    }
  }
  // Rerun the answer so the range's inputs are those of a failing run.
  if (failed(bisector.mixedRun(*args, begin, end, error)))
    return bail();
  out << "found in " << steps << " steps: ops [" << begin << ", " << end << ") ("
      << end - begin << (end - begin == 1 ? " op" : " ops")
      << ") compiled, every other op interpreted, fail at t = " << options.t << ":\n";
  for (size_t i = begin; i < end; ++i)
    out << "  #" << i << " " << bisector.op(i)->getName() << " at "
        << locationText(bisector.op(i)->getLoc()) << "\n";
  if (options.casePath.empty())
    return 0;

  Piece piece = bisector.extract(begin, end);
  auto fn = piece.module->lookupSymbol<func::FuncOp>("forward");
  for (unsigned i = 0; i < fn.getNumArguments(); ++i)
    describeArgument(fn, i, bisector.rangeInputs[i]);
  {
    std::error_code ec;
    llvm::raw_fd_ostream file(options.casePath, ec);
    if (ec) {
      err << "error: cannot write '" << options.casePath << "': " << ec.message() << "\n";
      return 2;
    }
    file << "// gn-eval bisect " << path << " --t " << options.t << ": ops [" << begin << ", "
         << end << ") of @forward. Arguments carry the statistics (or the data) of\n"
         << "// the values they read there; run: gn-eval run THIS_FILE --pipeline-options '"
         << options.pipelineOptions << "'\n";
    piece.module->print(file, OpPrintingFlags().enableDebugInfo(true, /*prettyForm=*/false));
  }
  RunOptions run;
  run.trials = 1;
  run.warmup = 0;
  run.seed = options.seed;
  run.pipelineOptions = options.pipelineOptions;
  json alone = json::parse(runSample(options.casePath, run), nullptr, false);
  out << "wrote " << options.casePath << "; run alone on inputs synthesized from it, ";
  if (alone.is_discarded() || alone.value("status", "") != "ok")
    out << "it does not run: "
        << (alone.is_discarded() ? std::string("no result") : alone.value("error", "?")) << "\n";
  else if (!alone["correct_at"].value(std::to_string(options.t), false))
    out << "it fails at t = " << options.t << " too (reproduces)\n";
  else
    out << "it passes at t = " << options.t
        << " (the miss needs the values of the whole graph)\n";
  return 0;
}

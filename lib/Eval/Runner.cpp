//===- Runner.cpp - run one sample eagerly and "compiled", compare ------===//
//
// SampleRun's stages: 1. import (or parse) the sample; 2. synthesize inputs
// from the argument attributes (gn.dtype, gn.mean, ...); 3. the target's
// switches, and whether it can run here; 4. run the interpreter (the eager
// side on the CPU, the reference on a device); 5. a device's eager mode; 6.
// the compiled side (`--compiler nope`: the interpreter again, GraphNet's
// harness self-check; `gn`: the target's pipeline and runtime); 7. compare
// outputs at every tolerance t. `gn-eval compile` writes the target's
// programs after stage 4 instead. The runner speaks to the target only
// through gn/Target/Target.h.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/Runner.h"
#include "gn/Eval/CachedCompile.h"
#include "gn/Eval/Cost.h"
#include "gn/Eval/Fp64Reference.h"
#include "gn/Eval/HostInputs.h"
#include "gn/Eval/InputSynthesis.h"
#include "gn/Eval/Npy.h"
#include "gn/Eval/OneProgram.h"
#include "gn/Eval/Records.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/IR/GnOps.h"
#include "gn/InitAll.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Runtime/ArgumentMeta.h"
#include "gn/Runtime/CompiledModel.h"
#include "gn/Support/GeneralSwitches.h"
#include "gn/Support/DiagnosticText.h"
#include "gn/Support/NestingDepth.h"
#include "gn/Support/ShapeGuard.h"
#include "gn/Target/Target.h"
#include "gn/IR/SymbolicDims.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <nlohmann/json.hpp>

using namespace mlir;
using namespace mlir::gn;
using json = nlohmann::json;

FailureOr<std::vector<interp::HostTensor>>
eval::synthesizeInputs(func::FuncOp f, uint64_t seed, std::string &error) {
  return synthesizeInputs(f, seed, {}, error);
}

FailureOr<std::vector<interp::HostTensor>>
eval::synthesizeInputs(func::FuncOp f, uint64_t seed,
                       const std::map<std::string, int64_t> &binding, std::string &error,
                       Synthesis how) {
  std::vector<interp::HostTensor> args;
  for (unsigned i = 0; i < f.getNumArguments(); ++i) {
    auto type = cast<RankedTensorType>(f.getArgument(i).getType());
    auto dtype = interp::dtypeOf(type.getElementType());
    ArgumentMeta meta = runtime::readArgumentMeta(f, i);
    if (!dtype) {
      error = "argument #" + std::to_string(i) + " ('" + meta.name + "') has no tensor dtype";
      return failure();
    }
    // At the compile example's sizes, or at the binding's where symbolic.
    std::vector<int64_t> shape = type.getShape().vec();
    if (!binding.empty())
      for (auto [d, e] : llvm::enumerate(dimExprs(type))) {
        if (e.isConstant())
          continue;
        std::optional<int64_t> size = e.evaluate([&](llvm::StringRef name) {
          auto it = binding.find(name.str());
          return it == binding.end() ? std::nullopt : std::optional<int64_t>(it->second);
        });
        if (!size || *size < 0) {
          error = "argument #" + std::to_string(i) + " ('" + meta.name + "') dim " +
                  std::to_string(d) + " has the size " + e.str() +
                  (size ? ", negative at the given binding" : ", which --bind does not give");
          return failure();
        }
        shape[d] = *size;
      }
    auto t = eval::synthesizeArgument(meta, shape, *dtype, seed, i, error, how);
    if (!t)
      return failure();
    args.push_back(std::move(*t));
  }
  return args;
}

bool eval::parseBinding(llvm::StringRef text, std::map<std::string, int64_t> &binding,
                        std::string &error) {
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    auto [name, value] = item.split('=');
    name = name.trim();
    value = value.trim();
    int64_t v = 0;
    if (!item.contains('=') || !SymExpr::symbol(name) || value.getAsInteger(10, v) || v < 0) {
      error = "expected SYMBOL=SIZE[,SYMBOL=SIZE...] with sizes >= 0, got '" + item.str() + "'";
      return false;
    }
    if (!binding.emplace(name.str(), v).second) {
      error = "symbol '" + name.str() + "' given twice";
      return false;
    }
  }
  if (binding.empty()) {
    error = "no symbol given";
    return false;
  }
  return true;
}

namespace {

using RunFn =
    std::function<FailureOr<std::vector<interp::HostTensor>>(llvm::ArrayRef<interp::HostTensor>)>;

/// Runs `run` warmup + trials times; returns the first outputs and times.
FailureOr<std::vector<interp::HostTensor>> timedRuns(const RunFn &run,
                                                     llvm::ArrayRef<interp::HostTensor> args,
                                                     int warmup, int trials,
                                                     std::vector<double> &ms,
                                                     int64_t *firstRunExtraBytes = nullptr) {
  std::vector<interp::HostTensor> first;
  int64_t liveBefore = interp::TensorMemory::live();
  interp::TensorMemory::resetPeak();
  for (int k = 0; k < warmup + trials; ++k) {
    auto start = std::chrono::steady_clock::now();
    auto outs = run(args);
    // Tensor bytes the first run allocated beyond what existed before it
    // (its outputs included): later runs overlap the first one's outputs.
    if (k == 0 && firstRunExtraBytes)
      *firstRunExtraBytes = interp::TensorMemory::peak() - liveBefore;
    double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                   .count();
    if (failed(outs))
      return failure();
    if (k == 0)
      first = std::move(*outs);
    if (k >= warmup)
      ms.push_back(t);
  }
  return first;
}

std::string sampleName(const std::string &path) {
  llvm::StringRef p(path);
  while (p.ends_with("/"))
    p = p.drop_back();
  return p.str();
}

/// A sample's folder name under --dump: its own name, or for the pieces of
/// one model (`Model/subgraph_3`, as Paddle samples come) "Model_subgraph_3".
std::string dumpName(const std::string &sample) {
  llvm::StringRef name = llvm::sys::path::filename(sample);
  if (!name.starts_with("subgraph"))
    return name.str();
  llvm::StringRef parent = llvm::sys::path::filename(llvm::sys::path::parent_path(sample));
  return parent.empty() ? name.str() : (parent + "_" + name).str();
}

bool dumpTensors(const std::string &dir, const std::vector<interp::HostTensor> &ts,
                 llvm::ArrayRef<std::string> names, std::string &error) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    error = "cannot create '" + dir + "': " + ec.message();
    return false;
  }
  for (size_t i = 0; i < ts.size(); ++i) {
    std::string file = dir + "/" + (names.empty() ? std::to_string(i) : names[i]) + ".npy";
    if (!eval::writeNpy(file, ts[i], error))
      return false;
  }
  return true;
}

/// Bytes of a tensor type (a double: absurd shapes do not overflow).
double tensorBytes(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || !t.hasStaticShape())
    return 0;
  double n = 1;
  for (int64_t d : t.getShape())
    n *= double(d);
  unsigned bits = t.getElementType().getIntOrFloatBitWidth();
  return n * (bits < 8 ? 1 : bits / 8);
}

/// Why `f` cannot run within `limit` bytes, found from its types before
/// anything is allocated: its arguments (weights and inputs) together, or
/// one tensor an op produces, exceed the limit. Empty when neither does.
std::string overMemoryLimit(func::FuncOp f, int64_t limit) {
  auto gib = [](double bytes) { return llvm::formatv("{0:F2} GiB", bytes / (1 << 30)).str(); };
  std::string over = ", over the memory limit of " + gib(double(limit)) + " (--memory-limit)";
  double arguments = 0;
  for (Type t : f.getArgumentTypes())
    arguments += tensorBytes(t);
  if (arguments > double(limit))
    return "out of memory: the arguments (weights and inputs) need " + gib(arguments) + over;
  std::string why;
  f.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (double bytes = tensorBytes(t); bytes > double(limit)) {
        std::string type;
        llvm::raw_string_ostream(type) << t;
        why = locationText(op->getLoc()) + ": out of memory: '" +
              op->getName().getStringRef().str() + "' produces " + type + " (" + gib(bytes) +
              ")" + over;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return why;
}

/// --reference fp64: each side's distance to the function computed in f64
/// and, when compiled misses eager at t = -5, which of them drifted.
void recordFp64Reference(json &r, ModuleOp module, llvm::ArrayRef<interp::HostTensor> args,
                         const std::vector<interp::HostTensor> &eager,
                         const std::vector<interp::HostTensor> *compiled,
                         const std::string &firstError) {
  auto start = std::chrono::steady_clock::now();
  std::string error;
  json record;
  auto wide = eval::runFp64Reference(module, args, eager, error);
  if (failed(wide)) {
    record["error"] = firstError.empty() ? error : error + ": " + firstError;
    r["fp64_reference"] = record;
    return;
  }
  record["seconds"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  json outputs;
  json eagerCorrect = eval::compareWithReference(eager, *wide, {}, outputs);
  record["eager_outputs"] = outputs;
  record["eager_correct_at"] = eagerCorrect;
  if (compiled) {
    json compiledCorrect = eval::compareWithReference(*compiled, *wide, {}, outputs);
    record["compiled_outputs"] = outputs;
    record["compiled_correct_at"] = compiledCorrect;
    if (r.contains("correct_at") && !r["correct_at"].value("-5", false))
      record["attribution"] = eval::attributeMiss(eval::tightestT(eagerCorrect),
                                                  eval::tightestT(compiledCorrect));
  }
  r["fp64_reference"] = record;
}

} // namespace

static DialectRegistry everyGnDialect() {
  DialectRegistry registry;
  registerAllDialects(registry);
  return registry;
}

static ImportOptions variantOptions(const std::string &dtypeVariant, int shapeVariant) {
  ImportOptions options;
  options.dtypeVariant = dtypeVariant;
  options.shapeVariant = shapeVariant;
  return options;
}

eval::LoadedSample::LoadedSample(const std::string &path, const std::string &dtypeVariant,
                                 int shapeVariant)
    : LoadedSample(path, variantOptions(dtypeVariant, shapeVariant)) {}

eval::LoadedSample::LoadedSample(const std::string &path, const ImportOptions &importOptions)
    : context(everyGnDialect()), handler(&context, [this](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error && firstError.empty())
          firstError = diagnosticText(diag);
        return success();
      }), path(path), options(importOptions) {
  context.loadAllAvailableDialects();
  options.learnSizes = true; // specialize() learns the sizes
  if ((!options.dtypeVariant.empty() || options.shapeVariant >= 0) &&
      llvm::StringRef(path).ends_with(".mlir")) {
    emitError(FileLineColLoc::get(&context, path, 0, 0))
        << "GraphNet's dtype and shape variants apply to GraphNet samples, not .mlir files";
    return;
  }
  module = llvm::StringRef(path).ends_with(".mlir") ? parseIrFile(path)
                                                     : importGraphNetSample(context, path, options);
}

LogicalResult eval::LoadedSample::specialize(llvm::ArrayRef<interp::HostTensor> args) {
  // Each round learns one more site, in order: the import stopped there
  // and returned what the site reads; its size is that tensor's count of
  // nonzero elements, or the measure of its values a gn.size_guard reads.
  while (module && (*module)->hasAttr(kSizeProbe)) {
    auto forward = module->lookupSymbol<func::FuncOp>("forward");
    if (!forward)
      return failure();
    interp::Interpreter probe(forward);
    auto outs = probe.run(args);
    if (failed(outs))
      return failure();
    const interp::HostTensor &read = (*outs)[0];
    int64_t found = 0;
    if (auto measure = (*module)->getAttrOfType<StringAttr>(kSizeProbeMeasure)) {
      auto atLeast = (*module)->getAttrOfType<IntegerAttr>(kSizeProbeAtLeast);
      found = measureValueSize(measure.getValue(), atLeast ? atLeast.getInt() : 0, read.numel(),
                               [&](int64_t i) { return (int64_t)interp::elementAsDouble(read, i); });
      if (found < 0)
        return emitError(forward.getLoc(),
                         negativeSizeMessage((*module)->getAttrOfType<IntegerAttr>(kSizeProbe).getInt()));
    } else {
      for (int64_t i = 0; i < read.numel(); ++i)
        found += interp::elementAsDouble(read, i) != 0;
    }
    dataSizes.push_back(found);
    options.dataSizes = dataSizes;
    module = importGraphNetSample(context, path, options);
  }
  return success(static_cast<bool>(module));
}

OwningOpRef<ModuleOp> eval::LoadedSample::parseIrFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    emitError(FileLineColLoc::get(&context, path, 0, 0))
        << "cannot read the file: " << buffer.getError().message();
    return nullptr;
  }
  llvm::StringRef text = (*buffer)->getBuffer();
  if (std::optional<RefusedText> refused = refusedBeforeParsing(text)) {
    auto [line, col] = lineAndColumn(text, refused->offset);
    emitError(FileLineColLoc::get(&context, path, line, col)) << refused->why;
    return nullptr;
  }
  return parseSourceString<ModuleOp>(text, &context, path);
}

namespace {

/// A compile record's ahead-of-time assembly (CUDA: ptxas's seconds, the
/// modules given a cubin, and why none was where none was).
void addAssemblyFields(json &record, const runtime::CompileStats &st) {
  if (!st.assembles)
    return;
  record["ptxas_seconds"] = st.assembleSeconds;
  record["cubin_modules"] = st.cubinModules;
  if (!st.cubinSkipped.empty())
    record["cubin_skipped"] = st.cubinSkipped;
}

/// Every runtime switch in force ({"cuda": {"gemm": "tuned", ...},
/// "gn": {...}}), for the record.
/// A compile's record: its seconds and what the program holds.
/// What a sample's program is compiled with: the run's JIT level, the
/// target's switches, `pipeline` options, named `name` in its errors.
CompileOptions compileOptionsOf(const eval::RunOptions &options,
                                std::shared_ptr<const Switches> switches,
                                const std::string &pipeline, const std::string &name) {
  CompileOptions o;
  o.pipelineOptions = pipeline;
  o.jitOptLevel = options.jitOptLevel;
  o.switches = std::move(switches);
  o.programName = name;
  return o;
}

/// gn-eval compile --cache-dir: the program written at `written` into the
/// cache under `key` (a copy, or with --cache-link a pointer to it).
bool cacheWrittenProgram(const eval::RunOptions &options, const std::string &key,
                         const ProgramKey &parts, const std::string &written,
                         std::string &error) {
  auto copy = [&](const std::string &to, std::string &e) {
    if (std::error_code ec = llvm::sys::fs::copy_file(written, to)) {
      e = "cannot copy '" + written + "' into the cache: " + ec.message();
      return false;
    }
    return true;
  };
  return options.cacheLink ? linkProgram(options.cacheDir, key, parts, written, error)
                           : storeProgram(options.cacheDir, key, parts, copy, error);
}

/// gn-eval compile: a written program's compile record.
json writtenProgramRecord(const runtime::CompileStats &st, double seconds) {
  json record = {{"seconds", seconds},
                 {"kernels", st.kernels},
                 {"launches", st.launches},
                 {"library_calls", st.libraryCalls},
                 {"serial_launches", st.serialLaunches},
                 {"arena_bytes", st.arenaBytes},
                 {"constant_bytes", st.constantBytes}};
  addAssemblyFields(record, st);
  return record;
}

json compileStatsRecord(const runtime::CompileStats &st, double seconds) {
  json fallback = json::object();
  for (auto &[op, n] : st.fallbackByOp)
    fallback[op] = n;
  json record = {{"seconds", seconds},
                 {"pipeline_seconds", st.pipelineSeconds},
                 {"jit_seconds", st.jitSeconds},
                 {"kernels", st.kernels},
                 {"launches", st.launches},
                 {"library_calls", st.libraryCalls},
                 {"aliases", st.aliases},
                 {"inplace", st.inplaceResults},
                 {"concats_elided", st.concatsElided},
                 {"argument_packs", st.argumentPacks},
                 {"fallback_ops", st.fallbackOps},
                 {"fallback", fallback}};
  addAssemblyFields(record, st);
  return record;
}

json switchesRecord(const Switches &target) {
  json out;
  for (const Switches *s : {&target, static_cast<const Switches *>(&generalSwitches())})
    for (auto &[key, value] : s->values())
      out[s->owner()][key] = value;
  return out;
}

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// The one program of a sample's shape variants (runShapeVariants):
/// imported once with its symbolic dims, compiled once, run at each variant.
struct SharedProgram {
  eval::OneProgramImport imported;
  std::unique_ptr<runtime::CompiledModel> model; // null: none (`info` says why)
  /// gn-eval compile: the one program, written bound at each variant.
  std::unique_ptr<TargetProgram> program;
  std::string programDir; // where it is written (<out>/<sample>@one_program)
  std::string programKey; // its key in the program cache, when stored
  json compileRecord;                            // as compileAndTime records it
  json info;                                     // the records' "one_program"
  /// Programs compiled for the sample's variants so far: the one program,
  /// and each variant's own where there is none or its guard refused it.
  int compiles = 0;
  bool compileCharged = false; // a variant's record carries the compile time
};

/// One sample's run, stage by stage: load, synthesize the inputs, the
/// reference (the CPU interpreter), then the sides the options ask for, and
/// the comparison. Each stage that fails records the sample's status and
/// error and returns false; run() then writes the record as it stands.
class SampleRun {
public:
  /// `shared`: the compiled side runs this one program of the sample's
  /// shape variants instead of compiling its own (when it has one).
  SampleRun(const std::string &path, const eval::RunOptions &options,
            SharedProgram *shared = nullptr)
      : path(path), options(options),
        target(options.target ? *options.target : cpuTarget()),
        loaded(path, options.dtypeVariant, options.shapeVariant), shared(shared) {}

  /// The record: one JSON line, no newline.
  std::string run();

private:
  bool fail(const char *status, const std::string &error) {
    r["status"] = status;
    r["error"] = error;
    if (!r.contains("error_class"))
      if (std::string cls = eval::errorClassOf(error); !cls.empty())
        r["error_class"] = cls;
    return false;
  }
  /// The first error the context saw, else `fallback`.
  std::string firstErrorOr(const std::string &fallback) const {
    return loaded.firstError.empty() ? fallback : loaded.firstError;
  }
  bool load();
  bool synthesize();
  bool runsHere() const;
  bool checkTarget();
  bool runReference();
  bool dumpInputs();
  bool specialize();
  bool writePrograms();
  bool checkInterpreterTakes();
  std::optional<bool> writeSharedProgram(const std::string &dir);
  bool recordDegenerateOutputs(const std::string &dir);
  bool writeReferences(const std::string &folder, const std::vector<interp::HostTensor> &outputs,
                       json &strides);
  bool storeInCache(const std::string &pipeline, const std::string &written);
  bool deviceEager();
  bool compiledSide();
  void compare();
  void recheckDegenerateOutputs(runtime::CompiledModel &model);
  bool interpreterOnFanIn(std::vector<interp::HostTensor> &inputs,
                          std::vector<interp::HostTensor> &outputs, std::string &error);

  /// A side compiled for the target with `pipeline` and timed: its outputs,
  /// its compile and memory records.
  FailureOr<std::vector<interp::HostTensor>> compileAndTime(const std::string &pipeline,
                                                            bool graph, const char *status,
                                                            std::vector<double> &ms,
                                                            json &compileRecord,
                                                            json &memoryRecord);
  /// --ab-options: the sample compiled with --pipeline-options (A) and with
  /// the --ab-options (B), then timed in alternation (A B, then B A, ...) so
  /// that a shared machine's drift hits both alike. A is the compiled side
  /// (its outputs, `msA`, its compile and memory records); the record's "ab"
  /// holds B's times, B's correctness and median(A) / median(B).
  FailureOr<std::vector<interp::HostTensor>> compileAndTimeAB(std::vector<double> &msA,
                                                              json &compileRecord,
                                                              json &memoryRecord);
  /// The memory record of `model` whose first run allocated
  /// `runExtraBytes` of tensors beyond what existed before it.
  json memoryRecordOf(const runtime::CompiledModel &model, int64_t runExtraBytes) const;
  /// `model` timed on the arguments: its outputs and memory record; null
  /// with the record's status set when it fails (`errors`: the context its
  /// diagnostics go to).
  FailureOr<std::vector<interp::HostTensor>> timeModel(runtime::CompiledModel &model,
                                                       std::vector<double> &ms,
                                                       json &memoryRecord,
                                                       const eval::LoadedSample &errors);
  /// The compiled side through the sample's one program: true when it ran,
  /// false when its guards refuse this variant (`refusal`: why; the record
  /// untouched), none when it failed (the record's status says how).
  std::optional<bool> runSharedProgram(std::vector<double> &ms, std::string &refusal);
  CompileOptions compileOptions(const std::string &pipeline) const {
    return compileOptionsOf(options, switches, pipeline, r["sample"].get<std::string>());
  }

  double overIo(int64_t bytes) const { return ioBytes > 0 ? double(bytes) / ioBytes : 0.0; }

  const std::string &path;
  const eval::RunOptions &options;
  const Target &target;
  std::shared_ptr<const Switches> switches;
  eval::LoadedSample loaded;
  SharedProgram *shared;
  json r;
  func::FuncOp func;
  std::vector<interp::HostTensor> args, expected, actual;
  std::unique_ptr<interp::Interpreter> interpreter;
  /// The compiled side's program, kept for the degenerate-output recheck.
  std::unique_ptr<runtime::CompiledModel> compiledModel;
  int64_t ioBytes = 0, outputBytes = 0;
  std::string dumpBase; // --dump: this sample's folder
};

std::string SampleRun::run() {
  r["sample"] = sampleName(path);
  r["speedup"] = nullptr;
  if (!options.dtypeVariant.empty())
    r["dtype_variant"] = options.dtypeVariant;
  if (options.shapeVariant >= 0) {
    r["sample"] = shapeVariantName(sampleName(path), options.shapeVariant);
    nlohmann::json variant = {{"index", options.shapeVariant}};
    std::string error;
    auto variants = sampleShapeVariants(path, error);
    if (static_cast<size_t>(options.shapeVariant) < variants.size())
      for (const auto &[symbol, size] : variants[options.shapeVariant].values)
        variant["symbols"][symbol] = size;
    r["shape_variant"] = variant;
  }
  bool referenceRun = options.mode != "compile" || options.compileReferences;
  bool ok = load() && synthesize() && specialize() && checkTarget() &&
            (referenceRun ? runReference() : checkInterpreterTakes()) && dumpInputs();
  if (ok && options.mode == "compile")
    ok = writePrograms();
  else if (ok)
    ok = (!target.eagerPipelineOptions() || deviceEager()) && compiledSide();
  if (ok)
    r["status"] = "ok";
  return r.dump(-1, ' ', false, json::error_handler_t::replace);
}

/// Imports or parses the sample; its size, FLOPs and the memory limit.
bool SampleRun::load() {
  if (!llvm::StringRef(path).ends_with(".mlir")) {
    std::string frameworkError;
    std::string framework = sampleFramework(path, frameworkError);
    if (!framework.empty())
      r["framework"] = framework;
  }
  if (!loaded.module)
    return fail("eager_error", firstErrorOr("cannot load '" + path + "'"));
  func = loaded.module->lookupSymbol<func::FuncOp>("forward");
  if (!func)
    return fail("eager_error", "no func.func @forward in '" + path + "'");
  size_t numOps = 0;
  func.walk([&](Operation *) { ++numOps; });
  r["num_ops"] = numOps;
  eval::GraphCost cost = eval::graphCost(func);
  r["flops"] = cost.flops;
  r["bytes"] = {{"weights", cost.weightBytes},
                {"inputs", cost.inputBytes},
                {"outputs", cost.outputBytes}};
  if (options.memoryLimit > 0 && runsHere())
    if (std::string why = overMemoryLimit(func, options.memoryLimit); !why.empty()) {
      r["error_class"] = "out of memory";
      return fail("runtime_error", why);
    }
  return true;
}

bool SampleRun::synthesize() {
  std::string error;
  if (!options.binding.empty()) {
    bool symbolic = llvm::any_of(func.getArgumentTypes(), hasSymbolicDims);
    if (!symbolic)
      return fail("eager_error", "--bind gives shape symbols, but no argument of '" + path +
                                     "' has symbolic dims (#gn.dims)");
    std::string text;
    for (const auto &[name, value] : options.binding)
      text += (text.empty() ? "" : ", ") + name + " = " + std::to_string(value);
    r["binding"] = text;
  }
  if (!runsHere())
    return true; // nothing reads them (gtr-t5-xxl's weights exceed this host's memory)
  if (options.inputs != eval::Synthesis::GraphNet)
    r["inputs"] = eval::synthesisName(options.inputs);
  auto synthesized =
      eval::synthesizeInputs(func, options.seed, options.binding, error, options.inputs);
  if (failed(synthesized))
    return fail("eager_error", error);
  args = std::move(*synthesized);
  return true;
}

/// Whether anything runs on this host, so needs the synthesized inputs:
/// not for gn-eval compile --references=false without --dump or --bind,
/// unless data-dependent sizes must be learned by running the graph.
bool SampleRun::runsHere() const {
  bool compileOnly = options.mode == "compile" && !options.compileReferences;
  return !compileOnly || !options.dumpDir.empty() || !options.binding.empty() || shared ||
         (loaded.module && (*loaded.module)->hasAttr(kSizeProbe));
}

/// The sample's data-dependent sizes, learned from its inputs (recorded as
/// data_sizes, and the record's size fields are the specialized module's).
bool SampleRun::specialize() {
  if (failed(loaded.specialize(args)))
    return fail("eager_error", firstErrorOr("specializing data-dependent sizes failed"));
  if (loaded.dataSizes.empty())
    return true;
  r["data_sizes"] = loaded.dataSizes;
  return load();
}

/// The target's switches (recorded), and whether it can run here.
bool SampleRun::checkTarget() {
  bool compileOnly = options.mode == "compile";
  std::string error;
  CompileOptions given;
  given.switches = options.switches;
  switches = switchesFor(target, given, error);
  if (!switches)
    return fail(compileOnly ? "compile_error" : "eager_error", error);
  r["switches"] = switchesRecord(*switches);
  if (compileOnly && target.programSuffix().empty())
    return fail("compile_error", "gn-eval compile writes programs that stand alone, which the " +
                                     target.name().str() + " target does not: use --device cuda");
  if (!compileOnly && !target.runsOnHost())
    if (std::string why = target.unavailableReason(*switches); !why.empty())
      return fail("runtime_error", "--device " + target.name().str() + ": " + why);
  if (options.reference != "" && options.reference != "fp64")
    return fail("eager_error", "unknown reference '" + options.reference + "' (fp64)");
  return true;
}

/// gn-eval compile --references=false: the interpreter is not run, but it
/// must take every op (as runReference checks first).
bool SampleRun::checkInterpreterTakes() {
  interpreter = std::make_unique<interp::Interpreter>(func);
  if (failed(interpreter->verifySupported()))
    return fail("eager_error", loaded.firstError);
  r["references"] = false;
  return true;
}

/// The CPU interpreter: the eager side on the CPU (timed); on a device, the
/// reference both device sides are checked against (run once, untimed).
bool SampleRun::runReference() {
  bool deviceSides = target.eagerPipelineOptions().has_value();
  interpreter = std::make_unique<interp::Interpreter>(func);
  if (failed(interpreter->verifySupported()))
    return fail("eager_error", loaded.firstError);
  std::vector<double> eagerMs;
  auto runEager = [&](llvm::ArrayRef<interp::HostTensor> a) { return interpreter->run(a); };
  int64_t eagerExtraBytes = 0;
  auto outs = deviceSides ? timedRuns(runEager, args, 0, 1, eagerMs, &eagerExtraBytes)
                          : timedRuns(runEager, args, options.warmup, options.trials, eagerMs,
                                      &eagerExtraBytes);
  if (failed(outs))
    return fail("eager_error", loaded.firstError);
  expected = std::move(*outs);
  r[deviceSides ? "reference" : "eager"] = eval::timingStats(eagerMs);
  if (deviceSides)
    r["reference"]["side"] = "gn interpreter (cpu)";
  int64_t argumentBytes = 0;
  for (const interp::HostTensor &t : args)
    argumentBytes += t.nbytes();
  for (const interp::HostTensor &t : expected)
    outputBytes += t.nbytes();
  ioBytes = argumentBytes + outputBytes;
  // Measured peak of an eager run: arguments + every tensor it allocated.
  r["eager_memory"] = {{"io_bytes", ioBytes},
                       {"peak_bytes", argumentBytes + eagerExtraBytes},
                       {"peak_over_io", overIo(argumentBytes + eagerExtraBytes)}};
  return true;
}

/// --dump: the inputs and the reference outputs as .npy.
bool SampleRun::dumpInputs() {
  if (options.dumpDir.empty())
    return true;
  std::vector<std::string> names;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto n = func.getArgAttrOfType<StringAttr>(i, "gn.name");
    names.push_back(n ? n.str() : "arg" + std::to_string(i));
  }
  dumpBase = options.dumpDir + "/" + dumpName(r["sample"].get<std::string>());
  std::string error;
  bool deviceSides = target.eagerPipelineOptions().has_value();
  if (!dumpTensors(dumpBase + "/inputs", args, names, error) ||
      !dumpTensors(dumpBase + (deviceSides ? "/reference" : "/eager"), expected, {}, error))
    return fail("runtime_error", error);
  return true;
}

/// Reference outputs as <folder>/<i>.npy. Over the budget, each keeps every
/// k-th element (k in <i>.stride and in `strides`), so a bundle of many
/// samples stays small enough to carry; gn-cuda-run compares the same
/// elements.
bool SampleRun::writeReferences(const std::string &folder,
                                const std::vector<interp::HostTensor> &outputs, json &strides) {
  llvm::sys::fs::create_directories(folder);
  int64_t refBytes = 0;
  for (const interp::HostTensor &t : outputs)
    refBytes += t.nbytes();
  std::vector<interp::HostTensor> refs = outputs;
  strides = json::object();
  if (options.referenceBudget > 0 && refBytes > options.referenceBudget) {
    // At least a byte each (a budget below one byte per output kept
    // nothing to divide by: SIGFPE).
    int64_t share =
        std::max<int64_t>(1, options.referenceBudget / std::max<int64_t>(1, outputs.size()));
    for (auto [i, t] : llvm::enumerate(refs)) {
      if (t.nbytes() <= size_t(share))
        continue;
      int64_t k = (t.nbytes() + share - 1) / share;
      t = eval::everyKth(t, k);
      strides[std::to_string(i)] = k;
      std::ofstream(folder + "/" + std::to_string(i) + ".stride") << k << "\n";
    }
  }
  std::string error;
  if (!dumpTensors(folder, refs, {}, error))
    return fail("compile_error", error);
  return true;
}

/// gn-eval compile: the programs of a run on a machine without LLVM
/// (gn-cuda-run), the reference outputs and what the record needs.
bool SampleRun::writePrograms() {
  std::string dir = options.outDir + "/" + dumpName(r["sample"].get<std::string>());
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return fail("compile_error", "cannot create '" + dir + "': " + ec.message());
  std::string error;
  if (options.compileReferences) {
    json strides;
    if (!writeReferences(dir + "/reference", expected, strides))
      return false;
    if (!strides.empty())
      r["reference_strides"] = strides;
    if (!recordDegenerateOutputs(dir))
      return false;
  }
  std::optional<std::string> eagerPipeline = target.eagerPipelineOptions();
  std::vector<std::pair<std::string, std::string>> programs;
  if (eagerPipeline && options.compileEager)
    programs.push_back({"eager", *eagerPipeline});
  programs.push_back({"compiled", options.pipelineOptions});
  for (auto &[name, pipeline] : programs) {
    if (name == "compiled" && shared && shared->program && !shared->programDir.empty()) {
      std::optional<bool> bound = writeSharedProgram(dir);
      if (!bound)
        return false;
      if (*bound)
        continue;
    } else if (name == "compiled" && shared) {
      // No one program written (the record says why): the variant's own.
      ++shared->compiles;
      r["one_program"] = shared->info;
      r["one_program"]["own_compile"] = true;
    }
    auto start = std::chrono::steady_clock::now();
    runtime::CompileStats st;
    auto program = target.compileProgram(*loaded.module, compileOptions(pipeline), st);
    if (failed(program))
      return fail(name == "eager" ? "eager_error" : "compile_error",
                  firstErrorOr("compilation failed"));
    // --bind: written at the binding's sizes, for a runner that runs a
    // file at its arguments' sizes (gn-cuda-run synthesizes them from it).
    if (!options.binding.empty()) {
      std::vector<std::vector<int64_t>> shapes;
      for (const interp::HostTensor &a : args)
        shapes.push_back(a.shape().vec());
      if (!(*program)->bindTo(shapes, error))
        return fail("compile_error", error);
    }
    std::string written = dir + "/" + name + target.programSuffix().str();
    if (!(*program)->write(written, error))
      return fail("compile_error", error);
    if (name == "compiled" && !options.cacheDir.empty() && !storeInCache(pipeline, written))
      return false;
    r[name == "eager" ? "eager_compile" : "compile"] = writtenProgramRecord(st, secondsSince(start));
  }
  r["compile_seconds"] = r["compile"]["seconds"];
  if (r.contains("one_program") && r["one_program"].value("compile_reused", false))
    r["compile_seconds"] = 0.0; // charged to the sample's first variant
  if (options.compileReferences)
    r["io_bytes"] = ioBytes;
  r["artifacts"] = dir;
  std::ofstream meta(dir + "/record.json");
  meta << r.dump(-1, ' ', false, json::error_handler_t::replace);
  return true;
}

/// gn-eval compile --shapes with one program: this variant's compiled
/// program is the sample's one program itself (compiled.json a relative
/// link to <sample>@one_program/compiled.json), which gn-cuda-run binds at
/// the argument shapes the record names, as a runtime binds at a call. Its
/// guards are checked here first: nullopt after a failure; false when they
/// refuse the variant, which then gets its own program.
std::optional<bool> SampleRun::writeSharedProgram(const std::string &dir) {
  std::vector<std::vector<int64_t>> shapes;
  for (const interp::HostTensor &a : args)
    shapes.push_back(a.shape().vec());
  std::string error;
  std::unique_ptr<TargetProgram> bound = shared->program->clone();
  if (!bound->bindTo(shapes, error)) {
    ++shared->compiles;
    r["one_program"] = shared->info;
    r["one_program"]["own_compile"] = true;
    r["one_program"]["refused"] = error;
    return false;
  }
  std::string name = "compiled" + target.programSuffix().str();
  std::string link = dir + "/" + name;
  llvm::sys::fs::remove(link);
  std::string to = "../" + llvm::sys::path::filename(shared->programDir).str() + "/" + name;
  if (std::error_code ec = llvm::sys::fs::create_link(to, link)) {
    fail("compile_error", "cannot link '" + link + "' to the one program: " + ec.message());
    return std::nullopt;
  }
  r["argument_shapes"] = shapes;
  r["compile"] = shared->compileRecord;
  r["one_program"] = shared->info;
  r["one_program"]["compile_reused"] = shared->compileCharged;
  shared->compileCharged = true;
  if (!shared->programKey.empty())
    r["cache_key"] = shared->programKey;
  return true;
}

/// gn-eval compile: the reference outputs that cannot show a wrong
/// computation under a tolerance check (issue 40: outputs of 1e-25 passed
/// t = -5 on a GPU), in the record as "degenerate_outputs": near zero,
/// constant, or unchanged when every input (weights too) is synthesized from
/// another seed, which costs one more interpreter run.
/// Fan-in inputs (HostInputs.h) and the interpreter's outputs on them;
/// false with `error` (the interpreter's first diagnostic) when either fails.
bool SampleRun::interpreterOnFanIn(std::vector<interp::HostTensor> &inputs,
                                   std::vector<interp::HostTensor> &outputs,
                                   std::string &error) {
  auto drawn = eval::synthesizeInputs(func, options.seed, options.binding, error,
                                      eval::Synthesis::FanIn);
  if (failed(drawn))
    return false;
  loaded.firstError.clear();
  auto out = interpreter->run(*drawn);
  if (failed(out)) {
    error = firstErrorOr("the interpreter failed on fan-in inputs");
    return false;
  }
  inputs = std::move(*drawn);
  outputs = std::move(*out);
  return true;
}

bool SampleRun::recordDegenerateOutputs(const std::string &dir) {
  std::string error;
  auto other = eval::synthesizeInputs(func, options.seed + 1, options.binding, error);
  if (failed(other))
    return fail("runtime_error", error);
  loaded.firstError.clear();
  auto again = interpreter->run(*other);
  // Failing on the other inputs is not the sample's failure, and says its
  // outputs follow them (a data-dependent size that changed: its guard).
  if (failed(again))
    r["degenerate_check_error"] = firstErrorOr("the interpreter failed on the other inputs");
  json degenerate = json::array();
  for (size_t i = 0; i < expected.size(); ++i) {
    eval::OutputDiff self = eval::compareOutputs(expected[i], expected[i]);
    bool insensitive = succeeded(again) && i < again->size() &&
                       eval::compareOutputs((*again)[i], expected[i]).equal;
    std::vector<std::string> why =
        eval::degenerateReasons(self, expected[i].dtype(), insensitive);
    if (!why.empty())
      degenerate.push_back({{"index", i}, {"reasons", why}, {"max_abs", self.refMaxAbs}});
  }
  r["degenerate_outputs"] = degenerate;
  if (degenerate.empty() || !options.recheckDegenerate)
    return true;
  // For the device's recheck (RunOptions::recheckDegenerate): the
  // interpreter's outputs on fan-in inputs, in reference-fan-in/, which
  // gn-cuda-run compares with the program's on the same inputs.
  // A failure here is the recheck's (recorded), not the sample's: fan-in
  // draws can take a graph out of its domain (a float used as an index).
  std::vector<interp::HostTensor> fanIn, fanInOut;
  if (!interpreterOnFanIn(fanIn, fanInOut, error)) {
    r["degenerate_recheck_error"] = error;
    return true;
  }
  json strides;
  if (!writeReferences(dir + "/reference-fan-in", fanInOut, strides))
    return false;
  r["degenerate_recheck_reference"] = "reference-fan-in";
  // For a miss there, the float64 rule: the f64 function on the same inputs
  // (rounded to the outputs' dtypes) and eager's distance to it.
  auto wide = eval::runFp64Reference(*loaded.module, fanIn, fanInOut, error);
  if (failed(wide)) {
    r["degenerate_recheck_fp64_error"] = firstErrorOr(error);
    return true;
  }
  json ignored, wideStrides;
  if (!writeReferences(dir + "/reference-fan-in-fp64", *wide, wideStrides))
    return false;
  r["degenerate_recheck_fp64"] = {
      {"reference", "reference-fan-in-fp64"},
      {"eager_correct_at", eval::compareWithReference(fanInOut, *wide, {}, ignored)}};
  return true;
}

/// gn-eval compile --cache-dir: the program written at `written` also in
/// the cache, under its key (recorded).
bool SampleRun::storeInCache(const std::string &pipeline, const std::string &written) {
  std::string error;
  CompileOptions co = compileOptions(pipeline);
  eval::SampleVariant variant{options.dtypeVariant, options.shapeVariant};
  std::string key = eval::cacheKeyOf(path, variant, target, co, error);
  if (key.empty())
    return fail("compile_error", error);
  ProgramKey parts{path, target.name().str(), pipeline, target.compileSwitchesKey(*switches),
                   channelVariant(variant.dtype, variant.shape)};
  if (!cacheWrittenProgram(options, key, parts, written, error))
    return fail("compile_error", error);
  r["cache_key"] = key;
  return true;
}

/// A device's eager mode (CUDA: a kernel per op, launched one by one),
/// timed and checked against the reference.
bool SampleRun::deviceEager() {
  json eagerCompile, eagerMemory, eagerOutputs;
  std::vector<double> ms;
  auto outs = compileAndTime(*target.eagerPipelineOptions(), /*graph=*/false, "eager_error", ms,
                             eagerCompile, eagerMemory);
  if (failed(outs))
    return false;
  r["eager"] = eval::timingStats(ms);
  r["eager"]["side"] = "gn " + target.name().str() + " eager";
  r["eager_compile"] = eagerCompile;
  r["eager_correct_at"] = eval::compareWithReference(*outs, expected, {}, eagerOutputs);
  r["eager_outputs"] = eagerOutputs;
  std::string error;
  if (!dumpBase.empty() && !dumpTensors(dumpBase + "/eager", *outs, {}, error))
    return fail("runtime_error", error);
  return true;
}

/// The compiled side: gn's compiler, or the interpreter again (`nope`,
/// GraphNet's harness self-check); then the comparison and the speedup.
bool SampleRun::compiledSide() {
  if (options.mode == "eager") {
    if (options.reference == "fp64")
      recordFp64Reference(r, *loaded.module, args, expected, nullptr, loaded.firstError);
    return true;
  }
  std::vector<double> ms;
  std::string refusal;
  bool ranShared = false;
  if (options.compiler == "gn" && shared && shared->model) {
    std::optional<bool> ran = runSharedProgram(ms, refusal);
    if (!ran)
      return false;
    ranShared = *ran;
  }
  if (ranShared) {
    // The one program ran this variant.
  } else if (options.compiler == "gn") {
    if (shared) {
      // No one program, or its guards refuse this variant: the variant's
      // own program, compiled for its sizes, and the record says so.
      ++shared->compiles;
      r["one_program"] = shared->info;
      r["one_program"]["own_compile"] = true;
      if (!refusal.empty())
        r["one_program"]["refused"] = refusal;
    }
    json compileRecord, memoryRecord;
    auto outs = options.abPipelineOptions.empty()
                    ? compileAndTime(options.pipelineOptions, /*graph=*/true, "compile_error",
                                     ms, compileRecord, memoryRecord)
                    : compileAndTimeAB(ms, compileRecord, memoryRecord);
    if (failed(outs))
      return false;
    actual = std::move(*outs);
    r["compile_seconds"] = compileRecord["seconds"];
    compileRecord.erase("seconds");
    r["compile"] = compileRecord;
    r["memory"] = memoryRecord;
  } else if (options.compiler == "nope") {
    if (!target.runsOnHost())
      return fail("compile_error", "--compiler nope runs the CPU interpreter; use --device cpu");
    auto compileStart = std::chrono::steady_clock::now();
    interp::Interpreter again(func);
    if (failed(again.verifySupported()))
      return fail("compile_error", loaded.firstError);
    r["compile_seconds"] = secondsSince(compileStart);
    auto runNope = [&](llvm::ArrayRef<interp::HostTensor> a) { return again.run(a); };
    auto outs = timedRuns(runNope, args, options.warmup, options.trials, ms);
    if (failed(outs))
      return fail("runtime_error", firstErrorOr("compiled run failed"));
    actual = std::move(*outs);
  } else {
    return fail("compile_error", "unknown compiler '" + options.compiler + "' (gn or nope)");
  }
  r["compiled"] = eval::timingStats(ms);
  std::string error;
  if (!dumpBase.empty() && !dumpTensors(dumpBase + "/compiled", actual, {}, error))
    return fail("runtime_error", error);
  runtime::CompiledModel *model =
      ranShared ? shared->model.get() : compiledModel ? compiledModel.get() : nullptr;
  if (model && options.recheckDegenerate && options.inputs == eval::Synthesis::GraphNet)
    recheckDegenerateOutputs(*model);
  compiledModel.reset(); // before compare's f64 interpreter run, if any
  compare();
  return true;
}

/// The reference has a near-zero or constant output, which t = -5 cannot
/// tell from a wrong one: the program and the interpreter again on fan-in
/// inputs (HostInputs.h), compared at every t, in "degenerate_recheck";
/// its "degenerate" lists the outputs that stay so. A failure there is
/// recorded, not the sample's status.
void SampleRun::recheckDegenerateOutputs(runtime::CompiledModel &model) {
  bool any = false;
  for (const interp::HostTensor &e : expected)
    any = any || !eval::degenerateReasons(eval::compareOutputs(e, e), e.dtype()).empty();
  if (!any)
    return;
  json &check = r["degenerate_recheck"];
  check["inputs"] = eval::synthesisName(eval::Synthesis::FanIn);
  std::string error;
  std::vector<interp::HostTensor> other, want;
  if (!interpreterOnFanIn(other, want, error)) {
    check["error"] = error;
    return;
  }
  loaded.firstError.clear();
  auto got = model.run(other);
  if (failed(got)) {
    check["error"] = firstErrorOr("the compiled program failed on fan-in inputs");
    return;
  }
  json outputs;
  check["correct_at"] = eval::compareWithReference(*got, want, {}, outputs);
  check["degenerate"] = eval::degenerateIndices(outputs);
  if (check["correct_at"].value("-5", false)) {
    eval::conformsWithoutFp64(check);
    return;
  }
  // Scale-keeping inputs can make a deep graph ill-conditioned, so that
  // eager itself is far from the exact function there: the miss is judged
  // under the float64 rule.
  auto wide = eval::runFp64Reference(*loaded.module, other, want, error);
  if (failed(wide)) {
    check["fp64_error"] = firstErrorOr(error);
    check["conforms"] = false;
    return;
  }
  json ignored;
  eval::judgeRecheckAgainstFp64(check, eval::compareWithReference(want, *wide, {}, ignored),
                                eval::compareWithReference(*got, *wide, {}, ignored));
}

std::optional<bool> SampleRun::runSharedProgram(std::vector<double> &ms,
                                                std::string &refusal) {
  eval::LoadedSample &one = *shared->imported.loaded;
  one.firstError.clear();
  // One run first: a guard that refuses this variant's sizes is no failure
  // of the variant, which then gets its own program.
  if (failed(shared->model->run(args))) {
    refusal = one.firstError.empty() ? "the one program refused the variant" : one.firstError;
    return false;
  }
  json memoryRecord;
  auto outs = timeModel(*shared->model, ms, memoryRecord, one);
  if (failed(outs)) {
    r["one_program"] = shared->info;
    return std::nullopt;
  }
  actual = std::move(*outs);
  json compileRecord = shared->compileRecord;
  r["compile_seconds"] = shared->compileCharged ? 0.0 : compileRecord["seconds"].get<double>();
  r["one_program"] = shared->info;
  r["one_program"]["compile_reused"] = shared->compileCharged;
  shared->compileCharged = true;
  compileRecord.erase("seconds");
  r["compile"] = compileRecord;
  r["memory"] = memoryRecord;
  return true;
}

/// Outputs against the reference at every t; the fp64 attribution; speedup.
void SampleRun::compare() {
  json outputs;
  r["correct_at"] = eval::compareWithReference(actual, expected, {}, outputs);
  r["outputs"] = outputs;
  // A NaN, infinity, shape or dtype the reference does not have: its own
  // error class under GraphNet's mismatch_extended scheme.
  for (const json &o : outputs)
    if (o.contains("mismatch")) {
      r["mismatch"] = o["mismatch"];
      break;
    }
  if (options.reference == "fp64")
    recordFp64Reference(r, *loaded.module, args, expected, &actual, loaded.firstError);
  double te = r["eager"]["median_ms"].get<double>(),
         tc = r["compiled"]["median_ms"].get<double>();
  r["speedup"] = tc > 0 ? te / tc : 0.0;
  if (r.contains("flops") && tc > 0)
    r["gflops"] = r["flops"].get<double>() / (tc * 1e6);
}

FailureOr<std::vector<interp::HostTensor>>
SampleRun::compileAndTime(const std::string &pipeline, bool graph, const char *status,
                          std::vector<double> &ms, json &compileRecord, json &memoryRecord) {
  auto compileStart = std::chrono::steady_clock::now();
  CompileOptions co = compileOptions(pipeline);
  co.captureGraph = graph;
  auto model = target.compile(*loaded.module, co);
  if (failed(model)) {
    fail(status, firstErrorOr("compilation failed"));
    return failure();
  }
  double seconds = secondsSince(compileStart);
  compileRecord = compileStatsRecord((*model)->stats(), seconds);
  auto outs = timeModel(**model, ms, memoryRecord, loaded);
  if (graph && options.recheckDegenerate)
    compiledModel = std::move(*model);
  return outs;
}

FailureOr<std::vector<interp::HostTensor>>
SampleRun::timeModel(runtime::CompiledModel &model, std::vector<double> &ms, json &memoryRecord,
                     const eval::LoadedSample &errors) {
  auto runCompiled = [&](llvm::ArrayRef<interp::HostTensor> a) { return model.run(a); };
  int64_t runExtraBytes = 0;
  auto outs = timedRuns(runCompiled, args, options.warmup, options.trials, ms, &runExtraBytes);
  if (failed(outs)) {
    fail("runtime_error",
         errors.firstError.empty() ? "compiled run failed" : errors.firstError);
    return failure();
  }
  memoryRecord = memoryRecordOf(model, runExtraBytes);
  return outs;
}

json SampleRun::memoryRecordOf(const runtime::CompiledModel &model, int64_t runExtraBytes) const {
  const runtime::CompileStats &st = model.stats();
  // Planned: arguments + arena + planned heap. Measured (host targets):
  // arguments + arena + constants + every tensor the first run allocated
  // (outputs, fallback copies, widened operands inside library calls).
  int64_t planned = st.argumentBytes + st.arenaBytes + st.heapPeakBytes;
  int64_t measured = st.argumentBytes + st.arenaBytes + st.constantBytes + runExtraBytes;
  json memoryRecord = {{"arena_bytes", st.arenaBytes},
                  {"arena_bound_bytes", st.arenaBoundBytes},
                  {"heap_peak_bytes", st.heapPeakBytes},
                  {"constant_bytes", st.constantBytes},
                  {"io_bytes", ioBytes},
                  {"planned_peak_bytes", planned},
                  {"planned_over_io", overIo(planned)},
                  // No plan for this op order can do better than this
                  // without recomputation or in-place updates.
                  {"bound_over_io", overIo(st.argumentBytes + st.arenaBoundBytes + outputBytes)}};
  if (target.runsOnHost())
    memoryRecord.update({{"peak_bytes", measured}, {"peak_over_io", overIo(measured)}});
  return memoryRecord;
}

FailureOr<std::vector<interp::HostTensor>>
SampleRun::compileAndTimeAB(std::vector<double> &msA, json &compileRecord, json &memoryRecord) {
  std::unique_ptr<runtime::CompiledModel> models[2];
  const std::string *pipelines[2] = {&options.pipelineOptions, &options.abPipelineOptions};
  for (int side = 0; side < 2; ++side) {
    auto compileStart = std::chrono::steady_clock::now();
    CompileOptions co = compileOptions(*pipelines[side]);
    co.captureGraph = true;
    auto model = target.compile(*loaded.module, co);
    if (failed(model)) {
      fail("compile_error", firstErrorOr(side ? "compilation with --ab-options failed"
                                              : "compilation failed"));
      return failure();
    }
    if (side == 0)
      compileRecord = compileStatsRecord((*model)->stats(), secondsSince(compileStart));
    models[side] = std::move(*model);
  }
  std::vector<double> msB;
  std::vector<interp::HostTensor> first[2];
  int64_t liveBefore = interp::TensorMemory::live(), extraA = 0;
  interp::TensorMemory::resetPeak();
  for (int k = 0; k < options.warmup + options.trials; ++k)
    for (int i = 0; i < 2; ++i) {
      int side = k % 2 ? 1 - i : i; // A B, then B A
      auto start = std::chrono::steady_clock::now();
      auto outs = models[side]->run(args);
      double t =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      if (k == 0 && side == 0) // A runs first: what it allocated
        extraA = interp::TensorMemory::peak() - liveBefore;
      if (failed(outs)) {
        fail("runtime_error", firstErrorOr(side ? "compiled run with --ab-options failed"
                                                : "compiled run failed"));
        return failure();
      }
      if (k == 0)
        first[side] = std::move(*outs);
      if (k >= options.warmup)
        (side ? msB : msA).push_back(t);
    }
  memoryRecord = memoryRecordOf(*models[0], extraA);
  json outputsB, ab = {{"options", options.abPipelineOptions},
                       {"compiled", eval::timingStats(msB)}};
  ab["correct_at"] = eval::compareWithReference(first[1], expected, {}, outputsB);
  double a = eval::timingStats(msA)["median_ms"].get<double>(),
         b = ab["compiled"]["median_ms"].get<double>();
  ab["ratio"] = b > 0 ? a / b : 0.0; // above 1: B is faster
  r["ab"] = ab;
  if (options.recheckDegenerate)
    compiledModel = std::move(models[0]);
  return std::move(first[0]);
}

} // namespace

std::string eval::runSample(const std::string &path, const RunOptions &options) {
  return SampleRun(path, options).run();
}

namespace {

/// gn-eval compile --shapes with one program: the one program as compiled
/// (unbound, its dims symbolic) in <out>/<sample>@one_program/, and in the
/// program cache under the sample's symbolic key (what
/// gn.compile_sample(..., symbolic=True) looks up, a runtime-only gn too).
bool writeOneProgram(const std::string &path, const eval::RunOptions &options, const Target &target,
                     const CompileOptions &co, SharedProgram &shared, std::string &error) {
  std::string dir = options.outDir + "/" + dumpName(sampleName(path) + "@one_program");
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    error = "cannot create '" + dir + "': " + ec.message();
    return false;
  }
  std::string written = dir + "/compiled" + target.programSuffix().str();
  if (!shared.program->write(written, error))
    return false;
  shared.programDir = dir;
  shared.info["program"] = written;
  if (options.cacheDir.empty())
    return true;
  eval::SampleVariant variant{options.dtypeVariant, -1, /*symbolic=*/true};
  std::string key = eval::cacheKeyOf(path, variant, target, co, error);
  if (key.empty())
    return false;
  ProgramKey parts{path, target.name().str(), co.pipelineOptions,
                   target.compileSwitchesKey(*co.switches),
                   channelVariant(variant.dtype, variant.shape, variant.symbolic)};
  if (!cacheWrittenProgram(options, key, parts, written, error))
    return false;
  shared.programKey = key;
  return true;
}

} // namespace

std::vector<std::string> eval::runShapeVariants(const std::string &path,
                                                llvm::ArrayRef<int> indices,
                                                const RunOptions &options) {
  SharedProgram shared;
  std::string error;
  std::vector<ShapeVariant> variants = sampleShapeVariants(path, error);
  const Target &target = options.target ? *options.target : cpuTarget();
  if (variants.empty()) {
    shared.info = {{"error", "GraphNet gives it no shape variants: " + error}};
  } else {
    shared.imported = importOneProgram(path, variants, options.dtypeVariant);
    if (!shared.imported.loaded) {
      shared.info = {{"error", shared.imported.error}, {"why", shared.imported.status}};
    } else {
      LoadedSample &one = *shared.imported.loaded;
      shared.info = {{"example", shared.imported.exampleLabel},
                     {"guards", shared.imported.guards},
                     {"guard_sites", guardSitesRecord(
                                         one.module->lookupSymbol<func::FuncOp>("forward"))}};
      if (!shared.imported.factors.empty())
        shared.info["factors"] = shared.imported.factors;
      CompileOptions given;
      given.switches = options.switches;
      CompileOptions co =
          compileOptionsOf(options, switchesFor(target, given, error), options.pipelineOptions,
                           sampleName(path) + "@one_program");
      co.captureGraph = true;
      auto start = std::chrono::steady_clock::now();
      bool compileOnly = options.mode == "compile";
      FailureOr<std::unique_ptr<runtime::CompiledModel>> model = failure();
      FailureOr<std::unique_ptr<TargetProgram>> program = failure();
      runtime::CompileStats st;
      if (co.switches && compileOnly)
        program = target.compileProgram(*one.module, co, st);
      else if (co.switches)
        model = target.compile(*one.module, co);
      double seconds = secondsSince(start);
      ++shared.compiles;
      if (failed(model) && failed(program)) {
        shared.info["error"] = co.switches ? (one.firstError.empty() ? "compilation failed"
                                                                     : one.firstError)
                                           : error;
      } else if (compileOnly) {
        shared.program = std::move(*program);
        shared.compileRecord = writtenProgramRecord(st, seconds);
        shared.info["compile_seconds"] = seconds;
        if (!writeOneProgram(path, options, target, co, shared, error))
          shared.info["not_written"] = error;
      } else {
        shared.model = std::move(*model);
        shared.compileRecord = compileStatsRecord(shared.model->stats(), seconds);
        shared.info["compile_seconds"] = seconds;
      }
      shared.info["compiled"] = shared.model != nullptr || shared.program != nullptr;
    }
  }
  std::vector<std::string> lines;
  for (int index : indices) {
    RunOptions variantOptions = options;
    variantOptions.shapeVariant = index;
    lines.push_back(SampleRun(path, variantOptions, &shared).run());
  }
  // Every record of the sample says how many programs its variants took.
  for (std::string &line : lines) {
    json r = json::parse(line, nullptr, false);
    if (r.is_discarded() || !r.contains("one_program"))
      continue;
    r["one_program"]["compiles"] = shared.compiles;
    r["one_program"]["variants_run"] = indices.size();
    line = r.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  return lines;
}

//===- CompiledModel.cpp - run a gn function compiled for the CPU --------===//
#include "gn/Runtime/CompiledModel.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Pipelines/Pipelines.h"
#include "gn/Runtime/MemoryPlan.h"
#include "gn/Support/StepProfile.h"
#include "gn/Transforms/FusionUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/Format.h"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <omp.h>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::runtime;
using interp::HostTensor;

namespace {

using KernelFn = void (*)(void **);

struct Step {
  enum class Kind { Launch, Alias, Host } kind;
  Operation *op = nullptr;
  KernelFn fn = nullptr;
  int64_t threadDim = -1, extent = 1;
  llvm::SmallVector<int64_t, 2> inplace; // per result: input it may overwrite, or -1
  bool concatenates = false; // the result is the inputs end to end
  bool elided = false;       // nothing to do: the inputs were written into the result
  int64_t aliasOffset = 0;   // Alias: the result's first element in the input
  llvm::SmallVector<int, 4> in, out;
};

struct SlotType {
  interp::DType dtype = interp::DType::F32;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t bytes() const {
    int64_t n = interp::sizeOf(dtype);
    for (int64_t d : shape)
      n *= d;
    return n;
  }
};

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// Ops run by a library kernel that writes into its arena slot: oneDNN
/// convolutions, sgemm contractions, and the row-blocked attention kernel
/// (sgemm on blocks of rows, the score matrix never stored).
bool isLibraryOp(Operation *op) {
  return isa<ConvOp, ConvTransposeOp, MatmulOp, LinearOp, AttentionOp, ProjectedAttentionOp>(op);
}

/// Runs `fn` over [0, extent) of its thread dim, split across the OpenMP pool.
void launch(KernelFn fn, int64_t threadDim, int64_t extent, llvm::ArrayRef<void *> buffers) {
  auto call = [&](int64_t lo, int64_t hi) {
    llvm::SmallVector<void *, 12> ptrs(buffers.begin(), buffers.end());
    llvm::SmallVector<void *, 14> argv{&lo, &hi};
    for (void *&p : ptrs)
      argv.push_back(&p);
    fn(argv.data());
  };
  if (threadDim < 0 || extent < 2 || omp_get_max_threads() < 2) {
    call(0, extent);
    return;
  }
#pragma omp parallel
  {
    int64_t nt = omp_get_num_threads(), t = omp_get_thread_num();
    int64_t chunk = (extent + nt - 1) / nt;
    int64_t lo = t * chunk, hi = std::min(extent, lo + chunk);
    if (lo < hi)
      call(lo, hi);
  }
}

/// The first index out of range a kernel reported (kIndexErrorCallback),
/// until the step that launched it turns it into an error. Process-wide: a
/// kernel has no context argument to carry it. Kernels clamp the index
/// after reporting, so nothing is read outside a buffer.
struct IndexError {
  std::atomic<bool> raised{false};
  int64_t index = 0, size = 0;
} indexError;

extern "C" void gnIndexOutOfRange(int64_t index, int64_t size) {
  bool expected = false;
  if (indexError.raised.compare_exchange_strong(expected, true)) {
    indexError.index = index;
    indexError.size = size;
  }
}

} // namespace

struct CompiledModel::Impl {
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<ExecutionEngine> engine;
  llvm::StringMap<KernelFn> kernelFns;
  StepProfile profile{"compiled"};
  std::unique_ptr<interp::Backend> backend = interp::createCpuBackend();
  std::vector<Step> steps;
  std::vector<SlotType> types;
  std::vector<HostTensor> fixed; // constants and arena views, valid() when set
  std::vector<char> isFixed;
  std::vector<char> inArena; // fixed[] is a view into the arena
  std::vector<unsigned> weightArgs; // arguments the sample declares as weights
  unsigned numArgs = 0;
  std::vector<int> results;
  std::shared_ptr<uint8_t> arena;
  int64_t arenaSize = 0;
  CompileStats stats;

  LogicalResult build(func::FuncOp func);
  LogicalResult jit(ModuleOp kernels, unsigned optLevel);
  void planMemory();
  void reportPeak(llvm::ArrayRef<runtime::BufferRequest> requests,
                  const runtime::MemoryPlan &plan) const;
};

CompiledModel::CompiledModel() : impl(std::make_unique<Impl>()) {}

CompiledModel::~CompiledModel() = default;
const CompileStats &CompiledModel::stats() const { return impl->stats; }

LogicalResult CompiledModel::Impl::jit(ModuleOp kernels, unsigned optLevel) {
  static bool targetReady = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)targetReady;
  MLIRContext *ctx = kernels.getContext();
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);
  auto tmBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!tmBuilder)
    return kernels.emitError("cannot detect the host CPU: ")
           << llvm::toString(tmBuilder.takeError());
  auto codegenLevel = optLevel >= 3   ? llvm::CodeGenOptLevel::Aggressive
                      : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                      : optLevel == 1 ? llvm::CodeGenOptLevel::Less
                                      : llvm::CodeGenOptLevel::None;
  tmBuilder->setCodeGenOptLevel(codegenLevel);
  auto tm = tmBuilder->createTargetMachine();
  if (!tm)
    return kernels.emitError("cannot create a target machine: ") << llvm::toString(tm.takeError());
  auto transformer = makeOptimizingTransformer(std::min(optLevel, 3u), 0, tm->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = codegenLevel;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  const char *objectDump = std::getenv("GN_DUMP_OBJECT");
  options.enableObjectDump = objectDump != nullptr;
  auto created = ExecutionEngine::create(kernels, options);
  if (!created)
    return kernels.emitError("JIT compilation failed: ") << llvm::toString(created.takeError());
  engine = std::move(*created);
  engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner(kIndexErrorCallback)] =
        llvm::orc::ExecutorSymbolDef::fromPtr(&gnIndexOutOfRange);
    return symbols;
  });
  // ORC compiles on first lookup: look every kernel up now, so that code
  // generation is counted as JIT time and run() never compiles.
  for (auto f : kernels.getOps<LLVM::LLVMFuncOp>()) {
    if (f.isExternal())
      continue;
    auto fn = engine->lookupPacked(f.getName());
    if (!fn)
      return kernels.emitError("kernel not found in the JIT: ") << llvm::toString(fn.takeError());
    kernelFns[f.getName()] = *fn;
  }
  if (objectDump)
    engine->dumpToObjectFile(objectDump);
  return success();
}

LogicalResult CompiledModel::Impl::build(func::FuncOp func) {
  Block &body = func.getBody().front();
  llvm::DenseMap<Value, int> slotOf;
  auto newSlot = [&](Value v) -> FailureOr<int> {
    auto t = llvm::dyn_cast<RankedTensorType>(v.getType());
    auto dt = t ? interp::dtypeOf(t.getElementType()) : std::nullopt;
    if (!dt)
      return emitError(v.getLoc()) << "unsupported type " << v.getType() << " in the runtime";
    int id = types.size();
    types.push_back({*dt, llvm::SmallVector<int64_t, 4>(t.getShape())});
    fixed.emplace_back();
    isFixed.push_back(0);
    inArena.push_back(0);
    slotOf[v] = id;
    return id;
  };
  for (BlockArgument a : body.getArguments())
    if (failed(newSlot(a)))
      return failure();
  numArgs = body.getNumArguments();
  for (unsigned i = 0; i < numArgs; ++i)
    if (auto kind = func.getArgAttrOfType<StringAttr>(i, "gn.kind"); kind && kind == "weight")
      weightArgs.push_back(i);
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        results.push_back(slotOf.lookup(v));
      continue;
    }
    Step step;
    step.op = &op;
    for (Value v : op.getOperands())
      step.in.push_back(slotOf.lookup(v));
    for (Value r : op.getResults()) {
      auto id = newSlot(r);
      if (failed(id))
        return failure();
      step.out.push_back(*id);
    }
    if (auto l = dyn_cast<LaunchOp>(op)) {
      KernelFn fn = kernelFns.lookup(l.getKernel().getLeafReference().getValue());
      if (!fn)
        return l.emitError("kernel ") << l.getKernel() << " was not compiled";
      step.kind = Step::Kind::Launch;
      step.fn = fn;
      step.threadDim = l.getThreadDim();
      step.extent = l.getExtent();
      if (std::optional<llvm::ArrayRef<int64_t>> inplace = l.getInplace())
        step.inplace.assign(inplace->begin(), inplace->end());
      step.concatenates = l.getConcatenates();
      ++stats.launches;
    } else if (std::optional<int64_t> viewAt = isa<ReshapeOp>(op) ? 0 : contiguousSliceOffset(&op)) {
      // A reshape, or a slice that is one run of its input: a view.
      step.kind = Step::Kind::Alias;
      step.aliasOffset = *viewAt;
      ++stats.aliases;
    } else if (!backend->supports(&op)) {
      return op.emitError() << "unsupported op '" << op.getName() << "' in the CPU runtime";
    } else if (isa<ConstantOp>(op)) {
      // Materialized once, here.
      llvm::SmallVector<HostTensor, 1> out;
      if (failed(backend->execute(&op, {}, out)))
        return failure();
      fixed[step.out[0]] = out[0];
      isFixed[step.out[0]] = 1;
      ++stats.constants;
      stats.constantBytes += out[0].nbytes();
      continue;
    } else {
      step.kind = Step::Kind::Host;
      if (isLibraryOp(&op)) {
        ++stats.libraryCalls;
      } else {
        ++stats.fallbackOps;
        ++stats.fallbackByOp[op.getName().getStringRef().str()];
      }
    }
    steps.push_back(std::move(step));
  }
  return success();
}

/// GN_MEMORY_REPORT=1: the step where the most arena bytes are live, and
/// the buffers live there with the op that writes each (to see what a
/// better plan or op order would have to remove).
void CompiledModel::Impl::reportPeak(llvm::ArrayRef<runtime::BufferRequest> requests,
                                     const runtime::MemoryPlan &plan) const {
  int64_t peak = plan.peakStep;
  if (requests.empty() || peak >= (int64_t)steps.size())
    return;
  auto &os = llvm::errs();
  os << "gn memory: " << plan.liveBytesBound << " arena bytes live at step " << peak << " ("
     << steps[peak].op->getName() << " at " << steps[peak].op->getLoc() << ")\n";
  for (const runtime::BufferRequest &r : requests)
    if (r.first <= peak && peak <= r.last)
      os << llvm::format("  %12lld bytes, steps %lld..%lld, from ", (long long)r.bytes,
                         (long long)r.first, (long long)r.last)
         << steps[r.first].op->getName() << " at " << steps[r.first].op->getLoc() << "\n";
}

void CompiledModel::Impl::planMemory() {
  size_t n = types.size();
  std::vector<int> root(n);
  for (size_t i = 0; i < n; ++i)
    root[i] = i;
  std::vector<int64_t> def(n, -1), last(n, -1);
  for (auto [s, step] : llvm::enumerate(steps)) {
    for (int o : step.out)
      def[o] = s;
    for (int i : step.in)
      last[i] = s;
  }
  int64_t end = steps.size();
  std::vector<char> returned(n, 0);
  for (int r : results)
    returned[r] = 1;
  // Buffer sharing, in step order, as groups of slots that live in one
  // root's buffer, each at a byte offset into it:
  //  - a reshape shares its input's bytes;
  //  - a kernel result marked `inplace` takes the bytes of that input when
  //    nothing reads the input (or any slot of its group) after this launch;
  //  - the inputs of a launch that `concatenates` are placed at their slabs
  //    of the result, so their producers write there and the launch is
  //    elided (see placeConcat).
  // `groupFirst`/`groupLast` are the first and last steps that touch any
  // slot of a root's group.
  std::vector<int64_t> groupFirst(def), groupLast(n), offsetIn(n, 0);
  for (size_t i = 0; i < n; ++i)
    groupLast[i] = std::max(last[i], def[i]);
  auto join = [&](int o, int i) {
    int r = root[i];
    root[o] = r;
    offsetIn[o] = offsetIn[i];
    groupFirst[r] = std::min(groupFirst[r], groupFirst[o]);
    groupLast[r] = std::max(groupLast[r], groupLast[o]);
  };
  auto members = [&](int r) {
    llvm::SmallVector<int, 4> m;
    for (size_t j = 0; j < n; ++j)
      if (root[j] == r)
        m.push_back(j);
    return m;
  };
  // A concatenation's inputs go into its result's buffer when each is a
  // whole group of its own that a step computes (not an argument, constant
  // or returned value). Any later write into the result's group is an
  // in-place result, which waits until nothing reads the group.
  auto placeConcat = [&](Step &step) {
    int o = step.out[0];
    if (returned[o])
      return;
    llvm::SmallVector<int, 4> roots;
    for (int i : step.in) {
      int r = root[i];
      if (i < (int)numArgs || r < (int)numArgs || isFixed[r] || def[r] < 0 ||
          offsetIn[i] != 0 || types[i].bytes() != types[r].bytes() ||
          llvm::is_contained(roots, r) ||
          llvm::any_of(members(r), [&](int j) { return returned[j] != 0; }))
        return;
      roots.push_back(r);
    }
    int64_t at = 0;
    for (auto [i, r] : llvm::zip(step.in, roots)) {
      for (int j : members(r)) {
        root[j] = o;
        offsetIn[j] += at;
      }
      groupFirst[o] = std::min(groupFirst[o], groupFirst[r]);
      groupLast[o] = std::max(groupLast[o], groupLast[r]);
      at += types[i].bytes();
    }
    step.elided = true;
    ++stats.concatsElided;
  };
  for (auto [s, step] : llvm::enumerate(steps)) {
    if (step.kind == Step::Kind::Alias) {
      join(step.out[0], step.in[0]);
      offsetIn[step.out[0]] += step.aliasOffset * interp::sizeOf(types[step.out[0]].dtype);
      continue;
    }
    if (step.kind != Step::Kind::Launch)
      continue;
    if (step.concatenates)
      placeConcat(step);
    if (step.inplace.empty())
      continue;
    for (auto [o, i] : llvm::zip(step.out, step.inplace)) {
      if (i < 0 || returned[o])
        continue;
      int r = root[step.in[i]];
      bool shared = llvm::any_of(llvm::enumerate(step.in), [&](auto e) {
        return (int64_t)e.index() != i && root[e.value()] == r;
      });
      // (Same shape and element size: the gn.launch verifier checks it.)
      // A returned value keeps its bytes: the result gets its own buffer.
      if (r < (int)numArgs || isFixed[r] || def[r] < 0 || groupLast[r] != (int64_t)s || shared ||
          llvm::any_of(members(r), [&](int j) { return returned[j] != 0; }))
        continue;
      join(o, step.in[i]);
      ++stats.inplaceResults;
    }
  }
  for (int r : results)
    returned[root[r]] = 1;
  // Every intermediate produced by a step (kernel, library call or
  // fallback) gets arena bytes; values returned to the caller outlive the
  // run and stay on the heap.
  std::vector<int> arenaSlots;
  std::vector<BufferRequest> requests;
  for (size_t i = numArgs; i < n; ++i) {
    if (isFixed[i] || def[i] < 0 || root[i] != (int)i || returned[i])
      continue;
    arenaSlots.push_back(i);
    requests.push_back({types[i].bytes(), groupFirst[i], std::max(def[i], groupLast[i])});
  }
  MemoryPlan plan = runtime::planMemory(requests);
  if (std::getenv("GN_MEMORY_REPORT"))
    reportPeak(requests, plan);
  arenaSize = plan.arenaBytes;
  stats.arenaBytes = plan.arenaBytes;
  stats.arenaBoundBytes = plan.liveBytesBound;
  if (arenaSize > 0) {
    auto *p = static_cast<uint8_t *>(std::aligned_alloc(64, (arenaSize + 63) / 64 * 64));
    arena = std::shared_ptr<uint8_t>(p, [](uint8_t *q) { std::free(q); });
  }
  llvm::DenseMap<int, int64_t> offsetOf;
  for (auto [k, slot] : llvm::enumerate(arenaSlots)) {
    fixed[slot] = HostTensor::view(types[slot].dtype, types[slot].shape, arena,
                                   arena.get() + plan.offsets[k]);
    isFixed[slot] = 1;
    inArena[slot] = 1;
    offsetOf[slot] = plan.offsets[k];
  }
  // Kernel results computed in place, and the inputs of elided
  // concatenations, use bytes of their group's buffer. (Reshapes take views
  // of their input as they run.)
  for (size_t i = numArgs; i < n; ++i)
    if (root[i] != (int)i && def[i] >= 0 && steps[def[i]].kind != Step::Kind::Alias &&
        offsetOf.count(root[i])) {
      fixed[i] = HostTensor::view(types[i].dtype, types[i].shape, arena,
                                  arena.get() + offsetOf[root[i]] + offsetIn[i]);
      isFixed[i] = 1;
      inArena[i] = 1;
    }
  // Returned values live on the heap from their step to the end; a host
  // op that cannot write into its arena slot (a fallback) holds a heap copy
  // for its own step. The planned heap peak is the most of both at once.
  std::vector<int64_t> delta(end + 2, 0);
  for (size_t i = numArgs; i < n; ++i) {
    if (isFixed[i] || def[i] < 0 || root[i] != (int)i)
      continue;
    delta[def[i]] += types[i].bytes();
    delta[end + 1] -= types[i].bytes();
  }
  for (auto [s, step] : llvm::enumerate(steps))
    if (step.kind == Step::Kind::Host && !isLibraryOp(step.op))
      for (int o : step.out)
        if (inArena[o]) {
          delta[s] += types[o].bytes();
          delta[s + 1] -= types[o].bytes();
        }
  int64_t live = 0;
  for (int64_t d : delta) {
    live += d;
    stats.heapPeakBytes = std::max(stats.heapPeakBytes, live);
  }
  for (size_t i = 0; i < numArgs; ++i)
    stats.argumentBytes += types[i].bytes();
  for (int r : results)
    stats.outputBytes += types[r].bytes();
}

FailureOr<std::unique_ptr<CompiledModel>> CompiledModel::compile(ModuleOp module,
                                                                 const CompileOptions &options) {
  std::unique_ptr<CompiledModel> model(new CompiledModel());
  Impl &m = *model->impl;
  auto start = std::chrono::steady_clock::now();
  m.module = module.clone();
  MLIRContext *ctx = module.getContext();
  auto pipelineOptions = CpuPipelineOptions::createFromString(options.pipelineOptions);
  if (!pipelineOptions)
    return module.emitError("bad gn-cpu-pipeline options '") << options.pipelineOptions << "'";
  PassManager pm(ctx);
  buildCpuPipeline(pm, *pipelineOptions);
  if (failed(pm.run(*m.module)))
    return failure();
  if (!options.dumpAfterPipeline.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(options.dumpAfterPipeline, ec);
    if (!ec)
      m.module->print(os);
  }
  m.stats.pipelineSeconds = secondsSince(start);
  auto func = m.module->lookupSymbol<func::FuncOp>("forward");
  if (!func)
    return module.emitError("no func.func @forward to compile");
  auto jitStart = std::chrono::steady_clock::now();
  ModuleOp kernels;
  for (auto k : m.module->getOps<ModuleOp>())
    if (k.getSymName() == kKernelModuleName)
      kernels = k;
  if (kernels) {
    m.stats.kernels = llvm::count_if(kernels.getOps<LLVM::LLVMFuncOp>(),
                                     [](LLVM::LLVMFuncOp f) { return !f.isExternal(); });
    if (failed(m.jit(kernels, options.jitOptLevel)))
      return failure();
  }
  m.stats.jitSeconds = secondsSince(jitStart);
  if (failed(m.build(func)))
    return failure();
  m.planMemory();
  return model;
}

FailureOr<std::vector<HostTensor>> CompiledModel::run(llvm::ArrayRef<HostTensor> args) {
  Impl &m = *impl;
  if (args.size() != m.numArgs)
    return emitError(m.module->getLoc())
           << "expected " << m.numArgs << " arguments, got " << args.size();
  std::vector<HostTensor> slots(m.types.size());
  for (unsigned i = 0; i < m.numArgs; ++i) {
    if (args[i].dtype() != m.types[i].dtype || args[i].shape() != llvm::ArrayRef(m.types[i].shape))
      return emitError(m.module->getLoc()) << "argument #" << i << " has the wrong type or shape";
    slots[i] = args[i];
  }
  // Weights are constant for the run: library calls may keep work derived
  // from them (oneDNN's reordered convolution weights) across runs.
  llvm::SmallVector<HostTensor, 16> weights;
  for (unsigned i : m.weightArgs)
    weights.push_back(args[i]);
  m.backend->setConstants(weights);
  for (size_t i = 0; i < slots.size(); ++i)
    if (m.isFixed[i])
      slots[i] = m.fixed[i];
  const uint8_t *arenaBegin = m.arena.get(), *arenaEnd = arenaBegin + m.arenaSize;
  llvm::SmallVector<void *, 12> buffers;
  llvm::SmallVector<HostTensor, 4> operands, results, dests;
  for (Step &step : m.steps) {
    if (step.elided)
      continue;
    auto stepStart = m.profile.start();
    switch (step.kind) {
    case Step::Kind::Launch:
      buffers.clear();
      for (int i : step.in)
        buffers.push_back(slots[i].bytes());
      for (int o : step.out) {
        if (!m.isFixed[o])
          slots[o] = HostTensor(m.types[o].dtype, m.types[o].shape, /*zero=*/false);
        buffers.push_back(slots[o].bytes());
      }
      launch(step.fn, step.threadDim, step.extent, buffers);
      if (indexError.raised.load(std::memory_order_acquire)) {
        int64_t index = indexError.index, size = indexError.size;
        indexError.raised.store(false);
        return step.op->emitError() << "index " << index << " out of range for size " << size;
      }
      break;
    case Step::Kind::Alias:
      slots[step.out[0]] = slots[step.in[0]].window(step.aliasOffset, m.types[step.out[0]].shape);
      break;
    case Step::Kind::Host: {
      operands.clear();
      results.clear();
      dests.clear();
      for (int i : step.in)
        operands.push_back(slots[i]);
      bool allInArena = llvm::all_of(step.out, [&](int o) { return m.inArena[o] != 0; });
      if (allInArena)
        for (int o : step.out)
          dests.push_back(m.fixed[o]);
      if (failed(m.backend->execute(step.op, operands, results, dests)))
        return failure();
      for (auto [o, r] : llvm::zip(step.out, results)) {
        if (m.inArena[o]) {
          // Written in place by a library call, or copied from a fallback.
          HostTensor dst = m.fixed[o];
          if (r.bytes() != dst.bytes())
            interp::convertInto(r, dst);
          continue;
        }
        // A returned value must not point into the arena, whose bytes are
        // reused by the next run (a kernel may hand back its input).
        if (r.bytes() >= arenaBegin && r.bytes() < arenaEnd && r.nbytes() > 0) {
          HostTensor copy(r.dtype(), r.shape(), /*zero=*/false);
          std::memcpy(copy.bytes(), r.bytes(), r.nbytes());
          r = copy;
        }
        slots[o] = std::move(r);
      }
      break;
    }
    }
    if (m.profile.enabled())
      m.profile.stop(step.kind != Step::Kind::Launch ? step.op->getName().getStringRef()
                     : m.profile.detailed()
                         ? cast<LaunchOp>(step.op).getKernel().getLeafReference().getValue()
                         : llvm::StringRef("kernel"),
                     stepStart);
  }
  std::vector<HostTensor> outs;
  for (int r : m.results)
    outs.push_back(slots[r]);
  return outs;
}

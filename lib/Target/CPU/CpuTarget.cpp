//===- CpuTarget.cpp - the CPU target: JIT, OpenMP launches, oneDNN ------===//
//
// gn-cpu-pipeline, then the @gn_kernels module JIT-compiled through MLIR's
// ExecutionEngine (LLVM -O2 for the host CPU), and the shared step list run
// on host tensors: a kernel with a thread_dim runs in chunks on the OpenMP
// pool (the one oneDNN uses); convolution, matmul, linear and attention are
// library calls through the interpreter's CPU backend writing into their
// arena slot; any other host op is an interpreter fallback.
//
//===----------------------------------------------------------------------===//
#include "CpuOptions.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "gn/Support/SymbolBinding.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Pipelines/Pipelines.h"
#include "gn/Support/RuntimeErrors.h"
#include "gn/Support/ShapeGuard.h"
#include "gn/Runtime/StepList.h"
#include "gn/Support/StepProfile.h"
#include "gn/Target/Target.h"
#include "gn/Transforms/FusionUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"
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

/// gn-cpu-pipeline's default min-parallel-elements: a symbolic kernel whose
/// buffers are all smaller at the binding runs on one thread.
constexpr int64_t kSymbolicMinParallelElements = 32768;

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// Ops run by a library kernel that writes into its arena slot: oneDNN
/// convolutions, sgemm contractions, and the row-blocked attention kernel
/// (sgemm on blocks of rows, the score matrix never stored).
bool isLibraryOp(Operation *op) {
  // top_k: a partial sort over each line (the CUDA target ranks instead);
  // nonzero and size_guard: one scan, its shape guard checked.
  return isa<ConvOp, ConvTransposeOp, MatmulOp, LinearOp, AttentionOp, ProjectedAttentionOp,
             TopKOp, NonzeroOp, SizeGuardOp, CheckOp>(op);
}

/// Runs `fn` over [0, extent) of its thread dim, split across the OpenMP
/// pool. A symbolic kernel takes `sizes` (its buffers' symbolic dims at the
/// binding) after the range.
void launch(KernelFn fn, int64_t threadDim, int64_t extent, llvm::ArrayRef<void *> buffers,
            llvm::ArrayRef<int64_t> sizes = {}) {
  auto call = [&](int64_t lo, int64_t hi) {
    llvm::SmallVector<void *, 12> ptrs(buffers.begin(), buffers.end());
    llvm::SmallVector<int64_t, 8> sizeArgs(sizes.begin(), sizes.end());
    llvm::SmallVector<void *, 14> argv{&lo, &hi};
    for (int64_t &n : sizeArgs)
      argv.push_back(&n);
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

/// The first shape guard a kernel failed (kShapeGuardCallback): gn.nonzero's
/// scan found another count than the program was specialized to.
struct ShapeGuardFailure {
  std::atomic<bool> raised{false};
  int64_t site = 0, found = 0, specialized = 0;
} shapeGuardFailure;

/// Set by a kernel that divided an integer by zero (kDivisionByZeroCallback).
std::atomic<bool> divisionByZero{false};

extern "C" void gnIntegerDivisionByZero() { divisionByZero.store(true, std::memory_order_release); }

/// The code of the first gn.check a kernel found false (kCheckFailedCallback); 0: none.
std::atomic<int64_t> failedCheck{0};

extern "C" void gnCheckFailed(int64_t code) {
  int64_t none = 0;
  failedCheck.compare_exchange_strong(none, code);
}

extern "C" void gnShapeGuardFailed(int64_t site, int64_t found, int64_t specialized) {
  bool expected = false;
  if (shapeGuardFailure.raised.compare_exchange_strong(expected, true)) {
    shapeGuardFailure.site = site;
    shapeGuardFailure.found = found;
    shapeGuardFailure.specialized = specialized;
  }
}

extern "C" void gnIndexOutOfRange(int64_t index, int64_t size) {
  bool expected = false;
  if (indexError.raised.compare_exchange_strong(expected, true)) {
    indexError.index = index;
    indexError.size = size;
  }
}

/// bf16 roundings that LLVM's x86 backend (22.1.8) lowers to compiler-rt
/// calls, which libgcc 12 (Debian 12) lacks: JIT-compiled bf16 kernels
/// failed with "Symbols not found: [ __truncsfbf2 ]" (special_erfinv_bf16,
/// special_i0_bf16). A bf16 result is returned as a 16-bit value in xmm0,
/// as _Float16 is, so the bits are returned through that type. f64 rounds
/// through f32 as the interpreter's conversion (and c10::BFloat16) does.
static _Float16 bf16Bits(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, sizeof h);
  return h;
}
extern "C" _Float16 gnTruncSfBf2(float x) { return bf16Bits(interp::floatToBf16(x)); }
extern "C" _Float16 gnTruncDfBf2(double x) {
  return bf16Bits(interp::floatToBf16(static_cast<float>(x)));
}

class CpuCompiledModel : public CompiledModel {
public:
  FailureOr<std::vector<HostTensor>> run(llvm::ArrayRef<HostTensor> args) override;
  const CompileStats &stats() const override { return stats_; }
  std::vector<interp::TensorSignature> arguments() const override {
    std::vector<interp::TensorSignature> out;
    auto f = const_cast<CpuCompiledModel *>(this)->module->lookupSymbol<func::FuncOp>("forward");
    for (unsigned i = 0; i < list.numArgs; ++i) {
      auto name = f ? f.getArgAttrOfType<StringAttr>(i, "gn.name") : StringAttr();
      out.push_back({name ? name.str() : "", list.types[i].dtype, signatureShape(i)});
    }
    return out;
  }
  std::vector<interp::TensorSignature> results() const override {
    std::vector<interp::TensorSignature> out;
    for (int r : list.results)
      out.push_back({"", list.types[r].dtype, signatureShape(r)});
    return out;
  }
  /// A slot's shape as callers see it: -1 for a symbolic dim (any size the
  /// binding gives).
  std::vector<int64_t> signatureShape(int slot) const {
    std::vector<int64_t> shape(list.types[slot].shape.begin(), list.types[slot].shape.end());
    if (symbolic && slotTypes[slot])
      for (auto [d, e] : llvm::enumerate(dimExprs(slotTypes[slot])))
        if (!e.isConstant())
          shape[d] = -1;
    return shape;
  }

  LogicalResult load(ModuleOp module, func::FuncOp func, unsigned optLevel,
                     const CpuOptions &options);

private:
  LogicalResult jit(ModuleOp kernels, unsigned optLevel, const CpuOptions &options);
  LogicalResult bind();

  OwningOpRef<ModuleOp> module;
  std::unique_ptr<ExecutionEngine> engine;
  std::vector<KernelFn> kernelOf; // per step
  StepProfile profile{"compiled"};
  std::unique_ptr<interp::Backend> backend = interp::createCpuBackend();
  StepList list;
  BufferPlan plan;
  llvm::StringMap<KernelFn> kernelFns;
  std::vector<HostTensor> fixed; // constants and arena views, valid() when set
  std::shared_ptr<uint8_t> arena;
  CompileStats stats_;
  /// A program with symbolic dims (phase 3): each slot's type, whose sizes
  /// are evaluated when the arguments bind the symbols; no arena (its
  /// offsets would be the example's), every value allocated per run.
  bool symbolic = false;
  std::vector<RankedTensorType> slotTypes;
  std::vector<std::optional<SymExpr>> symbolicExtents; // per step (gn.sym_extent)
  /// The binding of the last run's argument sizes, every slot's shape there
  /// and the arena planned for them (planAt): remade when the sizes change.
  std::vector<llvm::SmallVector<int64_t, 6>> boundArgShapes;
  std::optional<SymbolBinding> binding;
  std::vector<llvm::SmallVector<int64_t, 6>> shapes;
  /// The model's guards, taken before the pipeline (collectSymbolicGuards).
  std::vector<SymbolicGuard> guards;
  LogicalResult planAt(llvm::ArrayRef<HostTensor> args);
  LogicalResult bindSlots(func::FuncOp func, llvm::ArrayRef<HostTensor> args);
  void placeArena(const StepList &at);

  friend class CpuTarget;
};

LogicalResult CpuCompiledModel::jit(ModuleOp kernels, unsigned optLevel,
                                    const CpuOptions &switches) {
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
  options.enableObjectDump = !switches.dumpObject.empty();
  auto created = ExecutionEngine::create(kernels, options);
  if (!created)
    return kernels.emitError("JIT compilation failed: ") << llvm::toString(created.takeError());
  engine = std::move(*created);
  engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner(kIndexErrorCallback)] =
        llvm::orc::ExecutorSymbolDef::fromPtr(&gnIndexOutOfRange);
    symbols[interner(kShapeGuardCallback)] =
        llvm::orc::ExecutorSymbolDef::fromPtr(&gnShapeGuardFailed);
    symbols[interner(kDivisionByZeroCallback)] =
        llvm::orc::ExecutorSymbolDef::fromPtr(&gnIntegerDivisionByZero);
    symbols[interner(kCheckFailedCallback)] = llvm::orc::ExecutorSymbolDef::fromPtr(&gnCheckFailed);
    symbols[interner("__truncsfbf2")] = llvm::orc::ExecutorSymbolDef::fromPtr(&gnTruncSfBf2);
    symbols[interner("__truncdfbf2")] = llvm::orc::ExecutorSymbolDef::fromPtr(&gnTruncDfBf2);
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
  if (!switches.dumpObject.empty())
    engine->dumpToObjectFile(switches.dumpObject);
  return success();
}

/// Materializes constants, allocates the arena and gives every slot placed
/// in it a view at its offset.
LogicalResult CpuCompiledModel::bind() {
  size_t n = list.types.size();
  fixed.assign(n, HostTensor());
  kernelOf.assign(list.steps.size(), nullptr);
  for (auto [s, step] : llvm::enumerate(list.steps))
    if (step.kind == Step::Kind::Launch) {
      kernelOf[s] = kernelFns.lookup(step.kernel);
      if (!kernelOf[s])
        return step.op->emitError("kernel @") << step.kernel << " was not compiled";
    }
  for (size_t i = 0; i < n; ++i)
    if (Operation *c = list.constants[i]) {
      FailureOr<HostTensor> value = runtime::materializeConstant(c);
      if (failed(value))
        return failure();
      fixed[i] = *value;
      stats_.constantBytes += value->nbytes();
    }
  placeArena(list);
  return success();
}

/// Allocates the arena of `plan` and gives every slot placed in it a view at
/// its offset, with its shape in `at`.
void CpuCompiledModel::placeArena(const StepList &at) {
  arena.reset();
  if (plan.arenaBytes > 0) {
    auto *p = static_cast<uint8_t *>(std::aligned_alloc(64, (plan.arenaBytes + 63) / 64 * 64));
    arena = std::shared_ptr<uint8_t>(p, [](uint8_t *q) { std::free(q); });
  }
  for (size_t i = 0; i < at.types.size(); ++i)
    if (plan.places[i].where == SlotPlace::Where::Arena)
      fixed[i] = HostTensor::view(at.types[i].dtype, at.types[i].shape, arena,
                                  arena.get() + plan.places[i].offset);
    else if (!at.constants[i])
      fixed[i] = HostTensor();
}

/// A symbolic program at the arguments' sizes: the symbols bound, every
/// slot's shape, and the memory plan made for those shapes (the same
/// planner as a static program's), kept until the sizes change.
LogicalResult CpuCompiledModel::planAt(llvm::ArrayRef<HostTensor> args) {
  bool same = boundArgShapes.size() == args.size();
  for (size_t i = 0; same && i < args.size(); ++i)
    same = llvm::ArrayRef<int64_t>(boundArgShapes[i]) == args[i].shape();
  if (same && binding)
    return success();
  binding.reset();
  if (failed(bindSlots(module->lookupSymbol<func::FuncOp>("forward"), args)))
    return failure();
  // A slice read as a view (one run of its input at every binding:
  // contiguousSliceOffset) starts where its starts fall at this binding's
  // sizes; the example's offset holds only at the example.
  for (Step &step : list.steps) {
    auto slice = step.kind == Step::Kind::Alias ? dyn_cast<SliceOp>(step.op) : SliceOp();
    if (!slice)
      continue;
    llvm::ArrayRef<int64_t> in =
        slotTypes[step.in[0]] ? llvm::ArrayRef<int64_t>(shapes[step.in[0]])
                              : llvm::ArrayRef<int64_t>(list.types[step.in[0]].shape);
    step.aliasOffset = sliceStartOffset(slice, in);
  }
  StepList at = list;
  for (size_t i = 0; i < at.types.size(); ++i)
    if (slotTypes[i])
      at.types[i].shape.assign(shapes[i].begin(), shapes[i].end());
  CompileStats scratch;
  plan = planBuffers(at, scratch);
  // What the planner decided about steps (a concat elided into its
  // operands' places) holds for this binding.
  for (size_t k = 0; k < list.steps.size(); ++k)
    list.steps[k].elided = at.steps[k].elided;
  placeArena(at);
  boundArgShapes.clear();
  for (const HostTensor &a : args)
    boundArgShapes.emplace_back(a.shape().begin(), a.shape().end());
  return success();
}

LogicalResult CpuCompiledModel::load(ModuleOp compiled, func::FuncOp func, unsigned optLevel,
                                     const CpuOptions &options) {
  auto jitStart = std::chrono::steady_clock::now();
  ModuleOp kernels = lookupKernelModule(compiled);
  if (kernels) {
    stats_.kernels = llvm::count_if(kernels.getOps<LLVM::LLVMFuncOp>(),
                                    [](LLVM::LLVMFuncOp f) { return !f.isExternal(); });
    if (failed(jit(kernels, optLevel, options)))
      return failure();
  }
  stats_.jitSeconds = secondsSince(jitStart);
  auto classify = [&](Operation *op) {
    if (!backend->supports(op))
      return HostOpKind::Unsupported;
    if (isa<ConstantOp>(op))
      return HostOpKind::Constant;
    return isLibraryOp(op) ? HostOpKind::Library : HostOpKind::Fallback;
  };
  auto built = buildStepList(func, "CPU", classify, stats_);
  if (failed(built))
    return failure();
  list = std::move(*built);
  symbolic = llvm::any_of(func.getArgumentTypes(), hasSymbolicDims);
  if (symbolic) {
    slotTypes.assign(list.types.size(), RankedTensorType());
    for (auto [i, a] : llvm::enumerate(func.getArguments()))
      slotTypes[i] = llvm::cast<RankedTensorType>(a.getType());
    symbolicExtents.assign(list.steps.size(), std::nullopt);
    for (auto [s, step] : llvm::enumerate(list.steps)) {
      for (auto [k, o] : llvm::enumerate(step.out))
        slotTypes[o] = llvm::cast<RankedTensorType>(step.op->getResult(k).getType());
      if (auto extent = step.op->getAttrOfType<StringAttr>(kSymbolicExtentAttrName)) {
        std::string error;
        symbolicExtents[s] = SymExpr::parse(extent.getValue(), &error);
        if (!symbolicExtents[s])
          return step.op->emitError("bad ") << kSymbolicExtentAttrName << ": " << error;
      }
    }
    // The memory plan is made at each binding (planAt): the example's
    // offsets would not hold at another.
    plan = BufferPlan();
    plan.places.assign(list.types.size(), SlotPlace());
    return bind();
  }
  plan = planBuffers(list, stats_);
  return bind();
}

/// Binds the symbols from the arguments' sizes (as the interpreter does:
/// every disagreement named) and gives every slot its shape there.
LogicalResult CpuCompiledModel::bindSlots(func::FuncOp func, llvm::ArrayRef<HostTensor> args) {
  llvm::SmallVector<RankedTensorType> types;
  llvm::SmallVector<llvm::ArrayRef<int64_t>> argShapes;
  for (unsigned i = 0; i < list.numArgs; ++i) {
    RankedTensorType type = slotTypes[i];
    if (args[i].rank() != type.getRank() || args[i].dtype() != list.types[i].dtype)
      return func.emitError() << "argument #" << i << " has the wrong type or rank for " << type;
    types.push_back(type);
    argShapes.push_back(args[i].shape());
  }
  std::string error;
  binding = bindArguments(types, argShapes, error);
  if (!binding)
    return func.emitError() << error;
  for (const SymbolicGuard &g : guards) {
    std::string failure = g.failure(*binding);
    if (failure.empty())
      continue;
    binding.reset();
    return emitError(g.loc) << failure;
  }
  shapes.assign(slotTypes.size(), {});
  for (auto [i, type] : llvm::enumerate(slotTypes)) {
    if (!type)
      continue;
    std::optional<llvm::SmallVector<int64_t, 6>> shape = shapeAt(type, *binding, error);
    if (!shape)
      return func.emitError() << "value #" << i << " " << type << ": " << error;
    shapes[i] = *shape;
  }
  return success();
}

FailureOr<std::vector<HostTensor>> CpuCompiledModel::run(llvm::ArrayRef<HostTensor> args) {
  if (args.size() != list.numArgs)
    return emitError(module->getLoc())
           << "expected " << list.numArgs << " arguments, got " << args.size();
  std::vector<HostTensor> slots(list.types.size());
  if (symbolic && failed(planAt(args)))
    return failure();
  // Host steps (library calls) size their results at the binding.
  interp::BindingScope scope(binding ? &*binding : nullptr);
  // A slot's shape at this binding; constants (no slot type) are static.
  auto shapeOf = [&](int slot) -> llvm::ArrayRef<int64_t> {
    return symbolic && slotTypes[slot] ? llvm::ArrayRef<int64_t>(shapes[slot])
                                       : llvm::ArrayRef(list.types[slot].shape);
  };
  for (unsigned i = 0; i < list.numArgs; ++i) {
    if (args[i].dtype() != list.types[i].dtype || args[i].shape() != shapeOf(i))
      return emitError(module->getLoc()) << "argument #" << i << " has the wrong type or shape";
    slots[i] = args[i];
  }
  llvm::SmallVector<int64_t, 8> sizes;
  // Weights are constant for the run: library calls may keep work derived
  // from them (oneDNN's reordered convolution weights) across runs.
  llvm::SmallVector<HostTensor, 16> weights;
  for (unsigned i : list.weightArgs)
    weights.push_back(args[i]);
  backend->setConstants(weights);
  auto inArena = [&](int o) { return plan.places[o].where == SlotPlace::Where::Arena; };
  for (size_t i = 0; i < slots.size(); ++i)
    if (list.constants[i] || inArena(i))
      slots[i] = fixed[i];
  const uint8_t *arenaBegin = arena.get(), *arenaEnd = arenaBegin + plan.arenaBytes;
  llvm::SmallVector<void *, 12> buffers;
  llvm::SmallVector<HostTensor, 4> operands, results, dests;
  for (auto [s, step] : llvm::enumerate(list.steps)) {
    if (step.elided)
      continue;
    auto stepStart = profile.start();
    switch (step.kind) {
    case Step::Kind::Launch: {
      buffers.clear();
      sizes.clear();
      for (int i : step.in)
        buffers.push_back(slots[i].bytes());
      for (int o : step.out) {
        if (!inArena(o))
          slots[o] = HostTensor(list.types[o].dtype, shapeOf(o), /*zero=*/false);
        buffers.push_back(slots[o].bytes());
      }
      if (symbolic)
        // The sizes of the buffers' symbolic dims, in the kernel's order
        // (gn-outline-kernels: inputs then results, each in dim order).
        for (int b : llvm::concat<const int>(step.in, step.out))
          if (slotTypes[b]) // constants (weights) are static
            for (auto [d, e] : llvm::enumerate(dimExprs(slotTypes[b])))
              if (!e.isConstant())
                sizes.push_back(shapes[b][d]);
      int64_t extent = step.extent, threadDim = step.threadDim;
      if (symbolic && symbolicExtents[s]) {
        std::optional<int64_t> bound = binding->evaluate(*symbolicExtents[s]);
        if (!bound)
          return step.op->emitError("no thread extent at ") << binding->str();
        extent = *bound;
      }
      if (symbolic && threadDim >= 0) {
        // gn-schedule splits every symbolic group: below the pipeline's
        // default min-parallel-elements at this binding, one thread.
        int64_t points = 0;
        for (int b : llvm::concat<const int>(step.in, step.out)) {
          int64_t n = 1;
          for (int64_t d : shapeOf(b))
            n *= d;
          points = std::max(points, n);
        }
        if (points < kSymbolicMinParallelElements)
          threadDim = -1;
      }
      launch(kernelOf[s], threadDim, extent, buffers, sizes);
      if (indexError.raised.load(std::memory_order_acquire)) {
        int64_t index = indexError.index, size = indexError.size;
        indexError.raised.store(false);
        return step.op->emitError() << indexOutOfRangeMessage(index, size);
      }
      if (divisionByZero.exchange(false, std::memory_order_acq_rel))
        return step.op->emitError() << kDivisionByZeroMessage;
      if (int64_t code = failedCheck.exchange(0, std::memory_order_acq_rel))
        return step.op->emitError() << valueCheckMessage(code);
      if (shapeGuardFailure.raised.load(std::memory_order_acquire)) {
        shapeGuardFailure.raised.store(false);
        return step.op->emitError() << shapeGuardMessage(shapeGuardFailure.site,
                                                         shapeGuardFailure.found,
                                                         shapeGuardFailure.specialized);
      }
      break;
    }
    case Step::Kind::Alias:
      if (symbolic) {
        // A view must lie within its input at this binding (a slice's
        // literal stop over a symbolic dim can pass its end).
        int64_t n = 1;
        for (int64_t d : shapeOf(step.out[0]))
          n *= d;
        if (step.aliasOffset + n > slots[step.in[0]].numel())
          return step.op->emitError() << "the view needs " << step.aliasOffset + n
                                      << " elements of its input, which has "
                                      << slots[step.in[0]].numel() << " at " << binding->str();
      }
      slots[step.out[0]] = slots[step.in[0]].window(step.aliasOffset, shapeOf(step.out[0]));
      break;
    case Step::Kind::Host: {
      operands.clear();
      results.clear();
      dests.clear();
      for (int i : step.in)
        operands.push_back(slots[i]);
      bool allInArena = llvm::all_of(step.out, inArena);
      if (allInArena)
        for (int o : step.out)
          dests.push_back(fixed[o]);
      if (failed(backend->execute(step.op, operands, results, dests)))
        return failure();
      for (auto [o, r] : llvm::zip(step.out, results)) {
        if (inArena(o)) {
          // Written in place by a library call, or copied from a fallback.
          HostTensor dst = fixed[o];
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
    if (profile.enabled())
      profile.stop(step.kind != Step::Kind::Launch ? step.op->getName().getStringRef()
                   : profile.detailed()            ? step.kernel
                                                   : llvm::StringRef("kernel"),
                   stepStart);
  }
  std::vector<HostTensor> outs;
  for (int r : list.results)
    outs.push_back(slots[r]);
  return outs;
}

class CpuTarget : public Target {
public:
  llvm::StringRef name() const override { return "cpu"; }
  std::unique_ptr<Switches> makeSwitches() const override {
    return std::make_unique<CpuOptions>();
  }
  bool runsOnHost() const override { return true; }

  LogicalResult buildPipeline(OpPassManager &pm, llvm::StringRef options,
                              Location loc) const override {
    auto parsed = CpuPipelineOptions::createFromString(options);
    if (!parsed)
      return emitError(loc) << "bad gn-cpu-pipeline options '" << options << "'";
    buildCpuPipeline(pm, *parsed);
    return success();
  }

  FailureOr<std::unique_ptr<CompiledModel>> compile(ModuleOp module,
                                                    const CompileOptions &options) const override {
    std::string error;
    auto switches = switchesFor(*this, options, error);
    if (!switches)
      return module.emitError(error);
    auto model = std::make_unique<CpuCompiledModel>();
    auto start = std::chrono::steady_clock::now();
    model->module = module.clone();
    // Guards first: the pipeline erases those nothing reads.
    model->guards = collectSymbolicGuards(*model->module);
    PassManager pm(module.getContext());
    if (failed(buildPipeline(pm, options.pipelineOptions, module.getLoc())) ||
        failed(runTargetPipeline(pm, *model->module)))
      return failure();
    if (!options.dumpAfterPipeline.empty()) {
      std::error_code ec;
      llvm::raw_fd_ostream os(options.dumpAfterPipeline, ec);
      if (!ec)
        model->module->print(os);
    }
    model->stats_.pipelineSeconds = secondsSince(start);
    auto func = model->module->lookupSymbol<func::FuncOp>("forward");
    if (!func)
      return module.emitError("no func.func @forward to compile");
    if (failed(model->load(*model->module, func, options.jitOptLevel,
                           static_cast<const CpuOptions &>(*switches))))
      return failure();
    return std::unique_ptr<CompiledModel>(std::move(model));
  }
};

} // namespace

const Target &mlir::gn::cpuTarget() {
  static CpuTarget target;
  return target;
}

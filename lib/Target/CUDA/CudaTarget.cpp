//===- CudaTarget.cpp - the CUDA target: PTX kernels, cuBLAS, cuDNN ------===//
//
// gn-cuda-pipeline, then the shared step list and buffer plan turned into a
// CudaProgram (gn/Target/CUDA/CudaProgram.h): each gn.launch's kernel
// function read as its gpu.launch_func calls (PTX module, grid, block,
// which buffers), matmul as a cuBLAS GEMM, convolution as cuDNN, constants
// materialized. Any other host op is a compile error naming it: the CUDA
// target never falls back to the CPU. The program runs in this process
// through CudaExecutor, or is written to a file for tools/gn-cuda-run.
//
//===----------------------------------------------------------------------===//
#include "CudaTarget.h"
#include "CudaAssemble.h"
#include "gn/Conversion/KernelSizes.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Pipelines/Pipelines.h"
#include "gn/Runtime/ArgumentMeta.h"
#include "gn/Runtime/StepList.h"
#include "gn/Target/CUDA/CudaExecutor.h"
#include "gn/Target/CUDA/CudaModel.h"
#include "gn/Target/Target.h"
#include "gn/Transforms/FusionUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include <chrono>
#include <map>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::runtime;
using interp::HostTensor;

namespace {

std::string locationText(Location loc) {
  if (auto f = llvm::dyn_cast<FileLineColLoc>(loc))
    return (f.getFilename().getValue() + ":" + llvm::Twine(f.getLine()) + ":" +
            llvm::Twine(f.getColumn()))
        .str();
  if (auto n = llvm::dyn_cast<NameLoc>(loc))
    return locationText(n.getChildLoc());
  if (auto c = llvm::dyn_cast<CallSiteLoc>(loc))
    return locationText(c.getCallee());
  if (auto fused = llvm::dyn_cast<FusedLoc>(loc))
    for (Location l : fused.getLocations())
      if (std::string s = locationText(l); !s.empty())
        return s;
  return "";
}

/// A matmul's flags, as its GEMM is made from them.
cuda::MatmulFlags matmulFlags(MatmulOp op) {
  return {op.getTransposeLhs(), op.getTransposeRhs(), op.getTransposeResult()};
}

/// A matmul as one strided-batched GEMM at the compile example, if its
/// batch dims allow one (cuda::gemmOf).
std::optional<cuda::Gemm> gemmOf(MatmulOp op) {
  auto shape = [](Value v) { return llvm::cast<RankedTensorType>(v.getType()).getShape(); };
  return cuda::gemmOf(shape(op.getLhs()), shape(op.getRhs()), shape(op.getResult()),
                      matmulFlags(op));
}

bool isGemmType(Type t) {
  Type e = llvm::cast<RankedTensorType>(t).getElementType();
  return e.isF16() || e.isBF16() || e.isF32() || e.isF64();
}

/// How the CUDA target runs a host op.
HostOpKind classifyForCuda(Operation *op) {
  if (isa<ConstantOp>(op))
    return HostOpKind::Constant;
  if (auto mm = dyn_cast<MatmulOp>(op))
    return isGemmType(mm.getType()) && gemmOf(mm) ? HostOpKind::Library
                                                  : HostOpKind::Unsupported;
  if (auto conv = dyn_cast<ConvOp>(op)) {
    if (conv.getChannelsLast()) // gn-channels-last is the CPU pipeline's
      return HostOpKind::Unsupported;
    int64_t rank = llvm::cast<RankedTensorType>(conv.getType()).getRank();
    return rank >= 3 && rank <= 5 ? HostOpKind::Library : HostOpKind::Unsupported;
  }
  return HostOpKind::Unsupported;
}

/// Reads the launches of kernel function `fn` (after gn-cuda-pipeline).
LogicalResult readKernel(func::FuncOp fn, ModuleOp kernels, cuda::Program &program,
                         llvm::StringMap<int> &moduleIndex, cuda::Kernel &kernel) {
  kernel.name = fn.getName().str();
  auto constantOf = [&](Value v) -> std::optional<unsigned> {
    if (auto c = v.getDefiningOp<arith::ConstantIndexOp>())
      return c.value();
    return std::nullopt;
  };
  for (Operation &op : fn.getBody().front()) {
    // Constants, and a symbolic kernel's size arithmetic (its grids are
    // read below through it: kernelSizeExpr); nothing with an effect.
    if (isa<func::ReturnOp>(op) || isPure(&op))
      continue;
    auto launch = dyn_cast<gpu::LaunchFuncOp>(op);
    if (!launch)
      return op.emitError("kernel function @")
             << fn.getName() << " holds an op the CUDA runtime cannot run: " << op.getName();
    cuda::KernelLaunch l;
    StringRef module = launch.getKernelModuleName().getValue();
    auto it = moduleIndex.find(module);
    if (it == moduleIndex.end()) {
      auto binary = kernels.lookupSymbol<gpu::BinaryOp>(module);
      if (!binary || binary.getObjects().size() != 1)
        return launch.emitError("no PTX for kernel module @") << module;
      auto object = llvm::cast<gpu::ObjectAttr>(binary.getObjects()[0]);
      if (object.getFormat() != gpu::CompilationTarget::Assembly)
        return launch.emitError("kernel module @") << module << " is not PTX text";
      cuda::PtxModule m;
      m.name = module.str();
      m.ptx = object.getObject().str();
      m.reportsIndexErrors = m.ptx.find(kIndexErrorGlobal.str()) != std::string::npos;
      it = moduleIndex.insert({module, (int)program.modules.size()}).first;
      program.modules.push_back(std::move(m));
    }
    l.module = it->second;
    l.function = launch.getKernelName().getValue().str();
    auto grid = launch.getGridSizeOperandValues(), block = launch.getBlockSizeOperandValues();
    Value dims[] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
    for (int d = 0; d < 6; ++d) {
      auto c = constantOf(dims[d]);
      if (c) {
        (d < 3 ? l.grid[d] : l.block[d - 3]) = *c;
        continue;
      }
      // A grid dim computed from the sizes: evaluated at each binding.
      std::optional<SymExpr> e = d < 3 ? kernelSizeExpr(dims[d], fn) : std::nullopt;
      if (!e)
        return launch.emitError("launch sizes must be constants, or a grid computed from the "
                                "kernel's size arguments");
      l.gridExprs[d] = e->str();
    }
    for (Value a : launch.getKernelOperands()) {
      auto arg = llvm::dyn_cast<BlockArgument>(a);
      if (!arg || arg.getOwner() != &fn.getBody().front())
        return launch.emitError("a kernel argument is not a buffer of the kernel function");
      l.args.push_back(arg.getArgNumber());
    }
    l.serial = l.grid == std::array<unsigned, 3>{1, 1, 1} &&
               l.block == std::array<unsigned, 3>{1, 1, 1};
    kernel.launches.push_back(std::move(l));
  }
  return success();
}

} // namespace

namespace {

/// Each kernel a launch names, read once (its modules, launches and
/// arguments), indexed by name in `kernelIndex`; a kernel's workspaces
/// become slots of their own, live for its launch.
/// Each slot's tensor type where it has one (arguments and step results;
/// not a kernel's workspaces): a symbolic program's sizes are read from
/// their #gn.dims.
std::vector<RankedTensorType> slotTensorTypes(func::FuncOp func, const StepList &list) {
  std::vector<RankedTensorType> types(list.types.size());
  for (auto [i, a] : llvm::enumerate(func.getArguments()))
    types[i] = llvm::cast<RankedTensorType>(a.getType());
  for (const Step &step : list.steps)
    for (auto [k, o] : llvm::enumerate(step.out))
      types[o] = llvm::dyn_cast<RankedTensorType>(step.op->getResult(k).getType());
  return types;
}

/// A symbolic kernel's sizes: the symbolic dims of its buffers, each
/// buffer's in dim order, inputs then results (as gn-outline-kernels gives
/// them to the kernel function).
LogicalResult readKernelSizes(const Step &step, func::FuncOp fn,
                              llvm::ArrayRef<RankedTensorType> slotTypes, cuda::Kernel &kernel) {
  std::vector<cuda::KernelSize> sizes;
  int buffer = 0;
  for (const llvm::SmallVector<int, 4> *v : {&step.in, &step.out})
    for (int slot : *v) {
      if (RankedTensorType t = slotTypes.empty() ? RankedTensorType() : slotTypes[slot])
        for (auto [d, e] : llvm::enumerate(dimExprs(t)))
          if (!e.isConstant())
            sizes.push_back({buffer, (int)d});
      ++buffer;
    }
  if (sizes.size() != numSizeArguments(fn))
    return step.op->emitError("kernel @")
           << fn.getName() << " takes " << numSizeArguments(fn) << " sizes, its buffers have "
           << sizes.size() << " symbolic dims";
  kernel.sizes = std::move(sizes);
  return success();
}

/// A symbolic kernel's workspace dims (gn.workspace_dims: expressions over
/// the kernel's sizes a0, a1, ...) at `step`: each dim's size at the compile
/// example, and as an expression over the shape symbols (the sizes replaced
/// by their buffers' dims). False with the workspace's dims unreadable.
bool workspaceDimsAt(const Step &step, const cuda::Kernel &kernel, ArrayAttr texts,
                     const StepList &list, llvm::ArrayRef<RankedTensorType> slotTypes,
                     llvm::SmallVector<int64_t, 4> &shape, std::vector<std::string> &dims) {
  std::vector<int> slots(step.in.begin(), step.in.end());
  slots.insert(slots.end(), step.out.begin(), step.out.end());
  std::vector<int64_t> example;
  std::vector<SymExpr> symbolic;
  for (const cuda::KernelSize &k : kernel.sizes) {
    int slot = slots[k.buffer];
    example.push_back(list.types[slot].shape[k.dim]);
    symbolic.push_back(dimExprs(slotTypes[slot])[k.dim]);
  }
  auto argument = [&](llvm::StringRef name) {
    return cuda::kernelSizeIndex(name, kernel.sizes.size());
  };
  for (Attribute a : texts) {
    std::optional<SymExpr> e = SymExpr::parse(llvm::cast<StringAttr>(a).getValue());
    if (!e)
      return false;
    std::optional<int64_t> v = e->evaluate([&](llvm::StringRef name) -> std::optional<int64_t> {
      std::optional<unsigned> k = argument(name);
      return k ? std::optional<int64_t>(example[*k]) : std::nullopt;
    });
    // The same over the shape symbols: each size as its buffer dim's.
    std::optional<SymExpr> over = e->substitute([&](llvm::StringRef name) {
      std::optional<unsigned> k = argument(name);
      return k ? std::optional<SymExpr>(symbolic[*k]) : std::nullopt;
    });
    if (!v || !over)
      return false;
    shape[dims.size()] = *v;
    dims.push_back(over->isConstant() ? "" : over->str());
  }
  return true;
}

LogicalResult readLaunchedKernels(StepList &list, ModuleOp kernels, cuda::Program &program,
                                  llvm::StringMap<int> &kernelIndex,
                                  llvm::ArrayRef<RankedTensorType> slotTypes,
                                  std::map<int, std::vector<std::string>> &scratchDims) {
  llvm::StringMap<int> moduleIndex;
  for (Step &step : list.steps) {
    if (step.kind != Step::Kind::Launch)
      continue;
    auto fn = kernels ? kernels.lookupSymbol<func::FuncOp>(step.kernel) : func::FuncOp();
    if (!fn)
      return step.op->emitError("kernel @") << step.kernel << " was not compiled";
    auto [it, fresh] = kernelIndex.try_emplace(step.kernel, (int)program.kernels.size());
    if (fresh) {
      cuda::Kernel kernel;
      if (failed(readKernel(fn, kernels, program, moduleIndex, kernel)) ||
          failed(readKernelSizes(step, fn, slotTypes, kernel)))
        return failure();
      program.kernels.push_back(std::move(kernel));
    }
    unsigned buffers = numSizeArguments(fn) + step.in.size() + step.out.size();
    auto workspaceDims = fn->getAttrOfType<ArrayAttr>(kWorkspaceDimsAttrName);
    for (unsigned a = buffers; a < fn.getNumArguments(); ++a) {
      auto type = llvm::cast<MemRefType>(fn.getArgument(a).getType());
      auto dt = interp::dtypeOf(type.getElementType());
      if (!dt)
        return fn.emitError("unsupported workspace type ") << type;
      llvm::SmallVector<int64_t, 4> shape(type.getShape());
      std::vector<std::string> dims;
      auto texts = workspaceDims && a - buffers < workspaceDims.size()
                       ? llvm::dyn_cast<ArrayAttr>(workspaceDims[a - buffers])
                       : ArrayAttr();
      if (texts && !texts.empty()) { // sized at run time: a bare pointer
        shape.assign(texts.size(), 0);
        if (slotTypes.empty() ||
            !workspaceDimsAt(step, program.kernels[it->second], texts, list, slotTypes, shape,
                             dims))
          return fn.emitError("a kernel workspace whose sizes cannot be read: ") << texts;
      } else if (!type.hasStaticShape()) {
        return fn.emitError("a kernel workspace of sizes known only at run time: ") << type;
      }
      list.types.push_back({*dt, shape});
      list.constants.push_back(nullptr);
      step.scratch.push_back(list.types.size() - 1);
      if (!dims.empty())
        scratchDims[step.scratch.back()] = std::move(dims);
    }
  }
  return success();
}

/// The program's slots where `plan` puts them; views at their offset.
void placeSlots(cuda::Program &program, const StepList &list, const BufferPlan &plan) {
  for (auto [i, t] : llvm::enumerate(list.types)) {
    cuda::Slot s;
    s.dtype = t.dtype;
    s.shape.assign(t.shape.begin(), t.shape.end());
    switch (plan.places[i].where) {
    case SlotPlace::Where::Argument:
      s.where = cuda::Slot::Where::Argument;
      s.viewOf = plan.places[i].packOf;
      s.offset = plan.places[i].packOf >= 0 ? plan.places[i].offset : 0;
      break;
    case SlotPlace::Where::Pack: s.where = cuda::Slot::Where::Pack; break;
    case SlotPlace::Where::Constant: s.where = cuda::Slot::Where::Constant; break;
    case SlotPlace::Where::Arena:
      s.where = cuda::Slot::Where::Arena;
      s.offset = plan.places[i].offset;
      break;
    case SlotPlace::Where::Heap: s.where = cuda::Slot::Where::Result; break;
    case SlotPlace::Where::View: s.where = cuda::Slot::Where::View; break;
    }
    program.slots.push_back(std::move(s));
  }
  for (const Step &step : list.steps)
    if (step.kind == Step::Kind::Alias) {
      cuda::Slot &s = program.slots[step.out[0]];
      s.where = cuda::Slot::Where::View;
      s.viewOf = step.in[0];
      s.offset = step.aliasOffset * interp::sizeOf(s.dtype);
    }
  program.arenaBytes = plan.arenaBytes;
  program.results.assign(list.results.begin(), list.results.end());
}

/// A symbolic program's sizes as expressions beside the example's
/// (docs/symbolic-shapes.md, phase 4): each slot's dims, the arena by
/// liveness (in-place results at their buffer's start), the guards.
/// bindProgram evaluates them at each call's sizes. What would need an
/// offset that follows the symbols is refused by name.
LogicalResult describeSymbolic(cuda::Program &program, const StepList &list,
                               const BufferPlan &plan, llvm::ArrayRef<RankedTensorType> slotTypes,
                               const std::map<int, std::vector<std::string>> &scratchDims,
                               llvm::ArrayRef<SymbolicGuard> guards) {
  program.symbolic = true;
  std::vector<Operation *> producer(list.types.size(), nullptr);
  for (const Step &step : list.steps)
    for (int o : step.out)
      producer[o] = step.op;
  auto refuse = [&](size_t slot, const char *what) {
    Operation *op = producer[slot];
    return (op ? op->emitError() : emitError(UnknownLoc::get(slotTypes[0].getContext())))
           << "the cuda compiler does not place " << what
           << " with symbolic dims yet (docs/symbolic-shapes.md, phase 4)";
  };
  // Views at an offset in a symbolic buffer: a slice that is one run of its
  // input (q, k and v of a grouped GEMM) is at an offset that follows the
  // input's sizes, which bindProgram evaluates.
  std::map<size_t, SymExpr> viewAt;
  for (auto [i, s] : llvm::enumerate(program.slots)) {
    if (s.where != cuda::Slot::Where::View || s.offset == 0 || s.viewOf < 0 ||
        !hasSymbolicDims(slotTypes[s.viewOf]))
      continue;
    auto slice = llvm::dyn_cast_or_null<SliceOp>(producer[i]);
    std::optional<SymExpr> at =
        slice ? sliceStartOffsetExpr(slice, interp::sizeOf(s.dtype)) : std::nullopt;
    if (!at)
      return refuse(i, "a view at an offset");
    if (!at->isConstant())
      s.offsetExpr = at->str();
    viewAt[i] = *at;
  }
  for (auto [i, s] : llvm::enumerate(program.slots)) {
    // A kernel's workspaces come after the values (readLaunchedKernels).
    if (RankedTensorType t = i < slotTypes.size() ? slotTypes[i] : RankedTensorType();
        t && hasSymbolicDims(t))
      for (const SymExpr &e : dimExprs(t))
        s.dims.push_back(e.isConstant() ? "" : e.str());
    if (auto it = scratchDims.find(i); it != scratchDims.end())
      s.dims = it->second;
    const SlotPlace &place = plan.places[i];
    if (s.where == cuda::Slot::Where::Arena) {
      if (place.root == (int)i) {
        s.liveFirst = place.first;
        s.liveLast = place.last;
        s.offset = 0;
      } else {
        s.viewOf = place.root;
        s.offset = place.inRoot;
        if (place.inRoot != 0 && (!s.dims.empty() || !program.slots[place.root].dims.empty())) {
          // Written in place over a view of its root at an offset (a bias
          // added to q): that view's offset, when one view there has one.
          std::optional<SymExpr> at;
          int found = 0;
          for (const auto &[v, e] : viewAt)
            if (program.slots[v].viewOf == place.root && program.slots[v].offset == place.inRoot) {
              at = e;
              ++found;
            }
          if (found != 1)
            return refuse(i, "a result inside another buffer");
          if (!at->isConstant())
            s.offsetExpr = at->str();
        }
      }
    }
  }
  // Argument packs are placed at the example's sizes: only static arguments
  // may share one (the weights of a grouped GEMM).
  for (auto [i, s] : llvm::enumerate(program.slots))
    if ((s.where == cuda::Slot::Where::Pack ||
         (s.where == cuda::Slot::Where::Argument && s.viewOf >= 0)) &&
        !s.dims.empty())
      return refuse(i, "an argument pack of symbolic arguments");
  for (const SymbolicGuard &g : guards)
    program.guards.push_back(
        {g.size.str(), g.needed, g.dim, g.atLeast, g.reads, locationText(g.loc)});
  return success();
}

/// Constants, materialized as the interpreter computes them.
LogicalResult materializeConstants(cuda::Program &program, const StepList &list,
                                   CompileStats &stats) {
  for (auto [i, c] : llvm::enumerate(list.constants)) {
    if (!c)
      continue;
    FailureOr<HostTensor> value = runtime::materializeConstant(c);
    if (failed(value))
      return failure();
    std::vector<uint8_t> bytes(value->bytes(), value->bytes() + value->nbytes());
    stats.constantBytes += bytes.size();
    program.constants.push_back({(int)i, std::move(bytes)});
  }
  return success();
}

/// The program's steps: launches of the kernels read, views, and library
/// calls (GEMMs, convolutions); any other host op is an error naming it.
LogicalResult translateSteps(cuda::Program &program, const StepList &list,
                             const llvm::StringMap<int> &kernelIndex) {
  for (const Step &step : list.steps) {
    cuda::Step s;
    s.in.assign(step.in.begin(), step.in.end());
    s.out.assign(step.out.begin(), step.out.end());
    s.scratch.assign(step.scratch.begin(), step.scratch.end());
    s.elided = step.elided;
    s.op = step.op->getName().getStringRef().str();
    s.location = locationText(step.op->getLoc());
    switch (step.kind) {
    case Step::Kind::Launch:
      s.kind = cuda::Step::Kind::Launch;
      s.kernel = kernelIndex.lookup(step.kernel);
      if (!step.elided)
        program.launchesPerRun += program.kernels[s.kernel].launches.size();
      for (const cuda::KernelLaunch &l : program.kernels[s.kernel].launches)
        program.serialLaunches += l.serial && !step.elided;
      break;
    case Step::Kind::Alias:
      s.kind = cuda::Step::Kind::Alias;
      break;
    case Step::Kind::Host:
      if (auto mm = dyn_cast<MatmulOp>(step.op)) {
        s.kind = cuda::Step::Kind::Gemm;
        s.gemm = *gemmOf(mm);
        s.matmul = matmulFlags(mm);
      } else if (auto conv = dyn_cast<ConvOp>(step.op)) {
        s.kind = cuda::Step::Kind::Conv;
        s.conv.stride.assign(conv.getStride().begin(), conv.getStride().end());
        s.conv.padding.assign(conv.getPadding().begin(), conv.getPadding().end());
        s.conv.dilation.assign(conv.getDilation().begin(), conv.getDilation().end());
        s.conv.groups = conv.getGroups();
        s.conv.bias = conv.getBias() != nullptr;
      } else {
        return step.op->emitError("no CUDA library call for '") << step.op->getName() << "'";
      }
      ++program.libraryCalls;
      break;
    }
    program.steps.push_back(std::move(s));
  }
  return success();
}

} // namespace

FailureOr<cuda::Program> mlir::gn::buildCudaProgram(ModuleOp module,
                                                    const CompileOptions &options,
                                                    const cuda::CudaOptions &switches,
                                                    CompileStats &stats) {
  auto start = std::chrono::steady_clock::now();
  OwningOpRef<ModuleOp> compiled = module.clone();
  // A symbolic module's guards, before the pipeline erases those nothing
  // reads: the runtime checks them when it binds the symbols.
  std::vector<SymbolicGuard> guards = collectSymbolicGuards(*compiled);
  auto parsed = CudaPipelineOptions::createFromString(options.pipelineOptions);
  if (!parsed)
    return module.emitError("bad gn-cuda-pipeline options '") << options.pipelineOptions << "'";
  std::string toolkit = cudaToolkitPath(parsed->cudaPath);
  if (!llvm::sys::fs::exists(libdevicePath(toolkit)))
    return module.emitError("libdevice not found at ")
           << libdevicePath(toolkit) << ": set CUDA_HOME or cuda-path= to a CUDA toolkit";
  PassManager pm(module.getContext());
  buildCudaPipeline(pm, *parsed);
  if (failed(runTargetPipeline(pm, *compiled)))
    return failure();
  if (!options.dumpAfterPipeline.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(options.dumpAfterPipeline, ec);
    if (!ec)
      compiled->print(os);
  }
  stats.pipelineSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto func = compiled->lookupSymbol<func::FuncOp>("forward");
  if (!func)
    return module.emitError("no func.func @forward to compile");
  ModuleOp kernels = lookupKernelModule(*compiled);

  auto built = buildStepList(func, "CUDA", classifyForCuda, stats);
  if (failed(built))
    return failure();
  StepList list = std::move(*built);
  cuda::Program program;
  program.chip = parsed->chip;
  bool symbolic = llvm::any_of(func.getArgumentTypes(), hasSymbolicDims);
  std::vector<RankedTensorType> slotTypes;
  if (symbolic)
    slotTypes = slotTensorTypes(func, list);
  llvm::StringMap<int> kernelIndex;
  std::map<int, std::vector<std::string>> scratchDims;
  if (failed(readLaunchedKernels(list, kernels, program, kernelIndex, slotTypes, scratchDims)))
    return failure();
  // The runtime copies the arguments in, so a concatenation of whole
  // arguments (a grouped GEMM's weights) is a placement, not a launch. In
  // a symbolic program only concatenations of static values are placed
  // (the slabs' offsets would follow the symbols); the others run.
  if (symbolic)
    for (Step &step : list.steps)
      if (step.concatenates &&
          (llvm::any_of(step.in, [&](int i) { return hasSymbolicDims(slotTypes[i]); }) ||
           llvm::any_of(step.out, [&](int o) { return hasSymbolicDims(slotTypes[o]); })))
        step.concatenates = false;
  BufferPlan plan = planBuffers(list, stats, /*packArguments=*/true);

  placeSlots(program, list, plan);
  if (symbolic && failed(describeSymbolic(program, list, plan, slotTypes, scratchDims, guards)))
    return failure();
  for (unsigned i = 0; i < list.numArgs; ++i)
    program.arguments.push_back(readArgumentMeta(func, i));
  if (failed(materializeConstants(program, list, stats)) ||
      failed(translateSteps(program, list, kernelIndex)))
    return failure();
  // SASS for the chip, so a GPU of that architecture loads the kernels
  // without JIT-compiling them.
  cuda::AssembleResult assembled;
  std::string assembleError;
  if (!cuda::assembleCubins(program, toolkit, switches.cubin, assembled, assembleError))
    return module.emitError("CUDA: ") << assembleError;
  stats.assembles = true;
  stats.cubinModules = assembled.modules;
  stats.assembleSeconds = assembled.seconds;
  stats.cubinSkipped = assembled.skipped;
  program.pipelineSeconds = stats.pipelineSeconds;
  stats.kernels = program.modules.size();
  stats.launches = program.launchesPerRun;
  stats.serialLaunches = program.serialLaunches;
  program.sample = options.programName;
  return program;
}

namespace {

/// The CUDA target's CompiledModel: a CudaModel (MLIR-free) with the
/// compile statistics, its errors as diagnostics at the module.
class CudaCompiledModel : public CompiledModel {
public:
  CudaCompiledModel(cuda::Program program, const cuda::CudaOptions &switches, bool useGraph,
                    Location loc)
      : model(std::move(program), switches, useGraph), loc(loc) {}

  FailureOr<std::vector<HostTensor>> run(llvm::ArrayRef<HostTensor> args) override {
    std::string error;
    std::vector<HostTensor> out;
    if (!model.run(std::vector<HostTensor>(args.begin(), args.end()), out, error))
      return emitError(loc) << "CUDA: " << error;
    return out;
  }
  bool runOnDevice(llvm::ArrayRef<DeviceTensor> args, llvm::ArrayRef<DeviceTensor> outs,
                   void *stream, std::string &error) override {
    return model.runOnDevice(args, outs, stream, error);
  }
  bool bindShapes(llvm::ArrayRef<std::vector<int64_t>> shapes,
                  std::vector<interp::TensorSignature> &results, std::string &error) override {
    if (!model.bind(shapes, error))
      return false;
    results.clear();
    const cuda::Program &p = model.current();
    for (int r : p.results)
      results.push_back({"", p.slots[r].dtype, p.slots[r].shape});
    return true;
  }
  bool synchronize(void *stream, std::string &error) override {
    return model.synchronize(stream, error);
  }
  DeviceBinding deviceBinding() const override { return model.binding(); }
  std::vector<interp::TensorSignature> arguments() const override {
    std::vector<interp::TensorSignature> out;
    const cuda::Program &p = model.program();
    for (unsigned i = 0; i < p.numArgs(); ++i)
      out.push_back({p.arguments[i].name, p.slots[i].dtype, p.slots[i].callerShape()});
    return out;
  }
  std::vector<interp::TensorSignature> results() const override {
    std::vector<interp::TensorSignature> out;
    for (int r : model.program().results)
      out.push_back({"", model.program().slots[r].dtype, model.program().slots[r].callerShape()});
    return out;
  }
  const CompileStats &stats() const override { return stats_; }

  cuda::CudaModel model;
  Location loc;
  CompileStats stats_;
};

/// A CUDA program as the target writes it (compiled.json).
class WrittenProgram : public TargetProgram {
public:
  explicit WrittenProgram(cuda::Program program) : program(std::move(program)) {}
  bool write(const std::string &path, std::string &error) const override {
    return cuda::writeProgram(program, path, error);
  }
  bool bindTo(llvm::ArrayRef<std::vector<int64_t>> argShapes, std::string &error) override {
    if (!program.symbolic)
      return true;
    std::optional<cuda::Program> bound = cuda::bindProgram(program, argShapes, error);
    if (bound)
      program = std::move(*bound);
    return bound.has_value();
  }
  std::unique_ptr<TargetProgram> clone() const override {
    return std::make_unique<WrittenProgram>(program);
  }

private:
  cuda::Program program;
};

class CudaTarget : public Target {
public:
  llvm::StringRef name() const override { return "cuda"; }
  std::unique_ptr<Switches> makeSwitches() const override {
    return std::make_unique<cuda::CudaOptions>();
  }
  std::optional<std::string> eagerPipelineOptions() const override {
    // gn's CUDA eager mode: a kernel per op, launched one by one.
    return std::string("max-fusion-ops=1");
  }
  llvm::StringRef programSuffix() const override { return ".json"; }
  std::string compileSwitchesKey(const Switches &switches) const override {
    return static_cast<const cuda::CudaOptions &>(switches).compileKey();
  }

  std::string unavailableReason(const Switches &switches) const override {
    std::string error;
    // Asked in the parent of forked sample workers: never load the driver here.
    return cuda::probeDeviceInChild(static_cast<const cuda::CudaOptions &>(switches), error)
               ? ""
               : error;
  }

  LogicalResult buildPipeline(OpPassManager &pm, llvm::StringRef options,
                              Location loc) const override {
    auto parsed = CudaPipelineOptions::createFromString(options);
    if (!parsed)
      return emitError(loc) << "bad gn-cuda-pipeline options '" << options << "'";
    buildCudaPipeline(pm, *parsed);
    return success();
  }

  FailureOr<std::unique_ptr<TargetProgram>>
  compileProgram(ModuleOp module, const CompileOptions &options,
                 CompileStats &stats) const override {
    std::string error;
    auto switches = switchesFor(*this, options, error);
    if (!switches)
      return module.emitError("CUDA: ") << error;
    auto program = buildCudaProgram(
        module, options, static_cast<const cuda::CudaOptions &>(*switches), stats);
    if (failed(program))
      return failure();
    return std::unique_ptr<TargetProgram>(new WrittenProgram(std::move(*program)));
  }

  FailureOr<std::unique_ptr<CompiledModel>> compile(ModuleOp module,
                                                    const CompileOptions &options) const override {
    std::string error;
    auto switches = switchesFor(*this, options, error);
    if (!switches)
      return module.emitError("CUDA: ") << error;
    const auto &cudaSwitches = static_cast<const cuda::CudaOptions &>(*switches);
    CompileStats stats;
    auto program = buildCudaProgram(module, options, cudaSwitches, stats);
    if (failed(program))
      return failure();
    stats.arenaBytes = program->arenaBytes;
    return made(std::move(*program), cudaSwitches, options, stats, module.getLoc());
  }

  FailureOr<std::unique_ptr<CompiledModel>> loadProgram(const std::string &path,
                                                        const CompileOptions &options,
                                                        Location loc) const override {
    std::string error;
    auto switches = switchesFor(*this, options, error);
    if (!switches)
      return emitError(loc) << "CUDA: " << error;
    auto program = cuda::readProgram(path, error);
    if (!program)
      return emitError(loc) << error;
    CompileStats stats;
    stats.arenaBytes = program->arenaBytes;
    stats.kernels = program->modules.size();
    stats.launches = program->launchesPerRun;
    stats.libraryCalls = program->libraryCalls;
    return made(std::move(*program), static_cast<const cuda::CudaOptions &>(*switches), options,
                stats, loc);
  }

private:
  /// The model of `program`, loaded now unless it runs on the caller's
  /// device tensors (it loads at their first call, where it learns their
  /// addresses).
  FailureOr<std::unique_ptr<CompiledModel>> made(cuda::Program program,
                                                 const cuda::CudaOptions &switches,
                                                 const CompileOptions &options,
                                                 const CompileStats &stats, Location loc) const {
    auto model = std::make_unique<CudaCompiledModel>(std::move(program), switches,
                                                     options.captureGraph, loc);
    model->stats_ = stats;
    if (options.callerTensors)
      return std::unique_ptr<CompiledModel>(std::move(model));
    auto loadStart = std::chrono::steady_clock::now();
    std::string error;
    if (!model->model.load(error))
      return emitError(loc) << "CUDA: " << error;
    model->stats_.jitSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - loadStart).count();
    return std::unique_ptr<CompiledModel>(std::move(model));
  }
};

} // namespace

const Target &mlir::gn::cudaTarget() {
  static CudaTarget target;
  return target;
}

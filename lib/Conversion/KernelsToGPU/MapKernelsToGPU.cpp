//===- MapKernelsToGPU.cpp - linalg kernels -> gpu.launch ----------------===//
//
// gn-map-kernels-to-gpu: each kernel function of @gn_kernels (as
// gn-outline-kernels writes it for target=cuda: buffers only, the group's
// schedule in `gn.schedule`) becomes a host function of gpu.launch ops, one
// per top-level loop nest of the kernel:
//
//  - a parallel linalg.generic: one thread per point of its iteration
//    space, the linear thread index split over the loops with the last one
//    fastest (so a warp reads consecutive elements in memory order);
//  - a linalg.generic with reduced loops: `row_threads` threads per row of
//    the parallel loops. Each thread folds a strided share of the row with
//    the generic's own body, starting from the combiner's identity; the
//    partials meet through warp shuffles (and shared memory across the warps
//    of a block); one thread folds the total into the output, which holds
//    the fill's initial value. With one thread per row, or a body whose last
//    step is not a known associative combiner of the output, each thread
//    folds its whole row in order, as the CPU kernel does;
//  - fills and copies: generalized first, then as above;
//  - scf.if at the top (copy unless in place): its ops each become a launch
//    guarded by the condition;
//  - scf.parallel (a scatter's independent dims, its scattered dim a
//    sequential loop inside; a 1-d scatter's targets, each scanning the
//    positions; argmax and cumsum lines; the attention kernel's rows):
//    one thread per iteration, body as written;
//  - a row kernel (gn.row_kernel: fill and reduction stages over the same
//    rows, then a parallel generic over the domain): one launch, row_threads
//    threads per row as above. Each stage's partials meet through xor
//    shuffles, so every thread of the row ends with the total and later
//    stages read it from a register instead of the accumulator; the last
//    stage computes the row's points (a result of the rows' shape is
//    stored once, by the thread at the row's first point);
//  - anything else (scf.for loops of sequential updates: a scan over a
//    whole 1-d tensor, a 1-d scatter past 2^24 targets x positions):
//    one launch of one thread that runs it as written. Counted as serial in
//    the launch's `gn.serial` attribute: correct, and slow.
//
// A symbolic kernel (docs/symbolic-shapes.md, phase 4) runs its loops to
// its size arguments: the grid of each launch is computed in the kernel
// function from them (the CUDA target reads it back as an expression,
// gn/Conversion/KernelSizes.h), rows are counted at launch and may be of
// a length known only then.
//
// Top-level allocations (a narrow reduction's wide accumulator, a padded
// copy) become workspace arguments after the outputs (`gn.workspaces`),
// which the runtime places in the arena for the launch; one sized at run
// time is a bare pointer seen at its sizes, its dims in `gn.workspace_dims`. Pure values defined
// above a launch are cloned into it, so every launch reads only buffers.
// A kernel that reports an index out of range stores [1, index, size] into
// the module's `gn_index_error` global, which the runtime reads.
//
//===----------------------------------------------------------------------===//
#include "gn/Conversion/KernelSizes.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "gn/Support/PassTrace.h"
#include "gn/Support/RuntimeErrors.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include <cmath>

namespace mlir::gn {
#define GEN_PASS_DEF_GNMAPKERNELSTOGPUPASS
#include "gn/Conversion/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-map-kernels-to-gpu"
GN_STATISTIC(numKernels, "kernels mapped to GPU launches");
GN_STATISTIC(numGpuLaunches, "gpu.launch ops they hold");

namespace {

constexpr int64_t kWarp = 32;

int64_t product(llvm::ArrayRef<int64_t> sizes) {
  int64_t n = 1;
  for (int64_t s : sizes)
    n *= s;
  return n;
}

Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The multi-index of linear index `i` over `sizes`, the last fastest.
llvm::SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value i,
                                     llvm::ArrayRef<int64_t> sizes) {
  llvm::SmallVector<Value> ivs(sizes.size());
  for (int64_t d = sizes.size() - 1; d >= 0; --d) {
    if (sizes[d] == 1) {
      ivs[d] = indexConst(b, loc, 0);
      continue;
    }
    Value s = indexConst(b, loc, sizes[d]);
    ivs[d] = d == 0 ? i : Value(arith::RemUIOp::create(b, loc, i, s));
    if (d > 0)
      i = arith::DivUIOp::create(b, loc, i, s);
  }
  return ivs;
}

/// The multi-index of linear index `i` over `sizes` known at run time (a
/// symbolic kernel's), the last fastest; a constant size 1 gives index 0.
llvm::SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value i, ValueRange sizes) {
  llvm::SmallVector<Value> ivs(sizes.size());
  for (int64_t d = sizes.size() - 1; d >= 0; --d) {
    if (getConstantIntValue(sizes[d]) == 1) {
      ivs[d] = indexConst(b, loc, 0);
      continue;
    }
    ivs[d] = d == 0 ? i : Value(arith::RemUIOp::create(b, loc, i, sizes[d]));
    if (d > 0)
      i = arith::DivUIOp::create(b, loc, i, sizes[d]);
  }
  return ivs;
}

/// A loop size as a value of the kernel function: a memref.dim of a
/// buffer seen at its run-time sizes (memref.reinterpret_cast, a symbolic
/// kernel's) is that view's size operand, so the grid computed from it
/// reads the kernel's size arguments, which the runtime evaluates.
OpFoldResult resolveDim(OpFoldResult size) {
  if (auto v = llvm::dyn_cast<Value>(size))
    if (auto dim = v.getDefiningOp<memref::DimOp>())
      if (auto view = dim.getSource().getDefiningOp<memref::ReinterpretCastOp>())
        if (std::optional<int64_t> d = getConstantIntValue(dim.getIndex()))
          return view.getMixedSizes()[*d];
  return size;
}
Value loopSize(OpBuilder &b, Location loc, OpFoldResult size) {
  return getValueOrCreateConstantIndexOp(b, loc, resolveDim(size));
}

/// The identity of an associative combiner `op` for type `t`, if `op` is
/// one gn's reductions use.
std::optional<TypedAttr> combinerIdentityAttr(Builder &b, Operation *op, Type t) {
  if (auto f = llvm::dyn_cast<FloatType>(t)) {
    double v;
    if (isa<arith::AddFOp>(op))
      v = 0.0;
    else if (isa<arith::MulFOp>(op))
      v = 1.0;
    else if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
      v = -INFINITY;
    else if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
      v = INFINITY;
    else
      return std::nullopt;
    return b.getFloatAttr(t, v);
  }
  auto it = llvm::dyn_cast<IntegerType>(t);
  if (!it)
    return std::nullopt;
  unsigned w = it.getWidth();
  APInt v;
  if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(op))
    v = APInt::getZero(w);
  else if (isa<arith::MulIOp>(op))
    v = APInt(w, 1);
  else if (isa<arith::AndIOp, arith::MinUIOp>(op))
    v = APInt::getAllOnes(w);
  else if (isa<arith::MaxSIOp>(op))
    v = APInt::getSignedMinValue(w);
  else if (isa<arith::MinSIOp>(op))
    v = APInt::getSignedMaxValue(w);
  else
    return std::nullopt;
  return b.getIntegerAttr(t, v);
}

Value combinerIdentity(OpBuilder &b, Location loc, Operation *op, Type t) {
  return arith::ConstantOp::create(b, loc, *combinerIdentityAttr(b, op, t));
}

/// `v` shuffled across the warp by xor with `offset`. Values narrower than
/// 32 bits travel as i32 (their bits, exactly).
Value shuffleXor(OpBuilder &b, Location loc, Value v, int64_t offset) {
  Type t = v.getType();
  unsigned bits = t.getIntOrFloatBitWidth();
  if (bits == 32 || bits == 64)
    return gpu::ShuffleOp::create(b, loc, v, offset, kWarp, gpu::ShuffleMode::XOR)
        .getShuffleResult();
  Type narrowInt = b.getIntegerType(bits), i32 = b.getI32Type();
  Value x = llvm::isa<FloatType>(t) ? Value(arith::BitcastOp::create(b, loc, narrowInt, v)) : v;
  x = arith::ExtUIOp::create(b, loc, i32, x);
  x = gpu::ShuffleOp::create(b, loc, x, offset, kWarp, gpu::ShuffleMode::XOR).getShuffleResult();
  x = arith::TruncIOp::create(b, loc, narrowInt, x);
  return llvm::isa<FloatType>(t) ? Value(arith::BitcastOp::create(b, loc, t, x)) : x;
}

class KernelMapper {
public:
  KernelMapper(func::FuncOp func, ScheduleAttr schedule)
      : func(func), ctx(func.getContext()),
        blockThreads(schedule && schedule.getBlockThreads() > 0 ? schedule.getBlockThreads()
                                                                 : 256),
        rowThreads(schedule ? schedule.getRowThreads() : 1) {}

  LogicalResult run() {
    if (failed(allocationsToWorkspaces()))
      return failure();
    reportIndexErrorsToGlobal();
    if (func->hasAttr(kRowKernelAttrName)) {
      if (failed(mapRowKernel()))
        return failure();
      for (gpu::LaunchOp launch : launches)
        sinkValuesDefinedAbove(launch);
      eraseDeadPureOps();
      return success();
    }
    Block &body = func.getBody().front();
    llvm::SmallVector<Operation *> top;
    for (Operation &op : body.without_terminator())
      top.push_back(&op);
    for (size_t i = 0; i < top.size(); ++i) {
      if (std::optional<FusedReduction> f = matchFusedReduction(top, i)) {
        if (failed(mapReduction(f->reduce, /*guard=*/nullptr, f->fillValue, f->epilogue)))
          return failure();
        f->fill->erase();
        if (f->epilogue)
          f->epilogue->erase();
        i += f->epilogue ? 2 : 1;
        continue;
      }
      if (failed(mapOp(top[i], /*guard=*/nullptr)))
        return failure();
    }
    for (gpu::LaunchOp launch : launches)
      sinkValuesDefinedAbove(launch);
    eraseDeadPureOps();
    return success();
  }

private:
  /// Pure values the launches no longer need.
  void eraseDeadPureOps() {
    llvm::SmallVector<Operation *> dead;
    for (Operation &op : llvm::reverse(func.getBody().front().without_terminator()))
      dead.push_back(&op);
    for (Operation *op : dead)
      if (op->use_empty() && isPure(op))
        op->erase();
  }

  /// Top-level memref.alloc/alloca become arguments after the outputs;
  /// deallocs go. Allocations inside loops are per-thread scratch and stay.
  LogicalResult allocationsToWorkspaces() {
    Block &body = func.getBody().front();
    unsigned workspaces = 0;
    OpBuilder b(ctx);
    llvm::SmallVector<Attribute> dims; // per workspace: its dims' expressions
    bool runTimeWorkspaces = false;
    for (Operation &op : llvm::make_early_inc_range(body)) {
      if (isa<memref::DeallocOp>(op)) {
        op.erase();
        continue;
      }
      if (!isa<memref::AllocOp, memref::AllocaOp>(op))
        continue;
      auto type = llvm::cast<MemRefType>(op.getResult(0).getType());
      if (!type.getLayout().isIdentity())
        return op.emitError("a GPU kernel workspace must have an identity layout, got ") << type;
      unsigned index = func.getNumArguments();
      if (type.hasStaticShape()) {
        if (failed(func.insertArgument(index, type, {}, op.getLoc())))
          return failure();
        op.getResult(0).replaceAllUsesWith(func.getArgument(index));
        dims.push_back(b.getStrArrayAttr({}));
        op.erase();
        ++workspaces;
        continue;
      }
      // A symbolic kernel's workspace (an accumulator over its rows, a
      // padded copy), sized by its size arguments: a bare pointer seen at
      // those sizes, its dims recorded for the runtime to evaluate.
      auto alloc = llvm::cast<memref::AllocOp>(op);
      auto bare = MemRefType::get({1}, type.getElementType());
      if (failed(func.insertArgument(index, bare, {}, op.getLoc())))
        return failure();
      b.setInsertionPoint(&op);
      Location loc = op.getLoc();
      llvm::SmallVector<OpFoldResult> sizes = alloc.getMixedSizes();
      llvm::SmallVector<std::string> texts;
      for (OpFoldResult size : sizes) {
        if (std::optional<int64_t> c = getConstantIntValue(size)) {
          texts.push_back(std::to_string(*c));
          continue;
        }
        std::optional<SymExpr> e = kernelSizeExpr(llvm::cast<Value>(size), func);
        if (!e)
          return op.emitError("a GPU kernel workspace sized by a value the runtime cannot "
                              "compute: ")
                 << type;
        texts.push_back(e->str());
      }
      llvm::SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
      for (int64_t d = (int64_t)sizes.size() - 2; d >= 0; --d) {
        auto a = getConstantIntValue(strides[d + 1]), c = getConstantIntValue(sizes[d + 1]);
        strides[d] = a && c ? OpFoldResult(b.getIndexAttr(*a * *c))
                            : OpFoldResult(arith::MulIOp::create(
                                  b, loc, getValueOrCreateConstantIndexOp(b, loc, strides[d + 1]),
                                  getValueOrCreateConstantIndexOp(b, loc, sizes[d + 1])));
      }
      Value view = memref::ReinterpretCastOp::create(b, loc, type, func.getArgument(index),
                                                     b.getIndexAttr(0), sizes, strides);
      op.getResult(0).replaceAllUsesWith(view);
      dims.push_back(b.getStrArrayAttr(llvm::SmallVector<llvm::StringRef>(texts.begin(),
                                                                          texts.end())));
      op.erase();
      ++workspaces;
      runTimeWorkspaces = true;
    }
    func->setAttr(kWorkspacesAttrName, IntegerAttr::get(IntegerType::get(ctx, 64), workspaces));
    if (runTimeWorkspaces)
      func->setAttr(kWorkspaceDimsAttrName, b.getArrayAttr(dims));
    return success();
  }

  /// func.call @gn_index_out_of_range(i, n) -> gn_index_error = [1, i, n];
  /// func.call @gn_shape_guard_failed(site, found, specialized) ->
  /// gn_index_error = [2 + site, found, specialized];
  /// func.call @gn_integer_division_by_zero() -> gn_index_error[0] =
  /// kDivisionByZeroKind (kIndexErrorGlobal);
  /// func.call @gn_check_failed(code) -> gn_index_error[0] =
  /// kFailedCheckKindBase - code.
  void reportIndexErrorsToGlobal() {
    llvm::SmallVector<func::CallOp> calls;
    func.walk([&](func::CallOp c) {
      if (c.getCallee() == kIndexErrorCallback || c.getCallee() == kShapeGuardCallback ||
          c.getCallee() == kDivisionByZeroCallback || c.getCallee() == kCheckFailedCallback)
        calls.push_back(c);
    });
    if (calls.empty())
      return;
    auto kernels = func->getParentOfType<ModuleOp>();
    auto type = MemRefType::get({3}, IntegerType::get(ctx, 64));
    if (!kernels.lookupSymbol(kIndexErrorGlobal)) {
      OpBuilder mb = OpBuilder::atBlockBegin(kernels.getBody());
      auto zeros = DenseElementsAttr::get(RankedTensorType::get({3}, mb.getI64Type()),
                                          llvm::ArrayRef<int64_t>{0, 0, 0});
      memref::GlobalOp::create(mb, func.getLoc(), kIndexErrorGlobal, mb.getStringAttr("public"),
                               type, zeros, /*constant=*/false, /*alignment=*/nullptr);
    }
    for (func::CallOp c : calls) {
      OpBuilder b(c);
      Location loc = c.getLoc();
      bool guard = c.getCallee() == kShapeGuardCallback;
      Value g = memref::GetGlobalOp::create(b, loc, type, kIndexErrorGlobal);
      if (c.getCallee() == kCheckFailedCallback) { // kind kFailedCheckKindBase - code
        Value kind = arith::SubIOp::create(
            b, loc, arith::ConstantIntOp::create(b, loc, kFailedCheckKindBase, 64), c.getOperand(0));
        memref::StoreOp::create(b, loc, kind, g, ValueRange{indexConst(b, loc, 0)});
        c.erase();
        continue;
      }
      if (c.getCallee() == kDivisionByZeroCallback) {
        memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, kDivisionByZeroKind, 64),
                                g, ValueRange{indexConst(b, loc, 0)});
        c.erase();
        continue;
      }
      ValueRange args = c.getOperands().take_back(2);
      memref::StoreOp::create(b, loc, args[0], g, ValueRange{indexConst(b, loc, 1)});
      memref::StoreOp::create(b, loc, args[1], g, ValueRange{indexConst(b, loc, 2)});
      Value kind = arith::ConstantIntOp::create(b, loc, 1, 64);
      if (guard)
        kind = arith::AddIOp::create(b, loc, c.getOperand(0),
                                     arith::ConstantIntOp::create(b, loc, 2, 64));
      memref::StoreOp::create(b, loc, kind, g, ValueRange{indexConst(b, loc, 0)});
      c.erase();
    }
  }

  LogicalResult mapOp(Operation *op, Value guard) {
    if (isPure(op) && op->getNumRegions() == 0)
      return success(); // cloned into the launches that use it
    IRRewriter rewriter(ctx);
    if (auto named = dyn_cast<linalg::LinalgOp>(op); named && !isa<linalg::GenericOp>(op)) {
      rewriter.setInsertionPoint(op);
      auto generic = linalg::generalizeNamedOp(rewriter, named);
      if (failed(generic))
        return op->emitError("cannot generalize this linalg op for the GPU");
      op = *generic;
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      if (!generic.hasPureBufferSemantics())
        return op->emitError("GPU kernels need linalg ops on buffers");
      if (generic.getNumReductionLoops() == 0)
        return mapParallel(generic, guard);
      return mapReduction(generic, guard);
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op);
        ifOp && ifOp.getNumResults() == 0 && ifOp.getElseRegion().empty()) {
      OpBuilder b(ifOp);
      Value cond = ifOp.getCondition();
      if (guard)
        cond = arith::AndIOp::create(b, ifOp.getLoc(), guard, cond);
      // Ops of the then-block move before the if, each mapped under cond.
      Block &then = ifOp.getThenRegion().front();
      llvm::SmallVector<Operation *> inner;
      for (Operation &o : then.without_terminator())
        inner.push_back(&o);
      for (Operation *o : inner) {
        o->moveBefore(ifOp);
        if (failed(mapOp(o, cond)))
          return failure();
      }
      ifOp.erase();
      return success();
    }
    if (auto par = dyn_cast<scf::ParallelOp>(op))
      return mapParallelLoop(par, guard);
    return mapSerial(op, guard);
  }

  /// A launch of `grid` blocks of `block` threads before `at`; the builder
  /// is left inside its body. `workgroup` adds shared-memory buffers.
  gpu::LaunchOp createLaunch(OpBuilder &b, Operation *at, int64_t grid, int64_t block,
                             TypeRange workgroup = {}) {
    Location loc = at->getLoc();
    b.setInsertionPoint(at);
    Value one = indexConst(b, loc, 1);
    return launchAt(b, loc, one, indexConst(b, loc, grid), indexConst(b, loc, block), workgroup);
  }
  /// The same with a grid computed in the kernel function (from a symbolic
  /// kernel's sizes) before `at`.
  gpu::LaunchOp createLaunch(OpBuilder &b, Operation *at, Value grid, int64_t block,
                             TypeRange workgroup = {}) {
    Location loc = at->getLoc();
    b.setInsertionPoint(at);
    Value one = indexConst(b, loc, 1);
    return launchAt(b, loc, one, grid, indexConst(b, loc, block), workgroup);
  }
  gpu::LaunchOp launchAt(OpBuilder &b, Location loc, Value one, Value grid, Value block,
                         TypeRange workgroup) {
    auto sym = nextLaunchName();
    auto launch = gpu::LaunchOp::create(b, loc, grid, one, one, block, one, one, nullptr, nullptr,
                                        {}, workgroup, {}, nullptr, nullptr, nullptr, sym, sym);
    return enterLaunch(b, loc, launch);
  }
  FlatSymbolRefAttr nextLaunchName() {
    return FlatSymbolRefAttr::get(
        ctx, (func.getName() + "_" + llvm::Twine(launches.size())).str());
  }
  /// The builder inside `launch`'s body, before its terminator.
  gpu::LaunchOp enterLaunch(OpBuilder &b, Location loc, gpu::LaunchOp launch) {
    Block &body = launch.getBody().front();
    if (body.empty() || !body.back().hasTrait<OpTrait::IsTerminator>()) {
      b.setInsertionPointToEnd(&body);
      gpu::TerminatorOp::create(b, loc);
    }
    b.setInsertionPoint(body.getTerminator());
    launches.push_back(launch);
    return launch;
  }

  /// The global thread index of `launch` (block * blockDim + thread).
  Value globalThread(OpBuilder &b, Location loc, gpu::LaunchOp launch, int64_t block) {
    Value bid = launch.getBlockIds().x, tid = launch.getThreadIds().x;
    Value base = arith::MulIOp::create(b, loc, bid, indexConst(b, loc, block));
    return arith::AddIOp::create(b, loc, base, tid);
  }

  static const llvm::DenseMap<Value, Value> &noRegisters() {
    static const llvm::DenseMap<Value, Value> none;
    return none;
  }

  /// Clones the generic's body at loop indices `ivs`: loads its inputs (and
  /// the outputs the body reads, or `outValues` in their place; an input
  /// reading a buffer of `registers` takes its value instead), maps
  /// linalg.index to the ivs; returns the yielded values.
  llvm::SmallVector<Value> emitBody(OpBuilder &b, linalg::GenericOp generic, ValueRange ivs,
                                    llvm::ArrayRef<Value> outValues = {},
                                    const llvm::DenseMap<Value, Value> &registers = noRegisters()) {
    Location loc = generic.getLoc();
    Block &body = generic.getRegion().front();
    IRMapping map;
    for (OpOperand &operand : generic->getOpOperands()) {
      BlockArgument arg = body.getArgument(operand.getOperandNumber());
      bool isOut = generic.isDpsInit(&operand);
      if (auto r = registers.find(operand.get()); r != registers.end() && !isOut) {
        map.map(arg, r->second); // read from a register instead
        continue;
      }
      if (isOut && !outValues.empty()) {
        map.map(arg, outValues[operand.getOperandNumber() - generic.getNumDpsInputs()]);
        continue;
      }
      if (arg.use_empty())
        continue;
      Value v = operand.get();
      if (!llvm::isa<MemRefType>(v.getType())) {
        map.map(arg, v);
        continue;
      }
      AffineMap m = generic.getMatchingIndexingMap(&operand);
      auto at = affine::expandAffineMap(b, loc, m, ivs);
      map.map(arg, memref::LoadOp::create(b, loc, v, *at));
    }
    for (Operation &op : body.without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(op)) {
        map.map(index.getResult(), ivs[index.getDim()]);
        continue;
      }
      b.clone(op, map);
    }
    llvm::SmallVector<Value> yielded;
    for (Value v : body.getTerminator()->getOperands())
      yielded.push_back(map.lookupOrDefault(v));
    return yielded;
  }

  void storeOutputs(OpBuilder &b, linalg::GenericOp generic, ValueRange ivs,
                    llvm::ArrayRef<Value> values) {
    Location loc = generic.getLoc();
    for (auto [operand, v] : llvm::zip(generic.getDpsInitsMutable(), values)) {
      AffineMap m = generic.getMatchingIndexingMap(&operand);
      auto at = affine::expandAffineMap(b, loc, m, ivs);
      memref::StoreOp::create(b, loc, v, operand.get(), *at);
    }
  }

  /// A launch of one thread per point of `ranges` before `at`, guarded by
  /// "inside" (and `guard`); the builder is left inside the guard. Returns
  /// the point's indices (the last dim fastest).
  llvm::SmallVector<Value> threadPerPoint(OpBuilder &b, Operation *at,
                                          llvm::ArrayRef<int64_t> ranges, Value guard) {
    Location loc = at->getLoc();
    int64_t total = product(ranges);
    int64_t block = std::min(blockThreads, std::max<int64_t>(kWarp, total));
    int64_t grid = (total + block - 1) / block;
    gpu::LaunchOp launch = createLaunch(b, at, grid, block);
    Value i = globalThread(b, loc, launch, block);
    Value in =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, indexConst(b, loc, total));
    if (guard)
      in = arith::AndIOp::create(b, loc, in, guard);
    auto ifOp = scf::IfOp::create(b, loc, in, /*withElse=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    return delinearize(b, loc, i, ranges);
  }

  /// The linalg ops nested in `op` become loops (for one thread to run).
  LogicalResult lowerNestedLinalg(Operation *op) {
    llvm::SmallVector<linalg::LinalgOp> nested;
    op->walk([&](linalg::LinalgOp l) { nested.push_back(l); });
    IRRewriter rewriter(ctx);
    for (linalg::LinalgOp l : nested) {
      rewriter.setInsertionPoint(l);
      if (failed(linalg::linalgOpToLoops(rewriter, l)))
        return l.emitError("cannot lower this linalg op to loops for the GPU");
      rewriter.eraseOp(l);
    }
    return success();
  }

  /// One thread per point of the iteration space.
  LogicalResult mapParallel(linalg::GenericOp generic, Value guard) {
    llvm::SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    if (llvm::any_of(ranges, ShapedType::isDynamic))
      return mapParallelAtRunTimeSizes(generic, guard);
    if (product(ranges) > 0) {
      OpBuilder b(ctx);
      llvm::SmallVector<Value> ivs = threadPerPoint(b, generic, ranges, guard);
      storeOutputs(b, generic, ivs, emitBody(b, generic, ivs));
    }
    generic.erase();
    return success();
  }

  /// A symbolic kernel's loop sizes for `generic`, computed before `at`
  /// (default: the generic) in the kernel function (static ones as
  /// constants).
  FailureOr<llvm::SmallVector<Value>> runTimeLoopSizes(linalg::GenericOp generic,
                                                       Operation *at = nullptr) {
    OpBuilder b(at ? at : generic.getOperation());
    Location loc = generic.getLoc();
    llvm::SmallVector<Value> sizes;
    auto linalgOp = llvm::cast<linalg::LinalgOp>(generic.getOperation());
    llvm::SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
    llvm::SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    for (auto [d, r] : llvm::enumerate(linalgOp.createLoopRanges(b, loc))) {
      if (getConstantIntValue(r.offset) != 0 || getConstantIntValue(r.stride) != 1)
        return generic.emitError("GPU kernels need loops from 0 by 1");
      sizes.push_back(loopSize(b, loc, r.size));
    }
    return sizes;
  }

  /// A symbolic kernel's parallel generic (its loops run to sizes passed at
  /// launch): one thread per point as above, the grid computed in the
  /// kernel function from those sizes (the runtime evaluates it at each
  /// binding: cuda::KernelLaunch::gridExprs), blocks of the schedule's size.
  LogicalResult mapParallelAtRunTimeSizes(linalg::GenericOp generic, Value guard) {
    FailureOr<llvm::SmallVector<Value>> sizes = runTimeLoopSizes(generic);
    if (failed(sizes))
      return failure();
    OpBuilder b(ctx);
    llvm::SmallVector<Value> ivs = threadPerPointAtRunTime(b, generic, *sizes, guard);
    storeOutputs(b, generic, ivs, emitBody(b, generic, ivs));
    generic.erase();
    return success();
  }

  /// threadPerPoint over `sizes` known at launch (defined before `at` in
  /// the kernel function): the grid computed there from them, blocks of
  /// the schedule's size.
  llvm::SmallVector<Value> threadPerPointAtRunTime(OpBuilder &b, Operation *at, ValueRange sizes,
                                                   Value guard) {
    Location loc = at->getLoc();
    b.setInsertionPoint(at);
    Value total = indexConst(b, loc, 1);
    for (Value n : sizes)
      total = arith::MulIOp::create(b, loc, total, n);
    int64_t block = blockThreads;
    Value grid = arith::CeilDivUIOp::create(b, loc, total, indexConst(b, loc, block));
    gpu::LaunchOp launch = createLaunch(b, at, grid, block);
    Value i = globalThread(b, loc, launch, block);
    Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, total);
    if (guard)
      in = arith::AndIOp::create(b, loc, in, guard);
    auto ifOp = scf::IfOp::create(b, loc, in, /*withElse=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    return delinearize(b, loc, i, sizes);
  }

  /// scf.parallel (independent iterations: a scatter's dims other than the
  /// scattered one): one thread per iteration, running its body (inner
  /// sequential loops and all) as written.
  LogicalResult mapParallelLoop(scf::ParallelOp loop, Value guard) {
    if (loop.getNumResults() != 0)
      return loop.emitError("GPU kernels need scf.parallel loops without reductions");
    llvm::SmallVector<int64_t> ranges;
    llvm::SmallVector<Value> runTimeSizes; // a symbolic kernel's bounds
    for (auto [lo, hi, st] :
         llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
      auto l = getConstantIntValue(lo), h = getConstantIntValue(hi), s = getConstantIntValue(st);
      if (!l || !s || *l != 0 || *s != 1)
        return loop.emitError("GPU kernels need scf.parallel loops from 0 by 1");
      ranges.push_back(h ? *h : ShapedType::kDynamic);
      runTimeSizes.push_back(hi);
      if (auto v = llvm::dyn_cast<Value>(resolveDim(hi)))
        runTimeSizes.back() = v;
    }
    if (llvm::none_of(ranges, ShapedType::isDynamic))
      runTimeSizes.clear();
    if (failed(lowerNestedLinalg(loop)))
      return failure();
    if (!runTimeSizes.empty() || product(ranges) > 0) {
      OpBuilder b(ctx);
      IRMapping map;
      llvm::SmallVector<Value> ivs =
          runTimeSizes.empty() ? threadPerPoint(b, loop, ranges, guard)
                               : threadPerPointAtRunTime(b, loop, runTimeSizes, guard);
      for (auto [iv, v] : llvm::zip(loop.getInductionVars(), ivs))
        map.map(iv, v);
      for (Operation &o : loop.getBody()->without_terminator())
        b.clone(o, map);
    }
    loop.erase();
    return success();
  }

  /// The combiner of a reduction body: the yielded value's op, associative
  /// and known, with the output's block argument as one operand and no
  /// other use of it. Null when the body is not of that form.
  Operation *combinerOf(linalg::GenericOp generic) {
    if (generic.getNumDpsInits() != 1)
      return nullptr;
    Block &body = generic.getRegion().front();
    BlockArgument acc = body.getArgument(generic.getNumDpsInputs());
    Operation *c = body.getTerminator()->getOperand(0).getDefiningOp();
    if (!c || c->getBlock() != &body || c->getNumOperands() != 2 || !acc.hasOneUse() ||
        (c->getOperand(0) != acc && c->getOperand(1) != acc))
      return nullptr;
    Builder b(ctx);
    return combinerIdentityAttr(b, c, acc.getType()) ? c : nullptr;
  }

  /// `c` applied to (a, x), cloned at `b`.
  static Value combine(OpBuilder &b, Operation *c, Value a, Value x) {
    IRMapping map;
    map.map(c->getOperand(0), a);
    map.map(c->getOperand(1), x);
    return b.clone(*c, map)->getResult(0);
  }

  /// fill(acc) ; reduce(.. -> acc) [; epilogue(acc, ..) -> out], three
  /// consecutive top-level ops, run as one launch: the reduction starts
  /// from the fill's value instead of reading it back, and its leader
  /// applies the epilogue (a parallel generic over acc's shape reading acc
  /// at its own point, acc read by nothing else: the f64 accumulator of a
  /// narrow sum, the division of a mean) to the total in a register.
  struct FusedReduction {
    linalg::FillOp fill;
    linalg::GenericOp reduce, epilogue;
    Value fillValue;
  };
  std::optional<FusedReduction> matchFusedReduction(llvm::ArrayRef<Operation *> top, size_t i) {
    if (i + 1 >= top.size())
      return std::nullopt;
    auto fill = dyn_cast<linalg::FillOp>(top[i]);
    auto reduce = dyn_cast<linalg::GenericOp>(top[i + 1]);
    if (!fill || !reduce || !fill.hasPureBufferSemantics() || !reduce.hasPureBufferSemantics() ||
        reduce.getNumReductionLoops() == 0 || reduce.getNumDpsInits() != 1 ||
        reduce.getDpsInits()[0] != fill.getOutputs()[0] ||
        // An empty row or output leaves the fill's value to the epilogue:
        // keep the launches apart then.
        llvm::any_of(reduce.getStaticLoopRanges(),
                     [](int64_t r) { return !ShapedType::isDynamic(r) && r <= 0; }))
      return std::nullopt;
    Value acc = fill.getOutputs()[0];
    // The reduction must not read acc but through its init.
    for (OpOperand *in : reduce.getDpsInputOperands())
      if (in->get() == acc)
        return std::nullopt;
    FusedReduction f{fill, reduce, {}, fill.getInputs()[0]};
    if (i + 2 >= top.size())
      return f;
    auto epi = dyn_cast<linalg::GenericOp>(top[i + 2]);
    auto accType = llvm::cast<MemRefType>(acc.getType());
    auto isWorkspace = [&] {
      Value a = acc; // a workspace sized at run time is seen through a cast
      if (auto view = a.getDefiningOp<memref::ReinterpretCastOp>())
        a = view.getSource();
      auto arg = llvm::dyn_cast<BlockArgument>(a);
      int64_t workspaces = func->getAttrOfType<IntegerAttr>(kWorkspacesAttrName).getInt();
      return arg && arg.getOwner() == &func.getBody().front() &&
             arg.getArgNumber() >= func.getNumArguments() - workspaces;
    };
    if (!epi || !epi.hasPureBufferSemantics() || epi.getNumReductionLoops() != 0 ||
        epi.getNumLoops() != (unsigned)accType.getRank() || !isWorkspace() ||
        llvm::ArrayRef(epi.getStaticLoopRanges()) != accType.getShape())
      return f;
    bool readsAcc = false;
    for (OpOperand &operand : epi->getOpOperands()) {
      if (operand.get() != acc)
        continue;
      if (epi.isDpsInit(&operand) || !epi.getMatchingIndexingMap(&operand).isIdentity())
        return f;
      readsAcc = true;
    }
    for (Operation *user : acc.getUsers())
      if (user != fill && user != reduce && user != epi)
        return f;
    if (readsAcc)
      f.epilogue = epi;
    return f;
  }

  /// A launch of `t` threads per row of a reduction's loops (`ranges`,
  /// `iterators`): the builder is left in its body, where `row`, `lane`
  /// and `valid` (the row exists, and `guard`) are defined and `rowIvs`
  /// are the row's parallel indices (row 0 for threads past the end, which
  /// still take part in the shuffles and barriers: they fold nothing and
  /// store nothing).
  struct RowLaunch {
    gpu::LaunchOp launch;
    int64_t t = 1, block = 1, warps = 1, rowLength = 1;
    Value tid, lane, valid;
    llvm::SmallVector<Value> rowIvs;
    llvm::SmallVector<utils::IteratorType> iterators;
    llvm::SmallVector<int64_t> parallelSizes, reducedSizes;
    /// A symbolic kernel's row: its reduced loops' sizes and length, known
    /// at launch (empty, null: the static ones above).
    llvm::SmallVector<Value> reducedValues;
    Value rowLengthValue;
  };
  /// `runTimeSizes`, when given, are the loops' sizes known at launch (a
  /// symbolic kernel's: `ranges` has them dynamic): any number of rows, of
  /// any length.
  RowLaunch startRowLaunch(OpBuilder &b, Operation *at, llvm::ArrayRef<int64_t> ranges,
                           llvm::ArrayRef<utils::IteratorType> iterators, int64_t t,
                           Value guard, llvm::ArrayRef<Type> sharedTypes,
                           ValueRange runTimeSizes = {}) {
    Location loc = at->getLoc();
    RowLaunch r;
    r.t = t;
    r.iterators.assign(iterators.begin(), iterators.end());
    llvm::SmallVector<Value> parallelValues;
    for (auto [d, n, it] : llvm::enumerate(ranges, iterators)) {
      bool reduced = it == utils::IteratorType::reduction;
      (reduced ? r.reducedSizes : r.parallelSizes).push_back(n);
      if (!runTimeSizes.empty())
        (reduced ? r.reducedValues : parallelValues).push_back(runTimeSizes[d]);
    }
    bool atRunTime = !runTimeSizes.empty();
    int64_t rows = atRunTime ? 0 : product(r.parallelSizes);
    r.rowLength = product(r.reducedSizes);
    r.block = t == 1 && !atRunTime ? std::min(blockThreads, std::max<int64_t>(kWarp, rows))
                                   : blockThreads;
    int64_t rowsPerBlock = r.block / t;
    r.warps = r.block / kWarp;
    // Warp totals meet in shared memory when a row spans warps.
    llvm::SmallVector<Type> workgroup;
    if (t > kWarp)
      for (Type accType : sharedTypes)
        workgroup.push_back(MemRefType::get(
            {r.warps}, accType, AffineMap(),
            gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup)));
    Value rowCount;
    if (atRunTime) {
      // The rows counted in the kernel function, the grid from them; the
      // row's length likewise (sunk into the launch with the rest).
      b.setInsertionPoint(at);
      rowCount = indexConst(b, loc, 1);
      for (Value n : parallelValues)
        rowCount = arith::MulIOp::create(b, loc, rowCount, n);
      if (llvm::any_of(r.reducedSizes, ShapedType::isDynamic)) {
        r.rowLengthValue = indexConst(b, loc, 1);
        for (Value n : r.reducedValues)
          r.rowLengthValue = arith::MulIOp::create(b, loc, r.rowLengthValue, n);
      } else {
        r.reducedValues.clear();
      }
      Value grid = arith::CeilDivUIOp::create(b, loc, rowCount, indexConst(b, loc, rowsPerBlock));
      r.launch = createLaunch(b, at, grid, r.block, workgroup);
    } else {
      int64_t grid = (rows + rowsPerBlock - 1) / rowsPerBlock;
      r.launch = createLaunch(b, at, grid, r.block, workgroup);
    }
    r.tid = r.launch.getThreadIds().x;
    Value bid = r.launch.getBlockIds().x;
    Value row = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, bid, indexConst(b, loc, rowsPerBlock)),
        t == 1 ? r.tid : Value(arith::DivUIOp::create(b, loc, r.tid, indexConst(b, loc, t))));
    r.lane = t == 1 ? indexConst(b, loc, 0)
                    : Value(arith::RemUIOp::create(b, loc, r.tid, indexConst(b, loc, t)));
    r.valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                    atRunTime ? rowCount : indexConst(b, loc, rows));
    if (guard)
      r.valid = arith::AndIOp::create(b, loc, r.valid, guard);
    Value safeRow = arith::SelectOp::create(b, loc, r.valid, row, indexConst(b, loc, 0));
    r.rowIvs = atRunTime ? delinearize(b, loc, safeRow, parallelValues)
                         : delinearize(b, loc, safeRow, r.parallelSizes);
    return r;
  }

  /// The loop indices of point `k` of the row (reduced loops from k).
  llvm::SmallVector<Value> ivsAt(OpBuilder &b, Location loc, const RowLaunch &r, Value k) {
    llvm::SmallVector<Value> kIvs = r.reducedValues.empty()
                                        ? delinearize(b, loc, k, r.reducedSizes)
                                        : delinearize(b, loc, k, r.reducedValues);
    llvm::SmallVector<Value> ivs;
    unsigned p = 0, q = 0;
    for (utils::IteratorType it : r.iterators)
      ivs.push_back(it == utils::IteratorType::reduction ? kIvs[q++] : r.rowIvs[p++]);
    return ivs;
  }

  /// An scf.for over this thread's share of the row's points (from its
  /// lane, by t; none when the row is not valid) carrying `init`; `body`
  /// gives the point's indices and the carried values.
  scf::ForOp rowLoop(OpBuilder &b, Location loc, const RowLaunch &r, ValueRange init,
                     llvm::function_ref<void(OpBuilder &, llvm::ArrayRef<Value>, Value, ValueRange)>
                         body) {
    Value upper = arith::SelectOp::create(b, loc, r.valid,
                                          r.rowLengthValue ? r.rowLengthValue
                                                           : indexConst(b, loc, r.rowLength),
                                          indexConst(b, loc, 0));
    return scf::ForOp::create(b, loc, r.lane, upper, indexConst(b, loc, r.t), init,
                              [&](OpBuilder &nb, Location nloc, Value k, ValueRange acc) {
                                body(nb, ivsAt(nb, nloc, r, k), k, acc);
                              });
  }

  /// The row's total of the threads' `partial`s under `combiner`, in every
  /// thread of the row: xor shuffles within the warp, then, when the row
  /// spans warps, the warp totals through shared buffer `shared`.
  Value foldRow(OpBuilder &b, Location loc, const RowLaunch &r, Operation *combiner,
                Value partial, Value shared) {
    if (r.t == 1)
      return partial;
    for (int64_t off = std::min(r.t, kWarp) / 2; off >= 1; off /= 2)
      partial = combine(b, combiner, partial, shuffleXor(b, loc, partial, off));
    if (r.t <= kWarp)
      return partial;
    Value warp = arith::DivUIOp::create(b, loc, r.tid, indexConst(b, loc, kWarp));
    Value warpLane = arith::RemUIOp::create(b, loc, r.tid, indexConst(b, loc, kWarp));
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warpLane,
                                        indexConst(b, loc, 0));
    auto w = scf::IfOp::create(b, loc, first, false);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(w.thenBlock()->getTerminator());
      memref::StoreOp::create(b, loc, partial, shared, ValueRange{warp});
    }
    gpu::BarrierOp::create(b, loc);
    Value has = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, warpLane,
                                      indexConst(b, loc, r.warps));
    Value clamped = arith::SelectOp::create(b, loc, has, warpLane, indexConst(b, loc, 0));
    Value mine = memref::LoadOp::create(b, loc, shared, ValueRange{clamped});
    partial = arith::SelectOp::create(b, loc, has, mine,
                                      combinerIdentity(b, loc, combiner, partial.getType()));
    for (int64_t off = kWarp / 2; off >= 1; off /= 2)
      partial = combine(b, combiner, partial, shuffleXor(b, loc, partial, off));
    return partial;
  }

  LogicalResult mapReduction(linalg::GenericOp generic, Value guard, Value fillValue = {},
                             linalg::GenericOp epilogue = {}) {
    llvm::SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    // A symbolic kernel's rows: any number, counted at launch.
    llvm::SmallVector<Value> runTimeSizes;
    if (llvm::any_of(ranges, ShapedType::isDynamic)) {
      FailureOr<llvm::SmallVector<Value>> sizes = runTimeLoopSizes(generic);
      if (failed(sizes))
        return failure();
      runTimeSizes = std::move(*sizes);
    }
    llvm::SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
    Operation *combiner = combinerOf(generic);
    // Threads per row: 1, a warp, or the whole block (one row per block).
    int64_t t = !combiner ? 1 : rowThreads > kWarp ? blockThreads : rowThreads;
    if (runTimeSizes.empty() && product(ranges) == 0) {
      generic.erase();
      return success();
    }
    Location loc = generic.getLoc();
    OpBuilder b(ctx);
    Type accType = generic.getRegion().front().getArgument(generic.getNumDpsInputs()).getType();
    RowLaunch r =
        startRowLaunch(b, generic, ranges, iterators, t, guard, {accType}, runTimeSizes);
    OpOperand &outOperand = generic.getDpsInitsMutable()[0];
    AffineMap outMap = generic.getMatchingIndexingMap(&outOperand);
    // The output's indices do not depend on reduced loops: any k will do.
    auto outAt = affine::expandAffineMap(b, loc, outMap, ivsAt(b, loc, r, indexConst(b, loc, 0)));
    Value out = outOperand.get();
    Value init = t == 1 && fillValue ? fillValue
                 : t == 1 ? Value(scf::IfOp::create(
                                    b, loc, r.valid,
                                    [&](OpBuilder &tb, Location tl) {
                                      scf::YieldOp::create(
                                          tb, tl, Value(memref::LoadOp::create(tb, tl, out, *outAt)));
                                    },
                                    [&](OpBuilder &eb, Location el) {
                                      scf::YieldOp::create(
                                          eb, el, combinerIdentityOrZero(eb, el, combiner, accType));
                                    })
                                    .getResult(0))
                        : combinerIdentity(b, loc, combiner, accType);
    auto loop = rowLoop(b, loc, r, ValueRange{init},
                        [&](OpBuilder &nb, llvm::ArrayRef<Value> ivs, Value, ValueRange acc) {
                          scf::YieldOp::create(nb, loc, emitBody(nb, generic, ivs, {acc[0]}));
                        });
    Value shared = t > kWarp ? Value(r.launch.getWorkgroupAttributions()[0]) : Value();
    Value partial = foldRow(b, loc, r, combiner, loop.getResult(0), shared);
    if (t > 1) {
      Value leader =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, r.lane, indexConst(b, loc, 0));
      Value write = arith::AndIOp::create(b, loc, leader, r.valid);
      auto st = scf::IfOp::create(b, loc, write, false);
      b.setInsertionPoint(st.thenBlock()->getTerminator());
      Value start = fillValue ? fillValue : Value(memref::LoadOp::create(b, loc, out, *outAt));
      storeTotal(b, combine(b, combiner, start, partial), out, *outAt, epilogue);
    } else {
      auto st = scf::IfOp::create(b, loc, r.valid, false);
      b.setInsertionPoint(st.thenBlock()->getTerminator());
      storeTotal(b, partial, out, *outAt, epilogue);
    }
    generic.erase();
    return success();
  }

  /// A row kernel (see the file comment): [fill, reduce]+ then a parallel
  /// generic, all over the same loops, as one launch.
  LogicalResult mapRowKernel() {
    Block &body = func.getBody().front();
    llvm::SmallVector<std::pair<linalg::FillOp, linalg::GenericOp>> stages;
    linalg::GenericOp last;
    linalg::FillOp pendingFill;
    for (Operation &op : body.without_terminator()) {
      if (isPure(&op) && op.getNumRegions() == 0)
        continue;
      auto fill = dyn_cast<linalg::FillOp>(op);
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (fill && !pendingFill && !last) {
        pendingFill = fill;
      } else if (generic && pendingFill && generic.getNumReductionLoops() > 0 &&
                 generic.getNumDpsInits() == 1 &&
                 generic.getDpsInits()[0] == pendingFill.getOutputs()[0]) {
        stages.push_back({pendingFill, generic});
        pendingFill = nullptr;
      } else if (generic && !pendingFill && !last && !stages.empty() &&
                 generic.getNumReductionLoops() == 0) {
        last = generic;
      } else {
        return op.emitError("row kernel: expected fills and reductions, then one parallel "
                            "generic, got this op");
      }
    }
    if (!last)
      return func.emitError("row kernel without its last (parallel) stage");
    llvm::SmallVector<int64_t> ranges = last.getStaticLoopRanges();
    llvm::SmallVector<utils::IteratorType> iterators = stages[0].second.getIteratorTypesArray();
    // A symbolic kernel's rows: any number, counted at launch (before the
    // first stage, from the first reduction's loops, which every stage
    // shares).
    llvm::SmallVector<Value> runTimeSizes;
    if (llvm::any_of(ranges, ShapedType::isDynamic)) {
      FailureOr<llvm::SmallVector<Value>> sizes =
          runTimeLoopSizes(stages[0].second, stages[0].first);
      if (failed(sizes))
        return failure();
      runTimeSizes = std::move(*sizes);
    }
    bool combiners = true;
    llvm::SmallVector<Type> accTypes;
    for (auto [fill, reduce] : stages) {
      if (reduce.getStaticLoopRanges() != ranges || reduce.getIteratorTypesArray() != iterators)
        return reduce.emitError("row kernel: stages over different loops");
      combiners &= combinerOf(reduce) != nullptr;
      accTypes.push_back(llvm::cast<MemRefType>(fill.getOutputs()[0].getType()).getElementType());
    }
    if (runTimeSizes.empty() && product(ranges) == 0) {
      for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body.without_terminator())))
        if (!isPure(&op) || op.getNumRegions())
          op.erase();
      return success();
    }
    // Threads per row: 1, a warp, or the whole block; one thread per row
    // folds in order where a stage's combiner is not a known one.
    int64_t t = !combiners ? 1 : rowThreads > kWarp ? blockThreads : rowThreads;
    Location loc = last.getLoc();
    OpBuilder b(ctx);
    RowLaunch r = startRowLaunch(b, stages[0].first, ranges, iterators, t, nullptr, accTypes,
                                 runTimeSizes);
    llvm::DenseMap<Value, Value> totals; // accumulator -> this row's total
    for (auto [i, stage] : llvm::enumerate(stages)) {
      auto [fill, reduce] = stage;
      Operation *combiner = combinerOf(reduce);
      Value start = fill.getInputs()[0];
      Value init = t == 1 ? start : combinerIdentity(b, loc, combiner, accTypes[i]);
      auto loop = rowLoop(b, loc, r, ValueRange{init},
                          [&](OpBuilder &nb, llvm::ArrayRef<Value> ivs, Value, ValueRange acc) {
                            scf::YieldOp::create(nb, loc,
                                                 emitBody(nb, reduce, ivs, {acc[0]}, totals));
                          });
      Value shared = t > kWarp ? Value(r.launch.getWorkgroupAttributions()[i]) : Value();
      Value total = foldRow(b, loc, r, combiner, loop.getResult(0), shared);
      totals[reduce.getDpsInits()[0]] = t == 1 ? total : combine(b, combiner, start, total);
    }
    // The last stage: each thread its share of the row's points; a result
    // whose map ignores the reduced loops once per row, at point 0.
    rowLoop(b, loc, r, ValueRange{},
            [&](OpBuilder &nb, llvm::ArrayRef<Value> ivs, Value k, ValueRange) {
              llvm::SmallVector<Value> values = emitBody(nb, last, ivs, {}, totals);
              Value atFirst = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq, k,
                                                    indexConst(nb, loc, 0));
              for (auto [operand, v] : llvm::zip(last.getDpsInitsMutable(), values)) {
                AffineMap m = last.getMatchingIndexingMap(&operand);
                bool perRow = llvm::none_of(llvm::enumerate(iterators), [&](auto it) {
                  return it.value() == utils::IteratorType::reduction &&
                         m.isFunctionOfDim(it.index());
                });
                auto at = affine::expandAffineMap(nb, loc, m, ivs);
                OpBuilder::InsertionGuard g(nb);
                if (perRow)
                  nb.setInsertionPoint(
                      scf::IfOp::create(nb, loc, atFirst, false).thenBlock()->getTerminator());
                memref::StoreOp::create(nb, loc, v, operand.get(), *at);
              }
              scf::YieldOp::create(nb, loc);
            });
    last.erase();
    for (auto [fill, reduce] : llvm::reverse(stages)) {
      reduce.erase();
      fill.erase();
    }
    // The accumulators were workspaces; the totals live in registers now.
    auto count = func->getAttrOfType<IntegerAttr>(kWorkspacesAttrName).getInt();
    unsigned first = func.getNumArguments() - count;
    for (unsigned a = func.getNumArguments(); a-- > first;)
      if (func.getArgument(a).use_empty()) {
        if (failed(func.eraseArgument(a)))
          return failure();
        --count;
      }
    func->setAttr(kWorkspacesAttrName, IntegerAttr::get(IntegerType::get(ctx, 64), count));
    return success();
  }

  /// A reduced row's total: stored at `at` in `out`, or, with an epilogue
  /// over out's shape, given to it (at the same point) and its results
  /// stored instead.
  void storeTotal(OpBuilder &b, Value total, Value out, ValueRange at,
                  linalg::GenericOp epilogue) {
    if (!epilogue) {
      memref::StoreOp::create(b, total.getLoc(), total, out, at);
      return;
    }
    storeOutputs(b, epilogue, at, emitBody(b, epilogue, at, {}, {{out, total}}));
  }

  /// A placeholder start for rows past the end (never stored).
  static Value combinerIdentityOrZero(OpBuilder &b, Location loc, Operation *c, Type t) {
    if (c)
      return combinerIdentity(b, loc, c, t);
    return arith::ConstantOp::create(b, loc, llvm::cast<TypedAttr>(b.getZeroAttr(t)));
  }

  /// One thread runs `op` as written (sequential updates).
  LogicalResult mapSerial(Operation *op, Value guard) {
    if (failed(lowerNestedLinalg(op)))
      return failure();
    OpBuilder b(ctx);
    gpu::LaunchOp launch = createLaunch(b, op, 1, 1);
    launch->setAttr("gn.serial", UnitAttr::get(ctx));
    Operation *terminator = launch.getBody().front().getTerminator();
    if (guard) {
      auto ifOp = scf::IfOp::create(b, op->getLoc(), guard, false);
      op->moveBefore(ifOp.thenBlock()->getTerminator());
    } else {
      op->moveBefore(terminator);
    }
    return success();
  }

  /// Clones the pure ops that compute values used in `launch` but defined
  /// above it (constants, subviews, pointer compares) into its body, so the
  /// outlined kernel takes only buffers.
  void sinkValuesDefinedAbove(gpu::LaunchOp launch) {
    Region &region = launch.getBody();
    Block &entry = region.front();
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(region, above);
    IRMapping map;
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    std::function<void(Value)> sink = [&](Value v) {
      Operation *def = v.getDefiningOp();
      if (!def || map.contains(v) || !isPure(def) || def->getNumRegions() != 0)
        return;
      for (Value operand : def->getOperands())
        sink(operand);
      Operation *copy = b.clone(*def, map);
      for (auto [from, to] : llvm::zip(def->getResults(), copy->getResults()))
        map.map(from, to);
    };
    for (Value v : above)
      sink(v);
    for (Value v : above)
      if (map.contains(v))
        replaceAllUsesInRegionWith(v, map.lookup(v), region);
  }

  func::FuncOp func;
  MLIRContext *ctx;
  int64_t blockThreads, rowThreads;
  llvm::SmallVector<gpu::LaunchOp> launches;
};

struct GnMapKernelsToGPUPass : mlir::gn::impl::GnMapKernelsToGPUPassBase<GnMapKernelsToGPUPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp kernels = lookupKernelModule(getOperation());
    if (!kernels)
      return;
    for (auto func : llvm::make_early_inc_range(kernels.getOps<func::FuncOp>())) {
      if (func.isExternal())
        continue;
      auto schedule = func->getAttrOfType<ScheduleAttr>(kScheduleAttrName);
      if (failed(KernelMapper(func, schedule).run()))
        return signalPassFailure();
      ++numKernels;
      unsigned launches = 0;
      func.walk([&](gpu::LaunchOp) { ++launches; });
      numGpuLaunches += launches;
      GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] " << func.getSymName() << ": " << launches
                             << " launch(es)\n");
    }
    // The index-error, shape-guard and division callbacks are now global stores.
    for (llvm::StringRef name :
         {kIndexErrorCallback, kShapeGuardCallback, kDivisionByZeroCallback, kCheckFailedCallback})
      if (auto callback = kernels.lookupSymbol<func::FuncOp>(name);
          callback && callback.isExternal() && SymbolTable::symbolKnownUseEmpty(callback, kernels))
        callback.erase();
  }
};

} // namespace

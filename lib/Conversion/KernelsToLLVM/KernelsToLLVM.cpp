//===- KernelsToLLVM.cpp - the @gn_kernels module -> LLVM dialect --------===//
#include "RoundedExp.h"
#include "gn/Conversion/Passes.h"
#include "gn/Support/PassTrace.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNLOWERKERNELSTOLLVMPASS
#include "gn/Conversion/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-lower-kernels-to-llvm"
GN_STATISTIC(numKernels, "kernels lowered to LLVM");
GN_STATISTIC(numBoolBytes, "loads and stores of booleans made byte accesses");
GN_STATISTIC(numPolynomialExp, "kernels whose exp became a polynomial (no f16/bf16 data in the graph)");
GN_STATISTIC(numRoundedExp, "kernels whose f32 exp is computed in f64 and rounded once (f16/bf16 graphs)");

namespace {

struct GnLowerKernelsToLLVMPass
    : mlir::gn::impl::GnLowerKernelsToLLVMPassBase<GnLowerKernelsToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm("builtin.module");
    buildPipeline(pm);
    pm.getDependentDialects(registry);
  }

  static void buildPipeline(OpPassManager &pm) {
    pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
    pm.addPass(memref::createExpandStridedMetadataPass());
    pm.addPass(createLowerAffinePass());
    pm.addPass(createSCFToControlFlowPass());
    pm.addPass(createConvertMathToLLVMPass());
    pm.addPass(createConvertMathToLibmPass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
    pm.addPass(createArithToLLVMConversionPass());
    pm.addPass(createConvertIndexToLLVMPass());
    pm.addPass(createConvertControlFlowToLLVMPass());
    ConvertFuncToLLVMPassOptions funcOptions;
    funcOptions.useBarePtrCallConv = true;
    pm.addPass(createConvertFuncToLLVMPass(funcOptions));
    pm.addPass(createReconcileUnrealizedCastsPass());
  }

  /// NaN in, NaN out around each op a polynomial will replace: the
  /// approximations clamp their argument with maxnum/minnum, which drop a
  /// NaN (LLVM folds exp(0 / 0) to a tiny number; at run time x86's maxps
  /// happens to keep it). tanh and erf are odd: their result takes x's sign,
  /// so -0.0 stays -0.0 (the erf polynomial gave +0.0, and atan2 of it
  /// flipped by pi). Found by test/fuzz/fuzz_diff.py (graph seeds 20708,
  /// 20955).
  static void keepNaN(ModuleOp kernels) {
    llvm::SmallVector<Operation *> ops;
    kernels.walk([&](Operation *op) {
      if (isa<math::ExpOp, math::TanhOp, math::ErfOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      Value x = op->getOperand(0), y = op->getResult(0);
      Value r = y;
      if (!isa<math::ExpOp>(op))
        r = math::CopySignOp::create(b, op->getLoc(), y, x);
      Value isNaN = arith::CmpFOp::create(b, op->getLoc(), arith::CmpFPredicate::UNO, x, x);
      auto select = arith::SelectOp::create(b, op->getLoc(), isNaN, x, r);
      y.replaceAllUsesExcept(select, r == y ? select.getOperation() : r.getDefiningOp());
    }
  }

  void runOnOperation() override {
    ModuleOp kernels = lookupKernelModule(getOperation());
    if (!kernels)
      return;
    keepNaN(kernels);
    // exp in the kernels of f32/f64 graphs: a polynomial (Cephes, within
    // 2^-22.5 relative; it vectorizes, the libm call does not). Where any
    // kernel touches f16/bf16, one f32 ulp can flip an f16 rounding, in the
    // kernel or after a later convert (an f32 softmax between f16 matmuls),
    // so every kernel's exp is computed in f64 and rounded once
    // (RoundedExp.cpp): glibc's expf, which the interpreter calls, but for
    // its own misroundings (4e-5 of inputs, 1 ulp), and it vectorizes.
    RewritePatternSet expPatterns(&getContext());
    populateMathPolynomialApproximationPatterns(
        expPatterns, [](StringRef name) { return name == math::ExpOp::getOperationName(); });
    FrozenRewritePatternSet polynomialExp(std::move(expPatterns));
    RewritePatternSet roundedExpPatterns(&getContext());
    populateRoundedExpPatterns(roundedExpPatterns);
    FrozenRewritePatternSet roundedExp(std::move(roundedExpPatterns));
    bool narrow = llvm::any_of(kernels.getOps<func::FuncOp>(), [](func::FuncOp func) {
      return llvm::any_of(func.getArgumentTypes(), [](Type t) {
        auto m = llvm::dyn_cast<MemRefType>(t);
        return m && llvm::isa<Float16Type, BFloat16Type>(m.getElementType());
      });
    });
    for (auto func : kernels.getOps<func::FuncOp>()) {
      if (failed(applyPatternsGreedily(func, narrow ? roundedExp : polynomialExp)))
        return signalPassFailure();
      if (!func.isExternal()) {
        ++numKernels;
        numPolynomialExp += !narrow;
        numRoundedExp += narrow;
      }
    }
    // f32 tanh in f64 rounded once (MLIR's polynomial was up to 4 ulps
    // off, and a deep graph amplifies that past eager: PaddleScience's
    // euler_beam on fan-in inputs); erf as a polynomial. Both vectorize;
    // libm calls do not. The interpreter rounds tanh the same way; half
    // graphs call libm's erff, as the interpreter (gn-outline-kernels).
    RewritePatternSet patterns(&getContext());
    populateRoundedTanhPatterns(patterns);
    populatePolynomialApproximateErfPattern(patterns);
    // bf16 <-> f32 as integer ops (LLVM would call __truncsfbf2, which the
    // JIT cannot resolve on Debian 12).
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(kernels, std::move(patterns))))
      return signalPassFailure();
    OpPassManager pm("builtin.module");
    buildPipeline(pm);
    if (failed(runPipeline(pm, kernels)))
      return signalPassFailure();
    booleansAsBytes(kernels);
    if (vectorWidth)
      preferVectorWidth(kernels, vectorWidth);
  }

  /// Each kernel function asks LLVM for vectors of `bits` (passthrough
  /// "prefer-vector-width", which overrides the CPU's tuning).
  static void preferVectorWidth(ModuleOp kernels, unsigned bits) {
    MLIRContext *ctx = kernels.getContext();
    auto entry = ArrayAttr::get(ctx, {StringAttr::get(ctx, "prefer-vector-width"),
                                      StringAttr::get(ctx, std::to_string(bits))});
    kernels.walk([&](LLVM::LLVMFuncOp f) {
      if (f.isExternal())
        return;
      llvm::SmallVector<Attribute> passthrough;
      if (ArrayAttr old = f.getPassthroughAttr())
        passthrough.append(old.begin(), old.end());
      passthrough.push_back(entry);
      f.setPassthroughAttr(ArrayAttr::get(ctx, passthrough));
    });
  }

  /// Booleans are one byte each in memory (0 or 1). Loads and stores of i1
  /// become i8 accesses with a trunc / zext beside them: the same bytes, but
  /// LLVM's vectorizers then store a vector of bytes, where an i1 store of
  /// each lane of a compare made LLVM 22's x86 backend extract mask bits one
  /// by one, and its EVEX compression (vpmovq2m + kmov -> vmovmskpd) erased
  /// a k-register another lane still read: lt(neg(i64)) gave a neighbour's
  /// answer at -O2 (llvm/llvm-project#174871; fuzz graph seed 901766).
  static void booleansAsBytes(ModuleOp kernels) {
    auto byteLike = [](Type t) -> Type {
      Type i8 = IntegerType::get(t.getContext(), 8);
      if (auto v = llvm::dyn_cast<VectorType>(t))
        return v.getElementType().isInteger(1) ? VectorType::get(v.getShape(), i8) : Type();
      return t.isInteger(1) ? i8 : Type();
    };
    kernels.walk([&](Operation *op) {
      OpBuilder b(op);
      if (auto store = llvm::dyn_cast<LLVM::StoreOp>(op)) {
        Type bytes = byteLike(store.getValue().getType());
        if (!bytes)
          return;
        Value wide = LLVM::ZExtOp::create(b, op->getLoc(), bytes, store.getValue());
        store.getValueMutable().assign(wide);
        ++numBoolBytes;
      } else if (auto load = llvm::dyn_cast<LLVM::LoadOp>(op)) {
        Type bits = load.getType(), bytes = byteLike(bits);
        if (!bytes)
          return;
        b.setInsertionPointAfter(op);
        auto narrow = LLVM::TruncOp::create(b, op->getLoc(), bits, load.getResult());
        load.getResult().replaceAllUsesExcept(narrow, narrow);
        load.getResult().setType(bytes);
        ++numBoolBytes;
      }
    });
  }
};

} // namespace

//===- Passes.td - gn lowering passes ------------------------*- tablegen -*-===//
#ifndef GN_CONVERSION_PASSES_TD
#define GN_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def GnOutlineKernelsPass : Pass<"gn-outline-kernels", "ModuleOp"> {
  let summary = "Lower each gn.fusion to a linalg kernel function and launch it";
  let description = [{
    Each scheduled `gn.fusion` becomes a `func.func` in the nested module
    `@gn_kernels` taking `(index lo, index hi, inputs..., outputs...)` as
    static memrefs: an `scf.for` over the schedule's `thread_dim` in
    [lo, hi) (when it has one) around one `linalg.generic` whose loops follow
    `loop_order`, whose body holds the scalar form of every op in the group
    (f16/bf16 compute in f32), and, for a reduction, an f64 (float sum and
    product) or i64 (integer) accumulator. Identical groups share one kernel
    (keyed by a hash of the printed group). The `gn.fusion` is replaced by
    `gn.launch`.
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::linalg::LinalgDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect"];
}

def GnLowerKernelsToLLVMPass : Pass<"gn-lower-kernels-to-llvm", "ModuleOp"> {
  let summary = "Lower the @gn_kernels module to the LLVM dialect";
  let description = [{
    Runs, on the nested `@gn_kernels` module only: linalg to loops, affine
    and strided-metadata expansion, scf to cf, polynomial approximations of
    tanh and erf (so they vectorize), math to LLVM intrinsics and libm, and
    the memref/arith/index/cf/func to LLVM conversions with the bare-pointer
    calling convention (one pointer per memref argument). The host function
    keeps its gn ops and gn.launch calls for the runtime.
  }];
}

#endif // GN_CONVERSION_PASSES_TD

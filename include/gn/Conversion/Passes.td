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
    product) or i64 (integer) accumulator; a `row` group, one fill and
    fold stage per reduction and a last parallel stage over the same loops
    (marked `gn.row_kernel` for the GPU). Identical groups share one kernel
    (keyed by a hash of the printed group). The `gn.fusion` is replaced by
    `gn.launch`. In a module compiled for CUDA (`gn.target`, set by
    `gn-set-target`) kernels take only buffers (no thread loop), carry the
    group's schedule as `gn.schedule` for `gn-map-kernels-to-gpu`, and
    compute erf and tanh with math ops (no libm calls); a GPU schedule in a
    module compiled for the CPU is an error.
  }];
  let options = [
    Option<"parallelCopyLoops", "parallel-copy-loops", "bool", "false",
           "Testing: copy kernels' loop nests as for CUDA (scf.parallel, a "
           "1-d scatter's target scan) on any target, so the CPU runs them">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::linalg::LinalgDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect"];
}

def GnGridDependencyControlPass : Pass<"gn-grid-dependency-control", "mlir::gpu::GPUModuleOp"> {
  let summary = "Every kernel waits for the grids before it, then lets the next one launch";
  let description = [{
    At the start of each `gpu.func` kernel: `griddepcontrol.wait` (wait
    until the grids this one depends on have completed and their writes are
    visible), then `griddepcontrol.launch_dependents` (the next kernel may
    be launched now). Launched with programmatic dependent launch (sm_90+;
    the CUDA runtime's GN_CUDA_PDL=1), a kernel's launch then overlaps the
    end of the one before it, and since it touches no memory before its
    wait, the order of every read and write is as before. Launched
    normally, both are no-ops (no grid is in flight before it).
  }];
  let dependentDialects = ["mlir::NVVM::NVVMDialect"];
}

def GnLowerKernelsToLLVMPass : Pass<"gn-lower-kernels-to-llvm", "ModuleOp"> {
  let summary = "Lower the @gn_kernels module to the LLVM dialect";
  let description = [{
    Runs, on the nested `@gn_kernels` module only: linalg to loops, affine
    and strided-metadata expansion, scf to cf, polynomial approximations of
    tanh and erf (so they vectorize), exp as a polynomial in f32/f64 graphs
    and computed in f64, rounded once, in f16/bf16 graphs (RoundedExp.cpp),
    math to LLVM intrinsics and libm, and
    the memref/arith/index/cf/func to LLVM conversions with the bare-pointer
    calling convention (one pointer per memref argument). The host function
    keeps its gn ops and gn.launch calls for the runtime.
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "unsigned", "0",
           "The widest vectors LLVM's vectorizers use in the kernels, in bits "
           "(each function's prefer-vector-width); 0: the CPU's own preference "
           "(256 on AVX-512 Xeons)">,
  ];
}

def GnMapKernelsToGPUPass : Pass<"gn-map-kernels-to-gpu", "ModuleOp"> {
  let summary = "Turn each @gn_kernels function into gpu.launch ops (CUDA kernels)";
  let description = [{
    On the nested `@gn_kernels` module as `gn-outline-kernels{target=cuda}`
    leaves it: each top-level loop nest of a kernel function becomes one
    `gpu.launch` (see MapKernelsToGPU.cpp): a parallel linalg.generic with a
    thread per point; a reducing one with `row_threads` threads per row
    combining partials with warp shuffles and shared memory; sequential
    loops on one thread (`gn.serial`). A row kernel (`gn.row_kernel`: a row
    group's fill, fold and last stages) is one launch, each row's totals
    kept in registers between its stages. Top-level allocations become
    workspace arguments (`gn.workspaces`); an index out of range is stored
    in the `gn_index_error` global. `gpu-kernel-outlining` then makes each
    launch a `gpu.func`.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
                           "mlir::affine::AffineDialect"];
}

#endif // GN_CONVERSION_PASSES_TD

//===- GnAttrs.td - gn dialect attributes ------------------*- tablegen -*-===//
#ifndef GN_ATTRS_TD
#define GN_ATTRS_TD

include "GnBase.td"
include "mlir/IR/EnumAttr.td"

def Gn_TargetKind : I32EnumAttr<"TargetKind", "what a module is compiled for", [
    I32EnumAttrCase<"Cpu", 0, "cpu">,
    I32EnumAttrCase<"Cuda", 1, "cuda">]> {
  let cppNamespace = "::mlir::gn";
  let genSpecializedAttr = 0;
}

def Gn_TargetAttr : EnumAttr<Gn_Dialect, Gn_TargetKind, "target"> {
  let summary = "the target a module is compiled for";
  let description = [{
    Set once on the module by `gn-set-target` (the first pass of each
    target's pipeline) as `gn.target`; the passes whose decisions depend on
    the target (`gn-schedule`) read it there. A module without it is
    compiled for the CPU.

    ```mlir
    module attributes {gn.target = #gn.target<cuda>} { ... }
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Gn_ScheduleAttr : AttrDef<Gn_Dialect, "Schedule"> {
  let mnemonic = "schedule";
  let summary = "how a fusion group's loops run on its target";
  let description = [{
    Written by `gn-schedule` on each `gn.fusion`, read by the kernel lowering
    of both targets:

    - `loop_order`: the group's iteration dims, outermost first.
    - `thread_dim`: the dim the CPU runtime splits across host threads
      (-1: none). GPU schedules map every parallel dim onto the grid and
      leave it at -1.
    - `block_threads`: threads per GPU block (0: not a GPU schedule).
    - `row_threads`: GPU threads that share one reduced row, combining their
      partial results with warp shuffles (1: one row per thread).

    Fields at their defaults are not printed:

    ```mlir
    #gn.schedule<loop_order = [0, 1], thread_dim = 0>
    #gn.schedule<loop_order = [0, 1], block_threads = 256, row_threads = 32>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$loop_order,
                        DefaultValuedParameter<"int64_t", "-1">:$thread_dim,
                        DefaultValuedParameter<"int64_t", "0">:$block_threads,
                        DefaultValuedParameter<"int64_t", "1">:$row_threads);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether this schedule is for a GPU (it has a block size).
    bool isGpu() const { return getBlockThreads() > 0; }
  }];
}

#endif // GN_ATTRS_TD

//===- GnAttrs.td - gn dialect attributes ------------------*- tablegen -*-===//
#ifndef GN_ATTRS_TD
#define GN_ATTRS_TD

include "GnBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/TensorEncoding.td"

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

def Gn_DimsAttr : AttrDef<Gn_Dialect, "Dims",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = "dims";
  let summary = "the size of each dim of a tensor for every binding of the shape symbols";
  let description = [{
    The encoding of a tensor type whose sizes follow GraphNet's shape symbols
    (docs/symbolic-shapes.md). The type's static shape holds the sizes at the
    compile example; this attribute holds, per dim, either "" (the dim is
    static) or the dim's size as a SymExpr in its normal form, the text
    `SymExpr::str()` prints, so two dims have the same size at every binding
    exactly when their texts are equal:

    ```mlir
    tensor<2x197x768xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1", ""]>>
    ```

    A gn op refuses an operand or result with this encoding unless it has
    the `GnSymbolicShapes` trait (its shape function computes the
    expressions), so a pass or an op not yet symbolic never computes at the
    example's sizes in silence.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::StringAttr">:$exprs);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether dim `d` has an expression (is symbolic).
    bool isSymbolic(unsigned d) const { return !getExprs()[d].getValue().empty(); }
  }];
}

#endif // GN_ATTRS_TD

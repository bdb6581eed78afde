//===- Passes.td - passes of the gn dialect ------------------*- tablegen -*-===//
#ifndef GN_TRANSFORMS_PASSES_TD
#define GN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GnDecomposePass : Pass<"gn-decompose", "func::FuncOp"> {
  let summary = "Decompose composite gn ops into core gn ops";
  let description = [{
    One pattern per composite op (activations, mean/variance, softmax,
    linear, layer/batch/group norm). Ops named in `legal-ops` (by mnemonic,
    e.g. `layer_norm`) are kept whole, for backends with something better.
    Composites without a pattern yet are left alone and remain composite.
  }];
  let options = [
    ListOption<"legalOps", "legal-ops", "std::string",
               "Composite ops (mnemonics) to keep whole">,
  ];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

#endif // GN_TRANSFORMS_PASSES_TD

//===- GnBase.td - gn dialect definition and shared constraints -*- tablegen -*-===//
#ifndef GN_BASE_TD
#define GN_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Gn_Dialect : Dialect {
  let name = "gn";
  let summary = "Torch-level tensor ops with value semantics on ranked tensors";
  let description = [{
    The gn dialect holds the computational graphs of GraphNet samples as they
    come out of the importer: one op per torch operation (after the importer
    has merged spellings such as `torch.relu`, `F.relu` and `x.relu()`), on
    statically shaped ranked tensors, with value semantics.

    Ops come in two kinds. *Core* ops (elementwise maps, broadcast, reduce,
    contraction, convolution, data movement, gather/scatter, constant) are
    what every backend must handle. *Composite* ops (marked with the
    `GnComposite` trait, e.g. `gn.layer_norm`) have a decomposition into core
    ops and are kept whole where a backend has something better.
  }];
  let cppNamespace = "::mlir::gn";
  let usePropertiesForAttributes = 0;
  let hasConstantMaterializer = 1;
  let hasCanonicalizer = 1; // GnEmptyFolds.cpp: ops that read an empty tensor
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

// Element types GraphNet uses.
def Gn_Float : AnyTypeOf<[F16, BF16, F32, F64]>;
def Gn_Int : AnyTypeOf<[I1, I8, I16, I32, I64, UI8]>;
def Gn_Element : AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64, UI8]>;
def Gn_Tensor : RankedTensorOf<[Gn_Element]>;
def Gn_FloatTensor : RankedTensorOf<[Gn_Float]>;
def Gn_IndexTensor : RankedTensorOf<[I32, I64]>;
def Gn_BoolTensor : RankedTensorOf<[I1]>;

// Marks an op that decomposes into core ops (see GnTraits.h).
def Gn_Composite : NativeOpTrait<"GnComposite">;
// Marks an elementwise op whose operands broadcast numpy-style to the result.
def Gn_Elementwise : NativeOpTrait<"GnElementwise">;

// Marks an op whose shape function computes symbolic dims (#gn.dims); every
// other gn op refuses operands and results that carry them (GnTraits.h).
def Gn_SymbolicShapes : NativeOpTrait<"GnSymbolicShapes">;
def Gn_ChecksSymbolicDims : NativeOpTrait<"GnChecksSymbolicDims">;

class Gn_Op<string mnemonic, list<Trait> traits = []>
    : Op<Gn_Dialect, mnemonic, !listconcat(traits, [Gn_ChecksSymbolicDims])>;

// Every op infers its result types. `inferCall` is a C++ call to a family
// shape function declared in GnShapes.h; it sees `ctx`, `loc`, `adaptor` and
// `types`. Each family's rule is written once and the per-op glue is
// generated here, so the verifier, the parser and the importer share it.
// `pure` = 0 for an op that checks a guard (gn.nonzero's specialized count):
// it writes the run's status, so it is never erased as dead, which would
// drop the check with it.
class Gn_InferredOp<string mnemonic, string inferCall, list<Trait> traits = [], bit pure = 1>
    : Gn_Op<mnemonic, !listconcat(traits,
          !if(pure, [Pure], [MemoryEffects<[MemWrite]>]),
          [DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *ctx, ::std::optional<::mlir::Location> loc,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attrs,
        ::mlir::OpaqueProperties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      $cppClass::Adaptor adaptor(operands, attrs, {}, regions);
      return ::mlir::gn::}] # inferCall # [{;
    }
  }];
}

#endif // GN_BASE_TD

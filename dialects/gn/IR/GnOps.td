//===- GnOps.td - gn dialect operations --------------------*- tablegen -*-===//
//
// Ops are grouped by family; each family's shape rule lives in one C++ file
// (see GnShapes.h). Dimensions in attributes are always non-negative: the
// importer normalizes torch's negative dims.
//
//===----------------------------------------------------------------------===//
#ifndef GN_OPS_TD
#define GN_OPS_TD

include "GnBase.td"
include "GnAttrs.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// Constants and tensor factories
//===----------------------------------------------------------------------===//

def Gn_ConstantOp : Gn_InferredOp<"constant",
    "inferConstant(ctx, loc, adaptor.getValue(), types)", [ConstantLike]> {
  let summary = "dense constant tensor";
  let description = [{
    A constant tensor; the result type is the type of `value`. Scalars from
    the Python program (`x + 2`) and `torch.full/zeros/ones/tensor` become
    constants.

    ```mlir
    %c = gn.constant dense<2.0> : tensor<f32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
}

def Gn_ArangeOp : Gn_InferredOp<"arange",
    "inferArange(ctx, loc, adaptor.getStart().convertToDouble(), "
    "adaptor.getStep().convertToDouble(), adaptor.getSize(), adaptor.getDtype(), types)"> {
  let summary = "1-d sequence start, start + step, ... (torch.arange)";
  let description = [{
    ```mlir
    %r = gn.arange {dtype = i64, size = 8 : i64, start = 0.0 : f64, step = 1.0 : f64} : tensor<8xi64>
    ```
  }];
  let arguments = (ins F64Attr:$start, F64Attr:$step, I64Attr:$size, TypeAttr:$dtype);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Gn_RandomOp : Gn_InferredOp<"random",
    "inferFactory(ctx, loc, adaptor.getShape(), adaptor.getDtype(), types)"> {
  let summary = "random tensor (torch.rand / torch.randn / torch.empty)";
  let description = [{
    `distribution` is `uniform` (in [0, 1)), `normal` (standard) or `empty`
    (zeros; torch.empty's contents are unspecified). The values are gn's
    counter-based stream (include/gn/Support/RandomStream.h): element i is a
    function of (`seed`, i) only, the same in eager and compiled runs on
    every target; importers give each op of a graph its own seed. Outputs
    that depend on it can only be compared with another framework by shape
    and dtype.

    ```mlir
    %r = gn.random {distribution = "normal", dtype = f32, seed = 1 : i64, shape = array<i64: 2, 3>} : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$shape, TypeAttr:$dtype, StrAttr:$distribution,
                       DefaultValuedAttr<I64Attr, "0">:$seed);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise unary maps: result type equals operand type.
//===----------------------------------------------------------------------===//

class Gn_UnaryOp<string mnemonic, string summ, list<Trait> traits = [],
                 Type operandType = Gn_Tensor>
    : Gn_InferredOp<mnemonic, "inferSameAsInput(ctx, loc, adaptor.getInput(), types)",
                    !listconcat(traits, [Gn_Elementwise, Gn_SymbolicShapes])> {
  let summary = summ;
  let description = "Elementwise " # summ # [{.

    ```mlir
    %r = gn.}] # mnemonic # [{ %x : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

// Core maps: each has a direct scalar equivalent (arith/math).
def Gn_NegOp : Gn_UnaryOp<"neg", "negation">;
def Gn_AbsOp : Gn_UnaryOp<"abs", "absolute value">;
def Gn_ExpOp : Gn_UnaryOp<"exp", "exponential", [], Gn_FloatTensor>;
def Gn_LogOp : Gn_UnaryOp<"log", "natural logarithm", [], Gn_FloatTensor>;
def Gn_Log1pOp : Gn_UnaryOp<"log1p", "log(1 + x)", [], Gn_FloatTensor>;
def Gn_SqrtOp : Gn_UnaryOp<"sqrt", "square root", [], Gn_FloatTensor>;
def Gn_RsqrtOp : Gn_UnaryOp<"rsqrt", "reciprocal square root", [], Gn_FloatTensor>;
def Gn_SinOp : Gn_UnaryOp<"sin", "sine", [], Gn_FloatTensor>;
def Gn_CosOp : Gn_UnaryOp<"cos", "cosine", [], Gn_FloatTensor>;
def Gn_TanhOp : Gn_UnaryOp<"tanh", "hyperbolic tangent", [], Gn_FloatTensor>;
def Gn_ErfOp : Gn_UnaryOp<"erf", "error function", [], Gn_FloatTensor>;
def Gn_FloorOp : Gn_UnaryOp<"floor", "floor", [], Gn_FloatTensor>;
def Gn_CeilOp : Gn_UnaryOp<"ceil", "ceiling", [], Gn_FloatTensor>;
def Gn_RoundOp : Gn_UnaryOp<"round", "round half to even", [], Gn_FloatTensor>;
def Gn_TruncOp : Gn_UnaryOp<"trunc", "round toward zero", [], Gn_FloatTensor>;
def Gn_SignOp : Gn_UnaryOp<"sign", "sign (-1, 0 or 1)">;
def Gn_ReciprocalOp : Gn_UnaryOp<"reciprocal", "reciprocal 1 / x", [], Gn_FloatTensor>;
def Gn_NotOp : Gn_UnaryOp<"not", "bitwise not (logical not on i1)", [],
                          RankedTensorOf<[I1, I8, I16, I32, I64, UI8]>>;
def Gn_SigmoidOp : Gn_UnaryOp<"sigmoid", "logistic sigmoid", [], Gn_FloatTensor>;

// Composite activations: decompose into the core maps above.
def Gn_ReluOp : Gn_UnaryOp<"relu", "rectified linear unit max(x, 0)", [Gn_Composite]>;
def Gn_SiluOp : Gn_UnaryOp<"silu", "x * sigmoid(x)", [Gn_Composite], Gn_FloatTensor>;
def Gn_MishOp : Gn_UnaryOp<"mish", "x * tanh(softplus(x))", [Gn_Composite], Gn_FloatTensor>;
def Gn_HardswishOp : Gn_UnaryOp<"hardswish", "x * relu6(x + 3) / 6", [Gn_Composite], Gn_FloatTensor>;
def Gn_HardsigmoidOp : Gn_UnaryOp<"hardsigmoid", "relu6(x + 3) / 6", [Gn_Composite], Gn_FloatTensor>;

class Gn_ParamUnaryOp<string mnemonic, string summ, dag attrs,
                      string attrFormat>
    : Gn_InferredOp<mnemonic, "inferSameAsInput(ctx, loc, adaptor.getInput(), types)",
                    [Gn_Elementwise, Gn_Composite, Gn_SymbolicShapes]> {
  let summary = summ;
  let description = "Elementwise " # summ # [{; decomposes into core maps.

    ```mlir
    %r = gn.}] # mnemonic # [{ %x }] # attrFormat # [{ : tensor<4xf32>
    ```
  }];
  let arguments = !con((ins Gn_FloatTensor:$input), attrs);
  let results = (outs Gn_FloatTensor:$result);
}

def Gn_GeluOp : Gn_ParamUnaryOp<"gelu", "Gaussian error linear unit",
    (ins DefaultValuedStrAttr<StrAttr, "none">:$approximate), "{approximate = \"tanh\"}"> {
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}
def Gn_LeakyReluOp : Gn_ParamUnaryOp<"leaky_relu", "leaky relu x >= 0 ? x : slope * x",
    (ins F64Attr:$negative_slope), "slope 0.01"> {
  let assemblyFormat = "$input `slope` $negative_slope attr-dict `:` type($input)";
}
def Gn_EluOp : Gn_ParamUnaryOp<"elu", "exponential linear unit",
    (ins F64Attr:$alpha), "alpha 1.0"> {
  let assemblyFormat = "$input `alpha` $alpha attr-dict `:` type($input)";
}
def Gn_SoftplusOp : Gn_ParamUnaryOp<"softplus",
    "softplus log(1 + exp(beta * x)) / beta, linear above threshold",
    (ins F64Attr:$beta, F64Attr:$threshold), "beta 1.0 threshold 20.0"> {
  let assemblyFormat = "$input `beta` $beta `threshold` $threshold attr-dict `:` type($input)";
}

def Gn_ClampOp : Gn_InferredOp<"clamp",
    "inferSameAsInput(ctx, loc, adaptor.getInput(), types)", [Gn_Elementwise, Gn_SymbolicShapes]> {
  let summary = "elementwise clamp to [min, max]; either bound may be absent";
  let description = [{
    ```mlir
    %r = gn.clamp %x {max = 6.0 : f64, min = 0.0 : f64} : tensor<4xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, OptionalAttr<F64Attr>:$min, OptionalAttr<F64Attr>:$max);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Gn_ConvertOp : Gn_InferredOp<"convert",
    "inferConvert(ctx, loc, adaptor.getInput(), adaptor.getDtype(), types)",
    [Gn_Elementwise, Gn_SymbolicShapes]> {
  let summary = "elementwise element-type conversion (torch .to(dtype))";
  let description = [{
    Float to integer as PyTorch's and PaddlePaddle's CPU kernels convert
    (interpreter and kernels alike; `convertFloatToInt` in
    gn/Support/NumericCast.h): truncation toward zero into i64 (for i64 and
    ui8) or i32 (the other types), NaN and out-of-range values giving that
    type's minimum, then the result type's low bits (-1.5 to ui8 is 255, 300
    to i8 is 44). Anything to i1 is `!= 0`.

    ```mlir
    %r = gn.convert %x {dtype = f16} : tensor<4xf32> -> tensor<4xf16>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, TypeAttr:$dtype);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary maps with numpy-style broadcasting. Operands share the
// element type (the importer applies torch's type promotion explicitly).
//===----------------------------------------------------------------------===//

class Gn_BinaryOp<string mnemonic, string summ, string inferFn = "inferBroadcastBinary",
                  list<Trait> traits = []>
    : Gn_InferredOp<mnemonic, inferFn # "(ctx, loc, adaptor.getLhs(), adaptor.getRhs(), types)",
                    !listconcat(traits, [Gn_Elementwise, Gn_SymbolicShapes])> {
  let summary = summ;
  let description = "Elementwise " # summ # [{, operands broadcast numpy-style.

    ```mlir
    %r = gn.}] # mnemonic # [{ %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$lhs, Gn_Tensor:$rhs);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
}

def Gn_AddOp : Gn_BinaryOp<"add", "addition", "inferBroadcastBinary", [Commutative]>;
def Gn_SubOp : Gn_BinaryOp<"sub", "subtraction">;
def Gn_MulOp : Gn_BinaryOp<"mul", "multiplication", "inferBroadcastBinary", [Commutative]>;
def Gn_DivOp : Gn_BinaryOp<"div", "true division (integers: truncating)">;
def Gn_FloorDivOp : Gn_BinaryOp<"floor_div", "division rounded toward -inf">;
def Gn_RemOp : Gn_BinaryOp<"rem", "Python-style remainder (sign of the divisor)">;
def Gn_PowOp : Gn_BinaryOp<"pow", "power lhs ** rhs">;
def Gn_MaximumOp : Gn_BinaryOp<"maximum", "maximum", "inferBroadcastBinary", [Commutative]>;
def Gn_MinimumOp : Gn_BinaryOp<"minimum", "minimum", "inferBroadcastBinary", [Commutative]>;
def Gn_Atan2Op : Gn_BinaryOp<"atan2", "atan2(lhs, rhs)">;
def Gn_AndOp : Gn_BinaryOp<"and", "bitwise and (logical and on i1)", "inferBroadcastBinary", [Commutative]>;
def Gn_OrOp : Gn_BinaryOp<"or", "bitwise or (logical or on i1)", "inferBroadcastBinary", [Commutative]>;
def Gn_XorOp : Gn_BinaryOp<"xor", "bitwise xor", "inferBroadcastBinary", [Commutative]>;

def Gn_EqOp : Gn_BinaryOp<"eq", "equality, result i1", "inferBroadcastCompare", [Commutative]>;
def Gn_NeOp : Gn_BinaryOp<"ne", "inequality, result i1", "inferBroadcastCompare", [Commutative]>;
def Gn_LtOp : Gn_BinaryOp<"lt", "less-than, result i1", "inferBroadcastCompare">;
def Gn_LeOp : Gn_BinaryOp<"le", "less-or-equal, result i1", "inferBroadcastCompare">;
def Gn_GtOp : Gn_BinaryOp<"gt", "greater-than, result i1", "inferBroadcastCompare">;
def Gn_GeOp : Gn_BinaryOp<"ge", "greater-or-equal, result i1", "inferBroadcastCompare">;

def Gn_WhereOp : Gn_InferredOp<"where",
    "inferWhere(ctx, loc, adaptor.getCondition(), adaptor.getLhs(), adaptor.getRhs(), types)",
    [Gn_Elementwise, Gn_SymbolicShapes]> {
  let summary = "elementwise select: condition ? lhs : rhs, broadcasting";
  let description = [{
    ```mlir
    %r = gn.where %m, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Gn_BoolTensor:$condition, Gn_Tensor:$lhs, Gn_Tensor:$rhs);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$condition `,` $lhs `,` $rhs attr-dict `:` type($condition) `,` "
                       "type($lhs) `,` type($rhs) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Gn_ReshapeOp : Gn_InferredOp<"reshape",
    "inferReshape(ctx, loc, adaptor.getInput(), adaptor.getShape(), adaptor.getSymShapeAttr(), "
    "types)", [Gn_SymbolicShapes]> {
  let summary = "reshape to a static shape with the same element count";
  let description = [{
    Covers torch's view, reshape, flatten, unflatten, squeeze and unsqueeze.

    ```mlir
    %r = gn.reshape %x [6] : tensor<2x3xf32> -> tensor<6xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$shape,
                   OptionalAttr<Gn_DimsAttr>:$sym_shape);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input $shape attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  // Static shapes need no sym_shape: the verifier refuses a symbolic input
  // without it.
  let builders = [
    OpBuilder<(ins "::mlir::Value":$input, "::llvm::ArrayRef<int64_t>":$shape), [{
      build($_builder, $_state, input, shape, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::DenseI64ArrayAttr":$shape), [{
      build($_builder, $_state, input, shape, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$input,
                   "::llvm::ArrayRef<int64_t>":$shape), [{
      build($_builder, $_state, result, input, shape, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$input,
                   "::mlir::DenseI64ArrayAttr":$shape), [{
      build($_builder, $_state, result, input, shape, ::mlir::gn::DimsAttr());
    }]>
  ];
}

def Gn_TransposeOp : Gn_InferredOp<"transpose",
    "inferTranspose(ctx, loc, adaptor.getInput(), adaptor.getPermutation(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "permute dimensions: result dim i is input dim permutation[i]";
  let description = [{
    ```mlir
    %r = gn.transpose %x [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input $permutation attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// Whether only the last two dims trade places (a matrix transpose of
    /// each batch element).
    bool swapsLastTwoDims();
  }];
}

def Gn_BroadcastToOp : Gn_InferredOp<"broadcast_to",
    "inferBroadcastTo(ctx, loc, adaptor.getInput(), adaptor.getShape(), "
    "adaptor.getSymShapeAttr(), types)", [Gn_SymbolicShapes]> {
  let summary = "numpy-style broadcast to a static shape (torch expand)";
  let description = [{
    ```mlir
    %r = gn.broadcast_to %x [4, 3] : tensor<1x3xf32> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$shape,
                   OptionalAttr<Gn_DimsAttr>:$sym_shape);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input $shape attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  // Static shapes need no sym_shape: the verifier refuses a symbolic input
  // without it.
  let builders = [
    OpBuilder<(ins "::mlir::Value":$input, "::llvm::ArrayRef<int64_t>":$shape), [{
      build($_builder, $_state, input, shape, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::DenseI64ArrayAttr":$shape), [{
      build($_builder, $_state, input, shape, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$input,
                   "::llvm::ArrayRef<int64_t>":$shape), [{
      build($_builder, $_state, result, input, shape, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$input,
                   "::mlir::DenseI64ArrayAttr":$shape), [{
      build($_builder, $_state, result, input, shape, ::mlir::gn::DimsAttr());
    }]>
  ];
}

def Gn_SliceOp : Gn_InferredOp<"slice",
    "inferSlice(ctx, loc, adaptor.getInput(), adaptor.getStarts(), adaptor.getLimits(), "
    "adaptor.getSteps(), adaptor.getSymLimitsAttr(), types)", [Gn_SymbolicShapes]> {
  let summary = "strided slice: per dim [start, limit) with a positive step";
  let description = [{
    Bounds are already clamped to the dimension (Python slice semantics are
    resolved by the importer).

    ```mlir
    %r = gn.slice %x starts [0, 1] limits [2, 3] steps [1, 1] : tensor<2x3xf32> -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$starts,
                   DenseI64ArrayAttr:$limits, DenseI64ArrayAttr:$steps,
                   OptionalAttr<Gn_DimsAttr>:$sym_limits);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `starts` $starts `limits` $limits `steps` $steps attr-dict "
                       "`:` type($input) `->` type($result)";
  let hasFolder = 1;
  // Static limits need no sym_limits.
  let builders = [
    OpBuilder<(ins "::mlir::Value":$input, "::llvm::ArrayRef<int64_t>":$starts,
                   "::llvm::ArrayRef<int64_t>":$limits, "::llvm::ArrayRef<int64_t>":$steps), [{
      build($_builder, $_state, input, starts, limits, steps, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::DenseI64ArrayAttr":$starts,
                   "::mlir::DenseI64ArrayAttr":$limits, "::mlir::DenseI64ArrayAttr":$steps), [{
      build($_builder, $_state, input, starts, limits, steps, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$input,
                   "::llvm::ArrayRef<int64_t>":$starts, "::llvm::ArrayRef<int64_t>":$limits,
                   "::llvm::ArrayRef<int64_t>":$steps), [{
      build($_builder, $_state, result, input, starts, limits, steps, ::mlir::gn::DimsAttr());
    }]>
  ];
}

def Gn_InsertSliceOp : Gn_InferredOp<"insert_slice",
    "inferInsertSlice(ctx, loc, adaptor.getDest(), adaptor.getSource(), adaptor.getStarts(), "
    "adaptor.getLimits(), adaptor.getSteps(), adaptor.getSymLimitsAttr(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "dest with a strided slice replaced by source (x[...] = v)";
  let description = [{
    `source` has exactly the shape of the slice.

    ```mlir
    %r = gn.insert_slice %v into %x starts [0] limits [2] steps [1] : tensor<2xf32> into tensor<4xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$source, Gn_Tensor:$dest, DenseI64ArrayAttr:$starts,
                   DenseI64ArrayAttr:$limits, DenseI64ArrayAttr:$steps,
                   OptionalAttr<Gn_DimsAttr>:$sym_limits);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$source `into` $dest `starts` $starts `limits` $limits `steps` $steps "
                       "attr-dict `:` type($source) `into` type($dest)";
  let hasCanonicalizer = 1;
  // Static limits need no sym_limits.
  let builders = [
    OpBuilder<(ins "::mlir::Value":$source, "::mlir::Value":$dest,
                   "::llvm::ArrayRef<int64_t>":$starts, "::llvm::ArrayRef<int64_t>":$limits,
                   "::llvm::ArrayRef<int64_t>":$steps), [{
      build($_builder, $_state, source, dest, starts, limits, steps, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Value":$source, "::mlir::Value":$dest,
                   "::mlir::DenseI64ArrayAttr":$starts, "::mlir::DenseI64ArrayAttr":$limits,
                   "::mlir::DenseI64ArrayAttr":$steps), [{
      build($_builder, $_state, source, dest, starts, limits, steps, ::mlir::gn::DimsAttr());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$source, "::mlir::Value":$dest,
                   "::llvm::ArrayRef<int64_t>":$starts, "::llvm::ArrayRef<int64_t>":$limits,
                   "::llvm::ArrayRef<int64_t>":$steps), [{
      build($_builder, $_state, result, source, dest, starts, limits, steps,
            ::mlir::gn::DimsAttr());
    }]>
  ];
}

def Gn_ConcatOp : Gn_InferredOp<"concat",
    "inferConcat(ctx, loc, adaptor.getInputs(), adaptor.getDim(), types)", [Gn_SymbolicShapes]> {
  let summary = "concatenate along a dimension (torch.cat)";
  let description = [{
    ```mlir
    %r = gn.concat %a, %b dim 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
    ```
  }];
  let arguments = (ins Variadic<Gn_Tensor>:$inputs, I64Attr:$dim);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$inputs `dim` $dim attr-dict `:` functional-type($inputs, $result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Gn_PadOp : Gn_InferredOp<"pad",
    "inferPad(ctx, loc, adaptor.getInput(), adaptor.getLow(), adaptor.getHigh(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "pad each dim by low/high (non-negative) with a constant or by reflection";
  let description = [{
    `mode` is `constant`, `reflect`, `replicate` or `circular`.

    ```mlir
    %r = gn.pad %x low [0, 1] high [0, 1] {mode = "constant", value = 0.0 : f64} : tensor<2x3xf32> -> tensor<2x5xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$low, DenseI64ArrayAttr:$high,
                   DefaultValuedStrAttr<StrAttr, "constant">:$mode,
                   DefaultValuedAttr<F64Attr, "0.0">:$value);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `low` $low `high` $high attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The smallest size dim `d` of the input may have: the padding reads
    /// the input (reflect mirrors about the edge element, at most n - 1 to
    /// a side, as torch; replicate and circular need one element); 0 for
    /// constant padding or none. The verifier checks it at the types'
    /// sizes, a symbolic program's runtime at each binding.
    int64_t minInputSize(unsigned d);
  }];
}

def Gn_TileOp : Gn_InferredOp<"tile",
    "inferTile(ctx, loc, adaptor.getInput(), adaptor.getMultiples(), types)", [Gn_SymbolicShapes]> {
  let summary = "repeat the whole tensor along each dim (torch repeat)";
  let description = [{
    ```mlir
    %r = gn.tile %x [2, 1] : tensor<2x3xf32> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$multiples);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input $multiples attr-dict `:` type($input) `->` type($result)";
}

def Gn_FlipOp : Gn_InferredOp<"flip",
    "inferFlip(ctx, loc, adaptor.getInput(), adaptor.getDims(), types)", [Gn_SymbolicShapes]> {
  let summary = "reverse the order of elements along dims";
  let description = [{
    ```mlir
    %r = gn.flip %x [1] : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$dims);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input $dims attr-dict `:` type($input)";
  let hasFolder = 1;
}

def Gn_RollOp : Gn_InferredOp<"roll",
    "inferRoll(ctx, loc, adaptor.getInput(), adaptor.getShifts(), adaptor.getDims(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "rotate elements along dims by shifts (torch.roll)";
  let description = [{
    ```mlir
    %r = gn.roll %x shifts [1] dims [0] : tensor<4xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$shifts, DenseI64ArrayAttr:$dims);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `shifts` $shifts `dims` $dims attr-dict `:` type($input)";
  let hasFolder = 1;
}

def Gn_SpecializeOp : Gn_InferredOp<"specialize",
    "inferSpecialize(ctx, loc, adaptor.getInput(), adaptor.getDims(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "a guard: symbolic dims pinned to their compile example's sizes";
  let description = [{
    The value itself, with the listed symbolic dims made static at their
    sizes at the compile example. An op that needs a symbolic dim at one
    size (a position table of fixed length added to a sequence, a reshape to
    literal sizes) reads the guard's result; when the symbols are bound, the
    guard is checked before anything runs, and a binding at which the dim
    has another size is refused, naming the guard's location (the model's
    line) (docs/symbolic-shapes.md, "Guards").

    ```mlir
    %r = gn.specialize %x [1] : tensor<2x197xf32, #gn.dims<["s0", "floordiv(s1, 16)^2 + 1"]>> -> tensor<2x197xf32, #gn.dims<["s0", ""]>>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$dims);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input $dims attr-dict `:` type($input) `->` type($result)";
}

def Gn_TriangularOp : Gn_InferredOp<"triangular",
    "inferTriangular(ctx, loc, adaptor.getInput(), types)", [Gn_SymbolicShapes]> {
  let summary = "keep the lower (tril) or upper (triu) triangle of the last two dims";
  let description = [{
    Elements outside the triangle bounded by `diagonal` become zero.

    ```mlir
    %r = gn.triangular %x {diagonal = 1 : i64, upper = true} : tensor<4x4xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, I64Attr:$diagonal, BoolAttr:$upper);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// Gather / scatter
//===----------------------------------------------------------------------===//

def Gn_NonzeroOp : Gn_InferredOp<"nonzero",
    "inferNonzero(ctx, loc, adaptor.getInput(), adaptor.getCount(), types)", [], 0> {
  let summary = "indices of the nonzero elements, specialized to their count";
  let description = [{
    Row-major indices (count x rank, i64) of the elements of `input` that
    are not zero (torch.nonzero, paddle nonzero; a boolean mask's true
    elements, so masked_select and indexing by a mask too). How many there
    are depends on the values: the op is specialized to `count`, learned
    from a run (gn's shape specialization: the eager run that finds another
    count fails with a shape guard naming `site`, the data-dependent op's
    ordinal in the sample, and the count it found; the importer then takes
    that count for that site, and the run starts again). A compiled program
    checks the same guard: it never returns indices it has no room for, or
    rows it did not write. The guard is a side effect: a nonzero whose
    indices are not used still runs (a count that only decided the graph's
    shape, e.g. that no proposal survives, is still checked).

    ```mlir
    %i = gn.nonzero %m count 3 site 0 : tensor<2x4xi1> -> tensor<3x2xi64>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, I64Attr:$count, I64Attr:$site);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = "$input `count` $count `site` $site attr-dict `:` type($input) `->` "
                       "type($result)";
}

def Gn_SizeGuardOp : Gn_InferredOp<"size_guard",
    "inferSameAsInput(ctx, loc, adaptor.getInput(), types)", [], 0> {
  let summary = "the input, guarded: the size its values give is the one the graph was specialized to";
  let description = [{
    A size read from a tensor's values, not its shape: their sum
    (`measure` = "sum": the length of repeat_interleave with a tensor of
    repeats) or their largest plus one ("max_plus_one": bincount's number of
    bins; 0 for an empty tensor), at least `at_least`. As with gn.nonzero,
    the graph is specialized to `size`, learned from a run (the import's
    data-dependent `site`); a run whose values give another size fails with
    a shape guard naming the site and the size found, and a negative value
    fails the run (no size is negative). The result is the input itself, so
    that what is built on the size reads it after the check. The guard is a
    side effect: the op is never erased as dead.

    ```mlir
    %r = gn.size_guard %x "sum" at_least 0 size 5 site 0 : tensor<3xi64>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I64]>:$input, StrAttr:$measure, I64Attr:$at_least, I64Attr:$size,
                       I64Attr:$site);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input $measure `at_least` $at_least `size` $size `site` $site attr-dict "
                       "`:` type($input)";
  let hasVerifier = 1;
}

def Gn_CheckOp : Gn_InferredOp<"check",
    "inferSameAsInput(ctx, loc, adaptor.getInput(), types)", [], 0> {
  let summary = "the input, once a condition on values holds everywhere (else the run fails)";
  let description = [{
    Where PyTorch raises on values (a singular matrix to invert, an istft
    window whose overlap-add vanishes), gn computes the condition `holds`
    and fails the run with the message of the check named `what`
    (gn/Support/RuntimeErrors.h's kValueChecks) where any element is false,
    rather than returning inf or NaN. The result is the input itself, so
    that what reads the value runs after the check. The check is a side
    effect: the op is never erased as dead.

    ```mlir
    %r = gn.check %inv if %ok "singular_matrix" : tensor<3x3xf32>, tensor<i1>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, Gn_BoolTensor:$holds, StrAttr:$what);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `if` $holds $what attr-dict `:` type($input) `,` type($holds)";
  let hasVerifier = 1;
}

def Gn_IndexSelectOp : Gn_InferredOp<"index_select",
    "inferIndexSelect(ctx, loc, adaptor.getInput(), adaptor.getIndex(), adaptor.getDim(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "take slices along dim at the given indices (numpy take)";
  let description = [{
    result shape = input.shape[:dim] + index.shape + input.shape[dim+1:].
    Negative indices count from the end where `wrap_negative` (the default:
    advanced indexing, torch.take, Paddle's gather and index_select); where
    it is false a negative index is out of range and fails the run, as
    torch.index_select and embedding raise. An index out of range always
    fails the run. Covers embedding, index_select and single-tensor
    advanced indexing.

    ```mlir
    %r = gn.index_select %w[%i] dim 0 : tensor<10x4xf32>, tensor<2x3xi64> -> tensor<2x3x4xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, Gn_IndexTensor:$index, I64Attr:$dim,
                   DefaultValuedAttr<BoolAttr, "true">:$wrap_negative);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `[` $index `]` `dim` $dim attr-dict `:` type($input) `,` "
                       "type($index) `->` type($result)";
}

def Gn_GatherOp : Gn_InferredOp<"gather",
    "inferGather(ctx, loc, adaptor.getInput(), adaptor.getIndex(), adaptor.getDim(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "torch.gather: result[i][j] = input[index[i][j]][j] for dim 0";
  let description = [{
    Negative indices count from the end where `wrap_negative` (the default:
    take_along_dim, Paddle's take_along_axis); where it is false they fail
    the run, as torch.gather raises.

    ```mlir
    %r = gn.gather %x[%i] dim 1 : tensor<2x5xf32>, tensor<2x3xi64> -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, Gn_IndexTensor:$index, I64Attr:$dim,
                   DefaultValuedAttr<BoolAttr, "true">:$wrap_negative);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `[` $index `]` `dim` $dim attr-dict `:` type($input) `,` "
                       "type($index) `->` type($result)";
}

def Gn_ScatterOp : Gn_InferredOp<"scatter",
    "inferScatter(ctx, loc, adaptor.getInput(), adaptor.getIndex(), adaptor.getSource(), "
    "adaptor.getDim(), types)"> {
  let summary = "torch.scatter / scatter_add / scatter_reduce along dim";
  let description = [{
    `reduce` is `none` (overwrite), `add`, `mul`, `amax`, `amin` or `mean`.
    Negative indices count from the end where `wrap_negative` (the default:
    index_put, Paddle's scatter and put_along_axis); where it is false they
    fail the run, as torch.scatter and index_add raise.

    ```mlir
    %r = gn.scatter %src into %x[%i] dim 0 {reduce = "add"} : tensor<3xf32> into tensor<5xf32>, tensor<3xi64>
    ```
  }];
  let arguments = (ins Gn_Tensor:$source, Gn_Tensor:$input, Gn_IndexTensor:$index, I64Attr:$dim,
                   DefaultValuedStrAttr<StrAttr, "none">:$reduce,
                   DefaultValuedAttr<BoolAttr, "true">:$include_self,
                   DefaultValuedAttr<BoolAttr, "true">:$wrap_negative);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$source `into` $input `[` $index `]` `dim` $dim attr-dict `:` "
                       "type($source) `into` type($input) `,` type($index)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class Gn_ReduceOp<string mnemonic, string summ, list<Trait> traits = []>
    : Gn_InferredOp<mnemonic,
          "inferReduce(ctx, loc, adaptor.getInput(), adaptor.getDims(), adaptor.getKeepdim(), types)",
          !listconcat(traits, [Gn_SymbolicShapes])> {
  let summary = summ # " over dims";
  let description = summ # [{ over `dims` (sorted, unique); reduced dims are
    kept with size 1 when `keepdim`.

    ```mlir
    %r = gn.}] # mnemonic # [{ %x dims [1] : tensor<2x3xf32> -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, DenseI64ArrayAttr:$dims,
                   DefaultValuedAttr<BoolAttr, "false">:$keepdim);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `dims` $dims attr-dict `:` type($input) `->` type($result)";
}

def Gn_ReduceSumOp : Gn_ReduceOp<"reduce_sum", "sum">;
def Gn_ReduceProdOp : Gn_ReduceOp<"reduce_prod", "product">;
def Gn_ReduceMaxOp : Gn_ReduceOp<"reduce_max", "maximum">;
def Gn_ReduceMinOp : Gn_ReduceOp<"reduce_min", "minimum">;
def Gn_ReduceAnyOp : Gn_ReduceOp<"reduce_any", "logical or">;
def Gn_ReduceAllOp : Gn_ReduceOp<"reduce_all", "logical and">;
def Gn_ReduceMeanOp : Gn_ReduceOp<"reduce_mean", "arithmetic mean", [Gn_Composite]>;

def Gn_VarianceOp : Gn_InferredOp<"variance",
    "inferReduce(ctx, loc, adaptor.getInput(), adaptor.getDims(), adaptor.getKeepdim(), types)",
    [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = "variance over dims with a correction (Bessel: 1)";
  let description = [{
    ```mlir
    %r = gn.variance %x dims [1] {correction = 1 : i64} : tensor<2x3xf32> -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, DenseI64ArrayAttr:$dims,
                   DefaultValuedAttr<BoolAttr, "false">:$keepdim,
                   DefaultValuedAttr<I64Attr, "1">:$correction);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `dims` $dims attr-dict `:` type($input) `->` type($result)";
}

class Gn_ArgReduceOp<string mnemonic, string summ>
    : Gn_InferredOp<mnemonic,
          "inferArgReduce(ctx, loc, adaptor.getInput(), adaptor.getDim(), adaptor.getKeepdim(), types)",
          [Gn_SymbolicShapes]> {
  let summary = "index (i64) of the " # summ # " along dim (first one on ties)";
  let description = [{
    ```mlir
    %r = gn.}] # mnemonic # [{ %x dim 1 : tensor<2x3xf32> -> tensor<2xi64>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, I64Attr:$dim,
                   DefaultValuedAttr<BoolAttr, "false">:$keepdim);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = "$input `dim` $dim attr-dict `:` type($input) `->` type($result)";
}
def Gn_ArgMaxOp : Gn_ArgReduceOp<"argmax", "maximum">;
def Gn_ArgMinOp : Gn_ArgReduceOp<"argmin", "minimum">;

def Gn_TopKOp : Gn_InferredOp<"top_k",
    "inferTopK(ctx, loc, adaptor.getInput(), adaptor.getK(), adaptor.getDim(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "indices (i64) of the k largest (or smallest) elements along dim";
  let description = [{
    Sorted: the largest first when `largest`, else the smallest first. NaN
    counts as larger than any number. `ties` says which of equal values
    comes first, as the reference frameworks' CPU kernels choose (the
    interpreter and the CPU target; the CUDA target's rank kernel always
    takes the lower index first, as PyTorch's CUDA kernels do):
    - `"index"`: the lower index first (a stable sort);
    - `"sort"`: as libstdc++'s std::sort of (value, index) pairs under a
      comparator on values (PyTorch's and PaddlePaddle's sort / argsort
      without stable);
    - `"select"`: std::partial_sort when k * 64 <= the dim's size, else
      std::nth_element at k - 1 and a std::sort of the k - 1 before it
      (PyTorch's topk);
    - `"select-strict"`: the same with k * 64 < the size (PaddlePaddle's
      topk and kthvalue);
    - `"quickselect"`: only the k-th is chosen, by the median-of-three
      quickselect (Sedgewick's partitioning) that PyTorch's kthvalue runs on
      (value, index) pairs; the k - 1 before it are the others of the k, in
      the order that selection leaves them (torch.kthvalue reads the k-th
      only).
    Without `ties`: `"index"` when k is the dim's size, else
    `"select-strict"`. The values are a `gn.gather` of the input at these
    indices (torch.topk, paddle topk; with k = the dim's size, argsort).
    ```mlir
    %i = gn.top_k %x k 2 dim 1 {largest = true} : tensor<3x5xf32> -> tensor<3x2xi64>
    %j = gn.top_k %x k 5 dim 1 {largest = false, ties = "sort"} : tensor<3x5xf32> -> tensor<3x5xi64>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, I64Attr:$k, I64Attr:$dim,
                   DefaultValuedAttr<BoolAttr, "true">:$largest,
                   OptionalAttr<StrAttr>:$ties);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = "$input `k` $k `dim` $dim attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Gn_CumSumOp : Gn_InferredOp<"cumsum",
    "inferCumSum(ctx, loc, adaptor.getInput(), adaptor.getDim(), types)", [Gn_SymbolicShapes]> {
  let summary = "inclusive prefix sum along dim";
  let description = [{
    ```mlir
    %r = gn.cumsum %x dim 0 : tensor<4xi64>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, I64Attr:$dim);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `dim` $dim attr-dict `:` type($input)";
}

def Gn_CumProdOp : Gn_InferredOp<"cumprod",
    "inferCumSum(ctx, loc, adaptor.getInput(), adaptor.getDim(), types)", [Gn_SymbolicShapes]> {
  let summary = "inclusive prefix product along dim";
  let description = [{
    A running product in order along each line, as both frameworks'
    kernels multiply (`0 * 3e38 * -3e38` is -0, where a product tree's
    order gives NaN). With `accumulate_f64` (the default, PyTorch's CPU
    kernel) the product runs in f64 and each prefix is stored in the element
    type; without (PaddlePaddle's) each step rounds to the element type,
    so a product can underflow to 0 midway.

    ```mlir
    %r = gn.cumprod %x dim 1 {accumulate_f64 = false} : tensor<2x5xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$input, I64Attr:$dim,
                   DefaultValuedAttr<BoolAttr, "true">:$accumulate_f64);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$input `dim` $dim attr-dict `:` type($input)";
}

class Gn_SoftmaxLikeOp<string mnemonic, string summ>
    : Gn_InferredOp<mnemonic,
          "inferSoftmax(ctx, loc, adaptor.getInput(), adaptor.getDim(), types)", [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = summ # " along dim";
  let description = [{
    ```mlir
    %r = gn.}] # mnemonic # [{ %x dim 1 : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, I64Attr:$dim);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `dim` $dim attr-dict `:` type($input)";
}
def Gn_SoftmaxOp : Gn_SoftmaxLikeOp<"softmax", "softmax">;
def Gn_LogSoftmaxOp : Gn_SoftmaxLikeOp<"log_softmax", "log of softmax">;

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def Gn_MatmulOp : Gn_InferredOp<"matmul",
    "inferMatmul(ctx, loc, adaptor.getLhs(), adaptor.getRhs(), adaptor.getTransposeLhs(), "
    "adaptor.getTransposeRhs(), adaptor.getWiden(), adaptor.getTransposeResult(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "torch.matmul: 1-d promotion and batch broadcasting";
  let description = [{
    `transpose_lhs` (`transpose_rhs`) says that operand is stored with its
    last two dims swapped: the product reads it transposed, as a GEMM's
    trans flag does. The folder moves a `gn.transpose` of the last two dims
    into these flags, so no transposed copy is made. `widen`: f16 or bf16
    operands and an f32 result, the product of the operands converted to
    f32 (every product of two such values is exact in f32, summed in f32)
    without the f32 copies: a GEMM library's half inputs with compute and
    output type f32 (gn-narrow-matmul). `transpose_result`: the result is
    given with its last batch dim and its rows swapped, [.., B, M, N]
    computed, [.., M, B, N] given (rank >= 3): attention's P @ V written
    straight in the [rows, heads, cols] order the output projection reads,
    as a GEMM library writes with output strides (gn-hoist-views).

    ```mlir
    %r = gn.matmul %a, %b : tensor<4x2x3xf32>, tensor<3x5xf32> -> tensor<4x2x5xf32>
    %s = gn.matmul %a, %c {transpose_rhs} : tensor<4x2x3xf32>, tensor<5x3xf32> -> tensor<4x2x5xf32>
    ```
  }];
  let arguments = (ins Gn_Tensor:$lhs, Gn_Tensor:$rhs, UnitAttr:$transpose_lhs,
                   UnitAttr:$transpose_rhs, UnitAttr:$widen, UnitAttr:$transpose_result);
  let hasFolder = 1;
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
}

def Gn_LinearOp : Gn_InferredOp<"linear",
    "inferLinear(ctx, loc, adaptor.getInput(), adaptor.getWeight(), adaptor.getBias(), types)",
    [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = "input @ weight^T + bias (torch linear)";
  let description = [{
    ```mlir
    %r = gn.linear %x, %w, %b : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
    %s = gn.linear %x, %w : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$weight,
                   Optional<Gn_FloatTensor>:$bias);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)";
}

def Gn_EinsumOp : Gn_InferredOp<"einsum",
    "inferEinsum(ctx, loc, adaptor.getInputs(), adaptor.getEquation(), types)",
    [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = "Einstein summation with an explicit `->` output";
  let description = [{
    ```mlir
    %r = gn.einsum "ij,jk->ik" %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins StrAttr:$equation, Variadic<Gn_Tensor>:$inputs);
  let results = (outs Gn_Tensor:$result);
  let assemblyFormat = "$equation $inputs attr-dict `:` functional-type($inputs, $result)";
}

def Gn_AttentionOp : Gn_InferredOp<"attention",
    "inferAttention(ctx, loc, adaptor.getQuery(), adaptor.getKey(), adaptor.getValue(), "
    "adaptor.getMask(), adaptor.getSeqFirstAttr() && adaptor.getSeqFirstAttr().getValue(), types)",
    [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = "scaled dot-product attention softmax(q k^T * scale + mask) v";
  let description = [{
    q: [..., L, E], k: [..., S, E], v: [..., S, Ev] -> [..., L, Ev]. A boolean
    mask keeps positions where it is true; a float mask is added. `scale`
    defaults to 1/sqrt(E). `is_causal` applies a lower-triangular mask.

    `seq_first`: q, k, v and the result hold the sequence before the heads,
    [..., L, H, E], as a linear projection writes them (no transposed
    copies); the batch dims are then [..., H], and the mask still
    broadcasts to the scores [..., H, L, S].

    ```mlir
    %r = gn.attention %q, %k, %v {is_causal = false} : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$query, Gn_FloatTensor:$key, Gn_FloatTensor:$value,
                   Optional<Gn_Tensor>:$mask,
                   DefaultValuedAttr<BoolAttr, "false">:$is_causal,
                   OptionalAttr<F64Attr>:$scale,
                   DefaultValuedAttr<BoolAttr, "false">:$enable_gqa,
                   DefaultValuedAttr<BoolAttr, "false">:$seq_first);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$query `,` $key `,` $value (`mask` $mask^)? attr-dict `:` functional-type(operands, results)";
}

def Gn_ProjectedAttentionOp : Gn_InferredOp<"projected_attention",
    "inferProjectedAttention(ctx, loc, adaptor.getQuery(), adaptor.getInput(), "
    "adaptor.getKeyWeight(), adaptor.getKeyBias(), adaptor.getValueWeight(), "
    "adaptor.getValueBias(), adaptor.getMask(), types)"> {
  let summary = "seq_first attention whose keys and values are projections of one input";
  let description = [{
    `gn.attention` with `seq_first` on q [..., L, H, E] and
      k = reshape(linear(input, key_weight, key_bias), [..., S, Hk, E])
      v = reshape(linear(input, value_weight, value_bias), [..., S, Hk, Ev])
    for input [..., S, D] (the same batch dims as q), key_weight [Hk * E, D]
    and value_weight [Hk * Ev, D]; H a multiple of Hk. The kernel projects
    a block of keys and values at a time and merges the blocks with an
    online softmax, so k and v are never stored whole: where the input
    stays live anyway (a residual stream), that saves both buffers.
    The result is [..., L, H, Ev]. `scale` defaults to 1/sqrt(E); the mask
    broadcasts to the scores [..., H, L, S] as for `gn.attention`.

    ```mlir
    %r = gn.projected_attention %q, %x, %wk, %bk, %wv, %bv : (tensor<1x8x2x4xf32>, tensor<1x8x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<1x8x2x4xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$query, Gn_FloatTensor:$input,
                   Gn_FloatTensor:$key_weight, Gn_FloatTensor:$key_bias,
                   Gn_FloatTensor:$value_weight, Gn_FloatTensor:$value_bias,
                   Optional<Gn_Tensor>:$mask, OptionalAttr<F64Attr>:$scale);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$query `,` $input `,` $key_weight `,` $key_bias `,` $value_weight `,` $value_bias (`mask` $mask^)? attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Convolution and pooling (NC + spatial layout, 1-3 spatial dims)
//===----------------------------------------------------------------------===//

def Gn_ConvOp : Gn_InferredOp<"conv",
    "inferConv(ctx, loc, adaptor.getInput(), adaptor.getWeight(), adaptor.getBias(), "
    "adaptor.getStride(), adaptor.getPadding(), adaptor.getDilation(), adaptor.getGroups(), "
    "adaptor.getChannelsLast(), types)",
    [Gn_SymbolicShapes]> {
  let summary = "grouped N-d convolution (cross-correlation), NC[D]HW layout";
  let description = [{
    input [N, C, *spatial], weight [O, C / groups, *kernel], optional bias [O].
    `padding` holds one symmetric amount per spatial dim.

    `channels_last` (set by gn-channels-last on the CPU, never imported):
    input [N, *spatial, C] and result [N, *spatial, O], the same
    convolution with its data stored channels last; weight and bias as
    above. Static shapes only.

    ```mlir
    %r = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$weight,
                   Optional<Gn_FloatTensor>:$bias, DenseI64ArrayAttr:$stride,
                   DenseI64ArrayAttr:$padding, DenseI64ArrayAttr:$dilation, I64Attr:$groups,
                   UnitAttr:$channels_last);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)";
  let hasCanonicalizer = 1;
}

def Gn_ConvTransposeOp : Gn_InferredOp<"conv_transpose",
    "inferConvTranspose(ctx, loc, adaptor.getInput(), adaptor.getWeight(), adaptor.getBias(), "
    "adaptor.getStride(), adaptor.getPadding(), adaptor.getOutputPadding(), adaptor.getDilation(), "
    "adaptor.getGroups(), types)", [Gn_SymbolicShapes]> {
  let summary = "grouped N-d transposed convolution, NC[D]HW layout";
  let description = [{
    input [N, C, *spatial], weight [C, O / groups, *kernel], optional bias [O].

    ```mlir
    %r = gn.conv_transpose %x, %w {dilation = array<i64: 1>, groups = 1 : i64, output_padding = array<i64: 0>, padding = array<i64: 0>, stride = array<i64: 2>} : (tensor<1x4x5xf32>, tensor<4x2x2xf32>) -> tensor<1x2x10xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$weight,
                   Optional<Gn_FloatTensor>:$bias, DenseI64ArrayAttr:$stride,
                   DenseI64ArrayAttr:$padding, DenseI64ArrayAttr:$output_padding,
                   DenseI64ArrayAttr:$dilation, I64Attr:$groups);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)";
}

class Gn_PoolOp<string mnemonic, string summ, dag extra>
    : Gn_InferredOp<mnemonic,
          "inferPool(ctx, loc, adaptor.getInput(), adaptor.getKernel(), adaptor.getStride(), "
          "adaptor.getPadding(), adaptor.getDilation(), adaptor.getCeilMode(), types)",
          [Gn_SymbolicShapes]> {
  let summary = summ # " over the trailing spatial dims";
  let description = [{
    ```mlir
    %r = gn.}] # mnemonic # [{ %x {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
    ```
  }];
  let arguments = !con((ins Gn_FloatTensor:$input, DenseI64ArrayAttr:$kernel,
                   DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$padding,
                   DenseI64ArrayAttr:$dilation, BoolAttr:$ceil_mode), extra);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}
def Gn_MaxPoolOp : Gn_PoolOp<"max_pool", "max pooling", (ins)>;
def Gn_AvgPoolOp : Gn_PoolOp<"avg_pool", "average pooling",
    (ins BoolAttr:$count_include_pad, OptionalAttr<I64Attr>:$divisor_override)>;

class Gn_AdaptivePoolOp<string mnemonic, string summ>
    : Gn_InferredOp<mnemonic,
          "inferAdaptivePool(ctx, loc, adaptor.getInput(), adaptor.getOutputSize(), types)",
          [Gn_SymbolicShapes]> {
  let summary = "adaptive " # summ # " to a fixed output size";
  let description = [{
    ```mlir
    %r = gn.}] # mnemonic # [{ %x [1, 1] : tensor<1x3x7x7xf32> -> tensor<1x3x1x1xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, DenseI64ArrayAttr:$output_size);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input $output_size attr-dict `:` type($input) `->` type($result)";
}
def Gn_AdaptiveAvgPoolOp : Gn_AdaptivePoolOp<"adaptive_avg_pool", "average pooling">;
def Gn_AdaptiveMaxPoolOp : Gn_AdaptivePoolOp<"adaptive_max_pool", "max pooling">;

def Gn_GridSampleOp : Gn_InferredOp<"grid_sample",
    "inferGridSample(ctx, loc, adaptor.getInput(), adaptor.getGrid(), types)"> {
  let summary = "sample NCHW input at normalized grid points (F.grid_sample)";
  let description = [{
    input [N, C, H, W], grid [N, Ho, Wo, 2] of (x, y) in [-1, 1] -> [N, C, Ho, Wo].
    `mode` is `bilinear`, `nearest` or `bicubic` (16 taps, A = -0.75);
    `padding_mode` `zeros` (taps outside read 0), `border` (coordinates
    clamped to the edge) or, for bicubic, `reflection` (each tap reflected
    at the edges, as PyTorch); `align_corners` maps -1 and 1 to the corner
    pixels' centers instead of their edges.
    ```mlir
    %r = gn.grid_sample %x, %g {align_corners = false, mode = "bilinear", padding_mode = "zeros"} : (tensor<1x3x8x8xf32>, tensor<1x4x4x2xf32>) -> tensor<1x3x4x4xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$grid, StrAttr:$mode,
                   StrAttr:$padding_mode, BoolAttr:$align_corners);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $grid attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Gn_RoiAlignOp : Gn_InferredOp<"roi_align",
    "inferRoiAlign(ctx, loc, adaptor.getInput(), adaptor.getBoxes(), adaptor.getBatchIndex(), "
    "adaptor.getPooledHeight(), adaptor.getPooledWidth(), types)"> {
  let summary = "average bilinear samples of each box's bins (RoIAlign: Paddle, torchvision)";
  let description = [{
    input [N, C, H, W], boxes [R, 4] of (x1, y1, x2, y2) in input pixels before
    `spatial_scale`, batch_index [R] (the image each box reads; negative counts
    from the end, out of range is an error) -> [R, C, pooled_height, pooled_width].
    A box is scaled and, with `aligned`, shifted by -0.5; without it, its width
    and height are at least 1. Each of its pooled_height x pooled_width bins
    averages a grid of gh x gw bilinear samples at the grid cells' centers:
    `sampling_ratio` each way when positive, else ceil(box size / pooled size)
    per axis, divided by gh * gw (PaddlePaddle's CPU kernel: an inverted box's
    empty grid gives 0 / 0 = NaN; torchvision divides by max(gh * gw, 1)). A
    sample outside [-1, H] x [-1, W]
    reads 0; one in [-1, 0] reads the edge (Detectron's rule, as Paddle's and
    torchvision's kernels). Computed in f64. A box whose size is not finite
    gives NaN.
    ```mlir
    %r = gn.roi_align %x, %boxes, %batch {aligned = true, pooled_height = 7 : i64, pooled_width = 7 : i64, sampling_ratio = 0 : i64, spatial_scale = 2.500000e-01 : f64} : (tensor<1x8x32x32xf32>, tensor<5x4xf32>, tensor<5xi64>) -> tensor<5x8x7x7xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$boxes, Gn_IndexTensor:$batch_index,
                   I64Attr:$pooled_height, I64Attr:$pooled_width, F64Attr:$spatial_scale,
                   I64Attr:$sampling_ratio, BoolAttr:$aligned);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $boxes `,` $batch_index attr-dict `:` functional-type(operands, results)";
}

def Gn_NmsOp : Gn_InferredOp<"nms", "inferNms(ctx, loc, adaptor.getBoxes(), types)"> {
  let summary = "greedy non-maximum suppression of boxes taken in index order";
  let description = [{
    boxes [K, 4] of (x1, y1, x2, y2), ordered by descending score -> keep [K]
    i1. Box k is kept when its IoU with every box kept before it is at most
    the threshold; IoU is 0 for boxes that do not overlap, each side
    `pixel_offset` (1 or 0) longer (PaddlePaddle's JaccardOverlap); NaN
    suppresses. After each kept box, while `eta` < 1 and the threshold is
    above 0.5, the threshold is multiplied by `eta` (adaptive NMS).
    Sequential: one thread walks the boxes (O(K^2) IoUs). In f64.
    ```mlir
    %keep = gn.nms %boxes {eta = 1.0 : f64, iou_threshold = 0.7 : f64, pixel_offset = false} : tensor<100x4xf32> -> tensor<100xi1>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$boxes, F64Attr:$iou_threshold, F64Attr:$eta,
                   BoolAttr:$pixel_offset);
  let results = (outs Gn_BoolTensor:$result);
  let assemblyFormat = "$boxes attr-dict `:` type($boxes) `->` type($result)";
}

def Gn_ResizeOp : Gn_InferredOp<"resize",
    "inferResize(ctx, loc, adaptor.getInput(), adaptor.getSize(), types)", [Gn_SymbolicShapes]> {
  let summary = "resample the spatial dims (F.interpolate)";
  let description = [{
    `mode` is `nearest`, `nearest-exact`, `linear` (also bilinear/trilinear)
    or `bicubic`. An output position o reads the input at floor(o * step)
    (nearest) or floor((o + 0.5) * step) (nearest-exact), both in float32 as
    PyTorch and PaddlePaddle compute them, or around (o + 0.5) * step - 0.5
    (linear, bicubic) in each spatial dim, step
    being `scales`' entry when given (the framework was given a scale
    factor and uses 1 / factor as is, which differs from in / out when
    in * factor is not a whole number; 0 where PaddlePaddle resizes to one
    position, which it reads from the start), else in / out; with
    `align_corners`, o * (in - 1) / (out - 1) whatever `scales` says.

    ```mlir
    %r = gn.resize %x [16, 16] {align_corners = false, mode = "nearest"} : tensor<1x3x8x8xf32> -> tensor<1x3x16x16xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, DenseI64ArrayAttr:$size, StrAttr:$mode,
                   BoolAttr:$align_corners, OptionalAttr<DenseF64ArrayAttr>:$scales);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input $size attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Input positions per output position along spatial dim `d` (0 is
    /// the first spatial dim): `scales`' entry, else in / out at the
    /// types' sizes.
    double inputStep(unsigned d);
    /// The same at sizes `in` and `out` (a symbolic program's, bound at run
    /// time: its types hold the compile example's).
    double inputStep(unsigned d, int64_t in, int64_t out);
  }];
}

//===----------------------------------------------------------------------===//
// Normalization (composite)
//===----------------------------------------------------------------------===//

def Gn_BatchNormOp : Gn_InferredOp<"batch_norm",
    "inferBatchNorm(ctx, loc, adaptor.getInput(), adaptor.getRunningMean(), "
    "adaptor.getRunningVar(), adaptor.getWeight(), adaptor.getBias(), types)",
    [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = "batch normalization over dim 1";
  let description = [{
    With `training` the batch statistics are used (as torch does when a
    sample traced F.batch_norm(training=True)); otherwise the running ones.
    Absent affine parameters are imported as splat ones and zeros.

    ```mlir
    %r = gn.batch_norm %x, %m, %v, %w, %b {epsilon = 1.0e-05 : f64, training = false} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$running_mean,
                   Gn_FloatTensor:$running_var, Gn_FloatTensor:$weight,
                   Gn_FloatTensor:$bias, F64Attr:$epsilon, BoolAttr:$training);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $running_mean `,` $running_var `,` $weight `,` $bias attr-dict "
                       "`:` functional-type(operands, results)";
}

def Gn_LayerNormOp : Gn_InferredOp<"layer_norm",
    "inferLayerNorm(ctx, loc, adaptor.getInput(), adaptor.getWeight(), adaptor.getBias(), "
    "adaptor.getNormalizedRank(), types)", [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = "layer normalization over the trailing `normalized_rank` dims";
  let description = [{
    With `rms` set it is RMS normalization (no mean subtraction). Absent
    affine parameters are imported as splat ones and zeros.

    ```mlir
    %r = gn.layer_norm %x, %w, %b {epsilon = 1.0e-05 : f64, normalized_rank = 1 : i64} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$weight,
                   Gn_FloatTensor:$bias, I64Attr:$normalized_rank, F64Attr:$epsilon,
                   DefaultValuedAttr<BoolAttr, "false">:$rms);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $weight `,` $bias attr-dict `:` functional-type(operands, results)";
}

def Gn_GroupNormOp : Gn_InferredOp<"group_norm",
    "inferGroupNorm(ctx, loc, adaptor.getInput(), adaptor.getWeight(), adaptor.getBias(), "
    "adaptor.getNumGroups(), types)", [Gn_Composite, Gn_SymbolicShapes]> {
  let summary = "group normalization: channels split into num_groups groups";
  let description = [{
    ```mlir
    %r = gn.group_norm %x, %w, %b {epsilon = 1.0e-05 : f64, num_groups = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
    ```
  }];
  let arguments = (ins Gn_FloatTensor:$input, Gn_FloatTensor:$weight,
                   Gn_FloatTensor:$bias, I64Attr:$num_groups, F64Attr:$epsilon);
  let results = (outs Gn_FloatTensor:$result);
  let assemblyFormat = "$input `,` $weight `,` $bias attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Compiler structure: fusion groups and kernel launches
//===----------------------------------------------------------------------===//

def Gn_FusionOp : Gn_Op<"fusion", [IsolatedFromAbove, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "one fusion group: gn ops that become one kernel";
  let description = [{
    Made by `gn-form-fusion-groups`. The region's block arguments are the
    group's inputs (in the order of `inputs`); `gn.yield` returns the values
    used outside. `kind` is `elementwise` (every op maps over the shape of
    the results, possibly reading inputs through transpose/slice/broadcast_to
    views), `reduction` (elementwise producers over the input shape, then one
    reduction), `row` (reductions over the same dims of one shape, all with
    keepdim, and elementwise ops over that shape or its rows, each reduction
    reading only values computed before it: a layer norm, a softmax) or
    `copy` (one concat, insert_slice or constant pad). `gn-schedule` records the loop schedule in
    `schedule`; `gn-outline-kernels` turns the group into a kernel function.

    ```mlir
    %r = gn.fusion "elementwise" (%x, %b) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
    ^bb0(%a: tensor<4x8xf32>, %c: tensor<8xf32>):
      %s = gn.add %a, %c : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
      gn.yield %s : tensor<4x8xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs, StrAttr:$kind,
                   OptionalAttr<Gn_ScheduleAttr>:$schedule);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$kind `(` $inputs `)` attr-dict `:` functional-type($inputs, $results) $body";
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::mlir::TypeRange":$results, "::mlir::ValueRange":$inputs,
                                 "::llvm::StringRef":$kind)>];
}

def Gn_YieldOp : Gn_Op<"yield", [Pure, Terminator, ReturnLike, HasParent<"FusionOp">]> {
  let summary = "the values a fusion group returns";
  let arguments = (ins Variadic<AnyRankedTensor>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def Gn_LaunchOp : Gn_Op<"launch", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call of a compiled kernel on tensors";
  let description = [{
    Made by `gn-outline-kernels` from a `gn.fusion`: `kernel` names a
    `func.func` in the nested `gn.kernels` module. The kernel takes
    `(index lo, index hi, inputs..., outputs...)` as memrefs; `thread_dim`
    (from the schedule, -1 for none) is the loop the CPU runtime splits into
    [lo, hi) chunks across threads; `extent` is that loop's trip count. On
    CUDA the kernel takes `(inputs..., outputs..., workspaces...)` and holds
    the `gpu.launch_func` calls that compute it; `thread_dim` and `extent`
    are absent (every parallel dim is on the grid).
    `inplace`, when present, has one entry per result: the index of an input
    the kernel reads only at the very element it writes (same shape, same
    element size, same map) and computes that element from, or -1. The
    runtime may then give that result the input's buffer when the input dies
    at this launch.
    `concatenates`, when set, says the single result is the inputs laid end
    to end, in order (a concatenation whose slabs are contiguous). The
    runtime may then have each input's producer write straight into its slab
    and skip the launch.

    ```mlir
    %r = gn.launch @gn.kernels::@k0(%x) {thread_dim = 0 : i64, extent = 4 : i64, inplace = array<i64: 0>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins SymbolRefAttr:$kernel, Variadic<AnyRankedTensor>:$inputs,
                   DefaultValuedAttr<I64Attr, "-1">:$thread_dim,
                   DefaultValuedAttr<I64Attr, "1">:$extent,
                   OptionalAttr<DenseI64ArrayAttr>:$inplace, UnitAttr:$concatenates);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = "$kernel `(` $inputs `)` attr-dict `:` functional-type($inputs, $results)";
  let hasVerifier = 1;
}

#endif // GN_OPS_TD

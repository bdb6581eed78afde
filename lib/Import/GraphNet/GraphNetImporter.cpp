//===- GraphNetImporter.cpp - a GraphNet sample folder into the gn dialect ===//
//
// Reads the meta files and graph_net.json, picks the framework's frontend,
// creates `@forward` with one argument per tensor parameter (its meta as
// argument attributes, enough to synthesize it from the .mlir alone), binds
// SymInt parameters to their meta `data`, and lets the Python evaluator run
// the body.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include <map>
#include "gn/Import/GraphNet/DimensionRewrites.h"
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/Import/GraphNet/TensorMeta.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Import/Paddle/PaddleFrontend.h"
#include "gn/Import/Python/Evaluator.h"
#include "gn/Import/Python/OpRegistry.h"
#include "gn/Import/Torch/TorchFrontend.h"
#include "gn/Support/NestingDepth.h"
#include "gn/Support/NumericCast.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::import;

static const Frontend *lookupFrontend(llvm::StringRef framework) {
  for (const Frontend *f : {&paddleFrontend(), &torchFrontend()})
    if (f->name() == framework)
      return f;
  return nullptr;
}

std::vector<std::string> mlir::gn::frameworkNames() { return {"paddle", "torch"}; }

std::vector<std::string> mlir::gn::frameworkOpNames(llvm::StringRef framework) {
  const Frontend *f = lookupFrontend(framework);
  return f ? f->ops().names() : std::vector<std::string>{};
}

static bool readFile(llvm::StringRef path, std::string &out) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return false;
  out = (*buf)->getBuffer().str();
  return true;
}

std::string mlir::gn::sampleFramework(llvm::StringRef sampleDir, std::string &error) {
  llvm::SmallString<256> path(sampleDir);
  llvm::sys::path::append(path, "graph_net.json");
  // Without a "framework" entry, the framework model.py imports.
  auto fromModel = [&] {
    llvm::SmallString<256> model(sampleDir);
    llvm::sys::path::append(model, "model.py");
    std::string source;
    if (readFile(model, source)) {
      llvm::SmallVector<llvm::StringRef> lines;
      llvm::StringRef(source).split(lines, '\n');
      for (llvm::StringRef line : lines)
        if (line.starts_with("import paddle") || line.starts_with("from paddle"))
          return std::string("paddle");
    }
    return std::string("torch");
  };
  std::string text;
  if (!readFile(path, text))
    return fromModel();
  // LLVM's JSON parser recurses once a level: refuse deep text first.
  if (std::optional<size_t> at = tooDeepAt(text, kMaxIrNesting, NestingSyntax::Json)) {
    auto [line, col] = lineAndColumn(text, *at);
    error = path.str().str() + ": brackets nested deeper than " +
            std::to_string(kMaxIrNesting) + " levels at line " + std::to_string(line) +
            ", column " + std::to_string(col) + "; refused before parsing";
    return "";
  }
  auto json = llvm::json::parse(text);
  if (!json) {
    error = path.str().str() + ": malformed JSON: " + llvm::toString(json.takeError());
    return "";
  }
  const llvm::json::Object *obj = json->getAsObject();
  std::optional<llvm::StringRef> fw = obj ? obj->getString("framework") : std::nullopt;
  if (!fw)
    return fromModel();
  if (!lookupFrontend(*fw)) {
    error = path.str().str() + ": unknown framework '" + fw->str() + "' (gn imports " +
            llvm::join(frameworkNames(), ", ") + ")";
    return "";
  }
  return fw->str();
}

static bool isSymIntAnnotation(const py::Expr *a) {
  return a && a->kind == py::ExprKind::Attribute && a->str == "SymInt";
}

/// The function-argument attributes that describe one tensor (enough to
/// synthesize it later from the .mlir file alone).
static DictionaryAttr metaAttrs(ImportContext &ctx, const TensorMeta &m, llvm::StringRef kind) {
  Builder &b = ctx.builder;
  llvm::SmallVector<NamedAttribute> attrs;
  attrs.push_back(b.getNamedAttr("gn.name", b.getStringAttr(m.name)));
  attrs.push_back(b.getNamedAttr("gn.kind", b.getStringAttr(kind)));
  attrs.push_back(b.getNamedAttr("gn.dtype", b.getStringAttr(m.dtype)));
  if (!m.device.empty())
    attrs.push_back(b.getNamedAttr("gn.device", b.getStringAttr(m.device)));
  auto num = [&](const char *name, const std::optional<double> &v) {
    if (v)
      attrs.push_back(b.getNamedAttr(name, b.getF64FloatAttr(*v)));
  };
  num("gn.mean", m.mean);
  num("gn.std", m.std);
  num("gn.min_val", m.minVal);
  num("gn.max_val", m.maxVal);
  if (m.data)
    attrs.push_back(b.getNamedAttr("gn.data", b.getDenseF64ArrayAttr(*m.data)));
  return b.getDictionaryAttr(attrs);
}

/// Creates @forward in `result` and evaluates model.py's forward into it.
static LogicalResult importForward(ImportContext &ctx, const Frontend &frontend,
                                   const py::Module &module,
                                   const std::vector<TensorMeta> &metas, ModuleOp result,
                                   const ImportOptions &options) {
  const auto &symbolicDims = options.symbolicDims;
  Evaluator evaluator(ctx, frontend);
  evaluator.addImports(module);
  auto error = [&](py::SrcLoc l, const llvm::Twine &message) {
    ctx.loc = ctx.locOf(l);
    return ctx.error(message);
  };
  auto metaError = [&](const TensorMeta &m, const llvm::Twine &message) {
    ctx.loc = FileLineColLoc::get(&ctx.mlirContext, m.file, m.line, 1);
    return ctx.error(message);
  };
  const py::Stmt *forward = findForward(module);
  if (!forward)
    return error({1, 1}, "no 'forward' function found in model.py");

  llvm::StringMap<const TensorMeta *> metaByName;
  for (const TensorMeta &m : metas)
    metaByName[m.name] = &m;

  // A symbolic import: each shape symbol's size at the compile example, from
  // a tensor dim that is that symbol alone. A SymInt parameter named after
  // a symbol and holding that size (TorchDynamo's dynamic graphs pass their
  // symbols as `s0: torch.SymInt`) is that symbol, not a fixed int.
  std::map<std::string, int64_t> symbolExamples;
  for (const auto &[tensor, symbols] : symbolicDims)
    if (auto it = metaByName.find(tensor); it != metaByName.end())
      for (auto [size, text] : llvm::zip(it->second->shape, symbols))
        if (!text.empty() && SymExpr::symbol(text))
          symbolExamples.emplace(text, size);

  // Signature: every tensor parameter becomes an argument of @forward.
  llvm::SmallVector<Type> argTypes;
  llvm::SmallVector<Attribute> argAttrs;
  llvm::SmallVector<std::pair<std::string, size_t>> tensorParams;
  for (const py::Param &p : forward->params) {
    if (p.name == "self")
      continue;
    if (p.isStar || p.isDoubleStar)
      return error(p.loc, "variadic parameter '" + p.name + "' of forward is not supported");
    auto it = metaByName.find(p.name);
    if (it == metaByName.end())
      return error(p.loc, std::string(kDataGap) + "parameter '" + p.name +
                              "' has no entry in weight_meta.py or input_meta.py");
    const TensorMeta &m = *it->second;
    if (isSymIntAnnotation(p.annotation.get())) {
      if (!m.data || m.data->size() != 1)
        return error(p.loc, "SymInt parameter '" + p.name + "' needs a one-element 'data' in " +
                                llvm::sys::path::filename(m.file));
      auto value = checkedInt64((*m.data)[0]);
      if (!value)
        return error(p.loc, "SymInt parameter '" + p.name + "' has a value that is not an int64");
      auto symbol = symbolExamples.find(llvm::StringRef(p.name).lower());
      if (symbol != symbolExamples.end() && symbol->second == *value)
        evaluator.bind(p.name, PyValue::size(*value, *SymExpr::symbol(symbol->first)));
      else
        evaluator.bind(p.name, PyValue::integer(*value));
      continue;
    }
    Type dtype = ctx.dtypeFromName(m.dtype);
    if (!dtype)
      return metaError(m, "unknown dtype '" + m.dtype + "' for tensor '" + m.name + "'");
    if (m.data) {
      int64_t n = 1;
      for (int64_t d : m.shape)
        n *= d;
      if ((int64_t)m.data->size() != n)
        return metaError(m, "tensor '" + m.name + "' has " + llvm::Twine(m.data->size()) +
                                " data values but its shape has " + llvm::Twine(n) +
                                " elements");
    }
    argTypes.push_back(RankedTensorType::get(m.shape, dtype));
    for (const auto &[tensor, symbols] : symbolicDims) {
      if (tensor != m.name)
        continue;
      if (symbols.size() != m.shape.size())
        return metaError(m, "input_tensor_constraints.py gives tensor '" + m.name + "' rank " +
                                llvm::Twine(symbols.size()) + ", but it has rank " +
                                llvm::Twine(m.shape.size()));
      llvm::SmallVector<SymExpr> exprs;
      for (auto [size, text] : llvm::zip(m.shape, symbols)) {
        if (text.empty()) {
          exprs.push_back(SymExpr::constant(size));
          continue;
        }
        if (size < 2)
          return metaError(m, "tensor '" + m.name + "' has size " + llvm::Twine(size) +
                                  " at symbol " + text +
                                  "; a symbolic dim must be at least 2 at the compile example");
        std::string why;
        std::optional<SymExpr> e = SymExpr::parse(text, &why);
        if (!e)
          return metaError(m, "the size '" + text + "' of tensor '" + m.name + "': " + why);
        exprs.push_back(*e);
      }
      argTypes.back() = symbolicTensorType(m.shape, dtype, exprs);
    }
    bool inWeightMeta = !llvm::StringRef(m.file).ends_with("input_meta.py");
    argAttrs.push_back(
        metaAttrs(ctx, m, frontend.isWeight(m.name, inWeightMeta) ? "weight" : "input"));
    tensorParams.push_back({p.name, argTypes.size() - 1});
  }

  ctx.builder.setInsertionPointToEnd(result.getBody());
  ctx.loc = ctx.locOf(forward->loc);
  auto func = func::FuncOp::create(ctx.builder, ctx.loc, "forward",
                                   ctx.builder.getFunctionType(argTypes, {}));
  func.setAllArgAttrs(argAttrs);
  Block *entry = func.addEntryBlock();
  ctx.builder.setInsertionPointToStart(entry);
  for (auto &[name, index] : tensorParams) {
    Value arg = entry->getArgument(index);
    evaluator.bind(name, PyValue::of(arg));
    // A symbolic import: where each symbol can be pinned (ImportContext::pinned).
    auto type = llvm::cast<RankedTensorType>(arg.getType());
    for (auto [d, e] : llvm::enumerate(dimExprs(type)))
      if (std::set<std::string> symbols = e.symbols(); symbols.size() == 1)
        ctx.symbolSources.emplace(*symbols.begin(), std::make_pair(arg, int64_t(d)));
    const TensorMeta *m = metaByName[name];
    if (m->data) {
      ctx.knownData[arg] = *m->data;
    } else if (m->shape.empty() && m->mean && m->std && *m->std == 0) {
      // Synthesized as randn * std * 0.2 + mean: with std 0 it is the mean
      // (GraphNet stores scalar hyper-parameters such as eps this way).
      double v = std::clamp(*m->mean, -100.0, 100.0);
      if (m->minVal) v = std::max(v, *m->minVal);
      if (m->maxVal) v = std::min(v, *m->maxVal);
      ctx.knownData[arg] = {v};
    }
  }

  if (failed(evaluator.execBody(forward->body))) {
    if (!ctx.sizeProbe)
      return failure();
    // Stopped at a site whose size is to be learned: return what it reads.
    ctx.builder.setInsertionPointToEnd(entry);
    auto ret = func::ReturnOp::create(ctx.builder, ctx.loc, ctx.sizeProbe);
    func.setFunctionType(ctx.builder.getFunctionType(argTypes, ret.getOperandTypes()));
    result->setAttr(kSizeProbe, ctx.builder.getI64IntegerAttr(ctx.nextDataSite));
    if (!ctx.sizeProbeMeasure.empty()) {
      result->setAttr(kSizeProbeMeasure, ctx.builder.getStringAttr(ctx.sizeProbeMeasure));
      result->setAttr(kSizeProbeAtLeast, ctx.builder.getI64IntegerAttr(ctx.sizeProbeAtLeast));
    }
    return success();
  }
  if (!evaluator.hasReturned())
    return error(forward->loc, "forward has no return statement");
  auto ret = func::ReturnOp::create(ctx.builder, ctx.loc, evaluator.returned());
  ctx.eraseFoldedAway();
  if (ctx.symbolic)
    ctx.eraseDeadOps(*entry);
  func.setFunctionType(ctx.builder.getFunctionType(argTypes, ret.getOperandTypes()));
  return success();
}

OwningOpRef<ModuleOp> mlir::gn::importGraphNetSource(MLIRContext &context,
                                                     llvm::StringRef modelPath,
                                                     llvm::StringRef modelSource,
                                                     llvm::StringRef weightMetaSource,
                                                     llvm::StringRef inputMetaSource,
                                                     llvm::StringRef framework,
                                                     const ImportOptions &options) {
  context.loadDialect<gn::GnDialect, func::FuncDialect>();
  llvm::SmallString<256> dir(modelPath);
  llvm::sys::path::remove_filename(dir);
  auto fileLoc = [&](llvm::StringRef file, unsigned line, unsigned col) {
    return FileLineColLoc::get(&context, file, line, col);
  };
  const Frontend *frontend = lookupFrontend(framework);
  if (!frontend) {
    emitError(fileLoc(modelPath, 1, 1), "unknown framework '" + framework + "'");
    return nullptr;
  }

  std::vector<TensorMeta> metas;
  for (auto [name, source] : {std::pair<const char *, llvm::StringRef>{"weight_meta.py",
                                                                      weightMetaSource},
                              {"input_meta.py", inputMetaSource}}) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    MetaError err;
    if (!parseTensorMetaFile(path.str().str(), source.str(), metas, err)) {
      emitError(fileLoc(path, err.line, err.col), err.message);
      return nullptr;
    }
  }

  // A shape variant: each constrained tensor at the variant's shape.
  for (const auto &[name, shape] : options.reifiedShapes) {
    for (TensorMeta &m : metas) {
      if (m.name != name)
        continue;
      m.shape = shape;
      if (m.data && !m.data->empty()) {
        int64_t n = checkedProduct(shape).value_or(0);
        std::vector<double> data;
        for (int64_t i = 0; i < n; ++i)
          data.push_back((*m.data)[i % m.data->size()]);
        m.data = std::move(data);
      }
    }
  }

  // A dtype variant: float32 inputs and weights in the variant's type,
  // but those the pass keeps.
  Type variantType;
  if (!options.dtypeVariant.empty()) {
    OpBuilder b(&context);
    if (options.dtypeVariant == "float16")
      variantType = b.getF16Type();
    else if (options.dtypeVariant == "bfloat16")
      variantType = b.getBF16Type();
    else {
      emitError(fileLoc(modelPath, 1, 1), "unknown dtype variant '" + options.dtypeVariant +
                                              "' (float16, bfloat16)");
      return nullptr;
    }
    if (framework != "torch") {
      emitError(fileLoc(modelPath, 1, 1),
                "GraphNet's dtype variants are defined for torch samples only, not " +
                    framework);
      return nullptr;
    }
    for (TensorMeta &m : metas)
      if (m.dtype == "torch.float32" && !frontend->keepsFloat32(m.name))
        m.dtype = "torch." + options.dtypeVariant;
  }

  py::Module module;
  py::ParseError parseError;
  if (!py::parseModule(modelSource.str(), module, parseError)) {
    emitError(fileLoc(modelPath, parseError.loc.line, parseError.loc.col), parseError.message);
    return nullptr;
  }

  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> result = ModuleOp::create(fileLoc(modelPath, 1, 1));
  ImportContext ctx(context, builder, modelPath.str());
  ctx.dataSizes = options.dataSizes;
  ctx.stopAtUnknownSize = options.learnSizes;
  ctx.variantType = variantType;
  import::GraphTrace trace;
  ctx.trace = options.trace ? options.trace : options.sizeRewrites.empty() ? nullptr : &trace;
  ctx.sizeRewrites = options.sizeRewrites.empty() ? nullptr : &options.sizeRewrites;
  ctx.symbolic = options.symbolic;
  if (failed(importForward(ctx, *frontend, module, metas, *result, options)))
    return nullptr;
  if (options.symbolic) {
    int64_t guards = 0;
    result->walk([&](gn::SpecializeOp) { ++guards; });
    (*result)->setAttr(kGuardCount, builder.getI64IntegerAttr(guards));
  }
  if (failed(verify(*result)))
    return nullptr;
  return result;
}

std::vector<std::string> mlir::gn::sampleDtypeVariants(llvm::StringRef sampleDir) {
  llvm::SmallString<256> path(sampleDir);
  llvm::sys::path::append(path, "graph_net.json");
  std::string text;
  std::vector<std::string> variants;
  if (!readFile(path, text) || tooDeepAt(text, kMaxIrNesting, NestingSyntax::Json))
    return variants;
  auto json = llvm::json::parse(text);
  if (!json) {
    llvm::consumeError(json.takeError());
    return variants;
  }
  const llvm::json::Object *obj = json->getAsObject();
  const llvm::json::Array *passes =
      obj ? obj->getArray("data_type_generalization_passes") : nullptr;
  if (!passes)
    return variants;
  for (const llvm::json::Value &p : *passes)
    if (std::optional<llvm::StringRef> name = p.getAsString())
      if (name->consume_front("dtype_generalization_pass_"))
        variants.push_back(name->str());
  return variants;
}

/// GraphNet's size rewrites for `sampleDir` at the shapes `shaped` gives:
/// its dimension passes run over the graph at the example shapes. False
/// after emitting an error.
static bool sizeRewritesFor(MLIRContext &context, llvm::StringRef sampleDir,
                            llvm::StringRef framework, const std::string &modelPath,
                            const std::string &model, const std::string &weights,
                            const std::string &inputs, const ImportOptions &options,
                            ImportOptions &shaped, const std::string &what) {
  std::vector<std::string> passes = sampleDimensionPasses(sampleDir);
  if (passes.empty())
    return true;
  import::GraphTrace trace;
  ImportOptions example = options;
  example.shapeVariant = -1;
  example.learnSizes = false;
  example.symbolic = false;
  example.trace = &trace;
  if (!importGraphNetSource(context, modelPath, model, weights, inputs, framework, example))
    return false;
  ShapeConstraints constraints;
  std::string error;
  if (!readShapeConstraints(sampleDir, constraints, error) ||
      !generalizeDimensions(trace, constraints, passes, shaped.sizeRewrites, error)) {
    llvm::SmallString<256> json(sampleDir);
    llvm::sys::path::append(json, "graph_net.json");
    emitError(FileLineColLoc::get(&context, json, 1, 1), what + ": " + error);
    return false;
  }
  return true;
}

/// gn's spelling of GraphNet's symbol S<k>: s<k>.
static std::string gnSymbol(llvm::StringRef graphNetSymbol) { return graphNetSymbol.lower(); }

/// A symbolic import (ImportOptions::symbolic).
static OwningOpRef<ModuleOp> importSymbolic(MLIRContext &context, llvm::StringRef sampleDir,
                                            llvm::StringRef framework,
                                            const std::string &modelPath,
                                            const std::string &model, const std::string &weights,
                                            const std::string &inputs,
                                            const ImportOptions &options) {
  llvm::SmallString<256> constraintsPath(sampleDir);
  llvm::sys::path::append(constraintsPath, "input_tensor_constraints.py");
  auto fail = [&](const std::string &message) {
    emitError(FileLineColLoc::get(&context, constraintsPath, 1, 1), message);
    return nullptr;
  };
  if (framework != "torch")
    return fail("a symbolic import takes torch samples only, not " + framework.str());
  ShapeConstraints constraints;
  std::string error;
  if (!readShapeConstraints(sampleDir, constraints, error))
    return fail(std::string(kVariantNotListed) + error);
  ImportOptions symbolic = options;
  for (const auto &[dims, tensor] : constraints.inputShapes) {
    std::vector<std::string> symbols;
    for (const ConstraintDim &d : dims) {
      std::string symbol = d.symbol.empty() ? "" : gnSymbol(d.symbol);
      auto factor = options.symbolFactors.find(symbol);
      if (factor != options.symbolFactors.end() && factor->second > 1)
        symbol = std::to_string(factor->second) + "*" + symbol;
      symbols.push_back(symbol);
    }
    symbolic.symbolicDims.push_back({tensor, symbols});
  }
  if (options.shapeVariant >= 0) {
    std::vector<ShapeVariant> variants = sampleShapeVariants(sampleDir, error);
    if (static_cast<size_t>(options.shapeVariant) >= variants.size())
      return fail(std::string(kVariantNotListed) +
                  (error.empty() ? "no shape variant " + std::to_string(options.shapeVariant)
                                 : error));
    symbolic.reifiedShapes = variants[options.shapeVariant].shapes;
  }
  if (!sizeRewritesFor(context, sampleDir, framework, modelPath, model, weights, inputs, options,
                       symbolic, "the symbolic import"))
    return nullptr;
  return importGraphNetSource(context, modelPath, model, weights, inputs, framework, symbolic);
}

OwningOpRef<ModuleOp> mlir::gn::importGraphNetSample(MLIRContext &context,
                                                     llvm::StringRef sampleDir,
                                                     const ImportOptions &options) {
  auto path = [&](const char *name) {
    llvm::SmallString<256> p(sampleDir);
    llvm::sys::path::append(p, name);
    return p.str().str();
  };
  std::string frameworkError;
  std::string framework = sampleFramework(sampleDir, frameworkError);
  if (framework.empty()) {
    emitError(FileLineColLoc::get(&context, path("graph_net.json"), 1, 1), frameworkError);
    return nullptr;
  }
  std::string model, weights, inputs;
  std::string modelPath = path("model.py");
  if (!readFile(modelPath, model)) {
    emitError(FileLineColLoc::get(&context, modelPath, 0, 0), "cannot read '" + modelPath + "'");
    return nullptr;
  }
  // A sample may keep all tensors in one of the two meta files.
  bool hasWeights = readFile(path("weight_meta.py"), weights);
  bool hasInputs = readFile(path("input_meta.py"), inputs);
  if (!hasWeights && !hasInputs) {
    emitError(FileLineColLoc::get(&context, path("weight_meta.py"), 0, 0),
              std::string(kDataGap) + "cannot read '" + path("weight_meta.py") + "' nor '" +
                  path("input_meta.py") + "'");
    return nullptr;
  }
  if (!options.dtypeVariant.empty() &&
      !llvm::is_contained(sampleDtypeVariants(sampleDir), options.dtypeVariant)) {
    emitError(FileLineColLoc::get(&context, path("graph_net.json"), 1, 1),
              std::string(kVariantNotListed) + "the sample lists no dtype_generalization_pass_" +
                  options.dtypeVariant + " in data_type_generalization_passes");
    return nullptr;
  }
  if (options.symbolic)
    return importSymbolic(context, sampleDir, framework, modelPath, model, weights, inputs,
                          options);
  if (options.shapeVariant < 0)
    return importGraphNetSource(context, modelPath, model, weights, inputs, framework, options);
  std::string variantError;
  std::vector<ShapeVariant> variants = sampleShapeVariants(sampleDir, variantError);
  if (variants.empty() || static_cast<size_t>(options.shapeVariant) >= variants.size()) {
    if (variantError.empty())
      variantError = "GraphNet gives the sample " + std::to_string(variants.size()) +
                     " shape variants, not one of index " + std::to_string(options.shapeVariant);
    emitError(FileLineColLoc::get(&context, path("input_tensor_constraints.py"), 1, 1),
              std::string(kVariantNotListed) + variantError);
    return nullptr;
  }
  ImportOptions withShapes = options;
  withShapes.reifiedShapes = variants[options.shapeVariant].shapes;
  if (!sizeRewritesFor(context, sampleDir, framework, modelPath, model, weights, inputs, options,
                       withShapes, "shape variant " + variants[options.shapeVariant].label()))
    return nullptr;
  return importGraphNetSource(context, modelPath, model, weights, inputs, framework, withShapes);
}

//===- CachedCompile.cpp - compile a sample, through the cache -----------===//
#include "gn/Eval/CachedCompile.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Support/NestingDepth.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <chrono>

using namespace mlir;
using namespace mlir::gn;

std::string eval::cacheKeyOf(const std::string &source, const SampleVariant &variant,
                             const Target &target, const CompileOptions &options,
                             std::string &error) {
  auto switches = switchesFor(target, options, error);
  if (!switches)
    return "";
  ProgramKey parts{source, target.name().str(), options.pipelineOptions,
                   target.compileSwitchesKey(*switches), channelVariant(variant.dtype, variant.shape, variant.symbolic,
                                  variant.dataSizes)};
  return programCacheKey(parts, error);
}

namespace {

/// The sample's module at `variant` on `context` (its dialects loaded
/// here), or null after a diagnostic.
OwningOpRef<ModuleOp> loadSource(MLIRContext &context, const std::string &source,
                                 const eval::SampleVariant &variant) {
  context.loadAllAvailableDialects();
  if (!llvm::StringRef(source).ends_with(".mlir")) {
    ImportOptions options;
    options.dtypeVariant = variant.dtype;
    options.shapeVariant = variant.shape;
    options.symbolic = variant.symbolic;
    options.dataSizes = variant.dataSizes;
    return importGraphNetSample(context, source, options);
  }
  if (!variant.dtype.empty() || variant.shape >= 0 || variant.symbolic ||
      !variant.dataSizes.empty()) {
    emitError(FileLineColLoc::get(&context, source, 0, 0))
        << "GraphNet's dtype and shape variants, the symbolic import and data-dependent sizes "
           "apply to GraphNet samples, not .mlir files (whose gn.nonzero ops carry their size)";
    return nullptr;
  }
  auto buffer = llvm::MemoryBuffer::getFile(source);
  if (!buffer) {
    emitError(FileLineColLoc::get(&context, source, 0, 0))
        << "cannot read the file: " << buffer.getError().message();
    return nullptr;
  }
  if (std::optional<RefusedText> refused = refusedBeforeParsing((*buffer)->getBuffer())) {
    auto [line, col] = lineAndColumn((*buffer)->getBuffer(), refused->offset);
    emitError(FileLineColLoc::get(&context, source, line, col)) << refused->why;
    return nullptr;
  }
  return parseSourceString<ModuleOp>((*buffer)->getBuffer(), &context, source);
}

} // namespace

FailureOr<eval::CachedCompile> eval::compileCached(MLIRContext &context,
                                                   const std::string &source,
                                                   const SampleVariant &variant,
                                                   const Target &target,
                                                   const CompileOptions &options,
                                                   const std::string &cacheDir) {
  auto start = std::chrono::steady_clock::now();
  CachedCompile out;
  Location loc = FileLineColLoc::get(&context, source, 0, 0);
  auto finish = [&](FailureOr<std::unique_ptr<runtime::CompiledModel>> model)
      -> FailureOr<CachedCompile> {
    if (failed(model))
      return failure();
    out.model = std::move(*model);
    out.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(out);
  };
  if (target.programSuffix().empty()) {
    out.uncached = "the " + target.name().str() + " target writes no programs that stand alone";
    OwningOpRef<ModuleOp> module = loadSource(context, source, variant);
    if (!module)
      return failure();
    return finish(target.compile(*module, options));
  }
  std::string error;
  out.key = cacheKeyOf(source, variant, target, options, error);
  if (out.key.empty())
    return emitError(loc) << error;
  out.path = findCachedProgram(cacheDir, out.key);
  if (!out.path.empty()) {
    out.hit = true;
    return finish(target.loadProgram(out.path, options, loc));
  }
  out.path = cachedProgramPath(cacheDir, out.key);
  OwningOpRef<ModuleOp> module = loadSource(context, source, variant);
  if (!module)
    return failure();
  runtime::CompileStats stats;
  CompileOptions named = options;
  if (named.programName.empty())
    named.programName = source;
  auto program = target.compileProgram(*module, named, stats);
  if (failed(program))
    return failure();
  ProgramKey parts{source, target.name().str(), options.pipelineOptions, "",
                   channelVariant(variant.dtype, variant.shape, variant.symbolic,
                                  variant.dataSizes)};
  auto switches = switchesFor(target, options, error);
  if (switches)
    parts.compileSwitches = target.compileSwitchesKey(*switches);
  if (!storeProgram(
          cacheDir, out.key, parts,
          [&](const std::string &path, std::string &e) { return (*program)->write(path, e); },
          error))
    return emitError(loc) << error;
  return finish(target.loadProgram(out.path, options, loc));
}

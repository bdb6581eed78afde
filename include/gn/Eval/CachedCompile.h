//===- CachedCompile.h - compile a sample, through the cache -----*- C++ -*-===//
//
// A sample (a GraphNet folder or a .mlir file) compiled for a target that
// writes programs that stand alone (CUDA): looked up in the program cache by
// its key (gn/Support/ProgramCache.h) and loaded without importing or
// compiling when there; else imported, compiled, stored under the key and
// loaded from it. A target that writes no programs (the CPU) compiles as
// always and says why nothing was cached.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_CACHEDCOMPILE_H
#define GN_EVAL_CACHEDCOMPILE_H

#include "gn/Support/ProgramCache.h"
#include "gn/Target/Target.h"
#include <memory>
#include <string>
#include <vector>

namespace mlir::gn::eval {

struct CachedCompile {
  std::unique_ptr<runtime::CompiledModel> model;
  std::string key;        // "" where nothing is cached
  std::string path;       // the cached program
  bool hit = false;       // loaded from the cache, nothing compiled
  std::string uncached;   // why nothing was cached
  double seconds = 0;     // to a runnable program (import, compile, store and load)
};

/// Which of GraphNet's channels a sample is compiled at (a .mlir file: none).
struct SampleVariant {
  std::string dtype; // "float16", "bfloat16"; "": as extracted
  int shape = -1;    // an index into sampleShapeVariants; -1: as extracted
  /// One program for all shapes: the sample imported with its symbolic dims
  /// (ImportOptions::symbolic; input_tensor_constraints.py says which).
  bool symbolic = false;
  /// The sizes of its data-dependent sites (ImportOptions::dataSizes; a
  /// negative one: the site's upper bound).
  std::vector<int64_t> dataSizes;
};

/// The cache key of `source` at `variant` compiled for `target` with
/// `options`; empty with `error` when the source cannot be read.
std::string cacheKeyOf(const std::string &source, const SampleVariant &variant,
                       const Target &target, const CompileOptions &options, std::string &error);

/// `source` at `variant` compiled for `target` through the cache in `cacheDir`. Errors
/// go to `context`'s diagnostics (the import's, the compiler's, the
/// cache's); a hit needs no dialect in it. The model refers to `context`.
FailureOr<CachedCompile> compileCached(MLIRContext &context, const std::string &source,
                                       const SampleVariant &variant, const Target &target, const CompileOptions &options,
                                       const std::string &cacheDir);

} // namespace mlir::gn::eval

#endif // GN_EVAL_CACHEDCOMPILE_H

//===- ProgramCache.h - compiled programs kept by key ----------*- C++ -*-===//
//
// A program that stands alone (the CUDA target's compiled.json) is kept in
// <cache dir>/<key>/program.json, with meta.json beside it saying what it
// was compiled from. The key is a SHA-256 of everything that decides the
// program: the source as bytes (a sample folder's graph_net.json, model.py,
// weight_meta.py, input_meta.py and input_tensor_constraints.py, or a .mlir
// file), the target, its pipeline options, the switches that change what
// is compiled, and gn's version (its commit and a hash of uncommitted
// changes). A second process, or a GPU machine without LLVM, computes the
// same key from the same files and loads the program instead of compiling.
// MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_PROGRAMCACHE_H
#define GN_SUPPORT_PROGRAMCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include <functional>
#include <string>

namespace mlir::gn {

/// What a cached program was compiled from.
struct ProgramKey {
  std::string source;          // a sample folder or a .mlir file
  std::string target;          // "cuda"
  std::string pipelineOptions; // as on the gn-opt command line
  std::string compileSwitches; // the switches that change the program ("cubin=1")
  std::string variant;         // GraphNet's channels (channelVariant); "" as extracted
};

/// The `variant` of a key: a sample compiled at GraphNet's dtype variant
/// (`dtype`: "float16", "bfloat16"; "" as extracted) and shape variant
/// (`shape` >= 0; -1 as extracted), its symbolic import and the sizes its
/// data-dependent sites are specialized to (ImportOptions::dataSizes):
/// "dtype=float16 shape=2", "data=12,-1", or "".
std::string channelVariant(const std::string &dtype, int shape, bool symbolic = false,
                           llvm::ArrayRef<int64_t> dataSizes = {});

/// gn's version: part of every key, so no program outlives the code that
/// compiled it.
const char *gnVersion();

/// The key of `key` (64 hex digits); empty with `error` when the source
/// cannot be read.
std::string programCacheKey(const ProgramKey &key, std::string &error);

/// Where the program of `key` is kept in cache `dir`.
std::string cachedProgramPath(const std::string &dir, const std::string &key);

/// The program of `key` in cache `dir`: its program.json, or the file its
/// program.path names (relative to the key's folder: a bundle's cache
/// points at the programs it carries beside it); "" when there is none.
std::string findCachedProgram(const std::string &dir, const std::string &key);

/// Records `program` (a file that stays where it is) as the program of
/// `key` in `dir`: program.path holds its path relative to the key's folder,
/// meta.json the parts. False with `error`.
bool linkProgram(const std::string &dir, const std::string &key, const ProgramKey &parts,
                 const std::string &program, std::string &error);

/// Stores a program under `key` in `dir`: `write` writes it to the path it
/// is given (a temporary one, renamed into place once whole, so a reader
/// never sees half a program), and meta.json records `parts`. False with
/// `error`.
bool storeProgram(const std::string &dir, const std::string &key, const ProgramKey &parts,
                  const std::function<bool(const std::string &, std::string &)> &write,
                  std::string &error);

} // namespace mlir::gn

#endif // GN_SUPPORT_PROGRAMCACHE_H

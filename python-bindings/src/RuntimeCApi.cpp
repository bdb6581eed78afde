//===- RuntimeCApi.cpp - libgn_runtime.so: gn's runtime as a C library ------===//
//
// gn's runtime without LLVM, MLIR or Python headers, for a GPU machine that
// has none of gn's build (and whatever Python it has: gn/_runtime.py reaches
// this through ctypes). CUDA programs compiled elsewhere (gn-eval compile
// --cache-dir, gn.compile_sample where gn has its compiler) are found in the
// program cache by the same key and run on host arrays or on the caller's
// device tensors. LLVM's Support library and libstdc++ are linked
// statically, their symbols kept inside.
//
// Strings gn returns are malloc'd (gnrt_free_string); a call that fails
// returns nonzero and sets *error to such a string.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/GraphNetLog.h"
#include "gn/Eval/Score.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Support/GeneralSwitches.h"
#include "gn/Support/ProgramCache.h"
#include "gn/Target/CUDA/CudaModel.h"
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace mlir::gn;
using json = nlohmann::json;
namespace interp = mlir::gn::interp;

struct GnrtProgram {
  std::unique_ptr<cuda::CudaModel> model;
};

namespace {

char *copyString(const std::string &s) {
  char *out = static_cast<char *>(std::malloc(s.size() + 1));
  if (out)
    std::memcpy(out, s.c_str(), s.size() + 1);
  return out;
}

int fail(char **error, const std::string &why) {
  if (error)
    *error = copyString(why);
  return 1;
}

/// "key=value" lines over the environment's switches.
bool cudaSwitches(const char *settings, cuda::CudaOptions &out, std::string &error) {
  out = cuda::CudaOptions();
  if (!out.readEnvironment(error))
    return false;
  std::istringstream lines(settings ? settings : "");
  for (std::string line; std::getline(lines, line);) {
    if (line.empty())
      continue;
    size_t eq = line.find('=');
    if (eq == std::string::npos) {
      error = "switch '" + line + "': expected KEY=VALUE";
      return false;
    }
    if (!out.set(line.substr(0, eq), line.substr(eq + 1), error))
      return false;
  }
  return true;
}

/// Shapes as callers see them: -1 for a dim that follows the shape symbols.
json signatureJson(const cuda::Program &p) {
  json args = json::array(), results = json::array();
  for (unsigned i = 0; i < p.numArgs(); ++i)
    args.push_back({{"name", p.arguments[i].name},
                    {"dtype", interp::name(p.slots[i].dtype)},
                    {"shape", p.slots[i].callerShape()}});
  for (int r : p.results)
    results.push_back(
        {{"dtype", interp::name(p.slots[r].dtype)}, {"shape", p.slots[r].callerShape()}});
  return {{"arguments", args}, {"results", results}};
}

std::string cacheDirOr(const char *dir) {
  if (dir && *dir)
    return dir;
  static bool read = [] {
    std::string error;
    return generalSwitches().readEnvironment(error);
  }();
  (void)read;
  return generalSwitches().programCacheDir();
}

} // namespace

extern "C" {

void gnrt_free_string(char *s) { std::free(s); }

char *gnrt_version() { return copyString(gnVersion()); }

int gnrt_load(const char *path, const char *settings, GnrtProgram **out, char **error) {
  cuda::CudaOptions switches;
  std::string why;
  if (!cudaSwitches(settings, switches, why))
    return fail(error, why);
  auto program = cuda::readProgram(path, why);
  if (!program)
    return fail(error, why);
  *out = new GnrtProgram{std::make_unique<cuda::CudaModel>(std::move(*program), switches)};
  return 0;
}

void gnrt_free(GnrtProgram *p) { delete p; }

/// {"arguments": [{name, dtype, shape}], "results": [{dtype, shape}]},
/// dtypes as gn names them ("f32", "bf16", "i64", ...).
char *gnrt_signature(GnrtProgram *p) {
  return copyString(signatureJson(p->model->program()).dump());
}

char *gnrt_binding(GnrtProgram *p) {
  DeviceBinding b = p->model->binding();
  return copyString(json{{"in_place", b.inPlace},
                         {"copied", b.copied},
                         {"packed", b.packed},
                         {"loads", b.loads}}
                        .dump());
}

int gnrt_run_device(GnrtProgram *p, const uint64_t *args, const uint64_t *argBytes, size_t nargs,
                    const uint64_t *outs, const uint64_t *outBytes, size_t nouts,
                    uint64_t stream, char **error) {
  std::vector<DeviceTensor> a(nargs), o(nouts);
  for (size_t i = 0; i < nargs; ++i)
    a[i] = {args[i], size_t(argBytes[i])};
  for (size_t i = 0; i < nouts; ++i)
    o[i] = {outs[i], size_t(outBytes[i])};
  std::string why;
  if (!p->model->runOnDevice(a, o, reinterpret_cast<void *>(stream), why))
    return fail(error, why);
  return 0;
}

/// The program gnrt_run_device and gnrt_run_host run from now on, at the
/// argument shapes given (`dims`: every argument's dims one after another,
/// `ranks[i]` of them for argument i): a program with symbolic dims is
/// bound there (CudaModel::bind), a static one checks they are its own.
/// `*results` gets the results' [{dtype, shape}] there.
int gnrt_bind(GnrtProgram *p, const int64_t *dims, const uint64_t *ranks, size_t nargs,
              char **results, char **error) {
  std::vector<std::vector<int64_t>> shapes(nargs);
  for (size_t i = 0, k = 0; i < nargs; k += ranks[i], ++i)
    shapes[i].assign(dims + k, dims + k + ranks[i]);
  std::string why;
  if (!p->model->bind(shapes, why))
    return fail(error, why);
  *results = copyString(signatureJson(p->model->current())["results"].dump());
  return 0;
}

int gnrt_synchronize(GnrtProgram *p, uint64_t stream, char **error) {
  std::string why;
  if (!p->model->synchronize(reinterpret_cast<void *>(stream), why))
    return fail(error, why);
  return 0;
}

/// One forward on host arrays: `args[i]` holds argument i's bytes (its
/// dtype and shape, C order: the caller checked; a symbolic program's at
/// the shapes of the last gnrt_bind), the results are copied into
/// `outs[i]` (each the size of result i).
int gnrt_run_host(GnrtProgram *p, void *const *args, size_t nargs, void *const *outs,
                  size_t nouts, char **error) {
  if (!p->model->bound())
    return fail(error, "the program has symbolic dims: gnrt_bind it at the arguments' shapes "
                       "first");
  const cuda::Program &program = p->model->current();
  if (nargs != program.numArgs() || nouts != program.results.size())
    return fail(error, "forward takes " + std::to_string(program.numArgs()) +
                           " arguments and " + std::to_string(program.results.size()) +
                           " results");
  std::vector<interp::HostTensor> in;
  for (size_t i = 0; i < nargs; ++i) {
    auto *bytes = static_cast<uint8_t *>(args[i]);
    std::shared_ptr<uint8_t> borrowed(bytes, [](uint8_t *) {});
    in.push_back(interp::HostTensor::view(program.slots[i].dtype, program.slots[i].shape,
                                          borrowed, bytes));
  }
  std::vector<interp::HostTensor> results;
  std::string why;
  if (!p->model->run(in, results, why))
    return fail(error, why);
  for (size_t i = 0; i < nouts; ++i)
    if (results[i].nbytes())
      std::memcpy(outs[i], results[i].bytes(), results[i].nbytes());
  return 0;
}

int gnrt_cache_key(const char *source, const char *pipelineOptions, const char *settings,
                   const char *dtypeVariant, int shapeVariant, int symbolic,
                   const int64_t *dataSizes, size_t ndataSizes, char **key, char **error) {
  cuda::CudaOptions switches;
  std::string why;
  if (!cudaSwitches(settings, switches, why))
    return fail(error, why);
  ProgramKey parts{source, "cuda", pipelineOptions ? pipelineOptions : "",
                   switches.compileKey(),
                   channelVariant(dtypeVariant ? dtypeVariant : "", shapeVariant, symbolic != 0,
                                  llvm::ArrayRef<int64_t>(dataSizes, ndataSizes))};
  std::string k = programCacheKey(parts, why);
  if (k.empty())
    return fail(error, why);
  *key = copyString(k);
  return 0;
}

/// The program of `key` in cache `dir` ("" or null: the cache-dir switch),
/// or "" when there is none.
char *gnrt_find_cached(const char *key, const char *dir) {
  return copyString(findCachedProgram(cacheDirOr(dir), key));
}

char *gnrt_cached_path(const char *key, const char *dir) {
  return copyString(cachedProgramPath(cacheDirOr(dir), key));
}

/// S(t)/ES(t) rows (JSON) of result lines or a GraphNet log.
int gnrt_score(const char *text, double p, double b, const char *rule, char **rows,
               char **error) {
  std::vector<eval::SampleRecord> records;
  std::string why;
  bool ok = eval::looksLikeGraphNetLog(text)
                ? eval::parseGraphNetLog("<records>", text, records, why)
                : eval::parseResults("<records>", text, records, why);
  if (!ok)
    return fail(error, why);
  eval::ScoreOptions options;
  options.p = p;
  options.b = b;
  if (!eval::parseErrnoRule(rule, options))
    return fail(error, "errno_rule must be 'code' or 'report'");
  *rows = copyString(eval::formatScores(eval::computeScores(records, options), "json"));
  return 0;
}

} // extern "C"

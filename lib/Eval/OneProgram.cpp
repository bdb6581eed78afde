//===- OneProgram.cpp - gn-eval one-program: the symbolic import's oracle -===//
#include "gn/Eval/OneProgram.h"
#include "gn/Eval/Runner.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Runtime/CompiledModel.h"
#include "gn/Target/Target.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Support/ShapeText.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FileSystem.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>
#include <numeric>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

using namespace mlir;
using namespace mlir::gn;
using json = nlohmann::json;

namespace {

/// Whether symbols at these sizes make a compile example: each at least 2
/// (a 0 or 1 would look empty or broadcastable to every pass) and no two
/// equal (the import's reading of literal sizes could take one for the
/// other).
bool goodExample(const std::vector<std::pair<std::string, int64_t>> &values) {
  std::set<int64_t> seen;
  for (const auto &[symbol, size] : values)
    if (size < 2 || !seen.insert(size).second)
      return false;
  return !values.empty();
}

/// Where two runs' outputs first differ; "" when they agree bit for bit.
std::string firstOutputDifference(const std::vector<interp::HostTensor> &a,
                                  const std::vector<interp::HostTensor> &b) {
  if (a.size() != b.size())
    return std::to_string(a.size()) + " outputs against " + std::to_string(b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].shape() != b[i].shape() || a[i].dtype() != b[i].dtype())
      return "output #" + std::to_string(i) + " has shape " + shapeText(a[i].shape()) +
             " against " + shapeText(b[i].shape());
    if (a[i].nbytes() && std::memcmp(a[i].bytes(), b[i].bytes(), a[i].nbytes()) != 0) {
      int64_t k = 0;
      while (k < a[i].numel() &&
             !(interp::elementAsDouble(a[i], k) != interp::elementAsDouble(b[i], k)))
        ++k;
      k = std::min(k, a[i].numel() - 1);
      return "output #" + std::to_string(i) + " differs at element " + std::to_string(k) + " (" +
             std::to_string(interp::elementAsDouble(a[i], k)) + " against " +
             std::to_string(interp::elementAsDouble(b[i], k)) + ")";
    }
  }
  return "";
}

int64_t inputElements(const ShapeVariant &v) {
  int64_t n = 0;
  for (const auto &[name, shape] : v.shapes) {
    int64_t p = 1;
    for (int64_t d : shape)
      p *= d;
    n += p;
  }
  return n;
}

std::string labelOf(const std::vector<std::pair<std::string, int64_t>> &values) {
  std::string s;
  for (const auto &[symbol, size] : values)
    s += (s.empty() ? "" : ",") + symbol + "=" + std::to_string(size);
  return s;
}

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// Compiles `module` for the CPU: the program, or failure with the first
/// error's text in `error` (the pipeline names what it refuses).
std::unique_ptr<runtime::CompiledModel> compileForCpu(ModuleOp module, std::string &firstError,
                                                      std::string &error, double &seconds) {
  firstError.clear();
  auto start = std::chrono::steady_clock::now();
  CompileOptions options;
  auto compiled = cpuTarget().compile(module, options);
  seconds = secondsSince(start);
  if (failed(compiled)) {
    error = firstError.empty() ? "compilation failed" : firstError;
    return nullptr;
  }
  return std::move(*compiled);
}

/// Median milliseconds of `trials` runs after one warm-up; the outputs of
/// the first in `outs`. Failure with the program's error.
FailureOr<double> timeRuns(runtime::CompiledModel &model, llvm::ArrayRef<interp::HostTensor> args,
                           unsigned trials, std::vector<interp::HostTensor> &outs) {
  auto first = model.run(args);
  if (failed(first))
    return failure();
  outs = std::move(*first);
  std::vector<double> ms;
  for (unsigned t = 0; t < std::max(1u, trials); ++t) {
    auto start = std::chrono::steady_clock::now();
    if (failed(model.run(args)))
      return failure();
    ms.push_back(secondsSince(start) * 1e3);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

/// The tightest t at which every output of `got` is within tolerance of
/// `want` (2 when some output's shape or dtype differs).
int tightestT(const std::vector<interp::HostTensor> &got,
              const std::vector<interp::HostTensor> &want) {
  if (got.size() != want.size())
    return 2;
  int worst = eval::kMinT;
  for (size_t i = 0; i < got.size(); ++i) {
    eval::OutputDiff d = eval::compareOutputs(got[i], want[i]);
    worst = std::max(worst, d.shapeAndDtypeMatch ? d.tightestT : 2);
  }
  return worst;
}

} // namespace

std::vector<eval::GuardSite> eval::guardSites(func::FuncOp forward) {
  std::vector<GuardSite> sites;
  forward.walk([&](gn::SpecializeOp guard) {
    auto type = llvm::cast<RankedTensorType>(guard.getInput().getType());
    llvm::SmallVector<SymExpr> exprs = dimExprs(type);
    GuardSite site;
    if (auto f = llvm::dyn_cast<FileLineColLoc>(guard.getLoc())) {
      site.loc = (f.getFilename().str() + ":" + std::to_string(f.getLine()) + ":" +
                  std::to_string(f.getColumn()));
    } else {
      llvm::raw_string_ostream os(site.loc);
      guard.getLoc().print(os);
    }
    for (int64_t d : guard.getDims())
      site.dims += (site.dims.empty() ? "" : ", ") + std::string("dim ") + std::to_string(d) +
                   " (" + exprs[d].str() + ") at " + std::to_string(type.getDimSize(d));
    site.pinnedInt = guard.getResult().use_empty();
    sites.push_back(std::move(site));
  });
  return sites;
}

nlohmann::json eval::guardSitesRecord(func::FuncOp forward) {
  json sites = json::array();
  for (const GuardSite &site : guardSites(forward))
    sites.push_back({{"loc", site.loc}, {"dims", site.dims}, {"pinned_int", site.pinnedInt}});
  return sites;
}

eval::OneProgramImport eval::importOneProgram(const std::string &path,
                                              const std::vector<ShapeVariant> &variants,
                                              const std::string &dtypeVariant) {
  OneProgramImport result;
  auto refuse = [&](const char *status, const std::string &why) {
    result.loaded.reset();
    result.status = status;
    result.error = why;
    return std::move(result);
  };
  // The compile example: the extracted shapes, else the first variant that
  // suits and whose symbolic import succeeds (a model extracted with
  // literal sizes imports at some shapes only).
  std::string error;
  ShapeConstraints constraints;
  std::vector<int> candidates;
  if (readShapeConstraints(path, constraints, error) && goodExample(constraints.exampleValues))
    candidates.push_back(-1);
  for (size_t k = 0; k < variants.size(); ++k)
    if (goodExample(variants[k].values))
      candidates.push_back(static_cast<int>(k));
  if (candidates.empty())
    return refuse("no_example",
                  "neither the extracted shapes nor a variant has every symbol at least 2 "
                  "and no two alike");
  std::unique_ptr<LoadedSample> &loaded = result.loaded;
  std::string firstFailure;
  int example = -2;
  ImportOptions symbolic;
  symbolic.symbolic = true;
  symbolic.dtypeVariant = dtypeVariant;
  for (int k : candidates) {
    symbolic.shapeVariant = k;
    loaded = std::make_unique<LoadedSample>(path, symbolic);
    if (loaded->module && !(*loaded->module)->hasAttr(kSizeProbe)) {
      example = k;
      break;
    }
    if (firstFailure.empty())
      firstFailure = loaded->module ? "data-dependent sizes are not symbolic yet"
                                    : "the symbolic import fails: " + loaded->firstError;
  }
  if (example == -2) {
    // Is it the symbolic import, or do the candidates not import at all?
    for (int k : candidates)
      if (LoadedSample(path, dtypeVariant, k).module)
        return refuse("not_symbolic", firstFailure);
    return refuse("no_example_imports",
                  "no candidate compile example imports as its own sample (" +
                      firstFailure.substr(firstFailure.find(':') + 2) + ")");
  }
  // Where the plain import needs guards, the factors every variant's
  // symbols share (S1 in {224, 256, 384}: 32*s1) can make two sizes one
  // (floordiv(s1, 2) and floordiv(s1 + 1, 2) at an even s1): kept when
  // they place fewer guards.
  auto guardsOf = [](LoadedSample &l) -> int64_t {
    auto g = (*l.module)->getAttrOfType<IntegerAttr>(kGuardCount);
    return g ? g.getInt() : 0;
  };
  if (guardsOf(*loaded) > 0) {
    std::map<std::string, int64_t> shared;
    auto take = [&](const std::vector<std::pair<std::string, int64_t>> &values) {
      for (const auto &[symbol, size] : values) {
        int64_t &g = shared[llvm::StringRef(symbol).lower()];
        g = std::gcd(g, size);
      }
    };
    for (const ShapeVariant &v : variants)
      take(v.values);
    if (example < 0)
      take(constraints.exampleValues);
    for (auto &[symbol, g] : shared)
      if (g > 1)
        symbolic.symbolFactors[symbol] = g;
    if (!symbolic.symbolFactors.empty()) {
      auto factored = std::make_unique<LoadedSample>(path, symbolic);
      if (factored->module && !(*factored->module)->hasAttr(kSizeProbe) &&
          guardsOf(*factored) < guardsOf(*loaded)) {
        loaded = std::move(factored);
        for (const auto &[symbol, g] : symbolic.symbolFactors)
          result.factors +=
              (result.factors.empty() ? "" : ", ") + std::to_string(g) + "*" + symbol;
      }
    }
  }
  result.example = example;
  result.exampleLabel =
      example < 0 ? labelOf(constraints.exampleValues) : variants[example].label();
  result.guards = guardsOf(*loaded);
  return result;
}

int eval::checkOneProgram(const std::string &path, const OneProgramOptions &options,
                          llvm::raw_ostream &out) {
  json record = {{"sample", path}};
  auto finish = [&](int code, const char *status) {
    record["status"] = status;
    if (!options.outPath.empty()) {
      std::ofstream f(options.outPath, std::ios::app);
      f << record.dump() << "\n";
    }
    return code;
  };
  auto noProgram = [&](const char *status, const std::string &why) {
    out << path << ": no one program: " << why << "\n";
    record["error"] = why;
    return finish(2, status);
  };
  if (!llvm::sys::fs::is_directory(path))
    return noProgram("no_sample", llvm::sys::fs::exists(path)
                                      ? "one-program takes a GraphNet sample folder, not a file"
                                      : "no such sample folder");
  std::string error;
  std::vector<ShapeVariant> variants = sampleShapeVariants(path, error);
  if (variants.empty())
    return noProgram("no_variants", "GraphNet gives it no shape variants: " + error);

  OneProgramImport imported = importOneProgram(path, variants);
  if (!imported.loaded)
    return noProgram(imported.status.c_str(), imported.error);
  std::unique_ptr<LoadedSample> &loaded = imported.loaded;
  int example = imported.example;
  const std::string &factorsText = imported.factors;
  if (!factorsText.empty())
    record["factors"] = factorsText;
  LoadedSample &one = *loaded;
  const std::string &exampleLabel = imported.exampleLabel;
  record["example"] = exampleLabel;
  auto oneForward = one.module->lookupSymbol<func::FuncOp>("forward");
  int64_t guards = imported.guards;
  record["guards"] = guards;
  out << path << ": one program at " << exampleLabel
      << (example < 0 ? " (the extracted shapes)" : " (variant " + std::to_string(example) + ")")
      << ", " << guards << " guards"
      << (factorsText.empty() ? "" : ", assuming the variants' factors " + factorsText) << "\n";
  // Where a dim could not stay symbolic: each guard's line, dims and sizes.
  for (const GuardSite &site : guardSites(oneForward))
    out << "  guard " << site.loc << ": " << site.dims
        << (site.pinnedInt ? " (an int the model takes as fixed)" : "") << "\n";
  record["guard_sites"] = guardSitesRecord(oneForward);
  // --compiled: the one program compiled once for the CPU.
  std::unique_ptr<runtime::CompiledModel> compiledOne;
  json compiledRecord;
  if (options.compiled) {
    double seconds = 0;
    std::string why;
    compiledOne = compileForCpu(*one.module, one.firstError, why, seconds);
    compiledRecord = {{"compiles", compiledOne ? 1 : 0}, {"compile_seconds", seconds}};
    if (!compiledOne) {
      compiledRecord["error"] = why;
      out << "  compiled once for the cpu: refused: " << why << "\n";
    }
  }
  std::vector<double> runRatios, ownCompileSeconds;
  int compiledOk = 0, compiledMiss = 0, compiledFailed = 0;

  // The variants run smallest first; with maxVariants, until that many
  // have run through both programs (those the model refuses cost only an
  // import and do not count).
  std::vector<unsigned> order(variants.size());
  for (unsigned k = 0; k < order.size(); ++k)
    order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return inputElements(variants[a]) < inputElements(variants[b]);
  });
  int same = 0, differ = 0, refused = 0, notImported = 0, notRun = 0;
  std::vector<std::pair<std::string, std::string>> outcomes(variants.size());
  for (unsigned k : order) {
    const ShapeVariant &v = variants[k];
    std::string &outcome = outcomes[k].first, &detail = outcomes[k].second;
    if (options.maxVariants &&
        same + differ + refused >= static_cast<int>(options.maxVariants)) {
      outcome = "not_run";
      ++notRun;
      continue;
    }
    LoadedSample own(path, "", static_cast<int>(v.index));
    auto ownForward =
        own.module ? own.module->lookupSymbol<func::FuncOp>("forward") : func::FuncOp();
    FailureOr<std::vector<interp::HostTensor>> args = failure(), expected = failure();
    if (ownForward)
      args = synthesizeInputs(ownForward, options.seed, error);
    if (succeeded(args) && succeeded(own.specialize(*args))) {
      ownForward = own.module->lookupSymbol<func::FuncOp>("forward");
      interp::Interpreter reference(ownForward);
      if (succeeded(reference.verifySupported()))
        expected = reference.run(*args);
    }
    if (failed(expected)) {
      outcome = "own_import_fails";
      detail = own.firstError.empty() ? error : own.firstError;
      ++notImported;
      continue;
    }
    one.firstError.clear();
    interp::Interpreter program(oneForward);
    auto got = program.run(*args);
    if (failed(got)) {
      outcome = "refused";
      detail = one.firstError;
      ++refused;
    } else if (std::string d = firstOutputDifference(*expected, *got); !d.empty()) {
      outcome = "differs";
      detail = d;
      ++differ;
    } else {
      outcome = "same";
      ++same;
    }
    if (compiledOne && succeeded(got)) {
      // The one program compiled, at this variant, against its own eager
      // run; beside it the variant's own program compiled for its sizes.
      std::vector<interp::HostTensor> oneOut, ownOut;
      one.firstError.clear();
      FailureOr<double> oneMs = timeRuns(*compiledOne, *args, options.trials, oneOut);
      json row = {{"index", v.index}};
      if (failed(oneMs)) {
        row["error"] = one.firstError.empty() ? "the compiled program failed" : one.firstError;
        ++compiledFailed;
      } else {
        int t = tightestT(oneOut, *expected);
        row["one_ms"] = *oneMs;
        row["correct_at"] = t;
        ++(t <= -5 ? compiledOk : compiledMiss);
        double seconds = 0;
        std::string why;
        auto ownCompiled = compileForCpu(*own.module, own.firstError, why, seconds);
        if (ownCompiled) {
          FailureOr<double> ownMs = timeRuns(*ownCompiled, *args, options.trials, ownOut);
          ownCompileSeconds.push_back(seconds);
          row["own_compile_seconds"] = seconds;
          if (succeeded(ownMs) && *ownMs > 0) {
            row["own_ms"] = *ownMs;
            runRatios.push_back(*oneMs / *ownMs);
          }
        } else {
          row["own_error"] = why;
        }
      }
      compiledRecord["variants"].push_back(row);
    }
  }
  json rows = json::array();
  for (const ShapeVariant &v : variants) {
    const auto &[outcome, detail] = outcomes[v.index];
    out << "  variant " << v.index << " " << v.label() << ": " << outcome
        << (detail.empty() ? "" : ": " + detail) << "\n";
    rows.push_back({{"index", v.index}, {"label", v.label()}, {"outcome", outcome},
                    {"detail", detail}});
  }
  record["variants"] = rows;
  record["counts"] = {{"same", same}, {"differs", differ}, {"refused", refused},
                      {"own_import_fails", notImported}, {"not_run", notRun}};
  out << "  " << same << " same, " << differ << " differ, " << refused
      << " refused by a guard or the binding, " << notImported
      << " refused by their own import (not counted), " << notRun << " not run\n";
  if (compiledOne) {
    double logSum = 0;
    for (double r : runRatios)
      logSum += std::log(r);
    double meanOwn = 0;
    for (double sec : ownCompileSeconds)
      meanOwn += sec / static_cast<double>(ownCompileSeconds.size());
    compiledRecord["counts"] = {
        {"correct", compiledOk}, {"miss", compiledMiss}, {"failed", compiledFailed}};
    if (!runRatios.empty())
      compiledRecord["run_over_own_geomean"] = std::exp(logSum / runRatios.size());
    if (meanOwn > 0)
      compiledRecord["compile_over_one_own"] =
          compiledRecord["compile_seconds"].get<double>() / meanOwn;
    out << "  compiled once for the cpu (" << compiledRecord["compile_seconds"].get<double>()
        << " s): " << compiledOk << " variants correct at t = -5, " << compiledMiss
        << " not, " << compiledFailed << " failed";
    if (!runRatios.empty())
      out << "; run time over each variant's own program, geomean "
          << compiledRecord["run_over_own_geomean"].get<double>();
    if (meanOwn > 0)
      out << "; compile time over one own compile "
          << compiledRecord["compile_over_one_own"].get<double>();
    out << "\n";
  }
  if (options.compiled)
    record["compiled"] = compiledRecord;
  if (same + differ + refused == 0)
    return finish(1, "no_variant_ran");
  bool ok = differ == 0 && refused == 0;
  return finish(ok ? 0 : 1, ok ? (guards ? "one_program_guarded" : "one_program")
                               : "not_one_program");
}

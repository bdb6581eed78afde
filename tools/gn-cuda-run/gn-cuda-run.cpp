//===- gn-cuda-run.cpp - run gn's CUDA programs on a machine without LLVM ===//
//
//   gn-cuda-run ARTIFACT_DIR... [--warmup N] [--warmup-ms MS] [--trials N]
//       [--out results.jsonl] [--dump DIR] [--timeout SECONDS] [--deadline EPOCH_SECONDS]
//       [--no-graph]
//       [--profile N] [--env-side NAME:VAR=VALUE[@KIND]]... [--sides all|main|extra]
//
// Each ARTIFACT_DIR is what `gn-eval compile --device cuda` wrote for one
// sample: eager.json and compiled.json (CudaPrograms), reference/<i>.npy
// (the CPU interpreter's outputs on the same inputs) and record.json. For
// each, in a child process (a crash or a hang is recorded and the run goes
// on): synthesize the inputs from the program's argument specs (the same
// deterministic stream as gn-eval), run gn's CUDA eager program (a kernel
// per op, launched one by one) and the compiled program (its first run
// checked step by step, then replayed as one CUDA graph), compare both with
// the reference at every tolerance t, time each (wall clock of a forward on
// device-resident inputs, synchronized, after --warmup forwards lasting at
// least --warmup-ms, default 200: an idle GPU's clocks rise under load), and
// append one JSON line in gn-eval's result format to --out. --deadline (for a device lease): start
// no sample after that time and stop the one running (not recorded).
// --profile N: time each step of the compiled program (CUDA event record
// nodes between the steps of a graph of their own, the median of 5 replays;
// "timed" says so, or why it fell back to events around steps launched one
// by one) and record the N slowest steps and the time by kind of step
// ("profile"): where to optimize next. --env-side NAME:VAR=VALUE times and
// checks the compiled program once more with VAR set to VALUE (a runtime
// choice: GN_GEMM=cublas), recorded in "env_sides"[NAME] beside the
// default: an A/B of that choice on the same card in the same run. With
// @KIND (conv, gemm or launch) only on programs that have a step of that
// kind (GN_CUDNN_MATH=tf32@conv: a model without convolutions would only
// load and time the same program again); elsewhere not recorded.
// --sides main: only gn CUDA eager and compiled (the results the benchmark
// must have); --sides extra: only the compiled program (untimed by the
// profile) with the alternatives and env sides beside it, each record
// marked "sides": "extra" (a second pass, when time is left, whose
// records bench/gpu_report.py joins to the first's by sample). Links no
// MLIR and no LLVM dylib.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/HostInputs.h"
#include "gn/Eval/InputSynthesis.h"
#include "gn/Eval/Npy.h"
#include "gn/Eval/Records.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Support/ChildProcesses.h"
#include "gn/Target/CUDA/CudaExecutor.h"
#include "gn/Target/CUDA/CudaProgram.h"
#include <algorithm>
#include <chrono>
#include <csignal>
#include <ctime>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using json = nlohmann::json;
namespace cuda = mlir::gn::cuda;
namespace eval = mlir::gn::eval;
namespace interp = mlir::gn::interp;
using interp::HostTensor;

namespace {

// compiled-alt.json, compiled-alt-2.json, ... up to this many.
constexpr int kMaxAlternatives = 8;

struct Options {
  int warmup = 5, trials = 20;
  // Warm-up also lasts at least this long: an idle GPU sits at low clocks
  // (an H200 read 345 MHz idle, 1980 MHz under load), and a few forwards of
  // a small graph end before its clocks rise.
  double warmupMs = 200;
  unsigned timeout = 600;
  long deadline = 0; // epoch seconds; 0: none
  std::string out = "results.jsonl", dump;
  bool graph = true;
  int profile = 0; // slowest steps to record; 0: no profile
  /// The runtime switches (the environment's, then --set's).
  cuda::CudaOptions switches;
  struct EnvSide {
    std::string name, var, value;
    std::string key;  // the switch `var` sets
    std::string kind; // run only on programs with a step of this kind; "": all
  };
  std::vector<EnvSide> envSides;
  bool mainSides = true, extraSides = true; // --sides
  std::vector<std::string> dirs;
};

bool synthesizeInputs(const cuda::Program &p, std::vector<HostTensor> &args, std::string &error,
                      eval::Synthesis how = eval::Synthesis::GraphNet) {
  for (unsigned i = 0; i < p.numArgs(); ++i) {
    const cuda::Slot &slot = p.slots[i];
    auto t = eval::synthesizeArgument(p.arguments[i], slot.shape, slot.dtype, /*seed=*/0, i,
                                      error, how);
    if (!t)
      return false;
    args.push_back(std::move(*t));
  }
  return true;
}

/// The `top` slowest steps of the profiled forward, and the time by kind of
/// step (kernel kind, cuBLAS, cuDNN).
bool profile(cuda::CudaExecutor &ex, int top, json &out, std::string &error) {
  std::vector<double> ms;
  std::string how;
  if (!ex.profileSteps(ms, how, error))
    return false;
  const cuda::Program &p = ex.program();
  // The steps that put work on the GPU (a view's 0 ms is no step time).
  std::vector<size_t> order;
  for (size_t i = 0; i < ms.size(); ++i)
    if (p.steps[i].doesWork())
      order.push_back(i);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ms[a] > ms[b]; });
  double total = 0;
  std::map<std::string, std::pair<double, int>> byOp;
  // A kernel's kind from its name (k<N>_<kind>_<hash>), else the library.
  auto kindOf = [&](const cuda::Step &s) -> std::string {
    if (s.kind == cuda::Step::Kind::Gemm)
      return std::string(ex.gemmLibrary(&s - p.steps.data())) + " gemm";
    if (s.kind == cuda::Step::Kind::Conv)
      return "cudnn convolution";
    if (s.kind != cuda::Step::Kind::Launch || s.kernel < 0)
      return s.op;
    std::string name = p.kernels[s.kernel].name;
    size_t first = name.find('_'), last = name.rfind('_');
    return first != std::string::npos && last > first ? name.substr(first + 1, last - first - 1)
                                                      : std::string("fused group");
  };
  for (size_t i : order) {
    total += ms[i];
    auto &[t, n] = byOp[kindOf(p.steps[i])];
    t += ms[i];
    n += 1;
  }
  json steps = json::array();
  for (size_t k = 0; k < order.size() && (int)k < top; ++k) {
    const cuda::Step &s = p.steps[order[k]];
    json j = {{"step", order[k]}, {"ms", ms[order[k]]}, {"op", s.op}, {"location", s.location}};
    if (s.kind == cuda::Step::Kind::Launch && s.kernel >= 0) {
      const cuda::Kernel &kern = p.kernels[s.kernel];
      j["kernel"] = kern.name;
      json launches = json::array();
      for (const cuda::KernelLaunch &l : kern.launches)
        launches.push_back({{"grid", l.grid[0]}, {"block", l.block[0]}, {"serial", l.serial}});
      j["launches"] = launches;
    } else {
      j["kind"] = s.kind == cuda::Step::Kind::Gemm ? ex.gemmLibrary(order[k]) : "cudnn";
    }
    steps.push_back(j);
  }
  json ops = json::array();
  std::vector<std::pair<std::string, std::pair<double, int>>> sorted(byOp.begin(), byOp.end());
  std::sort(sorted.begin(), sorted.end(),
            [](const auto &a, const auto &b) { return a.second.first > b.second.first; });
  for (const auto &[op, tn] : sorted)
    ops.push_back({{"kind", op}, {"ms", tn.first}, {"steps", tn.second}});
  out = {{"steps_ms", total}, {"timed", how}, {"slowest_steps", steps}, {"by_kind", ops}};
  return true;
}

/// Loads `programPath`, runs it checked once, then times it. Fills `side`
/// with timing, device memory and launch counts (and, with `profileTop`,
/// the profile); returns false with `error`.
bool runSide(const std::string &programPath, const std::vector<HostTensor> &args,
             const Options &o, bool graph, int profileTop, std::vector<HostTensor> &outputs,
             json &side, std::string &error) {
  auto program = cuda::readProgram(programPath, error);
  if (!program)
    return false;
  // A program with symbolic dims runs at the sizes of its arguments.
  if (program->symbolic) {
    std::vector<std::vector<int64_t>> shapes;
    for (const HostTensor &a : args)
      shapes.push_back(a.shape().vec());
    if (!(program = cuda::bindProgram(*program, shapes, error)))
      return false;
  }
  auto loadStart = std::chrono::steady_clock::now();
  auto ex = cuda::CudaExecutor::load(*program, o.switches, error);
  if (!ex)
    return false;
  double loadSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - loadStart).count();
  if (!ex->setArguments(args, error) || !ex->forward(/*checked=*/true, error) ||
      !ex->results(outputs, error))
    return false;
  bool captured = false;
  if (graph) {
    std::string graphError;
    captured = ex->captureGraph(graphError);
    if (!captured)
      side["graph_error"] = graphError;
  }
  auto since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
  };
  auto warmStart = std::chrono::steady_clock::now();
  int warmed = 0;
  for (; warmed < o.warmup || since(warmStart) < o.warmupMs; ++warmed)
    if (!ex->forward(/*checked=*/false, error))
      return false;
  std::vector<double> ms, hostMs;
  for (int k = 0; k < o.trials; ++k) {
    auto start = std::chrono::steady_clock::now();
    double host = 0;
    if (!ex->forward(/*checked=*/false, error, &host))
      return false;
    ms.push_back(since(start));
    hostMs.push_back(host);
  }
  if (profileTop > 0) {
    json prof;
    if (!profile(*ex, profileTop, prof, error))
      return false;
    side["profile"] = prof;
  }
  side["timing"] = eval::timingStats(ms);
  side["timing"]["cuda_graph"] = captured;
  side["timing"]["warmup_forwards"] = warmed;
  // Host time to submit a forward (before waiting for it): the overhead a
  // CUDA graph removes.
  side["timing"]["host_submit_ms"] = eval::timingStats(hostMs)["median_ms"];
  side["load_seconds"] = loadSeconds;
  side["device_bytes"] = ex->deviceBytes();
  side["workspace_bytes"] = ex->workspaceBytes();
  side["launches"] = ex->launchesPerForward();
  if (ex->programmaticLaunches() > 0)
    side["programmatic_launches"] = ex->programmaticLaunches();
  // Kernel modules from their ahead-of-time cubin, or JIT-compiled and why.
  side["cubin_modules"] = ex->cubinModules();
  if (!ex->jitReason().empty())
    side["jit_reason"] = ex->jitReason();
  side["device"] = ex->device().name;
  cuda::GemmStats g = ex->gemmStats();
  if (!g.mode.empty()) {
    side["gemm"] = {{"mode", g.mode},
                    {"products", g.products},
                    {"cublaslt_steps", g.ltSteps},
                    {"cublas_steps", g.cublasSteps},
                    {"candidates_timed", g.candidatesTimed},
                    {"not_first_choice", g.notFirstChoice},
                    {"tune_ms", g.tuneMs}};
    if (!g.cublasWhy.empty())
      side["gemm"]["cublas_why"] = g.cublasWhy;
  }
  cuda::ConvStats cs = ex->convStats();
  if (!cs.mode.empty()) {
    json algorithms = json::object();
    for (auto [algo, steps] : cs.algorithms)
      algorithms[std::to_string(algo)] = steps;
    side["conv"] = {{"mode", cs.mode},
                    {"steps", cs.steps},
                    {"configs", cs.configs},
                    {"candidates_timed", cs.candidatesTimed},
                    {"not_first_choice", cs.notFirstChoice},
                    {"heuristic_fallbacks", cs.heuristicFallbacks},
                    {"choose_ms", cs.chooseMs},
                    {"algorithms", algorithms}};
    if (!cs.graphSkipped.empty())
      side["conv"]["graph_skipped"] = cs.graphSkipped;
  }
  return true;
}

/// <folder>/<i>.npy (folder: reference, or reference-fan-in for the
/// degenerate recheck), and the stride each was kept at (1: whole).
bool readReferences(const std::string &dir, std::vector<HostTensor> &out,
                    std::vector<int64_t> &strides, std::string &error,
                    const std::string &folder = "reference") {
  for (int i = 0;; ++i) {
    std::string base = dir + "/" + folder + "/" + std::to_string(i);
    struct stat st;
    if (stat((base + ".npy").c_str(), &st) != 0)
      break;
    auto t = eval::readNpy(base + ".npy", error);
    if (!t)
      return false;
    out.push_back(std::move(*t));
    int64_t k = 1;
    std::ifstream(base + ".stride") >> k;
    strides.push_back(std::max<int64_t>(1, k));
  }
  if (out.empty()) {
    error = "no reference outputs in " + dir + "/" + folder;
    return false;
  }
  return true;
}

/// A degenerate recheck that missed t = -5, judged under the float64 rule
/// against the f64 outputs gn-eval compile wrote (reference-fan-in-fp64/)
/// and eager's distance to them (the record's degenerate_recheck_fp64).
void judgeUnderFp64(const std::string &dir, const json &r, const std::vector<HostTensor> &got,
                    json &check) {
  if (check["correct_at"].value("-5", false)) {
    eval::conformsWithoutFp64(check);
    return;
  }
  check["conforms"] = false;
  if (!r.contains("degenerate_recheck_fp64")) {
    check["fp64_error"] = r.value("degenerate_recheck_fp64_error",
                                  std::string("the bundle has no f64 outputs on fan-in inputs"));
    return;
  }
  const json &fp64 = r["degenerate_recheck_fp64"];
  std::vector<HostTensor> wide;
  std::vector<int64_t> strides;
  std::string why;
  if (!readReferences(dir, wide, strides, why, fp64.value("reference", "reference-fan-in-fp64"))) {
    check["fp64_error"] = why;
    return;
  }
  json ignored;
  eval::judgeRecheckAgainstFp64(check, fp64["eager_correct_at"],
                                eval::compareWithReference(got, wide, strides, ignored));
}

std::string readFile(const std::string &path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

bool dumpAll(const std::string &dir, const std::vector<HostTensor> &ts, std::string &error) {
  std::string cmd = "mkdir -p '" + dir + "'";
  if (std::system(cmd.c_str()) != 0) {
    error = "cannot create " + dir;
    return false;
  }
  for (size_t i = 0; i < ts.size(); ++i)
    if (!eval::writeNpy(dir + "/" + std::to_string(i) + ".npy", ts[i], error))
      return false;
  return true;
}

/// One sample, in this (child) process: its JSON line.
std::string runSample(const std::string &dir, const Options &o) {
  json r = json::parse(readFile(dir + "/record.json"), nullptr, false);
  if (r.is_discarded() || !r.is_object())
    r = json::object({{"sample", dir}});
  r["speedup"] = nullptr;
  auto fail = [&](const char *status, const std::string &error) {
    r["status"] = status;
    r["error"] = error;
    if (std::string cls = eval::errorClassOf(error); !cls.empty())
      r["error_class"] = cls;
    return r.dump(-1, ' ', false, json::error_handler_t::replace);
  };
  std::string error;
  std::vector<HostTensor> expected;
  std::vector<int64_t> strides;
  if (!readReferences(dir, expected, strides, error))
    return fail("eager_error", error);
  auto compiled = cuda::readProgram(dir + "/compiled.json", error);
  if (!compiled)
    return fail("compile_error", error);
  // A program with symbolic dims runs at the argument shapes its record
  // names (gn-eval compile --shapes: a sample's one program at a variant),
  // else at its compile example's.
  if (compiled->symbolic && r.contains("argument_shapes")) {
    std::vector<std::vector<int64_t>> shapes;
    if (!r["argument_shapes"].is_array() || r["argument_shapes"].size() != compiled->numArgs())
      return fail("eager_error", dir + "/record.json: argument_shapes does not give one shape "
                                     "per argument of its compiled.json");
    for (const json &s : r["argument_shapes"]) {
      if (!s.is_array() || !std::all_of(s.begin(), s.end(), [](const json &d) {
            return d.is_number_integer() && d.get<int64_t>() >= 0;
          }))
        return fail("eager_error", dir + "/record.json: argument_shapes holds a shape that is "
                                       "not a list of sizes");
      shapes.push_back(s.get<std::vector<int64_t>>());
    }
    auto bound = cuda::bindProgram(*compiled, shapes, error);
    if (!bound)
      return fail("eager_error", error);
    compiled = std::move(bound);
  }
  std::vector<HostTensor> args;
  if (!synthesizeInputs(*compiled, args, error))
    return fail("eager_error", error);
  std::string name = dir.substr(dir.find_last_of('/') + 1);

  std::vector<HostTensor> eagerOut, compiledOut;
  json eager, comp, outputs;
  if (o.mainSides) {
    if (!runSide(dir + "/eager.json", args, o, /*graph=*/false, /*profileTop=*/0, eagerOut, eager,
                 error))
      return fail("eager_error", "gn cuda eager: " + error);
    r["eager"] = eager["timing"];
    r["eager"]["side"] = "gn cuda eager";
    r["eager_correct_at"] = eval::compareWithReference(eagerOut, expected, strides, outputs);
    r["eager_outputs"] = outputs;
    r["eager_launches"] = eager["launches"];
  } else {
    r["sides"] = "extra";
  }
  if (!runSide(dir + "/compiled.json", args, o, o.graph, o.mainSides ? o.profile : 0, compiledOut,
               comp, error))
    return fail("runtime_error", error);
  if (comp.contains("profile"))
    r["profile"] = comp["profile"];
  r["compiled"] = comp["timing"];
  r["correct_at"] = eval::compareWithReference(compiledOut, expected, strides, outputs);
  r["outputs"] = outputs;
  r["device"] = comp["device"];
  // Degenerate reference outputs (gn-eval compile wrote reference-fan-in/):
  // the compiled program again on fan-in inputs, whose outputs depend on
  // the computation, against the interpreter's there.
  if (r.contains("degenerate_recheck_reference") && o.mainSides) {
    json &check = r["degenerate_recheck"];
    check["inputs"] = eval::synthesisName(eval::Synthesis::FanIn);
    std::vector<HostTensor> fanIn, fanInExpected, fanInOut;
    std::vector<int64_t> fanInStrides;
    std::string why;
    json side, fanInOutputs;
    Options once = o;
    once.warmup = 0;
    once.trials = 1;
    once.profile = 0;
    once.warmupMs = 0;
    if (!readReferences(dir, fanInExpected, fanInStrides, why, "reference-fan-in") ||
        !synthesizeInputs(*compiled, fanIn, why, eval::Synthesis::FanIn) ||
        !runSide(dir + "/compiled.json", fanIn, once, o.graph, /*profileTop=*/0, fanInOut, side,
                 why)) {
      check["error"] = why;
    } else {
      check["correct_at"] =
          eval::compareWithReference(fanInOut, fanInExpected, fanInStrides, fanInOutputs);
      check["degenerate"] = eval::degenerateIndices(fanInOutputs);
      judgeUnderFp64(dir, r, fanInOut, check);
    }
  }
  // The switches this run used (the record from compiling held the
  // compiling machine's).
  r["switches"] = json::object();
  for (auto &[key, value] : o.switches.values())
    r["switches"]["cuda"][key] = value;
  r["launches"] = comp["launches"];
  if (comp.contains("graph_error"))
    r["graph_error"] = comp["graph_error"];
  int64_t io = r.value("io_bytes", int64_t(0));
  r["device_memory"] = {{"compiled_bytes", comp["device_bytes"]},
                        {"eager_bytes", o.mainSides ? eager["device_bytes"] : json()},
                        {"library_workspace_bytes", comp["workspace_bytes"]},
                        {"io_bytes", io},
                        {"compiled_over_io",
                         io > 0 ? comp["device_bytes"].get<double>() / io : 0.0}};
  r["load_seconds"] = comp["load_seconds"];
  r["cubin_modules"] = comp["cubin_modules"];
  if (comp.contains("jit_reason"))
    r["jit_reason"] = comp["jit_reason"];
  if (comp.contains("gemm"))
    r["gemm"] = comp["gemm"];
  if (comp.contains("conv"))
    r["conv"] = comp["conv"];
  // Another side: `program` timed and checked again (after `before`, which
  // sets what differs), recorded in `a`; its failure is the side's, not the
  // sample's.
  auto otherSide = [&](const std::string &program, json &a, const Options &so) {
    json side, sideOutputs;
    std::vector<HostTensor> sideOut;
    std::string sideError;
    if (runSide(program, args, so, so.graph, /*profileTop=*/0, sideOut, side, sideError)) {
      a["timing"] = side["timing"];
      a["correct_at"] = eval::compareWithReference(sideOut, expected, strides, sideOutputs);
      a["launches"] = side["launches"];
      a["device_bytes"] = side["device_bytes"];
      a["over_io"] = io > 0 ? side["device_bytes"].get<double>() / io : 0.0;
      if (side.contains("gemm"))
        a["gemm"] = side["gemm"];
      if (side.contains("conv"))
        a["conv"] = side["conv"];
      if (side.contains("programmatic_launches"))
        a["programmatic_launches"] = side["programmatic_launches"];
    } else {
      a["error"] = sideError;
    }
  };
  // The alternative programs (scripts/bundle-gpu.sh: compiled with other
  // pipeline options, e.g. without launch merging): compiled-alt.json,
  // then compiled-alt-2.json and on, in "compiled_alts" (the first also in
  // "compiled_alt").
  // (A sample has the k-th only where that program differs from its own.)
  for (int k = 1; o.extraSides && k <= kMaxAlternatives; ++k) {
    std::string base = dir + "/compiled-alt" + (k == 1 ? "" : "-" + std::to_string(k));
    struct stat altStat;
    if (stat((base + ".json").c_str(), &altStat) != 0)
      continue;
    std::string options = readFile(base + ".txt");
    while (!options.empty() && (options.back() == '\n' || options.back() == ' '))
      options.pop_back();
    json a;
    a["pipeline_options"] = options;
    otherSide(base + ".json", a, o);
    if (!r.contains("compiled_alt"))
      r["compiled_alt"] = a;
    r["compiled_alts"].push_back(a);
  }
  // The compiled program under another runtime choice (--env-side): the
  // switches with the one the variable names changed.
  for (const Options::EnvSide &e : o.envSides) {
    if (!o.extraSides)
      break;
    if (!e.kind.empty() &&
        std::none_of(compiled->steps.begin(), compiled->steps.end(), [&](const cuda::Step &s) {
          return !s.elided && cuda::stepKindName(s.kind) == e.kind;
        }))
      continue;
    Options changed = o;
    json &a = r["env_sides"][e.name];
    a["env"] = e.var + "=" + e.value;
    if (!changed.switches.set(e.key, e.value, error))
      a["error"] = error;
    else
      otherSide(dir + "/compiled.json", a, changed);
  }
  if (!o.dump.empty() && (!dumpAll(o.dump + "/" + name + "/compiled", compiledOut, error) ||
                          !dumpAll(o.dump + "/" + name + "/eager", eagerOut, error)))
    return fail("runtime_error", error);
  if (o.mainSides) {
    double te = r["eager"]["median_ms"].get<double>(), tc = r["compiled"]["median_ms"].get<double>();
    r["speedup"] = tc > 0 ? te / tc : 0.0;
  }
  r["status"] = "ok";
  return r.dump(-1, ' ', false, json::error_handler_t::replace);
}

int usage() {
  cuda::CudaOptions defaults;
  std::cerr << "usage: gn-cuda-run ARTIFACT_DIR... [--warmup N] [--warmup-ms MS] [--trials N]\n"
               "                   [--out FILE] [--dump DIR] [--timeout SECONDS] [--no-graph]\n"
               "                   [--profile N] [--deadline EPOCH] [--env-side NAME:VAR=VALUE[@KIND]]...\n"
               "                   [--sides all|main|extra] [--set KEY=VALUE]...\n"
               "--env-side's VAR is a switch's environment variable or key; --set changes a\n"
               "switch for every side. The switches:\n"
            << mlir::gn::switchesHelp({&defaults}) ;
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  std::vector<std::pair<std::string, std::string>> settings; // --set, after the environment
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char * { return i + 1 < argc ? argv[++i] : nullptr; };
    const char *v = nullptr;
    if (a == "--warmup" && (v = next()))
      o.warmup = std::atoi(v);
    else if (a == "--warmup-ms" && (v = next()))
      o.warmupMs = std::max(0.0, std::atof(v));
    else if (a == "--trials" && (v = next()))
      o.trials = std::max(1, std::atoi(v));
    else if (a == "--out" && (v = next()))
      o.out = v;
    else if (a == "--dump" && (v = next()))
      o.dump = v;
    else if (a == "--timeout" && (v = next()))
      o.timeout = std::atoi(v);
    else if (a == "--deadline" && (v = next()))
      o.deadline = std::atol(v);
    else if (a == "--profile" && (v = next()))
      o.profile = std::max(0, std::atoi(v));
    else if (a == "--no-graph")
      o.graph = false;
    else if (a == "--env-side" && (v = next())) {
      std::string spec = v, kind;
      if (size_t at = spec.rfind('@'); at != std::string::npos) {
        kind = spec.substr(at + 1);
        spec.resize(at);
        if (kind != "conv" && kind != "gemm" && kind != "launch") {
          std::cerr << "error: --env-side " << v << ": @" << kind
                    << ": expected @conv, @gemm or @launch\n";
          return 2;
        }
      }
      size_t colon = spec.find(':'), eq = spec.find('=');
      if (colon == std::string::npos || eq == std::string::npos || eq < colon || colon == 0 ||
          eq == colon + 1) {
        std::cerr << "error: --env-side " << v << ": expected NAME:VAR=VALUE[@KIND]\n";
        return 2;
      }
      std::string var = spec.substr(colon + 1, eq - colon - 1);
      const mlir::gn::SwitchInfo *s = o.switches.byEnv(var);
      if (!s)
        s = o.switches.byKey(var);
      if (!s) {
        std::cerr << "error: --env-side " << v << ": " << var
                  << " is not a runtime switch of the CUDA target (see --help)\n";
        return 2;
      }
      o.envSides.push_back({spec.substr(0, colon), var, spec.substr(eq + 1), s->key, kind});
    }
    else if (a == "--set" && (v = next())) {
      std::string setting = v;
      size_t eq = setting.find('=');
      std::string why;
      if (eq == std::string::npos) {
        std::cerr << "error: --set " << setting << ": expected KEY=VALUE\n";
        return 2;
      }
      settings.push_back({setting.substr(0, eq), setting.substr(eq + 1)});
    }
    else if (a == "--sides" && (v = next())) {
      std::string which = v;
      if (which != "all" && which != "main" && which != "extra") {
        std::cerr << "error: --sides " << which << ": expected all, main or extra\n";
        return 2;
      }
      o.mainSides = which != "extra";
      o.extraSides = which != "main";
    }
    else if (a == "--help" || a == "-h" || (!a.empty() && a[0] == '-'))
      return usage();
    else
      o.dirs.push_back(a);
  }
  if (o.dirs.empty())
    return usage();
  std::string error;
  if (!o.switches.readEnvironment(error)) {
    std::cerr << "error: " << error << "\n";
    return 2;
  }
  for (auto &[key, value] : settings)
    if (!o.switches.set(key, value, error)) {
      std::cerr << "error: --set " << key << "=" << value << ": " << error << "\n";
      return 2;
    }
  // Each sample runs in a forked child: the parent must not initialize CUDA.
  auto device = cuda::probeDeviceInChild(o.switches, error);
  if (!device) {
    std::cerr << "error: " << error << "\n";
    return 1;
  }
  std::cout << "gn-cuda-run on " << device->name << " (sm_" << device->major << device->minor
            << ")\n";
  std::ofstream out(o.out, std::ios::app);
  if (!out) {
    std::cerr << "error: cannot open '" << o.out << "'\n";
    return 2;
  }
  size_t ok = 0;
  eval::RecheckTally rechecks; // degenerate outputs rechecked on fan-in inputs
  mlir::gn::ChildProcesses children;
  for (size_t k = 0; k < o.dirs.size(); ++k) {
    std::string dir = o.dirs[k];
    while (dir.size() > 1 && dir.back() == '/')
      dir.pop_back();
    long left = o.deadline ? o.deadline - (long)time(nullptr) : (long)o.timeout;
    if (left <= 0) {
      std::cout << "deadline: " << o.dirs.size() - k << " samples not run\n";
      break;
    }
    unsigned limit = std::min<long>(o.timeout, left);
    std::string error;
    std::optional<mlir::gn::FinishedChild> child =
        children.run(limit, [&](const std::string &) { return runSample(dir, o); }, error);
    if (!child) {
      std::cerr << "error: " << error << "\n";
      return 2;
    }
    std::string line = child->result;
    bool died = child->died();
    if (died && limit < o.timeout && child->timedOut()) {
      std::cout << "deadline: stopped " << dir << "; " << o.dirs.size() - k
                << " samples not run\n";
      break;
    }
    if (died)
      line = eval::deathRecord(dir, readFile(dir + "/record.json"), child->waitStatus, o.timeout);
    json j = json::parse(line, nullptr, false);
    std::string status = j.is_discarded() ? "?" : j.value("status", "?");
    ok += status == "ok";
    out << line << "\n";
    out.flush();
    std::cout << "[" << k + 1 << "/" << o.dirs.size() << "] " << status << " " << dir;
    if (!j.is_discarded() && j.contains("speedup") && j["speedup"].is_number())
      std::cout << " speedup " << j["speedup"].get<double>();
    if (!j.is_discarded() && j.contains("error") && j["error"].is_string())
      std::cout << "\n    " << j["error"].get<std::string>();
    if (!j.is_discarded() && j.contains("degenerate_recheck"))
      std::cout << "\n    " << eval::degenerateRecheckSummary(j["degenerate_recheck"]);
    rechecks.add(j, dir);
    std::cout << std::endl;
  }
  std::cout << "\n" << ok << " / " << o.dirs.size() << " samples ok; results appended to " << o.out
            << "\n" << rechecks.summary();
  return 0;
}

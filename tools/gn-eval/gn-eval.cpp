//===- gn-eval.cpp - run, compare and score GraphNet samples ------------===//
//
//   gn-eval run SAMPLE_DIR|FILE.mlir... [--mode eager|compiled]
//       [--compiler gn|nope] [--warmup N] [--trials N] [--seed S]
//       [--out results.jsonl] [--dump DIR] [--jobs N] [--timeout SECONDS]
//       [--reference fp64]
//   gn-eval compile SAMPLE... --device cuda -o DIR [--pipeline-options "..."]
//       [--log compile.jsonl] [--jobs N]
//   gn-eval bisect SAMPLE [--t T] [--pipeline-options "..."] [--dtype float16] [-o case.mlir]
//   gn-eval one-program SAMPLE... [--max-variants N] [--compiled [--trials N]] [--out records.jsonl]
//   gn-eval score results.jsonl... [--p P] [--b B] [--format table|json|markdown]
//
// `run` executes each sample in a child process: a crash or a timeout is
// recorded (runtime_error) and the run goes on; each result is appended to
// --out as soon as its sample finishes.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/Bisect.h"
#include "gn/Eval/GraphNetLog.h"
#include "gn/Eval/OneProgram.h"
#include "gn/Eval/Records.h"
#include "gn/Eval/Report.h"
#include "gn/Eval/Runner.h"
#include "gn/Eval/Score.h"
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/Interpreter/DTypeConversion.h"
#include "gn/Support/ChildProcesses.h"
#include "gn/Support/GeneralSwitches.h"
#include "gn/Support/MemoryLimit.h"
#include "gn/Target/Target.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <new>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
namespace eval = mlir::gn::eval;

/// gn-eval's own options: --help shows these, not LLVM's backend flags.
static cl::OptionCategory gnEvalCategory("gn-eval options");

static cl::SubCommand runCmd("run", "Run samples eagerly and compiled, compare, time");
static cl::SubCommand scoreCmd("score", "Compute S(t) and ES(t) from results.jsonl files");
static cl::SubCommand reportCmd("report",
                                "One self-contained HTML report of several result files "
                                "(JSON lines or GraphNet logs): S(t)/ES(t) curves, speedup "
                                "distributions, categories, failures, slowest samples");
static cl::SubCommand mergeCmd("merge",
                               "Merge result files (shards) into one; report duplicates and "
                               "missing samples");
static cl::SubCommand
    compileCmd("compile",
               "Write CUDA programs and CPU reference outputs for gn-cuda-run (no GPU needed)");

static cl::SubCommand
    bisectCmd("bisect", "Find the smallest range of ops whose compiled execution (every other op "
                        "interpreted) still misses the interpreter at t; write it as a .mlir case");
static cl::opt<std::string> bisectInput(cl::Positional, cl::desc("<sample dir | file.mlir>"),
                                        cl::Required, cl::cat(gnEvalCategory), cl::sub(bisectCmd));
static cl::opt<int> bisectT("t", cl::desc("Tolerance exponent the compiled output misses at"),
                            cl::init(-5), cl::cat(gnEvalCategory), cl::sub(bisectCmd));
static cl::opt<std::string> bisectPipelineOptions("pipeline-options",
                                                  cl::desc("gn-cpu-pipeline options"), cl::init(""),
                                                  cl::cat(gnEvalCategory), cl::sub(bisectCmd));
static cl::opt<uint64_t> bisectSeed("seed", cl::desc("Input synthesis seed"), cl::init(0),
                                    cl::cat(gnEvalCategory), cl::sub(bisectCmd));
static cl::opt<std::string> bisectBind(
    "bind",
    cl::desc("A .mlir with symbolic dims at these values of its shape symbols: "
             "SYMBOL=SIZE[,SYMBOL=SIZE...] (default: at its compile example)"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(bisectCmd));
static cl::opt<std::string> bisectInputs(
    "inputs", cl::desc("How inputs are drawn: graphnet or fan-in (as gn-eval run --inputs)"),
    cl::init("graphnet"), cl::cat(gnEvalCategory), cl::sub(bisectCmd));
static cl::opt<std::string> bisectCase("o", cl::desc("Write the failing range here as .mlir"),
                                       cl::init(""), cl::cat(gnEvalCategory), cl::sub(bisectCmd));

static cl::SubCommand oneProgramCmd(
    "one-program", "Import torch samples once with their symbolic dims and check that the one "
                   "program gives each GraphNet shape variant's output bit for bit");
static cl::list<std::string> oneProgramInputs(cl::Positional, cl::desc("<sample dir>..."),
                                              cl::OneOrMore, cl::cat(gnEvalCategory),
                                              cl::sub(oneProgramCmd));
static cl::opt<uint64_t> oneProgramSeed("seed", cl::desc("Input synthesis seed"), cl::init(0),
                                        cl::cat(gnEvalCategory), cl::sub(oneProgramCmd));
static cl::opt<unsigned> oneProgramMaxVariants(
    "max-variants", cl::desc("Run at most N variants per sample, the smallest first (0: all)"),
    cl::init(0), cl::cat(gnEvalCategory), cl::sub(oneProgramCmd));
static cl::opt<bool> oneProgramCompiled(
    "compiled",
    cl::desc("Also compile the one program once for the CPU and run every variant through it, "
             "beside each variant's own compiled program"),
    cl::init(false), cl::cat(gnEvalCategory), cl::sub(oneProgramCmd));
static cl::opt<unsigned> oneProgramTrials(
    "trials", cl::desc("With --compiled: timed runs of each program per variant (median kept)"),
    cl::init(3), cl::cat(gnEvalCategory), cl::sub(oneProgramCmd));
static cl::opt<std::string> oneProgramOut("out",
                                          cl::desc("Append one JSON record per sample here"),
                                          cl::init(""), cl::cat(gnEvalCategory),
                                          cl::sub(oneProgramCmd));

static cl::list<std::string> compileInputs(cl::Positional, cl::desc("<sample dir | file.mlir>..."),
                                           cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<std::string> compileOut("o",
                                       cl::desc("Folder for <sample>/{eager,compiled}.json, "
                                                "reference/*.npy, record.json"),
                                       cl::Required, cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<std::string> compileDevice("device", cl::desc("cuda"), cl::init("cuda"),
                                          cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<std::string> compilePipelineOptions("pipeline-options",
                                                   cl::desc("gn-cuda-pipeline options"),
                                                   cl::init(""), cl::cat(gnEvalCategory),
                                                   cl::sub(compileCmd));
static cl::opt<std::string> compileLog("log", cl::desc("Append one JSON line per sample"),
                                       cl::init("compile.jsonl"), cl::cat(gnEvalCategory),
                                       cl::sub(compileCmd));
static cl::opt<int64_t> referenceBudget(
    "reference-budget",
    cl::desc("Bytes of reference outputs per sample; larger outputs keep every k-th element "
             "(0: all)"),
    cl::init(2 << 20), cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<bool> compileReferences(
    "references",
    cl::desc("Write the CPU interpreter's reference outputs beside the programs (false: the "
             "programs only, for measuring compiling; gn-cuda-run cannot check them)"),
    cl::init(true), cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<bool> compileEagerProgram(
    "eager-program",
    cl::desc("Write the device's eager program (a kernel per op) beside the compiled one "
             "(false: compiled.json only; gn-cuda-run --sides extra runs such a folder)"),
    cl::init(true), cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<std::string> compileCacheDir(
    "cache-dir",
    cl::desc("Also store each compiled program in this program cache under its key (the "
             "sample's files, the options, gn's version), where gn's Python runtime finds it"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<bool> compileCacheLink(
    "cache-link",
    cl::desc("With --cache-dir: each cache entry points at the written compiled.json (a "
             "relative path) instead of holding a copy, for a bundle that carries both"),
    cl::init(false), cl::cat(gnEvalCategory), cl::sub(compileCmd));
static cl::opt<unsigned> compileJobs("jobs", cl::desc("Samples compiled at once"), cl::init(1),
                                     cl::cat(gnEvalCategory), cl::sub(compileCmd));

static cl::list<std::string> runInputs(cl::Positional, cl::desc("<sample dir | file.mlir>..."),
                                       cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string> mode("mode", cl::desc("eager | compiled"), cl::init("compiled"),
                                 cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string> compiler("compiler", cl::desc("gn | nope"), cl::init("gn"),
                                     cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("The target's pipeline options (gn-cpu-pipeline, gn-cuda-pipeline), e.g. "
             "'max-fusion-ops=32'"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string> abPipelineOptions(
    "ab-options",
    cl::desc("A/B: also compile each sample with these pipeline options (B) and time the two "
             "programs in alternation, A B then B A, so a shared machine's drift hits both alike; "
             "the record's \"ab\" has B's times, its correctness and median(A) / median(B) "
             "(A: --pipeline-options)"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<unsigned> jitOptLevel("jit-opt-level",
                                     cl::desc("LLVM optimization level of the kernels (0-3)"),
                                     cl::init(2), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string>
    device("device",
           cl::desc("cpu | cuda (cuda: gn CUDA eager vs gn compiled, checked against the CPU "
                    "interpreter)"),
           cl::init("cpu"), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<int> warmup("warmup", cl::desc("Untimed runs per side"), cl::init(1),
                           cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<int> trials("trials", cl::desc("Timed runs per side"), cl::init(5),
                           cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<uint64_t> seed("seed", cl::desc("Input synthesis seed"), cl::init(0),
                              cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string> synthesis(
    "inputs",
    cl::desc("How inputs are drawn: graphnet (from each tensor's meta, as GraphNet replays "
             "them), or fan-in (float weights of rank >= 2 with std 1/sqrt(fan-in), so deep "
             "nets' outputs do not shrink to zero)"),
    cl::init("graphnet"), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<bool> recheckDegenerate(
    "recheck-degenerate",
    cl::desc("Where the reference has a near-zero or constant output, also check the compiled "
             "program on fan-in inputs (the record's degenerate_recheck)"),
    cl::init(true), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string> dtypeVariant(
    "dtype",
    cl::desc("GraphNet's dtype channel: float16 | bfloat16 runs each sample as its dtype "
             "generalization pass rewrites it (a sample that does not list the pass is recorded "
             "as such); float32 (default): as extracted"),
    cl::init("float32"), cl::cat(gnEvalCategory), cl::sub(runCmd), cl::sub(compileCmd),
    cl::sub(bisectCmd));
static cl::opt<std::string> bindSymbols(
    "bind",
    cl::desc("A .mlir with symbolic dims (#gn.dims) at these values of its shape symbols: "
             "SYMBOL=SIZE[,SYMBOL=SIZE...] (default: at its compile example); compile writes "
             "its programs bound at those sizes (gn-cuda-run runs them there)"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(runCmd), cl::sub(compileCmd));
static cl::opt<std::string> shapes(
    "shapes",
    cl::desc("GraphNet's shape channel: all | N runs each sample at each (or its first N) of the "
             "shape variants its symbolic_dimension_reifier gives, one record each, named "
             "<sample>@shape<index> (a sample without variants is recorded as such)"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(runCmd), cl::sub(compileCmd));
static cl::opt<bool> oneProgram(
    "one-program",
    cl::desc("With --shapes and --mode compiled: compile each sample once with its symbolic "
             "dims and run all its variants through that one program, each record saying how "
             "many programs the sample took (default); =false: each variant its own program. "
             "compile --shapes: each variant's compiled program is the one program bound at its "
             "sizes (its kernels compiled once), the unbound one in <sample>@one_program/ and "
             "the cache under the sample's symbolic key"),
    cl::init(true), cl::cat(gnEvalCategory), cl::sub(runCmd), cl::sub(compileCmd));
static cl::opt<std::string> outPath("out", cl::desc("Append one JSON line per sample"),
                                    cl::init("results.jsonl"), cl::cat(gnEvalCategory),
                                    cl::sub(runCmd));
static cl::opt<std::string> graphNetLog(
    "graphnet-log",
    cl::desc("Also append each sample's result as GraphNet harness log lines to this file "
             "(--mode compiled)"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string>
    shard("shard",
          cl::desc("i/N: run only shard i (0-based) of N: the i-th, (i+N)-th, ... of the samples "
                   "sorted by path (every shard must be given the same list)"),
          cl::init(""), cl::cat(gnEvalCategory), cl::sub(runCmd), cl::sub(compileCmd));
static cl::opt<bool> resume("resume",
                            cl::desc("Skip samples that already have a line in --out (compile: "
                                     "--log) (a run interrupted midway goes on where it stopped)"),
                            cl::init(false), cl::cat(gnEvalCategory), cl::sub(runCmd),
                            cl::sub(compileCmd));
static cl::list<std::string> mergeInputs(cl::Positional, cl::desc("<results.jsonl>..."),
                                         cl::OneOrMore, cl::cat(gnEvalCategory), cl::sub(mergeCmd));
static cl::opt<std::string> mergeOut("o", cl::desc("Merged results file (overwritten)"),
                                     cl::Required, cl::cat(gnEvalCategory), cl::sub(mergeCmd));
static cl::opt<std::string>
    mergeSamples("samples",
                 cl::desc("File listing the expected samples, one path per line: report "
                          "those without a result"),
                 cl::init(""), cl::cat(gnEvalCategory), cl::sub(mergeCmd));
static cl::opt<std::string> logPrompt("log-prompt", cl::desc("Prompt of --graphnet-log lines"),
                                      cl::init(eval::kGraphNetLogPrompt), cl::cat(gnEvalCategory),
                                      cl::sub(runCmd));
static cl::opt<std::string> reference(
    "reference",
    cl::desc("fp64: also run the interpreter in f64 and record each side's distance to it "
             "(fp64_reference), attributing a compiled miss to the side that drifted"),
    cl::init(""), cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<std::string> memoryLimit(
    "memory-limit",
    cl::desc("Memory each sample's process may hold: bytes, or with K/M/G/T (0: no limit). "
             "auto: 3/4 of the machine's memory divided by --jobs where the process runs on "
             "the host only (run --device cpu, and compile, whose reference outputs come from "
             "the CPU interpreter); no limit for run --device cuda, whose driver maps large "
             "private regions"),
    cl::init("auto"), cl::cat(gnEvalCategory), cl::sub(runCmd), cl::sub(compileCmd));
static cl::opt<std::string> dumpDir("dump", cl::desc("Write inputs and outputs as .npy here"),
                                    cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<unsigned> jobs("jobs", cl::desc("Samples run at once"), cl::init(1),
                              cl::cat(gnEvalCategory), cl::sub(runCmd));
static cl::opt<unsigned> timeout("timeout", cl::desc("Seconds per sample"), cl::init(600),
                                 cl::cat(gnEvalCategory), cl::sub(compileCmd), cl::sub(runCmd));

static cl::list<std::string> switchSettings(
    "set",
    cl::desc("KEY=VALUE: a runtime switch of the target or of gn (listed below); "
             "overrides its environment variable"),
    cl::cat(gnEvalCategory), cl::sub(runCmd), cl::sub(compileCmd));

/// The runtime switches, each target's and gn's own, for --help.
static std::string switchesHelpText() {
  std::string text = "\nRUNTIME SWITCHES (--set KEY=VALUE, or the environment variable; "
                     "every record lists them):\n";
  std::vector<std::unique_ptr<mlir::gn::Switches>> owned;
  for (llvm::StringRef name : {"cpu", "cuda"})
    owned.push_back(mlir::gn::lookupTarget(name)->makeSwitches());
  return text +
         mlir::gn::switchesHelp({owned[0].get(), owned[1].get(), &mlir::gn::generalSwitches()});
}
static std::string switchesHelpString = switchesHelpText();
static cl::extrahelp switchesHelp(switchesHelpString);

static cl::list<std::string> scoreInputs(cl::Positional,
                                         cl::desc("<results.jsonl | GraphNet log>..."),
                                         cl::cat(gnEvalCategory), cl::sub(scoreCmd));
static cl::opt<double> penaltyP("p", cl::desc("Slowdown penalty exponent"), cl::init(0),
                                cl::cat(gnEvalCategory), cl::sub(scoreCmd), cl::sub(reportCmd));
static cl::opt<double> failureB("b", cl::desc("Speedup assigned to failed samples"), cl::init(0.1),
                                cl::cat(gnEvalCategory), cl::sub(scoreCmd), cl::sub(reportCmd));
static cl::list<std::string>
    reportInputs(cl::Positional, cl::desc("<[name=]results.jsonl | [name=]graphnet.log>..."),
                 cl::OneOrMore, cl::cat(gnEvalCategory), cl::sub(reportCmd));
static cl::opt<std::string> reportOut("o", cl::desc("The HTML file to write"), cl::Required,
                                      cl::cat(gnEvalCategory), cl::sub(reportCmd));
static cl::opt<std::string> reportTitle("title", cl::desc("The report's title"),
                                        cl::init("gn evaluation report"), cl::cat(gnEvalCategory),
                                        cl::sub(reportCmd));
static cl::opt<std::string>
    errnoRule("errno-rule",
              cl::desc("When errors are tolerated in ES(t > 0): code (GraphNet's code: runtime and "
                       "compile failures from t = 3) or report (the report's text: runtime crashes "
                       "from t = 2)"),
              cl::init("code"), cl::cat(gnEvalCategory), cl::sub(scoreCmd), cl::sub(reportCmd));
static cl::opt<std::string> scoreScheme(
    "scheme",
    cl::desc("GraphNet's error scheme for ES(t): default (3 levels), mismatch_extended (4: "
             "accuracy, NaN/Inf/type/shape mismatch, runtime, compile; t to 5) or both"),
    cl::init("default"), cl::cat(gnEvalCategory), cl::sub(scoreCmd));
static cl::opt<std::string> scoreFormat("format", cl::desc("table | json | markdown"),
                                        cl::init("table"), cl::cat(gnEvalCategory),
                                        cl::sub(scoreCmd));

namespace {

std::string readFile(const std::string &path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

int runBatch(const std::vector<std::string> &inputs, const eval::RunOptions &options,
             const std::string &outPath, unsigned jobs);

std::string normalizedSample(const std::string &path);
std::string formatDuration(double seconds);
bool resumePoint(const std::string &path, std::set<std::string> &done);

/// The CPU's name from /proc/cpuinfo, for GraphNet's [Config] hardware line.
std::string cpuModelName() {
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) {
      size_t colon = line.find(':');
      if (colon != std::string::npos && colon + 2 <= line.size())
        return line.substr(colon + 2);
    }
  return "unknown";
}

/// The target named `name` and its switches: the environment's, then
/// --set's; null with the error printed.
const mlir::gn::Target *chooseTarget(const std::string &name,
                                     std::shared_ptr<const mlir::gn::Switches> &switches) {
  const mlir::gn::Target *target = mlir::gn::lookupTarget(name);
  if (!target) {
    errs() << "error: unknown --device '" << name << "' (" << mlir::gn::targetNames() << ")\n";
    return nullptr;
  }
  std::shared_ptr<mlir::gn::Switches> s = target->makeSwitches();
  std::string error;
  if (!s->readEnvironment(error) || !mlir::gn::generalSwitches().readEnvironment(error)) {
    errs() << "error: " << error << "\n";
    return nullptr;
  }
  for (const std::string &setting : switchSettings) {
    size_t eq = setting.find('=');
    if (eq == std::string::npos) {
      errs() << "error: --set " << setting << ": expected KEY=VALUE\n";
      return nullptr;
    }
    std::string key = setting.substr(0, eq), value = setting.substr(eq + 1);
    mlir::gn::Switches &owner = mlir::gn::generalSwitches().byKey(key)
                                    ? static_cast<mlir::gn::Switches &>(mlir::gn::generalSwitches())
                                    : *s;
    if (!owner.set(key, value, error)) {
      errs() << "error: --set " << setting << ": " << error << "\n";
      return nullptr;
    }
  }
  switches = std::move(s);
  return target;
}

/// --memory-limit into `options` (false after an error): "auto" is 3/4 of
/// the machine's memory over `jobs` where the sample's process runs on the
/// host only (`hostOnly`), else no limit.
bool readMemoryLimit(eval::RunOptions &options, bool hostOnly, unsigned jobs) {
  if (memoryLimit == "auto") {
    int64_t machine = int64_t(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE);
    options.memoryLimit = hostOnly ? machine / 4 * 3 / std::max(1u, jobs) : 0;
    return true;
  }
  options.memoryLimit = mlir::gn::parseByteSize(memoryLimit);
  if (options.memoryLimit < 0) {
    errs() << "error: --memory-limit must be bytes, with K, M, G or T, or auto; got '"
           << memoryLimit << "'\n";
    return false;
  }
  return true;
}

/// --dtype into `variant` ("" for float32; false after an error).
bool readDtypeVariant(std::string &variant) {
  if (dtypeVariant != "float32" && dtypeVariant != "float16" && dtypeVariant != "bfloat16") {
    errs() << "error: --dtype must be float32, float16 or bfloat16, got '" << dtypeVariant
           << "'\n";
    return false;
  }
  variant = dtypeVariant == "float32" ? "" : dtypeVariant.getValue();
  return true;
}
bool readDtypeVariant(eval::RunOptions &options) { return readDtypeVariant(options.dtypeVariant); }

/// --bind's values into `options`; false after an error.
bool readBinding(eval::RunOptions &options) {
  std::string error;
  if (!bindSymbols.empty() && !eval::parseBinding(bindSymbols, options.binding, error)) {
    errs() << "error: --bind: " << error << "\n";
    return false;
  }
  return true;
}

/// `inputs` under --shapes: each sample as its shape variants
/// ("<sample>@shape<K>"; one name for a sample without any, whose record
/// says why). False after an error.
bool expandShapeVariants(std::vector<std::string> &inputs) {
  if (shapes.empty())
    return true;
  unsigned first = 0;
  if (shapes != "all" && (llvm::StringRef(shapes).getAsInteger(10, first) || first == 0)) {
    errs() << "error: --shapes must be all or a count N > 0, got '" << shapes << "'\n";
    return false;
  }
  std::vector<std::string> variants;
  for (const std::string &in : inputs) {
    std::string error;
    size_t n = mlir::gn::sampleShapeVariants(in, error).size();
    if (first)
      n = std::min<size_t>(n, first);
    for (size_t k = 0; k < std::max<size_t>(n, 1); ++k)
      variants.push_back(mlir::gn::shapeVariantName(in, k));
  }
  inputs = std::move(variants);
  return true;
}

/// `inputs` cut to --shard (samples, before --shapes makes them variants:
/// a sample's variants stay in one shard). False after an error.
bool selectShard(std::vector<std::string> &inputs) {
  if (!shard.empty()) {
    unsigned index = 0, count = 0;
    char slash = 0, extra = 0;
    if (std::sscanf(shard.c_str(), "%u%c%u%c", &index, &slash, &count, &extra) != 3 ||
        slash != '/' || count == 0 || index >= count) {
      errs() << "error: --shard must be i/N with 0 <= i < N, got '" << shard << "'\n";
      return false;
    }
    std::sort(inputs.begin(), inputs.end());
    inputs.erase(std::unique(inputs.begin(), inputs.end()), inputs.end());
    std::vector<std::string> mine;
    for (size_t i = index; i < inputs.size(); i += count)
      mine.push_back(inputs[i]);
    outs() << "shard " << index << "/" << count << ": " << mine.size() << " of "
           << inputs.size() << " samples\n";
    inputs = std::move(mine);
  }
  return true;
}

/// With --resume, `inputs` stripped of those already in `recordsPath`.
/// Returns -1 to go on, else the exit status (2 after an error, 0 when
/// nothing is left to run).
int skipRecorded(std::vector<std::string> &inputs, const std::string &recordsPath) {
  if (resume) {
    std::set<std::string> done;
    if (!resumePoint(recordsPath, done))
      return 2;
    size_t before = inputs.size();
    llvm::erase_if(inputs, [&](const std::string &in) { return done.count(in) != 0; });
    outs() << "resume: " << before - inputs.size() << " samples already in " << recordsPath
           << ", " << inputs.size() << " to run\n";
    if (inputs.empty())
      return 0;
  }
  return -1;
}

int compileMain() {
  std::shared_ptr<const mlir::gn::Switches> switches;
  const mlir::gn::Target *target = chooseTarget(compileDevice, switches);
  if (!target)
    return 2;
  if (target->programSuffix().empty()) {
    errs() << "error: gn-eval compile writes programs that stand alone, which the " << compileDevice
           << " target does not: use --device cuda\n";
    return 2;
  }
  eval::RunOptions options;
  options.mode = "compile";
  options.target = target;
  options.switches = switches;
  options.outDir = compileOut;
  options.pipelineOptions = compilePipelineOptions;
  options.referenceBudget = referenceBudget;
  options.compileReferences = compileReferences;
  options.compileEager = compileEagerProgram;
  options.cacheDir = compileCacheDir;
  options.cacheLink = compileCacheLink;
  if (!readDtypeVariant(options) || !readBinding(options))
    return 2;
  // Compiling touches no GPU: the reference outputs come from the CPU
  // interpreter, whose memory the limit bounds (a 3B model was killed by
  // the kernel's OOM killer, recorded as a crash, before).
  if (!readMemoryLimit(options, /*hostOnly=*/true, compileJobs))
    return 2;
  std::vector<std::string> inputs;
  for (const std::string &in : compileInputs)
    inputs.push_back(normalizedSample(in));
  if (!selectShard(inputs) || !expandShapeVariants(inputs))
    return 2;
  if (int rc = skipRecorded(inputs, compileLog); rc >= 0)
    return rc;
  return runBatch(inputs, options, compileLog, compileJobs);
}

int runMain() {
  if (mode != "eager" && mode != "compiled") {
    errs() << "error: --mode must be eager or compiled\n";
    return 2;
  }
  if (compiler != "gn" && compiler != "nope") {
    errs() << "error: --compiler must be gn or nope\n";
    return 2;
  }
  std::shared_ptr<const mlir::gn::Switches> switches;
  const mlir::gn::Target *target = chooseTarget(device, switches);
  if (!target)
    return 2;
  if (std::string why = target->unavailableReason(*switches); !why.empty()) {
    errs() << "error: --device " << device << ": " << why << "\n";
    return 1;
  }
  if (!reference.empty() && reference != "fp64") {
    errs() << "error: --reference must be fp64\n";
    return 2;
  }
  if (!graphNetLog.empty() && mode != "compiled") {
    errs() << "error: --graphnet-log needs --mode compiled (a GraphNet log compares a "
              "compiled run with eager)\n";
    return 2;
  }
  eval::RunOptions options;
  options.mode = mode;
  options.target = target;
  options.switches = switches;
  options.compiler = compiler;
  options.warmup = warmup;
  options.trials = trials;
  options.seed = seed;
  if (auto how = eval::parseSynthesis(synthesis)) {
    options.inputs = *how;
  } else {
    llvm::errs() << "gn-eval: --inputs must be graphnet or fan-in, got '" << synthesis << "'\n";
    return 2;
  }
  options.recheckDegenerate = recheckDegenerate;
  if (!readDtypeVariant(options) || !readBinding(options))
    return 2;
  options.dumpDir = dumpDir;
  options.reference = reference;
  if (!readMemoryLimit(options, target->runsOnHost(), jobs))
    return 2;
  options.pipelineOptions = pipelineOptions;
  options.abPipelineOptions = abPipelineOptions;
  if (abPipelineOptions.getNumOccurrences() &&
      (mode != "compiled" || compiler != "gn" || !shapes.empty())) {
    llvm::errs() << "gn-eval: --ab-options needs --mode compiled, --compiler gn and no --shapes\n";
    return 2;
  }
  options.jitOptLevel = jitOptLevel;
  std::vector<std::string> inputs;
  for (const std::string &in : runInputs)
    inputs.push_back(normalizedSample(in));
  if (!selectShard(inputs) || !expandShapeVariants(inputs))
    return 2;
  if (int rc = skipRecorded(inputs, outPath); rc >= 0)
    return rc;
  return runBatch(inputs, options, outPath, jobs);
}

/// A sample path as records name it (no trailing slash).
std::string normalizedSample(const std::string &path) {
  std::string p = path;
  while (p.size() > 1 && p.back() == '/')
    p.pop_back();
  return p;
}

/// The samples already recorded in `path` (absent: none). A last line cut
/// short by a killed run is dropped from the file, so that appending goes on
/// cleanly; its sample runs again.
bool resumePoint(const std::string &path, std::set<std::string> &done) {
  if (!sys::fs::exists(path))
    return true;
  std::string text = readFile(path);
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  bool cut = !text.empty() && text.back() != '\n';
  if (cut) {
    auto j = nlohmann::json::parse(lines.back(), nullptr, false);
    if (j.is_discarded()) {
      errs() << "warning: " << path << ": dropping an unfinished last line\n";
      lines.pop_back();
    }
    std::ofstream f(path, std::ios::trunc);
    for (const std::string &l : lines)
      f << l << "\n";
    if (!f) {
      errs() << "error: cannot rewrite '" << path << "'\n";
      return false;
    }
  }
  for (const std::string &l : lines) {
    auto j = nlohmann::json::parse(l, nullptr, false);
    if (!j.is_discarded() && j.is_object() && j.contains("sample") && j["sample"].is_string())
      done.insert(j["sample"].get<std::string>());
  }
  return true;
}

/// Where a child that runs out of memory says so (set before it runs; the
/// handler may not allocate).
static char oomPath[4096];
static int64_t oomLimit = 0;

static void childOutOfMemory(const char *what, size_t requested, int64_t live) {
  char text[768];
  char size[64] = "";
  if (requested && requested != ~size_t(0))
    std::snprintf(size, sizeof(size), " of %zu bytes", requested);
  int n = std::snprintf(text, sizeof(text),
                        "out of memory: %s%s requested, with %lld bytes of tensors held; "
                        "memory limit %lld bytes (--memory-limit)",
                        what, size, (long long)live, (long long)oomLimit);
  int fd = ::open(oomPath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    ssize_t written = ::write(fd, text, n > 0 ? std::min<size_t>(n, sizeof(text) - 1) : 0);
    (void)written;
    ::close(fd);
  }
  _exit(4);
}

/// In a child: tensors count against `limit`, the data segment is capped a
/// little above it (code, the JIT and library scratch space), and every way
/// of running out (a tensor, operator new, LLVM's allocators) ends in
/// childOutOfMemory.
static void limitChildMemory(int64_t limit, const std::string &oomFile) {
  std::snprintf(oomPath, sizeof(oomPath), "%s", oomFile.c_str());
  oomLimit = limit;
  mlir::gn::setTensorMemoryLimit(limit);
  mlir::gn::setOutOfMemoryHandler(childOutOfMemory);
  std::set_new_handler([] { mlir::gn::outOfMemory("operator new", 0); });
  llvm::install_bad_alloc_error_handler(
      [](void *, const char *reason, bool) { mlir::gn::outOfMemory(reason, 0); });
#if !defined(__SANITIZE_ADDRESS__)
  // (Under AddressSanitizer the shadow memory is data too: tensors only.)
  rlim_t cap = rlim_t(limit) + std::max<rlim_t>(rlim_t(1) << 30, rlim_t(limit) / 4);
  struct rlimit rl = {cap, cap};
  setrlimit(RLIMIT_DATA, &rl);
#endif
}

/// Runs each input in a child process (a crash or timeout is recorded and
/// the batch goes on) and appends its JSON line to `outPath` as it ends.
int runBatch(const std::vector<std::string> &runInputs, const eval::RunOptions &options,
             const std::string &outPath, unsigned jobs) {
  if (runInputs.empty()) {
    errs() << "error: no samples given\n";
    return 2;
  }
  for (const std::string &in : runInputs) {
    std::string path;
    mlir::gn::splitShapeVariantName(in, path);
    if (!sys::fs::exists(path)) {
      errs() << "error: '" << path << "' does not exist\n";
      return 2;
    }
  }
  std::error_code ec;
  // Result files go where they are asked for: their folder is made first.
  auto openAppending = [&](const std::string &path) {
    if (StringRef dir = sys::path::parent_path(path); !dir.empty())
      sys::fs::create_directories(dir);
    return std::make_unique<raw_fd_ostream>(path, ec, sys::fs::OF_Append);
  };
  std::unique_ptr<raw_fd_ostream> outFile = openAppending(outPath);
  raw_fd_ostream &out = *outFile;
  if (ec) {
    errs() << "error: cannot open '" << outPath << "': " << ec.message() << "\n";
    return 2;
  }
  std::unique_ptr<raw_fd_ostream> log;
  eval::GraphNetLogConfig logConfig;
  if (!graphNetLog.empty() && options.mode == "compiled") {
    log = openAppending(graphNetLog);
    if (ec) {
      errs() << "error: cannot open '" << graphNetLog << "': " << ec.message() << "\n";
      return 2;
    }
    logConfig.prompt = logPrompt;
    logConfig.compiler = options.compiler;
    logConfig.device = options.target ? options.target->name().str() : "cpu";
    logConfig.hardware = cpuModelName();
    logConfig.version = "gn (LLVM " LLVM_VERSION_STRING ")";
    logConfig.warmup = options.warmup;
    logConfig.trials = options.trials;
  }
  SmallString<128> tmpDir;
  sys::path::system_temp_directory(true, tmpDir);
  mlir::gn::ChildProcesses children(tmpDir.str().str());
  std::map<int, size_t> unitOf; // child id -> its unit
  // What each child runs: one input, or under --shapes with one program a
  // sample's variants together (one compile for all of them).
  std::vector<std::vector<std::string>> units;
  bool grouped = !shapes.empty() && oneProgram &&
                 (options.mode == "compiled" || options.mode == "compile") &&
                 options.compiler == "gn";
  for (const std::string &in : runInputs) {
    std::string path, lastPath;
    mlir::gn::splitShapeVariantName(in, path);
    if (grouped && !units.empty())
      mlir::gn::splitShapeVariantName(units.back().front(), lastPath);
    if (grouped && !units.empty() && path == lastPath)
      units.back().push_back(in);
    else
      units.push_back({in});
  }
  size_t nextUnit = 0, done = 0, total = runInputs.size(), ok = 0;
  auto start = std::chrono::steady_clock::now();
  size_t stopAfter = 0;
#ifdef GN_TEST_HOOKS
  // Test hook (gn-eval-test-hooks only): stop as if killed after this many
  // results (checks --resume).
  if (const char *s = std::getenv("GN_EVAL_TEST_STOP_AFTER"))
    stopAfter = std::strtoul(s, nullptr, 10);
#endif
  // Under one program: each sample's compiles, and why one was not enough.
  std::map<std::string, int> compilesOf;
  std::map<std::string, std::string> whyNotOne;
  eval::RecheckTally rechecks; // degenerate outputs rechecked on fan-in inputs
  auto finish = [&](const mlir::gn::FinishedChild &c, const std::string &input,
                    std::string line) {
    const std::string &oom = c.lastWords;
    if (c.died() || line.empty())
      line = eval::deathRecord(input, "", c.waitStatus, c.timeoutSeconds);
    if (c.died() && !oom.empty()) {
      auto r = nlohmann::json::parse(line);
      r["error"] = oom;
      r["error_class"] = "out of memory";
      line = r.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    auto j = nlohmann::json::parse(line, nullptr, false);
    std::string status = j.is_discarded() ? "?" : j.value("status", "?");
    ok += status == "ok";
    out << line << "\n";
    out.flush();
    if (log && !j.is_discarded()) {
      *log << eval::graphNetLogLines(j, logConfig);
      log->flush();
    }
    ++done;
    if (!j.is_discarded() && j.contains("one_program") && j["one_program"].is_object()) {
      std::string path;
      mlir::gn::splitShapeVariantName(input, path);
      const nlohmann::json &one = j["one_program"];
      compilesOf[path] = one.value("compiles", 0);
      if (one.contains("error") && one["error"].is_string())
        whyNotOne[path] = one["error"].get<std::string>();
      else if (one.contains("refused") && one["refused"].is_string())
        whyNotOne[path] = one["refused"].get<std::string>();
    }
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    outs() << "[" << done << "/" << total << "] " << status << " " << input;
    if (!j.is_discarded() && j.contains("speedup") && j["speedup"].is_number())
      outs() << format(" speedup %.3f", j["speedup"].get<double>());
    if (done < total)
      outs() << "  (" << formatDuration(elapsed) << " elapsed, eta "
             << formatDuration(elapsed / done * (total - done)) << ")";
    if (!j.is_discarded() && j.contains("error") && j["error"].is_string())
      outs() << "\n    " << j["error"].get<std::string>();
    if (!j.is_discarded() && j.contains("fp64_reference")) {
      const nlohmann::json &fp64 = j["fp64_reference"];
      if (fp64.contains("attribution"))
        outs() << "\n    fp64: " << fp64["attribution"].get<std::string>();
      else if (fp64.contains("error"))
        outs() << "\n    fp64 reference: " << fp64["error"].get<std::string>();
    }
    if (!j.is_discarded() && j.contains("degenerate_recheck"))
      outs() << "\n    " << eval::degenerateRecheckSummary(j["degenerate_recheck"]);
    rechecks.add(j, input);
    outs() << "\n";
    outs().flush();
  };
  while (done < total) {
    while (nextUnit < units.size() && children.running() < std::max(1u, (unsigned)jobs)) {
      const std::vector<std::string> &unit = units[nextUnit];
      outs().flush();
      std::string error;
      int id = children.start(
          timeout * unit.size(),
          [&](const std::string &resultPath) -> std::string {
#ifdef GN_TEST_HOOKS
            // Test hooks (gn-eval-test-hooks only): let the lit suite check
            // that a crashing or hanging sample is recorded and the run goes on.
            if (const char *crash = std::getenv("GN_EVAL_TEST_CRASH"))
              if (sys::path::filename(unit.front()) == crash)
                raise(SIGSEGV);
            if (const char *hang = std::getenv("GN_EVAL_TEST_HANG"))
              if (sys::path::filename(unit.front()) == hang)
                for (;;)
                  pause();
#endif
            if (options.memoryLimit > 0)
              limitChildMemory(options.memoryLimit, resultPath + ".last");
            std::string path;
            eval::RunOptions childOptions = options;
            childOptions.shapeVariant = mlir::gn::splitShapeVariantName(unit.front(), path);
            if (!grouped)
              return eval::runSample(path, childOptions);
            std::vector<int> indices;
            for (const std::string &in : unit)
              indices.push_back(mlir::gn::splitShapeVariantName(in, path));
            std::string lines;
            for (const std::string &line : eval::runShapeVariants(path, indices, childOptions))
              lines += (lines.empty() ? "" : "\n") + line;
            return lines;
          },
          error);
      if (id < 0) {
        errs() << "error: " << error << "\n";
        return 2;
      }
      unitOf[id] = nextUnit;
      ++nextUnit;
    }
    std::optional<mlir::gn::FinishedChild> child = children.waitAny();
    if (!child)
      break;
    // A unit's records, one line each; a child that died gets a death
    // record for each of its inputs.
    const std::vector<std::string> &unit = units[unitOf[child->id]];
    std::vector<std::string> lines(unit.size());
    if (!child->died()) {
      std::istringstream in(child->result);
      for (size_t k = 0; k < unit.size() && std::getline(in, lines[k]);)
        ++k;
    }
    for (size_t k = 0; k < unit.size(); ++k)
      finish(*child, unit[k], lines[k]);
    unitOf.erase(child->id);
    if (stopAfter && done >= stopAfter) {
      children.killAll();
      _exit(137);
    }
  }
  outs() << "\n" << ok << " / " << total << " samples ok; results appended to " << outPath
         << "\n";
  outs() << rechecks.summary();
  if (grouped && !compilesOf.empty()) {
    size_t once = llvm::count_if(compilesOf, [](const auto &kv) { return kv.second == 1; });
    outs() << "one program: " << once << " of " << compilesOf.size()
           << " samples compiled once for all their variants\n";
    for (const auto &[sample, why] : whyNotOne)
      outs() << "  " << sample << ": " << compilesOf[sample] << " compiles: " << why << "\n";
  }
  return 0;
}

/// "42s", "3m07s", "1h02m".
std::string formatDuration(double seconds) {
  long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s < 60)
    std::snprintf(buf, sizeof(buf), "%lds", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof(buf), "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(buf, sizeof(buf), "%ldh%02ldm", s / 3600, (s % 3600) / 60);
  return buf;
}

/// Shards -> one result file: each sample once (the first line seen wins),
/// duplicates and (with --samples) missing samples reported; exit 1 when a
/// sample is missing or a line is not JSON.
int mergeMain() {
  std::vector<std::string> order;
  std::map<std::string, std::string> bySample;
  std::map<std::string, unsigned> seen;
  bool bad = false;
  for (const std::string &path : mergeInputs) {
    if (!sys::fs::exists(path)) {
      errs() << "error: '" << path << "' does not exist\n";
      return 2;
    }
    std::istringstream in(readFile(path));
    unsigned lineNo = 0;
    for (std::string line; std::getline(in, line);) {
      ++lineNo;
      if (line.find_first_not_of(" \t\r") == std::string::npos)
        continue;
      auto j = nlohmann::json::parse(line, nullptr, false);
      if (j.is_discarded() || !j.is_object() || !j.contains("sample") ||
          !j["sample"].is_string()) {
        errs() << path << ":" << lineNo << ": not a result line, skipped\n";
        bad = true;
        continue;
      }
      std::string sample = j["sample"];
      if (seen[sample]++ == 0) {
        order.push_back(sample);
        bySample[sample] = line;
      }
    }
  }
  std::ofstream out(mergeOut, std::ios::trunc);
  for (const std::string &sample : order)
    out << bySample[sample] << "\n";
  if (!out) {
    errs() << "error: cannot write '" << mergeOut << "'\n";
    return 2;
  }
  size_t duplicates = 0;
  for (auto &[sample, n] : seen)
    if (n > 1) {
      outs() << "duplicate: " << sample << " (" << n << " lines, the first kept)\n";
      ++duplicates;
    }
  size_t missing = 0;
  if (!mergeSamples.empty()) {
    std::ifstream list(mergeSamples);
    if (!list) {
      errs() << "error: cannot read '" << mergeSamples << "'\n";
      return 2;
    }
    for (std::string line; std::getline(list, line);) {
      if (line.empty())
        continue;
      std::string sample = normalizedSample(line);
      if (!seen.count(sample)) {
        outs() << "missing: " << sample << "\n";
        ++missing;
      }
    }
  }
  outs() << order.size() << " samples merged into " << mergeOut << " from " << mergeInputs.size()
         << " files; " << duplicates << " duplicated, " << missing << " missing\n";
  return missing || bad ? 1 : 0;
}

int reportMain() {
  eval::ReportOptions options;
  if (!eval::parseErrnoRule(errnoRule, options.score)) {
    errs() << "error: --errno-rule must be code or report\n";
    return 2;
  }
  options.title = reportTitle;
  options.score.p = penaltyP;
  options.score.b = failureB;
  std::vector<eval::ReportRun> runs;
  for (const std::string &arg : reportInputs) {
    // "name=path" names the curve; otherwise the file's stem does.
    std::string path = arg, name;
    size_t eq = arg.find('=');
    if (eq != std::string::npos && !sys::fs::exists(arg)) {
      name = arg.substr(0, eq);
      path = arg.substr(eq + 1);
    } else {
      name = sys::path::stem(arg).str();
    }
    eval::ReportRun run{name, {}};
    std::string error;
    if (!eval::readResults(path, run.records, error)) {
      errs() << "error: " << error << "\n";
      return 1;
    }
    runs.push_back(std::move(run));
  }
  std::ofstream out(reportOut, std::ios::trunc);
  out << eval::renderReport(runs, options);
  if (!out) {
    errs() << "error: cannot write '" << reportOut << "'\n";
    return 1;
  }
  outs() << "wrote " << reportOut << " (" << runs.size() << " runs)\n";
  return 0;
}

int scoreMain() {
  eval::ScoreOptions options;
  if (!eval::parseErrnoRule(errnoRule, options)) {
    errs() << "error: --errno-rule must be code or report\n";
    return 2;
  }
  if (!eval::isScoreFormat(scoreFormat)) {
    errs() << "error: --format must be table, json or markdown\n";
    return 2;
  }
  if (scoreInputs.empty()) {
    errs() << "error: no results files given\n";
    return 2;
  }
  std::vector<eval::SampleRecord> records;
  for (const std::string &path : scoreInputs) {
    std::string error;
    if (!eval::readResults(path, records, error)) {
      errs() << "error: " << error << "\n";
      return 1;
    }
  }
  options.p = penaltyP;
  options.b = failureB;
  std::vector<std::string> schemes = {scoreScheme};
  if (scoreScheme == "both")
    schemes = {"default", "mismatch_extended"};
  for (const std::string &s : schemes)
    if (!eval::parseScheme(s, options)) {
      errs() << "error: --scheme must be default, mismatch_extended or both\n";
      return 2;
    }
  if (schemes.size() > 1 && scoreFormat != "table") {
    errs() << "error: --scheme both prints tables; pick one scheme for --format "
           << scoreFormat << "\n";
    return 2;
  }
  for (const std::string &s : schemes) {
    eval::parseScheme(s, options);
    if (schemes.size() > 1)
      outs() << "#### scheme " << s << "\n";
    // Results of more than one framework or GraphNet channel: a table for
    // each, then the combined one.
    std::map<std::string, std::vector<eval::SampleRecord>> byFramework, byChannel;
    for (const eval::SampleRecord &r : records) {
      byFramework[r.framework.empty() ? "unrecorded" : r.framework].push_back(r);
      byChannel[r.channel].push_back(r);
    }
    if (scoreFormat == "table") {
      for (auto *groups : {&byFramework, &byChannel}) {
        if (groups->size() < 2)
          continue;
        for (auto &[name, rs] : *groups)
          outs() << "== " << name << " (" << rs.size() << " samples) ==\n"
                 << eval::formatScores(eval::computeScores(rs, options), scoreFormat) << "\n";
      }
      if (byFramework.size() > 1 || byChannel.size() > 1)
        outs() << "== all " << (byChannel.size() < 2 ? "frameworks" : byFramework.size() < 2 ? "channels" : "frameworks and channels") << " (" << records.size() << " samples) ==\n";
    }
    outs() << eval::formatScores(eval::computeScores(records, options), scoreFormat);
  }
  if (scoreFormat == "table")
    if (std::string programs = eval::programCountLine(records); !programs.empty())
      outs() << "shape variants: " << programs << "\n";
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  // --help shows gn-eval's options, not the LLVM backend flags linked in.
  cl::HideUnrelatedOptions(gnEvalCategory);
  for (cl::SubCommand *s :
       {&runCmd, &scoreCmd, &reportCmd, &mergeCmd, &compileCmd, &bisectCmd, &oneProgramCmd})
    cl::HideUnrelatedOptions(gnEvalCategory, *s);
  cl::ParseCommandLineOptions(argc, argv, "gn evaluation driver\n");
  if (runCmd) {
    mlir::gn::interp::keepFreedMemory();
    return runMain();
  }
  if (scoreCmd)
    return scoreMain();
  if (compileCmd)
    return compileMain();
  if (mergeCmd)
    return mergeMain();
  if (reportCmd)
    return reportMain();
  if (bisectCmd) {
    eval::BisectOptions options;
    options.t = bisectT;
    options.seed = bisectSeed;
    options.pipelineOptions = bisectPipelineOptions;
    options.casePath = bisectCase;
    if (!readDtypeVariant(options.dtypeVariant))
      return 2;
    if (auto how = eval::parseSynthesis(bisectInputs)) {
      options.inputs = *how;
    } else {
      errs() << "error: --inputs must be graphnet or fan-in, got '" << bisectInputs << "'\n";
      return 2;
    }
    if (std::string error; !bisectBind.empty() &&
                           !eval::parseBinding(bisectBind, options.binding, error)) {
      errs() << "error: --bind: " << error << "\n";
      return 2;
    }
    return eval::bisectSample(bisectInput, options, outs(), errs());
  }
  if (oneProgramCmd) {
    eval::OneProgramOptions options;
    options.seed = oneProgramSeed;
    options.maxVariants = oneProgramMaxVariants;
    options.outPath = oneProgramOut;
    options.compiled = oneProgramCompiled;
    options.trials = oneProgramTrials;
    int worst = 0;
    for (const std::string &sample : oneProgramInputs)
      worst = std::max(worst, eval::checkOneProgram(sample, options, outs()));
    return worst;
  }
  errs() << "error: expected a subcommand: run, compile, bisect, one-program, score, report or "
            "merge (see "
            "--help)\n";
  return 2;
}

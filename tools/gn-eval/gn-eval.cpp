//===- gn-eval.cpp - run, compare and score GraphNet samples ------------===//
//
//   gn-eval run SAMPLE_DIR|FILE.mlir... [--mode eager|compiled]
//       [--compiler gn|nope] [--warmup N] [--trials N] [--seed S]
//       [--out results.jsonl] [--dump DIR] [--jobs N] [--timeout SECONDS]
//   gn-eval compile SAMPLE... --device cuda -o DIR [--pipeline-options "..."]
//       [--log compile.jsonl] [--jobs N]
//   gn-eval score results.jsonl... [--p P] [--b B] [--format table|json|markdown]
//
// `run` executes each sample in a child process: a crash or a timeout is
// recorded (runtime_error) and the run goes on; each result is appended to
// --out as soon as its sample finishes.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/GraphNetLog.h"
#include "gn/Eval/Records.h"
#include "gn/Eval/Runner.h"
#include "gn/Eval/Score.h"
#include "gn/Interpreter/HostTensor.h"
#include "gn/Target/Target.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
namespace eval = mlir::gn::eval;

static cl::SubCommand runCmd("run", "Run samples eagerly and compiled, compare, time");
static cl::SubCommand scoreCmd("score", "Compute S(t) and ES(t) from results.jsonl files");
static cl::SubCommand compileCmd(
    "compile", "Write CUDA programs and CPU reference outputs for gn-cuda-run (no GPU needed)");

static cl::list<std::string> compileInputs(cl::Positional, cl::desc("<sample dir | file.mlir>..."),
                                           cl::sub(compileCmd));
static cl::opt<std::string> compileOut("o", cl::desc("Folder for <sample>/{eager,compiled}.json, "
                                                     "reference/*.npy, record.json"),
                                       cl::Required, cl::sub(compileCmd));
static cl::opt<std::string> compileDevice("device", cl::desc("cuda"), cl::init("cuda"),
                                          cl::sub(compileCmd));
static cl::opt<std::string> compilePipelineOptions("pipeline-options",
                                                   cl::desc("gn-cuda-pipeline options"),
                                                   cl::init(""), cl::sub(compileCmd));
static cl::opt<std::string> compileLog("log", cl::desc("Append one JSON line per sample"),
                                       cl::init("compile.jsonl"), cl::sub(compileCmd));
static cl::opt<int64_t> referenceBudget(
    "reference-budget",
    cl::desc("Bytes of reference outputs per sample; larger outputs keep every k-th element "
             "(0: all)"),
    cl::init(2 << 20), cl::sub(compileCmd));
static cl::opt<unsigned> compileJobs("jobs", cl::desc("Samples compiled at once"), cl::init(1),
                                     cl::sub(compileCmd));

static cl::list<std::string> runInputs(cl::Positional, cl::desc("<sample dir | file.mlir>..."),
                                       cl::sub(runCmd));
static cl::opt<std::string> mode("mode", cl::desc("eager | compiled"), cl::init("compiled"),
                                 cl::sub(runCmd));
static cl::opt<std::string> compiler("compiler", cl::desc("gn | nope"), cl::init("gn"),
                                     cl::sub(runCmd));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options", cl::desc("gn-cpu-pipeline options, e.g. 'max-fusion-ops=32'"),
    cl::init(""), cl::sub(runCmd));
static cl::opt<unsigned> jitOptLevel("jit-opt-level",
                                     cl::desc("LLVM optimization level of the kernels (0-3)"),
                                     cl::init(2), cl::sub(runCmd));
static cl::opt<std::string> device(
    "device",
    cl::desc("cpu | cuda (cuda: gn CUDA eager vs gn compiled, checked against the CPU "
             "interpreter)"),
    cl::init("cpu"), cl::sub(runCmd));
static cl::opt<int> warmup("warmup", cl::desc("Untimed runs per side"), cl::init(1),
                           cl::sub(runCmd));
static cl::opt<int> trials("trials", cl::desc("Timed runs per side"), cl::init(5),
                           cl::sub(runCmd));
static cl::opt<uint64_t> seed("seed", cl::desc("Input synthesis seed"), cl::init(0),
                              cl::sub(runCmd));
static cl::opt<std::string> outPath("out", cl::desc("Append one JSON line per sample"),
                                    cl::init("results.jsonl"), cl::sub(runCmd));
static cl::opt<std::string> graphNetLog(
    "graphnet-log",
    cl::desc("Also append each sample's result as GraphNet harness log lines to this file "
             "(--mode compiled)"),
    cl::init(""), cl::sub(runCmd));
static cl::opt<std::string> logPrompt("log-prompt", cl::desc("Prompt of --graphnet-log lines"),
                                      cl::init(eval::kGraphNetLogPrompt), cl::sub(runCmd));
static cl::opt<std::string> dumpDir("dump", cl::desc("Write inputs and outputs as .npy here"),
                                    cl::sub(runCmd));
static cl::opt<unsigned> jobs("jobs", cl::desc("Samples run at once"), cl::init(1),
                              cl::sub(runCmd));
static cl::opt<unsigned> timeout("timeout", cl::desc("Seconds per sample"), cl::init(600), cl::sub(compileCmd),
                                 cl::sub(runCmd));

static cl::list<std::string> scoreInputs(cl::Positional,
                                         cl::desc("<results.jsonl | GraphNet log>..."),
                                         cl::sub(scoreCmd));
static cl::opt<double> penaltyP("p", cl::desc("Slowdown penalty exponent"), cl::init(0),
                                cl::sub(scoreCmd));
static cl::opt<double> failureB("b", cl::desc("Speedup assigned to failed samples"),
                                cl::init(0.1), cl::sub(scoreCmd));
static cl::opt<std::string> errnoRule(
    "errno-rule",
    cl::desc("When errors are tolerated in ES(t > 0): code (GraphNet's code: runtime and "
             "compile failures from t = 3) or report (the report's text: runtime crashes "
             "from t = 2)"),
    cl::init("code"), cl::sub(scoreCmd));
static cl::opt<std::string> scoreFormat("format", cl::desc("table | json | markdown"),
                                   cl::init("table"), cl::sub(scoreCmd));

namespace {

struct Child {
  pid_t pid;
  std::string input, resultFile;
  size_t index;
};

std::string readFile(const std::string &path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

int runBatch(const std::vector<std::string> &inputs, const eval::RunOptions &options,
             const std::string &outPath, unsigned jobs);

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

int compileMain() {
  if (compileDevice != "cuda") {
    errs() << "error: gn-eval compile writes CUDA programs: --device must be cuda\n";
    return 2;
  }
  eval::RunOptions options;
  options.mode = "compile";
  options.device = "cuda";
  options.outDir = compileOut;
  options.pipelineOptions = compilePipelineOptions;
  options.referenceBudget = referenceBudget;
  return runBatch(compileInputs, options, compileLog, compileJobs);
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
  const mlir::gn::Target *target = mlir::gn::lookupTarget(device);
  if (!target) {
    errs() << "error: unknown --device '" << device << "' (" << mlir::gn::targetNames() << ")\n";
    return 2;
  }
  if (std::string why = target->unavailableReason(); !why.empty()) {
    errs() << "error: --device " << device << ": " << why << "\n";
    return 1;
  }
  if (!graphNetLog.empty() && mode != "compiled") {
    errs() << "error: --graphnet-log needs --mode compiled (a GraphNet log compares a "
              "compiled run with eager)\n";
    return 2;
  }
  eval::RunOptions options;
  options.mode = mode;
  options.device = device;
  options.compiler = compiler;
  options.warmup = warmup;
  options.trials = trials;
  options.seed = seed;
  options.dumpDir = dumpDir;
  options.pipelineOptions = pipelineOptions;
  options.jitOptLevel = jitOptLevel;
  return runBatch(runInputs, options, outPath, jobs);
}

/// Runs each input in a child process (a crash or timeout is recorded and
/// the batch goes on) and appends its JSON line to `outPath` as it ends.
int runBatch(const std::vector<std::string> &runInputs, const eval::RunOptions &options,
             const std::string &outPath, unsigned jobs) {
  if (runInputs.empty()) {
    errs() << "error: no samples given\n";
    return 2;
  }
  for (const std::string &in : runInputs)
    if (!sys::fs::exists(in)) {
      errs() << "error: '" << in << "' does not exist\n";
      return 2;
    }
  std::error_code ec;
  raw_fd_ostream out(outPath, ec, sys::fs::OF_Append);
  if (ec) {
    errs() << "error: cannot open '" << outPath << "': " << ec.message() << "\n";
    return 2;
  }
  std::unique_ptr<raw_fd_ostream> log;
  eval::GraphNetLogConfig logConfig;
  if (!graphNetLog.empty() && options.mode == "compiled") {
    log = std::make_unique<raw_fd_ostream>(graphNetLog, ec, sys::fs::OF_Append);
    if (ec) {
      errs() << "error: cannot open '" << graphNetLog << "': " << ec.message() << "\n";
      return 2;
    }
    logConfig.prompt = logPrompt;
    logConfig.compiler = options.compiler;
    logConfig.device = options.device;
    logConfig.hardware = cpuModelName();
    logConfig.version = "gn (LLVM " LLVM_VERSION_STRING ")";
    logConfig.warmup = options.warmup;
    logConfig.trials = options.trials;
  }
  SmallString<128> tmpDir;
  sys::path::system_temp_directory(true, tmpDir);
  std::map<pid_t, Child> running;
  size_t next = 0, done = 0, total = runInputs.size(), ok = 0;
  auto finish = [&](Child &c, int wstatus) {
    std::string line = readFile(c.resultFile);
    sys::fs::remove(c.resultFile);
    bool complete = WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0 && !line.empty();
    if (!complete)
      line = eval::deathRecord(c.input, "", wstatus, timeout);
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
    outs() << "[" << done << "/" << total << "] " << status << " " << c.input;
    if (!j.is_discarded() && j.contains("speedup") && j["speedup"].is_number())
      outs() << format(" speedup %.3f", j["speedup"].get<double>());
    if (!j.is_discarded() && j.contains("error") && j["error"].is_string())
      outs() << "\n    " << j["error"].get<std::string>();
    outs() << "\n";
    outs().flush();
  };
  while (done < total) {
    while (next < total && running.size() < std::max(1u, (unsigned)jobs)) {
      Child c{0, runInputs[next], "", next};
      c.resultFile = (tmpDir + "/gn-eval-" + std::to_string(getpid()) + "-" +
                      std::to_string(next) + ".json")
                         .str();
      outs().flush();
      pid_t pid = fork();
      if (pid < 0) {
        errs() << "error: fork failed: " << strerror(errno) << "\n";
        return 2;
      }
      if (pid == 0) {
        alarm(timeout);
        // Test hooks: let the lit suite check that a crashing or hanging
        // sample is recorded and the run goes on.
        if (const char *crash = std::getenv("GN_EVAL_TEST_CRASH"))
          if (sys::path::filename(c.input) == crash)
            raise(SIGSEGV);
        if (const char *hang = std::getenv("GN_EVAL_TEST_HANG"))
          if (sys::path::filename(c.input) == hang)
            for (;;)
              pause();
        std::string line = eval::runSample(c.input, options);
        std::ofstream f(c.resultFile);
        f << line;
        f.close();
        _exit(f ? 0 : 3);
      }
      c.pid = pid;
      running[pid] = c;
      ++next;
    }
    int wstatus = 0;
    pid_t pid = waitpid(-1, &wstatus, 0);
    if (pid < 0)
      break;
    auto it = running.find(pid);
    if (it == running.end())
      continue;
    finish(it->second, wstatus);
    running.erase(it);
  }
  outs() << "\n" << ok << " / " << total << " samples ok; results appended to " << outPath
         << "\n";
  return 0;
}

int scoreMain() {
  if (errnoRule != "code" && errnoRule != "report") {
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
  eval::ScoreOptions options;
  if (errnoRule == "report")
    options.errnoRule = eval::ScoreOptions::ErrnoRule::Report;
  options.p = penaltyP;
  options.b = failureB;
  // Results of more than one framework: a table per framework, then the
  // combined one.
  std::map<std::string, std::vector<eval::SampleRecord>> byFramework;
  for (const eval::SampleRecord &r : records)
    byFramework[r.framework.empty() ? "unrecorded" : r.framework].push_back(r);
  if (byFramework.size() > 1 && scoreFormat == "table") {
    for (auto &[framework, rs] : byFramework)
      outs() << "== " << framework << " (" << rs.size() << " samples) ==\n"
             << eval::formatScores(eval::computeScores(rs, options), scoreFormat) << "\n";
    outs() << "== all frameworks (" << records.size() << " samples) ==\n";
  }
  outs() << eval::formatScores(eval::computeScores(records, options), scoreFormat);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "gn evaluation driver\n");
  if (runCmd) {
    mlir::gn::interp::keepFreedMemory();
    return runMain();
  }
  if (scoreCmd)
    return scoreMain();
  if (compileCmd)
    return compileMain();
  errs() << "error: expected a subcommand: run, compile or score (see --help)\n";
  return 2;
}

//===- RuntimeModule.cpp - the `gn._gn_runtime` Python extension ----------===//
//
// gn's runtime without LLVM or MLIR, for a GPU machine that has neither:
// CUDA programs compiled elsewhere (gn-eval compile --cache-dir, or
// gn.compile_sample where gn has its compiler) are found in the program
// cache by the same key (the sample's files, the options, gn's version) and
// run on numpy arrays or on the caller's device tensors (gn.cuda). A key
// with no program is an error naming the key. Linked with LLVM's Support
// library statically, its symbols kept inside.
//
//===----------------------------------------------------------------------===//
#include "Arrays.h"
#include "gn/Eval/GraphNetLog.h"
#include "gn/Eval/Score.h"
#include "gn/Support/GeneralSwitches.h"
#include "gn/Support/ProgramCache.h"
#include "gn/Target/CUDA/CudaModel.h"
#include <sys/stat.h>

namespace py = pybind11;
using namespace mlir::gn;
using namespace gnpy;
namespace eval = mlir::gn::eval;

namespace {

/// A CUDA program loaded from a file.
struct Program {
  std::unique_ptr<cuda::CudaModel> model;
  std::string path;
  py::dict cache; // set by gn.compile_sample: the key, hit, seconds
  ArgumentViews views;

  std::vector<interp::TensorSignature> arguments() const {
    std::vector<interp::TensorSignature> out;
    const cuda::Program &p = model->program();
    for (unsigned i = 0; i < p.numArgs(); ++i)
      out.push_back({p.arguments[i].name, p.slots[i].dtype, p.slots[i].shape});
    return out;
  }
  std::vector<interp::TensorSignature> results() const {
    std::vector<interp::TensorSignature> out;
    for (int r : model->program().results)
      out.push_back({"", model->program().slots[r].dtype, model->program().slots[r].shape});
    return out;
  }
  py::list call(const py::args &args) {
    auto inputs = views.of(arguments(), args);
    std::vector<interp::HostTensor> out;
    withoutGil([&](std::string &error) { return model->run(inputs, out, error); });
    return toList(out);
  }
  void runDevice(const std::vector<std::pair<uint64_t, size_t>> &args,
                 const std::vector<std::pair<uint64_t, size_t>> &outs, uint64_t stream) {
    withoutGil([&](std::string &error) {
      return model->runOnDevice(deviceTensors(args), deviceTensors(outs),
                                reinterpret_cast<void *>(stream), error);
    });
  }
  void synchronize(uint64_t stream) {
    withoutGil([&](std::string &error) {
      return model->synchronize(reinterpret_cast<void *>(stream), error);
    });
  }
};

/// The CUDA switches: the environment's, then `settings` over them.
cuda::CudaOptions cudaSwitches(const py::dict &settings) {
  cuda::CudaOptions switches;
  std::string error;
  if (!switches.readEnvironment(error))
    throw GnError(error);
  for (auto [key, value] : settings)
    if (!switches.set(py::str(key).cast<std::string>(), py::str(value).cast<std::string>(),
                      error))
      throw GnError(error);
  return switches;
}

std::shared_ptr<Program> loadProgram(const std::string &path, const py::dict &settings) {
  cuda::CudaOptions switches = cudaSwitches(settings);
  std::string error;
  std::optional<cuda::Program> program;
  {
    py::gil_scoped_release release;
    program = cuda::readProgram(path, error);
  }
  if (!program)
    throw GnError(error);
  auto p = std::make_shared<Program>();
  p->model = std::make_unique<cuda::CudaModel>(std::move(*program), switches);
  p->path = path;
  return p;
}

std::string cacheDirOr(const std::string &dir) {
  return dir.empty() ? generalSwitches().programCacheDir() : dir;
}

} // namespace

PYBIND11_MODULE(_gn_runtime, m) {
  m.doc() = "gn's runtime without LLVM: CUDA programs from the program cache, run on numpy "
            "arrays or device tensors";
  static PyObject *gnError = PyErr_NewException("gn.GnError", PyExc_RuntimeError, nullptr);
  m.attr("GnError") = py::handle(gnError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const GnError &e) {
      PyErr_SetString(gnError, e.what());
    }
  });
  std::string switchError;
  if (!generalSwitches().readEnvironment(switchError))
    throw GnError(switchError);

  py::class_<Program, std::shared_ptr<Program>>(m, "Program",
                                                "A CUDA program loaded from a file")
      .def("__call__", &Program::call, "One forward on numpy arrays (copied to the device)")
      .def("run_device", &Program::runDevice, py::arg("args"), py::arg("outs"),
           py::arg("stream") = 0,
           "One forward on device tensors given as (address, bytes) pairs; see gn.cuda")
      .def("synchronize", &Program::synchronize, py::arg("stream") = 0)
      .def_property_readonly(
          "arguments", [](const Program &p) { return signatureList(p.arguments(), true); })
      .def_property_readonly(
          "results", [](const Program &p) { return signatureList(p.results(), false); })
      .def_property_readonly("binding",
                             [](const Program &p) { return bindingDict(p.model->binding()); })
      .def_readonly("path", &Program::path)
      .def_readwrite("cache", &Program::cache)
      .def_property_readonly("device", [](const Program &) { return "cuda"; });

  m.def("load_program", &loadProgram, py::arg("path"), py::arg("switches") = py::dict(),
        "Loads a CUDA program (compiled.json, or a cached program.json); it loads onto the GPU "
        "at its first call");
  m.def(
      "cache_key",
      [](const std::string &source, const std::string &pipelineOptions,
         const py::dict &settings) {
        ProgramKey parts{source, "cuda", pipelineOptions, cudaSwitches(settings).compileKey()};
        std::string error;
        std::string key = programCacheKey(parts, error);
        if (key.empty())
          throw GnError(error);
        return key;
      },
      py::arg("source"), py::arg("pipeline_options") = "", py::arg("switches") = py::dict(),
      "The program cache's key of a sample folder or .mlir file compiled for CUDA with these "
      "options, as gn.compile_sample and gn-eval compile --cache-dir compute it");
  m.def(
      "cached_program",
      [](const std::string &key, const std::string &dir) {
        return cachedProgramPath(cacheDirOr(dir), key);
      },
      py::arg("key"), py::arg("cache_dir") = "",
      "Where the program of `key` is kept (cache_dir: default the cache-dir switch)");
  m.def(
      "score_jsonl",
      [](const std::string &text, double p, double b, const std::string &rule) {
        std::vector<eval::SampleRecord> records;
        std::string error;
        bool ok = eval::looksLikeGraphNetLog(text)
                      ? eval::parseGraphNetLog("<records>", text, records, error)
                      : eval::parseResults("<records>", text, records, error);
        if (!ok)
          throw GnError(error);
        eval::ScoreOptions options;
        options.p = p;
        options.b = b;
        if (!eval::parseErrnoRule(rule, options))
          throw GnError("errno_rule must be 'code' or 'report'");
        return eval::formatScores(eval::computeScores(records, options), "json");
      },
      py::arg("text"), py::arg("p") = 0.0, py::arg("b") = 0.1, py::arg("errno_rule") = "code",
      "S(t)/ES(t) rows (JSON) of result lines or a GraphNet log");
  m.def("version", [] { return std::string(gnVersion()); },
        "gn's version: its commit, and a hash of uncommitted changes");
}

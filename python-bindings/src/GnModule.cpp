//===- GnModule.cpp - the `gn._gn` Python extension ------------------------===//
//
// The C++ API as Python sees it: import a GraphNet sample (or parse a .mlir
// module), synthesize its inputs, run it in the interpreter, compile it for a
// target and call the compiled model on numpy arrays, run one sample as
// gn-eval does, and score result records. Errors raise gn.GnError with the
// diagnostic's file:line:col text. The Python layer (gn/__init__.py) builds
// evaluate(), score() and the backends on top.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/GraphNetLog.h"
#include "gn/Eval/Runner.h"
#include "gn/Eval/Score.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/InitAll.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Runtime/ArgumentMeta.h"
#include "gn/Runtime/CompiledModel.h"
#include "gn/Support/GeneralSwitches.h"
#include "gn/Support/DiagnosticText.h"
#include "gn/Target/Target.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>

namespace py = pybind11;
using namespace mlir;
using namespace mlir::gn;

namespace {

struct GnError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A context that collects the first error diagnostic.
struct Context {
  Context() : mlir(makeRegistry()) {
    mlir.loadAllAvailableDialects();
    handler = std::make_unique<ScopedDiagnosticHandler>(&mlir, [this](Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Error && firstError.empty())
        firstError = diagnosticText(d);
      return success();
    });
  }
  static DialectRegistry makeRegistry() {
    DialectRegistry r;
    registerAllDialects(r);
    return r;
  }
  /// The first error since the last call (and forget it).
  std::string takeError(const std::string &fallback) {
    std::string e = firstError.empty() ? fallback : firstError;
    firstError.clear();
    return e;
  }
  MLIRContext mlir;
  std::string firstError;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};

/// An imported module: the IR of one sample, with its context.
struct Module {
  std::shared_ptr<Context> context;
  OwningOpRef<ModuleOp> op;
  func::FuncOp forward() const {
    auto f = op.get().lookupSymbol<func::FuncOp>("forward");
    if (!f)
      throw GnError("the module has no func.func @forward");
    return f;
  }
  std::string str() const {
    std::string s;
    llvm::raw_string_ostream os(s);
    op.get().print(os);
    return s;
  }
};

/// numpy's name of a dtype (GraphNet's names are numpy's), bf16 travelling
/// as its uint16 bit patterns (numpy has no bf16).
std::string numpyName(interp::DType d) {
  return d == interp::DType::BF16 ? "uint16" : eval::graphNetDtypeName(d);
}

/// A numpy array over `t`'s bytes, no copy: the array keeps the tensor's
/// buffer alive.
py::array toNumpy(const interp::HostTensor &t) {
  std::vector<py::ssize_t> shape(t.shape().begin(), t.shape().end());
  // Explicit C strides: pybind11 < 2.12 reads the element size from
  // numpy 1's dtype layout, which numpy 2 changed (its own strides would
  // come out 0).
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t step = static_cast<py::ssize_t>(interp::sizeOf(t.dtype()));
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = step;
    step *= shape[i];
  }
  auto *owner = new interp::HostTensor(t);
  py::capsule keep(owner, [](void *p) { delete static_cast<interp::HostTensor *>(p); });
  // An empty tensor has no buffer: numpy wants a pointer all the same.
  static uint8_t none = 0;
  void *data = owner->nbytes() ? static_cast<void *>(owner->bytes()) : &none;
  return py::array(py::dtype(numpyName(t.dtype())), shape, strides, data, keep);
}

interp::HostTensor fromNumpy(py::handle obj, RankedTensorType expected, size_t index,
                             const std::string &name) {
  auto dtype = interp::dtypeOf(expected.getElementType());
  if (!dtype)
    throw GnError("argument #" + std::to_string(index) + " has no host dtype");
  py::array a;
  if (!py::isinstance<py::array>(obj) && py::hasattr(obj, "__dlpack__")) {
    // A DLPack producer (a torch CPU tensor, ...): numpy views its memory.
    try {
      a = py::module_::import("numpy").attr("from_dlpack")(obj);
    } catch (py::error_already_set &e) {
      throw GnError("argument #" + std::to_string(index) + " ('" + name +
                    "'): cannot read it through DLPack: " + std::string(e.what()));
    }
  } else {
    a = py::array::ensure(obj);
  }
  if (!a)
    throw GnError("argument #" + std::to_string(index) + " ('" + name +
                  "') is not an array (numpy or anything numpy.asarray takes)");
  std::string want = numpyName(*dtype);
  if (!a.dtype().is(py::dtype(want)))
    throw GnError("argument #" + std::to_string(index) + " ('" + name + "'): expected " + want +
                  ", got " + std::string(py::str(a.dtype())));
  std::vector<int64_t> shape(a.shape(), a.shape() + a.ndim());
  if (llvm::ArrayRef<int64_t>(shape) != expected.getShape()) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "argument #" << index << " ('" << name << "'): expected shape [";
    llvm::interleaveComma(expected.getShape(), os);
    os << "], got [";
    llvm::interleaveComma(shape, os);
    os << "]";
    throw GnError(s);
  }
  // Read in place: a view of the array's bytes (a C-contiguous copy first
  // where it is strided), which keeps the array alive as long as gn holds
  // it (a cached weight layout outlives the call). Its release may come
  // on a thread without the GIL.
  py::array c = py::array::ensure(a, py::array::c_style);
  auto *keep = new py::object(c);
  // (gn never writes an argument: a read-only array is fine.)
  auto *data = static_cast<uint8_t *>(const_cast<void *>(c.data()));
  std::shared_ptr<uint8_t> owner(data, [keep](uint8_t *) {
    py::gil_scoped_acquire gil;
    delete keep;
  });
  return interp::HostTensor::view(*dtype, shape, owner, owner.get());
}

std::vector<interp::HostTensor> argumentsOf(func::FuncOp f, const py::args &args) {
  if (args.size() != f.getNumArguments())
    throw GnError("forward takes " + std::to_string(f.getNumArguments()) + " arguments, got " +
                  std::to_string(args.size()));
  std::vector<interp::HostTensor> out;
  for (size_t i = 0; i < args.size(); ++i)
    out.push_back(fromNumpy(args[i], cast<RankedTensorType>(f.getArgument(i).getType()), i,
                            runtime::readArgumentMeta(f, i).name));
  return out;
}

py::list toList(const std::vector<interp::HostTensor> &ts) {
  py::list l;
  for (const interp::HostTensor &t : ts)
    l.append(toNumpy(t));
  return l;
}

std::shared_ptr<Module> importSample(const std::string &path) {
  auto m = std::make_shared<Module>();
  m->context = std::make_shared<Context>();
  m->op = importGraphNetSample(m->context->mlir, path);
  if (!m->op)
    throw GnError(m->context->takeError("cannot import '" + path + "'"));
  return m;
}

std::shared_ptr<Module> parseMlir(const std::string &text) {
  auto m = std::make_shared<Module>();
  m->context = std::make_shared<Context>();
  m->op = parseSourceString<ModuleOp>(text, &m->context->mlir);
  if (!m->op)
    throw GnError(m->context->takeError("cannot parse the module"));
  return m;
}

/// A module compiled for a target; keeps its module (and context) alive.
struct Compiled {
  std::shared_ptr<Module> module;
  std::unique_ptr<runtime::CompiledModel> model;
  std::string target;
  py::list call(const py::args &args) {
    auto inputs = argumentsOf(module->forward(), args);
    FailureOr<std::vector<interp::HostTensor>> out;
    {
      py::gil_scoped_release release;
      out = model->run(inputs);
    }
    if (failed(out))
      throw GnError(module->context->takeError("the compiled model failed"));
    return toList(*out);
  }
  /// (address, bytes) pairs, as the Python layer passes device tensors.
  static std::vector<DeviceTensor> deviceTensors(const std::vector<std::pair<uint64_t, size_t>> &v) {
    std::vector<DeviceTensor> out;
    for (auto [address, bytes] : v)
      out.push_back({address, bytes});
    return out;
  }
  void runDevice(const std::vector<std::pair<uint64_t, size_t>> &args,
                 const std::vector<std::pair<uint64_t, size_t>> &outs, uint64_t stream) {
    std::string error;
    bool ok;
    {
      py::gil_scoped_release release;
      ok = model->runOnDevice(deviceTensors(args), deviceTensors(outs),
                              reinterpret_cast<void *>(stream), error);
    }
    if (!ok)
      throw GnError(module->context->takeError(error));
  }
  void synchronize(uint64_t stream) {
    std::string error;
    bool ok;
    {
      py::gil_scoped_release release;
      ok = model->synchronize(reinterpret_cast<void *>(stream), error);
    }
    if (!ok)
      throw GnError(error);
  }
  py::dict binding() const {
    DeviceBinding b = model->deviceBinding();
    py::dict d;
    d["in_place"] = b.inPlace;
    d["copied"] = b.copied;
    d["packed"] = b.packed;
    d["loads"] = b.loads;
    return d;
  }
  py::dict stats() const {
    const runtime::CompileStats &s = model->stats();
    py::dict d;
    d["pipeline_seconds"] = s.pipelineSeconds;
    d["jit_seconds"] = s.jitSeconds;
    d["kernels"] = s.kernels;
    d["launches"] = s.launches;
    d["library_calls"] = s.libraryCalls;
    d["fallback_ops"] = s.fallbackOps;
    d["fallback"] = s.fallbackByOp;
    d["arena_bytes"] = s.arenaBytes;
    return d;
  }
};

/// The target named `device` and its switches: the environment's, then
/// `settings` (a dict of key -> value) over them.
const Target &chooseTarget(const std::string &device, const py::dict &settings,
                           std::shared_ptr<const Switches> &out) {
  const Target *target = lookupTarget(device);
  if (!target)
    throw GnError("unknown device '" + device + "' (" + targetNames() + ")");
  std::shared_ptr<Switches> switches = target->makeSwitches();
  std::string error;
  if (!switches->readEnvironment(error))
    throw GnError(error);
  for (auto [key, value] : settings)
    if (!switches->set(py::str(key).cast<std::string>(), py::str(value).cast<std::string>(),
                       error))
      throw GnError(error);
  out = std::move(switches);
  return *target;
}

std::shared_ptr<Compiled> compileModule(std::shared_ptr<Module> module, const std::string &device,
                                        const std::string &pipelineOptions,
                                        unsigned jitOptLevel, const py::dict &settings,
                                        bool callerTensors) {
  CompileOptions options;
  const Target &target = chooseTarget(device, settings, options.switches);
  options.callerTensors = callerTensors;
  options.pipelineOptions = pipelineOptions;
  options.jitOptLevel = jitOptLevel;
  module->forward();
  FailureOr<std::unique_ptr<runtime::CompiledModel>> model;
  {
    py::gil_scoped_release release;
    model = target.compile(*module->op, options);
  }
  if (failed(model))
    throw GnError(module->context->takeError("compilation for " + device + " failed"));
  auto c = std::make_shared<Compiled>();
  c->module = std::move(module);
  c->model = std::move(*model);
  c->target = device;
  return c;
}

} // namespace

PYBIND11_MODULE(_gn, m) {
  m.doc() = "gn: a tensor compiler for GraphNet's PyTorch and PaddlePaddle graphs (C++ core)";
  static py::exception<GnError> gnError(m, "GnError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const GnError &e) {
      PyErr_SetString(gnError.ptr(), e.what());
    }
  });

  // The general switches (GN_PROFILE, GN_MEMORY_REPORT, GN_CACHE_DIR), read once as every
  // tool does at startup.
  std::string switchError;
  if (!generalSwitches().readEnvironment(switchError))
    throw GnError(switchError);

  py::class_<Module, std::shared_ptr<Module>>(m, "Module", "The gn IR of one sample")
      .def("__str__", &Module::str)
      .def_property_readonly(
          "arguments",
          [](const Module &self) {
            py::list out;
            func::FuncOp f = self.forward();
            for (unsigned i = 0; i < f.getNumArguments(); ++i) {
              auto meta = runtime::readArgumentMeta(f, i);
              auto type = cast<RankedTensorType>(f.getArgument(i).getType());
              auto dtype = interp::dtypeOf(type.getElementType());
              py::dict d;
              d["name"] = meta.name;
              d["kind"] = meta.kind;
              d["shape"] = std::vector<int64_t>(type.getShape().begin(), type.getShape().end());
              d["dtype"] = dtype ? numpyName(*dtype) : "?";
              out.append(d);
            }
            return out;
          },
          "forward's arguments: name, kind (weight | input), shape, numpy dtype")
      .def_property_readonly(
          "results",
          [](const Module &self) {
            py::list out;
            for (Type t : self.forward().getFunctionType().getResults()) {
              auto type = cast<RankedTensorType>(t);
              auto dtype = interp::dtypeOf(type.getElementType());
              py::dict d;
              d["shape"] = std::vector<int64_t>(type.getShape().begin(), type.getShape().end());
              d["dtype"] = dtype ? numpyName(*dtype) : "?";
              out.append(d);
            }
            return out;
          },
          "forward's results: shape, numpy dtype")
      .def(
          "synthesize_inputs",
          [](const Module &self, uint64_t seed) {
            std::string error;
            auto args = eval::synthesizeInputs(self.forward(), seed, error);
            if (failed(args))
              throw GnError(error);
            return toList(*args);
          },
          py::arg("seed") = 0, "forward's arguments as gn-eval synthesizes them")
      .def(
          "run_eager",
          [](const Module &self, const py::args &args) {
            func::FuncOp f = self.forward();
            auto inputs = argumentsOf(f, args);
            interp::Interpreter interpreter(f);
            if (failed(interpreter.verifySupported()))
              throw GnError(self.context->takeError("the interpreter cannot run this module"));
            auto out = interpreter.run(inputs);
            if (failed(out))
              throw GnError(self.context->takeError("the interpreter failed"));
            return toList(*out);
          },
          "runs forward in gn's interpreter (the eager reference)");

  py::class_<Compiled, std::shared_ptr<Compiled>>(m, "Compiled", "A module compiled for a target")
      .def("__call__", &Compiled::call)
      .def("run_device", &Compiled::runDevice, py::arg("args"), py::arg("outs"),
           py::arg("stream") = 0,
           "One forward on device tensors given as (address, bytes) pairs, results written "
           "into `outs`, enqueued on `stream` (a CUstream handle; 0: the default stream) "
           "without waiting. Arguments at the same address as at the first call are read in "
           "place; see gn.cuda")
      .def("synchronize", &Compiled::synchronize, py::arg("stream") = 0,
           "Waits for `stream` and raises a fault the forward reported (an index out of range)")
      .def_readonly("module", &Compiled::module)
      .def_property_readonly("binding", &Compiled::binding,
                             "How run_device binds the caller's tensors: in_place, copied, "
                             "packed, loads")
      .def_property_readonly("stats", &Compiled::stats)
      .def_readonly("device", &Compiled::target);

  m.def(
      "switches",
      [](const std::string &device) {
        const Target *target = lookupTarget(device);
        if (!target)
          throw GnError("unknown device '" + device + "' (" + targetNames() + ")");
        std::unique_ptr<Switches> s = target->makeSwitches();
        py::list out;
        for (const SwitchInfo &info : s->table()) {
          py::dict d;
          d["key"] = info.key;
          d["env"] = info.env;
          d["values"] = info.values;
          d["default"] = info.defaultValue;
          d["help"] = info.help;
          out.append(d);
        }
        return out;
      },
      py::arg("device") = "cpu", "The runtime switches of a target: key, env, values, help");
  m.def("import_sample", &importSample, py::arg("path"),
        "Imports a GraphNet sample folder (PyTorch or PaddlePaddle) into gn IR");
  m.def("parse_mlir", &parseMlir, py::arg("text"), "Parses a gn module from MLIR text");
  m.def("compile", &compileModule, py::arg("module"), py::arg("device") = "cpu",
        py::arg("pipeline_options") = "", py::arg("jit_opt_level") = 2,
        py::arg("switches") = py::dict(), py::arg("caller_tensors") = false,
        "Compiles forward for a target (cpu, cuda); `switches` sets the target's runtime "
        "switches by key (see gn.switches()) over their environment variables. "
        "caller_tensors: the model runs on the caller's device tensors (run_device); a device "
        "target loads it at the first call");
  m.def(
      "run_sample",
      [](const std::string &path, const std::string &mode, const std::string &device,
         const std::string &compiler, int warmup, int trials, uint64_t seed,
         const std::string &dump) {
        eval::RunOptions o;
        o.mode = mode;
        o.target = &chooseTarget(device, py::dict(), o.switches);
        o.compiler = compiler;
        o.warmup = warmup;
        o.trials = trials;
        o.seed = seed;
        o.dumpDir = dump;
        py::gil_scoped_release release;
        return eval::runSample(path, o);
      },
      py::arg("path"), py::arg("mode") = "compiled", py::arg("device") = "cpu",
      py::arg("compiler") = "gn", py::arg("warmup") = 1, py::arg("trials") = 5,
      py::arg("seed") = 0, py::arg("dump") = "",
      "Runs one sample as gn-eval run does; returns its JSON result line");
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
}

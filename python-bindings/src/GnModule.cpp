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
#include "gn/Eval/CachedCompile.h"
#include "gn/Eval/Runner.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/IR/GnOps.h"
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

#include "Arrays.h"

#include <cstring>
#include <memory>

namespace py = pybind11;
using namespace mlir;
using namespace mlir::gn;
using namespace gnpy;

namespace {


/// A context that collects the first error diagnostic.
struct Context {
  /// `loadDialects` false: registered but not loaded (what needs one
  /// loads it), for a program loaded from the cache in a few milliseconds.
  explicit Context(bool loadDialects = true) : mlir(makeRegistry()) {
    if (loadDialects)
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

/// GraphNet's dtype channel as import options spell it ("" for float32).
std::string dtypeVariantOf(const std::string &dtype) {
  if (dtype != "float32" && dtype != "float16" && dtype != "bfloat16")
    throw GnError("dtype must be float32, float16 or bfloat16, got '" + dtype + "'");
  return dtype == "float32" ? "" : dtype;
}

std::shared_ptr<Module> importSample(const std::string &path, const std::string &dtype,
                                     int shapeVariant) {
  auto m = std::make_shared<Module>();
  m->context = std::make_shared<Context>();
  ImportOptions options;
  options.dtypeVariant = dtypeVariantOf(dtype);
  options.shapeVariant = shapeVariant;
  m->op = importGraphNetSample(m->context->mlir, path, options);
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

/// forward's argument signatures (name, dtype, shape).
std::vector<interp::TensorSignature> signaturesOf(func::FuncOp f) {
  std::vector<interp::TensorSignature> out;
  for (unsigned i = 0; i < f.getNumArguments(); ++i) {
    auto type = cast<RankedTensorType>(f.getArgument(i).getType());
    auto dtype = interp::dtypeOf(type.getElementType());
    if (!dtype)
      throw GnError("argument #" + std::to_string(i) + " has no host dtype");
    out.push_back({runtime::readArgumentMeta(f, i).name, *dtype,
                   std::vector<int64_t>(type.getShape().begin(), type.getShape().end())});
  }
  return out;
}

/// A module compiled for a target; keeps its context (and its module, when
/// it was compiled from one) alive.
struct Compiled {
  std::shared_ptr<Context> context;
  std::shared_ptr<Module> module; // null for a program loaded from the cache
  std::unique_ptr<runtime::CompiledModel> model;
  std::string target;
  py::dict cache; // how compile_sample found or made it
  std::vector<interp::TensorSignature> signature; // of the arguments, read once
  ArgumentViews views;
  py::list call(const py::args &args) {
    if (signature.empty())
      signature = model->arguments();
    auto inputs = views.of(signature, args);
    FailureOr<std::vector<interp::HostTensor>> out;
    {
      py::gil_scoped_release release;
      out = model->run(inputs);
    }
    if (failed(out))
      throw GnError(context->takeError("the compiled model failed"));
    ownMemory(*out, inputs);
    return toList(*out);
  }
  /// The runtime may hand back an argument's bytes as a result (x.clone()
  /// folds to x) or one buffer for two results (equal values merged): a
  /// caller writing one would change the other, which PyTorch and numpy
  /// never do for distinct results. Such a result gets bytes of its own.
  static void ownMemory(std::vector<interp::HostTensor> &outs,
                        const std::vector<interp::HostTensor> &inputs) {
    auto overlaps = [](const interp::HostTensor &a, const interp::HostTensor &b) {
      return a.nbytes() > 0 && b.nbytes() > 0 && a.bytes() < b.bytes() + b.nbytes() &&
             b.bytes() < a.bytes() + a.nbytes();
    };
    for (size_t i = 0; i < outs.size(); ++i) {
      bool shared = llvm::any_of(inputs, [&](const auto &in) { return overlaps(outs[i], in); });
      for (size_t j = 0; j < i && !shared; ++j)
        shared = overlaps(outs[i], outs[j]);
      if (!shared)
        continue;
      interp::HostTensor copy(outs[i].dtype(), outs[i].shape(), /*zero=*/false);
      std::memcpy(copy.bytes(), outs[i].bytes(), outs[i].nbytes());
      outs[i] = std::move(copy);
    }
  }
  void runDevice(const std::vector<std::pair<uint64_t, size_t>> &args,
                 const std::vector<std::pair<uint64_t, size_t>> &outs, uint64_t stream) {
    withoutGil([&](std::string &error) {
      return model->runOnDevice(deviceTensors(args), deviceTensors(outs),
                                reinterpret_cast<void *>(stream), error);
    });
  }
  py::list bindShapes(const std::vector<std::vector<int64_t>> &shapes) {
    std::vector<interp::TensorSignature> results;
    withoutGil([&](std::string &error) { return model->bindShapes(shapes, results, error); });
    return signatureList(results, false);
  }
  void synchronize(uint64_t stream) {
    withoutGil([&](std::string &error) {
      return model->synchronize(reinterpret_cast<void *>(stream), error);
    });
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
  c->context = module->context;
  c->module = std::move(module);
  c->model = std::move(*model);
  c->target = device;
  return c;
}

/// A sample folder or .mlir file compiled through the program cache
/// (gn/Eval/CachedCompile.h).
std::shared_ptr<Compiled> compileSample(const std::string &source, const std::string &device,
                                        const std::string &pipelineOptions,
                                        unsigned jitOptLevel, const py::dict &settings,
                                        bool callerTensors, const std::string &cacheDir,
                                        const std::string &dtype, int shapeVariant,
                                        bool symbolic, const std::vector<int64_t> &dataSizes) {
  eval::SampleVariant variant{dtypeVariantOf(dtype), shapeVariant, symbolic, dataSizes};
  CompileOptions options;
  const Target &target = chooseTarget(device, settings, options.switches);
  options.callerTensors = callerTensors;
  options.pipelineOptions = pipelineOptions;
  options.jitOptLevel = jitOptLevel;
  auto c = std::make_shared<Compiled>();
  c->context = std::make_shared<Context>(/*loadDialects=*/false);
  std::string dir = cacheDir.empty() ? generalSwitches().programCacheDir() : cacheDir;
  FailureOr<eval::CachedCompile> compiled;
  {
    py::gil_scoped_release release;
    compiled = eval::compileCached(c->context->mlir, source, variant, target, options, dir);
  }
  if (failed(compiled))
    throw GnError(c->context->takeError("compilation of '" + source + "' for " + device +
                                        " failed"));
  c->model = std::move(compiled->model);
  c->target = device;
  c->cache["key"] = compiled->key;
  c->cache["path"] = compiled->path;
  c->cache["hit"] = compiled->hit;
  c->cache["seconds"] = compiled->seconds;
  if (!compiled->uncached.empty())
    c->cache["uncached"] = compiled->uncached;
  return c;
}

} // namespace

PYBIND11_MODULE(_gn, m) {
  m.doc() = "gn: a tensor compiler for GraphNet's PyTorch and PaddlePaddle graphs (C++ core)";
  // gn.GnError is the runtime extension's class, so both raise the same
  // (held for the process's life: no destructor after Python is gone).
  static PyObject *gnError =
      py::object(py::module_::import("gn._runtime").attr("GnError")).release().ptr();
  m.attr("GnError") = py::handle(gnError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const GnError &e) {
      PyErr_SetString(gnError, e.what());
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
      .def_property_readonly(
          "data_sites",
          [](const Module &self) {
            int64_t sites = 0;
            self.op.get().walk([&](Operation *op) {
              sites += isa<gn::NonzeroOp, gn::SizeGuardOp>(op);
            });
            return sites;
          },
          "How many ops have a size that depends on the values they read (nonzero, a "
          "boolean mask, repeat_interleave's repeats, bincount's indices): each is "
          "specialized to one size and guarded (compile_sample's data_sizes)")
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
            auto inputs = argumentsOf(signaturesOf(f), args);
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
      .def("bind", &Compiled::bindShapes, py::arg("shapes"),
           "The program run_device runs from now on, at these argument shapes (device tensors "
           "carry none): a program with symbolic dims (-1 in `arguments`) is bound there, its "
           "guards checked; a static one checks they are its own. Returns the results' shape "
           "and dtype there")
      .def("synchronize", &Compiled::synchronize, py::arg("stream") = 0,
           "Waits for `stream` and raises a fault the forward reported (an index out of range)")
      .def_readonly("module", &Compiled::module)
      .def_property_readonly(
          "arguments", [](const Compiled &c) { return signatureList(c.model->arguments(), true); },
          "forward's arguments: name, shape, numpy dtype")
      .def_property_readonly(
          "results", [](const Compiled &c) { return signatureList(c.model->results(), false); },
          "forward's results: shape, numpy dtype")
      .def_readonly("cache", &Compiled::cache,
                    "compile_sample: the key, the program's path, hit, seconds (or why nothing "
                    "was cached)")
      .def_property_readonly("binding", [](const Compiled &c) { return bindingDict(c.model->deviceBinding()); },
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
  m.def("compile_sample", &compileSample, py::arg("source"), py::arg("device") = "cpu",
        py::arg("pipeline_options") = "", py::arg("jit_opt_level") = 2,
        py::arg("switches") = py::dict(), py::arg("caller_tensors") = false,
        py::arg("cache_dir") = "", py::arg("dtype") = "float32", py::arg("shape_variant") = -1,
        py::arg("symbolic") = false, py::arg("data_sizes") = std::vector<int64_t>(),
        "Compiles a sample folder or .mlir file (at GraphNet's dtype and shape variant, as "
        "import_sample takes them; symbolic: one program for every size its "
        "input_tensor_constraints.py allows, the CPU only; data_sizes: the size of each "
        "data-dependent site (nonzero, a boolean mask; a size read from values) by site, -1 or "
        "none past the list: the upper bound (every element; for a size read from values, its "
        "floor); a run finding another size fails with 'shape "
        "guard failed: site S found N elements') through the program cache: a "
        "program stored under its key "
        "(the sample's files, the variant, the target, the options, gn's version) loads "
        "without compiling; else it is compiled, stored and loaded. cache_dir: default the "
        "cache-dir switch (GN_CACHE_DIR, else ~/.cache/gn/programs). .cache says which");
  m.def("import_sample", &importSample, py::arg("path"), py::arg("dtype") = "float32",
        py::arg("shape_variant") = -1,
        "Imports a GraphNet sample folder (PyTorch or PaddlePaddle) into gn IR. GraphNet's "
        "channels: dtype float16 | bfloat16 as the sample's dtype generalization pass "
        "rewrites it; shape_variant K at the K-th of its shape variants (gn.shape_variants)");
  m.def(
      "shape_variants",
      [](const std::string &path) {
        std::string error;
        auto variants = sampleShapeVariants(path, error);
        if (variants.empty())
          throw GnError(path + ": " + error);
        py::list out;
        for (const ShapeVariant &v : variants) {
          py::dict d;
          for (const auto &[symbol, size] : v.values)
            d[py::str(symbol)] = size;
          out.append(d);
        }
        return out;
      },
      py::arg("path"),
      "GraphNet's shape variants of a sample: one dict of symbol -> size each, in GraphNet's "
      "order (the index is shape_variant)");
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
}

//===- CudaProgram.cpp - a CUDA program as one JSON file -----------------===//
#include "gn/Target/CUDA/CudaProgram.h"
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace mlir::gn::cuda;
using json = nlohmann::json;
namespace interp = mlir::gn::interp;

int64_t Slot::bytes() const {
  int64_t n = interp::sizeOf(dtype);
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::vector<int64_t> Slot::callerShape() const {
  std::vector<int64_t> out = shape;
  for (size_t d = 0; d < dims.size() && d < out.size(); ++d)
    if (!dims[d].empty())
      out[d] = -1;
  return out;
}

namespace {

constexpr int kFormatVersion = 1;

const char *whereName(Slot::Where w) {
  switch (w) {
  case Slot::Where::Argument: return "argument";
  case Slot::Where::Constant: return "constant";
  case Slot::Where::Arena: return "arena";
  case Slot::Where::Result: return "result";
  case Slot::Where::View: return "view";
  case Slot::Where::Pack: return "pack";
  }
  return "?";
}

std::optional<Slot::Where> whereNamed(const std::string &s) {
  for (Slot::Where w : {Slot::Where::Argument, Slot::Where::Constant, Slot::Where::Arena,
                        Slot::Where::Result, Slot::Where::View, Slot::Where::Pack})
    if (s == whereName(w))
      return w;
  return std::nullopt;
}


const char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(const std::vector<uint8_t> &in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (size_t i = 0; i < in.size(); i += 3) {
    uint32_t v = in[i] << 16;
    if (i + 1 < in.size())
      v |= in[i + 1] << 8;
    if (i + 2 < in.size())
      v |= in[i + 2];
    out += kB64[(v >> 18) & 63];
    out += kB64[(v >> 12) & 63];
    out += i + 1 < in.size() ? kB64[(v >> 6) & 63] : '=';
    out += i + 2 < in.size() ? kB64[v & 63] : '=';
  }
  return out;
}

bool unbase64(const std::string &in, std::vector<uint8_t> &out) {
  int value[256];
  std::fill(std::begin(value), std::end(value), -1);
  for (int i = 0; i < 64; ++i)
    value[(unsigned char)kB64[i]] = i;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : in) {
    if (c == '=')
      break;
    int v = value[(unsigned char)c];
    if (v < 0)
      return false;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back((acc >> bits) & 0xff);
    }
  }
  return true;
}

template <typename T> json optional(const std::optional<T> &v) {
  return v ? json(*v) : json(nullptr);
}

template <typename T> std::optional<T> optionalFrom(const json &j, const char *key) {
  if (!j.contains(key) || j[key].is_null())
    return std::nullopt;
  return j[key].get<T>();
}

} // namespace

const char *mlir::gn::cuda::stepKindName(Step::Kind k) {
  switch (k) {
  case Step::Kind::Launch: return "launch";
  case Step::Kind::Alias: return "alias";
  case Step::Kind::Gemm: return "gemm";
  case Step::Kind::Conv: return "conv";
  }
  return "?";
}

bool mlir::gn::cuda::writeProgram(const Program &p, const std::string &path, std::string &error) {
  json j;
  j["format"] = "gn-cuda-program";
  j["version"] = kFormatVersion;
  j["sample"] = p.sample;
  j["chip"] = p.chip;
  for (const Slot &s : p.slots) {
    json slot = {{"dtype", interp::name(s.dtype)},
                 {"shape", s.shape},
                 {"where", whereName(s.where)},
                 {"offset", s.offset},
                 {"view_of", s.viewOf}};
    if (!s.dims.empty())
      slot["dims"] = s.dims;
    if (s.liveFirst >= 0)
      slot["live"] = {s.liveFirst, s.liveLast};
    if (!s.offsetExpr.empty())
      slot["offset_expr"] = s.offsetExpr;
    j["slots"].push_back(slot);
  }
  if (p.symbolic) {
    j["symbolic"] = true;
    j["guards"] = json::array();
    for (const Guard &g : p.guards)
      j["guards"].push_back({{"size", g.size},
                             {"needed", g.needed},
                             {"dim", g.dim},
                             {"at_least", g.atLeast},
                             {"reads", g.reads},
                             {"location", g.location}});
  }
  for (const ArgumentSpec &a : p.arguments)
    j["arguments"].push_back({{"name", a.name},
                              {"dtype", a.torchDtype},
                              {"kind", a.kind},
                              {"mean", optional(a.mean)},
                              {"std", optional(a.std)},
                              {"min_val", optional(a.minVal)},
                              {"max_val", optional(a.maxVal)},
                              {"data", optional(a.data)}});
  j["results"] = p.results;
  j["arena_bytes"] = p.arenaBytes;
  j["constants"] = json::array();
  for (const auto &[slot, bytes] : p.constants)
    j["constants"].push_back({{"slot", slot}, {"base64", base64(bytes)}});
  for (const PtxModule &m : p.modules) {
    json module = {{"name", m.name}, {"ptx", m.ptx}, {"index_errors", m.reportsIndexErrors}};
    if (!m.cubin.empty()) {
      module["cubin_arch"] = m.cubinArch;
      module["cubin_base64"] = base64(m.cubin);
    }
    j["modules"].push_back(module);
  }
  j["kernels"] = json::array();
  for (const Kernel &k : p.kernels) {
    json launches = json::array();
    for (const KernelLaunch &l : k.launches) {
      json launch = {{"module", l.module}, {"function", l.function}, {"grid", l.grid},
                     {"block", l.block},   {"args", l.args},         {"serial", l.serial}};
      if (l.gridExprs != std::array<std::string, 3>{})
        launch["grid_exprs"] = l.gridExprs;
      launches.push_back(launch);
    }
    json kernel = {{"name", k.name}, {"launches", launches}};
    for (const KernelSize &size : k.sizes)
      kernel["sizes"].push_back({size.buffer, size.dim});
    j["kernels"].push_back(kernel);
  }
  for (const Step &s : p.steps) {
    json step = {{"kind", stepKindName(s.kind)}, {"in", s.in},       {"out", s.out},
                 {"scratch", s.scratch},      {"op", s.op},       {"location", s.location},
                 {"elided", s.elided}};
    if (s.kind == Step::Kind::Launch)
      step["kernel"] = s.kernel;
    if (s.kind == Step::Kind::Gemm)
      step["gemm"] = {{"m", s.gemm.m},           {"n", s.gemm.n},
                      {"k", s.gemm.k},           {"batch", s.gemm.batch},
                      {"trans_a", s.gemm.transA}, {"trans_b", s.gemm.transB},
                      {"stride_a", s.gemm.strideA}, {"stride_b", s.gemm.strideB},
                      {"stride_c", s.gemm.strideC}, {"ldc", s.gemm.ldc},
                      {"matmul", {s.matmul.transposeLhs, s.matmul.transposeRhs,
                                  s.matmul.transposeResult}}};
    if (s.kind == Step::Kind::Conv)
      step["conv"] = {{"stride", s.conv.stride},     {"padding", s.conv.padding},
                      {"dilation", s.conv.dilation}, {"groups", s.conv.groups},
                      {"bias", s.conv.bias}};
    j["steps"].push_back(step);
  }
  j["stats"] = {{"pipeline_seconds", p.pipelineSeconds},
                {"launches", p.launchesPerRun},
                {"library_calls", p.libraryCalls},
                {"serial_launches", p.serialLaunches}};
  std::ofstream out(path);
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  out << j.dump();
  return bool(out);
}

namespace {

// readProgram's stages. Those that find the file malformed return what is
// wrong, which readProgram prefixes with the path; nullopt when all is well.
using Problem = std::optional<std::string>;

/// The file parsed, if it is a gn CUDA program of kFormatVersion; else
/// nullopt with `error` set.
std::optional<json> openProgram(const std::string &path, std::string &error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read '" + path + "'";
    return std::nullopt;
  }
  json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    error = "'" + path + "' is not JSON";
    return std::nullopt;
  }
  if (j.value("format", "") != "gn-cuda-program" || j.value("version", 0) != kFormatVersion) {
    error = "'" + path + "' is not a gn CUDA program of version " + std::to_string(kFormatVersion);
    return std::nullopt;
  }
  return j;
}

/// The slots: a known dtype and place and a shape each.
Problem readSlots(const json &j, Program &p) {
  for (const json &s : j.value("slots", json::array())) {
    Slot slot;
    auto dt = interp::dtypeNamed(s.value("dtype", ""));
    auto where = whereNamed(s.value("where", ""));
    if (!dt || !where || !s.contains("shape") || !s["shape"].is_array())
      return "bad slot " + s.dump();
    slot.dtype = *dt;
    slot.where = *where;
    for (const json &d : s["shape"])
      slot.shape.push_back(d.get<int64_t>());
    slot.offset = s.value("offset", int64_t(0));
    slot.viewOf = s.value("view_of", -1);
    slot.dims = s.value("dims", std::vector<std::string>());
    if (!slot.dims.empty() && slot.dims.size() != slot.shape.size())
      return "a slot's dims do not match its rank: " + s.dump();
    std::vector<int64_t> live = s.value("live", std::vector<int64_t>());
    if (live.size() == 2) {
      slot.liveFirst = live[0];
      slot.liveLast = live[1];
    }
    slot.offsetExpr = s.value("offset_expr", "");
    p.slots.push_back(slot);
  }
  return std::nullopt;
}

/// The argument specs (every field optional).
void readArguments(const json &j, Program &p) {
  for (const json &a : j.value("arguments", json::array())) {
    ArgumentSpec spec;
    spec.name = a.value("name", "");
    spec.torchDtype = a.value("dtype", "");
    spec.kind = a.value("kind", "");
    spec.mean = optionalFrom<double>(a, "mean");
    spec.std = optionalFrom<double>(a, "std");
    spec.minVal = optionalFrom<double>(a, "min_val");
    spec.maxVal = optionalFrom<double>(a, "max_val");
    spec.data = optionalFrom<std::vector<double>>(a, "data");
    p.arguments.push_back(spec);
  }
}

/// The constants' bytes, decoded from base64.
Problem readConstants(const json &j, Program &p) {
  for (const json &c : j.value("constants", json::array())) {
    std::vector<uint8_t> bytes;
    if (!unbase64(c.value("base64", ""), bytes))
      return "bad constant data";
    p.constants.push_back({c.value("slot", -1), std::move(bytes)});
  }
  return std::nullopt;
}

/// The PTX modules, each with its cubin where one was assembled.
Problem readModules(const json &j, Program &p) {
  for (const json &m : j.value("modules", json::array())) {
    PtxModule module{m.value("name", ""), m.value("ptx", ""), m.value("index_errors", false)};
    if (m.contains("cubin_base64")) {
      module.cubinArch = m.value("cubin_arch", "");
      if (!unbase64(m.value("cubin_base64", ""), module.cubin) || module.cubin.empty())
        return "module '" + module.name + "': bad cubin_base64";
    }
    p.modules.push_back(std::move(module));
  }
  return std::nullopt;
}

/// The kernels and their launches (every field defaulted).
void readKernels(const json &j, Program &p) {
  for (const json &k : j.value("kernels", json::array())) {
    Kernel kernel;
    kernel.name = k.value("name", "");
    for (const json &l : k.value("launches", json::array())) {
      KernelLaunch launch;
      launch.module = l.value("module", -1);
      launch.function = l.value("function", "");
      launch.grid = l.value("grid", std::array<unsigned, 3>{1, 1, 1});
      launch.block = l.value("block", std::array<unsigned, 3>{1, 1, 1});
      launch.args = l.value("args", std::vector<int>());
      launch.serial = l.value("serial", false);
      launch.gridExprs = l.value("grid_exprs", std::array<std::string, 3>{});
      kernel.launches.push_back(launch);
    }
    for (const json &size : k.value("sizes", json::array()))
      if (size.is_array() && size.size() == 2)
        kernel.sizes.push_back({size[0].get<int>(), size[1].get<int>()});
    p.kernels.push_back(kernel);
  }
}

/// The steps in order: a known kind each, with its GEMM or conv parameters.
Problem readSteps(const json &j, Program &p) {
  for (const json &s : j.value("steps", json::array())) {
    Step step;
    std::string kind = s.value("kind", "");
    if (kind == "launch")
      step.kind = Step::Kind::Launch;
    else if (kind == "alias")
      step.kind = Step::Kind::Alias;
    else if (kind == "gemm")
      step.kind = Step::Kind::Gemm;
    else if (kind == "conv")
      step.kind = Step::Kind::Conv;
    else
      return "unknown step kind '" + kind + "'";
    step.in = s.value("in", std::vector<int>());
    step.out = s.value("out", std::vector<int>());
    step.scratch = s.value("scratch", std::vector<int>());
    step.kernel = s.value("kernel", -1);
    step.elided = s.value("elided", false);
    step.op = s.value("op", "");
    step.location = s.value("location", "");
    if (s.contains("gemm")) {
      const json &g = s["gemm"];
      step.gemm = {g.value("m", int64_t(0)),        g.value("n", int64_t(0)),
                   g.value("k", int64_t(0)),        g.value("batch", int64_t(1)),
                   g.value("trans_a", false),       g.value("trans_b", false),
                   g.value("stride_a", int64_t(0)), g.value("stride_b", int64_t(0)),
                   g.value("stride_c", int64_t(0)), g.value("ldc", int64_t(0))};
      std::vector<bool> flags = g.value("matmul", std::vector<bool>());
      if (flags.size() == 3)
        step.matmul = {flags[0], flags[1], flags[2]};
    }
    if (s.contains("conv")) {
      const json &c = s["conv"];
      step.conv.stride = c.value("stride", std::vector<int64_t>());
      step.conv.padding = c.value("padding", std::vector<int64_t>());
      step.conv.dilation = c.value("dilation", std::vector<int64_t>());
      step.conv.groups = c.value("groups", int64_t(1));
      step.conv.bias = c.value("bias", false);
    }
    p.steps.push_back(step);
  }
  return std::nullopt;
}

/// The compile statistics, where the file has them.
void readStats(const json &j, Program &p) {
  if (j.contains("stats")) {
    const json &st = j["stats"];
    p.pipelineSeconds = st.value("pipeline_seconds", 0.0);
    p.launchesPerRun = st.value("launches", 0);
    p.libraryCalls = st.value("library_calls", 0);
    p.serialLaunches = st.value("serial_launches", 0);
  }
}

/// Indices in range, so the executor can trust them.
Problem checkIndices(const Program &p) {
  int numSlots = p.slots.size();
  auto slotOk = [&](int i) { return i >= 0 && i < numSlots; };
  for (const Slot &s : p.slots) {
    if (s.where == Slot::Where::View && !slotOk(s.viewOf))
      return "a view of a slot that does not exist";
    if (s.where == Slot::Where::Argument && s.viewOf != -1 &&
        (!slotOk(s.viewOf) || p.slots[s.viewOf].where != Slot::Where::Pack || s.offset < 0 ||
         s.offset + s.bytes() > p.slots[s.viewOf].bytes()))
      return "an argument placed outside a pack";
  }
  if ((int)p.arguments.size() > numSlots)
    return "more arguments than slots";
  for (int r : p.results)
    if (!slotOk(r))
      return "a result slot that does not exist";
  for (const auto &c : p.constants)
    if (!slotOk(c.first) || (int64_t)c.second.size() != p.slots[c.first].bytes())
      return "a constant of the wrong size";
  for (const Kernel &k : p.kernels)
    for (const KernelLaunch &l : k.launches)
      if (l.module < 0 || l.module >= (int)p.modules.size())
        return "kernel '" + k.name + "' launches a module that does not exist";
  for (const Step &s : p.steps) {
    for (const std::vector<int> *v : {&s.in, &s.out, &s.scratch})
      for (int i : *v)
        if (!slotOk(i))
          return "step " + s.op + " uses a slot that does not exist";
    if (s.kind == Step::Kind::Launch) {
      if (s.kernel < 0 || s.kernel >= (int)p.kernels.size())
        return "a launch of a kernel that does not exist";
      const Kernel &k = p.kernels[s.kernel];
      int buffers = s.in.size() + s.out.size() + s.scratch.size();
      int params = buffers + k.sizes.size();
      for (const KernelLaunch &l : k.launches)
        for (int a : l.args)
          if (a < 0 || a >= params)
            return "kernel '" + k.name + "' reads a buffer it is not given";
      std::vector<int> slots(s.in);
      slots.insert(slots.end(), s.out.begin(), s.out.end());
      slots.insert(slots.end(), s.scratch.begin(), s.scratch.end());
      for (const KernelSize &size : k.sizes)
        if (size.buffer < 0 || size.buffer >= buffers || size.dim < 0 ||
            size.dim >= (int)p.slots[slots[size.buffer]].shape.size())
          return "kernel '" + k.name + "' takes the size of a buffer it is not given";
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<Program> mlir::gn::cuda::readProgram(const std::string &path, std::string &error) {
  std::optional<json> j = openProgram(path, error);
  if (!j)
    return std::nullopt;
  // Structure checks are explicit (no exceptions in this build): every field
  // used below is read with value() or checked first.
  Program p;
  auto bad = [&](const std::string &what) {
    error = "'" + path + "': " + what;
    return std::nullopt;
  };
  p.sample = j->value("sample", "");
  p.chip = j->value("chip", "");
  if (Problem what = readSlots(*j, p))
    return bad(*what);
  readArguments(*j, p);
  p.results = j->value("results", std::vector<int>());
  p.arenaBytes = j->value("arena_bytes", int64_t(0));
  if (Problem what = readConstants(*j, p))
    return bad(*what);
  if (Problem what = readModules(*j, p))
    return bad(*what);
  readKernels(*j, p);
  if (Problem what = readSteps(*j, p))
    return bad(*what);
  readStats(*j, p);
  p.symbolic = j->value("symbolic", false);
  for (const json &g : j->value("guards", json::array()))
    p.guards.push_back({g.value("size", ""), g.value("needed", int64_t(0)),
                        g.value("dim", int64_t(0)), g.value("at_least", false),
                        g.value("reads", ""), g.value("location", "")});
  if (Problem what = checkIndices(p))
    return bad(*what);
  return p;
}

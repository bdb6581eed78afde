//===- SynthesisDump.cpp - write synthesized inputs as raw files ---------===//
//
//   SynthesisDump SPECS.json SEED OUT_DIR [fan-in]
//
// Reads a JSON list of tensor specs (or {"specs": [...]}) with GraphNet's
// field names (name, shape, dtype, mean, std, min_val, max_val, data; null or
// missing means absent; a number may be the string "nan", "NaN", "inf",
// "+inf", "Infinity", "-inf" or "-Infinity"; a null dimension is dynamic)
// and writes OUT_DIR/<index>.bin, the
// bytes mlir::gn::eval::synthesize returns for spec <index> as argument
// <index> under SEED; with `fan-in`, of fanInSpec(spec, kind == "weight")
// (a spec's optional "kind": weight or input). test/unit/
// synthesis_mirror_check.py compares them with the numpy mirror
// python-bindings/gn/inputs.py. Built without exceptions.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/InputSynthesis.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using namespace mlir::gn::eval;
using nlohmann::json;

namespace {

bool readNumber(const json &v, double &out) {
  if (v.is_number()) {
    out = v.get<double>();
    return true;
  }
  if (v.is_boolean()) {
    out = v.get<bool>() ? 1.0 : 0.0;
    return true;
  }
  if (v.is_string()) {
    const std::string &s = v.get_ref<const std::string &>();
    if (s == "nan" || s == "NaN") { out = NAN; return true; }
    if (s == "inf" || s == "+inf" || s == "Infinity") { out = INFINITY; return true; }
    if (s == "-inf" || s == "-Infinity") { out = -INFINITY; return true; }
  }
  return false;
}

bool readOptional(const json &obj, const char *key, std::optional<double> &out, std::string &err) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null())
    return true;
  double d;
  if (!readNumber(*it, d)) {
    err = std::string("'") + key + "' must be a number, a non-finite string or null";
    return false;
  }
  out = d;
  return true;
}

bool flatten(const json &v, std::vector<double> &out) {
  if (v.is_array()) {
    for (const json &e : v)
      if (!flatten(e, out))
        return false;
    return true;
  }
  double d;
  if (!readNumber(v, d))
    return false;
  out.push_back(d);
  return true;
}

bool readSpec(const json &obj, TensorSpec &spec, std::string &err) {
  if (!obj.is_object()) {
    err = "a spec must be an object";
    return false;
  }
  auto name = obj.find("name");
  if (name != obj.end() && name->is_string())
    spec.name = name->get<std::string>();
  std::string dtype = "torch.float32";
  auto dt = obj.find("dtype");
  if (dt != obj.end()) {
    if (!dt->is_string()) {
      err = "'dtype' must be a string";
      return false;
    }
    dtype = dt->get<std::string>();
  }
  auto parsed = parseTorchDType(dtype);
  if (!parsed) {
    err = "unknown dtype '" + dtype + "'";
    return false;
  }
  spec.dtype = *parsed;
  auto shape = obj.find("shape");
  if (shape != obj.end()) {
    if (!shape->is_array()) {
      err = "'shape' must be a list";
      return false;
    }
    for (const json &d : *shape) {
      if (d.is_null())
        spec.shape.push_back(-1);
      else if (d.is_number_integer())
        spec.shape.push_back(d.get<int64_t>());
      else {
        err = "'shape' entries must be integers or null";
        return false;
      }
    }
  }
  if (!readOptional(obj, "mean", spec.mean, err) || !readOptional(obj, "std", spec.std, err) ||
      !readOptional(obj, "min_val", spec.minVal, err) ||
      !readOptional(obj, "max_val", spec.maxVal, err))
    return false;
  auto data = obj.find("data");
  if (data != obj.end() && !data->is_null()) {
    std::vector<double> values;
    if (!flatten(*data, values)) {
      err = "'data' must be a (nested) list of numbers";
      return false;
    }
    spec.data = std::move(values);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  bool fanIn = argc == 5 && std::string(argv[4]) == "fan-in";
  if (argc != 4 && !fanIn) {
    std::fprintf(stderr, "usage: %s SPECS.json SEED OUT_DIR [fan-in]\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "error: cannot read %s\n", argv[1]);
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  json doc = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    std::fprintf(stderr, "error: %s is not valid JSON\n", argv[1]);
    return 1;
  }
  if (doc.is_object() && doc.contains("specs"))
    doc = doc["specs"];
  if (!doc.is_array()) {
    std::fprintf(stderr, "error: %s: expected a list of specs\n", argv[1]);
    return 1;
  }
  errno = 0;
  char *end = nullptr;
  unsigned long long seed = std::strtoull(argv[2], &end, 0);
  if (errno != 0 || end == argv[2] || *end != '\0') {
    std::fprintf(stderr, "error: bad seed '%s'\n", argv[2]);
    return 2;
  }
  for (size_t i = 0; i < doc.size(); ++i) {
    TensorSpec spec;
    std::string err;
    if (!readSpec(doc[i], spec, err)) {
      std::fprintf(stderr, "error: spec %zu: %s\n", i, err.c_str());
      return 1;
    }
    if (fanIn)
      spec = fanInSpec(spec, doc[i].is_object() && doc[i].value("kind", "") == "weight");
    std::vector<uint8_t> bytes = synthesize(spec, seed, i);
    std::string path = std::string(argv[3]) + "/" + std::to_string(i) + ".bin";
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}

//===- Npy.cpp - NumPy .npy files ---------------------------------------===//
#include "gn/Eval/Npy.h"
#include "llvm/ADT/StringRef.h"
#include <cstring>
#include <fstream>

using namespace mlir::gn;
using namespace mlir::gn::interp;

static const char *descr(DType d) {
  switch (d) {
  case DType::F16: return "<f2";
  case DType::BF16: return "<u2";
  case DType::F32: return "<f4";
  case DType::F64: return "<f8";
  case DType::I1: return "|b1";
  case DType::I8: return "|i1";
  case DType::I16: return "<i2";
  case DType::I32: return "<i4";
  case DType::I64: return "<i8";
  case DType::U8: return "|u1";
  }
  return "<f4";
}

bool eval::writeNpy(const std::string &path, const HostTensor &t, std::string &error) {
  std::string sh = "(";
  for (int64_t i = 0; i < t.rank(); ++i)
    sh += (i ? ", " : "") + std::to_string(t.shape()[i]);
  sh += t.rank() == 1 ? ",)" : ")";
  std::string header = std::string("{'descr': '") + descr(t.dtype()) +
                       "', 'fortran_order': False, 'shape': " + sh + ", }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream f(path, std::ios::binary);
  if (!f) {
    error = "cannot write '" + path + "'";
    return false;
  }
  f.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = header.size();
  f.write(reinterpret_cast<const char *>(&len), 2);
  f << header;
  f.write(reinterpret_cast<const char *>(t.bytes()), t.nbytes());
  if (!f) {
    error = "error writing '" + path + "'";
    return false;
  }
  return true;
}

std::optional<HostTensor> eval::readNpy(const std::string &path, std::string &error) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    error = "cannot read '" + path + "'";
    return std::nullopt;
  }
  char magic[8];
  uint16_t len = 0;
  if (!f.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0 || magic[6] != 1 ||
      !f.read(reinterpret_cast<char *>(&len), 2)) {
    error = "'" + path + "' is not a version-1 .npy file";
    return std::nullopt;
  }
  std::string header(len, '\0');
  f.read(header.data(), len);
  llvm::StringRef h(header);
  DType dt;
  bool found = false;
  for (DType d : {DType::F16, DType::F32, DType::F64, DType::I1, DType::I8, DType::I16,
                  DType::I32, DType::I64, DType::U8, DType::BF16})
    if (h.contains(std::string("'") + descr(d) + "'")) {
      dt = d;
      found = true;
      break;
    }
  if (!found || h.contains("'fortran_order': True")) {
    error = "unsupported dtype or layout in '" + path + "'";
    return std::nullopt;
  }
  size_t open = h.find("'shape': ("), close = h.find(')', open);
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<llvm::StringRef> parts;
  h.slice(open + 10, close).split(parts, ',', -1, false);
  for (llvm::StringRef p : parts) {
    int64_t v;
    if (p.trim().empty())
      continue;
    if (p.trim().getAsInteger(10, v)) {
      error = "bad shape in '" + path + "'";
      return std::nullopt;
    }
    shape.push_back(v);
  }
  HostTensor t(dt, shape);
  if (!f.read(reinterpret_cast<char *>(t.bytes()), t.nbytes())) {
    error = "'" + path + "' is truncated";
    return std::nullopt;
  }
  return t;
}

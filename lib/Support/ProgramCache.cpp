//===- ProgramCache.cpp - compiled programs kept by key -------------------===//
#include "gn/Support/ProgramCache.h"
#include "gn/Support/GnVersion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <unistd.h>

using namespace mlir::gn;

const char *mlir::gn::gnVersion() { return GN_VERSION; }

namespace {

/// A sample's files that decide what gn imports, in a fixed order.
constexpr const char *kSampleFiles[] = {"graph_net.json", "model.py", "weight_meta.py",
                                        "input_meta.py", "input_tensor_constraints.py"};

/// Adds a field to the hash, its length first (no two sequences of fields
/// hash alike).
void field(llvm::SHA256 &h, llvm::StringRef text) {
  std::string length = std::to_string(text.size()) + ":";
  h.update(length);
  h.update(text);
}

} // namespace

std::string mlir::gn::programCacheKey(const ProgramKey &key, std::string &error) {
  llvm::SHA256 h;
  field(h, "gn program cache 1");
  field(h, gnVersion());
  field(h, key.target);
  field(h, key.pipelineOptions);
  field(h, key.compileSwitches);
  if (!key.variant.empty()) { // keys of samples as extracted stay as they were
    field(h, "variant");
    field(h, key.variant);
  }
  auto addFile = [&](const std::string &path, llvm::StringRef name, bool required) {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
      if (required) {
        error = "cannot read '" + path + "': " + buffer.getError().message();
        return false;
      }
      field(h, name);
      field(h, "absent");
      return true;
    }
    field(h, name);
    field(h, (*buffer)->getBuffer());
    return true;
  };
  if (llvm::sys::fs::is_directory(key.source)) {
    for (const char *name : kSampleFiles) {
      llvm::SmallString<256> path(key.source);
      llvm::sys::path::append(path, name);
      if (!addFile(path.str().str(), name, /*required=*/llvm::StringRef(name) == "model.py"))
        return "";
    }
  } else if (!addFile(key.source, "module.mlir", /*required=*/true)) {
    return "";
  }
  return llvm::toHex(h.final(), /*LowerCase=*/true);
}

std::string mlir::gn::channelVariant(const std::string &dtype, int shape, bool symbolic,
                                     llvm::ArrayRef<int64_t> dataSizes) {
  std::string v = dtype.empty() ? "" : "dtype=" + dtype;
  if (shape >= 0)
    v += (v.empty() ? "shape=" : " shape=") + std::to_string(shape);
  if (symbolic)
    v += v.empty() ? "symbolic" : " symbolic";
  if (!dataSizes.empty()) {
    v += v.empty() ? "data=" : " data=";
    for (auto [i, n] : llvm::enumerate(dataSizes))
      v += (i ? "," : "") + std::to_string(n);
  }
  return v;
}

std::string mlir::gn::cachedProgramPath(const std::string &dir, const std::string &key) {
  return dir + "/" + key + "/program.json";
}

std::string mlir::gn::findCachedProgram(const std::string &dir, const std::string &key) {
  std::string program = cachedProgramPath(dir, key);
  if (llvm::sys::fs::exists(program))
    return program;
  std::string folder = dir + "/" + key;
  auto link = llvm::MemoryBuffer::getFile(folder + "/program.path");
  if (!link)
    return "";
  llvm::StringRef target = (*link)->getBuffer().trim();
  llvm::SmallString<256> path;
  if (llvm::sys::path::is_absolute(target))
    path = target;
  else
    (path = folder), llvm::sys::path::append(path, target);
  return llvm::sys::fs::exists(path) ? path.str().str() : "";
}

namespace {

/// meta.json of a cache entry: what its program was compiled from.
void writeMeta(const std::string &folder, const ProgramKey &parts) {
  std::error_code ec;
  llvm::raw_fd_ostream meta(folder + "/meta.json", ec);
  if (ec)
    return;
  auto quote = [](const std::string &s) {
    std::string out = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\')
        out += '\\';
      if (static_cast<unsigned char>(c) >= 0x20)
        out += c;
    }
    return out + "\"";
  };
  meta << "{\"source\": " << quote(parts.source) << ", \"target\": " << quote(parts.target)
       << ", \"pipeline_options\": " << quote(parts.pipelineOptions)
       << ", \"compile_switches\": " << quote(parts.compileSwitches)
       << ", \"variant\": " << quote(parts.variant)
       << ", \"gn_version\": " << quote(gnVersion()) << "}\n";
}

} // namespace

bool mlir::gn::linkProgram(const std::string &dir, const std::string &key,
                           const ProgramKey &parts, const std::string &program,
                           std::string &error) {
  std::string folder = dir + "/" + key;
  if (std::error_code ec = llvm::sys::fs::create_directories(folder)) {
    error = "cannot create the cache folder '" + folder + "': " + ec.message();
    return false;
  }
  // Relative where the program is under the same root as the cache (a
  // bundle), so the pair can move together.
  llvm::SmallString<256> from(folder), to(program);
  llvm::sys::fs::make_absolute(from);
  llvm::sys::fs::make_absolute(to);
  llvm::sys::path::remove_dots(from, true);
  llvm::sys::path::remove_dots(to, true);
  std::string target = to.str().str();
  llvm::SmallVector<llvm::StringRef> a, b;
  llvm::StringRef(from).split(a, '/', -1, false);
  llvm::StringRef(to).split(b, '/', -1, false);
  size_t common = 0;
  while (common < a.size() && common < b.size() && a[common] == b[common])
    ++common;
  if (common > 0) {
    target.clear();
    for (size_t i = common; i < a.size(); ++i)
      target += "../";
    for (size_t i = common; i < b.size(); ++i)
      target += b[i].str() + (i + 1 < b.size() ? "/" : "");
  }
  std::error_code ec;
  llvm::raw_fd_ostream out(folder + "/program.path", ec);
  if (ec) {
    error = "cannot write '" + folder + "/program.path': " + ec.message();
    return false;
  }
  out << target << "\n";
  writeMeta(folder, parts);
  return true;
}

bool mlir::gn::storeProgram(const std::string &dir, const std::string &key,
                            const ProgramKey &parts,
                            const std::function<bool(const std::string &, std::string &)> &write,
                            std::string &error) {
  std::string folder = dir + "/" + key;
  if (std::error_code ec = llvm::sys::fs::create_directories(folder)) {
    error = "cannot create the cache folder '" + folder + "': " + ec.message();
    return false;
  }
  std::string tmp = folder + "/program.json.tmp" + std::to_string(::getpid());
  if (!write(tmp, error)) {
    llvm::sys::fs::remove(tmp);
    return false;
  }
  writeMeta(folder, parts);
  if (std::error_code ec = llvm::sys::fs::rename(tmp, cachedProgramPath(dir, key))) {
    llvm::sys::fs::remove(tmp);
    error = "cannot store the program in '" + folder + "': " + ec.message();
    return false;
  }
  return true;
}

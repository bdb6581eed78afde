//===- Switches.h - typed runtime switches, read in one place --*- C++ -*-===//
//
// A switch changes how gn runs a compiled program without changing what is
// compiled (the GEMM library, how convolution algorithms are chosen, a
// profile printed at exit). Each owner (a target, gn's general switches) keeps
// its switches as typed fields of one struct derived from Switches, with a
// table saying each switch's key, environment variable, values, default and
// meaning. The table is what `--help` prints and what every record writes
// (values()); readEnvironment() is the only place gn reads a switch from
// the environment; a tool's `--set KEY=VALUE` goes through set(). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_SWITCHES_H
#define GN_SUPPORT_SWITCHES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace mlir::gn {

/// One switch. `values` lists the accepted values ("tuned|heuristic|
/// cublas"), or describes free text ("<path>").
struct SwitchInfo {
  const char *key;          // "gemm", as --set and records spell it
  const char *env;          // "GN_GEMM"
  const char *values;       // "tuned|heuristic|cublas"
  const char *defaultValue; // "tuned"
  const char *help;         // one sentence
};

class Switches {
public:
  virtual ~Switches() = default;
  /// "cuda", "cpu", "gn": the owner, as records and --help group them.
  virtual const char *owner() const = 0;
  virtual llvm::ArrayRef<SwitchInfo> table() const = 0;
  /// Sets switch `key` from its text; false with `error` naming the switch
  /// and the values it takes when `key` or `value` is not one it knows.
  bool set(llvm::StringRef key, llvm::StringRef value, std::string &error);
  /// The switch's current value as text (what set() takes).
  virtual std::string get(llvm::StringRef key) const = 0;
  /// Each switch whose environment variable is set (and not empty) takes
  /// its value; false with `error` ("GN_GEMM=fast: expected tuned,
  /// heuristic or cublas") on the first bad one.
  bool readEnvironment(std::string &error);
  /// The switch named `key`, or null.
  const SwitchInfo *byKey(llvm::StringRef key) const;
  /// The switch whose environment variable is `env`, or null.
  const SwitchInfo *byEnv(llvm::StringRef env) const;
  /// Every switch and its value, in table order, for records.
  std::vector<std::pair<std::string, std::string>> values() const;
  /// The switches whose value differs from the default ("gemm=cublas"),
  /// comma-separated; "" when none does.
  std::string changed() const;

protected:
  /// set() for a key the table has; `error` says only what is wrong with
  /// the value (set() adds which switch).
  virtual bool assign(llvm::StringRef key, llvm::StringRef value, std::string &error) = 0;
};

/// `value` as one of `choices` (its index in `out`); false with `error`
/// "expected a, b or c" otherwise.
bool parseChoice(llvm::StringRef value, std::initializer_list<const char *> choices, int &out,
                 std::string &error);
/// "1", "true", "on" or "0", "false", "off".
bool parseFlag(llvm::StringRef value, bool &out, std::string &error);

/// The --help text of some switch tables: a line per switch, its key, its
/// environment variable, values and default, then what it does.
std::string switchesHelp(std::initializer_list<const Switches *> owners);

} // namespace mlir::gn

#endif // GN_SUPPORT_SWITCHES_H

//===- Switches.cpp - typed runtime switches, read in one place ----------===//
#include "gn/Support/Switches.h"
#include <cstdlib>

using namespace mlir::gn;

bool Switches::set(llvm::StringRef key, llvm::StringRef value, std::string &error) {
  for (const SwitchInfo &s : table()) {
    if (key != s.key)
      continue;
    std::string why;
    if (assign(key, value, why))
      return true;
    error = std::string(s.env) + "=" + value.str() + ": " + why;
    return false;
  }
  std::string known;
  for (const SwitchInfo &s : table())
    known += (known.empty() ? "" : ", ") + std::string(s.key);
  error = "unknown " + std::string(owner()) + " switch '" + key.str() + "' (known: " + known + ")";
  return false;
}

bool Switches::readEnvironment(std::string &error) {
  for (const SwitchInfo &s : table())
    if (const char *v = std::getenv(s.env); v && *v && !set(s.key, v, error))
      return false;
  return true;
}

const SwitchInfo *Switches::byKey(llvm::StringRef key) const {
  for (const SwitchInfo &s : table())
    if (key == s.key)
      return &s;
  return nullptr;
}

const SwitchInfo *Switches::byEnv(llvm::StringRef env) const {
  for (const SwitchInfo &s : table())
    if (env == s.env)
      return &s;
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> Switches::values() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const SwitchInfo &s : table())
    out.push_back({s.key, get(s.key)});
  return out;
}

std::string Switches::changed() const {
  std::string out;
  for (const SwitchInfo &s : table())
    if (std::string v = get(s.key); v != s.defaultValue)
      out += (out.empty() ? "" : ",") + std::string(s.key) + "=" + v;
  return out;
}

bool mlir::gn::parseChoice(llvm::StringRef value, std::initializer_list<const char *> choices,
                           int &out, std::string &error) {
  int i = 0;
  for (const char *c : choices) {
    if (value == c) {
      out = i;
      return true;
    }
    ++i;
  }
  error = "expected ";
  i = 0;
  for (const char *c : choices) {
    error += i == 0 ? "" : i + 1 == int(choices.size()) ? " or " : ", ";
    error += c;
    ++i;
  }
  return false;
}

bool mlir::gn::parseFlag(llvm::StringRef value, bool &out, std::string &error) {
  int i = 0;
  if (!parseChoice(value, {"0", "1", "false", "true", "off", "on"}, i, error)) {
    error = "expected 1 or 0";
    return false;
  }
  out = i % 2 == 1;
  return true;
}

std::string mlir::gn::switchesHelp(std::initializer_list<const Switches *> owners) {
  std::string out;
  for (const Switches *o : owners) {
    out += std::string("  ") + o->owner() + ":\n";
    for (const SwitchInfo &s : o->table()) {
      std::string head = std::string("    ") + s.key + "=" + s.values;
      out += head + "  (" + s.env + "; default " +
             (*s.defaultValue ? s.defaultValue : "unset") + ")\n";
      out += std::string("        ") + s.help + "\n";
    }
  }
  return out;
}

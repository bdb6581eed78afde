//===- RandomGraphsTest.cpp - the runtime's buffer plan on random graphs ---===//
//
// The CPU runtime shares bytes between values: views (reshapes, contiguous
// slices) read their input's bytes, kernel results overwrite dead inputs,
// concatenations are elided when their inputs are written into their slabs,
// and returned values must outlive the arena. A hand-written case per rule
// (CompiledModelTest) missed a combination (a concatenation returned only
// through views of it was never made), so this test draws graphs of exactly
// those ops from a fixed seed, with random values returned, and checks
// every output against the interpreter value for value. relu, neg and add
// are exact in both, so any difference is a buffer-sharing error. Each graph
// runs twice, and the first run's outputs are checked after the second: a
// returned value must not share bytes that a later run writes.
//
//===----------------------------------------------------------------------===//
#include "gn/InitAll.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Runtime/CompiledModel.h"
#include "gn/Target/Target.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include <algorithm>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

using namespace mlir;
using namespace mlir::gn;
using interp::DType;
using interp::HostTensor;

namespace {

/// A value of the drawn graph: %name of type tensor<1xCxLxf32>.
struct Value3 {
  std::string name;
  int64_t c, l;
  std::string type() const {
    return "tensor<1x" + std::to_string(c) + "x" + std::to_string(l) + "xf32>";
  }
};

/// Draws @forward over two arguments: `ops` ops among unary, add, concat,
/// slice and reshape, then returns 1 to 3 distinct values (any of them,
/// arguments and views included).
std::string drawGraph(std::mt19937 &rng, int ops) {
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  std::vector<Value3> values = {{"a", 4, 16}, {"b", 6, 16}};
  std::ostringstream body;
  for (int k = 0; k < ops; ++k) {
    std::string name = "v" + std::to_string(k);
    // Mostly one of the last few values, so that chains form and few are dead.
    const Value3 &x = values[pick(4) ? values.size() - 1 - pick(std::min<size_t>(3, values.size()))
                                     : pick(values.size())];
    switch (pick(6)) {
    case 0:
    case 1: { // unary
      const char *op = pick(2) ? "relu" : "neg";
      body << "    %" << name << " = gn." << op << " %" << x.name << " : " << x.type() << "\n";
      values.push_back({name, x.c, x.l});
      break;
    }
    case 2: { // add, of two values of one type when there are
      std::vector<size_t> same;
      for (size_t i = 0; i < values.size(); ++i)
        if (values[i].c == x.c && values[i].l == x.l)
          same.push_back(i);
      const Value3 &y = values[same[pick(same.size())]];
      body << "    %" << name << " = gn.add %" << x.name << ", %" << y.name << " : " << x.type()
           << ", " << y.type() << " -> " << x.type() << "\n";
      values.push_back({name, x.c, x.l});
      break;
    }
    case 3: { // concat along dim 1 of 2 or 3 values with x's length
      std::vector<size_t> same;
      for (size_t i = 0; i < values.size(); ++i)
        if (values[i].l == x.l)
          same.push_back(i);
      size_t n = 2 + pick(2);
      std::vector<Value3> parts;
      int64_t c = 0;
      for (size_t i = 0; i < n; ++i) {
        parts.push_back(values[same[pick(same.size())]]);
        c += parts.back().c;
      }
      body << "    %" << name << " = gn.concat ";
      for (size_t i = 0; i < n; ++i)
        body << (i ? ", %" : "%") << parts[i].name;
      body << " dim 1 : (";
      for (size_t i = 0; i < n; ++i)
        body << (i ? ", " : "") << parts[i].type();
      Value3 out{name, c, x.l};
      body << ") -> " << out.type() << "\n";
      values.push_back(out);
      break;
    }
    case 4: { // a run of channels: a view
      if (x.c < 2) {
        --k;
        continue;
      }
      int64_t start = pick(x.c), end = start + 1 + pick(x.c - start);
      Value3 out{name, end - start, x.l};
      body << "    %" << name << " = gn.slice %" << x.name << " starts [0, " << start
           << ", 0] limits [1, " << end << ", " << x.l << "] steps [1, 1, 1] : " << x.type()
           << " -> " << out.type() << "\n";
      values.push_back(out);
      break;
    }
    default: { // reshape [1, C, L] -> [1, 2C, L/2] or back: a view
      Value3 out = x.l % 2 == 0 && x.l > 4 ? Value3{name, x.c * 2, x.l / 2}
                   : x.c % 2 == 0          ? Value3{name, x.c / 2, x.l * 2}
                                           : Value3{name, x.c, x.l};
      body << "    %" << name << " = gn.reshape %" << x.name << " [1, " << out.c << ", " << out.l
           << "] : " << x.type() << " -> " << out.type() << "\n";
      values.push_back(out);
      break;
    }
    }
  }
  // The last value and up to two more, distinct.
  std::vector<size_t> returned = {values.size() - 1};
  for (size_t extra = pick(3); extra > 0; --extra) {
    size_t i = pick(values.size());
    if (std::find(returned.begin(), returned.end(), i) == returned.end())
      returned.push_back(i);
  }
  std::ostringstream ir;
  ir << "func.func @forward(%a: tensor<1x4x16xf32>, %b: tensor<1x6x16xf32>) -> (";
  for (size_t i = 0; i < returned.size(); ++i)
    ir << (i ? ", " : "") << values[returned[i]].type();
  ir << ") {\n" << body.str() << "    return ";
  for (size_t i = 0; i < returned.size(); ++i)
    ir << (i ? ", %" : "%") << values[returned[i]].name;
  ir << " : ";
  for (size_t i = 0; i < returned.size(); ++i)
    ir << (i ? ", " : "") << values[returned[i]].type();
  ir << "\n}\n";
  return ir.str();
}

HostTensor ramp(llvm::ArrayRef<int64_t> shape, float start) {
  HostTensor t(DType::F32, shape);
  for (int64_t i = 0; i < t.numel(); ++i)
    t.data<float>()[i] = start + (i % 11) - 5;
  return t;
}

/// Equal element by element (relu of -0.0 may give either zero).
bool sameValues(const HostTensor &a, const HostTensor &b) {
  if (a.numel() != b.numel())
    return false;
  for (int64_t i = 0; i < a.numel(); ++i)
    if (a.data<float>()[i] != b.data<float>()[i])
      return false;
  return true;
}

} // namespace

TEST(RandomGraphs, BufferSharingMatchesTheInterpreter) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::mt19937 rng(2026);
  std::vector<HostTensor> args = {ramp({1, 4, 16}, 0), ramp({1, 6, 16}, 3)};
  int64_t elided = 0, inplace = 0, aliases = 0;
  for (int g = 0; g < 400; ++g) {
    std::string ir = drawGraph(rng, 4 + g % 13);
    SCOPED_TRACE("graph " + std::to_string(g) + ":\n" + ir);
    auto module = parseSourceString<ModuleOp>(ir, &ctx);
    ASSERT_TRUE(module);
    interp::Interpreter eager(module->lookupSymbol<func::FuncOp>("forward"));
    auto expected = eager.run(args);
    ASSERT_TRUE(succeeded(expected));
    auto model = cpuTarget().compile(*module, CompileOptions());
    ASSERT_TRUE(succeeded(model));
    elided += (*model)->stats().concatsElided;
    inplace += (*model)->stats().inplaceResults;
    aliases += (*model)->stats().aliases;
    auto first = (*model)->run(args);
    ASSERT_TRUE(succeeded(first));
    auto second = (*model)->run(args);
    ASSERT_TRUE(succeeded(second));
    ASSERT_EQ(first->size(), expected->size());
    for (size_t k = 0; k < expected->size(); ++k) {
      EXPECT_TRUE(sameValues((*expected)[k], (*second)[k])) << "output " << k;
      EXPECT_TRUE(sameValues((*expected)[k], (*first)[k])) << "output " << k << " of the first "
                                                          << "run, read after the second";
    }
  }
  // The draw exercises every sharing rule (with this seed and pipeline, 18
  // concatenations elided, 38 results in place and 476 views). Reverting
  // the fix for views of a returned concatenation makes this test crash.
  EXPECT_GT(elided, 0);
  EXPECT_GT(inplace, 0);
  EXPECT_GT(aliases, 0);
}

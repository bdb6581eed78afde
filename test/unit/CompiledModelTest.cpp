//===- CompiledModelTest.cpp - the CPU runtime's buffer sharing ----------===//
//
// Each case compiles a small @forward with gn-cpu-pipeline, runs it, and
// checks the outputs against the interpreter and the runtime's statistics
// against what the plan must have done.
//
//===----------------------------------------------------------------------===//
#include "gn/InitAll.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Runtime/CompiledModel.h"
#include "gn/Target/Target.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/IR/Diagnostics.h"
#include <cmath>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>

using namespace mlir;
using namespace mlir::gn;
using interp::DType;
using interp::HostTensor;

namespace {

struct Compiled {
  std::vector<HostTensor> expected, actual;
  runtime::CompileStats stats;
  int64_t firstRunHeapBytes = 0; // most tensor bytes a run held on the heap
};

/// Runs @forward of `ir` on `args` in the interpreter and compiled (with
/// gn-cpu-pipeline options `pipelineOptions`).
Compiled compileAndRun(const std::string &ir, const std::vector<HostTensor> &args,
                       const std::string &pipelineOptions = "") {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  Compiled c;
  auto module = parseSourceString<ModuleOp>(ir, &ctx);
  EXPECT_TRUE(module);
  if (!module)
    return c;
  interp::Interpreter eager(module->lookupSymbol<func::FuncOp>("forward"));
  auto expected = eager.run(args);
  EXPECT_TRUE(succeeded(expected));
  CompileOptions options;
  options.pipelineOptions = pipelineOptions;
  auto model = cpuTarget().compile(*module, options);
  EXPECT_TRUE(succeeded(model));
  if (failed(expected) || failed(model))
    return c;
  c.stats = (*model)->stats();
  // Twice: the second run reuses the arena the first one wrote.
  for (int run = 0; run < 2; ++run) {
    int64_t before = interp::TensorMemory::live();
    interp::TensorMemory::resetPeak();
    auto actual = (*model)->run(args);
    if (run == 0)
      c.firstRunHeapBytes = interp::TensorMemory::peak() - before;
    EXPECT_TRUE(succeeded(actual));
    if (succeeded(actual))
      c.actual = *actual;
  }
  c.expected = *expected;
  return c;
}

HostTensor ramp(llvm::ArrayRef<int64_t> shape, float start) {
  HostTensor t(DType::F32, shape);
  for (int64_t i = 0; i < t.numel(); ++i)
    t.data<float>()[i] = start + (i % 7) - 3;
  return t;
}

void expectEqual(const Compiled &c) {
  ASSERT_EQ(c.expected.size(), c.actual.size());
  for (size_t k = 0; k < c.expected.size(); ++k) {
    ASSERT_EQ(c.expected[k].numel(), c.actual[k].numel());
    for (int64_t i = 0; i < c.expected[k].numel(); ++i)
      EXPECT_EQ(c.expected[k].data<float>()[i], c.actual[k].data<float>()[i]) << "output " << k
                                                                                << " at " << i;
  }
}

/// f32 outputs within f32 rounding of the interpreter's.
void expectNear(const Compiled &c) {
  ASSERT_EQ(c.expected.size(), c.actual.size());
  for (size_t k = 0; k < c.expected.size(); ++k) {
    ASSERT_EQ(c.expected[k].numel(), c.actual[k].numel());
    for (int64_t i = 0; i < c.expected[k].numel(); ++i) {
      float want = c.expected[k].data<float>()[i], got = c.actual[k].data<float>()[i];
      ASSERT_NEAR(want, got, 1e-6f * (1 + std::abs(want))) << "output " << k << " at " << i;
    }
  }
}

/// Outputs equal to the interpreter's byte for byte (any element type).
void expectSameBytes(const Compiled &c) {
  ASSERT_EQ(c.actual.size(), c.expected.size());
  for (size_t k = 0; k < c.expected.size(); ++k) {
    ASSERT_EQ(c.expected[k].nbytes(), c.actual[k].nbytes());
    EXPECT_EQ(0, std::memcmp(c.expected[k].bytes(), c.actual[k].bytes(), c.actual[k].nbytes()))
        << "output " << k;
  }
}

} // namespace

// Channels of one image, computed by kernels: each kernel writes into its
// slab of the concatenation, which is then never run. %r is read again
// after the concatenation and must still hold its own values.
TEST(CompiledModel, ConcatInputsWrittenInPlace) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<1x3x16xf32>, %b: tensor<1x5x16xf32>) -> (tensor<1x8x16xf32>, tensor<1x3x16xf32>) {
      %r = gn.relu %a : tensor<1x3x16xf32>
      %n = gn.neg %b : tensor<1x5x16xf32>
      %c = gn.concat %r, %n dim 1 : (tensor<1x3x16xf32>, tensor<1x5x16xf32>) -> tensor<1x8x16xf32>
      %s = gn.add %c, %c : tensor<1x8x16xf32>, tensor<1x8x16xf32> -> tensor<1x8x16xf32>
      %t = gn.add %r, %r : tensor<1x3x16xf32>, tensor<1x3x16xf32> -> tensor<1x3x16xf32>
      return %s, %t : tensor<1x8x16xf32>, tensor<1x3x16xf32>
    })",
                             {ramp({1, 3, 16}, 0), ramp({1, 5, 16}, 1)});
  expectEqual(c);
  EXPECT_EQ(c.stats.concatsElided, 1);
}

// An argument cannot be written into the concatenation's buffer: the
// concatenation runs as a kernel.
TEST(CompiledModel, ConcatOfArgumentRuns) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<1x3x16xf32>, %b: tensor<1x5x16xf32>) -> tensor<1x8x16xf32> {
      %n = gn.neg %b : tensor<1x5x16xf32>
      %c = gn.concat %a, %n dim 1 : (tensor<1x3x16xf32>, tensor<1x5x16xf32>) -> tensor<1x8x16xf32>
      %s = gn.add %c, %c : tensor<1x8x16xf32>, tensor<1x8x16xf32> -> tensor<1x8x16xf32>
      return %s : tensor<1x8x16xf32>
    })",
                             {ramp({1, 3, 16}, 0), ramp({1, 5, 16}, 1)});
  expectEqual(c);
  EXPECT_EQ(c.stats.concatsElided, 0);
}

// A concatenation returned only through views of it (torch's chunk of a
// concatenation, as graph breaks cut yolo12n-cls for torch.compile): the
// views are returned, so the concatenation's bytes must outlive the run.
// Its inputs were placed in its buffer, the copy elided, and then the
// buffer was never made (the views read from null + offset: a crash).
TEST(CompiledModel, ConcatReturnedThroughViewsIsMade) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<1x3x16xf32>, %b: tensor<1x5x16xf32>) -> (tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1x4x16xf32>) {
      %r = gn.relu %a : tensor<1x3x16xf32>
      %n = gn.neg %b : tensor<1x5x16xf32>
      %c = gn.concat %r, %n dim 1 : (tensor<1x3x16xf32>, tensor<1x5x16xf32>) -> tensor<1x8x16xf32>
      %lo = gn.slice %c starts [0, 0, 0] limits [1, 4, 16] steps [1, 1, 1] : tensor<1x8x16xf32> -> tensor<1x4x16xf32>
      %hi = gn.slice %c starts [0, 4, 0] limits [1, 8, 16] steps [1, 1, 1] : tensor<1x8x16xf32> -> tensor<1x4x16xf32>
      %s = gn.add %hi, %hi : tensor<1x4x16xf32>, tensor<1x4x16xf32> -> tensor<1x4x16xf32>
      return %lo, %hi, %s : tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1x4x16xf32>
    })",
                             {ramp({1, 3, 16}, 0), ramp({1, 5, 16}, 1)});
  expectEqual(c);
}

// Concatenations of concatenations: the inner one's buffer is a slab of the
// outer one's, so the three producers write straight into the final result.
TEST(CompiledModel, NestedConcatsElided) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<1x2x8xf32>, %b: tensor<1x3x8xf32>) -> tensor<1x9x8xf32> {
      %r = gn.relu %a : tensor<1x2x8xf32>
      %n = gn.neg %b : tensor<1x3x8xf32>
      %c = gn.concat %r, %n dim 1 : (tensor<1x2x8xf32>, tensor<1x3x8xf32>) -> tensor<1x5x8xf32>
      %e = gn.exp %a : tensor<1x2x8xf32>
      %m = gn.mul %a, %a : tensor<1x2x8xf32>, tensor<1x2x8xf32> -> tensor<1x2x8xf32>
      %d = gn.concat %c, %e, %m dim 1 : (tensor<1x5x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<1x9x8xf32>
      %s = gn.add %d, %d : tensor<1x9x8xf32>, tensor<1x9x8xf32> -> tensor<1x9x8xf32>
      return %s : tensor<1x9x8xf32>
    })",
                             {ramp({1, 2, 8}, 0), ramp({1, 3, 8}, 1)});
  EXPECT_EQ(c.stats.concatsElided, 2);
  // exp is a polynomial in kernels: compare it within float rounding.
  ASSERT_EQ(c.actual.size(), 1u);
  for (int64_t i = 0; i < c.expected[0].numel(); ++i)
    EXPECT_NEAR(c.expected[0].data<float>()[i], c.actual[0].data<float>()[i],
                1e-5 * std::abs(c.expected[0].data<float>()[i]) + 1e-6);
}

// softmax(q k^T / 4) v written as ops runs as one attention library call
// (gn-raise-attention), with no score matrix, and matches the interpreter's
// op-by-op result.
TEST(CompiledModel, AttentionWrittenAsOpsIsOneLibraryCall) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%q: tensor<2x8x4xf32>, %k: tensor<2x6x4xf32>, %v: tensor<2x6x3xf32>) -> tensor<2x8x3xf32> {
      %kt = gn.transpose %k [0, 2, 1] : tensor<2x6x4xf32> -> tensor<2x4x6xf32>
      %s = gn.matmul %q, %kt : tensor<2x8x4xf32>, tensor<2x4x6xf32> -> tensor<2x8x6xf32>
      %c = gn.constant dense<4.000000e+00> : tensor<f32>
      %d = gn.div %s, %c : tensor<2x8x6xf32>, tensor<f32> -> tensor<2x8x6xf32>
      %p = gn.softmax %d dim 2 : tensor<2x8x6xf32>
      %o = gn.matmul %p, %v : tensor<2x8x6xf32>, tensor<2x6x3xf32> -> tensor<2x8x3xf32>
      return %o : tensor<2x8x3xf32>
    })",
                             {ramp({2, 8, 4}, 0), ramp({2, 6, 4}, 1), ramp({2, 6, 3}, 2)});
  EXPECT_EQ(c.stats.libraryCalls, 1);
  EXPECT_EQ(c.stats.fallbackOps, 0);
  EXPECT_EQ(c.stats.launches, 0);
  ASSERT_EQ(c.actual.size(), 1u);
  for (int64_t i = 0; i < c.expected[0].numel(); ++i)
    EXPECT_NEAR(c.expected[0].data<float>()[i], c.actual[0].data<float>()[i],
                1e-5 * std::abs(c.expected[0].data<float>()[i]) + 1e-6);
}

// %r is returned, and its last reader (the add) could overwrite it in
// place. It must not: the add's result, which only the last matmul reads,
// gets an arena buffer of its own, and the only heap bytes a run holds are
// its two outputs, as the plan says. (Before the fix the add's result was a
// heap tensor of its own that the plan did not count.)
TEST(CompiledModel, ReturnedValueIsNotOverwrittenInPlace) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
      %r = gn.relu %a : tensor<4x8xf32>
      %m = gn.matmul %r, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
      %t = gn.add %r, %m : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
      %u = gn.matmul %t, %w : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
      return %r, %u : tensor<4x8xf32>, tensor<4x8xf32>
    })",
                             {ramp({4, 8}, 0), ramp({8, 8}, 1)});
  expectEqual(c);
  // Two outputs of 128 bytes each (HostTensor rounds to 64-byte multiples).
  EXPECT_EQ(c.stats.heapPeakBytes, 2 * 128);
  EXPECT_EQ(c.firstRunHeapBytes, c.stats.heapPeakBytes);
}

// Row blocks of a matrix are views of it, not copies: the matmuls read
// them at their offsets, and the exp of the second half of %t is computed
// in place over those rows of %t (nothing reads %t afterwards).
TEST(CompiledModel, ContiguousSlicesAreViews) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<8x16xf32>, %w: tensor<16x16xf32>) -> (tensor<3x16xf32>, tensor<5x16xf32>, tensor<4x16xf32>) {
      %r = gn.relu %a : tensor<8x16xf32>
      %s0 = gn.slice %r starts [0, 0] limits [3, 16] steps [1, 1] : tensor<8x16xf32> -> tensor<3x16xf32>
      %m0 = gn.matmul %s0, %w : tensor<3x16xf32>, tensor<16x16xf32> -> tensor<3x16xf32>
      %s1 = gn.slice %r starts [3, 0] limits [8, 16] steps [1, 1] : tensor<8x16xf32> -> tensor<5x16xf32>
      %m1 = gn.matmul %s1, %w : tensor<5x16xf32>, tensor<16x16xf32> -> tensor<5x16xf32>
      %n1 = gn.neg %m1 : tensor<5x16xf32>
      %t = gn.add %r, %r : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
      %s2 = gn.slice %t starts [4, 0] limits [8, 16] steps [1, 1] : tensor<8x16xf32> -> tensor<4x16xf32>
      %u = gn.exp %s2 : tensor<4x16xf32>
      %v = gn.matmul %u, %w : tensor<4x16xf32>, tensor<16x16xf32> -> tensor<4x16xf32>
      return %m0, %n1, %v : tensor<3x16xf32>, tensor<5x16xf32>, tensor<4x16xf32>
    })",
                             {ramp({8, 16}, 0), ramp({16, 16}, 1)});
  expectNear(c); // (the kernel's exp and the interpreter's may differ in the last bit)
  EXPECT_EQ(c.stats.aliases, 3);
  EXPECT_EQ(c.stats.fallbackOps, 0);
  EXPECT_EQ(c.stats.inplaceResults, 1); // %u over the rows of %t it reads
}

// Slices of one product (q, k and v of a grouped GEMM), each read by an
// elementwise kernel that writes in place over its own slice while the
// other slices live on: only the slice's bytes are taken (planBuffers'
// partDies), and the kernel reading s1, r0 and s2 writes over s1 alone.
TEST(CompiledModel, SliceTakenInPlaceWhileSiblingSlicesLive) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<3x4x16xf32>, %w: tensor<16x16xf32>) -> tensor<1x4x16xf32> {
      %p = gn.matmul %a, %w : tensor<3x4x16xf32>, tensor<16x16xf32> -> tensor<3x4x16xf32>
      %s0 = gn.slice %p starts [0, 0, 0] limits [1, 4, 16] steps [1, 1, 1] : tensor<3x4x16xf32> -> tensor<1x4x16xf32>
      %s1 = gn.slice %p starts [1, 0, 0] limits [2, 4, 16] steps [1, 1, 1] : tensor<3x4x16xf32> -> tensor<1x4x16xf32>
      %s2 = gn.slice %p starts [2, 0, 0] limits [3, 4, 16] steps [1, 1, 1] : tensor<3x4x16xf32> -> tensor<1x4x16xf32>
      %r0 = gn.relu %s0 : tensor<1x4x16xf32>
      %r1 = gn.neg %s1 : tensor<1x4x16xf32>
      %t = gn.add %r0, %r1 : tensor<1x4x16xf32>, tensor<1x4x16xf32> -> tensor<1x4x16xf32>
      %t2 = gn.mul %t, %s2 : tensor<1x4x16xf32>, tensor<1x4x16xf32> -> tensor<1x4x16xf32>
      %q = gn.matmul %t2, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      return %q : tensor<1x4x16xf32>
    })",
                             {ramp({3, 4, 16}, 0), ramp({16, 16}, 1)});
  expectSameBytes(c);
  EXPECT_EQ(c.stats.aliases, 3);
  EXPECT_EQ(c.stats.inplaceResults, 2);
}

// The same slice while the whole product is read later: its bytes are not
// taken (the add of %p must see the product, not the relu).
TEST(CompiledModel, SliceNotTakenInPlaceWhileItsSourceIsRead) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<3x4x16xf32>, %w: tensor<16x16xf32>) -> (tensor<1x4x16xf32>, tensor<3x4x16xf32>) {
      %p = gn.matmul %a, %w : tensor<3x4x16xf32>, tensor<16x16xf32> -> tensor<3x4x16xf32>
      %s0 = gn.slice %p starts [0, 0, 0] limits [1, 4, 16] steps [1, 1, 1] : tensor<3x4x16xf32> -> tensor<1x4x16xf32>
      %r0 = gn.relu %s0 : tensor<1x4x16xf32>
      %q = gn.matmul %r0, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      %v = gn.add %p, %p : tensor<3x4x16xf32>, tensor<3x4x16xf32> -> tensor<3x4x16xf32>
      return %q, %v : tensor<1x4x16xf32>, tensor<3x4x16xf32>
    })",
                             {ramp({3, 4, 16}, 0), ramp({16, 16}, 1)});
  expectSameBytes(c);
  EXPECT_EQ(c.stats.inplaceResults, 0);
}

// Bands written over the value they read (gn-stream-bands' insert chain):
// each insert_slice runs in place, copying only its window, and each band
// reads its rows of the buffer before they are replaced.
TEST(CompiledModel, BandInsertsRunInPlace) {
  Compiled c = compileAndRun(R"(
    func.func @forward(%a: tensor<8x16xf32>, %w: tensor<16x16xf32>) -> tensor<8x16xf32> {
      %x = gn.tanh %a : tensor<8x16xf32>
      %k = gn.matmul %x, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
      %s0 = gn.slice %x starts [0, 0] limits [4, 16] steps [1, 1] : tensor<8x16xf32> -> tensor<4x16xf32>
      %p0 = gn.matmul %s0, %w : tensor<4x16xf32>, tensor<16x16xf32> -> tensor<4x16xf32>
      %d1 = gn.insert_slice %p0 into %x starts [0, 0] limits [4, 16] steps [1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
      %s1 = gn.slice %d1 starts [4, 0] limits [8, 16] steps [1, 1] : tensor<8x16xf32> -> tensor<4x16xf32>
      %p1 = gn.matmul %s1, %w : tensor<4x16xf32>, tensor<16x16xf32> -> tensor<4x16xf32>
      %d2 = gn.insert_slice %p1 into %d1 starts [4, 0] limits [8, 16] steps [1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
      %r = gn.add %d2, %k : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
      return %r : tensor<8x16xf32>
    })",
                             {ramp({8, 16}, 0), ramp({16, 16}, 1)}, "memory-ratio=0");
  expectNear(c);
  EXPECT_EQ(c.stats.inplaceResults, 2);
  EXPECT_EQ(c.stats.fallbackOps, 0);
}

// index_select (a negative index, a 2-d index), gather and arange run as
// kernels, not fallbacks, and give the interpreter's bytes.
TEST(CompiledModel, GathersAndArangeAreKernels) {
  HostTensor index(DType::I64, {2, 2}), gatherIndex(DType::I32, {3, 2});
  int64_t picks[] = {0, -1, 2, 1};
  std::copy(std::begin(picks), std::end(picks), index.data<int64_t>());
  int32_t rows[] = {3, 0, 1, 1, 2, -4};
  std::copy(std::begin(rows), std::end(rows), gatherIndex.data<int32_t>());
  Compiled c = compileAndRun(R"(
    func.func @forward(%x: tensor<4x3xf32>, %i: tensor<2x2xi64>, %g: tensor<3x2xi32>) -> (tensor<4x2x2xf32>, tensor<3x2xf32>, tensor<5xf32>, tensor<5xi64>) {
      %s = gn.index_select %x[%i] dim 1 : tensor<4x3xf32>, tensor<2x2xi64> -> tensor<4x2x2xf32>
      %t = gn.gather %x[%g] dim 0 : tensor<4x3xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
      %a = gn.arange {dtype = f32, size = 5 : i64, start = 0.1 : f64, step = 0.7 : f64} : tensor<5xf32>
      %b = gn.arange {dtype = i64, size = 5 : i64, start = 3.0 : f64, step = -1.5 : f64} : tensor<5xi64>
      return %s, %t, %a, %b : tensor<4x2x2xf32>, tensor<3x2xf32>, tensor<5xf32>, tensor<5xi64>
    })",
                             {ramp({4, 3}, 0), index, gatherIndex});
  EXPECT_EQ(c.stats.fallbackOps, 0);
  EXPECT_EQ(c.stats.launches, 4);
  expectSameBytes(c);
}

// An index out of range fails the run with the op's location and the
// index, as the interpreter does; the kernel reads nothing outside %x.
TEST(CompiledModel, IndexOutOfRangeFailsTheRun) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = parseSourceString<ModuleOp>(R"(
    func.func @forward(%x: tensor<5x2xf32>, %i: tensor<3xi64>) -> tensor<3x2xf32> {
      %s = gn.index_select %x[%i] dim 0 : tensor<5x2xf32>, tensor<3xi64> -> tensor<3x2xf32> loc("model.py":7:3)
      return %s : tensor<3x2xf32>
    })",
                                            &ctx);
  ASSERT_TRUE(module);
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    llvm::raw_string_ostream os(message);
    os << d.getLocation() << ": " << d.str();
    return success();
  });
  auto model = cpuTarget().compile(*module, {});
  ASSERT_TRUE(succeeded(model));
  EXPECT_EQ((*model)->stats().fallbackOps, 0);
  HostTensor index(DType::I64, {3});
  int64_t picks[] = {1, 7, 2};
  std::copy(std::begin(picks), std::end(picks), index.data<int64_t>());
  EXPECT_TRUE(failed((*model)->run({ramp({5, 2}, 0), index})));
  EXPECT_NE(message.find("model.py\":7:3"), std::string::npos) << message;
  EXPECT_NE(message.find("index 7 out of range for size 5"), std::string::npos) << message;
  // The error is consumed: a good index runs again.
  picks[1] = -5;
  std::copy(std::begin(picks), std::end(picks), index.data<int64_t>());
  EXPECT_TRUE(succeeded((*model)->run({ramp({5, 2}, 0), index})));
}

// Hostile indices (issue 21): for index_select, gather and scatter, indices
// at both ends (-n and n - 1) run, and past them (-n - 1, n, INT64_MAX,
// INT64_MIN) fail the run naming the index, in the interpreter and in the
// compiled kernels alike; under GN_SANITIZE the host side of both is
// checked by AddressSanitizer as it goes.
TEST(CompiledModel, HostileIndicesAtAndPastBothEnds) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = parseSourceString<ModuleOp>(R"(
    func.func @forward(%x: tensor<5x2xf32>, %i: tensor<2xi64>, %g: tensor<2x2xi64>, %u: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<5x2xf32>) {
      %s = gn.index_select %x[%i] dim 0 : tensor<5x2xf32>, tensor<2xi64> -> tensor<2x2xf32>
      %t = gn.gather %x[%g] dim 0 : tensor<5x2xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
      %c = gn.scatter %u into %x[%g] dim 0 {reduce = "add"} : tensor<2x2xf32> into tensor<5x2xf32>, tensor<2x2xi64>
      return %s, %t, %c : tensor<2x2xf32>, tensor<2x2xf32>, tensor<5x2xf32>
    })",
                                            &ctx);
  ASSERT_TRUE(module);
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  auto forward = module->lookupSymbol<func::FuncOp>("forward");
  interp::Interpreter eager(forward);
  auto model = cpuTarget().compile(*module, {});
  ASSERT_TRUE(succeeded(model));
  EXPECT_EQ((*model)->stats().fallbackOps, 0);
  auto args = [&](int64_t bad) {
    HostTensor i(DType::I64, {2}), g(DType::I64, {2, 2});
    i.data<int64_t>()[0] = 0;
    i.data<int64_t>()[1] = bad;
    int64_t picks[] = {1, bad, 4, -5};
    std::copy(std::begin(picks), std::end(picks), g.data<int64_t>());
    return std::vector<HostTensor>{ramp({5, 2}, 0), i, g, ramp({2, 2}, 1)};
  };
  for (int64_t ok : {int64_t(-5), int64_t(4), int64_t(0)}) {
    auto e = eager.run(args(ok));
    auto c = (*model)->run(args(ok));
    ASSERT_TRUE(succeeded(e) && succeeded(c)) << "index " << ok << ": " << message;
    for (size_t k = 0; k < e->size(); ++k)
      EXPECT_EQ(0, std::memcmp((*e)[k].bytes(), (*c)[k].bytes(), (*e)[k].nbytes()))
          << "index " << ok << ", output " << k;
  }
  for (int64_t bad : {int64_t(-6), int64_t(5), std::numeric_limits<int64_t>::max(),
                      std::numeric_limits<int64_t>::min()}) {
    message.clear();
    EXPECT_TRUE(failed(eager.run(args(bad)))) << "eager, index " << bad;
    EXPECT_NE(message.find("out of range"), std::string::npos) << "eager: " << message;
    message.clear();
    EXPECT_TRUE(failed((*model)->run(args(bad)))) << "compiled, index " << bad;
    EXPECT_NE(message.find("out of range"), std::string::npos) << "compiled: " << message;
  }
}

// Scatters run as kernels with the interpreter's order of updates and
// roundings: bit-equal results for add into a splat base (a fill, no
// constant), amax without include_self, overwrite, and add on f16.
TEST(CompiledModel, ScattersAreKernels) {
  HostTensor index(DType::I64, {5, 3}), halfSrc(DType::F16, {5, 3});
  int64_t rows[] = {0, 3, 3, 2, 3, 0, 0, 1, -1, 3, 3, 2, 1, 1, 0};
  std::copy(std::begin(rows), std::end(rows), index.data<int64_t>());
  HostTensor src = ramp({5, 3}, 0.3f);
  for (int64_t i = 0; i < 15; ++i)
    src.data<float>()[i] *= 1.37f;
  interp::convertInto(src, halfSrc);
  Compiled c = compileAndRun(R"(
    func.func @forward(%src: tensor<5x3xf32>, %x: tensor<4x3xf32>, %i: tensor<5x3xi64>, %h: tensor<5x3xf16>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf16>) {
      %z = gn.constant dense<0.000000e+00> : tensor<4x3xf32>
      %a = gn.scatter %src into %z[%i] dim 0 {reduce = "add"} : tensor<5x3xf32> into tensor<4x3xf32>, tensor<5x3xi64>
      %m = gn.scatter %src into %x[%i] dim 0 {include_self = false, reduce = "amax"} : tensor<5x3xf32> into tensor<4x3xf32>, tensor<5x3xi64>
      %n = gn.scatter %src into %x[%i] dim 0 : tensor<5x3xf32> into tensor<4x3xf32>, tensor<5x3xi64>
      %zh = gn.constant dense<1.000000e-01> : tensor<4x3xf16>
      %ah = gn.scatter %h into %zh[%i] dim 0 {reduce = "add"} : tensor<5x3xf16> into tensor<4x3xf16>, tensor<5x3xi64>
      return %a, %m, %n, %ah : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf16>
    })",
                             {src, ramp({4, 3}, 0), index, halfSrc});
  EXPECT_EQ(c.stats.fallbackOps, 0);
  EXPECT_EQ(c.stats.constantBytes, 0);
  expectSameBytes(c);
}


// tile, roll, triangular, Python remainder (floats and integers, with a
// zero divisor), cumsum (i64, f64, f16), nearest resize (up and down) and
// linear resize (with and without align_corners) run as kernels and give
// the interpreter's bytes.
TEST(CompiledModel, MovesScansAndRemainderAreKernels) {
  HostTensor ints(DType::I64, {2, 5}), divisors(DType::I64, {2, 5}), half(DType::F16, {4, 3});
  for (int64_t i = 0; i < 10; ++i) {
    ints.data<int64_t>()[i] = 7 * i - 31;
    divisors.data<int64_t>()[i] = (i % 4) - 2 + (i % 4 >= 2); // -2, -1, 1, 2, ...: no 0
  }
  HostTensor f = ramp({4, 3}, 0.7f);
  for (int64_t i = 0; i < 12; ++i)
    f.data<float>()[i] *= 0.913f;
  interp::convertInto(f, half);
  HostTensor image = ramp({1, 2, 3, 5}, 0.1f);
  for (int64_t i = 0; i < image.numel(); ++i)
    image.data<float>()[i] *= 1.37f; // interpolation weights then round
  HostTensor wide(DType::F64, {3, 4});
  for (int64_t i = 0; i < 12; ++i)
    wide.data<double>()[i] = 0.1 * i - 0.37;
  Compiled c = compileAndRun(R"(
    func.func @forward(%x: tensor<3x4xf32>, %i: tensor<2x5xi64>, %j: tensor<2x5xi64>, %w: tensor<3x4xf64>, %h: tensor<4x3xf16>, %z: tensor<1x2x3x5xf32>) -> (tensor<6x8xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x5xi64>, tensor<2x5xi64>, tensor<3x4xf64>, tensor<4x3xf16>, tensor<1x2x6x10xf32>, tensor<1x2x2x3xf32>, tensor<1x2x7x4xf32>, tensor<1x2x7x4xf32>) {
      %t = gn.tile %x [2, 2] : tensor<3x4xf32> -> tensor<6x8xf32>
      %o = gn.roll %x shifts [-1, 5] dims [0, 1] : tensor<3x4xf32>
      %l = gn.triangular %x {diagonal = 1 : i64, upper = true} : tensor<3x4xf32>
      %c = gn.constant dense<-1.500000e+00> : tensor<f32>
      %r = gn.rem %x, %c : tensor<3x4xf32>, tensor<f32> -> tensor<3x4xf32>
      %ri = gn.rem %i, %j : tensor<2x5xi64>, tensor<2x5xi64> -> tensor<2x5xi64>
      %ci = gn.cumsum %i dim 1 : tensor<2x5xi64>
      %cw = gn.cumsum %w dim 0 : tensor<3x4xf64>
      %ch = gn.cumsum %h dim 0 : tensor<4x3xf16>
      %up = gn.resize %z [6, 10] {align_corners = false, mode = "nearest"} : tensor<1x2x3x5xf32> -> tensor<1x2x6x10xf32>
      %down = gn.resize %z [2, 3] {align_corners = false, mode = "nearest"} : tensor<1x2x3x5xf32> -> tensor<1x2x2x3xf32>
      %bl = gn.resize %z [7, 4] {align_corners = false, mode = "linear"} : tensor<1x2x3x5xf32> -> tensor<1x2x7x4xf32>
      %ba = gn.resize %z [7, 4] {align_corners = true, mode = "linear"} : tensor<1x2x3x5xf32> -> tensor<1x2x7x4xf32>
      return %t, %o, %l, %r, %ri, %ci, %cw, %ch, %up, %down, %bl, %ba : tensor<6x8xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x5xi64>, tensor<2x5xi64>, tensor<3x4xf64>, tensor<4x3xf16>, tensor<1x2x6x10xf32>, tensor<1x2x2x3xf32>, tensor<1x2x7x4xf32>, tensor<1x2x7x4xf32>
    })",
                             {ramp({3, 4}, 0.25f), ints, divisors, wide, half, image});
  EXPECT_EQ(c.stats.fallbackOps, 0);
  expectSameBytes(c);
}

// Average pooling as kernels: padding with and without count_include_pad,
// a divisor override, ceil_mode, dilation, f16, and adaptive windows that
// overlap (5 -> 3) give the interpreter's bytes.
TEST(CompiledModel, AveragePoolsAreKernels) {
  HostTensor x = ramp({1, 2, 5, 7}, 0.3f), half(DType::F16, {1, 2, 5, 7});
  for (int64_t i = 0; i < x.numel(); ++i)
    x.data<float>()[i] *= 1.113f;
  interp::convertInto(x, half);
  Compiled c = compileAndRun(R"(
    func.func @forward(%x: tensor<1x2x5x7xf32>, %h: tensor<1x2x5x7xf16>) -> (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x2x3xf32>, tensor<1x2x3x4xf16>, tensor<1x2x3x3xf32>) {
      %a = gn.avg_pool %x {ceil_mode = false, count_include_pad = true, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x7xf32> -> tensor<1x2x3x4xf32>
      %b = gn.avg_pool %x {ceil_mode = false, count_include_pad = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x7xf32> -> tensor<1x2x3x4xf32>
      %d = gn.avg_pool %x {ceil_mode = false, count_include_pad = true, divisor_override = 5 : i64, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x7xf32> -> tensor<1x2x3x4xf32>
      %e = gn.avg_pool %x {ceil_mode = true, count_include_pad = false, dilation = array<i64: 2, 2>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 3>} : tensor<1x2x5x7xf32> -> tensor<1x2x2x3xf32>
      %f = gn.avg_pool %h {ceil_mode = false, count_include_pad = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x2x5x7xf16> -> tensor<1x2x3x4xf16>
      %g = gn.adaptive_avg_pool %x [3, 3] : tensor<1x2x5x7xf32> -> tensor<1x2x3x3xf32>
      return %a, %b, %d, %e, %f, %g : tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x2x3xf32>, tensor<1x2x3x4xf16>, tensor<1x2x3x3xf32>
    })",
                             {x, half});
  EXPECT_EQ(c.stats.fallbackOps, 0);
  expectSameBytes(c);
}

// An audio front end whose first conv output is 8x its input: gn-stream-bands
// computes the conv chain in bands along time, which cuts the arena to a
// fraction of the unbanded plan and keeps the values (the interpreter's, to
// f32 rounding). band-min-excess-bytes=0: the CPU default leaves a graph
// this small whole.
TEST(CompiledModel, BandsCutThePeakAndKeepTheValues) {
  const char *ir = R"(
    func.func @forward(%x: tensor<1x1x40000xf32>, %w1: tensor<32x1x8xf32>, %w2: tensor<8x32x8xf32>) -> tensor<1x8x2498xf32> {
      %0 = gn.conv %x, %w1 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 4>} : (tensor<1x1x40000xf32>, tensor<32x1x8xf32>) -> tensor<1x32x9999xf32>
      %1 = gn.tanh %0 : tensor<1x32x9999xf32>
      %2 = gn.conv %1, %w2 {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 0>, stride = array<i64: 4>} : (tensor<1x32x9999xf32>, tensor<8x32x8xf32>) -> tensor<1x8x2498xf32>
      return %2 : tensor<1x8x2498xf32>
    })";
  std::vector<HostTensor> args = {ramp({1, 1, 40000}, 0.1f), ramp({32, 1, 8}, 0.2f),
                                  ramp({8, 32, 8}, 0.05f)};
  for (HostTensor &t : args)
    for (int64_t i = 0; i < t.numel(); ++i)
      t.data<float>()[i] *= 0.1f;
  Compiled whole = compileAndRun(ir, args, "memory-ratio=0");
  Compiled banded = compileAndRun(ir, args, "band-min-excess-bytes=0");
  // Unbanded, the conv output (1.28 MB) is one buffer; banded, no band of it
  // is a quarter of that.
  EXPECT_GE(whole.stats.arenaBytes, 32 * 9999 * 4);
  EXPECT_LT(banded.stats.arenaBytes * 4, whole.stats.arenaBytes);
  ASSERT_EQ(banded.actual.size(), 1u);
  ASSERT_EQ(banded.expected.size(), 1u);
  const float *want = banded.expected[0].data<float>(), *got = banded.actual[0].data<float>();
  for (int64_t i = 0; i < banded.actual[0].numel(); ++i)
    ASSERT_NEAR(want[i], got[i], 1e-5f * (1 + std::abs(want[i]))) << "at " << i;
}

// Float -> integer as PyTorch's and PaddlePaddle's CPU kernels convert, in
// the interpreter and in kernels alike (convertFloatToInt): truncation into
// int64 (int64, uint8) or int32 (the rest), NaN, Inf and out-of-range values
// as that type's minimum, then the low bits. The expected values are
// PyTorch 2.15's on this CPU. A C++ cast (and LLVM's fptosi) leaves NaN, Inf
// and out-of-range values undefined: gn-fuzz-sample found the interpreter's
// cast of Inf (a paddle scale by 1e71 as f32).
TEST(CompiledModel, FloatToIntAsTheFrameworks) {
  const float nan = std::numeric_limits<float>::quiet_NaN(),
              inf = std::numeric_limits<float>::infinity();
  std::vector<float> values = {nan,  inf,  -inf,  1e20f, -1e20f, 3e9f,     -3e9f, 2.7f,
                               -2.7f, 300.f, -300.f, 0.f, -1.5f, 65537.5f, -129.7f};
  HostTensor x(DType::F32, {(int64_t)values.size()});
  std::memcpy(x.bytes(), values.data(), values.size() * sizeof(float));
  Compiled c = compileAndRun(R"(
    func.func @forward(%x: tensor<15xf32>) -> (tensor<15xi64>, tensor<15xi32>, tensor<15xi16>,
                                                tensor<15xi8>, tensor<15xui8>) {
      %a = gn.convert %x {dtype = i64} : tensor<15xf32> -> tensor<15xi64>
      %b = gn.convert %x {dtype = i32} : tensor<15xf32> -> tensor<15xi32>
      %c = gn.convert %x {dtype = i16} : tensor<15xf32> -> tensor<15xi16>
      %d = gn.convert %x {dtype = i8} : tensor<15xf32> -> tensor<15xi8>
      %e = gn.convert %x {dtype = ui8} : tensor<15xf32> -> tensor<15xui8>
      return %a, %b, %c, %d, %e : tensor<15xi64>, tensor<15xi32>, tensor<15xi16>, tensor<15xi8>,
                                  tensor<15xui8>
    })",
                             {x});
  ASSERT_EQ(c.expected.size(), 5u);
  const int64_t m64 = std::numeric_limits<int64_t>::min();
  const int32_t m32 = std::numeric_limits<int32_t>::min();
  std::vector<int64_t> want64 = {m64, m64, m64, m64, m64, 3000000000LL, -3000000000LL, 2,
                                 -2,  300, -300, 0, -1, 65537, -129};
  std::vector<int32_t> want32 = {m32, m32, m32, m32, m32, m32, m32, 2, -2, 300, -300, 0, -1, 65537,
                                 -129};
  std::vector<int16_t> want16 = {0, 0, 0, 0, 0, 0, 0, 2, -2, 300, -300, 0, -1, 1, -129};
  std::vector<int8_t> want8 = {0, 0, 0, 0, 0, 0, 0, 2, -2, 44, -44, 0, -1, 1, 127};
  std::vector<uint8_t> wantU8 = {0, 0, 0, 0, 0, 0, 0, 2, 254, 44, 212, 0, 255, 1, 127};
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(c.expected[0].data<int64_t>()[i], want64[i]) << "interpreter i64 at " << i;
    EXPECT_EQ(c.expected[1].data<int32_t>()[i], want32[i]) << "interpreter i32 at " << i;
    EXPECT_EQ(c.expected[2].data<int16_t>()[i], want16[i]) << "interpreter i16 at " << i;
    EXPECT_EQ(c.expected[3].data<int8_t>()[i], want8[i]) << "interpreter i8 at " << i;
    EXPECT_EQ(c.expected[4].data<uint8_t>()[i], wantU8[i]) << "interpreter ui8 at " << i;
  }
  EXPECT_EQ(c.stats.fallbackOps, 0); // the conversions ran as kernels
  expectSameBytes(c);
}

// Integer add, sub and mul wrap, and the minimum divided by -1 is itself
// (remainder 0), in the interpreter and in kernels: C++'s signed overflow
// is undefined and x86's idiv traps on it (gn-fuzz-sample reached these
// through sizes saturated to INT64_MAX).
TEST(CompiledModel, IntegerOverflowWraps) {
  const int64_t max = std::numeric_limits<int64_t>::max(),
                min = std::numeric_limits<int64_t>::min();
  HostTensor x(DType::I64, {4}), y(DType::I64, {4});
  int64_t xs[] = {max, min, max, min}, ys[] = {1, -1, 11, -1};
  std::memcpy(x.bytes(), xs, sizeof xs);
  std::memcpy(y.bytes(), ys, sizeof ys);
  Compiled c = compileAndRun(R"(
    func.func @forward(%x: tensor<4xi64>, %y: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) {
      %a = gn.add %x, %y : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
      %s = gn.sub %x, %y : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
      %m = gn.mul %x, %y : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
      %r = gn.rem %x, %y : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
      return %a, %s, %m, %r : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>
    })",
                             {x, y});
  ASSERT_EQ(c.expected.size(), 4u);
  EXPECT_EQ(c.expected[0].data<int64_t>()[0], min);     // max + 1
  EXPECT_EQ(c.expected[1].data<int64_t>()[1], min + 1); // min - -1
  EXPECT_EQ(c.expected[2].data<int64_t>()[1], min);     // min * -1
  EXPECT_EQ(c.expected[3].data<int64_t>()[1], 0);       // min % -1
  expectSameBytes(c);
}

// argmax / argmin kernels against the interpreter: ties keep the first
// index, the first NaN wins (for argmin too), and keepdim.
TEST(CompiledModel, ArgReduceTiesAndNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  HostTensor x(DType::F32, {3, 4});
  float xs[] = {2, 5, 5, 1, 1, nan, 3, nan, 3, 1, 1, 7};
  std::memcpy(x.bytes(), xs, sizeof xs);
  Compiled c = compileAndRun(R"(
    func.func @forward(%x: tensor<3x4xf32>) -> (tensor<3xi64>, tensor<3x1xi64>, tensor<4xi64>) {
      %a = gn.argmax %x dim 1 : tensor<3x4xf32> -> tensor<3xi64>
      %b = gn.argmin %x dim 1 {keepdim = true} : tensor<3x4xf32> -> tensor<3x1xi64>
      %c = gn.argmax %x dim 0 : tensor<3x4xf32> -> tensor<4xi64>
      return %a, %b, %c : tensor<3xi64>, tensor<3x1xi64>, tensor<4xi64>
    })",
                             {x});
  ASSERT_EQ(c.expected.size(), 3u);
  const int64_t argmax1[] = {1, 1, 3}, argmin1[] = {3, 1, 1}, argmax0[] = {2, 1, 0, 1};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(c.expected[0].data<int64_t>()[i], argmax1[i]) << "argmax dim 1, row " << i;
    EXPECT_EQ(c.expected[1].data<int64_t>()[i], argmin1[i]) << "argmin dim 1, row " << i;
  }
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(c.expected[2].data<int64_t>()[i], argmax0[i]) << "argmax dim 0, column " << i;
  EXPECT_EQ(c.stats.fallbackOps, 0);
  expectSameBytes(c);
}

// An integer division by zero fails the run naming the op, in the
// interpreter and the compiled kernels (PyTorch and PaddlePaddle raise; gn
// gave 0), fused with the op after it; the error is consumed, so a run
// without a zero succeeds after it.
TEST(CompiledModel, IntegerDivisionByZeroFailsTheRun) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = parseSourceString<ModuleOp>(R"(
    func.func @forward(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
      %q = gn.floor_div %x, %y : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32> loc("model.py":9:5)
      %r = gn.add %q, %x : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
      return %r : tensor<4xi32>
    })",
                                            &ctx);
  ASSERT_TRUE(module);
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    llvm::raw_string_ostream os(message);
    os << d.getLocation() << ": " << d.str() << "\n";
    return success();
  });
  HostTensor x(DType::I32, {4}), y(DType::I32, {4});
  int32_t xs[] = {7, -7, 3, 9}, ys[] = {2, 0, 1, 4};
  std::memcpy(x.bytes(), xs, sizeof xs);
  std::memcpy(y.bytes(), ys, sizeof ys);
  interp::Interpreter eager(module->lookupSymbol<func::FuncOp>("forward"));
  EXPECT_TRUE(failed(eager.run({x, y})));
  EXPECT_NE(message.find("model.py\":9:5): integer division by zero"), std::string::npos) << message;
  message.clear();
  auto model = cpuTarget().compile(*module, {});
  ASSERT_TRUE(succeeded(model));
  EXPECT_EQ((*model)->stats().fallbackOps, 0);
  EXPECT_TRUE(failed((*model)->run({x, y})));
  EXPECT_NE(message.find("integer division by zero"), std::string::npos) << message;
  ys[1] = -3;
  std::memcpy(y.bytes(), ys, sizeof ys);
  EXPECT_TRUE(succeeded((*model)->run({x, y})));
}

// Integer true and floor division in kernels against the interpreter: by
// -1 (wrapping negation: the minimum stays), and every sign pair, exact and
// inexact (by 0 fails the run: IntegerDivisionByZeroFailsTheRun).
TEST(CompiledModel, IntegerDivisionEdgeCases) {
  const int64_t min = std::numeric_limits<int64_t>::min();
  HostTensor x(DType::I64, {10}), y(DType::I64, {10});
  int64_t xs[] = {7, -7, 7, -7, 6, -6, min, min, 5, 0};
  int64_t ys[] = {2, 2, -2, -2, 3, -3, -1, 2, -7, -1};
  std::memcpy(x.bytes(), xs, sizeof xs);
  std::memcpy(y.bytes(), ys, sizeof ys);
  Compiled c = compileAndRun(R"(
    func.func @forward(%x: tensor<10xi64>, %y: tensor<10xi64>) -> (tensor<10xi64>, tensor<10xi64>) {
      %d = gn.div %x, %y : tensor<10xi64>, tensor<10xi64> -> tensor<10xi64>
      %f = gn.floor_div %x, %y : tensor<10xi64>, tensor<10xi64> -> tensor<10xi64>
      return %d, %f : tensor<10xi64>, tensor<10xi64>
    })",
                             {x, y});
  ASSERT_EQ(c.expected.size(), 2u);
  const int64_t trunc[] = {3, -3, -3, 3, 2, 2, min, min / 2, 0, 0};
  const int64_t floor[] = {3, -4, -4, 3, 2, 2, min, min / 2, -1, 0};
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(c.expected[0].data<int64_t>()[i], trunc[i]) << "div, element " << i;
    EXPECT_EQ(c.expected[1].data<int64_t>()[i], floor[i]) << "floor_div, element " << i;
  }
  EXPECT_EQ(c.stats.fallbackOps, 0);
  expectSameBytes(c);
}

// gn.random as a kernel: gn's counter-based stream, bit for bit the
// interpreter's for every distribution and float type, with no fallback;
// seeds give different streams, and the draws look like their distribution.
TEST(CompiledModel, RandomStreamMatchesInterpreter) {
  Compiled c = compileAndRun(R"(
    func.func @forward() -> (tensor<200x501xf32>, tensor<200x501xf32>, tensor<7x9xf16>,
                             tensor<4x5x6xbf16>, tensor<123xf64>, tensor<3x4xf32>, tensor<200x501xf32>) {
      %u = gn.random {distribution = "uniform", dtype = f32, seed = 3 : i64, shape = array<i64: 200, 501>} : tensor<200x501xf32>
      %n = gn.random {distribution = "normal", dtype = f32, seed = 4 : i64, shape = array<i64: 200, 501>} : tensor<200x501xf32>
      %h = gn.random {distribution = "normal", dtype = f16, shape = array<i64: 7, 9>} : tensor<7x9xf16>
      %b = gn.random {distribution = "uniform", dtype = bf16, shape = array<i64: 4, 5, 6>} : tensor<4x5x6xbf16>
      %d = gn.random {distribution = "normal", dtype = f64, seed = 9 : i64, shape = array<i64: 123>} : tensor<123xf64>
      %e = gn.random {distribution = "empty", dtype = f32, shape = array<i64: 3, 4>} : tensor<3x4xf32>
      %v = gn.random {distribution = "uniform", dtype = f32, seed = 5 : i64, shape = array<i64: 200, 501>} : tensor<200x501xf32>
      return %u, %n, %h, %b, %d, %e, %v : tensor<200x501xf32>, tensor<200x501xf32>, tensor<7x9xf16>, tensor<4x5x6xbf16>, tensor<123xf64>, tensor<3x4xf32>, tensor<200x501xf32>
    })",
                             {});
  ASSERT_EQ(c.expected.size(), 7u);
  EXPECT_EQ(c.stats.fallbackOps, 0);
  expectSameBytes(c);
  const HostTensor &u = c.expected[0], &n = c.expected[1], &v = c.expected[6];
  double sum = 0, sumN = 0, sumN2 = 0;
  int64_t same = 0;
  for (int64_t i = 0; i < u.numel(); ++i) {
    float x = u.data<float>()[i], y = n.data<float>()[i];
    ASSERT_TRUE(x >= 0 && x < 1) << x;
    ASSERT_EQ(std::ldexp(double(x), 24), std::floor(std::ldexp(double(x), 24))) << "off f32's grid";
    ASSERT_TRUE(std::isfinite(y));
    sum += x;
    sumN += y;
    sumN2 += double(y) * y;
    same += x == v.data<float>()[i];
  }
  double count = double(u.numel());
  EXPECT_NEAR(sum / count, 0.5, 0.005);
  EXPECT_NEAR(sumN / count, 0.0, 0.01);
  EXPECT_NEAR(sumN2 / count, 1.0, 0.02);
  EXPECT_LT(same, 100) << "seeds 3 and 5 draw the same stream";
  for (int64_t i = 0; i < c.expected[5].numel(); ++i)
    EXPECT_EQ(c.expected[5].data<float>()[i], 0.0f);
}

//===- CudaBindingTest.cpp - a symbolic CUDA program at several sizes ----===//
//
// bindProgram (lib/Target/CUDA/CudaBinding.cpp) by hand-built programs, and
// CudaModel running one program at several sizes on the stand-in driver
// (FakeCuda.cpp, which computes f32 GEMMs, so a program of GEMMs is checked
// by value; kernels do not run there, only their launches are logged).
//
//===----------------------------------------------------------------------===//
#include "gn/Target/CUDA/CudaModel.h"
#include "gn/Target/CUDA/CudaProgram.h"
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

using namespace mlir::gn;
using namespace mlir::gn::cuda;
using interp::DType;
using interp::HostTensor;

namespace {

Slot slot(std::vector<int64_t> shape, Slot::Where where, std::vector<std::string> dims = {}) {
  Slot s;
  s.dtype = DType::F32;
  s.shape = std::move(shape);
  s.where = where;
  s.dims = std::move(dims);
  return s;
}

Step gemm(int a, int b, int c) {
  Step s;
  s.kind = Step::Kind::Gemm;
  s.in = {a, b};
  s.out = {c};
  s.op = "gn.matmul";
  s.location = "model.py:3";
  return s;
}

/// y = (x @ w) @ v with x [s0, 4], w [4, 3], v [3, 2]: the product between
/// in the arena, and a kernel launched over it (sizes and grid following
/// s0) writing a second arena slot nothing reads.
Program chain() {
  Program p;
  p.symbolic = true;
  p.slots.push_back(slot({2, 4}, Slot::Where::Argument, {"s0", ""}));
  p.slots.push_back(slot({4, 3}, Slot::Where::Argument));
  p.slots.push_back(slot({3, 2}, Slot::Where::Argument));
  p.slots.push_back(slot({2, 3}, Slot::Where::Arena, {"s0", ""}));
  p.slots[3].liveFirst = 0;
  p.slots[3].liveLast = 2;
  p.slots.push_back(slot({2, 3}, Slot::Where::Arena, {"s0", ""}));
  p.slots[4].liveFirst = 1;
  p.slots[4].liveLast = 1;
  p.slots.push_back(slot({2, 2}, Slot::Where::Result, {"s0", ""}));
  // A view of the product: its second row on, s0 - 1 rows.
  p.slots.push_back(slot({1, 3}, Slot::Where::View, {"s0 - 1", ""}));
  p.slots[6].viewOf = 3;
  p.slots[6].offsetExpr = "12";
  for (const char *name : {"x", "w", "v"}) {
    ArgumentSpec a;
    a.name = name;
    a.torchDtype = "torch.float32";
    p.arguments.push_back(a);
  }
  p.results = {5};
  PtxModule m;
  m.name = "k_module";
  m.ptx = ".version 8.0\n.target sm_90\n.address_size 64\n"
          ".visible .entry k(\n.param .u64 p0,\n.param .u64 p1,\n.param .u64 p2\n)\n{\nret;\n}\n";
  p.modules.push_back(m);
  Kernel k;
  k.name = "k";
  k.sizes = {{0, 0}};
  KernelLaunch l;
  l.module = 0;
  l.function = "k";
  l.block = {128, 1, 1};
  l.gridExprs = {"floordiv(3*a0 + 127, 128)", "", ""};
  l.args = {0, 1, 2};
  k.launches.push_back(l);
  p.kernels.push_back(k);
  p.steps.push_back(gemm(0, 1, 3));
  Step launch;
  launch.kind = Step::Kind::Launch;
  launch.kernel = 0;
  launch.in = {3};
  launch.out = {4};
  launch.op = "gn.fusion";
  p.steps.push_back(launch);
  p.steps.push_back(gemm(3, 2, 5));
  Step view;
  view.kind = Step::Kind::Alias;
  view.in = {3};
  view.out = {6};
  p.steps.push_back(view);
  return p;
}

std::vector<std::vector<int64_t>> shapesAt(int64_t s0) { return {{s0, 4}, {4, 3}, {3, 2}}; }

TEST(CudaBinding, SizesOffsetsAndArenaFollowTheSymbols) {
  Program p = chain();
  for (int64_t s0 : {2, 7, 300}) {
    std::string error, symbols;
    std::optional<Program> at = bindProgram(p, shapesAt(s0), error, &symbols);
    ASSERT_TRUE(at) << error;
    EXPECT_FALSE(at->symbolic);
    EXPECT_EQ(symbols, "s0 = " + std::to_string(s0));
    EXPECT_EQ(at->slots[0].shape, (std::vector<int64_t>{s0, 4}));
    EXPECT_EQ(at->slots[5].shape, (std::vector<int64_t>{s0, 2}));
    EXPECT_EQ(at->slots[6].shape, (std::vector<int64_t>{s0 - 1, 3}));
    EXPECT_EQ(at->slots[6].offset, 12);
    EXPECT_EQ(at->steps[0].gemm.m, s0);
    EXPECT_EQ(at->steps[2].gemm.m, s0);
    EXPECT_EQ(at->steps[2].gemm.n, 2);
    // Both arena slots are live at step 1: apart, inside the arena.
    const Slot &t = at->slots[3], &u = at->slots[4];
    EXPECT_TRUE(t.offset + t.bytes() <= u.offset || u.offset + u.bytes() <= t.offset);
    EXPECT_LE(std::max(t.offset + t.bytes(), u.offset + u.bytes()), at->arenaBytes);
    EXPECT_GE(at->arenaBytes, 2 * s0 * 3 * 4);
  }
}

TEST(CudaBinding, SymbolicFieldsSurviveTheFile) {
  Program p = chain();
  p.guards.push_back({"s0", 2, 0, /*atLeast=*/true, "the slice reads", "model.py:9:5"});
  p.steps[0].matmul.transposeRhs = true;
  char path[] = "/tmp/gn-cuda-program-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  std::string error;
  ASSERT_TRUE(writeProgram(p, path, error)) << error;
  std::optional<Program> read = readProgram(path, error);
  std::remove(path);
  ASSERT_TRUE(read) << error;
  EXPECT_TRUE(read->symbolic);
  ASSERT_EQ(read->guards.size(), 1u);
  EXPECT_EQ(read->guards[0].location, "model.py:9:5");
  EXPECT_EQ(read->guards[0].reads, "the slice reads");
  EXPECT_TRUE(read->guards[0].atLeast);
  EXPECT_EQ(read->slots[3].dims, p.slots[3].dims);
  EXPECT_EQ(read->slots[3].liveLast, 2);
  EXPECT_EQ(read->slots[6].offsetExpr, "12");
  EXPECT_EQ(read->kernels[0].sizes.size(), 1u);
  EXPECT_EQ(read->kernels[0].launches[0].gridExprs[0], "floordiv(3*a0 + 127, 128)");
  EXPECT_TRUE(read->steps[0].matmul.transposeRhs);
  EXPECT_FALSE(read->steps[0].matmul.transposeLhs);
}

TEST(CudaBinding, DisagreementsAndGuardsAreNamed) {
  Program p = chain();
  std::string error;
  auto shapes = shapesAt(5);
  shapes[1] = {5, 3};
  EXPECT_FALSE(bindProgram(p, shapes, error));
  EXPECT_NE(error.find("argument #1 ('w') dim 0"), std::string::npos) << error;
  shapes = shapesAt(5);
  shapes[0] = {5, 4, 1};
  EXPECT_FALSE(bindProgram(p, shapes, error));
  EXPECT_NE(error.find("argument #0 ('x') has rank 3"), std::string::npos) << error;
  p.guards.push_back({"s0", 4, 0, /*atLeast=*/true, "the slice reads", "model.py:9:5"});
  EXPECT_TRUE(bindProgram(p, shapesAt(4), error)) << error;
  EXPECT_FALSE(bindProgram(p, shapesAt(3), error));
  EXPECT_EQ(error, "model.py:9:5: the slice reads dim 0 (s0), which must be at least 4, but it is "
                   "3 at s0 = 3");
  p.guards = {{"s0", 4, 0, /*atLeast=*/false, "", "model.py:12:3"}};
  EXPECT_TRUE(bindProgram(p, shapesAt(4), error)) << error;
  EXPECT_FALSE(bindProgram(p, shapesAt(6), error));
  EXPECT_EQ(error, "model.py:12:3: the model needs dim 0 (s0) at its size 4 here, but it is 6 at "
                   "s0 = 6");
}

TEST(CudaBinding, GemmOfShapes) {
  // [s0, 1, 8] x [8, 16]: one GEMM of all the batch's rows.
  std::optional<Gemm> g = gemmOf({6, 1, 8}, {8, 16}, {6, 1, 16}, {});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->m, 6);
  EXPECT_EQ(g->batch, 1);
  g = gemmOf({3, 4, 8}, {3, 8, 5}, {3, 4, 5}, {});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->batch, 3);
  EXPECT_EQ(g->strideA, 32);
  EXPECT_EQ(g->strideB, 40);
  EXPECT_FALSE(gemmOf({3, 4, 8}, {2, 8, 5}, {3, 4, 5}, {}));
}

HostTensor filled(std::vector<int64_t> shape, float start) {
  HostTensor t(DType::F32, shape);
  float *d = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i)
    d[i] = start + 0.25f * (i % 7);
  return t;
}

/// (x @ w) @ v on the host.
std::vector<float> expected(const HostTensor &x, const HostTensor &w, const HostTensor &v) {
  int64_t rows = x.shape()[0];
  std::vector<float> t(rows * 3, 0), y(rows * 2, 0);
  for (int64_t i = 0; i < rows; ++i)
    for (int j = 0; j < 3; ++j)
      for (int p = 0; p < 4; ++p)
        t[i * 3 + j] += x.data<float>()[i * 4 + p] * w.data<float>()[p * 3 + j];
  for (int64_t i = 0; i < rows; ++i)
    for (int j = 0; j < 2; ++j)
      for (int p = 0; p < 3; ++p)
        y[i * 2 + j] += t[i * 3 + p] * v.data<float>()[p * 2 + j];
  return y;
}

/// In a child process (the death-test machinery): the stand-in libraries
/// it loads would otherwise stay loaded for later tests (CudaAbiTest looks
/// the toolkit's own up).
void runEverySizeOnTheStandIn() {
  CudaOptions options;
  options.driverLibrary = GN_FAKE_CUDA_DIR "/libcuda.so.1";
  options.libraryPath = GN_FAKE_CUDA_DIR;
  char logPath[] = "/tmp/gn-cuda-binding-XXXXXX";
  int fd = mkstemp(logPath);
  ASSERT_GE(fd, 0);
  close(fd);
  setenv("GN_FAKE_CUDA_LOG", logPath, 1);
  CudaModel model(chain(), options);
  for (int64_t s0 : {2, 200, 2, 5}) {
    std::vector<HostTensor> args = {filled({s0, 4}, 0.5f), filled({4, 3}, -1.0f),
                                    filled({3, 2}, 0.75f)};
    std::vector<HostTensor> out;
    std::string error;
    ASSERT_TRUE(model.run(args, out, error)) << error;
    ASSERT_EQ(out.size(), 1u);
    ASSERT_EQ(out[0].shape().vec(), (std::vector<int64_t>{s0, 2}));
    std::vector<float> want = expected(args[0], args[1], args[2]);
    for (int64_t i = 0; i < s0 * 2; ++i)
      ASSERT_NEAR(out[0].data<float>()[i], want[i], 1e-4) << "s0 = " << s0 << " at " << i;
    EXPECT_EQ(model.symbolBinding(), "s0 = " + std::to_string(s0));
  }
  unsetenv("GN_FAKE_CUDA_LOG");
  EXPECT_EQ(model.bindingsLoaded(), 3); // s0 = 2 was loaded once
  std::ifstream in(logPath);
  std::stringstream log;
  log << in.rdbuf();
  std::remove(logPath);
  // The kernel's size and grid follow s0: 3 * 200 elements in 5 blocks.
  EXPECT_NE(log.str().find("launch k grid=5,1,1 block=128,1,1 params=3 sizes=200"),
            std::string::npos)
      << log.str();
  EXPECT_NE(log.str().find("launch k grid=1,1,1 block=128,1,1 params=3 sizes=2"),
            std::string::npos);
  EXPECT_EQ(log.str().find("BAD-POINTER"), std::string::npos);
}

TEST(CudaBinding, OneModelRunsEverySizeOnTheStandIn) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        runEverySizeOnTheStandIn();
        std::exit(::testing::Test::HasFailure() ? 1 : 0);
      },
      ::testing::ExitedWithCode(0), "");
}

} // namespace

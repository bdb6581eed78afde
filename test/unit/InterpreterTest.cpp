//===- InterpreterTest.cpp - kernels against reference math -------------===//
#include "../../lib/Interpreter/AttentionRows.h"
#include "gn/Eval/Fp64Reference.h"
#include "gn/Eval/Tolerance.h"
#include "gn/InitAll.h"
#include "gn/Interpreter/DTypeConversion.h"
#include "gn/Interpreter/Interpreter.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include <cmath>
#include <cstring>
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::gn::interp;

namespace {

/// Parses `ir`, runs @forward on `args`, returns the outputs. On failure it
/// records the failure and returns empty tensors, so every value check fails.
std::vector<HostTensor> run(const std::string &ir, std::vector<HostTensor> args) {
  DialectRegistry registry;
  gn::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = parseSourceString<ModuleOp>(ir, &ctx);
  EXPECT_TRUE(module);
  std::vector<HostTensor> none(4);
  if (!module)
    return none;
  auto f = module->lookupSymbol<func::FuncOp>("forward");
  Interpreter interp(f);
  EXPECT_TRUE(succeeded(interp.verifySupported()));
  auto out = interp.run(args);
  EXPECT_TRUE(succeeded(out));
  return succeeded(out) ? *out : none;
}

HostTensor f32(llvm::ArrayRef<int64_t> shape, std::vector<float> v) {
  HostTensor t(DType::F32, shape);
  std::copy(v.begin(), v.end(), t.data<float>());
  return t;
}

HostTensor i64(llvm::ArrayRef<int64_t> shape, std::vector<int64_t> v) {
  HostTensor t(DType::I64, shape);
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}

std::vector<float> values(const HostTensor &t) {
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

} // namespace

TEST(Interpreter, BroadcastAddAndRelu) {
  auto out = run(R"(
    func.func @forward(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
      %0 = gn.add %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
      %1 = gn.relu %0 : tensor<2x3xf32>
      return %1 : tensor<2x3xf32>
    })",
                 {f32({2, 3}, {1, -2, 3, -4, 5, -6}), f32({3}, {1, 1, 1})});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(values(out[0]), (std::vector<float>{2, 0, 4, 0, 6, 0}));
}

TEST(Interpreter, MatmulBatchBroadcast) {
  auto out = run(R"(
    func.func @forward(%a: tensor<2x1x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x1x2xf32> {
      %0 = gn.matmul %a, %b : tensor<2x1x2xf32>, tensor<2x2xf32> -> tensor<2x1x2xf32>
      return %0 : tensor<2x1x2xf32>
    })",
                 {f32({2, 1, 2}, {1, 2, 3, 4}), f32({2, 2}, {1, 0, 0, 2})});
  EXPECT_EQ(values(out[0]), (std::vector<float>{1, 4, 3, 8}));
}

// The same products with operands stored transposed (trans flags), in f32
// (GEMM) and in i64 (the interpreter's own loop).
TEST(Interpreter, MatmulTransposedOperands) {
  auto out = run(R"(
    func.func @forward(%a: tensor<3x2xf32>, %b: tensor<4x3xf32>, %c: tensor<3x2xi64>, %d: tensor<4x3xi64>) -> (tensor<2x4xf32>, tensor<2x4xi64>) {
      %0 = gn.matmul %a, %b {transpose_lhs, transpose_rhs} : tensor<3x2xf32>, tensor<4x3xf32> -> tensor<2x4xf32>
      %1 = gn.matmul %c, %d {transpose_lhs, transpose_rhs} : tensor<3x2xi64>, tensor<4x3xi64> -> tensor<2x4xi64>
      return %0, %1 : tensor<2x4xf32>, tensor<2x4xi64>
    })",
                 {f32({3, 2}, {1, 4, 2, 5, 3, 6}), f32({4, 3}, {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}),
                  i64({3, 2}, {1, 4, 2, 5, 3, 6}), i64({4, 3}, {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1})});
  // a^T = [[1,2,3],[4,5,6]]; b^T columns: e0, e1, e2, (1,1,1).
  EXPECT_EQ(values(out[0]), (std::vector<float>{1, 2, 3, 6, 4, 5, 6, 15}));
  ASSERT_EQ(out[1].dtype(), DType::I64);
  EXPECT_EQ(std::vector<int64_t>(out[1].data<int64_t>(), out[1].data<int64_t>() + 8),
            (std::vector<int64_t>{1, 2, 3, 6, 4, 5, 6, 15}));
}

TEST(Interpreter, ConvMatchesDirectSum) {
  // 1x1x3x3 input, 1x1x2x2 kernel of ones, stride 1, no padding: 2x2 sums.
  auto out = run(R"(
    func.func @forward(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
      %0 = gn.conv %x, %w {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
      return %0 : tensor<1x1x2x2xf32>
    })",
                 {f32({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}), f32({1, 1, 2, 2}, {1, 1, 1, 1})});
  EXPECT_EQ(values(out[0]), (std::vector<float>{12, 16, 24, 28}));
}

// --reference fp64 runs whole convnets with f64 convolutions (im2col +
// dgemm): the same function promoted to f64 agrees with oneDNN's f32 result
// on strided, padded, dilated, grouped 2-d and 1-d convolutions with bias.
TEST(Interpreter, Fp64ConvolutionsMatchF32) {
  DialectRegistry registry;
  gn::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = parseSourceString<ModuleOp>(R"(
    func.func @forward(%x: tensor<2x4x9x7xf32>, %w: tensor<6x2x3x2xf32>, %b: tensor<6xf32>, %y: tensor<1x3x10xf32>, %v: tensor<5x3x4xf32>) -> (tensor<2x6x5x8xf32>, tensor<1x5x5xf32>) {
      %0 = gn.conv %x, %w, %b {dilation = array<i64: 2, 1>, groups = 2 : i64, padding = array<i64: 2, 1>, stride = array<i64: 2, 1>} : (tensor<2x4x9x7xf32>, tensor<6x2x3x2xf32>, tensor<6xf32>) -> tensor<2x6x5x8xf32>
      %1 = gn.conv %y, %v {dilation = array<i64: 1>, groups = 1 : i64, padding = array<i64: 1>, stride = array<i64: 2>} : (tensor<1x3x10xf32>, tensor<5x3x4xf32>) -> tensor<1x5x5xf32>
      return %0, %1 : tensor<2x6x5x8xf32>, tensor<1x5x5xf32>
    })",
                                            &ctx);
  ASSERT_TRUE(module);
  std::vector<HostTensor> args;
  uint32_t state = 7;
  for (BlockArgument a : module->lookupSymbol<func::FuncOp>("forward").getArguments()) {
    HostTensor t(DType::F32, cast<RankedTensorType>(a.getType()).getShape());
    for (int64_t i = 0; i < t.numel(); ++i) {
      state = state * 1664525u + 1013904223u;
      t.data<float>()[i] = float(state >> 8) / float(1 << 24) - 0.5f;
    }
    args.push_back(t);
  }
  Interpreter narrow(module->lookupSymbol<func::FuncOp>("forward"));
  auto expected = narrow.run(args);
  ASSERT_TRUE(succeeded(expected));
  std::string error;
  auto wide = gn::eval::runFp64Reference(*module, args, *expected, error);
  ASSERT_TRUE(succeeded(wide)) << error;
  ASSERT_EQ(wide->size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    ASSERT_EQ((*wide)[i].dtype(), DType::F32);
    auto d = gn::eval::compareOutputs((*wide)[i], (*expected)[i]);
    EXPECT_TRUE(d.shapeAndDtypeMatch);
    EXPECT_LE(d.maxAbs, 1e-5) << "output " << i;
  }
  float sum = 0;
  for (float v : values((*expected)[0]))
    sum += std::fabs(v);
  EXPECT_GT(sum, 1.0f);
}

TEST(Interpreter, SoftmaxRowsSumToOne) {
  auto out = run(R"(
    func.func @forward(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
      %0 = gn.softmax %x dim 1 : tensor<2x3xf32>
      return %0 : tensor<2x3xf32>
    })",
                 {f32({2, 3}, {1, 2, 3, 0, 0, 0})});
  auto v = values(out[0]);
  EXPECT_NEAR(v[0] + v[1] + v[2], 1.0, 1e-6);
  EXPECT_NEAR(v[3], 1.0 / 3, 1e-6);
  EXPECT_NEAR(v[2] / v[1], std::exp(1.0), 1e-5);
}

TEST(Interpreter, LayerNormZeroMeanUnitVariance) {
  auto out = run(R"(
    func.func @forward(%x: tensor<1x4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<1x4xf32> {
      %0 = gn.layer_norm %x, %w, %b {epsilon = 0.0 : f64, normalized_rank = 1 : i64} : (tensor<1x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
      return %0 : tensor<1x4xf32>
    })",
                 {f32({1, 4}, {1, 2, 3, 4}), f32({4}, {1, 1, 1, 1}), f32({4}, {0, 0, 0, 0})});
  auto v = values(out[0]);
  EXPECT_NEAR(v[0], -1.3416407, 1e-5);
  EXPECT_NEAR(v[3], 1.3416407, 1e-5);
}

TEST(Interpreter, SliceConcatTranspose) {
  auto out = run(R"(
    func.func @forward(%x: tensor<2x3xf32>) -> tensor<4x2xf32> {
      %0 = gn.slice %x starts [0, 1] limits [2, 3] steps [1, 1] : tensor<2x3xf32> -> tensor<2x2xf32>
      %1 = gn.concat %0, %0 dim 0 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
      %2 = gn.transpose %1 [0, 1] : tensor<4x2xf32> -> tensor<4x2xf32>
      return %2 : tensor<4x2xf32>
    })",
                 {f32({2, 3}, {1, 2, 3, 4, 5, 6})});
  EXPECT_EQ(values(out[0]), (std::vector<float>{2, 3, 5, 6, 2, 3, 5, 6}));
}

TEST(Tolerance, TableAndTightestT) {
  auto tol = mlir::gn::eval::toleranceFor(DType::F32, -5);
  EXPECT_DOUBLE_EQ(tol.atol, 1e-5);
  EXPECT_NEAR(tol.rtol, std::pow(10.0, -5.886), 1e-12);
  HostTensor a = f32({2}, {1.0f, 2.0f}), b = f32({2}, {1.0f, 2.001f});
  auto d = mlir::gn::eval::compareOutputs(a, b);
  EXPECT_TRUE(d.shapeAndDtypeMatch);
  EXPECT_NEAR(d.maxAbs, 0.001, 1e-6);
  // diff 1e-3: passes at t = -3 (1e-3 + 10^-3.53 * 2), fails at t = -4.
  EXPECT_EQ(d.tightestT, -3);
  auto same = mlir::gn::eval::compareOutputs(a, a);
  EXPECT_EQ(same.tightestT, -10);
  HostTensor c = f32({3}, {1, 2, 3});
  EXPECT_FALSE(mlir::gn::eval::compareOutputs(a, c).shapeAndDtypeMatch);
  EXPECT_EQ(mlir::gn::eval::compareOutputs(a, c).mismatch, "shape_mismatch");
  EXPECT_EQ(same.mismatch, "");
}

// GraphNet's mismatch kinds: what the compiled side has and the reference
// does not (a NaN both have, or the same infinity, is no mismatch).
TEST(Tolerance, MismatchKinds) {
  using mlir::gn::eval::compareOutputs;
  float nan = NAN, inf = INFINITY;
  HostTensor ref = f32({3}, {1, nan, inf});
  EXPECT_EQ(compareOutputs(f32({3}, {1, nan, inf}), ref).mismatch, "");
  EXPECT_EQ(compareOutputs(f32({3}, {nan, nan, inf}), ref).mismatch, "nan");
  EXPECT_EQ(compareOutputs(f32({3}, {-inf, nan, inf}), ref).mismatch, "inf");
  // The reference's NaN or infinity missing is an accuracy miss only.
  auto d = compareOutputs(f32({3}, {1, 2, inf}), ref);
  EXPECT_EQ(d.mismatch, "");
  EXPECT_EQ(d.tightestT, 2);
}

// What a tolerance check cannot see: a reference near zero or constant
// (degenerateReasons), and the relative L2 error that still fails there.
TEST(Tolerance, DegenerateReferences) {
  using mlir::gn::eval::compareOutputs;
  using mlir::gn::eval::degenerateReasons;
  // Zeros against a reference of 1e-8: within t = -5, relative error 1.
  HostTensor tiny = f32({2}, {1e-8f, -2e-8f}), zeros = f32({2}, {0, 0});
  auto d = compareOutputs(zeros, tiny);
  EXPECT_LE(d.tightestT, -5);
  EXPECT_DOUBLE_EQ(d.relL2, 1.0);
  EXPECT_EQ(degenerateReasons(d, DType::F32), std::vector<std::string>{"near_zero"});
  // All zeros: constant too; a nonzero output against it has no relative
  // error to speak of (infinite).
  auto z = compareOutputs(f32({2}, {1e-9f, 0}), zeros);
  EXPECT_TRUE(std::isinf(z.relL2));
  EXPECT_EQ(degenerateReasons(z, DType::F32, /*insensitive=*/true),
            (std::vector<std::string>{"near_zero", "constant", "input_insensitive"}));
  // An ordinary output: none, and ||(0, 0.001)|| / ||(1, 2)||.
  HostTensor a = f32({2}, {1.0f, 2.0f}), b = f32({2}, {1.0f, 2.001f});
  auto ok = compareOutputs(a, b);
  EXPECT_TRUE(degenerateReasons(ok, DType::F32).empty());
  EXPECT_NEAR(ok.relL2, 0.001 / std::sqrt(1.0 + 2.001 * 2.001), 1e-7);
  EXPECT_FALSE(ok.refConstant);
  // One element is no constant; near zero is a float output's property.
  EXPECT_FALSE(compareOutputs(f32({1}, {3}), f32({1}, {3})).refConstant);
  HostTensor i0(DType::I64, {2}, /*zero=*/true);
  EXPECT_EQ(degenerateReasons(compareOutputs(i0, i0), DType::I64),
            std::vector<std::string>{"constant"});
}

// gn.projected_attention equals attention on the projections it folds in:
// two key blocks (600 keys, 512 a block) and two row blocks (70 queries, 64
// a block) merged by its online softmax, grouped key heads (2 for 4 query
// heads), a value head size (4) other than the key one (3), a float mask
// with rows that see no key at all (NaN, as in torch), and no mask.
TEST(Interpreter, ProjectedAttentionMatchesProjections) {
  auto ramp = [](llvm::ArrayRef<int64_t> shape, float scale, int64_t period) {
    HostTensor t(DType::F32, shape);
    for (int64_t i = 0; i < t.numel(); ++i)
      t.data<float>()[i] = scale * (float)((i * 7) % period - period / 2);
    return t;
  };
  HostTensor mask = ramp({2, 1, 70, 600}, 0.5f, 13);
  for (int64_t j = 0; j < 600; ++j) // query row 3 of batch 1 sees no key
    mask.data<float>()[(70 + 3) * 600 + j] = -INFINITY;
  auto out = run(R"(
    func.func @forward(%q: tensor<2x70x4x3xf32>, %x: tensor<2x600x5xf32>, %wk: tensor<6x5xf32>, %bk: tensor<6xf32>, %wv: tensor<8x5xf32>, %bv: tensor<8xf32>, %m: tensor<2x1x70x600xf32>) -> (tensor<2x70x4x4xf32>, tensor<2x70x4x4xf32>, tensor<2x70x4x4xf32>, tensor<2x70x4x4xf32>) {
      %a = gn.projected_attention %q, %x, %wk, %bk, %wv, %bv mask %m : (tensor<2x70x4x3xf32>, tensor<2x600x5xf32>, tensor<6x5xf32>, tensor<6xf32>, tensor<8x5xf32>, tensor<8xf32>, tensor<2x1x70x600xf32>) -> tensor<2x70x4x4xf32>
      %k0 = gn.linear %x, %wk, %bk : (tensor<2x600x5xf32>, tensor<6x5xf32>, tensor<6xf32>) -> tensor<2x600x6xf32>
      %k = gn.reshape %k0 [2, 600, 2, 3] : tensor<2x600x6xf32> -> tensor<2x600x2x3xf32>
      %v0 = gn.linear %x, %wv, %bv : (tensor<2x600x5xf32>, tensor<8x5xf32>, tensor<8xf32>) -> tensor<2x600x8xf32>
      %v = gn.reshape %v0 [2, 600, 2, 4] : tensor<2x600x8xf32> -> tensor<2x600x2x4xf32>
      %b = gn.attention %q, %k, %v mask %m {seq_first = true, enable_gqa = true} : (tensor<2x70x4x3xf32>, tensor<2x600x2x3xf32>, tensor<2x600x2x4xf32>, tensor<2x1x70x600xf32>) -> tensor<2x70x4x4xf32>
      %c = gn.projected_attention %q, %x, %wk, %bk, %wv, %bv {scale = 0.7 : f64} : (tensor<2x70x4x3xf32>, tensor<2x600x5xf32>, tensor<6x5xf32>, tensor<6xf32>, tensor<8x5xf32>, tensor<8xf32>) -> tensor<2x70x4x4xf32>
      %d = gn.attention %q, %k, %v {seq_first = true, enable_gqa = true, scale = 0.7 : f64} : (tensor<2x70x4x3xf32>, tensor<2x600x2x3xf32>, tensor<2x600x2x4xf32>) -> tensor<2x70x4x4xf32>
      return %a, %b, %c, %d : tensor<2x70x4x4xf32>, tensor<2x70x4x4xf32>, tensor<2x70x4x4xf32>, tensor<2x70x4x4xf32>
    })",
                 {ramp({2, 70, 4, 3}, 0.3f, 11), ramp({2, 600, 5}, 0.2f, 17),
                  ramp({6, 5}, 0.1f, 7), ramp({6}, 0.05f, 5), ramp({8, 5}, 0.1f, 9),
                  ramp({8}, 0.05f, 3), mask});
  ASSERT_EQ(out.size(), 4u);
  int nans = 0;
  for (int pair = 0; pair < 2; ++pair) {
    std::vector<float> folded = values(out[2 * pair]), projected = values(out[2 * pair + 1]);
    ASSERT_EQ(folded.size(), projected.size());
    for (size_t i = 0; i < folded.size(); ++i) {
      if (std::isnan(projected[i])) {
        EXPECT_TRUE(std::isnan(folded[i])) << "pair " << pair << " at " << i;
        nans += std::isnan(folded[i]);
        continue;
      }
      EXPECT_NEAR(folded[i], projected[i], 1e-5f * (1 + std::abs(projected[i])))
          << "pair " << pair << " at " << i;
    }
  }
  EXPECT_EQ(nans, 4 * 4); // the one masked row: 4 heads x 4 values
}

// seq_first attention ([B, L, H, E], as projections write it) equals the
// heads-first one on transposed operands, with a mask broadcast over heads,
// grouped key/value heads (2 for 4 query heads), and causal rows.
TEST(Interpreter, SeqFirstAttentionMatchesHeadsFirst) {
  auto ramp = [](llvm::ArrayRef<int64_t> shape, float scale) {
    HostTensor t(DType::F32, shape);
    for (int64_t i = 0; i < t.numel(); ++i)
      t.data<float>()[i] = scale * (float)((i * 7) % 11 - 5);
    return t;
  };
  auto out = run(R"(
    func.func @forward(%q: tensor<2x5x4x3xf32>, %k: tensor<2x6x2x3xf32>, %v: tensor<2x6x2x3xf32>, %m: tensor<2x1x5x6xf32>) -> (tensor<2x5x4x3xf32>, tensor<2x5x4x3xf32>, tensor<2x5x4x3xf32>, tensor<2x5x4x3xf32>) {
      %a = gn.attention %q, %k, %v mask %m {seq_first = true, enable_gqa = true} : (tensor<2x5x4x3xf32>, tensor<2x6x2x3xf32>, tensor<2x6x2x3xf32>, tensor<2x1x5x6xf32>) -> tensor<2x5x4x3xf32>
      %qt = gn.transpose %q [0, 2, 1, 3] : tensor<2x5x4x3xf32> -> tensor<2x4x5x3xf32>
      %kt = gn.transpose %k [0, 2, 1, 3] : tensor<2x6x2x3xf32> -> tensor<2x2x6x3xf32>
      %vt = gn.transpose %v [0, 2, 1, 3] : tensor<2x6x2x3xf32> -> tensor<2x2x6x3xf32>
      %b = gn.attention %qt, %kt, %vt mask %m {enable_gqa = true} : (tensor<2x4x5x3xf32>, tensor<2x2x6x3xf32>, tensor<2x2x6x3xf32>, tensor<2x1x5x6xf32>) -> tensor<2x4x5x3xf32>
      %bt = gn.transpose %b [0, 2, 1, 3] : tensor<2x4x5x3xf32> -> tensor<2x5x4x3xf32>
      %c = gn.attention %q, %k, %v {seq_first = true, is_causal = true, enable_gqa = true} : (tensor<2x5x4x3xf32>, tensor<2x6x2x3xf32>, tensor<2x6x2x3xf32>) -> tensor<2x5x4x3xf32>
      %d = gn.attention %qt, %kt, %vt {is_causal = true, enable_gqa = true} : (tensor<2x4x5x3xf32>, tensor<2x2x6x3xf32>, tensor<2x2x6x3xf32>) -> tensor<2x4x5x3xf32>
      %dt = gn.transpose %d [0, 2, 1, 3] : tensor<2x4x5x3xf32> -> tensor<2x5x4x3xf32>
      return %a, %bt, %c, %dt : tensor<2x5x4x3xf32>, tensor<2x5x4x3xf32>, tensor<2x5x4x3xf32>, tensor<2x5x4x3xf32>
    })",
                 {ramp({2, 5, 4, 3}, 0.3f), ramp({2, 6, 2, 3}, 0.2f), ramp({2, 6, 2, 3}, 0.5f),
                  ramp({2, 1, 5, 6}, 0.1f)});
  ASSERT_EQ(out.size(), 4u);
  for (int pair = 0; pair < 2; ++pair) {
    std::vector<float> seq = values(out[2 * pair]), heads = values(out[2 * pair + 1]);
    ASSERT_EQ(seq.size(), heads.size());
    for (size_t i = 0; i < seq.size(); ++i)
      EXPECT_NEAR(seq[i], heads[i], 1e-6f * (1 + std::abs(heads[i]))) << "pair " << pair << " at " << i;
  }
}

// gn.attention against softmax(q k^T * scale + mask) v summed in double,
// at shapes that take every path of the f32 kernels, in their AVX-512 forms
// (where the CPU has them) and their AVX2 forms: narrow heads (head dims 5,
// 8 and 16, value columns 12 and 8, a key count that is not a multiple of
// 16, a query count that is not a multiple of 4, one query row whose keys
// are all masked, 200 queries of 700 keys in 3 row blocks that share one
// transposed copy of the keys and values) and wide ones (oneDNN's sgemm: 24
// head dims, 20 value columns), with a float and with a bool mask.
TEST(Interpreter, AttentionMatchesDoubleSum) {
  struct Shape {
    int64_t E, Ev;
    bool boolMask;
    int64_t L = 37, S = 45;
  };
  const int64_t H = 2;
  for (bool avx512 : {true, false})
  for (Shape sh : {Shape{5, 12, false}, Shape{16, 8, true}, Shape{8, 8, false, 200, 700},
                   Shape{24, 20, false}, Shape{24, 20, true}}) {
    enableAvx512(avx512);
    const int64_t L = sh.L, S = sh.S;
    auto ramp = [](llvm::ArrayRef<int64_t> shape, float scale, int64_t period) {
      HostTensor t(DType::F32, shape);
      for (int64_t i = 0; i < t.numel(); ++i)
        t.data<float>()[i] = scale * (float)((i * 7) % period - period / 2);
      return t;
    };
    HostTensor q = ramp({H, L, sh.E}, 0.11f, 13), k = ramp({H, S, sh.E}, 0.07f, 17),
               v = ramp({H, S, sh.Ev}, 0.3f, 11);
    HostTensor mask(sh.boolMask ? DType::I1 : DType::F32, {L, S});
    for (int64_t i = 0; i < L; ++i)
      for (int64_t j = 0; j < S; ++j) {
        bool keep = i != 5 && (i + 3 * j) % 7 != 0; // row 5 sees no key
        if (sh.boolMask)
          mask.data<bool>()[i * S + j] = keep;
        else
          mask.data<float>()[i * S + j] = keep ? 0.1f * (float)((i + j) % 5) : -INFINITY;
      }
    auto ty = [](llvm::ArrayRef<int64_t> s, const char *e = "f32") {
      std::string t = "tensor<";
      for (int64_t d : s)
        t += std::to_string(d) + "x";
      return t + e + ">";
    };
    std::string tq = ty({H, L, sh.E}), tk = ty({H, S, sh.E}), tv = ty({H, S, sh.Ev}),
                tm = ty({L, S}, sh.boolMask ? "i1" : "f32"), to = ty({H, L, sh.Ev});
    auto out = run("func.func @forward(%q: " + tq + ", %k: " + tk + ", %v: " + tv + ", %m: " + tm +
                       ") -> " + to + " {\n  %a = gn.attention %q, %k, %v mask %m : (" + tq + ", " +
                       tk + ", " + tv + ", " + tm + ") -> " + to + "\n  return %a : " + to + "\n}",
                   {q, k, v, mask});
    ASSERT_EQ(out.size(), 1u);
    const float *o = out[0].data<float>();
    double scale = 1.0 / std::sqrt((double)sh.E);
    for (int64_t h = 0; h < H; ++h)
      for (int64_t i = 0; i < L; ++i) {
        std::vector<double> p(S);
        double m = -INFINITY, sum = 0;
        for (int64_t j = 0; j < S; ++j) {
          double s = 0;
          for (int64_t e = 0; e < sh.E; ++e)
            s += (double)q.data<float>()[(h * L + i) * sh.E + e] * k.data<float>()[(h * S + j) * sh.E + e];
          s *= scale;
          if (sh.boolMask)
            s = mask.data<bool>()[i * S + j] ? s : -INFINITY;
          else
            s += mask.data<float>()[i * S + j];
          p[j] = s;
          m = std::max(m, s);
        }
        for (int64_t c = 0; c < sh.Ev; ++c) {
          float got = o[(h * L + i) * sh.Ev + c];
          if (m == -INFINITY) { // no visible key: NaN, as in torch
            EXPECT_TRUE(std::isnan(got)) << "E " << sh.E << " row " << i;
            continue;
          }
          double acc = 0;
          sum = 0;
          for (int64_t j = 0; j < S; ++j) {
            double e = std::exp(p[j] - m);
            sum += e;
            acc += e * v.data<float>()[(h * S + j) * sh.Ev + c];
          }
          double want = acc / sum;
          EXPECT_NEAR(got, want, 2e-6 * (1 + std::abs(want)))
              << (avx512 ? "AVX-512" : "AVX2") << " E " << sh.E << " Ev " << sh.Ev << " head "
              << h << " row " << i << " col " << c;
        }
      }
  }
  enableAvx512(true);
}

// A half matmul (half result) that reads a transposed operand in place
// (the compiled form, transpose_lhs / transpose_rhs) gives the bits of the
// matmul of the transpose materialized first (the eager form): one f32 ulp
// of difference in a sum can round to an f16 ulp, which the graph then
// amplifies (t5-efficient-base-nh32 in GraphNet's float16 channel was at
// t = -3).
// Shapes: 32 heads of t5's 12 x 64 x 12 (oneDNN's NT and NN sgemm round a
// few of its sums differently: this fails without the fix), of 37 x 70 x 45
// (widened whole) and of a B of 64 x 1100 (widened in panels), f16 and bf16.
TEST(Interpreter, MatmulTransposeInPlaceMatchesMaterialized) {
  auto ty = [](llvm::ArrayRef<int64_t> s, const std::string &e) {
    std::string t = "tensor<";
    for (int64_t d : s)
      t += std::to_string(d) + "x";
    return t + e + ">";
  };
  auto randomHalf = [](llvm::ArrayRef<int64_t> shape, DType dtype, unsigned seed) {
    HostTensor t(DType::F32, shape);
    uint32_t state = seed;
    for (int64_t i = 0; i < t.numel(); ++i) {
      state = state * 1664525u + 1013904223u;
      // magnitudes over 8 binades, so that sums round
      t.data<float>()[i] = std::ldexp((float)((state >> 8) % 2001) / 1000.0f - 1.0f, -(int)(state >> 29));
    }
    HostTensor h(dtype, shape);
    convertInto(t, h);
    return h;
  };
  struct Case {
    int64_t m, k, n;
    bool lhs; // transpose the lhs (else the rhs)
  };
  for (DType dtype : {DType::F16, DType::BF16})
    for (Case c : {Case{12, 64, 12, false}, Case{12, 64, 12, true}, Case{37, 70, 45, false},
                   Case{19, 64, 1100, false}}) {
      std::string e = dtype == DType::F16 ? "f16" : "bf16";
      llvm::SmallVector<int64_t> aLogical{1, 32, c.m, c.k}, bLogical{1, 32, c.k, c.n};
      llvm::SmallVector<int64_t> aStored = aLogical, bStored = bLogical;
      if (c.lhs)
        std::swap(aStored[2], aStored[3]);
      else
        std::swap(bStored[2], bStored[3]);
      HostTensor a = randomHalf(aStored, dtype, 7), b = randomHalf(bStored, dtype, 11);
      std::string ta = ty(aStored, e), tb = ty(bStored, e), tr = ty({1, 32, c.m, c.n}, e);
      std::string tt = c.lhs ? ty(aLogical, e) : ty(bLogical, e);
      std::string head = "func.func @forward(%a: " + ta + ", %b: " + tb + ") -> " + tr + " {\n";
      std::string materialized =
          head + "  %t = gn.transpose " + (c.lhs ? "%a" : "%b") + " [0, 1, 3, 2] : " +
          (c.lhs ? ta : tb) + " -> " + tt + "\n  %r = gn.matmul " + (c.lhs ? "%t, %b" : "%a, %t") +
          " : " + (c.lhs ? tt + ", " + tb : ta + ", " + tt) + " -> " + tr +
          "\n  return %r : " + tr + "\n}";
      std::string inPlace = head + "  %r = gn.matmul %a, %b {" +
                            (c.lhs ? "transpose_lhs" : "transpose_rhs") + "} : " + ta + ", " +
                            tb + " -> " + tr + "\n  return %r : " + tr + "\n}";
      auto want = run(materialized, {a, b}), got = run(inPlace, {a, b});
      ASSERT_EQ(want.size(), 1u);
      ASSERT_EQ(got.size(), 1u);
      ASSERT_EQ(want[0].nbytes(), got[0].nbytes());
      EXPECT_EQ(0, std::memcmp(want[0].bytes(), got[0].bytes(), want[0].nbytes()))
          << e << " m " << c.m << " k " << c.k << " n " << c.n << (c.lhs ? " lhs" : " rhs");
    }
}

// A NaN score makes its softmax row NaN, as in torch: a NaN key makes every
// output row NaN, in the AVX-512 and AVX2 forms (their exp clamps its
// argument, and a clamp that dropped the NaN gave the key a weight of 0)
// and for narrow (head dim 8) and wide (24) heads.
TEST(Interpreter, AttentionNanKeyMakesRowsNan) {
  for (bool avx512 : {true, false})
    for (int64_t E : {8, 24}) {
      enableAvx512(avx512);
      const int64_t L = 5, S = 40;
      HostTensor q(DType::F32, {1, L, E}), k(DType::F32, {1, S, E}), v(DType::F32, {1, S, E});
      for (int64_t i = 0; i < q.numel(); ++i)
        q.data<float>()[i] = 0.01f * (float)(i % 7);
      for (int64_t i = 0; i < k.numel(); ++i)
        k.data<float>()[i] = 0.02f * (float)(i % 5);
      for (int64_t i = 0; i < v.numel(); ++i)
        v.data<float>()[i] = 0.1f * (float)(i % 3);
      k.data<float>()[3 * E + 1] = NAN; // key 3, inside the vectorized part of each row
      std::string tq = "tensor<1x" + std::to_string(L) + "x" + std::to_string(E) + "xf32>",
                  tk = "tensor<1x" + std::to_string(S) + "x" + std::to_string(E) + "xf32>";
      auto out = run("func.func @forward(%q: " + tq + ", %k: " + tk + ", %v: " + tk + ") -> " +
                         tq + " {\n  %a = gn.attention %q, %k, %v : (" + tq + ", " + tk + ", " +
                         tk + ") -> " + tq + "\n  return %a : " + tq + "\n}",
                     {q, k, v});
      ASSERT_EQ(out.size(), 1u);
      for (int64_t i = 0; i < out[0].numel(); ++i)
        EXPECT_TRUE(std::isnan(out[0].data<float>()[i]))
            << (avx512 ? "AVX-512" : "AVX2") << " E " << E << " element " << i;
    }
  enableAvx512(true);
}

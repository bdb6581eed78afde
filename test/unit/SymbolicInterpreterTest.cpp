//===- SymbolicInterpreterTest.cpp - one program at several sizes ---------===//
//
// A function with symbolic dims (#gn.dims) runs eagerly at every binding of
// its shape symbols its arguments give, and refuses, naming the place, the
// arguments that fit no binding and the bindings at which a size breaks.
//
//===----------------------------------------------------------------------===//
#include "gn/InitAll.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/IR/GnOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::gn::interp;

namespace {

/// Parses `ir` once and runs @forward on each argument list; returns the
/// outputs of each run, or the first error's message.
struct Program {
  explicit Program(const std::string &ir) : ctx(registry()) {
    ctx.loadAllAvailableDialects();
    module = parseSourceString<ModuleOp>(ir, &ctx);
  }
  static DialectRegistry registry() {
    DialectRegistry r;
    gn::registerAllDialects(r);
    return r;
  }
  FailureOr<std::vector<HostTensor>> run(std::vector<HostTensor> args, std::string *error) {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      if (error && error->empty()) {
        llvm::raw_string_ostream os(*error);
        d.getLocation().print(os);
        os << ": " << d.str();
      }
      return success();
    });
    if (!interp) {
      interp = std::make_unique<Interpreter>(module->lookupSymbol<func::FuncOp>("forward"));
      if (failed(interp->verifySupported()))
        return failure();
    }
    return interp->run(args);
  }
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<Interpreter> interp;
};

HostTensor iota(llvm::ArrayRef<int64_t> shape, float scale) {
  HostTensor t(DType::F32, shape);
  for (int64_t i = 0; i < t.numel(); ++i)
    t.data<float>()[i] = scale * static_cast<float>(i % 7) - 1.0f;
  return t;
}

// x: [s0, 3] (example s0 = 3), w: [3, 4].
const char *kChain = R"(
  func.func @forward(%x: tensor<3x3xf32, #gn.dims<["s0", ""]>>, %w: tensor<3x4xf32>)
      -> (tensor<4xf32>, tensor<5x4xf32, #gn.dims<["2*s0 - 1", ""]>>) {
    %m = gn.matmul %x, %w : tensor<3x3xf32, #gn.dims<["s0", ""]>>, tensor<3x4xf32> -> tensor<3x4xf32, #gn.dims<["s0", ""]>>
    %r = gn.relu %m : tensor<3x4xf32, #gn.dims<["s0", ""]>>
    %s = gn.reduce_sum %r dims [0] : tensor<3x4xf32, #gn.dims<["s0", ""]>> -> tensor<4xf32>
    %c = gn.concat %r, %r dim 0 : (tensor<3x4xf32, #gn.dims<["s0", ""]>>, tensor<3x4xf32, #gn.dims<["s0", ""]>>) -> tensor<6x4xf32, #gn.dims<["2*s0", ""]>>
    %t = gn.slice %c starts [1, 0] limits [6, 4] steps [1, 1] {sym_limits = #gn.dims<["2*s0", ""]>} : tensor<6x4xf32, #gn.dims<["2*s0", ""]>> -> tensor<5x4xf32, #gn.dims<["2*s0 - 1", ""]>>
    return %s, %t : tensor<4xf32>, tensor<5x4xf32, #gn.dims<["2*s0 - 1", ""]>>
  })";

/// The chain above computed by hand at rows = s0.
void expectChain(const std::vector<HostTensor> &out, const HostTensor &x, const HostTensor &w) {
  int64_t rows = x.shape()[0];
  std::vector<float> r(rows * 4);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < 4; ++j) {
      float acc = 0;
      for (int64_t k = 0; k < 3; ++k)
        acc += x.data<float>()[i * 3 + k] * w.data<float>()[k * 4 + j];
      r[i * 4 + j] = acc > 0 ? acc : 0;
    }
  ASSERT_EQ(out.size(), 2u);
  ASSERT_EQ(out[0].shape().vec(), (std::vector<int64_t>{4}));
  for (int64_t j = 0; j < 4; ++j) {
    float sum = 0;
    for (int64_t i = 0; i < rows; ++i)
      sum += r[i * 4 + j];
    EXPECT_NEAR(out[0].data<float>()[j], sum, 1e-5) << "column " << j;
  }
  ASSERT_EQ(out[1].shape().vec(), (std::vector<int64_t>{2 * rows - 1, 4}));
  for (int64_t i = 1; i < 2 * rows; ++i)
    for (int64_t j = 0; j < 4; ++j)
      EXPECT_NEAR(out[1].data<float>()[(i - 1) * 4 + j], r[(i % rows) * 4 + j], 1e-5)
          << "row " << i << " col " << j;
}

} // namespace

TEST(SymbolicInterpreter, OneProgramAtEveryBinding) {
  Program p(kChain);
  ASSERT_TRUE(p.module);
  HostTensor w = iota({3, 4}, 0.5f);
  // The example, then larger and smaller sizes, then the example again.
  for (int64_t rows : {3, 7, 2, 1, 3}) {
    HostTensor x = iota({rows, 3}, 0.25f);
    std::string error;
    auto out = p.run({x, w}, &error);
    ASSERT_TRUE(succeeded(out)) << "s0 = " << rows << ": " << error;
    EXPECT_EQ(p.interp->lastBinding()->str(), "s0 = " + std::to_string(rows));
    expectChain(*out, x, w);
  }
}

TEST(SymbolicInterpreter, StaticDimsStillChecked) {
  Program p(kChain);
  ASSERT_TRUE(p.module);
  std::string error;
  auto out = p.run({iota({5, 3}, 1), iota({3, 5}, 1)}, &error);
  EXPECT_TRUE(failed(out));
  EXPECT_NE(error.find("argument #1 dim 1 is 5, but the program takes 4 there"), std::string::npos)
      << error;
}

TEST(SymbolicInterpreter, DisagreeingArgumentsNamed) {
  Program p(R"(
    func.func @forward(%x: tensor<3xf32, #gn.dims<["s0"]>>, %y: tensor<3xf32, #gn.dims<["s0"]>>)
        -> tensor<3xf32, #gn.dims<["s0"]>> {
      %a = gn.add %x, %y : tensor<3xf32, #gn.dims<["s0"]>>, tensor<3xf32, #gn.dims<["s0"]>> -> tensor<3xf32, #gn.dims<["s0"]>>
      return %a : tensor<3xf32, #gn.dims<["s0"]>>
    })");
  ASSERT_TRUE(p.module);
  std::string error;
  auto out = p.run({iota({5}, 1), iota({6}, 1)}, &error);
  EXPECT_TRUE(failed(out));
  EXPECT_NE(error.find("argument #1 dim 0 is 6, but s0 = 5 from argument #0 dim 0"),
            std::string::npos)
      << error;
}

// x[:2] with a literal limit: fine at s0 >= 2, refused (not read past the
// buffer) at s0 = 1.
TEST(SymbolicInterpreter, LiteralSliceLimitCheckedAtTheBinding) {
  Program p(R"(
    func.func @forward(%x: tensor<4xf32, #gn.dims<["s0"]>>) -> tensor<2xf32> {
      %a = gn.slice %x starts [0] limits [2] steps [1] : tensor<4xf32, #gn.dims<["s0"]>> -> tensor<2xf32>
      return %a : tensor<2xf32>
    })");
  ASSERT_TRUE(p.module);
  std::string error;
  auto ok = p.run({iota({3}, 1)}, &error);
  ASSERT_TRUE(succeeded(ok)) << error;
  EXPECT_EQ((*ok)[0].shape().vec(), (std::vector<int64_t>{2}));
  auto out = p.run({iota({1}, 1)}, &error);
  EXPECT_TRUE(failed(out));
  EXPECT_NE(error.find("passes the end of dim 0 of size 1"), std::string::npos) << error;
}

// x[3:] has s0 - 3 elements: no size at s0 = 2, said before anything runs.
TEST(SymbolicInterpreter, NegativeSizeRefusedBeforeRunning) {
  Program p(R"(
    func.func @forward(%x: tensor<6xf32, #gn.dims<["s0"]>>) -> tensor<3xf32, #gn.dims<["s0 - 3"]>> {
      %a = gn.slice %x starts [3] limits [6] steps [1] {sym_limits = #gn.dims<["s0"]>} : tensor<6xf32, #gn.dims<["s0"]>> -> tensor<3xf32, #gn.dims<["s0 - 3"]>>
      return %a : tensor<3xf32, #gn.dims<["s0 - 3"]>>
    })");
  ASSERT_TRUE(p.module);
  std::string error;
  auto out = p.run({iota({2}, 1)}, &error);
  EXPECT_TRUE(failed(out));
  EXPECT_NE(error.find("dim 0 = s0 - 3 has no size at s0 = 2"), std::string::npos) << error;
}

// A guard (gn.specialize) holds at the example's size and is refused,
// naming its location, at any other, before anything runs.
TEST(SymbolicInterpreter, GuardCheckedWhenTheSymbolsAreBound) {
  Program p(R"(
    func.func @forward(%x: tensor<4x2xf32, #gn.dims<["s0", ""]>>, %t: tensor<4x2xf32>) -> tensor<4x2xf32> {
      %g = gn.specialize %x [0] : tensor<4x2xf32, #gn.dims<["s0", ""]>> -> tensor<4x2xf32> loc("model.py":12:3)
      %a = gn.add %g, %t : tensor<4x2xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
      return %a : tensor<4x2xf32>
    })");
  ASSERT_TRUE(p.module);
  std::string error;
  auto ok = p.run({iota({4, 2}, 1), iota({4, 2}, 1)}, &error);
  ASSERT_TRUE(succeeded(ok)) << error;
  EXPECT_EQ((*ok)[0].data<float>()[3], 2 * iota({4, 2}, 1).data<float>()[3]);
  auto out = p.run({iota({5, 2}, 1), iota({4, 2}, 1)}, &error);
  EXPECT_TRUE(failed(out));
  EXPECT_NE(error.find("model.py\":12:3): the model needs dim 0 (s0) at its size 4 here, but "
                       "it is 5 at s0 = 5"),
            std::string::npos)
      << error;
}

// Types a shape function builds skip the encoding's own check: a result
// that is symbolic at size 1 (an importer once gave a slice the limit s0
// where the index took one row) is refused by the op's verifier, naming it.
TEST(SymbolicInterpreter, SymbolicResultAtSizeOneRefusedByTheVerifier) {
  Program p(R"(
    func.func @forward(%x: tensor<4x8xf32, #gn.dims<["s0", ""]>>) -> tensor<4x8xf32, #gn.dims<["s0", ""]>> {
      return %x : tensor<4x8xf32, #gn.dims<["s0", ""]>>
    })");
  ASSERT_TRUE(p.module);
  auto forward = p.module->lookupSymbol<func::FuncOp>("forward");
  OpBuilder b(&forward.getBody().front().front());
  auto dims = gn::DimsAttr::get(&p.ctx, {b.getStringAttr("s0"), b.getStringAttr("")});
  auto slice = gn::createInferred<gn::SliceOp>(
      b, b.getUnknownLoc(), {forward.getArgument(0)},
      {b.getNamedAttr("starts", b.getDenseI64ArrayAttr({0, 0})),
       b.getNamedAttr("limits", b.getDenseI64ArrayAttr({1, 8})),
       b.getNamedAttr("steps", b.getDenseI64ArrayAttr({1, 1})), b.getNamedAttr("sym_limits", dims)});
  ASSERT_TRUE(succeeded(slice));
  std::string error;
  ScopedDiagnosticHandler handler(&p.ctx, [&](Diagnostic &d) {
    error += d.str();
    return success();
  });
  EXPECT_TRUE(failed(verify(slice->getDefiningOp())));
  EXPECT_NE(error.find("result #0: dim 0 (s0) is symbolic but 1 at the compile example"),
            std::string::npos)
      << error;
}

// einsum and top_k run at every binding: rows that follow s0.
TEST(SymbolicInterpreter, EinsumAndTopKAtEveryBinding) {
  Program p(R"(
    func.func @forward(%x: tensor<3x2xf32, #gn.dims<["s0", ""]>>)
        -> (tensor<3xf32, #gn.dims<["s0"]>>, tensor<3x1xi64, #gn.dims<["s0", ""]>>) {
      %d = gn.einsum "ij,ij->i" %x, %x : (tensor<3x2xf32, #gn.dims<["s0", ""]>>, tensor<3x2xf32, #gn.dims<["s0", ""]>>) -> tensor<3xf32, #gn.dims<["s0"]>>
      %t = "gn.top_k"(%x) {k = 1 : i64, dim = 1 : i64, largest = true} : (tensor<3x2xf32, #gn.dims<["s0", ""]>>) -> tensor<3x1xi64, #gn.dims<["s0", ""]>>
      return %d, %t : tensor<3xf32, #gn.dims<["s0"]>>, tensor<3x1xi64, #gn.dims<["s0", ""]>>
    })");
  ASSERT_TRUE(p.module);
  for (int64_t rows : {3, 5, 2}) {
    HostTensor x = iota({rows, 2}, 1);
    std::string error;
    auto out = p.run({x}, &error);
    ASSERT_TRUE(succeeded(out)) << error;
    ASSERT_EQ((*out)[0].shape().vec(), (std::vector<int64_t>{rows}));
    ASSERT_EQ((*out)[1].shape().vec(), (std::vector<int64_t>{rows, 1}));
    for (int64_t i = 0; i < rows; ++i) {
      float a = x.data<float>()[2 * i], b = x.data<float>()[2 * i + 1];
      EXPECT_NEAR((*out)[0].data<float>()[i], a * a + b * b, 1e-5) << "row " << i;
      EXPECT_EQ((*out)[1].data<int64_t>()[i], b > a ? 1 : 0) << "row " << i;
    }
  }
}

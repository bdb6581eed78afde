//===- ShapeFunctionsTest.cpp - shape rules of the gn op families -------===//
#include "gn/IR/GnShapes.h"
#include "gn/IR/GnOps.h"
#include "gn/InitAll.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include <gtest/gtest.h>

using namespace mlir;

TEST(Shapes, Broadcast) {
  using V = llvm::SmallVector<int64_t>;
  EXPECT_EQ(*gn::broadcastShapes({2, 1, 3}, {4, 1}), (V{2, 4, 3}));
  EXPECT_EQ(*gn::broadcastShapes({}, {5}), (V{5}));
  EXPECT_EQ(*gn::broadcastShapes({0, 3}, {1, 3}), (V{0, 3}));
  EXPECT_FALSE(gn::broadcastShapes({2, 3}, {3, 2}).has_value());
}

TEST(Shapes, SlidingWindow) {
  // conv 7x7 stride 2 pad 3 on 224 -> 112; maxpool 3 s2 p1 on 112 -> 56.
  EXPECT_EQ(gn::slidingWindowOutputSize(224, 7, 2, 3, 1, false), 112);
  EXPECT_EQ(gn::slidingWindowOutputSize(112, 3, 2, 1, 1, false), 56);
  // ceil_mode: 5 with k2 s2 -> 3, but the last window must start inside.
  EXPECT_EQ(gn::slidingWindowOutputSize(5, 2, 2, 0, 1, true), 3);
  EXPECT_EQ(gn::slidingWindowOutputSize(5, 2, 2, 0, 1, false), 2);
  EXPECT_EQ(gn::slidingWindowOutputSize(2, 3, 1, 0, 1, false), -1);
}

/// Builds ops through the same path as the importer (inferReturnTypes).
class ShapeInference : public ::testing::Test {
protected:
  ShapeInference() {
    DialectRegistry registry;
    gn::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    ctx.getDiagEngine().registerHandler([this](Diagnostic &d) {
      lastError = d.str();
      return success();
    });
  }
  Value arg(llvm::ArrayRef<int64_t> shape, Type e = {}) {
    OpBuilder b(&ctx);
    auto t = RankedTensorType::get(shape, e ? e : b.getF32Type());
    auto c = b.getZeroAttr(t);
    return gn::ConstantOp::create(b, UnknownLoc::get(&ctx), t, llvm::cast<ElementsAttr>(c));
  }
  MLIRContext ctx;
  std::string lastError;
};

TEST_F(ShapeInference, MatmulBroadcastsBatch) {
  llvm::SmallVector<Type> types;
  ASSERT_TRUE(succeeded(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({4, 2, 3}),
                                        arg({3, 5}), false, false, false, false, types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(), llvm::ArrayRef<int64_t>({4, 2, 5}));
  types.clear();
  ASSERT_TRUE(succeeded(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({3}), arg({2, 3, 5}),
                                        false, false, false, false, types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(), llvm::ArrayRef<int64_t>({2, 5}));
}

TEST_F(ShapeInference, MatmulReadsTransposedOperands) {
  llvm::SmallVector<Type> types;
  // lhs stored 3x2 (read as 2x3), rhs stored 5x3 (read as 3x5).
  ASSERT_TRUE(succeeded(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({4, 3, 2}), arg({5, 3}),
                                        true, true, false, false, types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(), llvm::ArrayRef<int64_t>({4, 2, 5}));
  types.clear();
  EXPECT_TRUE(failed(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({3}), arg({3, 5}), true,
                                     false, false, false, types)));
  EXPECT_EQ(lastError, "a transposed matmul operand must have rank >= 2");
}

TEST_F(ShapeInference, WideningMatmulTakesHalvesGivesF32) {
  llvm::SmallVector<Type> types;
  OpBuilder b(&ctx);
  ASSERT_TRUE(succeeded(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({2, 3}, b.getF16Type()),
                                        arg({5, 3}, b.getF16Type()), false, true, true, false, types)));
  EXPECT_EQ(types[0], RankedTensorType::get({2, 5}, b.getF32Type()));
  types.clear();
  EXPECT_TRUE(failed(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({2, 3}), arg({3, 5}), false,
                                     false, true, false, types)));
  EXPECT_EQ(lastError, "a widening matmul takes f16 or bf16 operands, not f32");
}

TEST_F(ShapeInference, MatmulTransposedResultSwapsHeadsAndRows) {
  llvm::SmallVector<Type> types;
  // [1, 12, 7, 64] computed, [1, 7, 12, 64] given.
  ASSERT_TRUE(succeeded(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({1, 12, 7, 7}),
                                        arg({1, 12, 7, 64}), false, false, false, true, types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(),
            llvm::ArrayRef<int64_t>({1, 7, 12, 64}));
  types.clear();
  EXPECT_TRUE(failed(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({7, 7}), arg({7, 64}), false,
                                     false, false, true, types)));
  EXPECT_EQ(lastError, "a matmul with a transposed result needs a batch dim and matrix operands");
}

TEST_F(ShapeInference, MatmulMismatchReports) {
  llvm::SmallVector<Type> types;
  EXPECT_TRUE(failed(gn::inferMatmul(&ctx, UnknownLoc::get(&ctx), arg({2, 3}), arg({4, 5}),
                                     false, false, false, false, types)));
  EXPECT_EQ(lastError, "matmul contraction sizes differ: [2, 3] @ [4, 5]");
}

TEST_F(ShapeInference, ConvGroups) {
  llvm::SmallVector<Type> types;
  ASSERT_TRUE(succeeded(gn::inferConv(&ctx, UnknownLoc::get(&ctx), arg({1, 8, 10, 10}),
                                      arg({8, 1, 3, 3}), Value(), {2, 2}, {1, 1}, {1, 1}, 8,
                                      /*channelsLast=*/false, types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(),
            llvm::ArrayRef<int64_t>({1, 8, 5, 5}));
}

// gn-channels-last's form: input [N, H, W, C], result [N, OH, OW, O].
TEST_F(ShapeInference, ConvChannelsLast) {
  llvm::SmallVector<Type> types;
  ASSERT_TRUE(succeeded(gn::inferConv(&ctx, UnknownLoc::get(&ctx), arg({1, 10, 12, 8}),
                                      arg({16, 4, 3, 3}), Value(), {2, 2}, {1, 1}, {1, 1}, 2,
                                      /*channelsLast=*/true, types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(),
            llvm::ArrayRef<int64_t>({1, 5, 6, 16}));
}

TEST_F(ShapeInference, EinsumOutput) {
  llvm::SmallVector<Type> types;
  llvm::SmallVector<Value> ins{arg({2, 3}), arg({3, 4})};
  ASSERT_TRUE(succeeded(gn::inferEinsum(&ctx, UnknownLoc::get(&ctx), ins, "ij,jk->ki", types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(), llvm::ArrayRef<int64_t>({4, 2}));
}

// An importer that leaves out a default-valued attribute (reduce_sum's
// keepdim) gets the default, not a crash in the shape function that reads
// it; the built op carries the attribute.
TEST_F(ShapeInference, CreateInferredFillsDefaultValuedAttributes) {
  OpBuilder b(&ctx);
  auto sum = gn::createInferred<gn::ReduceSumOp>(b, UnknownLoc::get(&ctx), {arg({4, 3})},
                                                  {b.getNamedAttr("dims", b.getDenseI64ArrayAttr({1}))});
  ASSERT_TRUE(succeeded(sum)) << lastError;
  EXPECT_EQ(llvm::cast<RankedTensorType>(sum->getType()).getShape(), llvm::ArrayRef<int64_t>({4}));
  EXPECT_FALSE(sum->getDefiningOp<gn::ReduceSumOp>().getKeepdim());
}

// gn.roi_align: [R, C, ph, pw]; boxes and batch indices must agree.
TEST_F(ShapeInference, RoiAlign) {
  llvm::SmallVector<Type> types;
  auto loc = UnknownLoc::get(&ctx);
  OpBuilder b(&ctx);
  ASSERT_TRUE(succeeded(gn::inferRoiAlign(&ctx, loc, arg({2, 3, 8, 8}), arg({5, 4}),
                                          arg({5}, b.getI64Type()), 7, 6, types)));
  EXPECT_EQ(llvm::cast<RankedTensorType>(types[0]).getShape(),
            llvm::ArrayRef<int64_t>({5, 3, 7, 6}));
  types.clear();
  EXPECT_TRUE(failed(gn::inferRoiAlign(&ctx, loc, arg({2, 3, 8, 8}), arg({5, 4}),
                                       arg({4}, b.getI64Type()), 7, 7, types)));
  EXPECT_NE(lastError.find("count different boxes"), std::string::npos);
}

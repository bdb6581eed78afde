//===- TensorMetaTest.cpp - weight_meta.py / input_meta.py reader -------===//
#include "gn/Import/GraphNet/TensorMeta.h"
#include <cmath>
#include <gtest/gtest.h>

using namespace mlir::gn;

TEST(TensorMeta, ReadsAllFields) {
  std::vector<TensorMeta> metas;
  MetaError err;
  ASSERT_TRUE(parseTensorMetaFile("w.py", R"(
class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3]
    dtype = "torch.float16"
    device = "cuda:0"
    mean = -0.5
    std = 0.25
    data = None
    min_val = 0
    max_val = 10


class Program_weight_tensor_meta_s0:
    name = "s0"
    shape = []
    dtype = "torch.int64"
    device = "cpu"
    mean = None
    std = float("nan")
    data = [7]
)", metas, err)) << err.message;
  ASSERT_EQ(metas.size(), 2u);
  EXPECT_EQ(metas[0].name, "L_x_");
  EXPECT_EQ(metas[0].shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(metas[0].dtype, "torch.float16");
  EXPECT_EQ(metas[0].device, "cuda:0");
  EXPECT_DOUBLE_EQ(*metas[0].mean, -0.5);
  EXPECT_DOUBLE_EQ(*metas[0].std, 0.25);
  EXPECT_FALSE(metas[0].data.has_value());
  EXPECT_DOUBLE_EQ(*metas[0].minVal, 0);
  EXPECT_DOUBLE_EQ(*metas[0].maxVal, 10);
  EXPECT_EQ(metas[0].line, 2u);
  EXPECT_TRUE(metas[1].shape.empty());
  EXPECT_FALSE(metas[1].mean.has_value());
  EXPECT_TRUE(std::isnan(*metas[1].std));
  ASSERT_TRUE(metas[1].data.has_value());
  EXPECT_EQ(*metas[1].data, (std::vector<double>{7}));
}

TEST(TensorMeta, NestedDataIsFlattened) {
  std::vector<TensorMeta> metas;
  MetaError err;
  ASSERT_TRUE(parseTensorMetaFile("w.py", "class A:\n    name = 'a'\n    shape = [2, 2]\n"
                                          "    dtype = 'torch.int64'\n"
                                          "    data = [[1, -2], [3, 4]]\n",
                                  metas, err))
      << err.message;
  EXPECT_EQ(*metas[0].data, (std::vector<double>{1, -2, 3, 4}));
}

TEST(TensorMeta, MissingFieldIsAnError) {
  std::vector<TensorMeta> metas;
  MetaError err;
  EXPECT_FALSE(parseTensorMetaFile("w.py", "class A:\n    name = 'a'\n    dtype = 'torch.float32'\n",
                                   metas, err));
  EXPECT_EQ(err.message, "meta class A lacks 'shape'");
  EXPECT_EQ(err.line, 1u);
}

TEST(TensorMeta, WrongKindIsAnError) {
  std::vector<TensorMeta> metas;
  MetaError err;
  EXPECT_FALSE(parseTensorMetaFile(
      "w.py", "class A:\n    name = 'a'\n    shape = [1]\n    dtype = 'torch.float32'\n"
              "    mean = 'high'\n",
      metas, err));
  EXPECT_EQ(err.message, "field 'mean' of A must be a number or None");
  EXPECT_EQ(err.line, 5u);
  EXPECT_EQ(err.col, 12u);
}

TEST(TensorMeta, SyntaxErrorHasPosition) {
  std::vector<TensorMeta> metas;
  MetaError err;
  EXPECT_FALSE(parseTensorMetaFile("w.py", "class A:\n    name = (\n", metas, err));
  EXPECT_GT(err.line, 0u);
  EXPECT_FALSE(err.message.empty());
}

// Found by gn-fuzz-meta: `shape = [44e556]` (Inf) was cast to int64, which
// UBSan reports as undefined. Dims past 2^53 are refused by name.
TEST(TensorMeta, HugeOrInfiniteDimIsAnError) {
  for (const char *dim : {"44e556", "1e19", "18014398509481984"}) {
    std::vector<TensorMeta> metas;
    MetaError err;
    std::string text = std::string("class A:\n    name = 'a'\n    shape = [2, ") + dim +
                       "]\n    dtype = 'torch.float32'\n";
    EXPECT_FALSE(parseTensorMetaFile("w.py", text, metas, err)) << dim;
    EXPECT_EQ(err.message, "field 'shape' of A has a dim too large") << dim;
    EXPECT_EQ(err.line, 3u);
  }
}

TEST(TensorMeta, ShapeWhoseElementCountOverflowsIsAnError) {
  std::vector<TensorMeta> metas;
  MetaError err;
  EXPECT_FALSE(parseTensorMetaFile(
      "w.py", "class A:\n    name = 'a'\n    shape = [4294967296, 4294967296]\n"
              "    dtype = 'torch.float32'\n",
      metas, err));
  EXPECT_EQ(err.message, "field 'shape' of A has more elements than an int64 holds");
}

//===- ShapeConstraintsTest.cpp - input_tensor_constraints.py and reifier keys -===//
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gtest/gtest.h"

using namespace mlir::gn;

namespace {
ShapeConstraints parse(const std::string &source) {
  ShapeConstraints c;
  MetaError error;
  EXPECT_TRUE(parseShapeConstraintsFile(source, c, error)) << error.message;
  return c;
}
} // namespace

// GraphNet's key: the symbolic shapes as Python tuples, sorted by their str
// (with its spaces), then the spaces removed; a 1-tuple keeps its comma.
TEST(ShapeConstraints, SymbolicShapesKeyAsGraphNetSerializes) {
  ShapeConstraints c = parse(R"(from sympy import Symbol
S0 = Symbol("S0")
S1 = Symbol("S1")
dynamic_dim_constraint_symbols = [S0, S1]
dynamic_dim_constraint_symbol2example_value = {S0: 2, S1: 80}
dynamic_dim_constraint_relations = []
dynamic_dim_constraint_input_shapes = [
    ([S1, 80, S0], "b"),
    ([S1], "a"),
    ([3, 3], "weight"),
    ([S0, 1], "c"),
]
)");
  // "(S1, 80, S0)" sorts before "(S1,)": a space is below ")".
  EXPECT_EQ(c.symbolicShapesKey(), "[(S0,1),(S1,80,S0),(S1,)]");
  EXPECT_EQ(c.exampleValue("S1"), 80);
  EXPECT_EQ(c.exampleValue("S2"), -1);
  ASSERT_EQ(c.inputShapes.size(), 4u);
  EXPECT_EQ(c.inputShapes[2].first[1].size, 3);
}

TEST(ShapeConstraints, RefusesWhatGnDoesNotModel) {
  ShapeConstraints c;
  MetaError error;
  EXPECT_FALSE(parseShapeConstraintsFile(R"(S0 = Symbol("S0")
dynamic_dim_constraint_symbols = [S0]
dynamic_dim_constraint_symbol2example_value = {S0: 4}
dynamic_dim_constraint_relations = [S0 > 1]
)", c, error));
  EXPECT_EQ(error.line, 4u);
  EXPECT_NE(error.message.find("relations"), std::string::npos);
  EXPECT_FALSE(parseShapeConstraintsFile("dynamic_dim_constraint_input_shapes = [([S9], \"x\")]\n",
                                         c, error));
  EXPECT_NE(error.message.find("symbol defined above"), std::string::npos);
}

// Symbolic shapes: SymExpr (the normal form, floor division, evaluation,
// parsing, the bounds that keep hostile input finite), SymbolBinding, and
// firstDifference (the oracle's comparison), and the symbolic size rules.

#include "gn/IR/FirstDifference.h"
#include "gn/Support/SymExpr.h"
#include "gn/Support/SymbolBinding.h"
#include "gn/IR/SymbolicSizes.h"
#include "gn/IR/GnShapes.h"
#include "gn/InitAll.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>

using mlir::gn::SymExpr;

namespace {

SymExpr parsed(const std::string &text) {
  std::string error;
  std::optional<SymExpr> e = SymExpr::parse(text, &error);
  EXPECT_TRUE(e.has_value()) << text << ": " << error;
  return e.value_or(SymExpr());
}

std::string normal(const std::string &text) { return parsed(text).str(); }

std::optional<int64_t> at(const SymExpr &e, std::map<std::string, int64_t> binding) {
  return e.evaluate([&](llvm::StringRef name) -> std::optional<int64_t> {
    auto it = binding.find(name.str());
    if (it == binding.end())
      return std::nullopt;
    return it->second;
  });
}

std::string parseError(const std::string &text) {
  std::string error;
  EXPECT_FALSE(SymExpr::parse(text, &error).has_value()) << text;
  return error;
}

} // namespace

TEST(SymExpr, EqualSizesPrintTheSameWhicheverWayTheyWereWritten) {
  EXPECT_EQ(normal("s1 + s0"), normal("s0 + s1"));
  EXPECT_EQ(normal("(s0 + 1) * (s0 - 1)"), "s0^2 - 1");
  EXPECT_EQ(normal("s1*s0*2 + 3 - s0*s1"), "s0*s1 + 3");
  EXPECT_EQ(normal("s0 - s0"), "0");
  EXPECT_EQ(normal("-s0 + 4"), "-s0 + 4");
  EXPECT_EQ(normal("2^3*s0"), "8*s0");
  EXPECT_EQ(normal("(s0)"), "s0");
  EXPECT_NE(parsed("s0"), parsed("s1"));
  EXPECT_EQ(parsed("3 * 4"), SymExpr::constant(12));
  EXPECT_TRUE(parsed("s0 - s0 + 7").isConstant());
  EXPECT_EQ(parsed("s0 - s0 + 7").constantValue(), 7);
  EXPECT_EQ(parsed("s0 + 7").constantValue(), std::nullopt);
}

TEST(SymExpr, FloorDivisionKeepsTheExactPartOutside) {
  EXPECT_EQ(normal("floordiv(4*s0 + 2, 2)"), "2*s0 + 1");
  EXPECT_EQ(normal("floordiv(2*s0 + 1, 2)"), "s0");  // the remainder 1 never reaches 2
  // Terms of one degree are ordered by text: "floordiv(...)" before "s0".
  EXPECT_EQ(normal("floordiv(6*s0 + s1, 4)"), "floordiv(2*s0 + s1, 4) + s0");
  EXPECT_EQ(normal("floordiv(floordiv(s0, 2), 8)"), "floordiv(s0, 16)");
  EXPECT_EQ(normal("floordiv(-s0, 3)"), "floordiv(2*s0, 3) - s0");
  EXPECT_EQ(normal("floordiv(s0, 1)"), "s0");
  EXPECT_EQ(normal("mod(4*s0 + 3, 2)"), "1");
  EXPECT_EQ(normal("floordiv(s1, 16)^2 + 1"), "floordiv(s1, 16)^2 + 1");
  EXPECT_EQ(normal("floordiv(s1, 16) * floordiv(s1, 16) + 1"), "floordiv(s1, 16)^2 + 1");
  EXPECT_EQ(normal("floordiv(-7, 2)"), "-4");
  EXPECT_EQ(normal("mod(-7, 2)"), "1");
}

TEST(SymExpr, SubstitutesExpressionsForSymbols) {
  // A kernel's workspace dims over its sizes a0, a1 become dims over the
  // shape symbols (the CUDA target's workspaceDimsAt): nested floor
  // divisions and powers included, in normal form.
  auto over = [](const std::string &text) {
    std::optional<SymExpr> e = parsed(text).substitute([](llvm::StringRef name) {
      return name == "a0"   ? std::optional<SymExpr>(parsed("s0"))
             : name == "a1" ? std::optional<SymExpr>(parsed("2*s1 + 1"))
                            : std::nullopt;
    });
    return e ? e->str() : std::string("none");
  };
  EXPECT_EQ(over("a0*a1"), normal("2*s0*s1 + s0"));
  EXPECT_EQ(over("floordiv(a1 + 1, 2)^2"), normal("(s1 + 1)^2"));
  EXPECT_EQ(over("floordiv(a0*a1 + 255, 256)"), normal("floordiv(2*s0*s1 + s0 + 255, 256)"));
  EXPECT_EQ(over("7"), "7");
  EXPECT_EQ(over("a2 + 1"), "none");
}

TEST(SymExpr, EvaluatesAtABinding) {
  SymExpr tokens = parsed("floordiv(s1, 16)^2 + 1");
  EXPECT_EQ(at(tokens, {{"s1", 224}}), 197);
  EXPECT_EQ(at(tokens, {{"s1", 15}}), 1);
  EXPECT_EQ(at(parsed("mod(s0 - 5, 3)"), {{"s0", 1}}), 2);
  EXPECT_EQ(at(parsed("s0 * s1"), {{"s0", 3}}), std::nullopt);  // s1 unbound
  EXPECT_EQ(at(parsed("s0^2"), {{"s0", int64_t(1) << 32}}), std::nullopt);  // overflow
  EXPECT_EQ(parsed("s1*floordiv(s0, 2)").symbols(), (std::set<std::string>{"s0", "s1"}));
}

TEST(SymExpr, RefusesWhatItCannotHoldAndSaysWhere) {
  EXPECT_EQ(parseError("s0 +"), "at column 5: expected an integer, a symbol, floordiv, mod or '('");
  EXPECT_EQ(parseError("floordiv(s0, 0)"), "at column 15: the divisor of floordiv must be positive");
  EXPECT_EQ(parseError("floordiv(s0)"), "at column 12: expected ',' and the divisor");
  EXPECT_EQ(parseError("s0 s1"), "at column 4: expected '+', '-', '*' or the end");
  EXPECT_EQ(parseError("99999999999999999999"), "at column 1: integer out of range");
  EXPECT_NE(parseError("9223372036854775807 + 1").find("overflows int64"), std::string::npos);
  EXPECT_NE(parseError("s0^9").find("degree"), std::string::npos);
  EXPECT_NE(parseError(std::string(40, '(') + "s0" + std::string(40, ')')).find("nested deeper"),
            std::string::npos);
  std::string deep = "s0";
  for (int k = 0; k < 20; ++k)
    deep = "floordiv(" + deep + " + s1, 2)";
  EXPECT_FALSE(SymExpr::parse(deep).has_value());
  EXPECT_FALSE(SymExpr::symbol("floordiv").has_value());
  EXPECT_FALSE(SymExpr::symbol("2s").has_value());
  EXPECT_FALSE(SymExpr::floorDiv(parsed("s0"), -2).has_value());
  // The most negative coefficient prints and reads back.
  SymExpr low = SymExpr::constant(INT64_MIN);
  EXPECT_EQ(low.str(), "-9223372036854775808");
}

// Random expressions over s0, s1 built from + - * floordiv mod: the normal
// form evaluates as the expression itself at every binding, and its text
// reads back to the same normal form.
TEST(SymExpr, AgreesWithTheExpressionItNormalizesOnRandomCases) {
  std::mt19937 rng(20261129);
  using Direct = std::function<int64_t(int64_t, int64_t)>;
  auto floorDiv = [](int64_t a, int64_t c) { return a / c - (a % c != 0 && a < 0); };
  std::function<std::pair<SymExpr, Direct>(int)> gen = [&](int depth) -> std::pair<SymExpr, Direct> {
    int kind = depth == 0 ? rng() % 3 : rng() % 8;
    switch (kind) {
    case 0: {
      int64_t c = int64_t(rng() % 11) - 3;
      return {SymExpr::constant(c), [c](int64_t, int64_t) { return c; }};
    }
    case 1:
      return {*SymExpr::symbol("s0"), [](int64_t a, int64_t) { return a; }};
    case 2:
      return {*SymExpr::symbol("s1"), [](int64_t, int64_t b) { return b; }};
    default: {
      // Depth 3 keeps every value far inside int64 at the bindings below.
      auto [x, fx] = gen(depth - 1);
      std::optional<SymExpr> e;
      Direct f;
      if (kind >= 6) {
        int64_t c = 1 + rng() % 7;
        if (kind == 6) {
          e = SymExpr::floorDiv(x, c);
          f = [=](int64_t a, int64_t b) { return floorDiv(fx(a, b), c); };
        } else {
          e = SymExpr::mod(x, c);
          f = [=](int64_t a, int64_t b) { return fx(a, b) - c * floorDiv(fx(a, b), c); };
        }
      } else {
        auto [y, fy] = gen(depth - 1);
        if (kind == 3) {
          e = SymExpr::add(x, y);
          f = [=](int64_t a, int64_t b) { return fx(a, b) + fy(a, b); };
        } else if (kind == 4) {
          e = SymExpr::sub(x, y);
          f = [=](int64_t a, int64_t b) { return fx(a, b) - fy(a, b); };
        } else {
          e = SymExpr::mul(x, y);
          f = [=](int64_t a, int64_t b) { return fx(a, b) * fy(a, b); };
        }
      }
      EXPECT_TRUE(e.has_value()) << "within the bounds, arithmetic must succeed";
      if (!e)
        return {x, fx};
      return {*e, f};
    }
    }
  };
  for (int trial = 0; trial < 400; ++trial) {
    auto [e, direct] = gen(3);
    SymExpr again = parsed(e.str());
    ASSERT_EQ(again, e) << e.str() << " read back as " << again.str();
    for (int64_t s0 : {1, 2, 3, 7, 16, 33})
      for (int64_t s1 : {1, 5, 64})
        ASSERT_EQ(at(e, {{"s0", s0}, {"s1", s1}}), direct(s0, s1))
            << e.str() << " at s0 = " << s0 << ", s1 = " << s1;
  }
}

namespace {

mlir::gn::DimUse use(const std::string &where, const std::string &size, int64_t actual) {
  return {where, parsed(size), actual};
}

std::string bindError(llvm::ArrayRef<mlir::gn::DimUse> uses) {
  std::string error;
  EXPECT_FALSE(mlir::gn::SymbolBinding::bind(uses, error).has_value());
  return error;
}

} // namespace

// A symbol assumed a multiple of a factor the variants share (`32*s1`) is
// bound by dividing; a size that is not a multiple is refused, naming it.
TEST(SymbolBinding, BindsMultiplesOfASymbol) {
  std::string error;
  std::optional<mlir::gn::SymbolBinding> b = mlir::gn::SymbolBinding::bind(
      {use("argument #0 dim 2", "32*s1", 224), use("argument #0 dim 3", "32*s1", 224),
       use("argument #1 dim 0", "16*s1", 112)},
      error);
  ASSERT_TRUE(b.has_value()) << error;
  EXPECT_EQ(b->str(), "s1 = 7");
  EXPECT_EQ(bindError({use("argument #0 dim 2", "32*s1", 200)}),
            "argument #0 dim 2 is 200, but the program takes a multiple of 32 there (32*s1)");
  EXPECT_EQ(bindError({use("argument #0 dim 2", "32*s1", 224), use("argument #0 dim 3", "32*s1", 256)}),
            "argument #0 dim 3 is 256, but s1 = 7 from argument #0 dim 2");
}

TEST(SymbolBinding, BindsFromBareSymbolsAndChecksEveryDim) {
  std::string error;
  std::optional<mlir::gn::SymbolBinding> b = mlir::gn::SymbolBinding::bind(
      {use("argument #0 dim 0", "s0", 5), use("argument #0 dim 1", "3", 3),
       use("argument #1 dim 0", "s1", 224), use("argument #2 dim 1", "floordiv(s1, 16)^2 + 1", 197),
       use("argument #3 dim 0", "s0", 5)},
      error);
  ASSERT_TRUE(b.has_value()) << error;
  EXPECT_EQ(b->str(), "s0 = 5, s1 = 224");
  EXPECT_EQ(b->lookup("s1"), 224);
  EXPECT_EQ(b->lookup("s2"), std::nullopt);
  EXPECT_EQ(b->evaluate(parsed("2*s0 - 1")), 9);
  EXPECT_EQ(b->evaluate(parsed("s0 - 6")), std::nullopt);  // a negative size
  EXPECT_EQ(b->evaluate(parsed("s2")), std::nullopt);      // unbound
}

TEST(SymbolBinding, NamesBothPlacesOfADisagreement) {
  EXPECT_EQ(bindError({use("argument #0 dim 0", "s0", 5), use("argument #2 dim 0", "s0", 6)}),
            "argument #2 dim 0 is 6, but s0 = 5 from argument #0 dim 0");
  EXPECT_EQ(bindError({use("argument #0 dim 1", "s1", 64),
                       use("argument #1 dim 1", "floordiv(s1, 16)", 5)}),
            "argument #1 dim 1 is 5, but its size floordiv(s1, 16) is 4 at s1 = 64");
  // A multiple binds (BindsMultiplesOfASymbol); s0 + 1 does not.
  EXPECT_EQ(bindError({use("argument #0 dim 0", "s0 + 1", 8)}),
            "argument #0 dim 0 has the size s0 + 1, but no argument dim is s0 alone, so s0 "
            "cannot be bound");
  EXPECT_EQ(bindError({use("argument #0 dim 0", "s0", -1)}),
            "argument #0 dim 0 has the negative size -1");
  EXPECT_EQ(bindError({use("argument #0 dim 0", "s0", 3), use("argument #1 dim 0", "s0 - 4", 0)}),
            "argument #1 dim 0: its size s0 - 4 at s0 = 3 is negative (-1)");
  EXPECT_EQ(bindError({use("argument #0 dim 0", "s0", int64_t(1) << 40),
                       use("argument #1 dim 0", "s0^2", 0)}),
            "argument #1 dim 0: its size s0^2 at s0 = 1099511627776 overflows int64");
}

namespace {

// The difference between two one-function modules, as firstDifference says it.
std::optional<std::string> differenceOf(const std::string &a, const std::string &b) {
  mlir::DialectRegistry registry;
  mlir::gn::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  auto ma = mlir::parseSourceString<mlir::ModuleOp>(a, &ctx);
  auto mb = mlir::parseSourceString<mlir::ModuleOp>(b, &ctx);
  EXPECT_TRUE(ma && mb);
  if (!ma || !mb)
    return "unparsed";
  mlir::Operation &fa = ma->getBody()->front(), &fb = mb->getBody()->front();
  return mlir::gn::firstDifference(fa.getRegion(0), fb.getRegion(0));
}

const char *kProgram = R"(
func.func @forward(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<8x4xf32> {
  %0 = gn.add %a, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %1 = gn.transpose %0 [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
})";

} // namespace

TEST(FirstDifference, SameProgramWhateverTheLocations) {
  std::string moved = std::string(kProgram);
  moved.replace(moved.find("tensor<4x8xf32>\n"), 16, "tensor<4x8xf32> loc(\"model.py\":3:1)\n");
  EXPECT_EQ(differenceOf(kProgram, moved), std::nullopt);
}

TEST(FirstDifference, NamesTheFirstOpThatDiffersAndHow) {
  std::string p = kProgram;
  auto with = [&](const std::string &from, const std::string &to) {
    std::string q = p;
    q.replace(q.find(from), from.size(), to);
    return q;
  };
  const char *square = R"(
func.func @forward(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = gn.relu %a : tensor<8x8xf32>
  %1 = gn.transpose %0 [1, 0] : tensor<8x8xf32> -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
})";
  std::string kept = square;
  kept.replace(kept.find("[1, 0]"), 6, "[0, 1]");
  std::optional<std::string> d = differenceOf(square, kept);
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->find("op #1 (gn.transpose at "), std::string::npos) << *d;
  EXPECT_NE(d->find("attribute"), std::string::npos) << *d;
  d = differenceOf(p, with("%0 = gn.add %a, %b", "%0 = gn.sub %a, %b"));
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->find("op #0 (gn.add at "), std::string::npos) << *d;
  EXPECT_NE(d->find(") is gn.sub there"), std::string::npos) << *d;
  d = differenceOf(R"(
func.func @forward(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = gn.sub %a, %b : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
})", R"(
func.func @forward(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = gn.sub %b, %a : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
})");
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->find("operand #0 is %1 here, %2 there"), std::string::npos) << *d;
  std::string wider = with("%b: tensor<8xf32>", "%b: tensor<1x8xf32>");
  wider.replace(wider.find(", tensor<8xf32> ->"), 18, ", tensor<1x8xf32> ->");
  d = differenceOf(p, wider);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(*d, "the function: argument #1 is tensor<8xf32> here, tensor<1x8xf32> there");
}

// The symbolic size rules give what the static shape functions give, at
// every size, wherever they accept the parameters.
TEST(SymbolicSizes, SlidingWindowAgreesWithTheStaticRuleAtEverySize) {
  SymExpr s0 = *SymExpr::symbol("s0");
  int accepted = 0, refused = 0;
  for (int64_t kernel : {1, 2, 3, 5, 7})
    for (int64_t stride : {1, 2, 3, 4})
      for (int64_t padding : {0, 1, 2, 3})
        for (int64_t dilation : {1, 2})
          for (bool ceil : {false, true}) {
            std::string why;
            std::optional<SymExpr> out =
                mlir::gn::sym::slidingWindowOutput(s0, kernel, stride, padding, dilation, ceil, why);
            if (!out) {
              ++refused;
              EXPECT_TRUE(ceil) << why;
              EXPECT_NE(why.find("ceil_mode"), std::string::npos) << why;
              continue;
            }
            ++accepted;
            for (int64_t in = 1; in <= 64; ++in) {
              int64_t expected =
                  mlir::gn::slidingWindowOutputSize(in, kernel, stride, padding, dilation, ceil);
              if (expected < 1)
                continue;  // the static rule refuses this size: the binding will too
              ASSERT_EQ(at(*out, {{"s0", in}}), expected)
                  << out->str() << " k=" << kernel << " s=" << stride << " p=" << padding
                  << " d=" << dilation << " ceil=" << ceil << " in=" << in;
            }
          }
  EXPECT_GT(accepted, 200);
  EXPECT_GT(refused, 0);
  std::string why;
  EXPECT_EQ(mlir::gn::sym::slidingWindowOutput(s0, 3, 2, 1, 1, false, why)->str(),
            "floordiv(s0 + 1, 2)");  // floor((s0 - 1) / 2) + 1
  EXPECT_FALSE(mlir::gn::sym::slidingWindowOutput(s0, 3, 0, 1, 1, false, why).has_value());
  EXPECT_EQ(why, "stride 0 is not positive");
  EXPECT_FALSE(
      mlir::gn::sym::slidingWindowOutput(s0, INT64_MIN, 1, 0, 2, false, why).has_value());
}

TEST(SymbolicSizes, TransposedWindowBroadcastAndProduct) {
  SymExpr s0 = *SymExpr::symbol("s0"), s1 = *SymExpr::symbol("s1");
  std::string why;
  // (in - 1) * 2 - 2 + 1 * 2 + 1 + 1 = 2 * in
  EXPECT_EQ(mlir::gn::sym::transposedWindowOutput(s0, 3, 2, 1, 1, 1, why)->str(), "2*s0");
  EXPECT_EQ(mlir::gn::sym::broadcastSizes(s0, SymExpr::constant(1), why), s0);
  EXPECT_EQ(mlir::gn::sym::broadcastSizes(SymExpr::constant(1), s1, why), s1);
  EXPECT_EQ(mlir::gn::sym::broadcastSizes(s0, s0, why), s0);
  EXPECT_FALSE(mlir::gn::sym::broadcastSizes(s0, s1, why).has_value());
  EXPECT_EQ(why, "sizes s0 and s1 do not broadcast at every size");
  EXPECT_EQ(mlir::gn::sym::product({s0, s1, SymExpr::constant(3)}, why)->str(), "3*s0*s1");
  std::vector<SymExpr> many(SymExpr::kMaxDegree + 1, s0);
  EXPECT_FALSE(mlir::gn::sym::product(many, why).has_value());
}

TEST(SymbolicSizes, ReshapeInfersTheMinusOneExactlyOrSaysWhyNot) {
  SymExpr s0 = *SymExpr::symbol("s0"), s1 = *SymExpr::symbol("s1");
  SymExpr c = SymExpr::constant(384), six = SymExpr::constant(6), sixtyFour = SymExpr::constant(64);
  std::string why;
  // [s0, s1, 384] -> [s0, -1, 6, 64]: the -1 is s1.
  auto out = mlir::gn::sym::reshapeSizes({s0, s1, c}, {s0, std::nullopt, six, sixtyFour}, why);
  ASSERT_TRUE(out.has_value()) << why;
  EXPECT_EQ((*out)[1], s1);
  // [s0, s1, 384] -> [-1, 384]: s0*s1.
  out = mlir::gn::sym::reshapeSizes({s0, s1, c}, {std::nullopt, c}, why);
  ASSERT_TRUE(out.has_value()) << why;
  EXPECT_EQ((*out)[0].str(), "s0*s1");
  // [s0, 3] -> [-1, 2]: 3*s0 / 2 is exact only for even s0.
  EXPECT_FALSE(mlir::gn::sym::reshapeSizes({s0, SymExpr::constant(3)},
                                           {std::nullopt, SymExpr::constant(2)}, why));
  EXPECT_EQ(why, "the -1 of the target shape: 2 does not divide 3*s0 at every size");
  // [s0 + 1, 4] -> [-1, 2]: 4*s0 + 4 over 2.
  out = mlir::gn::sym::reshapeSizes({*SymExpr::parse("s0 + 1"), SymExpr::constant(4)},
                                    {std::nullopt, SymExpr::constant(2)}, why);
  ASSERT_TRUE(out.has_value()) << why;
  EXPECT_EQ((*out)[0].str(), "2*s0 + 2");
  // Sizes that do not multiply to the element count at every size.
  EXPECT_FALSE(mlir::gn::sym::reshapeSizes({s0, s1}, {s1, s1}, why));
  EXPECT_EQ(why, "the target shape has s1^2 elements, the input s0*s1");
  EXPECT_FALSE(mlir::gn::sym::reshapeSizes({s0}, {std::nullopt, std::nullopt}, why));
  EXPECT_EQ(why, "more than one -1 in the target shape");
  EXPECT_FALSE(mlir::gn::sym::reshapeSizes({s0}, {std::nullopt, SymExpr::constant(0)}, why));
  EXPECT_EQ(why, "the -1 of the target shape: division by a size of 0");
  EXPECT_EQ(SymExpr::divideByTerm(*SymExpr::parse("6*s0^2*s1 + 4*s0"), *SymExpr::parse("2*s0"))
                ->str(),
            "3*s0*s1 + 2");
  EXPECT_FALSE(SymExpr::divideByTerm(*SymExpr::parse("s0 + 1"), s0).has_value());
  EXPECT_FALSE(SymExpr::divideByTerm(*SymExpr::parse("s0*s1"), *SymExpr::parse("s0 + s1")));
}

TEST(SymbolicSizes, SliceLengthAtEverySize) {
  SymExpr s0 = *SymExpr::symbol("s0");
  std::string why;
  // x[1:], x[-5:], x[::2] and x[2:-1:3] of a dim s0, at every s0 where the
  // slice is in bounds.
  struct Case { std::string start, limit; int64_t step; };
  for (const Case &c : {Case{"1", "s0", 1}, Case{"s0 - 5", "s0", 1}, Case{"0", "s0", 2},
                        Case{"2", "s0 - 1", 3}}) {
    std::optional<SymExpr> n = mlir::gn::sym::sliceSize(parsed(c.start), parsed(c.limit), c.step, why);
    ASSERT_TRUE(n.has_value()) << why;
    for (int64_t size = 5; size <= 40; ++size) {
      int64_t start = *at(parsed(c.start), {{"s0", size}});
      int64_t limit = *at(parsed(c.limit), {{"s0", size}});
      int64_t expected = 0;
      for (int64_t i = start; i < limit; i += c.step)
        ++expected;
      ASSERT_EQ(at(*n, {{"s0", size}}), expected) << n->str() << " at s0 = " << size;
    }
  }
  EXPECT_EQ(mlir::gn::sym::sliceSize(parsed("1"), s0, 1, why)->str(), "s0 - 1");
  EXPECT_FALSE(mlir::gn::sym::sliceSize(parsed("0"), s0, 0, why).has_value());
  EXPECT_EQ(why, "slice step 0 is not positive");
}

//===- ScalarOps.cpp - scalar forms of fusible gn ops --------------------===//
//
// Semantics follow the interpreter's kernels (lib/Interpreter/Elementwise
// Kernels.cpp): NaN propagates through maximum/minimum/clamp, rsqrt is
// 1 / sqrt, round is half-to-even, float -> int truncates, x -> i1 is x != 0.
// Unsigned integers (uint8) are carried as signless values of their width;
// compares, division, remainder, max/min, clamp, sign and widening take
// their unsigned forms (the interpreter computes them in uint8_t).
//
//===----------------------------------------------------------------------===//
#include "ScalarOps.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn;

static Type elementOf(Type t) {
  if (auto s = llvm::dyn_cast<ShapedType>(t))
    return s.getElementType();
  return t;
}

static bool isUnsignedInt(Type t) {
  auto i = llvm::dyn_cast<IntegerType>(elementOf(t));
  return i && i.isUnsigned();
}

Type mlir::gn::carryType(Type t) {
  t = elementOf(t);
  if (llvm::isa<Float16Type, BFloat16Type>(t))
    return Float32Type::get(t.getContext());
  if (isUnsignedInt(t)) // arith takes signless integers only
    return IntegerType::get(t.getContext(), t.getIntOrFloatBitWidth());
  return t;
}

/// An unsigned value as the signless one of its bits, and back (the casts
/// vanish when the LLVM lowering makes both the same integer type).
static Value retype(OpBuilder &b, Location loc, Value v, Type to) {
  return UnrealizedConversionCastOp::create(b, loc, to, v).getResult(0);
}

Value mlir::gn::toCarry(OpBuilder &b, Location loc, Value v) {
  Type c = carryType(v.getType());
  if (c == v.getType())
    return v;
  return isUnsignedInt(v.getType()) ? retype(b, loc, v, c) : arith::ExtFOp::create(b, loc, c, v);
}

Value mlir::gn::fromCarry(OpBuilder &b, Location loc, Value v, Type t) {
  t = elementOf(t);
  if (v.getType() == t)
    return v;
  return isUnsignedInt(t) ? retype(b, loc, v, t) : arith::TruncFOp::create(b, loc, t, v);
}

static Value floatConst(OpBuilder &b, Location loc, Type t, double v) {
  return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
}
static Value intConst(OpBuilder &b, Location loc, Type t, int64_t v) {
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
}
static Value constLike(OpBuilder &b, Location loc, Type t, double v) {
  return llvm::isa<FloatType>(t) ? floatConst(b, loc, t, v) : intConst(b, loc, t, (int64_t)v);
}

/// atan2(y, x) where both are zeros, as C and libm define it: +-0 for
/// x = +0, +-pi for x = -0, with y's sign. MLIR's constant folder of
/// math.atan2 gives NaN there, so an atan2 of two folded zeros (an empty
/// sum, a K = 0 matmul) was NaN in compiled kernels (fuzz graph seed 955116).
static Value atan2OfZeros(OpBuilder &b, Location loc, Value y, Value x, Value atan2) {
  Type t = y.getType();
  Value zero = constLike(b, loc, t, 0.0);
  auto isZero = [&](Value v) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, v, zero);
  };
  Value both = arith::AndIOp::create(b, loc, isZero(y), isZero(x));
  // x's sign bit: copysign(1, x) < 0 holds for -0.0 too.
  Value xNegative = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                          math::CopySignOp::create(b, loc, constLike(b, loc, t, 1.0), x),
                                          zero);
  Value magnitude = arith::SelectOp::create(b, loc, xNegative, constLike(b, loc, t, M_PI), zero);
  Value withSign = math::CopySignOp::create(b, loc, magnitude, y);
  return arith::SelectOp::create(b, loc, both, withSign, atan2);
}

Value mlir::gn::carryConstant(OpBuilder &b, Location loc, Operation *splatConstant) {
  auto attr = llvm::cast<DenseElementsAttr>(cast<ConstantOp>(splatConstant).getValue());
  Type c = carryType(attr.getElementType());
  if (llvm::isa<FloatType>(c))
    return floatConst(b, loc, c, attr.getSplatValue<APFloat>().convertToDouble());
  APInt v = attr.getSplatValue<APInt>();
  return arith::ConstantOp::create(b, loc, c, b.getIntegerAttr(c, v));
}

Value mlir::gn::roundThrough(OpBuilder &b, Location loc, Value v, Type t) {
  t = elementOf(t);
  if (carryType(t) == t || isUnsignedInt(t)) // (an unsigned value's bits are exact)
    return v;
  return toCarry(b, loc, arith::TruncFOp::create(b, loc, t, v));
}

/// gn's float -> integer conversion, as the interpreter's (convertFloatToInt
/// in gn/Support/NumericCast.h, what PyTorch's and PaddlePaddle's CPU
/// kernels compute): truncation toward zero into int64 (for int64 and
/// uint8) or int32 (the other types), a NaN or a value outside that range
/// giving its minimum, then the type's low bits. fptosi alone leaves
/// out-of-range values poison.
Value mlir::gn::floatToInt(OpBuilder &b, Location loc, Value v, Type intType, bool isUnsigned) {
  unsigned w = intType.getIntOrFloatBitWidth();
  unsigned wide = (w == 64 || isUnsigned) ? 64 : 32;
  Type ft = v.getType(), wideType = b.getIntegerType(wide);
  // The bounds are powers of two: exact in f32 and f64 (the carried types).
  double bound = std::ldexp(1.0, wide - 1);
  auto cmp = [&](arith::CmpFPredicate p, double x) {
    return arith::CmpFOp::create(b, loc, p, v, floatConst(b, loc, ft, x));
  };
  // Ordered comparisons: NaN is out of range.
  Value inRange = arith::AndIOp::create(b, loc, cmp(arith::CmpFPredicate::OGE, -bound),
                                        cmp(arith::CmpFPredicate::OLT, bound));
  Value safe = arith::SelectOp::create(b, loc, inRange, v, floatConst(b, loc, ft, 0.0));
  Value t = arith::FPToSIOp::create(b, loc, wideType, safe);
  Value min = arith::ConstantOp::create(
      b, loc, wideType, b.getIntegerAttr(wideType, APInt::getSignedMinValue(wide)));
  Value r = arith::SelectOp::create(b, loc, inRange, t, min);
  return w < wide ? Value(arith::TruncIOp::create(b, loc, intType, r)) : r;
}

static Value convert(OpBuilder &b, Location loc, Value v, Type from, Type to) {
  Type c = carryType(to);
  bool fromFloat = llvm::isa<FloatType>(from), toFloat = llvm::isa<FloatType>(to);
  if (to.isInteger(1)) {
    Value zero = constLike(b, loc, v.getType(), 0);
    return fromFloat ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, zero))
                     : Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero));
  }
  if (fromFloat && toFloat) {
    unsigned fw = v.getType().getIntOrFloatBitWidth(), tw = c.getIntOrFloatBitWidth();
    Value r = fw < tw ? Value(arith::ExtFOp::create(b, loc, c, v))
              : fw > tw ? Value(arith::TruncFOp::create(b, loc, c, v)) : v;
    return roundThrough(b, loc, r, to);
  }
  if (fromFloat)
    return floatToInt(b, loc, v, c, to.isUnsignedInteger());
  bool fromUnsigned = from.isInteger(1) || isUnsignedInt(from);
  if (toFloat) {
    Value r = fromUnsigned ? Value(arith::UIToFPOp::create(b, loc, c, v))
                           : Value(arith::SIToFPOp::create(b, loc, c, v));
    return roundThrough(b, loc, r, to);
  }
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw == tw)
    return v;
  if (fw > tw)
    return arith::TruncIOp::create(b, loc, c, v);
  return fromUnsigned ? Value(arith::ExtUIOp::create(b, loc, c, v))
                      : Value(arith::ExtSIOp::create(b, loc, c, v));
}

static Value compare(OpBuilder &b, Location loc, Operation *op, Value x, Value y,
                     bool isUnsigned) {
  if (llvm::isa<FloatType>(x.getType())) {
    auto p = llvm::TypeSwitch<Operation *, arith::CmpFPredicate>(op)
                 .Case([](EqOp) { return arith::CmpFPredicate::OEQ; })
                 .Case([](NeOp) { return arith::CmpFPredicate::UNE; })
                 .Case([](LtOp) { return arith::CmpFPredicate::OLT; })
                 .Case([](LeOp) { return arith::CmpFPredicate::OLE; })
                 .Case([](GtOp) { return arith::CmpFPredicate::OGT; })
                 .Default([](Operation *) { return arith::CmpFPredicate::OGE; });
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  bool u = x.getType().isInteger(1) || isUnsigned;
  using P = arith::CmpIPredicate;
  auto p = llvm::TypeSwitch<Operation *, P>(op)
               .Case([](EqOp) { return P::eq; })
               .Case([](NeOp) { return P::ne; })
               .Case([&](LtOp) { return u ? P::ult : P::slt; })
               .Case([&](LeOp) { return u ? P::ule : P::sle; })
               .Case([&](GtOp) { return u ? P::ugt : P::sgt; })
               .Default([&](Operation *) { return u ? P::uge : P::sge; });
  return arith::CmpIOp::create(b, loc, p, x, y);
}

/// An integer divisor that cannot trap: 1 where y is 0 or -1 (sdiv/srem by
/// 0 is undefined, and the minimum by -1 traps on x86); the callers select
/// their results for those two cases.
struct TrapFreeDivisor {
  Value byZero, byMinusOne, divisor;
};

/// Calls kDivisionByZeroCallback where `byZero` holds: PyTorch and
/// PaddlePaddle raise on an integer x / 0, x // 0 and x % 0, and the
/// runtime fails the run with that error (the result selected for it is
/// never seen). The callback is declared once in the kernel module.
static void reportDivisionByZero(OpBuilder &b, Location loc, Value byZero, ModuleOp kernels) {
  auto callback = kernels.lookupSymbol<func::FuncOp>(kDivisionByZeroCallback);
  if (!callback) {
    OpBuilder mb = OpBuilder::atBlockBegin(kernels.getBody());
    callback = func::FuncOp::create(mb, loc, kDivisionByZeroCallback, mb.getFunctionType({}, {}));
    callback.setPrivate();
  }
  auto check = scf::IfOp::create(b, loc, byZero, /*withElseRegion=*/false);
  OpBuilder tb = check.getThenBodyBuilder();
  func::CallOp::create(tb, loc, callback, ValueRange{});
}

static TrapFreeDivisor trapFreeDivisor(OpBuilder &b, Location loc, Value y, ModuleOp kernels) {
  using P = arith::CmpIPredicate;
  Type t = y.getType();
  Value byZero = arith::CmpIOp::create(b, loc, P::eq, y, constLike(b, loc, t, 0));
  reportDivisionByZero(b, loc, byZero, kernels);
  Value minusOne = arith::CmpIOp::create(b, loc, P::eq, y, constLike(b, loc, t, -1));
  Value either = arith::OrIOp::create(b, loc, byZero, minusOne);
  Value one = constLike(b, loc, t, 1);
  return {byZero, minusOne, arith::SelectOp::create(b, loc, either, one, y)};
}

/// All ones where the truncated remainder r is nonzero and its sign differs
/// from the divisor y's (floor division then steps the quotient down, and
/// Python's remainder adds y), else 0: ((r ^ y) & (r | -r)) >> (bits - 1),
/// integer arithmetic only. Written with i1 compares and selects, LLVM 22's
/// x86 backend at -O1/-O2 with AVX-512 vectorized the sign test into a
/// k-mask it never initialized (kshiftrb of k0), and floor_div(-1, 3) gave 0
/// in some lanes (found by test/fuzz/fuzz_diff.py, graph seed 20785).
static Value floorStep(OpBuilder &b, Location loc, Value r, Value y) {
  Type t = r.getType();
  Value negR = arith::SubIOp::create(b, loc, constLike(b, loc, t, 0), r);
  Value signs = arith::AndIOp::create(b, loc, arith::XOrIOp::create(b, loc, r, y),
                                      arith::OrIOp::create(b, loc, r, negR));
  unsigned bits = t.getIntOrFloatBitWidth();
  return arith::ShRSIOp::create(b, loc, signs, constLike(b, loc, t, bits - 1));
}

/// Python's x % y (the sign of y), as the interpreter's pyRem: fmod (or
/// srem), plus y when the remainder is nonzero and its sign differs from
/// y's. Integer x % 0 reports a division by zero (and is 0: srem by a
/// divisor of 1 stands in for it).
static Value pythonRemainder(OpBuilder &b, Location loc, Value x, Value y, ModuleOp kernels) {
  Type t = x.getType();
  Value zero = constLike(b, loc, t, 0);
  if (llvm::isa<FloatType>(t)) {
    using P = arith::CmpFPredicate;
    Value r = arith::RemFOp::create(b, loc, x, y);
    Value fix = arith::AndIOp::create(
        b, loc, arith::CmpFOp::create(b, loc, P::UNE, r, zero),
        arith::XOrIOp::create(b, loc, arith::CmpFOp::create(b, loc, P::OLT, r, zero),
                              arith::CmpFOp::create(b, loc, P::OLT, y, zero)));
    return arith::SelectOp::create(b, loc, fix, arith::AddFOp::create(b, loc, r, y), r);
  }
  // x % -1 is 0 anyway; x % 0 is selected below.
  auto [byZero, byMinusOne, divisor] = trapFreeDivisor(b, loc, y, kernels);
  (void)byMinusOne;
  Value r = arith::RemSIOp::create(b, loc, x, divisor);
  r = arith::AddIOp::create(b, loc, r, arith::AndIOp::create(b, loc, y, floorStep(b, loc, r, y)));
  return arith::SelectOp::create(b, loc, byZero, zero, r);
}

/// Python's float x // y, as the interpreter's floorDiv (PyTorch's and
/// PaddlePaddle's kernels): (x - fmod(x, y)) / y, one less where the
/// remainder's sign differs from y's, then floored (rounded up past .5, for
/// a quotient an ulp below a whole number); a zero quotient keeps the sign of
/// x / y; x // 0 is x / 0. Not floor(x / y), whose division rounds first
/// (1.0f // 0.1f is 9).
static Value pythonFloorDivision(OpBuilder &b, Location loc, Value x, Value y) {
  using P = arith::CmpFPredicate;
  Type t = x.getType();
  Value zero = constLike(b, loc, t, 0), one = constLike(b, loc, t, 1);
  auto cmp = [&](P p, Value l, Value r) { return arith::CmpFOp::create(b, loc, p, l, r); };
  Value quotient = arith::DivFOp::create(b, loc, x, y);
  Value mod = arith::RemFOp::create(b, loc, x, y);
  Value div = arith::DivFOp::create(b, loc, arith::SubFOp::create(b, loc, x, mod), y);
  Value step = arith::AndIOp::create(
      b, loc, cmp(P::UNE, mod, zero),
      arith::XOrIOp::create(b, loc, cmp(P::OLT, y, zero), cmp(P::OLT, mod, zero)));
  div = arith::SelectOp::create(b, loc, step, arith::SubFOp::create(b, loc, div, one), div);
  Value whole = math::FloorOp::create(b, loc, div);
  Value up = cmp(P::OGT, arith::SubFOp::create(b, loc, div, whole), constLike(b, loc, t, 0.5));
  whole = arith::SelectOp::create(b, loc, up, arith::AddFOp::create(b, loc, whole, one), whole);
  Value r = arith::SelectOp::create(b, loc, cmp(P::OEQ, div, zero),
                                    math::CopySignOp::create(b, loc, zero, quotient), whole);
  return arith::SelectOp::create(b, loc, cmp(P::OEQ, y, zero), quotient, r);
}

/// Integer division as the interpreter's truncDiv / floorDiv: x / 0
/// reports a division by zero (its selected result 0 is never seen),
/// x / -1 is 0 - x (wrapping; sdiv of the minimum by -1 traps on x86, so 1
/// stands in as the divisor for both and the result is selected); floor
/// division steps the truncated quotient down when the remainder is nonzero
/// and the operands' signs differ.
static Value integerDivision(OpBuilder &b, Location loc, Value x, Value y, bool floor,
                             ModuleOp kernels) {
  Type t = x.getType();
  Value zero = constLike(b, loc, t, 0);
  auto [byZero, byMinusOne, divisor] = trapFreeDivisor(b, loc, y, kernels);
  Value q = arith::DivSIOp::create(b, loc, x, divisor);
  if (floor) // q - 1 where the remainder is nonzero and the signs differ
    q = arith::AddIOp::create(b, loc, q,
                              floorStep(b, loc, arith::RemSIOp::create(b, loc, x, divisor), y));
  Value negated = arith::SubIOp::create(b, loc, zero, x);
  Value r = arith::SelectOp::create(b, loc, byMinusOne, negated, q);
  return arith::SelectOp::create(b, loc, byZero, zero, r);
}

/// Unsigned x / y (floor division is the same) or x % y, as the
/// interpreter's in uint8_t: x / 0 and x % 0 report a division by zero
/// (1 stands in as the divisor there: udiv by 0 is undefined).
static Value unsignedDivision(OpBuilder &b, Location loc, Value x, Value y, bool remainder,
                              ModuleOp kernels) {
  Type t = x.getType();
  Value zero = constLike(b, loc, t, 0);
  Value byZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
  reportDivisionByZero(b, loc, byZero, kernels);
  Value divisor = arith::SelectOp::create(b, loc, byZero, constLike(b, loc, t, 1), y);
  Value r = remainder ? Value(arith::RemUIOp::create(b, loc, x, divisor))
                      : Value(arith::DivUIOp::create(b, loc, x, divisor));
  return arith::SelectOp::create(b, loc, byZero, zero, r);
}

/// x ** e for integers, as the interpreter computes it: the product of e
/// factors x wrapping at the type's width (square and multiply over e's
/// bits gives the same product: multiplication mod 2^w is associative), 1
/// for e = 0, and for a negative e 1 where x = 1, (-1)^e where x = -1, else
/// 0 (PyTorch's). Bools: e ? x : 1.
static Value integerPower(OpBuilder &b, Location loc, Value x, Value e, bool isBool,
                          bool isUnsigned) {
  Type t = x.getType();
  if (isBool)
    return arith::SelectOp::create(b, loc, e, x, intConst(b, loc, t, 1));
  unsigned w = t.getIntOrFloatBitWidth();
  Value one = intConst(b, loc, t, 1), zero = intConst(b, loc, t, 0);
  Value r = one, square = x, rest = e;
  for (unsigned i = 0; i < w; ++i) {
    Value bit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                      arith::AndIOp::create(b, loc, rest, one), zero);
    r = arith::SelectOp::create(b, loc, bit, arith::MulIOp::create(b, loc, r, square), r);
    if (i + 1 < w) {
      square = arith::MulIOp::create(b, loc, square, square);
      rest = arith::ShRUIOp::create(b, loc, rest, one);
    }
  }
  if (isUnsigned)
    return r;
  // 1 / x^-e truncated: 1 for x = 1, (-1)^e for x = -1 (r, by e's
  // bits), else 0.
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, e, zero);
  Value isOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, one);
  Value isMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, intConst(b, loc, t, -1));
  Value inverse = arith::SelectOp::create(b, loc, isOne, one,
                                          arith::SelectOp::create(b, loc, isMinusOne, r, zero));
  return arith::SelectOp::create(b, loc, negative, inverse, r);
}

static bool isCompare(Operation *op) { return isa<EqOp, NeOp, LtOp, LeOp, GtOp, GeOp>(op); }

Value mlir::gn::emitScalar(OpBuilder &b, Operation *op, llvm::ArrayRef<Value> in,
                          ModuleOp kernels) {
  Location loc = op->getLoc();
  Value x = in[0];
  Type t = x.getType();
  bool isFloat = llvm::isa<FloatType>(t);
  bool isBool = t.isInteger(1);
  // The gn operand's type says what the carried bits mean.
  bool isUnsigned = isUnsignedInt(op->getOperand(0).getType());
  bool u = isBool || isUnsigned; // unsigned compares and max/min
  if (isCompare(op))
    return compare(b, loc, op, x, in[1], isUnsigned);
  if (auto c = dyn_cast<ConvertOp>(op))
    return convert(b, loc, x, elementOf(c.getInput().getType()), c.getDtype());
  if (isa<WhereOp>(op))
    return arith::SelectOp::create(b, loc, in[0], in[1], in[2]);
  if (auto c = dyn_cast<ClampOp>(op)) {
    // Comparisons with NaN are false, so NaN passes through as torch does.
    // An integer bound outside the type's range saturates to it (clamp(uint8,
    // min=-1) leaves every value, as the interpreter's wide compare does;
    // the bits of -1 were 255 before).
    auto bound = [&](double v) {
      auto i = llvm::dyn_cast<IntegerType>(t);
      if (isFloat || !i || isBool)
        return v;
      unsigned w = i.getWidth();
      double lo = u ? 0.0 : -std::ldexp(1.0, w - 1), hi = std::ldexp(1.0, u ? w : w - 1) - 1;
      return std::min(std::max(v, lo), hi);
    };
    auto constBound = [&](double v) -> Value {
      double sat = bound(v);
      // An unsigned bound above the signed range: the same bits, as the
      // signless constant's (negative) signed value.
      unsigned w = t.getIntOrFloatBitWidth();
      if (u && !isBool && !isFloat && w < 64 && sat >= std::ldexp(1.0, w - 1))
        return intConst(b, loc, t, (int64_t)sat - ((int64_t)1 << w));
      return constLike(b, loc, t, sat);
    };
    Value r = x;
    if (c.getMin()) {
      Value lo = constBound(c.getMin()->convertToDouble());
      Value below = isFloat ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, r, lo))
                            : Value(arith::CmpIOp::create(
                                  b, loc, u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
                                  r, lo));
      r = arith::SelectOp::create(b, loc, below, lo, r);
    }
    if (c.getMax()) {
      Value hi = constBound(c.getMax()->convertToDouble());
      Value above = isFloat ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, r, hi))
                            : Value(arith::CmpIOp::create(
                                  b, loc, u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt,
                                  r, hi));
      r = arith::SelectOp::create(b, loc, above, hi, r);
    }
    return r;
  }
  if (isa<SignOp>(op)) {
    Value zero = constLike(b, loc, t, 0), one = constLike(b, loc, t, 1),
          minus = constLike(b, loc, t, -1);
    Value pos = isFloat ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero))
                        : Value(arith::CmpIOp::create(
                              b, loc, u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt, x,
                              zero));
    // (An unsigned value is never below zero.)
    Value neg = isFloat ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero))
                        : Value(arith::CmpIOp::create(
                              b, loc, u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt, x,
                              zero));
    return arith::SelectOp::create(b, loc, pos, one,
                                   arith::SelectOp::create(b, loc, neg, minus, zero));
  }
  if (isFloat) {
    auto one = [&] { return floatConst(b, loc, t, 1.0); };
    Value r = llvm::TypeSwitch<Operation *, Value>(op)
        .Case([&](NegOp) { return arith::NegFOp::create(b, loc, x); })
        .Case([&](AbsOp) { return math::AbsFOp::create(b, loc, x); })
        .Case([&](ExpOp) { return math::ExpOp::create(b, loc, x); })
        .Case([&](LogOp) { return math::LogOp::create(b, loc, x); })
        .Case([&](Log1pOp) { return math::Log1pOp::create(b, loc, x); })
        .Case([&](SqrtOp) { return math::SqrtOp::create(b, loc, x); })
        .Case([&](RsqrtOp) {
          return arith::DivFOp::create(b, loc, one(), math::SqrtOp::create(b, loc, x));
        })
        .Case([&](SinOp) { return math::SinOp::create(b, loc, x); })
        .Case([&](CosOp) { return math::CosOp::create(b, loc, x); })
        .Case([&](TanhOp) { return math::TanhOp::create(b, loc, x); })
        .Case([&](ErfOp) { return math::ErfOp::create(b, loc, x); })
        .Case([&](FloorOp) { return math::FloorOp::create(b, loc, x); })
        .Case([&](CeilOp) { return math::CeilOp::create(b, loc, x); })
        .Case([&](RoundOp) { return math::RoundEvenOp::create(b, loc, x); })
        .Case([&](TruncOp) { return math::TruncOp::create(b, loc, x); })
        .Case([&](ReciprocalOp) { return arith::DivFOp::create(b, loc, one(), x); })
        .Case([&](SigmoidOp) {
          Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
          Value c1 = one();
          return arith::DivFOp::create(b, loc, c1, arith::AddFOp::create(b, loc, c1, e));
        })
        .Case([&](AddOp) { return arith::AddFOp::create(b, loc, x, in[1]); })
        .Case([&](SubOp) { return arith::SubFOp::create(b, loc, x, in[1]); })
        .Case([&](MulOp) { return arith::MulFOp::create(b, loc, x, in[1]); })
        .Case([&](DivOp) { return arith::DivFOp::create(b, loc, x, in[1]); })
        .Case([&](FloorDivOp) { return pythonFloorDivision(b, loc, x, in[1]); })
        .Case([&](PowOp) { return math::PowFOp::create(b, loc, x, in[1]); })
        .Case([&](Atan2Op) -> Value {
          // In f64 and rounded once, as the interpreter (libm's atan2 on
          // the CPU, so bit for bit; libdevice's on CUDA).
          Type f64 = b.getF64Type();
          if (t == f64)
            return atan2OfZeros(b, loc, x, in[1], math::Atan2Op::create(b, loc, x, in[1]));
          Value wx = arith::ExtFOp::create(b, loc, f64, x);
          Value wy = arith::ExtFOp::create(b, loc, f64, in[1]);
          Value r = arith::TruncFOp::create(b, loc, t, math::Atan2Op::create(b, loc, wx, wy));
          return atan2OfZeros(b, loc, x, in[1], r);
        })
        .Case([&](RemOp) { return pythonRemainder(b, loc, x, in[1], kernels); })
        .Case([&](MaximumOp) { return arith::MaximumFOp::create(b, loc, x, in[1]); })
        .Case([&](MinimumOp) { return arith::MinimumFOp::create(b, loc, x, in[1]); })
        .Default([](Operation *) { return Value(); });
    if (!r)
      op->emitError("no scalar form of this op in compiled kernels");
    return r;
  }
  Value r = llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](PowOp) { return integerPower(b, loc, x, in[1], isBool, u); })
      .Case([&](NegOp) { return arith::SubIOp::create(b, loc, intConst(b, loc, t, 0), x); })
      .Case([&](AbsOp) { return u ? x : Value(math::AbsIOp::create(b, loc, x)); })
      .Case([&](AddOp) {
        return isBool ? Value(arith::OrIOp::create(b, loc, x, in[1]))
                      : Value(arith::AddIOp::create(b, loc, x, in[1]));
      })
      .Case([&](SubOp) { return arith::SubIOp::create(b, loc, x, in[1]); })
      .Case([&](RemOp) {
        return isUnsigned ? unsignedDivision(b, loc, x, in[1], /*remainder=*/true, kernels)
                          : pythonRemainder(b, loc, x, in[1], kernels);
      })
      .Case([&](DivOp) {
        return isUnsigned ? unsignedDivision(b, loc, x, in[1], /*remainder=*/false, kernels)
                          : integerDivision(b, loc, x, in[1], /*floor=*/false, kernels);
      })
      .Case([&](FloorDivOp) {
        return isUnsigned ? unsignedDivision(b, loc, x, in[1], /*remainder=*/false, kernels)
                          : integerDivision(b, loc, x, in[1], /*floor=*/true, kernels);
      })
      .Case([&](MulOp) {
        return isBool ? Value(arith::AndIOp::create(b, loc, x, in[1]))
                      : Value(arith::MulIOp::create(b, loc, x, in[1]));
      })
      .Case([&](MaximumOp) {
        return u ? Value(arith::MaxUIOp::create(b, loc, x, in[1]))
                 : Value(arith::MaxSIOp::create(b, loc, x, in[1]));
      })
      .Case([&](MinimumOp) {
        return u ? Value(arith::MinUIOp::create(b, loc, x, in[1]))
                 : Value(arith::MinSIOp::create(b, loc, x, in[1]));
      })
      .Case([&](AndOp) { return arith::AndIOp::create(b, loc, x, in[1]); })
      .Case([&](OrOp) { return arith::OrIOp::create(b, loc, x, in[1]); })
      .Case([&](XorOp) { return arith::XOrIOp::create(b, loc, x, in[1]); })
      .Case([&](NotOp) { return arith::XOrIOp::create(b, loc, x, intConst(b, loc, t, -1)); })
      .Default([](Operation *) { return Value(); });
  if (!r)
    op->emitError("no scalar form of this op in compiled kernels");
  return r;
}

//===- Generators.cpp - arange and random kernels ---------------------------===//
#include "Emitter.h"
#include "gn/Support/RandomStream.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

/// out[i] = start + step * i, computed in f64 and stored as the
/// interpreter stores a double (storedAnyFromF64).
LogicalResult CopyKernelEmitter::emitArange(OpBuilder &b, Location loc, ArangeOp op, Value out) {
  Type e = llvm::cast<MemRefType>(out.getType()).getElementType();
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  overOutput(
      b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
        Value i = arith::IndexCastOp::create(nb, nloc, i64, linalg::IndexOp::create(nb, nloc, 0));
        Value v = arith::AddFOp::create(
            nb, nloc,
            arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(
                                                         op.getStart().convertToDouble())),
            arith::MulFOp::create(
                nb, nloc,
                arith::ConstantOp::create(nb, nloc, f64,
                                          nb.getF64FloatAttr(op.getStep().convertToDouble())),
                arith::SIToFPOp::create(nb, nloc, f64, i)));
        linalg::YieldOp::create(nb, nloc, storedAnyFromF64(nb, nloc, v, e));
      });
  return success();
}

/// gn's random stream (gn/Support/RandomStream.h), element by element
/// from its row-major position: the same integer and f64 operations as
/// the interpreter, so the same bits.
LogicalResult CopyKernelEmitter::emitRandom(OpBuilder &b, Location loc, RandomOp op, Value out) {
  auto outType = llvm::cast<MemRefType>(out.getType());
  Type e = outType.getElementType(), f64 = b.getF64Type(), i64 = b.getI64Type();
  llvm::StringRef distribution = op.getDistribution();
  uint64_t base = random::streamBase(op.getSeed());
  overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
    auto word = [&](uint64_t v) -> Value {
      return arith::ConstantOp::create(nb, nloc, i64, nb.getI64IntegerAttr(int64_t(v)));
    };
    auto real = [&](double v) -> Value {
      return arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(v));
    };
    if (distribution == "empty") {
      linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, real(0), e));
      return;
    }
    // Row-major position.
    Value pos = word(0);
    for (int64_t d = 0; d < outType.getRank(); ++d) {
      Value i = arith::IndexCastOp::create(nb, nloc, i64, linalg::IndexOp::create(nb, nloc, d));
      pos = arith::AddIOp::create(
          nb, nloc, arith::MulIOp::create(nb, nloc, pos, word(outType.getDimSize(d))), i);
    }
    auto xorShift = [&](Value z, uint64_t k) -> Value {
      return arith::XOrIOp::create(nb, nloc, z, arith::ShRUIOp::create(nb, nloc, z, word(k)));
    };
    // uniform(base, counter): mix(base + (counter + 1) * golden), its top
    // `significand` bits times 2^-significand.
    auto uniform = [&](Value counter, unsigned significand) -> Value {
      Value z = arith::AddIOp::create(
          nb, nloc, word(base),
          arith::MulIOp::create(nb, nloc, arith::AddIOp::create(nb, nloc, counter, word(1)),
                                word(random::kGolden)));
      z = arith::MulIOp::create(nb, nloc, xorShift(z, 30), word(random::kMix1));
      z = arith::MulIOp::create(nb, nloc, xorShift(z, 27), word(random::kMix2));
      z = arith::ShRUIOp::create(nb, nloc, xorShift(z, 31), word(64 - significand));
      return arith::MulFOp::create(nb, nloc, arith::UIToFPOp::create(nb, nloc, f64, z),
                                   real(std::ldexp(1.0, -int(significand))));
    };
    Value v;
    if (distribution == "uniform") {
      v = uniform(pos, llvm::cast<FloatType>(e).getFPMantissaWidth());
    } else {
      Value twice = arith::MulIOp::create(nb, nloc, pos, word(2));
      Value u1 = arith::SubFOp::create(nb, nloc, real(1.0), uniform(twice, 53));
      Value u2 = uniform(arith::AddIOp::create(nb, nloc, twice, word(1)), 53);
      Value radius = math::SqrtOp::create(
          nb, nloc, arith::MulFOp::create(nb, nloc, real(-2.0), math::LogOp::create(nb, nloc, u1)));
      Value angle = math::CosOp::create(nb, nloc,
                                        arith::MulFOp::create(nb, nloc, real(random::kTwoPi), u2));
      v = arith::MulFOp::create(nb, nloc, radius, angle);
    }
    linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, v, e));
  });
  return success();
}

//===- InitAll.cpp - the one registration entry point of gn -------------===//
#include "gn/InitAll.h"
#include "gn/IR/GnDialect.h"
#include "gn/Transforms/Passes.h"
#include "gn/Conversion/Passes.h"
#include "gn/Pipelines/Pipelines.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void mlir::gn::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::gn::GnDialect, mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::LLVM::LLVMDialect>();
}

void mlir::gn::registerAllPasses() {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  mlir::gn::registerGnPasses();
  mlir::gn::registerGnConversionPasses();
  mlir::gn::registerPipelines();
}

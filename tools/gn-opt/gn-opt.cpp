//===- gn-opt.cpp - mlir-opt for the gn dialect ---------------------------===//
#include "gn/InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::gn::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::gn::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "gn optimizer driver\n", registry));
}

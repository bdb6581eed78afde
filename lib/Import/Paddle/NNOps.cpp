#include "PaddleOps.h"

using namespace mlir;
using namespace mlir::gn::import;

void paddle::registerNNOps(OpRegistry &registry) {}

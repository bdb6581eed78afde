//===- CudaAssemble.h - PTX to SASS ahead of time (ptxas) ------*- C++ -*-===//
#ifndef GN_LIB_TARGET_CUDA_CUDAASSEMBLE_H
#define GN_LIB_TARGET_CUDA_CUDAASSEMBLE_H

#include "gn/Target/CUDA/CudaProgram.h"
#include <string>

namespace mlir::gn::cuda {

/// What assembling a program's modules did.
struct AssembleResult {
  int modules = 0;      // given a cubin
  double seconds = 0;   // wall time of the ptxas runs
  std::string skipped;  // why none was made (no ptxas, GN_CUDA_CUBIN=0); "" if made
};

/// Runs ptxas -arch=<program.chip> on every PTX module, several at a time,
/// and keeps each module's cubin (SASS for that chip) beside its PTX: the
/// driver then loads it as is, where it would otherwise JIT-compile the
/// PTX at every load (run 2: median 0.5 s a program, 6.5 s for
/// DenseNet-121 on an H200). Without ptxas under `toolkit` (or not
/// `enabled`: the cubin switch, GN_CUDA_CUBIN=0) no module gets one and the
/// result says why. A module ptxas rejects is an error naming it and
/// ptxas's message.
bool assembleCubins(Program &program, const std::string &toolkit, bool enabled,
                    AssembleResult &result, std::string &error);

} // namespace mlir::gn::cuda

#endif // GN_LIB_TARGET_CUDA_CUDAASSEMBLE_H

//===- CudaTiming.h - time library calls on the stream at load -----------===//
//
// What the GEMM and convolution algorithm choices share (CudaGemm.cpp,
// CudaConv.cpp): two events around a batch of calls on the stream, and a
// warm-up that brings the card's clocks up before anything is timed (an
// idle H200 runs at 345 MHz, run 2's clocks.csv, and candidates timed while
// it speeds up would rank by when they ran).
//
// A call returns false for a refusal (the library cannot run that
// candidate: `error` stays empty, the caller skips it) or sets `error` for
// a failure that ends the choice.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_TARGET_CUDA_CUDATIMING_H
#define GN_LIB_TARGET_CUDA_CUDATIMING_H

#include "CudaApi.h"
#include <functional>
#include <string>

namespace mlir::gn::cuda {

class StreamTimer {
public:
  StreamTimer(const Driver &driver, CUstream stream) : driver(driver), stream(stream) {}
  ~StreamTimer();
  StreamTimer(const StreamTimer &) = delete;
  StreamTimer &operator=(const StreamTimer &) = delete;

  /// Creates the two events; false with `error`.
  bool create(std::string &error);
  /// Runs `call` `runs` times between the events and waits: the device
  /// milliseconds in `ms`. False if a call refused or CUDA failed (`error`
  /// set, naming `what`, only for the latter).
  bool time(int runs, const std::function<bool()> &call, float &ms, const char *what,
            std::string &error);
  /// Batches of 10 calls until `targetMs` of device time (at most
  /// `maxBatches`). A refusal ends it quietly; false only with `error`.
  bool warmUp(float targetMs, int maxBatches, const std::function<bool()> &call,
              std::string &error);

private:
  bool check(CUresult r, const char *what, std::string &error);

  const Driver &driver;
  CUstream stream;
  CUevent begin = nullptr, end = nullptr;
};

} // namespace mlir::gn::cuda

#endif // GN_LIB_TARGET_CUDA_CUDATIMING_H

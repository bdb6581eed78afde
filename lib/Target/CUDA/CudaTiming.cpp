//===- CudaTiming.cpp - time library calls on the stream at load ---------===//
#include "CudaTiming.h"

using namespace mlir::gn::cuda;

StreamTimer::~StreamTimer() {
  for (CUevent e : {begin, end})
    if (e)
      driver.eventDestroy(e);
}

bool StreamTimer::check(CUresult r, const char *what, std::string &error) {
  if (r)
    error = std::string(what) + ": " + driver.describe(r);
  return r == 0;
}

bool StreamTimer::create(std::string &error) {
  return check(driver.eventCreate(&begin, 0), "cuEventCreate", error) &&
         check(driver.eventCreate(&end, 0), "cuEventCreate", error);
}

bool StreamTimer::time(int runs, const std::function<bool()> &call, float &ms, const char *what,
                       std::string &error) {
  ms = 0;
  if (!check(driver.eventRecord(begin, stream), "cuEventRecord", error))
    return false;
  for (int r = 0; r < runs; ++r)
    if (!call())
      return false;
  return check(driver.eventRecord(end, stream), "cuEventRecord", error) &&
         check(driver.eventSynchronize(end), what, error) &&
         check(driver.eventElapsedTime(&ms, begin, end), "cuEventElapsedTime", error);
}

bool StreamTimer::warmUp(float targetMs, int maxBatches, const std::function<bool()> &call,
                         std::string &error) {
  float warm = 0;
  for (int batch = 0; warm < targetMs && batch < maxBatches; ++batch) {
    float ms = 0;
    if (!time(10, call, ms, "warming up the card", error))
      break; // refused, or the timing failed: no (further) warm-up
    warm += ms;
  }
  return error.empty();
}

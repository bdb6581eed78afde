//===- CudaModel.cpp - a CUDA program ready to run ------------------------===//
#include "gn/Target/CUDA/CudaModel.h"

using namespace mlir::gn;
using namespace mlir::gn::cuda;
using mlir::gn::interp::HostTensor;

bool CudaModel::load(std::string &error) {
  if (!executor)
    executor = CudaExecutor::load(program_, switches, error);
  return executor != nullptr;
}

bool CudaModel::run(const std::vector<HostTensor> &args, std::vector<HostTensor> &out,
                    std::string &error) {
  if (!load(error))
    return false;
  // The first run is checked step by step (a fault names its op); later
  // runs replay the captured CUDA graph.
  bool first = !graphTried;
  if (!executor->setArguments(args, error) || !executor->forward(/*checked=*/first, error))
    return false;
  if (first) {
    graphTried = true;
    if (useGraph && !executor->captureGraph(error))
      return false;
  }
  return executor->results(out, error);
}

bool CudaModel::runOnDevice(llvm::ArrayRef<DeviceTensor> args, llvm::ArrayRef<DeviceTensor> outs,
                            void *stream, std::string &error) {
  // Sizes first: loading reads the arguments (GEMM and convolution
  // algorithms are timed on them).
  if (!checkDeviceTensors(program_, args, outs, error))
    return false;
  bool reload = !deviceExecutor, refreshPacks = false;
  if (copied.empty())
    copied.assign(args.size(), 0);
  for (size_t i = 0; deviceExecutor && i < args.size(); ++i) {
    if (program_.slots[i].viewOf >= 0) {
      refreshPacks |= args[i].address != lastAddress[i];
      continue;
    }
    uint64_t bound = deviceExecutor->boundArgument(i);
    if (bound && args[i].address != bound) {
      copied[i] = 1;
      reload = true;
    }
  }
  if (reload) {
    std::vector<uint64_t> boundAt(args.size(), 0);
    for (size_t i = 0; i < args.size(); ++i)
      boundAt[i] = copied[i] ? 0 : args[i].address;
    deviceExecutor.reset();
    if (!(deviceExecutor = CudaExecutor::load(program_, switches, error, boundAt)))
      return false;
    ++binding_.loads;
    binding_.inPlace = binding_.copied = binding_.packed = 0;
    for (size_t i = 0; i < args.size(); ++i) {
      bool packed = program_.slots[i].viewOf >= 0;
      binding_.packed += packed;
      binding_.copied += !packed && copied[i];
      binding_.inPlace += deviceExecutor->boundArgument(i) != 0;
    }
  }
  lastAddress.assign(args.size(), 0);
  for (size_t i = 0; i < args.size(); ++i)
    lastAddress[i] = args[i].address;
  return deviceExecutor->forwardOn(std::vector<DeviceTensor>(args.begin(), args.end()),
                                   std::vector<DeviceTensor>(outs.begin(), outs.end()), stream,
                                   useGraph, refreshPacks, error);
}

bool CudaModel::synchronize(void *stream, std::string &error) {
  return !deviceExecutor || deviceExecutor->synchronize(stream, error);
}

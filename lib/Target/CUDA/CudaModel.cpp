//===- CudaModel.cpp - a CUDA program ready to run ------------------------===//
#include "gn/Target/CUDA/CudaModel.h"
#include <algorithm>

using namespace mlir::gn;
using namespace mlir::gn::cuda;
using mlir::gn::interp::HostTensor;

bool CudaModel::load(std::string &error) {
  // A symbolic program is loaded at each call's sizes (useBinding).
  if (program_.symbolic)
    return true;
  if (!executor)
    executor = CudaExecutor::load(program_, switches, error);
  return executor != nullptr;
}

bool CudaModel::useBinding(const std::vector<HostTensor> &args, std::string &error) {
  std::vector<std::vector<int64_t>> shapes;
  for (const HostTensor &a : args)
    shapes.push_back(a.shape().vec());
  auto it = std::find_if(bindings.begin(), bindings.end(),
                         [&](const Bound &b) { return b.shapes == shapes; });
  if (it != bindings.end()) {
    std::rotate(it, it + 1, bindings.end()); // the last used at the back
  } else {
    Bound b;
    b.shapes = shapes;
    std::optional<Program> at = bindProgram(program_, shapes, error, &b.symbols);
    if (!at || !(b.executor = CudaExecutor::load(*at, switches, error)))
      return false;
    ++bindingLoads;
    if (bindings.size() >= kBindings)
      bindings.erase(bindings.begin());
    bindings.push_back(std::move(b));
  }
  symbols = bindings.back().symbols;
  return true;
}

bool CudaModel::run(const std::vector<HostTensor> &args, std::vector<HostTensor> &out,
                    std::string &error) {
  if (program_.symbolic ? !useBinding(args, error) : !load(error))
    return false;
  CudaExecutor &ex = program_.symbolic ? *bindings.back().executor : *executor;
  bool &tried = program_.symbolic ? bindings.back().graphTried : graphTried;
  // The first run is checked step by step (a fault names its op); later
  // runs replay the captured CUDA graph.
  bool first = !tried;
  if (!ex.setArguments(args, error) || !ex.forward(/*checked=*/first, error))
    return false;
  if (first) {
    tried = true;
    if (useGraph && !ex.captureGraph(error))
      return false;
  }
  return ex.results(out, error);
}

bool CudaModel::runOnDevice(llvm::ArrayRef<DeviceTensor> args, llvm::ArrayRef<DeviceTensor> outs,
                            void *stream, std::string &error) {
  if (program_.symbolic) {
    error = "a program with symbolic dims runs on host tensors only yet: the caller's device "
            "tensors come without their shapes (docs/symbolic-shapes.md, phase 4)";
    return false;
  }
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

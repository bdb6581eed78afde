//===- CudaModel.cpp - a CUDA program ready to run ------------------------===//
#include "gn/Target/CUDA/CudaModel.h"
#include "gn/Support/ShapeText.h"
#include <algorithm>

using namespace mlir::gn;
using namespace mlir::gn::cuda;
using mlir::gn::interp::HostTensor;

bool CudaModel::load(std::string &error) {
  // A symbolic program is loaded at each binding's sizes (bind).
  if (program_.symbolic)
    return true;
  if (!executor)
    executor = CudaExecutor::load(program_, switches, error);
  return executor != nullptr;
}

bool CudaModel::bind(llvm::ArrayRef<std::vector<int64_t>> shapes, std::string &error) {
  if (!program_.symbolic) {
    if (shapes.size() != program_.numArgs()) {
      error = "forward takes " + std::to_string(program_.numArgs()) + " arguments, got " +
              std::to_string(shapes.size()) + " shapes";
      return false;
    }
    for (size_t i = 0; i < shapes.size(); ++i)
      if (shapes[i] != program_.slots[i].shape) {
        error = "argument #" + std::to_string(i) + " ('" + program_.arguments[i].name +
                "') has shape " + shapeText(shapes[i]) + ", the program takes " +
                shapeText(program_.slots[i].shape);
        return false;
      }
    return true;
  }
  auto it = std::find_if(bindings.begin(), bindings.end(),
                         [&](const Bound &b) { return llvm::ArrayRef(b.shapes) == shapes; });
  if (it != bindings.end()) {
    std::rotate(it, it + 1, bindings.end()); // the current one at the back
  } else {
    Bound b;
    b.shapes.assign(shapes.begin(), shapes.end());
    std::optional<Program> at = bindProgram(program_, shapes, error, &b.symbols);
    if (!at)
      return false;
    b.model = std::make_unique<CudaModel>(std::move(*at), switches, useGraph);
    if (bindings.size() >= kBindings) {
      // The oldest goes; its device work must be done before its buffers
      // are freed.
      CudaModel &old = *bindings.front().model;
      if (old.lastStream || old.deviceExecutor)
        if (!old.synchronize(old.lastStream, error))
          return false;
      bindings.erase(bindings.begin());
    }
    ++bindingLoads;
    bindings.push_back(std::move(b));
  }
  symbols = bindings.back().symbols;
  return true;
}

const Program &CudaModel::current() const {
  return program_.symbolic && !bindings.empty() ? bindings.back().model->program_ : program_;
}

bool CudaModel::run(const std::vector<HostTensor> &args, std::vector<HostTensor> &out,
                    std::string &error) {
  if (program_.symbolic) {
    std::vector<std::vector<int64_t>> shapes;
    for (const HostTensor &a : args)
      shapes.push_back(a.shape().vec());
    return bind(shapes, error) && bindings.back().model->run(args, out, error);
  }
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
  if (program_.symbolic) {
    if (!bound()) {
      error = "the program has symbolic dims: bind it at the arguments' shapes before running "
              "it on device tensors (which carry no shapes)";
      return false;
    }
    return bindings.back().model->runOnDevice(args, outs, stream, error);
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
  lastStream = stream;
  lastAddress.assign(args.size(), 0);
  for (size_t i = 0; i < args.size(); ++i)
    lastAddress[i] = args[i].address;
  return deviceExecutor->forwardOn(std::vector<DeviceTensor>(args.begin(), args.end()),
                                   std::vector<DeviceTensor>(outs.begin(), outs.end()), stream,
                                   useGraph, refreshPacks, error);
}

bool CudaModel::synchronize(void *stream, std::string &error) {
  for (Bound &b : bindings)
    if (!b.model->synchronize(stream, error))
      return false;
  return !deviceExecutor || deviceExecutor->synchronize(stream, error);
}

DeviceBinding CudaModel::binding() const {
  if (!program_.symbolic)
    return binding_;
  DeviceBinding out = bindings.empty() ? DeviceBinding{} : bindings.back().model->binding_;
  out.loads = 0;
  for (const Bound &b : bindings)
    out.loads += b.model->binding_.loads;
  return out;
}

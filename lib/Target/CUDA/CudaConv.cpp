//===- CudaConv.cpp - convolution steps through cuDNN, algorithm at load --===//
#include "CudaConv.h"

#include "CudaTiming.h"
#include <algorithm>
#include <chrono>
#include <cstdlib>

using namespace mlir::gn::cuda;

namespace {

int cudnnDataType(DType d) {
  switch (d) {
  case DType::F16: return kCudnnDataHalf;
  case DType::BF16: return kCudnnDataBfloat16;
  case DType::F64: return kCudnnDataDouble;
  default: return kCudnnDataFloat;
  }
}

// cuDNN's alpha and beta: in the output's type, f64 for f64, else f32.
const double kOne64 = 1, kZero64 = 0;
const float kOne32 = 1, kZero32 = 0;
const void *one(bool f64) { return f64 ? (const void *)&kOne64 : (const void *)&kOne32; }
const void *zero(bool f64) { return f64 ? (const void *)&kZero64 : (const void *)&kZero32; }

} // namespace

std::unique_ptr<ConvRunner> ConvRunner::create(const Driver &driver,
                                               const CudaOptions &options, CUstream stream,
                                               std::string &error) {
  std::unique_ptr<ConvRunner> r(new ConvRunner());
  r->driver = &driver;
  r->stream = stream;
  r->mode = options.convAlgo;
  r->statistics.mode = convAlgoName(options.convAlgo);
  r->tf32 = options.convTf32;
  if (!(r->cudnn = loadCudnn(options, error)))
    return nullptr;
  cudnnStatus_t st = r->cudnn->create(&r->handle);
  if (st || (st = r->cudnn->setStream(r->handle, stream))) {
    error = std::string("cuDNN: ") + r->cudnn->getErrorString(st);
    return nullptr;
  }
  return r;
}

bool ConvRunner::plan(size_t step, const Step &s, const std::vector<Slot> &slots,
                      const ConvOperands &ops, std::string &error) {
  const Slot &x = slots[s.in[0]], &w = slots[s.in[1]], &y = slots[s.out[0]];
  size_t spatial = x.shape.size() - 2;
  if (x.shape.size() < 3 || x.shape.size() > 5 || w.shape.size() != x.shape.size() ||
      s.conv.stride.size() != spatial) {
    error = "cuDNN takes convolutions of 1 to 3 spatial dims";
    return false;
  }
  // cuDNN wants at least 2 spatial dims: a 1-d convolution runs as 2-d with
  // a unit height.
  auto dims = [&](const std::vector<int64_t> &shape) {
    std::vector<int> d(shape.begin(), shape.end());
    if (spatial == 1)
      d.insert(d.begin() + 2, 1);
    return d;
  };
  auto strides = [](const std::vector<int> &d) {
    std::vector<int> st(d.size(), 1);
    for (int i = (int)d.size() - 2; i >= 0; --i)
      st[i] = st[i + 1] * d[i + 1];
    return st;
  };
  std::vector<int> pad, stride, dilation;
  if (spatial == 1) {
    pad.push_back(0);
    stride.push_back(1);
    dilation.push_back(1);
  }
  for (size_t i = 0; i < spatial; ++i) {
    pad.push_back(s.conv.padding[i]);
    stride.push_back(s.conv.stride[i]);
    dilation.push_back(s.conv.dilation[i]);
  }
  int type = cudnnDataType(x.dtype);
  int computeType = x.dtype == DType::F64 ? kCudnnDataDouble : kCudnnDataFloat;
  std::vector<int> xd = dims(x.shape), wd = dims(w.shape), yd = dims(y.shape);
  std::vector<int> xs = strides(xd), ys = strides(yd);
  auto ok = [&](cudnnStatus_t st, const char *what) {
    if (st == 0)
      return true;
    error = std::string(what) + ": " + cudnn->getErrorString(st);
    return false;
  };
  Call c;
  c.ops = ops;
  c.f64 = y.dtype == DType::F64;
  if (!ok(cudnn->createTensorDescriptor(&c.x), "tensor descriptor") ||
      !ok(cudnn->setTensorNdDescriptor(c.x, type, xd.size(), xd.data(), xs.data()),
          "input descriptor") ||
      !ok(cudnn->createTensorDescriptor(&c.y), "tensor descriptor") ||
      !ok(cudnn->setTensorNdDescriptor(c.y, type, yd.size(), yd.data(), ys.data()),
          "output descriptor") ||
      !ok(cudnn->createFilterDescriptor(&c.w), "filter descriptor") ||
      !ok(cudnn->setFilterNdDescriptor(c.w, type, kCudnnTensorNchw, wd.size(), wd.data()),
          "filter descriptor") ||
      !ok(cudnn->createConvolutionDescriptor(&c.conv), "convolution descriptor") ||
      !ok(cudnn->setConvolutionNdDescriptor(c.conv, pad.size(), pad.data(), stride.data(),
                                            dilation.data(), kCudnnCrossCorrelation,
                                            computeType),
          "convolution descriptor") ||
      !ok(cudnn->setConvolutionGroupCount(c.conv, s.conv.groups), "group count") ||
      // FMA math: no TF32 or reduced precision, so f32 agrees with the CPU.
      !ok(cudnn->setConvolutionMathType(c.conv, tf32 ? kCudnnDefaultMath : kCudnnFmaMath),
          "math type"))
    return false;
  if (s.conv.bias) {
    std::vector<int> bd(yd.size(), 1);
    bd[1] = yd[1];
    std::vector<int> bs = strides(bd);
    if (!ok(cudnn->createTensorDescriptor(&c.bias), "tensor descriptor") ||
        !ok(cudnn->setTensorNdDescriptor(c.bias, type, bd.size(), bd.data(), bs.data()),
            "bias descriptor"))
      return false;
  }
  // The convolution's key: what the algorithms' speed and validity depend
  // on (the buffers' alignment is the arena's, 256 bytes, for all).
  std::vector<int64_t> key = {int64_t(x.dtype), int64_t(s.conv.groups), int64_t(spatial)};
  for (const std::vector<int> *v : {&xd, &wd, &yd, &pad, &stride, &dilation})
    key.insert(key.end(), v->begin(), v->end());
  auto [it, fresh] = configOf.try_emplace(key, int(configs.size()));
  c.config = it->second;
  if (fresh) {
    Config config;
    config.firstStep = step;
    if (!findCandidates(c, config, error))
      return false;
    configs.push_back(std::move(config));
    ++statistics.configs;
  }
  ++statistics.steps;
  calls[step] = c;
  return true;
}

/// The convolution's candidates, best guess first: cuDNN's heuristic guess
/// (mode heuristic; first in mode graph), cudnnFind's in the math asked for
/// within the workspace cap (else the one that needs least), or the guess
/// where cudnnFind gives none.
bool ConvRunner::findCandidates(const Call &c, Config &config, std::string &error) {
  auto start = std::chrono::steady_clock::now();
  using Mode = CudaOptions::ConvAlgo;
  CudnnConvolutionFwdAlgoPerf perf[16];
  int returned = 0;
  auto add = [&](const Candidate &a) {
    for (const Candidate &b : config.candidates)
      if (b.algo == a.algo && b.mathType == a.mathType)
        return;
    config.candidates.push_back(a);
  };
  auto addGuess = [&] {
    cudnnStatus_t st = cudnn->getConvolutionForwardAlgorithm(handle, c.x, c.w, c.conv, c.y, 16,
                                                             &returned, perf);
    if (st) {
      error = std::string("choosing an algorithm: ") + cudnn->getErrorString(st);
      return false;
    }
    for (int i = 0; i < returned; ++i)
      if (perf[i].status == 0)
        return add({perf[i].algo, tf32 ? perf[i].mathType : kCudnnFmaMath, perf[i].memory}), true;
    return true;
  };
  if ((mode == Mode::Heuristic || mode == Mode::Graph) && !addGuess())
    return false;
  if (mode != Mode::Heuristic) {
    size_t limit = mode == Mode::Find ? 1 : kConvCandidates;
    if (cudnn->findConvolutionForwardAlgorithm(handle, c.x, c.w, c.conv, c.y, 16, &returned,
                                               perf) != 0)
      returned = 0;
    int leastOverCap = -1, usable = 0;
    for (int i = 0; i < returned; ++i) {
      const CudnnConvolutionFwdAlgoPerf &p = perf[i];
      if (p.status != 0 || (p.mathType != kCudnnFmaMath && !tf32))
        continue; // results in another math than asked for
      if (p.memory > kConvWorkspaceCapBytes) {
        if (leastOverCap < 0 || p.memory < perf[leastOverCap].memory)
          leastOverCap = i;
        continue;
      }
      ++usable;
      if (config.candidates.size() < limit)
        add({p.algo, p.mathType, p.memory});
    }
    if (!usable && leastOverCap >= 0 && mode != Mode::Graph)
      add({perf[leastOverCap].algo, perf[leastOverCap].mathType, perf[leastOverCap].memory});
    if (config.candidates.empty()) {
      ++statistics.heuristicFallbacks;
      if (!addGuess())
        return false;
    }
  }
  statistics.chooseMs +=
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (config.candidates.empty()) {
    error = "cuDNN has no algorithm for this convolution";
    return false;
  }
  return true;
}

size_t ConvRunner::tuningWorkspaceBytes() const {
  size_t bytes = 0;
  for (const Config &c : configs)
    for (const Candidate &a : c.candidates)
      bytes = std::max(bytes, a.memory);
  return mode == CudaOptions::ConvAlgo::Timed ? bytes : 0;
}

cudnnStatus_t ConvRunner::forward(const Call &c, const Candidate &a, size_t workspaceBytes) {
  auto ptr = [](CUdeviceptr p) { return reinterpret_cast<void *>(p); };
  return cudnn->convolutionForward(handle, one(c.f64), c.x, ptr(c.ops.x), c.w, ptr(c.ops.w),
                                   c.conv, a.algo, ptr(workspace), workspaceBytes, zero(c.f64),
                                   c.y, ptr(c.ops.y));
}

cudnnStatus_t ConvRunner::useMath(const Call &c, const Candidate &a) {
  // With TF32 allowed, a candidate runs in the math cudnnFind listed it in;
  // otherwise every one runs in the descriptor's FMA math.
  return tf32 ? cudnn->setConvolutionMathType(c.conv, a.mathType) : 0;
}

bool ConvRunner::tune(CUdeviceptr tuningWorkspace, std::string &error) {
  auto start = std::chrono::steady_clock::now();
  workspace = tuningWorkspace;
  size_t tuningBytes = tuningWorkspaceBytes();
  bool timed = mode == CudaOptions::ConvAlgo::Timed;
  StreamTimer timer(*driver, stream);
  if (timed && !timer.create(error))
    return false;
  // The card's clocks up first (CudaTiming.h).
  if (timed) {
    for (const Config &config : configs) {
      if (config.candidates.size() < 2)
        continue;
      const Call &c = calls.at(config.firstStep);
      const Candidate &a = config.candidates[0];
      if (useMath(c, a)) {
        error = "cuDNN refused the math type of its own algorithm";
        return false;
      }
      if (!timer.warmUp(kConvWarmupMs, kConvWarmupBatches,
                        [&] { return forward(c, a, tuningBytes) == 0; }, error))
        return false;
      break;
    }
  }
  for (Config &config : configs) {
    config.chosen = 0;
    if (!timed || config.candidates.size() < 2)
      continue;
    const Call &c = calls.at(config.firstStep);
    float best = 0;
    int bestIndex = -1;
    for (size_t i = 0; i < config.candidates.size(); ++i) {
      const Candidate &a = config.candidates[i];
      auto call = [&] { return forward(c, a, tuningBytes) == 0; };
      // A warm-up run, then the fastest of kConvTuneBatches batches. A
      // candidate cuDNN refuses here is skipped.
      float fastest = -1;
      bool ran = useMath(c, a) == 0 && call();
      for (int b = 0; ran && b < kConvTuneBatches; ++b) {
        float ms = 0;
        ran = timer.time(kConvTuneRuns, call, ms, "timing a convolution algorithm", error);
        if (ran && (fastest < 0 || ms < fastest))
          fastest = ms;
      }
      if (!error.empty())
        return false;
      if (!ran)
        continue;
      ++statistics.candidatesTimed;
      if (bestIndex < 0 || fastest < best) {
        best = fastest;
        bestIndex = int(i);
      }
    }
    if (bestIndex < 0) {
      error = "cuDNN ran none of its " + std::to_string(config.candidates.size()) +
              " algorithms for a convolution";
      return false;
    }
    config.chosen = bestIndex;
    statistics.notFirstChoice += bestIndex != 0;
  }
  if (CUresult r = timed ? driver->streamSynchronize(stream) : CUresult(0)) {
    error = "timing the convolution algorithms: " + driver->describe(r);
    return false;
  }
  workspace = 0; // the caller's, for the timing only
  statistics.chooseMs +=
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return settle(error);
}

bool ConvRunner::settle(std::string &error) {
  // Mode graph before its rounds: room for every candidate's workspace.
  bool allCandidates = mode == CudaOptions::ConvAlgo::Graph && !roundsDone;
  statistics.algorithms.clear();
  for (auto &[step, c] : calls) {
    const Config &config = configs[c.config];
    const Candidate &a = config.candidates[config.chosen];
    cudnnStatus_t st = useMath(c, a);
    c.workspaceBytes = 0;
    for (size_t i = 0; !st && i < config.candidates.size(); ++i) {
      if (!allCandidates && int(i) != config.chosen)
        continue;
      size_t bytes = 0;
      st = cudnn->getConvolutionForwardWorkspaceSize(handle, c.x, c.w, c.conv, c.y,
                                                     config.candidates[i].algo, &bytes);
      c.workspaceBytes = std::max(c.workspaceBytes, bytes);
    }
    if (st) {
      error = std::string("workspace size: ") + cudnn->getErrorString(st);
      return false;
    }
    ++statistics.algorithms[a.algo];
  }
  return true;
}

int ConvRunner::graphRounds() const {
  if (mode != CudaOptions::ConvAlgo::Graph || roundsDone)
    return 0;
  size_t rounds = 0;
  for (const Config &c : configs)
    rounds = std::max(rounds, c.candidates.size());
  return rounds > 1 ? int(rounds) : 0;
}

bool ConvRunner::useRound(int k, std::string &error) {
  for (Config &config : configs)
    config.chosen = k < int(config.candidates.size()) ? k : 0;
  for (auto &[step, c] : calls) {
    const Config &config = configs[c.config];
    if (cudnnStatus_t st = useMath(c, config.candidates[config.chosen])) {
      error = std::string("math type: ") + cudnn->getErrorString(st);
      return false;
    }
  }
  return true;
}

void ConvRunner::recordRound(int k, const std::vector<double> &stepMs) {
  for (Config &config : configs)
    config.roundMs.resize(config.candidates.size(), 0.0);
  for (const auto &[step, c] : calls) {
    Config &config = configs[c.config];
    if (k < int(config.candidates.size()) && step < stepMs.size())
      config.roundMs[k] += stepMs[step];
  }
  for (const Config &config : configs)
    statistics.candidatesTimed += k < int(config.candidates.size()) && config.candidates.size() > 1;
}

bool ConvRunner::finishRounds(const std::string &why, double ms, bool &changed,
                              std::string &error) {
  roundsDone = true;
  statistics.chooseMs += ms;
  changed = false;
  statistics.graphSkipped = why;
  for (Config &config : configs) {
    config.chosen = 0;
    if (!why.empty() || config.roundMs.size() < 2)
      continue;
    // The guess unless another's steps took at most kConvGraphMargin of its
    // time: a near tie is noise, and the guess is the same at every load.
    for (size_t i = 1; i < config.roundMs.size(); ++i)
      if (config.roundMs[i] <= kConvGraphMargin * config.roundMs[0] &&
          config.roundMs[i] < config.roundMs[config.chosen])
        config.chosen = int(i);
    statistics.notFirstChoice += config.chosen != 0;
    changed |= config.chosen != 0;
  }
  return settle(error);
}

size_t ConvRunner::workspaceBytes() const {
  size_t bytes = 0;
  for (const auto &[step, c] : calls)
    bytes = std::max(bytes, c.workspaceBytes);
  return bytes;
}

bool ConvRunner::run(size_t step, std::string &error) {
  const Call &c = calls.at(step);
  const Config &config = configs[c.config];
  cudnnStatus_t st = forward(c, config.candidates[config.chosen], c.workspaceBytes);
  if (!st && c.bias)
    st = cudnn->addTensor(handle, one(c.f64), c.bias, reinterpret_cast<const void *>(c.ops.bias),
                          one(c.f64), c.y, reinterpret_cast<void *>(c.ops.y));
  if (st) {
    error = std::string("cuDNN convolution: ") + cudnn->getErrorString(st);
    return false;
  }
  return true;
}

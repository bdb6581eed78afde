//===- CudaConv.h - convolution steps through cuDNN, algorithm at load ----===//
//
// A Conv step (NC[D]HW cross-correlation, bias optional) runs as
// cudnnConvolutionForward (+ cudnnAddTensor for the bias), in FMA math so
// f32 agrees with the CPU (GN_CUDNN_MATH=tf32: TF32 allowed, PyTorch's
// default). The algorithm is chosen at load, once per distinct convolution
// (shapes, strides, padding, dilation, groups, type), and every step of it
// runs the choice. GN_CUDNN_ALGO chooses how:
//   heuristic (default)  cuDNN's first heuristic guess, untimed. Why: on
//                    an H200 (bench/results/gpu-h200-2026-11-27-loads,
//                    6 convolution nets, 4 loads each) it ran the forward
//                    in 0.93x of timed's time (geomean of the medians) and
//                    1.00x to 1.01x of itself across loads, where timed
//                    and find moved 1.04x to 1.60x from load to load: an
//                    algorithm timed alone (cudnnFind, or gn's batches
//                    below) is not the fastest inside the forward
//                    (MobileNet-V2 0.55 against 0.77 ms; but resnet18d
//                    1.21 against 1.00 and rtmpose-t 1.22 against 0.71).
//   graph            cuDNN's heuristic guess first, then cudnnFind's
//                    candidates (up to kConvCandidates in all), each timed
//                    inside the forward: after the first checked forward,
//                    the executor captures the steps with an event node
//                    after each, one round per candidate (round k runs
//                    every convolution's k-th), and each convolution takes
//                    the candidate whose steps took least over its rounds
//                    (the guess unless another beats it by
//                    kConvGraphMargin). Untimed on a GPU yet.
//   timed            cudnnFind lists the algorithms it can run in the
//                    math asked for, within kConvWorkspaceCapBytes; gn
//                    times up to kConvCandidates of them itself, after
//                    warming the card up, kConvTuneBatches batches of
//                    kConvTuneRuns each, and takes the fastest batch's.
//   find             cudnnFind's fastest (the default from the second to
//                    the third GPU run)
// In modes timed and find, where cudnnFind fails (out of memory for its
// trials) or lists none in that math, the heuristic guess, counted in
// ConvStats; where every
// candidate needs more workspace than the cap, the one that needs least.
//
// gn's timing writes into the steps' output buffers, so it runs before the
// forward's inputs and constants are uploaded (CudaExecutor::load).
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_TARGET_CUDA_CUDACONV_H
#define GN_LIB_TARGET_CUDA_CUDACONV_H

#include "CudaApi.h"
#include "gn/Target/CUDA/CudaExecutor.h"
#include <map>
#include <memory>
#include <vector>

namespace mlir::gn::cuda {

/// The most workspace an algorithm may take (a larger one only where no
/// candidate fits).
constexpr size_t kConvWorkspaceCapBytes = 64 << 20;
/// Candidates timed per distinct convolution, and how.
constexpr int kConvCandidates = 6;
constexpr int kConvTuneRuns = 5;
constexpr int kConvTuneBatches = 3;
/// Mode graph: a candidate replaces the heuristic guess only when its steps
/// took at most this share of the guess's time.
constexpr double kConvGraphMargin = 0.97;
/// Device milliseconds of convolutions run first to bring the clocks up.
constexpr float kConvWarmupMs = 25;
constexpr int kConvWarmupBatches = 200;

/// One convolution step's buffers, fixed at load.
struct ConvOperands {
  CUdeviceptr x = 0, w = 0, bias = 0, y = 0;
};

class ConvRunner {
public:
  /// cuDNN, a handle on `stream`, `options.convAlgo`'s mode and
  /// `options.convTf32`'s math; null with `error`.
  static std::unique_ptr<ConvRunner> create(const Driver &driver, const CudaOptions &options,
                                            CUstream stream, std::string &error);

  /// Plans step `step`: its descriptors, and its convolution's candidates
  /// (cudnnFind or the heuristic, the first time that convolution is seen).
  bool plan(size_t step, const Step &s, const std::vector<Slot> &slots, const ConvOperands &ops,
            std::string &error);
  /// The workspace the timing needs: the largest candidate's.
  size_t tuningWorkspaceBytes() const;
  /// Chooses each convolution's algorithm (timing them on `workspace` in
  /// mode timed). After every plan(), before workspaceBytes() and run().
  bool tune(CUdeviceptr workspace, std::string &error);
  /// The workspace the chosen algorithms need, and where it is.
  size_t workspaceBytes() const;
  void setWorkspace(CUdeviceptr workspace) { this->workspace = workspace; }
  /// Enqueues step `step`'s convolution (and bias) on the stream.
  bool run(size_t step, std::string &error);
  const ConvStats &stats() const { return statistics; }

  /// Mode graph: rounds of timing inside the forward (the most candidates
  /// of any convolution), 0 once chosen or in another mode.
  int graphRounds() const;
  /// Round k: every convolution with a k-th candidate runs it (the others
  /// their first); false with `error`.
  bool useRound(int k, std::string &error);
  /// Round k's device ms of every step (the executor's in-graph timing).
  void recordRound(int k, const std::vector<double> &stepMs);
  /// Each convolution's choice from the rounds; `changed` when one is not
  /// the heuristic guess. With `why` non-empty: the forward could not be
  /// timed, and every convolution keeps its guess (stats say why).
  /// `ms`: the host milliseconds the rounds took.
  bool finishRounds(const std::string &why, double ms, bool &changed, std::string &error);

private:
  struct Candidate {
    int algo = 0, mathType = 0;
    size_t memory = 0;
  };
  /// A distinct convolution: its candidates, best guess first, and the
  /// choice.
  struct Config {
    std::vector<Candidate> candidates;
    std::vector<double> roundMs; // mode graph: its steps' ms in each round
    int chosen = 0;
    size_t firstStep = 0;
  };
  struct Call {
    cudnnTensorDescriptor_t x = nullptr, y = nullptr, bias = nullptr;
    cudnnFilterDescriptor_t w = nullptr;
    cudnnConvolutionDescriptor_t conv = nullptr;
    ConvOperands ops;
    bool f64 = false;
    int config = 0;
    size_t workspaceBytes = 0;
  };
  ConvRunner() = default;
  bool findCandidates(const Call &c, Config &config, std::string &error);
  cudnnStatus_t forward(const Call &c, const Candidate &algo, size_t workspaceBytes);
  /// Sets the descriptor's math to the candidate's (TF32 allowed only).
  cudnnStatus_t useMath(const Call &c, const Candidate &a);
  /// Each step's math (TF32 allowed), workspace and algorithm count for
  /// the current choices.
  bool settle(std::string &error);

  const Driver *driver = nullptr;
  const Cudnn *cudnn = nullptr;
  CUstream stream = nullptr;
  cudnnHandle_t handle = nullptr;
  CUdeviceptr workspace = 0;
  CudaOptions::ConvAlgo mode = CudaOptions::ConvAlgo::Heuristic;
  bool tf32 = false;
  bool roundsDone = false;
  std::vector<Config> configs;
  std::map<std::vector<int64_t>, int> configOf; // convolution key -> index
  std::map<size_t, Call> calls;                  // by step
  ConvStats statistics;
};

} // namespace mlir::gn::cuda

#endif // GN_LIB_TARGET_CUDA_CUDACONV_H

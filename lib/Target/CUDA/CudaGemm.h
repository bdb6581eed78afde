//===- CudaGemm.h - GEMM steps through cuBLASLt, algorithms timed at load -===//
//
// A Gemm step (row-major C = op(A) op(B), batched by strides) runs as the
// column-major product C^T = op(B)^T op(A)^T. cuBLASLt lists the algorithms
// it can run a product with (its heuristic, best guess first); gn times up
// to kGemmCandidates of them at load on the step's own buffers, and every
// step of that product (same sizes, layouts, types and pointer alignments)
// runs the fastest. Why: cuBLAS's single guess is not always its fastest
// for the odd shapes of batch-1 graphs (ViT-B/16's [197, 768] rows), and a
// guess that loses costs every forward, while timing costs milliseconds
// once. GN_GEMM chooses:
//   tuned (default)  the fastest candidate, as timed here
//   heuristic        cuBLASLt's first guess, untimed
//   cublas           cublasGemmEx (a batch of one) or
//                    cublasGemmStridedBatchedEx, cuBLAS's own choice, as
//                    before the third GPU run (GN_CUBLAS_API=batched: every
//                    GEMM through the batched entry)
// A product cuBLASLt lists no algorithm for runs through cuBLAS, counted
// in GemmStats and reported, never silently.
//
// Timing writes products into the steps' output buffers, so it runs before
// the forward's inputs and constants are uploaded (CudaExecutor::load).
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_TARGET_CUDA_CUDAGEMM_H
#define GN_LIB_TARGET_CUDA_CUDAGEMM_H

#include "CudaApi.h"
#include "gn/Target/CUDA/CudaExecutor.h"
#include <map>
#include <memory>
#include <vector>

namespace mlir::gn::cuda {

/// Candidates timed per product, and forwards of each timed.
constexpr int kGemmCandidates = 8;
constexpr int kGemmTuneRuns = 5;
/// Device milliseconds of GEMMs run first to bring the clocks up (in
/// batches of 10, at most kGemmWarmupBatches).
constexpr float kGemmWarmupMs = 25;
constexpr int kGemmWarmupBatches = 200;

/// One GEMM step's operands, fixed at load.
struct GemmOperands {
  CUdeviceptr a = 0, b = 0, c = 0;
  int inType = kCudaR32F, outType = kCudaR32F; // cudaDataType
};

class GemmRunner {
public:
  /// The libraries for `options.gemm`'s mode, cuBLAS's workspace set to
  /// `workspace`; null with `error`.
  static std::unique_ptr<GemmRunner> create(const Driver &driver, const CudaOptions &options,
                                            CUstream stream, CUdeviceptr workspace,
                                            size_t workspaceBytes, std::string &error);
  ~GemmRunner();

  /// Plans step `step`: its product's descriptors and candidates.
  bool plan(size_t step, const Gemm &g, const GemmOperands &ops, std::string &error);
  /// Chooses each product's algorithm (timing them in mode tuned). After
  /// every plan(), before the first run().
  bool tune(std::string &error);
  /// Enqueues step `step`'s product on the stream.
  bool run(size_t step, std::string &error);
  /// The workspace the chosen algorithms need (after tune()): the largest
  /// cuBLASLt choice's, or all of it while any step goes through cuBLAS
  /// (whose workspace is set once, at its handle).
  size_t workspaceNeeded() const;
  /// The workspace the runs use from now on (at least workspaceNeeded()).
  void setWorkspace(CUdeviceptr p, size_t bytes) {
    workspace = p;
    workspaceBytes = bytes;
  }
  /// "cublaslt" or "cublas": the library step `step` runs through.
  const char *library(size_t step) const;
  const GemmStats &stats() const { return statistics; }

private:
  struct Product;
  struct Call {
    Gemm g;
    GemmOperands ops;
    int product = -1; // -1: through cuBLAS
  };
  GemmRunner() = default;
  bool planCublas(std::string &error);
  bool runCublas(const Call &c, std::string &error);
  bool runLt(const Product &p, const Call &c, const CublasLtAlgo &algo, int &status);

  const Driver *driver = nullptr;
  const Cublas *cublas = nullptr;
  const CublasLt *lt = nullptr;
  CUstream stream = nullptr;
  CUdeviceptr workspace = 0;
  size_t workspaceBytes = 0;
  cublasHandle_t cublasHandle = nullptr;
  cublasLtHandle_t ltHandle = nullptr;
  CudaOptions options;
  CudaOptions::Gemm mode = CudaOptions::Gemm::Tuned;
  bool pedantic = false, alwaysBatched = false;
  std::vector<std::unique_ptr<Product>> products;
  std::map<std::vector<int64_t>, int> productOf; // product key -> index
  std::map<size_t, Call> calls;                   // by step
  GemmStats statistics;
};

} // namespace mlir::gn::cuda

#endif // GN_LIB_TARGET_CUDA_CUDAGEMM_H

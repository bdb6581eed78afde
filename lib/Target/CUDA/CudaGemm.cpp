//===- CudaGemm.cpp - GEMM steps through cuBLASLt, algorithms timed at load -===//
#include "CudaGemm.h"
#include "CudaTiming.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

using namespace mlir::gn::cuda;

namespace {

/// The alignment cuBLASLt may assume of an operand: the largest power of
/// two up to 256 dividing its pointer and, for a batch, its batch stride in
/// bytes. (Its heuristic assumes 256 unless told: an algorithm chosen so
/// could not run a view at an odd offset.)
uint32_t alignmentOf(CUdeviceptr p, int64_t batch, int64_t strideElements, int elementBytes) {
  uint64_t x = p | 256;
  if (batch > 1)
    x |= uint64_t(strideElements) * elementBytes;
  return uint32_t(x & (~x + 1));
}

int elementBytes(int cudaType) {
  switch (cudaType) {
  case kCudaR64F: return 8;
  case kCudaR16F:
  case kCudaR16BF: return 2;
  default: return 4;
  }
}

} // namespace

/// A distinct product: its cuBLASLt descriptors, candidates and choice.
struct GemmRunner::Product {
  const CublasLt *lt = nullptr;
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t first = nullptr, second = nullptr, out = nullptr;
  cublasLtMatmulPreference_t preference = nullptr;
  std::vector<CublasLtHeuristic> candidates;
  int chosen = 0;
  size_t firstStep = 0;

  ~Product() {
    if (preference)
      lt->preferenceDestroy(preference);
    for (cublasLtMatrixLayout_t l : {first, second, out})
      if (l)
        lt->matrixLayoutDestroy(l);
    if (desc)
      lt->matmulDescDestroy(desc);
  }
};

std::unique_ptr<GemmRunner> GemmRunner::create(const Driver &driver,
                                               const CudaOptions &options, CUstream stream,
                                               CUdeviceptr workspace, size_t workspaceBytes,
                                               std::string &error) {
  std::unique_ptr<GemmRunner> r(new GemmRunner());
  r->driver = &driver;
  r->stream = stream;
  r->workspace = workspace;
  r->workspaceBytes = workspaceBytes;
  r->options = options;
  r->pedantic = options.cublasPedantic;
  r->alwaysBatched = options.cublasAlwaysBatched;
  r->mode = options.gemm;
  r->statistics.mode = gemmModeName(options.gemm);
  if (r->mode == CudaOptions::Gemm::Cublas)
    return r->planCublas(error) ? std::move(r) : nullptr;
  if (!(r->lt = loadCublasLt(options, error)))
    return nullptr;
  if (cublasStatus_t st = r->lt->create(&r->ltHandle)) {
    error = "cuBLASLt could not be initialized (status " + std::to_string(st) + ")";
    return nullptr;
  }
  return r;
}

GemmRunner::~GemmRunner() {
  products.clear(); // before the handle they were made with
  if (ltHandle)
    lt->destroy(ltHandle);
  if (cublasHandle)
    cublas->destroy(cublasHandle);
}

/// cuBLAS's handle, on first need: mode cublas, or a product cuBLASLt
/// lists no algorithm for.
bool GemmRunner::planCublas(std::string &error) {
  if (cublasHandle)
    return true;
  if (!(cublas = loadCublas(options, error)))
    return false;
  cublasStatus_t st = cublas->create(&cublasHandle);
  if (!st)
    st = cublas->setStream(cublasHandle, stream);
  if (!st)
    st = cublas->setMathMode(cublasHandle, pedantic ? kCublasPedanticMath
                                                    : kCublasDefaultMathNoReducedReduction);
  // A fixed workspace, so cuBLAS allocates nothing while a graph is captured.
  if (!st)
    st = cublas->setWorkspace(cublasHandle, reinterpret_cast<void *>(workspace), workspaceBytes);
  if (st) {
    error = "cuBLAS could not be initialized (status " + std::to_string(st) + ")";
    return false;
  }
  return true;
}

bool GemmRunner::plan(size_t step, const Gemm &g, const GemmOperands &ops, std::string &error) {
  Call &call = calls[step];
  call.g = g;
  call.ops = ops;
  if (mode == CudaOptions::Gemm::Cublas) {
    ++statistics.cublasSteps;
    return true;
  }
  bool f64 = ops.outType == kCudaR64F;
  int compute = f64 ? kCublasCompute64F : pedantic ? kCublasCompute32FPedantic : kCublasCompute32F;
  // Column-major C^T (n x m) = op(B)^T (n x k) op(A)^T (k x m): cuBLASLt's
  // first operand is gn's B, its second gn's A.
  int64_t lda = g.transA ? g.m : g.k, ldb = g.transB ? g.k : g.n, ldc = g.ldc ? g.ldc : g.n;
  int in = elementBytes(ops.inType), outBytes = elementBytes(ops.outType);
  uint32_t alignFirst = alignmentOf(ops.b, g.batch, g.strideB, in),
           alignSecond = alignmentOf(ops.a, g.batch, g.strideA, in),
           alignOut = alignmentOf(ops.c, g.batch, g.strideC, outBytes);
  std::vector<int64_t> key{g.m,       g.n,         g.k,       g.batch,     g.transA,    g.transB,
                           g.strideA, g.strideB,   g.strideC, ldc,         ops.inType,  ops.outType,
                           compute,   alignFirst,  alignSecond, alignOut};
  if (auto it = productOf.find(key); it != productOf.end()) {
    call.product = it->second;
    ++(call.product >= 0 ? statistics.ltSteps : statistics.cublasSteps);
    return true;
  }
  auto p = std::make_unique<Product>();
  p->lt = lt;
  p->firstStep = step;
  int32_t opFirst = g.transB ? kCublasOpT : kCublasOpN, opSecond = g.transA ? kCublasOpT : kCublasOpN;
  int32_t batch = int32_t(g.batch);
  auto ok = [&](cublasStatus_t st, const char *what) {
    if (st)
      error = std::string("cuBLASLt ") + what + " (status " + std::to_string(st) + ")";
    return st == 0;
  };
  auto layout = [&](cublasLtMatrixLayout_t &l, int type, int64_t rows, int64_t cols, int64_t ld,
                    int64_t stride) {
    return ok(lt->matrixLayoutCreate(&l, type, rows, cols, ld), "matrix layout") &&
           ok(lt->matrixLayoutSetAttribute(l, kLtLayoutBatchCount, &batch, sizeof(batch)),
              "batch count") &&
           ok(lt->matrixLayoutSetAttribute(l, kLtLayoutBatchStride, &stride, sizeof(stride)),
              "batch stride");
  };
  uint64_t maxWorkspace = workspaceBytes;
  uint32_t alignments[4] = {alignFirst, alignSecond, alignOut, alignOut};
  if (!ok(lt->matmulDescCreate(&p->desc, compute, f64 ? kCudaR64F : kCudaR32F), "matmul descriptor") ||
      !ok(lt->matmulDescSetAttribute(p->desc, kLtDescTransA, &opFirst, sizeof(opFirst)), "transpose") ||
      !ok(lt->matmulDescSetAttribute(p->desc, kLtDescTransB, &opSecond, sizeof(opSecond)), "transpose") ||
      !layout(p->first, ops.inType, g.transB ? g.k : g.n, g.transB ? g.n : g.k, ldb, g.strideB) ||
      !layout(p->second, ops.inType, g.transA ? g.m : g.k, g.transA ? g.k : g.m, lda, g.strideA) ||
      !layout(p->out, ops.outType, g.n, g.m, ldc, g.strideC) ||
      !ok(lt->preferenceCreate(&p->preference), "preference") ||
      !ok(lt->preferenceSetAttribute(p->preference, kLtPrefMaxWorkspaceBytes, &maxWorkspace,
                                     sizeof(maxWorkspace)),
          "workspace preference"))
    return false;
  for (int i = 0; i < 4; ++i)
    if (!ok(lt->preferenceSetAttribute(p->preference, kLtPrefMinAlignmentABytes + i,
                                       &alignments[i], sizeof(uint32_t)),
            "alignment preference"))
      return false;
  // A half output: split-K partial sums stay f32 and are rounded once, as
  // the interpreter's product (cuBLASLt would otherwise allow adding them
  // up in the half output type, in place or in a workspace; the cuBLAS
  // path disallows it with its math mode).
  uint32_t reductions = kLtReductionSchemeComputeType;
  if ((ops.outType == kCudaR16F || ops.outType == kCudaR16BF) &&
      !ok(lt->preferenceSetAttribute(p->preference, kLtPrefReductionSchemeMask, &reductions,
                                     sizeof(reductions)),
          "reduction preference"))
    return false;
  CublasLtHeuristic found[kGemmCandidates];
  int returned = 0;
  cublasStatus_t st = lt->algoGetHeuristic(ltHandle, p->desc, p->first, p->second, p->out, p->out,
                                           p->preference, kGemmCandidates, found, &returned);
  for (int i = 0; !st && i < returned; ++i)
    if (found[i].state == 0 && found[i].workspaceSize <= workspaceBytes)
      p->candidates.push_back(found[i]);
  if (p->candidates.empty()) {
    // Through cuBLAS, counted and reported (GemmStats::cublasWhy).
    if (statistics.cublasWhy.empty())
      statistics.cublasWhy = "cuBLASLt lists no algorithm for a " + std::to_string(g.m) + "x" +
                             std::to_string(g.n) + "x" + std::to_string(g.k) + " product (status " +
                             std::to_string(st) + ")";
    productOf[key] = -1;
    ++statistics.cublasSteps;
    return planCublas(error);
  }
  call.product = products.size();
  productOf[key] = call.product;
  products.push_back(std::move(p));
  ++statistics.products;
  ++statistics.ltSteps;
  return true;
}

bool GemmRunner::runLt(const Product &p, const Call &c, const CublasLtAlgo &algo, int &status) {
  double one64 = 1, zero64 = 0;
  float one32 = 1, zero32 = 0;
  bool f64 = c.ops.outType == kCudaR64F;
  const void *alpha = f64 ? (const void *)&one64 : (const void *)&one32;
  const void *beta = f64 ? (const void *)&zero64 : (const void *)&zero32;
  void *out = reinterpret_cast<void *>(c.ops.c);
  status = lt->matmul(ltHandle, p.desc, alpha, reinterpret_cast<const void *>(c.ops.b), p.first,
                      reinterpret_cast<const void *>(c.ops.a), p.second, beta, out, p.out, out,
                      p.out, &algo, reinterpret_cast<void *>(workspace), workspaceBytes, stream);
  return status == 0;
}

bool GemmRunner::tune(std::string &error) {
  auto start = std::chrono::steady_clock::now();
  bool timed = mode == CudaOptions::Gemm::Tuned;
  StreamTimer timer(*driver, stream);
  if (timed && !timer.create(error))
    return false;
  // The card's clocks up first (CudaTiming.h): batches of the first
  // product's first guess until kGemmWarmupMs of device time.
  if (timed && !products.empty() && products.front()->candidates.size() > 1) {
    const Product &p = *products.front();
    const Call &c = calls.at(p.firstStep);
    int status = 0;
    if (!timer.warmUp(kGemmWarmupMs, kGemmWarmupBatches,
                      [&] { return runLt(p, c, p.candidates[0].algo, status); }, error))
      return false;
  }
  for (auto &p : products) {
    p->chosen = 0;
    if (!timed || p->candidates.size() < 2)
      continue;
    const Call &c = calls.at(p->firstStep);
    double best = 0;
    int bestIndex = -1;
    for (size_t i = 0; i < p->candidates.size(); ++i) {
      int status = 0;
      auto call = [&] { return runLt(*p, c, p->candidates[i].algo, status); };
      // A warm-up, then kGemmTuneRuns between events. A candidate cuBLASLt
      // refuses at run time is skipped.
      float ms = 0;
      if (!call() || !timer.time(kGemmTuneRuns, call, ms, "timing a GEMM algorithm", error)) {
        if (error.empty())
          continue;
        return false;
      }
      ++statistics.candidatesTimed;
      if (bestIndex < 0 || ms < best) {
        best = ms;
        bestIndex = int(i);
      }
    }
    if (bestIndex < 0) {
      error = "cuBLASLt ran none of its " + std::to_string(p->candidates.size()) +
              " algorithms for a " + std::to_string(c.g.m) + "x" + std::to_string(c.g.n) + "x" +
              std::to_string(c.g.k) + " product";
      return false;
    }
    p->chosen = bestIndex;
    statistics.notFirstChoice += bestIndex != 0;
  }
  if (CUresult r = timed ? driver->streamSynchronize(stream) : CUresult(0)) {
    error = "timing the GEMM algorithms: " + driver->describe(r);
    return false;
  }
  statistics.tuneMs +=
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return true;
}

size_t GemmRunner::workspaceNeeded() const {
  if (cublasHandle)
    return workspaceBytes;
  size_t bytes = 0;
  for (const auto &p : products)
    bytes = std::max(bytes, p->candidates[p->chosen].workspaceSize);
  return bytes;
}

bool GemmRunner::runCublas(const Call &call, std::string &error) {
  const Gemm &g = call.g;
  const GemmOperands &ops = call.ops;
  double one64 = 1, zero64 = 0;
  float one32 = 1, zero32 = 0;
  bool f64 = ops.outType == kCudaR64F;
  const void *alpha = f64 ? (const void *)&one64 : (const void *)&one32;
  const void *beta = f64 ? (const void *)&zero64 : (const void *)&zero32;
  int compute = f64 ? kCublasCompute64F : pedantic ? kCublasCompute32FPedantic : kCublasCompute32F;
  int lda = g.transA ? g.m : g.k, ldb = g.transB ? g.k : g.n, ldc = g.ldc ? g.ldc : g.n;
  int opA = g.transA ? kCublasOpT : kCublasOpN, opB = g.transB ? kCublasOpT : kCublasOpN;
  const void *a = reinterpret_cast<const void *>(ops.a), *b = reinterpret_cast<const void *>(ops.b);
  void *c = reinterpret_cast<void *>(ops.c);
  bool batched = g.batch != 1 || alwaysBatched;
  cublasStatus_t st =
      batched ? cublas->gemmStridedBatchedEx(cublasHandle, opB, opA, g.n, g.m, g.k, alpha, b,
                                             ops.inType, ldb, g.strideB, a, ops.inType, lda,
                                             g.strideA, beta, c, ops.outType, ldc, g.strideC,
                                             g.batch, compute, kCublasGemmDefault)
              : cublas->gemmEx(cublasHandle, opB, opA, g.n, g.m, g.k, alpha, b, ops.inType, ldb, a,
                               ops.inType, lda, beta, c, ops.outType, ldc, compute,
                               kCublasGemmDefault);
  if (st)
    error = std::string(batched ? "cublasGemmStridedBatchedEx" : "cublasGemmEx") +
            " failed with status " + std::to_string(st);
  return st == 0;
}

bool GemmRunner::run(size_t step, std::string &error) {
  const Call &c = calls.at(step);
  if (c.product < 0)
    return runCublas(c, error);
  const Product &p = *products[c.product];
  int status = 0;
  if (!runLt(p, c, p.candidates[p.chosen].algo, status)) {
    error = "cublasLtMatmul failed with status " + std::to_string(status);
    return false;
  }
  return true;
}

const char *GemmRunner::library(size_t step) const {
  auto it = calls.find(step);
  if (it == calls.end())
    return "";
  return it->second.product < 0 ? "cublas" : "cublaslt";
}

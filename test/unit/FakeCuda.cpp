//===- FakeCuda.cpp - a stand-in CUDA driver, cuBLAS and cuDNN for tests -===//
//
// Built as libgn-fake-cuda.so and loaded through GN_LIBCUDA (driver) and
// GN_CUDA_LIBRARY_PATH (cuBLAS, cuDNN) on machines without a GPU, so the
// CUDA runtime's plumbing is tested in CI: every PTX module is parsed for
// its entries and their parameter counts, every launch is checked (the
// function exists, each pointer argument lies inside a live allocation; a
// value below 2^32 is a size, logged) and logged, graphs record and
// replay. No kernel runs: outputs are whatever
// the buffers held. Faults can be injected:
//   GN_FAKE_CUDA_LOG=FILE            one line per launch, library call, replay
//   GN_FAKE_CUDA_FAIL_SYNC=N         the N-th stream synchronize fails with
//                                    CUDA_ERROR_ILLEGAL_ADDRESS (700)
//   GN_FAKE_CUDA_FAIL_ALLOC_OVER=B   allocations over B bytes fail (2: out
//                                    of memory)
//   GN_FAKE_CUDA_NO_DEVICE=1         cuDeviceGetCount reports no device
//   GN_FAKE_CUDA_INDEX_ERROR=1       every launch stores [1, 7, 5] in its
//                                    module's gn_index_error word, as a
//                                    kernel reading index 7 of 5 would
//   GN_FAKE_CUBLASLT_ALGOS=N         cuBLASLt's heuristic lists N algorithms
//                                    (default 3; 0: none, status 15)
//   GN_FAKE_CUBLASLT_FASTEST=I       algorithm I takes 1 ms of the stand-in's
//                                    clock, the others 2 (default 1, so
//                                    timing beats the first guess)
//   GN_FAKE_CUDNN_FASTEST=I          the same for convolution algorithms
//                                    (default 7, not cudnnFind's first)
//   GN_FAKE_CUDNN_GRAPH_FASTEST=I    the same for a convolution replayed in
//                                    a graph (default 1, cuDNN's guess)
//   GN_FAKE_CUDA_FAULT_KERNEL=S      a kernel whose name holds S faults when
//                                    it runs (launched or replayed): the
//                                    context is lost, every later call
//                                    fails with CUDA_ERROR_ILLEGAL_ADDRESS
//                                    (700), as a real fault's does
//   GN_FAKE_CUDA_LOST_KERNEL=S       the same, but the device goes away
//                                    (CUDA_ERROR_DEVICE_UNAVAILABLE, 46)
//   GN_FAKE_CUDA_FAULT_AFTER=N       the chosen kernel runs N times first
//                                    (a fault in a graph replay, not in the
//                                    first, checked forward)
//   GN_FAKE_CUBLAS_FAIL=N            every cuBLAS(Lt) product returns status
//                                    N (3: CUBLAS_STATUS_ALLOC_FAILED)
//   GN_FAKE_CUDNN_FAIL=N             every cuDNN convolution returns status N
// Events read that clock: cuEventRecord outside a capture stamps it, and
// cuBLASLt's products and cuDNN's convolutions advance it, so timing their
// algorithms is testable.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct Module {
  std::map<std::string, int> entries; // name -> parameter count
  std::vector<uint8_t> global = std::vector<uint8_t>(24, 0);
};

struct Function {
  std::string name;
  int params = 0;
  Module *module = nullptr;
};

/// A captured graph's node: a kernel launch, or (f null) an event record
/// node (`event`) or a library call's device time (`advance` ms of the
/// clock), which a replay stamps or adds.
struct Launch {
  Function *f;
  unsigned g[3], b[3];
  std::vector<uint64_t> args;
  bool programmatic = false; // cuLaunchKernelEx with programmatic stream serialization
  float *event = nullptr;
  float advance = 0;
  std::function<void()> host; // a library call's host computation, redone at replay
};

std::map<uintptr_t, size_t> &allocations() {
  static std::map<uintptr_t, size_t> a;
  return a;
}
std::vector<Launch> &captured() {
  static std::vector<Launch> c;
  return c;
}
bool capturing = false;
int envInt(const char *name, int fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}
int sticky = 0; // a fault's error, returned by every call after it
int syncs = 0;
float clockMs = 0; // the stand-in's device clock (events, cuBLASLt)

void log(const std::string &line) {
  const char *path = std::getenv("GN_FAKE_CUDA_LOG");
  if (!path)
    return;
  if (FILE *f = std::fopen(path, "a")) {
    std::fprintf(f, "%s\n", line.c_str());
    std::fclose(f);
  }
}

bool inAllocation(uint64_t p) {
  auto &a = allocations();
  auto it = a.upper_bound(p);
  if (it == a.begin())
    return false;
  --it;
  return p >= it->first && p <= it->first + it->second;
}

std::string describe(const Launch &l, const char *verb) {
  std::string s = std::string(verb) + " " + l.f->name + " grid=" + std::to_string(l.g[0]) + "," +
                  std::to_string(l.g[1]) + "," + std::to_string(l.g[2]) +
                  " block=" + std::to_string(l.b[0]) + "," + std::to_string(l.b[1]) + "," +
                  std::to_string(l.b[2]) + " params=" + std::to_string(l.args.size()) +
                  (l.programmatic ? " programmatic" : "");
  // A symbolic kernel's sizes come before its buffers: a parameter below
  // 2^32 is taken for a size (the stand-in's device memory is host memory,
  // far above it) and logged, every other one must lie in an allocation.
  std::string sizes;
  for (uint64_t a : l.args) {
    if (a < (uint64_t(1) << 32))
      sizes += (sizes.empty() ? "" : ",") + std::to_string(a);
    else if (!inAllocation(a))
      s += " BAD-POINTER";
  }
  if (!sizes.empty())
    s += " sizes=" + sizes;
  return s;
}

/// cuBLAS's column-major product, computed on the host for f32 (A, B and C
/// f32; the stand-in's device memory is host memory), so a program of
/// GEMMs alone is checked against the interpreter through its strides:
/// C[i + j ldc] = sum_p op(A)(i, p) op(B)(p, j) for each batch item.
/// Other types are logged, not computed. Any element outside its buffer
/// is logged as BAD-BOUNDS and nothing is written.
bool gemmF32(int ta, int tb, int m, int n, int k, const float *alpha, const float *a, int lda,
             long long sa, const float *b, int ldb, long long sb, const float *beta, float *c,
             int ldc, long long sc, int batch) {
  auto last = [](long long ld, long long rows, long long cols, long long stride, int batch) {
    return (batch - 1) * stride + (cols - 1) * ld + rows - 1; // the farthest element read
  };
  auto fits = [](const void *p, long long elements) {
    return inAllocation(reinterpret_cast<uintptr_t>(p) + 4 * (elements + 1));
  };
  if (m == 0 || n == 0 || batch == 0)
    return true;
  bool ok = fits(c, last(ldc, m, n, sc, batch));
  if (k > 0)
    ok = ok && fits(a, ta ? last(lda, k, m, sa, batch) : last(lda, m, k, sa, batch)) &&
         fits(b, tb ? last(ldb, n, k, sb, batch) : last(ldb, k, n, sb, batch));
  if (!ok)
    return false;
  for (int t = 0; t < batch; ++t)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        double sum = 0;
        for (int p = 0; p < k; ++p) {
          float x = ta ? a[t * sa + p + (long long)i * lda] : a[t * sa + i + (long long)p * lda];
          float y = tb ? b[t * sb + j + (long long)p * ldb] : b[t * sb + p + (long long)j * ldb];
          sum += (double)x * y;
        }
        float &out = c[t * sc + i + (long long)j * ldc];
        out = *alpha * (float)sum + (*beta != 0 ? *beta * out : 0.0f);
      }
  return true;
}

} // namespace

extern "C" {

int cuInit(unsigned) { return 0; }
/// The stand-in's own: forgets an injected fault (a test process that goes
/// on with other programs after one).
void gn_fake_cuda_reset() { sticky = 0; }
int cuGetErrorName(int r, const char **s) {
  *s = r == 700 ? "CUDA_ERROR_ILLEGAL_ADDRESS" : r == 2 ? "CUDA_ERROR_OUT_OF_MEMORY"
       : r == 500 ? "CUDA_ERROR_NOT_FOUND" : r == 46 ? "CUDA_ERROR_DEVICE_UNAVAILABLE"
       : "CUDA_ERROR_UNKNOWN";
  return 0;
}
int cuGetErrorString(int r, const char **s) {
  *s = r == 700 ? "an illegal memory access was encountered"
       : r == 46 ? "CUDA-capable device(s) is/are busy or unavailable" : "fake error";
  return 0;
}
int cuDeviceGetCount(int *n) {
  *n = std::getenv("GN_FAKE_CUDA_NO_DEVICE") ? 0 : 1;
  return 0;
}
int cuDeviceGet(int *d, int) {
  *d = 0;
  return 0;
}
int cuDeviceGetName(char *name, int len, int) {
  std::snprintf(name, len, "gn fake GPU");
  return 0;
}
// Compute capability 9.0, or GN_FAKE_CUDA_CC (e.g. 80: an sm_80 GPU).
int cuDeviceGetAttribute(int *v, int attr, int) {
  const char *cc = std::getenv("GN_FAKE_CUDA_CC");
  int both = cc ? std::atoi(cc) : 90;
  *v = attr == 75 ? both / 10 : attr == 76 ? both % 10 : 0;
  return 0;
}
int cuDevicePrimaryCtxRetain(void **c, int) {
  static int ctx;
  *c = &ctx;
  return 0;
}
int cuCtxSetCurrent(void *) { return 0; }
int cuCtxSynchronize() { return sticky; }

/// A cubin's kernels and their parameter counts: each kernel's section
/// .nv.info.<name> holds one EIATTR_KPARAM_INFO (0x17) record per
/// parameter (records: format byte, attribute byte, then a 2-byte size and
/// payload for format 4, else a 2-byte value). Sections by the ELF64
/// header's table. False if it is not such an image.
bool cubinEntries(const unsigned char *b, std::map<std::string, int> &entries) {
  if (std::memcmp(b, "\x7f" "ELF", 4) != 0 || b[4] != 2)
    return false;
  uint64_t shoff;
  uint16_t shentsize, shnum, shstrndx;
  std::memcpy(&shoff, b + 0x28, 8);
  std::memcpy(&shentsize, b + 0x3A, 2);
  std::memcpy(&shnum, b + 0x3C, 2);
  std::memcpy(&shstrndx, b + 0x3E, 2);
  auto header = [&](int i, uint32_t &name, uint64_t &offset, uint64_t &size) {
    const unsigned char *h = b + shoff + uint64_t(i) * shentsize;
    std::memcpy(&name, h, 4);
    std::memcpy(&offset, h + 0x18, 8);
    std::memcpy(&size, h + 0x20, 8);
  };
  uint32_t n;
  uint64_t strOffset, strSize;
  header(shstrndx, n, strOffset, strSize);
  for (int i = 0; i < shnum; ++i) {
    uint64_t offset, size;
    header(i, n, offset, size);
    std::string section(reinterpret_cast<const char *>(b + strOffset + n));
    if (section.rfind(".nv.info.", 0) != 0)
      continue;
    int params = 0;
    for (uint64_t at = 0; at + 4 <= size;) {
      unsigned char format = b[offset + at], attr = b[offset + at + 1];
      uint16_t len;
      std::memcpy(&len, b + offset + at + 2, 2);
      params += attr == 0x17;
      at += 4 + (format == 4 ? len : 0);
    }
    entries[section.substr(9)] = params;
  }
  return true;
}

int cuModuleLoadDataEx(void **mod, const void *image, unsigned, int *, void **) {
  std::map<std::string, int> cubin;
  if (cubinEntries(static_cast<const unsigned char *>(image), cubin)) {
    auto *m = new Module();
    m->entries = cubin;
    log("module cubin with " + std::to_string(cubin.size()) + " kernels");
    *mod = m;
    return 0;
  }
  std::string ptx(static_cast<const char *>(image));
  if (ptx.find(".version") == std::string::npos || ptx.find(".target") == std::string::npos)
    return 218; // CUDA_ERROR_INVALID_PTX
  auto *m = new Module();
  for (size_t at = ptx.find(".entry "); at != std::string::npos;
       at = ptx.find(".entry ", at + 1)) {
    size_t open = ptx.find('(', at), close = ptx.find(')', open);
    std::string name = ptx.substr(at + 7, open - at - 7);
    int params = 0;
    for (size_t p = ptx.find(".param", open); p != std::string::npos && p < close;
         p = ptx.find(".param", p + 1))
      ++params;
    m->entries[name] = params;
  }
  *mod = m;
  return 0;
}
int cuModuleUnload(void *) { return 0; }
int cuModuleGetFunction(void **f, void *mod, const char *name) {
  auto *m = static_cast<Module *>(mod);
  auto it = m->entries.find(name);
  if (it == m->entries.end())
    return 500;
  *f = new Function{name, it->second, m};
  return 0;
}
int cuModuleGetGlobal_v2(uint64_t *p, size_t *bytes, void *mod, const char *) {
  auto *m = static_cast<Module *>(mod);
  *p = reinterpret_cast<uintptr_t>(m->global.data());
  *bytes = m->global.size();
  allocations()[*p] = *bytes;
  return 0;
}
int cuMemAlloc_v2(uint64_t *p, size_t bytes) {
  if (const char *limit = std::getenv("GN_FAKE_CUDA_FAIL_ALLOC_OVER"))
    if (bytes > std::strtoull(limit, nullptr, 10))
      return 2;
  void *q = std::calloc(1, bytes);
  if (!q && bytes)
    return 2; // CUDA_ERROR_OUT_OF_MEMORY, as a device out of memory says
  *p = reinterpret_cast<uintptr_t>(q);
  allocations()[*p] = bytes;
  return 0;
}
int cuMemFree_v2(uint64_t p) {
  allocations().erase(p);
  std::free(reinterpret_cast<void *>(p));
  return 0;
}
int cuMemGetInfo_v2(size_t *free, size_t *total) {
  *free = *total = size_t(80) << 30;
  return 0;
}
int cuMemcpyHtoD_v2(uint64_t d, const void *s, size_t n) {
  if (sticky)
    return sticky;
  std::memcpy(reinterpret_cast<void *>(d), s, n);
  return 0;
}
int cuMemcpyDtoH_v2(void *d, uint64_t s, size_t n) {
  if (sticky)
    return sticky;
  std::memcpy(d, reinterpret_cast<void *>(s), n);
  return 0;
}
int cuMemcpyDtoHAsync_v2(void *d, uint64_t s, size_t n, void *) {
  if (sticky)
    return sticky;
  std::memcpy(d, reinterpret_cast<void *>(s), n);
  return 0;
}
int cuMemAllocHost_v2(void **p, size_t n) {
  *p = std::calloc(1, n);
  return 0;
}
int cuMemFreeHost(void *p) {
  std::free(p);
  return 0;
}
int cuMemcpyDtoDAsync_v2(uint64_t d, uint64_t s, size_t n, void *) {
  if (sticky)
    return sticky;
  std::memmove(reinterpret_cast<void *>(d), reinterpret_cast<void *>(s), n);
  return 0;
}
int cuMemsetD8Async(uint64_t d, unsigned char v, size_t n, void *) {
  std::memset(reinterpret_cast<void *>(d), v, n);
  return 0;
}
int cuStreamCreate(void **s, unsigned) {
  static int stream;
  *s = &stream;
  return 0;
}
int cuStreamDestroy_v2(void *) { return 0; }
int cuStreamSynchronize(void *) {
  ++syncs;
  if (sticky)
    return sticky;
  if (const char *n = std::getenv("GN_FAKE_CUDA_FAIL_SYNC"))
    if (syncs == std::atoi(n))
      return 700;
  return 0;
}
/// GN_FAKE_CUDA_FAULT_KERNEL / LOST_KERNEL: the chosen kernel faults as it
/// runs (the error is the context's from then on).
void faultIfChosen(const Function &f) {
  static int runs = 0; // of the chosen kernel
  for (auto [var, code] : {std::pair<const char *, int>{"GN_FAKE_CUDA_FAULT_KERNEL", 700},
                           {"GN_FAKE_CUDA_LOST_KERNEL", 46}})
    if (const char *s = std::getenv(var); s && *s && f.name.find(s) != std::string::npos &&
                                            !sticky && ++runs > envInt("GN_FAKE_CUDA_FAULT_AFTER", 0)) {
      sticky = code;
      log("fault " + f.name + " " + std::to_string(code));
    }
}
static int launch(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
           void **params, bool programmatic) {
  auto *f = static_cast<Function *>(fn);
  Launch l{f, {gx, gy, gz}, {bx, by, bz}, {}, programmatic};
  for (int i = 0; i < f->params; ++i)
    l.args.push_back(*static_cast<uint64_t *>(params[i]));
  if (capturing) {
    captured().push_back(l);
    return 0;
  }
  if (sticky)
    return sticky;
  log(describe(l, "launch"));
  faultIfChosen(*f);
  if (std::getenv("GN_FAKE_CUDA_INDEX_ERROR")) {
    int64_t word[3] = {1, 7, 5};
    std::memcpy(f->module->global.data(), word, sizeof(word));
  }
  return 0;
}
int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                   unsigned bz, unsigned, void *, void **params, void **) {
  return launch(fn, gx, gy, gz, bx, by, bz, params, false);
}
// CUlaunchConfig and CUlaunchAttribute (cuda.h's layout, as CudaApi.h's).
struct LaunchAttribute {
  int id;
  char pad[4];
  union {
    int value;
    char bytes[64];
    void *align;
  } value;
};
struct LaunchConfig {
  unsigned g[3], b[3], sharedMemBytes;
  void *stream;
  LaunchAttribute *attrs;
  unsigned numAttrs;
};
int cuLaunchKernelEx(const LaunchConfig *c, void *fn, void **params, void **) {
  bool programmatic = false;
  for (unsigned i = 0; i < c->numAttrs; ++i)
    programmatic |= c->attrs[i].id == 6 && c->attrs[i].value.value; // PROGRAMMATIC_STREAM_SERIALIZATION
  return launch(fn, c->g[0], c->g[1], c->g[2], c->b[0], c->b[1], c->b[2], params, programmatic);
}
int cuStreamBeginCapture_v2(void *, int) {
  capturing = true;
  captured().clear();
  return 0;
}
int cuStreamEndCapture(void *, void **graph) {
  capturing = false;
  *graph = new std::vector<Launch>(captured());
  return 0;
}
int cuGraphInstantiateWithFlags(void **exec, void *graph, unsigned long long) {
  auto *nodes = static_cast<std::vector<Launch> *>(graph);
  *exec = new std::vector<Launch>(*nodes);
  log("graph instantiated with " +
      std::to_string(std::count_if(nodes->begin(), nodes->end(),
                                   [](const Launch &l) { return l.f != nullptr; })) +
      " launches");
  return 0;
}
int cuGraphLaunch(void *exec, void *) {
  if (sticky)
    return sticky;
  for (const Launch &l : *static_cast<std::vector<Launch> *>(exec)) {
    if (l.f) {
      log(describe(l, "replay"));
      faultIfChosen(*l.f);
    } else if (l.event)
      *l.event = clockMs;
    else if (l.host)
      l.host();
    else
      clockMs += l.advance;
  }
  return 0;
}
int cuGraphDestroy(void *g) {
  delete static_cast<std::vector<Launch> *>(g);
  return 0;
}
int cuGraphExecDestroy(void *g) {
  delete static_cast<std::vector<Launch> *>(g);
  return 0;
}
int cuEventCreate(void **e, unsigned) {
  *e = new float(0);
  return 0;
}
int cuEventRecord(void *e, void *) {
  if (!capturing)
    *static_cast<float *>(e) = clockMs;
  return 0;
}
int cuEventRecordWithFlags(void *e, void *, unsigned flags) {
  // As the driver: an external record is only for a capturing stream.
  // GN_FAKE_CUDA_NO_EVENT_NODES: a driver without event record nodes
  // (CUDA_ERROR_NOT_SUPPORTED).
  if (std::getenv("GN_FAKE_CUDA_NO_EVENT_NODES"))
    return 801;
  if (flags != 1 || !capturing)
    return 1;
  Launch node{};
  node.event = static_cast<float *>(e);
  captured().push_back(node);
  return 0;
}
int cuEventSynchronize(void *) { return 0; }
int cuEventQuery(void *) { return 0; }
int cuEventElapsedTime(float *ms, void *begin, void *end) {
  *ms = *static_cast<float *>(end) - *static_cast<float *>(begin);
  return 0;
}
int cuEventDestroy_v2(void *e) {
  delete static_cast<float *>(e);
  return 0;
}

// cuBLAS.
int cublasCreate_v2(void **h) {
  static int handle;
  *h = &handle;
  return 0;
}
int cublasDestroy_v2(void *) { return 0; }
int cublasSetStream_v2(void *, void *) { return 0; }
int cublasSetMathMode(void *, int mode) {
  log("cublas math=" + std::to_string(mode));
  return 0;
}
int cublasSetWorkspace_v2(void *, void *, size_t) { return 0; }
namespace {
int gemm(const char *api, int ta, int tb, int m, int n, int k, const void *alpha, const void *a,
         int atype, int lda, long long sa, const void *b, int btype, int ldb, long long sb,
         const void *beta, void *c, int ctype, int ldc, long long sc, int batch, int compute) {
  std::string s = "gemm m=" + std::to_string(m) + " n=" + std::to_string(n) +
                  " k=" + std::to_string(k) + " batch=" + std::to_string(batch) +
                  " ta=" + std::to_string(ta) + " tb=" + std::to_string(tb) +
                  " lda=" + std::to_string(lda) + " ldb=" + std::to_string(ldb) +
                  " ldc=" + std::to_string(ldc) + " compute=" + std::to_string(compute) +
                  " atype=" + std::to_string(atype) + " ctype=" + std::to_string(ctype) +
                  " api=" + api;
  for (const void *p : {a, b, static_cast<const void *>(c)})
    if (!inAllocation(reinterpret_cast<uintptr_t>(p)))
      s += " BAD-POINTER";
  const int kF32 = 0; // CUDA_R_32F
  bool f32 = atype == kF32 && btype == kF32 && ctype == kF32;
  if (!capturing && f32 &&
      !gemmF32(ta, tb, m, n, k, static_cast<const float *>(alpha),
               static_cast<const float *>(a), lda, sa, static_cast<const float *>(b), ldb, sb,
               static_cast<const float *>(beta), static_cast<float *>(c), ldc, sc, batch))
    s += " BAD-BOUNDS";
  if (capturing && f32) {
    // Captured: the product is computed again at every replay, on what the
    // buffers hold then (alpha and beta are the caller's constants).
    Launch node{};
    float al = *static_cast<const float *>(alpha), be = *static_cast<const float *>(beta);
    node.host = [=] {
      gemmF32(ta, tb, m, n, k, &al, static_cast<const float *>(a), lda, sa,
              static_cast<const float *>(b), ldb, sb, &be, static_cast<float *>(c), ldc, sc, batch);
    };
    captured().push_back(node);
  }
  if (!capturing)
    log(s);
  return 0;
}
} // namespace

int cublasGemmStridedBatchedEx(void *, int ta, int tb, int m, int n, int k, const void *alpha,
                               const void *a, int atype, int lda, long long sa, const void *b,
                               int btype, int ldb, long long sb, const void *beta, void *c,
                               int ctype, int ldc, long long sc, int batch, int compute, int) {
  if (int status = envInt("GN_FAKE_CUBLAS_FAIL", 0))
    return status;
  return gemm("batched", ta, tb, m, n, k, alpha, a, atype, lda, sa, b, btype, ldb, sb, beta, c,
              ctype, ldc, sc, batch, compute);
}
int cublasGemmEx(void *, int ta, int tb, int m, int n, int k, const void *alpha, const void *a,
                 int atype, int lda, const void *b, int btype, int ldb, const void *beta, void *c,
                 int ctype, int ldc, int compute, int) {
  if (int status = envInt("GN_FAKE_CUBLAS_FAIL", 0))
    return status;
  return gemm("plain", ta, tb, m, n, k, alpha, a, atype, lda, 0, b, btype, ldb, 0, beta, c, ctype,
              ldc, 0, 1, compute);
}

// cuBLASLt: descriptors are plain structs; products go through gemm()
// above (computed for f32), logged with api=lt and the algorithm.
namespace {
struct LtDesc {
  int compute = 0, scale = 0, transA = 0, transB = 0;
};
struct LtLayout {
  int type = 0;
  uint64_t rows = 0, cols = 0;
  int64_t ld = 0, stride = 0;
  int batch = 1;
};
struct LtPreference {
  uint64_t maxWorkspace = 0;
  uint32_t align[4] = {256, 256, 256, 256};
};
struct LtAlgo { // cublasLtMatmulAlgo_t's 64 bytes
  uint64_t id, align[4], unused[3];
};
struct LtHeuristic {
  LtAlgo algo;
  size_t workspaceSize;
  int state;
  float wavesCount;
  int reserved[4];
};
} // namespace

int cublasLtCreate(void **h) {
  static int handle;
  *h = &handle;
  return 0;
}
int cublasLtDestroy(void *) { return 0; }
int cublasLtMatmulDescCreate(void **d, int compute, int scale) {
  *d = new LtDesc{compute, scale, 0, 0};
  return 0;
}
int cublasLtMatmulDescDestroy(void *d) {
  delete static_cast<LtDesc *>(d);
  return 0;
}
int cublasLtMatmulDescSetAttribute(void *d, int attr, const void *v, size_t) {
  auto *desc = static_cast<LtDesc *>(d);
  if (attr == 3)
    desc->transA = *static_cast<const int32_t *>(v);
  else if (attr == 4)
    desc->transB = *static_cast<const int32_t *>(v);
  return 0;
}
int cublasLtMatrixLayoutCreate(void **l, int type, uint64_t rows, uint64_t cols, int64_t ld) {
  *l = new LtLayout{type, rows, cols, ld, 0, 1};
  return 0;
}
int cublasLtMatrixLayoutDestroy(void *l) {
  delete static_cast<LtLayout *>(l);
  return 0;
}
int cublasLtMatrixLayoutSetAttribute(void *l, int attr, const void *v, size_t) {
  auto *layout = static_cast<LtLayout *>(l);
  if (attr == 5)
    layout->batch = *static_cast<const int32_t *>(v);
  else if (attr == 6)
    layout->stride = *static_cast<const int64_t *>(v);
  return 0;
}
int cublasLtMatmulPreferenceCreate(void **p) {
  *p = new LtPreference();
  return 0;
}
int cublasLtMatmulPreferenceDestroy(void *p) {
  delete static_cast<LtPreference *>(p);
  return 0;
}
int cublasLtMatmulPreferenceSetAttribute(void *p, int attr, const void *v, size_t) {
  auto *pref = static_cast<LtPreference *>(p);
  if (attr == 1)
    pref->maxWorkspace = *static_cast<const uint64_t *>(v);
  else if (attr >= 5 && attr <= 8)
    pref->align[attr - 5] = *static_cast<const uint32_t *>(v);
  else if (attr == 3) // CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK
    log("cublasLt reduction mask=" + std::to_string(*static_cast<const uint32_t *>(v)));
  return 0;
}
int cublasLtMatmulAlgoGetHeuristic(void *, void *, void *, void *, void *, void *, void *p,
                                   int requested, LtHeuristic *out, int *returned) {
  auto *pref = static_cast<LtPreference *>(p);
  int n = std::min(envInt("GN_FAKE_CUBLASLT_ALGOS", 3), requested);
  *returned = n;
  // Each algorithm remembers the alignments it was listed for: a product
  // run with a less aligned pointer is logged BAD-ALIGNMENT.
  for (int i = 0; i < n; ++i) {
    out[i] = LtHeuristic{};
    out[i].algo.id = i;
    for (int k = 0; k < 4; ++k)
      out[i].algo.align[k] = pref->align[k];
    // GN_FAKE_CUBLASLT_WORKSPACE=B: algorithm i needs i * B bytes of
    // workspace (remembered in the algorithm, checked at the matmul).
    out[i].workspaceSize = size_t(i) * size_t(envInt("GN_FAKE_CUBLASLT_WORKSPACE", 0));
    out[i].algo.unused[0] = out[i].workspaceSize;
  }
  return n ? 0 : 15; // CUBLAS_STATUS_NOT_SUPPORTED
}
int cublasLtMatmul(void *, void *d, const void *alpha, const void *a, void *la, const void *b,
                   void *lb, const void *beta, const void *c, void *lc, void *dd, void *ld,
                   const LtAlgo *algo, void *workspace, size_t workspaceBytes, void *) {
  if (int status = envInt("GN_FAKE_CUBLAS_FAIL", 0))
    return status;
  auto *desc = static_cast<LtDesc *>(d);
  auto *A = static_cast<LtLayout *>(la), *B = static_cast<LtLayout *>(lb),
       *C = static_cast<LtLayout *>(lc);
  uint64_t k = desc->transA ? A->rows : A->cols;
  std::string api = "lt algo=" + std::to_string(algo->id);
  const void *ptrs[4] = {a, b, c, dd};
  for (int i = 0; i < 4; ++i)
    if (reinterpret_cast<uintptr_t>(ptrs[i]) % algo->align[i])
      api += " BAD-ALIGNMENT";
  if (c != dd || lc != ld)
    api += " C-IS-NOT-D";
  uintptr_t w = reinterpret_cast<uintptr_t>(workspace);
  if (algo->unused[0] && (!w || workspaceBytes < algo->unused[0] || !inAllocation(w) ||
                          !inAllocation(w + algo->unused[0])))
    api += " WORKSPACE-TOO-SMALL";
  if (!capturing)
    clockMs += (int)algo->id == envInt("GN_FAKE_CUBLASLT_FASTEST", 1) ? 1 : 2;
  return gemm(api.c_str(), desc->transA, desc->transB, C->rows, C->cols, k, alpha, a, A->type,
              A->ld, A->stride, b, B->type, B->ld, B->stride, beta, dd, C->type, C->ld, C->stride,
              C->batch, desc->compute);
}

// cuDNN.
int cudnnCreate(void **h) {
  static int handle;
  *h = &handle;
  return 0;
}
int cudnnSetStream(void *, void *) { return 0; }
const char *cudnnGetErrorString(int) { return "fake cuDNN error"; }
int cudnnCreateTensorDescriptor(void **d) {
  *d = new int(0);
  return 0;
}
int cudnnSetTensorNdDescriptor(void *, int, int, const int *, const int *) { return 0; }
int cudnnCreateFilterDescriptor(void **d) {
  *d = new int(0);
  return 0;
}
int cudnnSetFilterNdDescriptor(void *, int, int, int, const int *) { return 0; }
int cudnnCreateConvolutionDescriptor(void **d) {
  *d = new int(0);
  return 0;
}
int cudnnSetConvolutionNdDescriptor(void *, int, const int *, const int *, const int *, int,
                                    int) {
  return 0;
}
int cudnnSetConvolutionGroupCount(void *, int) { return 0; }
int cudnnSetConvolutionMathType(void *, int math) {
  log("cudnn math=" + std::to_string(math));
  return 0;
}
struct Perf {
  int algo, status;
  float time;
  size_t memory;
  int determinism, mathType, reserved[3];
};
int cudnnGetConvolutionForwardAlgorithm_v7(void *, void *, void *, void *, void *, int,
                                           int *returned, Perf *perf) {
  *returned = 1;
  perf[0] = Perf{1, 0, 0.f, 0, 1, 3, {0, 0, 0}};
  return 0;
}
// cuDNN's timed list: a tensor-op (TF32) algorithm and one in default math
// (TF32 allowed) first, which gn must skip (unless GN_CUDNN_MATH=tf32), then
// an FMA one over the workspace cap, then two FMA ones gn times itself (2,
// cuDNN's fastest, and 7). GN_FAKE_CUDA_FIND_FAIL=1: the timing fails
// (CUDNN_STATUS_ALLOC_FAILED), and gn takes the heuristic guess.
int cudnnFindConvolutionForwardAlgorithm(void *, void *, void *, void *, void *, int,
                                         int *returned, Perf *perf) {
  log("cudnn find");
  if (std::getenv("GN_FAKE_CUDA_FIND_FAIL"))
    return 2;
  *returned = 5;
  perf[0] = Perf{6, 0, 0.01f, 0, 1, 1, {0, 0, 0}};
  perf[1] = Perf{5, 0, 0.015f, 0, 1, 0, {0, 0, 0}};
  perf[2] = Perf{4, 0, 0.02f, size_t(1) << 30, 1, 3, {0, 0, 0}};
  perf[3] = Perf{2, 0, 0.03f, 2048, 1, 3, {0, 0, 0}};
  perf[4] = Perf{7, 0, 0.04f, 4096, 1, 3, {0, 0, 0}};
  return 0;
}
int cudnnGetConvolutionForwardWorkspaceSize(void *, void *, void *, void *, void *, int,
                                            size_t *bytes) {
  *bytes = 1024;
  return 0;
}
int cudnnConvolutionForward(void *, const void *, void *, const void *x, void *, const void *w,
                            void *, int algo, void *, size_t, const void *, void *, void *y) {
  if (int status = envInt("GN_FAKE_CUDNN_FAIL", 0))
    return status;
  std::string s = "conv algo=" + std::to_string(algo);
  for (const void *p : {x, w, static_cast<const void *>(y)})
    if (!inAllocation(reinterpret_cast<uintptr_t>(p)))
      s += " BAD-POINTER";
  if (!capturing) {
    log(s);
    clockMs += algo == envInt("GN_FAKE_CUDNN_FASTEST", 7) ? 1 : 2;
  } else {
    // Inside a graph another algorithm may be the fastest, as on an H200
    // (CudaConv.h): GN_FAKE_CUDNN_GRAPH_FASTEST, default cuDNN's guess (1).
    Launch node{};
    node.advance = algo == envInt("GN_FAKE_CUDNN_GRAPH_FASTEST", 1) ? 1 : 2;
    captured().push_back(node);
  }
  return 0;
}
int cudnnAddTensor(void *, const void *, void *, const void *, const void *, void *, void *) {
  return 0;
}

} // extern "C"

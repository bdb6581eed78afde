//===- CudaExecutor.cpp - run a CUDA program on the GPU ------------------===//
#include "gn/Target/CUDA/CudaExecutor.h"

#include <algorithm>
#include "CudaApi.h"
#include "CudaConv.h"
#include "CudaGemm.h"
#include "gn/Support/RuntimeErrors.h"
#include "gn/Support/ShapeGuard.h"
#include "gn/Support/SymExpr.h"
#include <chrono>
#include <functional>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir::gn::cuda;
using mlir::gn::interp::HostTensor;
namespace interp = mlir::gn::interp;

namespace {

// cuBLAS's and cuBLASLt's workspace: fixed, so neither allocates while a
// graph is captured.
constexpr size_t kGemmWorkspaceBytes = 32 << 20;

int cudaDataType(DType d) {
  switch (d) {
  case DType::F16: return kCudaR16F;
  case DType::BF16: return kCudaR16BF;
  case DType::F64: return kCudaR64F;
  default: return kCudaR32F;
  }
}

/// A prepared kernel launch: its function and argument values.
struct LaunchPlan {
  CUfunction function = nullptr;
  bool waits = false; // starts with griddepcontrol.wait (gn-grid-dependency-control)
  std::array<unsigned, 3> grid, block;
  std::vector<CUdeviceptr> values;
  std::vector<void *> params;
};

/// Launch `l`'s grid: where it follows the kernel's sizes, its expressions
/// evaluated at `params`' leading sizes (symbols a0, a1, ...), each at
/// least 1 and within what a launch takes.
bool launchGrid(const Kernel &kernel, const KernelLaunch &l, llvm::ArrayRef<CUdeviceptr> params,
                std::array<unsigned, 3> &grid, std::string &error) {
  grid = l.grid;
  for (int d = 0; d < 3; ++d) {
    if (l.gridExprs[d].empty())
      continue;
    std::optional<mlir::gn::SymExpr> e = mlir::gn::SymExpr::parse(l.gridExprs[d]);
    std::optional<int64_t> v;
    if (e)
      v = e->evaluate([&](llvm::StringRef name) -> std::optional<int64_t> {
        std::optional<unsigned> k = kernelSizeIndex(name, kernel.sizes.size());
        return k ? std::optional<int64_t>(params[*k]) : std::nullopt;
      });
    if (!v || *v > (d == 0 ? INT32_MAX : 65535)) {
      error = "kernel function '" + l.function + "': grid dim " + std::to_string(d) + " '" +
              l.gridExprs[d] + "' has no valid value at its sizes";
      return false;
    }
    grid[d] = std::max<int64_t>(*v, 1);
  }
  return true;
}

} // namespace

struct CudaExecutor::Impl {
  const Driver *driver = nullptr;
  std::unique_ptr<GemmRunner> gemms;
  std::unique_ptr<ConvRunner> convs;
  Program program;
  DeviceInfo device;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  std::vector<CUmodule> modules;
  std::vector<CUdeviceptr> indexErrorGlobals; // per module, 0 if none
  int64_t *indexErrorWords = nullptr;          // pinned: 3 per module
  std::vector<CUdeviceptr> allocations;
  int64_t allocatedBytes = 0, workspaceBytes = 0;
  std::vector<CUdeviceptr> slotPtr;
  std::vector<std::vector<LaunchPlan>> launchPlans; // per step
  CUdeviceptr gemmWorkspace = 0, convWorkspace = 0;
  CudaOptions options;
  // The pdl switch (GN_CUDA_PDL=1): a kernel that waits for the grids
  // before it (griddepcontrol.wait first, gn-grid-dependency-control) and
  // follows another of gn's kernels is launched with programmatic dependent
  // launch (Hopper), so its launch overlaps the end of the one before; a
  // measured choice, off until timed on a GPU.
  bool pdl = false;
  std::vector<bool> moduleWaits; // per module: its kernels start with the wait
  bool afterKernel = false;      // the stream's last work was one of gn's kernels
  int cubinModules = 0;          // modules loaded from their cubin, not JIT-compiled
  std::string jitReason;         // why the first JIT-compiled module was
  int programmaticCount = 0;     // such launches made, all told
  int programmaticLaunches = 0;  // of them, in the captured forward
  CUgraphExec graph = nullptr;
  int launches = 0;
  std::vector<uint64_t> bound;      // per argument: the caller's address, or 0
  bool calledOn = false;            // forwardOn has run its first (checked) call
  CUevent indexWordsRead = nullptr; // forwardOn: the index-error words' copy landed
  bool indexCheckPending = false;

  ~Impl() {
    if (!driver)
      return;
    driver->ctxSetCurrent(context);
    if (graph)
      driver->graphExecDestroy(graph);
    if (indexWordsRead)
      driver->eventDestroy(indexWordsRead);
    if (indexErrorWords)
      driver->memFreeHost(indexErrorWords);
    gemms.reset();
    for (CUdeviceptr p : allocations)
      driver->memFree(p);
    for (CUmodule m : modules)
      driver->moduleUnload(m);
    if (stream)
      driver->streamDestroy(stream);
  }

  bool check(CUresult r, const char *what, std::string &error, const Step *step = nullptr) {
    if (r == 0)
      return true;
    error = std::string(what) + ": " + driver->describe(r);
    if (step)
      error = where(*step) + ": " + error;
    return false;
  }

  static std::string where(const Step &s) {
    return s.location.empty() ? s.op : s.location + ": " + s.op;
  }

  bool alloc(size_t bytes, CUdeviceptr &out, std::string &error) {
    out = 0;
    if (bytes == 0)
      return true;
    if (CUresult r = driver->memAlloc(&out, bytes)) {
      size_t free = 0, total = 0;
      driver->memGetInfo(&free, &total);
      error = "out of device memory: cannot allocate " + std::to_string(bytes) + " bytes (" +
              std::to_string(free) + " of " + std::to_string(total) + " free): " +
              driver->describe(r);
      return false;
    }
    allocations.push_back(out);
    allocatedBytes += bytes;
    return true;
  }

  /// Frees `p` (of `bytes`) from alloc() before the executor ends.
  bool freeAllocation(CUdeviceptr p, size_t bytes, std::string &error) {
    if (!p)
      return true;
    allocations.erase(std::find(allocations.begin(), allocations.end(), p));
    allocatedBytes -= bytes;
    return check(driver->memFree(p), "cuMemFree", error);
  }

  bool loadModules(std::string &error);
  bool placeSlots(std::string &error);
  bool prepareSteps(std::string &error);
  bool uploadConstants(std::string &error);
  bool runStep(size_t i, std::string &error);
  bool readIndexErrors(std::string &error);
  struct StepEvents;
  /// Reads the index-error words back, waits (`what` names a failure) and
  /// checks them.
  bool finishForward(const char *what, std::string &error);
  /// Each step's device ms as a graph of the steps with an event node
  /// after each working step runs them (median of 5 replays). False with
  /// `why` where such a graph cannot be made or timed (no error), or with
  /// `error` where the forward itself failed.
  bool stepTimesInGraph(std::vector<double> &ms, std::string &why, std::string &error);
  /// GN_CUDNN_ALGO=graph: the convolutions' rounds inside the forward
  /// (CudaConv.h); `changed` when a choice is not cuDNN's guess.
  bool chooseConvsInGraph(bool &changed, std::string &error);
  bool checkIndexErrors(std::string &error);
};

CudaExecutor::CudaExecutor() : impl(std::make_unique<Impl>()) {}
CudaExecutor::~CudaExecutor() = default;
int64_t CudaExecutor::deviceBytes() const {
  return impl->allocatedBytes - impl->workspaceBytes;
}
int64_t CudaExecutor::workspaceBytes() const { return impl->workspaceBytes; }
int CudaExecutor::launchesPerForward() const { return impl->launches; }
int CudaExecutor::programmaticLaunches() const { return impl->programmaticLaunches; }
int CudaExecutor::cubinModules() const { return impl->cubinModules; }
const std::string &CudaExecutor::jitReason() const { return impl->jitReason; }
GemmStats CudaExecutor::gemmStats() const {
  return impl->gemms ? impl->gemms->stats() : GemmStats{};
}
ConvStats CudaExecutor::convStats() const {
  return impl->convs ? impl->convs->stats() : ConvStats{};
}
const char *CudaExecutor::gemmLibrary(size_t step) const {
  return impl->gemms ? impl->gemms->library(step) : "";
}
const DeviceInfo &CudaExecutor::device() const { return impl->device; }
const Program &CudaExecutor::program() const { return impl->program; }

std::optional<DeviceInfo> mlir::gn::cuda::probeDevice(const CudaOptions &options,
                                                      std::string &error) {
  const Driver *d = loadDriver(options, error);
  if (!d)
    return std::nullopt;
  CUdevice dev;
  if (CUresult r = d->deviceGet(&dev, 0)) {
    error = "cuDeviceGet: " + d->describe(r);
    return std::nullopt;
  }
  DeviceInfo info;
  char name[256] = {0};
  d->deviceGetName(name, sizeof(name) - 1, dev);
  info.name = name;
  d->deviceGetAttribute(&info.major, kDeviceAttributeComputeCapabilityMajor, dev);
  d->deviceGetAttribute(&info.minor, kDeviceAttributeComputeCapabilityMinor, dev);
  return info;
}

std::optional<DeviceInfo> mlir::gn::cuda::probeDeviceInChild(const CudaOptions &options,
                                                             std::string &error) {
  int fds[2];
  if (pipe(fds) != 0) {
    error = "cannot probe the GPU: pipe() failed";
    return std::nullopt;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    error = "cannot probe the GPU: fork() failed";
    return std::nullopt;
  }
  if (pid == 0) {
    close(fds[0]);
    std::string why;
    auto info = probeDevice(options, why);
    std::string msg = info ? "ok " + std::to_string(info->major) + " " +
                                 std::to_string(info->minor) + " " + info->name
                           : "error " + why;
    for (size_t done = 0; done < msg.size();) {
      ssize_t n = write(fds[1], msg.data() + done, msg.size() - done);
      if (n <= 0)
        break;
      done += n;
    }
    _exit(0);
  }
  close(fds[1]);
  std::string msg;
  char buf[512];
  for (ssize_t n; (n = read(fds[0], buf, sizeof(buf))) > 0;)
    msg.append(buf, n);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (msg.rfind("ok ", 0) == 0) {
    DeviceInfo info;
    size_t a = msg.find(' ', 3), b = a == std::string::npos ? a : msg.find(' ', a + 1);
    if (b != std::string::npos) {
      info.major = std::atoi(msg.substr(3, a - 3).c_str());
      info.minor = std::atoi(msg.substr(a + 1, b - a - 1).c_str());
      info.name = msg.substr(b + 1);
      return info;
    }
  }
  if (msg.rfind("error ", 0) == 0)
    error = msg.substr(6);
  else if (WIFSIGNALED(status))
    error = "the CUDA driver crashed while probing the GPU (signal " +
            std::to_string(WTERMSIG(status)) + ")";
  else
    error = "the GPU probe gave no answer";
  return std::nullopt;
}

bool CudaExecutor::Impl::loadModules(std::string &error) {
  std::string arch = "sm_" + std::to_string(device.major) + std::to_string(device.minor);
  for (const PtxModule &m : program.modules) {
    char log[8192] = {0};
    int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes};
    void *values[] = {log, reinterpret_cast<void *>(sizeof(log) - 1)};
    CUmodule module = nullptr;
    // The cubin assembled ahead of time where it is for this GPU; else (or
    // where the driver refuses it) the PTX, JIT-compiled here and counted.
    if (!m.cubin.empty() && m.cubinArch == arch) {
      if (CUresult r = driver->moduleLoadDataEx(&module, m.cubin.data(), 0, nullptr, nullptr)) {
        module = nullptr;
        if (jitReason.empty())
          jitReason = "the cubin of '" + m.name + "': " + driver->describe(r);
      }
    } else if (jitReason.empty()) {
      jitReason = m.cubin.empty() ? "no cubin in the program"
                                  : "cubins for " + m.cubinArch + ", the GPU is " + arch;
    }
    if (module)
      ++cubinModules;
    else if (CUresult r = driver->moduleLoadDataEx(&module, m.ptx.c_str(), 2, options, values)) {
      error = "cannot load the PTX of kernel module '" + m.name + "': " + driver->describe(r);
      if (log[0])
        error += "\n" + std::string(log);
      return false;
    }
    modules.push_back(module);
    // gn-grid-dependency-control put the wait first in every kernel of the
    // module (absent: an older bundle, or a chip before sm_90).
    moduleWaits.push_back(m.ptx.find("griddepcontrol.wait") != std::string::npos);
    CUdeviceptr global = 0;
    if (m.reportsIndexErrors) {
      size_t bytes = 0;
      if (!check(driver->moduleGetGlobal(&global, &bytes, module, "gn_index_error"),
                 ("the index-error word of '" + m.name + "'").c_str(), error))
        return false;
    }
    indexErrorGlobals.push_back(global);
  }
  return true;
}

bool CudaExecutor::Impl::placeSlots(std::string &error) {
  CUdeviceptr arena = 0;
  if (!alloc(program.arenaBytes, arena, error))
    return false;
  size_t n = program.slots.size();
  slotPtr.assign(n, 0);
  // Packs first: the arguments copied into them come before them.
  for (size_t i = 0; i < n; ++i)
    if (program.slots[i].where == Slot::Where::Pack &&
        !alloc(program.slots[i].bytes(), slotPtr[i], error))
      return false;
  for (size_t i = 0; i < n; ++i) {
    const Slot &s = program.slots[i];
    switch (s.where) {
    case Slot::Where::Pack:
      break;
    case Slot::Where::Arena:
      if (s.offset + s.bytes() > program.arenaBytes) {
        error = "slot " + std::to_string(i) + " lies outside the arena";
        return false;
      }
      slotPtr[i] = arena + s.offset;
      break;
    case Slot::Where::View:
      if (s.viewOf >= (int)i) {
        error = "slot " + std::to_string(i) + " is a view of a later slot";
        return false;
      }
      slotPtr[i] = slotPtr[s.viewOf] + s.offset;
      break;
    case Slot::Where::Argument:
      if (s.viewOf >= 0) { // in a pack (checked when the program was read)
        slotPtr[i] = slotPtr[s.viewOf] + s.offset;
        break;
      }
      if (i < bound.size() && bound[i]) { // the caller's memory, read in place
        slotPtr[i] = bound[i];
        break;
      }
      [[fallthrough]];
    case Slot::Where::Constant:
    case Slot::Where::Result:
      if (!alloc(s.bytes(), slotPtr[i], error))
        return false;
      break;
    }
  }
  return true;
}

/// After prepareSteps, whose GEMM timing writes into the steps' buffers.
bool CudaExecutor::Impl::uploadConstants(std::string &error) {
  for (const auto &[slot, bytes] : program.constants)
    if (!bytes.empty() &&
        !check(driver->memcpyHtoD(slotPtr[slot], bytes.data(), bytes.size()),
               "uploading a constant", error))
      return false;
  // A copy from pageable memory may return before its DMA lands, and the
  // forward runs on a non-blocking stream that does not wait for it.
  return check(driver->ctxSynchronize(), "uploading the constants", error);
}

bool CudaExecutor::Impl::prepareSteps(std::string &error) {
  if (pdl && !driver->launchKernelEx) {
    error = "pdl=1 (GN_CUDA_PDL): this CUDA driver has no cuLaunchKernelEx (programmatic dependent "
            "launch needs CUDA 12 or later)";
    return false;
  }
  launchPlans.resize(program.steps.size());
  for (auto [i, s] : llvm::enumerate(program.steps)) {
    if (s.elided)
      continue;
    if (s.kind == Step::Kind::Launch) {
      // A symbolic kernel's sizes (read from its buffers' shapes), then
      // the buffers: the parameters its launches pick from.
      const Kernel &kernel = program.kernels[s.kernel];
      std::vector<int> slots;
      for (const std::vector<int> *v : {&s.in, &s.out, &s.scratch})
        slots.insert(slots.end(), v->begin(), v->end());
      std::vector<CUdeviceptr> params;
      for (const KernelSize &size : kernel.sizes)
        params.push_back(program.slots[slots[size.buffer]].shape[size.dim]);
      for (int slot : slots)
        params.push_back(slotPtr[slot]);
      for (const KernelLaunch &l : kernel.launches) {
        LaunchPlan p;
        if (!check(driver->moduleGetFunction(&p.function, modules[l.module], l.function.c_str()),
                   ("kernel function '" + l.function + "'").c_str(), error, &s))
          return false;
        p.waits = moduleWaits[l.module];
        p.block = l.block;
        if (!launchGrid(kernel, l, params, p.grid, error)) {
          error = where(s) + ": " + error;
          return false;
        }
        for (int a : l.args)
          p.values.push_back(params[a]);
        launchPlans[i].push_back(std::move(p));
        ++launches;
      }
      // Params point into values: fill them once values stop moving.
      for (LaunchPlan &p : launchPlans[i])
        for (CUdeviceptr &v : p.values)
          p.params.push_back(&v);
    } else if (s.kind == Step::Kind::Gemm) {
      if (!gemms) {
        if (!alloc(kGemmWorkspaceBytes, gemmWorkspace, error))
          return false;
        workspaceBytes += kGemmWorkspaceBytes;
        if (!(gemms = GemmRunner::create(*driver, options, stream, gemmWorkspace,
                                         kGemmWorkspaceBytes, error)))
          return false;
      }
      GemmOperands ops{slotPtr[s.in[0]], slotPtr[s.in[1]], slotPtr[s.out[0]],
                       cudaDataType(program.slots[s.in[0]].dtype),
                       cudaDataType(program.slots[s.out[0]].dtype)};
      if (!gemms->plan(i, s.gemm, ops, error)) {
        error = where(s) + ": " + error;
        return false;
      }
      ++launches;
    } else if (s.kind == Step::Kind::Conv) {
      if (!convs && !(convs = ConvRunner::create(*driver, options, stream, error)))
        return false;
      ConvOperands ops{slotPtr[s.in[0]], slotPtr[s.in[1]], s.conv.bias ? slotPtr[s.in[2]] : 0,
                       slotPtr[s.out[0]]};
      if (!convs->plan(i, s, program.slots, ops, error)) {
        error = where(s) + ": " + error;
        return false;
      }
      launches += s.conv.bias ? 2 : 1;
    }
  }
  if (gemms && !gemms->tune(error))
    return false;
  // The GEMMs were timed on the full workspace; their choices keep only
  // what they need (most need none: a small model's 32 MiB was most of
  // its device memory).
  if (gemms && gemms->workspaceNeeded() < kGemmWorkspaceBytes) {
    size_t need = gemms->workspaceNeeded();
    if (!freeAllocation(gemmWorkspace, kGemmWorkspaceBytes, error) ||
        !alloc(need, gemmWorkspace, error))
      return false;
    workspaceBytes -= int64_t(kGemmWorkspaceBytes) - int64_t(need);
    gemms->setWorkspace(gemmWorkspace, need);
  }
  if (!convs)
    return true;
  // The convolutions' timing on the largest candidate's workspace, then
  // the workspace their choices need.
  CUdeviceptr tuning = 0;
  if (!alloc(convs->tuningWorkspaceBytes(), tuning, error) || !convs->tune(tuning, error) ||
      !freeAllocation(tuning, convs->tuningWorkspaceBytes(), error))
    return false;
  workspaceBytes += convs->workspaceBytes();
  if (!alloc(convs->workspaceBytes(), convWorkspace, error))
    return false;
  convs->setWorkspace(convWorkspace);
  return true;
}

std::unique_ptr<CudaExecutor> CudaExecutor::load(const Program &program,
                                                 const CudaOptions &options, std::string &error,
                                                 const std::vector<uint64_t> &boundArguments) {
  if (program.symbolic) {
    error = "a program with symbolic dims is loaded at its arguments' sizes: bind it first "
            "(cuda::bindProgram)";
    return nullptr;
  }
  std::unique_ptr<CudaExecutor> ex(new CudaExecutor());
  Impl &m = *ex->impl;
  m.options = options;
  if (!boundArguments.empty() && boundArguments.size() != program.numArgs()) {
    error = "expected " + std::to_string(program.numArgs()) + " bound arguments, got " +
            std::to_string(boundArguments.size());
    return nullptr;
  }
  m.bound = boundArguments;
  for (size_t i = 0; i < m.bound.size(); ++i)
    if (program.slots[i].viewOf >= 0)
      m.bound[i] = 0; // a packed argument is copied into its pack
  m.pdl = options.programmaticLaunch;
  auto info = probeDevice(options, error);
  if (!info)
    return nullptr;
  m.device = *info;
  m.driver = loadDriver(options, error);
  m.program = program;
  CUdevice dev;
  if (!m.check(m.driver->deviceGet(&dev, 0), "cuDeviceGet", error) ||
      !m.check(m.driver->primaryCtxRetain(&m.context, dev), "cuDevicePrimaryCtxRetain", error) ||
      !m.check(m.driver->ctxSetCurrent(m.context), "cuCtxSetCurrent", error) ||
      !m.check(m.driver->streamCreate(&m.stream, kStreamNonBlocking), "cuStreamCreate", error))
    return nullptr;
  if (!m.loadModules(error) || !m.placeSlots(error) || !m.prepareSteps(error) ||
      !m.uploadConstants(error))
    return nullptr;
  return ex;
}

bool CudaExecutor::setArguments(const std::vector<HostTensor> &args, std::string &error) {
  Impl &m = *impl;
  m.driver->ctxSetCurrent(m.context);
  if (args.size() != m.program.numArgs()) {
    error = "expected " + std::to_string(m.program.numArgs()) + " arguments, got " +
            std::to_string(args.size());
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const Slot &s = m.program.slots[i];
    if (i < m.bound.size() && m.bound[i]) {
      error = "argument #" + std::to_string(i) + " is read in place from the caller's memory: "
              "use forwardOn";
      return false;
    }
    if (args[i].dtype() != s.dtype || args[i].shape().vec() != s.shape) {
      error = "argument #" + std::to_string(i) + " ('" + m.program.arguments[i].name +
              "') has the wrong type or shape";
      return false;
    }
    if (args[i].nbytes() &&
        !m.check(m.driver->memcpyHtoD(m.slotPtr[i], args[i].bytes(), args[i].nbytes()),
                 "uploading an argument", error))
      return false;
  }
  return m.check(m.driver->ctxSynchronize(), "uploading the arguments", error);
}

bool CudaExecutor::Impl::runStep(size_t i, std::string &error) {
  const Step &s = program.steps[i];
  if (s.elided)
    return true;
  switch (s.kind) {
  case Step::Kind::Alias:
    return true;
  case Step::Kind::Launch:
    for (LaunchPlan &p : launchPlans[i]) {
      CUresult r;
      if (pdl && afterKernel && p.waits) {
        LaunchAttribute serialization{};
        serialization.id = kLaunchAttributeProgrammaticStreamSerialization;
        serialization.value.programmaticStreamSerializationAllowed = 1;
        LaunchConfig config{p.grid[0],  p.grid[1],  p.grid[2], p.block[0],     p.block[1],
                            p.block[2], 0,          stream,    &serialization, 1};
        r = driver->launchKernelEx(&config, p.function, p.params.data(), nullptr);
        ++programmaticCount;
      } else {
        r = driver->launchKernel(p.function, p.grid[0], p.grid[1], p.grid[2], p.block[0],
                                 p.block[1], p.block[2], 0, stream, p.params.data(), nullptr);
      }
      if (!check(r, ("launching kernel " + program.kernels[s.kernel].name).c_str(), error, &s))
        return false;
      afterKernel = true;
    }
    return true;
  case Step::Kind::Gemm:
    afterKernel = false;
    if (!gemms->run(i, error)) {
      error = where(s) + ": " + error;
      return false;
    }
    return true;
  case Step::Kind::Conv:
    afterKernel = false;
    if (!convs->run(i, error)) {
      error = where(s) + ": " + error;
      return false;
    }
    return true;
  }
  return true;
}

/// Queues the copy of every module's index-error word to pinned memory
/// behind the forward, so one stream synchronization waits for all.
bool CudaExecutor::Impl::readIndexErrors(std::string &error) {
  if (!indexErrorWords) {
    void *p = nullptr;
    if (!check(driver->memAllocHost(&p, 3 * sizeof(int64_t) * indexErrorGlobals.size()),
               "allocating pinned memory for the index-error words", error))
      return false;
    indexErrorWords = static_cast<int64_t *>(p);
  }
  for (auto [mod, global] : llvm::enumerate(indexErrorGlobals))
    if (global && !check(driver->memcpyDtoHAsync(indexErrorWords + 3 * mod, global,
                                                 3 * sizeof(int64_t), stream),
                         "reading the index-error word", error))
      return false;
  return true;
}

/// After the synchronization: the first module whose kernels reported an
/// index out of range, as an error naming the first step that launches one.
bool CudaExecutor::Impl::checkIndexErrors(std::string &error) {
  for (auto [mod, global] : llvm::enumerate(indexErrorGlobals)) {
    if (!global)
      continue;
    const int64_t *word = indexErrorWords + 3 * mod;
    if (!word[0])
      continue;
    int64_t kind = word[0], index = word[1], size = word[2];
    int64_t zero[3] = {0, 0, 0};
    driver->memcpyHtoD(global, zero, sizeof(zero));
    // Kind 2 + site: a shape guard (found, specialized); 1: an index;
    // kDivisionByZeroKind: an integer division by zero.
    // kFailedCheckKindBase - code: a gn.check that did not hold.
    std::string what = kind == kDivisionByZeroKind ? kDivisionByZeroMessage.str()
                       : kind <= kFailedCheckKindBase
                           ? valueCheckMessage(kFailedCheckKindBase - kind)
                       : kind >= 2 ? shapeGuardMessage(kind - 2, index, size)
                                   : indexOutOfRangeMessage(index, size);
    // The first step that launches a kernel of this module.
    for (const Step &s : program.steps)
      if (s.kind == Step::Kind::Launch)
        for (const KernelLaunch &l : program.kernels[s.kernel].launches)
          if (l.module == (int)mod) {
            error = where(s) + ": " + what;
            return false;
          }
    error = what;
    return false;
  }
  return true;
}

bool CudaExecutor::forward(bool checked, std::string &error, double *hostMs) {
  Impl &m = *impl;
  // GN_CUDNN_ALGO=graph: once a checked forward has run (a fault names its
  // step), the convolutions' rounds inside the forward; where a choice
  // changed, the checked forward again, so its results are the choice's.
  if (checked && m.convs && m.convs->graphRounds() > 0) {
    bool changed = false;
    if (!forwardOnce(true, error, hostMs))
      return false;
    m.driver->ctxSetCurrent(m.context);
    if (!m.chooseConvsInGraph(changed, error))
      return false;
    if (!changed)
      return true;
  }
  return forwardOnce(checked, error, hostMs);
}

bool CudaExecutor::forwardOnce(bool checked, std::string &error, double *hostMs) {
  Impl &m = *impl;
  auto start = std::chrono::steady_clock::now();
  m.driver->ctxSetCurrent(m.context);
  if (!checked && m.graph) {
    if (!m.check(m.driver->graphLaunch(m.graph, m.stream), "cuGraphLaunch", error))
      return false;
  } else {
    m.afterKernel = false; // the inputs' copies came last
    for (size_t i = 0; i < m.program.steps.size(); ++i) {
      if (!m.runStep(i, error))
        return false;
      if (checked && !m.check(m.driver->streamSynchronize(m.stream), "running the step", error,
                              &m.program.steps[i]))
        return false;
    }
  }
  if (!m.readIndexErrors(error))
    return false;
  if (hostMs)
    *hostMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();
  if (!m.check(m.driver->streamSynchronize(m.stream), "running the forward", error))
    return false;
  return m.checkIndexErrors(error);
}

/// The events that time steps: event i + 1 after step i where it does work;
/// `before[i]` is the event recorded last before step i. A step that does
/// none (a view, an elided concatenation) takes 0 ms: timed, it showed the
/// event nodes' own cost (run 3: "gn.reshape" 12% of the profile over the
/// list, with no kernel).
struct CudaExecutor::Impl::StepEvents {
  Impl &m;
  std::vector<CUevent> events;
  std::vector<size_t> before;

  explicit StepEvents(Impl &m) : m(m) {
    size_t n = m.program.steps.size();
    before.assign(n, 0);
    for (size_t i = 1; i < n; ++i)
      before[i] = m.program.steps[i - 1].doesWork() ? i : before[i - 1];
  }
  ~StepEvents() {
    for (CUevent e : events)
      if (e)
        m.driver->eventDestroy(e);
  }
  bool create(std::string &error) {
    events.assign(m.program.steps.size() + 1, nullptr);
    for (CUevent &e : events)
      if (!m.check(m.driver->eventCreate(&e, 0), "cuEventCreate", error))
        return false;
    return true;
  }
  /// Records event 0, then each working step and the event after it
  /// (`record` records one event on the stream).
  bool enqueue(const std::function<bool(CUevent, std::string &)> &record, std::string &error) {
    bool ok = record(events[0], error);
    for (size_t i = 0; ok && i < m.program.steps.size(); ++i) {
      if (!m.program.steps[i].doesWork())
        continue;
      m.afterKernel = false; // an event before it: no programmatic edge across
      ok = m.runStep(i, error) && record(events[i + 1], error);
    }
    return ok;
  }
  /// Each step's time between its events.
  bool elapsed(std::vector<double> &into, std::string &error) {
    size_t n = m.program.steps.size();
    into.assign(n, 0.0);
    for (size_t i = 0; i < n; ++i) {
      float t = 0;
      if (!m.program.steps[i].doesWork())
        continue;
      if (!m.check(m.driver->eventElapsedTime(&t, events[before[i]], events[i + 1]),
                   "cuEventElapsedTime", error))
        return false;
      into[i] = t;
    }
    return true;
  }
};

bool CudaExecutor::Impl::finishForward(const char *what, std::string &error) {
  return readIndexErrors(error) &&
         check(driver->streamSynchronize(stream), what, error) && checkIndexErrors(error);
}

bool CudaExecutor::Impl::stepTimesInGraph(std::vector<double> &ms, std::string &why,
                                          std::string &error) {
  // The steps and the events as a graph of their own. Launched step by
  // step, a forward of small kernels is bound by the host's launching, and
  // the events timed the host (run 2: convnextv2_atto's steps added up to
  // 4.7 ms of a 0.8 ms forward).
  StepEvents ev(*this);
  if (!ev.create(error))
    return false;
  if (!check(driver->streamBeginCapture(stream, kStreamCaptureModeThreadLocal),
             "cuStreamBeginCapture", why)) {
    why = "capture: " + why;
    return false;
  }
  bool ok = ev.enqueue(
      [&](CUevent e, std::string &err) {
        return check(driver->eventRecordWithFlags(e, stream, kEventRecordExternal),
                     "cuEventRecordWithFlags", err);
      },
      why);
  CUgraph graph = nullptr;
  CUgraphExec exec = nullptr;
  CUresult end = driver->streamEndCapture(stream, &graph);
  if (ok)
    ok = check(end, "cuStreamEndCapture", why);
  if (ok)
    ok = check(driver->graphInstantiate(&exec, graph, 0), "cuGraphInstantiate", why);
  if (graph)
    driver->graphDestroy(graph);
  // A warm-up replay, then the median of kProfileReplays per step.
  constexpr int kProfileReplays = 5;
  std::vector<std::vector<double>> runs(kProfileReplays);
  bool failed = false;
  for (int r = -1; ok && r < kProfileReplays; ++r) {
    ok = check(driver->graphLaunch(exec, stream), "cuGraphLaunch", why);
    if (ok && !finishForward("running the timed forward", error)) {
      failed = true; // the forward itself failed: not a timing matter
      ok = false;
    } else if (ok && r >= 0 && !ev.elapsed(runs[r], why)) {
      ok = false;
    }
  }
  if (exec)
    driver->graphExecDestroy(exec);
  if (!ok || failed)
    return false;
  size_t n = program.steps.size();
  ms.assign(n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    std::vector<double> t;
    for (const auto &run : runs)
      t.push_back(run[i]);
    std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
    ms[i] = t[t.size() / 2];
  }
  return true;
}

bool CudaExecutor::Impl::chooseConvsInGraph(bool &changed, std::string &error) {
  changed = false;
  int rounds = convs ? convs->graphRounds() : 0;
  if (rounds == 0)
    return true;
  auto start = std::chrono::steady_clock::now();
  std::string why;
  for (int k = 0; k < rounds && why.empty(); ++k) {
    std::vector<double> ms;
    if (!convs->useRound(k, error))
      return false;
    if (!stepTimesInGraph(ms, why, error)) {
      if (!error.empty())
        return false;
      why = "timing round " + std::to_string(k) + " in a graph: " + why;
      break;
    }
    convs->recordRound(k, ms);
  }
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return convs->finishRounds(why, ms, changed, error);
}

bool CudaExecutor::profileSteps(std::vector<double> &ms, std::string &how, std::string &error) {
  Impl &m = *impl;
  m.driver->ctxSetCurrent(m.context);
  std::string why;
  if (m.stepTimesInGraph(ms, why, error)) {
    how = "graph";
    return true;
  }
  if (!error.empty())
    return false;
  // One forward launched step by step between events, saying why.
  how = "step by step: " + why;
  Impl::StepEvents ev(m);
  return ev.create(error) &&
         ev.enqueue(
             [&](CUevent e, std::string &err) {
               return m.check(m.driver->eventRecord(e, m.stream), "cuEventRecord", err);
             },
             error) &&
         m.finishForward("running the profiled forward", error) && ev.elapsed(ms, error);
}

bool CudaExecutor::captureGraph(std::string &error) {
  Impl &m = *impl;
  m.driver->ctxSetCurrent(m.context);
  if (m.graph)
    return true;
  if (!m.check(m.driver->streamBeginCapture(m.stream, kStreamCaptureModeThreadLocal),
               "cuStreamBeginCapture", error))
    return false;
  std::string stepError;
  bool ok = true;
  m.afterKernel = false;
  int programmaticBefore = m.programmaticCount;
  for (size_t i = 0; ok && i < m.program.steps.size(); ++i)
    ok = m.runStep(i, stepError);
  m.programmaticLaunches = m.programmaticCount - programmaticBefore;
  CUgraph graph = nullptr;
  CUresult end = m.driver->streamEndCapture(m.stream, &graph);
  if (!ok) {
    error = "capturing the CUDA graph: " + stepError;
    return false;
  }
  if (!m.check(end, "cuStreamEndCapture", error))
    return false;
  CUresult r = m.driver->graphInstantiate(&m.graph, graph, 0);
  m.driver->graphDestroy(graph);
  return m.check(r, "cuGraphInstantiate", error);
}

bool mlir::gn::cuda::checkDeviceTensors(const Program &program, llvm::ArrayRef<DeviceTensor> args,
                                        llvm::ArrayRef<DeviceTensor> outs, std::string &error) {
  if (args.size() != program.numArgs() || outs.size() != program.results.size()) {
    error = "forward takes " + std::to_string(program.numArgs()) + " arguments and " +
            std::to_string(program.results.size()) + " outputs, got " +
            std::to_string(args.size()) + " and " + std::to_string(outs.size());
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].bytes != size_t(program.slots[i].bytes())) {
      error = "argument #" + std::to_string(i) + " ('" + program.arguments[i].name + "') has " +
              std::to_string(args[i].bytes) + " bytes, the program takes " +
              std::to_string(program.slots[i].bytes());
      return false;
    }
  for (size_t k = 0; k < outs.size(); ++k)
    if (int64_t want = program.slots[program.results[k]].bytes(); outs[k].bytes != size_t(want)) {
      error = "output #" + std::to_string(k) + " has " + std::to_string(outs[k].bytes) +
              " bytes, the program writes " + std::to_string(want);
      return false;
    }
  return true;
}

uint64_t CudaExecutor::boundArgument(size_t i) const {
  return i < impl->bound.size() ? impl->bound[i] : 0;
}

bool CudaExecutor::forwardOn(const std::vector<DeviceTensor> &args,
                             const std::vector<DeviceTensor> &outs, void *callerStream,
                             bool useGraph, bool refreshPacks, std::string &error) {
  Impl &m = *impl;
  auto stream = static_cast<CUstream>(callerStream);
  m.driver->ctxSetCurrent(m.context);
  if (!checkDeviceTensors(m.program, args, outs, error))
    return false;
  // An index error an earlier call's kernels reported, once its read-back
  // has landed (without waiting for it).
  if (m.indexCheckPending && m.driver->eventQuery(m.indexWordsRead) == 0) {
    m.indexCheckPending = false;
    if (!m.checkIndexErrors(error))
      return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const Slot &s = m.program.slots[i];
    if (i < m.bound.size() && m.bound[i]) {
      if (args[i].address != m.bound[i]) {
        error = "argument #" + std::to_string(i) + " ('" + m.program.arguments[i].name +
                "') is not at the address it was bound to";
        return false;
      }
      continue;
    }
    bool packed = s.viewOf >= 0;
    if (s.bytes() && (!packed || refreshPacks || !m.calledOn) &&
        !m.check(m.driver->memcpyDtoDAsync(m.slotPtr[i], args[i].address, s.bytes(), stream),
                 "copying an argument", error))
      return false;
  }
  if (!m.calledOn || !useGraph || !m.graph) {
    // Step by step on the executor's stream, after the caller's work; the
    // first call checked, synchronizing after every step.
    bool checked = !m.calledOn;
    if (!m.check(m.driver->streamSynchronize(stream), "waiting for the caller's stream", error) ||
        !forward(checked, error))
      return false;
    m.calledOn = true;
    if (checked && useGraph && !captureGraph(error))
      return false;
  } else {
    if (!m.check(m.driver->graphLaunch(m.graph, stream), "cuGraphLaunch", error))
      return false;
    // The index-error words, read back behind the forward on the caller's
    // stream and checked by a later call or by synchronize().
    if (!m.indexWordsRead &&
        !m.check(m.driver->eventCreate(&m.indexWordsRead, 0), "cuEventCreate", error))
      return false;
    std::swap(m.stream, stream); // readIndexErrors queues on m.stream
    bool read = m.readIndexErrors(error);
    std::swap(m.stream, stream);
    if (!read || !m.check(m.driver->eventRecord(m.indexWordsRead, stream), "cuEventRecord", error))
      return false;
    m.indexCheckPending = true;
  }
  for (size_t k = 0; k < outs.size(); ++k) {
    const Slot &s = m.program.slots[m.program.results[k]];
    if (s.bytes() && !m.check(m.driver->memcpyDtoDAsync(outs[k].address,
                                                        m.slotPtr[m.program.results[k]],
                                                        s.bytes(), stream),
                              "copying a result", error))
      return false;
  }
  return true;
}

bool CudaExecutor::synchronize(void *callerStream, std::string &error) {
  Impl &m = *impl;
  m.driver->ctxSetCurrent(m.context);
  if (!m.check(m.driver->streamSynchronize(static_cast<CUstream>(callerStream)),
               "running the forward", error))
    return false;
  if (!m.indexCheckPending)
    return true;
  m.indexCheckPending = false;
  return m.checkIndexErrors(error);
}

bool CudaExecutor::results(std::vector<HostTensor> &out, std::string &error) {
  Impl &m = *impl;
  m.driver->ctxSetCurrent(m.context);
  out.clear();
  for (int r : m.program.results) {
    const Slot &s = m.program.slots[r];
    HostTensor t(s.dtype, s.shape, /*zero=*/false);
    if (t.nbytes() &&
        !m.check(m.driver->memcpyDtoH(t.bytes(), m.slotPtr[r], t.nbytes()), "reading a result",
                 error))
      return false;
    out.push_back(std::move(t));
  }
  return true;
}

//===- CudaProgram.h - a model compiled for CUDA, as plain data -*- C++ -*-===//
//
// What gn-cuda-pipeline and the shared step list make of a sample, with no
// MLIR in it: value slots and where each lives (arguments, constants, one
// arena, results), PTX modules, the launches of each kernel, library calls
// (GEMM, convolution) and the steps in order. Written as one JSON file by
// `gn-eval compile --device cuda`, so the small runner (tools/gn-cuda-run)
// runs it on a GPU machine that has no LLVM; built in memory by the CUDA
// target for `gn-eval run --device cuda`. Both run it with CudaExecutor.
//
//===----------------------------------------------------------------------===//
#ifndef GN_TARGET_CUDA_CUDAPROGRAM_H
#define GN_TARGET_CUDA_CUDAPROGRAM_H

#include "gn/Support/ArgumentMeta.h"
#include "gn/Support/HostTensor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::gn::cuda {

using interp::DType;

struct Slot {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  /// Where its bytes are: an argument (a buffer of its own, or with
  /// `viewOf` set, copied to `offset` bytes into that Pack slot), a
  /// constant, the arena at `offset`, a result buffer of its own, a view of
  /// slot `viewOf` at `offset` bytes, or a pack: a buffer of its own that
  /// arguments are copied into side by side (an elided concatenation).
  enum class Where { Argument, Constant, Arena, Result, View, Pack } where = Where::Result;
  int64_t offset = 0;
  int viewOf = -1;
  int64_t bytes() const;
  /// Its shape as a caller sees it: -1 for a dim that follows the shape
  /// symbols (`dims`), else the size.
  std::vector<int64_t> callerShape() const;

  // A symbolic program (Program::symbolic): `shape` is the compile
  // example's, and what follows the shape symbols is given as expressions
  // (SymExpr's normal form), evaluated when bindProgram binds the symbols.
  /// Each dim's size ("" where static); empty where every dim is static.
  std::vector<std::string> dims;
  /// An arena slot with bytes of its own: the steps it is live over (its
  /// bytes are placed by liveness at each binding). -1: none of its own.
  int64_t liveFirst = -1, liveLast = -1;
  /// Bytes into slot `viewOf` where this one starts: a view, an argument
  /// in a pack, or an arena slot written over another's bytes (an in-place
  /// result: `viewOf` is that slot's). Empty: `offset` at every binding.
  std::string offsetExpr;
};

/// One gpu.launch_func of a kernel: a function of a PTX module, its grid and
/// block, and its arguments as indices into the launch's buffers (the
/// step's inputs, then outputs, then scratch).
struct KernelLaunch {
  int module = -1;
  std::string function;
  std::array<unsigned, 3> grid{1, 1, 1}, block{1, 1, 1};
  /// The launch's parameters: index k < the kernel's sizes.size() is that
  /// size, any other the buffer k - sizes.size() of the step's buffers.
  std::vector<int> args;
  bool serial = false; // one thread runs sequential updates (gn.serial)
  /// Where the grid follows the kernel's sizes: each grid dim as a SymExpr
  /// over the symbols a0, a1, ... (the kernel's sizes in order), "" where
  /// `grid` holds at every size.
  std::array<std::string, 3> gridExprs;
};

/// A size a symbolic kernel takes: dim `dim` of the step's buffer `buffer`
/// (inputs, outputs, then scratch), read from that slot's shape.
struct KernelSize {
  int buffer = 0, dim = 0;
};

/// Which of a kernel's sizes symbol `name` of its grid and workspace
/// expressions is (a0, a1, ...), if it is one of its `count` sizes.
std::optional<unsigned> kernelSizeIndex(llvm::StringRef name, size_t count);

struct Kernel {
  std::string name;
  std::vector<KernelLaunch> launches;
  /// The sizes passed before the buffers (a symbolic kernel's loops run to
  /// them); empty for a kernel of static sizes.
  std::vector<KernelSize> sizes;
};

struct PtxModule {
  std::string name;
  std::string ptx;
  bool reportsIndexErrors = false; // has the gn_index_error global
  /// The PTX assembled ahead of time for `cubinArch` (ptxas; empty where
  /// none was made): loaded as is on a GPU of that architecture, where
  /// the PTX would be JIT-compiled.
  std::vector<uint8_t> cubin;
  std::string cubinArch; // "sm_90"
};

/// C = op(A) @ op(B) for `batch` matrices (row-major), with per-operand
/// batch strides in elements (0: broadcast); 1-d operands are promoted
/// beforehand. A, B, C share the element type. C's rows are ldc elements
/// apart (0: n, packed): with ldc = batch * n and strideC = n the batch
/// is written as the middle dim, [m, batch, n] (a matmul's
/// transpose_result).
struct Gemm {
  int64_t m = 0, n = 0, k = 0, batch = 1;
  bool transA = false, transB = false;
  int64_t strideA = 0, strideB = 0, strideC = 0;
  int64_t ldc = 0;
};

/// A gn.matmul's flags: which operands it reads transposed, and whether its
/// result is written with the batch as the middle dim.
struct MatmulFlags {
  bool transposeLhs = false, transposeRhs = false, transposeResult = false;
};

/// The GEMM of a matmul with operands and result of these shapes, if one
/// strided-batched GEMM computes it: each operand's batch either matches
/// the result's or is a single matrix. The compiler sizes a program's GEMMs
/// with it, and bindProgram a symbolic program's at each binding.
std::optional<Gemm> gemmOf(llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs,
                           llvm::ArrayRef<int64_t> result, MatmulFlags flags);

/// Convolution, NC[D]HW, cross-correlation; bias [O] optional (a third
/// input).
struct Conv {
  std::vector<int64_t> stride, padding, dilation;
  int64_t groups = 1;
  bool bias = false;
};

struct Step {
  enum class Kind { Launch, Alias, Gemm, Conv } kind = Kind::Launch;
  std::vector<int> in, out, scratch;
  int kernel = -1;          // Launch
  Gemm gemm;                // Gemm
  MatmulFlags matmul;       // Gemm: the flags gemm was made from
  Conv conv;                // Conv
  bool elided = false;      // the inputs were written into the result
  std::string op, location; // the gn op and its model.py location, for errors

  /// Whether the step puts work on the GPU (a view or an elided
  /// concatenation puts none: its profile time is 0, not an event's).
  bool doesWork() const { return !elided && kind != Kind::Alias; }
};

/// "launch", "alias", "gemm" or "conv": a step's kind as compiled.json
/// spells it.
const char *stepKindName(Step::Kind k);

/// How to synthesize an argument (the sample's meta-file facts).
using ArgumentSpec = ArgumentMeta;

/// A dim a symbolic program needs at one size, or at least at it (a
/// gn.specialize of the model, a slice's literal stop, padding that reads
/// its input: runtime::SymbolicGuard): checked when the symbols are bound,
/// before anything runs, with the interpreter's sentence.
struct Guard {
  std::string size;     // the dim's size, a SymExpr
  int64_t needed = 0;
  int64_t dim = 0;
  bool atLeast = false; // the dim must reach `needed`, not equal it
  std::string reads;    // what needs it, when atLeast ("the slice reads")
  std::string location; // the op's model.py location
};

struct Program {
  std::string sample, chip;
  std::vector<Slot> slots;
  std::vector<ArgumentSpec> arguments; // one per argument slot, in order
  std::vector<int> results;
  int64_t arenaBytes = 0;
  std::vector<std::pair<int, std::vector<uint8_t>>> constants;
  std::vector<PtxModule> modules;
  std::vector<Kernel> kernels;
  std::vector<Step> steps;
  /// Compiled with symbolic dims: the arguments' sizes bind the shape
  /// symbols at each call, and bindProgram gives the program at them.
  bool symbolic = false;
  std::vector<Guard> guards;
  /// Compile statistics (gn-eval's `compile` record).
  double pipelineSeconds = 0;
  int launchesPerRun = 0, libraryCalls = 0, serialLaunches = 0;

  unsigned numArgs() const { return arguments.size(); }
};

/// Symbolic program `p` at the sizes `argShapes` give (one per argument):
/// the shape symbols bound from the arguments' dims (every dim checked,
/// a disagreement naming both places), the guards checked, and a program
/// of those sizes returned: every slot's shape, the arena planned by
/// liveness at them, views', packs' and in-place results' offsets, GEMM
/// sizes. Kernels and launches are shared (their sizes are read from the
/// slots when loaded). std::nullopt with `error` saying why; `binding`,
/// when given, gets the symbols' values ("s0 = 5, s1 = 64").
std::optional<Program> bindProgram(const Program &p,
                                   llvm::ArrayRef<std::vector<int64_t>> argShapes,
                                   std::string &error, std::string *binding = nullptr);

/// JSON (one file): writes, or reads with `error` naming what is wrong.
bool writeProgram(const Program &p, const std::string &path, std::string &error);
std::optional<Program> readProgram(const std::string &path, std::string &error);

} // namespace mlir::gn::cuda

#endif // GN_TARGET_CUDA_CUDAPROGRAM_H

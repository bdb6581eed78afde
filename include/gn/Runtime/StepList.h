//===- StepList.h - a compiled host function as steps over slots -*- C++ -*-===//
//
// What every target's runtime shares. After a target's pipeline, @forward is
// a host function of gn.launch calls (kernels), reshapes and contiguous
// slices (views), constants, and the ops the target runs otherwise (library
// calls such as GEMM and convolution, or interpreter fallbacks on the CPU).
// buildStepList turns it into steps over numbered value slots;
// planBuffers decides where each slot lives: the caller's arguments,
// constants, one arena planned by liveness (in-place kernel results,
// concatenations written in place by their producers, views at an offset),
// or the heap for returned values. A target that copies the arguments in
// (the CUDA target) can also have a concatenation of whole arguments
// elided: the arguments are placed side by side in its result, an argument
// pack. A target then binds slots to its memory (host pointers, device
// pointers) and runs the steps.
//
//===----------------------------------------------------------------------===//
#ifndef GN_RUNTIME_STEPLIST_H
#define GN_RUNTIME_STEPLIST_H

#include "gn/IR/DTypes.h"
#include "gn/Runtime/CompiledModel.h"
#include "gn/Support/HostTensor.h"
#include "gn/Support/SymbolBinding.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include <functional>
#include <vector>

namespace mlir::gn::runtime {

struct SlotType {
  interp::DType dtype = interp::DType::F32;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t bytes() const;
};

/// How the target runs a host op that is not a launch or a view.
enum class HostOpKind {
  Library,    // a library call that writes into its arena slot
  Fallback,   // an interpreter kernel (counted and reported per op name)
  Constant,   // materialized once at compile time
  Unsupported // the target cannot run it: compilation fails, naming the op
};

struct Step {
  enum class Kind { Launch, Alias, Host } kind = Kind::Host;
  Operation *op = nullptr;
  llvm::StringRef kernel;       // Launch: the kernel's symbol
  int64_t threadDim = -1, extent = 1;
  llvm::SmallVector<int64_t, 2> inplace; // per result: input it may overwrite, or -1
  bool concatenates = false; // the result is the inputs end to end
  bool elided = false;       // nothing to do: the inputs were written into the result
  bool library = false;      // Host: a library call (else a fallback)
  int64_t aliasOffset = 0;   // Alias: the result's first element in the input
  llvm::SmallVector<int, 4> in, out;
  /// Slots a target adds for a launch's scratch buffers (a CUDA kernel's
  /// workspaces): live for this step only, placed in the arena.
  llvm::SmallVector<int, 2> scratch;
};

struct StepList {
  std::vector<SlotType> types;
  std::vector<Step> steps;
  std::vector<int> results;
  unsigned numArgs = 0;
  std::vector<unsigned> weightArgs;  // arguments the sample declares as weights
  std::vector<Operation *> constants; // per slot: its gn.constant, or null
};

/// Where a slot's bytes are during a run.
struct SlotPlace {
  enum class Where { Argument, Constant, Arena, Heap, View, Pack } where = Where::Heap;
  /// Arena: byte offset in the arena (a root, an in-place result or a
  /// concatenation's input). View: the slot it is a view of (an alias, at
  /// aliasOffset elements, bound as the run goes). Argument in a pack: byte
  /// offset in the pack.
  int64_t offset = 0;
  /// Argument: the Pack slot (an elided concatenation of whole arguments,
  /// a buffer of its own) the argument is copied into; -1: its own buffer.
  int packOf = -1;
  /// Arena: the slot with bytes of its own that this one lies in (itself,
  /// or the buffer an in-place result or a concatenation's input shares),
  /// `inRoot` bytes into it; a slot of its own is live over steps
  /// [first, last]. A target that plans the arena again at other sizes (a
  /// symbolic CUDA program) keeps this structure.
  int root = -1;
  int64_t inRoot = 0, first = -1, last = -1;
};

struct BufferPlan {
  std::vector<SlotPlace> places; // per slot
  int64_t arenaBytes = 0;
  /// Most intermediate bytes live at one step, and that step.
  int64_t liveBytesBound = 0, peakStep = 0;
};

/// Turns `func` (after a target's pipeline) into steps. `classify` says how
/// the target runs a host op that is not a launch or a view; an unsupported
/// one is an error at the op naming `targetName`. Counts launches, aliases,
/// library calls, fallbacks and constants into `stats`.
FailureOr<StepList> buildStepList(func::FuncOp func, llvm::StringRef targetName,
                                  llvm::function_ref<HostOpKind(Operation *)> classify,
                                  CompileStats &stats);

/// Plans every slot's place (see the file comment), marks concatenations
/// whose inputs are written in place as elided, and fills the memory and
/// sharing statistics: arena, bound, in-place results, concatenations
/// elided, heap peak (returned values, plus a fallback's transient copy),
/// argument and output bytes. GN_MEMORY_REPORT=1 prints the peak step.
/// `packArguments`: a concatenation of whole, distinct arguments, none in
/// another pack, is elided into an argument pack (for a target that copies
/// arguments into buffers it places).
BufferPlan planBuffers(StepList &list, CompileStats &stats, bool packArguments = false);

/// A dim a symbolic program needs at one size, or at least at one: a
/// gn.specialize guard, a slice's literal stop on a symbolic dim, padding
/// that reads its input. Collected before a target's pipeline (which
/// erases the guards nothing reads) and checked when the symbols are bound,
/// with the interpreter's sentences.
struct SymbolicGuard {
  SymExpr size;
  int64_t needed = 0;
  int64_t dim = 0;
  Location loc;
  bool atLeast = false;                  // the dim must reach `needed`
  std::string reads = "the slice reads"; // what needs it, when atLeast
  /// Empty where the guard holds at `binding`, else why not.
  std::string failure(const SymbolBinding &binding) const;
};
std::vector<SymbolicGuard> collectSymbolicGuards(ModuleOp module);

/// The value of a constant slot's op (StepList::constants), computed once at
/// compile time: a gn.constant's data, or an empty tensor for a pure op whose
/// result has no elements (an arange of size 0), whatever its operands.
FailureOr<interp::HostTensor> materializeConstant(Operation *op);

} // namespace mlir::gn::runtime

#endif // GN_RUNTIME_STEPLIST_H

//===- Runner.h - run one sample eagerly and "compiled", compare -*- C++ -*-===//
#ifndef GN_EVAL_RUNNER_H
#define GN_EVAL_RUNNER_H

#include "gn/Eval/HostInputs.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Interpreter/DTypeConversion.h"
#include "gn/Target/Target.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mlir::gn::eval {

struct RunOptions {
  std::string mode = "compiled"; // eager | compiled | compile (written programs only)
  /// The target (null: the CPU). A target with an eager mode of its own
  /// (CUDA: a kernel per op, library calls, no graph) runs both sides, the
  /// compiled one replayed as one graph, and checks both against the CPU
  /// interpreter on the same inputs; on the CPU the interpreter is the
  /// eager side.
  const Target *target = nullptr;
  /// The target's runtime switches (null: as the environment sets them);
  /// every record lists them.
  std::shared_ptr<const Switches> switches;
  std::string compiler = "gn";   // gn | nope (the interpreter again)
  int warmup = 1;
  int trials = 5;
  uint64_t seed = 0;
  /// How the inputs are drawn (HostInputs.h); the record names a kind other
  /// than GraphNet's.
  Synthesis inputs = Synthesis::GraphNet;
  /// Where the reference has a degenerate output (near zero or constant:
  /// t = -5 passes almost anything there), the compiled program is also
  /// checked against the interpreter on fan-in inputs, whose outputs depend
  /// on the computation: the record's "degenerate_recheck".
  bool recheckDegenerate = true;
  /// GraphNet's dtype channel: "float16", "bfloat16" (the sample as its
  /// dtype generalization pass rewrites it, ImportOptions::dtypeVariant),
  /// "" for the sample as extracted.
  std::string dtypeVariant;
  /// GraphNet's shape channel: the sample at its shape variant of this
  /// index (ImportOptions::shapeVariant); the record's sample is named
  /// "<path>@shape<index>". -1: the shapes as extracted.
  int shapeVariant = -1;
  /// A .mlir with symbolic dims (#gn.dims) run at these values of its shape
  /// symbols ("s0=7,s1=64"): its inputs are synthesized at the sizes they
  /// give and the record says which. Empty: at the compile example.
  std::map<std::string, int64_t> binding;
  std::string dumpDir; // when set: inputs and outputs as .npy
  /// "fp64": also run the interpreter with every float in f64 and record
  /// each side's distance to it (`fp64_reference`), attributing a miss.
  std::string reference;
  /// mode "compile": each sample's programs (CUDA: eager.json,
  /// compiled.json), reference outputs (reference/<i>.npy, from the CPU
  /// interpreter) and record.json go to outDir/<sample>/.
  std::string outDir;
  /// mode "compile": also store the compiled program in this program
  /// cache under its key (gn/Support/ProgramCache.h), where gn's Python
  /// runtime finds it ("": not).
  std::string cacheDir;
  /// ... as a pointer to the written program, not a copy (a bundle that
  /// carries both).
  bool cacheLink = false;
  /// mode "compile": reference outputs over this many bytes in all keep
  /// every k-th element of their large outputs (0: no limit).
  int64_t referenceBudget = 0;
  /// mode "compile": false writes the programs only, without the CPU
  /// interpreter's reference outputs (and their degenerate-output check),
  /// for a sweep that measures compiling alone: a large model's two
  /// interpreter runs took most of a 600 s limit (DepthPro: 211 s each).
  /// gn-cuda-run cannot check such artifacts.
  bool compileReferences = true;
  bool compileEager = true; // gn-eval compile: the device's eager program too
  /// Bytes a sample may hold (0: no limit). A sample whose arguments or
  /// any single tensor would exceed it ends before allocating, as
  /// runtime_error with error_class "out of memory"; gn-eval's children
  /// also cap their tensors and data segment at it.
  int64_t memoryLimit = 0;
  std::string pipelineOptions; // the device's pipeline options for --compiler gn
  /// Non-empty: a second program compiled with these options, timed in
  /// alternation with the first (the record's "ab").
  std::string abPipelineOptions;
  unsigned jitOptLevel = 2;    // LLVM -O level for the kernels
};

/// A sample (a GraphNet folder or a .mlir file) in a context of its own with
/// every gn dialect; `module` is null when it does not load, and
/// `firstError` holds the first error diagnostic ("file:line:col: error:
/// ...") seen on the context since.
struct LoadedSample {
  /// `dtypeVariant`: as ImportOptions::dtypeVariant.
  /// `shapeVariant`: as ImportOptions::shapeVariant.
  explicit LoadedSample(const std::string &path, const std::string &dtypeVariant = "",
                        int shapeVariant = -1);
  /// With every import option (a symbolic import, ...); learnSizes is set.
  LoadedSample(const std::string &path, const ImportOptions &options);
  MLIRContext context;
  std::string firstError;
  ScopedDiagnosticHandler handler;
  OwningOpRef<ModuleOp> module;
  /// The sizes its data-dependent sites were specialized to (specialize).
  std::vector<int64_t> dataSizes;

  /// Specializes a sample's data-dependent sizes (gn/Support/ShapeGuard.h)
  /// to what `args` give. The sample is imported stopping at its first
  /// data-dependent site (ImportOptions::learnSizes); each round runs that
  /// partial graph, counts the site's size and imports again, until the
  /// import is whole. Must be called before the module is used; nothing
  /// runs for a sample without such a site.
  LogicalResult specialize(llvm::ArrayRef<interp::HostTensor> args);

private:
  std::string path;
  ImportOptions options; // the import's, dataSizes aside
  /// A .mlir file, refused with an error at the bracket if nested past
  /// kMaxIrNesting (gn/Support/NestingDepth.h).
  OwningOpRef<ModuleOp> parseIrFile(const std::string &path);
};

/// Runs one sample (a GraphNet folder or a .mlir file) in this process and
/// returns its result as one JSON object (a results.jsonl line, no newline).
/// Never throws; errors become a `status` and an `error` message.
std::string runSample(const std::string &path, const RunOptions &options);

/// Runs shape variants `indices` of GraphNet sample `path` (mode compiled,
/// compiler gn), one record each, as runSample would name them
/// ("<path>@shape<K>"), but with one program for all of them: the sample is
/// imported once with its symbolic dims (importOneProgram in
/// gn/Eval/OneProgram.h) and compiled once for the target, and each
/// variant's compiled side runs that program on the variant's inputs. A
/// variant gets a program of its own, compiled for its sizes, only where
/// there is no one program (the symbolic import or the target refuses it)
/// or the program's guards refuse the variant's sizes; each record's
/// "one_program" says which, why, and how many programs the sample's
/// variants took in all ("compiles").
std::vector<std::string> runShapeVariants(const std::string &path, llvm::ArrayRef<int> indices,
                                          const RunOptions &options);

/// The arguments of `forward` synthesized from its argument attributes
/// (gn.dtype, gn.mean, ..., gn.data) under `seed`, as gn-eval feeds them.
FailureOr<std::vector<interp::HostTensor>> synthesizeInputs(func::FuncOp forward, uint64_t seed,
                                                            std::string &error);
/// The same at `binding`'s values of the shape symbols: each argument at
/// the sizes its #gn.dims give there (an unbound symbol is an error naming
/// the argument and dim).
FailureOr<std::vector<interp::HostTensor>>
synthesizeInputs(func::FuncOp forward, uint64_t seed,
                 const std::map<std::string, int64_t> &binding, std::string &error,
                 Synthesis how = Synthesis::GraphNet);

/// Reads "s0=7,s1=64" (the values of shape symbols); false with `error`
/// on anything else.
bool parseBinding(llvm::StringRef text, std::map<std::string, int64_t> &binding,
                  std::string &error);

} // namespace mlir::gn::eval

#endif // GN_EVAL_RUNNER_H

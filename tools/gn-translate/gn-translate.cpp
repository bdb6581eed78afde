//===- gn-translate.cpp - import GraphNet samples into the gn dialect ---===//
//
//   gn-translate --import-graphnet SAMPLE_DIR [-o OUT.mlir]
//   gn-translate --import-graphnet --coverage DIR... [--coverage-log F.jsonl]
//
//===----------------------------------------------------------------------===//
#include "Coverage.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/Eval/Runner.h"
#include "gn/InitAll.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::opt<bool> importGraphNet("import-graphnet",
                                    cl::desc("Import a GraphNet sample folder"));
static cl::opt<bool> coverage("coverage",
                              cl::desc("Import every sample under the given folders and "
                                       "print a coverage summary"));
static cl::opt<std::string> coverageLog("coverage-log",
                                        cl::desc("Append one JSON line per sample to this file"),
                                        cl::value_desc("file"));
static cl::opt<bool> noRoundTrip("no-roundtrip",
                                 cl::desc("In coverage mode, skip the print/parse check"));
static cl::opt<unsigned> topBlockers("top", cl::desc("Blockers listed by --coverage"),
                                     cl::init(30));
static cl::opt<bool> noIsolate("no-isolate",
                               cl::desc("In coverage mode, import in-process (no fork per "
                                        "sample: faster, but a crash ends the run)"));
static cl::opt<unsigned> sampleTimeout("sample-timeout",
                                       cl::desc("In coverage mode, seconds per sample"),
                                       cl::init(120));
static cl::opt<std::string> dtypeVariant(
    "dtype",
    cl::desc("GraphNet's dtype channel: float16 | bfloat16 imports the sample as its dtype "
             "generalization pass rewrites it (torch samples that list the pass)"),
    cl::init(""));
static cl::opt<int> shapeVariant(
    "shape-variant",
    cl::desc("GraphNet's shape channel: import the sample at its shape variant N (the N-th of "
             "its symbolic_dimension_reifier's list, from 0); -1: as extracted"),
    cl::init(-1));
static cl::opt<bool> symbolicImport(
    "symbolic",
    cl::desc("GraphNet's shape channel: one program for all shapes, the input dims "
             "input_tensor_constraints.py names by a symbol symbolic (s0, s1, ...), at the "
             "extracted shapes or at --shape-variant's (docs/symbolic-shapes.md)"));
static cl::opt<std::string> symbolFactors(
    "symbol-factors",
    cl::desc("With --symbolic: symbols assumed multiples of a factor, e.g. s1=32 (dims 32*s1, "
             "s1 being GraphNet's S1 / 32)"),
    cl::init(""));
static cl::list<int64_t> dataSizes(
    "data-sizes",
    cl::desc("The sizes of the sample's data-dependent sites, in order (what gn-eval learns "
             "from its inputs and records as data_sizes), to import such a sample whole"),
    cl::CommaSeparated);
static cl::opt<bool> listShapeVariants(
    "list-shape-variants",
    cl::desc("Print the sample's shape variants (index, symbols' values) and exit"));
static cl::opt<std::string> listOps(
    "list-ops",
    cl::desc("Print the op names a framework's frontend registers (torch | paddle), one a "
             "line, and exit: canonical names, as conformance/api_coverage.py compares them "
             "with the framework's API"),
    cl::value_desc("framework"), cl::init(""));
static cl::list<std::string> inputs(cl::Positional, cl::desc("<sample dir>..."));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"), cl::value_desc("file"),
                                       cl::init("-"));

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "gn import/export driver\n");
  if (!listOps.empty()) {
    auto names = mlir::gn::frameworkOpNames(listOps);
    if (names.empty()) {
      errs() << "error: --list-ops: unknown framework '" << listOps << "' (expected one of "
             << llvm::join(mlir::gn::frameworkNames(), ", ") << ")\n";
      return 2;
    }
    for (const std::string &n : names)
      outs() << n << "\n";
    return 0;
  }
  if (!importGraphNet) {
    errs() << "error: no translation given (use --import-graphnet)\n";
    return 2;
  }
  if (coverage) {
    mlir::gn::CoverageOptions options;
    options.roots.assign(inputs.begin(), inputs.end());
    options.logPath = coverageLog;
    options.roundTrip = !noRoundTrip;
    options.top = topBlockers;
    options.isolate = !noIsolate;
    options.timeoutSeconds = sampleTimeout;
    options.dtypeVariant = dtypeVariant;
    if (options.roots.empty()) {
      errs() << "error: --coverage needs at least one folder\n";
      return 2;
    }
    return mlir::gn::runCoverage(options);
  }
  if (inputs.size() != 1) {
    errs() << "error: expected exactly one sample folder, got " << inputs.size() << "\n";
    return 2;
  }
  if (listShapeVariants) {
    std::string error;
    auto variants = mlir::gn::sampleShapeVariants(inputs[0], error);
    if (variants.empty()) {
      // "file:line:col: message" from a parse error, else the sample's.
      llvm::StringRef e(error);
      size_t py = e.find(".py:");
      size_t col = py == llvm::StringRef::npos ? py : e.find(": ", py);
      if (col != llvm::StringRef::npos)
        errs() << e.take_front(col) << ": error: " << e.drop_front(col + 2) << "\n";
      else
        errs() << inputs[0] << ": error: " << error << "\n";
      return 1;
    }
    for (const auto &v : variants)
      outs() << v.index << " " << v.label() << "\n";
    return 0;
  }
  mlir::DialectRegistry registry;
  mlir::gn::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  // Diagnostics as `model.py:LINE:COL: error: ...` with the source line.
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  mlir::gn::ImportOptions importOptions;
  importOptions.dtypeVariant = dtypeVariant;
  importOptions.shapeVariant = shapeVariant;
  importOptions.symbolic = symbolicImport;
  importOptions.dataSizes.assign(dataSizes.begin(), dataSizes.end());
  if (!symbolFactors.empty()) {
    std::string error;
    if (!mlir::gn::eval::parseBinding(symbolFactors, importOptions.symbolFactors, error)) {
      llvm::errs() << "error: --symbol-factors: " << error << "\n";
      return 1;
    }
  }
  auto module = mlir::gn::importGraphNetSample(context, inputs[0], importOptions);
  if (!module)
    return 1;
  std::string error;
  auto output = mlir::openOutputFile(outputFile, &error);
  if (!output) {
    errs() << "error: " << error << "\n";
    return 1;
  }
  module->print(output->os());
  output->os() << "\n";
  output->keep();
  return 0;
}

//===- ImportBenchmark.cpp - import speed on GraphNet samples -----------===//
//
//   gn-import-bench SAMPLE_DIR... [--benchmark_*]
//
// Times gn::importGraphNetSample (parse model.py and the meta files, build
// and verify the module) on each sample; reports ops per sample as a counter.
// bench/bench-import.sh runs it on the largest samples of the dataset.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/InitAll.h"
#include "mlir/IR/MLIRContext.h"
#include <benchmark/benchmark.h>
#include <string>
#include <vector>

static void importSample(benchmark::State &state, std::string dir) {
  mlir::DialectRegistry registry;
  mlir::gn::registerAllDialects(registry);
  size_t ops = 0;
  for (auto _ : state) {
    mlir::MLIRContext context(registry);
    auto module = mlir::gn::importGraphNetSample(context, dir);
    if (!module) {
      state.SkipWithError(("import failed: " + dir).c_str());
      return;
    }
    ops = 0;
    module->walk([&](mlir::Operation *) { ++ops; });
  }
  state.counters["ops"] = static_cast<double>(ops);
}

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  std::vector<std::string> dirs;
  for (int i = 1; i < argc; ++i)
    dirs.push_back(argv[i]);
  if (dirs.empty()) {
    fprintf(stderr, "usage: gn-import-bench SAMPLE_DIR... [--benchmark_* flags]\n");
    return 2;
  }
  for (const std::string &d : dirs)
    benchmark::RegisterBenchmark(("import/" + d.substr(d.find_last_of('/') + 1)).c_str(),
                                 importSample, d)
        ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

#!/usr/bin/env bash
# Import speed (Google Benchmark) on a fixed list of the largest GraphNet torch
# samples: the three with the most gn ops after import and the largest model.py
# by bytes. Each iteration parses model.py and the meta files, builds and
# verifies the module in a fresh MLIRContext.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
dir=$("$root/scripts/graphnet-dir.sh")
"$root/scripts/build.sh" gn-import-bench
samples=(
  transformers-auto-model/mambarim-110m          # 5247 ops
  timm/dm_nfnet_f5                                # 4868 ops
  transformers-auto-model/thuml_sundial-base-128m # 4841 ops
  mmpose/3xrsn_50                                 # largest model.py (3.0 MB)
)
"$build/bench/gn-import-bench" "${samples[@]/#/$dir/samples/}" \
  --benchmark_repetitions=5 --benchmark_report_aggregates_only=true "$@"

#!/usr/bin/env bash
# Import speed on the largest GraphNet torch samples (by op count).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
shared=${GN_SHARED_DIR:-$root/../shared}
dir=$("$shared/graphnet/unpack.sh" "${GN_GRAPHNET_DIR:-$HOME/.cache/gn/graphnet}")
"$root/scripts/build.sh" gn-import-bench
# The three model.py files with the most lines.
mapfile -t samples < <(find "$dir/samples" -name model.py -printf '%s %h\n' | sort -rn | head -3 | cut -d' ' -f2)
"$build/test/bench/gn-import-bench" "${samples[@]}" --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true

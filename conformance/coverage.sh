#!/usr/bin/env bash
# Import coverage over the GraphNet samples in ../shared/graphnet (unpacked
# once into $GN_GRAPHNET_DIR or ~/.cache/gn/graphnet). Writes a JSON line per
# sample to ${1:-coverage.jsonl} as it goes and ends with the summary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
dir=$("$root/scripts/graphnet-dir.sh")
"$root/scripts/build.sh" gn-translate
log=${1:-coverage.jsonl}
rm -f "$log"
"$build/bin/gn-translate" --import-graphnet --coverage "$dir/samples" --top 40 \
  --coverage-log "$log" | grep -v "^\[.*\] ok " || true

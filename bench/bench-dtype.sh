#!/usr/bin/env bash
# GraphNet's dtype channel benchmark on the CPU (issue 42): gn's compiled
# program of each sample's float16 and bfloat16 variant (gn-eval run --dtype,
# timed, checked against gn eager) beside PyTorch eager running GraphNet's own
# dtype pass of the same sample on gn's inputs (bench/bench_dtype.py), then
# the table (bench/bench_dtype_report.py). Timings need an otherwise idle
# machine.
#   bench/bench-dtype.sh [--out DIR] [SAMPLE_LIST]
# SAMPLE_LIST: paths under the GraphNet samples folder (default
# bench/dtype-samples.txt). Environment: GN_BUILD_DIR, GN_BENCH_THREADS (2),
# GN_BENCH_WARMUP (2), GN_BENCH_TRIALS (10), GN_BENCH_TIMEOUT (seconds per
# sample for gn, 600). PyTorch runs in scripts/torch-env.sh's venv and reads
# GraphNet's pass from ~/.cache/gn/graphnet-src (GN_GRAPHNET_SRC).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/bench/results/dtype
list=$root/bench/dtype-samples.txt
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) list=$1; shift ;;
  esac
done
build=${GN_BUILD_DIR:-$root/build}
samples=$("$root/scripts/graphnet-dir.sh")/samples
mapfile -t dirs < <(grep -v '^\s*#' "$list" | grep -v '^\s*$' | sed "s|^|$samples/|")
threads=${GN_BENCH_THREADS:-2}
mkdir -p "$out"
for dtype in float16 bfloat16; do
  echo "== gn compiled, $dtype (${#dirs[@]} samples)"
  rm -rf "$out/dump-$dtype" "$out/gn-$dtype.jsonl" "$out/torch-$dtype.jsonl"
  OMP_NUM_THREADS=$threads "$build/bin/gn-eval" run --dtype "$dtype" \
    --mode compiled --jobs 1 --warmup "${GN_BENCH_WARMUP:-2}" --trials "${GN_BENCH_TRIALS:-10}" \
    --timeout "${GN_BENCH_TIMEOUT:-600}" --dump "$out/dump-$dtype" --out "$out/gn-$dtype.jsonl" \
    "${dirs[@]}" | grep -v "^\[.*\] ok " || true
  echo "== PyTorch eager on GraphNet's $dtype pass"
  "$root/scripts/torch-env.sh" python "$root/bench/bench_dtype.py" --dtype "$dtype" \
    --dump "$out/dump-$dtype" --json "$out/torch-$dtype.jsonl" --threads "$threads" \
    "${dirs[@]}" || true
  rm -rf "$out/dump-$dtype"
done
echo "== gn compiled, float32 (the samples as extracted: what the half types cost)"
rm -f "$out/gn-float32.jsonl"
OMP_NUM_THREADS=$threads "$build/bin/gn-eval" run --mode compiled --jobs 1 \
  --warmup "${GN_BENCH_WARMUP:-2}" --trials "${GN_BENCH_TRIALS:-10}" \
  --timeout "${GN_BENCH_TIMEOUT:-600}" --out "$out/gn-float32.jsonl" "${dirs[@]}" |
  grep -v "^\[.*\] ok " || true
/usr/bin/python3 "$root/bench/bench_dtype_report.py" "$out" | tee "$out/report.md"

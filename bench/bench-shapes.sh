#!/usr/bin/env bash
# GraphNet's shape channel benchmark (issue 42): gn's one program per sample
# (gn-eval run --shapes N --mode compiled: compiled once, run at each
# variant) beside PyTorch eager and Inductor running GraphNet's own variants
# of the same samples on gn's inputs (bench/bench_shapes.py: one
# torch.compile per sample, its recompiles counted), then the table
# (bench/bench_shapes_report.py). Timings need an otherwise idle machine.
#   bench/bench-shapes.sh [--out DIR] [--shapes N] [SAMPLE_LIST]
# SAMPLE_LIST: paths under the GraphNet samples folder (default
# bench/shapes-samples.txt). Environment: GN_BUILD_DIR, GN_BENCH_THREADS (2),
# GN_BENCH_WARMUP (2), GN_BENCH_TRIALS (10), GN_BENCH_TIMEOUT (seconds per
# variant for gn, per sample for PyTorch; 600).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
threads=${GN_BENCH_THREADS:-2}
warmup=${GN_BENCH_WARMUP:-2}
trials=${GN_BENCH_TRIALS:-10}
timeout=${GN_BENCH_TIMEOUT:-600}
out="" shapes=3 list="$root/bench/shapes-samples.txt"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --shapes) shapes=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) list=$1; shift ;;
  esac
done
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/gn-bench-shapes.XXXXXX")
mkdir -p "$out"
dir=$("$root/scripts/graphnet-dir.sh")
mapfile -t rel < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
samples=("${rel[@]/#/$dir/samples/}")
export OMP_NUM_THREADS=$threads
echo "== gn-eval --shapes $shapes, one program per sample (${#samples[@]} samples), in $out" >&2
"$build/bin/gn-eval" run "${samples[@]}" --shapes "$shapes" --mode compiled --warmup "$warmup" \
  --trials "$trials" --timeout "$timeout" --dump "$out/dump" --out "$out/gn.jsonl" >&2 || true
echo "== PyTorch eager and Inductor on GraphNet's variants" >&2
"$root/scripts/torch-env.sh" python "$root/bench/bench_shapes.py" --dump "$out/dump" \
  --threads "$threads" --warmup "$warmup" --trials "$trials" --timeout "$timeout" \
  --json "$out/torch.jsonl" "${samples[@]}" >&2 || true
/usr/bin/python3 "$root/bench/bench_shapes_report.py" "$out/gn.jsonl" "$out/torch.jsonl" \
  | tee "$out/report.md"

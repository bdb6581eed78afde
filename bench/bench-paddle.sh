#!/usr/bin/env bash
# Paddle CPU benchmark (issue 20): gn compiled vs gn eager vs PaddlePaddle
# eager (CPU, dygraph) on the fixed list bench/paddle-samples.txt, same
# inputs (gn's --dump), same thread count (2), one after the other in one run.
#   1. gn-eval run --mode compiled (eager + compiled, 2 warmup + 15 trials,
#      compiled checked against eager) and gn-eval score;
#   2. conformance/paddle_conformance.py --time: PaddlePaddle on gn's inputs,
#      checked against gn's eager outputs (tightest t), its median time;
#   3. bench/paddle_bench_report.py: the side-by-side table and geomeans.
# Timings need an otherwise idle machine.
# Usage: bench/bench-paddle.sh [--out DIR] [SAMPLE_LIST]
# Environment: GN_SKIP_BUILD=1, GN_BENCH_THREADS (2), GN_BENCH_TIMEOUT (600),
#   GN_BENCH_WARMUP (2), GN_BENCH_TRIALS (15), GN_BUILD_DIR, GN_SHARED_DIR,
#   GN_GRAPHNET_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
threads=${GN_BENCH_THREADS:-2}
timeout=${GN_BENCH_TIMEOUT:-600}
warmup=${GN_BENCH_WARMUP:-2}
trials=${GN_BENCH_TRIALS:-15}
out=""
list="$root/bench/paddle-samples.txt"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) list=$1; shift ;;
  esac
done
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/gn-bench-paddle.XXXXXX")
mkdir -p "$out"
out=$(cd "$out" && pwd)
dir=$("$root/scripts/graphnet-dir.sh")
[ "${GN_SKIP_BUILD:-0}" = 1 ] || "$root/scripts/build.sh" gn-eval
mapfile -t rel < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
samples=("${rel[@]/#/$dir/paddle_samples/}")
export OMP_NUM_THREADS=$threads
echo "== gn-eval, ${#samples[@]} Paddle samples, results in $out" >&2
"$build/bin/gn-eval" run "${samples[@]}" --mode compiled --warmup "$warmup" --trials "$trials" \
  --timeout "$timeout" --dump "$out/dump" --out "$out/gn.jsonl" >&2 || true
"$build/bin/gn-eval" score "$out/gn.jsonl" | tee "$out/score.txt" || true
echo "== PaddlePaddle eager (CPU)" >&2
"$root/scripts/paddle-env.sh" python "$root/conformance/paddle_conformance.py" --dump "$out/dump" \
  --time --json "$out/paddle.jsonl" "${samples[@]}" >&2 || true
echo
/usr/bin/python3 "$root/bench/paddle_bench_report.py" "$out/gn.jsonl" "$out/paddle.jsonl" \
  | tee "$out/report.txt"
echo "results in $out"

#!/usr/bin/env bash
# CPU benchmark (issue 6): gn compiled vs gn eager vs PyTorch eager vs
# torch.compile (default Inductor backend) on the fixed list
# bench/cpu-samples.txt, same inputs (gn's --dump), same thread count
# (2), in one run on this machine, sample by sample:
#   1. gn-eval run --mode compiled --compiler gn (eager + compiled, 2 warmup +
#      15 trials each, correctness of compiled against eager);
#   2. bench/bench_torch.py on the same sample: PyTorch eager and Inductor on
#      gn's inputs, checked against gn's eager outputs, Inductor's cold
#      compile time; after the list, gn-eval score;
#   3. bench/bench_report.py: the side-by-side table and summary.
# With --peers (or GN_BENCH_PEERS), step 2 also runs those CPU peers
# (openvino: torch.compile backend "openvino"; onnxruntime: ONNX export + ONNX
# Runtime) on the same inputs and threads, in scripts/peers-env.sh's venv.
# Timings need an otherwise idle machine: 2 OpenMP threads on 2 cores slow down
# many-fold (not by a constant factor) when anything else runs, e.g. a build.
# With --channels, GraphNet's dtype and shape channels are timed after the
# main run, into DIR/dtype and DIR/shapes (bench-dtype.sh, bench-shapes.sh
# on their own lists: gn's float16/bfloat16 programs against PyTorch running
# GraphNet's dtype pass; gn's one program for all shapes against PyTorch
# eager and Inductor running each variant).
# Usage: bench/bench-cpu.sh [--out DIR] [--peers LIST] [--channels] [SAMPLE_LIST]
#   --out DIR   keep everything there (gn.jsonl, score.txt, torch.jsonl,
#               report.txt, dump/); results are appended as samples finish,
#               so a rerun into the same DIR adds lines (the report keeps the
#               last line per sample). Default: a new temporary folder.
#   --peers LIST  comma-separated peers for bench_torch.py --peers, e.g.
#               openvino,onnxruntime (default: $GN_BENCH_PEERS, else none).
# Environment: GN_COMPILER=gn|nope (default gn; nope runs the interpreter as
#   the compiled side, to test the harness), GN_SKIP_BUILD=1 (use the
#   existing build), GN_BENCH_THREADS (default 2), GN_BENCH_TIMEOUT (seconds
#   per sample for each side, default 600), GN_BENCH_WARMUP (default 2),
#   GN_BENCH_TRIALS (default 15), GN_BENCH_PEERS (as --peers), GN_BUILD_DIR,
#   GN_SHARED_DIR, GN_GRAPHNET_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
compiler=${GN_COMPILER:-gn}
threads=${GN_BENCH_THREADS:-2}
timeout=${GN_BENCH_TIMEOUT:-600}
# Medians over 15 runs: sub-millisecond samples swing by 2x over 5 runs on this VM.
warmup=${GN_BENCH_WARMUP:-2}
trials=${GN_BENCH_TRIALS:-15}
peers=${GN_BENCH_PEERS:-}
channels=0
out=""
list="$root/bench/cpu-samples.txt"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    --peers) peers=$2; shift 2 ;;
    --peers=*) peers=${1#--peers=}; shift ;;
    --channels) channels=1; shift ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) list=$1; shift ;;
  esac
done
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/gn-bench-cpu.XXXXXX")
mkdir -p "$out"
out=$(cd "$out" && pwd)
dir=$("$root/scripts/graphnet-dir.sh")
[ "${GN_SKIP_BUILD:-0}" = 1 ] || "$root/scripts/build.sh" gn-eval
mapfile -t rel < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
samples=("${rel[@]/#/$dir/samples/}")
export OMP_NUM_THREADS=$threads
# The peers' packages live in the same venv, added by peers-env.sh.
env_sh="$root/scripts/torch-env.sh"
peer_args=()
if [ -n "$peers" ]; then
  env_sh="$root/scripts/peers-env.sh"
  peer_args=(--peers "$peers")
fi
# Sample by sample, gn then PyTorch / Inductor${peers:+ / peers}: this VM's
# speed drifts by up to 2x over tens of minutes, so each sample's sides run
# minutes apart at most (a gn phase over the whole list, then a PyTorch
# phase, once put 1.4-2x between the two sides of the first samples).
echo "== ${#samples[@]} samples: gn-eval ($compiler), then PyTorch eager and Inductor${peers:+, peers $peers}, one sample at a time; results in $out" >&2
for i in "${!samples[@]}"; do
  echo "== [$((i + 1))/${#samples[@]}] ${rel[$i]}" >&2
  "$build/bin/gn-eval" run "${samples[$i]}" --mode compiled --compiler "$compiler" --warmup "$warmup" \
    --trials "$trials" --timeout "$timeout" --dump "$out/dump" --out "$out/gn.jsonl" >&2 || true
  "$env_sh" python "$root/bench/bench_torch.py" --dump "$out/dump" "${peer_args[@]}" \
    --threads "$threads" --warmup "$warmup" --trials "$trials" --timeout "$timeout" \
    --json "$out/torch.jsonl" "${samples[$i]}" >&2 || true
done
"$build/bin/gn-eval" score "$out/gn.jsonl" | tee "$out/score.txt" || true
echo
/usr/bin/python3 "$root/bench/bench_report.py" "$out/gn.jsonl" "$out/torch.jsonl" \
  | tee "$out/report.txt"
if [ "$channels" = 1 ]; then
  echo "== GraphNet's channels: dtype (bench-dtype.sh), shapes (bench-shapes.sh)" >&2
  GN_SKIP_BUILD=1 "$root/bench/bench-dtype.sh" --out "$out/dtype" || true
  GN_SKIP_BUILD=1 "$root/bench/bench-shapes.sh" --out "$out/shapes" || true
fi
echo "results in $out"

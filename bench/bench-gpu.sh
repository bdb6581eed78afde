#!/usr/bin/env bash
# The GPU benchmark (issue 19), on a GPU machine, in one command: runs the
# bundle made by scripts/bundle-gpu.sh (no LLVM needed there) and PyTorch
# side by side on the same inputs:
#   1. bin/gn-cuda-run --sides main: gn CUDA eager and gn compiled (one CUDA
#      graph), each checked against the CPU interpreter's outputs -> gn.jsonl;
#   2. bench/bench_torch_gpu.py: PyTorch eager with gn through Python
#      beside it (gn.compile_sample from the bundle's cache, on torch's CUDA
#      tensors), then Inductor mode="reduce-overhead" (CUDA graphs) with the
#      weights marked static, all timed as GraphNet's harness times
#      (e2e and CUDA events, IQR), inputs from the numpy mirror of
#      gn's synthesis (python-bindings/gn/inputs.py, synthesized once for all modes,
#      in parallel, into a cache), checked against the same reference ->
#      torch.jsonl;
#   3. with --extra only: bin/gn-cuda-run --sides extra, gn compiled again
#      beside the bundle's alternative programs and the runtime choices of
#      GN_BENCH_ENV_SIDES (what a default costs or saves) -> gn-extra.jsonl
#      (run 3 answered the questions it was made for, see
#      bench/results/gpu-h200-2026-11-27; its 90 s now go to Inductor
#      default);
#   4. bench/bench_torch_gpu.py: Inductor (default) -> torch.jsonl;
#   5. bench/gpu_report.py: the side-by-side table and summary naming the
#      GPU -> report.txt.
# The order is the results' priority: what the issue's targets need first.
# Usage: bench/bench-gpu.sh [--bundle BUNDLE] [--out DIR] [--quick]
#                             [--only gn|torch] [--range FIRST:END]
#                             [--budget SECONDS] [--extra] [--harness]
#                             [--shapes DIR] [--dtype DIR]
#   default BUNDLE: .gpu-bundle (its bundle.tar.gz is unpacked to a temporary
#   folder); default DIR: $OUT if set (the device tool's
#   folder that comes back), else bench/results/gpu. --quick: the first
#   sample only, 1 warmup and 3 trials (to try the bundle end to end first).
#   --only gn|torch: one side (a device command runs at most 10 minutes and
#   Inductor compiles take about 10 s a sample: split the torch side with
#   --range, e.g. 0:15, 15:30, 30:46, one command each, and join the JSONL
#   files with bench/gpu_report.py afterwards). --range FIRST:END: samples
#   FIRST..END-1 of the bundle's list. --budget SECONDS: end within that
#   time (a device lease): gn's main sides run until 30% of it, PyTorch
#   eager and gn through Python until 50%, Inductor reduce-overhead with
#   static weights (GN_BENCH_RO_MODE, default inductor_ro_static) until 78%,
#   gn's extra sides
#   (--extra) until 90%, GraphNet's harness with gn (--harness) until
#   GN_BENCH_HARNESS_SHARE (default 95%), Inductor default to 15 s before the end. Each
#   phase starts when the one before it ends; the percentages are caps.
#   --shapes DIR: first (after the fault and symbolic checks), one CUDA
#   program for all shapes against a program per shape
#   (bench/gpu-shapes.sh run on DIR/shapes.tar.gz) until
#   GN_BENCH_SHAPES_SHARE (default 22%) of the budget, its summary in
#   gpu.txt; give GN_BENCH_SPLIT later caps then (e.g. "45 60 82 90").
#   --dtype DIR: next, GraphNet's dtype channel (bench/gpu-dtype.sh run on
#   DIR/dtype.tar.gz: gn's float16 and bfloat16 programs against PyTorch
#   eager on GraphNet's own pass and gn's float32 program) until
#   GN_BENCH_DTYPE_SHARE (default 40%) of the budget, its summary in gpu.txt.
#   What comes back from the device is at most 8 files: gpu.txt (with the
#   bundle's commit, the real GPU fault, symbolic and shapes summaries),
#   gn.jsonl, gn-extra.jsonl (--extra) or harness-gn.log (--harness: not
#   both), torch.jsonl, report.txt, records.tar.gz (probe.json, clocks.csv,
#   symbolic.jsonl, shapes/: packed at the end) and the caller's log.
# Inductor's cold compiles overlap: GN_BENCH_COMPILE_JOBS (default 8)
#   samples at a time, each in its own worker, and each timed alone (every
#   other worker is stopped while one is checked and timed:
#   bench_torch_gpu.py --parallel).
# Environment: GN_BENCH_WARMUP (default 5), GN_BENCH_WARMUP_MS (warm-up lasts
#   at least this long, default 200: an idle GPU's clocks rise under load),
#   GN_BENCH_TRIALS (default 20), GN_BENCH_COMPILE_JOBS (default 8),
#   GN_BENCH_TIMEOUT (seconds per sample and side, default 600),
#   GN_BENCH_COMPILE_TIMEOUT (seconds per sample for Inductor's sides, whose
#   cold compiles run 8 at a time: default GN_BENCH_TIMEOUT; run 2 lost
#   apple_mobilevit-xx-small's at 60 s),
#   GN_BENCH_PROFILE (slowest steps of gn compiled to record, default 10; 0:
#   no step-by-step profile), GN_BENCH_ENV_SIDES (runtime choices gn compiled
#   is timed and checked under again, NAME:VAR=VALUE[@KIND] separated by
#   spaces: gn-cuda-run --env-side, @KIND: only programs with such a step;
#   default "conv-graph:GN_CUDNN_ALGO=graph@conv conv-timed:GN_CUDNN_ALGO=timed@conv
#   conv-find:GN_CUDNN_ALGO=find@conv", convolution algorithms timed (inside
#   the forward's graph, alone by gn, by cudnnFind) against cuDNN's
#   heuristic guess over the whole list; run 3 measured
#   "gemm-cublas:GN_GEMM=cublas@gemm conv-tf32:GN_CUDNN_MATH=tf32@conv
#   pdl:GN_CUDA_PDL=1@launch"; "" for none),
#   GN_BENCH_SPLIT (with --budget: the percents of it where gn's main sides,
#   PyTorch eager, Inductor reduce-overhead and gn's extra sides stop,
#   default "30 50 78 90").
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bundle="$root/.gpu-bundle"
out=${OUT:-$root/bench/results/gpu}
quick=0
only=""
range=""
budget=0
extra=0
harness=0
shapes=""
dtype=""
while [ $# -gt 0 ]; do
  case "$1" in
    --shapes) shapes=$2; shift 2 ;;
    --dtype) dtype=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --range) range=$2; shift 2 ;;
    --budget) budget=$2; shift 2 ;;
    --bundle) bundle=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --extra) extra=1; shift ;;
    --harness) harness=1; shift ;;
    -h|--help) sed -n '2,69p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -f "$bundle/bundle.tar.gz" ]; then
  unpacked=$(mktemp -d "${TMPDIR:-/tmp}/gn-gpu-bundle.XXXXXX")
  tar -C "$unpacked" -xzf "$bundle/bundle.tar.gz"
  bundle=$unpacked
fi
warmup=${GN_BENCH_WARMUP:-5}
warmup_ms=${GN_BENCH_WARMUP_MS:-200}
trials=${GN_BENCH_TRIALS:-20}
timeout=${GN_BENCH_TIMEOUT:-600}
mapfile -t names < "$bundle/list.txt"
if [ -n "$range" ]; then
  first=${range%%:*} end=${range##*:}
  names=("${names[@]:$first:$((end - first))}")
fi
if [ "$quick" = 1 ]; then names=("${names[0]}"); warmup=1; warmup_ms=0; trials=3; fi
# PyTorch runs the PyTorch samples (graph_net.json's framework); gn runs all.
torch_names=()
for n in "${names[@]}"; do
  grep -qE '"framework": *"paddle"' "$bundle/samples/$n/graph_net.json" 2>/dev/null || torch_names+=("$n")
done
if [ ${#torch_names[@]} -eq 0 ] && [ "$only" != gn ]; then
  [ "$only" = torch ] && { echo "no PyTorch samples in the range: nothing to run" >&2; exit 0; }
  only=gn
  echo "no PyTorch samples: gn only" >&2
fi
mkdir -p "$out"
python=${PYTHON:-python3}
# cuBLAS and cuDNN from the Python environment's NVIDIA wheels (PyTorch's).
libs=$("$python" "$root/bench/nvidia_lib_dirs.py")
export GN_CUDA_LIBRARY_PATH=${GN_CUDA_LIBRARY_PATH:-$libs}
start=$(date +%s)
read -r gn_share eager_share ro_share extra_share <<< "${GN_BENCH_SPLIT:-30 50 78 90}"
at() { [ "$budget" -gt 0 ] && echo $((start + budget * $1 / 100)) || echo 0; }
# The card, then the gn commit that compiled the bundle and its
# alternatives (scripts/bundle-gpu.sh), kept with the results.
{ nvidia-smi -L || true; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv || true
  [ -f "$bundle/commit.txt" ] && sed '1s/^/bundle compiled by gn /' "$bundle/commit.txt"; } \
  | tee "$out/gpu.txt"
# What one small launch costs here, cold and warm (bench/gpu_probe.py:
# idle clocks or slow small GEMMs?), before anything else loads the card.
"$python" "$root/bench/gpu_probe.py" --json "$out/probe.json" >&2 || true
# Real GPU faults (bench/gpu-faults.sh, seconds): an illegal address, device
# memory exhausted at load, no driver; each must be its sample's record while
# the batch goes on. The summary goes into gpu.txt.
if [ -d "$bundle/faults" ]; then
  timeout 120 "$root/bench/gpu-faults.sh" run "$bundle/faults" "$bundle/bin/gn-cuda-run" 2>&1 |
    tee -a "$out/gpu.txt" || true
fi
# One CUDA program for all shapes (bench/gpu-symbolic.sh, seconds): the
# symbolic kernels at bindings other than their compile examples, against
# the CPU interpreter. The summary goes into gpu.txt, the records beside.
if [ -d "$bundle/symbolic" ]; then
  timeout 120 "$root/bench/gpu-symbolic.sh" run "$bundle/symbolic" "$bundle/bin/gn-cuda-run" \
    "$out/symbolic.jsonl" 2>&1 | tee -a "$out/gpu.txt" || true
fi
# One CUDA program for all shapes against a program per shape (issue 42's
# run-time target), until its share of the budget; summary in gpu.txt.
if [ -n "$shapes" ] && [ -f "$shapes/shapes.tar.gz" ]; then
  echo "== one program for all shapes (bench/gpu-shapes.sh) ($(( $(date +%s) - start )) s)" >&2
  "$root/bench/gpu-shapes.sh" run "$shapes" "$out/shapes" "$(at "${GN_BENCH_SHAPES_SHARE:-22}")" \
    2>&1 | tee -a "$out/gpu.txt" || true
fi
# GraphNet's dtype channel (issue 42's benchmark of it in the GPU harness),
# until its share of the budget; summary in gpu.txt.
if [ -n "$dtype" ] && [ -f "$dtype/dtype.tar.gz" ]; then
  echo "== the dtype channel (bench/gpu-dtype.sh) ($(( $(date +%s) - start )) s)" >&2
  "$root/bench/gpu-dtype.sh" run "$dtype" "$out/dtype" "$(at "${GN_BENCH_DTYPE_SHARE:-40}")" \
    2>&1 | tee -a "$out/gpu.txt" || true
fi
# The card's clocks and load every half second for the whole run: timings
# taken at idle clocks would say so here (the report summarizes it).
clock_pid=""
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,utilization.gpu,power.draw \
    --format=csv,nounits -lms 500 > "$out/clocks.csv" 2> /dev/null &
  clock_pid=$!
  trap '[ -n "$clock_pid" ] && kill "$clock_pid" 2> /dev/null' EXIT
fi
# Each phase's start, in seconds since the benchmark's, in the log.
phase() { echo "== $* ($(( $(date +%s) - start )) s)" >&2; }
torch_work=$(mktemp -d "${TMPDIR:-/tmp}/gn-torch-gpu.XXXXXX")
env_sides=()
for side in ${GN_BENCH_ENV_SIDES-conv-graph:GN_CUDNN_ALGO=graph@conv conv-timed:GN_CUDNN_ALGO=timed@conv conv-find:GN_CUDNN_ALGO=find@conv}; do
  env_sides+=(--env-side "$side")
done
# gn-cuda-run over the list: --sides main or extra, until the given cap.
gn_pass() {
  local sides=$1 share=$2 file=$3
  shift 3
  rm -f "$out/$file"
  # cuDNN opens its engine libraries by soname: the same folders (for gn's
  # runner only; PyTorch finds its own).
  LD_LIBRARY_PATH=$GN_CUDA_LIBRARY_PATH${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    "$bundle/bin/gn-cuda-run" "${names[@]/#/$bundle/artifacts/}" --warmup "$warmup" \
    --warmup-ms "$warmup_ms" --trials "$trials" --timeout "$timeout" \
    --deadline "$(at "$share")" --out "$out/$file" --sides "$sides" "$@"
}
jobs=${GN_BENCH_COMPILE_JOBS:-8}
end=0
[ "$budget" -gt 0 ] && end=$((start + budget - 15))
[ "$only" != torch ] && rm -f "$out/gn-extra.jsonl"
if [ "$only" != gn ]; then
  rm -f "$out/torch.jsonl"
  compile_timeout=${GN_BENCH_COMPILE_TIMEOUT:-$timeout}
  torch_side() {
    local t=$timeout
    [ "$1" = eager ] || t=$compile_timeout
    "$python" "$root/bench/bench_torch_gpu.py" --bundle "$bundle" --json "$out/torch.jsonl" \
      --warmup "$warmup" --warmup-ms "$warmup_ms" --trials "$trials" --timeout "$t" \
      --input-cache "$torch_work/inputs" --workdir "$torch_work/$1" --modes "$@" "${torch_names[@]}"
  }
fi
if [ "$only" != torch ]; then
  phase "gn (gn-cuda-run: CUDA eager and compiled), ${#names[@]} samples"
  gn_pass main "$gn_share" gn.jsonl --profile "${GN_BENCH_PROFILE:-10}"
fi
if [ "$only" != gn ]; then
  # At most 180 s: what is not cached by then, each mode synthesizes itself.
  phase "inputs for PyTorch, ${#torch_names[@]} samples"
  timeout 180 "$python" "$root/bench/bench_torch_gpu.py" --bundle "$bundle" \
    --input-cache "$torch_work/inputs" --prepare-inputs "$(nproc)" "${torch_names[@]}" ||
    echo "inputs: not all synthesized ahead (exit $?); the modes synthesize the rest" >&2
  # gn through Python beside PyTorch eager, in the same worker on the same
  # inputs: the bundle's program from its cache, on torch's CUDA tensors.
  phase "PyTorch eager and gn through Python, ${#torch_names[@]} samples"
  torch_side eager,gn --deadline "$(at "$eager_share")"
  ro=${GN_BENCH_RO_MODE:-inductor_ro_static}
  phase "Inductor $ro, $jobs compiles at a time"
  torch_side "$ro" --parallel "$jobs" --deadline "$(at "$ro_share")"
fi
alternatives=$(find "$bundle/artifacts" -maxdepth 2 -name 'compiled-alt*.json' 2> /dev/null | head -1)
if [ "$extra" = 1 ] && [ "$only" != torch ] &&
  { [ -n "$alternatives" ] || [ ${#env_sides[@]} -gt 0 ]; }; then
  phase "gn: alternative programs and runtime choices (gn-cuda-run --sides extra)"
  gn_pass extra "$extra_share" gn-extra.jsonl "${env_sides[@]}"
fi
# GraphNet's own harness (the bundle's graphnet/, read at run time) with gn
# registered, on the PyTorch samples: gn's program from the bundle's cache
# through GnBackend, timed and checked by the harness itself -> harness-gn.log
# (a GraphNet log: gn-eval score and report read it).
if [ "$harness" = 1 ] && [ "$only" != gn ] && [ -d "$bundle/graphnet/graph_net_bench" ]; then
  phase "GraphNet's harness with gn, ${#torch_names[@]} samples"
  rm -f "$out/harness-gn.log"
  harness_config="{\"device\": \"cuda\", \"cache_dir\": \"$bundle/cache\"}"
  PYTHONPATH="$bundle/python${PYTHONPATH:+:$PYTHONPATH}" "$python" "$root/bench/graphnet_harness.py" \
    --graphnet "$bundle/graphnet" --device cuda --compiler gn --config "$harness_config" \
    --warmup "$warmup" --trials "$trials" --timeout "$timeout" --log "$out/harness-gn.log" \
    --deadline "$(at "${GN_BENCH_HARNESS_SHARE:-95}")" "${torch_names[@]/#/$bundle/samples/}" >&2
fi
if [ "$only" != gn ] && { [ "$end" = 0 ] || [ "$(date +%s)" -lt "$end" ]; }; then
  phase "Inductor default, $jobs compiles at a time"
  torch_side inductor --parallel "$jobs" --deadline "$end"
fi
phase "done"
rm -rf "$torch_work/inputs"
[ -n "$clock_pid" ] && kill "$clock_pid" 2> /dev/null
clock_pid=""
"$python" "$root/bench/gpu_report.py" "$out"/gn.jsonl "$out"/gn-extra.jsonl "$out"/torch.jsonl --gpu "$out/gpu.txt" \
  --clocks "$out/clocks.csv" --probe "$out/probe.json" | tee "$out/report.txt"
# At most 8 files come back from a device: the small records in one.
packed=()
for f in probe.json clocks.csv symbolic.jsonl shapes dtype; do
  [ -e "$out/$f" ] && packed+=("$f")
done
if [ ${#packed[@]} -gt 0 ] && tar -C "$out" -czf "$out/records.tar.gz" "${packed[@]}"; then
  (cd "$out" && rm -rf "${packed[@]}")
fi
echo "results in $out"

#!/usr/bin/env bash
# How much gn compiled's time moves from one load of the same program to the
# next, with runtime choices beside it, on a GPU machine. GPU run 3 timed
# the same program at 0.74x to 1.40x of itself across loads on convolution
# nets (bench/results/gpu-h200-2026-11-27), where each load chooses
# its GEMM and convolution algorithms by timing them.
#   gn-cuda-run --sides extra over the bundle's list, REPEATS passes, each
#   loading every program again: the compiled program, then each env side
#   -> DIR/loads.jsonl (one line per sample and pass, "pass" added), and
#   a summary per sample and side (min / median / max over the passes of
#   each pass's median ms) -> DIR/loads-report.txt.
# Usage: bench/gpu-repeat-loads.sh [--bundle BUNDLE] [--out DIR]
#          [--repeats N] [--budget SECONDS] [ENV_SIDE...]
#   BUNDLE: scripts/bundle-gpu.sh's (default .gpu-bundle); DIR: default
#   $OUT, else bench/results/gpu-loads; N: default 3; SECONDS: stop
#   starting passes past it (each pass has the rest as its deadline);
#   ENV_SIDE: NAME:VAR=VALUE[@KIND] as gn-cuda-run --env-side, e.g.
#   find:GN_CUDNN_ALGO=find@conv (cudnnFind's own choice against the
#   default, cuDNN's heuristic guess) or graph:GN_CUDNN_ALGO=graph@conv.
# Environment: GN_BENCH_WARMUP (default 3), GN_BENCH_WARMUP_MS (default
#   200), GN_BENCH_TRIALS (default 10), PYTHON (the one with PyTorch's
#   NVIDIA wheels, default python3).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bundle="$root/.gpu-bundle"
out=${OUT:-$root/bench/results/gpu-loads}
repeats=3
budget=0
sides=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --budget) budget=$2; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    -*) echo "unknown argument $1" >&2; exit 2 ;;
    *) sides+=(--env-side "$1"); shift ;;
  esac
done
start=$(date +%s)
if [ -f "$bundle/bundle.tar.gz" ]; then
  unpacked=$(mktemp -d "${TMPDIR:-/tmp}/gn-gpu-bundle.XXXXXX")
  tar -C "$unpacked" -xzf "$bundle/bundle.tar.gz"
  bundle=$unpacked
fi
[ -f "$bundle/list.txt" ] || { echo "no bundle at $bundle (scripts/bundle-gpu.sh)" >&2; exit 1; }
mapfile -t names < "$bundle/list.txt"
mkdir -p "$out"
libs=$("${PYTHON:-python3}" "$root/bench/nvidia_lib_dirs.py")
export GN_CUDA_LIBRARY_PATH=${GN_CUDA_LIBRARY_PATH:-$libs}
rm -f "$out/loads.jsonl"
for k in $(seq 1 "$repeats"); do
  deadline=0
  if [ "$budget" -gt 0 ]; then
    deadline=$((start + budget))
    [ "$(date +%s)" -lt "$deadline" ] || { echo "budget spent: $((k - 1)) passes" >&2; break; }
  fi
  echo "== pass $k of $repeats ($(( $(date +%s) - start )) s)" >&2
  LD_LIBRARY_PATH=$GN_CUDA_LIBRARY_PATH${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    "$bundle/bin/gn-cuda-run" "${names[@]/#/$bundle/artifacts/}" --sides extra \
    --warmup "${GN_BENCH_WARMUP:-3}" --warmup-ms "${GN_BENCH_WARMUP_MS:-200}" \
    --trials "${GN_BENCH_TRIALS:-10}" --deadline "$deadline" --out "$out/pass.jsonl" \
    "${sides[@]}" >&2
  # Tag the pass's lines and gather them.
  /usr/bin/env python3 - "$out/pass.jsonl" "$k" >> "$out/loads.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    r["pass"] = int(sys.argv[2])
    print(json.dumps(r))
PY
  rm -f "$out/pass.jsonl"
done
/usr/bin/env python3 - "$out/loads.jsonl" <<'PY' | tee "$out/loads-report.txt"
import json, os, statistics, sys
by = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r.get("status") != "ok":
        continue
    name = os.path.basename(r["sample"].rstrip("/"))
    sides = by.setdefault(name, {})
    # Each load's time and its convolution algorithms (which steps ran which).
    loads = [("compiled", r.get("compiled") or {}, r.get("conv"))]
    loads += [(side, x.get("timing") or {}, x.get("conv"))
              for side, x in (r.get("env_sides") or {}).items()]
    for side, timing, conv in loads:
        ms, choice = sides.setdefault(side, ([], set()))
        ms.append(timing.get("median_ms"))
        choice.add(json.dumps((conv or {}).get("algorithms"), sort_keys=True))
print("ms per forward over the passes, min / median / max (spread: max / min; convolution "
      "algorithm choices: how many different ones over the loads)")
for name, sides in by.items():
    cells = []
    for side, (xs, choices) in sides.items():
        xs = [x for x in xs if x]
        if xs:
            cells.append(f"{side} {min(xs):.3f} / {statistics.median(xs):.3f} / {max(xs):.3f}"
                         f" ({max(xs) / min(xs):.2f}x, {len(xs)} loads, {len(choices)} choices)")
    print(f"{name[:40]:<40} " + "; ".join(cells))
PY

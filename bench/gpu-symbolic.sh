#!/usr/bin/env bash
# One CUDA program for all shapes on a real GPU (issue 42, phase 4; docs/
# symbolic-shapes.md). Off the GPU, the stand-in driver checks the launches
# and the CUDA kernels' forms run on the CPU (test/GPU/symbolic-program.test,
# test/Eval/symbolic-cuda-forms.test); what only a GPU checks is
# gn-map-kernels-to-gpu's mapping of loops that run to sizes known at launch.
# `prepare` compiles the symbolic test programs once each and writes them
# bound at bindings other than their compile example (gn-eval compile
# --bind), with the CPU interpreter's outputs there; `run` runs each through
# gn-cuda-run (its kernels the symbolic ones) and counts those correct at
# t = -5.
#
#   bench/gpu-symbolic.sh prepare DIR   (here: needs build/bin/gn-eval, ptxas)
#   bench/gpu-symbolic.sh run DIR [GN_CUDA_RUN] [OUT.jsonl]   (on the GPU machine;
#                                      default runner: DIR/../bin/gn-cuda-run)
# scripts/bundle-gpu.sh prepares DIR as the bundle's symbolic/, and
# bench/bench-gpu.sh runs it first (seconds), its summary in the log.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: bench/gpu-symbolic.sh prepare|run DIR [GN_CUDA_RUN] [OUT.jsonl]}
dir=${2:?usage: bench/gpu-symbolic.sh prepare|run DIR [GN_CUDA_RUN] [OUT.jsonl]}
# Program and binding: every kernel kind the symbolic-bind inputs exercise,
# at sizes above and below their examples (and one row, one element).
specs=(
  "GPU/Inputs/symbolic-linear.mlir s0=4,s1=70"
  "GPU/Inputs/symbolic-linear.mlir s0=1,s1=1"
  "GPU/Inputs/symbolic-norm.mlir s0=30,s1=20"
  "GPU/Inputs/symbolic-sum.mlir s0=4,s1=700"
  "Eval/Inputs/symbolic-mlp.mlir s0=33,s1=65"
  "Eval/Inputs/symbolic-softmax.mlir s1=37"
  "Eval/Inputs/symbolic-einsum.mlir s0=3,s1=2"
  "Eval/Inputs/symbolic-einsum.mlir s0=1,s1=9"
  "Eval/Inputs/symbolic-group-norm.mlir s0=3,s1=17"
  "Eval/Inputs/symbolic-pool.mlir s0=3,s1=45"
  "Eval/Inputs/symbolic-avg-pool.mlir s0=3,s1=13"
  "Eval/Inputs/symbolic-copy.mlir s0=3,s1=14"
  "Eval/Inputs/symbolic-pad.mlir s0=3,s1=10"
  "Eval/Inputs/symbolic-resize.mlir s0=3,s1=11"
  "Eval/Inputs/symbolic-gather.mlir s0=3,s1=13"
  "Eval/Inputs/symbolic-transpose-heads.mlir s0=2,s1=8"
  "Eval/Inputs/symbolic-shifted-slice.mlir s1=9"
  "Eval/Inputs/symbolic-insert-slice.mlir s0=5"
  "Eval/Inputs/symbolic-attention.mlir s0=3,s1=37"
  "Eval/Inputs/symbolic-attention.mlir s0=2,s1=600"
)

if [ "$mode" = prepare ]; then
  build=${GN_BUILD_DIR:-$root/build}
  rm -rf "$dir" && mkdir -p "$dir"
  : > "$dir/list.txt"
  for spec in "${specs[@]}"; do
    read -r file binding <<< "$spec"
    tag="$(basename "$file" .mlir)@${binding//,/_}"
    if "$build/bin/gn-eval" compile "$root/test/$file" --device cuda --bind "$binding" \
         -o "$dir/$tag" --log "$dir/compile.jsonl" > /dev/null 2>&1 &&
       [ -f "$dir/$tag/$(basename "$file")/compiled.json" ]; then
      echo "$tag/$(basename "$file")" >> "$dir/list.txt"
    else
      echo "gpu-symbolic: $file at $binding does not compile for CUDA (see $dir/compile.jsonl)" >&2
    fi
  done
  echo "gpu-symbolic: $(wc -l < "$dir/list.txt") of ${#specs[@]} programs prepared in $dir" >&2
  exit 0
fi

[ "$mode" = run ] || { echo "gpu-symbolic: unknown mode '$mode'" >&2; exit 2; }
runner=${3:-$dir/../bin/gn-cuda-run}
out=${4:-$dir/results.jsonl}
mapfile -t entries < "$dir/list.txt"
rm -f "$out"
"$runner" "${entries[@]/#/$dir/}" --warmup 1 --warmup-ms 0 --trials 3 --out "$out" > /dev/null 2>&1
/usr/bin/python3 - "$out" "${#entries[@]}" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])] if sys.argv[1] else []
ok = [r for r in rows if r.get("status") == "ok"]
right = [r for r in ok if (r.get("correct_at") or {}).get("-5")]
print(f"symbolic programs on the GPU: {len(rows)} of {sys.argv[2]} ran, {len(ok)} ok, "
      f"{len(right)} correct at t = -5 (compiled against the CPU interpreter)")
for r in rows:
    if r not in right:
        print(f"  {r.get('sample')} at {r.get('binding')}: {r.get('status')} "
              f"{str(r.get('error') or '')[:200]} "
              f"correct_at={r.get('correct_at')}")
PY

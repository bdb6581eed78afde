#!/usr/bin/env bash
# Lowers every per-op case (test/goldens/ops) and every shipped sample with
# gn-cuda-pipeline and checks each kernel's PTX with ptxas (sm_90), on a
# machine without a GPU. Ends with "N passed, N failed" (one per case).
#   test/tools/check-ptx-ops.sh [--ptxas-only K] [CASE_DIR...]
# CASE_DIR: any GraphNet sample folders, e.g. every dev PaddlePaddle sample
# for GPU compile coverage (a failure says whether the import or
# gn-cuda-pipeline refused it, and names the op); --ptxas-only K lowers all
# of them but runs ptxas on a seeded K only (ptxas on hundreds takes long).
# GN_PTX_LOG=FILE keeps every case's line (passes with their module counts).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
ptxas=${CUDA_HOME:-/usr/local/cuda}/bin/ptxas
if [ ! -x "$ptxas" ]; then
  echo "check-ptx-ops: ptxas not found at $ptxas: PTX NOT CHECKED" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ptxas_only=0
if [ "${1:-}" = --ptxas-only ]; then ptxas_only=$2; shift 2; fi
if [ $# -gt 0 ]; then cases=("$@"); else cases=("$root"/test/goldens/ops/*/ "$root"/samples/*/); fi
checked="$tmp/ptxas-cases"
if [ "$ptxas_only" -gt 0 ]; then
  printf '%s\n' "${cases[@]%/}" | /usr/bin/python3 -c "import random, sys
l = sys.stdin.read().split(); random.seed(19)
print('\n'.join(random.sample(l, min(len(l), int(sys.argv[1])))))" "$ptxas_only" > "$checked"
fi
one() {
  local dir=${1%/} name
  name=$(basename "$dir")
  # A model's pieces (Model/subgraph_3, as Paddle samples come) by model too.
  case "$name" in subgraph*) name="$(basename "$(dirname "$dir")")/$name" ;; esac
  local f="$tmp/${name//\//_}"
  if ! "$build/bin/gn-translate" --import-graphnet "$dir" -o "$f.mlir" 2>"$f.err"; then
    echo "fail $name: import: $(head -c 300 "$f.err")"; return
  fi
  if ! "$build/bin/gn-opt" "$f.mlir" --gn-cuda-pipeline -o "$f.ptx.mlir" 2>"$f.err"; then
    echo "fail $name: gn-cuda-pipeline: $(head -c 300 "$f.err")"; return
  fi
  if ! grep -q "gpu.binary" "$f.ptx.mlir"; then
    echo "pass $name (no kernels)"; rm -f "$f".*; return
  fi
  if [ -f "$checked" ] && ! grep -qxF "$dir" "$checked"; then
    echo "pass $name (lowered; ptxas not run)"; rm -f "$f".*; return
  fi
  local out
  if out=$(/usr/bin/python3 "$root/test/tools/check-ptx.py" --ptxas "$ptxas" "$f.ptx.mlir"); then
    echo "pass $name $(echo "$out" | tail -1)"
  else
    echo "fail $name: $(echo "$out" | grep FAIL | head -3)"
  fi
}
export -f one
export build root tmp ptxas checked
printf '%s\n' "${cases[@]}" | xargs -P 2 -I{} bash -c 'one "$@"' _ {} > "$tmp/log"
[ -n "${GN_PTX_LOG:-}" ] && cp "$tmp/log" "$GN_PTX_LOG" # every case's line, passes too
grep -v "^pass " "$tmp/log"
p=$(grep -c "^pass " "$tmp/log"); f=$(grep -c "^fail " "$tmp/log")
echo "$p passed, $f failed"
[ "$f" -eq 0 ]

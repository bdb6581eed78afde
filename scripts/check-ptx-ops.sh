#!/usr/bin/env bash
# Lowers every per-op case (test/goldens/ops) and every shipped sample with
# gn-cuda-pipeline and checks each kernel's PTX with ptxas (sm_90), on a
# machine without a GPU. Ends with "N passed, N failed" (one per case).
#   scripts/check-ptx-ops.sh [CASE_DIR...]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
ptxas=${CUDA_HOME:-/usr/local/cuda}/bin/ptxas
if [ ! -x "$ptxas" ]; then
  echo "check-ptx-ops: ptxas not found at $ptxas: PTX NOT CHECKED" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -gt 0 ]; then cases=("$@"); else cases=("$root"/test/goldens/ops/*/ "$root"/samples/*/); fi
one() {
  local dir=${1%/} name
  name=$(basename "$dir")
  if ! "$build/bin/gn-translate" --import-graphnet "$dir" -o "$tmp/$name.mlir" 2>"$tmp/$name.err"; then
    echo "fail $name: import: $(head -c 300 "$tmp/$name.err")"; return
  fi
  if ! "$build/bin/gn-opt" "$tmp/$name.mlir" --gn-cuda-pipeline -o "$tmp/$name.ptx.mlir" 2>"$tmp/$name.err"; then
    echo "fail $name: gn-cuda-pipeline: $(head -c 300 "$tmp/$name.err")"; return
  fi
  if ! grep -q "gpu.binary" "$tmp/$name.ptx.mlir"; then
    echo "pass $name (no kernels)"; return
  fi
  local out
  if out=$(/usr/bin/python3 "$root/scripts/check-ptx.py" --ptxas "$ptxas" "$tmp/$name.ptx.mlir"); then
    echo "pass $name $(echo "$out" | tail -1)"
  else
    echo "fail $name: $(echo "$out" | grep FAIL | head -3)"
  fi
}
export -f one
export build root tmp ptxas
printf '%s\n' "${cases[@]}" | xargs -P 2 -I{} bash -c 'one "$@"' _ {} > "$tmp/log"
grep -v "^pass " "$tmp/log"
p=$(grep -c "^pass " "$tmp/log"); f=$(grep -c "^fail " "$tmp/log")
echo "$p passed, $f failed"
[ "$f" -eq 0 ]

#!/usr/bin/env bash
# GraphNet's shape channel (issue 42) on a list of torch samples: gn-eval runs
# each sample at its first N shape variants (eager; one record per variant),
# then shape_conformance.py judges gn eager against PyTorch running the
# variants GraphNet's own dimension generalizer writes.
# Usage: conformance/shape-channel.sh OUT_DIR [N] [LIST]   (N default 3; LIST default
#   conformance/shape-list.txt, paths relative to $GN_GRAPHNET_SAMPLES, default
#   scripts/graphnet-dir.sh's samples/; GraphNet's sources from $GN_GRAPHNET_SRC)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: conformance/shape-channel.sh OUT_DIR [N] [LIST]}
n=${2:-3}
list=${3:-$root/conformance/shape-list.txt}
samples=${GN_GRAPHNET_SAMPLES:-$("$root/scripts/graphnet-dir.sh")/samples}
mkdir -p "$out"
mapfile -t dirs < <(sed "s|^|$samples/|" "$list")
echo "== gn-eval --shapes $n (${#dirs[@]} samples)"
"$root/build/bin/gn-eval" run --shapes "$n" --mode eager --trials 1 --warmup 0 --jobs 2 \
  --timeout 300 --dump "$out/dump" --out "$out/gn.jsonl" "${dirs[@]}"
echo "== PyTorch on GraphNet's variants"
rm -f "$out/conformance.jsonl"
"$root/scripts/torch-env.sh" python "$root/conformance/shape_conformance.py" --shapes "$n" \
  --dump "$out/dump" --json "$out/conformance.jsonl" "${dirs[@]}" | tail -1 || true

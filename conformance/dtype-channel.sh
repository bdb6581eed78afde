#!/usr/bin/env bash
# GraphNet's dtype channel (issue 42) on a list of torch samples: gn-eval runs
# each sample as its float16 and bfloat16 pass rewrites it (compiled against
# eager at GraphNet's per-dtype tolerance), then dtype_conformance.py judges
# gn eager and gn compiled against PyTorch running GraphNet's own pass.
# Usage: conformance/dtype-channel.sh OUT_DIR [LIST]   (LIST default conformance/dtype-list.txt,
#   paths relative to $GN_GRAPHNET_SAMPLES, default scripts/graphnet-dir.sh's samples/;
#   GraphNet's sources from $GN_GRAPHNET_SRC, default ~/.cache/gn/graphnet-src)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: conformance/dtype-channel.sh OUT_DIR [LIST]}
list=${2:-$root/conformance/dtype-list.txt}
samples=${GN_GRAPHNET_SAMPLES:-$("$root/scripts/graphnet-dir.sh")/samples}
mkdir -p "$out"
mapfile -t dirs < <(sed "s|^|$samples/|" "$list")
for dtype in float16 bfloat16; do
  echo "== gn-eval --dtype $dtype (${#dirs[@]} samples)"
  "$root/build/bin/gn-eval" run --dtype "$dtype" --jobs 2 --timeout 300 \
    --dump "$out/dump-$dtype" --out "$out/gn-$dtype.jsonl" "${dirs[@]}"
  for side in eager compiled; do
    echo "== PyTorch + GraphNet's pass, $dtype, gn $side"
    rm -f "$out/conformance-$dtype-$side.jsonl"
    "$root/scripts/torch-env.sh" python "$root/conformance/dtype_conformance.py" --dtype "$dtype" \
      --side "$side" --dump "$out/dump-$dtype" --json "$out/conformance-$dtype-$side.jsonl" \
      "${dirs[@]}" | tail -1 || true
  done
done

#!/usr/bin/env bash
# PaddlePaddle's shape patches: 63 folders `shape_patches_<model>/` inside dev
# samples hold the weight and input metas of a sibling model that shares the
# sample's graph at other shapes (ernie-1.0 beside ernie-2.0, PP-LCNet's
# attribute models, ConvNeXt at 384). The sweep reads sample folders only, so
# these were never run. Each is assembled as a sample of its own (the
# parent's model.py and graph_net.json with the patch's metas) under
# OUT/samples/ and run compiled on the CPU against eager, one record each in
# OUT/patches.jsonl; rerunning skips those recorded.
#
#   scripts/paddle-shape-patches.sh OUT [gn-eval run options...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/paddle-shape-patches.sh OUT [gn-eval run options...]}
shift
dir=$("$root/scripts/graphnet-dir.sh")
eval_bin=${GN_BUILD_DIR:-$root/build}/bin/gn-eval
mkdir -p "$out/samples"
touch "$out/patches.jsonl"
mapfile -t patches < <(cd "$dir/paddle_samples" && find . -type d -name 'shape_patches_*' | sort)
n=0
for p in "${patches[@]}"; do
  n=$((n + 1))
  parent=$(dirname "$p")
  name=$(echo "${p#./}" | sed 's|/|__|g')
  sample="$out/samples/$name"
  if grep -q "\"sample\":\"$sample\"" "$out/patches.jsonl"; then
    continue
  fi
  mkdir -p "$sample"
  cp "$dir/paddle_samples/$parent/model.py" "$dir/paddle_samples/$parent/graph_net.json" "$sample/"
  cp "$dir/paddle_samples/$p"/*.py "$sample/"
  echo "[$n/${#patches[@]}] $name" >&2
  "$eval_bin" run "$sample" --mode compiled --trials 1 --warmup 0 \
    --timeout "${GN_PATCH_TIMEOUT:-900}" --out "$out/patches.jsonl" "$@" > /dev/null 2>&1 || true
done
python3 - "$out/patches.jsonl" <<'PYEOF'
import json, sys
records = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ok = [r for r in records if r.get("status") == "ok"]
same = [r for r in ok if (r.get("correct_at") or {}).get("-5")]
print(f"{len(records)} shape patches run: {len(ok)} compiled, {len(same)} = eager at t = -5")
for r in records:
    if r not in same:
        print(f"  {r['sample'].split('/')[-1]}: {r.get('status')} {r.get('error', '')[:160]}")
PYEOF

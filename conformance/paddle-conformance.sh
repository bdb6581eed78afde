#!/usr/bin/env bash
# gn eager against PaddlePaddle on a seeded random N of the PaddlePaddle dev
# samples (issue 41's conformance rule), the twin of torch-conformance.sh:
# samples under MAX_ELEMENTS tensor elements each, run eagerly by gn-eval
# with their inputs dumped, then paddle_conformance.py --f64-rule judges each
# deterministic one: plain t = -5, or gn no farther from PaddlePaddle's
# float64 result than PaddlePaddle's float32. Samples whose outputs depend on
# random draws (training-mode dropout, uniform, ...) are reported as random
# and not judged: GraphNet's own check cannot judge them either.
# Usage: conformance/paddle-conformance.sh OUT_DIR [N] [SEED] [MAX_ELEMENTS] [MIN_ELEMENTS]
#   (N 300, SEED 41, MAX_ELEMENTS 50000000, MIN_ELEMENTS 0: samples with more than
#   MIN and at most MAX tensor elements; samples from scripts/graphnet-dir.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: conformance/paddle-conformance.sh OUT_DIR [N] [SEED] [MAX_ELEMENTS] [MIN_ELEMENTS]}
n=${2:-300} seed=${3:-41} max=${4:-50000000} min=${5:-0}
samples=${GN_GRAPHNET_PADDLE_SAMPLES:-$("$root/scripts/graphnet-dir.sh")/paddle_samples}
mkdir -p "$out"
GN_BENCH=$root/bench /usr/bin/python3 - "$samples" "$n" "$seed" "$max" "$min" > "$out/list.txt" <<'PY'
import os, random, sys
sys.path.insert(0, os.environ["GN_BENCH"])  # small_samples.py
from small_samples import elements
root, n, seed, limit, floor = sys.argv[1], *map(int, sys.argv[2:6])
dirs = sorted(d for d, _, fs in os.walk(root) if "model.py" in fs)
keep = [d for d in dirs if (not floor or elements(d) > floor) and elements(d) <= limit]
random.seed(seed)
for d in sorted(random.sample(keep, min(n, len(keep)))):
    print(d)
PY
mapfile -t dirs < "$out/list.txt"
echo "== gn-eval eager (${#dirs[@]} samples, seed $seed, at most $max elements each)"
"$root/build/bin/gn-eval" run --mode eager --trials 1 --warmup 0 --jobs 2 --timeout 300 \
  --dump "$out/dump" --out "$out/gn.jsonl" "${dirs[@]}" | tail -1
echo "== PaddlePaddle, float32 and (for the deterministic misses) float64"
rm -f "$out/conformance.jsonl"
"$root/scripts/paddle-env.sh" python "$root/conformance/paddle_conformance.py" --f64-rule \
  --dump "$out/dump" --json "$out/conformance.jsonl" "${dirs[@]}" | tail -3 || true

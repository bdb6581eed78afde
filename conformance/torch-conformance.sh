#!/usr/bin/env bash
# gn eager against PyTorch on a seeded random N of the torch dev samples
# (issue 41's conformance rule): the deterministic ones (a model.py that
# draws no random numbers), under MAX_ELEMENTS tensor elements each, run
# eagerly by gn-eval with their inputs dumped, then conformance.py
# --f64-rule judges each: plain t = -5, or gn no farther from PyTorch's
# float64 result than PyTorch's float32. Prints both counts.
# Usage: conformance/torch-conformance.sh OUT_DIR [N] [SEED] [MAX_ELEMENTS] [MIN_ELEMENTS]
#   (N 300, SEED 41, MAX_ELEMENTS 50000000, MIN_ELEMENTS 0: samples with more than
#   MIN and at most MAX tensor elements; samples from scripts/graphnet-dir.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: conformance/torch-conformance.sh OUT_DIR [N] [SEED] [MAX_ELEMENTS] [MIN_ELEMENTS]}
n=${2:-300} seed=${3:-41} max=${4:-50000000} min=${5:-0}
samples=${GN_GRAPHNET_SAMPLES:-$("$root/scripts/graphnet-dir.sh")/samples}
mkdir -p "$out"
# Random draws (dropout in training mode, rand*, bernoulli, normal_) make a
# sample's outputs differ between frameworks by design: left out, as GraphNet's
# own correctness check cannot judge them either.
GN_BENCH=$root/bench /usr/bin/python3 - "$samples" "$n" "$seed" "$max" "$min" > "$out/list.txt" <<'PY'
import os, random, re, sys
sys.path.insert(0, os.environ["GN_BENCH"])  # small_samples.py
from small_samples import elements
root, n, seed, limit, floor = sys.argv[1], *map(int, sys.argv[2:6])
dirs = sorted(os.path.dirname(os.path.join(d, f)) for d, _, fs in os.walk(root) for f in fs
              if f == "model.py")
random_ops = re.compile(r"torch\.(rand|randn|randint|bernoulli|normal|multinomial)\b|"
                        r"dropout\([^)]*training\s*=\s*True|\.normal_\(|\.uniform_\(")
keep = [d for d in dirs if (not floor or elements(d) > floor) and elements(d) <= limit and
        not random_ops.search(open(os.path.join(d, "model.py")).read())]
random.seed(seed)
for d in sorted(random.sample(keep, min(n, len(keep)))):
    print(d)
PY
mapfile -t dirs < "$out/list.txt"
echo "== gn-eval eager (${#dirs[@]} samples, seed $seed)"
"$root/build/bin/gn-eval" run --mode eager --trials 1 --warmup 0 --jobs 2 --timeout 300 \
  --dump "$out/dump" --out "$out/gn.jsonl" "${dirs[@]}" | tail -1
echo "== PyTorch, float32 and (for the misses) float64"
rm -f "$out/conformance.jsonl"
"$root/scripts/torch-env.sh" python "$root/conformance/conformance.py" --f64-rule \
  --dump "$out/dump" --json "$out/conformance.jsonl" "${dirs[@]}" | tail -2 || true

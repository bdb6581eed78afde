#!/usr/bin/env bash
# gn eager (interpreter) vs PyTorch 2.15 CPU eager on a fixed sample list
# (bench/eager-samples.txt), same inputs (gn's --dump), 2 threads,
# measured one after the other in one run on this machine. Prints the
# per-sample table and the geometric-mean time ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
dir=$("$root/scripts/graphnet-dir.sh")
"$root/scripts/build.sh" gn-eval
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t rel < <(grep -v '^#' "$root/bench/eager-samples.txt")
samples=("${rel[@]/#/$dir/samples/}")
"$build/bin/gn-eval" run "${samples[@]}" --mode eager --warmup 1 --trials 5 --dump "$tmp/dump" \
  --out "$tmp/gn.jsonl" >/dev/null
"$root/scripts/torch-env.sh" python "$root/conformance/conformance.py" --dump "$tmp/dump" --time \
  --json "$tmp/torch.jsonl" "${samples[@]}" >/dev/null || true
/usr/bin/python3 "$root/conformance/compare_eager.py" "$tmp/gn.jsonl" "$tmp/torch.jsonl"

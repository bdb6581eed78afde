#!/usr/bin/env bash
# Regenerates test/goldens/samples from PyTorch (pinned venv, see
# scripts/torch-env.sh) for the samples listed in test/goldens/samples.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
dir=$("$root/scripts/graphnet-dir.sh")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t rel < "$root/test/goldens/samples.txt"
samples=("${rel[@]/#/$dir/samples/}")
"$build/bin/gn-eval" run "${samples[@]}" --mode eager --trials 1 --warmup 0 --dump "$tmp/dump" \
  --out "$tmp/r.jsonl" >/dev/null
rm -rf "$root/test/goldens/samples"
"$root/scripts/torch-env.sh" python "$root/conformance/conformance.py" --dump "$tmp/dump" \
  --refs "$root/test/goldens/samples" "${samples[@]}"

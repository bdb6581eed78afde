#!/usr/bin/env bash
# Checks gn against PyTorch 2.15 on every per-op case in test/goldens/ops
# (made by scripts/make_op_goldens.py) at t = -5; known failures with
# reasons are in test/goldens/ops-xfail.txt.
#   scripts/check-op-goldens.sh            importer + eager interpreter
#   scripts/check-op-goldens.sh compiled   importer + gn-cpu-pipeline + JIT runtime
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
side=${1:-eager}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$side" = compiled ]; then
  args=(--mode compiled --compiler gn)
else
  args=(--mode eager)
fi
"$build/bin/gn-eval" run "$root"/test/goldens/ops/*/ "${args[@]}" --trials 1 --warmup 0 \
  --jobs 2 --dump "$tmp/dump" --out "$tmp/r.jsonl" | grep -vE "^\[.*\] ok " || true
/usr/bin/python3 "$root/scripts/check_goldens.py" --goldens "$root/test/goldens/ops" \
  --dump "$tmp/dump" --t -5 --quiet --xfail "$root/test/goldens/ops-xfail.txt" --side "$side"

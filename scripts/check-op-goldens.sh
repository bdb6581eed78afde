#!/usr/bin/env bash
# Checks gn's importer + eager interpreter against PyTorch 2.15 on every
# per-op case in test/goldens/ops (made by scripts/make_op_goldens.py) at
# t = -5; known failures with reasons are in test/goldens/ops-xfail.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bin/gn-eval" run "$root"/test/goldens/ops/*/ --mode eager --trials 1 --warmup 0 \
  --jobs 2 --dump "$tmp/dump" --out "$tmp/r.jsonl" | grep -vE "^\[.*\] ok " || true
/usr/bin/python3 "$root/scripts/check_goldens.py" --goldens "$root/test/goldens/ops" \
  --dump "$tmp/dump" --t -5 --quiet --xfail "$root/test/goldens/ops-xfail.txt"

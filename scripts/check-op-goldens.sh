#!/usr/bin/env bash
# Checks gn against the reference framework on every per-op case at t = -5:
# PyTorch 2.15 on test/goldens/ops (made by scripts/make_op_goldens.py,
# known failures with reasons in test/goldens/ops-xfail.txt), or with
# `paddle` PaddlePaddle 3.3.1 on test/goldens/paddle-ops (made by
# scripts/make_paddle_op_goldens.py, test/goldens/paddle-ops-xfail.txt).
#   scripts/check-op-goldens.sh [eager]           importer + eager interpreter
#   scripts/check-op-goldens.sh compiled          importer + gn-cpu-pipeline + JIT runtime
#   scripts/check-op-goldens.sh eager|compiled paddle
# GN_PIPELINE_OPTIONS: gn-cpu-pipeline options for the compiled side, e.g.
# "parallel-copy-loops=true attention-kernels=true" (the CUDA kernels' forms).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
side=${1:-eager}
framework=${2:-torch}
case "$framework" in
  torch) goldens=$root/test/goldens/ops xfail=$root/test/goldens/ops-xfail.txt ;;
  paddle) goldens=$root/test/goldens/paddle-ops xfail=$root/test/goldens/paddle-ops-xfail.txt ;;
  *) echo "error: framework must be torch or paddle, got '$framework'" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$side" = compiled ]; then
  args=(--mode compiled --compiler gn)
  [ -n "${GN_PIPELINE_OPTIONS:-}" ] && args+=(--pipeline-options "$GN_PIPELINE_OPTIONS")
else
  args=(--mode eager)
fi
"$build/bin/gn-eval" run "$goldens"/*/ "${args[@]}" --trials 1 --warmup 0 \
  --jobs 2 --dump "$tmp/dump" --out "$tmp/r.jsonl" | grep -vE "^\[.*\] ok " || true
/usr/bin/python3 "$root/scripts/check_goldens.py" --goldens "$goldens" \
  --dump "$tmp/dump" --t -5 --quiet --xfail "$xfail" --side "$side"

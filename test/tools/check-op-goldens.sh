#!/usr/bin/env bash
# Checks gn against the reference framework on every per-op case at t = -5:
# PyTorch 2.15 on test/goldens/ops (made by test/tools/make_op_goldens.py,
# known failures with reasons in test/goldens/ops-xfail.txt), or with
# `paddle` PaddlePaddle 3.3.1 on test/goldens/paddle-ops (made by
# test/tools/make_paddle_op_goldens.py, test/goldens/paddle-ops-xfail.txt).
#   test/tools/check-op-goldens.sh [eager]           importer + eager interpreter
#   test/tools/check-op-goldens.sh compiled          importer + gn-cpu-pipeline + JIT runtime
#   test/tools/check-op-goldens.sh eager|compiled paddle
# GN_PIPELINE_OPTIONS: gn-cpu-pipeline options for the compiled side, e.g.
# "parallel-copy-loops=true attention-kernels=true" (the CUDA kernels' forms);
# then <xfail>-cuda-forms.txt, if there, lists the forms' own known failures.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
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
  if [ -n "${GN_PIPELINE_OPTIONS:-}" ]; then
    args+=(--pipeline-options "$GN_PIPELINE_OPTIONS")
    # Cases where the CUDA kernels' forms differ from the framework's CPU
    # kernel by design (e.g. top-k ties): <xfail>-cuda-forms.txt, added.
    forms_xfail=${xfail%.txt}-cuda-forms.txt
    if [ -f "$forms_xfail" ]; then
      cat "$xfail" "$forms_xfail" > "$tmp/xfail.txt"
      xfail=$tmp/xfail.txt
    fi
  fi
else
  args=(--mode eager)
fi
"$build/bin/gn-eval" run "$goldens"/*/ "${args[@]}" --trials 1 --warmup 0 \
  --jobs 2 --dump "$tmp/dump" --out "$tmp/r.jsonl" | grep -vE "^\[.*\] ok " || true
/usr/bin/python3 "$root/test/tools/check_goldens.py" --goldens "$goldens" \
  --dump "$tmp/dump" --t -5 --quiet --xfail "$xfail" --side "$side" --records "$tmp/r.jsonl"

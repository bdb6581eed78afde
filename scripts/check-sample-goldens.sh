#!/usr/bin/env bash
# Checks gn against committed PyTorch 2.15 outputs of real GraphNet samples
# (test/goldens/samples/<sample>/<i>.npy, made with
# scripts/make-sample-goldens.sh on gn's seed-0 inputs) at t = -5.
#   scripts/check-sample-goldens.sh            eager interpreter
#   scripts/check-sample-goldens.sh compiled   gn-cpu-pipeline + JIT runtime
# GN_PIPELINE_OPTIONS: gn-cpu-pipeline options for the compiled side (as for
# check-op-goldens.sh).
# Needs ../shared/graphnet (unpacked once into ~/.cache/gn/graphnet); says so
# and exits 0 with "0 passed, 0 failed" when it is absent.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
shared=${GN_SHARED_DIR:-$root/../shared}
if [ ! -x "$shared/graphnet/unpack.sh" ]; then
  echo "check-sample-goldens: no $shared/graphnet; skipped"
  echo "0 passed, 0 failed"
  exit 0
fi
dir=$("$shared/graphnet/unpack.sh" "${GN_GRAPHNET_DIR:-$HOME/.cache/gn/graphnet}") || exit 1
side=${1:-eager}
if [ "$side" = compiled ]; then
  args=(--mode compiled --compiler gn)
  [ -n "${GN_PIPELINE_OPTIONS:-}" ] && args+=(--pipeline-options "$GN_PIPELINE_OPTIONS")
else
  args=(--mode eager)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
samples=()
while read -r s; do
  [ -n "$s" ] && samples+=("$dir/samples/$s")
done < "$root/test/goldens/samples.txt"
"$build/bin/gn-eval" run "${samples[@]}" "${args[@]}" --trials 1 --warmup 0 --jobs 2 \
  --dump "$tmp/dump" --out "$tmp/r.jsonl" | grep -v "^\[.*\] ok " || true
/usr/bin/python3 "$root/scripts/check_goldens.py" --goldens "$root/test/goldens/samples" \
  --dump "$tmp/dump" --layout flat --t -5 --side "$side"

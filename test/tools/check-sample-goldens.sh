#!/usr/bin/env bash
# Checks gn against committed PyTorch 2.15 outputs of real GraphNet samples
# (test/goldens/samples/<sample>/<i>.npy, made with
# test/tools/make-sample-goldens.sh on gn's seed-0 inputs) at t = -5.
#   test/tools/check-sample-goldens.sh            eager interpreter
#   test/tools/check-sample-goldens.sh compiled   gn-cpu-pipeline + JIT runtime
# GN_PIPELINE_OPTIONS: gn-cpu-pipeline options for the compiled side (as for
# check-op-goldens.sh).
# Needs GraphNet's samples (scripts/graphnet-dir.sh: GN_GRAPHNET_ROOT, or the
# archives in ../shared/graphnet); says so and exits 0 with "0 passed, 0
# failed" when there are none.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
if ! dir=$("$root/scripts/graphnet-dir.sh" 2>/tmp/gn-graphnet-dir.$$); then
  echo "check-sample-goldens: $(cat /tmp/gn-graphnet-dir.$$); skipped"
  rm -f /tmp/gn-graphnet-dir.$$
  echo "0 passed, 0 failed"
  exit 0
fi
rm -f /tmp/gn-graphnet-dir.$$
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
/usr/bin/python3 "$root/test/tools/check_goldens.py" --goldens "$root/test/goldens/samples" \
  --dump "$tmp/dump" --layout flat --t -5 --side "$side" --records "$tmp/r.jsonl"

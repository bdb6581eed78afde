#!/usr/bin/env bash
# Runs samples as N shards, each a separate local `gn-eval run --shard i/N`
# process writing OUT/shard-i.jsonl, all at once, then merges them into
# OUT/results.jsonl (each sample once; duplicates and missing samples
# reported). The same commands are what a Slurm job array or a Kubernetes
# Indexed Job runs, one shard per task (docs/scale-out.md).
#   scripts/run-shards.sh N OUT [gn-eval run options...] -- SAMPLE...
# A shard that stops midway is resumed by running its command again with
# --resume (added here: re-running this script resumes every shard).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gn_eval=${GN_EVAL:-${GN_BUILD_DIR:-$root/build}/bin/gn-eval}
if [ $# -lt 4 ]; then
  echo "usage: $0 N OUT [gn-eval run options...] -- SAMPLE..." >&2
  exit 2
fi
n=$1 out=$2
shift 2
opts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do opts+=("$1"); shift; done
[ "${1:-}" = "--" ] || { echo "error: expected -- before the samples" >&2; exit 2; }
shift
mkdir -p "$out"
printf '%s\n' "$@" > "$out/samples.txt"
pids=()
for ((i = 0; i < n; i++)); do
  "$gn_eval" run "$@" "${opts[@]}" --shard "$i/$n" --resume --out "$out/shard-$i.jsonl" \
    > "$out/shard-$i.log" 2>&1 &
  pids+=($!)
done
status=0
for ((i = 0; i < n; i++)); do
  if ! wait "${pids[$i]}"; then
    echo "shard $i/$n failed (see $out/shard-$i.log); run this script again to resume it" >&2
    status=1
  fi
done
shards=()
for ((i = 0; i < n; i++)); do shards+=("$out/shard-$i.jsonl"); done
"$gn_eval" merge "${shards[@]}" --samples "$out/samples.txt" -o "$out/results.jsonl" || status=1
exit $status

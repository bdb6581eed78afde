#!/usr/bin/env bash
# Which ops keep GraphNet's torch samples from compiling once for the CPU
# or CUDA (issue 42, phases 3 and 4; docs/symbolic-shapes.md): each sample
# with a constraints file is imported symbolically (gn-translate --symbolic,
# at the first shape variant whose symbols are all at least 2) and put
# through the target's pipeline up to the kernels (CUDA: up to the GPU
# kernels' NVVM form, no PTX), without running anything; one line per
# sample in OUT/survey.tsv (sample, outcome, first error), written as it
# goes (rerunning resumes), then a count of the first refusal per op. The
# oracle (scripts/one-program-sweep.sh) proves the programs correct; this
# only says how far the compiler reaches, fast.
#
#   scripts/symbolic-survey.sh OUT [--limit N] [--seed S] [--target cpu|cuda]
#
# Per-sample timeout GN_SURVEY_TIMEOUT (default 120 s).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//' >&2; exit 2; }
out=$1
shift
limit=0 seed=42 target=cpu
while [ $# -gt 0 ]; do
  case "$1" in
    --limit) limit=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --target) target=$2; shift 2 ;;
    *) echo "symbolic-survey: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
case "$target" in
  cpu) pipeline='--gn-cpu-pipeline=lower-to-llvm=false' ;;
  cuda) pipeline='--gn-cuda-pipeline=lower-to-binary=false' ;;
  *) echo "symbolic-survey: --target is cpu or cuda, not '$target'" >&2; exit 2 ;;
esac
timeout=${GN_SURVEY_TIMEOUT:-120}
mkdir -p "$out"
list="$out/samples.txt" table="$out/survey.tsv"
if [ ! -f "$list" ]; then
  "$root/scripts/constrained-samples.sh" "$limit" "$seed" > "$list.tmp"
  mv "$list.tmp" "$list"
fi
touch "$table"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t samples < "$list"
n=0
for s in "${samples[@]}"; do
  n=$((n + 1))
  grep -qF "$s	" "$table" && continue
  echo "[$n/${#samples[@]}] $s"
  outcome=no_import error=""
  for v in -1 0 1 2 3 4 5 6 7 8; do
    if timeout "$timeout" "$build/bin/gn-translate" --import-graphnet --symbolic --shape-variant "$v" \
         "$s" -o "$tmp/m.mlir" 2> "$tmp/err"; then
      outcome=imported
      break
    fi
    error=$(grep -m1 'error' "$tmp/err" || true)
    grep -q 'at least 2 at the compile example\|shape variant' "$tmp/err" || break
  done
  if [ "$outcome" = imported ]; then
    if ! grep -q '#gn.dims' "$tmp/m.mlir"; then
      outcome=not_symbolic error=""
    elif timeout "$timeout" "$build/bin/gn-opt" "$tmp/m.mlir" "$pipeline" -o /dev/null \
         2> "$tmp/err"; then
      outcome=compiles error=""
    else
      outcome=refused error=$(grep -m1 'error' "$tmp/err" || echo "exit $?")
    fi
  fi
  printf '%s\t%s\t%s\n' "$s" "$outcome" "$(echo "$error" | tr '\t' ' ' | cut -c1-400)" >> "$table"
done
/usr/bin/python3 - "$table" "$target" <<'PY'
import collections, re, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
outcomes = collections.Counter(r[1] for r in rows)
print(f"\n## symbolic {sys.argv[2]} survey: {len(rows)} samples")
for k, v in outcomes.most_common():
    print(f"- {k}: {v}")
ops = collections.Counter()
for r in rows:
    if r[1] != "refused":
        continue
    m = re.search(r"take '([^']+)'", r[2]) or re.search(r"error: (.{0,80})", r[2])
    ops[m.group(1) if m else r[2][:80]] += 1
print("\n## first refusal")
for k, v in ops.most_common():
    print(f"- {k}: {v}")
PY

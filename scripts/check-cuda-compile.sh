#!/usr/bin/env bash
# GPU compile coverage without a GPU: imports each GraphNet sample folder and
# lowers it with gn-cuda-pipeline to PTX, in N processes, and counts the
# outcomes: ok, import_error (gn-translate refused the sample), compile_error
# (gn-cuda-pipeline failed: the op it names cannot run on CUDA yet).
# With --ptxas K, also runs ptxas (scripts/check-ptx.py) on the PTX of those
# of K samples drawn with a fixed seed that compile (all of them take long).
# Usage: scripts/check-cuda-compile.sh [--jobs N] [--ptxas K] [--out FILE] FOLDER...
#   (folders of samples, searched for graph_net.json; e.g.
#   ~/.cache/gn/graphnet/paddle_samples after ../shared/graphnet/unpack.sh)
# Prints one line per sample to FILE (default: a temporary file, named at the
# end) and a summary; the first error line of each failure is kept.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
jobs=2 ptxas=0 out=""
folders=()
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs=$2; shift 2 ;;
    --ptxas) ptxas=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) folders+=("$1"); shift ;;
  esac
done
[ ${#folders[@]} -gt 0 ] || { sed -n '2,12p' "$0"; exit 2; }
out=${out:-$(mktemp "${TMPDIR:-/tmp}/gn-cuda-compile.XXXXXX")}
list=$(mktemp)
for f in "${folders[@]}"; do
  find "$f" -name graph_net.json -printf '%h\n'
done | sort > "$list"
echo "check-cuda-compile: $(wc -l < "$list") samples, $jobs at a time" >&2
one() { # one sample folder -> one line
  local s=$1 t
  t=$(mktemp -d)
  if ! timeout 300 "$GN_BUILD/bin/gn-translate" --import-graphnet "$s" > "$t/in.mlir" 2> "$t/err"; then
    echo "import_error $s $(grep -m1 'error:' "$t/err" | cut -c1-300)"
  elif ! timeout 600 "$GN_BUILD/bin/gn-opt" "$t/in.mlir" --gn-cuda-pipeline > "$t/out.mlir" 2> "$t/err"; then
    echo "compile_error $s $(grep -m1 'error:' "$t/err" | cut -c1-300)"
  elif [ -n "${GN_PTXAS_SAMPLES:-}" ] && grep -qxF "$s" "$GN_PTXAS_SAMPLES"; then
    if ! grep -q gpu.binary "$t/out.mlir"; then
      echo "ok $s (no kernels)"
    else
      echo "ok $s ptxas: $(/usr/bin/python3 "$GN_ROOT/scripts/check-ptx.py" "$t/out.mlir" 2>&1 | tail -1)"
    fi
  else
    echo "ok $s"
  fi
  rm -rf "$t"
}
export -f one
export GN_BUILD=$build GN_ROOT=$root
if [ "$ptxas" -gt 0 ]; then
  GN_PTXAS_SAMPLES=$(mktemp)
  /usr/bin/python3 -c "import random,sys; l=open(sys.argv[1]).read().split(); random.seed(19); print('\n'.join(random.sample(l, min(len(l), int(sys.argv[2])))))" \
    "$list" "$ptxas" > "$GN_PTXAS_SAMPLES"
  export GN_PTXAS_SAMPLES
fi
xargs -P "$jobs" -I{} bash -c 'one "$1"' _ {} < "$list" > "$out"
echo "== outcomes" >&2
awk '{print $1}' "$out" | sort | uniq -c >&2
if [ "$ptxas" -gt 0 ]; then
  awk '/ ptxas: /{for (i = 1; i <= NF; ++i) if ($i == "ok,") ok += $(i - 1); else if ($i == "failed") bad += $(i - 1); n++}
       / \(no kernels\)/{none++}
       END {printf "ptxas on %d samples: %d modules ok, %d failed; %d samples without kernels\n", n, ok, bad, none}' "$out" >&2
fi
# Failures by outcome and message (the op named, without the file and line).
grep -v '^ok ' "$out" | sed -E 's/^([a-z_]+) .*error: /\1: /' | sort | uniq -c | sort -rn | head -20 >&2
echo "lines in $out" >&2
rm -f "$list"
bad=$(grep -c '^compile_error' "$out")
[ "$bad" -eq 0 ]

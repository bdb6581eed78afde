#!/usr/bin/env bash
# Behaviour unchanged? Imports each case with two builds' gn-translate and
# lowers the first build's IR with each build's gn-opt through the named
# pipelines, then compares the text. For refactors: run it with the
# binaries of the commit before (copied aside before rebuilding) and after.
#   dev/compare-builds.sh OLD_BIN NEW_BIN [--pipelines cpu,cuda-forms,cuda] CASE_DIR...
# CASE_DIR: GraphNet sample folders (test/goldens/ops/*, samples/*, dataset
# samples). Prints "differ NAME: STAGE" per difference and ends with
# "N identical, N differ" (both builds refusing a case alike counts as
# identical; the refusal text is compared too). Exit 1 when any differ.
set -uo pipefail
old=$1 new=$2
shift 2
pipelines=cpu,cuda-forms,cuda
if [ "${1:-}" = --pipelines ]; then pipelines=$2; shift 2; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
forms="parallel-copy-loops=true attention-kernels=true band-gemms=true merge-launches=true depthwise-kernels=true rank-kernels=true"
# One build's output of one stage: the text, or its refusal (exit status and stderr).
run() {
  local out=$1
  shift
  if "$@" -o "$out" 2>"$out.err"; then rm -f "$out.err"; else echo "refused" >> "$out.err"; rm -f "$out"; fi
}
same() { cmp -s "$1" "$2" 2>/dev/null || { [ ! -e "$1" ] && [ ! -e "$2" ] && cmp -s "$1.err" "$2.err"; }; }
one() {
  local dir=${1%/} name f p flag status=identical
  name=$(basename "$(dirname "$dir")")_$(basename "$dir")
  f="$tmp/$name"
  run "$f.old.mlir" "$old/gn-translate" --import-graphnet "$dir"
  run "$f.new.mlir" "$new/gn-translate" --import-graphnet "$dir"
  if ! same "$f.old.mlir" "$f.new.mlir"; then echo "differ $name: import"; status=differ; fi
  if [ -e "$f.old.mlir" ]; then
    for p in ${pipelines//,/ }; do
      case $p in
        cpu) flag=--gn-cpu-pipeline ;;
        cuda-forms) flag="--gn-cpu-pipeline=$forms lower-to-llvm=false" ;; # loop forms kept visible
        cuda) flag="--gn-cuda-pipeline=lower-to-binary=false" ;;
        *) echo "compare-builds: unknown pipeline '$p' (cpu, cuda-forms, cuda)" >&2; exit 2 ;;
      esac
      run "$f.$p.old" "$old/gn-opt" "$f.old.mlir" "$flag"
      run "$f.$p.new" "$new/gn-opt" "$f.old.mlir" "$flag"
      if ! same "$f.$p.old" "$f.$p.new"; then echo "differ $name: $p"; status=differ; fi
      rm -f "$f.$p.old" "$f.$p.new"
    done
  fi
  rm -f "$f".*
  echo "$status $name"
}
export -f run same one
export old new pipelines forms tmp
printf '%s\n' "$@" | xargs -P "${GN_JOBS:-2}" -I{} bash -c 'one "$1"' _ {} > "$tmp/log"
grep "^differ .*:" "$tmp/log"
identical=$(grep -c "^identical " "$tmp/log")
differ=$(grep -c "^differ [^:]*$" "$tmp/log")
echo "$identical identical, $differ differ"
[ "$differ" -eq 0 ]

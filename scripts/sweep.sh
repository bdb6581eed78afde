#!/usr/bin/env bash
# The dataset sweep: every dev sample of GraphNet (torch and PaddlePaddle, or
# a seeded share of them) through each stage gn has, one record per sample
# and stage, written as it goes, then a table by framework, source and task
# tag (scripts/sweep_table.py). Rerunning the same command resumes where it
# stopped; --shard i/N runs one shard (the same list on every machine; merge
# the shards' OUT folders with `gn-eval merge`, or give the table all of them).
#
#   scripts/sweep.sh OUT [--limit N] [--seed S] [--shard i/N] [--jobs J]
#                    [--stages cpu,cuda,cuda-forms] [--frameworks torch,paddle]
#                    [--retry-timeouts]
#
# Stages (each sample's record in OUT/<stage>.jsonl):
#   cpu         gn-eval run --mode compiled (one timed trial: the sweep is about
#               coverage, the benchmarks time): import, eager (the interpreter),
#               compiled for the CPU, compared at every t; the record counts
#               the ops handed to the interpreter (compile.fallback_ops)
#   cuda        gn-eval compile --device cuda --references=false: gn-cuda-pipeline
#               to PTX, ptxas to sm_90 cubins (programs deleted after; records
#               kept); no interpreter run (the cpu stage has eager), which
#               took large models past the timeout before
#   cuda-forms  the CUDA kernels' forms (scf.parallel copies, attention, band
#               GEMMs, merged launches, ...) compiled and run on the CPU,
#               against eager, for samples whose CPU eager run took at most
#               GN_SWEEP_FORMS_MS (default 2000 ms): they fit in time
# GraphNet's channels (issue 42; torch samples that list them, not in the
# default stages):
#   float16, bfloat16   gn-eval run --dtype D --mode compiled on the samples
#               whose graph_net.json lists the pass: import, eager, compiled
#               in that dtype, compared at GraphNet's table for each output dtype
#   cuda-float16, cuda-bfloat16   gn-eval compile --device cuda --dtype D
#               (gn-cuda-pipeline, ptxas) on the same samples
#   shapes      gn-eval run --shapes all --mode compiled on the samples with a
#               symbolic_dimension_reifier: every variant GraphNet's reifier
#               gives, run through one program compiled once per sample
#               (GN_SWEEP_SHAPES=N: the first N variants of each, for a
#               quicker pass; a large model's 9 variants take minutes each)
# --limit N: a seeded random N of each framework's samples (default: all).
# Per-sample timeout GN_SWEEP_TIMEOUT (default 600 s, wall time: a paused
# or starved sweep times samples out); memory as gn-eval's --memory-limit auto.
# --retry-timeouts: rerun, in each stage given, the samples whose last record
# is a timeout (all shards' records), into OUT/<stage>.retry-<time>.jsonl,
# whose records replace the earlier ones in the table; raise
# GN_SWEEP_TIMEOUT for models that need more.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
usage() { sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
out=$1
shift
limit=0 seed=41 shard="" jobs=1 retry=0 stages=cpu,cuda,cuda-forms frameworks=torch,paddle
while [ $# -gt 0 ]; do
  case "$1" in
    --limit) limit=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --shard) shard=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --stages) stages=$2; shift 2 ;;
    --frameworks) frameworks=$2; shift 2 ;;
    --retry-timeouts) retry=1; shift ;;
    *) echo "sweep: unknown argument '$1'" >&2; usage ;;
  esac
done
timeout=${GN_SWEEP_TIMEOUT:-600}
forms_ms=${GN_SWEEP_FORMS_MS:-2000}
forms="parallel-copy-loops=true attention-kernels=true band-gemms=true merge-launches=true depthwise-kernels=true rank-kernels=true"
[ -x "$build/bin/gn-eval" ] || "$root/scripts/build.sh" gn-eval
dir=$("$root/scripts/graphnet-dir.sh")
mkdir -p "$out"

# The sample list: every folder with a model.py (a Paddle model's subgraphs
# each), sorted; a seeded share per framework with --limit.
list="$out/samples.txt"
if [ ! -f "$list" ]; then
  for fw in ${frameworks//,/ }; do
    case "$fw" in
      torch) top="$dir/samples" ;;
      paddle) top="$dir/paddle_samples" ;;
      *) echo "sweep: unknown framework '$fw' (torch, paddle)" >&2; exit 2 ;;
    esac
    find "$top" -name model.py -printf '%h\n' | sort |
      /usr/bin/python3 -c "import random, sys
l = sys.stdin.read().split(); n = int(sys.argv[1]); random.seed(int(sys.argv[2]))
print('\n'.join(sorted(random.sample(l, n)) if 0 < n < len(l) else l))" "$limit" "$seed"
  done > "$list.tmp"
  mv "$list.tmp" "$list"
fi
mapfile -t samples < "$list"
echo "sweep: ${#samples[@]} samples ($list), stages $stages"
shard_args=()
[ -n "$shard" ] && shard_args=(--shard "$shard")
sfx=""
[ -n "$shard" ] && sfx=".shard-${shard//\//-of-}"

# The samples whose graph_net.json names FIELD_OR_VALUE (a channel's pass or
# reifier): only torch samples carry them.
channel_samples() {
  for s in "${samples[@]}"; do
    grep -q "\"$1\"" "$s/graph_net.json" 2>/dev/null && echo "$s"
  done
  return 0
}

# The samples whose last record in a stage's files (shards included, earlier
# retries too) failed with a timeout: a run paused (SIGSTOP) or starved by
# other work counts wall time against a sample that takes seconds alone.
timed_out() {
  /usr/bin/python3 -c "import glob, json, os, sys
last = {}
files = sorted(glob.glob(os.path.join(sys.argv[1], sys.argv[2] + '.*jsonl')),
               key=lambda p: ('.retry' in p, p))
for path in files:
    for line in open(path):
        if line.strip():
            r = json.loads(line)
            last[r['sample']] = r.get('error_class')
for s, c in last.items():
    if c == 'timeout':
        print(s)" "$out" "$1"
}

# One stage's command on the samples after DEST: records appended to DEST.
run_stage() {
  local stage=$1 dest=$2
  shift 2
  [ $# -gt 0 ] || return 0
  local filter=(--timeout "$timeout" --jobs "$jobs" --resume)
  [ "$retry" = 1 ] || filter+=("${shard_args[@]}")
  case "$stage" in
    cpu|cuda-forms|float16|bfloat16|shapes)
      local extra=()
      case "$stage" in
        cuda-forms) extra=(--pipeline-options "$forms") ;;
        float16|bfloat16) extra=(--dtype "$stage") ;;
        shapes) extra=(--shapes "${GN_SWEEP_SHAPES:-all}") ;;
      esac
      "$build/bin/gn-eval" run "$@" "${extra[@]}" --mode compiled --trials 1 --warmup 0 \
        "${filter[@]}" --out "$dest" | grep -v "^\[.*\] ok " || true ;;
    cuda|cuda-float16|cuda-bfloat16)
      local extra=()
      [ "$stage" = cuda ] || extra=(--dtype "${stage#cuda-}")
      "$build/bin/gn-eval" compile "$@" --device cuda "${extra[@]}" -o "$dest.programs" \
        --references=false "${filter[@]}" --log "$dest" | grep -v "^\[.*\] ok " || true
      rm -rf "$dest.programs" ;;
  esac
}

for stage in ${stages//,/ }; do
  dest="$out/$stage$sfx.jsonl"
  case "$stage" in
    cpu)
      echo "== cpu: import, eager, compiled for the CPU =="
      targets=("${samples[@]}") ;;
    cuda)
      echo "== cuda: gn-cuda-pipeline and ptxas =="
      targets=("${samples[@]}") ;;
    cuda-forms)
      echo "== cuda-forms: the CUDA kernels' forms on the CPU (eager <= $forms_ms ms) =="
      [ -f "$out/cpu$sfx.jsonl" ] || { echo "sweep: cuda-forms needs the cpu stage first" >&2; exit 2; }
      mapfile -t targets < <(/usr/bin/python3 -c "import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if (r.get('eager') or {}).get('median_ms', 1e18) <= float(sys.argv[2]):
        print(r['sample'])" "$out/cpu$sfx.jsonl" "$forms_ms") ;;
    float16|bfloat16|cuda-float16|cuda-bfloat16)
      dtype=${stage#cuda-}
      mapfile -t targets < <(channel_samples "dtype_generalization_pass_$dtype")
      echo "== $stage: ${#targets[@]} samples list GraphNet's $dtype pass ==" ;;
    shapes)
      mapfile -t targets < <(channel_samples symbolic_dimension_reifier)
      echo "== shapes: ${#targets[@]} samples have a symbolic_dimension_reifier ==" ;;
    *) echo "sweep: unknown stage '$stage' (cpu, cuda, cuda-forms, float16, bfloat16," \
         "cuda-float16, cuda-bfloat16, shapes)" >&2; exit 2 ;;
  esac
  if [ "$retry" = 1 ]; then
    mapfile -t targets < <(timed_out "$stage")
    dest="$out/$stage.retry-$(date +%Y%m%d-%H%M%S).jsonl"
    echo "   retrying ${#targets[@]} timed-out samples (timeout $timeout s) into $dest"
  fi
  run_stage "$stage" "$dest" "${targets[@]}"
done
/usr/bin/python3 "$root/scripts/sweep_table.py" "$out" > "$out/table.md"
cat "$out/table.md"

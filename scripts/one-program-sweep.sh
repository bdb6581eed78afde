#!/usr/bin/env bash
# The symbolic import's oracle over GraphNet's torch dev samples (issue 42,
# docs/symbolic-shapes.md): `gn-eval one-program` on each sample, one
# process per sample (a timeout or a crash is recorded and the run goes on),
# records appended to OUT/one-program.jsonl as it goes; rerunning the same
# command resumes. Then a count by outcome, and the first refusal of each
# sample that is not one program.
#
#   scripts/one-program-sweep.sh OUT [--limit N] [--seed S] [--max-variants N] [--compiled]
#                                [--trials N] [--list FILE]
#
# --limit N: a seeded random N of the torch samples (default: all).
# --max-variants N: the N smallest variants of each sample (default 2: the
# interpreter runs every variant twice, and large ones take minutes).
# --compiled: also compile each one program once for the CPU (phase 3) and
# run the variants through it beside their own compiled programs; the
# summary counts the samples that compile and the first op each refusal
# names, and the geomean run and compile ratios.
# --trials N: timed runs per side of --compiled (gn-eval's default: 5).
# --list FILE: these samples (one folder per line) instead of a random share.
# Per-sample timeout GN_ONE_PROGRAM_TIMEOUT (default 300 s).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//' >&2; exit 2; }
out=$1
shift
limit=0 seed=42 maxVariants=2 compiled=() trials=() given=
while [ $# -gt 0 ]; do
  case "$1" in
    --compiled) compiled=(--compiled); shift ;;
    --limit) limit=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --max-variants) maxVariants=$2; shift 2 ;;
    --trials) trials=(--trials "$2"); shift 2 ;;
    --list) given=$2; shift 2 ;;
    *) echo "one-program-sweep: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
timeout=${GN_ONE_PROGRAM_TIMEOUT:-300}
[ -x "$build/bin/gn-eval" ] || "$root/scripts/build.sh" gn-eval
mkdir -p "$out"
list="$out/samples.txt" records="$out/one-program.jsonl"
if [ -n "$given" ] && [ ! -f "$list" ]; then
  cp "$given" "$list"
fi
if [ ! -f "$list" ]; then
  "$root/scripts/constrained-samples.sh" "$limit" "$seed" > "$list.tmp"
  mv "$list.tmp" "$list"
fi
touch "$records"
mapfile -t samples < "$list"
done_count=0
for s in "${samples[@]}"; do
  done_count=$((done_count + 1))
  grep -qF "\"sample\":\"$s\"" "$records" && continue
  echo "[$done_count/${#samples[@]}] $s"
  rc=0
  timeout "$timeout" "$build/bin/gn-eval" one-program "$s" --max-variants "$maxVariants" \
    ${compiled[@]+"${compiled[@]}"} ${trials[@]+"${trials[@]}"} --out "$records" > /dev/null 2>&1 || rc=$?
  if [ $rc -eq 124 ]; then
    echo "{\"sample\":\"$s\",\"status\":\"timeout\",\"error\":\"timed out after $timeout s\"}" >> "$records"
  elif [ $rc -gt 2 ]; then
    echo "{\"sample\":\"$s\",\"status\":\"crash\",\"error\":\"exit status $rc\"}" >> "$records"
  fi
done
/usr/bin/python3 - "$records" <<'PY'
import collections, json, sys
counts = collections.Counter()
lines = []
for line in open(sys.argv[1]):
    r = json.loads(line)
    counts[r["status"]] += 1
    if r["status"] in ("one_program", "one_program_guarded", "no_variants", "no_variant_ran"):
        continue
    why = r.get("error", "")
    for v in r.get("variants", []):
        if v["outcome"] in ("refused", "differs"):
            why = f'{v["label"]} {v["outcome"]}: {v["detail"]}'
            break
    lines.append(f'- {r["sample"].split("/samples/")[-1]} ({r["status"]}): {why[:300]}')
print("\n## one-program: %d samples" % sum(counts.values()))
for status, n in counts.most_common():
    print(f"- {status}: {n}")
print("\n".join(lines))
# --compiled: how far the CPU compiler takes the one programs.
import math, re
comp = [json.loads(l) for l in open(sys.argv[1])]
comp = [r["compiled"] for r in comp if "compiled" in r]
if comp:
    took = [c for c in comp if c.get("compiles") == 1]
    refused = collections.Counter()
    for c in comp:
        if c.get("error"):
            m = re.search(r"does not take '([^']+)'|a ([a-z ]+) with symbolic dims", c["error"])
            refused[m.group(1) or m.group(2) if m else c["error"][:80]] += 1
    correct = sum(c["counts"]["correct"] for c in took)
    ran = sum(sum(c["counts"].values()) for c in took)
    geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
    runs = [c["run_over_own_geomean"] for c in took if "run_over_own_geomean" in c]
    comps = [c["compile_over_one_own"] for c in took if "compile_over_one_own" in c]
    print(f"\n## compiled once for the cpu: {len(took)} of {len(comp)} samples; variants correct "
          f"at t = -5: {correct} of {ran}; run time over own programs, geomean {geo(runs):.3f} "
          f"({len(runs)} samples); compile time over one own compile, geomean {geo(comps):.3f}")
    for op, n in refused.most_common(12):
        print(f"- refused at {op}: {n}")
PY

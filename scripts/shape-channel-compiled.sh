#!/usr/bin/env bash
# GraphNet's shape channel compiled with one program per sample (issue 42):
# gn-eval run --shapes N --mode compiled over a list of torch samples, each
# sample imported once with its symbolic dims, compiled once for the CPU and
# run at each of its first N variants against that variant's eager run; then
# the counts (variants correct at t = -5, samples compiled once) and the
# score table with programs per sample.
#
#   scripts/shape-channel-compiled.sh OUT [N] [--list FILE] [--trials T]
#
# FILE: sample paths relative to the GraphNet samples folder (default
# conformance/shape-list.txt, the shape channel's conformance list). Resumes
# where OUT/gn.jsonl stops; progress on stdout and in OUT/run.log.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: shape-channel-compiled.sh OUT [N] [--list FILE] [--trials T]}
shift
n=3
if [[ $# -gt 0 && $1 != --* ]]; then n=$1; shift; fi
list=$root/conformance/shape-list.txt trials=3
while [[ $# -gt 0 ]]; do
  case $1 in
    --list) list=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    *) echo "error: unknown option $1" >&2; exit 2 ;;
  esac
done
bin=${GN_BUILD_DIR:-$root/build}/bin
samples=${GN_GRAPHNET_SAMPLES:-$("$root/scripts/graphnet-dir.sh")/samples}
mkdir -p "$out"
mapfile -t dirs < <(grep -v '^#' "$list" | sed "s|^|$samples/|")
echo "== gn-eval run --shapes $n --mode compiled, one program per sample (${#dirs[@]} samples)"
"$bin/gn-eval" run --shapes "$n" --mode compiled --trials "$trials" --warmup 1 \
  --timeout "${GN_SHAPES_TIMEOUT:-600}" --resume --out "$out/gn.jsonl" "${dirs[@]}" | tee -a "$out/run.log"
python3 - "$out/gn.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ran = [r for r in rows if r.get("status") == "ok"]
correct = [r for r in ran if (r.get("correct_at") or {}).get("-5")]
eager_err = [r for r in rows if r.get("status") == "eager_error"]
samples = {}
for r in rows:
    one = r.get("one_program")
    if one is not None:
        samples[r["sample"].rsplit("@shape", 1)[0]] = one
once = [s for s, o in samples.items() if o.get("compiles") == 1]
print(f"variants: {len(rows)} records, {len(eager_err)} refused eagerly (their own import or run), "
      f"{len(ran)} ran compiled, {len(correct)} correct at t = -5")
print(f"samples: {len(samples)} reached the compiled side, {len(once)} compiled once for all "
      f"their variants")
for s, o in sorted(samples.items()):
    if o.get("compiles") != 1:
        print(f"  {s.split('/samples/')[-1]}: {o.get('compiles')} compiles: "
              f"{o.get('error') or o.get('refused') or '?'}"[:300])
for r in ran:
    if r not in correct:
        print(f"  miss: {r['sample'].split('/samples/')[-1]} correct_at "
              f"{min([int(t) for t, ok in r['correct_at'].items() if ok] or [99])}")
PY
"$bin/gn-eval" score "$out/gn.jsonl" | tail -1

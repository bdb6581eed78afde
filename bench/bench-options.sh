#!/usr/bin/env bash
# A/B of two gn-cpu-pipeline option strings on a sample list: per sample,
# one gn-eval process compiles the sample with options A and with options
# B and times the two programs in alternation, trial by trial (A B, then
# B A: `gn-eval run --ab-options`), so the drift of this shared machine hits
# both alike; then the per-sample time ratio A/B and its geomean.
# Correctness of each side is gn-eval's own check against eager at t = -5.
# With GN_BENCH_ROUNDS=R each sample runs R times and its ratio is the
# median of its R ratios. (Before, A and B ran as processes one after the
# other: identical programs then measured 0.70-1.26 apart; alternated in
# one process they measure 0.98-1.03.)
# Usage: bench/bench-options.sh 'OPTIONS_A' 'OPTIONS_B' [SAMPLE_LIST] [OUT_DIR]
#   e.g. bench/bench-options.sh 'thread-copies=false' 'thread-copies=true'
#   SAMPLE_LIST defaults to bench/cpu-samples.txt (paths under
#   the unpacked GraphNet samples). Environment: GN_BENCH_ROUNDS (1), GN_BENCH_WARMUP (2),
#   GN_BENCH_TRIALS (15), GN_BENCH_THREADS (2), GN_BUILD_DIR, GN_SHARED_DIR,
#   GN_GRAPHNET_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
[ $# -ge 2 ] || { sed -n '2,13p' "$0"; exit 2; }
a=$1 b=$2
list=${3:-$root/bench/cpu-samples.txt}
out=${4:-$(mktemp -d "${TMPDIR:-/tmp}/gn-bench-options.XXXXXX")}
mkdir -p "$out"
dir=$("$root/scripts/graphnet-dir.sh")
export OMP_NUM_THREADS=${GN_BENCH_THREADS:-2}
mapfile -t rel < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
for round in $(seq "${GN_BENCH_ROUNDS:-1}"); do
for r in "${rel[@]}"; do
  "$build/bin/gn-eval" run "$dir/samples/$r" --mode compiled --pipeline-options="$a" \
    --ab-options="$b" --warmup "${GN_BENCH_WARMUP:-2}" --trials "${GN_BENCH_TRIALS:-15}" \
    --out "$out/ab.jsonl" >/dev/null 2>&1 || true
  echo "round $round: done $r" >&2
done
done
python3 - "$out/ab.jsonl" "$a" "$b" <<'EOF'
import json, math, statistics, sys
# Per sample: the last record; its times and ratio the medians over the rounds.
rows, rounds = {}, {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    rows[r["sample"]] = r
    if r.get("status") == "ok" and r.get("ab"):
        rounds.setdefault(r["sample"], []).append(
            (r["compiled"]["median_ms"], r["ab"]["compiled"]["median_ms"], r["ab"]["ratio"]))
print(f"A: {sys.argv[2]}\nB: {sys.argv[3]}")
print(f"{'sample':44s} {'A ms':>9s} {'B ms':>9s} {'A/B':>6s}  A@-5 B@-5")
logs = []
for s, r in rows.items():
    name = s.split('/')[-1][:44]
    if s not in rounds:
        print(f"{name:44s} failed: {str(r.get('error', r.get('status')))[:60]}")
        continue
    ta, tb, ratio = (statistics.median(x) for x in zip(*rounds[s]))
    ok = lambda c: "yes" if c.get("-5") else "no"
    logs.append(math.log(ratio))
    print(f"{name:44s} {ta:9.2f} {tb:9.2f} {ratio:6.2f}  {ok(r['correct_at']):>4s} "
          f"{ok(r['ab']['correct_at']):>4s}")
if logs:
    print(f"geomean A/B time over {len(logs)} samples: {math.exp(sum(logs) / len(logs)):.3f} "
          "(above 1: B is faster)")
EOF

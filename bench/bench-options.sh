#!/usr/bin/env bash
# A/B of two gn-cpu-pipeline option strings on a sample list: per sample,
# gn-eval compiled with options A, then with options B, one after the other
# (so slow drift of this shared machine hits both sides alike), then the
# per-sample time ratio A/B and its geomean. Correctness of each side is
# gn-eval's own check against eager at t = -5. With GN_BENCH_ROUNDS=R the
# A-then-B pass over the list runs R times and each side's time is the
# median of its R medians (runs minutes apart on this VM differ by up to
# 30%; one round cannot tell a 10% change).
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
  for side in a b; do
    opts=$a
    [ $side = b ] && opts=$b
    "$build/bin/gn-eval" run "$dir/samples/$r" --mode compiled --pipeline-options="$opts" \
      --warmup "${GN_BENCH_WARMUP:-2}" --trials "${GN_BENCH_TRIALS:-15}" \
      --out "$out/$side.jsonl" >/dev/null 2>&1 || true
  done
  echo "round $round: done $r" >&2
done
done
python3 - "$out/a.jsonl" "$out/b.jsonl" "$a" "$b" <<'EOF'
import json, math, statistics, sys
def load(p):
    # Per sample: the last record, its time the median over the rounds.
    rows, times = {}, {}
    for line in open(p):
        r = json.loads(line)
        rows[r["sample"]] = r
        if r.get("status") == "ok":
            times.setdefault(r["sample"], []).append(r["compiled"]["median_ms"])
    for s, r in rows.items():
        if s in times:
            r["compiled"]["median_ms"] = statistics.median(times[s])
            r["rounds"] = len(times[s])
    return rows
A, B = load(sys.argv[1]), load(sys.argv[2])
print(f"A: {sys.argv[3]}\nB: {sys.argv[4]}")
print(f"{'sample':44s} {'A ms':>9s} {'B ms':>9s} {'A/B':>6s}  A@-5 B@-5")
logs = []
for s, ra in A.items():
    rb = B.get(s)
    if not rb or ra.get("status") != "ok" or rb.get("status") != "ok":
        print(f"{s.split('/')[-1][:44]:44s} {'failed on a side':>26s}")
        continue
    ta, tb = ra["compiled"]["median_ms"], rb["compiled"]["median_ms"]
    ok = lambda r: "yes" if r["correct_at"].get("-5") else "no"
    logs.append(math.log(ta / tb))
    print(f"{s.split('/')[-1][:44]:44s} {ta:9.2f} {tb:9.2f} {ta / tb:6.2f}  {ok(ra):>4s} {ok(rb):>4s}")
if logs:
    print(f"geomean A/B time over {len(logs)} samples: {math.exp(sum(logs) / len(logs)):.3f} "
          "(above 1: B is faster)")
EOF

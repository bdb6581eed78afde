#!/usr/bin/env bash
# A/B: half-graph exp (libm expf at a82f28b vs f64-rounded at HEAD), gn compiled only.
set -u
S=$(/work/main/scripts/graphnet-dir.sh)/samples
mapfile -t dirs < <(grep -v '^\s*#' /work/main/bench/dtype-samples.txt | grep -v '^\s*$' | sed "s|^|$S/|")
out=/work/ab-exp
for round in 1 2; do
  for dtype in float16 bfloat16; do
    order="before after"; [ $round = 2 ] && order="after before"
    for side in $order; do
      bin=/work/sweep-bin/bin/gn-eval; [ $side = after ] && bin=/work/main/build/bin/gn-eval
      OMP_NUM_THREADS=2 $bin run --dtype $dtype --mode compiled --jobs 1 --warmup 2 --trials 10 \
        --out $out/$side-$dtype.jsonl "${dirs[@]}" | grep -v "^\[.*\] ok " || true
    done
  done
done

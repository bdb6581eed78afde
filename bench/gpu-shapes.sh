#!/usr/bin/env bash
# One CUDA program for all shapes against a program per shape, on a GPU
# (issue 42's target: over a sample's variants, run time within 1.15x
# geomean of programs specialized to each shape, 0 recompiles).
#
#   bench/gpu-shapes.sh prepare DIR [LIST] [N]   here (gn-eval, ptxas): writes
#                       DIR/shapes.tar.gz, what the device tool carries (staged
#                       in GN_SHAPES_STAGE, default build/gpu-shapes)
#   bench/gpu-shapes.sh run DIR OUT [DEADLINE]   on the GPU machine (no LLVM);
#                       DEADLINE: epoch seconds after which no variant starts
#
# prepare: the samples of LIST (default bench/gpu-samples.txt, the 46-sample
# GPU list; the rule: every sample of it that GraphNet gives shape variants,
# the others recorded as having none) at their first N (default 3) variants,
# compiled twice with gn-eval compile --device cuda --eager-program=false:
#   one/  compiled once with the sample's symbolic dims (<sample>@one_program),
#         each variant's compiled.json a link to it and its record the
#         argument shapes gn-cuda-run binds it at, as a runtime binds at a
#         shape's first call -- one.jsonl says how many compiles each took
#   own/  each variant compiled for its own sizes (--one-program=false)
# each with the CPU interpreter's references at the variant, gn-cuda-run in
# bin/, and list.txt: the variants both forms compiled.
# run: gn-cuda-run --sides extra (the compiled program: timed, checked at
# every t) over both forms, interleaved by variant so drift hits both, then
# the summary (bench/gpu_shapes_report.py): correct at t = -5 per form, the
# geomean of one / own time over the variants both ran correctly, compile
# seconds per sample (one compile against the sum of the own ones).
# Environment: GN_BENCH_WARMUP (3), GN_BENCH_TRIALS (10), GN_BUILD_DIR, GN_SHAPES_JOBS
# (compiles at a time in prepare, default 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: bench/gpu-shapes.sh prepare DIR [LIST] [N] | run DIR OUT}
dir=${2:?usage: bench/gpu-shapes.sh prepare DIR [LIST] [N] | run DIR OUT}

if [ "$mode" = prepare ]; then
  build=${GN_BUILD_DIR:-$root/build}
  list=${3:-$root/bench/gpu-samples.txt}
  n=${4:-3}
  mapfile -t rel < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
  samples=() samples_dir=""
  for s in "${rel[@]}"; do
    # GraphNet's samples only when the list names some (absolute paths need none).
    [[ $s == /* ]] || [ -n "$samples_dir" ] || samples_dir=$("$root/scripts/graphnet-dir.sh")/samples
    case "$s" in
      /*) samples+=("$s") ;;
      samples/*|paddle_samples/*) samples+=("$(dirname "$samples_dir")/$s") ;;
      *) samples+=("$samples_dir/$s") ;;
    esac
  done
  stage=${GN_SHAPES_STAGE:-$build/gpu-shapes}
  rm -rf "$stage" && mkdir -p "$stage/bin" "$dir"
  # One compile at a time: the compile seconds are compared (one program
  # over one specialized compile), and two at a time on 2 cores made
  # bert-base's ratio 1.74 (2026-11-30) where alone it is 1.1 to 1.4.
  common=(--device cuda --shapes "$n" --eager-program=false --jobs "${GN_SHAPES_JOBS:-1}"
    --timeout 900)
  echo "== gpu-shapes: one program per sample (${#samples[@]} samples, $n variants)" >&2
  "$build/bin/gn-eval" compile "${samples[@]}" "${common[@]}" -o "$stage/one" \
    --log "$stage/one.jsonl" >&2 || true
  echo "== gpu-shapes: a program per variant" >&2
  "$build/bin/gn-eval" compile "${samples[@]}" "${common[@]}" --one-program=false \
    -o "$stage/own" --log "$stage/own.jsonl" >&2 || true
  cp "$build/bin/gn-cuda-run" "$stage/bin/"
  # The variants both forms wrote, by artifact folder name.
  (cd "$stage" && comm -12 <(ls one | grep '@shape' | sort) <(ls own | grep '@shape' | sort)) \
    > "$stage/list.txt"
  rm -f "$dir/shapes.tar.gz"
  tar -C "$stage" -czf "$dir/shapes.tar.gz" .
  echo "gpu-shapes: $(wc -l < "$stage/list.txt") variants prepared in $dir/shapes.tar.gz" \
       "($(du -h "$dir/shapes.tar.gz" | cut -f1))" >&2
  exit 0
fi

[ "$mode" = run ] || { echo "gpu-shapes: unknown mode '$mode'" >&2; exit 2; }
out=${3:?usage: bench/gpu-shapes.sh run DIR OUT [DEADLINE]}
deadline=${4:-0}
mkdir -p "$out"
# cuDNN opens its engine libraries by soname: the runner's library folders.
if [ -n "${GN_CUDA_LIBRARY_PATH:-}" ]; then
  export LD_LIBRARY_PATH=$GN_CUDA_LIBRARY_PATH${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
if [ -f "$dir/shapes.tar.gz" ]; then
  unpacked=$(mktemp -d "${TMPDIR:-/tmp}/gn-gpu-shapes.XXXXXX")
  tar -C "$unpacked" -xzf "$dir/shapes.tar.gz"
  dir=$unpacked
fi
warmup=${GN_BENCH_WARMUP:-3}
trials=${GN_BENCH_TRIALS:-10}
mapfile -t variants < "$dir/list.txt"
rm -f "$out/shapes-one.jsonl" "$out/shapes-own.jsonl"
i=0
for v in "${variants[@]}"; do
  if [ "$deadline" -gt 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then
    echo "gpu-shapes: the deadline came after $i of ${#variants[@]} variants" >&2
    break
  fi
  # Interleaved, and the order flipped every other variant.
  forms=(own one)
  [ $((i % 2)) -eq 1 ] && forms=(one own)
  for form in "${forms[@]}"; do
    timeout 120 "$dir/bin/gn-cuda-run" "$dir/$form/$v" --sides extra --warmup "$warmup" \
      --trials "$trials" --out "$out/shapes-$form.jsonl" > /dev/null 2>&1 ||
      echo "gpu-shapes: $form/$v did not finish" >&2
  done
  i=$((i + 1))
done
python3 "$root/bench/gpu_shapes_report.py" "$dir" "$out" | tee "$out/shapes.txt"

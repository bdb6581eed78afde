#!/usr/bin/env bash
# GraphNet's dtype channel on a GPU (issue 42: the channel's benchmark in the
# GPU harness): gn's CUDA program of each sample's float16 and bfloat16
# variant against PyTorch eager running GraphNet's own dtype pass, and
# against gn's float32 program of the sample as extracted.
#
#   bench/gpu-dtype.sh prepare DIR [LIST]   here (gn-eval, ptxas): writes
#                       DIR/dtype.tar.gz, what the device tool carries
#                       (staged in GN_DTYPE_STAGE, default build/gpu-dtype)
#   bench/gpu-dtype.sh run DIR OUT [DEADLINE]   on the GPU machine (no LLVM;
#                       PyTorch there); DEADLINE: epoch seconds after which
#                       no sample starts
#
# prepare: the samples of LIST (default bench/dtype-samples.txt, the CPU
# channel benchmark's 8), compiled with gn-eval compile --device cuda
# --eager-program=false in float32, float16 and bfloat16 (--dtype: the pass
# each sample lists), each with the CPU interpreter's references in that
# dtype; the samples' model.py and meta, GraphNet's graph_net package (.py
# only, from GN_GRAPHNET_SRC, default ~/.cache/gn/graphnet-src: its dtype
# pass, read at run time, never copied into gn), gn-cuda-run and gn's input
# synthesis mirror.
# run, per sample and dtype, interleaved: gn-cuda-run --sides extra (the
# compiled program, CUDA-graph replays, timed and checked against the
# interpreter at every t), then bench/gpu_dtype_torch.py (PyTorch eager on
# GraphNet's rewritten graph, on gn's inputs of the variant, synchronized,
# checked against the same references), then the summary
# (bench/gpu_dtype_report.py).
# Environment: GN_BENCH_WARMUP (3), GN_BENCH_TRIALS (10), GN_BUILD_DIR,
# GN_BENCH_TORCH_DEVICE (cuda; cpu to try the flow without a GPU).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: bench/gpu-dtype.sh prepare DIR [LIST] | run DIR OUT [DEADLINE]}
dir=${2:?usage: bench/gpu-dtype.sh prepare DIR [LIST] | run DIR OUT [DEADLINE]}
dtypes=(float32 float16 bfloat16)

if [ "$mode" = prepare ]; then
  build=${GN_BUILD_DIR:-$root/build}
  list=${3:-$root/bench/dtype-samples.txt}
  samples_dir=$("$root/scripts/graphnet-dir.sh")/samples
  mapfile -t rel < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
  samples=()
  for s in "${rel[@]}"; do
    case "$s" in /*) samples+=("$s") ;; *) samples+=("$samples_dir/$s") ;; esac
  done
  stage=${GN_DTYPE_STAGE:-$build/gpu-dtype}
  rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/samples" "$stage/python" "$dir"
  for d in "${dtypes[@]}"; do
    echo "== gpu-dtype: ${#samples[@]} samples, $d" >&2
    variant=()
    [ "$d" = float32 ] || variant=(--dtype "$d")
    "$build/bin/gn-eval" compile "${samples[@]}" --device cuda --eager-program=false \
      "${variant[@]}" --reference-budget $((${GN_BUNDLE_REFERENCE_KIB:-512} * 1024)) \
      -o "$stage/$d" --log "$stage/$d.jsonl" --timeout 1800 >&2 || true
  done
  cp "$build/bin/gn-cuda-run" "$stage/bin/"
  cp "$root/python-bindings/gn/inputs.py" "$stage/python/"
  graphnet_src=${GN_GRAPHNET_SRC:-$HOME/.cache/gn/graphnet-src}
  [ -d "$graphnet_src/graph_net" ] || { echo "gpu-dtype: no GraphNet checkout at $graphnet_src" >&2; exit 1; }
  (cd "$graphnet_src" && find graph_net -name '*.py' -print0 | tar --null -T - -cf -) |
    (mkdir -p "$stage/graphnet" && tar -C "$stage/graphnet" -xf -)
  # The samples every dtype compiled, by artifact folder name, with their
  # files (PyTorch traces model.py; the pass reads the meta's dtypes).
  : > "$stage/list.txt"
  for s in "${samples[@]}"; do
    name=$(/usr/bin/python3 -c "import json,os,sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r['sample'].rstrip('/') == sys.argv[2].rstrip('/') and r.get('artifacts'):
        print(os.path.basename(r['artifacts'].rstrip('/')))" "$stage/float16.jsonl" "$s")
    [ -n "$name" ] || continue
    ok=1
    for d in "${dtypes[@]}"; do [ -f "$stage/$d/$name/compiled.json" ] || ok=0; done
    [ $ok = 1 ] || continue
    mkdir -p "$stage/samples/$name"
    for f in model.py weight_meta.py input_meta.py graph_net.json; do
      [ -f "$s/$f" ] && cp "$s/$f" "$stage/samples/$name/"
    done
    echo "$name" >> "$stage/list.txt"
  done
  rm -f "$dir/dtype.tar.gz"
  tar -C "$stage" -czf "$dir/dtype.tar.gz" .
  echo "gpu-dtype: $(wc -l < "$stage/list.txt") samples prepared in $dir/dtype.tar.gz" \
       "($(du -h "$dir/dtype.tar.gz" | cut -f1))" >&2
  exit 0
fi

[ "$mode" = run ] || { echo "gpu-dtype: unknown mode '$mode'" >&2; exit 2; }
out=${3:?usage: bench/gpu-dtype.sh run DIR OUT [DEADLINE]}
deadline=${4:-0}
mkdir -p "$out"
if [ -n "${GN_CUDA_LIBRARY_PATH:-}" ]; then
  export LD_LIBRARY_PATH=$GN_CUDA_LIBRARY_PATH${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
if [ -f "$dir/dtype.tar.gz" ]; then
  unpacked=$(mktemp -d "${TMPDIR:-/tmp}/gn-gpu-dtype.XXXXXX")
  tar -C "$unpacked" -xzf "$dir/dtype.tar.gz"
  dir=$unpacked
fi
warmup=${GN_BENCH_WARMUP:-3}
trials=${GN_BENCH_TRIALS:-10}
mapfile -t names < "$dir/list.txt"
for d in "${dtypes[@]}"; do rm -f "$out/gn-$d.jsonl" "$out/torch-$d.jsonl"; done
i=0
for name in "${names[@]}"; do
  if [ "$deadline" -gt 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then
    echo "gpu-dtype: the deadline came after $i of ${#names[@]} samples" >&2
    break
  fi
  for d in "${dtypes[@]}"; do
    timeout 300 "$dir/bin/gn-cuda-run" "$dir/$d/$name" --sides extra --warmup "$warmup" \
      --trials "$trials" --out "$out/gn-$d.jsonl" > /dev/null 2>&1 ||
      echo "gpu-dtype: gn $d $name did not finish" >&2
    [ "$d" = float32 ] && continue
    timeout 300 python3 "$root/bench/gpu_dtype_torch.py" --stage "$dir" --dtype "$d" \
      --warmup "$warmup" --trials "$trials" --json "$out/torch-$d.jsonl" "$name" ||
      echo "gpu-dtype: PyTorch $d $name did not finish" >&2
  done
  i=$((i + 1))
done
python3 "$root/bench/gpu_dtype_report.py" "$out" | tee "$out/dtype.txt"

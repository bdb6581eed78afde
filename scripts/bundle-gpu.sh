#!/usr/bin/env bash
# Makes the self-contained bundle a GPU machine without LLVM runs (issue 19),
# BUNDLE/bundle.tar.gz, holding:
#   bin/gn-cuda-run                the runner (no MLIR; static libstdc++)
#   artifacts/<sample>/            from `gn-eval compile --device cuda`:
#                                  eager.json and compiled.json (PTX + launch
#                                  plan), reference/*.npy (the CPU
#                                  interpreter's outputs; past 512 KiB a sample,
#                                  every k-th element, k in <i>.stride),
#                                  record.json (with degenerate_outputs:
#                                  references near zero, constant or
#                                  unchanged on another seed's inputs)
#                                  compiled-alt.json, compiled-alt-2.json:
#                                  where the program compiled with each of
#                                  GN_BUNDLE_ALT_OPTIONS (default: none)
#                                  differs
#   samples/<sample>/              model.py and meta files, for PyTorch (and
#                                  the files a program cache key reads)
#   cache/<key>/                   the program cache: each entry points at
#                                  its artifacts/<sample>/compiled.json
#                                  (gn-eval compile --cache-link), found by
#                                  the key of samples/<sample> (gn.compile_sample)
#   python/gn/                     gn's Python package with its runtime only
#                                  (libgn_runtime.so through ctypes: no LLVM,
#                                  any CPython)
#   graphnet/                      GraphNet's harness (graph_net_bench and
#                                  graph_net, .py only) from the checkout in
#                                  GN_GRAPHNET_SRC (default
#                                  ~/.cache/gn/graphnet-src), if there
#   list.txt, compile.jsonl        the samples in order; the compile log
#   faults/, symbolic/             real GPU faults (bench/gpu-faults.sh) and
#                                  symbolic programs bound at several sizes
#                                  (bench/gpu-symbolic.sh), run first
# Why ahead-of-time: the GPU machine has no LLVM, and a statically linked
# gn-eval (MLIR, LLVM, oneDNN, OpenBLAS) would not fit the 64 MiB that can
# be carried; PTX plus a launch plan is what a runner needs, and keeps the
# compile time measured here, on the machine that compiles.
# Usage: scripts/bundle-gpu.sh [--out BUNDLE] [--jobs N] [SAMPLE_LIST]
#   default BUNDLE: .gpu-bundle (ignored by git; pass it to the device tool's
#   `carry`), default list: bench/gpu-samples.txt. Lines of the list
#   are paths under the unpacked samples/ (PyTorch), or under the unpacked
#   folder when they start with samples/ or paddle_samples/, or absolute
#   folders (e.g. the shipped samples/). A sample is named as gn-eval names
#   its artifacts: by its folder, or for a piece of a model (Model/subgraph_3)
#   Model_subgraph_3.
# The folder is assembled in build/gpu-bundle; PTX compresses about tenfold.
# Ends by checking the bundle is under 64 MiB.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
out="$root/.gpu-bundle"
list="$root/bench/gpu-samples.txt"
jobs=2
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) list=$1; shift ;;
  esac
done
[ "${GN_SKIP_BUILD:-0}" = 1 ] || "$root/scripts/build.sh" gn-eval gn-cuda-run gn-python
dir=$("$root/scripts/graphnet-dir.sh")
samples=()
while read -r line; do
  case "$line" in
    ''|'#'*) continue ;;
    /*) samples+=("$line") ;;
    paddle_samples/*|samples/*) samples+=("$dir/$line") ;;
    *) samples+=("$dir/samples/$line") ;;
  esac
done < "$list"
# Staged in build/gpu-bundle, or for another --out build/gpu-bundle-<its name>.
stage="$build/gpu-bundle"
[ "$(cd "$(dirname "$out")" && pwd)/$(basename "$out")" = "$root/.gpu-bundle" ] ||
  stage="$build/gpu-bundle-$(basename "$out" | sed 's/^\.//; s/^gpu-bundle-//')"
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/artifacts" "$stage/samples" "$out"
cp "$build/bin/gn-cuda-run" "$stage/bin/"
# gn's Python package without its compiler (gn._gn needs LLVM).
mkdir -p "$stage/python/gn"
cp "$build"/python/gn/*.py "$build/python/gn/libgn_runtime.so" "$stage/python/gn/"
graphnet_src=${GN_GRAPHNET_SRC:-$HOME/.cache/gn/graphnet-src}
if [ -d "$graphnet_src/graph_net_bench" ]; then
  (cd "$graphnet_src" && find graph_net_bench graph_net -name '*.py' -print0 |
     tar --null -T - -cf -) | (mkdir -p "$stage/graphnet" && tar -C "$stage/graphnet" -xf -)
else
  echo "note: no GraphNet checkout at $graphnet_src (GN_GRAPHNET_SRC): the bundle carries no harness" >&2
fi
echo "== gn-eval compile --device cuda, ${#samples[@]} samples" >&2
# References past GN_BUNDLE_REFERENCE_KIB (default 512) a sample keep every
# k-th element: 90 samples of the representative list at 2 MiB each made a
# 42 MiB bundle that, with the working tree, was over what a device call
# takes (2026-12-01).
"$build/bin/gn-eval" compile "${samples[@]}" --device cuda -o "$stage/artifacts" \
  --cache-dir "$stage/cache" --cache-link \
  --reference-budget $((${GN_BUNDLE_REFERENCE_KIB:-512} * 1024)) \
  --log "$stage/compile.jsonl" --jobs "$jobs" --timeout 1800 >&2 || true
: > "$stage/list.txt"
# Each sample's artifact folder as gn-eval named it (its compile record's
# "artifacts"), in list order; a sample that did not compile has none.
names=$(/usr/bin/python3 - "$stage/compile.jsonl" "${samples[@]}" <<'PY'
import json, os, sys
log, samples = sys.argv[1], sys.argv[2:]
named = {}
for line in open(log):
    r = json.loads(line)
    if r.get("artifacts"):
        named[r["sample"].rstrip("/")] = os.path.basename(r["artifacts"].rstrip("/"))
for s in samples:
    print(named.get(s.rstrip("/"), "-"))
PY
)
i=0
for name in $names; do
  s=${samples[$i]}
  i=$((i + 1))
  [ "$name" != - ] && [ -f "$stage/artifacts/$name/compiled.json" ] || continue
  mkdir -p "$stage/samples/$name"
  for f in model.py weight_meta.py input_meta.py graph_net.json input_tensor_constraints.py; do
    [ -f "$s/$f" ] && cp "$s/$f" "$stage/samples/$name/"
  done
  echo "$name" >> "$stage/list.txt"
done
# Trade-offs to measure (bench/bench-gpu.sh --extra): the same list
# compiled with other pipeline options, one alternative per ';'-separated
# set of GN_BUNDLE_ALT_OPTIONS. Where a sample's program differs, the k-th
# goes along as compiled-alt.json (k = 1) or compiled-alt-k.json, its
# options in the matching .txt, and gn-cuda-run times each as a side of its
# own. None by default: run 3 (bench/results/gpu-h200-2026-11-27)
# timed "merge-launches=false;depthwise-kernels=false;attention-min-share=0"
# and each default won (the alternatives 1.40x, 1.08x and 2.31x slower,
# geomean where they differ); run 2 timed "attention-min-share=-1
# memory-ratio=0".
alternatives=${GN_BUNDLE_ALT_OPTIONS-}
IFS=';' read -r -a alt_sets <<< "$alternatives"
k=0
for alt_options in "${alt_sets[@]}"; do
  [ -n "${alt_options// /}" ] || continue
  k=$((k + 1))
  suffix=$([ "$k" = 1 ] && echo "" || echo "-$k")
  alt="$stage-alt"
  rm -rf "$alt"
  echo "== alternative programs $k: --pipeline-options '$alt_options'" >&2
  "$build/bin/gn-eval" compile "${samples[@]}" --device cuda -o "$alt" --log "$alt.jsonl" \
    --pipeline-options "$alt_options" --jobs "$jobs" --timeout 1800 --reference-budget 1 >&2 || true
  # Programs compared without their compile statistics (times differ).
  ALT_OPTIONS="$alt_options" ALT_SUFFIX="$suffix" /usr/bin/python3 - "$stage" "$alt" >&2 <<'PY'
import json, os, shutil, sys
stage, alt = sys.argv[1], sys.argv[2]
suffix = os.environ["ALT_SUFFIX"]
def program(path):
    with open(path) as f:
        d = json.load(f)
    d.pop("stats", None)
    return d
n = 0
for name in open(os.path.join(stage, "list.txt")).read().split():
    a = os.path.join(alt, name, "compiled.json")
    mine = os.path.join(stage, "artifacts", name)
    if os.path.exists(a) and program(a) != program(os.path.join(mine, "compiled.json")):
        shutil.copy(a, os.path.join(mine, f"compiled-alt{suffix}.json"))
        with open(os.path.join(mine, f"compiled-alt{suffix}.txt"), "w") as f:
            f.write(os.environ["ALT_OPTIONS"] + "\n")
        n += 1
print(f"alternative programs ({os.environ['ALT_OPTIONS']}): {n} samples differ")
PY
  rm -rf "$alt" "$alt.jsonl"
done
# Real GPU faults (issue 44; bench/gpu-faults.sh): five small programs, one
# kernel storing to address 64, one program asking for a 1 PiB arena;
# bench-gpu.sh runs them first.
"$root/bench/gpu-faults.sh" prepare "$stage/faults" >&2 ||
  echo "bundle: the GPU fault programs could not be prepared" >&2
# One CUDA program for all shapes (issue 42, phase 4; bench/gpu-symbolic.sh):
# the symbolic test programs bound at bindings other than their examples,
# with CPU references there; bench-gpu.sh runs them first.
"$root/bench/gpu-symbolic.sh" prepare "$stage/symbolic" >&2 ||
  echo "bundle: the symbolic programs could not be prepared" >&2
# Which gn compiled it: the run's results name it (bench-gpu.sh).
{ git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown
  git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo "(with uncommitted changes)"
  echo "alternatives: $alternatives"; } > "$stage/commit.txt"
rm -f "$out/bundle.tar.gz"
tar -C "$stage" -czf "$out/bundle.tar.gz" .
bytes=$(du -sb "$out" | cut -f1)
echo "bundle: $out/bundle.tar.gz, $(wc -l < "$stage/list.txt") samples compiled of ${#samples[@]}, $((bytes / 1048576)) MiB" >&2
# The device tool counts the working tree that travels with the bundle as
# an archive does: each file a 512-byte header and its contents padded to
# 512 (12662 files of 19 MiB weighed about 29 MiB, 2026-12-01).
tree=$(git -C "$root" ls-files -z 2>/dev/null | (cd "$root" && xargs -0 stat -c %s 2>/dev/null) |
  awk '{ s += int(($1 + 511) / 512) * 512 + 512 } END { print s + 0 }')
echo "bundle: with the working tree as the device tool counts it, about $(((bytes + tree) / 1048576)) of 64 MiB" >&2
if [ $((bytes + tree)) -gt $((64 * 1048576)) ]; then
  echo "error: the bundle and the working tree are over the 64 MiB a GPU machine can be sent (lower GN_BUNDLE_REFERENCE_KIB or split the list)" >&2
  exit 1
fi

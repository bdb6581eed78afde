#!/usr/bin/env bash
# Compiles every per-op case (test/goldens/ops, test/goldens/paddle-ops) and
# every shipped sample for
# CUDA as a user's program is compiled (`gn-eval compile --device cuda`:
# import, gn-cuda-pipeline, the runtime's step list, then ptxas on every
# kernel module for sm_90), on a machine without a GPU. One gn-eval process
# for all cases (two at a time), where each case used to take a chain of
# gn-translate, gn-opt, a Python reader and ptxas. Ends with
# "N passed, N failed" (one per case).
#   test/tools/check-ptx-ops.sh [--ptxas-only K] [CASE_DIR...]
# CASE_DIR: any GraphNet sample folders, e.g. every dev PaddlePaddle sample
# for GPU compile coverage (a failure says whether the import, the pipeline,
# the CUDA runtime or ptxas refused it, and names the op); --ptxas-only K
# compiles all of them but runs ptxas on a seeded K only (GN_CUDA_CUBIN=0 for
# the rest: ptxas on hundreds of samples takes long).
# GN_PTX_LOG=FILE keeps every case's line (passes with their module counts).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
toolkit=${CUDA_HOME:-/usr/local/cuda}
if [ ! -x "$toolkit/bin/ptxas" ]; then
  echo "check-ptx-ops: ptxas not found at $toolkit/bin/ptxas: PTX NOT CHECKED" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ptxas_only=0
if [ "${1:-}" = --ptxas-only ]; then ptxas_only=$2; shift 2; fi
# Groups compiled by separate gn-eval runs, each into its own folder: a
# torch and a Paddle op case may share a name.
if [ $# -gt 0 ]; then
  printf '%s\n' "${@%/}" > "$tmp/group.1"
else
  torch=("$root"/test/goldens/ops/*/ "$root"/samples/*/) paddle=("$root"/test/goldens/paddle-ops/*/)
  printf '%s\n' "${torch[@]%/}" > "$tmp/group.1"
  printf '%s\n' "${paddle[@]%/}" > "$tmp/group.2"
fi
cat "$tmp"/group.* > "$tmp/all"
if [ "$ptxas_only" -gt 0 ]; then
  /usr/bin/python3 -c "import random, sys
l = open(sys.argv[1]).read().split(); random.seed(19)
print('\n'.join(random.sample(l, min(len(l), int(sys.argv[2])))))" "$tmp/all" "$ptxas_only" > "$tmp/checked"
  grep -vxF -f "$tmp/checked" "$tmp/all" > "$tmp/lowered"
else
  cp "$tmp/all" "$tmp/checked"
  : > "$tmp/lowered"
fi
# compile FILE_OF_CASES CUBIN(1|0) OUT: one gn-eval over the listed cases.
compile() {
  [ -s "$1" ] || return 0
  mapfile -t list < "$1"
  CUDA_HOME=$toolkit GN_CUDA_CUBIN=$2 "$build/bin/gn-eval" compile "${list[@]}" --device cuda \
    -o "$3" --references=false --eager-program=false --jobs 2 --log "$tmp/c.jsonl" \
    >> "$tmp/compile.log" 2>&1
  # A crash leaves cases without a record: they fail below as "no record".
}
for g in "$tmp"/group.*; do
  grep -xF -f "$tmp/checked" "$g" > "$g.checked"
  grep -xF -f "$tmp/lowered" "$g" > "$g.lowered"
  compile "$g.checked" 1 "$g.out"
  compile "$g.lowered" 0 "$g.out"
done
/usr/bin/python3 - "$tmp/all" "$tmp/lowered" "$tmp/c.jsonl" > "$tmp/log" <<'EOF'
import json, os, sys
cases = open(sys.argv[1]).read().split()
lowered = set(open(sys.argv[2]).read().split())
records = {}
if os.path.exists(sys.argv[3]):
    for line in open(sys.argv[3]):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        records[os.path.normpath(r.get("sample", ""))] = r
for case in cases:
    name = os.path.basename(case)
    if name.startswith("subgraph"):  # a model's pieces (Model/subgraph_3) by model too
        name = os.path.basename(os.path.dirname(case)) + "/" + name
    r = records.get(os.path.normpath(case))
    if r is None:
        print(f"fail {name}: no record (gn-eval compile died? see its output)")
        continue
    if r.get("status") != "ok":
        print(f"fail {name}: {r.get('status')}: {r.get('error', '')[:300]}")
        continue
    st = r.get("compile", {})
    kernels, cubins = st.get("kernels", 0), st.get("cubin_modules", 0)
    if kernels == 0:
        print(f"pass {name} (no kernels)")
    elif case in lowered:
        print(f"pass {name} ({kernels} modules lowered; ptxas not run)")
    elif cubins != kernels:
        print(f"fail {name}: ptxas assembled {cubins} of {kernels} kernel modules "
              f"({st.get('cubin_skipped', 'no reason given')})")
    else:
        print(f"pass {name} ({kernels} modules, ptxas {st.get('ptxas_seconds', 0):.2f} s)")
EOF
[ -n "${GN_PTX_LOG:-}" ] && cp "$tmp/log" "$GN_PTX_LOG" # every case's line, passes too
grep -v "^pass " "$tmp/log"
if grep -q "no record" "$tmp/log"; then tail -5 "$tmp/compile.log"; fi
p=$(grep -c "^pass " "$tmp/log"); f=$(grep -c "^fail " "$tmp/log")
echo "$p passed, $f failed"
[ "$f" -eq 0 ]

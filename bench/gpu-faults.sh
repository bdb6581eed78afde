#!/usr/bin/env bash
# GPU faults on a real GPU (issue 44, part 3: "once on a real GPU"). The
# stand-in driver injects every fault kind in CI (test/GPU/faults.test); this
# makes real ones, with no hook in gn's code:
#   fault   tiny_attention's first compiled kernel stores to address 64 (its
#           PTX patched, the cubin dropped so the driver JIT-compiles the
#           patch): a real CUDA_ERROR_ILLEGAL_ADDRESS, which kills the CUDA
#           context of the process that ran it;
#   oom     tiny_convnet's program asks for a 1 PiB arena: device memory
#           exhausted at load;
#   nodriver  the driver library is not there (GN_LIBCUDA names no file).
# Each is a batch of five samples run by gn-cuda-run (each sample in its own
# child process). Expected: the sample hit has its error recorded with its
# class (device fault, out of memory), every other sample is ok, the batch
# exits 0; without a driver, every sample says so and nothing crashes.
#
#   bench/gpu-faults.sh prepare DIR   (here: needs build/bin/gn-eval, ptxas)
#   bench/gpu-faults.sh run DIR [GN_CUDA_RUN]   (on the GPU machine; default
#                                      runner: DIR/../bin/gn-cuda-run)
# scripts/bundle-gpu.sh prepares DIR as the bundle's faults/, and
# bench/bench-gpu.sh runs it first (a few seconds), its summary in the log.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: bench/gpu-faults.sh prepare|run DIR [GN_CUDA_RUN]}
dir=${2:?usage: bench/gpu-faults.sh prepare|run DIR [GN_CUDA_RUN]}
names=(tiny_mlp tiny_convnet tiny_attention tiny_paddle_convnet embedding_f32)

if [ "$mode" = prepare ]; then
  build=${GN_BUILD_DIR:-$root/build}
  rm -rf "$dir" && mkdir -p "$dir"
  "$build/bin/gn-eval" compile "$root/samples/tiny_mlp" "$root/samples/tiny_convnet" \
    "$root/samples/tiny_attention" "$root/samples/tiny_paddle_convnet" \
    "$root/test/goldens/ops/embedding_f32" --device cuda -o "$dir/ok" --log "$dir/compile.jsonl" \
    > /dev/null || { echo "gpu-faults: gn-eval compile failed (see $dir/compile.jsonl)" >&2; exit 1; }
  cp -r "$dir/ok" "$dir/fault"
  cp -r "$dir/ok" "$dir/oom"
  rm -rf "$dir/ok"
  /usr/bin/python3 - "$dir" <<'PY' || exit 1
import json, os, re, sys
d = sys.argv[1]
path = os.path.join(d, "fault", "tiny_attention", "compiled.json")
p = json.load(open(path))
launch = p["kernels"][0]["launches"][0]
module = p["modules"][launch["module"]]
ptx = module["ptx"]
entry = re.search(r"\.entry\s+" + re.escape(launch["function"]) + r"\s*\([^)]*\)[^{]*\{\n", ptx)
if not entry:
    sys.exit("gpu-faults: no .entry for " + launch["function"])
# After the body's declarations: a register of our own, then the store.
at = entry.end()
while re.match(r"[ \t]*(\.reg|\.local|\.shared)\b", ptx[at:]) or ptx[at:at + 1] == "\n":
    at = ptx.index("\n", at) + 1
store = ("\t.reg .b64 \t%gnfault;\n\tmov.u64 \t%gnfault, 64;\n"
         "\tst.global.u32 \t[%gnfault], 0;\n")
module["ptx"] = ptx[:at] + store + ptx[at:]
module.pop("cubin_base64", None)
module.pop("cubin_arch", None)
json.dump(p, open(path, "w"))
open(os.path.join(d, "fault.ptx"), "w").write(module["ptx"])
print(f"gpu-faults: tiny_attention's {launch['function']} stores to address 64")
path = os.path.join(d, "oom", "tiny_convnet", "compiled.json")
p = json.load(open(path))
p["arena_bytes"] = 1 << 50
json.dump(p, open(path, "w"))
print("gpu-faults: tiny_convnet's arena is 1 PiB")
PY
  ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
  if [ -x "$ptxas" ]; then
    chip=$(/usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['chip'])" \
      "$dir/fault/tiny_attention/compiled.json")
    "$ptxas" -arch="$chip" "$dir/fault.ptx" -o /dev/null ||
      { echo "gpu-faults: ptxas refuses the patched PTX" >&2; exit 1; }
    echo "gpu-faults: ptxas ($chip) accepts the patched PTX"
  else
    echo "gpu-faults: no ptxas here: the patched PTX is unchecked" >&2
  fi
  exit 0
fi

[ "$mode" = run ] || { echo "gpu-faults: unknown mode '$mode'" >&2; exit 2; }
runner=${3:-$dir/../bin/gn-cuda-run}
[ -x "$runner" ] || { echo "gpu-faults: no runner at $runner" >&2; exit 2; }
pass=0 fail=0
# check KIND RC JSONL EXPECTED_FAILING CLASS_PATTERN: the named sample failed
# with the class, every other sample is ok, exit status 0.
check() {
  local kind=$1 rc=$2 jsonl=$3 bad=$4 pattern=$5
  /usr/bin/python3 - "$kind" "$rc" "$jsonl" "$bad" "$pattern" "${names[@]}" <<'PY'
import json, re, sys
kind, rc, jsonl, bad, pattern, names = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
try:
    recs = [json.loads(l) for l in open(jsonl)]
except OSError:
    recs = []
by = {r.get("sample", "").rstrip("/").split("/")[-1]: r for r in recs}
problems = []
for n in names:
    r = by.get(n)
    if r is None:
        problems.append(f"{n}: no record")
    elif n == bad or bad == "*":
        text = f"{r.get('status')} {r.get('error_class', '')} {r.get('error', '')}"
        if r.get("status") == "ok" or not re.search(pattern, text):
            problems.append(f"{n}: expected /{pattern}/, got {text[:300]}")
        else:
            print(f"  {n}: {text[:300]}")
    elif r.get("status") != "ok":
        problems.append(f"{n}: {r.get('status')} {r.get('error', '')[:300]}")
if rc != 0 and bad != "*":
    problems.append(f"exit status {rc}, expected 0")
print(("PASS " if not problems else "FAIL ") + kind + (": " + "; ".join(problems) if problems else ""))
sys.exit(1 if problems else 0)
PY
  if [ $? -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}
opts=(--warmup 1 --warmup-ms 0 --trials 2)
out=$(mktemp -d)
echo "== gpu-faults: an illegal address in tiny_attention's compiled kernel"
"$runner" "${names[@]/#/$dir/fault/}" "${opts[@]}" --out "$out/fault.jsonl" > "$out/fault.log" 2>&1
check fault $? "$out/fault.jsonl" tiny_attention "ILLEGAL_ADDRESS|device fault"
echo "== gpu-faults: device memory exhausted at load (tiny_convnet asks for 1 PiB)"
"$runner" "${names[@]/#/$dir/oom/}" "${opts[@]}" --out "$out/oom.jsonl" > "$out/oom.log" 2>&1
check oom $? "$out/oom.jsonl" tiny_convnet "out of memory|OUT_OF_MEMORY"
echo "== gpu-faults: no driver (GN_LIBCUDA names no file)"
GN_LIBCUDA=/nonexistent/libcuda.so.1 "$runner" "${names[@]/#/$dir/fault/}" "${opts[@]}" \
  --out "$out/nodriver.jsonl" > "$out/nodriver.log" 2>&1
rc=$?
echo "  exit status $rc; $(tail -1 "$out/nodriver.log")"
if [ $rc -ne 0 ] && [ $rc -lt 128 ] && grep -qi "libcuda\|driver" "$out/nodriver.log"; then
  echo "PASS nodriver: a clear error and exit $rc, no crash"; pass=$((pass + 1))
else
  echo "FAIL nodriver: exit $rc"; tail -5 "$out/nodriver.log"; fail=$((fail + 1))
fi
rm -rf "$out"
echo "gpu-faults: $pass passed, $fail failed"
[ $fail -eq 0 ]

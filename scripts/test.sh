#!/usr/bin/env bash
# Sets up, builds and runs every test: lit/FileCheck suites and GoogleTest.
# Ends with a line "N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# GN_SANITIZE=address,undefined: the whole suite on an instrumented build
# (build-sanitize); any AddressSanitizer or UBSan report fails its test.
build=${GN_BUILD_DIR:-$root/build${GN_SANITIZE:+-sanitize}}
export GN_BUILD_DIR=$build  # the check scripts below use the same build
if [ -n "${GN_SANITIZE:-}" ]; then
  # Leaks are not checked: MLIR contexts and LLVM's statics live until exit.
  # allow_user_poisoning=0: LLVM's headers poison allocator slabs in
  # instrumented code that the uninstrumented libLLVM then touches.
  # handle_segv=0: the crash tests raise SIGSEGV on purpose and check that
  # the signal is recorded as such.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:allow_user_poisoning=0:handle_segv=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
fi
"$root/scripts/install-deps.sh" || exit 1
"$root/scripts/build.sh" || exit 1
echo "-- install-deps and build: $SECONDS s"

passed=0 failed=0
# Each section's wall time, printed when the next begins (CI's budget is
# read from these lines).
section_start=$SECONDS section_name=""
section() {
  [ -n "$section_name" ] && echo "-- $section_name: $((SECONDS - section_start)) s"
  section_name=$1 section_start=$SECONDS
  [ -n "$1" ] && echo "== $1 =="
}
section "lit"
lit_out=$(/usr/lib/llvm-22/bin/lit -v "$build/test" 2>&1)
lit_rc=$?
echo "$lit_out" | grep -E "^(PASS|FAIL|XFAIL|UNSUPPORTED|UNRESOLVED)|Failed Tests|Total|Passed|Failed" || true
[ $lit_rc -ne 0 ] && echo "$lit_out" | tail -60
lp=$(echo "$lit_out" | grep -cE "^PASS: ")
lf=$(echo "$lit_out" | grep -cE "^(FAIL|UNRESOLVED): ")
passed=$((passed + lp)); failed=$((failed + lf))
[ $lit_rc -ne 0 ] && [ "$lf" -eq 0 ] && failed=$((failed + 1))

section "unit (GoogleTest)"
# With the GraphNet samples at hand, the parser test also parses all of them.
if [ -z "${GN_GRAPHNET_SAMPLES:-}" ] && gn_dir=$("$root/scripts/graphnet-dir.sh" 2>/dev/null); then
  GN_GRAPHNET_SAMPLES="$gn_dir/samples" && export GN_GRAPHNET_SAMPLES
fi
unit_out=$("$build/test/unit/gn-unit-tests" 2>&1)
unit_rc=$?
echo "$unit_out" | grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests ran" || true
[ $unit_rc -ne 0 ] && echo "$unit_out" | grep -B2 -A10 "Failure" | head -80
up=$(echo "$unit_out" | grep -cE "^\[       OK \]")
uf=$(echo "$unit_out" | grep -cE "^\[  FAILED  \] [A-Za-z]+\.")
passed=$((passed + up)); failed=$((failed + uf))
[ $unit_rc -ne 0 ] && [ "$uf" -eq 0 ] && failed=$((failed + 1))

# Interpreter and compiler vs PyTorch goldens: real GraphNet samples (from
# ../shared) and per-op cases (committed under test/goldens/ops); vs
# PaddlePaddle goldens: per-op cases under test/goldens/paddle-ops.
# "cuda-forms": the compiled side with the loop nests, attention kernel,
# banded GEMMs and launch merging of gn-cuda-pipeline, run on the CPU (no GPU
# needed).
cuda_forms="parallel-copy-loops=true attention-kernels=true band-gemms=true merge-launches=true depthwise-kernels=true rank-kernels=true"
for check in "check-sample-goldens.sh eager" "check-op-goldens.sh eager" \
             "check-sample-goldens.sh compiled" "check-op-goldens.sh compiled" \
             "check-sample-goldens.sh compiled torch cuda-forms" \
             "check-op-goldens.sh compiled torch cuda-forms" \
             "check-op-goldens.sh eager paddle" "check-op-goldens.sh compiled paddle" \
             "check-op-goldens.sh compiled paddle cuda-forms"; do
  read -r script side framework forms <<< "$check"
  section "$check"
  opts=""
  [ "${forms:-}" = cuda-forms ] && opts=$cuda_forms
  out=$(GN_PIPELINE_OPTIONS="$opts" "$root/test/tools/$script" "$side" ${framework:-} 2>&1)
  rc=$?
  echo "$out" | grep -vE "^pass " | tail -40
  line=$(echo "$out" | grep -E "^[0-9]+ passed, [0-9]+ failed$" | tail -1)
  gp=$(echo "$line" | awk '{print $1}'); gf=$(echo "$line" | awk '{print $3}')
  passed=$((passed + ${gp:-0})); failed=$((failed + ${gf:-0}))
  [ $rc -ne 0 ] && [ "${gf:-0}" -eq 0 ] && failed=$((failed + 1))
done

# PTX of every op case and shipped sample, lowered by gn-cuda-pipeline,
# checked by ptxas (no GPU needed). Without ptxas: a loud skip.
section "check-ptx-ops.sh"
out=$("$root/test/tools/check-ptx-ops.sh" 2>&1)
rc=$?
if [ $rc -eq 2 ]; then
  echo "$out" | tail -3
  echo "SKIPPED: ptxas not found, the CUDA codegen was not checked"
else
  echo "$out" | tail -20
  line=$(echo "$out" | grep -E "^[0-9]+ passed, [0-9]+ failed$" | tail -1)
  gp=$(echo "$line" | awk '{print $1}'); gf=$(echo "$line" | awk '{print $3}')
  passed=$((passed + ${gp:-0})); failed=$((failed + ${gf:-0}))
  [ $rc -ne 0 ] && [ "${gf:-0}" -eq 0 ] && failed=$((failed + 1))
fi

# libFuzzer on the readers (parser, meta files, whole importer, gn IR),
# a short bounded run per target on the seed corpora and kept regressions
# (dev/fuzz.sh SECONDS for longer runs). Not under GN_SANITIZE: the
# fuzz build is instrumented already.
if [ -z "${GN_SANITIZE:-}" ]; then
  section "fuzz.sh ${GN_FUZZ_SECONDS:-15}"
  out=$(GN_FUZZ_SEED=${GN_FUZZ_SEED:-1} "$root/dev/fuzz.sh" "${GN_FUZZ_SECONDS:-15}" 2>&1)
  rc=$?
  if [ $rc -eq 77 ]; then
    echo "$out" | tail -1
  else
    echo "$out" | grep -E "^(pass|FAIL)|ERROR|SUMMARY|runtime error|error:" | head -40
    line=$(echo "$out" | grep -E "^[0-9]+ passed, [0-9]+ failed$" | tail -1)
    gp=$(echo "$line" | awk '{print $1}'); gf=$(echo "$line" | awk '{print $3}')
    passed=$((passed + ${gp:-0})); failed=$((failed + ${gf:-0}))
    [ $rc -ne 0 ] && [ "${gf:-0}" -eq 0 ] && failed=$((failed + 1))
  fi
fi

# The Python module (gn._gn and gn/*.py, assembled in the build tree).
section "pytest python-bindings"
if [ -f "$build/python/gn/__init__.py" ]; then
  # An instrumented module needs the sanitizer runtimes loaded first.
  preload=""
  [ -n "${GN_SANITIZE:-}" ] && preload="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
  py_out=$(cd "$build" && LD_PRELOAD="$preload" PYTHONPATH="$build/python" /usr/bin/python3 -m pytest -q \
    "$root/python-bindings/tests" 2>&1)
  py_rc=$?
  echo "$py_out" | tail -15
  pp=$(echo "$py_out" | grep -oE "[0-9]+ passed" | awk '{print $1}')
  pf=$(echo "$py_out" | grep -oE "[0-9]+ failed" | awk '{print $1}')
  passed=$((passed + ${pp:-0})); failed=$((failed + ${pf:-0}))
  [ $py_rc -ne 0 ] && [ "${pf:-0}" -eq 0 ] && failed=$((failed + 1))
else
  echo "FAILED: the Python module was not built (pybind11-dev, python3-dev missing?)"
  failed=$((failed + 1))
fi

# gn-eval report rendered in headless Chromium: curves, boxes and tables are
# on the page (skipped loudly without chromium).
section "check-report.sh"
rtmp=$(mktemp -d)
"$build/bin/gn-eval" run "$root"/samples/tiny_*/ --trials 2 --out "$rtmp/gn.jsonl" \
  --graphnet-log "$rtmp/gn.log" > /dev/null 2>&1
"$build/bin/gn-eval" report gn=$rtmp/gn.jsonl gn-via-graphnet-log=$rtmp/gn.log \
  "$root/test/Eval/Inputs/graphnet-other-compiler.log" -o "$rtmp/report.html" > /dev/null
out=$("$root/test/tools/check-report.sh" "$rtmp/report.html" "$rtmp/report.png" 3 2>&1)
rc=$?
echo "$out"
if [ $rc -eq 77 ]; then
  :
elif [ $rc -eq 0 ]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
rm -rf "$rtmp"

section ""
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

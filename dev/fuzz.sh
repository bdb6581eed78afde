#!/usr/bin/env bash
# Fuzzes gn's readers with libFuzzer (issue 21): the restricted-Python
# parser, the meta-file reader, the whole GraphNet importer on a sample
# folder written from the input, the gn dialect's textual IR, and gn's CPU
# and CUDA pipelines on IR that verifies (issue 44). Builds the
# targets with clang-22, AddressSanitizer and UBSan in build-fuzz (ccache),
# then runs each for SECONDS on its seed corpus (test/fuzz/corpus/<target>)
# plus the kept regression inputs (test/fuzz/regressions/<target>). New
# inputs go to build-fuzz/corpus/<target>; a crash, hang or sanitizer report
# is saved under build-fuzz/crashes/<target>/ and fails the run.
#
# Two more targets fuzz the compiler differentially (issue 41): random valid
# gn graphs (test/fuzz/graphgen.py) compiled by gn-cpu-pipeline (diff-cpu)
# or in the CUDA kernels' forms run on the CPU (diff-cuda), each compared
# with the interpreter at t = -5 by test/fuzz/fuzz_diff.py, with the
# release gn-eval of the build folder (GN_BUILD_DIR, default build/). A
# finding is shrunk and kept under build-fuzz/diff/<class>/.
#
# usage: dev/fuzz.sh [SECONDS] [python|meta|sample|ir|pipeline|diff-cpu|diff-cuda ...]
#        (default 60, all)
# GN_FUZZ_CPU=1: SECONDS are CPU seconds of each libFuzzer process (user +
# system, all threads, read from /proc), not wall time: the run is stopped
# with SIGINT once it has used them, so a target sharing its cores with other
# work still gets the whole budget (issue 44's CPU-hours). Wall time is capped
# at 4x SECONDS.
# GN_FUZZ_SEED=N fixes libFuzzer's seed and the first graph seed (scripts/test.sh:
# 1, so CI replays the same mutations and graphs; 0, the default here: a new
# seed each run).
# Ends with "N passed, N failed" (one per target); the libFuzzer targets are
# skipped without clang-22 (exit 77 when nothing else ran).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(python meta sample ir pipeline diff-cpu diff-cuda)
build=${GN_FUZZ_BUILD_DIR:-$root/build-fuzz}
passed=0 failed=0
# report TARGET RC PASS_TEXT FAIL_TEXT DETAIL_CMD...: one pass/FAIL line, the
# detail command's output under a failure, and the counts.
report() {
  local t=$1 rc=$2 ok=$3 bad=$4
  shift 4
  if [ "$rc" -eq 0 ]; then
    echo "pass gn-fuzz-$t: $ok"
    passed=$((passed + 1))
  else
    echo "FAIL gn-fuzz-$t (exit $rc): $bad"
    "$@"
    failed=$((failed + 1))
  fi
}

# The differential targets first: they need only the release build.
libfuzzer=()
for t in "${targets[@]}"; do
  case "$t" in
    diff-cpu|diff-cuda)
      form=cpu; [ "$t" = diff-cuda ] && form=cuda-forms
      seed=${GN_FUZZ_SEED:-0}; [ "$seed" = 0 ] && seed=$((RANDOM * 32768 + RANDOM))
      echo "== gn-fuzz-$t: $seconds s, graph seeds from $seed =="
      log=$build/fuzz-$t.log
      mkdir -p "$build"
      /usr/bin/python3 "$root/test/fuzz/fuzz_diff.py" --gn-eval "${GN_BUILD_DIR:-$root/build}/bin/gn-eval" \
        --form "$form" --seconds "$seconds" --seed "$seed" --out "$build/diff" > "$log" 2>&1
      rc=$?
      summary=$(tail -1 "$log")
      report "$t" $rc "$summary" "$summary" sh -c "grep -A1 '^FOUND' '$log' | head -20" ;;
    *) libfuzzer+=("$t") ;;
  esac
done
targets=("${libfuzzer[@]}")
[ ${#targets[@]} -eq 0 ] && { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

clang=/usr/lib/llvm-22/bin/clang++
if [ ! -x "$clang" ] || ! ls /usr/lib/llvm-22/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "SKIPPED: clang-22 with libFuzzer not found (apt install clang-22 libclang-rt-22-dev)"
  [ $((passed + failed)) -eq 0 ] && exit 77
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]; exit
fi
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache}
# Line tables only: sanitizer reports still name file and line, and the
# instrumented build (all of gn's libraries once more, in CI too) compiles
# and links faster than with full debug info.
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" -DCMAKE_C_COMPILER=/usr/lib/llvm-22/bin/clang \
    -DCMAKE_CXX_COMPILER="$clang" -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DGN_SANITIZE=address,undefined -DGN_FUZZ=ON > "$build.configure.log" 2>&1 ||
    { cat "$build.configure.log"; exit 1; }
fi
# One build at a time: several fuzz.sh runs may share build-fuzz.
flock "$build/.build.lock" cmake --build "$build" --target "${targets[@]/#/gn-fuzz-}" || exit 1

# allow_user_poisoning=0: LLVM's headers poison allocator slabs in
# instrumented code that the uninstrumented libLLVM then touches.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
for t in "${targets[@]}"; do
  work=$build/corpus/$t crashes=$build/crashes/$t
  mkdir -p "$work" "$crashes" "$root/test/fuzz/regressions/$t"
  echo "== gn-fuzz-$t: $seconds s =="
  log=$build/fuzz-$t.log
  before=$(ls -A "$crashes" | wc -l)
  wall=$seconds
  [ "${GN_FUZZ_CPU:-0}" = 1 ] && wall=$((4 * seconds))
  start=$(date +%s)
  "$build/bin/gn-fuzz-$t" -max_total_time="$wall" -timeout=10 -rss_limit_mb=4096 \
    -seed="${GN_FUZZ_SEED:-0}" -interrupted_exit_code=72 \
    -max_len=65536 -dict="$root/test/fuzz/gn.dict" -artifact_prefix="$crashes/" \
    -print_final_stats=1 "$work" "$root/test/fuzz/corpus/$t" "$root/test/fuzz/regressions/$t" \
    > "$log" 2>&1 &
  pid=$!
  cpu=0
  if [ "${GN_FUZZ_CPU:-0}" = 1 ]; then
    ticks=$(getconf CLK_TCK)
    while kill -0 "$pid" 2>/dev/null; do
      # Fields 14 and 15 of /proc/PID/stat: user and system ticks, all threads
      # (the command name, field 2, has no spaces here).
      cpu=$(awk -v t="$ticks" '{print int(($14 + $15) / t)}' "/proc/$pid/stat" 2>/dev/null || echo "$cpu")
      if [ "$cpu" -ge "$seconds" ]; then kill -INT "$pid"; break; fi
      sleep 5
    done
  fi
  wait "$pid"
  rc=$?
  # Stopped by us after its CPU budget: a clean end, unless it left a crash
  # (an interrupt from anyone else stays a failure).
  if [ "${GN_FUZZ_CPU:-0}" = 1 ]; then
    [ $rc -eq 72 ] && [ "$cpu" -ge "$seconds" ] && [ "$(ls -A "$crashes" | wc -l)" -eq "$before" ] && rc=0
    used=", cpu ${cpu} s"
  fi
  echo "wall $(( $(date +%s) - start )) s${used:-}" >> "$log"
  execs=$(grep -oE "stat::number_of_executed_units: [0-9]+" "$log" | awk '{print $2}')
  report "$t" $rc "${execs:-?} executions, $(tail -1 "$log"), no crash" "see $log; inputs in $crashes" \
    sh -c "grep -E 'ERROR|SUMMARY|runtime error|Test unit written' '$log' | head -10"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

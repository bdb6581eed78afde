#!/usr/bin/env bash
# The main job on the shipped samples/: sets up, builds, evaluates every
# sample (import, inputs, eager and "compiled" runs, compare, time) and prints
# the S(t)/ES(t) table. Until gn's compiler exists (issue 6) the compiled side
# is the interpreter again (--compiler nope); pass other gn-eval run options
# after the sample folders, e.g. `scripts/run-samples.sh samples/* --trials 10`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" gn-translate gn-opt gn-eval
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ $# -eq 0 ]; then set -- "$root"/samples/*/; fi
"$build/bin/gn-eval" run "$@" --compiler nope --out "$out/results.jsonl"
echo
"$build/bin/gn-eval" score "$out/results.jsonl"

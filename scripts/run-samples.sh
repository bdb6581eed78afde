#!/usr/bin/env bash
# The main job on the shipped samples/: sets up, builds, evaluates every
# sample (import, inputs, eager run, gn-cpu-pipeline compile and compiled
# run, compare, time) and prints the S(t)/ES(t) table of gn compiled against
# gn eager. Pass other gn-eval run options after the sample folders, e.g.
# `scripts/run-samples.sh samples/*/ --trials 10` or `... --compiler nope`
# (the harness self-check: the interpreter on both sides).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" gn-translate gn-opt gn-eval
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ $# -eq 0 ]; then set -- "$root"/samples/*/; fi
"$build/bin/gn-eval" run "$@" --out "$out/results.jsonl"
echo
"$build/bin/gn-eval" score "$out/results.jsonl"

#!/usr/bin/env bash
# The main job on the shipped samples/: sets up, builds, imports every sample
# and prints the summary table. (Evaluation and scoring come with gn-eval.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" gn-translate gn-opt
"$build/bin/gn-translate" --import-graphnet --coverage "${@:-$root/samples}"

#!/usr/bin/env bash
# Configures (once) and builds gn (or the given targets) into ${GN_BUILD_DIR:-build} with Ninja and ccache.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GN_BUILD_DIR:-$root/build}
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache}
if [ ! -f "$build/build.ninja" ]; then
  linker=()
  command -v ld.lld >/dev/null && linker=(-DLLVM_USE_LINKER=lld)
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit "${linker[@]}"
fi
if [ $# -gt 0 ]; then
  cmake --build "$build" --target "$@"
else
  cmake --build "$build"
fi

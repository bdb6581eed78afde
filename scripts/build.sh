#!/usr/bin/env bash
# Configures (once) and builds gn (or the given targets) into ${GN_BUILD_DIR:-build} with Ninja and ccache.
# With GN_SANITIZE (e.g. address,undefined): into build-sanitize, instrumented.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# GN_SANITIZE=address,undefined: an instrumented build of its own (build-sanitize).
sanitize=${GN_SANITIZE:-}
build=${GN_BUILD_DIR:-$root/build${sanitize:+-sanitize}}
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache}
if [ ! -f "$build/build.ninja" ]; then
  linker=()
  command -v ld.lld >/dev/null && linker=(-DLLVM_USE_LINKER=lld)
  # Instrumented builds at -O1: GCC's AddressSanitizer at -O3 takes hours
  # on MLIR's templates here, and -O1 keeps stack traces readable.
  [ -n "$sanitize" ] && linker+=(-DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG")
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit -DGN_SANITIZE="$sanitize" "${linker[@]}"
fi
if [ $# -gt 0 ]; then
  cmake --build "$build" --target "$@"
else
  cmake --build "$build"
fi

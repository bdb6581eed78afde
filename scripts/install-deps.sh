#!/usr/bin/env bash
# Installs gn's build and test dependencies from Debian (idempotent).
set -euo pipefail
pkgs=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools cmake ninja-build ccache g++ lld
      libgtest-dev libbenchmark-dev python3 python3-numpy nlohmann-json3-dev
      libdnnl-dev libopenblas-dev
      pybind11-dev python3-dev python3-pytest  # the gn Python module and its tests
      chromium  # renders gn-eval report's HTML in test/tools/check-report.sh
      clang-22 libclang-rt-22-dev libomp-22-dev)  # libFuzzer targets (dev/fuzz.sh)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all dependencies present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null

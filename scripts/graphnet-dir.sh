#!/usr/bin/env bash
# Prints the folder that holds GraphNet's samples/ (torch) and paddle_samples/,
# for the scripts that run over the dataset. In order:
#   GN_GRAPHNET_ROOT   a GraphNet checkout (or any folder with samples/ in it);
#   GN_SHARED_DIR/graphnet (default ../shared/graphnet beside the repository):
#                      the team's sample archives, unpacked once into
#                      GN_GRAPHNET_DIR (default ~/.cache/gn/graphnet).
# Exits 1 with a message naming both when neither is there.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${GN_GRAPHNET_ROOT:-}" ]; then
  if [ ! -d "$GN_GRAPHNET_ROOT/samples" ]; then
    echo "graphnet-dir: GN_GRAPHNET_ROOT=$GN_GRAPHNET_ROOT has no samples/ folder" >&2
    exit 1
  fi
  echo "$GN_GRAPHNET_ROOT"
  exit 0
fi
shared=${GN_SHARED_DIR:-$root/../shared}
if [ -x "$shared/graphnet/unpack.sh" ]; then
  "$shared/graphnet/unpack.sh" "${GN_GRAPHNET_DIR:-$HOME/.cache/gn/graphnet}"
  exit 0
fi
echo "graphnet-dir: no GraphNet samples: set GN_GRAPHNET_ROOT to a GraphNet checkout (with" \
  "samples/ and paddle_samples/), or GN_SHARED_DIR to a folder whose graphnet/ holds the" \
  "archives and unpack.sh (looked in $shared/graphnet)" >&2
exit 1

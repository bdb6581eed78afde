#!/usr/bin/env bash
# Creates (once) the pinned PaddlePaddle (CPU) venv used for Paddle reference
# outputs and side-by-side timings, under $HOME/.cache/gn/paddle-venv. Never
# used by CI (CI checks against committed goldens).
# Usage: scripts/paddle-env.sh python ARGS...   (runs the venv's python)
set -euo pipefail
venv=${GN_PADDLE_VENV:-$HOME/.cache/gn/paddle-venv}
if [ ! -f "$venv/.gn-ready" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --no-deps paddlepaddle==3.3.1
  "$venv/bin/pip" install -q numpy==2.4.6 protobuf==6.33.1 pillow==12.0.0 opt_einsum==3.3.0 \
    networkx==3.6.1 typing_extensions==4.16.0 safetensors==0.7.0 httpx==0.28.1 \
    anyio==4.11.0 certifi==2025.11.12 httpcore==1.0.9 h11==0.16.0 idna==3.11 sniffio==1.3.1
  touch "$venv/.gn-ready"
fi
cmd=${1:-python}
shift || true
exec "$venv/bin/$cmd" "$@"

#!/usr/bin/env bash
# Creates (once) the pinned PaddlePaddle (CPU) venv used for Paddle reference
# outputs and side-by-side timings, under $HOME/.cache/gn/paddle-venv. Never
# used by CI (CI checks against committed goldens).
# numpy stays below 2.4: PaddlePaddle 3.3.1 turns a 1-element tensor given for
# an int-list argument (reshape shape, slice starts/ends, sum axis, tile,
# expand, full_with_tensor shape, set_value_ starts, ...) into an int through
# int(np.array(t)), which numpy 2.4 rejects for 1-D arrays; every such dygraph
# call then fails ("returned a result with an exception set").
# The marker holds the pin list: changing a pin here reinstalls on next use.
# Usage: scripts/paddle-env.sh python ARGS...   (runs the venv's python)
set -euo pipefail
venv=${GN_PADDLE_VENV:-$HOME/.cache/gn/paddle-venv}
paddle_pin="paddlepaddle==3.3.1"
deps="numpy==2.3.5 protobuf==6.33.1 pillow==12.0.0 opt_einsum==3.3.0 networkx==3.6.1 \
typing_extensions==4.16.0 safetensors==0.7.0 httpx==0.28.1 anyio==4.11.0 certifi==2025.11.12 \
httpcore==1.0.9 h11==0.16.0 idna==3.11 sniffio==1.3.1"
stamp="$paddle_pin $deps"
if [ ! -f "$venv/.gn-ready" ] || [ "$(cat "$venv/.gn-ready")" != "$stamp" ]; then
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q --no-deps "$paddle_pin"
  # shellcheck disable=SC2086 # $deps is a word list on purpose
  "$venv/bin/pip" install -q $deps
  printf '%s' "$stamp" >"$venv/.gn-ready"
fi
cmd=${1:-python}
shift || true
exec "$venv/bin/$cmd" "$@"

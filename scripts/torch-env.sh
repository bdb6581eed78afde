#!/usr/bin/env bash
# Creates (once) the pinned PyTorch venv used for reference outputs and
# side-by-side timings, under $HOME/.cache/gn/torch-venv. Never used by CI.
# The PyPI wheel is the CUDA build; on a CPU-only machine it runs on CPU but
# must find its CUDA-side libraries at import, so the few that neither the
# wheel nor /usr/local/cuda provide are installed from PyPI as well.
# Usage: scripts/torch-env.sh python ARGS...   (runs the venv's python)
set -euo pipefail
venv=${GN_TORCH_VENV:-$HOME/.cache/gn/torch-venv}
if [ ! -f "$venv/.gn-ready" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --no-deps torch==2.15.0 nvidia-cusparselt-cu13==0.10.0 \
    nvidia-nvshmem-cu13==3.8.0 nvidia-nccl-cu13==2.32.3 nvidia-cufile==1.20.0.107
  "$venv/bin/pip" install -q numpy==2.4.6 filelock==4.2.11 fsspec==2026.9.0 Jinja2==3.1.6 \
    MarkupSafe==3.0.4 mpmath==1.3.0 networkx==3.6.1 sympy==1.14.0 typing_extensions==4.16.0
  touch "$venv/.gn-ready"
fi
# torchvision for its C ops only (torch.ops.torchvision.*: the op goldens):
# its _C_stable.so is built on torch's stable ABI and loads under torch 2.15.
if [ ! -f "$venv/.gn-torchvision" ]; then
  "$venv/bin/pip" install -q --no-deps torchvision==0.29.2
  touch "$venv/.gn-torchvision"
fi
nv="$venv/lib/python3.11/site-packages/nvidia"
export LD_LIBRARY_PATH="$nv/cu13/lib:$nv/nvshmem/lib:$nv/nccl/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cmd=${1:-python}
shift || true
exec "$venv/bin/$cmd" "$@"

#!/usr/bin/env bash
# Adds (once) the CPU peer systems that bench/bench_torch.py --peers runs
# beside PyTorch eager and Inductor to the pinned PyTorch venv of
# scripts/torch-env.sh (created first if missing): OpenVINO (its
# torch.compile backend "openvino", registered by `import openvino.torch`),
# ONNX Runtime (CPU wheel) and the ONNX exporters' packages (onnx, and
# onnxscript + onnx-ir for torch.onnx's dynamo exporter). Every package,
# dependencies included, is pinned and installed with --no-deps, so nothing
# in the torch venv moves. Its own marker (.gn-peers-ready), so torch-env.sh's
# venv stays as it was for everything else. Never used by CI.
# Usage: scripts/peers-env.sh python ARGS...   (runs the venv's python)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${GN_TORCH_VENV:-$HOME/.cache/gn/torch-venv}
export GN_TORCH_VENV=$venv
if [ ! -f "$venv/.gn-peers-ready" ]; then
  "$root/scripts/torch-env.sh" python -c "" # creates the torch venv when missing
  "$venv/bin/pip" install -q --no-deps openvino==2026.4.1 openvino-telemetry==2025.2.0 \
    onnxruntime==1.32.0 onnx==1.23.2 onnxscript==0.7.2 onnx-ir==1.1.0 ml_dtypes==0.6.0 \
    protobuf==7.36.2 flatbuffers==25.12.19 packaging==26.3
  touch "$venv/.gn-peers-ready"
fi
# torch-env.sh sets the library path the CUDA wheel of torch needs at import.
exec "$root/scripts/torch-env.sh" "$@"

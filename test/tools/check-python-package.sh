#!/usr/bin/env bash
# `pip install ./python-bindings` into a fresh venv (system numpy visible),
# then evaluates a shipped sample through the installed package, from outside
# the source tree. Builds gn's C++ core with CMake through scikit-build-core
# (ccache makes a second run quick). Not in CI: a full build of its own.
#   test/tools/check-python-package.sh [VENV]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${1:-$HOME/.cache/gn/python-package-venv}
"$root/scripts/install-deps.sh"
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/pip" install -q --upgrade pip
CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache} "$venv/bin/pip" install -v "$root/python-bindings" \
  2>&1 | grep -E "^(Successfully|ERROR|error)|Building wheel" || true
cd "$(mktemp -d)"
"$venv/bin/python" - "$root/samples" <<'PY'
import sys
import numpy as np
import gn

samples = sys.argv[1]
m = gn.import_sample(f"{samples}/tiny_convnet")
args = m.synthesize_inputs()
out = gn.compile(m)(*args)
ref = m.run_eager(*args)
assert all(np.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b in zip(out, ref))
records = gn.evaluate([f"{samples}/tiny_mlp", f"{samples}/tiny_paddle_convnet"], trials=2)
assert [r["status"] for r in records] == ["ok", "ok"], records
print("check-python-package: ok:", gn.__file__, "S(-5) =", round(gn.score(records, t=-5)["S"], 4))
PY

# Helper of bench-input-cache.test: checks the input cache against the
# numpy mirror, then that bench_torch_gpu.synthesized reads the cache.
import os
import sys

import numpy as np

root, bundle, cache = sys.argv[1:4]
sys.path.insert(0, os.path.join(root, "bench"))
sys.path.insert(0, os.path.join(root, "python-bindings", "gn"))  # inputs.py alone
os.environ["GN_BENCH_INPUT_CACHE"] = cache
import bench_torch_gpu as b
import inputs as gn_inputs

for name in ("tiny_mlp", "tiny_convnet"):
    specs = b.argument_specs(bundle, name)
    for i, spec, _ in specs.values():
        path = os.path.join(cache, name, f"{i}.npy")
        assert os.path.exists(path), path
        want = gn_inputs.synthesize(spec, 0, i)
        got = np.load(path)
        assert got.dtype == want.dtype and got.shape == want.shape, path
        assert got.tobytes() == want.tobytes(), path
    print(f"{name}: every argument cached, equal to the mirror's")

i, spec, _ = next(iter(b.argument_specs(bundle, "tiny_mlp").values()))
path = os.path.join(cache, "tiny_mlp", f"{i}.npy")
marked = np.full_like(np.load(path), 7)
with open(path, "wb") as f:
    np.save(f, marked)
assert b.synthesized("tiny_mlp", i, spec).tobytes() == marked.tobytes()
print("a cached array is read, not synthesized again")

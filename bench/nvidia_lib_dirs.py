#!/usr/bin/env python3
"""The folders of the NVIDIA libraries (cuBLAS, cuBLASLt, cuDNN) that this
Python environment's wheels carry (PyTorch's), joined by ':': gn's runner
loads them from there on a GPU machine (GN_CUDA_LIBRARY_PATH, and
LD_LIBRARY_PATH for cuDNN's engine libraries). Standard library only."""
import glob
import os
import site

dirs = set()
for sp in site.getsitepackages():
    for lib in glob.glob(os.path.join(sp, "nvidia", "**", "lib*.so*"), recursive=True):
        dirs.add(os.path.dirname(lib))
print(":".join(sorted(dirs)))

# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "GN"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gn_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%gn_src_root", config.gn_src_root))
config.substitutions.append(("%gn_obj_root", config.gn_obj_root))
# numpy comes from Debian's python3-numpy (scripts/install-deps.sh).
config.substitutions.append(("%system_python", "/usr/bin/python3"))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Import", "Inputs")))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.gn_tools_dir, append_path=True)

tool_dirs = [config.gn_tools_dir, config.llvm_tools_dir]
tools = ["gn-opt", "gn-translate", "gn-eval", "gn-cuda-run", "gn-eval-test-hooks",
         "gn-translate-test-hooks"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# ptxas (CUDA toolkit) checks the PTX that gn-cuda-pipeline writes; tests
# that need it say `REQUIRES: ptxas` and are UNSUPPORTED (listed, not
# passed) where it is missing.
cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
ptxas = os.path.join(cuda_home, "bin", "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
# libdevice: gn-cuda-pipeline links math functions (exp, tanh, erf) from it.
if os.path.exists(os.path.join(cuda_home, "nvvm", "libdevice", "libdevice.10.bc")):
    config.available_features.add("cuda-toolkit")
# A usable NVIDIA GPU and driver: gn-eval --device cuda runs on it. Tests
# that need one say `REQUIRES: cuda`.
if os.environ.get("GN_TEST_CUDA") == "1" or os.path.exists("/dev/nvidia0"):
    config.available_features.add("cuda")
config.substitutions.append(("%check_ptx", "/usr/bin/python3 " + os.path.join(config.gn_src_root, "test", "tools", "check-ptx.py")))
# The stand-in CUDA libraries (test/unit/FakeCuda.cpp): point the runtime at
# them with `env GN_LIBCUDA=%fake_cuda/libcuda.so.1 GN_CUDA_LIBRARY_PATH=%fake_cuda`.
config.substitutions.append(("%fake_cuda", os.path.join(config.gn_obj_root, "test", "fake-cuda")))

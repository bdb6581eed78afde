"""The program cache (gn.compile_sample, gn-eval compile --cache-dir) and gn's
runtime without its compiler, against the stand-in CUDA driver (see
test_cuda.py)."""
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import gn
import gn.cuda
from test_cuda import FAKE, ROOT, SWITCHES, FakeDevice

pytestmark = pytest.mark.skipif(not os.path.exists(SWITCHES["driver"]),
                                reason="the stand-in CUDA driver is not built")
GEMMS = os.path.join(ROOT, "test", "GPU", "Inputs", "gemm-rows.mlir")
BUILD = os.path.dirname(os.path.dirname(os.path.dirname(gn.__file__)))
PYTHONPATH = os.path.dirname(os.path.dirname(gn.__file__))


def run_python(code, env=None):
    """`code` in a fresh Python with gn on its path; its stdout."""
    full = dict(os.environ, PYTHONPATH=PYTHONPATH, **(env or {}))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full,
                       timeout=300, cwd=os.path.join(ROOT, "python-bindings", "tests"))
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_second_compile_loads_from_the_cache(tmp_path):
    cache = str(tmp_path / "cache")
    first = gn.compile_sample(GEMMS, device="cuda", switches=SWITCHES, cache_dir=cache)
    assert first.cache["hit"] is False and len(first.cache["key"]) == 64
    assert os.path.exists(first.cache["path"])
    assert os.path.exists(os.path.join(os.path.dirname(first.cache["path"]), "meta.json"))
    again = gn.compile_sample(GEMMS, device="cuda", switches=SWITCHES, cache_dir=cache)
    assert again.cache["hit"] is True and again.cache["key"] == first.cache["key"]
    # The key is what the runtime computes from the same source and options.
    assert gn.cache_key(GEMMS, "", SWITCHES) == first.cache["key"]
    # Both run the same program: the stand-in's GEMMs give the interpreter's results.
    m = gn.parse_mlir(open(GEMMS).read())
    args = m.synthesize_inputs()
    for f in (first, again):
        for got, want in zip(f(*args), m.run_eager(*args)):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    # Other options, another key: compiled anew.
    other = gn.compile_sample(GEMMS, device="cuda", switches=SWITCHES, cache_dir=cache,
                              pipeline_options="block-threads=128")
    assert other.cache["hit"] is False and other.cache["key"] != first.cache["key"]


def test_a_second_process_loads_instead_of_compiling(tmp_path):
    cache = str(tmp_path / "cache")
    gn.compile_sample(GEMMS, device="cuda", switches=SWITCHES, cache_dir=cache)
    out = run_python(
        "import gn, json\n"
        f"f = gn.compile_sample({GEMMS!r}, device='cuda', switches={SWITCHES!r}, "
        f"cache_dir={cache!r})\n"
        "print(json.dumps(f.cache))\n")
    import json

    cache_info = json.loads(out)
    assert cache_info["hit"] is True
    assert cache_info["seconds"] < 5


def test_a_changed_sample_is_a_miss(tmp_path):
    cache = str(tmp_path / "cache")
    sample = tmp_path / "tiny_mlp"
    shutil.copytree(os.path.join(ROOT, "samples", "tiny_mlp"), sample)
    key = gn.compile_sample(str(sample), device="cuda", switches=SWITCHES,
                            cache_dir=cache).cache["key"]
    with open(sample / "weight_meta.py", "a") as f:
        f.write("\n# changed\n")
    again = gn.compile_sample(str(sample), device="cuda", switches=SWITCHES, cache_dir=cache)
    assert again.cache["hit"] is False and again.cache["key"] != key


def test_the_cpu_caches_nothing_and_says_why(tmp_path):
    f = gn.compile_sample(os.path.join(ROOT, "samples", "tiny_mlp"), device="cpu",
                          cache_dir=str(tmp_path))
    assert f.cache["hit"] is False and f.cache["key"] == ""
    assert "writes no programs that stand alone" in f.cache["uncached"]


# A gn without its compiler (gn._gn cannot load: no LLVM on a GPU machine),
# made here by refusing the import.
NO_COMPILER = (
    "import sys, importlib.abc\n"
    "class NoCompiler(importlib.abc.MetaPathFinder):\n"
    "    def find_spec(self, name, path, target=None):\n"
    "        if name == 'gn._gn':\n"
    "            raise ImportError('libLLVM.so.22.1: cannot open shared object file')\n"
    "sys.meta_path.insert(0, NoCompiler())\n"
    "import gn, gn.cuda, json\n"
    "assert not gn.HAVE_COMPILER\n")


def test_runtime_only_runs_programs_compiled_elsewhere(tmp_path):
    cache = str(tmp_path / "cache")
    made = gn.compile_sample(GEMMS, device="cuda", switches=SWITCHES, cache_dir=cache)
    out = run_python(
        NO_COMPILER +
        "from test_cuda import FakeDevice\n"
        f"f = gn.compile_sample({GEMMS!r}, device='cuda', switches={SWITCHES!r}, "
        f"cache_dir={cache!r})\n"
        "print(json.dumps(f.cache))\n"
        "d = FakeDevice()\n"
        "import numpy as np\n"
        "rng = np.random.default_rng(0)\n"
        "args = [rng.standard_normal(a['shape']).astype(a['dtype']) for a in f.arguments]\n"
        "outs = [d.empty(r['shape'], r['dtype']) for r in f.results]\n"
        "gn.cuda.run(f, [d.array(a) for a in args], outs)\n"
        "f.synchronize()\n"
        "host = f(*args)\n"
        "for o, r, h in zip(outs, f.results, host):\n"
        "    np.testing.assert_allclose(d.read(o, r['shape'], r['dtype']), h, rtol=1e-6)\n"
        # gn.cuda.Caller: the address arrays kept from call to call.
        "call, outs2 = gn.cuda.Caller(f), [d.empty(r['shape'], r['dtype']) for r in f.results]\n"
        "dargs = [d.array(a) for a in args]\n"
        "for _ in range(2):\n"
        "    call(dargs, outs2)\n"
        "    f.synchronize()\n"
        "    for o, r, h in zip(outs2, f.results, host):\n"
        "        np.testing.assert_allclose(d.read(o, r['shape'], r['dtype']), h, rtol=1e-6)\n"
        "print(json.dumps(f.binding))\n")
    cache_info, binding = out.strip().splitlines()
    assert '"hit": true' in cache_info and made.cache["key"] in cache_info
    # The Caller's arguments sit at new addresses: one more load, then read
    # in place.
    assert '"loads": 2' in binding


def test_runtime_only_miss_names_the_key(tmp_path):
    cache = str(tmp_path / "empty")
    key = gn.cache_key(GEMMS, "", SWITCHES)
    p = subprocess.run(
        [sys.executable, "-c", NO_COMPILER +
         f"gn.compile_sample({GEMMS!r}, device='cuda', switches={SWITCHES!r}, "
         f"cache_dir={cache!r})\n"],
        capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=PYTHONPATH), timeout=300)
    assert p.returncode != 0
    assert f"no program in the cache for '{GEMMS}' (key {key}" in p.stderr
    assert "gn-eval compile --cache-dir" in p.stderr


def test_gn_eval_compile_fills_the_cache(tmp_path):
    cache = str(tmp_path / "cache")
    sample = os.path.join(ROOT, "samples", "tiny_mlp")
    gn_eval = os.path.join(BUILD, "bin", "gn-eval")
    p = subprocess.run([gn_eval, "compile", sample, "--device", "cuda", "-o",
                        str(tmp_path / "out"), "--log", str(tmp_path / "log.jsonl"),
                        "--cache-dir", cache], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    key = gn.cache_key(sample, "", SWITCHES)
    assert key in open(tmp_path / "log.jsonl").read()
    f = gn.compile_sample(sample, device="cuda", switches=SWITCHES, cache_dir=cache)
    assert f.cache["hit"] is True and f.cache["key"] == key


def test_a_bundle_cache_points_at_its_programs_and_moves_with_them(tmp_path):
    # gn-eval compile --cache-link: each entry names the compiled.json it
    # wrote (relative), as a GPU bundle carries them; the pair still works
    # copied elsewhere, and a sample copied with its files has the same key.
    bundle = tmp_path / "bundle"
    sample = os.path.join(ROOT, "samples", "tiny_mlp")
    gn_eval = os.path.join(BUILD, "bin", "gn-eval")
    p = subprocess.run([gn_eval, "compile", sample, "--device", "cuda", "-o",
                        str(bundle / "artifacts"), "--log", str(tmp_path / "log.jsonl"),
                        "--cache-dir", str(bundle / "cache"), "--cache-link"],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    key = gn.cache_key(sample, "", SWITCHES)
    entry = bundle / "cache" / key
    assert not (entry / "program.json").exists()
    assert open(entry / "program.path").read().strip() == "../../artifacts/tiny_mlp/compiled.json"
    moved = tmp_path / "moved"
    shutil.copytree(bundle, moved)
    shutil.copytree(sample, moved / "samples" / "tiny_mlp")
    found = gn.find_cached_program(key, str(moved / "cache"))
    assert found and os.path.samefile(found, moved / "artifacts" / "tiny_mlp" / "compiled.json")
    f = gn.compile_sample(str(moved / "samples" / "tiny_mlp"), device="cuda", switches=SWITCHES,
                          cache_dir=str(moved / "cache"))
    assert f.cache["hit"] is True
    assert gn.find_cached_program("0" * 64, str(moved / "cache")) is None


def test_each_graphnet_variant_is_its_own_program(tmp_path):
    # GraphNet's dtype and shape channels: a variant is compiled at its own
    # types and sizes and kept under its own key, which the runtime computes
    # the same way; the variant's program runs at the variant's shapes.
    cache = str(tmp_path / "cache")
    shapes = os.path.join(ROOT, "test", "Eval", "Inputs", "shape_variant")
    dtypes = os.path.join(ROOT, "test", "Eval", "Inputs", "dtype_variant")
    as_extracted = gn.compile_sample(shapes, device="cuda", switches=SWITCHES, cache_dir=cache)
    second = gn.compile_sample(shapes, device="cuda", switches=SWITCHES, cache_dir=cache,
                               shape_variant=1)
    assert second.cache["hit"] is False and second.cache["key"] != as_extracted.cache["key"]
    assert gn.cache_key(shapes, "", SWITCHES, shape_variant=1) == second.cache["key"]
    again = gn.compile_sample(shapes, device="cuda", switches=SWITCHES, cache_dir=cache,
                              shape_variant=1)
    assert again.cache["hit"] is True
    m = gn.import_sample(shapes, shape_variant=1)
    args = m.synthesize_inputs()
    assert args[0].shape == (4, 16)
    # (The stand-in driver runs no PTX: the outputs' shapes are what it shows.)
    got, want = again(*args), m.run_eager(*args)
    assert [g.shape for g in got] == [w.shape for w in want]
    half = gn.compile_sample(dtypes, device="cuda", switches=SWITCHES, cache_dir=cache,
                             dtype="float16")
    assert half.cache["key"] == gn.cache_key(dtypes, "", SWITCHES, dtype="float16")
    assert half.cache["key"] != gn.cache_key(dtypes, "", SWITCHES)
    with pytest.raises(gn.GnError, match="dtype must be float32, float16 or bfloat16"):
        gn.cache_key(dtypes, "", SWITCHES, dtype="half")


def test_gn_eval_compile_stores_the_one_program_a_runtime_only_gn_finds(tmp_path):
    # gn-eval compile --shapes N (one program): compiled once with the
    # sample's symbolic dims, stored under its symbolic key, which a gn
    # without its compiler computes the same way and runs at any shape.
    cache = str(tmp_path / "cache")
    sample = os.path.join(ROOT, "test", "Eval", "Inputs", "shape_variant")
    gn_eval = os.path.join(BUILD, "bin", "gn-eval")
    p = subprocess.run([gn_eval, "compile", sample, "--shapes", "2", "--device", "cuda", "-o",
                        str(tmp_path / "out"), "--log", str(tmp_path / "log.jsonl"),
                        "--cache-dir", cache], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    key = gn.cache_key(sample, "", SWITCHES, symbolic=True)
    assert open(tmp_path / "log.jsonl").read().count(key) == 2
    out = run_python(
        NO_COMPILER +
        f"f = gn.compile_sample({sample!r}, device='cuda', switches={SWITCHES!r}, "
        f"cache_dir={cache!r}, symbolic=True)\n"
        "print(f.cache['hit'], f.cache['key'], f.arguments[0]['shape'])\n"
        "print(f.bind([[3, 7], [64, 8], [1, 64]]))\n")
    assert f"True {key} [-1, -1]" in out
    assert "[{'shape': [3, 7, 2, 4], 'dtype': 'float32'}, {'shape': [3, 7], 'dtype': 'int64'}, " \
           "{'shape': [7], 'dtype': 'int64'}]" in out

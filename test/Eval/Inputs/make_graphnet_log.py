"""Writes graphnet-other-compiler.log: a GraphNet harness log as its torch
runner prints it for five samples of some other compiler (correct, accuracy
miss at t = -5, eager failure, a compiled failure printed the torch runner's
way, a runtime error after the comparison). Regenerate with
    python3 make_graphnet_log.py > graphnet-other-compiler.log
"""
import json

P = "graph-net-test-compiler-log"


def pairs():
    # test_compiler_util.calculate_tolerance_pair(-10, 5), in its order.
    for t in range(-10, 6):
        for rtol, atol in ((10 ** (t * 3 / 5), 10 ** t), (10 ** (t * 1.796 / 5), 10 ** t),
                           (10 ** (t * 5.886 / 5), 10 ** t), (10 ** (t * 7 / 5), 10 ** (t * 7 / 5))):
            yield t, float(f"{atol:.3g}"), float(f"{rtol:.3g}")


def head(path, model):
    print(f"{P} [Processing] {path}")
    for k, v in (("model", model), ("device", "cuda"), ("hardware", "NVIDIA H100 80GB HBM3"),
                 ("compiler", "inductor"), ("warmup", 3), ("trials", 5),
                 ("compile_framework_version", "2.11.0+cu130")):
        print(f"{P} [Config] {k}: {v}")


def compared(dtypes, passes_from, speedup, extra=None):
    print(f"{P} [Datatype][eager]: {' '.join(dtypes)}")
    print(f"{P} [Datatype][compiled]: {' '.join(dtypes)}")
    print(f"{P} [DataType] eager:{dtypes} compiled:{dtypes} match:True")
    print(f"{P} [Correctness][equal]: {' '.join('1' if d.startswith('int') else '0' for d in dtypes)}")
    for t, atol, rtol in pairs():
        print(f"{P} [Correctness][all_close_atol_{atol:.2E}_rtol_{rtol:.2E}]: "
              + " ".join("1" if t >= passes_from else "0" for _ in dtypes))
    print(f"{P} [Correctness][max_diff]: " + " ".join("3.0517578125e-05" for _ in dtypes))
    print(f"{P} [Correctness][mean_diff]: " + " ".join("1.1920928955078125e-07" for _ in dtypes))
    if extra:
        print(extra)
    print(f"{P} [Result] status: success")
    e2e = {"median": 5.0 * speedup, "iqr": 0.01, "mean": 5.0 * speedup, "std": 0.01,
           "min": 4.9 * speedup, "max": 5.1 * speedup}
    print(f"{P} [Performance][eager]: " + json.dumps({"e2e": e2e}))
    print(f"{P} [Performance][compiled]: " + json.dumps({"e2e": {k: 5.0 for k in e2e}}))
    print(f"{P} [Speedup][e2e]: {speedup:.5f}")


print("Some harness output before the first sample is ignored.")
head("/data/samples/timm/resnet18", "resnet18")
compared(["float32", "int64"], -8, 2.0)
head("/data/samples/transformers/bert/subgraph_1", "bert")
compared(["float32"], -3, 1.5)
head("/data/samples/timm/vit_tiny", "vit_tiny")
print("Eager model execution failed: RuntimeError: shape '[1, 3]' is invalid")
print(f"{P} [Result] status: failed")
print(f"{P} [Fail due to eager model execution error.]")
head("/data/samples/timm/convnext", "convnext")
print("Compiled model execution failed: BackendCompilerFailed: inductor raised")
print(f"{P} [Result] status: failed")
print(f"{P} [Fail due to compiled model execution error.]")
head("/data/samples/torchaudio/wav2vec", "wav2vec")
compared(["float16"], -2, 0.8, extra="Traceback: RuntimeError: CUDA error: an illegal memory access")

"""gn.evaluate and gn.score: gn-eval run and gn-eval score from Python."""
import json
import os
import signal
import subprocess
import sys

from . import _runtime


def _run_here(path, kwargs):
    from . import _gn  # the compiler (a runtime-only gn has none: ImportError)

    return _gn.run_sample(path, **kwargs)


def _run_isolated(path, kwargs, timeout):
    """One sample in a fresh child process (python -m gn._worker): a crash
    or a timeout becomes a runtime_error record and the caller goes on."""
    failed = {"sample": path.rstrip("/"), "status": "runtime_error", "speedup": None}
    try:
        p = subprocess.run([sys.executable, "-m", "gn._worker", path, json.dumps(kwargs)],
                           capture_output=True, text=True, timeout=timeout,
                           env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                               [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))] +
                               [x for x in os.environ.get("PYTHONPATH", "").split(os.pathsep) if x])))
    except subprocess.TimeoutExpired:
        return dict(failed, error=f"timed out after {timeout} s")
    if p.returncode == 0 and p.stdout:
        return json.loads(p.stdout)
    if p.returncode < 0:
        why = f"crashed: {signal.Signals(-p.returncode).name}"
    else:
        why = f"exited with status {p.returncode} without a result"
    tail = p.stderr.strip().splitlines()[-1:] if p.stderr else []
    return dict(failed, error=why + (": " + tail[0] if tail else ""))


def evaluate(paths, mode="compiled", device="cpu", compiler="gn", warmup=1, trials=5, seed=0,
             dump="", isolate=True, timeout=600, progress=False):
    """Runs each sample (a GraphNet folder or a .mlir file) and returns the
    records `gn-eval run` writes, one dict per sample, in order. With
    `isolate` (the default) each sample runs in its own child process."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    kwargs = dict(mode=mode, device=device, compiler=compiler, warmup=warmup, trials=trials,
                  seed=seed, dump=dump)
    records = []
    for i, p in enumerate(paths):
        p = os.fspath(p)
        r = _run_isolated(p, kwargs, timeout) if isolate else json.loads(_run_here(p, kwargs))
        records.append(r)
        if progress:
            print(f"[{i + 1}/{len(paths)}] {r['status']} {p}", flush=True)
    return records


def score(records, t=None, p=0.0, b=0.1, errno_rule="code"):
    """GraphNet's S(t) and ES(t) of records (dicts as evaluate returns, or
    the path of a results.jsonl / GraphNet log). Returns every row (t =
    -10..4: t, alpha, beta, lambda, eta, S, gamma, ES), or the row at `t`."""
    if isinstance(records, (str, os.PathLike)):
        with open(records) as f:
            text = f.read()
    else:
        text = "\n".join(json.dumps(r) for r in records) + "\n"
    rows = json.loads(_runtime.score_jsonl(text, p, b, errno_rule))
    if t is None:
        return rows
    for row in rows:
        if row["t"] == t:
            return row
    raise ValueError(f"t must be in [-10, 4], got {t}")

"""Writes the seed corpora of the fuzz targets (corpus/<target>/) from the
shipped samples and the test fixtures. Rerun after adding fixtures:

    python3 test/fuzz/make_corpus.py
"""
import hashlib
import os
import re
import shutil

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = os.path.join(root, "test", "fuzz", "corpus")
SEP = "\n#~~~~\n"  # FuzzSample.cpp's file separator
corpora = {"python": [], "meta": [], "sample": [], "ir": [], "pipeline": []}


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def split_file(text):
    """The #--- name sections of a lit test written for split-file."""
    parts, name = {}, None
    for line in text.splitlines(keepends=True):
        m = re.match(r"#--- (\S+)", line)
        if m:
            name = m.group(1)
            parts[name] = ""
        elif name:
            parts[name] += line
    return parts


def add_sample(files):
    model = files.get("model.py", "")
    corpora["python"].append(model)
    for meta in ("weight_meta.py", "input_meta.py"):
        if files.get(meta):
            corpora["meta"].append(files[meta])
    corpora["sample"].append(SEP.join(files.get(n, "") for n in
                                      ("model.py", "weight_meta.py", "input_meta.py", "graph_net.json")))


for s in sorted(os.listdir(os.path.join(root, "samples"))):
    d = os.path.join(root, "samples", s)
    if os.path.isdir(d):
        add_sample({n: read(os.path.join(d, n)) for n in os.listdir(d)})

for sub in ("Import", "Import/Paddle"):
    d = os.path.join(root, "test", sub)
    for t in sorted(os.listdir(d)):
        if not t.endswith(".test"):
            continue
        parts = split_file(read(os.path.join(d, t)))
        samples = {}
        for name, text in parts.items():
            folder, _, base = name.rpartition("/")
            samples.setdefault(folder, {})[base] = text
        for files in samples.values():
            if "model.py" in files:
                add_sample(files)

for sub in ("Dialect/gn", "Transforms"):
    d = os.path.join(root, "test", sub)
    for t in sorted(os.listdir(d)):
        if t.endswith(".mlir"):
            for case in read(os.path.join(d, t)).split("// -----"):
                corpora["ir"].append(case)

# Whole functions for the pipelines: the fixtures that compile (fusion,
# conversion and pipeline tests, the runner's and the GPU tests' inputs).
for sub in ("Transforms", "Conversion", "Pipelines", "Eval/Inputs", "GPU/Inputs"):
    d = os.path.join(root, "test", sub)
    for t in sorted(os.listdir(d)):
        if t.endswith(".mlir"):
            for case in read(os.path.join(d, t)).split("// -----"):
                if "func.func" in case and "gn." in case:
                    corpora["pipeline"].append(case)

shutil.rmtree(out, ignore_errors=True)
for target, inputs in corpora.items():
    os.makedirs(os.path.join(out, target))
    for text in inputs:
        if len(text) > 64 << 10:
            continue
        data = text.encode()
        name = hashlib.sha1(data).hexdigest()[:16]
        with open(os.path.join(out, target, name), "wb") as f:
            f.write(data)
    print(f"{target}: {len(os.listdir(os.path.join(out, target)))} inputs")

"""Writes deep-nesting.test's cases into the folder given: IR whose
brackets only MLIR's lexical rules count right, and a sample whose
graph_net.json nests 100000 levels."""
import os
import shutil
import sys

out = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))


def write(name, text):
    with open(os.path.join(out, name), "w") as f:
        f.write(text)


# Line 2: `{` is level 1, so the 256th `[` (column 31 + 256) opens level 257.
write("comment.mlir", '// "\n' + "func.func @f() attributes {a = " + "[" * 20000 + "} { return }\n")
write("arrows.mlir", "func.func @f() attributes {a = " + "() -> (" * 20000 + "} { return }\n")
# An escaped quote inside the first string; the second is cut by the end
# of its line; line 2 then opens 300 levels.
write("strings.mlir", 'func.func @f() attributes {s = "a\\"b", t = "open\n' + "[" * 300 + "\n")
# 300 brackets in a comment and in a string count for nothing: the file
# parses up to its real error on line 3.
write("hidden.mlir", "// " + "[" * 300 + "\n" + 'func.func @f() attributes {s = "' + "(" * 300
      + '"} {\n  return %undefined\n}\n')
sample = os.path.join(out, "deep_json")
os.makedirs(sample, exist_ok=True)
for f in ("model.py", "weight_meta.py", "input_meta.py"):
    shutil.copy(os.path.join(here, "..", "..", "..", "samples", "tiny_mlp", f), sample)
with open(os.path.join(sample, "graph_net.json"), "w") as f:
    f.write('{"framework": ' + "[" * 100000 + "]" * 100000 + "}\n")

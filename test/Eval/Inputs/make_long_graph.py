"""Writes a gn function of N ops (N a multiple of 5, plus 2 constants):
blocks of y = (y + 0.5 * tanh(y @ w)) * 0.9 over a [4, 16] state, one op
marked gn.test.miscompile (or several: a comma-separated list). Op #k (counting the constants, #0 and #1) is on
line k + 3 of the output. Used by test/Eval/bisect.test.

usage: make_long_graph.py N MARKED_OP_INDEX[,INDEX...]
"""
import sys

n, marked = int(sys.argv[1]), [int(k) for k in sys.argv[2].split(",")]
assert n % 5 == 0 and all(2 <= k < n + 2 for k in marked)
T = "tensor<4x16xf32>"
S = "tensor<f32>"
meta = 'gn.dtype = "float32", gn.kind = "input", gn.mean = 0.0 : f64, gn.std = 1.0 : f64'
print("module {")
print(f'func.func @forward(%x: {T} {{{meta}, gn.name = "x"}}, '
      f'%w: tensor<16x16xf32> {{{meta}, gn.name = "w"}}) -> {T} {{')
lines = [f"%half = gn.constant dense<0.5> : {S}", f"%decay = gn.constant dense<0.9> : {S}"]
y = "%x"
for b in range(n // 5):
    m, t, s, a, d = (f"%{c}{b}" for c in "mtsad")
    lines += [
        f"{m} = gn.matmul {y}, %w : {T}, tensor<16x16xf32> -> {T}",
        f"{t} = gn.tanh {m} : {T}",
        f"{s} = gn.mul {t}, %half : {T}, {S} -> {T}",
        f"{a} = gn.add {y}, {s} : {T}, {T} -> {T}",
        f"{d} = gn.mul {a}, %decay : {T}, {S} -> {T}",
    ]
    y = d
for k, line in enumerate(lines):
    if k in marked:
        line = line.replace(" : ", " {gn.test.miscompile} : ", 1)
    print("  " + line)
print(f"  return {y} : {T}")
print("}")
print("}")

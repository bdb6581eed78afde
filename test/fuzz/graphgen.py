#!/usr/bin/env python3
"""Random, valid gn graphs for differential fuzzing (issue 41).

    graphgen.py --seed N [--count K] [--ops M] --out DIR     writes DIR/g<seed>.mlir ...

Each graph is one `func.func @forward` of gn ops whose operands and result
types are worked out here (the dialect's verifier checks them again), built
to reach what the compiler rewrites: elementwise chains with broadcasts
(fusion), views (reshape, transpose, broadcast_to, slice with steps, flip,
roll, pad, tile, concat) read by the ops after them, reductions, softmax,
cumsum, matmuls and convolutions feeding epilogues, layer norms, integer and
i1 paths, f16 and bf16 stretches, odd sizes, size-1 dims and, now and then,
a zero-size dim. Values that are compared, floored or turned into integers
are taken only from the function's inputs (`exact` values), so that a
rounding difference a fused kernel is allowed to make cannot flip a
comparison and pass for a miscompile.

The graph is kept as a list of ops (each a text template over its operand
names) so that fuzz_diff.py can shrink a failing graph op by op.
"""
import argparse
import os
import random

SIZES = [1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 32, 33]
FLOATS = ("f32", "f16", "bf16")
MAX_ELEMENTS = 6144


class Value:
    def __init__(self, name, shape, dtype, exact=False):
        self.name, self.shape, self.dtype, self.exact = name, tuple(shape), dtype, exact

    @property
    def type(self):
        return tensor_type(self.shape, self.dtype)

    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n


def tensor_type(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def ilist(xs):
    return "[" + ", ".join(str(int(x)) for x in xs) + "]"


def iarray(xs):
    return "array<i64: " + ", ".join(str(int(x)) for x in xs) + ">"


class Op:
    """`result = text`, where text names operand k as {k}."""

    def __init__(self, result, text, operands):
        self.result, self.text, self.operands = result, text, list(operands)

    def render(self, names):
        return f"%{self.result.name} = " + self.text.format(*["%" + names[o] for o in self.operands])


class Graph:
    def __init__(self):
        self.args = []  # (Value, kind, mean, std)
        self.ops = []
        self.outputs = []
        self.count = 0

    def fresh(self, prefix="v"):
        self.count += 1
        return f"{prefix}{self.count}"

    def arg(self, shape, kind="input", std=1.0, mean=0.0):
        v = Value(self.fresh("a"), shape, "f32", exact=True)
        self.args.append((v, kind, mean, std))
        return v

    def op(self, shape, dtype, text, operands, exact=False):
        v = Value(self.fresh(), shape, dtype, exact)
        self.ops.append(Op(v, text, [o.name for o in operands]))
        return v

    def render(self, outputs=None, ops=None, rename=None):
        """The module's text; `outputs` (value names) and `ops` override the
        graph's own (the shrinker's candidates); `rename` maps a value name to
        the one its readers use instead."""
        ops = self.ops if ops is None else ops
        outputs = self.outputs if outputs is None else outputs
        rename = rename or {}

        def name(n):
            while n in rename:
                n = rename[n]
            return n

        values = {v.name: v for v, *_ in self.args}
        values.update({o.result.name: o.result for o in self.ops})
        used = {name(n) for n in outputs}
        kept = []
        for o in reversed(ops):  # dead ops dropped
            if o.result.name in used:
                kept.append(o)
                used.update(name(n) for n in o.operands)
        kept.reverse()
        params = []
        for v, kind, mean, std in self.args:
            if v.name not in used:
                continue
            params.append(f'%{v.name}: {v.type} {{gn.dtype = "float32", gn.kind = "{kind}", '
                          f"gn.mean = {mean:.6e} : f64, gn.name = \"{v.name}\", "
                          f"gn.std = {std:.6e} : f64}}")
        outs = [values[name(n)] for n in outputs]
        lines = ["module {", "func.func @forward(" + ", ".join(params) + ") -> (" +
                 ", ".join(v.type for v in outs) + ") {"]
        for o in kept:
            lines.append("  " + o.render({n: name(n) for n in o.operands}))
        lines.append("  return " + ", ".join("%" + v.name for v in outs) + " : " +
                     ", ".join(v.type for v in outs))
        lines += ["}", "}", ""]
        return "\n".join(lines)


class Generator:
    def __init__(self, rng, max_ops):
        self.rng, self.max_ops = rng, max_ops
        self.g = Graph()
        self.live = []  # values later ops may read
        self.zero_dims = rng.random() < 0.06

    # -- shapes ----------------------------------------------------------
    def dim(self):
        if self.zero_dims and self.rng.random() < 0.15:
            return 0
        return self.rng.choice(SIZES)

    def shape(self, rank=None):
        rank = self.rng.randint(1, 4) if rank is None else rank
        for _ in range(20):
            s = [self.dim() for _ in range(rank)]
            if _numel(s) <= MAX_ELEMENTS:
                return s
        return [self.rng.choice([1, 2, 3])] * rank

    def input(self, shape=None, kind="input", std=1.0):
        v = self.g.arg(self.shape() if shape is None else shape, kind, std=std)
        self.live.append(v)
        return v

    def input_as(self, shape, dtype, kind="input", std=1.0):
        """A new f32 function argument, converted to `dtype` when it is not f32
        (not among the live values)."""
        v = self.g.arg(shape, kind, std=std)
        if dtype != "f32":
            v = self.g.op(v.shape, dtype, f"gn.convert {{0}} {{{{dtype = {dtype}}}}} : "
                          f"{v.type} -> {tensor_type(v.shape, dtype)}", [v])
        return v

    def pick(self, pred=lambda v: True):
        cands = [v for v in self.live if pred(v)]
        if not cands:
            return None
        # Later values first: chains, not a fan of one-op graphs.
        weights = [1.0 + i for i in range(len(cands))]
        return self.rng.choices(cands, weights)[0]

    def floats(self, v):
        return v.dtype in FLOATS

    def const(self, value, dtype="f32"):
        text = f"gn.constant dense<{value}> : {tensor_type((), dtype)}"
        return self.g.op((), dtype, text, [], exact=True)

    def emit(self, shape, dtype, text, operands, exact=False):
        v = self.g.op(shape, dtype, text, operands, exact)
        self.live.append(v)
        return v

    # -- families ----------------------------------------------------------
    def unary(self):
        x = self.pick(self.floats)
        t = x.type
        kind = self.rng.choice(["plain", "plain", "param", "domain", "exp"])
        if kind == "plain":
            name = self.rng.choice(["neg", "abs", "sin", "cos", "tanh", "erf", "sigmoid", "relu",
                                    "silu", "mish", "hardswish", "hardsigmoid"])
            return self.emit(x.shape, x.dtype, f"gn.{name} {{0}} : {t}", [x])
        if kind == "param":
            r = self.rng.random()
            if r < 0.25:
                a = self.rng.choice(["none", "tanh"])
                text = f'gn.gelu {{0}} {{{{approximate = "{a}"}}}} : {t}'
            elif r < 0.45:
                text = f"gn.leaky_relu {{0}} slope {self.rng.choice([0.01, 0.2, 1.5])} : {t}"
            elif r < 0.6:
                text = f"gn.elu {{0}} alpha {self.rng.choice([1.0, 0.5])} : {t}"
            elif r < 0.75:
                text = f"gn.softplus {{0}} beta {self.rng.choice([1.0, 2.0])} threshold 20.0 : {t}"
            else:
                lo, hi = sorted(self.rng.sample([-2.0, -0.5, 0.0, 0.25, 1.0, 6.0], 2))
                bounds = self.rng.choice([f"max = {hi:e} : f64, min = {lo:e} : f64",
                                          f"min = {lo:e} : f64", f"max = {hi:e} : f64"])
                text = f"gn.clamp {{0}} {{{{{bounds}}}}} : {t}"
            return self.emit(x.shape, x.dtype, text, [x])
        if kind == "domain":  # positive argument: |x| + 0.5
            a = self.emit(x.shape, x.dtype, f"gn.abs {{0}} : {t}", [x])
            half = self.const("0.5", x.dtype)
            p = self.emit(x.shape, x.dtype,
                          f"gn.add {{0}}, {{1}} : {t}, {half.type} -> {t}", [a, half])
            name = self.rng.choice(["log", "sqrt", "rsqrt", "reciprocal", "log1p"])
            return self.emit(x.shape, x.dtype, f"gn.{name} {{0}} : {t}", [p])
        # exp of a bounded argument
        c = self.emit(x.shape, x.dtype,
                      f"gn.clamp {{0}} {{{{max = 4.0 : f64, min = -8.0 : f64}}}} : {t}", [x])
        return self.emit(x.shape, x.dtype, f"gn.exp {{0}} : {t}", [c])

    def partner(self, x):
        """A value broadcastable against x: an earlier value of a compatible
        shape, a new input of x's shape with dims set to 1 or dropped, or a
        scalar constant."""
        r = self.rng.random()
        if r < 0.35:
            y = self.pick(lambda v: v is not x and v.dtype == x.dtype and _broadcast(v.shape, x.shape)
                          == tuple(x.shape))
            if y is not None:
                return y
        if r < 0.5:
            return self.const(self.rng.choice(["0.5", "2.0", "-1.25", "3.0"]), x.dtype)
        shape = [1 if self.rng.random() < 0.4 else d for d in x.shape]
        drop = self.rng.randint(0, len(shape))
        return self.input_as(shape[drop:], x.dtype)

    def binary(self):
        x = self.pick(self.floats)
        y = self.partner(x)
        if self.rng.random() < 0.5:
            x, y = y, x
        shape = _broadcast(x.shape, y.shape)
        dt = x.dtype
        rt = tensor_type(shape, dt)
        name = self.rng.choice(["add", "sub", "mul", "maximum", "minimum", "add", "mul", "div",
                                "pow", "atan2"])
        if name in ("div", "pow"):  # a safe right side: |y| + 0.5, or a fixed exponent
            if name == "pow":
                y = self.const(self.rng.choice(["2.0", "0.5", "3.0", "-1.0"]), dt)
                x = self.emit(x.shape, dt, f"gn.abs {{0}} : {x.type}", [x])
                shape, rt = x.shape, x.type
            else:
                a = self.g.op(y.shape, dt, f"gn.abs {{0}} : {y.type}", [y])
                half = self.const("0.5", dt)
                y = self.g.op(y.shape, dt, f"gn.add {{0}}, {{1}} : {y.type}, {half.type} -> {y.type}",
                              [a, half])
        return self.emit(shape, dt, f"gn.{name} {{0}}, {{1}} : {x.type}, {y.type} -> {rt}", [x, y])

    def compare_select(self):
        """where(cmp(a, b), x, y) with a and b exact."""
        a = self.pick(lambda v: v.exact and v.dtype == "f32")
        x = self.pick(self.floats)
        if a is None or x is None:
            return None
        b = self.const(self.rng.choice(["0.0", "0.5", "-0.25"]))
        cmp = self.rng.choice(["lt", "le", "gt", "ge", "eq", "ne"])
        cond = self.g.op(a.shape, "i1", f"gn.{cmp} {{0}}, {{1}} : {a.type}, {b.type} -> "
                         f"{tensor_type(a.shape, 'i1')}", [a, b], exact=True)
        if self.rng.random() < 0.3:
            other = self.pick(lambda v: v.exact and v.dtype == "f32" and v is not a)
            if other is not None and _broadcast(other.shape, a.shape) is not None:
                c2 = self.g.op(other.shape, "i1", f"gn.gt {{0}}, {{1}} : {other.type}, {b.type} -> "
                               f"{tensor_type(other.shape, 'i1')}", [other, b], exact=True)
                s = _broadcast(a.shape, other.shape)
                logic = self.rng.choice(["and", "or", "xor"])
                cond = self.g.op(s, "i1", f"gn.{logic} {{0}}, {{1}} : {cond.type}, {c2.type} -> "
                                 f"{tensor_type(s, 'i1')}", [cond, c2], exact=True)
        self.live.append(cond)
        y = self.partner(x)
        shape = _broadcast(cond.shape, x.shape)
        if shape is None or _broadcast(shape, y.shape) is None:
            return None
        shape = _broadcast(shape, y.shape)
        rt = tensor_type(shape, x.dtype)
        return self.emit(shape, x.dtype, f"gn.where {{0}}, {{1}}, {{2}} : {cond.type}, {x.type}, "
                         f"{y.type} -> {rt}", [cond, x, y])

    def rounding(self):
        x = self.pick(lambda v: v.exact and v.dtype == "f32")
        if x is None:
            return None
        name = self.rng.choice(["floor", "ceil", "round", "trunc", "sign"])
        three = self.const("3.0")
        s = self.g.op(x.shape, "f32", f"gn.mul {{0}}, {{1}} : {x.type}, {three.type} -> {x.type}",
                      [x, three], exact=True)
        return self.emit(x.shape, "f32", f"gn.{name} {{0}} : {x.type}", [s], exact=True)

    def integer(self):
        """f32 (exact) -> i32/i64/ui8 -> integer ops -> f32 or kept (ui8: the
        unsigned forms of division, remainder, max/min, and wrapping)."""
        x = self.pick(lambda v: v.exact and v.dtype == "f32")
        if x is None:
            return None
        it = self.rng.choice(["i32", "i64", "ui8"])
        unsigned = it == "ui8"
        four = self.const("4.0")
        s = self.g.op(x.shape, "f32", f"gn.mul {{0}}, {{1}} : {x.type}, {four.type} -> {x.type}",
                      [x, four], exact=True)
        i = self.g.op(x.shape, it, f"gn.convert {{0}} {{{{dtype = {it}}}}} : {x.type} -> "
                      f"{tensor_type(x.shape, it)}", [s], exact=True)
        for _ in range(self.rng.randint(1, 3)):
            name = self.rng.choice(["add", "sub", "mul", "floor_div", "rem", "maximum", "minimum",
                                    "neg", "abs"] + ([] if unsigned else ["cumsum", "reduce_sum"]))
            if name in ("neg", "abs"):
                i = self.g.op(i.shape, it, f"gn.{name} {{0}} : {i.type}", [i], exact=True)
            elif name == "cumsum" and i.shape:
                d = self.rng.randrange(len(i.shape))
                i = self.g.op(i.shape, it, f"gn.cumsum {{0}} dim {d} : {i.type}", [i], exact=True)
            elif name == "reduce_sum" and i.shape:
                d = self.rng.randrange(len(i.shape))
                rs = i.shape[:d] + i.shape[d + 1:]
                i = self.g.op(rs, it, f"gn.reduce_sum {{0}} dims [{d}] : {i.type} -> "
                              f"{tensor_type(rs, it)}", [i], exact=True)
            elif name not in ("cumsum", "reduce_sum"):
                c = self.const(str(self.rng.choice([3, 5, 7] if name in ("floor_div", "rem")
                                                   else [200, 1, 3] if unsigned else [-2, 1, 3])),
                               it)
                i = self.g.op(i.shape, it, f"gn.{name} {{0}}, {{1}} : {i.type}, {c.type} -> "
                              f"{i.type}", [i, c], exact=True)
        self.live.append(i)
        if self.rng.random() < 0.7:
            return self.emit(i.shape, "f32", f"gn.convert {{0}} {{{{dtype = f32}}}} : {i.type} -> "
                             f"{tensor_type(i.shape, 'f32')}", [i], exact=True)
        return i

    def half_stretch(self):
        x = self.pick(lambda v: v.dtype == "f32")
        if x is None:
            return None
        h = self.rng.choice(["f16", "bf16"])
        return self.emit(x.shape, h, f"gn.convert {{0}} {{{{dtype = {h}}}}} : {x.type} -> "
                         f"{tensor_type(x.shape, h)}", [x])

    def widen(self):
        x = self.pick(lambda v: v.dtype in ("f16", "bf16"))
        if x is None:
            return None
        return self.emit(x.shape, "f32", f"gn.convert {{0}} {{{{dtype = f32}}}} : {x.type} -> "
                         f"{tensor_type(x.shape, 'f32')}", [x])

    def reduction(self):
        x = self.pick(lambda v: self.floats(v) and v.shape)
        if x is None:
            return None
        rank = len(x.shape)
        r = self.rng.random()
        if r < 0.2:
            d = self.rng.randrange(rank)
            name = self.rng.choice(["softmax", "log_softmax"])
            return self.emit(x.shape, x.dtype, f"gn.{name} {{0}} dim {d} : {x.type}", [x])
        if r < 0.3:
            d = self.rng.randrange(rank)
            return self.emit(x.shape, x.dtype, f"gn.cumsum {{0}} dim {d} : {x.type}", [x])
        if r < 0.38 and x.exact and x.dtype == "f32":
            d = self.rng.randrange(rank)
            name = self.rng.choice(["argmax", "argmin"])
            rs = x.shape[:d] + x.shape[d + 1:]
            if x.shape[d] == 0:
                return None
            return self.emit(rs, "i64", f"gn.{name} {{0}} dim {d} : {x.type} -> "
                             f"{tensor_type(rs, 'i64')}", [x], exact=True)
        dims = sorted(self.rng.sample(range(rank), self.rng.randint(1, rank)))
        keep = self.rng.random() < 0.4
        rs = tuple(1 if i in dims else s for i, s in enumerate(x.shape)) if keep else \
            tuple(s for i, s in enumerate(x.shape) if i not in dims)
        name = self.rng.choice(["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "variance",
                                "reduce_sum"])
        if name in ("reduce_max", "reduce_min") and any(x.shape[d] == 0 for d in dims):
            name = "reduce_sum"
        attrs = []
        if keep:
            attrs.append("keepdim = true")
        if name == "variance":
            attrs.append(f"correction = {self.rng.choice([0, 1])} : i64")
        attr = (" {{" + ", ".join(attrs) + "}}") if attrs else ""
        return self.emit(rs, x.dtype, f"gn.{name} {{0}} dims {ilist(dims)}{attr} : {x.type} -> "
                         f"{tensor_type(rs, x.dtype)}", [x])

    def rows(self):
        """A reduction kept over rows (any dims, not only the last) with
        rows-shaped values a kernel of their own produced (a cumsum), read by
        two results: a row group whose results could be written over that
        value's buffer (the in-place bug found under merge-launches)."""
        x = self.pick(lambda v: self.floats(v) and len(v.shape) >= 2 and 0 not in v.shape)
        if x is None:
            return None
        rank = len(x.shape)
        dims = sorted(self.rng.sample(range(rank), self.rng.randint(1, rank - 1)))
        rs = tuple(1 if i in dims else s for i, s in enumerate(x.shape))
        name = self.rng.choice(["reduce_sum", "reduce_max", "reduce_mean"])
        r = self.emit(rs, x.dtype, f"gn.{name} {{0}} dims {ilist(dims)} {{{{keepdim = true}}}} : "
                      f"{x.type} -> {tensor_type(rs, x.dtype)}", [x])
        y = self.input_as(rs, x.dtype)
        y = self.emit(rs, x.dtype, f"gn.cumsum {{0}} dim {self.rng.randrange(rank)} : {y.type}", [y])
        t = r.type
        first = self.rng.choice(["add", "sub", "mul"])
        self.emit(rs, x.dtype, f"gn.{first} {{0}}, {{1}} : {t}, {t} -> {t}", [y, r])
        second = self.rng.choice(["sub", "maximum", "add"])
        return self.emit(rs, x.dtype, f"gn.{second} {{0}}, {{1}} : {t}, {t} -> {t}", [r, y])

    def view(self):
        x = self.pick()
        s = list(x.shape)
        r = self.rng.random()
        t = x.type
        ex = x.exact
        if r < 0.18 and len(s) >= 2:
            perm = list(range(len(s)))
            self.rng.shuffle(perm)
            rs = [s[p] for p in perm]
            return self.emit(rs, x.dtype, f"gn.transpose {{0}} {ilist(perm)} : {t} -> "
                             f"{tensor_type(rs, x.dtype)}", [x], ex)
        if r < 0.36:
            rs = _reshape_target(self.rng, s)
            return self.emit(rs, x.dtype, f"gn.reshape {{0}} {ilist(rs)} : {t} -> "
                             f"{tensor_type(rs, x.dtype)}", [x], ex)
        if r < 0.5 and s:
            starts, limits, steps, rs = [], [], [], []
            for d in s:
                st = self.rng.choice([1, 1, 2, 3])
                a = self.rng.randint(0, max(d - 1, 0)) if d and self.rng.random() < 0.5 else 0
                b = self.rng.randint(a, d) if self.rng.random() < 0.5 else d
                starts.append(a), limits.append(b), steps.append(st)
                rs.append(max(0, (b - a + st - 1) // st))
            return self.emit(rs, x.dtype, f"gn.slice {{0}} starts {ilist(starts)} limits "
                             f"{ilist(limits)} steps {ilist(steps)} : {t} -> "
                             f"{tensor_type(rs, x.dtype)}", [x], ex)
        if r < 0.6 and s and _numel(s) * 3 <= MAX_ELEMENTS:
            d = self.rng.randrange(len(s))
            others = [v for v in self.live if v.dtype == x.dtype and len(v.shape) == len(s) and
                      all(a == b for i, (a, b) in enumerate(zip(v.shape, s)) if i != d)]
            parts = [x] + self.rng.sample(others, min(len(others), self.rng.randint(0, 2)))
            self.rng.shuffle(parts)
            rs = list(s)
            rs[d] = sum(p.shape[d] for p in parts)
            names = ", ".join("{" + str(k) + "}" for k in range(len(parts)))
            return self.emit(rs, x.dtype, f"gn.concat {names} dim {d} : (" +
                             ", ".join(p.type for p in parts) + f") -> {tensor_type(rs, x.dtype)}",
                             parts, all(p.exact for p in parts))
        if r < 0.68 and s and x.dtype in FLOATS:
            low = [self.rng.choice([0, 0, 1, 2]) for _ in s]
            high = [self.rng.choice([0, 0, 1, 3]) for _ in s]
            rs = [d + a + b for d, a, b in zip(s, low, high)]
            if _numel(rs) > MAX_ELEMENTS:
                return None
            mode = self.rng.choice(["constant", "constant", "replicate", "reflect", "circular"])
            if mode != "constant" and any(d == 0 for d in s):
                mode = "constant"
            if mode == "reflect" and any(a >= d or b >= d for d, a, b in zip(s, low, high)):
                mode = "constant"
            if mode == "circular" and any(a > d or b > d for d, a, b in zip(s, low, high)):
                mode = "constant"
            return self.emit(rs, x.dtype, f"gn.pad {{0}} low {ilist(low)} high {ilist(high)} "
                             f"{{{{mode = \"{mode}\", value = 5.000000e-01 : f64}}}} : {t} -> "
                             f"{tensor_type(rs, x.dtype)}", [x], ex)
        if r < 0.76 and s:
            dims = sorted(self.rng.sample(range(len(s)), self.rng.randint(1, len(s))))
            if self.rng.random() < 0.5:
                return self.emit(s, x.dtype, f"gn.flip {{0}} {ilist(dims)} : {t}", [x], ex)
            shifts = [self.rng.randint(-40, 40) for _ in dims]
            return self.emit(s, x.dtype, f"gn.roll {{0}} shifts {ilist(shifts)} dims {ilist(dims)}"
                             f" : {t}", [x], ex)
        if r < 0.84 and s:
            mult = [self.rng.choice([1, 1, 2, 3]) for _ in s]
            rs = [a * b for a, b in zip(s, mult)]
            if _numel(rs) > MAX_ELEMENTS:
                return None
            return self.emit(rs, x.dtype, f"gn.tile {{0}} {ilist(mult)} : {t} -> "
                             f"{tensor_type(rs, x.dtype)}", [x], ex)
        # broadcast_to: 1-dims grown, new leading dims
        lead = [self.rng.choice([1, 2, 3]) for _ in range(self.rng.randint(0, 1))]
        rs = lead + [self.rng.choice([2, 3, 5]) if d == 1 else d for d in s]
        if _numel(rs) > MAX_ELEMENTS or rs == s:
            return None
        return self.emit(rs, x.dtype, f"gn.broadcast_to {{0}} {ilist(rs)} : {t} -> "
                         f"{tensor_type(rs, x.dtype)}", [x], ex)

    def matmul(self):
        x = self.pick(lambda v: self.floats(v) and len(v.shape) >= 2)
        if x is None:
            x = self.input([self.rng.choice(SIZES), self.rng.choice(SIZES)])
        k = x.shape[-1]
        n = self.rng.choice(SIZES)
        tr = self.rng.random() < 0.4
        if self.rng.random() < 0.3 and len(x.shape) >= 3:  # batched against a batch of equal rank
            batch = list(x.shape[:-2])
            ws = batch + ([n, k] if tr else [k, n])
        else:
            ws = [n, k] if tr else [k, n]
        w = self.input_as(ws, x.dtype, "weight", std=0.3)
        rs = list(x.shape[:-1]) + [n]
        if _numel(rs) > MAX_ELEMENTS:
            return None
        attr = " {{transpose_rhs}}" if tr else ""
        return self.emit(rs, x.dtype, f"gn.matmul {{0}}, {{1}}{attr} : {x.type}, {w.type} -> "
                         f"{tensor_type(rs, x.dtype)}", [x, w])

    def conv(self):
        x = self.pick(lambda v: v.dtype == "f32" and len(v.shape) == 4 and v.shape[1] <= 17 and
                      min(v.shape) > 0)
        if x is None:
            x = self.input([self.rng.choice([1, 2]), self.rng.choice([1, 3, 4]),
                            self.rng.choice([5, 8, 13]), self.rng.choice([5, 8, 16])])
        n, c, h, wd = x.shape
        groups = self.rng.choice([g for g in (1, 1, 2, c) if c % g == 0])
        o = groups * self.rng.choice([1, 2, 3])
        kh, kw = self.rng.choice([(1, 1), (3, 3), (3, 1), (2, 2)])
        stride = self.rng.choice([1, 1, 2])
        pad = self.rng.choice([0, 1])
        oh = (h + 2 * pad - kh) // stride + 1
        ow = (wd + 2 * pad - kw) // stride + 1
        if oh <= 0 or ow <= 0 or n * o * oh * ow > MAX_ELEMENTS:
            return None
        w = self.g.arg([o, c // groups, kh, kw], "weight", std=0.3)
        ops, types = [x, w], [x.type, w.type]
        if self.rng.random() < 0.6:
            b = self.g.arg([o], "weight", std=0.3)
            ops.append(b), types.append(b.type)
        rs = [n, o, oh, ow]
        names = ", ".join("{" + str(k) + "}" for k in range(len(ops)))
        return self.emit(rs, "f32", f"gn.conv {names} {{{{dilation = array<i64: 1, 1>, groups = "
                         f"{groups} : i64, padding = {iarray([pad, pad])}, stride = "
                         f"{iarray([stride, stride])}}}}} : ({', '.join(types)}) -> "
                         f"({tensor_type(rs, 'f32')})", ops)

    def pool(self):
        # Max pools over f16 and bf16 too (held in f32 in the kernel, rounded
        # once); average pools over f32.
        x = self.pick(lambda v: v.dtype in FLOATS and len(v.shape) == 4 and min(v.shape) > 0 and
                      min(v.shape[2:]) >= 2)
        if x is None:
            return None
        # 5 x 5 and 7 x 7 (25+ elements) max pools are pooled one dim at a
        # time by gn-decompose (separable-max-pool-min-window).
        k = self.rng.choice([2, 3, 3, 5, 7])
        s = self.rng.choice([1, 2])
        p = self.rng.choice(range(k // 2 + 1)) if k >= 3 else 0
        n, c, h, w = x.shape
        oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
        if oh <= 0 or ow <= 0:
            return None
        rs = [n, c, oh, ow]
        common = (f"ceil_mode = false, dilation = array<i64: 1, 1>, kernel = {iarray([k, k])}, "
                  f"padding = {iarray([p, p])}, stride = {iarray([s, s])}")
        if x.dtype != "f32" or self.rng.random() < 0.5:
            text = (f"gn.max_pool {{0}} {{{{{common}}}}} : {x.type} -> "
                    f"{tensor_type(rs, x.dtype)}")
        else:
            text = (f"gn.avg_pool {{0}} {{{{{common}, count_include_pad = "
                    f"{self.rng.choice(['true', 'false'])}}}}} : {x.type} -> {tensor_type(rs, 'f32')}")
        return self.emit(rs, x.dtype, text, [x])

    def norm(self):
        x = self.pick(lambda v: v.dtype == "f32" and v.shape and v.shape[-1] > 0)
        if x is None:
            return None
        d = x.shape[-1]
        w = self.g.arg([d], "weight", std=0.5, mean=1.0)
        b = self.g.arg([d], "weight", std=0.5)
        rms = ", rms = true" if self.rng.random() < 0.3 else ""
        return self.emit(x.shape, "f32", f"gn.layer_norm {{0}}, {{1}}, {{2}} {{{{epsilon = "
                         f"1.0e-05 : f64, normalized_rank = 1 : i64{rms}}}}} : ({x.type}, {w.type},"
                         f" {b.type}) -> ({x.type})", [x, w, b])

    def index_const(self, shape, bound):
        """A constant i64 tensor of `shape` with entries in [0, bound)."""
        def nest(dims):
            if not dims:
                return str(self.rng.randrange(bound))
            return "[" + ", ".join(nest(dims[1:]) for _ in range(dims[0])) + "]"
        body = nest(list(shape)) if shape else str(self.rng.randrange(bound))
        return self.g.op(shape, "i64", f"gn.constant dense<{body}> : {tensor_type(shape, 'i64')}",
                         [], exact=True)

    def indexing(self):
        """index_select, gather, scatter-add and insert_slice at constant
        indices (in range: out-of-range indices are the importer's error)."""
        x = self.pick(lambda v: v.shape and min(v.shape) > 0 and v.numel() <= 2048)
        if x is None:
            return None
        s = list(x.shape)
        d = self.rng.randrange(len(s))
        r = self.rng.random()
        if r < 0.3:
            ishape = [self.rng.choice([1, 2, 3, 5])] + ([2] if self.rng.random() < 0.3 else [])
            i = self.index_const(ishape, s[d])
            rs = s[:d] + ishape + s[d + 1:]
            if _numel(rs) > MAX_ELEMENTS:
                return None
            return self.emit(rs, x.dtype, f"gn.index_select {{0}}[{{1}}] dim {d} : {x.type}, "
                             f"{i.type} -> {tensor_type(rs, x.dtype)}", [x, i], x.exact)
        if r < 0.55:
            ishape = [self.rng.randint(1, n) for n in s]
            i = self.index_const(ishape, s[d])
            return self.emit(ishape, x.dtype, f"gn.gather {{0}}[{{1}}] dim {d} : {x.type}, "
                             f"{i.type} -> {tensor_type(ishape, x.dtype)}", [x, i], x.exact)
        if r < 0.75 and x.dtype in FLOATS:
            ishape = [self.rng.randint(1, n) for n in s]
            i = self.index_const(ishape, s[d])
            src = self.input_as(ishape, x.dtype)
            return self.emit(s, x.dtype, f'gn.scatter {{0}} into {{1}}[{{2}}] dim {d} '
                             f'{{{{reduce = "add"}}}} : {src.type} into {x.type}, {i.type}',
                             [src, x, i])
        starts, limits, steps, ss = [], [], [], []
        for n in s:
            st = self.rng.choice([1, 1, 2])
            a = self.rng.randrange(n)
            b = self.rng.randint(a + 1, n)
            starts.append(a), limits.append(b), steps.append(st)
            ss.append((b - a + st - 1) // st)
        src = self.input_as(ss, x.dtype)
        return self.emit(s, x.dtype, f"gn.insert_slice {{0}} into {{1}} starts {ilist(starts)} "
                         f"limits {ilist(limits)} steps {ilist(steps)} : {src.type} into {x.type}",
                         [src, x], x.exact and src.exact)

    def ranking(self):
        """top_k of a function input (no ties, so every sort agrees) and the
        values gathered at its indices."""
        x = self.pick(lambda v: v in [a for a, *_ in self.g.args] and v.shape and min(v.shape) > 0)
        if x is None:
            x = self.input()
            if not x.shape or min(x.shape) == 0:
                return None
        d = self.rng.randrange(len(x.shape))
        k = self.rng.randint(1, x.shape[d])
        rs = list(x.shape)
        rs[d] = k
        largest = self.rng.choice(["true", "false"])
        i = self.emit(rs, "i64", f"gn.top_k {{0}} k {k} dim {d} {{{{largest = {largest}}}}} : "
                      f"{x.type} -> {tensor_type(rs, 'i64')}", [x], exact=True)
        return self.emit(rs, "f32", f"gn.gather {{0}}[{{1}}] dim {d} : {x.type}, {i.type} -> "
                         f"{tensor_type(rs, 'f32')}", [x, i], exact=True)

    def attention(self):
        b, h = self.rng.choice([1, 2]), self.rng.choice([1, 2, 4])
        lq, lk = self.rng.choice([1, 3, 8, 17]), self.rng.choice([1, 4, 8, 33])
        e = self.rng.choice([4, 8, 16])
        q = self.g.arg([b, h, lq, e])
        k = self.g.arg([b, h, lk, e])
        v = self.g.arg([b, h, lk, e])
        ops, types = [q, k, v], [q.type, k.type, v.type]
        mask = ""
        if self.rng.random() < 0.3:
            m = self.g.arg([1, 1, lq, lk])
            ops.append(m), types.append(m.type)
            mask = " mask {3}"
        causal = "true" if not mask and lq == lk and self.rng.random() < 0.5 else "false"
        rs = [b, h, lq, e]
        return self.emit(rs, "f32", f"gn.attention {{0}}, {{1}}, {{2}}{mask} {{{{is_causal = "
                         f"{causal}}}}} : ({', '.join(types)}) -> {tensor_type(rs, 'f32')}", ops)

    def spatial(self):
        """resize, adaptive pools, conv_transpose, batch and group norm on NCHW."""
        x = self.pick(lambda v: v.dtype == "f32" and len(v.shape) == 4 and min(v.shape) > 0)
        if x is None:
            x = self.input([self.rng.choice([1, 2]), self.rng.choice([2, 4]),
                            self.rng.choice([3, 5, 8]), self.rng.choice([4, 7])])
        n, c, h, w = x.shape
        r = self.rng.random()
        if r < 0.25:
            size = [self.rng.choice([h, 2 * h, max(1, h // 2), 5]), self.rng.choice([w, 2 * w, 3])]
            rs = [n, c] + size
            if _numel(rs) > MAX_ELEMENTS:
                return None
            mode = self.rng.choice(["nearest", "linear", "bicubic"])
            ac = "true" if mode != "nearest" and self.rng.random() < 0.5 else "false"
            return self.emit(rs, "f32", f'gn.resize {{0}} {ilist(size)} {{{{align_corners = {ac}, '
                             f'mode = "{mode}"}}}} : {x.type} -> {tensor_type(rs, "f32")}', [x])
        if r < 0.45:
            size = [self.rng.randint(1, h), self.rng.randint(1, w)]
            name = self.rng.choice(["adaptive_avg_pool", "adaptive_max_pool"])
            rs = [n, c] + size
            return self.emit(rs, "f32", f"gn.{name} {{0}} {ilist(size)} : {x.type} -> "
                             f"{tensor_type(rs, 'f32')}", [x])
        if r < 0.65:
            o = self.rng.choice([1, 2, 3])
            k, st = self.rng.choice([(2, 2), (3, 1), (3, 2), (1, 1)])
            p = self.rng.choice([0, 1]) if k == 3 else 0
            oh, ow = (h - 1) * st - 2 * p + k, (w - 1) * st - 2 * p + k
            if oh <= 0 or ow <= 0 or n * o * oh * ow > MAX_ELEMENTS:
                return None
            wt = self.g.arg([c, o, k, k], "weight", std=0.3)
            rs = [n, o, oh, ow]
            return self.emit(rs, "f32", f"gn.conv_transpose {{0}}, {{1}} {{{{dilation = "
                             f"array<i64: 1, 1>, groups = 1 : i64, output_padding = "
                             f"array<i64: 0, 0>, padding = {iarray([p, p])}, stride = "
                             f"{iarray([st, st])}}}}} : ({x.type}, {wt.type}) -> "
                             f"({tensor_type(rs, 'f32')})", [x, wt])
        if r < 0.85:
            mean = self.g.arg([c], "weight", std=0.5)
            var = self.g.arg([c], "weight", std=0.2, mean=1.0)
            wt = self.g.arg([c], "weight", std=0.5, mean=1.0)
            b = self.g.arg([c], "weight", std=0.5)
            var = self.g.op([c], "f32", f"gn.abs {{0}} : {var.type}", [var])
            training = self.rng.choice(["true", "false"])
            return self.emit(x.shape, "f32", f"gn.batch_norm {{0}}, {{1}}, {{2}}, {{3}}, {{4}} "
                             f"{{{{epsilon = 1.0e-05 : f64, training = {training}}}}} : ({x.type}, "
                             f"{mean.type}, {var.type}, {wt.type}, {b.type}) -> ({x.type})",
                             [x, mean, var, wt, b])
        groups = self.rng.choice([g for g in (1, 2, c) if c % g == 0])
        wt = self.g.arg([c], "weight", std=0.5, mean=1.0)
        b = self.g.arg([c], "weight", std=0.5)
        return self.emit(x.shape, "f32", f"gn.group_norm {{0}}, {{1}}, {{2}} {{{{epsilon = 1.0e-05 "
                         f": f64, num_groups = {groups} : i64}}}} : ({x.type}, {wt.type}, "
                         f"{b.type}) -> ({x.type})", [x, wt, b])

    def logic(self):
        """reduce_any / reduce_all / triangular over exact values."""
        x = self.pick(lambda v: v.exact and v.dtype == "i1" and v.shape)
        if x is not None and self.rng.random() < 0.5:
            d = self.rng.randrange(len(x.shape))
            rs = x.shape[:d] + x.shape[d + 1:]
            name = self.rng.choice(["reduce_any", "reduce_all"])
            return self.emit(rs, "i1", f"gn.{name} {{0}} dims [{d}] : {x.type} -> "
                             f"{tensor_type(rs, 'i1')}", [x], exact=True)
        x = self.pick(lambda v: len(v.shape) >= 2)
        if x is None:
            return None
        diag = self.rng.randint(-2, 2)
        upper = self.rng.choice(["true", "false"])
        return self.emit(x.shape, x.dtype, f"gn.triangular {{0}} {{{{diagonal = {diag} : i64, "
                         f"upper = {upper}}}}} : {x.type}", [x], x.exact)

    FAMILIES = [("unary", 5), ("binary", 7), ("view", 6), ("reduction", 3), ("matmul", 2),
                ("compare_select", 1.5), ("rounding", 0.7), ("integer", 1), ("half_stretch", 0.8),
                ("widen", 0.8), ("conv", 1), ("pool", 0.7), ("norm", 1), ("indexing", 1.5),
                ("ranking", 0.5), ("attention", 0.6), ("spatial", 1.2), ("logic", 0.6), ("rows", 0.8)]

    def build(self):
        for _ in range(self.rng.randint(1, 3)):
            self.input()
        names, weights = zip(*self.FAMILIES)
        tries = 0
        while len(self.g.ops) < self.max_ops and tries < self.max_ops * 6:
            tries += 1
            getattr(self, self.rng.choices(names, weights)[0])()
            self.live = [v for v in self.live if v.numel() <= MAX_ELEMENTS]
        # Outputs: the last value and up to three other values nothing reads
        # (so most ops stay alive), now and then one that is also read
        # (a fused kernel's intermediate that must be written too).
        produced = [o.result for o in self.g.ops if o.result in self.live] or self.live
        read = {n for o in self.g.ops for n in o.operands}
        sinks = [v for v in produced if v.name not in read and v is not produced[-1]]
        outs = [produced[-1]] + self.rng.sample(sinks, min(len(sinks), 3))
        if self.rng.random() < 0.3:
            extra = self.rng.choice(produced)
            if extra not in outs:
                outs.append(extra)
        self.g.outputs = [v.name for v in outs]
        return self.g


def _numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _broadcast(a, b):
    out = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)
    return tuple(reversed(out))


def _reshape_target(rng, s):
    """Merge two adjacent dims, split one, add or drop a 1, or flatten."""
    s = list(s)
    r = rng.random()
    if r < 0.3 and len(s) >= 2:
        i = rng.randrange(len(s) - 1)
        return s[:i] + [s[i] * s[i + 1]] + s[i + 2:]
    if r < 0.6 and s:
        i = rng.randrange(len(s))
        for f in (2, 3, 4, 8):
            if s[i] % f == 0 and s[i] > f:
                return s[:i] + [f, s[i] // f] + s[i + 1:]
    if r < 0.8 and len(s) < 5:
        i = rng.randint(0, len(s))
        return s[:i] + [1] + s[i:]
    if 1 in s:
        i = s.index(1)
        return s[:i] + s[i + 1:]
    return [_numel(s)]


def generate(seed, max_ops=24):
    rng = random.Random(seed)
    return Generator(rng, rng.randint(3, max_ops)).build()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--count", type=int, default=1)
    p.add_argument("--ops", type=int, default=24, help="most ops a graph draws")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for seed in range(a.seed, a.seed + a.count):
        with open(os.path.join(a.out, f"g{seed}.mlir"), "w") as f:
            f.write(generate(seed, a.ops).render())


if __name__ == "__main__":
    main()

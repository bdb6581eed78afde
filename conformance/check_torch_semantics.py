#!/usr/bin/env python3
"""torch.compile(fn, backend="gn") keeps PyTorch's semantics beyond the
values it returns: each case runs a function eagerly and through gn's
backend on copies of the same inputs and checks the results, the inputs
afterwards (what the function wrote in place: methods, item assignment,
writes through views, inplace=True, torch.relu_, out=), results held across
calls, and what gn refuses loudly (a backward through its graph, batch norm
updating running statistics in training mode), which views
contiguous(), to(copy=True) and clone() copy rather than alias, and which
outputs share memory with the inputs and each other (views, as eager's). Prints one line per case and
"N / M cases hold"; exits 1 when any does not. Run with the PyTorch venv
and gn's Python module:

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/check_torch_semantics.py
"""
import os
import sys
import warnings

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                "python"))
import gn.torch_backend  # noqa: E402,F401  (registers "gn")


def same(a, b):
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        return (a.shape == b.shape and a.dtype == b.dtype
                and torch.allclose(a.double(), b.double(), atol=1e-6, rtol=1e-6, equal_nan=True))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def against_eager(fn, *args):
    """None when gn's results and the inputs afterwards equal eager's, else
    what differs."""
    torch._dynamo.reset()
    mine = [a.clone() if isinstance(a, torch.Tensor) else a for a in args]
    theirs = [a.clone() if isinstance(a, torch.Tensor) else a for a in args]
    got = torch.compile(fn, backend="gn", fullgraph=True)(*mine)
    want = fn(*theirs)
    if not same(got, want):
        return "results differ"
    changed = [i for i, (a, b) in enumerate(zip(mine, theirs)) if not same(a, b)]
    return f"inputs {changed} differ afterwards" if changed else None


def raises(fn, *args, match, backward=False, views=False, options=None):
    torch._dynamo.reset()
    if views:  # the second argument a view of the first
        args = (args[0], args[0][1:])
    try:
        out = torch.compile(fn, backend="gn", fullgraph=True, options=options)(*args)
        if backward:
            out.sum().backward()
    except Exception as e:  # noqa: BLE001 - the message is what is checked
        return None if match in str(e) else f"raised, but: {str(e).splitlines()[0][:160]}"
    return "did not raise"


def view_write(x):
    x[:, 1].zero_()
    return x.sum(1)


def relu_inplace_then_read(x):
    torch.nn.functional.relu(x, inplace=True)
    return x + 1


def relu_underscore(x):
    torch.relu_(x)
    return x * 2


def out_keyword(x, y, z):
    torch.add(x, y, out=z)
    return z * 1


def transposed_write(x):
    x.t()[0].fill_(3.0)
    return x.mean()


def intermediate_only(x):
    y = x * 2
    y.add_(1)
    torch.nn.functional.relu(y, inplace=True)
    return y


def contiguous_then_write(view):
    """x viewed by `view`, made contiguous, written: torch writes x too
    exactly when the view was contiguous already (contiguous() returned it)."""
    def fn(x):
        y = view(x).contiguous()
        y.mul_(2)
        return x * 1, y * 1
    return fn


def copy_then_write(x):
    y = x.to(torch.float32, copy=True)
    y.add_(1)
    z = x.clone()
    z.sub_(1)
    return x * 1, y, z


def written_inputs(fn, *args):
    """The inputs gn's backend writes back for fn's graph (FX-traced)."""
    gm = torch.fx.symbolic_trace(fn)
    return gn.torch_backend.gn_backend(gm, list(args)).gn_written_inputs


def only_written_inputs_copied_back():
    x, w = torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3)
    cases = {
        "conv then relu_": (lambda x, w: torch.conv2d(x, w).relu_(), []),
        "zeros_like(x).masked_fill_": (
            lambda x, w: torch.zeros_like(x).masked_fill_(x > 0, 1.0) + w.sum(), []),
        "x.view(-1).zero_()": (lambda x, w: (x.view(-1).zero_(), w * 1)[1], ["x"]),
    }
    wrong = [f"{name}: {got} != {want}" for name, (fn, want) in cases.items()
             if (got := written_inputs(fn, x, w)) != want]
    return "; ".join(wrong) or None


def held_across_calls():
    torch._dynamo.reset()
    f = torch.compile(lambda x: x * 2 + 1, backend="gn")
    first = f(torch.ones(4))
    kept = first.clone()
    f(torch.full((4,), 3.0))
    return None if torch.equal(first, kept) else "the second call changed the first's result"


def integer_output_under_grad():
    torch._dynamo.reset()
    w = torch.randn(8, 8, requires_grad=True)
    out = torch.compile(lambda x, w: ((x @ w).argmax(1), x @ w), backend="gn")(torch.randn(4, 8), w)
    if out[0].requires_grad or not out[1].requires_grad:
        return "argmax should not require grad, the product should"
    return raises(lambda x, w: x @ w, torch.randn(4, 8), w, match="backward", backward=True)


def with_compile_arguments(x, **kw):
    """torch.compile(..., **kw) of a small function against eager."""
    torch._dynamo.reset()
    fn = lambda x: (x @ x.t()).softmax(-1) * 2  # noqa: E731
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return None if same(torch.compile(fn, backend="gn", **kw)(x), fn(x)) else "results differ"


def written_chunk():
    """Two chunks of one tensor (one storage, no overlap), one written in
    place: separate indeed, so it compiles and matches eager."""
    fn = lambda q, k: (q.mul_(2), k + q)[1]  # noqa: E731
    torch._dynamo.reset()
    mine, theirs = torch.randn(4, 8), None
    theirs = mine.clone()
    got = torch.compile(fn, backend="gn", fullgraph=True)(*mine.chunk(2))
    want = fn(*theirs.chunk(2))
    return None if same(got, want) and same(mine, theirs) else "results or the tensor differ"


def _memory(outs, ins):
    """Each output's layout and which inputs and outputs share its storage."""
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    storage = lambda t: t.untyped_storage().data_ptr()  # noqa: E731
    return [(tuple(o.shape), o.stride(), o.storage_offset(),
             [j for j, x in enumerate(ins) if storage(x) == storage(o)],
             [j for j, p in enumerate(outs) if storage(p) == storage(o)]) for o in outs]


def aliases_as_eager(fn, *args, dynamic=None, then=()):
    """gn's outputs share memory with the inputs and with each other as
    eager's do (views, an input returned, one tensor returned twice), with
    eager's strides, and a write into each output lands where eager's does.
    `then`: more argument tuples for the same compiled function."""
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="gn", fullgraph=True, dynamic=dynamic)
    for call in (args,) + tuple(then):
        mine = [a.clone() for a in call]
        theirs = [a.clone() for a in call]
        got, want = compiled(*mine), fn(*theirs)
        if _memory(got, mine) != _memory(want, theirs):
            return f"memory differs: gn {_memory(got, mine)}, eager {_memory(want, theirs)}"
        if not same(got, want):
            return "results differ"
        got = got if isinstance(got, (tuple, list)) else (got,)
        want = want if isinstance(want, (tuple, list)) else (want,)
        for g, w in zip(got, want):
            if 0 not in w.stride():  # an expanded output cannot be written
                g.mul_(3)
                w.mul_(3)
        if not (same(list(got), list(want)) and same(mine, theirs)):
            return "a write into the outputs lands elsewhere than eager's"
    return None


F = torch.nn.functional
# A negative index: PyTorch raises for these (its message beside), where gn
# read it as counted from the end.
NEGATIVE_RAISES = {
    "index_select": lambda x, i: torch.index_select(x, 0, i),
    "embedding": lambda x, i: F.embedding(i, x),
    "embedding_bag": lambda x, i: F.embedding_bag(i, x, torch.tensor([0])),
    "gather": lambda x, i: torch.gather(x, 0, i.view(-1, 1).expand(-1, 4)),
    "scatter": lambda x, i: torch.zeros(3, 4).scatter(0, i.view(-1, 1).expand(-1, 4), 1.0),
    "scatter_add": lambda x, i: torch.zeros(3, 4).scatter_add(0, i.view(-1, 1).expand(-1, 4), x[:2]),
    "scatter_reduce": lambda x, i: torch.zeros(3, 4).scatter_reduce(
        0, i.view(-1, 1).expand(-1, 4), x[:2], "amax"),
    "index_add": lambda x, i: torch.zeros(3, 4).index_add(0, i, x[:2]),
    "index_copy": lambda x, i: torch.zeros(3, 4).index_copy(0, i, x[:2]),
    "one_hot": lambda x, i: F.one_hot(i, 3),
    "nll_loss": lambda x, i: F.nll_loss(x[:2, :3], i),
    "cross_entropy": lambda x, i: F.cross_entropy(x[:2, :3], i),
    "multi_margin_loss": lambda x, i: F.multi_margin_loss(x[:2, :3], i),
}
# ... and these count it from the end, as gn does.
NEGATIVE_WRAPS = {
    "x[i]": lambda x, i: x[i],
    "take": lambda x, i: torch.take(x, i),
    "take_along_dim": lambda x, i: torch.take_along_dim(x, i.view(-1, 1), 0),
    "index_fill": lambda x, i: x.index_fill(0, i, 1.0),
    "index_put": lambda x, i: x.index_put((i,), torch.ones(4)),
}


def negative_indices():
    """Each form with index [1, -1]: gn raises where PyTorch raises and
    matches it where PyTorch counts from the end."""
    x, i = torch.randn(3, 4), torch.tensor([1, -1])
    wrong = []
    for name, fn in NEGATIVE_RAISES.items():
        try:
            fn(x, i)
            wrong.append(f"{name}: PyTorch did not raise")
            continue
        except Exception:  # noqa: BLE001 - PyTorch raising is the premise
            pass
        problem = raises(fn, x, i, match="index -1 out of range")
        if problem:
            wrong.append(f"{name}: {problem}")
    for name, fn in NEGATIVE_WRAPS.items():
        problem = against_eager(fn, x, i)
        if problem:
            wrong.append(f"{name}: {problem}")
    return "; ".join(wrong) or None


def indices_past_the_end():
    """Indices each within the whole tensor but past their own dim (x[i, j]
    linearizes them), or past -numel (take, put): PyTorch raises, where gn
    wrapped them into another element."""
    x = torch.arange(12.).reshape(3, 4)
    forms = [
        ("x[i, j], i past dim 0", lambda x, i: x[i, torch.tensor([1, 2])], torch.tensor([3, 0])),
        ("x[i, j], j past dim 1", lambda x, i: x[torch.tensor([0, 0]), i], torch.tensor([4, 2])),
        ("x[i, j], i below -3", lambda x, i: x[i, torch.tensor([1, 2])], torch.tensor([-4, 0])),
        ("take(x, -13)", lambda x, i: torch.take(x, i), torch.tensor([-13])),
        ("put_(-13)", lambda x, i: x.clone().put_(i, torch.tensor([1.0])), torch.tensor([-13])),
    ]
    wrong = [f"{name}: {p}" for name, fn, i in forms
             if (p := raises(fn, x, i, match="out of range for size"))]
    wrong += [f"{name}: {p}" for name, fn, i in [
        ("x[i, j] counted from the end", lambda x, i: x[i, -i - 1], torch.tensor([-1, 2])),
        ("take(x, -12)", lambda x, i: torch.take(x, i), torch.tensor([-12]))]
        if (p := against_eager(fn, x, i))]
    return "; ".join(wrong) or None


def under_default_dtype(dtype, fn, *args, **kw):
    """A case run with torch.set_default_dtype(dtype), restored after."""
    before = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        return fn(*args, **kw)
    finally:
        torch.set_default_dtype(before)


def main():
    torch.manual_seed(0)
    x, w = torch.randn(4, 8), torch.randn(8, 8)
    lin = torch.nn.Linear(8, 8)
    bn = torch.nn.BatchNorm1d(8).train()
    cases = [
        ("method add_ on an input", lambda: against_eager(lambda x: x.add_(1).mul(2), x)),
        ("mul_ on an input, then read", lambda: against_eager(lambda x, w: (x.mul_(2), x @ w)[1],
                                                              x, w)),
        ("item assignment on an input", lambda: against_eager(
            lambda x: (x.__setitem__(0, 5.0), x)[1], x)),
        ("zero_ through a view of an input", lambda: against_eager(view_write, x)),
        ("fill_ through a transposed view", lambda: against_eager(transposed_write, x)),
        ("F.relu(x, inplace=True), x read after", lambda: against_eager(relu_inplace_then_read, x)),
        ("torch.relu_(x)", lambda: against_eager(relu_underscore, x)),
        ("torch.add(..., out=z)", lambda: against_eager(out_keyword, x, x, torch.zeros(4, 8))),
        ("writes to an intermediate only", lambda: against_eager(intermediate_only, x)),
        ("contiguous() of contiguous views aliases (rows, unsqueeze, t().t())", lambda: [
            p for p in (against_eager(contiguous_then_write(v), x) for v in (
                lambda x: x[1:3], lambda x: x.unsqueeze(0), lambda x: x.t().t())) if p] or None),
        ("contiguous() of other views copies (t(), columns, steps, expand)", lambda: [
            p for p in (against_eager(contiguous_then_write(v), x) for v in (
                lambda x: x.t(), lambda x: x[:, 1:3], lambda x: x[::2],
                lambda x: x[:1].expand(3, 8))) if p] or None),
        ("to(copy=True) and clone() copy", lambda: against_eager(copy_then_write, x)),
        ("only inputs the graph writes are copied back", only_written_inputs_copied_back),
        ("an input returned as it is", lambda: against_eager(lambda x: (x, x + 1), x)),
        # operator.and_ / or_ end in one underscore like in-place forms: x & y
        # was taken for a write of x, and the graph returned x (session 32).
        ("&, |, ^, ~ of masks and integers are new tensors, as are &= and |= writes", lambda: [
            p for p in (
                against_eager(lambda m, n, i, j: (m & n, m | n, m ^ n, ~m, i & 6, i | j, i ^ j,
                                                  (i > 0) & m, torch.bitwise_and(i, j)),
                              x > 0, x < 0.5, (x * 4).to(torch.int8), (x * 3).to(torch.uint8)),
                against_eager(lambda m, n: (m.__iand__(n), m.__ior__(n.logical_not()))[1],
                              x > 0, x < 0.5)) if p] or None),
        ("a transposed (non-contiguous) input", lambda: against_eager(lambda x: x.sin(), x.t())),
        ("results held across calls", held_across_calls),
        ("backward through gn's graph raises", lambda: raises(
            lin, x, match="backward through a graph gn compiled", backward=True)),
        ("integer and float outputs under autograd", integer_output_under_grad),
        # torch.compile's own arguments reach gn: options= its keyword
        # arguments (an unknown one named), mode= a hint gn takes as it is.
        ("options={'pipeline_options': ..., 'switches': ...}", lambda: with_compile_arguments(
            x, options={"pipeline_options": "attention-kernels=true", "switches": {}})),
        ("an unknown option raises", lambda: raises(
            lambda x: x + 1, x, match="unknown option(s) 'bogus'", options={"bogus": 1})),
        ("mode='max-autotune' compiles", lambda: with_compile_arguments(x, mode="max-autotune")),
        # A view of an input passed beside it, the input written in place: the
        # view must see the write, which gn's separate inputs cannot give.
        ("an input written while another input views it raises", lambda: raises(
            lambda x, y: (x.add_(1), y * 2)[1], x.clone(), None,
            match="share memory", views=True)),
        ("chunks of one tensor, one written in place", written_chunk),
        # Factories without dtype= take the default dtype in PyTorch: gn refuses
        # a default other than float32 rather than give float32 results.
        ("a float64 default dtype raises", lambda: under_default_dtype(
            torch.float64, raises, lambda x: x + torch.ones(8), x,
            match="get_default_dtype() is torch.float64")),
        # Outputs that are views are views, as eager's: gn makes them from the
        # inputs (or from its own outputs) after the call, and gives every
        # other output memory of its own.
        ("views of an input are views (t, slices, view, expand, diagonal, ...)", lambda:
            aliases_as_eager(lambda x: (x.t(), x[1:], x.view(-1), x.expand(2, 4, 8),
                                        x.unsqueeze(0).transpose(1, 2), x.diagonal(),
                                        x.narrow(1, 2, 3), x.select(1, 0), x[:, ::2], x.detach(),
                                        x.float()), x)),
        ("chunk, unbind and split of an input are views", lambda: aliases_as_eager(
            lambda x: (*x.chunk(2), *x.unbind(0), *torch.split(x, 3, 1)), x)),
        ("views of computed values keep eager's strides", lambda: aliases_as_eager(
            lambda x, w: (x @ w, (x @ w).t(), (x * 2).unsqueeze(0).expand(3, 4, 8)), x, w)),
        ("a view of another output shares its memory", lambda: aliases_as_eager(
            lambda x, w: (lambda y: (y, y.t(), y[0]))(x @ w), x, w)),
        ("one tensor returned twice is one tensor", lambda: aliases_as_eager(
            lambda x: (lambda y: (y, y))(x * 2), x)),
        ("equal values, separate tensors (x * 2 twice, x @ w twice)", lambda: aliases_as_eager(
            lambda x, w: (x * 2, x * 2, x @ w, x @ w), x, w)),
        ("clone(), to(copy=True), x + 0 and reshape of a clone own their memory", lambda:
            aliases_as_eager(lambda x: (x.clone(), x.to(torch.float32, copy=True), x + 0,
                                        x.clone().reshape(-1)), x)),
        ("an input written, then viewed; an in-place result of a view", lambda: [
            p for p in (aliases_as_eager(lambda x: (x.add_(1), x.t())[1], x),
                        aliases_as_eager(lambda x: x[0:2].add_(1), x),
                        aliases_as_eager(lambda x: (lambda y: (y.t(), y.add_(1)))(x * 2)[0], x))
            if p] or None),
        ("reshape copies where eager copies", lambda: aliases_as_eager(
            lambda x: (x.t().reshape(-1), x.reshape(2, 16)), x)),
        ("views sized by symbols (dynamic=True), two sizes", lambda: aliases_as_eager(
            lambda x: (x + 1, x.view(x.shape[0] * 2, -1), x.unsqueeze(0).expand(x.shape[0], -1, -1)),
            x, dynamic=True, then=[(torch.randn(6, 8),)])),
        ("a view sized by a data-dependent output", lambda: aliases_as_eager(
            lambda x: (lambda y: (y, x.view(-1)[: y.shape[0]]))(x[x > 0]), x)),
        (f"a negative index raises where PyTorch raises ({len(NEGATIVE_RAISES)} forms) and "
         f"counts from the end where it does ({len(NEGATIVE_WRAPS)})", negative_indices),
        ("an index past its own dim raises (x[i, j], take, put) as PyTorch raises",
         indices_past_the_end),
        ("batch norm in training mode raises", lambda: raises(
            bn, x, match="updates running statistics")),
        ("batch statistics without running ones compile (F and aten order)", lambda: [
            p for p in (against_eager(f, x) for f in (
                lambda x: torch.nn.functional.batch_norm(x, None, None, training=True),
                lambda x: torch.batch_norm(x, torch.ones(8), None, None, None, True, 0.1,
                                           1e-5, False))) if p] or None),
    ]
    held = 0
    for name, case in cases:
        try:
            problem = case()
        except Exception as e:  # noqa: BLE001 - a case that fails to run is reported
            problem = f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
        held += problem is None
        print(f"{'ok  ' if problem is None else 'FAIL'} {name}" + (f": {problem}" if problem else ""),
              flush=True)
    print(f"{held} / {len(cases)} cases hold")
    return 0 if held == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())

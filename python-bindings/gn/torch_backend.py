"""torch.compile(model, backend="gn"): TorchDynamo hands gn each FX graph;
its Python code and its example inputs become a GraphNet-style sample that
goes through gn's importer and compiler, and the returned callable runs gn's
compiled code on the graph's tensors where they are.

    import gn.torch_backend            # registers "gn" (also via the entry point)
    compiled = torch.compile(model, backend="gn", dynamic=False)

The target follows the graph's tensors: CPU tensors run gn's CPU program on
their memory in place (no copies in or out: the results are numpy arrays
over gn's buffers, handed to torch without a copy); CUDA tensors (GPU 0) run
gn's CUDA program on them by address, on torch's current stream, one graph
replay a call, the results written into tensors allocated by torch (see
gn.cuda for what is read in place and what is copied). Nothing waits for
the device: torch.cuda.synchronize() does.

Dynamic shapes (torch.compile(..., dynamic=True), or the recompile
TorchDynamo makes when a shape changes): gn compiles the graph once with its
shape symbols (docs/symbolic-shapes.md) and that one program runs every
size, on the CPU and on CUDA (bound at each new size's first call: the
arena, GEMM plans and CUDA graph of the last 8 sizes kept); the symbols
TorchDynamo passes as SymInt arguments are bound from the tensors' sizes.
Where the one program's guards refuse a size (a dim an op pinned), or the
graph has none, a program is compiled for each size met, the last
MAX_PROGRAMS_AT_SIZES kept. gn.torch_backend.gn_backend.graphs_compiled
counts the graphs compiled.

Sizes that depend on values (nonzero, a boolean mask, masked_select inside
one graph: torch._dynamo.config.capture_dynamic_output_shape_ops): gn
compiles each such op at one size and guards it; a call whose values give
other sizes runs a program compiled for them, compiled when first met, the
last MAX_PROGRAMS_AT_SIZES kept (gn.data_sizes). On CUDA such a graph's
call waits for the device to check its guards, as PyTorch's nonzero waits
to learn its size.

torch.autocast on the CPU (bfloat16, float16), around the compiled call or
inside the graph: gn casts each op's arguments as PyTorch's CPU autocast
lists say (lib/Import/Torch/Autocast.cpp; conformance/check_torch_autocast.py
checks them against PyTorch); TorchDynamo compiles again when the region
around the call changes. A region for another device's tensors changes
nothing, as in PyTorch; an enabled CUDA region around CUDA tensors is
refused (CUDA's lists are not checked here).

Anything gn cannot take (an unsupported op, a dtype gn lacks, a dim CUDA
cannot keep symbolic, tensors on two devices, a graph that draws random
numbers: gn's draws would repeat every call) raises: torch.compile reports
it as a backend failure. There is no silent fallback to eager PyTorch.
"""
import ast
import collections
import os
import shutil
import tempfile
import warnings

import numpy as np
import torch

from . import GnError, compile_sample, import_sample
from . import cuda as gn_cuda
from .data_sizes import DataSizedPrograms
from .output_views import REPLAYED, OutputViews, node_name, written_by

_NUMPY_OF_TORCH = {torch.float32: np.float32, torch.float64: np.float64, torch.float16: np.float16,
                   torch.int64: np.int64, torch.int32: np.int32, torch.int16: np.int16,
                   torch.int8: np.int8, torch.uint8: np.uint8, torch.bool: np.bool_}
# gn's numpy names of forward's result dtypes (bf16 as its uint16 bits).
_TORCH_OF_GN = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16,
                "uint16": torch.bfloat16, "int64": torch.int64, "int32": torch.int32,
                "int16": torch.int16, "int8": torch.int8, "uint8": torch.uint8,
                "bool": torch.bool}


def _to_numpy(t):
    """A numpy view of a CPU tensor's memory (a copy only where it is not
    contiguous); gn takes bf16 as its uint16 bit patterns."""
    if not isinstance(t, torch.Tensor):
        return t
    t = t.detach()
    if not t.is_contiguous():
        t = t.contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(np.uint16)
    return t.numpy()


def _from_numpy(a):
    t = torch.from_numpy(a)
    return t.view(torch.bfloat16) if a.dtype == np.uint16 else t  # gn has no uint16


def _device_of(tensors, wanted):
    """"cpu" or "cuda": where the graph's tensors are (all on one device),
    checked against `wanted` (None: any)."""
    kinds = {t.device.type for t in tensors if isinstance(t, torch.Tensor)}
    if len(kinds) > 1:
        raise NotImplementedError(f"gn backend: the graph's tensors are on {sorted(kinds)}; "
                                  "gn runs a graph on one device")
    kind = kinds.pop() if kinds else "cpu"
    if kind not in ("cpu", "cuda"):
        raise NotImplementedError(f"gn backend: tensors on {kind}: gn runs on cpu and cuda")
    if wanted not in (None, kind):
        raise NotImplementedError(f"gn backend: asked for device {wanted}, but the graph's "
                                  f"tensors are on {kind}")
    return kind


def _lift_attributes(gm):
    """get_attr nodes (tensors the graph holds) become trailing placeholders;
    returns their current values, passed on every call."""
    attrs = [n for n in gm.graph.nodes if n.op == "get_attr"]
    values = []
    if not attrs:
        return values
    last = [n for n in gm.graph.nodes if n.op == "placeholder"][-1]
    for i, node in enumerate(attrs):
        value = gm
        for part in node.target.split("."):
            value = getattr(value, part)
        if isinstance(value, torch.nn.Module):
            users = ", ".join(sorted({node_name(u) for u in node.users})) or "a call"
            raise NotImplementedError(
                f"gn backend: the graph passes its subgraph {node.target} to {users}: "
                "control flow on tensor values (torch.cond, torch.while_loop, map) is not "
                "supported; gn compiles straight-line graphs (torch.where of both branches' "
                "results computes the same where both are cheap and defined)")
        if not isinstance(value, torch.Tensor):
            raise NotImplementedError(f"gn backend: attribute {node.target} is not a tensor")
        with gm.graph.inserting_after(last):
            ph = gm.graph.placeholder(f"gn_attr_{i}")
        last = ph
        node.replace_all_uses_with(ph)
        gm.graph.erase_node(node)
        values.append(value.detach())
    gm.graph.lint()
    gm.recompile()
    return values


def _symbols_of(gm):
    """A dynamic graph's shape symbols: {placeholder: its dims' symbol names
    ("" where static), or the symbol a SymInt placeholder is}; empty for a
    static graph. A dim that is an expression of symbols (2*s0) is refused:
    TorchDynamo gives placeholders plain symbols."""
    dims = {}
    for n in gm.graph.nodes:
        if n.op != "placeholder":
            continue
        v = n.meta.get("example_value")
        if isinstance(v, torch.SymInt) and not str(v).isdigit():
            dims[n.target] = str(v)
        elif isinstance(v, torch.Tensor) and any(isinstance(d, torch.SymInt) and not str(d).isdigit()
                                                 for d in v.shape):
            # (A dim TorchDynamo specialized is a SymInt of a number.)
            names = ["" if isinstance(d, int) or str(d).isdigit() else str(d) for d in v.shape]
            for name in names:
                if name and not name.isidentifier():
                    raise NotImplementedError(
                        f"gn backend: input {n.target} has a dim of size {name}, an expression "
                        "of shape symbols; gn takes dims that are one symbol each "
                        "(torch.compile(..., dynamic=False) compiles each shape on its own)")
            dims[n.target] = names
    in_tensors = {d for v in dims.values() if isinstance(v, list) for d in v}
    for name, v in dims.items():
        if isinstance(v, str) and v not in in_tensors:
            raise NotImplementedError(
                f"gn backend: input {name} is an int that changes between calls ({v}) and no "
                "input tensor's size; gn takes shape symbols only (torch.compile(..., "
                "dynamic=False) compiles each value on its own)")
    return dims


def _write_constraints(folder, symbols, placeholders, inputs):
    """input_tensor_constraints.py in GraphNet's form: the symbols, their sizes
    at this call (the compile example), which dims of which inputs follow
    them."""
    example = {}
    for name, t in zip(placeholders, inputs):
        dims = symbols.get(name)
        if isinstance(dims, list):
            for sym, size in zip(dims, t.shape):
                if sym:
                    example.setdefault(sym, int(size))
    names = sorted(example)
    lines = ["from sympy import Symbol", ""]
    lines += [f'{s} = Symbol("{s}")' for s in names]
    lines += ["", f"dynamic_dim_constraint_symbols = [{', '.join(names)}]", "",
              "dynamic_dim_constraint_symbol2example_value = {"
              + ", ".join(f"{s}: {example[s]}" for s in names) + "}", "",
              "dynamic_dim_constraint_relations = []", "",
              "dynamic_dim_constraint_input_shapes = ["]
    for name, t in zip(placeholders, inputs):
        dims = symbols.get(name)
        if isinstance(t, torch.Tensor):
            shape = [d or str(s) for d, s in zip(dims, t.shape)] if isinstance(dims, list) \
                else [int(s) for s in t.shape]
            lines.append(f'    ([{", ".join(map(str, shape))}], "{name}"),')
        else:
            lines.append(f'    ([], "{name}"),')
    lines.append("]")
    with open(os.path.join(folder, "input_tensor_constraints.py"), "w") as f:
        f.write("\n".join(lines) + "\n")


def _read_as_numbers(gm, inputs):
    """Placeholders of one element read only through .item() (a module's
    float attributes, which TorchDynamo passes as tensors under dynamic
    shapes: BatchNorm's eps and momentum): {name: index}. gn compiles them
    as the constants they are at this call (an op's eps must be a number)."""
    out = {}
    for i, n in enumerate(n for n in gm.graph.nodes if n.op == "placeholder"):
        t = inputs[i]
        if (isinstance(t, torch.Tensor) and t.numel() == 1 and n.users
                and all(u.op == "call_method" and u.target == "item" for u in n.users)):
            out[n.target] = i
    return out


def _meta_entry(name, shape, dtype, data, stats=None):
    """One input's class in GraphNet's input_meta.py form (`data`: its values
    as Python text, "None" for none; `stats`: mean and std, "None" for a
    SymInt)."""
    mean, std = (stats, stats) if stats else ("0.0", "1.0")
    return (f'class Program_weight_tensor_meta_{name}:\n    name = "{name}"\n'
            f'    shape = {shape}\n    dtype = "{dtype}"\n    device = "cpu"\n'
            f"    mean = {mean}\n    std = {std}\n    data = {data}\n")


def _autocast_of(target):
    """The autocast region the graph runs in, (device type, dtype), when
    one is enabled for the target's tensors around the compiled call
    (TorchDynamo leaves it out of the graph, guarding on it instead)."""
    dev = "cuda" if target == "cuda" else "cpu"
    try:
        enabled = torch.is_autocast_enabled(dev)
    except TypeError:  # an older torch: no device argument
        enabled = torch.is_autocast_cpu_enabled() if dev == "cpu" else torch.is_autocast_enabled()
    return (dev, torch.get_autocast_dtype(dev)) if enabled else None


def _disable_other_autocast(gm, target):
    """Regions the graph opens for another device's tensors change nothing
    on this one's (PyTorch casts per device): written as disabled."""
    dev = "cuda" if target == "cuda" else "cpu"
    changed = False
    for node in gm.graph.nodes:
        if node.op == "call_function" and node.target is torch.amp.autocast_mode._enter_autocast:
            device = node.kwargs.get("device_type", node.args[0] if node.args else None)
            if device != dev:
                args = list(node.args) + [None] * (3 - len(node.args))
                args[2] = False
                node.args = tuple(args)
                node.kwargs = {k: v for k, v in node.kwargs.items() if k != "enabled"}
                changed = True
    if changed:
        gm.recompile()


def _write_sample(folder, gm, inputs, symbols=None, constants=None, autocast=None):
    placeholders = [n.target for n in gm.graph.nodes if n.op == "placeholder"]
    body = gm.code.strip("\n")
    if autocast:
        # The region around the call, opened before forward's first
        # statement (found by parsing: the signature may span lines).
        first = ast.parse(body).body[0].body[0].lineno - 1
        lines = body.split("\n")
        device, dtype = autocast
        lines.insert(first, f"    _gn_autocast = torch.amp.autocast_mode._enter_autocast("
                            f"{device!r}, {dtype}, True, None)")
        body = "\n".join(lines)
    # gm.code is "def forward(self, ...):" and its body: a method of GraphModule.
    # FX names some globals bare (device(type='cpu'), inf, nan): import them
    # as GraphNet's extracted samples do.
    lines = ["import torch", "", "from torch import device", "from math import inf, nan", "", "",
             "class GraphModule(torch.nn.Module):"]
    lines += ["    " + l if l else "" for l in body.split("\n")]
    with open(os.path.join(folder, "model.py"), "w") as f:
        f.write("\n".join(lines) + "\n")
    meta = []
    for name, t in zip(placeholders, inputs):
        if symbols and name in symbols and not isinstance(t, torch.Tensor):
            # A shape symbol passed as an int: its size at this call.
            meta.append(_meta_entry(name, [], "torch.int64", f"[{int(t)}]", stats="None"))
            continue
        if not isinstance(t, torch.Tensor):
            raise NotImplementedError(
                f"gn backend: graph input {name} is a {type(t).__name__}, not a tensor or a "
                "shape symbol")
        if t.dtype not in _NUMPY_OF_TORCH and t.dtype != torch.bfloat16:
            raise NotImplementedError(f"gn backend: input {name} has dtype {t.dtype}, "
                                      "which gn's Python interface cannot pass")
        data = f"[{t.item()!r}]" if name in (constants or {}) else "None"
        meta.append(_meta_entry(name, list(t.shape), str(t.dtype), data))
    with open(os.path.join(folder, "input_meta.py"), "w") as f:
        f.write("\n\n".join(meta))
    with open(os.path.join(folder, "graph_net.json"), "w") as f:
        f.write('{"framework": "torch", "source": "torch.compile"}\n')
    if symbols:
        _write_constraints(folder, symbols, placeholders, inputs)


# What a symbolic program says when a call's sizes break one of its guards
# (guardFailure, lib/Support/SymbolBinding.cpp).
_GUARD_REFUSED = "the model needs dim"

# The raw handle of torch's current stream without making a Stream object
# (what Inductor's generated code calls); the public API where it is absent.
_RAW_STREAM = getattr(torch._C, "_cuda_getCurrentRawStream", None)


def _current_stream(dev):
    if _RAW_STREAM is not None:
        return _RAW_STREAM(dev.index if dev.index is not None else torch.cuda.current_device())
    return torch.cuda.current_stream(dev).cuda_stream


def runner(compiled, target, data_sites=False):
    """A function of forward's tensors (in its order) that runs `compiled`
    where they are and returns its results as torch tensors: CPU tensors in
    place; CUDA tensors through gn.cuda on torch's current stream, into
    tensors torch allocates. data_sites: the program has data-dependent
    sizes, so a CUDA run waits for the device and raises a guard it failed
    (as PyTorch's nonzero waits to learn its size) before its results are
    handed out."""
    views = {}  # id(tensor) -> (tensor, its data_ptr, numpy view): made once a tensor

    def view(t):
        # A tensor passed again (a weight, every call) keeps its numpy view,
        # which gn in turn reads through the view it made of it: no
        # conversion per call (139 weights of convnextv2_atto took 2.3 ms).
        if isinstance(t, torch.Tensor):
            kept = views.get(id(t))
            if kept is not None and kept[0] is t and kept[1] == t.data_ptr():
                return kept[2]
            a = _to_numpy(t)
            views[id(t)] = (t, t.data_ptr(), a)
            return a
        return t

    def run_cpu(tensors):
        if len(views) > 4 * len(tensors) + 64:
            views.clear()  # tensors of past calls, no longer passed
        return [_from_numpy(r) for r in compiled(*[view(t) for t in tensors])]

    caller = gn_cuda.Caller(compiled) if target == "cuda" else None

    def run_cuda(tensors):
        dev = tensors[0].device if tensors else torch.device("cuda", 0)
        # A symbolic program's results have the shapes of this call's binding.
        outs = [torch.empty(r["shape"], dtype=_TORCH_OF_GN[r["dtype"]], device=dev)
                for r in caller.results_for(tensors)]
        stream = _current_stream(dev)
        caller(tensors, outs, stream, outs_as_results=True)
        if data_sites:
            compiled.synchronize(stream)
        return outs

    return run_cuda if target == "cuda" else run_cpu


def _hint(x):
    """A SymInt example input as the int it is at this call."""
    if isinstance(x, torch.SymInt):
        return int(x.node.hint) if x.node.hint is not None else int(x)
    return x


_RANDOM_FUNCTIONS = ("rand", "randn", "randint", "rand_like", "randn_like", "randint_like",
                     "bernoulli", "normal", "randperm", "multinomial", "poisson",
                     "gumbel_softmax")
_RANDOM_METHODS = ("bernoulli", "bernoulli_", "uniform_", "normal_", "exponential_", "random_",
                   "cauchy_", "log_normal_", "geometric_")
_DROPOUTS = ("dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout",
             "feature_alpha_dropout", "native_dropout", "rrelu")


def _random_draw(gm):
    """The first node of `gm` that draws random numbers, described, or None.
    gn's random ops are a counter-based stream fixed per op: every call of
    the compiled graph would draw the same numbers, which a training step
    (dropout masks, noise) does not expect; gn refuses such graphs here
    rather than repeat them silently."""
    for node in gm.graph.nodes:
        name = getattr(node.target, "__name__", str(node.target))
        if node.op == "call_method" and name in _RANDOM_METHODS:
            return f"{node.name}: Tensor.{name}"
        if node.op != "call_function":
            continue
        if name in _RANDOM_FUNCTIONS:
            return f"{node.name}: {name}"
        if name in _DROPOUTS:
            training = node.kwargs.get("training", node.kwargs.get("train"))
            if training is None:
                # positional: dropout(input, p, training, ...), rrelu(input, lower, upper, training)
                at = 3 if name == "rrelu" else 2
                training = node.args[at] if len(node.args) > at else (name == "native_dropout")
            p = node.kwargs.get("p", node.args[1] if len(node.args) > 1 else 0.5)
            if training and not (name != "rrelu" and isinstance(p, (int, float)) and p == 0):
                return f"{node.name}: {name} with training=True"
    return None


# Ops whose result shares its first argument's storage (torch's view ops,
# and those that may return their input: reshape, contiguous, to, ...).
# Ops whose result may share their first argument's storage: the views
# gn.output_views replays, complex views, conversions that may return their
# input, and the attribute reads Dynamo records.
_VIEWS = REPLAYED | frozenset((
    "real", "imag", "view_as_real", "view_as_complex", "to", "type_as", "float", "data",
    "getattr"))


def _written_inputs(gm):
    """The placeholders the graph writes in place (directly or through a
    view: x.add_(1), x[0] = v, F.relu(x, inplace=True), out=x), in graph
    order. gn's program computes their new values as extra outputs, which
    the backend copies back into the caller's tensors after each call."""
    roots = {}  # node -> the placeholders whose storage it may share
    written = []
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            roots[node] = {node}
            continue
        if node.op not in ("call_method", "call_function"):
            continue
        name = node_name(node)
        first = node.args[0] if node.args else node.kwargs.get("input")
        shared = roots.get(first, set()) if hasattr(first, "op") else set()
        targets = written_by(node)
        for t in targets:
            for p in roots.get(t, ()) if hasattr(t, "op") else ():
                if p not in written:
                    written.append(p)
        if shared and (name in _VIEWS or targets):
            roots[node] = shared  # a view, or the written tensor returned
    return written


def _training_batch_norm(gm):
    """The first batch norm in training mode that updates running
    statistics, described, or None: gn computes the normalized output but
    not the running statistics' update, so such a graph is refused."""
    for node in gm.graph.nodes:
        if node.op != "call_function" or node_name(node) not in ("batch_norm", "instance_norm"):
            continue
        args = list(node.args)
        kw = node.kwargs
        # F.batch_norm(input, running_mean, running_var, weight, bias, training, ...);
        # torch.batch_norm(input, weight, bias, running_mean, running_var, training, ...);
        # instance_norm likewise, with use_input_stats for training.
        functional = getattr(node.target, "__module__", "") == "torch.nn.functional"
        at = 1 if functional else 3
        stats = kw.get("running_mean", args[at] if len(args) > at else None)
        if node_name(node) == "instance_norm":
            training = kw.get("use_input_stats", args[5] if len(args) > 5 else True)
        else:
            training = kw.get("training", args[5] if len(args) > 5 else False)
        if training and stats is not None:
            return f"{node.name}: {node_name(node)} in training mode with running statistics"
    return None


def _byte_range(t):
    """The bytes of its storage tensor `t` can reach: [first, last)."""
    start = t.storage_offset() * t.element_size()
    span = sum((n - 1) * abs(s) for n, s in zip(t.shape, t.stride())) + 1
    return start, start + span * t.element_size()


def _refuse_written_aliases(given, written, placeholders):
    """gn's program takes its inputs as separate tensors: where the graph
    writes an input in place and another input overlaps its memory (a view
    of it), the other would not see the write, so the call raises instead.
    (Views that share a storage without overlapping, like chunks of one
    tensor, are separate indeed.)"""
    storages = {}
    for i, t in enumerate(given):
        if isinstance(t, torch.Tensor) and t.numel():
            storages.setdefault(t.untyped_storage().data_ptr(), []).append(i)
    for shared in storages.values():
        for i in shared:
            if i not in written:
                continue
            lo, hi = _byte_range(given[i])
            overlapping = [j for j in shared if j != i and
                           _byte_range(given[j])[0] < hi and lo < _byte_range(given[j])[1]]
            if not overlapping:
                continue
            names = [placeholders[k].target for k in [i] + overlapping]
            raise RuntimeError(
                f"gn backend: inputs {', '.join(names)} share memory (one is a view of another) "
                "and the graph writes one of them in place; gn compiles its inputs as separate "
                "tensors, so the others would not see the write: pass separate tensors (clone "
                "the view) or keep the in-place write outside the compiled function")


def _sequence_or_one(outs, returns_sequence):
    return tuple(outs) if returns_sequence else outs[0]


class _NoBackward(torch.autograd.Function):
    """gn's outputs where autograd records the graph: gn compiles forward
    graphs only, so a backward through them raises instead of leaving the
    inputs' gradients silently out."""

    @staticmethod
    def forward(ctx, call, *inputs):
        outs = call(list(inputs))
        ctx.mark_non_differentiable(*[o for o in outs if not o.is_floating_point()])
        return tuple(outs)

    @staticmethod
    def backward(ctx, *grads):
        raise RuntimeError(
            "gn backend: backward through a graph gn compiled: gn compiles forward (inference) "
            "graphs and has no backward for them; run the model under torch.no_grad() or "
            "torch.inference_mode(), or compile training with another backend")


# What torch.compile(backend="gn", options={...}) may set: gn_backend's own
# keyword arguments.
OPTIONS = ("device", "pipeline_options", "switches")
_MODES_WARNED = set()


def _read_compile_options(options, mode, device, pipeline_options, switches):
    """torch.compile's options= dict and mode= as gn_backend's arguments."""
    if mode not in (None, "default") and mode not in _MODES_WARNED:
        # A performance hint, not a change of results: gn has one way to
        # compile (on CUDA it already replays one graph a call, what
        # reduce-overhead asks of Inductor).
        _MODES_WARNED.add(mode)
        warnings.warn(f"gn backend: mode={mode!r} is Inductor's; gn compiles the same way in "
                      "every mode (on CUDA one graph replay a call)", stacklevel=3)
    if options is None:
        return device, pipeline_options, switches
    if not isinstance(options, dict):
        raise RuntimeError(f"gn backend: options must be a dict, got {type(options).__name__}")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise RuntimeError(f"gn backend: unknown option(s) {', '.join(map(repr, unknown))}; gn "
                           f"takes {', '.join(OPTIONS)} (gn.switches(device) lists the "
                           "switches)")
    return (options.get("device", device), options.get("pipeline_options", pipeline_options),
            options.get("switches", switches))


def gn_backend(gm, example_inputs, device=None, pipeline_options="", switches=None,
               options=None, mode=None):
    """The TorchDynamo backend: compiles `gm` with gn for the device its
    tensors are on (`device`, when given, must agree); returns the callable
    that runs it. torch.compile(..., options={...}) passes `device`,
    `pipeline_options` (gn-opt's, e.g. "attention-kernels=true") and
    `switches` (a dict, gn.switches(device)) through `options`."""
    device, pipeline_options, switches = _read_compile_options(
        options, mode, device, pipeline_options, switches)
    if torch.get_default_dtype() != torch.float32:
        # Factories without dtype= (torch.ones(3)), true division of ints and
        # Python floats with int tensors take the default dtype; gn's importer
        # takes float32 there.
        raise RuntimeError(
            f"gn backend: torch.get_default_dtype() is {torch.get_default_dtype()}; gn compiles "
            "graphs under the default float32 only (its factories and promotions would give "
            "float32 where PyTorch gives the default): set_default_dtype(torch.float32), or "
            "pass dtype= explicitly and convert the inputs")
    drawn = _random_draw(gm)
    if drawn:
        raise RuntimeError(
            f"gn backend: the graph draws random numbers ({drawn}); gn's draws would repeat the "
            "same values on every call, so it does not compile such graphs (model.eval() turns "
            "dropout off)")
    training = _training_batch_norm(gm)
    if training:
        raise RuntimeError(
            f"gn backend: the graph updates running statistics ({training}); gn computes the "
            "output but not the update, so it does not compile such graphs (model.eval() "
            "normalizes with the running statistics)")
    attrs = _lift_attributes(gm)
    inputs = [_hint(x) for x in example_inputs] + attrs
    # Inputs the graph writes in place: their new values become extra
    # outputs of gn's program, copied back into the caller's tensors.
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    written = [placeholders.index(p) for p in _written_inputs(gm)]
    output_node = [n for n in gm.graph.nodes if n.op == "output"][0]
    results = output_node.args[0]
    returns_sequence = isinstance(results, (tuple, list))
    # Outputs that are views of inputs (or of other outputs) are made as
    # views after each call, out of gn's program (gn.output_views).
    views = OutputViews(gm, results if returns_sequence else (results,))
    returned = len(views.gn_results)
    if written or views.positions:
        output_node.args = (tuple(views.gn_results) + tuple(placeholders[i] for i in written),)
        gm.recompile()
    if not views.gn_results and not written:
        # Every output is a view of an input: nothing for gn to compute.
        def only_views(*args):
            return _sequence_or_one(views(list(args) + attrs, []), returns_sequence)

        only_views.gn_compiled = None
        return only_views
    target = _device_of(inputs, device)
    autocast = _autocast_of(target)
    _disable_other_autocast(gm, target)
    symbols = _symbols_of(gm)
    # Shape symbols are arguments of the graph, not of gn's program: the
    # program binds them from the tensors' sizes.
    names = [n.target for n in gm.graph.nodes if n.op == "placeholder"]
    keep = [i for i, name in enumerate(names) if not isinstance(symbols.get(name), str)]
    constants = _read_as_numbers(gm, inputs)
    baked = {i: (name, inputs[i].item()) for name, i in constants.items()}
    data_sites = []  # [whether the graph has data-dependent sizes], learned at the first compile

    def compile_at(inputs, symbolic, data_sizes=()):
        folder = tempfile.mkdtemp(prefix="gn-torch-compile-")
        try:
            _write_sample(folder, gm, inputs, symbols, constants, autocast)
            # Through the program cache: the same graph compiled again (another
            # process, a GPU machine without LLVM) loads instead. With shape
            # symbols: one program for every size (gn's symbolic import).
            program = compile_sample(folder, device=target, pipeline_options=pipeline_options,
                                     switches=dict(switches or {}),
                                     caller_tensors=target == "cuda", symbolic=symbolic,
                                     data_sizes=list(data_sizes))
            if not data_sites:
                # Only a CUDA run needs to know (it must wait to check the
                # guards); a CPU run raises a failed guard as it returns.
                data_sites.append(target == "cuda" and import_sample(folder).data_sites > 0)
        except GnError as e:
            raise RuntimeError(f"gn backend: {e}\n(the graph gn was given is in {folder})") \
                from None
        if not os.environ.get("GN_KEEP_TORCH_SAMPLES"):
            shutil.rmtree(folder, ignore_errors=True)
        gn_backend.graphs_compiled += 1
        return program

    def at_data_sizes(first, inputs, symbolic):
        """`first` (compiled at `inputs`' sizes, every data-dependent site at
        its upper bound) run at the sizes each call's values give: a program
        per combination of sizes met (gn.data_sizes)."""
        return DataSizedPrograms(
            lambda sizes: runner(compile_at(inputs, symbolic, sizes), target, data_sites[0]),
            keep=MAX_PROGRAMS_AT_SIZES, first=runner(first, target, data_sites[0]))

    def sizes_of(given):
        return tuple(tuple(t.shape) if isinstance(t, torch.Tensor) else _hint(t) for t in given)

    # Programs compiled for one call's sizes, by its tensors' shapes: where
    # the one program's guards refuse a size (a dim an op pinned at the
    # compile example), or where there is no one program (the symbolic
    # import or the target refuses the symbols), as TorchDynamo recompiles a
    # graph per size. Never a fallback to eager: each is gn's compiled code.
    at_sizes = collections.OrderedDict()  # sizes -> runner, least recently used first
    per_size = False
    try:
        compiled = compile_at(inputs, bool(symbols))
    except RuntimeError as symbolic_error:
        if not symbols:
            raise
        compiled = compile_at(inputs, False)  # raises what the graph itself lacks
        warnings.warn(f"{symbolic_error}\ngn backend: no one program for this graph's shape "
                      "symbols; compiling a program for each size (gn.torch_backend.gn_backend."
                      "graphs_compiled counts them)", stacklevel=2)
        per_size = True
    run_positional = at_data_sizes(compiled, inputs, bool(symbols) and not per_size)
    if per_size:
        at_sizes[sizes_of(inputs)] = run_positional
    keep_all = keep == list(range(len(inputs)))  # no shape symbols among the arguments

    def call(given):
        positional = given if keep_all else [given[i] for i in keep]
        if at_sizes:
            own = at_sizes.get(sizes_of(given))
            if own is not None:
                at_sizes.move_to_end(sizes_of(given))
                return own(positional)
        if not per_size:
            try:
                return run_positional(positional)
            except GnError as e:
                if not symbols or _GUARD_REFUSED not in str(e):
                    raise
                if not at_sizes:
                    warnings.warn(f"gn backend: {e}; compiling a program for each size this "
                                  "graph's guards refuse (gn.torch_backend.gn_backend."
                                  "graphs_compiled counts them)", stacklevel=3)
        hints = [_hint(t) for t in given]
        own = at_data_sizes(compile_at(hints, False), hints, False)
        at_sizes[sizes_of(given)] = own
        if len(at_sizes) > MAX_PROGRAMS_AT_SIZES:
            # Bounded memory: the least recently used size's program goes (a
            # later call at that size compiles it again, or loads it from the
            # program cache).
            at_sizes.popitem(last=False)
        return own(positional)

    def run(*args):
        given = list(args) + attrs
        for i, (name, value) in baked.items():
            if given[i].item() != value:
                raise RuntimeError(
                    f"gn backend: input {name}, read as a number (.item()), was {value!r} when "
                    f"gn compiled the graph and is {given[i].item()!r} now; gn compiled it as a "
                    "constant: torch.compile the model again (torch._dynamo.reset())")
        if written:
            _refuse_written_aliases(given, written, placeholders)
        if torch.is_grad_enabled() and any(isinstance(t, torch.Tensor) and t.requires_grad
                                           for t in given):
            outs = list(_NoBackward.apply(call, *given))
        else:
            outs = call(given)
        if written:
            with torch.no_grad():
                for i, new in zip(written, outs[returned:]):
                    given[i].copy_(new)
            outs = outs[:returned]
        return _sequence_or_one(views(given, outs), returns_sequence)

    run.gn_compiled = compiled
    run.gn_programs_at_sizes = at_sizes
    run.gn_written_inputs = [placeholders[i].target for i in written]
    run.gn_device = target
    return run


gn_backend.graphs_compiled = 0
# The programs compiled for single sizes that one graph keeps (where its one
# program's guards refuse a size, or it has none), least recently used out.
MAX_PROGRAMS_AT_SIZES = 16  # programs this process compiled with gn (graphs, sizes)


try:
    from torch._dynamo import register_backend

    register_backend(name="gn")(gn_backend)
except Exception:  # noqa: BLE001 - an older torch: the entry point registers it
    pass

"""Outputs of a torch.compile graph that are views, as PyTorch returns them.

Eager PyTorch returns `x.t()`, `x.expand(...)`, `x[1:]` or `y.view(...)` as
views: they share the input's (or another output's) memory, so a write
through one reaches the other, and an expand costs no memory. gn's program
writes every output to a buffer of its own, so the backend takes such
outputs out of gn's program and makes them after each call by running
their view chain on the caller's tensors (or on gn's output they view), as
AOTAutograd regenerates outputs that alias inputs. Only view ops (and
reshape / contiguous, which PyTorch itself makes a view where it can and
copies where it cannot) are replayed; anything that computes values stays
in gn's program.
"""

import operator

import torch

# Ops whose result is a view of their first argument (or, for reshape and
# contiguous, the argument itself where no copy is needed, as eager gives).
REPLAYED = frozenset((
    "view", "view_as", "reshape", "reshape_as", "flatten", "unflatten", "squeeze", "unsqueeze",
    "transpose", "permute", "t", "T", "mT", "H", "mH", "adjoint", "narrow", "select", "expand",
    "expand_as", "movedim", "moveaxis", "swapaxes", "swapdims", "diagonal", "as_strided",
    "detach", "alias", "split", "split_with_sizes", "tensor_split", "chunk", "unbind",
    "hsplit", "vsplit", "dsplit", "unfold", "contiguous", "getitem", "__getitem__"))


# Conversions, which return their input itself where nothing changes
# (x.float() of a float32 x): replayed only then, as eager decides.
CONVERSIONS = frozenset((
    "to", "type", "type_as", "float", "double", "half", "bfloat16", "int", "long", "short",
    "bool", "byte", "char", "cpu", "cuda"))


def _same_type(node):
    """Whether conversion `node` gives its input's dtype and device."""
    out = node.meta.get("example_value")
    src = node.args[0].meta.get("example_value") if node.args and isinstance(
        node.args[0], torch.fx.Node) else None
    return (isinstance(out, torch.Tensor) and isinstance(src, torch.Tensor)
            and out.dtype == src.dtype and out.device == src.device)


def _is_view(node):
    """Whether `node`'s result is (or may be, as eager decides) a view of
    its first argument, computing nothing."""
    name = node_name(node)
    return name in REPLAYED or (name in CONVERSIONS and _same_type(node))


# Replayed ops that may give a copy rather than a view.
_MAY_COPY = frozenset(("reshape", "reshape_as", "flatten", "contiguous")) | CONVERSIONS
INPLACE_OPERATORS = frozenset((
    "iadd", "isub", "imul", "itruediv", "ifloordiv", "imod", "ipow", "imatmul", "iand", "ior",
    "ixor", "ilshift", "irshift", "setitem", "__setitem__"))


def is_inplace_form(node):
    """Whether `node` calls a framework's in-place form (x.add_(1),
    torch.relu_): a name ending in one underscore, not a dunder, and not the
    operator module's and_, or_, not_, is_ (x & y computes a new tensor; it
    was taken for an in-place op and the graph returned x)."""
    name = node_name(node)
    return (name.endswith("_") and not name.endswith("__")
            and getattr(node.target, "__module__", None) not in ("_operator", "operator"))


def written_by(node):
    """What call `node` writes in place: its first argument (x.add_(1),
    x[0] = v, inplace=True) and its out= tensors."""
    name = node_name(node)
    targets = []
    if (name in INPLACE_OPERATORS or is_inplace_form(node)
            or node.kwargs.get("inplace") is True):
        targets.append(node.args[0] if node.args else node.kwargs.get("input"))
    given = node.kwargs.get("out")
    if given is not None:
        targets += list(given) if isinstance(given, (tuple, list)) else [given]
    return targets


def _written_nodes(gm):
    """The values the graph writes in place and every value they write
    through (a view's chain)."""
    out = set()
    for node in gm.graph.nodes:
        if node.op not in ("call_method", "call_function"):
            continue
        for t in written_by(node):
            while isinstance(t, torch.fx.Node) and t not in out:
                out.add(t)
                through = t.op in ("call_method", "call_function") and t.args and _is_view(t)
                t = t.args[0] if through else None
    return out


def node_name(node):
    return getattr(node.target, "__name__", str(node.target)).split(".")[-1]


def _is_tensor(node):
    v = node.meta.get("example_value")
    if isinstance(v, (tuple, list)):
        return any(isinstance(e, torch.Tensor) for e in v)
    return isinstance(v, torch.Tensor)


def _is_single_tensor(node):
    return isinstance(node.meta.get("example_value"), torch.Tensor)


def _nodes_in(arg):
    out = []
    torch.fx.node.map_arg(arg, out.append)
    return out


class OutputViews:
    """The graph's outputs that are view chains of an input or of a value gn
    computes. `gn_results` are the values left to gn's program (the graph's
    other outputs, then the bases of views no output returns);
    `__call__(given, outs)` makes the graph's full output list from a call's
    inputs and gn's outputs. A node returned twice is returned as one
    tensor, as eager does."""

    def __init__(self, gm, results):
        placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
        results = list(results)
        self.kept = []  # output positions gn's program computes, in order
        replayed = {}  # output position -> the node its view chain ends in
        hidden = []  # values gn computes only for views of them to be made
        for k, r in enumerate(results):
            view = self._written_through(r)
            base = self._base_of(view)
            if base is None or (base is view and base.op != "placeholder"):
                self.kept.append(k)  # computes values
            elif base.op == "placeholder" or (_is_single_tensor(base) and view is r):
                replayed[k] = view
                if base.op != "placeholder" and base not in results and base not in hidden:
                    hidden.append(base)
            else:
                self.kept.append(k)
        # A node returned twice is one tensor, as eager returns it.
        first = {}
        for k in list(self.kept):
            if not isinstance(results[k], torch.fx.Node):
                continue
            if results[k] in first:
                self.kept.remove(k)
                replayed[k] = results[k]
            else:
                first[results[k]] = k
        computed = [results[k] for k in self.kept]
        known = set(placeholders) | set(computed) | set(hidden)
        written = _written_nodes(gm)
        for k in sorted(replayed):
            # Sizes read from a value gn keeps to itself, or a copy (x.to(copy=
            # True), reshape of a strided x) written in place: gn makes it.
            if (not self._arguments_known(replayed[k], known)
                    or self._writes_a_copy(replayed[k], written)):
                del replayed[k]
                self.kept.append(k)
        self.kept.sort()
        computed = [results[k] for k in self.kept]
        used = set()
        for k in replayed:
            used |= self._chain_nodes(replayed[k])
        # gn's outputs: the graph's own, then the bases only views need.
        self.gn_results = computed + [b for b in hidden if b in used and b not in computed]
        self.positions = sorted(replayed)
        self._replay = None
        if self.positions:
            self._replay = self._graph(gm, placeholders, self.gn_results,
                                       [replayed[k] for k in self.positions])

    @staticmethod
    def _writes_a_copy(node, written):
        """Whether the graph writes in place a value of `node`'s view chain
        that may be a copy (at or past a reshape, contiguous or conversion):
        the write lands in that copy, which a replay would not hold."""
        chain = []  # from `node` back to its base
        while isinstance(node, torch.fx.Node) and node.op in ("call_method", "call_function"):
            chain.append(node)
            node = node.args[0] if node.args else node.kwargs.get("input")
        copied = False
        for n in reversed(chain):  # from the base on
            copied = copied or node_name(n) in _MAY_COPY
            if copied and n in written:
                return True
        return False

    @staticmethod
    def _chain_nodes(node):
        out = set()
        while isinstance(node, torch.fx.Node):
            out.add(node)
            node = node.args[0] if node.args else node.kwargs.get("input")
        return out

    @staticmethod
    def _written_through(node):
        """What an in-place op returns: its first argument, written (x.add_(1)
        returns x). The backend copies written inputs back before the views
        are made, so a view of a written input shows the new values."""
        while (isinstance(node, torch.fx.Node) and node.op in ("call_method", "call_function")
               and is_inplace_form(node) and node.args and isinstance(node.args[0], torch.fx.Node)):
            node = node.args[0]
        return node

    @staticmethod
    def _base_of(node):
        """The node a chain of view ops starts from (node itself where it is
        no view), or None where the chain is not only view ops."""
        while isinstance(node, torch.fx.Node) and node.op in ("call_method", "call_function"):
            if not _is_view(node):
                return node
            if node.target in (operator.getitem,) or node_name(node) in ("getitem", "__getitem__"):
                # Basic indexing only (ints, slices, None, ...): an index
                # tensor computes values.
                if any(_is_tensor(n) for n in _nodes_in(node.args[1:])):
                    return node
            node = node.args[0] if node.args else node.kwargs.get("input")
        return node if isinstance(node, torch.fx.Node) else None

    @staticmethod
    def _arguments_known(node, known):
        """Whether every value the view chain to `node` reads is at hand at
        call time: the chain, sizes (SymInts) computed from inputs, inputs
        and gn's outputs."""
        seen = set()

        def ok(n):
            if n in known or n in seen:
                return True
            seen.add(n)
            if n.op == "placeholder":
                return True
            if n.op not in ("call_method", "call_function"):
                return False
            if _is_tensor(n) and not _is_view(n):
                return False
            return all(ok(d) for d in n.all_input_nodes)

        return ok(node)

    @staticmethod
    def _graph(gm, placeholders, gn_results, replayed):
        """A GraphModule taking (*inputs, *gn's outputs) and returning the
        replayed outputs."""
        g = torch.fx.Graph()
        env = {}
        for p in placeholders:
            env[p] = g.node_copy(p)
        for i, r in enumerate(gn_results):
            if r not in env:
                env[r] = g.placeholder(f"gn_output_{i}")
        needed = set()

        def need(n):
            if n in env or n in needed:
                return
            needed.add(n)
            for d in n.all_input_nodes:
                need(d)

        for r in replayed:
            need(r)
        for n in gm.graph.nodes:  # graph order is an order of dependencies
            if n in needed:
                env[n] = g.node_copy(n, lambda a: env[a])
        g.output(tuple(env[r] for r in replayed))
        return torch.fx.GraphModule(gm, g)

    def __call__(self, given, outs):
        """The graph's outputs, in order: gn's `outs` at their positions and
        the replayed views of `given` (the call's inputs) and of `outs`."""
        if not self.positions:
            return outs
        distinct, seen = [], set()  # one replay placeholder per gn output node
        for r, o in zip(self.gn_results, outs):
            if r not in seen:
                seen.add(r)
                distinct.append(o)
        made = self._replay(*given, *distinct)
        # gn's outputs past the graph's own are bases of views, not returned.
        full = [None] * (len(self.kept) + len(self.positions))
        for k, o in zip(self.kept, outs):
            full[k] = o
        for k, o in zip(self.positions, made):
            full[k] = o
        return full

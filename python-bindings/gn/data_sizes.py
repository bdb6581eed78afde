"""Graphs whose sizes depend on their values (nonzero, a boolean mask,
masked_select), run at whatever sizes each call's values give.

gn compiles such an op (a data-dependent site) at one size and guards it: a
run that finds another size raises "shape guard failed: site S found N
elements" before anything is written (gn/Support/ShapeGuard.h). A
DataSizedPrograms holds a program per combination of site sizes met,
compiled when first met (compile_sample's data_sizes), the last `keep` kept.
A call runs the program its last call ran; each guard that fails fixes that
site's size, and the call runs a program agreeing with every size fixed so
far, so a call fails at most one guard per site before it runs through.
Nothing is run past a failed guard, and no size is guessed: each result
comes from a program whose every guard held.
"""
import collections
import re

from ._runtime import GnError

_GUARD = re.compile(r"shape guard failed: site (\d+) found (\d+) elements")


def guard_failure(message):
    """(site, size found) where `message` reports a failed shape guard, else
    None."""
    m = _GUARD.search(message)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _agrees(sizes, known):
    """Whether a program at `sizes` (-1 or past the end: the upper bound) is
    specialized to every size in `known` (site -> size)."""
    return all(site < len(sizes) and sizes[site] == size for site, size in known.items())


def _with(sizes, known):
    """`sizes` with the sites in `known` set, trailing upper bounds dropped."""
    out = list(sizes) + [-1] * (max(known, default=-1) + 1 - len(sizes))
    for site, size in known.items():
        out[site] = size
    while out and out[-1] < 0:
        out.pop()
    return tuple(out)


class DataSizedPrograms:
    """Calls `compile(sizes)`'s program at the data sizes of each call.
    `compile` takes a tuple of site sizes (-1: the site's upper bound) and
    returns a callable of the call's arguments that raises GnError on a
    failed guard; `first`, when given, is the program at () (every site at
    its upper bound) compiled already."""

    def __init__(self, compile, keep=16, first=None):
        self._compile = compile
        self.keep = keep
        self.programs = collections.OrderedDict()  # sizes -> program, least recently used first
        if first is not None:
            self.programs[()] = first
        self.last = ()  # the sizes the last call ran at
        self.compiled = 0  # programs compiled here (not counting `first`)

    def _program(self, sizes):
        program = self.programs.get(sizes)
        if program is not None:
            self.programs.move_to_end(sizes)
            return program
        program = self._compile(sizes)
        self.compiled += 1
        self.programs[sizes] = program
        if len(self.programs) > self.keep:
            self.programs.popitem(last=False)  # compiled again if met again
        return program

    def _choose(self, known):
        """The sizes of the most recently used program agreeing with `known`,
        else the last call's sizes with `known` set."""
        for sizes in reversed(self.programs):
            if _agrees(sizes, known):
                return sizes
        return _with(self.last, known)

    def __call__(self, *args):
        sizes, known = self.last, {}
        while True:
            try:
                out = self._program(sizes)(*args)
            except GnError as e:
                failure = guard_failure(str(e))
                if failure is None:
                    raise
                site, found = failure
                if site in known:
                    # The program was specialized to the size this call found
                    # there: the size is not a function of the inputs.
                    raise GnError(f"{e}\n(site {site} found {known[site]} elements on an "
                                  f"earlier try of the same call: its size does not follow "
                                  "from the inputs alone)") from None
                known[site] = found
                sizes = self._choose(known)
                continue
            self.last = sizes
            return out

"""Data-dependent sizes from Python: compile_sample's data_sizes, the guard a
run at another size fails, and gn.data_sizes.DataSizedPrograms running a
graph at whatever sizes each call's values give (what torch.compile's
backend does with nonzero and boolean masks inside one graph)."""
import os

import numpy as np
import pytest

import gn
from gn.data_sizes import DataSizedPrograms, guard_failure


def _masked_sample(folder):
    """x[x > 0] * 2 (site 0) and nonzero(y > 0.5) (site 1)."""
    os.makedirs(folder)
    with open(os.path.join(folder, "model.py"), "w") as f:
        f.write("import torch\n\n\nclass GraphModule(torch.nn.Module):\n"
                "    def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):\n"
                "        gt = L_x_ > 0\n"
                "        picked = L_x_[gt]\n"
                "        doubled = picked * 2\n"
                "        where = torch.nonzero(L_y_ > 0.5)\n"
                "        return (doubled, where)\n")
    meta = []
    for name, shape in [("L_x_", [4, 5]), ("L_y_", [3, 4])]:
        meta.append(f'class Program_weight_tensor_meta_{name}:\n    name = "{name}"\n'
                    f'    shape = {shape}\n    dtype = "torch.float32"\n    device = "cpu"\n'
                    "    mean = 0.0\n    std = 1.0\n    data = None\n")
    with open(os.path.join(folder, "input_meta.py"), "w") as f:
        f.write("\n\n".join(meta))
    with open(os.path.join(folder, "graph_net.json"), "w") as f:
        f.write('{"framework": "torch"}\n')
    return folder


def _expected(x, y):
    return x[x > 0] * 2, np.argwhere(y > 0.5).astype(np.int64)


@pytest.fixture
def sample(tmp_path):
    return _masked_sample(str(tmp_path / "masked"))


def test_each_site_is_compiled_at_the_size_asked_and_guarded(sample):
    assert gn.import_sample(sample).data_sites == 2
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 5)).astype(np.float32)
    y = rng.random((3, 4)).astype(np.float32)
    want = _expected(x, y)
    # No sizes: every site at its upper bound, every element.
    at_bound = gn.compile_sample(sample)
    assert [r["shape"] for r in at_bound.results] == [[20], [12, 2]]
    with pytest.raises(gn.GnError) as e:
        at_bound(x, y)
    assert guard_failure(str(e.value)) == (0, len(want[0]))
    # Site 0 at its size, site 1 (-1) still at the bound: site 1's guard fails.
    first = gn.compile_sample(sample, data_sizes=[len(want[0]), -1])
    assert [r["shape"] for r in first.results] == [[len(want[0])], [12, 2]]
    with pytest.raises(gn.GnError) as e:
        first(x, y)
    assert guard_failure(str(e.value)) == (1, len(want[1]))
    both = gn.compile_sample(sample, data_sizes=[len(want[0]), len(want[1])])
    got = both(x, y)
    np.testing.assert_array_equal(got[0], want[0])
    np.testing.assert_array_equal(got[1], want[1])


def test_a_program_per_combination_of_sizes_met(sample):
    compiles = []

    def compile_at(sizes):
        compiles.append(sizes)
        return gn.compile_sample(sample, data_sizes=list(sizes))

    programs = DataSizedPrograms(compile_at, keep=32)
    rng = np.random.default_rng(1)
    calls = [(rng.standard_normal((4, 5)).astype(np.float32),
              rng.random((3, 4)).astype(np.float32)) for _ in range(6)]

    def check(calls):
        seen = set()
        for x, y in calls:
            want = _expected(x, y)
            got = programs(x, y)
            np.testing.assert_array_equal(got[0], want[0])
            np.testing.assert_array_equal(got[1], want[1])
            seen.add((len(want[0]), len(want[1])))
            assert programs.last == (len(want[0]), len(want[1]))
        return seen

    seen = check(calls)
    # At most one compile per site for a combination not met before (a
    # guard fixes one site a try), and the program at the bounds.
    assert len(compiles) <= 1 + 2 * len(seen)
    before = len(compiles)
    check(calls[::-1])  # sizes met before: their programs run, nothing compiles
    assert len(compiles) == before
    # Kept programs are bounded; what is dropped is compiled again when met.
    few = DataSizedPrograms(compile_at, keep=2)
    for x, y in calls:
        few(x, y)
        assert len(few.programs) <= 2
    # An all-zero mask: sizes of 0 elements.
    x, y = np.full((4, 5), -1, np.float32), np.zeros((3, 4), np.float32)
    got = programs(x, y)
    assert got[0].shape == (0,) and got[1].shape == (0, 2)


def test_errors_other_than_guards_pass_through(sample):
    def broken(sizes):
        def run(*args):
            raise gn.GnError("model.py:3:4: error: something else")
        return run

    with pytest.raises(gn.GnError, match="something else"):
        DataSizedPrograms(broken)(1)


def test_a_size_that_does_not_follow_from_the_inputs_is_refused():
    # A program specialized to the size a guard reported fails that guard
    # again: the call is refused, not looped.
    def fickle(sizes):
        def run(*args):
            found = 3 if not sizes else sizes[0] + 1
            raise gn.GnError(f"shape guard failed: site 0 found {found} elements, "
                             f"specialized for {sizes[0] if sizes else 9}")
        return run

    with pytest.raises(gn.GnError, match="does not follow from the inputs"):
        DataSizedPrograms(fickle)(1)


def test_cache_keys_name_the_data_sizes(sample):
    plain = gn.cache_key(sample)
    assert gn.cache_key(sample, data_sizes=[3, -1]) not in (plain, gn.cache_key(sample, data_sizes=[3]))


def _counted_sample(folder):
    """x.repeat_interleave(r, dim=0) (site 0, a sum) and bincount(i) (site
    1, a max + 1): sizes read from values, gn.size_guard."""
    os.makedirs(folder)
    with open(os.path.join(folder, "model.py"), "w") as f:
        f.write("import torch\n\n\nclass GraphModule(torch.nn.Module):\n"
                "    def forward(self, L_x_ : torch.Tensor, L_r_ : torch.Tensor,"
                " L_i_ : torch.Tensor):\n"
                "        rows = L_x_.repeat_interleave(L_r_, dim=0)\n"
                "        bins = torch.bincount(L_i_, minlength=2)\n"
                "        return (rows, bins)\n")
    meta = []
    for name, shape, dtype in [("L_x_", [4, 3], "float32"), ("L_r_", [4], "int64"),
                               ("L_i_", [6], "int64")]:
        meta.append(f'class Program_weight_tensor_meta_{name}:\n    name = "{name}"\n'
                    f'    shape = {shape}\n    dtype = "torch.{dtype}"\n    device = "cpu"\n'
                    "    mean = 1.0\n    std = 1.0\n    min_val = 0\n    max_val = 3\n"
                    "    data = None\n")
    with open(os.path.join(folder, "input_meta.py"), "w") as f:
        f.write("\n\n".join(meta))
    with open(os.path.join(folder, "graph_net.json"), "w") as f:
        f.write('{"framework": "torch"}\n')
    return folder


@pytest.mark.parametrize("forms", [False, True])
def test_sizes_read_from_values_are_learned_and_guarded(tmp_path, forms):
    sample = _counted_sample(str(tmp_path / "counted"))
    assert gn.import_sample(sample).data_sites == 2
    options = ({"pipeline_options": "rank-kernels=true parallel-copy-loops=true"}
               if forms else {})

    def compile_at(sizes):
        return gn.compile_sample(sample, data_sizes=list(sizes), **options)

    programs = DataSizedPrograms(compile_at)
    rng = np.random.default_rng(2)
    for _ in range(4):
        x = rng.standard_normal((4, 3)).astype(np.float32)
        r = rng.integers(0, 4, 4).astype(np.int64)
        i = rng.integers(0, 6, 6).astype(np.int64)
        rows, bins = programs(x, r, i)
        np.testing.assert_array_equal(rows, np.repeat(x, r, axis=0))
        np.testing.assert_array_equal(bins, np.bincount(i, minlength=2))
        assert programs.last == (int(r.sum()), max(2, int(i.max()) + 1))
    # A negative count fails the run, by name, and is no size to recompile at.
    with pytest.raises(gn.GnError, match="negative value where a size is counted"):
        programs(x, np.array([1, -1, 0, 2], np.int64), i)

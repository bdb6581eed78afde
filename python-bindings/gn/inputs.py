#!/usr/bin/env python3
"""Numpy mirror of gn's deterministic input synthesis (lib/Eval/InputSynthesis.cpp).

Reproduces, bit for bit, the tensors gn synthesizes for a GraphNet sample's
inputs and weights, so that a reference framework (PyTorch eager,
torch.compile, ...) can be fed exactly the same values. The rules and the
random stream are documented in include/gn/Eval/InputSynthesis.h; in short:

* data present: used verbatim (cyclically repeated if its length is off);
* floats: v = ((z * std) * 0.2) + mean in float64, clamp to min_val/max_val,
  NaN/Inf -> z' * 0.01, clamp to [-100, 100], then one round-to-nearest-even
  to the dtype (bf16: float64 -> float32 -> bfloat16);
* integers with min_val and max_val: uniform in [min_val, max_val];
  otherwise ((trunc(z) * std) * 0.2) + mean, truncated and saturated;
* bool: z > 0.5;
* mean / std missing (None): 0 and 0.1;
* z is an exact Irwin-Hall normal built from SplitMix64 words, so no libm
  function is involved and numpy reproduces it exactly.

Only numpy is needed (this file imports nothing else of gn, so scripts load it
by path where the package's runtime is not built). Library use:

    import gn.inputs
    arr = gn.inputs.synthesize({"shape": [2, 3], "dtype": "torch.float32",
                               "mean": 0.0, "std": 1.0}, seed=0, arg_index=0)

`synthesize` returns an array of the tensor's dtype and shape; bfloat16, which
numpy lacks, comes back as uint16 bit patterns (bf16="bits", the default) or
as the float32 values those patterns denote (bf16="float32", exact).
`synthesize_bytes` returns the raw little-endian bytes gn produces.

Spec dictionaries use GraphNet's field names: name, shape, dtype, mean, std,
min_val, max_val, data (missing or None means absent). A number may also be
given as the string "nan", "NaN", "inf", "+inf", "Infinity", "-inf" or
"-Infinity" (strict JSON has no literal for them).

Command line:

    python3 python-bindings/gn/inputs.py SPECS.json [--seed N] [--out-dir DIR] [--format npy|bin]
                 [--hex] [--max-print N]

SPECS.json is a list of spec objects (or an object with a "specs" list); the
position in the list is the argument index. Without --out-dir each tensor is
printed (name, dtype, shape and its first values, or a hex dump with --hex).
With --out-dir, files <index>.npy (or <index>.bin, the raw bytes gn writes)
are written.
"""

import argparse
import json
import math
import os
import sys

import numpy as np

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
DEFAULT_MEAN = 0.0
DEFAULT_STD = 0.1
FLOAT_LIMIT = 100.0
CHUNK = 1 << 18  # elements per vectorized step (bounds memory use)

_U64 = np.uint64

# name -> (canonical torch name, numpy little-endian storage dtype)
_DTYPES = {
    "float32": np.dtype("<f4"),
    "float16": np.dtype("<f2"),
    "bfloat16": np.dtype("<u2"),
    "float64": np.dtype("<f8"),
    "int64": np.dtype("<i8"),
    "int32": np.dtype("<i4"),
    "int16": np.dtype("<i2"),
    "int8": np.dtype("i1"),
    "uint8": np.dtype("u1"),
    "bool": np.dtype("?"),
}
_ALIASES = {"float": "float32", "half": "float16", "double": "float64",
            "long": "int64", "int": "int32", "short": "int16"}
_FLOATS = ("float16", "bfloat16", "float32", "float64")
_INT_RANGE = {
    "int8": (-(1 << 7), (1 << 7) - 1),
    "int16": (-(1 << 15), (1 << 15) - 1),
    "int32": (-(1 << 31), (1 << 31) - 1),
    "int64": (-(1 << 63), (1 << 63) - 1),
    "uint8": (0, 255),
    "bool": (0, 1),
}


def parse_torch_dtype(s):
    """'torch.float32', 'float', 'torch.half', ... -> canonical name without
    'torch.' (e.g. 'float32'), or None if unknown."""
    n = s[6:] if s.startswith("torch.") else s
    n = _ALIASES.get(n, n)
    return n if n in _DTYPES else None


def element_size(dtype):
    return _DTYPES[parse_torch_dtype(dtype) or dtype].itemsize


def num_elements(shape):
    n = 1
    for d in shape:
        n *= 1 if d < 0 else int(d)
    return n


# --- random stream ---------------------------------------------------------

def mix64_int(x):
    """SplitMix64's output function on a Python int."""
    x &= MASK64
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & MASK64
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & MASK64
    x ^= x >> 31
    return x


def stream_word_int(key, j):
    return mix64_int((key + (j + 1) * GAMMA) & MASK64)


def _mix64(x):
    x = x ^ (x >> _U64(30))
    x = x * _U64(0xBF58476D1CE4E5B9)
    x = x ^ (x >> _U64(27))
    x = x * _U64(0x94D049BB133111EB)
    x = x ^ (x >> _U64(31))
    return x


def stream_words(key, start, count):
    """Words start .. start+count-1 of SplitMix64(key), as uint64."""
    j = np.arange(count, dtype=np.uint64) + _U64(start + 1)  # j + 1
    with np.errstate(over="ignore"):
        return _mix64(j * _U64(GAMMA) + _U64(key & MASK64))


def stream_normals(key, start, count):
    """Irwin-Hall normals start .. start+count-1 of stream `key` (exact)."""
    w = stream_words(key, 6 * start, 6 * count).reshape(count, 6)
    s = (w & _U64(0xFFFFFFFF)).sum(axis=1, dtype=np.uint64) + \
        (w >> _U64(32)).sum(axis=1, dtype=np.uint64)
    centered = (s * _U64(2)).astype(np.int64) - np.int64(12 * 0xFFFFFFFF)
    return centered.astype(np.float64) * (2.0 ** -33)


def tensor_keys(seed, arg_index):
    seed &= MASK64
    return (stream_word_int(seed, 2 * arg_index),
            stream_word_int(seed, 2 * arg_index + 1))


# --- rounding on bit patterns ---------------------------------------------

def _round_double_bits(v, p, emin, ebits, nan_bits):
    """Round-to-nearest-even of float64 array `v` to a binary format with `p`
    fraction bits, minimum normal exponent `emin` and `ebits` exponent bits;
    returns the bit patterns as uint64 (integer arithmetic only)."""
    d = np.ascontiguousarray(v, dtype=np.float64).view(np.uint64)
    sign = d >> _U64(63)
    exp_field = (d >> _U64(52)) & _U64(0x7FF)
    frac = d & _U64((1 << 52) - 1)
    inf_bits = ((1 << ebits) - 1) << p
    is_nan = (exp_field == _U64(0x7FF)) & (frac != _U64(0))
    sub = exp_field == _U64(0)
    m = np.where(sub, frac, frac | _U64(1 << 52))
    e = np.where(sub, np.int64(-1022), exp_field.astype(np.int64) - np.int64(1023))
    qmin = emin - p
    s = np.maximum(np.int64(52 - p), np.int64(qmin + 52) - e)
    s = np.minimum(s, np.int64(60)).astype(np.uint64)
    k = m >> s
    rem = m & ((_U64(1) << s) - _U64(1))
    half = _U64(1) << (s - _U64(1))
    up = (rem > half) | ((rem == half) & ((k & _U64(1)) == _U64(1)))
    k = k + up.astype(np.uint64)
    normal = e >= np.int64(emin)
    ee = np.maximum(e - np.int64(emin), np.int64(0)).astype(np.uint64)
    bits = np.where(normal, (ee << _U64(p)) + k, k)
    bits = np.minimum(bits, _U64(inf_bits))
    bits = (sign << _U64(p + ebits)) | bits
    return np.where(is_nan, _U64(nan_bits), bits)


def round_to_f32_bits(v):
    return _round_double_bits(v, 23, -126, 8, 0x7FC00000).astype(np.uint32)


def round_to_f16_bits(v):
    return _round_double_bits(v, 10, -14, 5, 0x7E00).astype(np.uint16)


def f32_bits_to_bf16_bits(b):
    b = np.asarray(b, dtype=np.uint32)
    is_nan = (b & np.uint32(0x7FFFFFFF)) > np.uint32(0x7F800000)
    with np.errstate(over="ignore"):
        r = (b + np.uint32(0x7FFF) + ((b >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)
    return np.where(is_nan, np.uint32(0x7FC0), r).astype(np.uint16)


def round_to_bf16_bits(v):
    return f32_bits_to_bf16_bits(round_to_f32_bits(v))


def f64_bits(v):
    v = np.ascontiguousarray(v, dtype=np.float64)
    return np.where(np.isnan(v), _U64(0x7FF8000000000000), v.view(np.uint64))


def _float_store(v, dt):
    """float64 values -> little-endian storage array of dtype name `dt`."""
    if dt == "float16":
        return round_to_f16_bits(v).astype("<u2").view("<f2")
    if dt == "bfloat16":
        return round_to_bf16_bits(v).astype("<u2")
    if dt == "float32":
        return round_to_f32_bits(v).astype("<u4").view("<f4")
    return f64_bits(v).astype("<u8").view("<f8")


def to_integer_saturated(v, dt):
    """Truncation toward zero saturated to the range of `dt` (NaN -> 0);
    returns int64."""
    lo, hi = _INT_RANGE[dt]
    v = np.asarray(v, dtype=np.float64)
    nan = np.isnan(v)
    low = v <= float(lo)
    high = v >= float(hi)  # float(2^63 - 1) is 2^63
    ok = ~(nan | low | high)
    r = np.trunc(np.where(ok, v, 0.0)).astype(np.int64)
    r = np.where(low, np.int64(lo), r)
    r = np.where(high, np.int64(hi), r)
    return np.where(nan, np.int64(0), r)


def _int_scalar(v, dt):
    return int(to_integer_saturated(np.array([v], dtype=np.float64), dt)[0])


# --- synthesis --------------------------------------------------------------

def _num(x):
    if x is None:
        return None
    if isinstance(x, str):  # the same spellings SynthesisDump accepts
        if x in ("nan", "NaN"):
            return math.nan
        if x in ("inf", "+inf", "Infinity"):
            return math.inf
        if x in ("-inf", "-Infinity"):
            return -math.inf
        raise ValueError("not a number: %r" % x)
    return float(x)


def _flatten(x, out):
    if isinstance(x, (list, tuple)):
        for y in x:
            _flatten(y, out)
    else:
        out.append(_num(x))
    return out


def _spec_fields(spec):
    dt = parse_torch_dtype(spec.get("dtype", "torch.float32"))
    if dt is None:
        raise ValueError("unknown dtype %r" % spec.get("dtype"))
    shape = [-1 if d is None else int(d) for d in spec.get("shape", [])]
    data = spec.get("data")
    data = None if data is None else _flatten(data, [])
    return (dt, shape, _num(spec.get("mean")), _num(spec.get("std")),
            _num(spec.get("min_val")), _num(spec.get("max_val")), data)


def _synthesize_flat(spec, seed, arg_index):
    """Flat little-endian storage array (bfloat16 as '<u2')."""
    dt, shape, mean, std, min_val, max_val, data = _spec_fields(spec)
    n = num_elements(shape)
    store = _DTYPES[dt]
    if n == 0:
        return np.zeros(0, dtype=store), dt, shape
    k_main, k_alt = tensor_keys(seed, arg_index)
    mean = DEFAULT_MEAN if mean is None else mean
    std = DEFAULT_STD if std is None else std

    if data:
        vals = np.array(data, dtype=np.float64)
        vals = vals[np.arange(n) % len(vals)] if len(vals) != n else vals
        if dt in _FLOATS:
            return _float_store(vals, dt), dt, shape
        if dt == "bool":
            return (vals != 0.0), dt, shape
        return to_integer_saturated(vals, dt).astype(store), dt, shape

    out = np.empty(n, dtype=store)
    if dt in _FLOATS:
        for i0 in range(0, n, CHUNK):
            c = min(CHUNK, n - i0)
            v = (stream_normals(k_main, i0, c) * std) * 0.2 + mean
            if min_val is not None:
                v = np.where(v < min_val, min_val, v)
            if max_val is not None:
                v = np.where(v > max_val, max_val, v)
            bad = ~np.isfinite(v)
            if bad.any():
                v = np.where(bad, stream_normals(k_alt, i0, c) * 0.01, v)
            v = np.where(v < -FLOAT_LIMIT, -FLOAT_LIMIT, v)
            v = np.where(v > FLOAT_LIMIT, FLOAT_LIMIT, v)
            out[i0:i0 + c] = _float_store(v, dt)
        return out, dt, shape

    if dt == "bool":
        for i0 in range(0, n, CHUNK):
            c = min(CHUNK, n - i0)
            out[i0:i0 + c] = stream_normals(k_main, i0, c) > 0.5
        return out, dt, shape

    if min_val is not None and max_val is not None:
        lo = _int_scalar(min_val, dt)
        hi = _int_scalar(max_val, dt)
        if lo >= hi:
            out[:] = lo
            return out, dt, shape
        rng = (hi - lo + 1) & MASK64  # 0 means 2^64
        for i0 in range(0, n, CHUNK):
            c = min(CHUNK, n - i0)
            w = stream_words(k_main, i0, c)
            off = w if rng == 0 else w % _U64(rng)
            with np.errstate(over="ignore"):
                val = (off + _U64(lo & MASK64)).view(np.int64)
            out[i0:i0 + c] = val.astype(store)
        return out, dt, shape

    for i0 in range(0, n, CHUNK):
        c = min(CHUNK, n - i0)
        v = (np.trunc(stream_normals(k_main, i0, c)) * std) * 0.2 + mean
        if min_val is not None:
            v = np.where(v < min_val, min_val, v)
        if max_val is not None:
            v = np.where(v > max_val, max_val, v)
        out[i0:i0 + c] = to_integer_saturated(v, dt).astype(store)
    return out, dt, shape


def fan_in_spec(spec, weight):
    """The spec drawn to keep the scale (gn-eval --inputs fan-in; C++
    fanInSpec in gn/Eval/InputSynthesis.h): weights of rank >= 2 with He's
    std sqrt(2 / fan-in), constant tensors of rank >= 2 standard normal,
    centered random rank-1 weights around 1 (std 0.1); float tensors only.
    `weight`: the meta lists the tensor as a weight."""
    dt = parse_torch_dtype(spec.get("dtype", "torch.float32"))
    if dt not in _FLOATS:
        return dict(spec)
    mean = _num(spec.get("mean"))
    std = _num(spec.get("std"))
    mean = 0.0 if mean is None else mean
    std = 0.0 if std is None else std
    data = spec.get("data")
    has_data = data is not None and len(_flatten(data, [])) > 0
    shape = [-1 if d is None else int(d) for d in spec.get("shape", [])]

    def draw(m, s):
        new = {k: v for k, v in spec.items() if k not in ("min_val", "max_val", "data")}
        new["mean"], new["std"] = m, 5.0 * s
        return new

    if len(shape) >= 2 and std == 0 and not has_data:
        return draw(0.0, 1.0)
    if len(shape) >= 2 and weight and not has_data:
        fan_in = 1.0
        for d in shape[1:]:
            fan_in *= float(d) if d > 1 else 1.0
        return draw(0.0, math.sqrt(2.0 / fan_in))
    if len(shape) == 1 and weight and std > 0 and abs(mean) < std:
        return draw(1.0, 0.1)
    return dict(spec)


def synthesize(spec, seed, arg_index, bf16="bits"):
    """The tensor for `spec` (a dict, see the module doc) as argument
    `arg_index` under `seed`: an ndarray of the spec's shape (negative
    dimensions count as 1) and dtype. bfloat16 comes back as uint16 bit
    patterns (bf16="bits") or as exact float32 values (bf16="float32")."""
    flat, dt, shape = _synthesize_flat(spec, seed, arg_index)
    if dt == "bfloat16" and bf16 == "float32":
        flat = (flat.astype(np.uint32) << np.uint32(16)).astype("<u4").view("<f4")
    elif dt == "bfloat16" and bf16 != "bits":
        raise ValueError("bf16 must be 'bits' or 'float32'")
    return flat.reshape([1 if d < 0 else d for d in shape])


def synthesize_bytes(spec, seed, arg_index):
    """The raw little-endian bytes gn's synthesize() returns."""
    flat, _, _ = _synthesize_flat(spec, seed, arg_index)
    return flat.tobytes()


def load_specs(path):
    with open(path, "r", encoding="utf-8") as f:
        doc = json.load(f)
    if isinstance(doc, dict):
        doc = doc.get("specs")
    if not isinstance(doc, list):
        raise ValueError("%s: expected a list of specs (or {\"specs\": [...]})" % path)
    return doc


def _hexdump(b, limit):
    shown = b[:limit]
    lines = []
    for off in range(0, len(shown), 16):
        chunk = shown[off:off + 16]
        lines.append("  %08x  %s" % (off, " ".join("%02x" % c for c in chunk)))
    if len(b) > limit:
        lines.append("  ... (%d bytes)" % len(b))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("specs", help="JSON list of tensor specs")
    ap.add_argument("--seed", type=lambda s: int(s, 0), default=0)
    ap.add_argument("--out-dir", help="write <index>.npy / <index>.bin here")
    ap.add_argument("--format", choices=("npy", "bin"), default="npy")
    ap.add_argument("--hex", action="store_true", help="print a hex dump of the bytes")
    ap.add_argument("--max-print", type=int, default=8,
                    help="values (or 16-byte lines with --hex) printed per tensor")
    args = ap.parse_args(argv)

    specs = load_specs(args.specs)
    if args.out_dir:
        os.makedirs(args.out_dir, exist_ok=True)
    for i, spec in enumerate(specs):
        if args.out_dir:
            path = os.path.join(args.out_dir, "%d.%s" % (i, args.format))
            if args.format == "bin":
                with open(path, "wb") as f:
                    f.write(synthesize_bytes(spec, args.seed, i))
            else:
                np.save(path, synthesize(spec, args.seed, i))
            continue
        arr = synthesize(spec, args.seed, i)
        head = "%d %s %s %s" % (i, spec.get("name", ""), parse_torch_dtype(spec.get("dtype", "float32")),
                                list(arr.shape))
        print(head)
        if args.hex:
            print(_hexdump(synthesize_bytes(spec, args.seed, i), 16 * args.max_print))
        else:
            flat = synthesize(spec, args.seed, i, bf16="float32").reshape(-1)
            vals = " ".join(repr(x.item()) for x in flat[:args.max_print])
            more = " ..." if flat.size > args.max_print else ""
            print("  " + vals + more)
    return 0


if __name__ == "__main__":
    sys.exit(main())

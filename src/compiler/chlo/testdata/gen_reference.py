"""Reference values of the CHLO special and elementary functions, for chlo/tests.rs.

Usage: /work/main/.venv/bin/python src/compiler/chlo/testdata/gen_reference.py

Writes reference.txt beside this script: one line per case,
    <function> <dtype> <input bits (hex)>... <expected bits (hex)>
with inputs exactly representable in <dtype> and the expected value the exact function
value (mpmath at 120 digits; mpmath's Hurwitz zeta needs them) rounded to <dtype> (nearest, ties to even); NaN where the
function is undefined. next_after and mulhi are exact integer computations.
"""
import os
import struct

import mpmath
import numpy as np
import ml_dtypes

mpmath.mp.dps = 120
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference.txt")

DTYPES = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64}


def to_dtype(v, dt):
    """mpf -> numpy scalar of dt, rounded to nearest even (through exact decimal for f64,
    then numpy's correctly rounded narrowing would double-round: go from mpf directly)."""
    if v is None or (isinstance(v, mpmath.mpf) and mpmath.isnan(v)):
        return DTYPES[dt](np.nan)
    if mpmath.isinf(v):
        return DTYPES[dt](float(v))
    if dt == "f64":
        return np.float64(float(v))
    # Round to the narrow format in one step: scale by its quantum at this magnitude.
    info = {"f16": (11, -14, 65504.0), "bf16": (8, -126, float(ml_dtypes.finfo(ml_dtypes.bfloat16).max)),
            "f32": (24, -126, float(np.finfo(np.float32).max))}[dt]
    p, emin, mx = info
    if v == 0:
        return DTYPES[dt](0.0)
    e = max(int(mpmath.floor(mpmath.log(abs(v), 2))), emin)
    # floor(log2) can be off by one at exact powers of two; fix up.
    while abs(v) >= mpmath.mpf(2) ** (e + 1):
        e += 1
    while e > emin and abs(v) < mpmath.mpf(2) ** e:
        e -= 1
    q = mpmath.mpf(2) ** (e - p + 1)
    r = v / q
    n = mpmath.floor(r)
    frac = r - n
    if frac > 0.5 or (frac == 0.5 and int(n) % 2 == 1):
        n += 1
    res = n * q
    if abs(res) > mx:
        return DTYPES[dt](float("inf") if res > 0 else float("-inf"))
    return DTYPES[dt](float(res))


def bits(x, dt):
    x = DTYPES[dt](x)
    if dt == "f64":
        return "%016x" % struct.unpack("<Q", struct.pack("<d", float(x)))[0]
    if dt == "f32":
        return "%08x" % struct.unpack("<I", struct.pack("<f", float(x)))[0]
    return "%04x" % np.array([x]).view(np.uint16)[0]


def exact(x):
    return mpmath.mpf(float(x))


def nan_if_raises(f):
    def g(*a):
        try:
            v = f(*a)
        except (ValueError, ZeroDivisionError):
            return None
        if isinstance(v, mpmath.mpc):
            if abs(mpmath.im(v)) > 0:
                return None
            v = mpmath.re(v)
        return v
    return g


def erfinv(x):
    if x == 1:
        return mpmath.inf
    if x == -1:
        return -mpmath.inf
    if abs(x) > 1:
        return None
    return mpmath.erfinv(x)


def lgamma(x):
    if x <= 0 and x == mpmath.floor(x):
        return mpmath.inf
    if mpmath.isinf(x):
        return mpmath.inf
    return mpmath.log(abs(mpmath.gamma(x)))


def digamma(x):
    if x <= 0 and x == mpmath.floor(x):
        return None
    return mpmath.digamma(x)


def polygamma(n, x):
    if n < 0 or n != mpmath.floor(n):
        return None
    return mpmath.polygamma(int(n), x)


def zeta(x, q):
    if x < 1:
        return None
    if x == 1:
        return mpmath.inf
    if q <= 0 and q == mpmath.floor(q):
        # A pole: +inf for even integer x (scipy's convention), undefined otherwise.
        return mpmath.inf if x == mpmath.floor(x) and int(x) % 2 == 0 else None
    if q <= 0 and x != mpmath.floor(x):
        return None
    return mpmath.zeta(x, q)


def i1e(x):
    return mpmath.besseli(1, x) * mpmath.exp(-abs(x))


def acosh(x):
    return None if x < 1 else mpmath.acosh(x)


def atanh(x):
    if abs(x) > 1:
        return None
    if abs(x) == 1:
        return mpmath.inf if x > 0 else -mpmath.inf
    return mpmath.atanh(x)


def acos(x):
    return None if abs(x) > 1 else mpmath.acos(x)


def asin(x):
    return None if abs(x) > 1 else mpmath.asin(x)


def lin(a, b, n):
    return list(np.linspace(a, b, n))


def logsym(lo, hi, n):
    v = list(np.logspace(lo, hi, n))
    return v + [-t for t in v]


SPECIAL = [0.0, -0.0, float("inf"), float("-inf"), float("nan")]

UNARY = {
    "erf": (mpmath.erf, lin(-6, 6, 97) + [1e-30, -1e-20, 1e-5, 0.5, 1.0, 3.9, 4.1] + SPECIAL),
    "erfc": (mpmath.erfc, lin(-6, 30, 145) + [1e-20, 0.999, 1.0, 1.001, 2.0] + SPECIAL),
    "erf_inv": (erfinv, lin(-1, 1, 101) + [0.9999999, -0.9999999, 1e-30, 0.999999999999, 1.5]),
    "lgamma": (lgamma, lin(-10.25, 40.25, 203) + [1e-3, 1e-30, 0.5, 1.0, 2.0, 3.0, -0.5, 1e10, 1e30, -2.0, -7.0] + SPECIAL),
    "digamma": (digamma, lin(-10.3, 60.1, 177) + [1e-3, 0.5, 1.0, 2.0, 1e10, -1.0, -3.0]),
    "bessel_i1e": (i1e, lin(-30, 30, 121) + [1e-20, 7.99, 8.0, 8.01, 500.0] + [0.0, -0.0]),
    "acos": (acos, lin(-1, 1, 81) + [1e-20, 0.9999, -0.9999, 1.5, -2.0] + [0.0, float("nan")]),
    "asin": (asin, lin(-1, 1, 81) + [1e-20, 0.9999, -0.9999, 1.5] + [0.0, -0.0, float("nan")]),
    "acosh": (acosh, [1.0, 1.0001, 1.5, 2.0, 10.0, 1e5, 1e10, 1e30, 1e300, 0.5, float("inf")] + lin(1, 50, 50)),
    "asinh": (mpmath.asinh, logsym(-20, 30, 60) + [1e300, -1e300] + SPECIAL),
    "atan": (mpmath.atan, logsym(-20, 30, 60) + SPECIAL),
    "atanh": (atanh, lin(-0.999, 0.999, 81) + [1e-20, 1.0, -1.0, 1.5] + [0.0, -0.0, float("nan")]),
    "sinh": (mpmath.sinh, lin(-80, 80, 81) + [1e-20, 0.5, -0.5, 0.999, 1.0, 1.001, 88.0, 89.0, 700.0, 711.0, -711.0] + SPECIAL),
    "cosh": (mpmath.cosh, lin(-80, 80, 81) + [1e-20, 0.5, 1.0, 88.0, 89.0, 700.0, 711.0, -711.0] + SPECIAL),
}

BINARY = {
    "polygamma": (polygamma, [(n, x) for n in [0.0, 1.0, 2.0, 3.0] for x in lin(0.25, 20.25, 21)]
                  + [(1.5, 2.0), (-1.0, 2.0), (1.0, -2.5)]),
    "zeta": (zeta, [(x, q) for x in [1.5, 2.0, 3.0, 5.5, 10.0, 30.0] for q in [0.5, 1.0, 2.5, 10.0, 100.0]]
             + [(1.0, 2.0), (0.5, 2.0), (2.0, -1.0), (3.0, -2.0), (2.5, -1.5)]),
}

# Domains beyond the narrow types' range are dropped per dtype (inputs must be exact).
lines = []
for dt in ["f32", "f64", "f16", "bf16"]:
    for name, (f, xs) in UNARY.items():
        if dt in ("f16", "bf16") and name not in ("erf", "erfc", "lgamma", "digamma", "bessel_i1e", "sinh", "cosh", "erf_inv", "acosh"):
            continue
        f = nan_if_raises(f)
        for x in xs:
            xd = DTYPES[dt](x)
            if not np.isfinite(xd) and np.isfinite(x):
                continue
            xv = exact(xd)
            v = None if mpmath.isnan(xv) else f(xv)
            lines.append(f"{name} {dt} {bits(xd, dt)} {bits(to_dtype(v, dt), dt)}")
    for name, (f, pairs) in BINARY.items():
        if dt in ("f16", "bf16") and name != "polygamma":
            continue
        f = nan_if_raises(f)
        for a, b in pairs:
            ad, bd = DTYPES[dt](a), DTYPES[dt](b)
            v = f(exact(ad), exact(bd))
            lines.append(f"{name} {dt} {bits(ad, dt)} {bits(bd, dt)} {bits(to_dtype(v, dt), dt)}")

# next_after: numpy's, exact.
rng = np.random.default_rng(3)
vals32 = [0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"), float("nan"), 1e-45, -1e-45, 3.4e38, 2.5]
for dt in ["f32", "f64"]:
    t = DTYPES[dt]
    for a in vals32:
        for b in vals32:
            r = np.nextafter(t(a), t(b))
            lines.append(f"next_after {dt} {bits(t(a), dt)} {bits(t(b), dt)} {bits(r, dt)}")

# mulhi: the high half of the double-width product, by Python integers.
for name, width, signed in [("i8", 8, True), ("ui8", 8, False), ("i16", 16, True), ("ui16", 16, False),
                            ("i32", 32, True), ("ui32", 32, False), ("i64", 64, True), ("ui64", 64, False)]:
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    vals = [lo, hi, 0, 1, -1 if signed else 2, lo + 1, hi - 1] + [int(v) for v in rng.integers(lo, hi, 12, endpoint=True, dtype=np.int64 if width < 64 or signed else np.uint64)]
    for a in vals[:10]:
        for b in vals[10:] + vals[:4]:
            p = (a * b) >> width
            m = (1 << width) - 1
            lines.append(f"mulhi {name} {a & m:x} {b & m:x} {p & m:x}")

with open(OUT, "w") as fh:
    fh.write("\n".join(lines) + "\n")
print(f"wrote {len(lines)} cases to {OUT}")

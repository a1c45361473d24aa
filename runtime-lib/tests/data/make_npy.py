"""Writes the .npy fixtures read by tests/npy.rs.

Run with the project venv: python make_npy.py (needs numpy and ml_dtypes).
Every array holds arange(n) reshaped (booleans: arange(n) % 2), so the test can check
values without a second file.
"""
import numpy as np
import ml_dtypes
from numpy.lib import format as npf

def arange(dtype, shape):
    n = int(np.prod(shape))
    a = np.arange(n).reshape(shape)
    return (a % 2).astype(bool) if dtype == bool else a.astype(dtype)

for name, dtype in [("bool", bool), ("int8", np.int8), ("int16", np.int16),
                    ("int32", np.int32), ("int64", np.int64), ("uint8", np.uint8),
                    ("uint16", np.uint16), ("uint32", np.uint32), ("uint64", np.uint64),
                    ("float16", np.float16), ("float32", np.float32), ("float64", np.float64),
                    ("bfloat16", ml_dtypes.bfloat16),
                    # One byte per element, descr '<V1'; arange wraps (int2: 0 1 -2 -1 0 1).
                    ("int2", ml_dtypes.int2), ("int4", ml_dtypes.int4),
                    ("uint2", ml_dtypes.uint2), ("uint4", ml_dtypes.uint4)]:
    np.save(f"{name}_2x3.npy", arange(dtype, (2, 3)))

# Minifloats: powers of two every format holds (float8_e5m2 saves as '<f1', the rest '<V1').
for name in ["float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz",
             "float8_e4m3b11fnuz", "float8_e3m4", "float8_e4m3", "float8_e8m0fnu",
             "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn"]:
    a = np.array([0.5, 1, 2, 4, 0.5, 1], np.float32).reshape(2, 3)
    np.save(f"{name}_2x3.npy", a.astype(getattr(ml_dtypes, name)))

np.save("float64_be_2x3.npy", arange(">f8", (2, 3)))
np.save("int32_be_2x3.npy", arange(">i4", (2, 3)))
np.save("int32_fortran_3x4.npy", np.asfortranarray(arange(np.int32, (3, 4))))
np.save("float32_fortran_2x3x4.npy", np.asfortranarray(arange(np.float32, (2, 3, 4))))
np.save("float32_scalar.npy", np.float32(7.0))
np.save("float32_0x3.npy", np.zeros((0, 3), np.float32))
for version in [(2, 0), (3, 0)]:
    with open(f"int16_v{version[0]}_5.npy", "wb") as f:
        npf.write_array(f, arange(np.int16, (5,)), version=version)
# Complex: real parts arange(n), imaginary parts 10 + arange(n).
for name, dtype in [("complex64", np.complex64), ("complex128", np.complex128)]:
    n = np.arange(6).reshape(2, 3)
    np.save(f"{name}_2x3.npy", (n + 1j * (10 + n)).astype(dtype))
np.save("complex128_be_2x3.npy", (np.arange(6) + 1j * (10 + np.arange(6))).reshape(2, 3).astype(">c16"))
# A complex width pjrtc does not read (long double parts).
np.save("complex256.npy", np.zeros(2, np.clongdouble))

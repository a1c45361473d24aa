"""Regenerate the quantized-program corpus in this folder.

Usage: /work/main/.venv/bin/python tests/quantized/gen_quantized.py

JAX has no quantized element types, so nothing JAX traces prints `!quant.uniform`; the
programs here are StableHLO text written by hand (CASES below). For each case CASE/ holds:
  model.mlir             the program (entry @main)
  model.v<X.Y.Z>.mlirbc  its VHLO portable artifact for each target of VERSIONS that
                         accepts it, from jaxlib's
                         `_stablehlo.serialize_portable_artifact_str(text, "X.Y.Z")`
  in<i>.npy              inputs (numpy default_rng seeded with crc32 of the case name)
  out<i>.npy             outputs of the StableHLO reference interpreter (jaxlib's
                         `_stablehlo.eval_module` on the deserialized artifact), which
                         lowers quantized ops with StableHLO's own
                         `stablehlo-legalize-quant-to-math`; quantized results come out as
                         their stored integers
  meta.json              name, description, versions, and `step_tolerance`: how many
                         stored steps an integer output may differ from the interpreter's
                         (0 where pjrtc computes exactly what the interpreter computes)

Independently, each case's `numpy_check` recomputes the outputs from the spec's
definitions (numpy for quantize/dequantize, JAX's CPU backend for the float op between
them: `dequantize_op_quantize`) and the script asserts the interpreter agrees within one
stored step; it exits non-zero otherwise.
"""
import json
import os
import shutil
import sys
import zlib

import numpy as np
from jax import lax
from jax._src.interpreters import mlir as jmlir
from jaxlib.mlir import ir
from jaxlib.mlir._mlir_libs import _stablehlo as shlo

HERE = os.path.dirname(os.path.abspath(__file__))
VERSIONS = ["1.0.0", "1.9.0", shlo.get_current_version()]


def per_tensor(storage, scale, zp=0, expressed="f32"):
    return f"!quant.uniform<{storage}:{expressed}, {scale!r}:{zp}>"


def per_axis(storage, axis, scales, zps, expressed="f32"):
    params = ",".join(f"{s!r}:{z}" for s, z in zip(scales, zps))
    return f"!quant.uniform<{storage}:{expressed}:{axis}, {{{params}}}>"


# ----- spec formulas in numpy (f32 arithmetic, as the expressed type is f32) -----

def quantize(x, scale, zp, lo, hi, axis=None):
    x = np.asarray(x, np.float32)
    s = np.asarray(scale, np.float32)
    z = np.asarray(zp, np.float32)
    if axis is not None:
        shape = [1] * x.ndim
        shape[axis] = -1
        s, z = s.reshape(shape), z.reshape(shape)
    with np.errstate(invalid="ignore", over="ignore"):
        v = np.clip(x / s + z, np.float32(lo), np.float32(hi))
        v = np.round(v)  # ties to even
        return np.where(np.isnan(v), 0, v).astype(np.int64)


def dequantize(q, scale, zp, axis=None):
    s = np.asarray(scale, np.float32)
    z = np.asarray(zp, np.int64)
    if axis is not None:
        shape = [1] * q.ndim
        shape[axis] = -1
        s, z = s.reshape(shape), z.reshape(shape)
    return (q.astype(np.int64) - z).astype(np.float32) * s


# ----- cases -----

CASES = []


def case(name, description, inputs, step_tolerance):
    def register(fn):
        CASES.append(dict(name=name, description=description, inputs=inputs,
                          step_tolerance=step_tolerance, build=fn))
        return fn
    return register


def mlp_params():
    sx, zx = 0.03, -7
    sw = [0.004 + 0.0005 * i for i in range(8)]
    so = [sx * s for s in sw]  # accumulator scale: the product, per output channel
    sy, zy = 0.05, 3
    return sx, zx, sw, so, sy, zy


@case("mlp_per_channel",
      "quantize x (i8, zero point), dot_general with per-channel i8 weights into a "
      "per-channel i32 accumulator at the product scale, add a per-channel i32 bias, "
      "requantize to i8, dequantize",
      [("x", np.float32, (5, 16)), ("w", "q:-127:127", (16, 8)), ("b", "q:-3000:3000", (8,))],
      0)
def mlp_per_channel():
    sx, zx, sw, so, sy, zy = mlp_params()
    qx = per_tensor("i8", sx, zx)
    qw = per_axis("i8", 1, sw, [0] * 8)
    qa = per_axis("i32", 1, so, [0] * 8)
    qb = per_axis("i32", 0, so, [0] * 8)
    qy = per_tensor("i8", sy, zy)
    text = f"""module {{
  func.func @main(%x: tensor<5x16xf32>, %w: tensor<16x8x{qw}>, %b: tensor<8x{qb}>) -> (tensor<5x8x{qa}>, tensor<5x8x{qy}>, tensor<5x8xf32>) {{
    %0 = stablehlo.uniform_quantize %x : (tensor<5x16xf32>) -> tensor<5x16x{qx}>
    %1 = stablehlo.dot_general %0, %w, contracting_dims = [1] x [0] : (tensor<5x16x{qx}>, tensor<16x8x{qw}>) -> tensor<5x8x{qa}>
    %2 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8x{qb}>) -> tensor<5x8x{qa}>
    %3 = stablehlo.add %1, %2 : tensor<5x8x{qa}>
    %4 = stablehlo.uniform_quantize %3 : (tensor<5x8x{qa}>) -> tensor<5x8x{qy}>
    %5 = stablehlo.uniform_dequantize %4 : (tensor<5x8x{qy}>) -> tensor<5x8xf32>
    return %3, %4, %5 : tensor<5x8x{qa}>, tensor<5x8x{qy}>, tensor<5x8xf32>
  }}
}}
"""

    def numpy_check(x, w, b):
        qxv = quantize(x, sx, zx, -128, 127)
        lf = dequantize(qxv, sx, zx)
        rf = dequantize(w, sw, [0] * 8, axis=1)
        acc = np.asarray(lax.dot_general(lf, rf, (([1], [0]), ([], []))))
        acc = quantize(acc, so, [0] * 8, -2**31, 2**31 - 1, axis=1)
        acc = acc + b[None, :]
        y = quantize(dequantize(acc, so, [0] * 8, axis=1), sy, zy, -128, 127)
        return [acc, y, dequantize(y, sy, zy)]
    return text, numpy_check


@case("conv_zero_points",
      "convolution of i8 input and weights that both have zero points (NHWC x HWIO, SAME "
      "padding, stride 2), into an i32 accumulator at the product scale, requantized to "
      "i8. The interpreter dequantizes for this (the weights' zero point is not 0): its "
      "f32 sums may round one step away from pjrtc's exact integer ones. (Per-channel "
      "weights cannot be given to it: it lowers those either to an i8 x i8 -> i32 "
      "convolution that it accumulates in i8, or to a per-axis dequantization it fails "
      "to legalize; and it treats unsigned storage as signed: the unit tests cover those "
      "against the evaluator.)",
      [("x", np.float32, (2, 9, 7, 3)), ("w", "q:-128:127", (3, 3, 3, 4))],
      1)
def conv_zero_points():
    sx, zx = 0.02, 5
    sw, zw = 0.011, -3
    so = sx * sw
    sy, zy = 0.04, -20
    qx = per_tensor("i8", sx, zx)
    qw = per_tensor("i8", sw, zw)
    qa = per_tensor("i32", so)
    qy = per_tensor("i8", sy, zy)
    text = f"""module {{
  func.func @main(%x: tensor<2x9x7x3xf32>, %w: tensor<3x3x3x4x{qw}>) -> (tensor<2x5x4x4x{qa}>, tensor<2x5x4x4x{qy}>) {{
    %0 = stablehlo.uniform_quantize %x : (tensor<2x9x7x3xf32>) -> tensor<2x9x7x3x{qx}>
    %1 = stablehlo.convolution(%0, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [2, 2], pad = [[1, 1], [1, 1]]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : (tensor<2x9x7x3x{qx}>, tensor<3x3x3x4x{qw}>) -> tensor<2x5x4x4x{qa}>
    %2 = stablehlo.uniform_quantize %1 : (tensor<2x5x4x4x{qa}>) -> tensor<2x5x4x4x{qy}>
    return %1, %2 : tensor<2x5x4x4x{qa}>, tensor<2x5x4x4x{qy}>
  }}
}}
"""

    def numpy_check(x, w):
        qxv = quantize(x, sx, zx, -128, 127)
        lf = dequantize(qxv, sx, zx)
        rf = dequantize(w, sw, zw)
        acc = np.asarray(lax.conv_general_dilated(
            lf, rf, (2, 2), [(1, 1), (1, 1)], dimension_numbers=("NHWC", "HWIO", "NHWC")))
        acc = quantize(acc, so, 0, -2**31, 2**31 - 1)
        y = quantize(dequantize(acc, so, 0), sy, zy, -128, 127)
        return [acc, y]
    return text, numpy_check


@case("elementwise_and_movement",
      "add of two differently quantized i8 tensors, tanh and maximum on quantized values, "
      "a comparison, select, transpose, concatenate and gather of stored integers",
      [("x", np.float32, (4, 6)), ("y", np.float32, (4, 6)), ("i", "idx", (3, 1))],
      0)
def elementwise_and_movement():
    qa = per_tensor("i8", 0.021, -4)
    qb = per_tensor("i8", 0.037, 9)
    qc = per_tensor("i8", 0.05, 2)
    qt = per_tensor("i8", 0.0078125, 0)
    text = f"""module {{
  func.func @main(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>, %i: tensor<3x1xi32>) -> (tensor<4x6x{qc}>, tensor<4x6x{qt}>, tensor<4x6x{qa}>, tensor<4x6xi1>, tensor<6x8x{qa}>, tensor<3x6x{qa}>) {{
    %a = stablehlo.uniform_quantize %x : (tensor<4x6xf32>) -> tensor<4x6x{qa}>
    %b = stablehlo.uniform_quantize %y : (tensor<4x6xf32>) -> tensor<4x6x{qb}>
    %a2 = stablehlo.uniform_quantize %y : (tensor<4x6xf32>) -> tensor<4x6x{qa}>
    %0 = stablehlo.add %a, %b : (tensor<4x6x{qa}>, tensor<4x6x{qb}>) -> tensor<4x6x{qc}>
    %1 = stablehlo.tanh %a : (tensor<4x6x{qa}>) -> tensor<4x6x{qt}>
    %2 = stablehlo.maximum %a, %a2 : tensor<4x6x{qa}>
    %3 = stablehlo.compare LT, %a, %b : (tensor<4x6x{qa}>, tensor<4x6x{qb}>) -> tensor<4x6xi1>
    %4 = stablehlo.select %3, %a, %a2 : tensor<4x6xi1>, tensor<4x6x{qa}>
    %5 = stablehlo.transpose %4, dims = [1, 0] : (tensor<4x6x{qa}>) -> tensor<6x4x{qa}>
    %6 = stablehlo.concatenate %5, %5, dim = 1 : (tensor<6x4x{qa}>, tensor<6x4x{qa}>) -> tensor<6x8x{qa}>
    %7 = "stablehlo.gather"(%a, %i) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 6>}}> : (tensor<4x6x{qa}>, tensor<3x1xi32>) -> tensor<3x6x{qa}>
    return %0, %1, %2, %3, %6, %7 : tensor<4x6x{qc}>, tensor<4x6x{qt}>, tensor<4x6x{qa}>, tensor<4x6xi1>, tensor<6x8x{qa}>, tensor<3x6x{qa}>
  }}
}}
"""

    def numpy_check(x, y, i):
        a = quantize(x, 0.021, -4, -128, 127)
        b = quantize(y, 0.037, 9, -128, 127)
        a2 = quantize(y, 0.021, -4, -128, 127)
        fa, fb, fa2 = dequantize(a, 0.021, -4), dequantize(b, 0.037, 9), dequantize(a2, 0.021, -4)
        c = quantize(fa + fb, 0.05, 2, -128, 127)
        t = quantize(np.tanh(fa), 0.0078125, 0, -128, 127)
        m = quantize(np.maximum(fa, fa2), 0.021, -4, -128, 127)
        lt = fa < fb
        s = np.where(lt, a, a2)
        cat = np.concatenate([s.T, s.T], axis=1)
        g = a[np.clip(i[:, 0], 0, 3)]
        return [c, t, m, lt, cat, g]
    return text, numpy_check


# ----- generation -----

def make_input(name, kind, shape, rng, qtype_of):
    if kind is np.float32:
        x = rng.standard_normal(shape).astype(np.float32) * 1.5
        flat = x.reshape(-1)
        if flat.size > 8:
            flat[3], flat[5] = np.nan, np.inf  # quantize maps NaN to 0, clamps inf
        return x
    if kind == "idx":
        return rng.integers(-1, 5, shape).astype(np.int32)
    _, lo, hi = kind.split(":")
    storage = qtype_of(name)
    return rng.integers(int(lo), int(hi) + 1, shape).astype(storage)


def storage_dtype(text, arg):
    # The storage type of argument %arg in the signature.
    import re
    m = re.search(r"%" + arg + r": tensor<[0-9x]*!quant\.uniform<([iu])(\d+)", text)
    return np.dtype(f"{'int' if m.group(1) == 'i' else 'uint'}{m.group(2)}")


def to_attr(a):
    return ir.DenseElementsAttr.get(np.ascontiguousarray(a))


def interpret(artifact, inputs):
    with jmlir.make_ir_context() as ctx:
        shlo.register_dialect(ctx)
        module = shlo.deserialize_portable_artifact(ctx, artifact)
        outs = shlo.eval_module(module, [to_attr(a) for a in inputs])
        return [np.array(o) for o in outs]


def main():
    names = [c["name"] for c in CASES]
    for d in sorted(os.listdir(HERE)):
        p = os.path.join(HERE, d)
        if os.path.isdir(p) and d not in names:
            shutil.rmtree(p)
    problems = []
    for c in CASES:
        name = c["name"]
        text, numpy_check = c["build"]()
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        inputs = [make_input(n, k, s, rng, lambda a: storage_dtype(text, a))
                  for n, k, s in c["inputs"]]
        written = {}
        for v in VERSIONS:
            try:
                written[v] = shlo.serialize_portable_artifact_str(text, v)
            except Exception as e:  # a target without these types refuses them
                print(f"{name}: target {v} refused: {str(e).splitlines()[0]}")
        if not written:
            problems.append(f"{name}: no target accepted the program")
            continue
        outs = interpret(written[VERSIONS[-1]], inputs)
        want = numpy_check(*inputs)
        for k, (o, w) in enumerate(zip(outs, want)):
            w = np.asarray(w).astype(o.dtype) if o.dtype != np.float32 else np.asarray(w, np.float32)
            if o.shape != w.shape:
                problems.append(f"{name}: out{k} shape {o.shape} vs numpy {w.shape}")
            elif o.dtype.kind in "iu":
                d = np.abs(o.astype(np.int64) - w.astype(np.int64)).max(initial=0)
                if d > 1:
                    problems.append(f"{name}: out{k} differs from numpy by {d} steps")
            elif o.dtype == np.bool_:
                if not np.array_equal(o, w):
                    problems.append(f"{name}: out{k} differs from numpy")
            elif not np.allclose(o, w, rtol=0, atol=0.06, equal_nan=True):
                problems.append(f"{name}: out{k} differs from numpy by more than a step")
        d = os.path.join(HERE, name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        with open(os.path.join(d, "model.mlir"), "w") as f:
            f.write(text)
        for v, art in written.items():
            with open(os.path.join(d, f"model.v{v}.mlirbc"), "wb") as f:
                f.write(art)
        for k, a in enumerate(inputs):
            np.save(os.path.join(d, f"in{k}.npy"), a)
        for k, o in enumerate(outs):
            np.save(os.path.join(d, f"out{k}.npy"), o)
        meta = dict(name=name, description=c["description"], versions=list(written),
                    step_tolerance=c["step_tolerance"])
        with open(os.path.join(d, "meta.json"), "w") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")
        print(f"{name}: {len(outs)} outputs, targets {', '.join(written)}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)


if __name__ == "__main__":
    main()

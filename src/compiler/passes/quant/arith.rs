//! Quantize, dequantize and requantize as plain ops. Quantize and dequantize are the spec's
//! formulas (docs/spec.md, "Quantization computations"), computed in the expressed type;
//! requantization is StableHLO's own lowering of it (one multiply by the merged scale
//! `scale_in / scale_out` and one add of the merged zero point, in f32), which is what the
//! reference interpreter runs and the conformance vectors expect.
use super::build::{channels, clamp};
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{BinaryOp, DType, Quantization, UnaryOp, ValueId};

/// Scale and zero point of every channel (one entry for per-tensor quantization).
fn channel(q: &Quantization, c: usize) -> (f64, i64) {
    let i = if q.is_per_axis() { c } else { 0 };
    (q.scales[i], q.zero_points[i])
}

/// The quantized dimension, for per-axis parameters broadcast along it.
fn axis(q: &Quantization) -> Option<usize> {
    q.axis.map(|a| a as usize)
}

/// The integer type stored values are widened to before subtracting zero points: wide
/// enough that `q - zero_point` is exact.
pub(super) fn wide_int(storage: DType) -> DType {
    if storage.bits() <= 16 {
        DType::I32
    } else {
        DType::I64
    }
}

/// The float type of rescaling arithmetic (f32, as StableHLO's lowering does, unless the
/// expressed type is f64).
pub(super) fn rescale_float(qs: &[&Quantization]) -> DType {
    if qs.iter().any(|q| q.expressed == DType::F64) {
        DType::F64
    } else {
        DType::F32
    }
}

/// True if clamping to `q`'s storage range can change an `out`-typed value.
fn needs_clamp(q: &Quantization, out: DType) -> bool {
    let (lo, hi) = out.int_range();
    (q.storage_min as i128, q.storage_max as i128) != (lo, hi)
}

/// `(x - zero_point) * scale` in the expressed type: storage values -> expressed floats.
pub(super) fn dequantize(b: &mut Builder, x: ValueId, q: &Quantization) -> ValueId {
    let shape = b.ty(x).shape.clone();
    let zps: Vec<f64> = q.zero_points.iter().map(|&z| z as f64).collect();
    let mut v = b.convert(x, wide_int(q.storage));
    if q.zero_points.iter().any(|&z| z != 0) {
        let zp = channels(b, wide_int(q.storage), &zps, axis(q), &shape);
        v = b.binary(BinaryOp::Sub, v, zp);
    }
    let v = b.convert(v, q.expressed);
    let scale = channels(b, q.expressed, &q.scales, axis(q), &shape);
    b.binary(BinaryOp::Mul, v, scale)
}

/// `round_nearest_even(clamp(min, x / scale + zero_point, max))` in `x`'s (the expressed)
/// type, converted to the storage type: expressed floats -> storage values.
pub(super) fn quantize(b: &mut Builder, x: ValueId, q: &Quantization) -> ValueId {
    let t = b.ty(x).clone();
    let (e, shape) = (t.dtype, t.shape);
    let scale = channels(b, e, &q.scales, axis(q), &shape);
    let mut v = b.binary(BinaryOp::Div, x, scale);
    if q.zero_points.iter().any(|&z| z != 0) {
        let zps: Vec<f64> = q.zero_points.iter().map(|&z| z as f64).collect();
        let zp = channels(b, e, &zps, axis(q), &shape);
        v = b.binary(BinaryOp::Add, v, zp);
    }
    let v = clamp(b, q.storage_min as f64, v, q.storage_max as f64);
    let v = b.unary(UnaryOp::RoundNearestEven, v);
    b.convert(v, q.storage)
}

/// Stored values of `from` as values of `to` in integer type `out` (`to`'s storage type,
/// or a wider one for further integer arithmetic, where no clamping happens):
/// `round_nearest_even(x * merged_scale + merged_zero_point)`, with
/// `merged_scale = scale_from / scale_to` and
/// `merged_zero_point = zero_point_to - zero_point_from * merged_scale` per channel.
pub(super) fn requantize(
    b: &mut Builder,
    x: ValueId,
    from: &Quantization,
    to: &Quantization,
    out: DType,
) -> ValueId {
    if from == to {
        return b.convert(x, out);
    }
    let shape = b.ty(x).shape.clone();
    let f = rescale_float(&[from, to]);
    let (n, ax) = match (from.axis, to.axis) {
        (_, Some(a)) => (to.scales.len(), Some(a as usize)),
        (Some(a), None) => (from.scales.len(), Some(a as usize)),
        (None, None) => (1, None),
    };
    let mut scales = Vec::with_capacity(n);
    let mut zps = Vec::with_capacity(n);
    for c in 0..n {
        let ((sf, zf), (st, zt)) = (channel(from, c), channel(to, c));
        let merged = sf / st;
        scales.push(merged);
        zps.push(zt as f64 - zf as f64 * merged);
    }
    let v = b.convert(x, f);
    let scale = channels(b, f, &scales, ax, &shape);
    let mut v = b.binary(BinaryOp::Mul, v, scale);
    // The merged zero point as it will be stored: skipped when it rounds to zero.
    let zps_f: Vec<f64> = zps.iter().map(|&z| round_to(f, z)).collect();
    if zps_f.iter().any(|&z| z != 0.0) {
        let zp = channels(b, f, &zps, ax, &shape);
        v = b.binary(BinaryOp::Add, v, zp);
    }
    if out == to.storage && (out.bits() < 32 || needs_clamp(to, out)) {
        v = clamp(b, to.storage_min as f64, v, to.storage_max as f64);
    }
    let v = b.unary(UnaryOp::RoundNearestEven, v);
    b.convert(v, out)
}

/// `x` rounded to float type `f` (f32 or f64).
fn round_to(f: DType, x: f64) -> f64 {
    if f == DType::F32 { x as f32 as f64 } else { x }
}

/// Exact integer values `s` (of a wide integer type) times per-channel `multipliers`,
/// quantized with `q`'s zero points and storage range: the rescaling after an integer
/// dot product or convolution. `channel_axis` is the dimension the multipliers and
/// `q`'s per-axis parameters run along.
pub(super) fn rescale(
    b: &mut Builder,
    s: ValueId,
    multipliers: &[f64],
    q: &Quantization,
    channel_axis: Option<usize>,
    float: DType,
) -> ValueId {
    let t = b.ty(s).clone();
    let zps: Vec<f64> = q.zero_points.iter().map(|&z| z as f64).collect();
    let zp_axis = axis(q);
    let unit = multipliers.iter().all(|&m| round_to(float, m) == 1.0);
    if unit {
        // Exact integers: add the zero point, clamp, narrow.
        let mut v = s;
        if q.zero_points.iter().any(|&z| z != 0) {
            let zp = channels(b, t.dtype, &zps, zp_axis, &t.shape);
            v = b.binary(BinaryOp::Add, v, zp);
        }
        if needs_clamp(q, t.dtype) {
            v = clamp(b, q.storage_min as f64, v, q.storage_max as f64);
        }
        return b.convert(v, q.storage);
    }
    let v = b.convert(s, float);
    let m = channels(b, float, multipliers, channel_axis, &t.shape);
    let mut v = b.binary(BinaryOp::Mul, v, m);
    if q.zero_points.iter().any(|&z| z != 0) {
        let zp = channels(b, float, &zps, zp_axis, &t.shape);
        v = b.binary(BinaryOp::Add, v, zp);
    }
    let v = clamp(b, q.storage_min as f64, v, q.storage_max as f64);
    let v = b.unary(UnaryOp::RoundNearestEven, v);
    b.convert(v, q.storage)
}

//! Pooling windows (strided, padded, dilated) against the reference evaluator: padding
//! read as the nearest element for idempotent reducers, selects elsewhere.

use super::tests::three_ways;
use crate::compiler::eval::{literal_from_f64, literal_from_i128};
use crate::compiler::ir::*;

/// A `reduce_window` of `op` with init `init` over `dt[shape]` (NHWC), window `w` x `w`
/// with stride `s`, window dilation `wd`, base dilation `bd` and padding `pad` (low,
/// high) on both spatial dimensions; the result shape is computed here.
#[allow(clippy::too_many_arguments)]
fn pool_src(
    dt: &str,
    shape: [i64; 4],
    op: &str,
    init: &str,
    w: i64,
    s: i64,
    wd: i64,
    bd: i64,
    pad: (i64, i64),
) -> String {
    let out = |n: i64| {
        let dilated = (n - 1) * bd + 1 + pad.0 + pad.1;
        let win = (w - 1) * wd + 1;
        (dilated - win) / s + 1
    };
    let o = [shape[0], out(shape[1]), out(shape[2]), shape[3]];
    let t = |s: [i64; 4]| format!("tensor<{}x{}x{}x{}x{dt}>", s[0], s[1], s[2], s[3]);
    let (ti, to) = (t(shape), t(o));
    format!(
        r#"func.func public @main(%x: {ti}) -> {to} {{
  %init = stablehlo.constant dense<{init}> : tensor<{dt}>
  %r = "stablehlo.reduce_window"(%x, %init) <{{base_dilations = array<i64: 1, {bd}, {bd}, 1>, padding = dense<[[0, 0], [{p0}, {p1}], [{p0}, {p1}], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, {wd}, {wd}, 1>, window_dimensions = array<i64: 1, {w}, {w}, 1>, window_strides = array<i64: 1, {s}, {s}, 1>}}> ({{
  ^bb0(%a: tensor<{dt}>, %b: tensor<{dt}>):
    %m = stablehlo.{op} %a, %b : tensor<{dt}>
    stablehlo.return %m : tensor<{dt}>
  }}) : ({ti}, tensor<{dt}>) -> {to}
  return %r : {to}
}}"#,
        p0 = pad.0,
        p1 = pad.1
    )
}

/// Values with repeats, both zeros and infinities among them.
fn input(dt: DType, shape: [i64; 4], seed: u64) -> Literal {
    let n: i64 = shape.iter().product();
    let mut s = seed | 1;
    let v: Vec<f64> = (0..n)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match i % 23 {
                4 => 0.0,
                9 => -0.0,
                15 => f64::NEG_INFINITY,
                _ => ((s % 201) as f64 - 100.0) / 8.0,
            }
        })
        .collect();
    let ty = TensorType::new(dt, shape);
    if dt.is_float() {
        literal_from_f64(ty, &v)
    } else {
        let v: Vec<i128> = v.iter().map(|x| x.clamp(-1e4, 1e4) as i128).collect();
        literal_from_i128(ty, &v)
    }
}

/// Max and min pools whose padding reads the nearest element, with odd sizes, strides,
/// SAME-style padding on either side or both, and several channel counts.
#[test]
fn padded_max_and_min_pools_read_the_nearest_element() {
    type Case<'a> = (
        &'a str,
        DType,
        [i64; 4],
        &'a str,
        &'a str,
        i64,
        i64,
        (i64, i64),
    );
    let cases: [Case; 6] = [
        (
            "f32",
            DType::F32,
            [1, 13, 11, 12],
            "maximum",
            "0xFF800000",
            3,
            2,
            (0, 1),
        ),
        (
            "f32",
            DType::F32,
            [2, 9, 9, 8],
            "maximum",
            "0xFF800000",
            3,
            2,
            (1, 1),
        ),
        (
            "f32",
            DType::F32,
            [1, 10, 7, 5],
            "minimum",
            "0x7F800000",
            3,
            1,
            (1, 1),
        ),
        (
            "f32",
            DType::F32,
            [1, 12, 12, 16],
            "maximum",
            "0xFF800000",
            5,
            3,
            (2, 2),
        ),
        (
            "i32",
            DType::I32,
            [1, 8, 9, 9],
            "maximum",
            "-2147483648",
            2,
            2,
            (1, 0),
        ),
        (
            "f64",
            DType::F64,
            [1, 7, 8, 3],
            "maximum",
            "0xFFF0000000000000",
            3,
            2,
            (0, 1),
        ),
    ];
    for (seed, (ty, dt, shape, op, init, w, s, pad)) in cases.into_iter().enumerate() {
        let src = pool_src(ty, shape, op, init, w, s, 1, 1, pad);
        three_ways(&src, &[input(dt, shape, seed as u64 + 1)]);
    }
}

/// Where padding cannot be read as an element (dilated windows or input, a reducer that
/// is not idempotent, windows wholly in the padding), each position selects the init.
#[test]
fn other_padded_windows_select_the_init() {
    type Case<'a> = (&'a str, &'a str, i64, i64, i64, i64, (i64, i64));
    let cases: [Case; 5] = [
        ("maximum", "0xFF800000", 3, 2, 2, 1, (2, 2)),
        ("maximum", "0xFF800000", 2, 1, 1, 2, (1, 1)),
        ("add", "0.000000e+00", 3, 2, 1, 1, (1, 1)),
        ("add", "-0.000000e+00", 3, 1, 1, 1, (0, 2)),
        ("maximum", "0.000000e+00", 2, 2, 1, 1, (3, 3)),
    ];
    for (seed, (op, init, w, s, wd, bd, pad)) in cases.into_iter().enumerate() {
        let shape = [1, 9, 10, 7];
        let src = pool_src("f32", shape, op, init, w, s, wd, bd, pad);
        three_ways(&src, &[input(DType::F32, shape, seed as u64 + 20)]);
    }
}

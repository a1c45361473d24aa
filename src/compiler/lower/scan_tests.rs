//! Scans: `reduce_window`s whose window covers an axis as a prefix or a suffix, lowered
//! to one pass per line, against the reference evaluator on shapes, axes, dtypes and
//! reducers the benchmarks do not use.

use super::tests::{run_native, three_ways};
use super::{LoweredProgram, lower};
use crate::compiler::codegen::Target;
use crate::compiler::eval::{eval_func, literal_from_f64, literal_from_i128};
use crate::compiler::ir::*;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use pjrtc_runtime::format::Step;

/// A scan case: element type (MLIR and IR), shape, axis, reducer, init.
type Case<'a> = (&'a str, DType, &'a [i64], usize, &'a str, &'a str);

fn tensor(dt: &str, shape: &[i64]) -> String {
    let d: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{d}{dt}>")
}

/// `reduce_window` of `op` (a binary StableHLO op) along `axis` of `dt[shape]`, as JAX
/// writes `cumsum`/`cumprod`/`cummax`/`cummin` (`reverse`: the suffix form), with init
/// `init` (MLIR literal text) and the window `extra` positions longer than the axis.
fn scan_src(dt: &str, shape: &[i64], axis: usize, reverse: bool, op: &str, init: &str) -> String {
    scan_src_with(dt, shape, axis, reverse, op, init, 0)
}

fn scan_src_with(
    dt: &str,
    shape: &[i64],
    axis: usize,
    reverse: bool,
    op: &str,
    init: &str,
    extra: i64,
) -> String {
    let rank = shape.len();
    let t = tensor(dt, shape);
    let s = tensor(dt, &[]);
    let win: Vec<String> = (0..rank)
        .map(|d| {
            if d == axis {
                (shape[d] + extra).to_string()
            } else {
                "1".into()
            }
        })
        .collect();
    let pad: Vec<String> = (0..rank)
        .map(|d| {
            let w = shape[d] + extra - 1;
            match (d == axis, reverse) {
                (false, _) => "[0, 0]".into(),
                (true, false) => format!("[{w}, 0]"),
                (true, true) => format!("[0, {w}]"),
            }
        })
        .collect();
    format!(
        r#"func.func public @main(%x: {t}) -> {t} {{
  %init = stablehlo.constant dense<{init}> : {s}
  %r = "stablehlo.reduce_window"(%x, %init) <{{padding = dense<[{pad}]> : tensor<{rank}x2xi64>, window_dimensions = array<i64: {win}>}}> ({{
  ^bb0(%a: {s}, %b: {s}):
    %m = stablehlo.{op} %a, %b : {s}
    stablehlo.return %m : {s}
  }}) : ({t}, {s}) -> {t}
  return %r : {t}
}}"#,
        pad = pad.join(", "),
        win = win.join(", "),
    )
}

/// Deterministic values in about [-8, 8) (a few exact zeros and repeats).
fn values(n: i64, seed: u64) -> Vec<f64> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s % 1601) as f64 - 800.0) / 100.0
        })
        .collect()
}

fn float_arg(dt: DType, shape: &[i64], seed: u64) -> Literal {
    let n = shape.iter().product();
    literal_from_f64(TensorType::new(dt, shape), &values(n, seed))
}

fn int_arg(dt: DType, shape: &[i64], seed: u64) -> Literal {
    let n = shape.iter().product();
    let v: Vec<i128> = values(n, seed).iter().map(|x| (x * 10.0) as i128).collect();
    literal_from_i128(TensorType::new(dt, shape), &v)
}

fn optimized(src: &str) -> Func {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let mut f = passes::inline::inline_entry(&module).expect("inline");
    passes::fold::fold(&mut f).expect("fold");
    passes::cse::cse(&mut f);
    passes::dce::dce(&mut f);
    f
}

fn kernel_names(p: &LoweredProgram) -> Vec<String> {
    p.steps
        .iter()
        .filter_map(|s| match s {
            Step::Dispatch { kernel, .. } => Some(p.kernels[*kernel as usize].name.clone()),
            _ => None,
        })
        .collect()
}

/// Lowers `src` and checks it became exactly one scan kernel.
fn assert_one_scan(src: &str) -> LoweredProgram {
    let p = lower(&optimized(src), &Target::host()).expect("lower");
    let names = kernel_names(&p);
    assert!(
        names.len() == 1 && names[0].ends_with("_scan"),
        "one scan kernel: {names:?}"
    );
    p
}

/// Prefix scans fold in the reference's order: the same bits, whatever the reducer,
/// along every axis, lines on lanes (contiguous or gathered) or not, with tails.
#[test]
fn prefix_scans_give_the_reference_bits() {
    let cases: [Case; 9] = [
        ("f32", DType::F32, &[5, 37], 1, "add", "0.000000e+00"),
        ("f32", DType::F32, &[37, 9], 0, "maximum", "0xFF800000"),
        (
            "f32",
            DType::F32,
            &[3, 23, 6],
            1,
            "multiply",
            "1.000000e+00",
        ),
        ("f32", DType::F32, &[19, 2, 5], 2, "minimum", "0x7F800000"),
        ("f64", DType::F64, &[4, 29], 1, "add", "0.000000e+00"),
        (
            "f64",
            DType::F64,
            &[21, 3],
            0,
            "maximum",
            "0xFFF0000000000000",
        ),
        ("i32", DType::I32, &[2, 3, 19], 2, "add", "0"),
        ("i32", DType::I32, &[13, 10], 0, "minimum", "2147483647"),
        ("i64", DType::I64, &[7, 11], 1, "multiply", "1"),
    ];
    for (seed, (ty, dt, shape, axis, op, init)) in cases.into_iter().enumerate() {
        let src = scan_src(ty, shape, axis, false, op, init);
        let arg = if dt.is_float() {
            float_arg(dt, shape, seed as u64 + 1)
        } else {
            int_arg(dt, shape, seed as u64 + 1)
        };
        assert_one_scan(&src);
        three_ways(&src, &[arg]);
    }
}

/// A window longer than the axis is still a prefix: the extra positions are padding.
#[test]
fn longer_window_is_a_prefix() {
    let src = scan_src_with("f32", &[6, 17], 1, false, "add", "0.000000e+00", 5);
    assert_one_scan(&src);
    three_ways(&src, &[float_arg(DType::F32, &[6, 17], 3)]);
    let src = scan_src_with("i32", &[9, 4], 0, true, "maximum", "-2147483648", 2);
    assert_one_scan(&src);
    three_ways(&src, &[int_arg(DType::I32, &[9, 4], 4)]);
}

/// Suffix scans (`reverse=True`) fold right to left: exact for integers, max and min.
#[test]
fn suffix_scans_of_integers_and_extrema_are_exact() {
    let cases: [Case; 5] = [
        ("i32", DType::I32, &[4, 33], 1, "add", "0"),
        ("i32", DType::I32, &[33, 12], 0, "multiply", "1"),
        ("f32", DType::F32, &[6, 41], 1, "maximum", "0xFF800000"),
        ("f32", DType::F32, &[41, 9], 0, "minimum", "0x7F800000"),
        ("i64", DType::I64, &[3, 4, 5], 1, "add", "0"),
    ];
    for (seed, (ty, dt, shape, axis, op, init)) in cases.into_iter().enumerate() {
        let src = scan_src(ty, shape, axis, true, op, init);
        let arg = if dt.is_float() {
            float_arg(dt, shape, seed as u64 + 11)
        } else {
            int_arg(dt, shape, seed as u64 + 11)
        };
        assert_one_scan(&src);
        three_ways(&src, &[arg]);
    }
}

/// Float suffix sums and products are reassociated: within rounding of the reference.
#[test]
fn suffix_float_sums_are_within_rounding() {
    for (shape, axis, op, init) in [
        (&[7, 300][..], 1, "add", "0.000000e+00"),
        (&[300, 13][..], 0, "add", "0.000000e+00"),
        (&[5, 40][..], 1, "multiply", "1.000000e+00"),
    ] {
        let src = scan_src("f32", shape, axis, true, op, init);
        assert_one_scan(&src);
        let mut arg = float_arg(DType::F32, shape, 7);
        if op == "multiply" {
            // Factors near 1, so products stay finite and far from zero.
            let n: i64 = shape.iter().product();
            let v: Vec<f64> = values(n, 7).iter().map(|x| 1.0 + x / 100.0).collect();
            arg = literal_from_f64(TensorType::new(DType::F32, shape), &v);
        }
        let module = frontend::parse(src.as_bytes()).expect("parse");
        let f = passes::inline::inline_entry(&module).expect("inline");
        let want = eval_func(&f, std::slice::from_ref(&arg)).expect("eval");
        let pjx =
            compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
        let got = run_native(pjx, &[arg]);
        let (w, g) = (f32s(&want[0].bytes), f32s(&got[0]));
        // Each output sums at most 300 terms of magnitude <= 8: rounding differences
        // stay far below 1e-3 of the largest partial sums.
        let scale = w.iter().fold(1.0f32, |m, x| m.max(x.abs()));
        for (i, (a, b)) in w.iter().zip(&g).enumerate() {
            assert!(
                (a - b).abs() <= 1e-5 * scale,
                "{op} {shape:?} axis {axis} at {i}: {a} vs {b}"
            );
        }
    }
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Several operands: a running argmax (value and index, first index on ties) is a prefix
/// scan with a two-accumulator reducer.
#[test]
fn variadic_prefix_scan() {
    let src = r#"func.func public @main(%x: tensor<5x40xf32>) -> (tensor<5x40xf32>, tensor<5x40xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<5x40xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%x, %i, %ninf, %zero) <{padding = dense<[[0, 0], [39, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 40>}> ({
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %bv, %av, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %bv, %av : tensor<i1>, tensor<f32>
    %j = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }) : (tensor<5x40xf32>, tensor<5x40xi32>, tensor<f32>, tensor<i32>) -> (tensor<5x40xf32>, tensor<5x40xi32>)
  return %r#0, %r#1 : tensor<5x40xf32>, tensor<5x40xi32>
}"#;
    assert_one_scan(src);
    three_ways(src, &[float_arg(DType::F32, &[5, 40], 5)]);
}

/// Booleans: a running `or` (a scalar loop: i1 rows are not stored from lanes).
#[test]
fn boolean_prefix_or() {
    let src = scan_src("i1", &[3, 50], 1, false, "or", "false");
    assert_one_scan(&src);
    let v: Vec<i128> = (0..150).map(|i| i128::from(i % 17 == 5)).collect();
    three_ways(
        &src,
        &[literal_from_i128(TensorType::new(DType::I1, [3, 50]), &v)],
    );
}

/// A scan's single-use elementwise producer is computed inside its loop.
#[test]
fn producer_fuses_into_the_scan() {
    let src = r#"func.func public @main(%x: tensor<33x20xf32>) -> tensor<33x20xf32> {
  %c = stablehlo.constant dense<1.000000e-01> : tensor<33x20xf32>
  %o = stablehlo.constant dense<1.000000e+00> : tensor<33x20xf32>
  %m = stablehlo.multiply %x, %c : tensor<33x20xf32>
  %y = stablehlo.add %m, %o : tensor<33x20xf32>
  %init = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %r = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[32, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 33, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %p : tensor<f32>
  }) : (tensor<33x20xf32>, tensor<f32>) -> tensor<33x20xf32>
  return %r : tensor<33x20xf32>
}"#;
    assert_one_scan(src);
    three_ways(src, &[float_arg(DType::F32, &[33, 20], 9)]);
}

/// Windows that are not prefixes, and inits the reducer changes (`0 + 0` is `0`, but
/// `1 + 1` is not `1`), keep the general windowed loop, which is still right.
#[test]
fn other_windows_are_not_scans() {
    let not_scans = [
        // A window shorter than the axis.
        scan_src_with("f32", &[4, 20], 1, false, "add", "0.000000e+00", -3),
        // An init that is not the reducer's fixed point.
        scan_src("f32", &[4, 20], 1, false, "add", "1.000000e+00"),
        // A subtract is not associative: its suffix form is not a scan.
        scan_src("i32", &[4, 20], 1, true, "subtract", "0"),
    ];
    for (i, src) in not_scans.iter().enumerate() {
        let p = lower(&optimized(src), &Target::host()).expect("lower");
        assert!(
            kernel_names(&p).iter().all(|n| !n.ends_with("_scan")),
            "case {i}"
        );
        let arg = if src.contains("xi32>") {
            int_arg(DType::I32, &[4, 20], i as u64)
        } else {
            float_arg(DType::F32, &[4, 20], i as u64)
        };
        three_ways(src, &[arg]);
    }
    // The prefix form of the subtract is a scan (any reducer, in order).
    let src = scan_src("i32", &[4, 20], 1, false, "subtract", "0");
    assert_one_scan(&src);
    three_ways(&src, &[int_arg(DType::I32, &[4, 20], 5)]);
}

/// The scan kernel runs lines on f32x4 lanes, whether they are contiguous or not.
#[test]
fn scans_vectorize_across_lines() {
    for (shape, axis) in [
        (&[64, 40][..], 1),
        (&[40, 64][..], 0),
        (&[3, 40, 12][..], 1),
    ] {
        let src = scan_src("f32", shape, axis, false, "add", "0.000000e+00");
        let p = assert_one_scan(&src);
        assert!(
            crate::compiler::codegen::is_vectorized(&p.kernels[0]),
            "{shape:?} axis {axis}"
        );
    }
}

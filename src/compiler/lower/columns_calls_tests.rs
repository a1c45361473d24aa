//! Column blocks whose row folds run as runtime calls (`codegen/kernel/row_calls.rs`)
//! and runs of adjacent blocks walked as one (`codegen/kernel/blocks.rs`): the host's
//! code (AVX2 and FMA: calls) against the host without AVX2 (the inline f32x4 folds),
//! bit for bit, NaNs, signed zeros and infinities included, at one and two threads;
//! and against the reference evaluator where its NaN bits do not matter. Sizes, axes and
//! folds the benchmarks do not use.

use crate::compiler::codegen::Target;
use crate::compiler::eval::{eval_func, literal_from_f64};
use crate::compiler::ir::*;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use pjrtc_runtime::{Executable, Tensor};

fn tensor(shape: &[i64]) -> String {
    let d: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{d}f32>")
}

fn list(v: &[i64]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `x - reduce(x) op` along `axis`, broadcast back: a column fold (max or min) fused
/// into its consumer, one kernel in column blocks.
fn shifted_src(shape: &[i64], axis: i64, op: &str, init: &str) -> String {
    let rank = shape.len() as i64;
    let kept: Vec<i64> = (0..rank).filter(|&d| d != axis).collect();
    let red: Vec<i64> = kept.iter().map(|&d| shape[d as usize]).collect();
    let (t, r, s) = (tensor(shape), tensor(&red), tensor(&[]));
    format!(
        r#"func.func public @main(%x: {t}) -> {t} {{
  %init = stablehlo.constant dense<{init}> : {s}
  %m = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = [{axis}] : ({t}, {s}) -> {r}
  %mb = stablehlo.broadcast_in_dim %m, dims = [{k}] : ({r}) -> {t}
  %y = stablehlo.subtract %x, %mb : {t}
  return %y : {t}
}}"#,
        k = list(&kept)
    )
}

/// log_softmax along `axis` as `jax.nn.log_softmax` writes it: the column maximum, the
/// sum of `exp(x - max)`, `x - max - log(sum)`.
fn log_softmax_src(shape: &[i64], axis: i64) -> String {
    shifted_sum_src(shape, axis, "exponential")
}

/// [`log_softmax_src`] with `f` (a StableHLO unary op) in place of the exponential.
fn shifted_sum_src(shape: &[i64], axis: i64, f: &str) -> String {
    let rank = shape.len() as i64;
    let kept: Vec<i64> = (0..rank).filter(|&d| d != axis).collect();
    let red: Vec<i64> = kept.iter().map(|&d| shape[d as usize]).collect();
    let (t, r, s) = (tensor(shape), tensor(&red), tensor(&[]));
    let k = list(&kept);
    format!(
        r#"func.func public @main(%x: {t}) -> {t} {{
  %ninf = stablehlo.constant dense<0xFF800000> : {s}
  %zero = stablehlo.constant dense<0.000000e+00> : {s}
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [{axis}] : ({t}, {s}) -> {r}
  %mb = stablehlo.broadcast_in_dim %m, dims = [{k}] : ({r}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %e = stablehlo.{f} %d : {t}
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [{axis}] : ({t}, {s}) -> {r}
  %l = stablehlo.log %sum : {r}
  %lb = stablehlo.broadcast_in_dim %l, dims = [{k}] : ({r}) -> {t}
  %y = stablehlo.subtract %d, %lb : {t}
  return %y : {t}
}}"#
    )
}

/// A column sum of `x * w - 1` (a product, a constant, a second operand read per row)
/// and of its squares, normalizing each column: calls for multiply, subtract, add.
fn weighted_src(shape: &[i64]) -> String {
    let (t, r, s) = (tensor(shape), tensor(&shape[1..]), tensor(&[]));
    format!(
        r#"func.func public @main(%x: {t}, %w: {t}) -> {t} {{
  %zero = stablehlo.constant dense<0.000000e+00> : {s}
  %one = stablehlo.constant dense<1.000000e+00> : {t}
  %p = stablehlo.multiply %x, %w : {t}
  %q = stablehlo.subtract %p, %one : {t}
  %sum = stablehlo.reduce(%q init: %zero) applies stablehlo.add across dimensions = [0] : ({t}, {s}) -> {r}
  %sq = stablehlo.multiply %q, %q : {t}
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0] : ({t}, {s}) -> {r}
  %sb = stablehlo.broadcast_in_dim %sum, dims = [1] : ({r}) -> {t}
  %ssb = stablehlo.broadcast_in_dim %ss, dims = [1] : ({r}) -> {t}
  %a = stablehlo.multiply %x, %sb : {t}
  %y = stablehlo.add %a, %ssb : {t}
  return %y : {t}
}}"#
    )
}

/// Values in about [-8, 8) with, if `special`, NaNs, infinities and zeros of both signs
/// spread over rows and columns (some columns all zeros of mixed signs, so their
/// maximum is +0 and minimum -0 only if the fold orders the zeros).
fn values(shape: &[i64], seed: u64, special: bool) -> Vec<f64> {
    let n: i64 = shape.iter().product();
    let cols = *shape.last().unwrap();
    let mut s = seed | 1;
    (0..n)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let (row, col) = (i / cols, i % cols);
            if special {
                match col % 11 {
                    // Zeros only, the sign changing with the row.
                    2 => return if (row + col) % 3 == 0 { 0.0 } else { -0.0 },
                    // Negative zeros and negatives: the maximum is -0.
                    3 => return if row % 2 == 0 { -0.0 } else { -1.5 },
                    5 if row % 7 == 3 => return f64::NAN,
                    7 if row % 5 == 1 => return f64::INFINITY,
                    8 if row % 4 == 2 => return f64::NEG_INFINITY,
                    _ => {}
                }
            }
            match i % 29 {
                3 => 0.0,
                17 => -0.0,
                _ => ((s % 1601) as f64 - 800.0) / 97.0,
            }
        })
        .collect()
}

fn literal(shape: &[i64], v: &[f64]) -> Literal {
    literal_from_f64(TensorType::new(DType::F32, shape), v)
}

/// The host, which calls the runtime's array routines, and the host without AVX2,
/// whose folds are inline; `None` where the host has no such routines.
fn targets() -> Option<(Target, Target)> {
    let host = Target::host();
    let has = |f: &str| host.features.iter().any(|g| g == f);
    if !(host.is_x86_64() && has("avx2") && has("fma") && has("avx")) {
        return None;
    }
    let mut inline = host.clone();
    inline.features.retain(|f| f != "avx2");
    Some((host, inline))
}

/// `src` compiled for `target`: its artifact, and whether its code calls `import`.
fn compiled(src: &str, target: &Target, import: &str) -> (pjrtc_runtime::format::Pjx, bool) {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let options = Options {
        target: target.clone(),
        ..Options::default()
    };
    let pjx = compile_module(&module, &options, &mut Timings::default()).expect("compile");
    let idx = pjrtc_runtime::imports::index_of(import).expect("import");
    let calls = pjx.code.relocs.iter().any(|r| r.import == idx);
    (pjx, calls)
}

/// Runs `pjx` on `args` with `threads` threads: each output's bytes.
fn run_threads(pjx: pjrtc_runtime::format::Pjx, args: &[Literal], threads: usize) -> Vec<u8> {
    let mut exe = Executable::from_pjx(pjx).expect("load");
    exe.set_threads(threads);
    let inputs: Vec<Tensor> = args
        .iter()
        .map(|a| {
            let shape: Vec<u64> = a.ty.shape.iter().map(|&d| d as u64).collect();
            Tensor::from_bytes(a.ty.dtype, &shape, &a.bytes).expect("input")
        })
        .collect();
    let refs: Vec<&Tensor> = inputs.iter().collect();
    exe.run(&refs).expect("run")[0].bytes().to_vec()
}

/// `src` on `args` for the host (whose code must call `import` if `calls`) and for the
/// host without AVX2, at one and two threads: identical bytes. Returns them.
fn same_with_and_without_calls(src: &str, args: &[Literal], import: &str, calls: bool) -> Vec<u8> {
    let (host, inline) = targets().expect("checked by the caller");
    let (fast, called) = compiled(src, &host, import);
    assert_eq!(called, calls, "host code calls {import}: {src}");
    let (slow, called) = compiled(src, &inline, import);
    assert!(!called, "inline code calls {import}");
    let want = run_threads(slow.clone(), args, 1);
    for threads in [1, 2] {
        let got = run_threads(fast.clone(), args, threads);
        let bits = |b: &[u8]| -> Vec<u32> {
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect()
        };
        let (g, w) = (bits(&got), bits(&want));
        for (i, (a, b)) in g.iter().zip(&w).enumerate() {
            assert_eq!(
                a, b,
                "[{i}] calls {a:#x} vs inline {b:#x}, {threads} threads: {src}"
            );
        }
        assert_eq!(
            run_threads(slow.clone(), args, threads),
            want,
            "inline at {threads}"
        );
    }
    want
}

/// The reference evaluator's result of `src` on `args`.
fn reference(src: &str, args: &[Literal]) -> Vec<u8> {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let f = passes::inline::inline_entry(&module).expect("inline");
    eval_func(&f, args).expect("eval")[0].bytes.to_vec()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Column maxima and minima with NaNs, infinities and signed zeros, at odd sizes, other
/// axes (the middle one of three, the first of three) and widths of one block, several
/// blocks (run together at one thread, apart at two) and short rows that stay inline:
/// the calls' bits are the inline folds', and both are StableHLO's (NaN propagates,
/// -0 below +0), the reference's bits wherever no NaN is involved.
#[test]
fn column_max_and_min_as_calls() {
    if targets().is_none() {
        return;
    }
    type Case<'a> = (&'a [i64], i64, bool);
    let cases: [Case; 10] = [
        (&[1, 1], 0, false),
        (&[3, 5], 0, false),
        (&[17, 33], 0, false),
        (&[1001, 7], 0, false),
        (&[17, 130], 0, true),
        (&[1, 67], 0, false),
        (&[64, 2100], 0, true),
        (&[5, 3, 200], 1, true),
        (&[6, 4, 90], 0, true),
        (&[3, 1001, 71], 1, true),
    ];
    for (shape, axis, calls) in cases {
        for (op, init, import) in [
            ("maximum", "0xFF800000", "pjrt_rt_max_f32_array_v1"),
            ("minimum", "0x7F800000", "pjrt_rt_min_f32_array_v1"),
        ] {
            let src = shifted_src(shape, axis, op, init);
            for special in [false, true] {
                let x = literal(shape, &values(shape, 31 + shape[0] as u64, special));
                let got =
                    same_with_and_without_calls(&src, std::slice::from_ref(&x), import, calls);
                let want = reference(&src, &[x]);
                for (i, (a, b)) in f32s(&got).iter().zip(f32s(&want)).enumerate() {
                    let same = a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
                    assert!(same, "{op} {shape:?} axis {axis} [{i}]: {a:e} vs {b:e}");
                }
            }
        }
    }
}

/// log_softmax along leading axes: the maximum, `exp(x - max)` and the sum as calls,
/// the inline code's bits, within a few ulp of the reference.
#[test]
fn column_log_softmax_as_calls() {
    if targets().is_none() {
        return;
    }
    for (shape, axis, calls) in [
        (&[1001, 7][..], 0, false),
        (&[40, 771][..], 0, true),
        (&[9, 2100][..], 0, true),
        (&[4, 30, 130][..], 1, true),
        (&[3, 2, 65][..], 0, true),
    ] {
        let src = log_softmax_src(shape, axis);
        for special in [false, true] {
            let x = literal(shape, &values(shape, 7, special));
            let got = same_with_and_without_calls(
                &src,
                std::slice::from_ref(&x),
                "pjrt_rt_max_f32_array_v1",
                calls,
            );
            let host = targets().expect("checked above").0;
            let each = compiled(&src, &host, "pjrt_rt_exp_f32_map_sub_each_add_v1").1;
            assert_eq!(each, calls, "acc + exp(x - max) in one call: {shape:?}");
            if special {
                continue;
            }
            let want = reference(&src, &[x]);
            for (i, (a, b)) in f32s(&got).iter().zip(f32s(&want)).enumerate() {
                assert!(
                    (a - b).abs() <= 1e-5 * b.abs().max(1.0),
                    "log_softmax {shape:?} axis {axis} [{i}]: {a} vs {b}"
                );
            }
        }
    }
}

/// The other functions with routines, of the same shifted columns (sin and cos with
/// arguments past 6000, whose vectors take the inline code's slow path whole; their
/// values then added by a call of their own): the inline code's bits.
#[test]
fn column_sums_of_shifted_functions_as_calls() {
    if targets().is_none() {
        return;
    }
    for (f, import) in [
        ("tanh", "pjrt_rt_tanh_f32_map_sub_each_add_v1"),
        ("logistic", "pjrt_rt_logistic_f32_map_sub_each_add_v1"),
        ("sine", "pjrt_rt_sin_f32_map_sub_each_v1"),
        ("cosine", "pjrt_rt_cos_f32_map_sub_each_v1"),
    ] {
        for (shape, axis) in [(&[21, 133][..], 0), (&[2, 9, 70][..], 1)] {
            let src = shifted_sum_src(shape, axis, f);
            let mut v = values(shape, 11, true);
            for (i, x) in v.iter_mut().enumerate() {
                if i % 37 == 5 {
                    *x = 7000.0 + i as f64;
                }
            }
            same_with_and_without_calls(&src, &[literal(shape, &v)], import, true);
        }
    }
}

/// Column sums of a computed value and of its square, a second input read per row and
/// a constant: subtract, multiply and add as calls, in row order, so the reference's
/// bits exactly (NaNs and infinities aside).
#[test]
fn column_sums_of_products_as_calls() {
    if targets().is_none() {
        return;
    }
    for shape in [&[13, 100][..], &[300, 68][..], &[2, 1030][..]] {
        let src = weighted_src(shape);
        let x = literal(shape, &values(shape, 3, false));
        let w = literal(shape, &values(shape, 5, false));
        let args = [x, w];
        let got = same_with_and_without_calls(&src, &args, "pjrt_rt_mul_f32_array_v1", true);
        assert_eq!(got, reference(&src, &args), "{shape:?}");
        let x = literal(shape, &values(shape, 9, true));
        same_with_and_without_calls(
            &src,
            &[x, args[1].clone()],
            "pjrt_rt_mul_f32_array_v1",
            true,
        );
    }
}

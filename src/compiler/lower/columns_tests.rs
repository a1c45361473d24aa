//! Reductions along leading axes (columns) on lanes, and normalizations along them run
//! in column blocks, against the reference evaluator on axes, sizes and dtypes the
//! benchmarks do not use.

use super::tests::{run_native, three_ways};
use super::{LoweredProgram, lower};
use crate::compiler::codegen::{Target, has_lane_reduce, is_blocked};
use crate::compiler::eval::{eval_func, literal_from_f64, literal_from_i128};
use crate::compiler::ir::*;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use pjrtc_runtime::format::Step;

fn tensor(dt: &str, shape: &[i64]) -> String {
    let d: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{d}{dt}>")
}

fn list(v: &[i64]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The extents of `shape` left after reducing over `dims`.
fn kept_extents(shape: &[i64], dims: &[i64]) -> Vec<i64> {
    (0..shape.len() as i64)
        .filter(|d| !dims.contains(d))
        .map(|d| shape[d as usize])
        .collect()
}

/// `reduce(x, init) op` over `dims` of `dt[shape]`.
fn reduce_src(dt: &str, shape: &[i64], dims: &[i64], op: &str, init: &str) -> String {
    let out = kept_extents(shape, dims);
    let (t, o, s) = (tensor(dt, shape), tensor(dt, &out), tensor(dt, &[]));
    format!(
        r#"func.func public @main(%x: {t}) -> {o} {{
  %init = stablehlo.constant dense<{init}> : {s}
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = [{d}] : ({t}, {s}) -> {o}
  return %r : {o}
}}"#,
        d = list(dims)
    )
}

/// Values in about [-8, 8), with exact zeros of both signs among them.
fn values(n: i64, seed: u64) -> Vec<f64> {
    let mut s = seed | 1;
    (0..n)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match i % 29 {
                3 => 0.0,
                17 => -0.0,
                _ => ((s % 1601) as f64 - 800.0) / 97.0,
            }
        })
        .collect()
}

fn arg(dt: DType, shape: &[i64], seed: u64) -> Literal {
    let n: i64 = shape.iter().product();
    let ty = TensorType::new(dt, shape);
    if dt.is_float() {
        literal_from_f64(ty, &values(n, seed))
    } else {
        let v: Vec<i128> = values(n, seed).iter().map(|x| (x * 97.0) as i128).collect();
        literal_from_i128(ty, &v)
    }
}

fn optimized(src: &str) -> Func {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let mut f = passes::inline::inline_entry(&module).expect("inline");
    passes::fold::fold(&mut f).expect("fold");
    passes::cse::cse(&mut f);
    passes::dce::dce(&mut f);
    f
}

fn lowered(src: &str) -> LoweredProgram {
    lower(&optimized(src), &Target::host()).expect("lower")
}

fn dispatched(p: &LoweredProgram) -> Vec<&super::kir::Kernel> {
    p.steps
        .iter()
        .filter_map(|s| match s {
            Step::Dispatch { kernel, .. } => Some(&p.kernels[*kernel as usize]),
            _ => None,
        })
        .collect()
}

/// Reductions that keep the innermost dimension fold each kept element on a lane, in the
/// reference's order: the same bits, tails (scalar points folding in the same order)
/// included.
#[test]
fn column_reductions_run_on_lanes() {
    type Case<'a> = (&'a str, DType, &'a [i64], &'a [i64], &'a str, &'a str);
    let cases: [Case; 8] = [
        ("f32", DType::F32, &[37, 70], &[0], "add", "0.000000e+00"),
        ("f32", DType::F32, &[9, 41], &[0], "maximum", "0xFF800000"),
        ("f32", DType::F32, &[3, 50, 21], &[1], "add", "0.000000e+00"),
        (
            "f32",
            DType::F32,
            &[2, 9, 11, 12],
            &[0, 1, 2],
            "minimum",
            "0x7F800000",
        ),
        (
            "f32",
            DType::F32,
            &[6, 5, 19],
            &[0, 1],
            "multiply",
            "1.000000e+00",
        ),
        ("i32", DType::I32, &[40, 13], &[0], "maximum", "-2147483648"),
        ("ui32", DType::U32, &[3, 31, 10], &[0, 1], "add", "0"),
        ("i32", DType::I32, &[25, 9], &[0], "add", "0"),
    ];
    for (seed, (ty, dt, shape, dims, op, init)) in cases.into_iter().enumerate() {
        let src = reduce_src(ty, shape, dims, op, init);
        let p = lowered(&src);
        let ks = dispatched(&p);
        assert!(
            ks.len() == 1 && has_lane_reduce(ks[0]),
            "{ty}{shape:?} over {dims:?}"
        );
        three_ways(&src, &[arg(dt, shape, seed as u64 + 1)]);
    }
}

/// Without lanes for the type (f64), the same reductions run scalar, still right.
#[test]
fn f64_column_reduction() {
    let src = reduce_src("f64", &[23, 18], &[0], "add", "0.000000e+00");
    let p = lowered(&src);
    assert!(!has_lane_reduce(dispatched(&p)[0]));
    three_ways(&src, &[arg(DType::F64, &[23, 18], 4)]);
}

/// An argmin along axis 0 (value and first index): a variadic lane reduce.
#[test]
fn column_argmin() {
    let src = r#"func.func public @main(%x: tensor<33x18xf32>) -> (tensor<18xf32>, tensor<18xi32>) {
  %i = stablehlo.iota dim = 0 : tensor<33x18xi32>
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %inf), (%i init: %zero) across dimensions = [0] : (tensor<33x18xf32>, tensor<33x18xi32>, tensor<f32>, tensor<i32>) -> (tensor<18xf32>, tensor<18xi32>)
   reducer(%av: tensor<f32>, %bv: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %lt = stablehlo.compare LT, %bv, %av, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %lt, %bv, %av : tensor<i1>, tensor<f32>
    %j = stablehlo.select %lt, %bi, %ai : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<18xf32>, tensor<18xi32>
}"#;
    let p = lowered(src);
    assert!(has_lane_reduce(dispatched(&p)[0]));
    three_ways(src, &[arg(DType::F32, &[33, 18], 6)]);
}

/// Standardization along `axis` of `f32[shape]` (mean, variance, `(x - mean) / sqrt(var
/// + eps) * gamma`), as flax's LayerNorm writes it along the last axis.
fn standardize_src(shape: &[i64], axes: &[i64]) -> String {
    standardize_src_of("f32", shape, axes)
}

/// [`standardize_src`] in element type `dt`.
fn standardize_src_of(dt: &str, shape: &[i64], axes: &[i64]) -> String {
    let rank = shape.len() as i64;
    let kept: Vec<i64> = (0..rank).filter(|d| !axes.contains(d)).collect();
    let red: Vec<i64> = kept.iter().map(|&d| shape[d as usize]).collect();
    let count: i64 = axes.iter().map(|&d| shape[d as usize]).product();
    let (t, r) = (tensor(dt, shape), tensor(dt, &red));
    let s = tensor(dt, &[]);
    format!(
        r#"func.func public @main(%x: {t}, %g: {r}) -> {t} {{
  %zero = stablehlo.constant dense<0.000000e+00> : {s}
  %n = stablehlo.constant dense<{count}.0> : {r}
  %eps = stablehlo.constant dense<1.000000e-05> : {r}
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [{a}] : ({t}, {s}) -> {r}
  %mean = stablehlo.divide %sum, %n : {r}
  %mb = stablehlo.broadcast_in_dim %mean, dims = [{k}] : ({r}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %sq = stablehlo.multiply %d, %d : {t}
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [{a}] : ({t}, {s}) -> {r}
  %var = stablehlo.divide %ss, %n : {r}
  %ve = stablehlo.add %var, %eps : {r}
  %den = stablehlo.sqrt %ve : {r}
  %db = stablehlo.broadcast_in_dim %den, dims = [{k}] : ({r}) -> {t}
  %y = stablehlo.divide %d, %db : {t}
  %gb = stablehlo.broadcast_in_dim %g, dims = [{k}] : ({r}) -> {t}
  %z = stablehlo.multiply %y, %gb : {t}
  return %z : {t}
}}"#,
        a = list(axes),
        k = list(&kept)
    )
}

/// Standardizing along leading axes is one kernel run in column blocks: the sums on
/// lanes in the reference's order, so the bits are the reference's, with full blocks,
/// a partial last block (vectors and scalar columns) and an outer dimension.
#[test]
fn standardization_along_columns_is_one_blocked_kernel() {
    for (shape, axes) in [
        (&[33, 21][..], &[0][..]),
        (&[2, 5, 6, 12][..], &[0, 1, 2][..]),
        (&[3, 17, 35][..], &[1][..]),
        (&[40, 16][..], &[0][..]),
    ] {
        let src = standardize_src(shape, axes);
        let p = lowered(&src);
        let ks = dispatched(&p);
        assert!(
            ks.len() == 1 && is_blocked(ks[0]),
            "{shape:?} over {axes:?}: {} kernels",
            ks.len()
        );
        let kept = kept_extents(shape, axes);
        three_ways(
            &src,
            &[arg(DType::F32, shape, 2), arg(DType::F32, &kept, 3)],
        );
    }
}

/// log_softmax along `axis` of `f32[shape]`, as `jax.nn.log_softmax` writes it.
fn log_softmax_src(shape: &[i64], axis: i64) -> String {
    softmax_family_src(shape, axis, true)
}

/// softmax along `axis` of `f32[shape]`, as `jax.nn.softmax` writes it.
fn softmax_src(shape: &[i64], axis: i64) -> String {
    softmax_family_src(shape, axis, false)
}

/// `jax.nn.log_softmax` (`log`) or `jax.nn.softmax` along `axis` of `f32[shape]`: the
/// same maximum, shifted exponentials and sum, then `d - log(sum)` or `e / sum`.
fn softmax_family_src(shape: &[i64], axis: i64, log: bool) -> String {
    let rank = shape.len() as i64;
    let kept: Vec<i64> = (0..rank).filter(|&d| d != axis).collect();
    let red: Vec<i64> = kept.iter().map(|&d| shape[d as usize]).collect();
    let (t, r) = (tensor("f32", shape), tensor("f32", &red));
    let s = tensor("f32", &[]);
    let k = list(&kept);
    let tail = if log {
        format!(
            r#"  %l = stablehlo.log %sum : {r}
  %lb = stablehlo.broadcast_in_dim %l, dims = [{k}] : ({r}) -> {t}
  %y = stablehlo.subtract %d, %lb : {t}"#
        )
    } else {
        format!(
            r#"  %sb = stablehlo.broadcast_in_dim %sum, dims = [{k}] : ({r}) -> {t}
  %y = stablehlo.divide %e, %sb : {t}"#
        )
    };
    format!(
        r#"func.func public @main(%x: {t}) -> {t} {{
  %ninf = stablehlo.constant dense<0xFF800000> : {s}
  %zero = stablehlo.constant dense<0.000000e+00> : {s}
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [{axis}] : ({t}, {s}) -> {r}
  %mb = stablehlo.broadcast_in_dim %m, dims = [{k}] : ({r}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %e = stablehlo.exponential %d : {t}
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [{axis}] : ({t}, {s}) -> {r}
{tail}
  return %y : {t}
}}"#
    )
}

/// log_softmax along a leading axis: one blocked kernel, within a few ulp of the
/// reference (exp and log are not correctly rounded).
#[test]
fn log_softmax_along_columns_is_one_blocked_kernel() {
    for (shape, axis) in [
        (&[50, 37][..], 0),
        (&[4, 30, 10][..], 1),
        (&[7, 3, 64][..], 0),
    ] {
        let src = log_softmax_src(shape, axis);
        let p = lowered(&src);
        let ks = dispatched(&p);
        assert!(
            ks.len() == 1 && is_blocked(ks[0]),
            "{shape:?} axis {axis}: {} kernels",
            ks.len()
        );
        close_to_reference(
            &src,
            &arg(DType::F32, shape, 5),
            &format!("{shape:?} axis {axis}"),
        );
    }
}

/// `jax.nn.logsumexp` along `axis` of `f32[shape]` as JAX writes it: the maximum is
/// replaced by 0 where it is not finite (`is_finite`, `select`) before the shift.
fn logsumexp_src(shape: &[i64], axis: i64) -> String {
    let rank = shape.len() as i64;
    let kept: Vec<i64> = (0..rank).filter(|&d| d != axis).collect();
    let red: Vec<i64> = kept.iter().map(|&d| shape[d as usize]).collect();
    let (t, r, s) = (
        tensor("f32", shape),
        tensor("f32", &red),
        tensor("f32", &[]),
    );
    let b = tensor("i1", &red);
    let k = list(&kept);
    format!(
        r#"func.func public @main(%x: {t}) -> {r} {{
  %ninf = stablehlo.constant dense<0xFF800000> : {s}
  %zero = stablehlo.constant dense<0.000000e+00> : {s}
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [{axis}] : ({t}, {s}) -> {r}
  %fin = stablehlo.is_finite %m : ({r}) -> {b}
  %zr = stablehlo.broadcast_in_dim %zero, dims = [] : ({s}) -> {r}
  %ms = stablehlo.select %fin, %m, %zr : {b}, {r}
  %mb = stablehlo.broadcast_in_dim %ms, dims = [{k}] : ({r}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %e = stablehlo.exponential %d : {t}
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [{axis}] : ({t}, {s}) -> {r}
  %a = stablehlo.abs %sum : {r}
  %l = stablehlo.log %a : {r}
  %y = stablehlo.add %l, %ms : {r}
  return %y : {r}
}}"#
    )
}

/// logsumexp along a leading axis keeps the columns on lanes (a vector `is_finite`, not
/// a scalar kernel gathering each column), within a few ulp of the reference; a column
/// of -inf (its maximum not finite) gives -inf, one holding +inf gives +inf.
#[test]
fn logsumexp_along_leading_axes_runs_on_lanes() {
    for (shape, axis) in [
        (&[50, 37][..], 0),
        (&[4, 30, 10][..], 1),
        (&[9, 2, 21][..], 0),
    ] {
        let src = logsumexp_src(shape, axis);
        let p = lowered(&src);
        let ks = dispatched(&p);
        assert!(
            ks.len() == 1 && has_lane_reduce(ks[0]),
            "{shape:?} axis {axis}: {} kernels",
            ks.len()
        );
        close_to_reference(
            &src,
            &arg(DType::F32, shape, 7),
            &format!("{shape:?} axis {axis}"),
        );
    }
    let (rows, cols) = (20i64, 13i64);
    let src = logsumexp_src(&[rows, cols], 0);
    let mut v = values(rows * cols, 3);
    for r in 0..rows as usize {
        v[r * cols as usize + 2] = f64::NEG_INFINITY;
        if r == 7 {
            v[r * cols as usize + 9] = f64::INFINITY;
        }
    }
    let x = literal_from_f64(TensorType::new(DType::F32, [rows, cols]), &v);
    let (want, got) = reference_and_native(&src, &x);
    assert_eq!((want[2], got[2]), (f32::NEG_INFINITY, f32::NEG_INFINITY));
    assert_eq!((want[9], got[9]), (f32::INFINITY, f32::INFINITY));
    for (i, (a, b)) in want.iter().zip(&got).enumerate() {
        assert!(
            a == b || (a - b).abs() <= 1e-5 * a.abs().max(1.0),
            "column {i}: {a} vs {b}"
        );
    }
}

/// Reductions over leading axes whose rows span more than the lane walks' limit run in
/// column blocks row by row, with the reference's bits (each column folds in row order):
/// an odd width (scalar columns after the vectors, blocks of unequal width), two
/// reduced axes, one block too narrow to split. Below the limit they stay lane reduces.
#[test]
fn long_column_reductions_read_whole_rows() {
    type Case<'a> = (&'a [i64], &'a [i64], &'a str, &'a str, bool);
    let cases: [Case; 4] = [
        (&[1100, 1001], &[0], "maximum", "0xFF800000", true),
        (&[40, 30, 903], &[0, 1], "add", "0.000000e+00", true),
        (&[20000, 53], &[0], "add", "0.000000e+00", true),
        (&[900, 1001], &[0], "maximum", "0xFF800000", false),
    ];
    for (seed, (shape, dims, op, init, blocked)) in cases.into_iter().enumerate() {
        let src = reduce_src("f32", shape, dims, op, init);
        let p = lowered(&src);
        let ks = dispatched(&p);
        assert_eq!(ks.len(), 1, "{shape:?} over {dims:?}");
        assert_eq!(
            is_blocked(ks[0]),
            blocked,
            "{shape:?} over {dims:?} blocked"
        );
        assert!(blocked || has_lane_reduce(ks[0]), "{shape:?} on lanes");
        three_ways(&src, &[arg(DType::F32, shape, seed as u64 + 11)]);
    }
    let src = logsumexp_src(&[1030, 1019], 0);
    let ks_blocked = is_blocked(dispatched(&lowered(&src))[0]);
    assert!(ks_blocked, "logsumexp over 1030 x 1019 in column blocks");
    close_to_reference(
        &src,
        &arg(DType::F32, &[1030, 1019], 4),
        "logsumexp 1030 x 1019",
    );
}

/// Compiles `src` (one f32 argument, one f32 result) and checks its result within a few
/// ulp of the reference evaluator's (exp and log are not correctly rounded).
fn close_to_reference(src: &str, x: &Literal, what: &str) {
    let (want, got) = reference_and_native(src, x);
    assert_eq!(want.len(), got.len(), "{what}");
    for (i, (a, b)) in want.iter().zip(got).enumerate() {
        assert!(
            (a - b).abs() <= 1e-5 * a.abs().max(1.0),
            "{what} at {i}: {a} vs {b}"
        );
    }
}

/// The reference evaluator's and the compiled program's f32 result of `src` on `x`.
fn reference_and_native(src: &str, x: &Literal) -> (Vec<f32>, Vec<f32>) {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let f = passes::inline::inline_entry(&module).expect("inline");
    let want = eval_func(&f, std::slice::from_ref(x)).expect("eval");
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let got = run_native(pjx, std::slice::from_ref(x));
    let f32s = |b: &[u8]| -> Vec<f32> {
        b.chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    (f32s(&want[0].bytes), f32s(&got[0]))
}

/// Normalizations along leading axes at sizes the benchmarks do not use, run row by row
/// over column blocks: widths with scalar columns after the vectors (1, 7, 17, 33),
/// several blocks with a partial last one (1030 columns), one row, other leading axes
/// (axis 0 of `[n, m, k]`, axes (0, 1), NHWC's N, H, W). The sums fold in the
/// reference's order, so standardization gives its bits exactly.
#[test]
fn standardization_along_leading_axes_at_odd_sizes() {
    for (shape, axes, blocked) in [
        (&[9, 5, 33][..], &[0][..], true),
        (&[6, 7, 17][..], &[0, 1][..], true),
        (&[2, 5, 6, 7][..], &[0, 1, 2][..], true),
        (&[12, 1030][..], &[0][..], true),
        // One column or one row: lowering does not fuse these into one kernel.
        (&[40, 1][..], &[0][..], false),
        (&[1, 17][..], &[0][..], false),
    ] {
        let src = standardize_src(shape, axes);
        let p = lowered(&src);
        let ks = dispatched(&p);
        assert_eq!(
            ks.len() == 1 && is_blocked(ks[0]),
            blocked,
            "{shape:?} over {axes:?}: {} kernels",
            ks.len()
        );
        let kept = kept_extents(shape, axes);
        // Unfused, the sums run as row reductions, reassociated: integers keep them
        // exact.
        let n: i64 = shape.iter().product();
        let v: Vec<f64> = values(n, 21)
            .iter()
            .map(|x| if blocked { *x } else { x.round() })
            .collect();
        let x = literal_from_f64(TensorType::new(DType::F32, shape), &v);
        three_ways(&src, &[x, arg(DType::F32, &kept, 22)]);
    }
}

/// The same in bf16 and f64 (whose reductions do not run on lanes: column blocks
/// point by point, several 16-column blocks per workgroup).
#[test]
fn standardization_along_columns_in_other_float_types() {
    for (ty, dt, shape) in [
        ("bf16", DType::BF16, &[20, 33][..]),
        ("f64", DType::F64, &[23, 40][..]),
    ] {
        let src = standardize_src_of(ty, shape, &[0]);
        three_ways(&src, &[arg(dt, shape, 23), arg(dt, &shape[1..], 24)]);
    }
}

/// softmax and log_softmax along leading axes at odd sizes, row by row: one blocked
/// kernel, within a few ulp of the reference.
#[test]
fn softmax_along_leading_axes_at_odd_sizes() {
    for (shape, axis) in [
        (&[33, 7][..], 0),
        (&[5, 9, 17][..], 0),
        (&[3, 40, 33][..], 1),
        (&[10, 1030][..], 0),
        (&[1, 7][..], 0),
    ] {
        for (name, src) in [
            ("softmax", softmax_src(shape, axis)),
            ("log_softmax", log_softmax_src(shape, axis)),
        ] {
            let p = lowered(&src);
            let ks = dispatched(&p);
            let what = format!("{name} {shape:?} axis {axis}");
            // softmax keeps its exponentials in a buffer: two kernels, both blocked.
            assert!(
                shape[axis as usize] == 1 || (ks.len() <= 2 && ks.iter().all(|k| is_blocked(k))),
                "{what}: {} kernels",
                ks.len()
            );
            close_to_reference(&src, &arg(DType::F32, shape, 25), &what);
        }
    }
}

/// A row reduction and a column reduction of the same matrix feeding one kernel: only
/// one kind is fused into it, the other stays a kernel of its own; still right.
#[test]
fn row_and_column_reductions_do_not_share_a_kernel() {
    let src = r#"func.func public @main(%x: tensor<20x24xf32>) -> tensor<20x24xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %rs = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<20x24xf32>, tensor<f32>) -> tensor<20xf32>
  %cs = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<20x24xf32>, tensor<f32>) -> tensor<24xf32>
  %rb = stablehlo.broadcast_in_dim %rs, dims = [0] : (tensor<20xf32>) -> tensor<20x24xf32>
  %cb = stablehlo.broadcast_in_dim %cs, dims = [1] : (tensor<24xf32>) -> tensor<20x24xf32>
  %a = stablehlo.subtract %x, %rb : tensor<20x24xf32>
  %b = stablehlo.subtract %a, %cb : tensor<20x24xf32>
  return %b : tensor<20x24xf32>
}"#;
    let p = lowered(src);
    assert_eq!(dispatched(&p).len(), 2);
    // Integers, so that the row sums (reassociated on lanes) are exact.
    let v: Vec<f64> = values(480, 8).iter().map(|x| x.round()).collect();
    let x = literal_from_f64(TensorType::new(DType::F32, [20, 24]), &v);
    three_ways(src, &[x]);
}

/// Compiles `src` for `target` and runs it on `args`.
fn native(src: &str, target: Target, args: &[Literal]) -> Vec<Vec<u8>> {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let options = Options {
        target,
        optimize: true,
        ..Options::default()
    };
    let pjx = compile_module(&module, &options, &mut Timings::default()).expect("compile");
    run_native(pjx, args)
}

/// Columns long enough for the exponentials to run in chunks through the runtime's array
/// routines give the bits of the inline code (the host without AVX2), tails included.
#[test]
fn chunked_array_math_in_lane_reduces_gives_the_inline_bits() {
    for (shape, axis) in [
        (&[300, 24][..], 0),
        (&[2, 131, 9][..], 1),
        (&[20, 1030][..], 0),
    ] {
        let src = log_softmax_src(shape, axis);
        let x = arg(DType::F32, shape, 12);
        let mut inline = Target::host();
        inline.features.retain(|f| f != "avx2");
        assert_eq!(
            native(&src, Target::host(), std::slice::from_ref(&x)),
            native(&src, inline, &[x]),
            "{shape:?} axis {axis}"
        );
    }
}

//! Softmax as one runtime step: which programs become one, and that the step gives the
//! bits of the two kernels it replaces.

use super::tests::run_native;
use super::{LoweredProgram, lower};
use crate::compiler::codegen::{Target, array_math};
use crate::compiler::eval::{eval_func, literal_from_f64};
use crate::compiler::ir::*;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use pjrtc_runtime::format::Step;

/// `jax.nn.softmax` over the last axis of `f32[shape]`, as `jax.jit(...).lower` prints
/// it (the shape's leading dims are `lead`, its last `cols`).
fn jax_softmax(lead: &[i64], cols: i64) -> String {
    let dims = |n: usize| (0..n).map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    let t = |s: &[i64]| {
        let d: Vec<String> = s.iter().map(|d| d.to_string()).collect();
        format!(
            "tensor<{}f32>",
            d.iter().map(|d| format!("{d}x")).collect::<String>()
        )
    };
    let full: Vec<i64> = lead.iter().copied().chain([cols]).collect();
    let unit: Vec<i64> = lead.iter().copied().chain([1]).collect();
    let (tf, tl, tu) = (t(&full), t(lead), t(&unit));
    let r = lead.len();
    format!(
        r#"func.func public @main(%arg0: {tf}) -> {tf} {{
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [{r}] : ({tf}, tensor<f32>) -> {tl}
  %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> {tl}
  %2 = stablehlo.maximum %1, %0 : {tl}
  %3 = stablehlo.broadcast_in_dim %2, dims = [{d0}] : ({tl}) -> {tu}
  %4 = stablehlo.broadcast_in_dim %3, dims = [{d1}] : ({tu}) -> {tf}
  %5 = stablehlo.subtract %arg0, %4 : {tf}
  %6 = stablehlo.exponential %5 : {tf}
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [{r}] : ({tf}, tensor<f32>) -> {tl}
  %8 = stablehlo.broadcast_in_dim %7, dims = [{d0}] : ({tl}) -> {tu}
  %9 = stablehlo.broadcast_in_dim %8, dims = [{d1}] : ({tu}) -> {tf}
  %10 = stablehlo.divide %6, %9 : {tf}
  return %10 : {tf}
}}"#,
        d0 = dims(r),
        d1 = dims(r + 1),
    )
}

/// The optimized entry function of `src`.
fn optimized(src: &str) -> Func {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let mut f = passes::inline::inline_entry(&module).expect("inline");
    passes::reciprocal::rewrite(&mut f).expect("reciprocal");
    passes::fold::fold(&mut f).expect("fold");
    passes::cse::cse(&mut f);
    passes::dce::dce(&mut f);
    f
}

fn softmax_steps(p: &LoweredProgram) -> usize {
    p.steps
        .iter()
        .filter(|s| matches!(s, Step::Softmax(_)))
        .count()
}

/// The host without AVX2: kernels, no runtime row routines.
fn kernels_only() -> Target {
    let mut t = Target::host();
    t.features.retain(|f| f != "avx2");
    t
}

/// Values in [-40, 40) with a few repeats, so rows have ties and exponentials that
/// underflow.
fn input(shape: &[i64], seed: u64) -> Literal {
    let n: i64 = shape.iter().product();
    let mut s = seed | 1;
    let v: Vec<f64> = (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 11) % 8000) as f64 / 100.0 - 40.0
        })
        .collect();
    literal_from_f64(TensorType::new(DType::F32, shape.to_vec()), &v)
}

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

/// Every output within `tol` (relative to 1, softmax's scale) of the evaluator's.
fn close_to_eval(src: &str, args: &[Literal], got: &[Vec<u8>], tol: f32) {
    let f = optimized(src);
    let want = eval_func(&f, args).expect("eval");
    for (w, g) in want.iter().zip(got) {
        for (i, (a, b)) in w.bytes.chunks(4).zip(g.chunks(4)).enumerate() {
            let a = f32::from_le_bytes(a.try_into().unwrap());
            let b = f32::from_le_bytes(b.try_into().unwrap());
            assert!(
                (a - b).abs() <= tol || a.is_nan() && b.is_nan(),
                "[{i}] {a} vs {b}"
            );
        }
    }
}

/// jax's softmax of matrices and of a rank-3 tensor (attention's rows): one step and no
/// kernel where the runtime has its row routines and rows have at least 64 elements, and
/// the same bits as the kernels.
#[test]
fn jax_softmax_is_one_step_with_the_kernels_bits() {
    for (lead, cols, seed) in [(vec![3], 70, 1), (vec![2, 5], 128, 2), (vec![1], 64, 3)] {
        let src = jax_softmax(&lead, cols);
        let shape: Vec<i64> = lead.iter().copied().chain([cols]).collect();
        let args = [input(&shape, seed)];
        let p = lower(&optimized(&src), &Target::host()).expect("lower");
        if array_math(&Target::host()) {
            assert_eq!(softmax_steps(&p), 1, "{lead:?}x{cols}");
            assert_eq!(p.steps.len(), 1, "nothing else: {:?}", p.steps);
        }
        let k = lower(&optimized(&src), &kernels_only()).expect("lower");
        assert_eq!(softmax_steps(&k), 0);
        let step = native(&src, Target::host(), &args);
        let kernels = native(&src, kernels_only(), &args);
        assert_eq!(step, kernels, "{lead:?}x{cols}: step and kernels differ");
        close_to_eval(&src, &args, &step, 2e-6);
    }
}

/// Written by hand: no `maximum(-inf, m)`, and keepdims as a reshape.
#[test]
fn hand_written_softmax_matches_too() {
    let src = r#"func.func public @main(%x: tensor<4x96xf32>) -> tensor<4x96xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x96xf32>, tensor<f32>) -> tensor<4xf32>
  %mr = stablehlo.reshape %m : (tensor<4xf32>) -> tensor<4x1xf32>
  %mb = stablehlo.broadcast_in_dim %mr, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x96xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4x96xf32>
  %e = stablehlo.exponential %d : tensor<4x96xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x96xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x96xf32>
  %y = stablehlo.divide %e, %sb : tensor<4x96xf32>
  return %y : tensor<4x96xf32>
}"#;
    let p = lower(&optimized(src), &Target::host()).expect("lower");
    if array_math(&Target::host()) {
        assert_eq!(softmax_steps(&p), 1);
    }
    let args = [input(&[4, 96], 9)];
    let step = native(src, Target::host(), &args);
    assert_eq!(step, native(src, kernels_only(), &args));
    close_to_eval(src, &args, &step, 2e-6);
}

/// Near misses stay kernels, and are still right: rows shorter than 64, the exponentials
/// also returned, a maximum from 0, a sum from 1, a softmax down the columns.
#[test]
fn near_misses_stay_kernels() {
    for cols in [4, 33, 63] {
        let src = jax_softmax(&[5], cols);
        let p = lower(&optimized(&src), &Target::host()).expect("lower");
        assert_eq!(softmax_steps(&p), 0, "rows of {cols}");
        let args = [input(&[5, cols], 8)];
        close_to_eval(&src, &args, &native(&src, Target::host(), &args), 2e-6);
    }
    let base = jax_softmax(&[3], 70);
    let variants = [
        base.replace(
            "return %10 : tensor<3x70xf32>",
            "return %10, %6 : tensor<3x70xf32>, tensor<3x70xf32>",
        )
        .replace(
            "-> tensor<3x70xf32> {",
            "-> (tensor<3x70xf32>, tensor<3x70xf32>) {",
        ),
        base.replacen("dense<0xFF800000>", "dense<0.000000e+00>", 1),
        base.replace("dense<0.000000e+00>", "dense<1.000000e+00>"),
    ];
    for (i, src) in variants.iter().enumerate() {
        let p = lower(&optimized(src), &Target::host()).expect("lower");
        assert_eq!(softmax_steps(&p), 0, "variant {i}");
        let args = [input(&[3, 70], 5)];
        let got = native(src, Target::host(), &args);
        close_to_eval(src, &args, &got, 2e-6);
    }
    let columns = r#"func.func public @main(%x: tensor<70x3xf32>) -> tensor<70x3xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<70x3xf32>, tensor<f32>) -> tensor<3xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [1] : (tensor<3xf32>) -> tensor<70x3xf32>
  %d = stablehlo.subtract %x, %mb : tensor<70x3xf32>
  %e = stablehlo.exponential %d : tensor<70x3xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<70x3xf32>, tensor<f32>) -> tensor<3xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<3xf32>) -> tensor<70x3xf32>
  %y = stablehlo.divide %e, %sb : tensor<70x3xf32>
  return %y : tensor<70x3xf32>
}"#;
    let p = lower(&optimized(columns), &Target::host()).expect("lower");
    assert_eq!(softmax_steps(&p), 0, "columns");
    let args = [input(&[70, 3], 6)];
    close_to_eval(
        columns,
        &args,
        &native(columns, Target::host(), &args),
        2e-6,
    );
    // A square matrix whose maximum runs down the columns but is broadcast along rows:
    // every shape fits, only the reduced dimension differs.
    let square =
        jax_softmax(&[70], 70).replacen("across dimensions = [1]", "across dimensions = [0]", 1);
    let p = lower(&optimized(&square), &Target::host()).expect("lower");
    assert_eq!(softmax_steps(&p), 0, "square");
    let args = [input(&[70, 70], 7)];
    close_to_eval(
        &square,
        &args,
        &native(&square, Target::host(), &args),
        2e-6,
    );
}

/// Where the runtime has no SIMD row routines (aarch64) softmax stays two kernels.
#[test]
fn aarch64_keeps_kernels() {
    let aarch64 = Target::from_triple("aarch64-unknown-linux-gnu").expect("target");
    let p = lower(&optimized(&jax_softmax(&[3], 70)), &aarch64).expect("lower");
    assert_eq!(softmax_steps(&p), 0);
}

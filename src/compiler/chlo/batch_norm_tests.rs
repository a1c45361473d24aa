//! Batch norm from text, bytecode-free: the expansion run by the evaluator and as native
//! code against the formula computed here in f64, on axes and sizes other than the
//! channels-second layout PyTorch/XLA sends.

use crate::compiler::eval::{eval_func, literal_from_f64};
use crate::compiler::ir::{DType, Literal, TensorType};
use crate::compiler::lower::tests::run_native;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};

/// Deterministic, uneven values: a different mean and spread per feature.
fn data(n: usize, seed: usize) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 37 + seed * 11) % 23) as f64 / 7.0 - 1.3 + (i % 3) as f64 * 0.25)
        .collect()
}

/// Index of the feature of element `i` of a row-major `shape` along `fi`.
fn feature_of(shape: &[usize], fi: usize, i: usize) -> usize {
    let inner: usize = shape[fi + 1..].iter().product();
    (i / inner) % shape[fi]
}

/// Runs `src` (one function) by the evaluator and natively; returns both results.
fn run_both(src: &str, args: &[Literal]) -> [Vec<Vec<f64>>; 2] {
    let module = frontend::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e:?}"));
    let f = passes::inline::inline_entry(&module).expect("inline");
    let results = eval_func(&f, args).expect("eval");
    let eval_types: Vec<TensorType> = results.iter().map(|l| l.ty.clone()).collect();
    let eval: Vec<Vec<f64>> = results
        .iter()
        .map(|l| {
            (0..l.ty.num_elements() as usize)
                .map(|i| l.element_f64(i))
                .collect()
        })
        .collect();
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let native: Vec<Vec<f64>> = run_native(pjx, args)
        .into_iter()
        .zip(&eval_types)
        .map(|(bytes, ty)| {
            let l = Literal::new(ty.clone(), bytes);
            (0..ty.num_elements() as usize)
                .map(|i| l.element_f64(i))
                .collect()
        })
        .collect();
    [eval, native]
}

fn assert_close(what: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-5 * (1.0 + w.abs()),
            "{what}[{i}]: got {g}, want {w}"
        );
    }
}

#[test]
fn batch_norm_training_normalizes_with_the_batch_statistics() {
    // Features along the last axis, an odd count, f32.
    let shape = [3usize, 4, 5];
    let fi = 2;
    let n: usize = shape.iter().product();
    let (x, scale, offset) = (data(n, 1), data(5, 2), data(5, 3));
    let eps = 1e-3;
    let src = "func.func @main(%x: tensor<3x4x5xf32>, %s: tensor<5xf32>, %o: tensor<5xf32>) -> (tensor<3x4x5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %0:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon = 1.0e-03 : f32, feature_index = 2 : i64} : (tensor<3x4x5xf32>, tensor<5xf32>, tensor<5xf32>) -> (tensor<3x4x5xf32>, tensor<5xf32>, tensor<5xf32>)
  return %0#0, %0#1, %0#2 : tensor<3x4x5xf32>, tensor<5xf32>, tensor<5xf32>
}";
    let f32s = |v: &[f64]| v.iter().map(|&a| a as f32 as f64).collect::<Vec<_>>();
    let (x, scale, offset) = (f32s(&x), f32s(&scale), f32s(&offset));
    let args = [
        literal_from_f64(TensorType::new(DType::F32, [3, 4, 5]), &x),
        literal_from_f64(TensorType::new(DType::F32, [5]), &scale),
        literal_from_f64(TensorType::new(DType::F32, [5]), &offset),
    ];
    let count = (n / shape[fi]) as f64;
    let mut mean = vec![0.0; 5];
    for (i, v) in x.iter().enumerate() {
        mean[feature_of(&shape, fi, i)] += v / count;
    }
    let mut var = vec![0.0; 5];
    for (i, v) in x.iter().enumerate() {
        let c = feature_of(&shape, fi, i);
        var[c] += (v - mean[c]) * (v - mean[c]) / count;
    }
    let out: Vec<f64> = x
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let c = feature_of(&shape, fi, i);
            (v - mean[c]) / (var[c] + eps as f32 as f64).sqrt() * scale[c] + offset[c]
        })
        .collect();
    for (how, got) in ["eval", "native"].iter().zip(run_both(src, &args)) {
        assert_close(&format!("{how} output"), &got[0], &out);
        assert_close(&format!("{how} mean"), &got[1], &mean);
        assert_close(&format!("{how} variance"), &got[2], &var);
    }
}

#[test]
fn batch_norm_inference_uses_the_given_statistics() {
    // Features along the first axis, f64.
    let shape = [3usize, 2, 7];
    let n: usize = shape.iter().product();
    let x = data(n, 4);
    let (scale, offset, mean) = (data(3, 5), data(3, 6), data(3, 7));
    let var: Vec<f64> = data(3, 8).iter().map(|v| v.abs() + 0.5).collect();
    let src = "func.func @main(%x: tensor<3x2x7xf64>, %s: tensor<3xf64>, %o: tensor<3xf64>, %m: tensor<3xf64>, %v: tensor<3xf64>) -> tensor<3x2x7xf64> {
  %0 = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) {epsilon = 1.0e-05 : f32, feature_index = 0 : i64} : (tensor<3x2x7xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<3x2x7xf64>
  return %0 : tensor<3x2x7xf64>
}";
    let vec3 = |v: &[f64]| literal_from_f64(TensorType::new(DType::F64, [3]), v);
    let args = [
        literal_from_f64(TensorType::new(DType::F64, [3, 2, 7]), &x),
        vec3(&scale),
        vec3(&offset),
        vec3(&mean),
        vec3(&var),
    ];
    let eps = 1e-5f32 as f64;
    let out: Vec<f64> = x
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let c = feature_of(&shape, 0, i);
            (v - mean[c]) / (var[c] + eps).sqrt() * scale[c] + offset[c]
        })
        .collect();
    for (how, got) in ["eval", "native"].iter().zip(run_both(src, &args)) {
        assert_close(&format!("{how} output"), &got[0], &out);
    }
}

#[test]
fn batch_norm_errors_name_the_problem() {
    let src = "func.func @main(%x: tensor<2x3xf32>, %s: tensor<2xf32>, %o: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}";
    let e = frontend::parse(src.as_bytes()).unwrap_err();
    assert!(
        e.message
            .contains("per-feature operand is tensor<2xf32>, expected tensor<3xf32>"),
        "{}",
        e.message
    );
    let no_eps = src.replace("epsilon = 1.0e-03 : f32, ", "");
    let e = frontend::parse(no_eps.as_bytes()).unwrap_err();
    assert!(e.message.contains("epsilon"), "{}", e.message);
}

//! The reciprocal rewrite: which divides it takes, and the values they give (the
//! evaluator before and after the pass).
use super::{fold, inline, reciprocal, verify};
use crate::compiler::eval::{eval_func, literal_bits, literal_from_f64};
use crate::compiler::frontend;
use crate::compiler::ir::{BinaryOp, DType, Func, Literal, Opcode, Region, TensorType};

fn entry(src: &str) -> Func {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    inline::inline_entry(&module).expect("inline")
}

/// The entry of `src` after fold and the rewrite, and how many divides it rewrote.
fn rewritten(src: &str) -> (Func, usize) {
    let mut f = entry(src);
    let n = reciprocal::rewrite(&mut f).expect("rewrite");
    fold::fold(&mut f).expect("fold");
    verify::verify_func(&f).expect("verifies after the rewrite");
    (f, n)
}

fn count(r: &Region, pred: &dyn Fn(&Opcode) -> bool) -> usize {
    r.ops
        .iter()
        .map(|op| {
            usize::from(pred(&op.opcode)) + op.regions.iter().map(|s| count(s, pred)).sum::<usize>()
        })
        .sum()
}

fn divides(f: &Func) -> usize {
    count(&f.body, &|o| matches!(o, Opcode::Binary(BinaryOp::Div)))
}

/// Deterministic values in [lo, hi), none zero.
fn values(n: usize, seed: u64, lo: f64, hi: f64) -> Vec<f64> {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let u = (s >> 11) as f64 / (1u64 << 53) as f64;
            let v = lo + (hi - lo) * u;
            if v == 0.0 { 0.5 } else { v }
        })
        .collect()
}

fn input(ty: TensorType, seed: u64, lo: f64, hi: f64) -> Literal {
    let n = ty.num_elements() as usize;
    literal_from_f64(ty.clone(), &values(n, seed, lo, hi))
}

fn as_f64(l: &Literal) -> Vec<f64> {
    literal_bits(l)
        .into_iter()
        .map(|b| match l.ty.dtype {
            DType::F32 => f64::from(f32::from_bits(b as u32)),
            DType::F64 => f64::from_bits(b),
            d => panic!("unexpected {d:?}"),
        })
        .collect()
}

/// A divide by a column vector broadcast along rows (axis 1 of 3x7, so rows of odd length),
/// in f32 and f64: one divide of the vector remains, and every element is `x * (1 / d)`
/// rounded twice, bit for bit, within 2 ulp of the quotient.
#[test]
fn divide_by_a_broadcast_multiplies_by_the_reciprocal() {
    for (dt, ulp) in [("f32", f64::from(f32::EPSILON)), ("f64", f64::EPSILON)] {
        let src = format!(
            r#"func.func public @main(%x: tensor<3x7x{dt}>, %d: tensor<3x{dt}>) -> tensor<3x7x{dt}> {{
  %b = stablehlo.broadcast_in_dim %d, dims = [0] : (tensor<3x{dt}>) -> tensor<3x7x{dt}>
  %y = stablehlo.divide %x, %b : tensor<3x7x{dt}>
  return %y : tensor<3x7x{dt}>
}}"#
        );
        let original = entry(&src);
        let (f, n) = rewritten(&src);
        assert_eq!(n, 1, "{dt}");
        assert_eq!(divides(&f), 1, "{dt}: only 1 / d is a divide");
        let dtype = if dt == "f32" { DType::F32 } else { DType::F64 };
        let x = input(TensorType::new(dtype, [3, 7]), 1, -100.0, 100.0);
        let d = input(TensorType::new(dtype, [3]), 2, 0.1, 30.0);
        let want = eval_func(&original, &[x.clone(), d.clone()]).expect("eval")[0].clone();
        let got = eval_func(&f, &[x.clone(), d.clone()]).expect("eval")[0].clone();
        let (xs, ds, got, want) = (as_f64(&x), as_f64(&d), as_f64(&got), as_f64(&want));
        for i in 0..21 {
            let (xi, di) = (xs[i], ds[i / 7]);
            let twice = if dtype == DType::F32 {
                f64::from(xi as f32 * (1.0f32 / di as f32))
            } else {
                xi * (1.0 / di)
            };
            assert_eq!(got[i].to_bits(), twice.to_bits(), "{dt} [{i}]");
            assert!(
                (got[i] - want[i]).abs() <= 2.0 * ulp * want[i].abs(),
                "{dt} [{i}]"
            );
        }
    }
}

/// A divide by a constant becomes a multiply by the constant's reciprocal, computed at
/// compile time (splat and non-splat, broadcast or not): no divide is left.
#[test]
fn constant_divisors_fold_their_reciprocal() {
    let src = r#"func.func public @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %c = stablehlo.constant dense<7.000000e+00> : tensor<2x3xf32>
  %y = stablehlo.divide %x, %c : tensor<2x3xf32>
  %v = stablehlo.constant dense<[3.0, -5.0, 0.1]> : tensor<3xf32>
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %z = stablehlo.divide %x, %b : tensor<2x3xf32>
  return %y, %z : tensor<2x3xf32>, tensor<2x3xf32>
}"#;
    let (f, n) = rewritten(src);
    assert_eq!(n, 2);
    assert_eq!(divides(&f), 0);
    let x = input(TensorType::new(DType::F32, [2, 3]), 3, -10.0, 10.0);
    let out = eval_func(&f, std::slice::from_ref(&x)).expect("eval");
    let xs = as_f64(&x);
    let (y, z) = (as_f64(&out[0]), as_f64(&out[1]));
    for i in 0..6 {
        let xi = xs[i] as f32;
        assert_eq!(y[i] as f32, xi * (1.0f32 / 7.0), "y[{i}]");
        let v = [3.0f32, -5.0, 0.1][i % 3];
        assert_eq!(z[i] as f32, xi * (1.0f32 / v), "z[{i}]");
    }
}

/// What stays a divide: a full-size divisor, integer division, a constant divided by a
/// constant (the fold computes the exact quotient), complex division.
#[test]
fn other_divides_are_left_alone() {
    let src = r#"func.func public @main(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>, %d: tensor<i32>, %c: tensor<4xcomplex<f32>>, %e: tensor<complex<f32>>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xcomplex<f32>>) {
  %q = stablehlo.divide %x, %y : tensor<4xf32>
  %db = stablehlo.broadcast_in_dim %d, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %r = stablehlo.divide %i, %db : tensor<4xi32>
  %k = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %three = stablehlo.constant dense<3.0> : tensor<4xf32>
  %s = stablehlo.divide %k, %three : tensor<4xf32>
  %eb = stablehlo.broadcast_in_dim %e, dims = [] : (tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %t = stablehlo.divide %c, %eb : tensor<4xcomplex<f32>>
  return %q, %r, %s, %t : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xcomplex<f32>>
}"#;
    let (f, n) = rewritten(src);
    assert_eq!(n, 0);
    // The constant quotient folded (the fold's exact quotient); the other three remain.
    assert_eq!(divides(&f), 3);
}

/// Inside a loop body the reciprocal is computed there, from the body's values.
#[test]
fn divides_in_regions_are_rewritten_in_place() {
    let src = r#"func.func public @main(%x: tensor<2x5xf32>, %d: tensor<2xf32>) -> tensor<2x5xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<2x5xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %b = stablehlo.broadcast_in_dim %d, dims = [0] : (tensor<2xf32>) -> tensor<2x5xf32>
    %q = stablehlo.divide %acc, %b : tensor<2x5xf32>
    stablehlo.return %j, %q : tensor<i32>, tensor<2x5xf32>
  }
  return %r#1 : tensor<2x5xf32>
}"#;
    let (f, n) = rewritten(src);
    assert_eq!(n, 1);
    let x = input(TensorType::new(DType::F32, [2, 5]), 4, -50.0, 50.0);
    let d = input(TensorType::new(DType::F32, [2]), 5, 1.5, 3.0);
    let got = as_f64(&eval_func(&f, &[x.clone(), d.clone()]).expect("eval")[0]);
    let (xs, ds) = (as_f64(&x), as_f64(&d));
    for i in 0..10 {
        let r = 1.0f32 / ds[i / 5] as f32;
        let want = xs[i] as f32 * r * r * r;
        assert_eq!(got[i] as f32, want, "[{i}]");
    }
}

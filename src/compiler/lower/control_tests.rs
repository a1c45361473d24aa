//! while / if / case / sort: each program runs three ways and all must agree bit for bit:
//! the reference evaluator, lowering + the kir interpreter, and the full compiler + runtime.

use super::lower;
use super::tests::{run, run_native};
use crate::compiler::eval::{eval_func, literal_from_bits, literal_from_f64, literal_from_i128};
use crate::compiler::ir::*;
use crate::compiler::{Options, Timings, compile_module, frontend, passes};
use pjrtc_runtime::format::{Step, walk_steps};

fn lit_f(dt: DType, shape: &[i64], v: &[f64]) -> Literal {
    literal_from_f64(TensorType::new(dt, shape), v)
}

fn lit_i(dt: DType, shape: &[i64], v: &[i128]) -> Literal {
    literal_from_i128(TensorType::new(dt, shape), v)
}

/// Which nested step kinds a schedule holds: (while, case, sort).
fn kinds(steps: &[Step]) -> (usize, usize, usize) {
    let mut k = (0, 0, 0);
    walk_steps(steps, &mut |s| match s {
        Step::While { .. } => k.0 += 1,
        Step::Case { .. } => k.1 += 1,
        // A sort by a compiled comparator, or by native key comparisons.
        Step::Sort(_) | Step::TopK(_) => k.2 += 1,
        _ => {}
    });
    k
}

/// Runs `src` on `args` three ways; returns the agreed outputs and the native schedule's
/// step kinds (so a test can assert the op really was compiled, not folded away).
fn check(src: &str, args: &[Literal]) -> (Vec<Vec<u8>>, (usize, usize, usize)) {
    let module = frontend::parse(src.as_bytes()).expect("parse");
    let f = passes::inline::inline_entry(&module).expect("inline");
    let expected: Vec<Vec<u8>> = eval_func(&f, args)
        .expect("eval")
        .into_iter()
        .map(|l| l.bytes.to_vec())
        .collect();
    let p = lower(&f, &crate::compiler::codegen::Target::host()).expect("lower");
    let interp = run(&p, args.iter().map(|a| a.bytes.to_vec()).collect());
    assert_eq!(interp, expected, "kir interpreter vs eval");
    let pjx =
        compile_module(&module, &Options::default(), &mut Timings::default()).expect("compile");
    let kinds = kinds(&pjx.steps);
    assert_eq!(run_native(pjx, args), expected, "native code vs eval");
    (expected, kinds)
}

fn f32_out(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn i32_out(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

const COUNTER: &str = r#"
func.func public @main(%arg0: tensor<i64>) -> tensor<f64> {
  %c = stablehlo.constant dense<0> : tensor<i64>
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
  %0:3 = stablehlo.while(%i = %c, %n = %arg0, %acc = %cst) : tensor<i64>, tensor<i64>, tensor<f64>
  cond {
    %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_2 = stablehlo.constant dense<1> : tensor<i64>
    %1 = stablehlo.add %i, %c_2 : tensor<i64>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %2 = stablehlo.multiply %acc, %cst_3 : tensor<f64>
    stablehlo.return %1, %n, %2 : tensor<i64>, tensor<i64>, tensor<f64>
  }
  return %0#2 : tensor<f64>
}
"#;

#[test]
fn while_counter_loop() {
    for (n, want) in [(0, 1.0), (5, 32.0), (-3, 1.0)] {
        let (out, k) = check(COUNTER, &[lit_i(DType::I64, &[], &[n])]);
        assert_eq!(k.0, 1);
        assert_eq!(f64::from_le_bytes(out[0][..8].try_into().unwrap()), want);
    }
}

/// Carries tensors, swaps two of them every iteration (the copy-back must stage), reads
/// an outer tensor inside the body and returns a carried value and a parameter.
const TENSORS: &str = r#"
func.func public @main(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<i32>, tensor<4xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %e = stablehlo.exponential %x : tensor<4xf32>
  %0:3 = stablehlo.while(%i = %c0, %a = %x, %b = %y) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %2 = stablehlo.multiply %a, %e : tensor<4xf32>
    %3 = stablehlo.add %2, %b : tensor<4xf32>
    stablehlo.return %1, %b, %3 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %0#1, %0#2, %0#0, %x : tensor<4xf32>, tensor<4xf32>, tensor<i32>, tensor<4xf32>
}
"#;

#[test]
fn while_carrying_tensors() {
    let x = lit_f(DType::F32, &[4], &[0.5, -1.0, 2.0, 0.0]);
    let y = lit_f(DType::F32, &[4], &[1.0, 2.0, 3.0, 4.0]);
    for n in [0, 1, 2, 7] {
        let (out, k) = check(
            TENSORS,
            &[x.clone(), y.clone(), lit_i(DType::I32, &[], &[n])],
        );
        assert_eq!(k.0, 1);
        assert_eq!(i32_out(&out[2]), [n.max(0) as i32]);
        if n == 0 {
            assert_eq!(f32_out(&out[0]), [0.5, -1.0, 2.0, 0.0]);
            assert_eq!(f32_out(&out[1]), [1.0, 2.0, 3.0, 4.0]);
        }
        if n == 1 {
            // a <- b, b <- a * exp(x) + b
            assert_eq!(f32_out(&out[0]), [1.0, 2.0, 3.0, 4.0]);
        }
    }
}

/// The condition reads tensor data: double until the maximum reaches 100.
const DATA_COND: &str = r#"
func.func public @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.while(%a = %x) : tensor<3xf32>
  cond {
    %m0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %m = stablehlo.reduce(%a init: %m0) applies stablehlo.maximum across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %lim = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %1 = stablehlo.compare LT, %m, %lim, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %two = stablehlo.constant dense<2.000000e+00> : tensor<3xf32>
    %1 = stablehlo.multiply %a, %two : tensor<3xf32>
    stablehlo.return %1 : tensor<3xf32>
  }
  return %0 : tensor<3xf32>
}
"#;

#[test]
fn while_condition_on_tensor_data() {
    let (out, k) = check(DATA_COND, &[lit_f(DType::F32, &[3], &[1.0, 3.0, -50.0])]);
    assert_eq!(k.0, 1);
    assert_eq!(f32_out(&out[0]), [64.0, 192.0, -3200.0]);
    let (out, _) = check(DATA_COND, &[lit_f(DType::F32, &[3], &[100.0, 0.0, 0.0])]);
    assert_eq!(f32_out(&out[0]), [100.0, 0.0, 0.0]);
}

/// sum over i < n, j < i of (i * 10 + j), with an inner loop carrying the outer sum.
const NESTED: &str = r#"
func.func public @main(%n: tensor<i32>) -> tensor<i32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %s = %c0) : tensor<i32>, tensor<i32>
  cond {
    %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i32>
    %2:2 = stablehlo.while(%j = %z, %t = %s) : tensor<i32>, tensor<i32>
    cond {
      %3 = stablehlo.compare LT, %j, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %ten = stablehlo.constant dense<10> : tensor<i32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.multiply %i, %ten : tensor<i32>
      %4 = stablehlo.add %3, %j : tensor<i32>
      %5 = stablehlo.add %t, %4 : tensor<i32>
      %6 = stablehlo.add %j, %one : tensor<i32>
      stablehlo.return %6, %5 : tensor<i32>, tensor<i32>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %7 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %7, %2#1 : tensor<i32>, tensor<i32>
  }
  return %0#1 : tensor<i32>
}
"#;

#[test]
fn nested_while() {
    for n in [0i128, 1, 4] {
        let (out, k) = check(NESTED, &[lit_i(DType::I32, &[], &[n])]);
        assert_eq!(k.0, 2);
        let want: i32 = (0..n as i32)
            .flat_map(|i| (0..i).map(move |j| i * 10 + j))
            .sum();
        assert_eq!(i32_out(&out[0]), [want]);
    }
}

const IF: &str = r#"
func.func public @main(%p: tensor<f32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %c = stablehlo.compare GT, %p, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %0:2 = "stablehlo.if"(%c) ({
    %1 = stablehlo.exponential %x : tensor<3xf32>
    stablehlo.return %1, %p : tensor<3xf32>, tensor<f32>
  }, {
    %1 = stablehlo.negate %x : tensor<3xf32>
    stablehlo.return %1, %z : tensor<3xf32>, tensor<f32>
  }) : (tensor<i1>) -> (tensor<3xf32>, tensor<f32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<f32>
}
"#;

#[test]
fn if_selects_a_branch() {
    let x = lit_f(DType::F32, &[3], &[0.0, 1.0, -2.0]);
    let (out, k) = check(IF, &[lit_f(DType::F32, &[], &[2.5]), x.clone()]);
    assert_eq!(k.1, 1);
    assert_eq!(f32_out(&out[0])[0], 1.0);
    assert_eq!(f32_out(&out[1]), [2.5]);
    let (out, _) = check(IF, &[lit_f(DType::F32, &[], &[-1.0]), x]);
    assert_eq!(f32_out(&out[0]), [-0.0, -1.0, 2.0]);
    assert_eq!(f32_out(&out[1]), [0.0]);
}

const CASE: &str = r#"
func.func public @main(%i: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.case"(%i) ({
    %1 = stablehlo.add %x, %x : tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }, {
    %1 = stablehlo.multiply %x, %x : tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
"#;

#[test]
fn case_with_out_of_range_index_takes_the_last_branch() {
    let x = lit_f(DType::F32, &[2], &[3.0, -1.5]);
    for (i, want) in [
        (0, [6.0, -3.0]),
        (1, [9.0, 2.25]),
        (2, [3.0, -1.5]),
        (3, [3.0, -1.5]),
        (-1, [3.0, -1.5]),
        (i32::MIN as i128, [3.0, -1.5]),
    ] {
        let (out, k) = check(CASE, &[lit_i(DType::I32, &[], &[i]), x.clone()]);
        assert_eq!(k.1, 1);
        assert_eq!(f32_out(&out[0]), want, "index {i}");
    }
}

/// A `case` inside a loop body selecting on the counter.
const CASE_IN_LOOP: &str = r#"
func.func public @main(%x: tensor<f32>) -> tensor<f32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<f32>
  cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = "stablehlo.case"(%i) ({
      %3 = stablehlo.add %a, %a : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }, {
      %3 = stablehlo.negate %a : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<i32>) -> tensor<f32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %4 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %4, %2 : tensor<i32>, tensor<f32>
  }
  return %0#1 : tensor<f32>
}
"#;

#[test]
fn case_inside_a_loop() {
    let (out, k) = check(CASE_IN_LOOP, &[lit_f(DType::F32, &[], &[1.5])]);
    assert_eq!((k.0, k.1), (1, 1));
    // i = 0: 3; then negated four times.
    assert_eq!(f32_out(&out[0]), [3.0]);
}

fn sort_src(shape: &str, dts: &[&str], dim: i64, stable: bool, cmp: &str) -> String {
    let ty = |d: &str| format!("tensor<{shape}x{d}>");
    let args: Vec<String> = (0..dts.len()).map(|i| format!("%a{i}")).collect();
    let params: Vec<String> = dts
        .iter()
        .enumerate()
        .map(|(i, d)| format!("%a{i}: {}", ty(d)))
        .collect();
    let block: Vec<String> = dts
        .iter()
        .enumerate()
        .flat_map(|(i, d)| [format!("%l{i}: tensor<{d}>"), format!("%r{i}: tensor<{d}>")])
        .collect();
    let tys: Vec<String> = dts.iter().map(|d| ty(d)).collect();
    let tys = tys.join(", ");
    format!(
        r#"
func.func public @main({}) -> ({tys}) {{
  %0:{} = "stablehlo.sort"({}) <{{dimension = {dim} : i64, is_stable = {stable}}}> ({{
  ^bb0({}):
    {cmp}
  }}) : ({tys}) -> ({tys})
  return {} : {tys}
}}
"#,
        params.join(", "),
        dts.len(),
        args.join(", "),
        block.join(", "),
        (0..dts.len())
            .map(|i| format!("%0#{i}"))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

#[test]
fn sort_multi_operand_stable_by_key() {
    let cmp = "%c = stablehlo.compare LT, %l0, %r0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>";
    let src = sort_src("7", &["f32", "i32"], 0, true, cmp);
    let keys = lit_f(DType::F32, &[7], &[3.0, 1.0, 2.0, 1.0, 3.0, 0.0, 2.0]);
    let vals = lit_i(DType::I32, &[7], &[0, 1, 2, 3, 4, 5, 6]);
    let (out, k) = check(&src, &[keys, vals]);
    assert_eq!(k.2, 1);
    assert_eq!(f32_out(&out[0]), [0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0]);
    assert_eq!(i32_out(&out[1]), [5, 1, 3, 2, 6, 0, 4]);
}

#[test]
fn sort_descending_by_two_keys() {
    // Descending on key 0, ties broken ascending on key 1, operand 2 carried along.
    let cmp =
        "%gt = stablehlo.compare GT, %l0, %r0, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %l0, %r0, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %lt = stablehlo.compare LT, %l1, %r1, UNSIGNED : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
    %a = stablehlo.and %eq, %lt : tensor<i1>
    %c = stablehlo.or %gt, %a : tensor<i1>
    stablehlo.return %c : tensor<i1>";
    let src = sort_src("6", &["i8", "ui16", "f64"], 0, false, cmp);
    let k0 = lit_i(DType::I8, &[6], &[1, -3, 1, 7, -3, 1]);
    let k1 = lit_i(DType::U16, &[6], &[9, 2, 60000, 0, 1, 3]);
    let v = lit_f(DType::F64, &[6], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    let (out, k) = check(&src, &[k0, k1, v]);
    assert_eq!(k.2, 1);
    let v: Vec<f64> = out[2]
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(v, [3.0, 5.0, 0.0, 2.0, 4.0, 1.0]);
}

#[test]
fn sort_f32_total_order_places_nan_and_signed_zeros() {
    let cmp = "%c = stablehlo.compare LT, %l0, %r0, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>";
    let src = sort_src("8", &["f32", "i32"], 0, true, cmp);
    let bits: Vec<u64> = [
        f32::NAN.to_bits(),
        0.0f32.to_bits(),
        (-0.0f32).to_bits(),
        1.0f32.to_bits(),
        (-f32::NAN).to_bits(),
        f32::NEG_INFINITY.to_bits(),
        (-0.0f32).to_bits(),
        f32::INFINITY.to_bits(),
    ]
    .iter()
    .map(|&b| b as u64)
    .collect();
    let keys = literal_from_bits(TensorType::new(DType::F32, [8]), &bits);
    let idx = lit_i(DType::I32, &[8], &[0, 1, 2, 3, 4, 5, 6, 7]);
    let (out, _) = check(&src, &[keys, idx]);
    // -NaN < -inf < -0.0 (stable: 2 before 6) < 0.0 < 1 < inf < NaN
    assert_eq!(i32_out(&out[1]), [4, 5, 2, 6, 1, 3, 7, 0]);
}

#[test]
fn sort_2d_along_each_dimension() {
    let cmp = |dt: &str| {
        format!(
            "%c = stablehlo.compare LT, %l0, %r0, FLOAT : (tensor<{dt}>, tensor<{dt}>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>"
        )
    };
    let x = [
        5.0, -1.0, 3.0, 0.5, 2.0, 8.0, -4.0, 7.0, 1.0, 0.0, 6.0, -2.0,
    ];
    let (out, k) = check(
        &sort_src("3x4", &["f32"], 1, true, &cmp("f32")),
        &[lit_f(DType::F32, &[3, 4], &x)],
    );
    assert_eq!(k.2, 1);
    assert_eq!(
        f32_out(&out[0]),
        [
            -1.0, 0.5, 3.0, 5.0, -4.0, 2.0, 7.0, 8.0, -2.0, 0.0, 1.0, 6.0
        ]
    );
    let (out, _) = check(
        &sort_src("3x4", &["f32"], 0, true, &cmp("f32")),
        &[lit_f(DType::F32, &[3, 4], &x)],
    );
    assert_eq!(
        f32_out(&out[0]),
        [
            1.0, -1.0, -4.0, -2.0, 2.0, 0.0, 3.0, 0.5, 5.0, 8.0, 6.0, 7.0
        ]
    );
    // Negative dimension, narrow floats, 3-d.
    for dt in [("bf16", DType::BF16), ("f16", DType::F16)] {
        let v: Vec<f64> = (0..24).map(|i| ((i * 7) % 11) as f64 - 5.0).collect();
        check(
            &sort_src("2x3x4", &[dt.0], -2, true, &cmp(dt.0)),
            &[lit_f(dt.1, &[2, 3, 4], &v)],
        );
    }
}

#[test]
fn sort_of_booleans_and_argsort_with_iota() {
    // JAX's argsort: sort (x, iota) by x.
    let src = r#"
func.func public @main(%x: tensor<5xi1>) -> tensor<5xi32> {
  %i = stablehlo.iota dim = 0 : tensor<5xi32>
  %0:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<5xi1>, tensor<5xi32>) -> (tensor<5xi1>, tensor<5xi32>)
  return %0#1 : tensor<5xi32>
}
"#;
    let (out, k) = check(src, &[lit_i(DType::I1, &[5], &[1, 0, 1, 0, 0])]);
    assert_eq!(k.2, 1);
    assert_eq!(i32_out(&out[0]), [1, 3, 4, 0, 2]);
}

/// Deterministic pseudo-random sorts: shapes of rank 1-3 (unit and empty dims included),
/// every dimension, several dtypes, ascending and descending, one or two operands.
#[test]
fn sort_random_shapes_dims_and_dtypes_agree() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let shapes: [&[i64]; 7] = [
        &[1],
        &[9],
        &[4, 1],
        &[3, 5],
        &[2, 3, 4],
        &[1, 6, 2],
        &[0, 3],
    ];
    let dtypes = [
        ("f32", DType::F32, "FLOAT"),
        ("i32", DType::I32, "SIGNED"),
        ("ui8", DType::U8, "UNSIGNED"),
        ("f16", DType::F16, "FLOAT"),
        ("i64", DType::I64, "SIGNED"),
    ];
    let mut sorts = 0;
    for shape in shapes {
        let n: i64 = shape.iter().product();
        let shape_s: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        let shape_s = shape_s.join("x");
        for dim in 0..shape.len() as i64 {
            for &(name, dt, ty) in &dtypes {
                let dir = if next() % 2 == 0 { "LT" } else { "GT" };
                let two = next() % 2 == 0;
                let cmp = format!(
                    "%c = stablehlo.compare {dir}, %l0, %r0, {ty} : (tensor<{name}>, tensor<{name}>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>"
                );
                let dts: Vec<&str> = if two { vec![name, "i32"] } else { vec![name] };
                let src = sort_src(&shape_s, &dts, dim, true, &cmp);
                // Few distinct keys, so ties are common and stability shows.
                let keys: Vec<i128> = (0..n).map(|_| (next() % 5) as i128).collect();
                let mut args = vec![if dt.is_float() {
                    let v: Vec<f64> = keys.iter().map(|&k| k as f64 - 2.0).collect();
                    lit_f(dt, shape, &v)
                } else {
                    lit_i(dt, shape, &keys)
                }];
                if two {
                    let idx: Vec<i128> = (0..n as i128).collect();
                    args.push(lit_i(DType::I32, shape, &idx));
                }
                let (_, k) = check(&src, &args);
                sorts += k.2;
            }
        }
    }
    // Every non-empty case compiled to a sort step (the empty ones need none).
    assert_eq!(sorts, (1 + 1 + 2 + 2 + 3 + 3) * dtypes.len());
}

/// Carried values that are empty, loop-invariant (the body yields an outer value) or
/// yielded in swapped order through a reshape, and a result returned twice.
const ODD_CARRIES: &str = r#"
func.func public @main(%x: tensor<2x2xf32>, %e: tensor<0xf32>, %n: tensor<i32>) -> (tensor<2x2xf32>, tensor<0xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %flat = stablehlo.reshape %x : (tensor<2x2xf32>) -> tensor<4xf32>
  %neg = stablehlo.negate %flat : tensor<4xf32>
  %0:5 = stablehlo.while(%i = %c0, %a = %x, %z = %e, %b = %flat, %k = %neg) : tensor<i32>, tensor<2x2xf32>, tensor<0xf32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %one : tensor<i32>
    %2 = stablehlo.reshape %b : (tensor<4xf32>) -> tensor<2x2xf32>
    %3 = stablehlo.reshape %a : (tensor<2x2xf32>) -> tensor<4xf32>
    %4 = stablehlo.add %3, %k : tensor<4xf32>
    stablehlo.return %1, %2, %z, %4, %neg : tensor<i32>, tensor<2x2xf32>, tensor<0xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %0#1, %0#2, %0#3, %0#3, %0#4 : tensor<2x2xf32>, tensor<0xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
"#;

#[test]
fn while_with_empty_invariant_and_reshaped_carries() {
    let x = lit_f(DType::F32, &[2, 2], &[1.0, 2.0, 3.0, 4.0]);
    let e = lit_f(DType::F32, &[0], &[]);
    for n in [0, 1, 2, 5] {
        let (out, k) = check(
            ODD_CARRIES,
            &[x.clone(), e.clone(), lit_i(DType::I32, &[], &[n])],
        );
        assert_eq!(k.0, 1);
        assert_eq!(out[2], out[3]);
        assert_eq!(f32_out(&out[4]), [-1.0, -2.0, -3.0, -4.0]);
    }
}

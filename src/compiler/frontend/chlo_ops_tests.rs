//! CHLO in the text front end: every spelling of an op (pretty, generic, a composite
//! named after it) gives the same StableHLO, results are what the ops mean, and bad CHLO
//! gets located errors.

use super::parse;
use crate::compiler::eval::{eval_func, literal_from_f64, literal_from_i128};
use crate::compiler::ir::{DType, Func, Literal, Loc, Module, Opcode, Region, TensorType};
use crate::compiler::passes;

fn ok(src: &str) -> Module {
    parse(src.as_bytes()).unwrap_or_else(|e| panic!("{}", e.render("test", src.as_bytes())))
}

fn err(src: &str) -> String {
    match parse(src.as_bytes()) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(e) => format!("{}: {}", e.pos, e.message),
    }
}

/// The entry function without locations, for comparing spellings.
fn entry(m: &Module) -> Func {
    fn region(r: &mut Region) {
        r.yield_loc = Loc::default();
        for op in &mut r.ops {
            op.loc = Loc::default();
            op.regions.iter_mut().for_each(region);
        }
    }
    let mut f = m.entry().expect("entry").clone();
    f.loc = Loc::default();
    region(&mut f.body);
    f
}

/// Runs `src`'s entry function in the reference evaluator.
fn run(src: &str, args: &[Literal]) -> Vec<Literal> {
    let f = passes::inline::inline_entry(&ok(src)).expect("inline");
    eval_func(&f, args).expect("eval")
}

fn f32s(shape: &[i64], v: &[f64]) -> Literal {
    literal_from_f64(TensorType::new(DType::F32, shape.to_vec()), v)
}

fn values(l: &Literal) -> Vec<f64> {
    (0..l.ty.num_elements() as usize)
        .map(|i| l.element_f64(i))
        .collect()
}

#[test]
fn spellings_of_an_op_expand_alike() {
    let t = "tensor<3xf32>";
    let wrap = |body: &str, ret: &str| {
        format!(
            "func.func @main(%x: {t}, %y: {t}) -> {ret} {{
  {body}
  return %r : {ret}
}}
func.func private @impl(%a: {t}) -> {t} {{
  return %a : {t}
}}"
        )
    };
    let pairs = [
        (
            format!("%r = chlo.erf %x : {t} -> {t}"),
            format!("%r = \"chlo.erf\"(%x) : ({t}) -> {t}"),
        ),
        (
            format!("%r = chlo.erf %x : {t} -> {t}"),
            format!(
                "%r = stablehlo.composite \"chlo.erf\" %x {{composite_attributes = {{}}, \
                 decomposition = @impl}} : ({t}) -> {t}"
            ),
        ),
        (
            format!("%r = chlo.erf %x : {t} -> {t}"),
            format!(
                "%r = \"stablehlo.composite\"(%x) {{name = \"chlo.erf\", decomposition = @impl}} \
                 : ({t}) -> {t}"
            ),
        ),
        (
            format!("%r = chlo.next_after %x, %y : {t}, {t} -> {t}"),
            format!("%r = \"chlo.next_after\"(%x, %y) : ({t}, {t}) -> {t}"),
        ),
        (
            format!("%r = chlo.broadcast_add %x, %y : ({t}, {t}) -> {t}"),
            format!("%r = stablehlo.add %x, %y : {t}"),
        ),
        (
            format!(
                "%r = chlo.broadcast_compare %x, %y {{comparison_direction = \
                 #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type TOTALORDER>}} \
                 : ({t}, {t}) -> tensor<3xi1>"
            ),
            format!("%r = stablehlo.compare GT, %x, %y, TOTALORDER : ({t}, {t}) -> tensor<3xi1>"),
        ),
        (
            format!("%r = chlo.square %x : {t} -> {t}"),
            format!("%r = stablehlo.multiply %x, %x : {t}"),
        ),
    ];
    for (a, b) in pairs {
        let ret = if a.contains("compare") {
            "tensor<3xi1>"
        } else {
            t
        };
        let (ma, mb) = (ok(&wrap(&a, ret)), ok(&wrap(&b, ret)));
        assert_eq!(entry(&ma), entry(&mb), "{a}\nvs\n{b}");
        let f = entry(&ma);
        let mut names = Vec::new();
        f.body.walk(&mut |op| names.push(op.opcode.name()));
        assert!(names.iter().all(|n| !n.starts_with("chlo.")), "{names:?}");
    }
    // top_k: pretty, generic, and the composite JAX sends a plugin.
    let tk = "tensor<2x5xf32>";
    let (tv, ti) = ("tensor<2x2xf32>", "tensor<2x2xi32>");
    let top = |op: &str| {
        format!(
            "func.func @main(%x: {tk}) -> ({tv}, {ti}) {{
  {op}
  return %v, %i : {tv}, {ti}
}}"
        )
    };
    let spellings = [
        format!("%v, %i = chlo.top_k(%x, k = 2) : {tk} -> ({tv}, {ti})"),
        format!("%v, %i = chlo.top_k(%x, k = 2, is_stable = true) : {tk} -> ({tv}, {ti})"),
        format!("%v, %i = \"chlo.top_k\"(%x) {{k = 2 : i64}} : ({tk}) -> ({tv}, {ti})"),
        format!(
            "%v, %i = stablehlo.composite \"chlo.top_k\" %x {{composite_attributes = \
             {{k = 2 : i64}}, decomposition = @chlo.top_k.impl}} : ({tk}) -> ({tv}, {ti})"
        ),
    ];
    let first = entry(&ok(&top(&spellings[0])));
    for s in &spellings[1..] {
        assert_eq!(entry(&ok(&top(s))), first, "{s}");
    }
    // A composite with attributes pjrtc does not read calls its decomposition.
    let m = ok(&wrap(
        &format!(
            "%r = stablehlo.composite \"chlo.erf\" %x {{composite_attributes = {{mode = 1 : i64}}, \
             decomposition = @impl}} : ({t}) -> {t}"
        ),
        t,
    ));
    assert!(matches!(
        m.entry().unwrap().body.ops[0].opcode,
        Opcode::Call { .. }
    ));
}

#[test]
fn broadcasting_ops_broadcast_numpy_style() {
    let src = "func.func @main(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %p: tensor<i1>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>) {
  %s = chlo.broadcast_subtract %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %m = chlo.broadcast_maximum %b, %a : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %c = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %z = \"chlo.constant_like\"(%s) {value = 2.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = chlo.broadcast_select %p, %z, %b : (tensor<i1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %s, %m, %c, %t : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>
}";
    let a = f32s(&[2, 1], &[1.0, 5.0]);
    let b = f32s(&[3], &[0.0, 2.0, 7.0]);
    let p = literal_from_i128(TensorType::scalar(DType::I1), &[0]);
    let r = run(src, &[a, b, p]);
    assert_eq!(values(&r[0]), [1.0, -1.0, -6.0, 5.0, 3.0, -2.0]);
    assert_eq!(values(&r[1]), [1.0, 2.0, 7.0, 5.0, 5.0, 7.0]);
    assert_eq!(values(&r[2]), [0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
    assert_eq!(values(&r[3]), [0.0, 2.0, 7.0, 0.0, 2.0, 7.0]);
}

#[test]
fn scan_runs_forward_and_reverse_along_any_dimension() {
    // Running sums along dimension 1 of a 2x4, forward and from the end, with the carry.
    let scan = |reverse: &str| {
        format!(
            "func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>) {{
  %z = stablehlo.constant dense<0.0> : tensor<2xf32>
  %0:2 = chlo.scan(%x) inits(%z) dimension=1 {reverse} {{
  ^bb0(%e: tensor<2xf32>, %c: tensor<2xf32>):
    %s = stablehlo.add %e, %c : tensor<2xf32>
    stablehlo.return %s, %s : tensor<2xf32>, tensor<2xf32>
  }} : (tensor<2x4xf32>, tensor<2xf32>) -> (tensor<2x4xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2xf32>
}}"
        )
    };
    let x = f32s(&[2, 4], &[1.0, 2.0, 3.0, 4.0, 10.0, 20.0, 30.0, 40.0]);
    let r = run(&scan(""), std::slice::from_ref(&x));
    assert_eq!(
        values(&r[0]),
        [1.0, 3.0, 6.0, 10.0, 10.0, 30.0, 60.0, 100.0]
    );
    assert_eq!(values(&r[1]), [10.0, 100.0]);
    let r = run(&scan("attributes {is_reverse = true}"), &[x]);
    assert_eq!(
        values(&r[0]),
        [10.0, 9.0, 7.0, 4.0, 100.0, 90.0, 70.0, 40.0]
    );
    assert_eq!(values(&r[1]), [10.0, 100.0]);
}

#[test]
fn ragged_dot_in_each_mode() {
    let dims = |lc: &str, rc: &str, lr: &str, rg: &str| {
        format!(
            "ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], \
             rhs_batching_dimensions = [], lhs_contracting_dimensions = [{lc}], \
             rhs_contracting_dimensions = [{rc}], lhs_ragged_dimensions = [{lr}], \
             rhs_group_dimensions = [{rg}]>"
        )
    };
    let lhs: Vec<f64> = (0..12).map(|v| v as f64).collect(); // 4x3
    // Mode 1: rows [0, 1) use group 0's rhs, rows [1, 4) group 1's.
    let src = format!(
        "func.func @main(%l: tensor<4x3xf32>, %r: tensor<2x3x2xf32>, %g: tensor<2xi32>) -> tensor<4x2xf32> {{
  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {{{}}} : (tensor<4x3xf32>, tensor<2x3x2xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}}",
        dims("1", "1", "0", "0")
    );
    let rhs: Vec<f64> = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 0.0, 0.0, 2.0, 0.0, 0.0].to_vec();
    let g = literal_from_i128(TensorType::new(DType::I32, [2]), &[1, 3]);
    let r = run(&src, &[f32s(&[4, 3], &lhs), f32s(&[2, 3, 2], &rhs), g]);
    // Row 0 (group 0): [0,1,2] x [[1,0],[0,1],[1,1]] = [2, 3]; rows 1..4 (group 1):
    // [a,b,c] x [[2,0],[0,2],[0,0]] = [2a, 2b].
    assert_eq!(values(&r[0]), [2.0, 3.0, 6.0, 8.0, 12.0, 14.0, 18.0, 20.0]);
    // Mode 2: contracting dimension ragged, one result per group.
    let src = format!(
        "func.func @main(%l: tensor<2x3xf32>, %r: tensor<3x2xf32>, %g: tensor<2xi64>) -> tensor<2x2x2xf32> {{
  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {{{}}} : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}}",
        dims("1", "0", "1", "")
    );
    let l = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let rr = f32s(&[3, 2], &[1.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
    let g = literal_from_i128(TensorType::new(DType::I64, [2]), &[2, 1]);
    let r = run(&src, &[l, rr, g]);
    // Group 0 contracts k in [0, 2), group 1 k in [2, 3).
    assert_eq!(values(&r[0]), [3.0, 1.0, 9.0, 4.0, 0.0, 3.0, 0.0, 6.0]);
}

#[test]
fn bad_chlo_gets_located_errors() {
    let cases = [
        (
            "func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %v, %i = chlo.top_k(%x, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return %v : tensor<f32>
}",
            "2:3: 'chlo.top_k' expects an operand of rank 1 or more",
        ),
        (
            "func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = chlo.erf %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}",
            "2:3: 'chlo.erf' expects a floating-point operand, got tensor<4xi32>",
        ),
        (
            "func.func @main(%x: tensor<4xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<4xf32> -> (tensor<4x3xf32>, tensor<4x3xi32>)
  return %v, %i : tensor<4x3xf32>, tensor<4x3xi32>
}",
            "2:3: 'chlo.top_k' computes (tensor<3xf32>, tensor<3xi32>) but its result types are \
             (tensor<4x3xf32>, tensor<4x3xi32>)",
        ),
        (
            "func.func @main(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = chlo.broadcast_add %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}",
            "2:3: operand of shape [2] does not broadcast to the result shape [3]",
        ),
        (
            "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.frobnicate %x : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}",
            "2:8: unsupported: op 'chlo.frobnicate'",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(err(src), want, "{src}");
    }
}

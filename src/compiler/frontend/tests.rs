//! Front-end tests over real inputs: the conformance suite, JAX examples, bench models.

use super::parse;
use crate::compiler::ir::{
    BinaryOp, CompareDirection, CompareType, DType, Loc, Module, Opcode, Region, SourcePos,
    TensorType,
};
use std::path::{Path, PathBuf};

/// Parses `src`, panicking with the rendered diagnostic on failure.
fn ok(src: &str) -> Module {
    parse(src.as_bytes()).unwrap_or_else(|e| panic!("{}", e.render("test", src.as_bytes())))
}

/// The error of parsing `src`, as `line:col: message`.
fn err(src: &str) -> String {
    match parse(src.as_bytes()) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(e) => format!("{}: {}", e.pos, e.message),
    }
}

/// Clears every location, for comparing IR parsed from different spellings.
fn strip_locs(m: &mut Module) {
    fn region(r: &mut Region) {
        r.yield_loc = Loc::default();
        for op in &mut r.ops {
            op.loc = Loc::default();
            op.regions.iter_mut().for_each(region);
        }
    }
    for f in &mut m.funcs {
        f.loc = Loc::default();
        region(&mut f.body);
    }
}

fn testdata(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/compiler/frontend/testdata")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

#[test]
fn parses_every_conformance_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/suite");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    files.sort();
    assert!(
        files.len() >= 1800,
        "expected the conformance suite at {}",
        root.display()
    );
    let mut ok = 0;
    let mut unsupported = Vec::new();
    let mut failed = Vec::new();
    for f in &files {
        let src = std::fs::read(f).unwrap();
        match parse(&src) {
            Ok(m) => {
                assert!(!m.funcs.is_empty(), "{}", f.display());
                ok += 1;
            }
            Err(e) if e.message.starts_with("unsupported:") => {
                unsupported.push(format!("{}: {}", f.display(), e));
            }
            Err(e) => failed.push(format!("{}: {}", f.display(), e)),
        }
    }
    eprintln!(
        "conformance: {} files, {ok} parsed, {} unsupported, {} failed",
        files.len(),
        unsupported.len(),
        failed.len()
    );
    for u in &unsupported {
        eprintln!("  unsupported {u}");
    }
    assert!(
        failed.is_empty(),
        "{} files failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn pretty_and_generic_forms_give_equal_ir() {
    // Pairs printed by JAX 0.10 (testdata/gen.py): `as_text()` and the generic op form.
    for name in ["misc", "conv", "while", "argsort", "argmax", "cond"] {
        let mut pretty = parse(&testdata(&format!("{name}.mlir"))).unwrap();
        let mut generic = parse(&testdata(&format!("{name}.generic.mlir"))).unwrap();
        strip_locs(&mut pretty);
        strip_locs(&mut generic);
        assert_eq!(pretty, generic, "{name}");
    }
    let mut dbg = parse(&testdata("misc.dbg.mlir")).unwrap();
    let mut plain = parse(&testdata("misc.mlir")).unwrap();
    strip_locs(&mut dbg);
    strip_locs(&mut plain);
    assert_eq!(dbg, plain);
}

#[test]
fn pretty_and_generic_single_ops_agree() {
    let pairs = [
        (
            "%0 = stablehlo.add %a, %b : tensor<4xf32>",
            r#"%0 = "stablehlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>"#,
        ),
        (
            "%0 = stablehlo.slice %a [0:2, 1:4:2] : (tensor<4xf32>) -> tensor<2xf32>",
            r#"%0 = "stablehlo.slice"(%a) <{start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 2>}> : (tensor<4xf32>) -> tensor<2xf32>"#,
        ),
        (
            "%0 = stablehlo.transpose %a, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>",
            r#"%0 = "stablehlo.transpose"(%a) {permutation = dense<[0]> : tensor<1xi64>} : (tensor<4xf32>) -> tensor<4xf32>"#,
        ),
        (
            "%0 = stablehlo.compare  LT, %a, %b,  TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>",
            r#"%0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>"#,
        ),
        (
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>",
            r#"%0 = "stablehlo.dot"(%a, %b) {precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>"#,
        ),
        (
            "%0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<4xf32>",
            r#"%0 = "stablehlo.reduce_precision"(%a) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<4xf32>) -> tensor<4xf32>"#,
        ),
        (
            "%0 = stablehlo.pad %a, %s, low = [1], high = [-1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>",
            r#"%0 = "stablehlo.pad"(%a, %s) <{edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: -1>, interior_padding = array<i64: 0>}> : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>"#,
        ),
        (
            "%0 = stablehlo.reduce(%a init: %s) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>",
            r#"%0 = "stablehlo.reduce"(%a, %s) <{dimensions = array<i64: 0>}> ({
              ^bb0(%x: tensor<f32>, %y: tensor<f32>):
                %m = "stablehlo.maximum"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
                "stablehlo.return"(%m) : (tensor<f32>) -> ()
            }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>"#,
        ),
        (
            "%0 = stablehlo.reduce(%a init: %s) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n reducer(%x: tensor<f32>, %y: tensor<f32>)  {\n %m = stablehlo.maximum %x, %y : tensor<f32>\n stablehlo.return %m : tensor<f32>\n }",
            r#"%0 = "stablehlo.reduce"(%a, %s) <{dimensions = array<i64: 0>}> ({
              ^bb0(%x: tensor<f32>, %y: tensor<f32>):
                %m = "stablehlo.maximum"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
                "stablehlo.return"(%m) : (tensor<f32>) -> ()
            }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>"#,
        ),
        (
            "%0 = stablehlo.convolution(%c, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 0]], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1xf32>",
            r#"%0 = "stablehlo.convolution"(%c, %k) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, window_strides = array<i64: 2>, padding = dense<[[1, 0]]> : tensor<1x2xi64>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1xf32>"#,
        ),
        (
            "%0 = stablehlo.constant() <{value = dense<1.5> : tensor<f32>}> : () -> tensor<f32>",
            "%0 = stablehlo.constant dense<1.5> : tensor<f32>",
        ),
        (
            "%0 = stablehlo.cholesky %k, lower = true : tensor<2x1x1xf32>",
            r#"%0 = "stablehlo.cholesky"(%k) <{lower = true}> : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>"#,
        ),
        (
            "%0 = stablehlo.broadcast %s, sizes = [4] : (tensor<f32>) -> tensor<4xf32>",
            r#"%0 = "stablehlo.broadcast_in_dim"(%s) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>"#,
        ),
        (
            "%0 = stablehlo.dynamic_iota %i, dim = 0 : (tensor<i32>) -> tensor<4xf32>",
            "%0 = stablehlo.iota dim = 0 : tensor<4xf32>",
        ),
        (
            "%0 = stablehlo.get_dimension_size %c, dim = 1 : (tensor<1x4x1xf32>) -> tensor<i32>",
            "%0 = stablehlo.constant dense<4> : tensor<i32>",
        ),
        (
            "%0 = stablehlo.iota dim = 0 : tensor<4xf32>",
            r#"%0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xf32>"#,
        ),
        (
            "%0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>",
            r#"%0 = "stablehlo.dynamic_slice"(%a, %i) <{slice_sizes = array<i64: 2>}> : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>"#,
        ),
        (
            "%0 = stablehlo.is_finite %a : (tensor<4xf32>) -> tensor<4xi1>",
            r#"%0 = "stablehlo.is_finite"(%a) : (tensor<4xf32>) -> tensor<4xi1>"#,
        ),
        (
            "%0 = stablehlo.clamp %s, %a, %s : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>",
            r#"%0 = "stablehlo.clamp"(%s, %a, %s) : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>"#,
        ),
        (
            "%0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>",
            r#"%0 = "stablehlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>"#,
        ),
        (
            "%0:2 = stablehlo.optimization_barrier %a, %s : tensor<4xf32>, tensor<f32>",
            r#"%0:2 = "stablehlo.optimization_barrier"(%a, %s) : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)"#,
        ),
        (
            "%0 = stablehlo.custom_call @foo(%a) {has_side_effect = true, backend_config = \"cfg\"} : (tensor<4xf32>) -> tensor<4xf32>",
            r#"%0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", has_side_effect = true, backend_config = "cfg"} : (tensor<4xf32>) -> tensor<4xf32>"#,
        ),
    ];
    let wrap = |body: &str| {
        format!(
            "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %s: tensor<f32>, %k: tensor<2x1x1xf32>, %c: tensor<1x4x1xf32>, %i: tensor<i32>) {{\n{body}\nreturn\n}}"
        )
    };
    for (pretty, generic) in pairs {
        let mut p = ok(&wrap(pretty));
        let mut g = ok(&wrap(generic));
        strip_locs(&mut p);
        strip_locs(&mut g);
        assert_eq!(p, g, "{pretty}");
    }
}

#[test]
fn builds_ops_with_attribute_defaults() {
    let m = ok(r#"module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg1: tensor<2xi64>) -> (tensor<2xi1> {jax.result_info = "result"}) {
    %0 = stablehlo.compare  GT, %arg0, %arg0,  FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    %1 = stablehlo.compare  EQ, %arg1, %arg1 : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %2 = chlo.square %arg0 : tensor<2xf32> -> tensor<2xf32>
    %3 = stablehlo.dot %arg0, %arg0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
    %4:2 = "stablehlo.sort"(%arg0, %arg1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i64>, %d: tensor<i64>):
      %p = stablehlo.compare  LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }) : (tensor<2xf32>, tensor<2xi64>) -> (tensor<2xf32>, tensor<2xi64>)
    return %0 : tensor<2xi1>
  }
}"#);
    assert_eq!(m.name.as_deref(), Some("m"));
    let f = m.entry().unwrap();
    assert_eq!(
        f.arg_attr(0, "jax.arg_info"),
        Some(&crate::compiler::ir::Attr::String("x".into()))
    );
    assert_eq!(f.result_attrs[0][0].0, "jax.result_info");
    let ops = &f.body.ops;
    assert_eq!(
        ops[0].opcode,
        Opcode::Compare {
            direction: CompareDirection::Gt,
            compare_type: Some(CompareType::Float)
        }
    );
    assert_eq!(
        ops[1].opcode,
        Opcode::Compare {
            direction: CompareDirection::Eq,
            compare_type: None
        }
    );
    assert_eq!(ops[2].opcode, Opcode::Binary(BinaryOp::Mul));
    assert_eq!(ops[2].operands, vec![f.body.args[0], f.body.args[0]]);
    match &ops[3].opcode {
        Opcode::DotGeneral(d) => {
            assert_eq!(
                (d.lhs_contracting.as_slice(), d.rhs_contracting.as_slice()),
                (&[0][..], &[0][..])
            )
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(
        ops[4].opcode,
        Opcode::Sort {
            dimension: 0,
            is_stable: false
        }
    );
    assert_eq!(ops[4].results.len(), 2);
    assert_eq!(ops[4].regions[0].args.len(), 4);
    assert_eq!(*f.ty(ops[4].results[1]), TensorType::new(DType::I64, [2]));
    // Positions: the op start (its first result name).
    assert_eq!(ops[0].loc.pos, SourcePos::Text { line: 3, col: 5 });
}

#[test]
fn tuples_resolve_to_their_elements() {
    let mut a = ok(
        r#"func.func @main(%a: tensor<2xf64>, %b: tensor<i64>) -> tensor<i64> {
  %t0 = stablehlo.tuple %b : tuple<tensor<i64>>
  %t = stablehlo.tuple %a, %t0 : tuple<tensor<2xf64>, tuple<tensor<i64>>>
  %x = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %y = "stablehlo.get_tuple_element"(%x) <{index = 0 : i32}> : (tuple<tensor<i64>>) -> tensor<i64>
  %z = stablehlo.abs %y : tensor<i64>
  return %z : tensor<i64>
}"#,
    );
    let mut b = ok(
        r#"func.func @main(%a: tensor<2xf64>, %b: tensor<i64>) -> tensor<i64> {
  %z = stablehlo.abs %b : tensor<i64>
  return %z : tensor<i64>
}"#,
    );
    strip_locs(&mut a);
    strip_locs(&mut b);
    assert_eq!(a, b);
}

#[test]
fn sharding_annotations_are_identities() {
    let mut a = ok(r#"func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}]> : tensor<4xf32>
  %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.abs %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}"#);
    let mut b = ok(r#"func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %2 = stablehlo.abs %arg0 : tensor<4xf32>
  return %2 : tensor<4xf32>
}"#);
    strip_locs(&mut a);
    strip_locs(&mut b);
    assert_eq!(a, b);
}

#[test]
fn reads_dense_resources() {
    let m = ok(r#"module {
  func.func @main() -> tensor<2xf32> {
    %0 = stablehlo.constant dense_resource<blob1> : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F00000040"
    }
  }
#-}
"#);
    match &m.funcs[0].body.ops[0].opcode {
        Opcode::Constant(l) => assert_eq!((l.element_f64(0), l.element_f64(1)), (1.0, 2.0)),
        o => panic!("{o:?}"),
    }
    let e = err(
        "func.func @main() {\n  %0 = stablehlo.constant dense_resource<__elided__> : tensor<2xf32>\n  return\n}",
    );
    assert_eq!(
        e,
        "2:42: unsupported: missing or elided resource '__elided__'"
    );
}

#[test]
fn keeps_locations_and_resolves_aliases() {
    let m = ok(r#"#loc1 = loc("model.py":12:3)
#loc2 = loc("jit(f)/abs"(#loc1))
#loc3 = loc(fused[#loc3, #loc2])
module {
  func.func @main(%arg0: tensor<f32> loc("x")) -> tensor<f32> {
    %0 = stablehlo.negate %arg0 : tensor<f32> loc(#loc1)
    %1 = stablehlo.abs %0 : tensor<f32> loc("y.py":1:2)
    %2 = stablehlo.abs %1 : tensor<f32> loc(#loc2)
    %3 = stablehlo.abs %2 : tensor<f32> loc(#loc3)
    return %3 : tensor<f32> loc(#loc9)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
"#);
    let f = &m.funcs[0];
    assert_eq!(
        f.body.ops[0].loc.mlir.as_deref(),
        Some(r#"loc("model.py":12:3)"#)
    );
    assert_eq!(
        f.body.ops[1].loc.mlir.as_deref(),
        Some(r#"loc("y.py":1:2)"#)
    );
    assert_eq!(
        f.body.ops[2].loc.mlir.as_deref(),
        Some(r#"loc("jit(f)/abs"("model.py":12:3))"#)
    );
    // A self-referential alias stays bounded.
    assert!(f.body.ops[3].loc.mlir.as_ref().unwrap().len() < 5000);
    assert_eq!(f.body.yield_loc.mlir.as_deref(), Some("loc(#loc9)"));
    assert_eq!(f.loc.mlir.as_deref(), Some("loc(unknown)"));
    assert_eq!(f.body.ops[1].loc.pos, SourcePos::Text { line: 7, col: 5 });
}

#[test]
fn check_dialect_and_multi_result_names() {
    let m = ok(r#"func.func @main() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %out_state, %out = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi8>
  check.expect_almost_eq_const %x, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
  check.expect_close %x, %x, max_ulp_difference = 3 : tensor<f64>, tensor<f64>
  "check.expect_eq_const"(%0) <{value = dense<[1, 2]> : tensor<2xi8>}> : (tensor<2xi8>) -> ()
  func.return
}"#
    .replace("%s,", "%s0,")
    .replace("func.func @main() {", "func.func @main(%s0: tensor<2xui64>, %x: tensor<f64>) {")
    .as_str());
    let ops = &m.funcs[0].body.ops;
    assert_eq!(ops[1].results.len(), 2);
    match &ops[3].opcode {
        Opcode::Check {
            name,
            constant,
            tolerance,
            ..
        } => {
            assert_eq!(name, "expect_almost_eq_const");
            assert_eq!(constant.as_ref().unwrap().element_f64(0), 5.1);
            assert_eq!(*tolerance, Some(0.1));
        }
        o => panic!("{o:?}"),
    }
    match &ops[4].opcode {
        Opcode::Check {
            max_ulp_difference, ..
        } => assert_eq!(*max_ulp_difference, Some(3)),
        o => panic!("{o:?}"),
    }
    assert_eq!(ops[2].opcode, ops[5].opcode);
}

#[test]
fn errors_have_exact_positions() {
    let cases: &[(&str, &str)] = &[
        (
            "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.add %a, %3 : tensor<f32>\n  return %0 : tensor<f32>\n}",
            "2:26: use of undefined value '%3'",
        ),
        (
            "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.foo %a : tensor<f32>\n  return %0 : tensor<f32>\n}",
            "2:8: unknown op 'stablehlo.foo'",
        ),
        (
            "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.abs %a : tensor<f32>\n  %0 = stablehlo.abs %a : tensor<f32>\n  return %0 : tensor<f32>\n}",
            "3:3: redefinition of value '%0'",
        ),
        (
            "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  %0 = \"stablehlo.abs\"(%a) tensor<f32>\n  return %0 : tensor<f32>\n}",
            "2:28: expected ':' after operand list",
        ),
        (
            "func.func @f(%a: tensor<*xf32>) {\n  return\n}",
            "1:25: unsupported: unranked tensor",
        ),
        (
            "func.func @f(%a: tensor<4xf32>) {\n  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<3xf32>\n  return\n}",
            "2:33: dense literal shape does not match tensor<3xf32>",
        ),
        (
            "func.func @f() {\n  %0 = stablehlo.constant dense<300> : tensor<i8>\n  return\n}",
            "2:33: integer literal out of range '300' for element type i8",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.abs %a : tensor<f32>\n}",
            "3:1: expected 'return' at the end of the function body",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0:2 = stablehlo.abs %a : tensor<f32>\n  return\n}",
            "2:3: operation defines 1 results but was provided 2 to bind",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0 = \"stablehlo.add\"(%a) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  return\n}",
            "2:8: 1 operands present, but expected 2",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.add %a, %a : tensor<f64>\n  return\n}",
            "2:22: use of value '%a' expects different type than prior uses: tensor<f64> vs tensor<f32>",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.broadcast_in_dim %a : (tensor<f32>) -> tensor<2xf32>\n  return\n}",
            "2:8: 'stablehlo.broadcast_in_dim' op requires attribute 'broadcast_dimensions'",
        ),
        (
            "module {\n  func.func @f(",
            "2:16: expected SSA value name for function argument",
        ),
        (
            "garbage",
            "1:1: expected 'func.func' or 'module', found 'garbage'",
        ),
        (
            "func.func @f(%a: tensor<complex<f16>>) {\n  return\n}",
            "1:33: unsupported: complex<f16> (complex parts are f32 or f64)",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.abs %a : tensor<f32>\n  return\n}\nfunc.func @f() {\n  return\n}",
            "5:1: redefinition of symbol '@f'",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.tuple %a : tuple<tensor<f32>>\n  %1 = stablehlo.abs %0 : tensor<f32>\n  return\n}",
            "3:22: unsupported: tuple value '%0' used other than by get_tuple_element",
        ),
        (
            "func.func @f(%a: tensor<f32>) {\n  %0 = \"stablehlo.fft\"(%a) : (tensor<f32>) -> tensor<f32>\n  return\n}",
            "2:8: 'stablehlo.fft' op requires attribute 'fft_type'",
        ),
        (
            "func.func @f() {\n  \"unterminated\n}",
            "2:3: expected '\"' in string literal",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(err(src), *want, "for input:\n{src}");
    }
}

#[test]
fn rejects_bytecode_and_invalid_utf8() {
    // Bytecode never reaches the text parser: errors are at byte offsets (the message says
    // bytecode is not supported until the bytecode front end is wired in).
    let e = parse(&[0x4D, 0x4C, 0xEF, 0x52, 0, 1]).unwrap_err();
    assert!(matches!(e.pos, SourcePos::Byte(_)), "{e}");
    let e = parse(b"module {\n  \xff }").unwrap_err();
    assert_eq!(e.pos, SourcePos::Text { line: 2, col: 3 });
}

#[test]
fn survives_hostile_input() {
    // Deep nesting, truncations and garbage must give errors, not panics or hangs.
    let deep = format!(
        "func.func @f() {{ %0 = stablehlo.constant dense<{}1{}> : tensor<f32>",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(parse(deep.as_bytes()).is_err());
    let deep_attr = format!("module attributes {{a = {}}} {{}}", "[".repeat(100_000));
    assert!(parse(deep_attr.as_bytes()).is_err());
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/compiler/frontend/testdata/misc.mlir"),
    )
    .unwrap();
    for cut in (0..src.len()).step_by(7) {
        if src.is_char_boundary(cut) {
            let _ = parse(&src.as_bytes()[..cut]);
        }
    }
    let _ = parse(b"func.func @f() { %0 = stablehlo.constant dense<1.0> : tensor<99999999999x99999999999x9xf32> return }");
    let _ = parse(b"module { func.func @f() { %0:99999999999 = stablehlo.abs }");
    let mut nested = String::from("func.func @f(%p: tensor<i1>) {\n");
    for _ in 0..10_000 {
        nested.push_str("\"stablehlo.if\"(%p) ({\n");
    }
    let e = parse(nested.as_bytes()).unwrap_err();
    assert!(e.message.contains("nested too deeply"), "{e}");
}

#[test]
fn parses_jax_examples_and_bench_models() {
    let mut files = Vec::new();
    if let Ok(entries) = std::fs::read_dir(shared_bytecode_dir()) {
        for e in entries.flatten() {
            let p = e.path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if name.ends_with(".mlir") && !name.ends_with(".vhlo.mlir") {
                files.push(p);
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir(bench_workloads_dir()) {
        for e in entries.flatten() {
            let p = e.path().join("model.mlir");
            if p.exists() {
                files.push(p);
            }
        }
    }
    for f in &files {
        let src = std::fs::read(f).unwrap();
        if let Err(e) = parse(&src) {
            panic!("{}", e.render(&f.display().to_string(), &src));
        }
    }
    assert!(files.len() >= 3, "../shared/bytecode/*.mlir not found");
    eprintln!("parsed {} JAX examples and bench models", files.len());
}
/// Pretty forms against MLIR's own generic printing of the same files (made by
/// `testdata/gen_generic_suite.py`; the suite is not copied into this tree, so the test runs
/// when `PJRTC_GENERIC_SUITE` names that output directory).
#[test]
#[ignore = "needs PJRTC_GENERIC_SUITE: the output of testdata/gen_generic_suite.py"]
fn pretty_forms_match_mlir_generic_printing() {
    let Ok(dir) = std::env::var("PJRTC_GENERIC_SUITE") else {
        panic!("set PJRTC_GENERIC_SUITE to the output directory of gen_generic_suite.py");
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/suite");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    let (mut same, mut missing) = (0, 0);
    for f in &files {
        let Ok(generic) = std::fs::read(Path::new(&dir).join(f.file_name().unwrap())) else {
            missing += 1;
            continue;
        };
        match (parse(&std::fs::read(f).unwrap()), parse(&generic)) {
            (Ok(mut a), Ok(mut b)) => {
                strip_locs(&mut a);
                strip_locs(&mut b);
                assert!(a == b, "{}: pretty and generic forms differ", f.display());
                same += 1;
            }
            (Err(a), Err(b)) => {
                assert!(
                    a.message.starts_with("unsupported:"),
                    "{}: {a}",
                    f.display()
                );
                assert!(
                    b.message.starts_with("unsupported:"),
                    "{}: {b}",
                    f.display()
                );
            }
            (a, b) => panic!("{}: {:?} vs {:?}", f.display(), a.err(), b.err()),
        }
    }
    eprintln!("{same} files give the same IR in both forms ({missing} without a generic form)");
    assert!(same > 1000);
}
/// Random edits of suite files (deletions, insertions of tricky tokens, byte changes) must
/// give results or diagnostics: no panic, no slow path.
#[test]
fn survives_mutated_inputs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/suite");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    files.sort();
    files.retain(|f| std::fs::metadata(f).is_ok_and(|m| m.len() < 20_000));
    assert!(!files.is_empty());
    let mut seed: u64 = 0x1234_5678;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    let toks: &[&[u8]] = &[
        b"(",
        b")",
        b"{",
        b"}",
        b"<",
        b">",
        b"[",
        b"]",
        b",",
        b":",
        b"%0",
        b"dense<",
        b"tensor<",
        b"x",
        b"-",
        b"0x",
        b"\"",
        b"^bb0",
        b"#",
        b"@",
        b"=",
        b"->",
        b"99999999999999999999",
        b"?",
        b"loc(",
        b" ",
        b"\xff",
    ];
    for _ in 0..3000 {
        let mut src = std::fs::read(&files[rnd() % files.len()]).unwrap();
        for _ in 0..1 + rnd() % 4 {
            let pos = rnd() % (src.len() + 1);
            match rnd() % 4 {
                0 if pos < src.len() => {
                    src.remove(pos);
                }
                1 => {
                    let t = toks[rnd() % toks.len()];
                    src.splice(pos..pos, t.iter().copied());
                }
                2 if pos < src.len() => src[pos] = (rnd() % 128) as u8,
                _ => {
                    let end = (pos + rnd() % 50).min(src.len());
                    src.drain(pos..end);
                }
            }
        }
        let start = std::time::Instant::now();
        let _ = parse(&src);
        assert!(
            start.elapsed().as_secs() < 2,
            "slow on:\n{}",
            String::from_utf8_lossy(&src)
        );
    }
}

/// `../shared/bytecode` beside the checkout (CI clones the repository with shared/ beside it).
fn shared_bytecode_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bytecode")
}

/// Workloads made by `../shared/bench/models.py --out DIR`, named by `PJRTC_BENCH_WORKLOADS`
/// (they are ~120 MB and not committed); without it the bench models are not read.
fn bench_workloads_dir() -> std::path::PathBuf {
    std::env::var_os("PJRTC_BENCH_WORKLOADS")
        .map(Into::into)
        .unwrap_or_default()
}

/// Bytes of `hex` decoded one digit pair at a time, `None` on a non-digit or odd length.
fn decode_hex_reference(hex: &[u8]) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    hex.chunks(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

#[test]
fn hex_blobs_decode_like_the_digit_by_digit_reference() {
    use super::parser::decode_hex;
    // Every length up to a few 8-digit chunks plus a tail, mixed case.
    let digits = b"0123456789abcdefABCDEF";
    for len in 0..42 {
        let hex: Vec<u8> = (0..len)
            .map(|i| digits[(i * 7 + len) % digits.len()])
            .collect();
        assert_eq!(decode_hex(&hex), decode_hex_reference(&hex), "{hex:?}");
        assert_eq!(decode_hex(&hex).is_some(), len % 2 == 0);
    }
    // Every byte value at every position of a blob with full chunks and a tail.
    let base = b"0f1E2d3C4b5A69788796A5b4C3d2E1f0FfEe".to_vec();
    for at in 0..base.len() {
        for c in 0..=255u8 {
            let mut hex = base.clone();
            hex[at] = c;
            let got = decode_hex(&hex);
            assert_eq!(got, decode_hex_reference(&hex), "byte {c:#x} at {at}");
            assert_eq!(got.is_some(), c.is_ascii_hexdigit(), "byte {c:#x} at {at}");
        }
    }
    assert_eq!(
        decode_hex(b"00FF7fA5c3"),
        Some(vec![0x00, 0xff, 0x7f, 0xa5, 0xc3])
    );
}

#[test]
fn collectives_parse_and_print_back() {
    use crate::compiler::ir::{Collective, CollectiveKind, print::print_module};
    let src = r#"func.func @main(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<2x12xf32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = dense<[[0, 2, 1], [3, -1, -1]]> : tensor<2x3xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>,
    use_global_device_ids
  } : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = "stablehlo.all_to_all"(%0) {
    split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64
  } : (tensor<4x6xf32>) -> tensor<2x12xf32>
  %2 = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2 : tensor<4x6xf32>, tensor<2x12xf32>, tensor<ui32>
}"#;
    let mut m = ok(src);
    let ops = &m.funcs[0].body.ops;
    assert_eq!(
        ops[0].opcode,
        Opcode::Collective(Collective {
            kind: CollectiveKind::AllReduce,
            groups: vec![vec![0, 2, 1], vec![3]],
            channel_id: 5,
            use_global_device_ids: true,
        })
    );
    assert_eq!(
        ops[1].opcode,
        Opcode::Collective(Collective::new(CollectiveKind::AllToAll {
            split_dimension: 0,
            concat_dimension: 1,
            split_count: 2,
        }))
    );
    assert_eq!(
        ops[2].opcode,
        Opcode::Collective(Collective::new(CollectiveKind::PartitionId))
    );
    let printed = print_module(&m);
    let mut again = ok(&printed);
    strip_locs(&mut m);
    strip_locs(&mut again);
    assert_eq!(m.funcs[0].body.ops, again.funcs[0].body.ops, "{printed}");
    // The spec forbids global device ids without a channel.
    let bad = src.replace("handle = 5", "handle = 0");
    assert!(err(&bad).contains("use_global_device_ids needs a channel_handle"));
}

#[test]
fn send_and_recv_parse_with_their_tokens() {
    use crate::compiler::ir::{Collective, CollectiveKind};
    let src = r#"func.func @main(%x: tensor<2x3xi64>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<2x3xi64>, !stablehlo.token) {
  %0 = "stablehlo.send"(%x, %t) {
    channel_handle = #stablehlo.channel_handle<handle = 3, type = 2>, is_host_transfer = true
  } : (tensor<2x3xi64>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) {
    channel_handle = #stablehlo.channel_handle<handle = 3, type = 3>, is_host_transfer = true
  } : (!stablehlo.token) -> (tensor<2x3xi64>, !stablehlo.token)
  return %0, %1#0, %1#1 : !stablehlo.token, tensor<2x3xi64>, !stablehlo.token
}"#;
    let m = ok(src);
    let ops = &m.funcs[0].body.ops;
    let on = |kind| {
        Opcode::Collective(Collective {
            channel_id: 3,
            ..Collective::new(kind)
        })
    };
    assert_eq!(ops[0].opcode, on(CollectiveKind::Send));
    assert_eq!((ops[0].operands.len(), ops[0].results.len()), (2, 1));
    assert_eq!(ops[1].opcode, on(CollectiveKind::Recv));
    assert_eq!((ops[1].operands.len(), ops[1].results.len()), (1, 2));
    crate::compiler::passes::verify::verify_module(&m).unwrap();
    // A send must end its operands with a token.
    let bad = src.replace(
        r#""stablehlo.send"(%x, %t) {"#,
        r#""stablehlo.send"(%t, %x) {"#,
    );
    let bad = bad.replace(
        "} : (tensor<2x3xi64>, !stablehlo.token) -> !stablehlo.token",
        "} : (!stablehlo.token, tensor<2x3xi64>) -> !stablehlo.token",
    );
    let m = ok(&bad);
    let e = crate::compiler::passes::verify::verify_module(&m).unwrap_err();
    assert!(
        e.message.contains("expects its values and then a token"),
        "{}",
        e.message
    );
}

use super::*;

fn run(src: &str) -> FileResult {
    test_source("t.mlir", src.as_bytes(), &TestOptions::default())
}

#[test]
fn passing_and_failing_checks() {
    let pass = r#"
func.func @add_op_test_si8() {
  %0 = stablehlo.constant dense<[0, 1, 8, -9, 0]> : tensor<5xi8>
  %1 = stablehlo.constant dense<[-128, -1, 8, -9, 127]> : tensor<5xi8>
  %2 = stablehlo.add %0, %1 : tensor<5xi8>
  check.expect_eq_const %2, dense<[-128, 0, 16, -18, 127]> : tensor<5xi8>
  func.return
}"#;
    let r = run(pass);
    assert_eq!(r.status, Status::Pass, "{:?}", r.messages);
    assert_eq!(r.ops, ["add", "constant"]);

    let fail = pass.replace("-18, 127]>", "-18, 126]>");
    let r = run(&fail);
    assert_eq!(r.status, Status::Fail);
    // Both pipelines report the failing element.
    assert_eq!(r.messages.len(), 2, "{:?}", r.messages);
    assert!(r.messages[0].contains("t.mlir:6:3: check.expect_eq_const failed [optimized]"));
    assert!(r.messages[1].contains("[unoptimized]"));
    assert!(
        r.messages[0].contains("at [4]: got 127, expected 126"),
        "{}",
        r.messages[0]
    );
}

#[test]
fn testdata_format_with_calls_and_custom_call_checks() {
    let src = r#"
module @jit_main {
  func.func public @main() -> (tensor<2xf32> {jax.result_info = ""}) {
    %0:2 = call @inputs() : () -> (tensor<2xf32>, tensor<2xf32>)
    %1 = call @expected() : () -> tensor<2xf32>
    %2 = stablehlo.divide %0#0, %0#1 : tensor<2xf32>
    stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    return %2 : tensor<2xf32>
  }
  func.func private @inputs() -> (tensor<2xf32>, tensor<2xf32>) {
    %cst = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
    %cst_0 = stablehlo.constant dense<[0.0, 2.0]> : tensor<2xf32>
    return %cst, %cst_0 : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @expected() -> tensor<2xf32> {
    %cst = stablehlo.constant dense<[0x7F800000, 1.5]> : tensor<2xf32>
    return %cst : tensor<2xf32>
  }
}"#;
    let r = run(src);
    assert_eq!(r.status, Status::Pass, "{:?}", r.messages);
    assert_eq!(r.ops, ["constant", "divide", "func.call"]);
}

const SORT: &str = r#"
func.func @main() {
  %0 = stablehlo.constant dense<[3, 1, 2]> : tensor<3xi32>
  %1 = "stablehlo.sort"(%0) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %1, dense<[1, 2, 3]> : tensor<3xi32>
  func.return
}"#;

fn unoptimized(src: &str) -> super::FileResult {
    test_source(
        "t.mlir",
        src.as_bytes(),
        &TestOptions {
            pipelines: vec![Pipeline::Unoptimized],
        },
    )
}

#[test]
fn unsupported_ops_are_errors_with_the_compiler_message() {
    let src = r#"
func.func @main() {
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xui32>
  %1 = stablehlo.custom_call @no_such_target(%s) : (tensor<2xui32>) -> tensor<2xui32>
  check.expect_eq_const %1, dense<[1, 2]> : tensor<2xui32>
  func.return
}"#;
    let r = unoptimized(src);
    assert_eq!(r.status, Status::Error);
    assert!(r.messages[0].contains("unsupported:"), "{:?}", r.messages);
    assert!(r.ops.contains(&"custom_call".to_string()), "{:?}", r.ops);
}

#[test]
fn sort_compiles_unoptimized() {
    let r = unoptimized(SORT);
    assert_eq!(r.status, Status::Pass, "{:?}", r.messages);
    assert!(r.ops.contains(&"sort".to_string()));
}

#[test]
fn parse_errors_still_name_the_ops() {
    let r = run("func.func @main() {\n  %0 = stablehlo.frobnicate : tensor<f32>\n}\n");
    assert_eq!(r.status, Status::Error);
    assert!(r.messages[0].starts_with("t.mlir:2:"), "{:?}", r.messages);
    assert_eq!(r.ops, ["frobnicate"]);
}

#[test]
fn a_case_without_checks_is_an_error() {
    let r =
        run("func.func @main() {\n  %0 = stablehlo.constant dense<1> : tensor<i32>\n  return\n}\n");
    assert_eq!(r.status, Status::Error);
    assert!(r.messages[0].contains("no checks"), "{:?}", r.messages);
}

#[test]
fn split_cases_keep_line_numbers() {
    let src = b"a\n// -----\nb\nc\n  // -----  \nd";
    let cases = split_cases(src);
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[0], b"a\n\n\n\n\n");
    assert_eq!(cases[1], b"\n\nb\nc\n\n");
    assert_eq!(cases[2], b"\n\n\n\n\nd");
    // The comment the suite's files carry is not a marker.
    assert_eq!(
        split_cases(b"// (this file is one `// -----` chunk)\nx").len(),
        1
    );
}

#[test]
fn several_cases_each_run_and_the_worst_wins() {
    let src = r#"
func.func @a() {
  %0 = stablehlo.constant dense<2> : tensor<i32>
  check.expect_eq_const %0, dense<2> : tensor<i32>
  func.return
}
// -----
func.func @b() {
  %0 = stablehlo.constant dense<2> : tensor<i32>
  check.expect_eq_const %0, dense<3> : tensor<i32>
  func.return
}"#;
    let r = run(src);
    assert_eq!(r.cases, 2);
    assert_eq!(r.status, Status::Fail);
    assert!(r.messages[0].contains("t.mlir:10:3:"), "{:?}", r.messages);
}

#[test]
fn panics_become_crash_messages() {
    let r = catch_panic(|| -> u32 { panic!("boom") });
    assert_eq!(r.unwrap_err(), "boom");
    assert_eq!(catch_panic(|| 7), Ok(7));
}

#[test]
fn scan_finds_dialect_op_names() {
    let names =
        scan_op_names(b"// stablehlo.not_this\n%0 = stablehlo.add %a, %b\n%1 = chlo.erf %0");
    let names: Vec<String> = names.into_iter().collect();
    assert_eq!(names, ["add", "chlo.erf"]);
}

#[test]
fn per_op_counts_and_report() {
    let mk = |path: &str, status, ops: &[&str]| FileResult {
        path: path.into(),
        status,
        messages: if status == Status::Pass {
            vec![]
        } else {
            vec!["bad\tthing\nline two".into()]
        },
        ops: ops.iter().map(|s| s.to_string()).collect(),
        cases: 1,
        millis: 1.0,
    };
    let results = vec![
        mk("a.mlir", Status::Pass, &["add", "constant"]),
        mk("b.mlir", Status::Fail, &["constant", "sort"]),
        mk("c.mlir", Status::Error, &["sort"]),
    ];
    let rows = suite::per_op(&results);
    assert_eq!(rows[0].0, "sort");
    assert_eq!(rows[0].1.not_passing(), 2);
    assert_eq!(rows[1].0, "constant");
    assert_eq!((rows[1].1.pass, rows[1].1.fail), (1, 1));
    let mut tsv = Vec::new();
    suite::write_report(&mut tsv, &results).unwrap();
    let tsv = String::from_utf8(tsv).unwrap();
    let lines: Vec<&str> = tsv.lines().collect();
    assert_eq!(lines[0], "file\tstatus\tmessage\tops");
    assert_eq!(
        lines[2],
        "b.mlir\tfail\tbad thing | line two\tconstant,sort"
    );
    let s = suite::summary(&results);
    assert!(
        s.starts_with("3 files: 1 passed, 1 failed, 1 errors, 0 crashed"),
        "{s}"
    );
}

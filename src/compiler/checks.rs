//! Turns the checks of a conformance test into results of its entry function.
//!
//! Conformance vectors (`stablehlo/testdata`, `stablehlo/tests/interpret`) assert with ops
//! that have no meaning in a compiled artifact: `stablehlo.custom_call @check.expect_*` and
//! the `check.expect_*` ops. [`extract_checks`] removes them from the entry function and
//! returns their operands (and the expected constant of `*_const` forms, as a constant op)
//! as extra results, so the normal pipeline compiles the program unchanged and the caller
//! compares the outputs in Rust with [`CheckSpec`]. Codegen never sees a check.

use super::diag::Diagnostic;
use super::ir::{Func, Loc, Module, Op, Opcode, SourcePos, TensorType, ValueId};

/// How a check compares its two tensors, element by element.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum CheckKind {
    /// Exact: integers and bools `==`, floats IEEE `==` (NaN fails, -0 == +0).
    Eq,
    /// ULP distance within `min_ulp..=max_ulp` (floats; integers use `|a - e|`).
    Close { min_ulp: u64, max_ulp: u64 },
    /// `|a - e| <= tolerance` in f64; NaN only against NaN; infinities must match.
    AlmostEq { tolerance: f64 },
}

/// One check: which outputs of the rewritten function it compares, and how.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckSpec {
    /// As written: `@check.expect_close` (custom call) or `check.expect_eq_const` (op).
    pub name: String,
    pub kind: CheckKind,
    /// Output index of the computed value.
    pub actual: usize,
    /// Output index of the expected value.
    pub expected: usize,
    pub loc: Loc,
}

/// Tolerances the upstream `check` dialect and the testdata custom calls use when the
/// check does not say.
const CUSTOM_CALL_ALMOST_EQ_TOLERANCE: f64 = 1e-3;
const OP_ALMOST_EQ_TOLERANCE: f64 = 1e-4;
const CUSTOM_CALL_MAX_ULP: u64 = 3;
/// `@check.eq` on floats: `|a - e| <= 1e-4`, as the conformance suite's runner compares it.
const CHECK_EQ_TOLERANCE: f64 = 1e-4;
const OP_MAX_ULP: u64 = 1;

/// Removes every check from the entry function of `module` and appends the compared
/// values to its results (after its own results), returning one spec per check in source
/// order. A check anywhere else (in a region, in another function) or one pjrtc does not
/// know is an error: a test must never lose a check silently.
pub fn extract_checks(module: &mut Module) -> Result<Vec<CheckSpec>, Diagnostic> {
    let entry_name = module
        .entry()
        .ok_or_else(|| {
            Diagnostic::new(
                SourcePos::Unknown,
                "no entry function: expected @main, a single public function or a single function",
            )
        })?
        .name
        .clone();
    for f in &module.funcs {
        let mut misplaced_op = None;
        let mut note = |op: &Op, where_: &'static str| {
            if misplaced_op.is_none() && is_check(&op.opcode) {
                misplaced_op = Some((op.clone(), where_));
            }
        };
        if f.name == entry_name {
            for op in &f.body.ops {
                for r in &op.regions {
                    r.walk(&mut |o| note(o, "inside a region"));
                }
            }
        } else {
            f.body.walk(&mut |o| note(o, "outside the entry function"));
        }
        if let Some((op, where_)) = misplaced_op {
            return Err(misplaced(&op, where_));
        }
    }
    // Found by name above, so present.
    match module.funcs.iter_mut().find(|f| f.name == entry_name) {
        Some(func) => rewrite(func),
        None => Ok(Vec::new()),
    }
}

fn rewrite(func: &mut Func) -> Result<Vec<CheckSpec>, Diagnostic> {
    let ops = std::mem::take(&mut func.body.ops);
    let mut kept = Vec::with_capacity(ops.len());
    let mut specs = Vec::new();
    // Result attributes are per result: keep them aligned for the results we add.
    func.result_attrs
        .resize(func.result_types.len(), Vec::new());
    for op in ops {
        let Some((name, kind)) = classify(&op)? else {
            kept.push(op);
            continue;
        };
        let (actual, expected) = match &op.opcode {
            Opcode::Check {
                constant: Some(lit),
                ..
            } => {
                let [actual] = op.operands[..] else {
                    return Err(arity(&op, &name, 1));
                };
                let v = func.new_value(lit.ty.clone());
                kept.push(Op {
                    opcode: Opcode::Constant((**lit).clone()),
                    operands: vec![],
                    results: vec![v],
                    regions: vec![],
                    loc: op.loc.clone(),
                });
                (actual, v)
            }
            _ => {
                let [actual, expected] = op.operands[..] else {
                    return Err(arity(&op, &name, 2));
                };
                (actual, expected)
            }
        };
        let (ta, te) = (func.ty(actual).clone(), func.ty(expected).clone());
        if ta != te {
            return Err(Diagnostic::at(
                &op.loc,
                format!("'{name}' compares different types: {ta} vs {te}"),
            ));
        }
        let mut kind = kind;
        if name == "@check.eq" {
            if ta.dtype.is_float() {
                kind = CheckKind::AlmostEq {
                    tolerance: CHECK_EQ_TOLERANCE,
                };
            }
            // Its verdict, if the program uses it, is that the check holds: the runner
            // reports it otherwise.
            if let [verdict] = op.results[..] {
                let ty = TensorType::scalar(crate::compiler::ir::DType::I1);
                if func.ty(verdict) != &ty {
                    return Err(Diagnostic::at(
                        &op.loc,
                        format!("'{name}' must return {ty}"),
                    ));
                }
                kept.push(Op {
                    opcode: Opcode::Constant(crate::compiler::ir::Literal::new(ty, vec![1])),
                    operands: vec![],
                    results: vec![verdict],
                    regions: vec![],
                    loc: op.loc.clone(),
                });
            }
        }
        specs.push(CheckSpec {
            name,
            kind,
            actual: push_result(func, actual, ta.clone()),
            expected: push_result(func, expected, ta),
            loc: op.loc.clone(),
        });
    }
    func.body.ops = kept;
    Ok(specs)
}

fn push_result(func: &mut Func, v: ValueId, ty: TensorType) -> usize {
    func.body.yields.push(v);
    func.result_types.push(ty);
    func.result_attrs.push(Vec::new());
    func.body.yields.len() - 1
}

fn is_check(op: &Opcode) -> bool {
    match op {
        Opcode::Check { .. } => true,
        Opcode::CustomCall { target, .. } => target.starts_with("check."),
        _ => false,
    }
}

/// The check an op is (its name as written and its comparison), `None` for other ops.
fn classify(op: &Op) -> Result<Option<(String, CheckKind)>, Diagnostic> {
    match &op.opcode {
        Opcode::CustomCall { target, .. } if target.starts_with("check.") => {
            let name = format!("@{target}");
            let kind = match target.as_str() {
                "check.expect_eq" => CheckKind::Eq,
                "check.expect_close" => CheckKind::Close {
                    min_ulp: 0,
                    max_ulp: CUSTOM_CALL_MAX_ULP,
                },
                "check.expect_almost_eq" => CheckKind::AlmostEq {
                    tolerance: CUSTOM_CALL_ALMOST_EQ_TOLERANCE,
                },
                // `@check.eq` (testdata/quantized) returns its verdict as a tensor<i1>:
                // floats within CHECK_EQ_TOLERANCE, others exact (see `rewrite`).
                "check.eq" => {
                    if op.results.len() > 1 {
                        return Err(Diagnostic::at(
                            &op.loc,
                            format!("'{name}' has at most one result"),
                        ));
                    }
                    return Ok(Some((name, CheckKind::Eq)));
                }
                _ => return Err(unknown(op, &name)),
            };
            if !op.results.is_empty() {
                return Err(Diagnostic::at(
                    &op.loc,
                    format!("'{name}' must not have results"),
                ));
            }
            Ok(Some((name, kind)))
        }
        Opcode::Check {
            name: short,
            constant,
            tolerance,
            max_ulp_difference,
            min_ulp_difference,
        } => {
            let name = format!("check.{short}");
            let base = short.strip_suffix("_const").unwrap_or(short);
            if short.ends_with("_const") != constant.is_some() {
                return Err(Diagnostic::at(
                    &op.loc,
                    format!("'{name}' needs an expected constant exactly in its _const form"),
                ));
            }
            let kind = match base {
                "expect_eq" => CheckKind::Eq,
                "expect_almost_eq" => CheckKind::AlmostEq {
                    tolerance: tolerance.unwrap_or(OP_ALMOST_EQ_TOLERANCE),
                },
                "expect_close" => CheckKind::Close {
                    min_ulp: ulp_bound(op, &name, *min_ulp_difference, 0)?,
                    max_ulp: ulp_bound(op, &name, *max_ulp_difference, OP_MAX_ULP)?,
                },
                _ => return Err(unknown(op, &name)),
            };
            if let CheckKind::AlmostEq { tolerance } = kind
                && (tolerance.is_nan() || tolerance < 0.0)
            {
                return Err(Diagnostic::at(
                    &op.loc,
                    format!("'{name}' has an invalid tolerance {tolerance}"),
                ));
            }
            Ok(Some((name, kind)))
        }
        _ => Ok(None),
    }
}

fn ulp_bound(op: &Op, name: &str, given: Option<i64>, default: u64) -> Result<u64, Diagnostic> {
    match given {
        None => Ok(default),
        Some(n) => u64::try_from(n)
            .map_err(|_| Diagnostic::at(&op.loc, format!("'{name}' has a negative ulp bound {n}"))),
    }
}

fn unknown(op: &Op, name: &str) -> Diagnostic {
    Diagnostic::at(&op.loc, format!("unsupported: check '{name}'"))
}

fn arity(op: &Op, name: &str, n: usize) -> Diagnostic {
    Diagnostic::at(
        &op.loc,
        format!(
            "'{name}' expects {n} operand(s), found {}",
            op.operands.len()
        ),
    )
}

fn misplaced(op: &Op, where_: &str) -> Diagnostic {
    Diagnostic::at(
        &op.loc,
        format!(
            "unsupported: '{}' {where_}; checks must be at the top level of the entry function",
            op.opcode.name()
        ),
    )
}

/// Every op name a module uses (`stablehlo.add`, `func.call`, ...), checks excluded, sorted
/// and without duplicates: what a test exercises.
pub fn op_names(module: &Module) -> Vec<String> {
    let mut names = std::collections::BTreeSet::new();
    for f in &module.funcs {
        f.body.walk(&mut |op| {
            if !is_check(&op.opcode) {
                names.insert(op.opcode.name());
            }
        });
    }
    names.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiler::frontend::parse;

    fn extract(src: &str) -> Result<(Module, Vec<CheckSpec>), Diagnostic> {
        let mut m = parse(src.as_bytes()).expect("parses");
        let specs = extract_checks(&mut m)?;
        Ok((m, specs))
    }

    #[test]
    fn custom_call_checks_become_results_after_the_own_ones() {
        let src = r#"
func.func public @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  %2 = stablehlo.add %0, %0 : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_almost_eq(%0, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %2 : tensor<2xf32>
}"#;
        let (m, specs) = extract(src).unwrap();
        let f = m.entry().unwrap();
        assert_eq!(f.body.yields.len(), 5);
        assert_eq!(f.result_types.len(), 5);
        assert_eq!(f.result_attrs.len(), 5);
        assert!(f.body.ops.iter().all(|o| !is_check(&o.opcode)));
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].name, "@check.expect_close");
        assert_eq!(
            specs[0].kind,
            CheckKind::Close {
                min_ulp: 0,
                max_ulp: 3
            }
        );
        assert_eq!((specs[0].actual, specs[0].expected), (1, 2));
        assert_eq!(specs[1].kind, CheckKind::AlmostEq { tolerance: 1e-3 });
        assert_eq!((specs[1].actual, specs[1].expected), (3, 4));
        assert_eq!(f.body.yields[3], f.body.ops[0].results[0]);
        crate::compiler::passes::verify::verify_module(&m).unwrap();
    }

    #[test]
    fn check_ops_with_constants_and_attributes() {
        let src = r#"
func.func @t() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %1 = stablehlo.constant dense<5.0> : tensor<f64>
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi8>
  check.expect_almost_eq_const %1, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
  check.expect_close %1, %1, max_ulp_difference = 3 : tensor<f64>, tensor<f64>
  check.expect_almost_eq %1, %1 : tensor<f64>
  func.return
}"#;
        let (m, specs) = extract(src).unwrap();
        let kinds: Vec<CheckKind> = specs.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [
                CheckKind::Eq,
                CheckKind::AlmostEq { tolerance: 0.1 },
                CheckKind::Close {
                    min_ulp: 0,
                    max_ulp: 3
                },
                CheckKind::AlmostEq { tolerance: 1e-4 },
            ]
        );
        let f = m.entry().unwrap();
        assert_eq!(f.body.yields.len(), 8);
        // The expected constants were added as constant ops.
        let constants = f
            .body
            .ops
            .iter()
            .filter(|o| matches!(o.opcode, Opcode::Constant(_)))
            .count();
        assert_eq!(constants, 4);
        crate::compiler::passes::verify::verify_module(&m).unwrap();
    }

    #[test]
    fn unknown_and_misplaced_checks_are_errors() {
        let unknown = r#"
func.func @main() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  stablehlo.custom_call @check.expect_something(%0, %0) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  return
}"#;
        let e = extract(unknown).unwrap_err();
        assert!(e.message.contains("unsupported: check"), "{}", e.message);

        let in_callee = r#"
func.func @main() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  call @helper(%0) : (tensor<i32>) -> ()
  return
}
func.func private @helper(%arg0: tensor<i32>) {
  check.expect_eq_const %arg0, dense<1> : tensor<i32>
  return
}"#;
        let e = extract(in_callee).unwrap_err();
        assert!(e.message.contains("outside the entry"), "{}", e.message);
    }

    #[test]
    fn mismatched_types_are_an_error() {
        let src = r#"
func.func @main() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %0, dense<1> : tensor<i64>
  return
}"#;
        let e = extract(src).unwrap_err();
        assert!(e.message.contains("different types"), "{}", e.message);
    }

    #[test]
    fn op_names_skip_checks() {
        let src = r#"
func.func @main() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  %1 = stablehlo.abs %0 : tensor<i32>
  check.expect_eq_const %1, dense<1> : tensor<i32>
  return
}"#;
        let m = parse(src.as_bytes()).unwrap();
        assert_eq!(op_names(&m), ["stablehlo.abs", "stablehlo.constant"]);
    }
}

//! Golden tests: every program under tests/golden/ (made by JAX with gen_goldens.py) is
//! compiled, serialized, loaded and run exactly as the CLI does, and each output is
//! compared with JAX's within the tolerance in its meta.json.
//!
//! Cases with a `model.hlo.pb` (the HloModuleProto of the same function, the program
//! format PyTorch/XLA sends) run from it through the HLO front end too, and must match
//! the same outputs.
//!
//! Cases with a `model.mlirbc` (the VHLO bytecode JAX sends a plugin) run from it too.
//! Cases of tier "core" (the required StableHLO ops), "chlo" (CHLO ops, expanded by the
//! front ends) and "linalg" (LAPACK custom calls) must pass. Cases of tier "extra" use ops
//! beyond the foundation (gather, scatter, sort): each must pass or be refused at compile
//! time with an `unsupported:` diagnostic; they are counted separately, never as passes.

mod common;

use common::compile_and_run;
use common::golden::{Case, cases};
use std::path::Path;

/// Runs one case, from its text and (where it has one) its bytecode; `Err` describes the
/// first problem.
fn run_case(dir: &Path) -> Result<(), String> {
    let case = Case::read(dir)?;
    let got = compile_and_run(&case.source()?, &case.inputs())?;
    case.check(&got)?;
    if let Some(bc) = case.bytecode() {
        let got = compile_and_run(&bc, &case.inputs()).map_err(|e| format!("model.mlirbc: {e}"))?;
        case.check(&got).map_err(|e| format!("model.mlirbc: {e}"))?;
    }
    if let Some(hlo) = case.hlo() {
        let got =
            compile_and_run(&hlo, &case.inputs()).map_err(|e| format!("model.hlo.pb: {e}"))?;
        case.check(&got).map_err(|e| format!("model.hlo.pb: {e}"))?;
    }
    Ok(())
}

#[test]
fn golden_programs_match_jax() {
    let cases = cases();
    let (mut passed, mut unsupported, mut failures) = (0, Vec::new(), Vec::new());
    for dir in &cases {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let meta = std::fs::read_to_string(dir.join("meta.json")).unwrap_or_default();
        let extra = meta.contains("\"tier\": \"extra\"");
        // A panic anywhere in the pipeline is a failure of this case, reported with the rest.
        let result = std::panic::catch_unwind(|| run_case(dir))
            .unwrap_or_else(|_| Err("panicked".to_string()));
        match result {
            Ok(()) => passed += 1,
            Err(e) if extra && e.starts_with("compile: ") && e.contains("unsupported: ") => {
                unsupported.push(format!("{name}: {e}"))
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    for u in &unsupported {
        println!("refused as unsupported (tier extra): {u}");
    }
    println!(
        "golden: {passed} passed, {} failed, {} unsupported (extra tier)",
        failures.len(),
        unsupported.len()
    );
    assert!(
        passed >= 25,
        "expected at least 25 passing golden programs, got {passed}"
    );
    assert!(
        failures.is_empty(),
        "{} golden programs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

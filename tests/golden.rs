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

/// Programs exported by `jax.export` with symbolic dimensions (tests/dynamic/, made by
/// gen_dynamic.py): each is compiled for every recorded size through shape refinement
/// (`compile_with_dims`, what `pjrtc compile --dim b=8` does), from its text and its VHLO
/// bytecode, and run; every output must match JAX's at that size.
#[test]
fn dynamic_programs_match_jax_at_every_size() {
    use pjrtc::compiler::{self, Options, Timings};
    use pjrtc_runtime::Executable;
    let mut failures = Vec::new();
    let mut runs = 0;
    for dir in &common::golden::dynamic_cases() {
        let case = common::golden::DynamicCase::read(dir);
        let name = &case.name;
        assert!(case.sizes.len() >= 3, "{name}: fewer than three sizes");
        for (form, file) in [("text", "model.mlir"), ("bytecode", "model.mlirbc")] {
            let source = std::fs::read(dir.join(file)).unwrap();
            for (k, dims) in case.sizes.iter().enumerate() {
                let inputs = case.inputs(k);
                let run = || -> Result<(), String> {
                    let pjx = compiler::compile_with_dims(
                        &source,
                        dims,
                        &Options::default(),
                        &mut Timings::default(),
                    )
                    .map_err(|e| format!("compile: {e}"))?;
                    let exe =
                        Executable::load(&pjx.to_bytes()).map_err(|e| format!("load: {e}"))?;
                    let refs: Vec<_> = inputs.iter().collect();
                    let got = exe.run(&refs).map_err(|e| format!("run: {e}"))?;
                    case.check(k, &got)
                };
                runs += 1;
                if let Err(e) = run() {
                    failures.push(format!("{name} ({form}) at {dims:?}: {e}"));
                }
            }
        }
    }
    println!("dynamic golden: {runs} runs, {} failed", failures.len());
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}

/// The same programs compiled once for every size up to a bound (`pjrtc compile
/// --max-dim`, bounded dynamic shapes), from text and bytecode, and run at every recorded
/// size (each below its bound, so padding is present at every size): every output must
/// match JAX's at that size.
#[test]
fn dynamic_programs_compiled_once_match_jax_at_every_size() {
    use pjrtc::compiler::{self, Options, Timings};
    use pjrtc_runtime::Executable;
    let dirs = common::golden::dynamic_cases();
    let mut failures = Vec::new();
    let mut runs = 0;
    for dir in &dirs {
        let case = common::golden::DynamicCase::read(dir);
        for (form, file) in [("text", "model.mlir"), ("bytecode", "model.mlirbc")] {
            let source = std::fs::read(dir.join(file)).unwrap();
            let pjx = match compiler::compile_source_bounded(
                &source,
                &case.bounds(),
                &Options::default(),
                &mut Timings::default(),
            ) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{} ({form}): compile: {e}", case.name));
                    continue;
                }
            };
            assert!(pjx.dynamic.is_some(), "{}: a static artifact", case.name);
            let exe = Executable::load(&pjx.to_bytes()).expect("load");
            for k in 0..case.sizes.len() {
                runs += 1;
                let inputs = case.inputs(k);
                let refs: Vec<_> = inputs.iter().collect();
                let r = exe
                    .run(&refs)
                    .map_err(|e| format!("run: {e}"))
                    .and_then(|got| case.check(k, &got));
                if let Err(e) = r {
                    failures.push(format!(
                        "{} ({form}) at {:?}: {e}",
                        case.name, case.sizes[k]
                    ));
                }
            }
        }
    }
    println!(
        "dynamic golden, compiled once: {runs} runs, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
    assert!(
        runs >= 42,
        "expected 7 cases x 2 forms x 3 sizes, ran {runs}"
    );
}

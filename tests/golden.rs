//! Golden tests: every program under tests/golden/ (made by JAX with gen_goldens.py) is
//! compiled, serialized, loaded and run exactly as the CLI does, and each output is
//! compared with JAX's within the tolerance in its meta.json.

mod common;

use common::{compare, compile_and_run, read_npy};
use std::path::{Path, PathBuf};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/golden exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("model.mlir").is_file())
        .collect();
    dirs.sort();
    dirs
}

fn numbered(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    (0..)
        .map(|i| dir.join(format!("{prefix}{i}.npy")))
        .take_while(|p| p.is_file())
        .collect()
}

/// Runs one case; `Err` describes the first problem.
fn run_case(dir: &Path) -> Result<(), String> {
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("meta.json")).map_err(|e| e.to_string())?)
            .map_err(|e| format!("meta.json: {e}"))?;
    let rtol = meta["rtol"].as_f64().ok_or("meta.json: no rtol")?;
    let atol = meta["atol"].as_f64().ok_or("meta.json: no atol")?;
    let source = std::fs::read(dir.join("model.mlir")).map_err(|e| e.to_string())?;
    let inputs: Vec<_> = numbered(dir, "in").iter().map(|p| read_npy(p)).collect();
    let expected: Vec<_> = numbered(dir, "out").iter().map(|p| read_npy(p)).collect();
    if expected.is_empty() {
        return Err("no expected outputs (out0.npy)".into());
    }
    let got = compile_and_run(&source, &inputs)?;
    if got.len() != expected.len() {
        return Err(format!(
            "{} outputs, expected {}",
            got.len(),
            expected.len()
        ));
    }
    for (i, (g, w)) in got.iter().zip(&expected).enumerate() {
        let c = compare(g, w, rtol, atol).map_err(|e| format!("out{i}: {e}"))?;
        if let Some((at, gv, wv)) = c.first_failure {
            return Err(format!(
                "out{i}[{at}] = {gv}, expected {wv} (rtol {rtol}, atol {atol})"
            ));
        }
    }
    Ok(())
}

#[test]
fn golden_programs_match_jax() {
    let cases = cases();
    assert!(
        cases.len() >= 25,
        "expected at least 25 golden programs, found {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for dir in &cases {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        // A panic anywhere in the pipeline is a failure of this case, reported with the rest.
        let result = std::panic::catch_unwind(|| run_case(dir))
            .unwrap_or_else(|_| Err("panicked".to_string()));
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
    }
    println!(
        "golden: {} passed, {} failed",
        cases.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} golden programs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

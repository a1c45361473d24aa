//! Golden tests: every program under tests/golden/ (made by JAX with gen_goldens.py) is
//! compiled, serialized, loaded and run exactly as the CLI does, and each output is
//! compared with JAX's within the tolerance in its meta.json.
//!
//! Cases of tier "core" must pass. Cases of tier "extra" use ops beyond the foundation
//! (gather, scatter, sort, CHLO functions): each must pass or be refused at compile time
//! with an `unsupported:` diagnostic; they are counted separately, never as passes.

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

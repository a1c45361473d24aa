//! Quantized programs (tests/quantized/, hand-written StableHLO with `!quant.uniform`
//! types, since JAX prints none) compiled from text and from their VHLO bytecode, run,
//! and compared with the StableHLO reference interpreter's outputs (made by
//! gen_quantized.py through jaxlib, which also checks them against numpy): stored
//! integers within the case's `step_tolerance`, everything else exactly.

mod common;

use common::{compile_and_run, read_npy};
use pjrtc_runtime::{DType, Tensor};
use std::path::{Path, PathBuf};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/quantized");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/quantized exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("model.mlir").is_file())
        .collect();
    dirs.sort();
    dirs
}

fn numbered(dir: &Path, prefix: &str) -> Vec<Tensor> {
    (0..)
        .map(|i| dir.join(format!("{prefix}{i}.npy")))
        .take_while(|p| p.is_file())
        .map(|p| read_npy(&p))
        .collect()
}

/// Compares one output; returns the number of integer elements off by one or more steps
/// (within `tol`), or the first problem.
fn compare(got: &Tensor, want: &Tensor, tol: i64) -> Result<usize, String> {
    if got.dtype != want.dtype || got.shape != want.shape {
        return Err(format!(
            "{:?}{:?}, expected {:?}{:?}",
            got.dtype, got.shape, want.dtype, want.shape
        ));
    }
    let n = got.num_elements() as usize;
    let mut off = 0;
    for i in 0..n {
        let (g, w) = (common::element_f64(got, i), common::element_f64(want, i));
        let same = g == w || (g.is_nan() && w.is_nan());
        if same {
            continue;
        }
        let int = !(got.dtype.is_float() || got.dtype == DType::I1);
        if int && (g - w).abs() <= tol as f64 {
            off += 1;
            continue;
        }
        return Err(format!("element {i}: {g}, expected {w}"));
    }
    Ok(off)
}

#[test]
fn quantized_programs_match_the_reference_interpreter() {
    let cases = cases();
    assert!(
        cases.len() >= 3,
        "tests/quantized has {} cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for dir in &cases {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let meta: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("meta.json")).unwrap()).unwrap();
        let tol = meta["step_tolerance"].as_i64().expect("step_tolerance");
        let (inputs, expected) = (numbered(dir, "in"), numbered(dir, "out"));
        let mut sources = vec![dir.join("model.mlir")];
        let versions = meta["versions"].as_array().expect("versions");
        for v in versions {
            sources.push(dir.join(format!("model.v{}.mlirbc", v.as_str().unwrap())));
        }
        for src in &sources {
            let file = src.file_name().unwrap().to_string_lossy().to_string();
            let got = match compile_and_run(&std::fs::read(src).unwrap(), &inputs) {
                Ok(g) => g,
                Err(e) => {
                    failures.push(format!("{name}/{file}: {e}"));
                    continue;
                }
            };
            if got.len() != expected.len() {
                failures.push(format!("{name}/{file}: {} outputs", got.len()));
                continue;
            }
            for (k, (g, w)) in got.iter().zip(&expected).enumerate() {
                match compare(g, w, tol) {
                    Ok(0) => {}
                    Ok(off) => println!("{name}/{file}: out{k}: {off} elements one step off"),
                    Err(e) => failures.push(format!("{name}/{file}: out{k}: {e}")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

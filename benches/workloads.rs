//! Runs the benchmark workloads of ../shared/bench (made by its models.py) without Python:
//! for each workload, compile time, correctness against JAX's outputs, and run time.
//!
//!     cargo bench --bench workloads -- [WORKLOADS_DIR] [--iters N] [--only a,b]
//!
//! WORKLOADS_DIR defaults to ../bench-workloads. The pass rule is the harness's:
//! floats `max|got - want| <= tol * max(1, max|want|)` with `tol` from meta.json,
//! integers exact. The table also shows the stricter per-element check
//! `|got - want| <= 1e-5 + 1e-4 * |want|`.

use pjrtc::compiler::{self, Options};
use pjrtc_runtime::{DType, Executable, Tensor};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn element_f64(t: &Tensor, i: usize) -> f64 {
    let w = t.dtype.size();
    let b = &t.bytes()[i * w..(i + 1) * w];
    match t.dtype {
        DType::F32 => f32::from_le_bytes(b.try_into().unwrap()) as f64,
        DType::F64 => f64::from_le_bytes(b.try_into().unwrap()),
        DType::F16 => half::f16::from_le_bytes([b[0], b[1]]).to_f64(),
        DType::BF16 => half::bf16::from_le_bytes([b[0], b[1]]).to_f64(),
        DType::I32 => i32::from_le_bytes(b.try_into().unwrap()) as f64,
        DType::I64 => i64::from_le_bytes(b.try_into().unwrap()) as f64,
        _ => f64::NAN,
    }
}

struct Row {
    name: String,
    compile_ms: f64,
    max_err: f64,
    pass_tol: bool,
    pass_strict: bool,
    median_ms: f64,
    error: Option<String>,
}

fn run_workload(dir: &Path, iters: usize) -> Result<Row, String> {
    let name = dir.file_name().unwrap().to_string_lossy().to_string();
    let meta: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join("meta.json")).map_err(|e| format!("meta.json: {e}"))?,
    )
    .map_err(|e| format!("meta.json: {e}"))?;
    let tol = meta["tol"].as_f64().unwrap_or(1e-5);
    let source = std::fs::read(dir.join("model.mlir")).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let pjx =
        compiler::compile(&source, &Options::default()).map_err(|e| format!("compile: {e}"))?;
    let bytes = pjx.to_bytes();
    let compile_ms = start.elapsed().as_secs_f64() * 1e3;
    let exe = Executable::load(&bytes).map_err(|e| format!("load: {e}"))?;
    let read_all = |prefix: &str| -> Result<Vec<Tensor>, String> {
        (0..)
            .map(|i| dir.join(format!("{prefix}{i}.npy")))
            .take_while(|p| p.is_file())
            .map(|p| pjrtc_runtime::npy::read_npy(&p).map_err(|e| e.to_string()))
            .collect()
    };
    let inputs = read_all("in")?;
    let expected = read_all("out")?;
    let refs: Vec<&Tensor> = inputs.iter().collect();
    let got = exe.run(&refs).map_err(|e| format!("run: {e}"))?;
    if got.len() != expected.len() {
        return Err(format!(
            "{} outputs, expected {}",
            got.len(),
            expected.len()
        ));
    }
    let (mut max_err, mut pass_tol, mut pass_strict) = (0.0f64, true, true);
    for (g, w) in got.iter().zip(&expected) {
        if g.dtype != w.dtype || g.shape != w.shape {
            return Err(format!(
                "output {}{:?}, expected {}{:?}",
                g.dtype, g.shape, w.dtype, w.shape
            ));
        }
        if !w.dtype.is_float() {
            if g.bytes() != w.bytes() {
                (pass_tol, pass_strict, max_err) = (false, false, f64::INFINITY);
            }
            continue;
        }
        let n = w.num_elements() as usize;
        let scale = (0..n)
            .map(|i| element_f64(w, i).abs())
            .fold(1.0f64, f64::max);
        for i in 0..n {
            let (a, b) = (element_f64(g, i), element_f64(w, i));
            let err = if a.is_nan() && b.is_nan() {
                0.0
            } else {
                (a - b).abs()
            };
            let err = if err.is_nan() { f64::INFINITY } else { err };
            max_err = max_err.max(err);
            pass_strict &= err <= 1e-5 + 1e-4 * b.abs();
            pass_tol &= err <= tol * scale;
        }
    }
    let mut times = Vec::with_capacity(iters);
    for _ in 0..3 {
        exe.run(&refs).map_err(|e| e.to_string())?;
    }
    for _ in 0..iters {
        let t = Instant::now();
        exe.run(&refs).map_err(|e| e.to_string())?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    let median_ms = times.get(times.len() / 2).copied().unwrap_or(f64::NAN);
    Ok(Row {
        name,
        compile_ms,
        max_err,
        pass_tol,
        pass_strict,
        median_ms,
        error: None,
    })
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let mut dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../bench-workloads"));
    let (mut iters, mut only) = (20usize, None::<Vec<String>>);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--iters" => iters = args.next().and_then(|v| v.parse().ok()).expect("--iters N"),
            "--only" => {
                only = args
                    .next()
                    .map(|v| v.split(',').map(String::from).collect())
            }
            _ => dir = PathBuf::from(a),
        }
    }
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!(
            "no workloads at {} (run ../shared/bench/models.py --out DIR first)",
            dir.display()
        );
        std::process::exit(1);
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("model.mlir").is_file())
        .filter(|p| {
            only.as_ref()
                .is_none_or(|o| o.iter().any(|n| p.ends_with(n)))
        })
        .collect();
    dirs.sort();
    println!(
        "| workload | compile ms | max abs err | tol check | 1e-4/1e-5 check | run median ms |"
    );
    println!("|---|---:|---:|---|---|---:|");
    let mut failed = 0;
    for d in &dirs {
        let row = run_workload(d, iters).unwrap_or_else(|e| Row {
            name: d.file_name().unwrap().to_string_lossy().into(),
            compile_ms: f64::NAN,
            max_err: f64::NAN,
            pass_tol: false,
            pass_strict: false,
            median_ms: f64::NAN,
            error: Some(e),
        });
        failed += usize::from(!row.pass_tol);
        let yes = |b: bool| if b { "pass" } else { "FAIL" };
        match &row.error {
            Some(e) => println!("| {} | - | - | FAIL: {e} | - | - |", row.name),
            None => println!(
                "| {} | {:.1} | {:.2e} | {} | {} | {:.3} |",
                row.name,
                row.compile_ms,
                row.max_err,
                yes(row.pass_tol),
                yes(row.pass_strict),
                row.median_ms
            ),
        }
    }
    println!(
        "workloads: {} passed, {} failed",
        dirs.len() - failed,
        failed
    );
    if failed > 0 {
        std::process::exit(1);
    }
}

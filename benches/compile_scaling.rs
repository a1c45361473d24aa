//! Compile time as programs grow: `pjrtc compile --timings` on generated programs of about
//! 1k, 10k and 100k ops (dense layers, layer norms, attention, convolutions, pools,
//! elementwise chains, while loops: `compile_scaling/gen.rs`) and on any programs given on
//! the command line (real models' programs, text or bytecode). Prints a markdown table:
//! ops, kernels in the artifact (and how many distinct ones were compiled), the compile
//! time (best of `--runs`; `process ms` is the whole `pjrtc compile` process, reading the
//! program and writing the artifact included), microseconds per op, and the milliseconds
//! of each phase of that run.
//!
//!     cargo bench --bench compile_scaling -- [--sizes 1000,10000,100000] [--runs 3]
//!         [--write DIR] [--threads N] [PROGRAM...]
//!
//! `--write DIR` keeps the generated programs there (as `gen_<ops>.mlir`), to reproduce a
//! row with `pjrtc compile DIR/gen_100000.mlir -o x.pjx --timings`. `--threads N` sets
//! PJRTC_COMPILE_THREADS for the compiles (default: the compiler's own choice).

#[path = "compile_scaling/gen.rs"]
mod generated;

use pjrtc::compiler::{frontend, ir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Operations of a module, those inside regions (loop bodies, reducers) included.
fn count_ops(module: &ir::Module) -> usize {
    fn region(r: &ir::Region) -> usize {
        r.ops
            .iter()
            .map(|op| 1 + op.regions.iter().map(region).sum::<usize>())
            .sum()
    }
    module.funcs.iter().map(|f| region(&f.body)).sum()
}

struct Run {
    wall_ms: f64,
    compile_ms: f64,
    phases: Vec<(String, f64)>,
}

/// One `pjrtc compile --timings` of `program`: wall time of the process and its JSON line.
fn compile_once(program: &Path, out: &Path, threads: Option<&str>) -> Result<Run, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pjrtc"));
    cmd.arg("compile")
        .arg(program)
        .arg("-o")
        .arg(out)
        .arg("--timings");
    if let Some(t) = threads {
        cmd.env("PJRTC_COMPILE_THREADS", t);
    }
    let start = Instant::now();
    let o = cmd.output().map_err(|e| format!("running pjrtc: {e}"))?;
    let wall_ms = start.elapsed().as_secs_f64() * 1e3;
    let stderr = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() {
        return Err(stderr.lines().next().unwrap_or("failed").to_string());
    }
    let line = stderr
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .ok_or("no --timings line")?;
    let json: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let phases = json["phases"]
        .as_object()
        .ok_or("no phases")?
        .iter()
        .map(|(k, v)| (k.clone(), v.as_f64().unwrap_or(f64::NAN)))
        .collect();
    Ok(Run {
        wall_ms,
        compile_ms: json["compile_ms"].as_f64().unwrap_or(f64::NAN),
        phases,
    })
}

const PHASES: [&str; 10] = [
    "parse",
    "verify",
    "inline",
    "reciprocal",
    "fold",
    "cse",
    "dce",
    "lower",
    "codegen",
    "write",
];

fn row(name: &str, program: &Path, runs: usize, threads: Option<&str>) -> Result<String, String> {
    let source = std::fs::read(program).map_err(|e| format!("{}: {e}", program.display()))?;
    let module = frontend::parse(&source).map_err(|d| d.to_string())?;
    let ops = count_ops(&module);
    let out = std::env::temp_dir().join(format!("pjrtc_scaling_{}.pjx", std::process::id()));
    let mut best: Option<Run> = None;
    for _ in 0..runs {
        let r = compile_once(program, &out, threads)?;
        if best.as_ref().is_none_or(|b| r.compile_ms < b.compile_ms) {
            best = Some(r);
        }
    }
    let best = best.ok_or("no runs")?;
    let bytes = std::fs::read(&out).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&out);
    let pjx = pjrtc_runtime::Pjx::from_bytes(&bytes).map_err(|e| e.to_string())?;
    let phase = |p: &str| {
        best.phases
            .iter()
            .find(|(n, _)| n == p)
            .map_or("-".to_string(), |(_, ms)| format!("{ms:.1}"))
    };
    let mut code: Vec<u64> = pjx.kernels.iter().map(|k| k.offset).collect();
    code.sort_unstable();
    code.dedup();
    Ok(format!(
        "| {name} | {ops} | {} ({}) | {:.0} | {:.0} | {:.1} | {} |",
        pjx.kernels.len(),
        code.len(),
        best.compile_ms,
        best.wall_ms,
        best.compile_ms * 1e3 / ops as f64,
        PHASES.map(phase).join(" | ")
    ))
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let (mut sizes, mut runs) = (vec![1_000usize, 10_000, 100_000], 3usize);
    let (mut write, mut threads, mut programs) = (None::<PathBuf>, None::<String>, Vec::new());
    while let Some(a) = args.next() {
        match a.as_str() {
            "--sizes" => {
                sizes = args
                    .next()
                    .map(|v| v.split(',').filter_map(|s| s.parse().ok()).collect())
                    .expect("--sizes N,N,...")
            }
            "--runs" => runs = args.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            "--write" => write = args.next().map(PathBuf::from),
            "--threads" => threads = args.next(),
            _ => programs.push(PathBuf::from(a)),
        }
    }
    let dir = write.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("pjrtc_scaling_{}", std::process::id()))
    });
    std::fs::create_dir_all(&dir).expect("creating the programs' directory");
    println!(
        "| program | ops | kernels | compile ms | process ms | us/op | {} |",
        PHASES.join(" | ")
    );
    println!(
        "|---|---:|---:|---:|---:|---:|{}",
        "---:|".repeat(PHASES.len())
    );
    let mut failed = false;
    let mut report = |name: &str, path: &Path| match row(name, path, runs, threads.as_deref()) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            println!("| {name} | error: {e} |");
            failed = true;
        }
    };
    for &n in &sizes {
        let path = dir.join(format!("gen_{n}.mlir"));
        std::fs::write(&path, generated::program(n, 1)).expect("writing a generated program");
        report(&format!("generated {n}"), &path);
    }
    for p in &programs {
        let name = p
            .file_name()
            .map_or(String::new(), |f| f.to_string_lossy().into());
        report(&name, p);
    }
    if failed {
        std::process::exit(1);
    }
}

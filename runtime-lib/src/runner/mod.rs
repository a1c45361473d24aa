//! What `pjx-run` and `pjrtc run` do: load an artifact, read .npy inputs, run, then write
//! or print the outputs, or time repeated calls.

pub mod args;

use crate::DType;
use crate::exec::{ArtifactError, Executable, RunError, type_string};
use crate::npy::{NpyError, read_npy_as, write_npy};
use crate::tensor::Tensor;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunOptions {
    /// One .npy file per entry parameter, in order.
    pub inputs: Vec<PathBuf>,
    /// Write `out0.npy`, `out1.npy`, ... here instead of printing the outputs.
    pub outputs: Option<PathBuf>,
    /// Untimed calls before timing.
    pub warmup: u32,
    /// Time this many calls and print one JSON line.
    pub iters: Option<u32>,
    pub threads: Option<usize>,
    /// After timing, run `iters` more calls timing each top-level step, and print a table
    /// of the steps' median times.
    pub profile: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum RunnerError {
    #[error(transparent)]
    Artifact(#[from] ArtifactError),
    #[error(transparent)]
    Npy(#[from] NpyError),
    #[error(transparent)]
    Run(#[from] RunError),
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Options(String),
}

fn io(path: impl Into<String>) -> impl FnOnce(std::io::Error) -> RunnerError {
    let path = path.into();
    move |source| RunnerError::Io { path, source }
}

/// Loads `pjx_bytes`, runs it on `opts.inputs` and reports to `out` (see [`RunOptions`]).
pub fn run_artifact(
    pjx_bytes: &[u8],
    opts: &RunOptions,
    out: &mut dyn Write,
) -> Result<(), RunnerError> {
    if opts.iters == Some(0) {
        return Err(RunnerError::Options("--iters must be at least 1".into()));
    }
    if opts.profile && opts.iters.is_none() {
        return Err(RunnerError::Options("--profile needs --iters".into()));
    }
    let mut exe = Executable::load(pjx_bytes)?;
    if let Some(t) = opts.threads {
        exe.set_threads(t);
    }
    // The signature's types resolve `.npy` descrs that do not name one (ml_dtypes' `<V1`).
    let sig = &exe.signature().inputs;
    let inputs = opts
        .inputs
        .iter()
        .enumerate()
        .map(|(i, p)| read_npy_as(p, sig.get(i).map(|s| s.dtype)))
        .collect::<Result<Vec<Tensor>, _>>()?;
    let refs: Vec<&Tensor> = inputs.iter().collect();

    // With --iters, the outputs written are the last timed call's, after the timing: a
    // file write just before it left the page cache's writeback competing with the
    // first hundred calls (softmax's median 0.43 ms against 0.29).
    if opts.iters.is_none() {
        let results = exe.run(&refs)?;
        if let Some(dir) = &opts.outputs {
            write_outputs(dir, &results)?;
        } else {
            for (i, t) in results.iter().enumerate() {
                let line = format!(
                    "out{i}: {} = {}",
                    type_string(t.dtype, &t.shape),
                    format_values(t, 8)
                );
                writeln!(out, "{line}").map_err(io("output"))?;
            }
        }
    }

    if let Some(iters) = opts.iters {
        let mut outputs = exe.new_outputs()?;
        for _ in 0..opts.warmup {
            exe.run_into(&refs, &mut outputs)?;
        }
        let mut ms = Vec::with_capacity(iters as usize);
        for _ in 0..iters {
            let t0 = Instant::now();
            exe.run_into(&refs, &mut outputs)?;
            ms.push(t0.elapsed().as_secs_f64() * 1e3);
        }
        ms.sort_by(f64::total_cmp);
        writeln!(
            out,
            "{{\"median_ms\": {:.6}, \"min_ms\": {:.6}, \"max_ms\": {:.6}, \"iters\": {iters}}}",
            median(&ms),
            ms[0],
            ms[ms.len() - 1]
        )
        .map_err(io("output"))?;
        if opts.profile {
            let table = profile(&exe, &refs, &mut outputs, iters)?;
            write!(out, "{table}").map_err(io("output"))?;
        }
        if let Some(dir) = &opts.outputs {
            write_outputs(dir, &outputs)?;
        }
    }
    Ok(())
}

/// Writes `results` as `dir/out0.npy`, `dir/out1.npy`, ..., creating `dir`.
fn write_outputs(dir: &Path, results: &[Tensor]) -> Result<(), RunnerError> {
    std::fs::create_dir_all(dir).map_err(io(dir.display().to_string()))?;
    for (i, t) in results.iter().enumerate() {
        write_npy(&dir.join(format!("out{i}.npy")), t)?;
    }
    Ok(())
}

/// The middle of sorted `xs` (the mean of the two middle ones for an even count).
fn median(xs: &[f64]) -> f64 {
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Times each top-level step over `iters` calls; one line per step with its median time,
/// its share of the sum of medians, and what it is.
fn profile(
    exe: &Executable,
    inputs: &[&Tensor],
    outputs: &mut [Tensor],
    iters: u32,
) -> Result<String, RunnerError> {
    use std::fmt::Write as _;
    let steps = &exe.pjx().steps;
    let mut per_step = vec![Vec::with_capacity(iters as usize); steps.len()];
    let mut times = vec![std::time::Duration::ZERO; steps.len()];
    for _ in 0..iters {
        times.fill(std::time::Duration::ZERO);
        exe.run_profiled(inputs, outputs, &mut times)?;
        for (all, t) in per_step.iter_mut().zip(&times) {
            all.push(t.as_secs_f64() * 1e6);
        }
    }
    let medians: Vec<f64> = per_step
        .iter_mut()
        .map(|xs| {
            xs.sort_by(f64::total_cmp);
            median(xs)
        })
        .collect();
    let total: f64 = medians.iter().sum();
    let mut s = String::new();
    let _ = writeln!(s, "step  median_us  share  what");
    for (i, (step, us)) in steps.iter().zip(&medians).enumerate() {
        let share = if total > 0.0 { 100.0 * us / total } else { 0.0 };
        let what = crate::format::step_line(exe.pjx(), step);
        let _ = writeln!(s, "{i:>4} {us:>10.1} {share:>5.1}%  {what}");
    }
    let _ = writeln!(s, " sum {total:>10.1}");
    Ok(s)
}

/// `[1.5, 2, 3, ...]` with at most `max` values, or the single value of a scalar.
pub fn format_values(t: &Tensor, max: usize) -> String {
    let size = t.dtype.size();
    let n = t.bytes().len() / size;
    let vals: Vec<String> = t
        .bytes()
        .chunks_exact(size)
        .take(max)
        .map(|c| format_value(t.dtype, c))
        .collect();
    if t.shape.is_empty() && n == 1 {
        return vals.into_iter().next().unwrap_or_default();
    }
    let more = if n > max { ", ..." } else { "" };
    format!("[{}{more}]", vals.join(", "))
}

fn format_value(dtype: DType, c: &[u8]) -> String {
    let a2 = || [c[0], c[1]];
    let a4 = || [c[0], c[1], c[2], c[3]];
    let a8 = || c.try_into().unwrap_or([0; 8]);
    match dtype {
        DType::I1 => (c[0] != 0).to_string(),
        DType::I8 => (c[0] as i8).to_string(),
        DType::U8 => c[0].to_string(),
        DType::I16 => i16::from_le_bytes(a2()).to_string(),
        DType::U16 => u16::from_le_bytes(a2()).to_string(),
        DType::I32 => i32::from_le_bytes(a4()).to_string(),
        DType::U32 => u32::from_le_bytes(a4()).to_string(),
        DType::I64 => i64::from_le_bytes(a8()).to_string(),
        DType::U64 => u64::from_le_bytes(a8()).to_string(),
        DType::F16 => half::f16::from_le_bytes(a2()).to_f32().to_string(),
        DType::BF16 => half::bf16::from_le_bytes(a2()).to_f32().to_string(),
        DType::F32 => f32::from_le_bytes(a4()).to_string(),
        DType::F64 => f64::from_le_bytes(a8()).to_string(),
        DType::I2 | DType::I4 | DType::U2 | DType::U4 => {
            dtype.int_value(u64::from(c[0])).to_string()
        }
        // `(re, im)`, as MLIR and numpy's repr write complex values.
        DType::C64 | DType::C128 => {
            let part = dtype.complex_part().unwrap_or(DType::F64);
            let (re, im) = c.split_at(c.len() / 2);
            format!("({}, {})", format_value(part, re), format_value(part, im))
        }
        d => d
            .minifloat()
            .map_or_else(String::new, |f| f.decode(u32::from(c[0])).to_string()),
    }
}

//! What `pjx-run` and `pjrtc run` do: load an artifact, read .npy inputs, run, then write
//! or print the outputs, or time repeated calls.

pub mod args;

use crate::DType;
use crate::exec::{ArtifactError, Executable, RunError, StepProfile, type_string};
use crate::format::Step;
use crate::npy::{NpyError, read_npy_as, write_npy};
use crate::tensor::Tensor;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How long the warm-up calls of a timed run last at least (with `--warmup` above 0).
const WARMUP_MIN: std::time::Duration = std::time::Duration::from_millis(200);

#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunOptions {
    /// One .npy file per entry parameter, in order (at its actual shape, for a program
    /// with dynamic dimensions).
    pub inputs: Vec<PathBuf>,
    /// Write `out0.npy`, `out1.npy`, ... here instead of printing the outputs.
    pub outputs: Option<PathBuf>,
    /// Untimed calls before timing.
    pub warmup: u32,
    /// Time this many calls and print one JSON line.
    pub iters: Option<u32>,
    pub threads: Option<usize>,
    /// After timing, run `iters` more calls timing every step (nested ones too), and print
    /// a table of the steps' median times per call, the slowest first.
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
    run_loaded(Executable::load(pjx_bytes)?, opts, out)
}

/// [`run_artifact`] for an executable already loaded (e.g. by [`Executable::load_file`]).
pub fn run_loaded(
    mut exe: Executable,
    opts: &RunOptions,
    out: &mut dyn Write,
) -> Result<(), RunnerError> {
    if opts.iters == Some(0) {
        return Err(RunnerError::Options("--iters must be at least 1".into()));
    }
    if opts.profile && opts.iters.is_none() {
        return Err(RunnerError::Options("--profile needs --iters".into()));
    }
    if let Some(t) = opts.threads {
        exe.set_threads(t);
    }
    // The signature's types resolve `.npy` descrs that do not name one (ml_dtypes' `<V1`);
    // the caller's view of it, for a program with dynamic dimensions.
    let callers = exe.caller_shapes();
    let inputs = opts
        .inputs
        .iter()
        .enumerate()
        .map(|(i, p)| read_npy_as(p, callers.inputs.get(i).map(|t| t.dtype)))
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
        // A program with dynamic dimensions is timed as the caller calls it (padding the
        // inputs and cutting the outputs included), its steps profiled on padded inputs.
        let dynamic = exe.pjx().dynamic.is_some();
        let padded = if dynamic {
            exe.pad_inputs(&refs)?
        } else {
            Vec::new()
        };
        let mut outputs = exe.new_outputs()?;
        let mut results = Vec::new();
        let mut call = |outputs: &mut Vec<Tensor>| -> Result<(), RunError> {
            if dynamic {
                results = exe.run(&refs)?;
                Ok(())
            } else {
                exe.run_into(&refs, outputs)
            }
        };
        // At least `warmup` calls, continued for WARMUP_MIN: a process's first
        // milliseconds run slower (elementwise, 100 timed calls after 3 untimed ones:
        // medians of 0.34 to 0.51 ms from process to process; after 30 or more, 0.34
        // every time), and benchmark harnesses warm other runtimes up as long.
        let start = Instant::now();
        let mut done = 0;
        while done < opts.warmup || (opts.warmup > 0 && start.elapsed() < WARMUP_MIN) {
            call(&mut outputs)?;
            done += 1;
        }
        let mut ms = Vec::with_capacity(iters as usize);
        for _ in 0..iters {
            let t0 = Instant::now();
            call(&mut outputs)?;
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
            // One call site: `profile` is large, and inlined twice it cost the size-built
            // runner 9 KB.
            let padded: Vec<&Tensor> = padded.iter().collect();
            let mut fresh = if dynamic {
                exe.new_outputs()?
            } else {
                Vec::new()
            };
            let (inputs, outputs) = if dynamic {
                (&padded[..], &mut fresh)
            } else {
                (&refs[..], &mut outputs)
            };
            let table = profile(&exe, inputs, outputs, iters)?;
            write!(out, "{table}").map_err(io("output"))?;
        }
        if let Some(dir) = &opts.outputs {
            write_outputs(dir, if dynamic { &results } else { &outputs })?;
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

/// Times every step (nested ones too) over `iters` calls and returns a table sorted by
/// time: per step, its own median time per call (a loop's or a case's without the steps
/// nested in it, which have lines of their own), its share of the call, its median time
/// with what is nested in it, how many times it ran per call (a loop body's steps once
/// per trip), and what it is, named by its place in the schedule (`9.body.6`: step 6 of
/// the body of top-level step 9) as `pjrtc inspect` prints it.
fn profile(
    exe: &Executable,
    inputs: &[&Tensor],
    outputs: &mut [Tensor],
    iters: u32,
) -> Result<String, RunnerError> {
    use std::fmt::Write as _;
    let pjx = exe.pjx();
    let mut prof = StepProfile::new(pjx);
    let n = prof.size.len();
    let mut own_us = vec![Vec::with_capacity(iters as usize); n];
    let mut incl_us = vec![Vec::with_capacity(iters as usize); n];
    let mut runs = vec![Vec::with_capacity(iters as usize); n];
    let mut call_us = Vec::with_capacity(iters as usize);
    for _ in 0..iters {
        prof.clear();
        let t0 = Instant::now();
        exe.run_profiled(inputs, outputs, &mut prof)?;
        call_us.push(t0.elapsed().as_secs_f64() * 1e6);
        for (i, own) in prof.self_time().iter().enumerate() {
            own_us[i].push(own.as_secs_f64() * 1e6);
            incl_us[i].push(prof.time[i].as_secs_f64() * 1e6);
            runs[i].push(prof.runs[i] as f64);
        }
    }
    let med = |xs: &mut Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        median(xs)
    };
    let own: Vec<f64> = own_us.iter_mut().map(med).collect();
    let incl: Vec<f64> = incl_us.iter_mut().map(med).collect();
    let runs: Vec<f64> = runs.iter_mut().map(med).collect();
    let total: f64 = own.iter().sum();
    let steps = step_list(&pjx.steps);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| own[b].total_cmp(&own[a]).then(a.cmp(&b)));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "profile: {iters} calls, median {:.1} us per call (timed per step)",
        med(&mut call_us)
    );
    let _ = writeln!(s, "  self_us  share    incl_us     runs  step");
    for i in order {
        let share = if total > 0.0 {
            100.0 * own[i] / total
        } else {
            0.0
        };
        let (path, step) = &steps[i];
        let what = crate::format::step_line(pjx, step);
        let _ = writeln!(
            s,
            "{:>9.1} {share:>5.1}% {:>10.1} {:>8} {path}: {what}",
            own[i], incl[i], runs[i]
        );
    }
    let _ = writeln!(s, "      sum {total:.1}");
    Ok(s)
}

/// Every step with its place in the schedule, in the pre-order of [`StepProfile`].
fn step_list(steps: &[Step]) -> Vec<(String, &Step)> {
    fn walk<'a>(steps: &'a [Step], prefix: &str, out: &mut Vec<(String, &'a Step)>) {
        for (i, step) in steps.iter().enumerate() {
            let path = format!("{prefix}{i}");
            out.push((path.clone(), step));
            let heads: Vec<String> = match step {
                Step::While { .. } => vec!["cond".into(), "body".into()],
                Step::Case { branches, .. } => {
                    (0..branches.len()).map(|b| format!("branch{b}")).collect()
                }
                _ => Vec::new(),
            };
            for (head, inner) in heads.iter().zip(step.nested()) {
                walk(inner, &format!("{path}.{head}."), out);
            }
        }
    }
    let mut out = Vec::new();
    walk(steps, "", &mut out);
    out
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

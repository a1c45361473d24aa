//! What `pjx-run` and `pjrtc run` do: load an artifact, read .npy inputs, run, then write
//! or print the outputs, or time repeated calls.

pub mod args;

use crate::DType;
use crate::exec::{ArtifactError, Executable, RunError, type_string};
use crate::npy::{NpyError, read_npy_as, write_npy};
use crate::tensor::Tensor;
use std::io::Write;
use std::path::PathBuf;
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

    if opts.iters.is_none() || opts.outputs.is_some() {
        let results = exe.run(&refs)?;
        if let Some(dir) = &opts.outputs {
            std::fs::create_dir_all(dir).map_err(io(dir.display().to_string()))?;
            for (i, t) in results.iter().enumerate() {
                write_npy(&dir.join(format!("out{i}.npy")), t)?;
            }
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
        let n = ms.len();
        let median = if n % 2 == 1 {
            ms[n / 2]
        } else {
            (ms[n / 2 - 1] + ms[n / 2]) / 2.0
        };
        writeln!(
            out,
            "{{\"median_ms\": {median:.6}, \"min_ms\": {:.6}, \"max_ms\": {:.6}, \"iters\": {iters}}}",
            ms[0],
            ms[n - 1]
        )
        .map_err(io("output"))?;
    }
    Ok(())
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
        d => d
            .minifloat()
            .map_or_else(String::new, |f| f.decode(u32::from(c[0])).to_string()),
    }
}

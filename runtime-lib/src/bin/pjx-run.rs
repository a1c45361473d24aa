//! pjx-run: runs a .pjx artifact with no compiler.

use pjrtc_runtime::runner::{RunOptions, run_artifact};
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "\
pjx-run: run a pjrtc .pjx artifact

usage: pjx-run M.pjx --inputs a.npy,b.npy [--outputs DIR] [--warmup W] [--iters N] [--threads T]

  --inputs LIST   comma-separated .npy files, one per parameter (empty for none)
  --outputs DIR   write DIR/out0.npy, out1.npy, ... instead of printing the outputs
  --warmup W      untimed calls before timing (default 0)
  --iters N       time N calls and print {\"median_ms\", \"min_ms\", \"max_ms\", \"iters\"} as JSON
  --threads T     threads per call
  -h, --help      this text
";

enum Cmd {
    Help,
    Run(PathBuf, RunOptions),
}

fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag} expects a non-negative integer, got '{v}'"))
}

fn parse(args: &[String]) -> Result<Cmd, String> {
    let mut artifact = None;
    let mut opts = RunOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        // Accept both `--flag value` and `--flag=value`.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag {
            "-h" | "--help" => return Ok(Cmd::Help),
            "--inputs" => {
                let v = value()?;
                opts.inputs = v
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(PathBuf::from)
                    .collect();
            }
            "--outputs" => opts.outputs = Some(PathBuf::from(value()?)),
            "--warmup" => opts.warmup = number(flag, &value()?)?,
            "--iters" => opts.iters = Some(number(flag, &value()?)?),
            "--threads" => opts.threads = Some(number(flag, &value()?)?),
            f if f.starts_with('-') && f.len() > 1 => {
                return Err(format!("unknown option '{f}' (see --help)"));
            }
            _ if artifact.is_none() => artifact = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument '{arg}' (see --help)")),
        }
    }
    let artifact = artifact.ok_or("missing the .pjx artifact (see --help)")?;
    Ok(Cmd::Run(artifact, opts))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = parse(&args).and_then(|cmd| match cmd {
        Cmd::Help => {
            print!("{HELP}");
            Ok(())
        }
        Cmd::Run(path, opts) => {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let stdout = std::io::stdout();
            run_artifact(&bytes, &opts, &mut stdout.lock())
                .map_err(|e| format!("{}: {e}", path.display()))
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e.replace('\n', " "));
            ExitCode::FAILURE
        }
    }
}

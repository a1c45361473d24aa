//! The command line of `pjx-run` and of the executables `pjrtc compile --emit exe` writes:
//! the flags of `pjrtc run`, parsed without clap so the runtime stays small.

use super::{RunOptions, run_artifact, run_loaded};
use crate::exec::{Executable, LoadFileError};
use std::path::PathBuf;

/// What the user asked for.
#[derive(Debug, PartialEq)]
pub enum Cmd {
    Help,
    /// Run the artifact (the file named on the command line, or `None` for an embedded one).
    Run(Option<PathBuf>, RunOptions),
}

/// The help text; `artifact` is the positional argument's description, if there is one.
pub fn help(prog: &str, takes_artifact: bool) -> String {
    let (what, arg) = if takes_artifact {
        ("run a pjrtc .pjx artifact", " M.pjx")
    } else {
        ("run the model compiled into this program", "")
    };
    format!(
        "{prog}: {what}

usage: {prog}{arg} --inputs a.npy,b.npy [--outputs DIR] [--warmup W] [--iters N] [--threads T] [--profile]

  --inputs LIST   comma-separated .npy files, one per parameter (empty for none)
  --outputs DIR   write DIR/out0.npy, out1.npy, ... instead of printing the outputs
  --warmup W      untimed calls before timing, continued for at least 0.2 s (default 3)
  --iters N       time N calls and print {{\"median_ms\", \"min_ms\", \"max_ms\", \"iters\"}} as JSON
  --threads T     threads per call
  --profile       with --iters: then time every step over N more calls and print a table,
                  slowest first: each step's time per call and its share of the call
  -h, --help      this text
"
    )
}

fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag} expects a non-negative integer, got '{v}'"))
}

/// Parses `args` (without the program name). With `takes_artifact` the artifact path is
/// a required positional argument; otherwise positional arguments are refused.
pub fn parse(args: &[String], takes_artifact: bool) -> Result<Cmd, String> {
    let mut artifact = None;
    // The same default as `pjrtc run`.
    let mut opts = RunOptions {
        warmup: 3,
        ..RunOptions::default()
    };
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
            "--profile" => opts.profile = true,
            f if f.starts_with('-') && f.len() > 1 => {
                return Err(format!("unknown option '{f}' (see --help)"));
            }
            _ if takes_artifact && artifact.is_none() => artifact = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument '{arg}' (see --help)")),
        }
    }
    if takes_artifact && artifact.is_none() {
        return Err("missing the .pjx artifact (see --help)".into());
    }
    Ok(Cmd::Run(artifact, opts))
}

/// A whole runner: parses `args`, runs, prints to stdout, reports errors as one
/// `error: ...` line on stderr. `embedded` is the artifact compiled into the program (then
/// no path is taken). Returns the process exit status.
pub fn main(prog: &str, args: &[String], embedded: Option<&[u8]>) -> i32 {
    let result = parse(args, embedded.is_none()).and_then(|cmd| match cmd {
        Cmd::Help => {
            print!("{}", help(prog, embedded.is_none()));
            Ok(())
        }
        Cmd::Run(path, opts) => {
            let stdout = std::io::stdout();
            match (embedded, path) {
                (Some(bytes), _) => run_artifact(bytes, &opts, &mut stdout.lock())
                    .map_err(|e| format!("{prog}: {e}")),
                (None, Some(path)) => {
                    let exe = Executable::load_file(&path).map_err(|e| match e {
                        LoadFileError::Io { source, .. } => format!("{}: {source}", path.display()),
                        LoadFileError::Artifact(e) => format!("{}: {e}", path.display()),
                    })?;
                    run_loaded(exe, &opts, &mut stdout.lock())
                        .map_err(|e| format!("{}: {e}", path.display()))
                }
                (None, None) => Err("missing the .pjx artifact (see --help)".into()),
            }
        }
    });
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {}", e.replace('\n', " "));
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn parses_the_run_flags() {
        let cmd = parse(
            &args(&[
                "m.pjx",
                "--inputs",
                "a.npy,b.npy",
                "--iters=5",
                "--threads",
                "2",
            ]),
            true,
        )
        .unwrap();
        let Cmd::Run(Some(p), o) = cmd else {
            panic!("expected a run, got {cmd:?}")
        };
        assert_eq!(p, PathBuf::from("m.pjx"));
        assert_eq!(
            o.inputs,
            vec![PathBuf::from("a.npy"), PathBuf::from("b.npy")]
        );
        assert_eq!((o.iters, o.threads, o.warmup), (Some(5), Some(2), 3));
        assert!(!o.profile);
        let Ok(Cmd::Run(_, o)) = parse(&args(&["m.pjx", "--iters", "2", "--profile"]), true) else {
            panic!("expected a run")
        };
        assert!(o.profile);
    }

    #[test]
    fn embedded_runner_takes_no_artifact() {
        assert!(matches!(
            parse(&args(&["--outputs", "d"]), false),
            Ok(Cmd::Run(None, _))
        ));
        let e = parse(&args(&["m.pjx"]), false).unwrap_err();
        assert!(e.contains("unexpected argument 'm.pjx'"), "{e}");
        let e = parse(&args(&["--inputs"]), true).unwrap_err();
        assert!(e.contains("--inputs needs a value"), "{e}");
        let e = parse(&args(&["--warmup", "-1", "m.pjx"]), true).unwrap_err();
        assert!(e.contains("non-negative integer"), "{e}");
    }
}

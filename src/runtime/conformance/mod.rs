//! `pjrtc test`: runs StableHLO conformance vectors (programs that check their own
//! results) and reports which checks fail.
//!
//! Per case: parse, [`extract_checks`] (the checks become extra results of the entry
//! function), compile with the normal pipeline, run with no inputs, compare the outputs
//! with [`compare::compare`]. An entry with `interpreter.run_parallel` runs its
//! programs as the processes of a grid ([`parallel`]). A file may hold several cases separated by `// -----` lines.
//! [`suite`] runs many files in parallel and summarizes them per op.

pub mod compare;
mod parallel;
pub mod suite;

use crate::compiler::checks::{CheckSpec, extract_checks, op_names};
use crate::compiler::{self, CompileError, Diagnostic, Options, Timings, frontend};
use pjrtc_runtime::Executable;
use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Which compile pipeline a case goes through. Conformance programs compute on constants
/// only, so the optimizing pipeline folds them completely (testing the evaluator); without
/// optimization every op runs as generated code. Both must be right.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pipeline {
    /// The default pipeline (`pjrtc compile`): fold, CSE, DCE, then codegen.
    Optimized,
    /// No fold/CSE/DCE: every op is lowered and compiled.
    Unoptimized,
}

impl Pipeline {
    pub fn name(self) -> &'static str {
        match self {
            Pipeline::Optimized => "optimized",
            Pipeline::Unoptimized => "unoptimized",
        }
    }
}

#[derive(Clone, Debug)]
pub struct TestOptions {
    /// Every case must pass under each of these.
    pub pipelines: Vec<Pipeline>,
}

impl Default for TestOptions {
    fn default() -> Self {
        TestOptions {
            pipelines: vec![Pipeline::Optimized, Pipeline::Unoptimized],
        }
    }
}

/// Outcome of a case or file; ordered from best to worst.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Status {
    Pass,
    /// A check did not hold.
    Fail,
    /// The program could not be parsed, compiled or run (e.g. "unsupported: ...").
    Error,
    /// The compiler or runtime panicked.
    Crash,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Error => "error",
            Status::Crash => "crash",
        }
    }
}

/// The result of testing one file.
#[derive(Clone, Debug)]
pub struct FileResult {
    pub path: PathBuf,
    /// The worst status of its cases.
    pub status: Status,
    /// One message per failed check or error, in order.
    pub messages: Vec<String>,
    /// Ops the file uses (`stablehlo.` prefix dropped), sorted.
    pub ops: Vec<String>,
    pub cases: usize,
    /// Wall time of the whole file (parse, compile and run of every case).
    pub millis: f64,
}

/// Reads and tests one file.
pub fn test_file(path: &Path, opts: &TestOptions) -> FileResult {
    let start = Instant::now();
    let mut result = match std::fs::read(path) {
        Ok(source) => test_source(&path.display().to_string(), &source, opts),
        Err(e) => FileResult {
            path: PathBuf::new(),
            status: Status::Error,
            messages: vec![format!("{}: cannot read: {e}", path.display())],
            ops: vec![],
            cases: 0,
            millis: 0.0,
        },
    };
    result.path = path.to_path_buf();
    result.millis = start.elapsed().as_secs_f64() * 1e3;
    result
}

/// Tests every case of `source`; `name` is used in messages. A panic in one case is
/// reported as that case's crash.
pub fn test_source(name: &str, source: &[u8], opts: &TestOptions) -> FileResult {
    let start = Instant::now();
    let mut ops = BTreeSet::new();
    let mut status = Status::Pass;
    let mut messages = Vec::new();
    let cases = split_cases(source);
    for case in &cases {
        let (case_status, case_messages) =
            match catch_panic(|| test_case(name, case, opts, &mut ops)) {
                Ok(r) => r,
                Err(panic) => (
                    Status::Crash,
                    vec![format!(
                        "{name}: crash: compiler or runtime panicked: {panic}"
                    )],
                ),
            };
        status = status.max(case_status);
        messages.extend(case_messages);
    }
    if ops.is_empty() {
        // The module did not parse: name the ops from the text, so the per-op summary still
        // says which op it was about.
        ops = scan_op_names(source);
    }
    FileResult {
        path: PathBuf::from(name),
        status,
        messages,
        ops: ops.into_iter().collect(),
        cases: cases.len(),
        millis: start.elapsed().as_secs_f64() * 1e3,
    }
}

/// One case: its status and its messages (empty when it passes).
fn test_case(
    name: &str,
    source: &[u8],
    opts: &TestOptions,
    ops: &mut BTreeSet<String>,
) -> (Status, Vec<String>) {
    let error = |d: &Diagnostic| (Status::Error, vec![d.render(name, source)]);
    let mut module = match frontend::parse(source) {
        Ok(m) => m,
        Err(d) => return error(&d),
    };
    ops.extend(
        op_names(&module)
            .iter()
            .map(|o| short_op_name(o).to_string()),
    );
    let specs = match extract_checks(&mut module) {
        Ok(s) if s.is_empty() => {
            return (
                Status::Error,
                vec![format!("{name}: no checks to evaluate")],
            );
        }
        Ok(s) => s,
        Err(d) => return error(&d),
    };
    let mut status = Status::Pass;
    let mut messages = Vec::new();
    let parallel = module.entry().and_then(parallel::find);
    for &pipeline in &opts.pipelines {
        let options = Options {
            optimize: pipeline == Pipeline::Optimized,
            ..Options::default()
        };
        let outputs = if let Some(at) = parallel {
            parallel::run(&module, at, &options).map_err(|m| format!("{name}: {m}"))
        } else {
            compiler::compile_module(&module, &options, &mut Timings::default())
                .map_err(|e| match e {
                    CompileError::Program(d) => d.render(name, source),
                    other => format!("{name}: {other}"),
                })
                .and_then(|pjx| {
                    Executable::from_pjx(pjx).map_err(|e| format!("{name}: loading: {e}"))
                })
                .and_then(|exe| exe.run(&[]).map_err(|e| format!("{name}: running: {e}")))
        };
        let outputs = match outputs {
            Ok(o) => o,
            Err(m) => {
                status = status.max(Status::Error);
                messages.push(format!("[{}] {m}", pipeline.name()));
                continue;
            }
        };
        for spec in &specs {
            if let Err(m) = evaluate(spec, &outputs) {
                status = status.max(Status::Fail);
                messages.push(format!(
                    "{name}:{}: {} failed [{}]: {m}",
                    spec.loc.pos,
                    spec.name,
                    pipeline.name()
                ));
            }
        }
    }
    (status, messages)
}

fn evaluate(spec: &CheckSpec, outputs: &[pjrtc_runtime::Tensor]) -> Result<(), String> {
    match (outputs.get(spec.actual), outputs.get(spec.expected)) {
        (Some(a), Some(e)) => compare::compare(spec.kind, a, e),
        _ => Err(format!(
            "the program has {} outputs, the check reads {} and {}",
            outputs.len(),
            spec.actual,
            spec.expected
        )),
    }
}

/// `stablehlo.add` -> `add`; other dialects keep their prefix (`func.call`).
fn short_op_name(name: &str) -> &str {
    name.strip_prefix("stablehlo.").unwrap_or(name)
}

/// Splits text at lines that are exactly `// -----` (MLIR's split-input-file marker). Each
/// case keeps the lines of the others as empty lines, so diagnostics give line numbers of
/// the whole file. Bytecode is one case.
pub fn split_cases(source: &[u8]) -> Vec<Vec<u8>> {
    if frontend::bytecode::is_bytecode(source) {
        return vec![source.to_vec()];
    }
    let lines: Vec<&[u8]> = source.split(|&b| b == b'\n').collect();
    let is_marker = |l: &[u8]| l.trim_ascii() == b"// -----";
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            (0..lines.len())
                .filter(|&i| is_marker(lines[i]))
                .map(|i| i + 1),
        )
        .collect();
    let mut cases = Vec::with_capacity(starts.len());
    for (k, &begin) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(lines.len(), |&s| s - 1);
        let mut text = Vec::with_capacity(source.len());
        for (i, line) in lines.iter().enumerate() {
            if (begin..end).contains(&i) {
                text.extend_from_slice(line);
            }
            if i + 1 < lines.len() {
                text.push(b'\n');
            }
        }
        cases.push(text);
    }
    cases
}

/// Op names (`stablehlo.foo`, `chlo.foo`, `func.call` ...) mentioned in the text, for files
/// that do not parse.
fn scan_op_names(source: &[u8]) -> BTreeSet<String> {
    let text = String::from_utf8_lossy(source);
    let mut names = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (start, _) in code
            .match_indices("stablehlo.")
            .chain(code.match_indices("chlo."))
        {
            let prev = code[..start].chars().next_back();
            if prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            let name: String = code[start..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
                .collect();
            names.insert(short_op_name(&name).to_string());
        }
    }
    names
}

thread_local! {
    /// The message of the last panic on this thread, set by [`suite`]'s panic hook.
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f`, turning a panic into its message (with its location when the suite's panic
/// hook recorded it).
fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    LAST_PANIC.with(|p| p.borrow_mut().take());
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| {
                payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(no message)".into())
            })
    })
}

#[cfg(test)]
mod tests;

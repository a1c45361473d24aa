//! Many conformance files in one process: parallel workers, a progress bar, a per-op
//! summary and a TSV report.

use super::{FileResult, LAST_PANIC, Status, TestOptions, test_file};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The `.mlir` files (and `.mlirbc` bytecode) named by `paths`: files as given, directories
/// searched recursively, each directory's files in name order.
pub fn collect_files(paths: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("{}: no such file or directory", p.display()),
            ));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out)?;
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("mlir" | "mlirbc")
        ) {
            out.push(p);
        }
    }
    Ok(())
}

const WORKER_STACK: usize = 8 << 20;

/// Tests `files` on `jobs` threads. `on_done` sees each result as it finishes (on the
/// calling thread); the returned results are in the order of `files`.
pub fn run_files(
    files: &[PathBuf],
    opts: &TestOptions,
    jobs: usize,
    mut on_done: impl FnMut(&FileResult),
) -> Vec<FileResult> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, FileResult)>();
    let mut results: Vec<Option<FileResult>> = vec![None; files.len()];
    with_panic_capture(|| {
        std::thread::scope(|s| {
            for _ in 0..jobs.clamp(1, files.len().max(1)) {
                let tx = tx.clone();
                let next = &next;
                let worker = move || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = files.get(i) else { break };
                        if tx.send((i, test_file(path, opts))).is_err() {
                            break;
                        }
                    }
                };
                // The main thread's stack size: the front end and passes recurse on nesting.
                let spawned = std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, worker);
                if let Err(e) = spawned {
                    // Fewer workers is fine; none is reported by the missing results below.
                    eprintln!("warning: cannot start a test thread: {e}");
                }
            }
            drop(tx);
            for (i, r) in rx {
                on_done(&r);
                results[i] = Some(r);
            }
        });
    });
    results
        .into_iter()
        .zip(files)
        .map(|(r, path)| {
            r.unwrap_or_else(|| FileResult {
                path: path.clone(),
                status: Status::Crash,
                messages: vec![format!("{}: not run (no test thread)", path.display())],
                ops: vec![],
                cases: 0,
                millis: 0.0,
            })
        })
        .collect()
}

/// Runs `f` with a panic hook that records the message (with its location) for
/// `catch_panic` instead of printing it over the progress bar, then restores the hook.
fn with_panic_capture<T>(f: impl FnOnce() -> T) -> T {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string().replace('\n', " ");
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(msg));
    }));
    let out = f();
    std::panic::set_hook(previous);
    out
}

/// Files per status.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Counts {
    pub pass: usize,
    pub fail: usize,
    pub error: usize,
    pub crash: usize,
}

impl Counts {
    pub fn add(&mut self, s: Status) {
        match s {
            Status::Pass => self.pass += 1,
            Status::Fail => self.fail += 1,
            Status::Error => self.error += 1,
            Status::Crash => self.crash += 1,
        }
    }

    pub fn total(&self) -> usize {
        self.pass + self.fail + self.error + self.crash
    }

    pub fn not_passing(&self) -> usize {
        self.total() - self.pass
    }
}

pub fn count(results: &[FileResult]) -> Counts {
    let mut c = Counts::default();
    for r in results {
        c.add(r.status);
    }
    c
}

/// Files per status for every op, ops with the most non-passing files first.
pub fn per_op(results: &[FileResult]) -> Vec<(String, Counts)> {
    let mut by_op: BTreeMap<&str, Counts> = BTreeMap::new();
    for r in results {
        for op in &r.ops {
            by_op.entry(op).or_default().add(r.status);
        }
    }
    let mut rows: Vec<(String, Counts)> = by_op
        .into_iter()
        .map(|(op, c)| (op.to_string(), c))
        .collect();
    rows.sort_by(|a, b| {
        b.1.not_passing()
            .cmp(&a.1.not_passing())
            .then_with(|| a.0.cmp(&b.0))
    });
    rows
}

/// The totals line, the median time per file and the per-op table.
pub fn summary(results: &[FileResult]) -> String {
    let c = count(results);
    let mut out = format!(
        "{} files: {} passed, {} failed, {} errors, {} crashed\n",
        c.total(),
        c.pass,
        c.fail,
        c.error,
        c.crash
    );
    let mut ms: Vec<f64> = results.iter().map(|r| r.millis).collect();
    ms.sort_by(f64::total_cmp);
    if let Some(m) = ms.get(ms.len() / 2) {
        out.push_str(&format!("median {m:.1} ms per file\n"));
    }
    if results.len() > 1 {
        out.push_str(&format!(
            "\n{:<28} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
            "op", "files", "pass", "fail", "error", "crash"
        ));
        for (op, c) in per_op(results) {
            out.push_str(&format!(
                "{op:<28} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
                c.total(),
                c.pass,
                c.fail,
                c.error,
                c.crash
            ));
        }
    }
    out
}

/// One line per file: `file  status  first message  ops` (tabs and newlines in the
/// message become spaces and ` | `).
pub fn write_report(w: &mut impl Write, results: &[FileResult]) -> io::Result<()> {
    writeln!(w, "file\tstatus\tmessage\tops")?;
    for r in results {
        let msg = r
            .messages
            .first()
            .map(|m| m.replace('\t', " ").replace('\n', " | "))
            .unwrap_or_default();
        writeln!(
            w,
            "{}\t{}\t{msg}\t{}",
            r.path.display(),
            r.status.name(),
            r.ops.join(",")
        )?;
    }
    Ok(())
}

/// What `pjrtc test` was asked to do.
#[derive(Clone, Debug)]
pub struct CliOptions {
    pub paths: Vec<PathBuf>,
    pub jobs: usize,
    pub report: Option<PathBuf>,
    pub test: TestOptions,
    /// Also print a line for every passing file.
    pub verbose: bool,
}

/// `pjrtc test`: prints failures as they come (and a progress bar on a terminal), then the
/// summary. Returns whether every file passed.
pub fn run_cli(opts: &CliOptions, out: &mut impl Write) -> anyhow::Result<bool> {
    use anyhow::Context;
    use std::io::IsTerminal;
    let files = collect_files(&opts.paths)?;
    if files.is_empty() {
        anyhow::bail!("no .mlir files found");
    }
    let bar = if std::io::stderr().is_terminal() && files.len() > 1 {
        let bar = indicatif::ProgressBar::new(files.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed_precise} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut counts = Counts::default();
    let mut io_error = None;
    let results = run_files(&files, &opts.test, opts.jobs, |r| {
        counts.add(r.status);
        bar.inc(1);
        bar.set_message(format!(
            "pass {} fail {} | {}",
            counts.pass,
            counts.not_passing(),
            r.path.file_name().unwrap_or_default().to_string_lossy()
        ));
        let text = match r.status {
            Status::Pass if opts.verbose => format!("PASS {}\n", r.path.display()),
            Status::Pass => return,
            s => format!(
                "{} {}\n{}\n",
                s.name().to_uppercase(),
                r.path.display(),
                r.messages.join("\n")
            ),
        };
        if let Err(e) = bar.suspend(|| out.write_all(text.as_bytes())) {
            io_error.get_or_insert(e);
        }
    });
    bar.finish_and_clear();
    if let Some(e) = io_error {
        return Err(e.into());
    }
    write!(out, "{}", summary(&results))?;
    if let Some(path) = &opts.report {
        let mut f = io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("writing {}", path.display()))?,
        );
        write_report(&mut f, &results)
            .and_then(|()| f.flush())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(results.iter().all(|r| r.status == Status::Pass))
}

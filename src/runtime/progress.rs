//! `pjrtc compile`'s progress bar on stderr: the phase running and, in code generation, the
//! kernels compiled. It appears only when the compile has run for a while
//! (`PJRTC_PROGRESS_DELAY_MS`, default 1000) and stderr is a terminal: never in pipes, files
//! or CI logs (nor with `CI` set, for CI systems that give jobs a terminal, nor with
//! `TERM=dumb`). It is cleared when the compile ends, so only the result stays.

use crate::compiler::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::{Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

const DEFAULT_DELAY_MS: u64 = 1000;

pub struct CompileProgress {
    bar: ProgressBar,
    /// Ends the wait before the bar appears, when the compile is done first.
    timer: Mutex<Option<(mpsc::Sender<()>, JoinHandle<()>)>>,
}

impl CompileProgress {
    /// A bar for one compile, shown after the delay if stderr is a terminal.
    pub fn start() -> CompileProgress {
        let bar = ProgressBar::hidden();
        bar.set_style(phase_style());
        let progress = CompileProgress {
            bar,
            timer: Mutex::new(None),
        };
        if !wanted() {
            return progress;
        }
        let delay = Duration::from_millis(
            std::env::var("PJRTC_PROGRESS_DELAY_MS")
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(DEFAULT_DELAY_MS),
        );
        if delay.is_zero() {
            show(&progress.bar);
            return progress;
        }
        let (stop, stopped) = mpsc::channel();
        let bar = progress.bar.clone();
        let timer = std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(delay) {
                show(&bar);
            }
        });
        *progress.timer.lock().unwrap_or_else(|e| e.into_inner()) = Some((stop, timer));
        progress
    }

    /// Removes the bar (if it was shown), before the command prints its results.
    pub fn finish(&self) {
        let timer = self.timer.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((stop, timer)) = timer {
            let _ = stop.send(());
            let _ = timer.join();
        }
        self.bar.finish_and_clear();
    }
}

impl Drop for CompileProgress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Whether a bar may be drawn at all: stderr is an interactive terminal.
fn wanted() -> bool {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    std::io::stderr().is_terminal() && !ci && !dumb
}

fn show(bar: &ProgressBar) {
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.tick();
    bar.enable_steady_tick(Duration::from_millis(100));
}

fn phase_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} compiling [{elapsed}] {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
}

fn kernels_style() -> ProgressStyle {
    ProgressStyle::with_template(
        "{spinner} compiling [{elapsed}] {msg} {bar:30} {pos}/{len} kernels",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl Progress for CompileProgress {
    fn phase(&self, name: &'static str) {
        self.bar.set_style(if name == "codegen" {
            kernels_style()
        } else {
            phase_style()
        });
        self.bar.set_message(name);
    }

    fn kernels(&self, done: usize, total: usize) {
        self.bar.set_length(total as u64);
        self.bar.set_position(done as u64);
    }
}

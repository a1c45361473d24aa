//! Fuzzing of the three readers of untrusted bytes: the StableHLO text parser, the MLIR
//! bytecode (VHLO) reader and the `.pjx` decoder. Bad input must give an error, never a
//! panic (a panic here is a failure; an abort, e.g. a stack overflow, kills the run).
//!
//! A mutation fuzzer that runs on stable Rust, in-process: seeds from
//! `tests/fuzz/corpus/<target>/` are mutated (bit flips, interesting bytes, insertions,
//! deletions, duplicated ranges, splices of two seeds, for text also digits and
//! punctuation) by a seeded xorshift generator, so a run is reproducible from its seed.
//! It has no coverage feedback (cargo-fuzz would need a nightly toolchain and an
//! instrumented rebuild); the `.pjx` target repairs the length and checksum fields after
//! mutating, so that mutants get past the checksum into the section decoders.
//!
//! The `.pjx` seeds are the text seeds compiled (`for f in tests/fuzz/corpus/text/*.mlir;
//! do pjrtc compile $f -o tests/fuzz/corpus/pjx/$(basename $f .mlir).pjx; done`), and
//! `bounded_mlp.pjx` is `pjrtc compile benches/dynamic_shapes/mlp.mlir --max-dim 64` (a
//! dynamic section, steps with extents): remake them when the format version changes.
//!
//! Bounded: `PJRTC_FUZZ_SECS` seconds per target (default: 2 s and at most 20,000
//! inputs, what CI runs);
//! `PJRTC_FUZZ_SEED` picks the generator's seed (default: fixed). A failing input is
//! written to `$CARGO_TARGET_TMPDIR/fuzz-<target>-<n>.bin` and named in the panic; an
//! input running over 20 s is a hang: a watchdog saves it as `fuzz-<target>-hang.bin`
//! there and aborts the run.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pjrtc::compiler::frontend;
use pjrtc_runtime::format::Pjx;

/// One input running longer than this is a hang (generous: debug builds, shared cores).
const HANG: Duration = Duration::from_secs(20);

/// The input running now and since when, shared with the watchdog.
type Running = Arc<Mutex<Option<(Instant, Vec<u8>)>>>;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const INTERESTING: &[u8] = &[
    0, 1, 0x7f, 0x80, 0xff, b'0', b'9', b'-', b'<', b'>', b'{', b'}', b'(', b')', b'[', b']', b'x',
    b'%', b':', b',', b'"',
];

fn mutate(rng: &mut Rng, corpus: &[Vec<u8>], text: bool) -> Vec<u8> {
    let mut b = corpus[rng.below(corpus.len())].clone();
    for _ in 0..1 + rng.below(4) {
        let len = b.len();
        match rng.below(if text { 9 } else { 7 }) {
            0 if len > 0 => {
                let i = rng.below(len);
                b[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                b[i] = INTERESTING[rng.below(INTERESTING.len())];
            }
            2 => {
                let i = rng.below(len + 1);
                let n = 1 + rng.below(8);
                for _ in 0..n {
                    b.insert(i, rng.next() as u8);
                }
            }
            3 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(64));
                b.drain(i..i + n);
            }
            4 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(64));
                let piece: Vec<u8> = b[i..i + n].to_vec();
                let at = rng.below(b.len() + 1);
                b.splice(at..at, piece);
            }
            5 => {
                let other = &corpus[rng.below(corpus.len())];
                if !other.is_empty() {
                    let i = rng.below(other.len());
                    let n = 1 + rng.below((other.len() - i).min(256));
                    let at = rng.below(b.len() + 1);
                    b.splice(at..at, other[i..i + n].iter().copied());
                }
            }
            6 if len > 0 => b.truncate(rng.below(len)),
            // Text: change a number, or swap in a punctuation character.
            7 if len > 0 => {
                let i = rng.below(len);
                if let Some(p) = b[i..].iter().position(|c| c.is_ascii_digit()) {
                    let digits = [
                        "0",
                        "-1",
                        "4294967296",
                        "9223372036854775807",
                        "99999999999999999999",
                        "1e400",
                        "0x7FC00000",
                    ];
                    let d = digits[rng.below(digits.len())].as_bytes();
                    b.splice(i + p..i + p + 1, d.iter().copied());
                }
            }
            8 if len > 0 => {
                let i = rng.below(len);
                b[i] = INTERESTING[9 + rng.below(INTERESTING.len() - 9)];
            }
            _ => {}
        }
    }
    b
}

/// Rewrites a mutated `.pjx`'s total length and checksum so it reaches the section decoders.
fn repair_pjx(b: &mut [u8]) {
    if b.len() >= 32 {
        let len = b.len() as u64;
        b[24..32].copy_from_slice(&len.to_le_bytes());
        let sum = pjrtc_runtime::format::checksum(&b[12..]);
        b[8..12].copy_from_slice(&sum.to_le_bytes());
    }
}

fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let seeds: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(!seeds.is_empty(), "empty corpus {}", dir.display());
    seeds
}

/// The time per target, and a cap on its inputs: without `PJRTC_FUZZ_SECS` (CI) at most
/// 20,000 inputs in 2 s, so that CI runs a known prefix of the (seeded) sequence; with it,
/// as many as fit in the time.
fn budget() -> (f64, u64) {
    match std::env::var("PJRTC_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        Some(secs) => (secs, u64::MAX),
        None => (2.0, 20_000),
    }
}

/// Runs `target` on mutants of its corpus for the bounded time; returns (runs, accepted).
fn fuzz(name: &str, text: bool, repair: bool, target: impl Fn(&[u8]) -> bool) -> (u64, u64) {
    let seeds = corpus(name);
    // Every seed is valid input.
    for s in &seeds {
        assert!(target(s), "{name}: a corpus seed is refused");
    }
    let seed = std::env::var("PJRTC_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15u64);
    let mut rng = Rng(seed | 1);
    let (secs, max_runs) = budget();
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    let (mut runs, mut accepted) = (0u64, 0u64);
    // A watchdog: an input running longer than HANG is a hang; it is saved and the
    // process aborted (a hang cannot be interrupted in-process).
    let running: Running = Arc::default();
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (running, done, name) = (running.clone(), done.clone(), name.to_string());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                let guard = running.lock().unwrap_or_else(|e| e.into_inner());
                if let Some((start, input)) = guard.as_ref()
                    && start.elapsed() > HANG
                {
                    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
                        .join(format!("fuzz-{name}-hang.bin"));
                    let _ = std::fs::write(&path, input);
                    eprintln!(
                        "{name}: an input ran over {HANG:?}; saved as {}",
                        path.display()
                    );
                    std::process::abort();
                }
            }
        })
    };
    while Instant::now() < deadline && runs < max_runs {
        let mut input = mutate(&mut rng, &seeds, text);
        if repair {
            repair_pjx(&mut input);
        }
        *running.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), input.clone()));
        MUTANT.set(true);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| target(&input)));
        MUTANT.set(false);
        *running.lock().unwrap_or_else(|e| e.into_inner()) = None;
        runs += 1;
        match outcome {
            Ok(ok) => accepted += ok as u64,
            Err(_) => {
                let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
                    .join(format!("fuzz-{name}-{runs}.bin"));
                std::fs::write(&path, &input).unwrap();
                panic!(
                    "{name}: input {runs} (seed {seed}) panicked; saved as {}",
                    path.display()
                );
            }
        }
    }
    done.store(true, Ordering::Relaxed);
    watchdog.join().unwrap();
    eprintln!(
        "fuzz {name}: {runs} runs, {accepted} accepted, {} corpus seeds, 0 crashes",
        seeds.len()
    );
    (runs, accepted)
}

thread_local! {
    /// Set while a mutant runs: `fuzz` reports its panic, with the input saved.
    static MUTANT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The panic hook prints every caught panic; keep the fuzz output readable, once.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !MUTANT.get() {
                default(info)
            }
        }));
    });
}

#[test]
fn fuzz_text_parser() {
    quiet_panics();
    let (runs, _) = fuzz("text", true, false, |b| frontend::parse(b).is_ok());
    assert!(runs > 0);
}

#[test]
fn fuzz_bytecode_reader() {
    quiet_panics();
    let (runs, _) = fuzz("bytecode", false, false, |b| frontend::parse(b).is_ok());
    assert!(runs > 0);
}

#[test]
fn fuzz_pjx_decoder() {
    quiet_panics();
    let (runs, _) = fuzz("pjx", false, true, |b| Pjx::from_bytes(b).is_ok());
    assert!(runs > 0);
}

/// Inputs earlier fuzz runs found (tests/fuzz/found): each is refused with an error, in
/// time (a hang here would show as the test never finishing).
#[test]
fn found_inputs_are_refused() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/found");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/fuzz/found") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let bytes = std::fs::read(&path).expect("readable");
        let err = frontend::parse(&bytes).expect_err("a found input is refused");
        assert!(
            !err.to_string().is_empty(),
            "{}: an empty error",
            path.display()
        );
        n += 1;
    }
    assert!(n > 0, "no inputs in {}", dir.display());
}

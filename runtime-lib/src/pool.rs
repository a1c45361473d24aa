//! A process-wide pool of worker threads that split one step's work with the caller.
//!
//! Spawning threads per step costs tens of microseconds, more than many steps take, so the
//! workers are started once (lazily, as many as the largest `threads` any call asked for,
//! minus one) and then reused. A call publishes a job of `parts` indices; the caller and
//! any idle workers claim indices from an atomic counter until none are left, and the
//! caller waits for the claimed ones to finish. Because the caller always works on its own
//! job, concurrent calls (several PJRT devices, several `Execute` threads) never wait for
//! each other's workers: at worst a call runs all of its parts itself.
//!
//! Idle workers spin briefly before sleeping, so the steps of one call, which follow each
//! other within microseconds, find them awake.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::thread::Thread;
use std::time::{Duration, Instant};

/// Most workers the pool starts, whatever a caller asks for.
pub const MAX_WORKERS: usize = 255;

/// How long an idle worker spins for the next job before sleeping.
const SPIN: Duration = Duration::from_micros(100);

/// One parallel loop: `task(i)` for every `i` in `0..parts`.
struct Job {
    /// The caller's closure; its lifetime is erased, see [`run`] for why that is sound.
    task: *const (dyn Fn(usize) + Sync + 'static),
    parts: usize,
    /// Next index to claim (may run past `parts`).
    next: AtomicUsize,
    /// Indices finished.
    done: AtomicUsize,
    panicked: AtomicBool,
    /// The caller, unparked when the last part finishes.
    owner: Thread,
}

// SAFETY: `task` points at a `Sync` closure that outlives every use of it (see `run`); the
// rest is atomics and a thread handle.
unsafe impl Send for Job {}
// SAFETY: as above.
unsafe impl Sync for Job {}

impl Job {
    fn has_work(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.parts
    }

    /// Claims and runs parts until none are left.
    fn work(&self) {
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.parts {
                return;
            }
            // SAFETY: part `i` is claimed and not yet done, so the caller is still waiting
            // in `run` and the closure is alive.
            let task = unsafe { &*self.task };
            if catch_unwind(AssertUnwindSafe(|| task(i))).is_err() {
                self.panicked.store(true, Ordering::Relaxed);
            }
            // Release: the caller reads what the part wrote after seeing the count.
            if self.done.fetch_add(1, Ordering::Release) + 1 == self.parts {
                self.owner.unpark();
            }
        }
    }
}

#[derive(Default)]
struct Queue {
    jobs: Vec<Arc<Job>>,
    workers: usize,
    sleeping: usize,
}

impl Queue {
    fn find(&self) -> Option<Arc<Job>> {
        self.jobs.iter().find(|j| j.has_work()).cloned()
    }
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
    /// Bumped on every new job, so spinning workers notice one without the lock.
    epoch: AtomicU64,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // Nothing panics while holding the lock, but don't let poisoning stop the pool.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn shared() -> &'static Shared {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    SHARED.get_or_init(Shared::default)
}

fn worker(shared: &'static Shared) {
    loop {
        let job = shared.lock().find();
        if let Some(job) = job {
            job.work();
            continue;
        }
        // Spin a while: the next step of the same call usually comes within microseconds.
        let seen = shared.epoch.load(Ordering::Acquire);
        let start = Instant::now();
        let mut woke = false;
        'spin: while start.elapsed() < SPIN {
            for _ in 0..64 {
                if shared.epoch.load(Ordering::Acquire) != seen {
                    woke = true;
                    break 'spin;
                }
                std::hint::spin_loop();
            }
        }
        if woke {
            continue;
        }
        // Sleep until a job with work is published (checked under the lock, so a push
        // between the check and the wait cannot be missed).
        let mut q = shared.lock();
        q.sleeping += 1;
        while q.jobs.iter().all(|j| !j.has_work()) {
            q = shared.wake.wait(q).unwrap_or_else(|e| e.into_inner());
        }
        q.sleeping -= 1;
    }
}

/// Starts workers until there are at least `n` (at most [`MAX_WORKERS`]); returns how
/// many there are.
fn ensure_workers(shared: &'static Shared, q: &mut Queue, n: usize) -> usize {
    let n = n.min(MAX_WORKERS);
    while q.workers < n {
        let spawned = std::thread::Builder::new()
            .name(format!("pjrtc-pool-{}", q.workers))
            .spawn(move || worker(shared));
        if spawned.is_err() {
            // The caller runs the parts nobody else takes; fewer workers is only slower.
            break;
        }
        q.workers += 1;
    }
    q.workers
}

/// Runs `task(i)` for every `i` in `0..parts`, on the calling thread and up to
/// `threads - 1` pool workers, and returns when all have finished. Parts may run in any
/// order and concurrently. A panic in any part is re-raised here after all parts finished.
pub fn run(threads: usize, parts: usize, task: &(dyn Fn(usize) + Sync)) {
    if threads <= 1 || parts <= 1 {
        (0..parts).for_each(task);
        return;
    }
    let shared = shared();
    // SAFETY: only the lifetime is erased. Workers call the closure only for a part they
    // claimed (`i < parts`), and this function does not return before every claimed part
    // has finished (`done == parts` below), so no call outlives the borrow.
    let task: *const (dyn Fn(usize) + Sync + 'static) = unsafe {
        std::mem::transmute::<*const (dyn Fn(usize) + Sync + '_), *const (dyn Fn(usize) + Sync)>(
            task,
        )
    };
    let job = Arc::new(Job {
        task,
        parts,
        next: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        panicked: AtomicBool::new(false),
        owner: std::thread::current(),
    });
    {
        let mut q = shared.lock();
        let workers = ensure_workers(shared, &mut q, threads - 1);
        if workers > 0 {
            q.jobs.push(job.clone());
            shared.epoch.fetch_add(1, Ordering::Release);
            let helpers = (parts - 1).min(threads - 1).min(q.sleeping);
            for _ in 0..helpers {
                shared.wake.notify_one();
            }
        }
    }
    job.work();
    // No part is left to claim; take the job off the queue so workers stop looking at it.
    shared.lock().jobs.retain(|j| !Arc::ptr_eq(j, &job));
    // Wait for parts other threads claimed: spin first (they are usually short), then park.
    let start = Instant::now();
    while job.done.load(Ordering::Acquire) < parts {
        if start.elapsed() < SPIN {
            std::hint::spin_loop();
        } else {
            // Spurious wakeups (or an unpark meant for an earlier job) just loop again.
            std::thread::park_timeout(Duration::from_millis(1));
        }
    }
    if job.panicked.load(Ordering::Relaxed) {
        resume_unwind(Box::new("a parallel part panicked"));
    }
}

#[cfg(test)]
mod tests {
    use super::run;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn every_part_runs_once() {
        for threads in [1, 2, 4] {
            for parts in [0, 1, 2, 3, 17, 1000] {
                let hits: Vec<AtomicU64> = (0..parts).map(|_| AtomicU64::new(0)).collect();
                run(threads, parts, &|i| {
                    hits[i].fetch_add(1, Ordering::Relaxed);
                });
                assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == 1));
            }
        }
    }

    #[test]
    fn concurrent_callers_share_the_pool() {
        std::thread::scope(|s| {
            for t in 0..4u64 {
                s.spawn(move || {
                    for round in 0..200u64 {
                        let sum = AtomicU64::new(0);
                        run(3, 8, &|i| {
                            sum.fetch_add(i as u64 * (t + round), Ordering::Relaxed);
                        });
                        assert_eq!(sum.load(Ordering::Relaxed), 28 * (t + round));
                    }
                });
            }
        });
    }

    #[test]
    fn a_panicking_part_is_reraised_after_the_others() {
        let done = AtomicU64::new(0);
        let r = std::panic::catch_unwind(|| {
            run(2, 4, &|i| {
                if i == 1 {
                    panic!("part 1");
                }
                done.fetch_add(1, Ordering::Relaxed);
            })
        });
        assert!(r.is_err());
        assert_eq!(done.load(Ordering::Relaxed), 3);
    }
}

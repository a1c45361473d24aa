//! Independent compile jobs on several threads: scoped threads (the jobs borrow the
//! kernels) taking job numbers from a shared counter, each with its own Cranelift
//! context; results come back in job order, whatever thread ran them.

use cranelift_codegen::Context;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `f(ctx, i)` for `i` in `0..n` on up to `threads` threads (the calling one included),
/// in order. On failure, the error of the lowest failing job: jobs after it are skipped,
/// those before it still run, so which error is reported does not depend on timing.
pub(super) fn map<T: Send, E: Send>(
    n: usize,
    threads: usize,
    f: impl Fn(&mut Context, usize) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E> {
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        let mut ctx = Context::new();
        return (0..n).map(|i| f(&mut ctx, i)).collect();
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicUsize::new(usize::MAX);
    let work = || {
        let mut ctx = Context::new();
        let mut out = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            // Job numbers only grow, so once past a failure every later one is too.
            if i >= n || i > failed.load(Ordering::Relaxed) {
                return out;
            }
            let r = f(&mut ctx, i);
            if r.is_err() {
                failed.fetch_min(i, Ordering::Relaxed);
            }
            out.push((i, r));
        }
    };
    let parts: Vec<Vec<(usize, Result<T, E>)>> = std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut parts = vec![work()];
        for h in helpers {
            // A panic in a job is a compiler bug: it reaches the caller as on one thread.
            parts.push(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        parts
    });
    let mut slots: Vec<Option<Result<T, E>>> = (0..n).map(|_| None).collect();
    for (i, r) in parts.into_iter().flatten() {
        slots[i] = Some(r);
    }
    // Every job up to the first failure ran; the first error ends the list.
    slots.into_iter().map_while(|s| s).collect()
}

#[cfg(test)]
mod tests {
    use super::map;

    #[test]
    fn results_come_in_job_order_and_the_first_failure_wins() {
        for threads in [1, 2, 5] {
            let squares = map(100, threads, |_, i| Ok::<_, usize>(i * i)).unwrap();
            assert_eq!(squares, (0..100).map(|i| i * i).collect::<Vec<_>>());
            // Jobs 30 and 70 fail; whichever thread meets 70 first, 30 is reported.
            let r = map(
                100,
                threads,
                |_, i| {
                    if i % 40 == 30 { Err(i) } else { Ok(i) }
                },
            );
            assert_eq!(r, Err(30));
            assert_eq!(map(0, threads, |_, i| Ok::<_, ()>(i)), Ok(vec![]));
        }
    }
}

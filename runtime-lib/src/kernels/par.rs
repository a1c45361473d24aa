//! Splitting one GEMM or convolution step across threads: the one place kernels reach
//! the runtime's thread pool ([`crate::pool`]).

/// Runs `f(begin, end)` over `[0, n)` split into at most `parts` contiguous, non-empty
/// chunks, on the calling thread and up to `parts - 1` pool workers.
pub(crate) fn chunks(n: usize, parts: usize, f: impl Fn(usize, usize) + Sync) {
    let parts = parts.clamp(1, n.max(1));
    let chunk = n.div_ceil(parts).max(1);
    if parts <= 1 || chunk >= n {
        return f(0, n);
    }
    let count = n.div_ceil(chunk);
    crate::pool::run(count, count, &|t| {
        let b = t * chunk;
        if b < n {
            f(b, (b + chunk).min(n));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::chunks;
    use std::sync::Mutex;

    /// Every index is visited exactly once, whatever the split.
    #[test]
    fn covers_each_index_once() {
        for n in [0, 1, 2, 3, 7, 64] {
            for parts in [0, 1, 2, 3, 8, 100] {
                let seen = Mutex::new(vec![0u32; n]);
                chunks(n, parts, |b, e| {
                    assert!(b < e || n == 0, "empty chunk {b}..{e} of {n}");
                    for i in b..e {
                        seen.lock().unwrap()[i] += 1;
                    }
                });
                assert_eq!(*seen.lock().unwrap(), vec![1; n], "n={n} parts={parts}");
            }
        }
    }
}

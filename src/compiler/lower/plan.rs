//! Arena planning: each arena buffer is live from the step that first touches it (its
//! writer) to the last step that reads it; buffers whose lifetimes overlap get disjoint
//! 64-byte aligned ranges (best fit among the gaps, else the end of the used range).

use super::kir::Kernel;
use pjrtc_runtime::format::{BufRef, Step};

pub const ALIGN: u64 = 64;

/// Calls `f` on every buffer reference of `step`.
pub fn for_each_bufref(step: &mut Step, mut f: impl FnMut(&mut BufRef)) {
    match step {
        Step::Dispatch { bindings, .. } => bindings.iter_mut().for_each(f),
        Step::Gemm(g) => {
            f(&mut g.lhs.buf);
            f(&mut g.rhs.buf);
            f(&mut g.out.buf);
        }
        Step::Conv(c) => {
            f(&mut c.input);
            f(&mut c.kernel);
            f(&mut c.output);
        }
        Step::Copy { src, dst } => {
            f(src);
            f(dst);
        }
    }
}

/// Calls `f(buf, written)` on every buffer reference of `step`.
pub fn for_each_bufref_ref(step: &Step, kernels: &[Kernel], mut f: impl FnMut(&BufRef, bool)) {
    match step {
        Step::Dispatch {
            kernel, bindings, ..
        } => {
            let k = &kernels[*kernel as usize];
            for (b, kb) in bindings.iter().zip(&k.buffers) {
                f(b, kb.writable);
            }
        }
        Step::Gemm(g) => {
            f(&g.lhs.buf, false);
            f(&g.rhs.buf, false);
            f(&g.out.buf, true);
        }
        Step::Conv(c) => {
            f(&c.input, false);
            f(&c.kernel, false);
            f(&c.output, true);
        }
        Step::Copy { src, dst } => {
            f(src, false);
            f(dst, true);
        }
    }
}

/// Offsets for arena buffers `0..sizes.len()` (ids carried in the `offset` of arena
/// `BufRef`s in `steps`) and the arena size.
pub fn plan(sizes: &[u64], steps: &[Step], kernels: &[Kernel]) -> (Vec<u64>, u64) {
    let mut first = vec![usize::MAX; sizes.len()];
    let mut last = vec![0usize; sizes.len()];
    for (s, step) in steps.iter().enumerate() {
        for_each_bufref_ref(step, kernels, |b, _| {
            if b.region == pjrtc_runtime::format::Region::Arena {
                let id = b.offset as usize;
                first[id] = first[id].min(s);
                last[id] = last[id].max(s);
            }
        });
    }
    let intervals: Vec<(usize, usize, u64)> = (0..sizes.len())
        .map(|i| {
            if first[i] == usize::MAX {
                (0, 0, 0)
            } else {
                (first[i], last[i], sizes[i])
            }
        })
        .collect();
    assign(&intervals)
}

/// Assigns offsets to buffers live over inclusive step ranges `(first, last, size)` so
/// that buffers live at the same step never overlap. Returns offsets and high-water mark.
pub fn assign(intervals: &[(usize, usize, u64)]) -> (Vec<u64>, u64) {
    let mut order: Vec<usize> = (0..intervals.len()).collect();
    order.sort_by_key(|&i| (intervals[i].0, std::cmp::Reverse(intervals[i].2)));
    let mut offsets = vec![0u64; intervals.len()];
    // Live allocations: (offset, end, last step).
    let mut live: Vec<(u64, u64, usize)> = Vec::new();
    let mut high = 0u64;
    for &i in &order {
        let (first, last, size) = intervals[i];
        if size == 0 {
            continue;
        }
        // Buffers whose last use is before this buffer's first step are free again.
        live.retain(|&(_, _, l)| l >= first);
        live.sort_by_key(|&(o, _, _)| o);
        let size = size.next_multiple_of(ALIGN);
        let mut best: Option<(u64, u64)> = None; // (gap size, offset)
        let mut cursor = 0u64;
        for &(o, e, _) in &live {
            if o >= cursor + size {
                let gap = o - cursor;
                if best.is_none_or(|(g, _)| gap < g) {
                    best = Some((gap, cursor));
                }
            }
            cursor = cursor.max(e);
        }
        let offset = best.map(|(_, o)| o).unwrap_or(cursor);
        offsets[i] = offset;
        live.push((offset, offset + size, last));
        high = high.max(offset + size);
    }
    (offsets, high)
}

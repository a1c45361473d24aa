//! Arena planning: each arena buffer is live from the step that first touches it (its
//! writer) to the last step that reads it; buffers whose lifetimes overlap get disjoint
//! 64-byte aligned ranges (best fit among the gaps, else the end of the used range).
//!
//! Nested step lists are numbered in order, parents first, so a loop `[s, e]` covers its
//! condition and body. A buffer live before a loop and touched in or after it stays live
//! for the whole loop (the next iteration reads it again), as does the loop predicate
//! (written by the condition, read by the loop step after the condition's last step).

use super::kir::Kernel;
use pjrtc_runtime::format::{BufRef, Region, Step};

pub const ALIGN: u64 = 64;

/// Calls `f` on every buffer reference of `step` itself (not of its nested lists).
pub fn for_each_bufref(step: &mut Step, mut f: impl FnMut(&mut BufRef)) {
    match step {
        Step::Dispatch { bindings, .. } => bindings.iter_mut().for_each(f),
        Step::Gemm(g) => {
            f(&mut g.lhs.buf);
            f(&mut g.rhs.buf);
            f(&mut g.out.buf);
            g.epilogue.scale.iter_mut().for_each(&mut f);
            g.epilogue.bias.iter_mut().for_each(&mut f);
        }
        Step::Conv(c) => {
            f(&mut c.input);
            f(&mut c.kernel);
            f(&mut c.output);
            c.epilogue.scale.iter_mut().for_each(&mut f);
            c.epilogue.bias.iter_mut().for_each(&mut f);
        }
        Step::Copy { src, dst } => {
            f(src);
            f(dst);
        }
        Step::While { pred, .. } => f(pred),
        Step::Case { index, .. } => f(index),
        Step::Sort(s) => {
            for o in &mut s.operands {
                f(&mut o.input);
                f(&mut o.output);
            }
        }
        Step::Softmax(s) => {
            f(&mut s.src);
            f(&mut s.dst);
        }
        Step::Collective(c) => {
            for o in &mut c.operands {
                o.input
                    .iter_mut()
                    .chain(o.output.iter_mut())
                    .for_each(&mut f);
            }
        }
    }
}

/// Calls `f(buf, written)` on every buffer reference of `step` itself.
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
            for b in [&g.epilogue.scale, &g.epilogue.bias].into_iter().flatten() {
                f(b, false);
            }
            f(&g.out.buf, true);
        }
        Step::Conv(c) => {
            f(&c.input, false);
            f(&c.kernel, false);
            for b in [&c.epilogue.scale, &c.epilogue.bias].into_iter().flatten() {
                f(b, false);
            }
            f(&c.output, true);
        }
        Step::Copy { src, dst } => {
            f(src, false);
            f(dst, true);
        }
        Step::While { pred, .. } => f(pred, false),
        Step::Case { index, .. } => f(index, false),
        Step::Sort(s) => {
            for o in &s.operands {
                f(&o.input, false);
                f(&o.output, true);
            }
        }
        Step::Softmax(s) => {
            f(&s.src, false);
            f(&s.dst, true);
        }
        Step::Collective(c) => {
            for o in &c.operands {
                if let Some(b) = &o.input {
                    f(b, false);
                }
                if let Some(b) = &o.output {
                    f(b, true);
                }
            }
        }
    }
}

/// Numbers `steps` (nested lists included, parents first) from `*pos`, recording each
/// arena buffer's first and last step and each loop's `(first, last, predicate)`.
fn number(
    steps: &[Step],
    kernels: &[Kernel],
    pos: &mut usize,
    span: &mut [(usize, usize)],
    loops: &mut Vec<(usize, usize, Option<usize>)>,
) {
    for step in steps {
        let s = *pos;
        *pos += 1;
        for_each_bufref_ref(step, kernels, |b, _| {
            if b.region == Region::Arena {
                let id = b.offset as usize;
                span[id].0 = span[id].0.min(s);
                span[id].1 = span[id].1.max(s);
            }
        });
        for inner in step.nested() {
            number(inner, kernels, pos, span, loops);
        }
        if let Step::While { pred, .. } = step {
            let p = (pred.region == Region::Arena).then_some(pred.offset as usize);
            loops.push((s, *pos - 1, p));
        }
    }
}

/// Offsets for arena buffers `0..sizes.len()` (ids carried in the `offset` of arena
/// `BufRef`s in `steps`) and the arena size.
pub fn plan(sizes: &[u64], steps: &[Step], kernels: &[Kernel]) -> (Vec<u64>, u64) {
    let mut span = vec![(usize::MAX, 0usize); sizes.len()];
    let mut loops = Vec::new();
    number(steps, kernels, &mut 0, &mut span, &mut loops);
    // Inner loops come first, so an extension by an inner loop is seen by outer ones.
    for &(s, e, pred) in &loops {
        for (id, (first, last)) in span.iter_mut().enumerate() {
            if *first == usize::MAX {
                continue;
            }
            if (*first < s && *last >= s) || pred == Some(id) {
                *first = (*first).min(s);
                *last = (*last).max(e);
            }
        }
    }
    let intervals: Vec<(usize, usize, u64)> = (0..sizes.len())
        .map(|i| {
            let (first, last) = span[i];
            if first == usize::MAX {
                (0, 0, 0)
            } else {
                (first, last, sizes[i])
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

#[cfg(test)]
mod tests {
    use super::plan;
    use pjrtc_runtime::format::{BufRef, Region, Step};

    fn arena(id: u64, size: u64) -> BufRef {
        BufRef {
            region: Region::Arena,
            offset: id,
            size,
        }
    }

    #[test]
    fn buffers_read_in_a_loop_stay_live_for_the_whole_loop() {
        let input = BufRef {
            region: Region::Input(0),
            offset: 0,
            size: 64,
        };
        let output = BufRef {
            region: Region::Output(0),
            offset: 0,
            size: 64,
        };
        let copy = |src, dst| Step::Copy { src, dst };
        // b0 is written before the loop and last read by its condition; b2 is a temporary
        // of the body, written after that read. The next iteration reads b0 again, so the
        // two must not share memory; nor may the predicate b1 share with b2.
        let steps = vec![
            copy(input, arena(0, 64)),
            Step::While {
                cond: vec![copy(arena(0, 1), arena(1, 1))],
                pred: arena(1, 1),
                body: vec![copy(input, arena(2, 64)), copy(arena(2, 64), output)],
            },
        ];
        let (offsets, size) = plan(&[64, 1, 64], &steps, &[]);
        assert_ne!(offsets[0], offsets[2]);
        assert_ne!(offsets[1], offsets[2]);
        assert_ne!(offsets[0], offsets[1]);
        assert_eq!(size, 3 * 64);
        // Without the loop the temporary reuses b0's memory.
        let flat = vec![
            copy(input, arena(0, 64)),
            copy(arena(0, 1), arena(1, 1)),
            copy(input, arena(2, 64)),
        ];
        let (offsets, _) = plan(&[64, 1, 64], &flat, &[]);
        assert_eq!(offsets[0], offsets[2]);
    }
}

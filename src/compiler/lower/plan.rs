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
        Step::Dispatch {
            bindings, extent, ..
        } => {
            bindings.iter_mut().for_each(&mut f);
            extent.iter_mut().for_each(|e| f(&mut e.count));
        }
        Step::Gemm(g) => {
            g.extents.iter_mut().flatten().for_each(|e| f(&mut e.count));
            f(&mut g.lhs.buf);
            f(&mut g.rhs.buf);
            f(&mut g.out.buf);
            g.epilogue.scale.iter_mut().for_each(&mut f);
            g.epilogue.bias.iter_mut().for_each(&mut f);
        }
        Step::Conv(c) => {
            c.extent.iter_mut().for_each(|e| f(&mut e.count));
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
            s.extent.iter_mut().for_each(|e| f(&mut e.count));
            f(&mut s.src);
            f(&mut s.dst);
        }
        Step::TopK(t) => {
            for o in &mut t.operands {
                if let Some(i) = &mut o.input {
                    f(i);
                }
                f(&mut o.output);
            }
        }
        Step::Linalg(l) => l.operands.iter_mut().chain(&mut l.results).for_each(f),
        Step::CustomCall(c) => c
            .operands
            .iter_mut()
            .chain(&mut c.results)
            .for_each(|b| f(&mut b.buf)),
        Step::Fft(s) => {
            f(&mut s.input);
            f(&mut s.output);
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
            kernel,
            bindings,
            extent,
            ..
        } => {
            extent.iter().for_each(|e| f(&e.count, false));
            let k = &kernels[*kernel as usize];
            for (b, kb) in bindings.iter().zip(&k.buffers) {
                f(b, kb.writable);
            }
        }
        Step::Gemm(g) => {
            g.extents.iter().flatten().for_each(|e| f(&e.count, false));
            f(&g.lhs.buf, false);
            f(&g.rhs.buf, false);
            for b in [&g.epilogue.scale, &g.epilogue.bias].into_iter().flatten() {
                f(b, false);
            }
            f(&g.out.buf, true);
        }
        Step::Conv(c) => {
            c.extent.iter().for_each(|e| f(&e.count, false));
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
            s.extent.iter().for_each(|e| f(&e.count, false));
            f(&s.src, false);
            f(&s.dst, true);
        }
        Step::TopK(t) => {
            for o in &t.operands {
                if let Some(i) = &o.input {
                    f(i, false);
                }
                f(&o.output, true);
            }
        }
        Step::Linalg(l) => {
            l.operands.iter().for_each(|b| f(b, false));
            l.results.iter().for_each(|b| f(b, true));
        }
        Step::CustomCall(c) => {
            c.operands.iter().for_each(|b| f(&b.buf, false));
            c.results.iter().for_each(|b| f(&b.buf, true));
        }
        Step::Fft(s) => {
            f(&s.input, false);
            f(&s.output, true);
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
    let span = live_spans(sizes.len(), steps, kernels);
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

/// The first and last step of each arena buffer (`(usize::MAX, 0)` if no step touches
/// it), loops accounted for.
fn live_spans(buffers: usize, steps: &[Step], kernels: &[Kernel]) -> Vec<(usize, usize)> {
    let mut span = vec![(usize::MAX, 0usize); buffers];
    let mut loops = Vec::new();
    number(steps, kernels, &mut 0, &mut span, &mut loops);
    for &(s, e, pred) in &loops {
        if let Some(p) = pred
            && span[p].0 != usize::MAX
        {
            span[p] = (span[p].0.min(s), span[p].1.max(e));
        }
    }
    // A buffer live across a loop's start lives to its end. Loops nest (their step ranges
    // are nested or disjoint), so the loop starting in (first, last] that ends last covers
    // every other loop the extension reaches: one range-maximum query per buffer.
    let across = LoopEnds::new(&loops);
    for (first, last) in span.iter_mut() {
        if *first != usize::MAX {
            *last = (*last).max(across.max_end(*first, *last));
        }
    }
    span
}

/// The loops' `(start, end)` steps sorted by start, with a sparse table of the latest end
/// over every power-of-two run of them.
struct LoopEnds {
    starts: Vec<usize>,
    /// `max_end[k][i]`: the latest end among loops `i..i + 2^k`.
    max_end: Vec<Vec<usize>>,
}

impl LoopEnds {
    fn new(loops: &[(usize, usize, Option<usize>)]) -> LoopEnds {
        let mut by_start: Vec<(usize, usize)> = loops.iter().map(|&(s, e, _)| (s, e)).collect();
        by_start.sort_unstable();
        let n = by_start.len();
        let mut max_end = vec![by_start.iter().map(|&(_, e)| e).collect::<Vec<_>>()];
        let mut width = 1;
        while 2 * width <= n {
            let prev = &max_end[max_end.len() - 1];
            let next = (0..=n - 2 * width)
                .map(|i| prev[i].max(prev[i + width]))
                .collect();
            max_end.push(next);
            width *= 2;
        }
        LoopEnds {
            starts: by_start.iter().map(|&(s, _)| s).collect(),
            max_end,
        }
    }

    /// The latest end of the loops starting in `(first, last]` (0 if none).
    fn max_end(&self, first: usize, last: usize) -> usize {
        let lo = self.starts.partition_point(|&s| s <= first);
        let hi = self.starts.partition_point(|&s| s <= last);
        if lo >= hi {
            return 0;
        }
        let k = (hi - lo).ilog2() as usize;
        let level = &self.max_end[k];
        level[lo].max(level[hi - (1 << k)])
    }
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
    use super::{live_spans, number, plan};
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

    /// The spans as first computed: every loop, inner ones first, against every buffer.
    fn spans_by_brute_force(buffers: usize, steps: &[Step]) -> Vec<(usize, usize)> {
        let mut span = vec![(usize::MAX, 0usize); buffers];
        let mut loops = Vec::new();
        number(steps, &[], &mut 0, &mut span, &mut loops);
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
        span
    }

    /// Random step lists: copies between arena buffers, and loops (nested up to 3 deep)
    /// whose condition writes a predicate buffer.
    fn random_steps(rng: &mut u64, depth: u32, buffers: u64) -> Vec<Step> {
        let mut next = |n: u64| {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            *rng % n
        };
        let len = 1 + next(5);
        (0..len)
            .map(|_| {
                if depth < 3 && next(4) == 0 {
                    let pred = arena(next(buffers), 1);
                    let mut seed = next(u64::MAX);
                    let mut cond = random_steps(&mut seed, depth + 1, buffers);
                    cond.push(Step::Copy {
                        src: arena(next(buffers), 1),
                        dst: pred,
                    });
                    Step::While {
                        cond,
                        pred,
                        body: random_steps(&mut seed, depth + 1, buffers),
                    }
                } else {
                    Step::Copy {
                        src: arena(next(buffers), 64),
                        dst: arena(next(buffers), 64),
                    }
                }
            })
            .collect()
    }

    #[test]
    fn loop_extensions_match_checking_every_loop_against_every_buffer() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for case in 0..300 {
            let buffers = 1 + case % 12;
            let steps = random_steps(&mut rng, 0, buffers);
            assert_eq!(
                live_spans(buffers as usize, &steps, &[]),
                spans_by_brute_force(buffers as usize, &steps),
                "case {case}: {steps:?}"
            );
        }
    }
}

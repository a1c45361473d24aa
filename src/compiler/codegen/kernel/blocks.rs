//! Column blocks: several passes over a block of columns while it is in cache.
//!
//! A normalization along a leading axis (log_softmax over axis 0 of `[n, m]`, a batch
//! norm over `[N, H, W]` of NHWC) is one kernel over the input's shape whose reductions
//! are fused in: each reduction depends on the innermost coordinate (the columns) but
//! not on the normalized dimensions, along which it was broadcast back. Computed per
//! point it would cost a whole column per point; hoisted out of the innermost loop (as
//! row reductions are) it would still be recomputed for every row. So such a kernel runs
//! by blocks of columns (at most [`MAX_COLS`], workgroups: blocks and the coordinates of
//! the dimensions neither reduced nor innermost). When every reduction runs on lanes, a
//! block is walked row by row ([`super::block_rows`]), a thread's run of adjacent
//! blocks as one ([`MERGE_COLS`]); otherwise point by point in
//! blocks of [`BLOCK`] columns: first the reductions and everything that depends only
//! on them, as lane reduces of the block's vectors in one loop nest (pass after pass
//! over the block's columns: the column maximum, then the sum of exponentials), then
//! the normalized dimensions' loops compute every point of the block from those values.
//!
//! A kernel whose points are only reductions and what follows from them (no normalized
//! dimension: a logsumexp or a maximum over axis 0) runs in blocks too when its columns
//! are long enough that walking down them costs more than reading rows whole
//! ([`long_column_walks`]).

use super::lanes::Point;
use super::{Class, Emitter, LANES, Pre, R, operands};
use crate::compiler::lower::kir::{Body, Kernel, Node};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value, types};

/// Columns per block run point by point: four vectors, whose lane reduces run side by
/// side.
pub(super) const BLOCK: i64 = LANES * super::lanes::GROUP;

/// Most columns per workgroup. Run row by row ([`super::block_rows`]), a wider block
/// reads longer runs of each row and pays its per-row costs (loop entry, one array call
/// per function) less often: with log_softmax over axis 0 of 1000x771, the whole
/// program took 1.6 ms in one block of 784 columns, 1.9 in two of 400 and 2.3 in four of
/// 208 at one thread (fastest runs on a busy machine). The blocks are also the units of parallel work, so wide rows still split
/// in two or more.
const MAX_COLS: i64 = 512;

/// Most columns one run of adjacent blocks covers when a thread runs them together
/// ([`Emitter::block_chunks`]). The blocks split the kernel across threads; a thread
/// given several adjacent ones walks them as one block, so its rows are read whole (the
/// hardware prefetchers stream them) and each row's calls and loop entries are paid
/// once. log_softmax over axis 0 of 1000x771 at one thread: 0.51 ms in two blocks of
/// 400 columns, 0.42 ms in one of 784 (768 columns: 0.46 / 0.41).
const MERGE_COLS: i64 = 1024;

/// How a kernel runs in column blocks.
#[derive(Debug)]
pub(crate) struct Blocks {
    /// Dimensions no reduction depends on: looped inside each block.
    inner: Vec<usize>,
    /// The other dimensions but the innermost: one coordinate per workgroup.
    outer: Vec<usize>,
    /// Top-level nodes computed once per block: the reductions and what depends only
    /// on them and on the block's coordinates.
    hoist: Vec<bool>,
    /// Blocks along the innermost dimension.
    nblocks: i64,
    /// Columns per block: a multiple of [`BLOCK`], the blocks as even as that allows.
    cols: i64,
}

impl Blocks {
    /// Workgroups: one per block and coordinate of the outer dimensions.
    pub(crate) fn workgroups(&self, k: &Kernel) -> u64 {
        let outer: u64 = self.outer.iter().map(|&d| k.domain[d] as u64).product();
        outer * self.nblocks as u64
    }
}

/// The domain dimensions each top-level node of `body` depends on, as bit sets.
fn dependencies(body: &Body) -> Vec<u64> {
    let mut deps: Vec<u64> = Vec::with_capacity(body.nodes.len());
    for node in &body.nodes {
        let d = match node {
            Node::Index(d) => 1u64 << d,
            Node::Store { .. } => u64::MAX,
            Node::Reduce { inits, body, .. } => {
                let mut d = inits.iter().fold(0, |a, n| a | deps[n.index()]);
                for n in &body.nodes {
                    match n {
                        Node::Outer(o) => d |= deps[o.index()],
                        // A scan's steps store: never hoisted.
                        Node::Store { .. } => d = u64::MAX,
                        _ => {}
                    }
                }
                d
            }
            n => operands(n).iter().fold(0, |a, o| a | deps[o.index()]),
        };
        deps.push(d);
    }
    deps
}

/// How `k` runs in column blocks, if it has reductions that all depend on its innermost
/// coordinate and not on some other dimension (see the module docs).
pub(crate) fn plan(k: &Kernel) -> Option<Blocks> {
    let n = k.domain.len();
    if k.sequential || !(1..=63).contains(&n) || k.domain.iter().any(|&e| e <= 0) {
        return None;
    }
    let last = n - 1;
    let body = &k.body;
    let deps = dependencies(body);
    let reduces: Vec<usize> = (0..body.nodes.len())
        .filter(|&i| matches!(body.nodes[i], Node::Reduce { .. }))
        .collect();
    if reduces.is_empty() || reduces.iter().any(|&r| deps[r] & (1 << last) == 0) {
        return None;
    }
    let used = reduces.iter().fold(0u64, |a, &r| a | deps[r]);
    let inner: Vec<usize> = (0..last)
        .filter(|&d| used & (1 << d) == 0 && k.domain[d] > 1)
        .collect();
    if inner.is_empty() && !(long_column_walks(k, &reduces) && reductions_on_lanes(k, &reduces)) {
        return None;
    }
    let outer: Vec<usize> = (0..last).filter(|d| !inner.contains(d)).collect();
    let inner_mask = inner.iter().fold(0u64, |a, &d| a | 1 << d);
    // Nodes on a reduction's value, directly or not.
    let mut on_reduce = vec![false; body.nodes.len()];
    for (i, node) in body.nodes.iter().enumerate() {
        on_reduce[i] = match node {
            Node::Reduce { .. } => true,
            n => operands(n).iter().any(|o| on_reduce[o.index()]),
        };
    }
    let hoist = (0..body.nodes.len())
        .map(|i| {
            on_reduce[i]
                && deps[i] & inner_mask == 0
                && !matches!(body.nodes[i], Node::Store { .. })
        })
        .collect();
    let width = k.domain[last];
    let up = |a: i64, b: i64| (a + b - 1) / b;
    let mut cols = up(up(width, up(width, MAX_COLS)), BLOCK) * BLOCK;
    if inner.is_empty() {
        // Points that are only reductions: no inner loops to split, so at least two
        // blocks where the width allows, for two threads.
        cols = cols.min(up(up(width, 2), BLOCK) * BLOCK);
    }
    Some(Blocks {
        inner,
        outer,
        hoist,
        nblocks: up(width, cols),
        cols,
    })
}

/// Bytes past which a reduction's column walk runs in row blocks: see
/// [`long_column_walks`].
const LANE_WALK_MAX_BYTES: i64 = 4 << 20;

/// Whether a kernel whose points are only reductions (and what follows from them: a
/// logsumexp or a maximum over axis 0) walks so far down its columns that it should
/// read its rows whole instead. As lane reduces, each group of [`BLOCK`] columns walks
/// down every row in turn, a line or two per row, accumulators in registers; row blocks
/// keep their accumulators in memory but read rows whole. Zen 3, median ms, lanes -> row
/// blocks, one thread: column max of 2048 x 777 (6.4 MB) 3.8-4.7 -> 0.27-0.37, of
/// 4096 x 777 9.5-10 -> 0.7-1.6, of 2048 x 2000 6.2-7.3 -> 2.7-3.8; logsumexp over axis
/// 0 of 2048 x 777 6.6-8.0 -> 1.1-1.6; a variance (two passes) of 2048 x 777 1.9-4.4 ->
/// 1.2-2.0. Two threads: logsumexp 3.9 -> 1.2, the variance 0.57-0.65 -> 0.89-0.93 (lanes
/// on two cores do not fall off as on one). Under 4 MiB the lanes hold their own or
/// win, most where a second pass reads the first's result (variance of 512 x 768
/// 0.10-0.14 -> 0.18-0.32, of 4096 x 96 0.09-0.13 -> 0.36-0.49), though a single max
/// already gains at 1024 x 777 (0.20-0.33 -> 0.10-0.19).
fn long_column_walks(k: &Kernel, reduces: &[usize]) -> bool {
    let width = k.domain[k.domain.len() - 1];
    reduces.iter().any(|&r| match &k.body.nodes[r] {
        Node::Reduce { extents, .. } => {
            let rows = super::reduce_steps(extents);
            rows.saturating_mul(width).saturating_mul(4) > LANE_WALK_MAX_BYTES
        }
        _ => false,
    })
}

/// Whether every reduction of `k` (nodes `reduces`) runs as a lane reduce that stores
/// nothing (not a scan), so that it can fold its rows along the lanes.
fn reductions_on_lanes(k: &Kernel, reduces: &[usize]) -> bool {
    let Some(cls) = super::classify(k, true) else {
        return false;
    };
    reduces.iter().all(|&r| match &k.body.nodes[r] {
        Node::Reduce { body, .. } => cls[r] != Class::Uniform && !super::lanes::stores(body),
        _ => false,
    })
}

/// `hoist` and the nodes it reads, directly or not (through reduce bodies' `Outer`s).
fn closure(body: &Body, hoist: &[bool]) -> Vec<bool> {
    let mut need = hoist.to_vec();
    for i in (0..body.nodes.len()).rev() {
        if !need[i] {
            continue;
        }
        for o in operands(&body.nodes[i]) {
            need[o.index()] = true;
        }
        if let Node::Reduce { body: rb, .. } = &body.nodes[i] {
            for n in &rb.nodes {
                if let Node::Outer(o) = n {
                    need[o.index()] = true;
                }
            }
        }
    }
    need
}

impl Emitter<'_, '_> {
    /// Workgroup `w`'s block and outer coordinates.
    fn block_coords(&mut self, w: Value, bl: &Blocks) -> (Value, Vec<Value>) {
        let k = self.k;
        let n = k.domain.len();
        let nb = self.iconst(bl.nblocks);
        let blk = self.cx.b.ins().urem(w, nb);
        let mut q = self.cx.b.ins().udiv(w, nb);
        let zero = self.iconst(0);
        let mut coords = vec![zero; n];
        for &d in bl.outer.iter().rev() {
            let e = self.iconst(k.domain[d]);
            coords[d] = self.cx.b.ins().urem(q, e);
            q = self.cx.b.ins().udiv(q, e);
        }
        (blk, coords)
    }

    /// Do the blocks of `bl` run row by row ([`super::block_rows`])? Then a thread's
    /// adjacent blocks run together ([`Emitter::block_chunks`]).
    pub(super) fn blocks_by_rows(&self, bl: &Blocks) -> bool {
        let k = self.k;
        let width = k.domain[k.domain.len() - 1];
        let need = closure(&k.body, &bl.hoist);
        self.classes
            .as_ref()
            .is_some_and(|cls| width >= LANES && self.rows_ok(cls, &need))
    }

    /// Workgroups `[begin, end)` of a kernel whose blocks run row by row: each run of
    /// adjacent blocks at the same outer coordinates (at most [`MERGE_COLS`] columns) as
    /// one block.
    pub(super) fn block_chunks(&mut self, begin: Value, end: Value, bl: &Blocks) -> R<()> {
        let merge = (MERGE_COLS / bl.cols).clamp(1, bl.nblocks);
        let b = &mut *self.cx.b;
        let (header, body, exit) = (b.create_block(), b.create_block(), b.create_block());
        b.append_block_param(header, types::I64);
        b.ins().jump(header, &[begin.into()]);
        b.switch_to_block(header);
        let w = b.block_params(header)[0];
        let done = b.ins().icmp(IntCC::SignedGreaterThanOrEqual, w, end);
        super::loop_branch(b, done, exit, &[], body);
        b.switch_to_block(body);
        let (blk, coords) = self.block_coords(w, bl);
        // Blocks in this run: to the range's end, the row's end, or `merge`.
        let b = &mut *self.cx.b;
        let left = b.ins().isub(end, w);
        let nb = b.ins().iconst(types::I64, bl.nblocks);
        let in_row = b.ins().isub(nb, blk);
        let run = b.ins().smin(left, in_row);
        let most = b.ins().iconst(types::I64, merge);
        let run = b.ins().smin(run, most);
        self.block_run(bl, &coords, blk, run, merge)?;
        let b = &mut *self.cx.b;
        let next = b.ins().iadd(w, run);
        b.ins().jump(header, &[next.into()]);
        b.switch_to_block(exit);
        Ok(())
    }

    /// Blocks `[blk, blk + run)` (`run` at most `merge`) at outer coordinates `coords`,
    /// row by row as one block: the vectors, then the last columns (scalars) point by
    /// point if the run ends the row.
    fn block_run(
        &mut self,
        bl: &Blocks,
        coords: &[Value],
        blk: Value,
        run: Value,
        merge: i64,
    ) -> R<()> {
        let k = self.k;
        let width = k.domain[k.domain.len() - 1];
        let cls = self.classes.clone().ok_or("block rows without classes")?;
        let need = closure(&k.body, &bl.hoist);
        let zero = self.iconst(0);
        let lo = self.cx.b.ins().imul_imm_s(blk, bl.cols);
        {
            let vec_cols = width / LANES * LANES;
            let end = self.iconst(vec_cols);
            let avail = self.cx.b.ins().isub(end, lo);
            let cols = self.cx.b.ins().imul_imm_s(run, bl.cols);
            let n = self.cx.b.ins().smin(avail, cols);
            let n = self.cx.b.ins().smax(n, zero);
            let vectors = self.cx.b.ins().sshr_imm_s(n, LANES.trailing_zeros() as i64);
            let hoist = &bl.hoist;
            self.block_rows(
                &cls,
                hoist,
                &need,
                &bl.inner,
                coords,
                lo,
                vectors,
                merge * bl.cols / LANES,
            )?;
            if width > vec_cols {
                let b = &mut *self.cx.b;
                let (tail, done) = (b.create_block(), b.create_block());
                let last = b.ins().iadd(blk, run);
                let is_last = b.ins().icmp_imm_s(IntCC::Equal, last, bl.nblocks);
                b.ins().brif(is_last, tail, &[], done, &[]);
                self.cx.b.switch_to_block(tail);
                let at = self.iconst(vec_cols);
                self.block(bl, coords, at, width - vec_cols)?;
                self.cx.b.ins().jump(done, &[]);
                self.cx.b.switch_to_block(done);
            }
        }
        Ok(())
    }

    /// Workgroup `w` of a kernel run in column blocks `bl`, point by point in blocks of
    /// [`BLOCK`] columns (the reductions not all on lanes).
    pub(super) fn block_workgroup(&mut self, w: Value, bl: &Blocks) -> R<()> {
        let k = self.k;
        let n = k.domain.len();
        let width = k.domain[n - 1];
        let (blk, coords) = self.block_coords(w, bl);
        let zero = self.iconst(0);
        let (full, rem) = (width / BLOCK, width % BLOCK);
        let subs = self.iconst(bl.cols / BLOCK);
        let first = self.cx.b.ins().imul_imm_s(blk, bl.cols / BLOCK);
        self.emit_loop(zero, subs, 1, &[], &mut |em, s, _| {
            let g = em.cx.b.ins().iadd(first, s);
            let lo = em.cx.b.ins().imul_imm_s(g, BLOCK);
            let b = &mut *em.cx.b;
            let (whole, part, done) = (b.create_block(), b.create_block(), b.create_block());
            let test = b.create_block();
            let is_whole = b.ins().icmp_imm_s(IntCC::SignedLessThan, g, full);
            b.ins().brif(is_whole, whole, &[], test, &[]);
            b.switch_to_block(test);
            let is_part = b.ins().icmp_imm_s(IntCC::Equal, g, full);
            b.ins().brif(is_part, part, &[], done, &[]);
            em.cx.b.switch_to_block(whole);
            em.block(bl, &coords, lo, BLOCK)?;
            em.cx.b.ins().jump(done, &[]);
            em.cx.b.switch_to_block(part);
            if rem > 0 {
                em.block(bl, &coords, lo, rem)?;
            }
            em.cx.b.ins().jump(done, &[]);
            em.cx.b.switch_to_block(done);
            Ok(vec![])
        })?;
        Ok(())
    }

    /// Can the reductions `need` marks run row by row? Every one as a lane reduce.
    fn rows_ok(&self, cls: &[Class], need: &[bool]) -> bool {
        self.k.body.nodes.iter().enumerate().all(|(r, n)| match n {
            Node::Reduce { body, .. } if need[r] => {
                cls[r] != Class::Uniform
                    && super::lanes::body_classes(self.k, body, cls, self.round_ok).is_some()
            }
            _ => true,
        })
    }

    /// The `width` columns from `lo` at the outer coordinates `coords`: the hoisted nodes
    /// once, then every point of the inner dimensions.
    fn block(&mut self, bl: &Blocks, coords: &[Value], lo: Value, width: i64) -> R<()> {
        let k = self.k;
        let last = k.domain.len() - 1;
        let cls = self.classes.clone();
        let vectors = if cls.is_some() { width / LANES } else { 0 };
        let mut points: Vec<Point> = Vec::new();
        for j in 0..vectors + (width - vectors * LANES) {
            let (off, vector) = if j < vectors {
                (j * LANES, true)
            } else {
                (vectors * LANES + (j - vectors), false)
            };
            let mut idx = coords.to_vec();
            idx[last] = if off == 0 {
                lo
            } else {
                self.cx.b.ins().iadd_imm_s(lo, off)
            };
            points.push(Point {
                idx,
                cls: if vector { cls.as_deref() } else { None },
            });
        }
        let need = closure(&k.body, &bl.hoist);
        let none = vec![Vec::new(); points.len()];
        // Scalar points beside vector ones fold in the lanes' order.
        self.in_order = cls.is_some();
        let vals = self.eval_points(&k.body, &points, &none, Some(&need));
        self.in_order = false;
        let vals = vals?;
        // The hoisted values, through a stack slot so they stay out of the loops.
        let mut known = Vec::with_capacity(points.len());
        for v in vals {
            let mut kn = vec![None; v.len()];
            for (i, x) in v.into_iter().enumerate() {
                if bl.hoist[i] {
                    kn[i] = Some(self.pin(x));
                }
            }
            known.push(kn);
        }
        self.block_loops(bl, 0, &mut points, &known)
    }

    /// The loops over the block's inner dimensions from `bl.inner[level]` on, evaluating
    /// every point of the block at the innermost.
    fn block_loops(
        &mut self,
        bl: &Blocks,
        level: usize,
        points: &mut [Point<'_>],
        known: &[Vec<Option<Value>>],
    ) -> R<()> {
        let k = self.k;
        let Some(&d) = bl.inner.get(level) else {
            for (p, point) in points.iter().enumerate() {
                let pre = Pre::Use(&known[p], None);
                self.eval_body(&k.body, &point.idx, &[], &[], point.cls, pre)?;
            }
            return Ok(());
        };
        let lo = self.iconst(0);
        let hi = self.iconst(k.domain[d]);
        self.emit_loop(lo, hi, 1, &[], &mut |em, i, _| {
            for p in points.iter_mut() {
                p.idx[d] = i;
            }
            em.block_loops(bl, level + 1, points, known)?;
            Ok(vec![])
        })?;
        Ok(())
    }
}

/// Does `k` run in column blocks? (For the tests.)
#[cfg(test)]
pub(crate) fn is_blocked(k: &Kernel) -> bool {
    plan(k).is_some()
}

//! Per-op rules: from the splits an op's operands have, the splits it runs them at and
//! how its results come out, read off the op's dimension numbers. No rule (`None`): the
//! op runs on whole values.

use super::super::replicate::Split;
use super::Part;
use std::collections::HashMap;

use crate::compiler::ir::{
    BinaryOp, ConvAttrs, DType, DotDims, Op, Opcode, Region, TensorType, ValueId,
};

/// How an op runs on pieces.
pub(super) struct Local {
    /// The split each operand is taken at (resharded when it has another).
    pub operands: Vec<Split>,
    /// The split of each result.
    pub results: Vec<Split>,
    /// The results are partial over these mesh axes: combine them with an `all_reduce`
    /// of this reducer.
    pub combine: Option<(Vec<usize>, BinaryOp)>,
    /// Another opcode for the local op (none: the op's own).
    pub opcode: Option<Opcode>,
}

impl Local {
    fn new(operands: Vec<Split>, results: Vec<Split>) -> Local {
        Local {
            operands,
            results,
            combine: None,
            opcode: None,
        }
    }
}

fn whole(rank: usize) -> Split {
    vec![Vec::new(); rank]
}

fn pieces_of(part: &Part<'_>, s: &Split) -> i64 {
    s.iter().map(|a| part.plan.pieces(a)).product()
}

impl Part<'_> {
    pub(super) fn rule(&self, op: &Op) -> Option<Local> {
        // Complex values stay whole: the legalization of complex types after partitioning
        // has no collectives on them.
        if op
            .results
            .iter()
            .any(|&r| self.global(r).dtype.is_complex())
        {
            return None;
        }
        match &op.opcode {
            Opcode::Unary(_)
            | Opcode::Binary(_)
            | Opcode::Compare { .. }
            | Opcode::Select
            | Opcode::Clamp
            | Opcode::Convert
            | Opcode::BitcastConvert
            | Opcode::Real
            | Opcode::Imag
            | Opcode::Complex
            | Opcode::ReducePrecision { .. } => self.elementwise(op),
            Opcode::OptimizationBarrier => {
                let s: Vec<Split> = op.operands.iter().map(|v| self.split(*v).clone()).collect();
                Some(Local::new(s.clone(), s))
            }
            Opcode::BroadcastInDim {
                broadcast_dimensions,
            } => self.broadcast(op, broadcast_dimensions),
            Opcode::Transpose { permutation } => {
                let mut s = self.split(op.operands[0]).clone();
                if pieces_of(self, &s) == 1
                    && let Some(h) = self.hints.get(&op.results[0])
                    && self.divides(&self.global(op.results[0]).shape, h)
                {
                    for (j, &p) in permutation.iter().enumerate() {
                        s[p as usize] = h[j].clone();
                    }
                }
                if pieces_of(self, &s) == 1
                    // Split where the result's first dimension comes from: a whole value
                    // gathered later is then one contiguous block per device.
                    && let Some(sc) = self.scatter_split(op.operands[0], permutation[0] as usize)
                {
                    s = sc;
                }
                let r = permutation.iter().map(|&p| s[p as usize].clone()).collect();
                Some(Local::new(vec![s], vec![r]))
            }
            Opcode::Reshape => self.reshape(op),
            // Along the dimensions an op leaves alone it is elementwise: those keep their
            // split, the others are gathered.
            Opcode::Slice {
                start,
                limit,
                strides,
            } => {
                let shape = &self.global(op.operands[0]).shape;
                let free: Vec<bool> = (0..shape.len())
                    .map(|d| start[d] == 0 && limit[d] == shape[d] && strides[d] == 1)
                    .collect();
                let mut local = self.along(op, &free)?;
                // A whole dimension kept is the whole of the device's piece.
                let limit = limit
                    .iter()
                    .zip(&local.operands[0])
                    .map(|(&l, axes)| l / self.plan.pieces(axes))
                    .collect();
                local.opcode = Some(Opcode::Slice {
                    start: start.clone(),
                    limit,
                    strides: strides.clone(),
                });
                Some(local)
            }
            Opcode::Pad {
                low,
                high,
                interior,
            } => {
                let free: Vec<bool> = (0..low.len())
                    .map(|d| low[d] == 0 && high[d] == 0 && interior[d] == 0)
                    .collect();
                self.along(op, &free)
            }
            Opcode::Concatenate { dimension } => {
                let rank = self.global(op.results[0]).rank();
                let free: Vec<bool> = (0..rank).map(|d| d as i64 != *dimension).collect();
                self.along(op, &free)
            }
            Opcode::DotGeneral(dims) => self.dot(op, dims),
            Opcode::Reduce { dimensions } => self.reduce(op, dimensions),
            Opcode::Convolution(c) => self.convolution(op, c),
            _ => None,
        }
    }

    /// For a whole value still holding partial sums, used once: the split a
    /// `reduce_scatter` gives it (along `prefer` if that divides into the pieces of the
    /// partial axes, else its first dimension that does). A value with other uses is
    /// all_reduced once instead.
    fn scatter_split(&self, v: ValueId, prefer: usize) -> Option<Split> {
        let (axes, _) = self.partial.get(&v)?;
        if self.uses.get(&v) != Some(&1) {
            return None;
        }
        let have = self.split(v);
        if pieces_of(self, have) != 1 {
            return None;
        }
        let k = self.plan.pieces(axes);
        let shape = &self.global(v).shape;
        let d = std::iter::once(prefer)
            .chain(0..shape.len())
            .find(|&d| shape.get(d).is_some_and(|n| n % k == 0))?;
        let mut s = have.clone();
        s[d] = axes.clone();
        Some(s)
    }

    /// Same-shaped operands and results: all at the split of the most split operand (when
    /// all are whole: at the hinted split, or the split of a `reduce_scatter` of partial
    /// sums); scalar operands (a `select` predicate,
    /// `clamp` bounds) whole.
    fn elementwise(&self, op: &Op) -> Option<Local> {
        let shape = &self.global(op.results[0]).shape;
        if op.results.len() != 1 {
            return None;
        }
        let mut best: Option<&Split> = None;
        for &v in &op.operands {
            let ty = self.global(v);
            if ty.shape == *shape {
                let s = self.split(v);
                if best.is_none_or(|b| pieces_of(self, s) > pieces_of(self, b)) {
                    best = Some(s);
                }
            } else if ty.rank() != 0 {
                // E.g. a bitcast between element types of different widths.
                return None;
            }
        }
        let mut s = best?.clone();
        if pieces_of(self, &s) == 1
            && let Some(h) = self.hints.get(&op.results[0])
            && self.divides(shape, h)
        {
            // Whole operands, a split wanted later: slicing them here costs no
            // communication and splits the work.
            s = h.clone();
        }
        if pieces_of(self, &s) == 1
            && let Some(sc) = op.operands.iter().find_map(|&v| {
                self.scatter_split(v, 0)
                    .filter(|_| self.global(v).shape == *shape)
            })
        {
            s = sc;
        }
        let operands = op
            .operands
            .iter()
            .map(|&v| {
                if self.global(v).rank() == 0 {
                    Vec::new()
                } else {
                    s.clone()
                }
            })
            .collect();
        Some(Local::new(operands, vec![s]))
    }

    /// An op whose operands of the result's rank and result share the dimensions marked
    /// `free` (same sizes, elementwise along them): all at the split of the most split
    /// such operand on the free dimensions, whole on the others; scalar operands (a pad
    /// value) whole.
    fn along(&self, op: &Op, free: &[bool]) -> Option<Local> {
        let [r] = op.results.as_slice() else {
            return None;
        };
        let rank = self.global(*r).rank();
        let mut best: Option<Split> = None;
        for &v in &op.operands {
            if self.global(v).rank() != rank {
                continue;
            }
            let mut s = self.split(v).clone();
            for (axes, &f) in s.iter_mut().zip(free) {
                if !f {
                    axes.clear();
                }
            }
            if best
                .as_ref()
                .is_none_or(|b| pieces_of(self, &s) > pieces_of(self, b))
            {
                best = Some(s);
            }
        }
        let s = best?;
        let operands = op
            .operands
            .iter()
            .map(|&v| {
                let r = self.global(v).rank();
                if r == rank { s.clone() } else { whole(r) }
            })
            .collect();
        Some(Local::new(operands, vec![s]))
    }

    /// Operand dimensions map to result dimensions; expanded (size 1) and new dimensions
    /// are whole.
    fn broadcast(&self, op: &Op, dims: &[i64]) -> Option<Local> {
        let o = op.operands[0];
        let oshape = &self.global(o).shape;
        let rshape = &self.global(op.results[0]).shape;
        let mut s = self.split(o).clone();
        let mut r = whole(rshape.len());
        for (i, &d) in dims.iter().enumerate() {
            if oshape[i] != rshape[d as usize] {
                s[i] = Vec::new();
            }
            r[d as usize] = s[i].clone();
        }
        Some(Local::new(vec![s], vec![r]))
    }

    /// Dimensions group into runs whose sizes multiply alike on both sides; a run keeps a
    /// split of its leading (non-1) dimension when the result run's leading dimension
    /// divides into as many pieces (each piece stays one contiguous block). Other splits
    /// are gathered first.
    fn reshape(&self, op: &Op) -> Option<Local> {
        let x = op.operands[0];
        let a = &self.global(x).shape;
        let b = &self.global(op.results[0]).shape;
        if a.contains(&0) {
            return None;
        }
        let mut s = self.split(x).clone();
        let mut r = whole(b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            let (i0, j0) = (i, j);
            let (mut pa, mut pb) = (a[i], b[j]);
            while pa != pb {
                if pa < pb {
                    i += 1;
                    pa *= *a.get(i)?;
                } else {
                    j += 1;
                    pb *= *b.get(j)?;
                }
            }
            i += 1;
            j += 1;
            let lead_a = (i0..i).find(|&d| a[d] != 1);
            let lead_b = (j0..j).find(|&d| b[d] != 1);
            for (d, axes) in s.iter_mut().enumerate().take(i).skip(i0) {
                match lead_b {
                    Some(l) if Some(d) == lead_a && b[l] % self.plan.pieces(axes) == 0 => {
                        r[l] = axes.clone();
                    }
                    _ => axes.clear(),
                }
            }
        }
        // Trailing size-1 dimensions are never split.
        Some(Local::new(vec![s], vec![r]))
    }

    /// The operand with more pieces keeps its split; the other takes the same split on
    /// batch and contracting dimensions and keeps its own on free dimensions whose axes
    /// are not taken. Split contracting dimensions leave partial sums: an `all_reduce`.
    fn dot(&self, op: &Op, d: &DotDims) -> Option<Local> {
        let (l, r) = (op.operands[0], op.operands[1]);
        let (sl, sr) = (self.split(l).clone(), self.split(r).clone());
        let rank_l = self.global(l).rank() as i64;
        let rank_r = self.global(r).rank() as i64;
        let free = |rank: i64, b: &[i64], c: &[i64]| -> Vec<i64> {
            (0..rank)
                .filter(|x| !b.contains(x) && !c.contains(x))
                .collect()
        };
        let lf = free(rank_l, &d.lhs_batch, &d.lhs_contracting);
        let rf = free(rank_r, &d.rhs_batch, &d.rhs_contracting);
        let lhs_leads = pieces_of(self, &sl) >= pieces_of(self, &sr);
        // (leader split, its batch/contracting dims; follower split, its dims and free dims)
        let (p, pb, pc, q, qb, qc, qf) = if lhs_leads {
            (
                &sl,
                &d.lhs_batch,
                &d.lhs_contracting,
                &sr,
                &d.rhs_batch,
                &d.rhs_contracting,
                &rf,
            )
        } else {
            (
                &sr,
                &d.rhs_batch,
                &d.rhs_contracting,
                &sl,
                &d.lhs_batch,
                &d.lhs_contracting,
                &lf,
            )
        };
        let mut q2 = whole(q.len());
        for (&a, &b) in pb.iter().zip(qb.iter()) {
            q2[b as usize] = p[a as usize].clone();
        }
        for (&a, &b) in pc.iter().zip(qc.iter()) {
            q2[b as usize] = p[a as usize].clone();
        }
        let used: Vec<usize> = p.iter().flatten().copied().collect();
        for &f in qf {
            let axes = &q[f as usize];
            if axes.iter().all(|a| !used.contains(a)) {
                q2[f as usize] = axes.clone();
            }
        }
        let (sl2, sr2) = if lhs_leads {
            (sl.clone(), q2)
        } else {
            (q2, sr.clone())
        };
        let mut res: Split = d
            .lhs_batch
            .iter()
            .map(|&b| sl2[b as usize].clone())
            .collect();
        res.extend(lf.iter().map(|&f| sl2[f as usize].clone()));
        res.extend(rf.iter().map(|&f| sr2[f as usize].clone()));
        let mut partial: Vec<usize> = d
            .lhs_contracting
            .iter()
            .flat_map(|&c| sl2[c as usize].iter().copied())
            .collect();
        partial.sort_unstable();
        let mut local = Local::new(vec![sl2, sr2], vec![res]);
        if !partial.is_empty() {
            local.combine = Some((partial, BinaryOp::Add));
        }
        Some(local)
    }

    /// Kept dimensions keep their split. Reduced split dimensions: a local reduction then
    /// an `all_reduce` with the same reducer, when the reducer is one `add`, `mul`, `max`,
    /// `min`, `and` or `or` of its arguments (and the init value does not change the
    /// result when applied once per device); otherwise they are gathered first.
    fn reduce(&self, op: &Op, dims: &[i64]) -> Option<Local> {
        let n = op.operands.len() / 2;
        let x = op.operands[0];
        let mut s = self.split(x).clone();
        let rank = s.len();
        let partial: Vec<usize> = {
            let mut p: Vec<usize> = dims.iter().flat_map(|&d| s[d as usize].clone()).collect();
            p.sort_unstable();
            p
        };
        let reducer = if partial.is_empty() {
            None
        } else {
            self.combinable(op, n)
        };
        if reducer.is_none() {
            for &d in dims {
                s[d as usize] = Vec::new();
            }
        }
        let kept: Split = (0..rank)
            .filter(|d| !dims.contains(&(*d as i64)))
            .map(|d| s[d].clone())
            .collect();
        let mut operands = vec![s; n];
        operands.extend(
            op.operands[n..]
                .iter()
                .map(|&v| whole(self.global(v).rank())),
        );
        let mut local = Local::new(operands, vec![kept; n]);
        if let Some(b) = reducer {
            local.combine = Some((partial, b));
        }
        Some(local)
    }

    /// The reducer of a one-input reduce as a collective can apply it.
    fn combinable(&self, op: &Op, n: usize) -> Option<BinaryOp> {
        if n != 1 {
            return None;
        }
        let dtype = self.global(op.results[0]).dtype;
        if dtype.is_complex() {
            return None;
        }
        let b = single_binary(op.regions.first()?)?;
        let init = op.operands[1];
        let lit = match self.defs.get(&init).map(|o| &o.opcode) {
            Some(Opcode::Constant(l)) => Some(l),
            _ => None,
        };
        // max/min/and/or are idempotent: the init applied once per device is harmless;
        // add and mul need their identity.
        let identity = |want: f64| {
            lit.is_some_and(|l| {
                if dtype.is_float() {
                    l.element_f64(0) == want
                } else {
                    l.element_i64(0) == want as i64
                }
            })
        };
        match b {
            BinaryOp::Max | BinaryOp::Min | BinaryOp::And | BinaryOp::Or => Some(b),
            BinaryOp::Add if identity(0.0) => Some(b),
            BinaryOp::Mul if identity(1.0) && dtype != DType::I1 => Some(b),
            _ => None,
        }
    }

    /// Only the batch dimension of the input split, the kernel whole: each device
    /// convolves its own images.
    fn convolution(&self, op: &Op, c: &ConvAttrs) -> Option<Local> {
        if c.batch_group_count != 1 {
            return None;
        }
        let x = op.operands[0];
        let sx = self.split(x);
        let batch = sx[c.input_batch_dim as usize].clone();
        let mut s = whole(sx.len());
        s[c.input_batch_dim as usize] = batch.clone();
        let mut r = whole(self.global(op.results[0]).rank());
        r[c.output_batch_dim as usize] = batch;
        let k = whole(self.global(op.operands[1]).rank());
        Some(Local::new(vec![s, k], vec![r]))
    }
}

/// The binary op a reducer region is, when its body is exactly `return op(arg0, arg1)`.
fn single_binary(r: &Region) -> Option<BinaryOp> {
    let [op] = r.ops.as_slice() else {
        return None;
    };
    let (Opcode::Binary(b), [a0, a1]) = (&op.opcode, r.args.as_slice()) else {
        return None;
    };
    let same = (op.operands == [*a0, *a1] || op.operands == [*a1, *a0]) && r.yields == op.results;
    same.then_some(*b)
}

/// Ops whose result is elementwise in their same-shaped operands.
fn is_elementwise(op: &Opcode) -> bool {
    op.is_elementwise()
        || matches!(
            op,
            Opcode::BitcastConvert | Opcode::Real | Opcode::Imag | Opcode::Complex
        )
}

/// Splits wanted downstream, propagated backwards from the results' splits and the
/// constraints through elementwise ops and transposes: where forward propagation leaves
/// an op on whole values, it runs on the hinted pieces instead (its whole operands
/// sliced locally), rather than computing everything and slicing at the end. A value is
/// hinted only when every use of it wants the same split, so a hint never makes a whole
/// use gather.
pub(super) fn hints(
    body: &Region,
    results: &[Split],
    values: &[TensorType],
) -> HashMap<ValueId, Split> {
    // Per value, what its uses seen so far want: `Some(split)` all the same, `None` not.
    let mut wants: HashMap<ValueId, Option<Split>> = HashMap::new();
    fn want(wants: &mut HashMap<ValueId, Option<Split>>, v: ValueId, s: Option<Split>) {
        let s = s.filter(|s| s.iter().any(|a| !a.is_empty()));
        match wants.get_mut(&v) {
            None => {
                wants.insert(v, s);
            }
            Some(w) => {
                if *w != s {
                    *w = None;
                }
            }
        }
    }
    for (&y, s) in body.yields.iter().zip(results) {
        want(&mut wants, y, Some(s.clone()));
    }
    // In reverse, every use of a value is seen before its definition.
    for op in body.ops.iter().rev() {
        let mut captured = Vec::new();
        for r in &op.regions {
            r.walk(&mut |o| captured.extend(o.operands.iter().copied()));
            captured.extend(r.yields.iter().copied());
        }
        for v in captured {
            want(&mut wants, v, None);
        }
        let hint = match op.results.as_slice() {
            [r] => wants.get(r).cloned().flatten(),
            _ => None,
        };
        for &v in &op.operands {
            let s = if super::is_marker(op) {
                match &op.opcode {
                    Opcode::CustomCall { backend_config, .. } => {
                        super::decode(backend_config, values[v.index()].rank())
                    }
                    _ => None,
                }
            } else {
                match (&op.opcode, &hint) {
                    (o, Some(h))
                        if is_elementwise(o)
                            && values[v.index()].shape == values[op.results[0].index()].shape =>
                    {
                        Some(h.clone())
                    }
                    (Opcode::Transpose { permutation }, Some(h)) => {
                        let mut s = vec![Vec::new(); permutation.len()];
                        for (j, &p) in permutation.iter().enumerate() {
                            s[p as usize] = h[j].clone();
                        }
                        Some(s)
                    }
                    _ => None,
                }
            };
            want(&mut wants, v, s);
        }
    }
    wants
        .into_iter()
        .filter_map(|(v, s)| s.map(|s| (v, s)))
        .collect()
}

//! Epilogues of Gemm and Conv steps: the element-wise ops that follow a `dot_general` or
//! a `convolution` whose only reader they are, matched by what they compute, become part
//! of the step ([`pjrtc_runtime::format::Epilogue`]): `activation(x * scale[j] +
//! bias[j])` for output column (feature) `j`, applied as each block of the result
//! completes instead of by a kernel that reads the result back and writes it again.
//!
//! The chain, each link optional but at least one present, each value read only by the
//! next: `multiply` by a column vector (a batch-norm scale), `add` of a column vector (a
//! bias or batch-norm shift), then an activation: `maximum` with a splat `lo`, optionally
//! followed by `minimum` with a splat `hi > lo` (ReLU when `lo` is +0 and nothing
//! follows, `Clamp(lo, hi)` otherwise: relu6, clip). A column vector is any value that
//! is, at every index, element `j` of one f32 buffer of the column count (a parameter,
//! a constant or a value computed before the step), through broadcasts and reshapes.
//! New links (more activations, folded constants) extend [`Lowerer::epilogue_of`].
//!
//! The runtime rounds exactly as the separate f32 ops do (`x * s`, `+ b`, StableHLO's
//! `maximum` and `minimum`), so fusing changes no result bit (NaN payloads aside, which
//! StableHLO leaves open).

use super::Lowerer;
use crate::compiler::ir::{BinaryOp, DType, Op, Opcode, ValueId};
use pjrtc_runtime::format::Activation;

/// A product (or convolution) that goes through an epilogue before anything else reads
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fused {
    /// The value the step writes: the last of the chain.
    pub into: ValueId,
    /// Values in buffers holding the `n` floats of the scale and the bias: column `j`
    /// uses element `j`.
    pub scale: Option<ValueId>,
    pub bias: Option<ValueId>,
    pub activation: Activation,
}

impl Fused {
    /// The step's epilogue: the vectors' buffers.
    pub(crate) fn to_step(self, lw: &Lowerer) -> pjrtc_runtime::format::Epilogue {
        let buf = |v: ValueId| lw.buf[lw.r(v).index()].expect("an epilogue vector is in a buffer");
        pjrtc_runtime::format::Epilogue {
            scale: self.scale.map(buf),
            bias: self.bias.map(buf),
            activation: self.activation,
        }
    }
}

/// Program positions, regions and users of every value, for the pattern below.
struct Uses<'f> {
    ops: Vec<(&'f Op, usize)>,
    users: Vec<Vec<usize>>,
    /// Position of each value's defining op.
    def_at: Vec<Option<usize>>,
}

impl<'f> Lowerer<'f> {
    /// Marks every dot that writes its epilogue's result: the dot's own value and the add
    /// (when a maximum follows) are no longer materialized, the value written is, and
    /// emitting the dot emits the whole chain ([`Lowerer::emit_op`]). Runs after the
    /// other fusion decisions: it only turns buffers nothing else reads into none, and
    /// writes a buffer that its readers load instead of recomputing the chain.
    pub(super) fn fuse_epilogues(&mut self) {
        let u = self.uses_by_position();
        for p in 0..u.ops.len() {
            let (op, region) = u.ops[p];
            if let Some((f, chain)) = self.epilogue_of(&u, op, p, region) {
                let d = op.results[0];
                self.materialize[d.index()] = false;
                for v in chain {
                    self.materialize[v.index()] = false;
                }
                self.materialize[f.into.index()] = true;
                self.from_gemm[f.into.index()] = true;
                self.epilogue[d.index()] = Some(f);
            }
        }
    }

    fn uses_by_position(&self) -> Uses<'f> {
        let (ops, users) = self.ops_and_users();
        let mut def_at = vec![None; self.func.values.len()];
        for (p, &(op, _)) in ops.iter().enumerate() {
            for &r in &op.results {
                def_at[r.index()] = Some(p);
            }
        }
        Uses { ops, users, def_at }
    }

    /// The epilogue of the dot or convolution `op` (at position `p` in `region`) and the
    /// values of its chain before the last, if its result is read only by such a chain
    /// (see the module docs).
    fn epilogue_of(
        &self,
        u: &Uses<'f>,
        op: &'f Op,
        p: usize,
        region: usize,
    ) -> Option<(Fused, Vec<ValueId>)> {
        let d = *op.results.first()?;
        let ty = self.ty(d);
        let trailing = match &op.opcode {
            Opcode::DotGeneral(dims) => {
                let k: i64 = dims
                    .lhs_contracting
                    .iter()
                    .map(|&c| self.ty(op.operands[0]).shape[c as usize])
                    .product();
                if k == 0 {
                    return None;
                }
                // The product's columns are the rhs's free dims, last in its shape.
                let rhs_rank = self.ty(op.operands[1]).rank();
                rhs_rank - dims.rhs_batch.len() - dims.rhs_contracting.len()
            }
            Opcode::Convolution(c) => {
                // Only a conv that writes its result in place (batch, spatial dims in
                // order, features last: the canonical layout), so the features are the
                // columns of its output rows.
                let canonical = std::iter::once(c.output_batch_dim)
                    .chain(c.output_spatial_dims.iter().copied())
                    .chain([c.output_feature_dim])
                    .enumerate()
                    .all(|(i, d)| d == i as i64);
                let empty = op.operands.iter().any(|&o| self.ty(o).num_elements() == 0);
                if !canonical || empty {
                    return None;
                }
                1
            }
            _ => return None,
        };
        if ty.dtype != DType::F32 || ty.num_elements() == 0 || !self.only_read_once(d) {
            return None;
        }
        // A vector is written before the step runs: a parameter, a constant, or earlier.
        let early = |v: ValueId| match self.def_op(v) {
            None => true,
            Some((vop, _)) => {
                matches!(vop.opcode, Opcode::Constant(_))
                    || u.def_at[self.r(v).index()].is_some_and(|b| b < p)
            }
        };
        let column = |x: ValueId| self.column_vector(x, trailing).filter(|&c| early(c));
        let mut chain = Vec::new();
        let mut v = d;
        // Each link: `v`'s one reader, if `v` may be left unmaterialized.
        let next = |v: ValueId, op: BinaryOp| {
            self.only_read_once(v)
                .then(|| self.single_binary_user(u, v, region, op))
                .flatten()
        };
        let mut scale = None;
        if let Some((m, x)) = next(v, BinaryOp::Mul)
            && let Some(s) = column(x)
        {
            scale = Some(s);
            chain.push(v);
            v = m;
        }
        let mut bias = None;
        if let Some((a, x)) = next(v, BinaryOp::Add)
            && let Some(b) = column(x)
        {
            bias = Some(b);
            chain.push(v);
            v = a;
        }
        let mut activation = Activation::None;
        if let Some((mx, x)) = next(v, BinaryOp::Max)
            && let Some(lo) = self.splat_f32(x).filter(|l| !l.is_nan())
        {
            let hi = next(mx, BinaryOp::Min)
                .and_then(|(mn, y)| self.splat_f32(y).filter(|&h| lo < h).map(|h| (mn, h)));
            chain.push(v);
            activation = match hi {
                Some((mn, h)) => {
                    chain.push(mx);
                    v = mn;
                    Activation::Clamp {
                        lo: lo.to_bits(),
                        hi: h.to_bits(),
                    }
                }
                None if lo.to_bits() == 0 => {
                    v = mx;
                    Activation::Relu
                }
                None if lo < f32::INFINITY => {
                    v = mx;
                    Activation::Clamp {
                        lo: lo.to_bits(),
                        hi: f32::INFINITY.to_bits(),
                    }
                }
                None => {
                    chain.pop();
                    Activation::None
                }
            };
        }
        if chain.is_empty() {
            return None;
        }
        // `d` is the dot's own value: left unmaterialized by the caller.
        chain.retain(|&c| c != d);
        Some((
            Fused {
                into: v,
                scale,
                bias,
                activation,
            },
            chain,
        ))
    }

    /// `v` is read by exactly one operand of one op, and is neither returned nor needed
    /// in a buffer of its own.
    fn only_read_once(&self, v: ValueId) -> bool {
        let i = v.index();
        self.r(v) == v && self.uses[i] == 1 && self.output_of[i].is_none() && !self.needs_buffer[i]
    }

    /// The result of `v`'s one reader if that is `op(v, x)` or `op(x, v)` in `region`
    /// (with `x` not `v`), and `x`.
    fn single_binary_user(
        &self,
        u: &Uses<'f>,
        v: ValueId,
        region: usize,
        op: BinaryOp,
    ) -> Option<(ValueId, ValueId)> {
        let [at] = u.users[v.index()][..] else {
            return None;
        };
        let (user, r) = u.ops[at];
        if r != region || user.opcode != Opcode::Binary(op) || user.results.len() != 1 {
            return None;
        }
        let res = user.results[0];
        if self.r(res) != res || self.ty(res).shape != self.ty(v).shape {
            return None;
        }
        let [a, b] = [self.r(user.operands[0]), self.r(user.operands[1])];
        let x = match (a == v, b == v) {
            (true, false) => b,
            (false, true) => a,
            _ => return None,
        };
        Some((res, x))
    }

    /// If `b` is, at every index, element `j` of one buffer of `n` f32 where `j` is the
    /// row-major position of the index's last `trailing` coordinates (a bias along the
    /// product's columns, broadcast to the other dims): that buffer's value.
    fn column_vector(&self, b: ValueId, trailing: usize) -> Option<ValueId> {
        let b = self.r(b);
        let ty = self.ty(b);
        let t = ty.rank().checked_sub(trailing)?;
        let (op, _) = self.def_op(b)?;
        let Opcode::BroadcastInDim {
            broadcast_dimensions,
        } = &op.opcode
        else {
            return None;
        };
        let x = self.r(op.operands[0]);
        let xs = &self.ty(x).shape;
        let mut covered = vec![false; ty.rank()];
        let mut last = None;
        for (xd, &od) in broadcast_dimensions.iter().enumerate() {
            let od = od as usize;
            let size = xs[xd];
            if od < t {
                // A leading (row or batch) dim: the bias must not vary along it.
                if size != 1 {
                    return None;
                }
                continue;
            }
            // A column dim: taken whole, in order, so x's row-major order is j's.
            if size != ty.shape[od] {
                return None;
            }
            if size != 1 {
                if last.is_some_and(|l| l >= od) {
                    return None;
                }
                last = Some(od);
                covered[od] = true;
            }
        }
        if (t..ty.rank()).any(|d| ty.shape[d] != 1 && !covered[d]) {
            return None;
        }
        let n: i64 = ty.shape[t..].iter().product();
        let root = self.flat_root(x)?;
        let rt = self.ty(root);
        (rt.dtype == DType::F32 && rt.num_elements() == n).then_some(root)
    }

    /// The value in a buffer whose row-major elements are `v`'s: `v`, or the operand of
    /// reshapes (views of a buffer included) and of broadcasts that only add unit dims.
    fn flat_root(&self, v: ValueId) -> Option<ValueId> {
        let mut v = self.r(v);
        for _ in 0..64 {
            if let Some(src) = self.view_of[v.index()] {
                v = self.r(src);
                continue;
            }
            if self.has_buffer(v) {
                return Some(v);
            }
            let (op, _) = self.def_op(v)?;
            let x = self.r(*op.operands.first()?);
            let same_order = match &op.opcode {
                Opcode::Reshape => true,
                Opcode::BroadcastInDim {
                    broadcast_dimensions,
                } => {
                    let xs = &self.ty(x).shape;
                    let mapped: Vec<i64> = broadcast_dimensions
                        .iter()
                        .zip(xs)
                        .filter(|&(_, &s)| s != 1)
                        .map(|(&d, _)| d)
                        .collect();
                    self.ty(x).num_elements() == self.ty(v).num_elements()
                        && mapped.windows(2).all(|w| w[0] < w[1])
                }
                _ => false,
            };
            if !same_order {
                return None;
            }
            v = x;
        }
        None
    }

    /// The value of `v` if it is one f32 everywhere: a splat constant, possibly
    /// broadcast or reshaped.
    fn splat_f32(&self, v: ValueId) -> Option<f32> {
        let mut v = self.r(v);
        for _ in 0..64 {
            let (op, _) = self.def_op(v)?;
            match &op.opcode {
                Opcode::Constant(l) => {
                    let ok = l.ty.dtype == DType::F32 && l.is_splat() && l.ty.num_elements() > 0;
                    return ok.then(|| f32::from_bits(l.element_bits(0) as u32));
                }
                Opcode::BroadcastInDim { .. } | Opcode::Reshape => v = self.r(op.operands[0]),
                _ => return None,
            }
        }
        None
    }
}

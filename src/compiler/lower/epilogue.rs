//! Gemm epilogues: a dense layer's `dot_general -> add(broadcast bias) [-> maximum(_, 0)]`
//! becomes one Gemm step whose tiles add the bias and apply the ReLU as each block of the
//! product completes, in L1 ([`pjrtc_runtime::format::Epilogue`]), instead of a kernel
//! that reads the product back and writes it again.
//!
//! The runtime rounds exactly as the separate f32 ops do (`sum + bias[j]`, then
//! StableHLO's `maximum` with +0), so fusing changes no result bit (NaN payloads aside,
//! which StableHLO leaves open).

use super::Lowerer;
use crate::compiler::ir::{BinaryOp, DType, Op, Opcode, ValueId};

/// A product that goes through an epilogue before anything else reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fused {
    /// The add of the bias.
    pub add: ValueId,
    /// The value the Gemm writes: the add, or the maximum after it.
    pub into: ValueId,
    /// A value in a buffer holding the `n` bias floats: column `j` adds element `j`.
    pub bias: ValueId,
    pub relu: bool,
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
            if let Some(f) = self.epilogue_of(&u, op, p, region) {
                let d = op.results[0];
                self.materialize[d.index()] = false;
                self.materialize[f.add.index()] = false;
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

    /// The epilogue of the dot `op` (at position `p` in `region`), if its value's only
    /// reader is an add of a column bias in the same region, and optionally that add's
    /// only reader a maximum with +0.
    fn epilogue_of(&self, u: &Uses<'f>, op: &'f Op, p: usize, region: usize) -> Option<Fused> {
        let Opcode::DotGeneral(dims) = &op.opcode else {
            return None;
        };
        let d = *op.results.first()?;
        let ty = self.ty(d);
        let k: i64 = dims
            .lhs_contracting
            .iter()
            .map(|&c| self.ty(op.operands[0]).shape[c as usize])
            .product();
        if ty.dtype != DType::F32 || ty.num_elements() == 0 || k == 0 || !self.only_read_once(d) {
            return None;
        }
        // The product's columns are the right-hand side's free dims, last in its shape.
        let rhs_rank = self.ty(op.operands[1]).rank();
        let trailing = rhs_rank - dims.rhs_batch.len() - dims.rhs_contracting.len();
        let (add, other) = self.single_binary_user(u, d, region, BinaryOp::Add)?;
        let bias = self.column_vector(other, trailing)?;
        // The bias is written before the dot runs: a parameter, a constant, or earlier.
        let early = match self.def_op(bias) {
            None => true,
            Some((bop, _)) => {
                matches!(bop.opcode, Opcode::Constant(_))
                    || u.def_at[self.r(bias).index()].is_some_and(|b| b < p)
            }
        };
        if !early {
            return None;
        }
        let relu = self
            .only_read_once(add)
            .then(|| self.single_binary_user(u, add, region, BinaryOp::Max))
            .flatten()
            .filter(|&(_, z)| self.positive_zero(z));
        let (into, relu) = match relu {
            Some((max, _)) => (max, true),
            None => (add, false),
        };
        Some(Fused {
            add,
            into,
            bias,
            relu,
        })
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

    /// `v` is +0.0 everywhere: a splat f32 constant of +0, possibly broadcast or reshaped.
    fn positive_zero(&self, v: ValueId) -> bool {
        let mut v = self.r(v);
        for _ in 0..64 {
            let Some((op, _)) = self.def_op(v) else {
                return false;
            };
            match &op.opcode {
                Opcode::Constant(l) => {
                    return l.ty.dtype == DType::F32
                        && l.is_splat()
                        && l.ty.num_elements() > 0
                        && l.element_bits(0) == 0;
                }
                Opcode::BroadcastInDim { .. } | Opcode::Reshape => v = self.r(op.operands[0]),
                _ => return false,
            }
        }
        false
    }
}

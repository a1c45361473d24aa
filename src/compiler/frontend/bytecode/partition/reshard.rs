//! Moving a value between splits: what a device must do to hold its piece of a value
//! under another split than the one it has.
//!
//! - a split axis moves from one dimension to another: one `all_to_all`;
//! - a dimension becomes whole, or loses axes: an `all_gather` over the devices that hold
//!   its pieces;
//! - a dimension splits (further): a `dynamic_slice` at the device's offset, no
//!   communication.
//!
//! A whole constant, iota or broadcast consumed split is recomputed at the piece's shape
//! instead of sliced out of the whole value.

use super::super::replicate::{Split, all_gather};
use super::Part;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    BinaryOp, Collective, CollectiveKind, DType, Literal, Loc, Opcode, Region, TensorType, ValueId,
};

impl Part<'_> {
    /// The device's piece of the original value `v` under `want` (which must divide its
    /// shape).
    pub(super) fn get(&mut self, v: ValueId, want: &Split, loc: &Loc) -> Result<ValueId, String> {
        if let Some(&c) = self.copies.get(&(v, want.clone())) {
            return Ok(c);
        }
        let ty = self.global(v).clone();
        if let Some((axes, reducer)) = self.partial.get(&v).cloned() {
            let (local, have) = self.cur[&v].clone();
            if let Some(d) = scatter_dim(&have, want, &axes)
                && self.divides(&ty.shape, want)
            {
                // Partial sums wanted split over their own axes: each device sums only
                // its piece.
                let out_ty = self.local_type(&ty, want);
                let out = self.reduce_scatter(local, d, &axes, reducer, &out_ty, loc);
                self.copies.insert((v, want.clone()), out);
                return Ok(out);
            }
            let whole = self.all_reduce(local, &axes, reducer, loc);
            self.cur.insert(v, (whole, have));
            self.partial.remove(&v);
        }
        let (local, have) = self.cur[&v].clone();
        if have == *want {
            return Ok(local);
        }
        if !self.divides(&ty.shape, want) {
            return Err(format!(
                "internal: the partitioner asked for an uneven split {want:?} of a value of shape {:?}",
                ty.shape
            ));
        }
        let out = match self.remat(v, want, loc)? {
            Some(r) => r,
            None => self.reshard(local, &ty, &have, want, loc),
        };
        self.copies.insert((v, want.clone()), out);
        Ok(out)
    }

    /// Recomputes a cheap whole value at the shape of its piece under `want`.
    fn remat(&mut self, v: ValueId, want: &Split, loc: &Loc) -> Result<Option<ValueId>, String> {
        let Some(op) = self.defs.get(&v).cloned() else {
            return Ok(None);
        };
        let ty = self.global(v).clone();
        let local_ty = self.local_type(&ty, want);
        match &op.opcode {
            Opcode::Constant(lit) if lit.is_splat() && ty.num_elements() > 0 => {
                let lit = Literal::splat(local_ty.clone(), lit.element(0));
                Ok(Some(self.b(loc).op(Opcode::Constant(lit), &[], local_ty)))
            }
            Opcode::Iota { dimension } if want[*dimension as usize].is_empty() => {
                Ok(Some(self.b(loc).op(
                    Opcode::Iota {
                        dimension: *dimension,
                    },
                    &[],
                    local_ty,
                )))
            }
            Opcode::BroadcastInDim {
                broadcast_dimensions,
            } => {
                // The operand's dimensions that map to split dimensions of the same size
                // split alike; expanded ones (size 1) broadcast locally.
                let o = op.operands[0];
                let oty = self.global(o).clone();
                let owant: Split = broadcast_dimensions
                    .iter()
                    .enumerate()
                    .map(|(i, &r)| {
                        if oty.shape[i] == ty.shape[r as usize] {
                            want[r as usize].clone()
                        } else {
                            Vec::new()
                        }
                    })
                    .collect();
                let x = self.get(o, &owant, loc)?;
                Ok(Some(self.b(loc).op(op.opcode.clone(), &[x], local_ty)))
            }
            _ => Ok(None),
        }
    }

    /// Emits the collectives and slices taking `x` (a piece under `have` of a value of
    /// type `ty`) to its piece under `want`.
    fn reshard(
        &mut self,
        x: ValueId,
        ty: &TensorType,
        have: &Split,
        want: &Split,
        loc: &Loc,
    ) -> ValueId {
        let plan = self.plan;
        let differ: Vec<usize> = (0..want.len()).filter(|&d| have[d] != want[d]).collect();
        // One split moving from dimension `a` to dimension `b`: each device sends the
        // pieces of `b` to their holders and concatenates what it receives along `a`.
        if let [d0, d1] = differ[..]
            && !ty.dtype.is_complex()
        {
            let moved = |a: usize, b: usize| {
                !have[a].is_empty()
                    && want[a].is_empty()
                    && have[b].is_empty()
                    && want[b] == have[a]
            };
            let dir = if moved(d0, d1) {
                Some((d0, d1))
            } else if moved(d1, d0) {
                Some((d1, d0))
            } else {
                None
            };
            if let Some((a, b)) = dir {
                let axes = &have[a];
                let k = plan.pieces(axes);
                let out_ty = self.local_type(ty, want);
                self.report.collective("all_to_all");
                let opcode = Opcode::Collective(Collective {
                    kind: CollectiveKind::AllToAll {
                        split_dimension: b as i64,
                        concat_dimension: a as i64,
                        split_count: k,
                    },
                    groups: plan.groups(axes),
                    // Cross-partition: the groups name partitions.
                    channel_id: 1,
                    use_global_device_ids: false,
                });
                return self.b(loc).op(opcode, &[x], out_ty);
            }
        }
        // Gather every dimension whose axes are not a prefix of the wanted ones.
        let mut cur = x;
        let mut now = have.clone();
        for &d in &differ {
            if !want[d].starts_with(&have[d]) {
                let mut next = now.clone();
                next[d] = Vec::new();
                let out_ty = self.local_type(ty, &next);
                self.report.collective("all_gather");
                cur = self
                    .b(loc)
                    .op(all_gather(d, plan.groups(&now[d])), &[cur], out_ty);
                now = next;
            }
        }
        if now == *want {
            return cur;
        }
        // Split further: the offset, within the piece held, of the wanted piece.
        let out_ty = self.local_type(ty, want);
        let Part {
            values,
            ops,
            position,
            ..
        } = self;
        let mut b = Builder::new(values, ops, loc.clone());
        let mut operands = vec![cur];
        for d in 0..want.len() {
            let rest = &want[d][now[d].len()..];
            operands.push(position.start(&mut b, plan, rest, out_ty.shape[d]));
        }
        let slice_sizes = out_ty.shape.clone();
        b.op(Opcode::DynamicSlice { slice_sizes }, &operands, out_ty)
    }

    /// The device's piece, along `dim` over `axes`, of the sum of `x`'s partial values.
    fn reduce_scatter(
        &mut self,
        x: ValueId,
        dim: usize,
        axes: &[usize],
        reducer: BinaryOp,
        out_ty: &TensorType,
        loc: &Loc,
    ) -> ValueId {
        let plan = self.plan;
        let region = self.reducer(reducer, out_ty.dtype, loc);
        let opcode = Opcode::Collective(Collective {
            kind: CollectiveKind::ReduceScatter { dim: dim as i64 },
            groups: plan.groups(axes),
            channel_id: 1,
            use_global_device_ids: true,
        });
        self.report.collective("reduce_scatter");
        self.b(loc)
            .op_n(opcode, &[x], vec![out_ty.clone()], vec![region])[0]
    }

    /// The region `return reducer(a, b)` over scalars of `dtype`.
    fn reducer(&mut self, reducer: BinaryOp, dtype: DType, loc: &Loc) -> Region {
        let scalar = TensorType::scalar(dtype);
        let mut b = self.b(loc);
        let a = b.new_value(scalar.clone());
        let c = b.new_value(scalar);
        b.region(vec![a, c], |b| Ok(vec![b.binary(reducer, a, c)]))
            .unwrap_or_default()
    }

    /// The sum (or other reduction) of `x`'s partial values over the devices of `axes`.
    pub(super) fn all_reduce(
        &mut self,
        x: ValueId,
        axes: &[usize],
        reducer: BinaryOp,
        loc: &Loc,
    ) -> ValueId {
        let plan = self.plan;
        let ty = self.values[x.index()].clone();
        let region = self.reducer(reducer, ty.dtype, loc);
        let mut b = self.b(loc);
        let opcode = Opcode::Collective(Collective {
            kind: CollectiveKind::AllReduce,
            groups: plan.groups(axes),
            channel_id: 1,
            use_global_device_ids: true,
        });
        let r = b.op_n(opcode, &[x], vec![ty], vec![region])[0];
        self.report.collective("all_reduce");
        r
    }
}

/// The dimension a `reduce_scatter` over `axes` splits to take partial values at `have`
/// to their sum at `want`: the one dimension where they differ, whole before and split
/// over exactly `axes` after.
fn scatter_dim(have: &Split, want: &Split, axes: &[usize]) -> Option<usize> {
    let differ: Vec<usize> = (0..want.len()).filter(|&d| have[d] != want[d]).collect();
    match differ[..] {
        [d] if have[d].is_empty() && want[d] == axes => Some(d),
        _ => None,
    }
}

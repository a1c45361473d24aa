//! Building kernel bodies: a value evaluated at an index, recursively expanding fused
//! producers and loading materialized ones from their buffers.

use super::Lowerer;
use super::elementwise::{convert, emit_scalar};
use super::kir::{Body, KBuffer, Kernel, Node, NodeId};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{BinaryOp, CompareDirection, DType, Op, Opcode, TensorType, ValueId};
use pjrtc_runtime::format::BufRef;
use rustc_hash::FxHashMap as HashMap;

/// Buffers bound by the kernel being built.
pub(crate) struct KernelBuilder<'l, 'f> {
    pub lw: &'l Lowerer<'f>,
    pub buffers: Vec<KBuffer>,
    pub bindings: Vec<BufRef>,
    /// Fused reductions (see [`KernelBuilder::reduce_node`]): the kernel's top-level body
    /// (by address, while it is built), how deep in its reduce bodies building is, the
    /// values requested from enclosing bodies by each level being built, and the reduce
    /// nodes already in the top-level body by value and index.
    top: Option<usize>,
    depth: usize,
    pending: Vec<Vec<Pending>>,
    next_placeholder: u32,
    reduces: HashMap<(ValueId, Vec<NodeId>), NodeId>,
}

/// A fused reduction a nested body needs at an index of its enclosing body: the nested
/// body refers to it as `Outer(placeholder)` until the enclosing body has it.
struct Pending {
    placeholder: NodeId,
    value: ValueId,
    index: Vec<OuterIndex>,
}

#[derive(Clone, Copy, PartialEq)]
enum OuterIndex {
    Node(NodeId),
    Const(i64),
}

impl<'l, 'f> KernelBuilder<'l, 'f> {
    pub fn new(lw: &'l Lowerer<'f>) -> Self {
        KernelBuilder {
            lw,
            buffers: Vec::new(),
            bindings: Vec::new(),
            top: None,
            depth: 0,
            pending: Vec::new(),
            next_placeholder: u32::MAX,
            reduces: HashMap::default(),
        }
    }

    /// Declares `body` the kernel's top-level body: fused reductions are placed in it
    /// (once per value and index) rather than where they are used.
    pub fn set_top(&mut self, body: &Body) {
        self.top = Some(body as *const Body as usize);
    }

    /// Reduce `op` (all its accumulators) at result index `idx` as a node of `body`.
    /// Values of its operand that need fused reductions of `body`'s level are requested
    /// as `Outer` placeholders while its body is built, then added to `body`.
    pub fn reduce_node(
        &mut self,
        body: &mut Body,
        op: &Op,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let Opcode::Reduce { dimensions } = &op.opcode else {
            return Err(Diagnostic::at(&op.loc, "internal: not a reduce"));
        };
        let n = op.operands.len() / 2;
        let in_ty = self.lw.ty(op.operands[0]);
        let region = op
            .regions
            .first()
            .ok_or_else(|| Diagnostic::at(&op.loc, "reduction without a body"))?;
        let reduced: Vec<usize> = dimensions.iter().map(|&d| d as usize).collect();
        let kept: Vec<usize> = (0..in_ty.rank()).filter(|d| !reduced.contains(d)).collect();
        if kept.len() != idx.len() || reduced.iter().any(|&d| d >= in_ty.rank()) {
            return Err(Diagnostic::at(&op.loc, "internal: reduce index rank"));
        }
        let mut inits = Vec::with_capacity(n);
        for k in 0..n {
            inits.push(self.value_at(body, op.operands[n + k], &[])?);
        }
        let mut inner = Body::default();
        let mut iidx = vec![NodeId(0); in_ty.rank()];
        for (i, &d) in kept.iter().enumerate() {
            iidx[d] = inner.push(Node::Outer(idx[i]), DType::I64);
        }
        for (j, &d) in reduced.iter().enumerate() {
            iidx[d] = inner.push(Node::Index(j), DType::I64);
        }
        self.depth += 1;
        self.pending.push(Vec::new());
        let mut elems = Vec::with_capacity(n);
        let mut res = Ok(());
        for k in 0..n {
            match self.value_at(&mut inner, op.operands[k], &iidx) {
                Ok(e) => elems.push(e),
                Err(e) => {
                    res = Err(e);
                    break;
                }
            }
        }
        let pending = self.pending.pop().unwrap_or_default();
        self.depth -= 1;
        res?;
        // Requested values, now in `body`; the placeholders become references to them.
        let mut map = HashMap::default();
        for p in pending {
            let mut oidx = Vec::with_capacity(p.index.len());
            for i in p.index {
                oidx.push(match i {
                    OuterIndex::Node(n) => n,
                    OuterIndex::Const(c) => body.index_const(c),
                });
            }
            let x = self.value_at(body, p.value, &oidx)?;
            map.insert(p.placeholder, x);
        }
        if !map.is_empty() {
            for node in &mut inner.nodes {
                if let Node::Outer(o) = node
                    && let Some(&x) = map.get(o)
                {
                    *o = x;
                }
            }
        }
        let accs: Vec<NodeId> = (0..n)
            .map(|k| inner.push(Node::Acc(k), body.ty(inits[k])))
            .collect();
        inner.yields =
            super::reduce::translate_reducer(self.lw, op, region, &accs, &elems, &mut inner)?;
        inner.elems = elems;
        let extents = reduced.iter().map(|&d| in_ty.shape[d]).collect();
        let ty0 = body.ty(inits[0]);
        Ok(body.push(
            Node::Reduce {
                extents,
                inits,
                body: Box::new(inner),
            },
            ty0,
        ))
    }

    /// Result `k` of a fused (not materialized) reduce `op` at `idx`, in `body`.
    fn fused_reduce(
        &mut self,
        body: &mut Body,
        op: &Op,
        k: usize,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let v = op.results[k];
        let at_top = self.depth == 0 && self.top == Some(body as *const Body as usize);
        if self.depth > 0 {
            // In a reduce body: computed once in the enclosing body when its index only
            // depends on that body's values.
            let mut index = Vec::with_capacity(idx.len());
            for &i in idx {
                match &body.nodes[i.index()] {
                    Node::Outer(o) => index.push(OuterIndex::Node(*o)),
                    Node::Const(c) if body.ty(i) == DType::I64 => {
                        index.push(OuterIndex::Const(*c as i64))
                    }
                    _ => break,
                }
            }
            if index.len() == idx.len() {
                let level = self.pending.last_mut().expect("depth > 0 has a level");
                if let Some(p) = level.iter().find(|p| p.value == v && p.index == index) {
                    return Ok(body.push(Node::Outer(p.placeholder), self.lw.ty(v).dtype));
                }
                let placeholder = NodeId(self.next_placeholder);
                self.next_placeholder -= 1;
                level.push(Pending {
                    placeholder,
                    value: v,
                    index,
                });
                let ty = self.lw.ty(v).dtype;
                return Ok(body.push(Node::Outer(placeholder), ty));
            }
        }
        if at_top && let Some(&r) = self.reduces.get(&(v, idx.to_vec())) {
            return Ok(r);
        }
        let red = self.reduce_node(body, op, idx)?;
        let ty = self.lw.ty(v).dtype;
        let r = if k == 0 {
            red
        } else {
            body.push(Node::ReduceResult { reduce: red, k }, ty)
        };
        if at_top {
            self.reduces.insert((v, idx.to_vec()), r);
        }
        Ok(r)
    }

    pub fn bind_read(&mut self, buf: BufRef, ty: &TensorType) -> usize {
        // The same bytes may be bound with two shapes (a reshape shares its operand's
        // buffer), so the shape is part of the key.
        if let Some(i) = (0..self.bindings.len()).find(|&i| {
            self.bindings[i] == buf
                && !self.buffers[i].writable
                && self.buffers[i].shape == ty.shape
        }) {
            return i;
        }
        self.bind(buf, ty, false)
    }

    pub fn bind_write(&mut self, buf: BufRef, ty: &TensorType) -> usize {
        self.bind(buf, ty, true)
    }

    fn bind(&mut self, buf: BufRef, ty: &TensorType, writable: bool) -> usize {
        self.bindings.push(buf);
        self.buffers.push(KBuffer {
            dtype: ty.dtype,
            shape: ty.shape.clone(),
            writable,
        });
        self.bindings.len() - 1
    }

    pub fn finish(self, name: &str, domain: Vec<i64>, body: Body) -> (Kernel, Vec<BufRef>) {
        (
            Kernel {
                name: name.to_string(),
                buffers: self.buffers,
                domain,
                body,
                sequential: false,
                limits: Vec::new(),
            },
            self.bindings,
        )
    }

    /// Element `idx` of value `v` (after forwarding through identity ops).
    pub fn value_at(
        &mut self,
        body: &mut Body,
        v: ValueId,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let v = self.lw.r(v);
        let ty = self.lw.ty(v);
        if let Some(b) = self.lw.buf[v.index()] {
            // Split coordinates rejoined: the buffer seen with those dimensions merged.
            let (shape, idx) = rejoin_splits(body, &ty.shape, idx);
            let buffer = self.bind_read(b, &TensorType::new(ty.dtype, shape));
            // Reuse an identical load of this body (e.g. `x * x` on a materialized x).
            return Ok(body.push_load(buffer, idx, ty.dtype));
        }
        let Some((op, k)) = self.lw.def_op(v) else {
            return Err(Diagnostic::new(
                self.lw.func.loc.pos,
                "internal: value without a buffer or a defining op",
            ));
        };
        // Expanded once per index: a value read by several fused consumers would
        // otherwise be expanded once per path to it (exponentially many on a DAG).
        if let Some(n) = body.expanded(v.0, idx) {
            return Ok(n);
        }
        let n = if let Opcode::Reduce { .. } = op.opcode {
            self.fused_reduce(body, op, k, idx)?
        } else {
            self.expand(body, op, idx)?
        };
        body.set_expanded(v.0, idx, n);
        Ok(n)
    }

    /// `bitcast_convert` between element types of different widths: the narrow side has an
    /// extra minor dimension of `wide / narrow` elements, element `k` holding bits
    /// `[k * narrow, (k + 1) * narrow)` of the wide value (little-endian, as StableHLO's
    /// reference; `i1` is one bit). Computed on unsigned integers with shifts.
    fn bitcast_resize(
        &mut self,
        body: &mut Body,
        op: &Op,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let (from, to) = (
            self.lw.ty(op.operands[0]).dtype,
            self.lw.ty(op.results[0]).dtype,
        );
        let unsigned = |d: DType| match d.bits() {
            1 => DType::I1,
            2 => DType::U2,
            4 => DType::U4,
            8 => DType::U8,
            16 => DType::U16,
            32 => DType::U32,
            _ => DType::U64,
        };
        // Same-width reinterpretation (float <-> unsigned), skipped when already that type.
        let recast = |body: &mut Body, x: NodeId, d: DType| {
            if body.ty(x) == d {
                x
            } else {
                body.push(Node::Bitcast { x }, d)
            }
        };
        let (wide, narrow) = if from.bits() > to.bits() {
            (unsigned(from), unsigned(to))
        } else {
            (unsigned(to), unsigned(from))
        };
        let nbits = i64::from(narrow.bits());
        if from.bits() > to.bits() {
            // Split: the result's last index picks the piece.
            let (outer, k) = idx.split_at(idx.len() - 1);
            let x = self.value_at(body, op.operands[0], outer)?;
            let x = recast(body, x, wide);
            let shift = imul_c(body, k[0], nbits);
            let shift = convert(body, shift, wide);
            let piece = body.push(
                Node::Binary {
                    op: BinaryOp::ShiftRightLogical,
                    a: x,
                    b: shift,
                },
                wide,
            );
            let piece = if narrow == DType::I1 {
                // convert to i1 is `!= 0`: keep only the lowest bit first.
                let one = body.const_int(wide, 1);
                body.push(
                    Node::Binary {
                        op: BinaryOp::And,
                        a: piece,
                        b: one,
                    },
                    wide,
                )
            } else {
                piece
            };
            let piece = convert(body, piece, narrow);
            Ok(recast(body, piece, to))
        } else {
            // Combine: OR the shifted pieces of the operand's last dimension.
            let ratio = i64::from(to.bits() / from.bits());
            let mut acc = body.const_int(wide, 0);
            for j in 0..ratio {
                let mut at = idx.to_vec();
                at.push(body.index_const(j));
                let x = self.value_at(body, op.operands[0], &at)?;
                let x = recast(body, x, narrow);
                let x = convert(body, x, wide);
                let shift = body.const_int(wide, j * nbits);
                let x = body.push(
                    Node::Binary {
                        op: BinaryOp::ShiftLeft,
                        a: x,
                        b: shift,
                    },
                    wide,
                );
                acc = body.push(
                    Node::Binary {
                        op: BinaryOp::Or,
                        a: acc,
                        b: x,
                    },
                    wide,
                );
            }
            Ok(recast(body, acc, to))
        }
    }

    /// The (single) result of expression op `op` at `idx`.
    pub fn expand(
        &mut self,
        body: &mut Body,
        op: &Op,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let lw = self.lw;
        let rty = lw.ty(op.results[0]);
        let oty = |i: usize| lw.ty(op.operands[i]);
        Ok(match &op.opcode {
            Opcode::Constant(lit) if lit.is_splat() => {
                // An empty constant is never read; any value will do.
                let bits = if lit.bytes.is_empty() {
                    0
                } else {
                    lit.element_bits(0)
                };
                body.push(Node::Const(bits), rty.dtype)
            }
            Opcode::Iota { dimension } => convert(body, idx[*dimension as usize], rty.dtype),
            Opcode::BitcastConvert if oty(0).dtype.bits() != rty.dtype.bits() => {
                self.bitcast_resize(body, op, idx)?
            }
            // Same-width bitcasts (the resizing ones are above) are per element too.
            o if o.is_elementwise() || matches!(o, Opcode::BitcastConvert) => {
                let mut args = Vec::with_capacity(op.operands.len());
                for &o in &op.operands {
                    // select/clamp may take scalar operands with a non-scalar result.
                    let at: &[NodeId] = if lw.ty(o).rank() == rty.rank() {
                        idx
                    } else {
                        &[]
                    };
                    args.push(self.value_at(body, o, at)?);
                }
                emit_scalar(body, op, &args, rty.dtype)?
            }
            Opcode::BroadcastInDim {
                broadcast_dimensions,
            } => {
                let ot = oty(0);
                let mut oidx = Vec::with_capacity(ot.rank());
                for (i, &d) in broadcast_dimensions.iter().enumerate() {
                    let d = d as usize;
                    oidx.push(if ot.shape[i] == 1 && rty.shape[d] != 1 {
                        body.index_const(0)
                    } else {
                        idx[d]
                    });
                }
                self.value_at(body, op.operands[0], &oidx)?
            }
            Opcode::Reshape => {
                let oidx = reshape_index(body, &rty.shape, &oty(0).shape, idx);
                self.value_at(body, op.operands[0], &oidx)?
            }
            Opcode::Transpose { permutation } => {
                let mut oidx = vec![NodeId(0); idx.len()];
                for (i, &p) in permutation.iter().enumerate() {
                    oidx[p as usize] = idx[i];
                }
                self.value_at(body, op.operands[0], &oidx)?
            }
            Opcode::Slice { start, strides, .. } => {
                let mut oidx = Vec::with_capacity(idx.len());
                for d in 0..idx.len() {
                    let s = imul_c(body, idx[d], strides[d]);
                    oidx.push(iadd_c(body, s, start[d]));
                }
                self.value_at(body, op.operands[0], &oidx)?
            }
            Opcode::Reverse { dimensions } => {
                let mut oidx = idx.to_vec();
                for &d in dimensions {
                    let d = d as usize;
                    let n = body.index_const(rty.shape[d] - 1);
                    oidx[d] = ibin(body, BinaryOp::Sub, n, idx[d]);
                }
                self.value_at(body, op.operands[0], &oidx)?
            }
            Opcode::Concatenate { dimension } => self.concatenate(body, op, *dimension, idx)?,
            Opcode::Pad {
                low,
                high: _,
                interior,
            } => self.pad(body, op, low, interior, idx)?,
            Opcode::DynamicSlice { slice_sizes } => {
                let ot = oty(0);
                let mut oidx = Vec::with_capacity(idx.len());
                for d in 0..idx.len() {
                    let start =
                        self.clamped_start(body, op.operands[1 + d], ot.shape[d] - slice_sizes[d])?;
                    oidx.push(ibin(body, BinaryOp::Add, start, idx[d]));
                }
                self.value_at(body, op.operands[0], &oidx)?
            }
            Opcode::DynamicUpdateSlice => self.dynamic_update_slice(body, op, idx)?,
            Opcode::Gather(g) => self.gather(body, op, g, idx)?,
            _ => {
                return Err(Diagnostic::at(
                    &op.loc,
                    format!("internal: {} cannot be fused", op.opcode.name()),
                ));
            }
        })
    }

    /// A start index operand as I64, clamped to `[0, max]` as the spec requires.
    fn clamped_start(
        &mut self,
        body: &mut Body,
        v: ValueId,
        max: i64,
    ) -> Result<NodeId, Diagnostic> {
        let s = self.value_at(body, v, &[])?;
        let s = convert(body, s, DType::I64);
        Ok(iclamp(body, s, 0, max.max(0)))
    }

    fn concatenate(
        &mut self,
        body: &mut Body,
        op: &Op,
        dim: i64,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let d = dim as usize;
        let mut pieces = Vec::new();
        let mut offset = 0;
        for &o in &op.operands {
            let t = self.lw.ty(o);
            if t.num_elements() > 0 {
                pieces.push((o, offset, t.shape[d]));
            }
            offset += t.shape[d];
        }
        // Evaluate every piece at a clamped index, then pick the one covering idx[d].
        let mut vals = Vec::new();
        for &(o, off, size) in &pieces {
            let local = iadd_c(body, idx[d], -off);
            let local = iclamp(body, local, 0, size - 1);
            let mut oidx = idx.to_vec();
            oidx[d] = local;
            vals.push(self.value_at(body, o, &oidx)?);
        }
        let Some(mut r) = vals.pop() else {
            return Err(Diagnostic::at(&op.loc, "internal: empty concatenate"));
        };
        for (i, &v) in vals.iter().enumerate().rev() {
            let (_, off, size) = pieces[i];
            let end = body.index_const(off + size);
            let c = icmp(body, CompareDirection::Lt, idx[d], end);
            r = select(body, c, v, r);
        }
        Ok(r)
    }

    fn pad(
        &mut self,
        body: &mut Body,
        op: &Op,
        low: &[i64],
        interior: &[i64],
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let ot = self.lw.ty(op.operands[0]);
        let pad_value = self.value_at(body, op.operands[1], &[])?;
        if ot.num_elements() == 0 {
            return Ok(pad_value);
        }
        let mut valid: Option<NodeId> = None;
        let mut oidx = Vec::with_capacity(idx.len());
        for d in 0..idx.len() {
            let n = ot.shape[d];
            let step = interior[d] + 1;
            let t = iadd_c(body, idx[d], -low[d]);
            let src = if step == 1 {
                t
            } else {
                let s = body.index_const(step);
                ibin(body, BinaryOp::Div, t, s)
            };
            // Statically in range along this dim? (then no check and no clamp needed)
            let out_n = self.lw.ty(op.results[0]).shape[d];
            let always = step == 1 && low[d] <= 0 && out_n - 1 - low[d] < n;
            if !always {
                let zero = body.index_const(0);
                let mut ok = icmp(body, CompareDirection::Ge, t, zero);
                let nn = body.index_const(n);
                let lt = icmp(body, CompareDirection::Lt, src, nn);
                ok = and1(body, ok, lt);
                if step > 1 {
                    let s = body.index_const(step);
                    let r = ibin(body, BinaryOp::Rem, t, s);
                    let z = icmp(body, CompareDirection::Eq, r, zero);
                    ok = and1(body, ok, z);
                }
                valid = Some(match valid {
                    Some(v) => and1(body, v, ok),
                    None => ok,
                });
                oidx.push(iclamp(body, src, 0, n - 1));
            } else {
                oidx.push(src);
            }
        }
        let x = self.value_at(body, op.operands[0], &oidx)?;
        Ok(match valid {
            Some(c) => select(body, c, x, pad_value),
            None => x,
        })
    }

    fn dynamic_update_slice(
        &mut self,
        body: &mut Body,
        op: &Op,
        idx: &[NodeId],
    ) -> Result<NodeId, Diagnostic> {
        let ot = self.lw.ty(op.operands[0]);
        let ut = self.lw.ty(op.operands[1]);
        let base = self.value_at(body, op.operands[0], idx)?;
        if ut.num_elements() == 0 {
            return Ok(base);
        }
        let mut inside: Option<NodeId> = None;
        let mut uidx = Vec::with_capacity(idx.len());
        for (d, &i) in idx.iter().enumerate() {
            let start = self.clamped_start(body, op.operands[2 + d], ot.shape[d] - ut.shape[d])?;
            let rel = ibin(body, BinaryOp::Sub, i, start);
            let zero = body.index_const(0);
            let n = body.index_const(ut.shape[d]);
            let ge = icmp(body, CompareDirection::Ge, rel, zero);
            let lt = icmp(body, CompareDirection::Lt, rel, n);
            let ok = and1(body, ge, lt);
            inside = Some(match inside {
                Some(v) => and1(body, v, ok),
                None => ok,
            });
            uidx.push(iclamp(body, rel, 0, ut.shape[d] - 1));
        }
        let u = self.value_at(body, op.operands[1], &uidx)?;
        Ok(match inside {
            Some(c) => select(body, c, u, base),
            None => u,
        })
    }
}

/// The index nodes of a kernel's domain (`Index(0..rank)`).
pub fn domain_index(body: &mut Body, rank: usize) -> Vec<NodeId> {
    (0..rank)
        .map(|d| body.push(Node::Index(d), DType::I64))
        .collect()
}

/// A kernel computing expression op `op` over its result shape into its buffer.
pub(crate) fn lower_expression_op(lw: &mut Lowerer, op: &Op) -> Result<(), Diagnostic> {
    let v = op.results[0];
    let ty = lw.ty(v);
    let out = lw.buf[v.index()].expect("materialized values have buffers");
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    kb.set_top(&body);
    let idx = domain_index(&mut body, ty.rank());
    let x = kb.expand(&mut body, op, &idx)?;
    let b = kb.bind_write(out, ty);
    body.push(
        Node::Store {
            buffer: b,
            index: idx,
            value: x,
        },
        ty.dtype,
    );
    let name = op
        .opcode
        .name()
        .trim_start_matches("stablehlo.")
        .to_string();
    let (mut k, mut bindings) = kb.finish(&name, ty.shape.clone(), body);
    super::inplace::settle_in_place(lw, v, &mut k, &mut bindings);
    lw.push_kernel(k, bindings);
    Ok(())
}

/// A materialized concatenate: one kernel per non-empty piece, each storing into its
/// slice of the result.
pub(crate) fn lower_concatenate(lw: &mut Lowerer, op: &Op, dim: usize) -> Result<(), Diagnostic> {
    let v = op.results[0];
    let ty = lw.ty(v);
    let out = lw.buf[v.index()].expect("materialized values have buffers");
    let mut offset = 0;
    for &piece in &op.operands {
        let pt = lw.ty(piece);
        if pt.num_elements() > 0 {
            let mut kb = KernelBuilder::new(lw);
            let mut body = Body::default();
            let idx = domain_index(&mut body, pt.rank());
            let x = kb.value_at(&mut body, piece, &idx)?;
            let mut oidx = idx.clone();
            oidx[dim] = iadd_c(&mut body, idx[dim], offset);
            let b = kb.bind_write(out, ty);
            body.push(
                Node::Store {
                    buffer: b,
                    index: oidx,
                    value: x,
                },
                ty.dtype,
            );
            let (k, bindings) = kb.finish("concatenate", pt.shape.clone(), body);
            lw.push_kernel(k, bindings);
        }
        offset += pt.shape[dim];
    }
    Ok(())
}

/// A kernel copying `src` (of type `src_ty`) into a new layout: destination element
/// `idx` is source element `sidx` with `sidx[map[i]] = idx[i]` (reversed along dims with
/// `rev[i]`), converted to `dst_ty.dtype`.
pub(crate) fn permute_kernel(
    lw: &mut Lowerer,
    src: BufRef,
    src_ty: &TensorType,
    dst: BufRef,
    dst_ty: &TensorType,
    map: &[usize],
    rev: &[bool],
) {
    if dst_ty.num_elements() == 0 {
        return;
    }
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let idx = domain_index(&mut body, dst_ty.rank());
    let mut sidx = vec![NodeId(0); src_ty.rank()];
    for i in 0..idx.len() {
        sidx[map[i]] = if rev[i] {
            let n = body.index_const(dst_ty.shape[i] - 1);
            ibin(&mut body, BinaryOp::Sub, n, idx[i])
        } else {
            idx[i]
        };
    }
    let s = kb.bind_read(src, src_ty);
    let x = body.push(
        Node::Load {
            buffer: s,
            index: sidx,
        },
        src_ty.dtype,
    );
    let x = convert(&mut body, x, dst_ty.dtype);
    let d = kb.bind_write(dst, dst_ty);
    body.push(
        Node::Store {
            buffer: d,
            index: idx,
            value: x,
        },
        dst_ty.dtype,
    );
    let (k, bindings) = kb.finish("relayout", dst_ty.shape.clone(), body);
    lw.push_kernel(k, bindings);
}

/// A kernel filling `dst` with zeros.
pub(crate) fn zero_kernel(lw: &mut Lowerer, dst: BufRef, ty: &TensorType) {
    if ty.num_elements() == 0 {
        return;
    }
    let mut kb = KernelBuilder::new(lw);
    let mut body = Body::default();
    let idx = domain_index(&mut body, ty.rank());
    let z = body.push(Node::Const(0), ty.dtype);
    let d = kb.bind_write(dst, ty);
    body.push(
        Node::Store {
            buffer: d,
            index: idx,
            value: z,
        },
        ty.dtype,
    );
    let (k, bindings) = kb.finish("zero", ty.shape.clone(), body);
    lw.push_kernel(k, bindings);
}

/// Maps an index of `shape` to the index of the same row-major element in `oshape`.
fn reshape_index(body: &mut Body, shape: &[i64], oshape: &[i64], idx: &[NodeId]) -> Vec<NodeId> {
    // Dimensions split into groups of equal size on both sides ([256, 16, 64] and
    // [4096, 64]: {256, 16} ~ {4096} and {64} ~ {64}); a group that is one dimension on
    // each side maps its index as it is, so a contiguous innermost dimension stays the
    // lane coordinate; other groups go through their linear index.
    if shape.contains(&0) || oshape.contains(&0) {
        return reshape_group(body, shape, oshape, idx);
    }
    let mut oidx = Vec::with_capacity(oshape.len());
    let (mut a, mut b) = (0, 0);
    while a < shape.len() || b < oshape.len() {
        let (a0, b0) = (a, b);
        let (mut pa, mut pb) = (1i64, 1i64);
        if a < shape.len() {
            pa = shape[a];
            a += 1;
        }
        if b < oshape.len() {
            pb = oshape[b];
            b += 1;
        }
        while pa != pb {
            if pa < pb && a < shape.len() {
                pa *= shape[a];
                a += 1;
            } else if pb < pa && b < oshape.len() {
                pb *= oshape[b];
                b += 1;
            } else {
                // Unequal element counts (the verifier refuses them): one group.
                oidx.extend(reshape_group(body, &shape[a0..], &oshape[b0..], &idx[a0..]));
                return oidx;
            }
        }
        oidx.extend(reshape_group(
            body,
            &shape[a0..a],
            &oshape[b0..b],
            &idx[a0..a],
        ));
    }
    oidx
}

/// [`reshape_index`] of one group of dimensions with the same number of elements.
fn reshape_group(body: &mut Body, shape: &[i64], oshape: &[i64], idx: &[NodeId]) -> Vec<NodeId> {
    let nz: Vec<usize> = (0..shape.len()).filter(|&d| shape[d] != 1).collect();
    let onz: Vec<usize> = (0..oshape.len()).filter(|&d| oshape[d] != 1).collect();
    // Only unit dims inserted or removed: a direct mapping, no div/rem.
    if nz.len() == onz.len() && nz.iter().zip(&onz).all(|(&a, &b)| shape[a] == oshape[b]) {
        let mut oidx: Vec<NodeId> = (0..oshape.len()).map(|_| body.index_const(0)).collect();
        for (&a, &b) in nz.iter().zip(&onz) {
            oidx[b] = idx[a];
        }
        return oidx;
    }
    let strides = row_major_strides(shape);
    let mut lin: Option<NodeId> = None;
    for &d in &nz {
        let t = imul_c(body, idx[d], strides[d]);
        lin = Some(match lin {
            Some(l) => ibin(body, BinaryOp::Add, l, t),
            None => t,
        });
    }
    let lin = lin.unwrap_or_else(|| body.index_const(0));
    let ostrides = row_major_strides(oshape);
    let mut oidx = Vec::with_capacity(oshape.len());
    for d in 0..oshape.len() {
        if oshape[d] == 1 {
            oidx.push(body.index_const(0));
            continue;
        }
        let mut x = lin;
        if ostrides[d] != 1 {
            let s = body.index_const(ostrides[d]);
            x = ibin(body, BinaryOp::Div, x, s);
        }
        if Some(&d) != onz.first() {
            let n = body.index_const(oshape[d]);
            x = ibin(body, BinaryOp::Rem, x, n);
        }
        oidx.push(x);
    }
    oidx
}

pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

fn const_of(body: &Body, x: NodeId) -> Option<i64> {
    match body.nodes[x.index()] {
        Node::Const(b) if body.ty(x) == DType::I64 => Some(b as i64),
        _ => None,
    }
}

/// `(x, c)` if `n` is the I64 `op(x, c)` (for a commutative `op`, either order) with a
/// constant `c > 0`.
fn by_const(body: &Body, n: NodeId, op: BinaryOp) -> Option<(NodeId, i64)> {
    let Node::Binary { op: o, a, b } = body.nodes[n.index()] else {
        return None;
    };
    if o != op || body.ty(n) != DType::I64 {
        return None;
    }
    match (const_of(body, b), const_of(body, a)) {
        (Some(c), _) if c > 0 => Some((a, c)),
        (_, Some(c)) if c > 0 && op == BinaryOp::Mul => Some((b, c)),
        _ => None,
    }
}

/// `hi * k + lo` as one node when `(hi, lo)` is a value split by `k`, as a reshape
/// splits a coordinate: `(x / k, x % k)` rejoins to `x`, and `(x / (c * k), (x / c) % k)`
/// to `x / c` (truncated division by positive constants, so for every `x`).
fn rejoined(body: &Body, hi: NodeId, lo: NodeId, k: i64) -> Option<NodeId> {
    let (y, k2) = by_const(body, lo, BinaryOp::Rem)?;
    let (x, m) = by_const(body, hi, BinaryOp::Div)?;
    if k2 != k {
        return None;
    }
    if y == x && m == k {
        return Some(x);
    }
    let (x2, c) = by_const(body, y, BinaryOp::Div)?;
    (x2 == x && c.checked_mul(k) == Some(m)).then_some(y)
}

/// `a + b` as a shorter I64 expression when it puts back together what a reshape took
/// apart (see [`rejoined`]): `hi * k + lo`, or `(hi * k + lo) * c` written as
/// `hi * (k * c) + lo * c`. An index that goes through a reshape and back then stays the
/// coordinate it was, not a division and a remainder per element.
fn reassembled(body: &mut Body, a: NodeId, b: NodeId) -> Option<NodeId> {
    for (p, q) in [(a, b), (b, a)] {
        let Some((hi, m)) = by_const(body, p, BinaryOp::Mul) else {
            continue;
        };
        if let Some(x) = rejoined(body, hi, q, m) {
            return Some(x);
        }
        if let Some((lo, c)) = by_const(body, q, BinaryOp::Mul)
            && m % c == 0
            && let Some(y) = rejoined(body, hi, lo, m / c)
        {
            return Some(imul_c(body, y, c));
        }
    }
    None
}

/// `shape` and `idx` with every pair of adjacent coordinates that split one value
/// ([`rejoined`]) merged into one dimension: an access through a reshape of a buffer
/// (group norm's channels `c` read as `(c / 8, c % 8)` of `[.., 8, 8]`) then indexes the
/// buffer by `c` itself, contiguous along the lanes.
pub(super) fn rejoin_splits(body: &Body, shape: &[i64], idx: &[NodeId]) -> (Vec<i64>, Vec<NodeId>) {
    let (mut shape, mut idx) = (shape.to_vec(), idx.to_vec());
    let mut d = 0;
    while d + 1 < idx.len() {
        if let Some(x) = rejoined(body, idx[d], idx[d + 1], shape[d + 1]) {
            idx.splice(d..d + 2, [x]);
            let e = shape[d] * shape[d + 1];
            shape.splice(d..d + 2, [e]);
            // The merged coordinate may rejoin with the one before it.
            d = d.saturating_sub(1);
        } else {
            d += 1;
        }
    }
    (shape, idx)
}

/// I64 binary op, folding constants.
pub fn ibin(body: &mut Body, op: BinaryOp, a: NodeId, b: NodeId) -> NodeId {
    if op == BinaryOp::Add
        && let Some(n) = reassembled(body, a, b)
    {
        return n;
    }
    if let (Some(x), Some(y)) = (const_of(body, a), const_of(body, b)) {
        let r = match op {
            BinaryOp::Add => Some(x.wrapping_add(y)),
            BinaryOp::Sub => Some(x.wrapping_sub(y)),
            BinaryOp::Mul => Some(x.wrapping_mul(y)),
            BinaryOp::Max => Some(x.max(y)),
            BinaryOp::Min => Some(x.min(y)),
            _ => None,
        };
        if let Some(r) = r {
            return body.index_const(r);
        }
    }
    body.push(Node::Binary { op, a, b }, DType::I64)
}

pub fn iadd_c(body: &mut Body, a: NodeId, c: i64) -> NodeId {
    if c == 0 {
        return a;
    }
    let c = body.index_const(c);
    ibin(body, BinaryOp::Add, a, c)
}

pub fn imul_c(body: &mut Body, a: NodeId, c: i64) -> NodeId {
    if c == 1 {
        return a;
    }
    let c = body.index_const(c);
    ibin(body, BinaryOp::Mul, a, c)
}

pub fn iclamp(body: &mut Body, x: NodeId, lo: i64, hi: i64) -> NodeId {
    let l = body.index_const(lo);
    let x = ibin(body, BinaryOp::Max, x, l);
    let h = body.index_const(hi);
    ibin(body, BinaryOp::Min, x, h)
}

pub fn icmp(body: &mut Body, dir: CompareDirection, a: NodeId, b: NodeId) -> NodeId {
    body.push(
        Node::Compare {
            dir,
            a,
            b,
            total_order: false,
        },
        DType::I1,
    )
}

pub fn and1(body: &mut Body, a: NodeId, b: NodeId) -> NodeId {
    body.push(
        Node::Binary {
            op: BinaryOp::And,
            a,
            b,
        },
        DType::I1,
    )
}

pub fn select(body: &mut Body, cond: NodeId, on_true: NodeId, on_false: NodeId) -> NodeId {
    let ty = body.ty(on_true);
    body.push(
        Node::Select {
            cond,
            on_true,
            on_false,
        },
        ty,
    )
}

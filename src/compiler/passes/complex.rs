//! Complex legalization: rewrites every complex value of a function into real values and
//! every complex op into real StableHLO ops, so lowering and code generation only ever
//! see real types. Runs after folding (which evaluates complex ops natively), before
//! lowering.
//!
//! A complex value has one or both of two real forms, made on demand:
//! - **parts**: its real and imaginary parts, two real values of its shape. Elementwise
//!   ops work on these (through the formulas of [`crate::compiler::eval::complex`], the
//!   evaluator's own, so compiled results match folded ones to the bit), and so do the
//!   data-movement ops (each part moved alike), reductions, sorts and control flow (each
//!   complex operand, region argument and yield becomes two).
//! - **packed**: one real value of shape `[..., 2]` holding (re, im) pairs: the complex
//!   tensor's own bytes. Parameters and results are packed (the signature keeps the
//!   complex dtype, the buffers are the same), and so are the operands of ops that want
//!   interleaved data: dot_general and convolution (one real product whose contraction
//!   includes the (re, im) pair, against `[[br, bi], [-bi, br]]`), fft (the runtime's
//!   FFT reads interleaved values), bitcast_convert (bytes) and the LAPACK custom calls
//!   (`lapack_c*_ffi`, `lapack_?geev_ffi`: the runtime's routines read complex matrices).
//!
//! Parts are slices of the packed form; the packed form of parts is their concatenation
//! along a new last dimension. complex<f32> arithmetic beyond add, subtract, negate and
//! comparisons runs in f64 and rounds once per part, as in the evaluator.

use std::collections::HashMap;

use crate::compiler::diag::Diagnostic;
use crate::compiler::eval::complex::{self as cx, Arith, Z};
use crate::compiler::eval::literal_from_f64;
use crate::compiler::ir::{
    BinaryOp, CompareDirection, ConvAttrs, DType, DotDims, Func, Literal, Loc, Op, Opcode, Region,
    TensorType, UnaryOp, ValueId,
};

/// `real` and `imag` of real (float) values, which the spec allows: the value itself and
/// zeros. Returns whether there were any.
fn real_parts_of_real_values(values: &[TensorType], r: &mut Region) -> bool {
    let mut found = false;
    for op in &mut r.ops {
        for sub in &mut op.regions {
            found |= real_parts_of_real_values(values, sub);
        }
        let real = |v: ValueId| !values[v.index()].dtype.is_complex();
        match op.opcode {
            Opcode::Real if real(op.operands[0]) => op.opcode = Opcode::Convert,
            Opcode::Imag if real(op.operands[0]) => {
                let ty = values[op.results[0].index()].clone();
                let zero = vec![0u8; ty.dtype.size()];
                op.opcode = Opcode::Constant(Literal::splat(ty, &zero));
                op.operands.clear();
            }
            _ => continue,
        }
        found = true;
    }
    found
}

/// Legalizes `f` in place; returns whether it changed anything (complex values, or
/// `real`/`imag` of real ones).
pub fn legalize(f: &mut Func) -> Result<bool, Diagnostic> {
    let parts_of_real = real_parts_of_real_values(&f.values, &mut f.body);
    let complex = f.values.iter().any(|t| t.dtype.is_complex());
    if parts_of_real || complex {
        // Uses move to other values here without `ValidExtents::rename`: every step then
        // writes whole buffers, which costs speed only.
        f.valid_extents = Default::default();
    }
    if !complex {
        return Ok(parts_of_real);
    }
    let body = std::mem::take(&mut f.body);
    let mut lz = Lz {
        values: &mut f.values,
        ops: Vec::new(),
        loc: f.loc.clone(),
        forms: HashMap::new(),
        subst: HashMap::new(),
    };
    // Parameters keep their buffers: a complex one becomes a parameter of its packed type.
    let mut args = body.args.clone();
    for a in &mut args {
        let t = lz.values[a.index()].clone();
        if t.dtype.is_complex() {
            let p = lz.new_value(packed_ty(&t));
            lz.set_packed(*a, p);
            *a = p;
        }
    }
    for op in &body.ops {
        lz.op(op)?;
    }
    lz.loc = body.yield_loc.clone();
    let yields = body
        .yields
        .iter()
        .map(|&y| {
            if lz.is_complex(y) {
                lz.packed(y)
            } else {
                lz.real(y)
            }
        })
        .collect::<Vec<_>>();
    let ops = std::mem::take(&mut lz.ops);
    f.result_types = yields
        .iter()
        .map(|&y| f.values[y.index()].clone())
        .collect();
    f.body = Region {
        args,
        ops,
        yields,
        yield_loc: body.yield_loc,
    };
    Ok(true)
}

/// Largest complex dot_general (result elements times contraction length) computed as
/// ordered sums of complex products rather than one real GEMM.
const SMALL_DOT_MACS: i128 = 1 << 16;

/// The packed type of a complex type: its part type with a trailing dimension of 2.
pub fn packed_ty(t: &TensorType) -> TensorType {
    let mut shape = t.shape.clone();
    shape.push(2);
    TensorType::new(t.dtype.complex_part().unwrap_or(t.dtype), shape)
}

/// The real forms of one complex value (see the module docs).
#[derive(Clone, Default)]
struct Forms {
    parts: Option<(ValueId, ValueId)>,
    packed: Option<ValueId>,
    /// A complex constant: its parts are constants too, not slices.
    lit: Option<Literal>,
}

struct Lz<'v> {
    values: &'v mut Vec<TensorType>,
    /// Ops of the region being built.
    ops: Vec<Op>,
    /// Location of the op being rewritten, given to what replaces it.
    loc: Loc,
    /// Real forms of the complex values seen so far (scoped: see [`Lz::region`]).
    forms: HashMap<ValueId, Forms>,
    /// Real values that became other values (`real` of a float is the float).
    subst: HashMap<ValueId, ValueId>,
}

fn unsupported(op: &Op, what: &str) -> Diagnostic {
    Diagnostic::at(&op.loc, format!("unsupported: {} {what}", op.opcode.name()))
}

impl Lz<'_> {
    fn ty(&self, v: ValueId) -> &TensorType {
        &self.values[v.index()]
    }

    fn is_complex(&self, v: ValueId) -> bool {
        self.forms.contains_key(&v) || self.ty(v).dtype.is_complex()
    }

    /// The value a real value stands for now.
    fn real(&self, v: ValueId) -> ValueId {
        self.subst.get(&v).copied().unwrap_or(v)
    }

    fn emit(
        &mut self,
        opcode: Opcode,
        operands: Vec<ValueId>,
        tys: Vec<TensorType>,
    ) -> Vec<ValueId> {
        let results: Vec<ValueId> = tys
            .into_iter()
            .map(|t| {
                self.values.push(t);
                ValueId(self.values.len() as u32 - 1)
            })
            .collect();
        self.ops.push(Op {
            opcode,
            operands,
            results: results.clone(),
            regions: Vec::new(),
            loc: self.loc.clone(),
        });
        results
    }

    fn emit1(&mut self, opcode: Opcode, operands: Vec<ValueId>, ty: TensorType) -> ValueId {
        self.emit(opcode, operands, vec![ty])[0]
    }

    fn constant(&mut self, lit: Literal) -> ValueId {
        let ty = lit.ty.clone();
        self.emit1(Opcode::Constant(lit), vec![], ty)
    }

    fn splat(&mut self, dtype: DType, shape: &[i64], x: f64) -> ValueId {
        let one = literal_from_f64(TensorType::scalar(dtype), &[x]);
        let ty = TensorType::new(dtype, shape.to_vec());
        self.constant(Literal::splat(ty, &one.bytes))
    }

    fn convert(&mut self, v: ValueId, to: DType) -> ValueId {
        let t = self.ty(v).clone();
        if t.dtype == to {
            return v;
        }
        self.emit1(Opcode::Convert, vec![v], t.with_dtype(to))
    }

    fn reshape(&mut self, v: ValueId, shape: Vec<i64>) -> ValueId {
        let t = self.ty(v).clone();
        if t.shape == shape {
            return v;
        }
        self.emit1(Opcode::Reshape, vec![v], TensorType::new(t.dtype, shape))
    }

    fn transpose(&mut self, v: ValueId, perm: Vec<i64>) -> ValueId {
        let t = self.ty(v).clone();
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
            return v;
        }
        let shape = perm
            .iter()
            .map(|&p| t.shape[p as usize])
            .collect::<Vec<_>>();
        self.emit1(
            Opcode::Transpose { permutation: perm },
            vec![v],
            TensorType::new(t.dtype, shape),
        )
    }

    fn concat(&mut self, vs: Vec<ValueId>, dim: usize) -> ValueId {
        let mut t = self.ty(vs[0]).clone();
        t.shape[dim] = vs.iter().map(|&v| self.ty(v).shape[dim]).sum();
        self.emit1(
            Opcode::Concatenate {
                dimension: dim as i64,
            },
            vs,
            t,
        )
    }

    /// `[..., 1]` view of `v`.
    fn unsqueeze(&mut self, v: ValueId) -> ValueId {
        let mut shape = self.ty(v).shape.clone();
        shape.push(1);
        self.reshape(v, shape)
    }

    // ---- forms ----

    /// The (real, imaginary) parts of complex value `v`.
    fn parts(&mut self, v: ValueId) -> (ValueId, ValueId) {
        let f = self.forms.get(&v).cloned().unwrap_or_default();
        if let Some(p) = f.parts {
            return p;
        }
        let ty = self.ty(v).clone();
        let part_ty = ty.with_dtype(ty.dtype.complex_part().unwrap_or(ty.dtype));
        let p = if let Some(lit) = &f.lit {
            let (re, im) = split_literal(lit, &part_ty);
            (self.constant(re), self.constant(im))
        } else {
            // Every complex value got a form when it was defined.
            let packed = f.packed.unwrap_or(v);
            let r = part_ty.rank();
            let mut limit = part_ty.shape.clone();
            limit.push(1);
            let mut part = |k: i64| {
                let mut start = vec![0; r + 1];
                start[r] = k;
                let mut lim = limit.clone();
                lim[r] = k + 1;
                let s = self.emit1(
                    Opcode::Slice {
                        start,
                        limit: lim,
                        strides: vec![1; r + 1],
                    },
                    vec![packed],
                    TensorType::new(part_ty.dtype, limit.clone()),
                );
                self.reshape(s, part_ty.shape.clone())
            };
            (part(0), part(1))
        };
        self.forms.entry(v).or_default().parts = Some(p);
        p
    }

    /// The packed form of complex value `v`.
    fn packed(&mut self, v: ValueId) -> ValueId {
        let f = self.forms.get(&v).cloned().unwrap_or_default();
        if let Some(p) = f.packed {
            return p;
        }
        let ty = self.ty(v).clone();
        let p = if let Some(lit) = &f.lit {
            self.constant(Literal {
                ty: packed_ty(&ty),
                bytes: lit.bytes.clone(),
            })
        } else {
            let (re, im) = self.parts(v);
            let (re, im) = (self.unsqueeze(re), self.unsqueeze(im));
            self.concat(vec![re, im], ty.rank())
        };
        self.forms.entry(v).or_default().packed = Some(p);
        p
    }

    fn set_parts(&mut self, v: ValueId, p: (ValueId, ValueId)) {
        self.forms.entry(v).or_default().parts = Some(p);
    }

    fn set_packed(&mut self, v: ValueId, p: ValueId) {
        self.forms.entry(v).or_default().packed = Some(p);
    }

    /// Parts of `v` as `part` values: a real `v` is its own real part with a zero
    /// imaginary part.
    fn parts_as(&mut self, v: ValueId, part: DType) -> (ValueId, ValueId) {
        if self.is_complex(v) {
            let (re, im) = self.parts(v);
            (self.convert(re, part), self.convert(im, part))
        } else {
            let x = self.real(v);
            let shape = self.ty(x).shape.clone();
            (self.convert(x, part), self.splat(part, &shape, 0.0))
        }
    }

    /// `v` packed, as `part` values (see [`Lz::parts_as`]).
    fn packed_as(&mut self, v: ValueId, part: DType) -> ValueId {
        if self.is_complex(v) && self.ty(v).dtype.complex_part() == Some(part) {
            return self.packed(v);
        }
        let (re, im) = self.parts_as(v, part);
        let r = self.ty(re).rank();
        let (re, im) = (self.unsqueeze(re), self.unsqueeze(im));
        self.concat(vec![re, im], r)
    }

    /// Each operand as real values: a complex one as its two parts.
    fn expand(&mut self, vs: &[ValueId]) -> Vec<ValueId> {
        let mut out = Vec::with_capacity(vs.len());
        for &v in vs {
            if self.is_complex(v) {
                let (re, im) = self.parts(v);
                out.extend([re, im]);
            } else {
                out.push(self.real(v));
            }
        }
        out
    }

    /// Types of [`Lz::expand`]ed values of types `tys`.
    fn expand_tys(tys: &[TensorType]) -> Vec<TensorType> {
        let mut out = Vec::with_capacity(tys.len());
        for t in tys {
            match t.dtype.complex_part() {
                Some(p) => out.extend([t.with_dtype(p), t.with_dtype(p)]),
                None => out.push(t.clone()),
            }
        }
        out
    }

    /// Binds old values to expanded new ones (two per complex value).
    fn bind_expanded(&mut self, olds: &[ValueId], news: &[ValueId]) {
        let mut it = news.iter().copied();
        for &o in olds {
            if self.ty(o).dtype.is_complex() {
                let (re, im) = (it.next(), it.next());
                if let (Some(re), Some(im)) = (re, im) {
                    self.set_parts(o, (re, im));
                }
            } else if let Some(n) = it.next() {
                self.subst.insert(o, n);
            }
        }
    }

    // ---- regions ----

    /// Rewrites region `r`: complex arguments become two each (`args` gives their order:
    /// the argument list to expand, in groups that expand together), the yields are
    /// expanded when `expand_yields`. Forms made inside do not leak out.
    fn region(
        &mut self,
        r: &Region,
        args: &[ValueId],
        expand_yields: bool,
    ) -> Result<Region, Diagnostic> {
        let saved_forms = self.forms.clone();
        let saved_ops = std::mem::take(&mut self.ops);
        let mut new_args = Vec::with_capacity(args.len());
        for &a in args {
            let t = self.ty(a).clone();
            match t.dtype.complex_part() {
                Some(p) => {
                    let re = self.new_value(t.with_dtype(p));
                    let im = self.new_value(t.with_dtype(p));
                    self.set_parts(a, (re, im));
                    new_args.extend([re, im]);
                }
                None => new_args.push(a),
            }
        }
        let mut result = Ok(());
        for op in &r.ops {
            result = self.op(op);
            if result.is_err() {
                break;
            }
        }
        let yields = if expand_yields {
            self.expand(&r.yields)
        } else {
            r.yields.iter().map(|&y| self.real(y)).collect()
        };
        let ops = std::mem::replace(&mut self.ops, saved_ops);
        self.forms = saved_forms;
        result?;
        Ok(Region {
            args: new_args,
            ops,
            yields,
            yield_loc: r.yield_loc.clone(),
        })
    }

    fn new_value(&mut self, t: TensorType) -> ValueId {
        self.values.push(t);
        ValueId(self.values.len() as u32 - 1)
    }

    // ---- ops ----

    fn op(&mut self, op: &Op) -> Result<(), Diagnostic> {
        self.loc = op.loc.clone();
        let complex = op
            .operands
            .iter()
            .chain(&op.results)
            .any(|&v| self.is_complex(v));
        if !complex {
            // A real op: operands substituted, regions rewritten inside.
            let mut regions = Vec::with_capacity(op.regions.len());
            for r in &op.regions {
                regions.push(self.region(r, &r.args, false)?);
            }
            self.loc = op.loc.clone();
            self.ops.push(Op {
                opcode: op.opcode.clone(),
                operands: op.operands.iter().map(|&v| self.real(v)).collect(),
                results: op.results.clone(),
                regions,
                loc: op.loc.clone(),
            });
            return Ok(());
        }
        match &op.opcode {
            Opcode::Constant(lit) => {
                let r = op.results[0];
                self.forms.entry(r).or_default().lit = Some(lit.clone());
            }
            Opcode::Iota { dimension } => {
                let r = op.results[0];
                let t = self.ty(r).clone();
                let p = t.dtype.complex_part().unwrap_or(DType::F64);
                let re = self.emit1(
                    Opcode::Iota {
                        dimension: *dimension,
                    },
                    vec![],
                    t.with_dtype(p),
                );
                let im = self.splat(p, &t.shape, 0.0);
                self.set_parts(r, (re, im));
            }
            Opcode::Unary(u) => self.unary(op, *u)?,
            Opcode::Binary(b) => self.binary(op, *b)?,
            Opcode::Compare { direction, .. } => {
                let (p, q) = (self.parts(op.operands[0]), self.parts(op.operands[1]));
                let shape = self.ty(p.0).shape.clone();
                let dtype = self.ty(p.0).dtype;
                let mut a = Ir::new(self, dtype, shape);
                let b = cx::compare(&mut a, *direction, p, q);
                self.subst.insert(op.results[0], b);
            }
            Opcode::Select => {
                let pred = self.real(op.operands[0]);
                let (t, f) = (self.parts(op.operands[1]), self.parts(op.operands[2]));
                let ty = self.ty(t.0).clone();
                let re = self.emit1(Opcode::Select, vec![pred, t.0, f.0], ty.clone());
                let im = self.emit1(Opcode::Select, vec![pred, t.1, f.1], ty);
                self.set_parts(op.results[0], (re, im));
            }
            Opcode::Clamp => {
                let x = self.parts(op.operands[1]);
                let shape = self.ty(x.0).shape.clone();
                let lo = self.parts_broadcast(op.operands[0], &shape);
                let hi = self.parts_broadcast(op.operands[2], &shape);
                let dtype = self.ty(x.0).dtype;
                let mut a = Ir::new(self, dtype, shape);
                let m = cx::max_min(&mut a, true, x, lo);
                let m = cx::max_min(&mut a, false, m, hi);
                self.set_parts(op.results[0], m);
            }
            Opcode::Convert => {
                let (x, r) = (op.operands[0], op.results[0]);
                let to = self.ty(r).dtype;
                match to.complex_part() {
                    Some(p) => {
                        let parts = self.parts_as(x, p);
                        self.set_parts(r, parts);
                    }
                    None => {
                        let (re, _) = self.parts(x);
                        let v = self.convert(re, to);
                        self.subst.insert(r, v);
                    }
                }
            }
            Opcode::Real | Opcode::Imag => {
                let (re, im) = self.parts(op.operands[0]);
                let v = if op.opcode == Opcode::Real { re } else { im };
                self.subst.insert(op.results[0], v);
            }
            Opcode::Complex => {
                let (re, im) = (self.real(op.operands[0]), self.real(op.operands[1]));
                self.set_parts(op.results[0], (re, im));
            }
            Opcode::BitcastConvert => self.bitcast(op),
            Opcode::BroadcastInDim { .. }
            | Opcode::Reshape
            | Opcode::Transpose { .. }
            | Opcode::Slice { .. }
            | Opcode::Reverse { .. }
            | Opcode::DynamicSlice { .. }
            | Opcode::Gather(_) => {
                // Operand 0 is the complex one; the rest are indices.
                let (re, im) = self.parts(op.operands[0]);
                let rest: Vec<ValueId> = op.operands[1..].iter().map(|&v| self.real(v)).collect();
                let r = op.results[0];
                let t = self.ty(re).clone();
                let rt = self.ty(r).with_dtype(t.dtype);
                let mut each = |x: ValueId| {
                    let mut operands = vec![x];
                    operands.extend(&rest);
                    self.emit1(op.opcode.clone(), operands, rt.clone())
                };
                let p = (each(re), each(im));
                self.set_parts(r, p);
            }
            Opcode::Concatenate { .. } | Opcode::Pad { .. } | Opcode::DynamicUpdateSlice => {
                // Complex operands move part by part; the rest (start indices) are real.
                let r = op.results[0];
                let rt = self.ty(r).clone();
                let part = rt.dtype.complex_part().unwrap_or(DType::F64);
                let mut res = Vec::new();
                for k in 0..2 {
                    let mut operands = Vec::with_capacity(op.operands.len());
                    for &v in &op.operands {
                        operands.push(if self.is_complex(v) {
                            let p = self.parts(v);
                            if k == 0 { p.0 } else { p.1 }
                        } else {
                            self.real(v)
                        });
                    }
                    res.push(self.emit1(op.opcode.clone(), operands, rt.with_dtype(part)));
                }
                self.set_parts(r, (res[0], res[1]));
            }
            Opcode::OptimizationBarrier => {
                let operands = self.expand(&op.operands);
                let tys: Vec<TensorType> = operands.iter().map(|&v| self.ty(v).clone()).collect();
                let news = self.emit(Opcode::OptimizationBarrier, operands, tys);
                self.bind_expanded(&op.results, &news);
            }
            Opcode::While => {
                let operands = self.expand(&op.operands);
                let cond = self.region(&op.regions[0], &op.regions[0].args, false)?;
                let body = self.region(&op.regions[1], &op.regions[1].args, true)?;
                self.with_regions(op, Opcode::While, operands, vec![cond, body]);
            }
            Opcode::If | Opcode::Case => {
                let operands = vec![self.real(op.operands[0])];
                let regions = op
                    .regions
                    .iter()
                    .map(|r| self.region(r, &[], true))
                    .collect::<Result<Vec<_>, _>>()?;
                self.with_regions(op, op.opcode.clone(), operands, regions);
            }
            Opcode::Reduce { .. } | Opcode::ReduceWindow(_) | Opcode::Scatter(_) => {
                // (inputs..., inits...) or (inputs..., indices, updates...): the body's
                // arguments are (accumulators..., elements...) in that order too.
                let operands = self.expand(&op.operands);
                let body = self.region(&op.regions[0], &op.regions[0].args, true)?;
                self.with_regions(op, op.opcode.clone(), operands, vec![body]);
            }
            Opcode::Sort { .. } => {
                let operands = self.expand(&op.operands);
                // The comparator's arguments pair up per operand: (lhs_k, rhs_k).
                let r = &op.regions[0];
                let saved_forms = self.forms.clone();
                let mut args = Vec::new();
                for pair in r.args.chunks(2) {
                    let t = self.ty(pair[0]).clone();
                    match t.dtype.complex_part() {
                        Some(p) => {
                            let v: Vec<ValueId> =
                                (0..4).map(|_| self.new_value(t.with_dtype(p))).collect();
                            // Operand order re, im: (lhs_re, rhs_re, lhs_im, rhs_im).
                            self.set_parts(pair[0], (v[0], v[2]));
                            if let Some(&rhs) = pair.get(1) {
                                self.set_parts(rhs, (v[1], v[3]));
                            }
                            args.extend(v);
                        }
                        None => args.extend(pair),
                    }
                }
                let mut body = self.region(r, &[], false);
                if let Ok(b) = &mut body {
                    b.args = args;
                }
                self.forms = saved_forms;
                self.with_regions(op, op.opcode.clone(), operands, vec![body?]);
            }
            Opcode::DotGeneral(d) => self.dot(op, d)?,
            Opcode::Convolution(c) => self.convolution(op, c)?,
            Opcode::Fft { kind, lengths, .. } => {
                let (x, r) = (op.operands[0], op.results[0]);
                let rt = self.ty(r).clone();
                let input = if self.is_complex(x) {
                    self.packed(x)
                } else {
                    self.real(x)
                };
                let out_ty = if rt.dtype.is_complex() {
                    packed_ty(&rt)
                } else {
                    rt.clone()
                };
                let y = self.emit1(
                    Opcode::Fft {
                        kind: *kind,
                        lengths: lengths.clone(),
                        packed: true,
                    },
                    vec![input],
                    out_ty,
                );
                if rt.dtype.is_complex() {
                    self.set_packed(r, y);
                } else {
                    self.subst.insert(r, y);
                }
            }
            Opcode::TriangularSolve {
                left_side,
                lower,
                unit_diagonal,
                transpose_a,
            } => self.triangular_solve(op, *left_side, *lower, *unit_diagonal, *transpose_a),
            Opcode::Cholesky { .. } => {
                return Err(unsupported(op, "of complex matrices is not compiled yet"));
            }
            Opcode::CustomCall { target, .. }
                if pjrtc_runtime::format::Routine::parse_lapack_target(target).is_some() =>
            {
                // The routine reads and writes complex matrices as their bytes.
                let operands = op
                    .operands
                    .iter()
                    .map(|&x| {
                        if self.is_complex(x) {
                            self.packed(x)
                        } else {
                            self.real(x)
                        }
                    })
                    .collect();
                let tys = op
                    .results
                    .iter()
                    .map(|&r| {
                        let t = self.ty(r);
                        if t.dtype.is_complex() {
                            packed_ty(t)
                        } else {
                            t.clone()
                        }
                    })
                    .collect();
                let ys = self.emit(op.opcode.clone(), operands, tys);
                for (&r, y) in op.results.iter().zip(ys) {
                    if self.ty(r).dtype.is_complex() {
                        self.set_packed(r, y);
                    } else {
                        self.subst.insert(r, y);
                    }
                }
            }
            Opcode::CustomCall { target, .. } => {
                return Err(Diagnostic::at(
                    &op.loc,
                    format!("unsupported: custom_call @{target} on complex values is not compiled"),
                ));
            }
            _ => return Err(unsupported(op, "on complex values is not compiled")),
        }
        Ok(())
    }

    /// Emits `opcode` over expanded operands with the given regions, binding the results.
    fn with_regions(
        &mut self,
        op: &Op,
        opcode: Opcode,
        operands: Vec<ValueId>,
        regions: Vec<Region>,
    ) {
        let old: Vec<TensorType> = op.results.iter().map(|&r| self.ty(r).clone()).collect();
        let tys = Self::expand_tys(&old);
        let results: Vec<ValueId> = tys.into_iter().map(|t| self.new_value(t)).collect();
        self.loc = op.loc.clone();
        self.ops.push(Op {
            opcode,
            operands,
            results: results.clone(),
            regions,
            loc: op.loc.clone(),
        });
        self.bind_expanded(&op.results, &results);
    }

    /// Parts of a clamp bound (a scalar or of the operand's shape), broadcast to `shape`.
    fn parts_broadcast(&mut self, v: ValueId, shape: &[i64]) -> (ValueId, ValueId) {
        let (re, im) = self.parts(v);
        let t = self.ty(re).clone();
        if t.shape == shape {
            return (re, im);
        }
        let out = TensorType::new(t.dtype, shape.to_vec());
        let b = Opcode::BroadcastInDim {
            broadcast_dimensions: Vec::new(),
        };
        (
            self.emit1(b.clone(), vec![re], out.clone()),
            self.emit1(b, vec![im], out),
        )
    }

    /// Runs `formula` on the parts of complex `x` in f64 (complex<f32> widened, the
    /// result rounded back), or natively when `native`.
    fn formula(
        &mut self,
        xs: &[ValueId],
        native: bool,
        formula: impl FnOnce(&mut Ir, &[Z<ValueId>]) -> Z<ValueId>,
    ) -> Z<ValueId> {
        let part = self.ty(xs[0]).dtype.complex_part().unwrap_or(DType::F64);
        let work = if native { part } else { DType::F64 };
        let zs: Vec<Z<ValueId>> = xs.iter().map(|&x| self.parts_as(x, work)).collect();
        let shape = self.ty(zs[0].0).shape.clone();
        let mut a = Ir::new(self, work, shape);
        let (re, im) = formula(&mut a, &zs);
        (self.convert(re, part), self.convert(im, part))
    }

    fn unary(&mut self, op: &Op, u: UnaryOp) -> Result<(), Diagnostic> {
        let (x, r) = (op.operands[0], op.results[0]);
        use UnaryOp as U;
        if u == U::Abs {
            let part = self.ty(r).dtype;
            let (re, im) = self.parts_as(x, DType::F64);
            let shape = self.ty(re).shape.clone();
            let mut a = Ir::new(self, DType::F64, shape);
            let h = cx::abs(&mut a, (re, im));
            let h = self.convert(h, part);
            self.subst.insert(r, h);
            return Ok(());
        }
        if cx::unary_formula(&mut cx::F64, u, (0.0, 0.0)).is_none() {
            return Err(unsupported(op, "on complex values"));
        }
        let native = cx::exact_in_part_type(Ok(u));
        let z = self.formula(&[x], native, |a, zs| {
            cx::unary_formula(a, u, zs[0]).expect("checked above")
        });
        self.set_parts(r, z);
        Ok(())
    }

    fn binary(&mut self, op: &Op, b: BinaryOp) -> Result<(), Diagnostic> {
        if b == BinaryOp::Rem {
            return Err(unsupported(
                op,
                "of complex values (the spec leaves it undefined)",
            ));
        }
        let zero = (0.0, 0.0);
        if cx::binary_formula(&mut cx::F64, b, zero, zero).is_none() {
            return Err(unsupported(op, "on complex values"));
        }
        let native = cx::exact_in_part_type(Err(b));
        let z = self.formula(&op.operands, native, |a, zs| {
            cx::binary_formula(a, b, zs[0], zs[1]).expect("checked above")
        });
        self.set_parts(op.results[0], z);
        Ok(())
    }

    /// bitcast_convert through the packed (byte) form: the operand's real view is
    /// reshaped so that one bitcast gives the result's real view.
    fn bitcast(&mut self, op: &Op) {
        let (x, r) = (op.operands[0], op.results[0]);
        let v = if self.is_complex(x) {
            self.packed(x)
        } else {
            self.real(x)
        };
        let rt = self.ty(r).clone();
        let out = if rt.dtype.is_complex() {
            packed_ty(&rt)
        } else {
            rt.clone()
        };
        let vt = self.ty(v).clone();
        let (a, b) = (u64::from(vt.dtype.bits()), u64::from(out.dtype.bits()));
        let n = vt.num_elements();
        let y = if a == b {
            let t = self.emit1(Opcode::BitcastConvert, vec![v], vt.with_dtype(out.dtype));
            self.reshape(t, out.shape.clone())
        } else if a > b {
            let mut shape = vt.shape.clone();
            shape.push((a / b) as i64);
            let t = self.emit1(
                Opcode::BitcastConvert,
                vec![v],
                TensorType::new(out.dtype, shape),
            );
            self.reshape(t, out.shape.clone())
        } else {
            let k = (b / a) as i64;
            let flat = self.reshape(v, vec![n / k, k]);
            let t = self.emit1(
                Opcode::BitcastConvert,
                vec![flat],
                TensorType::new(out.dtype, vec![n / k]),
            );
            self.reshape(t, out.shape.clone())
        };
        if rt.dtype.is_complex() {
            self.set_packed(r, y);
        } else {
            self.subst.insert(r, y);
        }
    }

    /// A complex dot_general. Small ones (up to [`SMALL_DOT_MACS`] multiply-adds) as
    /// complex products summed in order along the contraction (each product rounded, as
    /// the evaluator and XLA's complex dots do: no fused multiply-add), large ones as one
    /// real dot_general: the lhs packed (its (re, im) dimension contracted too) against
    /// the rhs as `[..., c, f]` with `[br, bi]` for `c = 0` and `[-bi, br]` for `c = 1`;
    /// the result's last dimension `f` is the (re, im) pair. The real GEMM is fast but
    /// fuses and orders its multiply-adds its own way, which in a sum with cancellation
    /// differs in the last bits.
    fn dot(&mut self, op: &Op, d: &DotDims) -> Result<(), Diagnostic> {
        let r = op.results[0];
        let rt = self.ty(r).clone();
        let Some(part) = rt.dtype.complex_part() else {
            return Err(unsupported(op, "of complex operands to a real result"));
        };
        let lhs = self.ty(op.operands[0]).clone();
        let k: i64 = d
            .lhs_contracting
            .iter()
            .map(|&c| lhs.shape[c as usize])
            .product();
        if (rt.num_elements() as i128) * (k as i128) <= SMALL_DOT_MACS {
            return self.dot_by_products(op, d, part);
        }
        let a = self.packed_as(op.operands[0], part);
        let (br, bi) = self.parts_as(op.operands[1], part);
        let b_shape = self.ty(br).shape.clone();
        let rb = b_shape.len();
        let mut s12 = b_shape.clone();
        s12.extend([1, 2]);
        let b0 = self.packed_as(op.operands[1], part);
        let b0 = self.reshape(b0, s12.clone());
        let nbi = self.emit1(Opcode::Unary(UnaryOp::Neg), vec![bi], self.ty(bi).clone());
        let (nbi, br1) = (self.unsqueeze(nbi), self.unsqueeze(br));
        let b1 = self.concat(vec![nbi, br1], rb);
        let b1 = self.reshape(b1, s12);
        let bp = self.concat(vec![b0, b1], rb);
        let ra = self.ty(a).rank() - 1;
        let mut dims = d.clone();
        dims.lhs_contracting.push(ra as i64);
        dims.rhs_contracting.push(rb as i64);
        let y = self.emit1(
            Opcode::DotGeneral(Box::new(dims)),
            vec![a, bp],
            packed_ty(&rt),
        );
        self.set_packed(r, y);
        Ok(())
    }

    /// `sum_k a[.., k] * b[k, ..]` as complex products broadcast over
    /// `[contracting..., batch..., lhs free..., rhs free...]` and one sequential sum over
    /// the leading (contracting) dimensions per part.
    fn dot_by_products(&mut self, op: &Op, d: &DotDims, part: DType) -> Result<(), Diagnostic> {
        let r = op.results[0];
        let out_shape = self.ty(r).shape.clone();
        let a = self.parts_as(op.operands[0], part);
        let b = self.parts_as(op.operands[1], part);
        let (sa, sb) = (self.ty(a.0).shape.clone(), self.ty(b.0).shape.clone());
        let nc = d.lhs_contracting.len();
        let nb = d.lhs_batch.len();
        let free = |shape: &[i64], used: &[&[i64]]| -> Vec<usize> {
            (0..shape.len())
                .filter(|&i| used.iter().all(|u| !u.contains(&(i as i64))))
                .collect()
        };
        let lf = free(&sa, &[&d.lhs_batch, &d.lhs_contracting]);
        let rf = free(&sb, &[&d.rhs_batch, &d.rhs_contracting]);
        // Position in the product shape of each operand dimension.
        let mut q_shape: Vec<i64> = d.lhs_contracting.iter().map(|&c| sa[c as usize]).collect();
        q_shape.extend(&out_shape);
        let mut at_a = vec![0i64; sa.len()];
        let mut at_b = vec![0i64; sb.len()];
        for (i, (&l, &rr)) in d.lhs_contracting.iter().zip(&d.rhs_contracting).enumerate() {
            at_a[l as usize] = i as i64;
            at_b[rr as usize] = i as i64;
        }
        for (i, (&l, &rr)) in d.lhs_batch.iter().zip(&d.rhs_batch).enumerate() {
            at_a[l as usize] = (nc + i) as i64;
            at_b[rr as usize] = (nc + i) as i64;
        }
        for (j, &l) in lf.iter().enumerate() {
            at_a[l] = (nc + nb + j) as i64;
        }
        for (j, &rr) in rf.iter().enumerate() {
            at_b[rr] = (nc + nb + lf.len() + j) as i64;
        }
        let qt = TensorType::new(part, q_shape.clone());
        let mut bcast = |x: ValueId, dims: &Vec<i64>| {
            self.emit1(
                Opcode::BroadcastInDim {
                    broadcast_dimensions: dims.clone(),
                },
                vec![x],
                qt.clone(),
            )
        };
        let pa = (bcast(a.0, &at_a), bcast(a.1, &at_a));
        let pb = (bcast(b.0, &at_b), bcast(b.1, &at_b));
        let mut ar = Ir::new(self, part, q_shape);
        let (pr, pi) = cx::mul(&mut ar, pa, pb);
        let out = TensorType::new(part, out_shape);
        let re = self.sum_leading(pr, nc, &out);
        let im = self.sum_leading(pi, nc, &out);
        self.set_parts(r, (re, im));
        Ok(())
    }

    /// `reduce(x, 0, add)` over the first `n` dimensions of `x`, giving `out`.
    fn sum_leading(&mut self, x: ValueId, n: usize, out: &TensorType) -> ValueId {
        let s = TensorType::scalar(out.dtype);
        let zero = self.splat(out.dtype, &[], 0.0);
        let (acc, elem) = (self.new_value(s.clone()), self.new_value(s.clone()));
        let sum = self.new_value(s);
        let body = Region {
            args: vec![acc, elem],
            ops: vec![Op {
                opcode: Opcode::Binary(BinaryOp::Add),
                operands: vec![acc, elem],
                results: vec![sum],
                regions: Vec::new(),
                loc: self.loc.clone(),
            }],
            yields: vec![sum],
            yield_loc: self.loc.clone(),
        };
        let result = self.new_value(out.clone());
        self.ops.push(Op {
            opcode: Opcode::Reduce {
                dimensions: (0..n as i64).collect(),
            },
            operands: vec![x, zero],
            results: vec![result],
            regions: vec![body],
            loc: self.loc.clone(),
        });
        result
    }

    /// A complex convolution as one real one: the input's (re, im) pairs merged into its
    /// feature dimension (`2 f + c`), the kernel's `[[kr, ki], [-ki, kr]]` blocks into its
    /// input (`2 i + c`) and output (`2 o + f`) feature dimensions, the output's feature
    /// dimension split back into (re, im) pairs. Feature and batch groups stay contiguous.
    fn convolution(&mut self, op: &Op, c: &ConvAttrs) -> Result<(), Diagnostic> {
        let r = op.results[0];
        let rt = self.ty(r).clone();
        let Some(part) = rt.dtype.complex_part() else {
            return Err(unsupported(op, "of complex operands to a real result"));
        };
        // Input: move the pair dimension after the feature dimension, then merge.
        let x = self.packed_as(op.operands[0], part);
        let xt = self.ty(x).clone();
        let rx = xt.rank() - 1;
        let fi = c.input_feature_dim as usize;
        let x = self.merge_pair_after(x, rx, fi);
        // Kernel: [..., c', f] blocks, c' merged into the input features, f into the
        // output features.
        let (kr, ki) = self.parts_as(op.operands[1], part);
        let k_shape = self.ty(kr).shape.clone();
        let rk = k_shape.len();
        let mut s12 = k_shape.clone();
        s12.extend([1, 2]);
        let k0 = self.packed_as(op.operands[1], part);
        let k0 = self.reshape(k0, s12.clone());
        let nki = self.emit1(Opcode::Unary(UnaryOp::Neg), vec![ki], self.ty(ki).clone());
        let (nki, kr1) = (self.unsqueeze(nki), self.unsqueeze(kr));
        let k1 = self.concat(vec![nki, kr1], rk);
        let k1 = self.reshape(k1, s12);
        let kp = self.concat(vec![k0, k1], rk);
        let (kin, kout) = (
            c.kernel_input_feature_dim as usize,
            c.kernel_output_feature_dim as usize,
        );
        // Order: every kernel dim, c' (rk) right after kin, f (rk + 1) right after kout.
        let mut perm = Vec::with_capacity(rk + 2);
        for d in 0..rk {
            perm.push(d as i64);
            if d == kin {
                perm.push(rk as i64);
            }
            if d == kout {
                perm.push(rk as i64 + 1);
            }
        }
        let kt = self.transpose(kp, perm);
        let mut ks = k_shape.clone();
        ks[kin] *= 2;
        ks[kout] *= 2;
        let k = self.reshape(kt, ks);
        // The real convolution, its output features interleaved (re, im).
        let of = c.output_feature_dim as usize;
        let mut ys = rt.shape.clone();
        ys[of] *= 2;
        let y = self.emit1(
            Opcode::Convolution(Box::new(c.clone())),
            vec![x, k],
            TensorType::new(part, ys),
        );
        // Split the feature dimension and move the pair to the end.
        let mut split = rt.shape.clone();
        split.insert(of + 1, 2);
        let y = self.reshape(y, split);
        let mut perm: Vec<i64> = (0..rt.rank() as i64 + 1)
            .filter(|&d| d != of as i64 + 1)
            .collect();
        perm.push(of as i64 + 1);
        let y = self.transpose(y, perm);
        self.set_packed(r, y);
        Ok(())
    }

    /// A complex triangular solve as a real one of twice the size, in f64.
    ///
    /// Every case becomes `op(a*) x~ = b~` with the solution on the left (a right-side
    /// solve `x op(a) = b` is `op(a)^T x^T = b^T`), `a*` being `a` or its conjugate and
    /// `op` the identity or a transpose. Dividing each equation by its diagonal element
    /// `d` gives a unit diagonal; then the real matrix of 2x2 blocks
    /// `[[re, -im], [im, re]]` (what multiplying by a complex number does to (re, im)) is
    /// triangular with a unit diagonal, and the real solve applies, on (re, im)-interleaved
    /// rows. A real transpose of that matrix is the conjugate transpose of the complex
    /// one, so for `op` = transpose the blocks are built from the conjugate.
    fn triangular_solve(
        &mut self,
        op: &Op,
        left_side: bool,
        lower: bool,
        unit_diagonal: bool,
        transpose_a: crate::compiler::ir::Transpose,
    ) {
        use crate::compiler::ir::Transpose as T;
        let r = op.results[0];
        let rt = self.ty(r).clone();
        let part = rt.dtype.complex_part().unwrap_or(DType::F64);
        let f = DType::F64;
        let (mut ar, mut ai) = self.parts_as(op.operands[0], f);
        let (mut br, mut bi) = self.parts_as(op.operands[1], f);
        let rank = self.ty(ar).rank();
        let n = self.ty(ar).shape[rank - 1];
        let swap: Vec<i64> = (0..rank as i64)
            .map(|d| match d {
                d if d == rank as i64 - 2 => d + 1,
                d if d == rank as i64 - 1 => d - 1,
                d => d,
            })
            .collect();
        let conj = transpose_a == T::Adjoint;
        let transposed = (transpose_a != T::NoTranspose) == left_side;
        if conj {
            ai = self.emit1(Opcode::Unary(UnaryOp::Neg), vec![ai], self.ty(ai).clone());
        }
        if !left_side {
            br = self.transpose(br, swap.clone());
            bi = self.transpose(bi, swap.clone());
        }
        let ashape = self.ty(ar).shape.clone();
        let bshape = self.ty(br).shape.clone();
        let batch: Vec<i64> = (0..rank as i64 - 2).collect();
        let mask_ty = TensorType::new(DType::I1, ashape.clone());
        let it = TensorType::new(DType::I64, ashape.clone());
        let rows = self.emit1(
            Opcode::Iota {
                dimension: rank as i64 - 2,
            },
            vec![],
            it.clone(),
        );
        let cols = self.emit1(
            Opcode::Iota {
                dimension: rank as i64 - 1,
            },
            vec![],
            it,
        );
        let diag = self.emit1(
            Opcode::Compare {
                direction: CompareDirection::Eq,
                compare_type: None,
            },
            vec![rows, cols],
            mask_ty,
        );
        if !unit_diagonal {
            // d = diag(a*), then a' = d^-1 a* by rows (op = identity) or columns
            // (op = transpose: (a* d^-1)^T = d^-1 a*^T), b~' = d^-1 b~ by rows.
            let vshape = ashape[..rank - 1].to_vec();
            let zero = self.splat(f, &ashape, 0.0);
            let mut d = Vec::new();
            for x in [ar, ai] {
                let m = self.emit1(Opcode::Select, vec![diag, x, zero], self.ty(x).clone());
                d.push(self.sum_last(m, &TensorType::new(f, vshape.clone())));
            }
            let mut a = Ir::new(self, f, vshape.clone());
            let (one, z) = (a.c(1.0), a.c(0.0));
            let inv = cx::div(&mut a, (one, z), (d[0], d[1]));
            let mut along = batch.clone();
            along.push(if transposed {
                rank as i64 - 1
            } else {
                rank as i64 - 2
            });
            let ia = self.broadcast_parts(inv, &along, &ashape);
            let mut a = Ir::new(self, f, ashape.clone());
            (ar, ai) = cx::mul(&mut a, ia, (ar, ai));
            let mut along = batch.clone();
            along.push(rank as i64 - 2);
            let ib = self.broadcast_parts(inv, &along, &bshape);
            let mut a = Ir::new(self, f, bshape.clone());
            (br, bi) = cx::mul(&mut a, ib, (br, bi));
        }
        // The unit diagonal, exactly (the real solve reads the blocks' off-diagonal parts).
        let one = self.splat(f, &ashape, 1.0);
        let zero = self.splat(f, &ashape, 0.0);
        let ty = self.ty(ar).clone();
        ar = self.emit1(Opcode::Select, vec![diag, one, ar], ty.clone());
        ai = self.emit1(Opcode::Select, vec![diag, zero, ai], ty.clone());
        if transposed {
            ai = self.emit1(Opcode::Unary(UnaryOp::Neg), vec![ai], ty.clone());
        }
        // Blocks [[re, -im], [im, re]]: [..., i, j, p, q] -> [..., i, p, j, q] -> 2n x 2n.
        let nai = self.emit1(Opcode::Unary(UnaryOp::Neg), vec![ai], ty);
        let (re1, im1, nim1) = (self.unsqueeze(ar), self.unsqueeze(ai), self.unsqueeze(nai));
        let row0 = self.concat(vec![re1, nim1], rank);
        let row1 = self.concat(vec![im1, re1], rank);
        let mut s4 = ashape.clone();
        s4.extend([1, 2]);
        let row0 = self.reshape(row0, s4.clone());
        let row1 = self.reshape(row1, s4);
        let blocks = self.concat(vec![row0, row1], rank);
        let mut perm = batch.clone();
        perm.extend([
            rank as i64 - 2,
            rank as i64,
            rank as i64 - 1,
            rank as i64 + 1,
        ]);
        let blocks = self.transpose(blocks, perm);
        let mut big = ashape[..rank - 2].to_vec();
        big.extend([2 * n, 2 * n]);
        let m = self.reshape(blocks, big);
        // b~ as (re, im)-interleaved rows: [..., n, c] pairs -> [..., n, 2, c] -> [..., 2n, c].
        let c = bshape[rank - 1];
        let (br1, bi1) = (self.unsqueeze(br), self.unsqueeze(bi));
        let bp = self.concat(vec![br1, bi1], rank);
        let mut perm = batch.clone();
        perm.extend([rank as i64 - 2, rank as i64, rank as i64 - 1]);
        let bt = self.transpose(bp, perm);
        let mut bs = bshape[..rank - 2].to_vec();
        bs.extend([2 * n, c]);
        let bm = self.reshape(bt, bs.clone());
        let x = self.emit1(
            Opcode::TriangularSolve {
                left_side: true,
                lower,
                unit_diagonal: true,
                transpose_a: if transposed {
                    T::Transpose
                } else {
                    T::NoTranspose
                },
            },
            vec![m, bm],
            TensorType::new(f, bs),
        );
        // Back to packed pairs [..., n, c, 2], transposed back for a right-side solve.
        let mut s3 = bshape[..rank - 2].to_vec();
        s3.extend([n, 2, c]);
        let x = self.reshape(x, s3);
        let mut perm = batch.clone();
        perm.extend([rank as i64 - 2, rank as i64, rank as i64 - 1]);
        let mut x = self.transpose(x, perm);
        if !left_side {
            let mut perm = batch;
            perm.extend([rank as i64 - 1, rank as i64 - 2, rank as i64]);
            x = self.transpose(x, perm);
        }
        let x = self.convert(x, part);
        self.set_packed(r, x);
    }

    /// Both parts of `z` broadcast to `shape` along `dims`.
    fn broadcast_parts(
        &mut self,
        z: (ValueId, ValueId),
        dims: &[i64],
        shape: &[i64],
    ) -> (ValueId, ValueId) {
        let t = TensorType::new(self.ty(z.0).dtype, shape.to_vec());
        let b = Opcode::BroadcastInDim {
            broadcast_dimensions: dims.to_vec(),
        };
        (
            self.emit1(b.clone(), vec![z.0], t.clone()),
            self.emit1(b, vec![z.1], t),
        )
    }

    /// `reduce(x, 0, add)` over the last dimension of `x`, giving `out`.
    fn sum_last(&mut self, x: ValueId, out: &TensorType) -> ValueId {
        let r = self.ty(x).rank();
        let perm: Vec<i64> = std::iter::once(r as i64 - 1)
            .chain(0..r as i64 - 1)
            .collect();
        let t = self.transpose(x, perm);
        self.sum_leading(t, 1, out)
    }

    /// Moves dimension `pair` of `v` (of size 2) right after dimension `dim` and merges
    /// the two (`2 i + k`).
    fn merge_pair_after(&mut self, v: ValueId, pair: usize, dim: usize) -> ValueId {
        let t = self.ty(v).clone();
        let mut perm = Vec::with_capacity(t.rank());
        for d in 0..t.rank() {
            if d == pair {
                continue;
            }
            perm.push(d as i64);
            if d == dim {
                perm.push(pair as i64);
            }
        }
        let y = self.transpose(v, perm);
        let mut shape: Vec<i64> = t.shape.clone();
        shape.remove(pair);
        shape[dim] *= 2;
        self.reshape(y, shape)
    }
}

/// The real and imaginary parts of a complex literal, as literals of `part_ty`.
fn split_literal(lit: &Literal, part_ty: &TensorType) -> (Literal, Literal) {
    let w = part_ty.dtype.size();
    let (mut re, mut im) = (Vec::new(), Vec::new());
    for e in lit.bytes.chunks_exact(2 * w) {
        re.extend_from_slice(&e[..w]);
        im.extend_from_slice(&e[w..]);
    }
    (
        Literal::new(part_ty.clone(), re),
        Literal::new(part_ty.clone(), im),
    )
}

/// [`Arith`] emitting real StableHLO ops of one dtype and shape into a [`Lz`].
struct Ir<'a, 'v> {
    lz: &'a mut Lz<'v>,
    dtype: DType,
    shape: Vec<i64>,
}

impl<'a, 'v> Ir<'a, 'v> {
    fn new(lz: &'a mut Lz<'v>, dtype: DType, shape: Vec<i64>) -> Ir<'a, 'v> {
        Ir { lz, dtype, shape }
    }

    fn ty(&self, d: DType) -> TensorType {
        TensorType::new(d, self.shape.clone())
    }
}

impl Arith for Ir<'_, '_> {
    type V = ValueId;
    type B = ValueId;
    fn c(&mut self, x: f64) -> ValueId {
        self.lz.splat(self.dtype, &self.shape, x)
    }
    fn un(&mut self, u: UnaryOp, a: ValueId) -> ValueId {
        let t = self.ty(self.dtype);
        self.lz.emit1(Opcode::Unary(u), vec![a], t)
    }
    fn bin(&mut self, b: BinaryOp, x: ValueId, y: ValueId) -> ValueId {
        let t = self.ty(self.dtype);
        self.lz.emit1(Opcode::Binary(b), vec![x, y], t)
    }
    fn cmp(&mut self, d: CompareDirection, x: ValueId, y: ValueId) -> ValueId {
        let t = self.ty(DType::I1);
        self.lz.emit1(
            Opcode::Compare {
                direction: d,
                compare_type: None,
            },
            vec![x, y],
            t,
        )
    }
    fn and(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let t = self.ty(DType::I1);
        self.lz.emit1(Opcode::Binary(BinaryOp::And), vec![a, b], t)
    }
    fn or(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let t = self.ty(DType::I1);
        self.lz.emit1(Opcode::Binary(BinaryOp::Or), vec![a, b], t)
    }
    fn sign_bit(&mut self, a: ValueId) -> ValueId {
        let int = if self.dtype == DType::F64 {
            DType::I64
        } else {
            DType::I32
        };
        let t = self.ty(int);
        let bits = self.lz.emit1(Opcode::BitcastConvert, vec![a], t);
        let zero = self.lz.splat(int, &self.shape.clone(), 0.0);
        self.cmp(CompareDirection::Lt, bits, zero)
    }
    fn select(&mut self, p: ValueId, t: ValueId, f: ValueId) -> ValueId {
        let ty = self.ty(self.dtype);
        self.lz.emit1(Opcode::Select, vec![p, t, f], ty)
    }
}

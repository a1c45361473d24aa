//! Bounded dynamic shapes: a program with dynamic dimensions becomes one static program
//! that runs at every size up to a bound, the way XLA's bounded dynamic shapes (its
//! dynamic padder) work.
//!
//! Every dynamic dimension takes its bound in the types, and its actual size is a value
//! the program computes: an entry argument's sizes are extra i64 scalar arguments,
//! `get_dimension_size` reads them, and the shape operands of the dynamic ops
//! (`dynamic_broadcast_in_dim`'s output shape, ...) give the sizes of their results. A
//! tensor's valid elements sit at the low corner of its bound shape; what lies beyond is
//! padding and may hold anything. Most ops compute their valid elements from valid
//! elements only (elementwise ops, broadcasts, transposes, a dot's free dimensions); the
//! ops that would mix padding in are rewritten where the padding can reach valid results:
//!
//! - reductions (`reduce`, `reduce_window`) and contractions (`dot_general`,
//!   `convolution`) along a dynamic dimension first replace the padding by the reduction's
//!   init value (zero for a contraction), so it adds nothing;
//! - `pad` and `concatenate` along a dynamic dimension place what follows at the actual
//!   size, not at the bound; `reverse` shifts its result back to the low corner;
//! - `dynamic_slice`, `dynamic_update_slice` and `gather` clamp their start indices into
//!   the actual size, and `scatter` skips updates whose window leaves it, as the spec
//!   says for the actual shapes;
//! - a `reshape` keeps the layout when each dynamic dimension is the outermost of the
//!   dimensions it merges with or splits into (`[b, 4, 16] -> [b * 4, 16]`); other
//!   reshapes would move elements and are refused.
//!
//! Shape assertions whose condition depends on a size become extra outputs the runtime
//! checks after the call; the program's results come with extra outputs holding their
//! sizes. The artifact's [`pjrtc_runtime::format::DynamicShapes`] describes these slots.
//!
//! The walk is [`Refiner`]'s: the same static forms of the dynamic ops and the same
//! folding of shape arithmetic (at the bounds, for the types), plus this module's sizes
//! and rewrites. Ops whose operands would give the data itself a size-dependent meaning
//! that this module does not rewrite (a `pad` whose amounts depend on a size, a sort
//! along a dynamic dimension, ...) are refused with a message that names them.
use std::collections::{HashMap, HashSet};

use super::{Refiner, is_dimension_arg, literal_ints, symbolic_dims};
use crate::compiler::diag::Diagnostic;
use crate::compiler::eval;
use crate::compiler::ir::{
    BinaryOp, CompareDirection, CompareType, DType, DYN, DynOp, Func, Literal, Op, Opcode, Padding,
    Region, TensorType, ValueId,
};
use crate::compiler::passes::verify;

/// The bound of each dynamic dimension: by the symbol `jax.export` gave it (`b=64`), else
/// `default` (which also bounds the leading dimension-size arguments of old-style exports).
#[derive(Clone, Debug, Default)]
pub struct Bounds {
    pub named: Vec<(String, i64)>,
    pub default: Option<i64>,
}

/// One dimension of an entry argument or result of a bounded program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundDim {
    Static(i64),
    /// At most `bound`; `slot` is the bounded function's parameter (for an argument) or
    /// result (for a result), an i64 scalar, that holds the actual size.
    Dynamic {
        symbol: String,
        bound: i64,
        slot: usize,
    },
}

/// A shape assertion checked at run time: result `pred` (i1) must be true; results
/// `values` (i64) fill `{0}`, `{1}`, ... of `message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundAssertion {
    pub pred: usize,
    pub values: Vec<usize>,
    pub message: String,
}

/// What [`bound`] makes: the static function (the caller's arguments at their bounds,
/// then the size arguments; the caller's results, then the size and assertion results)
/// and where each caller-visible dimension's size goes.
#[derive(Clone, Debug)]
pub struct BoundedFunc {
    pub func: Func,
    /// Per caller argument, its dimensions.
    pub inputs: Vec<Vec<BoundDim>>,
    /// Per caller result, its dimensions.
    pub outputs: Vec<Vec<BoundDim>>,
    pub assertions: Vec<BoundAssertion>,
}

/// The actual size of one dimension: a number, or an i64 scalar the program computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Size {
    Static(i64),
    Dyn(ValueId),
}

/// A masked operand, its sizes, and the masked dimensions with the sizes of the mask.
type Masked = (ValueId, Vec<Size>, Vec<(usize, ValueId)>);

/// [`Refiner`]'s extra state in bounded mode.
#[derive(Default)]
pub(super) struct BoundState {
    /// Sizes of the values with a dynamic dimension (others are their static shapes).
    sizes: HashMap<ValueId, Vec<Size>>,
    /// Values computed from a size: at compile time they are known at the bounds only,
    /// so they may give types but not data positions.
    dependent: HashSet<ValueId>,
    /// Masked operands ([`Refiner::masked`]), their sizes and the masked dimensions:
    /// their padding along the others only reaches the padding of the op's result.
    masked: Vec<Masked>,
    /// Shape assertions left for run time: (pred, values, message).
    assertions: Vec<(ValueId, Vec<ValueId>, String)>,
    /// Region nesting of the op being refined.
    depth: usize,
}

/// The static function of `f` (calls inlined) for every size up to `bounds`.
pub fn bound(f: &Func, bounds: &Bounds) -> Result<BoundedFunc, Diagnostic> {
    let here = |m: String| Diagnostic::at(&f.loc, m);
    let named = symbolic_dims(f);
    let symbol_of = |arg: usize, dim: usize| {
        named
            .iter()
            .find(|(_, a, d)| *a == arg && *d == dim)
            .map(|(n, ..)| n.clone())
            .unwrap_or_default()
    };
    for (name, _) in &bounds.named {
        if !named.iter().any(|(n, ..)| n == name) {
            let have: Vec<&str> = named.iter().map(|(n, ..)| n.as_str()).collect();
            return Err(here(if have.is_empty() {
                format!(
                    "the program names no symbolic dimension '{name}': give one bound for all (--max-dim N)"
                )
            } else {
                format!(
                    "the program has no symbolic dimension '{name}' (it has: {})",
                    have.join(", ")
                )
            }));
        }
    }
    let bound_of = |symbol: &str, what: String| -> Result<i64, Diagnostic> {
        let b = bounds
            .named
            .iter()
            .find(|(n, _)| n == symbol)
            .map(|&(_, b)| b)
            .or(bounds.default)
            .ok_or_else(|| {
                here(if symbol.is_empty() {
                    format!("{what} is dynamic and needs a bound: --max-dim N")
                } else {
                    format!(
                        "{what} ('{symbol}') is dynamic and needs a bound: --max-dim {symbol}=N"
                    )
                })
            })?;
        if b < 1 {
            return Err(here(format!(
                "the bound of {what} is {b}; it must be at least 1"
            )));
        }
        Ok(b)
    };

    let mut out = f.clone();
    let params = f.param_types();
    let user_args = out.body.args.clone();
    let mut known = HashMap::new();
    let mut state = BoundState::default();
    let mut inputs = Vec::with_capacity(params.len());
    let mut size_args = Vec::new();
    let old_style = params.iter().take_while(|t| is_dimension_arg(t)).count();
    let old_style = if params[old_style..].iter().any(TensorType::is_dynamic) {
        old_style
    } else {
        0
    };
    for (i, (&a, t)) in user_args.iter().zip(&params).enumerate() {
        let mut dims = Vec::with_capacity(t.rank());
        let mut shape = t.shape.clone();
        let mut sizes = Vec::with_capacity(t.rank());
        for (d, &n) in t.shape.iter().enumerate() {
            if n != DYN {
                dims.push(BoundDim::Static(n));
                sizes.push(Size::Static(n));
                continue;
            }
            let symbol = symbol_of(i, d);
            let b = bound_of(&symbol, format!("argument {i} dimension {d}"))?;
            let slot = user_args.len() + size_args.len();
            let v = out.new_value(TensorType::scalar(DType::I64));
            size_args.push(v);
            shape[d] = b;
            sizes.push(Size::Dyn(v));
            dims.push(BoundDim::Dynamic {
                symbol,
                bound: b,
                slot,
            });
        }
        if sizes.iter().any(|s| matches!(s, Size::Dyn(_))) {
            state.sizes.insert(a, sizes);
        }
        out.values[a.index()] = t.with_shape(shape);
        if i < old_style {
            // A dimension size the caller passes: known at its bound for the types, the
            // caller's value for the data.
            let b = bound_of("", format!("dimension-size argument {i}"))?;
            known.insert(a, eval::literal_from_i128(t.clone(), &[i128::from(b)]));
            state.dependent.insert(a);
        }
        inputs.push(dims);
    }
    state.dependent.extend(size_args.iter().copied());
    out.body.args.extend(size_args.iter().copied());
    out.arg_attrs.resize(out.body.args.len(), Vec::new());

    let mut body = std::mem::take(&mut out.body);
    let mut cx = Refiner {
        f: &mut out,
        known,
        defs: HashMap::new(),
        before: Vec::new(),
        bound: Some(state),
    };
    cx.region(&mut body)?;
    let state = cx.bound.take().expect("bounded mode");
    out.body = body;
    for t in &mut out.values {
        if t.is_dynamic() {
            let shape: Vec<i64> = t.shape.iter().map(|&d| d.max(0)).collect();
            *t = t.with_shape(shape);
        }
    }
    // The rewrites above keep every op from reading the padding of a value with a dynamic
    // dimension, so the value's writer may leave it alone.
    let unread = state.sizes.iter().map(|(&v, s)| (v, s, &[][..]));
    let masked = (state.masked.iter()).map(|(v, s, dims)| (*v, s, dims.as_slice()));
    for (v, sizes, masked_dims) in unread.chain(masked) {
        let sizes: Vec<Option<(ValueId, Padding)>> = (sizes.iter().enumerate())
            .map(|(d, s)| match (masked_dims.iter().find(|m| m.0 == d), s) {
                (Some(&(_, c)), _) => Some((c, Padding::Masked)),
                (None, Size::Dyn(c)) => Some((*c, Padding::Unread)),
                (None, Size::Static(_)) => None,
            })
            .collect();
        if sizes.len() == out.values[v.index()].rank() && sizes.iter().any(Option::is_some) {
            out.valid_extents.insert(v, sizes);
        }
    }

    // An output dimension whose size is an argument's has that argument's symbol.
    let symbol_of_size: HashMap<ValueId, String> = inputs
        .iter()
        .flatten()
        .filter_map(|d| match d {
            BoundDim::Dynamic { symbol, slot, .. } if !symbol.is_empty() => {
                Some((out.body.args[*slot], symbol.clone()))
            }
            _ => None,
        })
        .collect();
    // The caller's results, then each dynamic dimension's size, then the assertions.
    let results: Vec<ValueId> = out.body.yields.clone();
    let mut outputs = Vec::with_capacity(results.len());
    let mut extra: Vec<ValueId> = Vec::new();
    for (k, &r) in results.iter().enumerate() {
        let ty = out.values[r.index()].clone();
        let declared = &f.result_types[k];
        if !verify::fits(declared, &ty) {
            return Err(Diagnostic::at(
                &out.body.yield_loc,
                format!("result {k} is {ty}, @{} declares {declared}", out.name),
            ));
        }
        let sizes = state.sizes.get(&r);
        let mut dims = Vec::with_capacity(ty.rank());
        for (d, &b) in ty.shape.iter().enumerate() {
            match sizes.map(|s| s[d]) {
                Some(Size::Dyn(v)) => {
                    dims.push(BoundDim::Dynamic {
                        symbol: symbol_of_size.get(&v).cloned().unwrap_or_default(),
                        bound: b,
                        slot: results.len() + extra.len(),
                    });
                    extra.push(v);
                }
                // Static, or dynamic in the program with a size that folded to a number.
                _ => dims.push(BoundDim::Static(b)),
            }
        }
        outputs.push(dims);
    }
    let mut assertions = Vec::new();
    let mut conversions = Vec::new();
    for (pred, values, message) in &state.assertions {
        let pred_slot = results.len() + extra.len();
        extra.push(*pred);
        let mut slots = Vec::new();
        for &v in values {
            slots.push(results.len() + extra.len());
            // Values are i32 (what `get_dimension_size` gives) or other integers.
            let t = out.values[v.index()].clone();
            if t.dtype == DType::I64 {
                extra.push(v);
            } else {
                let w = out.new_value(TensorType::scalar(DType::I64));
                conversions.push(Op {
                    opcode: Opcode::Convert,
                    operands: vec![v],
                    results: vec![w],
                    regions: vec![],
                    loc: out.body.yield_loc.clone(),
                });
                extra.push(w);
            }
        }
        assertions.push(BoundAssertion {
            pred: pred_slot,
            values: slots,
            message: message.clone(),
        });
    }
    out.body.ops.extend(conversions);
    out.body.yields.extend(extra.iter().copied());
    out.result_types = out
        .body
        .yields
        .iter()
        .map(|v| out.values[v.index()].clone())
        .collect();
    out.result_attrs.resize(out.result_types.len(), Vec::new());
    Ok(BoundedFunc {
        func: out,
        inputs,
        outputs,
        assertions,
    })
}

/// An error for an op this module cannot make run at every size.
fn unsupported(what: impl std::fmt::Display) -> String {
    format!(
        "{what}: not supported with bounded dynamic shapes (compile for one size with --dim instead)"
    )
}

impl Refiner<'_> {
    fn state(&self) -> &BoundState {
        self.bound.as_ref().expect("bounded mode")
    }

    fn state_mut(&mut self) -> &mut BoundState {
        self.bound.as_mut().expect("bounded mode")
    }

    /// A loop's region arguments have the sizes of its operands.
    pub(super) fn carry_sizes(&mut self, operands: &[ValueId], args: &[ValueId]) {
        for (&o, &a) in operands.iter().zip(args) {
            let s = self.sizes(o);
            self.set_sizes(a, s);
            if self.is_dependent(o) {
                self.state_mut().dependent.insert(a);
            }
        }
    }

    pub(super) fn enter_region(&mut self) {
        if let Some(s) = &mut self.bound {
            s.depth += 1;
        }
    }

    pub(super) fn leave_region(&mut self) {
        if let Some(s) = &mut self.bound {
            s.depth -= 1;
        }
    }

    /// The sizes of `v`: recorded ones, else its (static) shape.
    fn sizes(&self, v: ValueId) -> Vec<Size> {
        self.state()
            .sizes
            .get(&v)
            .cloned()
            .unwrap_or_else(|| self.ty(v).shape.iter().map(|&d| Size::Static(d)).collect())
    }

    fn set_sizes(&mut self, v: ValueId, sizes: Vec<Size>) {
        if sizes.iter().any(|s| matches!(s, Size::Dyn(_))) {
            self.state_mut().sizes.insert(v, sizes);
        }
    }

    /// The dynamic dimensions of `v`: (dimension, size value).
    fn dyn_dims(&self, v: ValueId) -> Vec<(usize, ValueId)> {
        self.state().sizes.get(&v).map_or_else(Vec::new, |s| {
            s.iter()
                .enumerate()
                .filter_map(|(d, s)| match s {
                    Size::Dyn(v) => Some((d, *v)),
                    Size::Static(_) => None,
                })
                .collect()
        })
    }

    fn is_dependent(&self, v: ValueId) -> bool {
        self.state().dependent.contains(&v)
    }

    /// Appends an op before the one being refined.
    fn emit(
        &mut self,
        opcode: Opcode,
        operands: Vec<ValueId>,
        ty: TensorType,
        loc: &Op,
    ) -> ValueId {
        let v = self.f.new_value(ty);
        self.before.push(Op {
            opcode,
            operands,
            results: vec![v],
            regions: vec![],
            loc: loc.loc.clone(),
        });
        v
    }

    fn constant(&mut self, dtype: DType, n: i64, at: &Op) -> ValueId {
        let lit: Literal = eval::literal_from_i128(TensorType::scalar(dtype), &[i128::from(n)]);
        self.emit(Opcode::Constant(lit), vec![], TensorType::scalar(dtype), at)
    }

    /// A size as an i64 scalar value.
    fn size_value(&mut self, s: Size, at: &Op) -> ValueId {
        match s {
            Size::Dyn(v) => v,
            Size::Static(n) => self.constant(DType::I64, n, at),
        }
    }

    fn binary(&mut self, b: BinaryOp, x: ValueId, y: ValueId, at: &Op) -> ValueId {
        let ty = self.ty(x);
        self.emit(Opcode::Binary(b), vec![x, y], ty, at)
    }

    /// `x op n` on sizes, folded when both are numbers.
    fn size_op(&mut self, b: BinaryOp, x: Size, y: Size, at: &Op) -> Size {
        if let (Size::Static(p), Size::Static(q)) = (x, y) {
            let r = match b {
                BinaryOp::Add => p + q,
                BinaryOp::Sub => p - q,
                BinaryOp::Mul => p * q,
                BinaryOp::Div if q != 0 => p.div_euclid(q),
                BinaryOp::Max => p.max(q),
                BinaryOp::Min => p.min(q),
                _ => unreachable!("size arithmetic uses add, sub, mul, div, max, min"),
            };
            return Size::Static(r);
        }
        let (x, y) = (self.size_value(x, at), self.size_value(y, at));
        Size::Dyn(self.binary(b, x, y, at))
    }

    fn convert(&mut self, v: ValueId, dtype: DType, at: &Op) -> ValueId {
        let t = self.ty(v);
        if t.dtype == dtype {
            return v;
        }
        self.emit(Opcode::Convert, vec![v], t.with_dtype(dtype), at)
    }

    /// Element `i` of a 1-d shape operand as an i64 scalar.
    fn element(&mut self, shape: ValueId, i: usize, at: &Op) -> ValueId {
        let t = self.ty(shape);
        let i = i as i64;
        let one = self.emit(
            Opcode::Slice {
                start: vec![i],
                limit: vec![i + 1],
                strides: vec![1],
            },
            vec![shape],
            t.with_shape(vec![1]),
            at,
        );
        let s = self.emit(Opcode::Reshape, vec![one], t.with_shape(vec![]), at);
        self.convert(s, DType::I64, at)
    }

    /// The sizes a shape operand gives a result declared `declared`: each dynamic
    /// dimension's element (a number when it is known and no size flows into it).
    fn sizes_from_shape(&mut self, shape: ValueId, declared: &TensorType, at: &Op) -> Vec<Size> {
        let bound = self.known.get(&shape).map(literal_ints);
        let fixed = !self.is_dependent(shape);
        (0..declared.rank())
            .map(|d| match (&bound, declared.shape[d]) {
                (Some(b), DYN) if fixed => Size::Static(b[d]),
                (_, DYN) => Size::Dyn(self.element(shape, d, at)),
                (_, n) => Size::Static(n),
            })
            .collect()
    }

    fn broadcast_scalar(&mut self, s: ValueId, shape: &[i64], at: &Op) -> ValueId {
        let t = self.ty(s).with_shape(shape.to_vec());
        self.emit(
            Opcode::BroadcastInDim {
                broadcast_dimensions: vec![],
            },
            vec![s],
            t,
            at,
        )
    }

    /// An i1 tensor of `shape`: true where every dimension in `dims` is below its size.
    fn valid_mask(&mut self, shape: &[i64], dims: &[(usize, ValueId)], at: &Op) -> ValueId {
        let mut mask = None;
        for &(d, size) in dims {
            let iota = self.emit(
                Opcode::Iota {
                    dimension: d as i64,
                },
                vec![],
                TensorType::new(DType::I64, shape.to_vec()),
                at,
            );
            let limit = self.broadcast_scalar(size, shape, at);
            let lt = self.emit(
                Opcode::Compare {
                    direction: CompareDirection::Lt,
                    compare_type: Some(CompareType::Signed),
                },
                vec![iota, limit],
                TensorType::new(DType::I1, shape.to_vec()),
                at,
            );
            mask = Some(match mask {
                None => lt,
                Some(m) => self.binary(BinaryOp::And, m, lt, at),
            });
        }
        mask.expect("at least one dimension")
    }

    /// `x` with its elements beyond the actual sizes of `dims` replaced by `fill` (a
    /// scalar of its type): what a reduction along those dimensions may read.
    fn masked(&mut self, x: ValueId, dims: &[(usize, ValueId)], fill: ValueId, at: &Op) -> ValueId {
        if dims.is_empty() {
            return x;
        }
        let t = self.ty(x);
        let mask = self.valid_mask(&t.shape, dims, at);
        let fill = self.broadcast_scalar(fill, &t.shape, at);
        let m = self.emit(Opcode::Select, vec![mask, x, fill], t, at);
        let sizes = self.sizes(x);
        self.state_mut().masked.push((m, sizes, dims.to_vec()));
        m
    }

    fn zero_like(&mut self, x: ValueId, at: &Op) -> ValueId {
        let t = TensorType::scalar(self.ty(x).dtype);
        let lit = eval::literal_from_f64(t.clone(), &[0.0]);
        self.emit(Opcode::Constant(lit), vec![], t, at)
    }

    /// Handles the dynamic ops bounded mode treats differently from [`Refiner::dynamic_op`]:
    /// `Some(keep)` when done; `None` to go on with the static form, after checking that
    /// no size flows into an operand that places data. `presized` receives the result
    /// sizes a shape operand gives.
    pub(super) fn bounded_dynamic_op(
        &mut self,
        op: &mut Op,
        d: &DynOp,
        ops: &[TensorType],
        presized: &mut Option<Vec<Size>>,
    ) -> Result<Option<bool>, String> {
        let declared = self.ty(op.results.first().copied().unwrap_or(ValueId(0)));
        let data_operand = |cx: &Self, i: usize, what: &str| -> Result<(), String> {
            if cx.is_dependent(op.operands[i]) {
                return Err(unsupported(format!(
                    "its {what} (operand {i}) depends on a dynamic dimension's size"
                )));
            }
            Ok(())
        };
        match d {
            DynOp::GetDimensionSize { dimension } => {
                let dim = usize::try_from(*dimension)
                    .ok()
                    .filter(|&d| d < ops.first().map_or(0, TensorType::rank))
                    .ok_or_else(|| format!("dimension {dimension} is out of range"))?;
                let Size::Dyn(size) = self.sizes(op.operands[0])[dim] else {
                    return Ok(None);
                };
                let r = op.results[0];
                let bound = ops[0].shape[dim];
                let dtype = self.ty(r).dtype;
                op.opcode = Opcode::Convert;
                op.operands = vec![size];
                (self.known).insert(
                    r,
                    eval::literal_from_i128(TensorType::scalar(dtype), &[i128::from(bound)]),
                );
                self.state_mut().dependent.insert(r);
                Ok(Some(true))
            }
            DynOp::SetDimensionSize { dimension } => {
                let dim = usize::try_from(*dimension)
                    .ok()
                    .filter(|&d| d < ops.first().map_or(0, TensorType::rank))
                    .ok_or_else(|| format!("dimension {dimension} is out of range"))?;
                let mut sizes = self.sizes(op.operands[0]);
                let s = self.convert(op.operands[1], DType::I64, op);
                sizes[dim] = Size::Dyn(s);
                self.set_result(op, ops[0].clone())?;
                op.opcode = Opcode::Reshape;
                op.operands.truncate(1);
                *presized = Some(sizes);
                Ok(Some(true))
            }
            DynOp::ShapeAssertion { message } => {
                if op.operands.iter().all(|v| !self.is_dependent(*v)) {
                    return Ok(None);
                }
                if self.state().depth > 0 {
                    return Err(unsupported("a shape assertion inside a region"));
                }
                let pred = op.operands[0];
                let values = op.operands[1..].to_vec();
                (self.state_mut().assertions).push((pred, values, message.clone()));
                Ok(Some(false))
            }
            DynOp::BroadcastInDim { .. } | DynOp::Reshape => {
                *presized = Some(self.sizes_from_shape(op.operands[1], &declared, op));
                Ok(None)
            }
            DynOp::Iota { .. } => {
                *presized = Some(self.sizes_from_shape(op.operands[0], &declared, op));
                Ok(None)
            }
            DynOp::Slice => {
                // `real_dynamic_slice(x, start, limit, strides)`: with a start and strides
                // that no size flows into, the slice at the bound limits holds the valid
                // elements at the low corner, and the sizes are computed from the limits.
                data_operand(self, 3, "strides")?;
                if self.is_dependent(op.operands[1]) {
                    return self
                        .slice_from_size_start(op, &declared, presized)
                        .map(Some);
                }
                if !self.known.contains_key(&op.operands[1]) {
                    if self.dyn_dims(op.operands[0]).is_empty()
                        && !self.is_dependent(op.operands[2])
                    {
                        return Ok(None);
                    }
                    return self
                        .slice_from_size_start(op, &declared, presized)
                        .map(Some);
                }
                let start = literal_ints(&self.known[&op.operands[1]]);
                let strides = self.ints(op, 3)?;
                let limit_fixed = !self.is_dependent(op.operands[2]);
                let mut sizes = Vec::with_capacity(declared.rank());
                for d in 0..declared.rank() {
                    if declared.shape[d] != DYN || limit_fixed {
                        sizes.push(Size::Static(-1));
                        continue;
                    }
                    let limit = Size::Dyn(self.element(op.operands[2], d, op));
                    let span = self.size_op(BinaryOp::Sub, limit, Size::Static(start[d]), op);
                    let span = self.size_op(BinaryOp::Add, span, Size::Static(strides[d] - 1), op);
                    let n = self.size_op(BinaryOp::Div, span, Size::Static(strides[d].max(1)), op);
                    sizes.push(self.size_op(BinaryOp::Max, n, Size::Static(0), op));
                }
                *presized = Some(sizes);
                Ok(None)
            }
            DynOp::Pad => {
                data_operand(self, 4, "interior padding")?;
                if self.is_dependent(op.operands[2]) || self.is_dependent(op.operands[3]) {
                    return self.pad_of_size(op, presized).map(Some);
                }
                Ok(None)
            }
            DynOp::Gather(_) => {
                // A slice size from a size takes a whole dimension (a smaller one would
                // be the bound's too, and the program invalid at smaller sizes).
                if self.is_dependent(op.operands[2]) {
                    *presized = Some(Vec::new());
                }
                Ok(None)
            }
            DynOp::Conv(_) => {
                data_operand(self, 2, "padding")?;
                Ok(None)
            }
            DynOp::ReduceWindow { .. } => {
                let n = (ops.len() - 5) / 2;
                if (2 * n..2 * n + 5).all(|i| !self.is_dependent(op.operands[i])) {
                    return Ok(None);
                }
                // A window sized by the axis it moves along (a scan: `jnp.cumsum` over a
                // symbolic axis): at the bound it still spans every valid element before
                // (or after) each position, and the masked padding adds the init value,
                // so the bound's window gives the actual results.
                let window = self.ints(op, 2 * n)?;
                let strides = self.ints(op, 2 * n + 1)?;
                let base = self.ints(op, 2 * n + 2)?;
                let dilation = self.ints(op, 2 * n + 3)?;
                let padding = self.ints(op, 2 * n + 4)?;
                let x = &ops[0];
                let sizes = self.sizes(op.operands[0]);
                for (d, s) in sizes.iter().enumerate() {
                    let ok = match s {
                        Size::Static(_) => true,
                        Size::Dyn(_) => {
                            let b = x.shape[d];
                            window.get(d) == Some(&b)
                                && strides.get(d) == Some(&1)
                                && base.get(d) == Some(&1)
                                && dilation.get(d) == Some(&1)
                                && padding
                                    .get(2 * d)
                                    .zip(padding.get(2 * d + 1))
                                    .is_some_and(|(l, h)| l + h == b - 1 && *l >= 0 && *h >= 0)
                        }
                    };
                    if !ok {
                        return Err(unsupported(format!(
                            "a reduce_window whose window attributes depend on a size other than a scan along dimension {d}"
                        )));
                    }
                }
                Ok(None)
            }
        }
    }

    /// `real_dynamic_slice(x, start, limit, strides)` whose start is computed from sizes
    /// (`x[b - 1]`, a roll): a window of `x` padded by the result's bound extent, at the
    /// actual start, then the strides; the sizes from the actual limits.
    fn slice_from_size_start(
        &mut self,
        op: &mut Op,
        declared: &TensorType,
        presized: &mut Option<Vec<Size>>,
    ) -> Result<bool, String> {
        let x = op.operands[0];
        let xt = self.ty(x);
        // limit - start at the bounds: both known, or the limit the start plus a number.
        let span = self
            .known_difference(op.operands[2], op.operands[1])
            .ok_or_else(|| {
                unsupported("a real_dynamic_slice whose extent is not known at the bounds")
            })?;
        let strides = self.ints(op, 3)?;
        let rank = xt.rank();
        if span.len() != rank || strides.len() != rank {
            return Err(format!(
                "has limits and strides of other than {rank} entries"
            ));
        }
        if let Some(d) = (0..rank).find(|&d| strides[d] < 1) {
            return Err(format!("stride {} in dimension {d}", strides[d]));
        }
        // Result extents at the bounds, and the window they need.
        let bound: Vec<i64> = (0..rank)
            .map(|d| ((span[d] + strides[d] - 1) / strides[d]).clamp(0, xt.shape[d]))
            .collect();
        let window: Vec<i64> = (0..rank)
            .map(|d| {
                if bound[d] == 0 {
                    0
                } else {
                    (bound[d] - 1) * strides[d] + 1
                }
            })
            .collect();
        let zero = self.zero_like(x, op);
        let wide: Vec<i64> = (0..rank).map(|d| xt.shape[d] + window[d]).collect();
        let padded = self.emit(
            Opcode::Pad {
                low: vec![0; rank],
                high: window.clone(),
                interior: vec![0; rank],
            },
            vec![x, zero],
            xt.with_shape(wide),
            op,
        );
        let mut operands = vec![padded];
        let mut sizes = Vec::with_capacity(rank);
        for d in 0..rank {
            let s = self.element(op.operands[1], d, op);
            operands.push(s);
            if declared.shape[d] == DYN {
                let l = Size::Dyn(self.element(op.operands[2], d, op));
                let span = self.size_op(BinaryOp::Sub, l, Size::Dyn(s), op);
                let span = self.size_op(BinaryOp::Add, span, Size::Static(strides[d] - 1), op);
                let n = self.size_op(BinaryOp::Div, span, Size::Static(strides[d]), op);
                let n = self.size_op(BinaryOp::Max, n, Size::Static(0), op);
                sizes.push(self.size_op(BinaryOp::Min, n, Size::Static(bound[d]), op));
            } else {
                sizes.push(Size::Static(bound[d]));
            }
        }
        let result = op.results[0];
        self.set_result(op, xt.with_shape(bound.clone()))?;
        if strides.iter().all(|&s| s == 1) {
            op.opcode = Opcode::DynamicSlice {
                slice_sizes: window,
            };
            op.operands = operands;
        } else {
            let w = self.emit(
                Opcode::DynamicSlice {
                    slice_sizes: window.clone(),
                },
                operands,
                xt.with_shape(window.clone()),
                op,
            );
            op.opcode = Opcode::Slice {
                start: vec![0; rank],
                limit: window,
                strides,
            };
            op.operands = vec![w];
        }
        self.state_mut().dependent.insert(result);
        *presized = Some(sizes);
        Ok(true)
    }

    /// `dynamic_pad(x, value, low, high, interior)` whose low or high padding is computed
    /// from sizes: the operand (its padding masked with `value`) padded with the low
    /// padding at the bounds and room for a whole result after it, then a window at
    /// `bound low - actual low`, which puts the operand's first element at the actual low
    /// padding. Low padding must not be negative (cropping by a size is refused).
    fn pad_of_size(
        &mut self,
        op: &mut Op,
        presized: &mut Option<Vec<Size>>,
    ) -> Result<bool, String> {
        let (x, value) = (op.operands[0], op.operands[1]);
        let xt = self.ty(x);
        let rank = xt.rank();
        let (low, high, interior) = (self.ints(op, 2)?, self.ints(op, 3)?, self.ints(op, 4)?);
        if low.len() != rank || high.len() != rank || interior.len() != rank {
            return Err(format!("has paddings of other than {rank} entries"));
        }
        if let Some(d) = (0..rank).find(|&d| low[d] < 0 || interior[d] < 0) {
            return Err(unsupported(format!(
                "a dynamic_pad cropping dimension {d} by an amount computed from sizes"
            )));
        }
        let spread = |n: i64, d: usize| if n == 0 { 0 } else { n + (n - 1) * interior[d] };
        // The result's extents at the bounds.
        let bound: Vec<i64> = (0..rank)
            .map(|d| (low[d] + high[d] + spread(xt.shape[d], d)).max(0))
            .collect();
        let dims = self.dyn_dims(x);
        let masked = self.masked(x, &dims, value, op);
        let room: Vec<i64> = (0..rank).map(|d| bound[d] + high[d].max(0)).collect();
        let wide: Vec<i64> = (0..rank)
            .map(|d| low[d] + spread(xt.shape[d], d) + room[d])
            .collect();
        let padded = self.emit(
            Opcode::Pad {
                low: low.clone(),
                high: room,
                interior: interior.clone(),
            },
            vec![masked, value],
            xt.with_shape(wide),
            op,
        );
        let xs = self.sizes(x);
        let mut starts = Vec::with_capacity(rank);
        let mut sizes = Vec::with_capacity(rank);
        for (d, &xd) in xs.iter().enumerate() {
            let lo = Size::Dyn(self.element(op.operands[2], d, op));
            let hi = Size::Dyn(self.element(op.operands[3], d, op));
            let start = self.size_op(BinaryOp::Sub, Size::Static(low[d]), lo, op);
            let start = self.size_op(BinaryOp::Max, start, Size::Static(0), op);
            starts.push(self.size_value(start, op));
            let n = self.size_op(BinaryOp::Mul, xd, Size::Static(interior[d] + 1), op);
            let n = self.size_op(BinaryOp::Sub, n, Size::Static(interior[d]), op);
            let n = self.size_op(BinaryOp::Max, n, Size::Static(0), op);
            let n = self.size_op(BinaryOp::Add, n, lo, op);
            let n = self.size_op(BinaryOp::Add, n, hi, op);
            let n = self.size_op(BinaryOp::Max, n, Size::Static(0), op);
            sizes.push(self.size_op(BinaryOp::Min, n, Size::Static(bound[d]), op));
        }
        let result = op.results[0];
        self.set_result(op, xt.with_shape(bound.clone()))?;
        op.opcode = Opcode::DynamicSlice { slice_sizes: bound };
        op.operands = std::iter::once(padded).chain(starts).collect();
        self.state_mut().dependent.insert(result);
        *presized = Some(sizes);
        Ok(true)
    }

    /// After `op` has its static (bound) form and result types: the sizes of its results,
    /// and the rewrites that keep padding out of valid elements. `declared` are the result
    /// types before refinement; `presized` the sizes a dynamic op's shape operand gave.
    pub(super) fn bounded_op(
        &mut self,
        op: &mut Op,
        declared: &[TensorType],
        presized: Option<Vec<Size>>,
    ) -> Result<(), String> {
        let dependent = op.operands.iter().any(|&v| self.is_dependent(v));
        let any_dyn = op.operands.iter().any(|&v| !self.dyn_dims(v).is_empty())
            || presized.is_some()
            || declared.iter().any(TensorType::is_dynamic);
        if any_dyn {
            self.bounded_rewrite(op, declared, presized)?;
        }
        if dependent {
            let results = op.results.clone();
            self.state_mut().dependent.extend(results);
        }
        Ok(())
    }

    fn bounded_rewrite(
        &mut self,
        op: &mut Op,
        declared: &[TensorType],
        presized: Option<Vec<Size>>,
    ) -> Result<(), String> {
        let x = op.operands.first().copied();
        let opcode = op.opcode.clone();
        let result_sizes: Vec<Size> = match &opcode {
            Opcode::Unary(_)
            | Opcode::Binary(_)
            | Opcode::Compare { .. }
            | Opcode::Select
            | Opcode::Clamp
            | Opcode::Convert
            | Opcode::ReducePrecision { .. }
            | Opcode::Real
            | Opcode::Imag
            | Opcode::Complex
            | Opcode::UniformQuantize
            | Opcode::UniformDequantize => {
                let rank = self.ty(op.results[0]).rank();
                let from = (op.operands.iter())
                    .copied()
                    .filter(|&v| self.ty(v).rank() == rank)
                    .find(|&v| !self.dyn_dims(v).is_empty());
                match from {
                    Some(v) => self.sizes(v),
                    None => return Ok(()),
                }
            }
            Opcode::BitcastConvert => {
                let mut s = self.sizes(x.expect("operand"));
                let r = self.ty(op.results[0]);
                s.resize(r.rank(), Size::Static(*r.shape.last().unwrap_or(&1)));
                s.truncate(r.rank());
                s
            }
            Opcode::OptimizationBarrier => {
                for (&o, &r) in op.operands.iter().zip(&op.results) {
                    let s = self.sizes(o);
                    self.set_sizes(r, s);
                }
                return Ok(());
            }
            Opcode::Constant(_) | Opcode::Iota { .. } if presized.is_none() => return Ok(()),
            Opcode::Iota { .. } => presized.clone().expect("sizes"),
            Opcode::BroadcastInDim {
                broadcast_dimensions,
            } => match presized.clone() {
                Some(s) => s,
                None => {
                    let xs = self.sizes(x.expect("operand"));
                    let r = self.ty(op.results[0]);
                    let mut s: Vec<Size> = r.shape.iter().map(|&n| Size::Static(n)).collect();
                    for (i, &d) in broadcast_dimensions.iter().enumerate() {
                        if matches!(xs[i], Size::Dyn(_)) {
                            s[d as usize] = xs[i];
                        }
                    }
                    s
                }
            },
            Opcode::Reshape => self.reshape_sizes(op, presized.clone())?,
            Opcode::Transpose { permutation } => {
                let xs = self.sizes(x.expect("operand"));
                permutation.iter().map(|&p| xs[p as usize]).collect()
            }
            Opcode::Slice {
                start,
                limit,
                strides,
            } => {
                if let Some(s) = presized.clone() {
                    // A real_dynamic_slice: sizes from its limits, -1 where static.
                    let r = self.ty(op.results[0]);
                    s.iter()
                        .zip(&r.shape)
                        .map(|(&s, &n)| {
                            if s == Size::Static(-1) {
                                Size::Static(n)
                            } else {
                                s
                            }
                        })
                        .collect()
                } else {
                    let xs = self.sizes(x.expect("operand"));
                    let xt = self.ty(x.expect("operand"));
                    let mut s = Vec::with_capacity(xs.len());
                    for d in 0..xs.len() {
                        let n = (limit[d] - start[d] + strides[d] - 1) / strides[d];
                        match xs[d] {
                            Size::Dyn(_) if declared[0].shape[d] == DYN => {
                                if start[d] != 0 || strides[d] != 1 || limit[d] != xt.shape[d] {
                                    return Err(unsupported(format!(
                                        "a slice of dynamic dimension {d} declared dynamic"
                                    )));
                                }
                                s.push(xs[d]);
                            }
                            _ => s.push(Size::Static(n)),
                        }
                    }
                    s
                }
            }
            Opcode::Concatenate { dimension } => self.concatenate(op, *dimension as usize)?,
            Opcode::Pad {
                low,
                high,
                interior,
            } => {
                let xs = self.sizes(op.operands[0]);
                let dims = self.dyn_dims(op.operands[0]);
                if !dims.is_empty() {
                    let m = self.masked(op.operands[0], &dims, op.operands[1], op);
                    op.operands[0] = m;
                }
                let mut s = Vec::with_capacity(xs.len());
                for (d, &xd) in xs.iter().enumerate() {
                    s.push(match xd {
                        Size::Static(_) => Size::Static(self.ty(op.results[0]).shape[d]),
                        Size::Dyn(_) => {
                            let spread =
                                self.size_op(BinaryOp::Mul, xd, Size::Static(interior[d] + 1), op);
                            let spread =
                                self.size_op(BinaryOp::Sub, spread, Size::Static(interior[d]), op);
                            let spread = self.size_op(BinaryOp::Max, spread, Size::Static(0), op);
                            let n = self.size_op(
                                BinaryOp::Add,
                                spread,
                                Size::Static(low[d] + high[d]),
                                op,
                            );
                            self.size_op(BinaryOp::Max, n, Size::Static(0), op)
                        }
                    });
                }
                s
            }
            Opcode::Reverse { dimensions } => self.reverse(op, dimensions)?,
            Opcode::DynamicSlice { slice_sizes } => {
                let dims = self.dyn_dims(op.operands[0]);
                for (d, size) in dims {
                    self.clamp_start(op, 1 + d, size, Size::Static(slice_sizes[d]));
                }
                match presized {
                    // A real_dynamic_slice made a window: sizes from its limits.
                    Some(p) => p,
                    None => return Ok(()),
                }
            }
            Opcode::DynamicUpdateSlice if !self.dyn_dims(op.operands[1]).is_empty() => {
                self.update_of_dynamic_size(op);
                self.sizes(op.operands[2])
            }
            Opcode::DynamicUpdateSlice => {
                let upd = self.ty(op.operands[1]);
                for (d, size) in self.dyn_dims(op.operands[0]) {
                    self.clamp_start(op, 2 + d, size, Size::Static(upd.shape[d]));
                }
                self.sizes(op.operands[0])
            }
            Opcode::Reduce { dimensions } => {
                let n = op.operands.len() / 2;
                let xs = self.sizes(op.operands[0]);
                let dims: Vec<(usize, ValueId)> = self
                    .dyn_dims(op.operands[0])
                    .into_iter()
                    .filter(|(d, _)| dimensions.contains(&(*d as i64)))
                    .collect();
                if !dims.is_empty() {
                    for i in 0..n {
                        let init = op.operands[n + i];
                        op.operands[i] = self.masked(op.operands[i], &dims, init, op);
                    }
                }
                let kept: Vec<Size> = (0..xs.len())
                    .filter(|d| !dimensions.contains(&(*d as i64)))
                    .map(|d| xs[d])
                    .collect();
                for &r in &op.results.clone() {
                    self.set_sizes(r, kept.clone());
                }
                return Ok(());
            }
            Opcode::ReduceWindow(w) => {
                let n = op.operands.len() / 2;
                let xs = self.sizes(op.operands[0]);
                let dims = self.dyn_dims(op.operands[0]);
                for i in 0..n {
                    let init = op.operands[n + i];
                    op.operands[i] = self.masked(op.operands[i], &dims, init, op);
                }
                let mut s = Vec::with_capacity(xs.len());
                for (d, &xd) in xs.iter().enumerate() {
                    s.push(match xd {
                        Size::Static(_) => Size::Static(self.ty(op.results[0]).shape[d]),
                        Size::Dyn(_) => self.window_output(
                            xd,
                            w.base_dilations[d],
                            w.padding[d],
                            w.window_dimensions[d],
                            w.window_dilations[d],
                            w.window_strides[d],
                            op,
                        ),
                    });
                }
                for &r in &op.results.clone() {
                    self.set_sizes(r, s.clone());
                }
                return Ok(());
            }
            Opcode::DotGeneral(dd) => {
                let (ls, rs) = (self.sizes(op.operands[0]), self.sizes(op.operands[1]));
                let mut lmask = Vec::new();
                let mut rmask = Vec::new();
                for (&lc, &rc) in dd.lhs_contracting.iter().zip(&dd.rhs_contracting) {
                    let (lc, rc) = (lc as usize, rc as usize);
                    let size = match (ls[lc], rs[rc]) {
                        (Size::Dyn(v), _) | (_, Size::Dyn(v)) => v,
                        _ => continue,
                    };
                    lmask.push((lc, size));
                    rmask.push((rc, size));
                }
                if !lmask.is_empty() {
                    let z = self.zero_like(op.operands[0], op);
                    op.operands[0] = self.masked(op.operands[0], &lmask, z, op);
                    let z = self.zero_like(op.operands[1], op);
                    op.operands[1] = self.masked(op.operands[1], &rmask, z, op);
                }
                let mut s: Vec<Size> = dd.lhs_batch.iter().map(|&d| ls[d as usize]).collect();
                s.extend(
                    (0..ls.len())
                        .filter(|&d| {
                            !dd.lhs_batch.contains(&(d as i64))
                                && !dd.lhs_contracting.contains(&(d as i64))
                        })
                        .map(|d| ls[d]),
                );
                s.extend(
                    (0..rs.len())
                        .filter(|&d| {
                            !dd.rhs_batch.contains(&(d as i64))
                                && !dd.rhs_contracting.contains(&(d as i64))
                        })
                        .map(|d| rs[d]),
                );
                s
            }
            Opcode::Convolution(c) => self.convolution(op, c)?,
            Opcode::Gather(g) => self.gather(op, g, presized.is_some())?,
            Opcode::Scatter(sc) => self.scatter(op, sc)?,
            Opcode::Sort { dimension, .. } => {
                let d = *dimension as usize;
                if let Some(&(_, size)) = self
                    .dyn_dims(op.operands[0])
                    .iter()
                    .find(|&&(dd, _)| dd == d)
                {
                    self.sort_padding_last(op, d, size);
                }
                for (&o, &r) in op.operands.clone().iter().zip(&op.results.clone()) {
                    let s = self.sizes(o);
                    self.set_sizes(r, s);
                }
                return Ok(());
            }
            Opcode::While => {
                for (&o, &r) in op.operands.clone().iter().zip(&op.results.clone()) {
                    let s = self.sizes(o);
                    self.set_sizes(r, s);
                }
                return Ok(());
            }
            Opcode::If | Opcode::Case => {
                let inside = defined_in(&op.regions);
                let first = op.regions[0].yields.clone();
                for (&y, &r) in first.iter().zip(&op.results.clone()) {
                    let s = self.sizes(y);
                    if s.iter()
                        .any(|s| matches!(s, Size::Dyn(v) if inside.contains(v)))
                    {
                        return Err(unsupported(
                            "a result of dynamic shape whose size a branch computes",
                        ));
                    }
                    self.set_sizes(r, s);
                }
                return Ok(());
            }
            Opcode::SelectAndScatter {
                window_dimensions,
                window_strides,
                padding,
            } => {
                // Along a dimension with a unit window every window holds one element, and
                // padding elements only reach padding positions.
                for (d, _) in self.dyn_dims(op.operands[0]) {
                    if window_dimensions[d] != 1
                        || window_strides[d] != 1
                        || padding.get(d).is_some_and(|&p| p != (0, 0))
                    {
                        return Err(unsupported(
                            "a select_and_scatter whose window moves along a dynamic dimension",
                        ));
                    }
                }
                self.sizes(op.operands[0])
            }
            Opcode::TriangularSolve { .. } | Opcode::Cholesky { .. } => {
                let b = *op.operands.last().expect("operand");
                let s = self.sizes(b);
                let r = s.len();
                for &o in &op.operands {
                    if self.dyn_dims(o).iter().any(|&(d, _)| d + 2 >= r) {
                        return Err(unsupported("a matrix dimension that is dynamic"));
                    }
                }
                s
            }
            Opcode::Fft { lengths, .. } => {
                let s = self.sizes(op.operands[0]);
                let r = s.len();
                if self
                    .dyn_dims(op.operands[0])
                    .iter()
                    .any(|&(d, _)| d + lengths.len() >= r)
                {
                    return Err(unsupported("a Fourier transform along a dynamic dimension"));
                }
                s
            }
            other => {
                return Err(unsupported(format!(
                    "'{}' with operands or results of dynamic shape",
                    other.name()
                )));
            }
        };
        if let Some(&r) = op.results.first() {
            self.set_sizes(r, result_sizes);
        }
        Ok(())
    }

    /// Output size of a window op along one dimension of input size `x`.
    #[allow(clippy::too_many_arguments)]
    fn window_output(
        &mut self,
        x: Size,
        base_dilation: i64,
        padding: (i64, i64),
        window: i64,
        window_dilation: i64,
        stride: i64,
        at: &Op,
    ) -> Size {
        // dilated input: (x - 1) * base + 1 (0 when x is 0); dilated window likewise.
        let d = self.size_op(BinaryOp::Sub, x, Size::Static(1), at);
        let d = self.size_op(BinaryOp::Mul, d, Size::Static(base_dilation), at);
        let d = self.size_op(BinaryOp::Add, d, Size::Static(1), at);
        let d = self.size_op(BinaryOp::Max, d, Size::Static(0), at);
        let span = padding.0 + padding.1 - ((window - 1) * window_dilation + 1);
        let n = self.size_op(BinaryOp::Add, d, Size::Static(span), at);
        // floor(n / stride) + 1 for n >= 0, else 0.
        let n = self.size_op(BinaryOp::Add, n, Size::Static(stride), at);
        let n = self.size_op(BinaryOp::Max, n, Size::Static(0), at);
        self.size_op(BinaryOp::Div, n, Size::Static(stride), at)
    }

    /// Clamps start operand `i` (of a dynamic slice or update along a dimension of actual
    /// size `size`) into `[0, size - span]`, as the op does for the actual shape.
    fn clamp_start(&mut self, op: &mut Op, i: usize, size: ValueId, span: Size) {
        let start = op.operands[i];
        let dtype = self.ty(start).dtype;
        let hi = self.size_op(BinaryOp::Sub, Size::Dyn(size), span, op);
        let hi = self.size_op(BinaryOp::Max, hi, Size::Static(0), op);
        let hi = self.size_value(hi, op);
        let hi = self.convert(hi, dtype, op);
        let lo = self.constant(dtype, 0, op);
        let t = self.ty(start);
        op.operands[i] = self.emit(Opcode::Clamp, vec![lo, start, hi], t, op);
    }

    /// The sizes of a reshape's result, refusing reshapes that move valid elements.
    fn reshape_sizes(&mut self, op: &Op, presized: Option<Vec<Size>>) -> Result<Vec<Size>, String> {
        let x = op.operands[0];
        let (xt, rt) = (self.ty(x), self.ty(op.results[0]));
        let xs = self.sizes(x);
        let declared_dyn: Vec<bool> = match &presized {
            Some(s) => s.iter().map(|s| matches!(s, Size::Dyn(_))).collect(),
            None => vec![false; rt.rank()],
        };
        let mut out: Vec<Size> = rt.shape.iter().map(|&n| Size::Static(n)).collect();
        // Groups of dimensions with equal element counts on both sides.
        let (mut i, mut j) = (0, 0);
        while i < xt.rank() || j < rt.rank() {
            let (gi, gj) = (i, j);
            let (mut pi, mut pj) = (1i64, 1i64);
            loop {
                if i < xt.rank() && (pi < pj || j >= rt.rank() || (pi == pj && i == gi)) {
                    pi *= xt.shape[i];
                    i += 1;
                } else if j < rt.rank() && (pj < pi || j == gj || i >= xt.rank()) {
                    pj *= rt.shape[j];
                    j += 1;
                } else {
                    break;
                }
                if pi == pj && i > gi && j > gj {
                    // Trailing 1s join the group.
                    while i < xt.rank() && xt.shape[i] == 1 && matches!(xs[i], Size::Static(_)) {
                        i += 1;
                    }
                    while j < rt.rank() && rt.shape[j] == 1 && !declared_dyn[j] {
                        j += 1;
                    }
                    break;
                }
            }
            if pi != pj {
                return Err(format!(
                    "reshape of {xt} to {rt}: element counts differ at the bounds"
                ));
            }
            let dyn_in: Vec<usize> = (gi..i).filter(|&d| matches!(xs[d], Size::Dyn(_))).collect();
            if dyn_in.is_empty() {
                continue;
            }
            // The dynamic dimension must be the outermost non-unit one on both sides.
            let lead_in = (gi..i).find(|&d| xt.shape[d] != 1).unwrap_or(gi);
            let lead_out = (gj..j).find(|&d| rt.shape[d] != 1).unwrap_or(gj);
            if dyn_in.len() > 1 || dyn_in[0] != lead_in || j == gj {
                return Err(unsupported(format!(
                    "a reshape of {xt} to {rt} that merges or splits dynamic dimension {} with outer dimensions",
                    dyn_in[0]
                )));
            }
            let inner_in: i64 = ((lead_in + 1)..i).map(|d| xt.shape[d]).product();
            let inner_out: i64 = ((lead_out + 1)..j).map(|d| rt.shape[d]).product();
            let n = self.size_op(BinaryOp::Mul, xs[lead_in], Size::Static(inner_in), op);
            out[lead_out] = self.size_op(BinaryOp::Div, n, Size::Static(inner_out.max(1)), op);
        }
        if let Some(p) = presized {
            for (o, s) in out.iter_mut().zip(p) {
                if matches!(s, Size::Dyn(_)) {
                    *o = s;
                }
            }
        }
        Ok(out)
    }

    /// `dynamic_update_slice(x, update, starts..)` whose update has dynamic dimensions:
    /// the starts clamped into the actual sizes, the update written into `x` padded by the
    /// update's bounds (so the static op keeps the start), and only the update's valid box
    /// taken from the result. The op becomes `select(box, updated, x)`.
    fn update_of_dynamic_size(&mut self, op: &mut Op) {
        let (x, upd) = (op.operands[0], op.operands[1]);
        let (xt, ut) = (self.ty(x), self.ty(upd));
        let (xs, us) = (self.sizes(x), self.sizes(upd));
        let rank = xt.rank();
        let mut starts = Vec::with_capacity(rank);
        for d in 0..rank {
            let start = op.operands[2 + d];
            let dtype = self.ty(start).dtype;
            let hi = self.size_op(BinaryOp::Sub, xs[d], us[d], op);
            let hi = self.size_op(BinaryOp::Max, hi, Size::Static(0), op);
            let hi = self.size_value(hi, op);
            let hi = self.convert(hi, dtype, op);
            let lo = self.constant(dtype, 0, op);
            let t = self.ty(start);
            starts.push(self.emit(Opcode::Clamp, vec![lo, start, hi], t, op));
        }
        let zero = self.zero_like(x, op);
        let wide: Vec<i64> = (0..rank).map(|d| xt.shape[d] + ut.shape[d]).collect();
        let padded = self.emit(
            Opcode::Pad {
                low: vec![0; rank],
                high: ut.shape.clone(),
                interior: vec![0; rank],
            },
            vec![x, zero],
            xt.with_shape(wide),
            op,
        );
        let mut operands = vec![padded, upd];
        operands.extend(starts.iter().copied());
        let padded_t = self.ty(padded);
        let written = self.emit(Opcode::DynamicUpdateSlice, operands, padded_t, op);
        let written = self.emit(
            Opcode::Slice {
                start: vec![0; rank],
                limit: xt.shape.clone(),
                strides: vec![1; rank],
            },
            vec![written],
            xt.clone(),
            op,
        );
        // The box: start <= i < start + size along each dynamic dimension of the update.
        let mut inside: Option<ValueId> = None;
        for (d, size) in self.dyn_dims(upd) {
            let start = self.convert(starts[d], DType::I64, op);
            let end = self.binary(BinaryOp::Add, start, size, op);
            let below_end = self.valid_mask(&xt.shape, &[(d, end)], op);
            let before_start = self.valid_mask(&xt.shape, &[(d, start)], op);
            let t = self.constant(DType::I1, 1, op);
            let t = self.broadcast_scalar(t, &xt.shape, op);
            let mask_t = xt.with_dtype(DType::I1);
            let after_start = self.emit(
                Opcode::Binary(BinaryOp::Xor),
                vec![before_start, t],
                mask_t,
                op,
            );
            let m = self.binary(BinaryOp::And, after_start, below_end, op);
            inside = Some(match inside {
                None => m,
                Some(p) => self.binary(BinaryOp::And, p, m, op),
            });
        }
        let inside = inside.expect("the update has a dynamic dimension");
        op.opcode = Opcode::Select;
        op.operands = vec![inside, written, x];
    }

    /// `concatenate` along `dim`: with a dynamic size along it, each operand is placed at
    /// the sum of the actual sizes before it.
    fn concatenate(&mut self, op: &mut Op, dim: usize) -> Result<Vec<Size>, String> {
        let sizes: Vec<Vec<Size>> = op.operands.iter().map(|&v| self.sizes(v)).collect();
        let mut out = sizes[0].clone();
        for s in &sizes[1..] {
            for d in 0..out.len() {
                if d != dim && matches!(out[d], Size::Static(_)) {
                    out[d] = s[d];
                }
            }
        }
        if sizes.iter().all(|s| matches!(s[dim], Size::Static(_))) {
            out[dim] = Size::Static(self.ty(op.results[0]).shape[dim]);
            return Ok(out);
        }
        let rt = self.ty(op.results[0]);
        let total = rt.shape[dim];
        let operands = op.operands.clone();
        // acc: operand 0 padded to the result's bound; each next one shifted in place.
        let first = self.ty(operands[0]);
        let zero = self.zero_like(operands[0], op);
        let mut high = vec![0; rt.rank()];
        high[dim] = total - first.shape[dim];
        let mut acc = self.emit(
            Opcode::Pad {
                low: vec![0; rt.rank()],
                high,
                interior: vec![0; rt.rank()],
            },
            vec![operands[0], zero],
            rt.clone(),
            op,
        );
        let mut offset = sizes[0][dim];
        for (k, &v) in operands.iter().enumerate().skip(1) {
            let t = self.ty(v);
            let mut low = vec![0; rt.rank()];
            let mut high = vec![0; rt.rank()];
            low[dim] = total;
            high[dim] = total - t.shape[dim];
            let mut wide = rt.shape.clone();
            wide[dim] = 2 * total;
            let zero = self.zero_like(v, op);
            let padded = self.emit(
                Opcode::Pad {
                    low,
                    high,
                    interior: vec![0; rt.rank()],
                },
                vec![v, zero],
                rt.with_shape(wide),
                op,
            );
            // shifted[i] = v[i - offset]: a window of the padded operand at total - offset.
            let start = self.size_op(BinaryOp::Sub, Size::Static(total), offset, op);
            let start = self.size_value(start, op);
            let mut starts = Vec::with_capacity(rt.rank());
            for d in 0..rt.rank() {
                starts.push(if d == dim {
                    start
                } else {
                    self.constant(DType::I64, 0, op)
                });
            }
            let mut operands = vec![padded];
            operands.extend(starts);
            let shifted = self.emit(
                Opcode::DynamicSlice {
                    slice_sizes: rt.shape.clone(),
                },
                operands,
                rt.clone(),
                op,
            );
            let offset_value = self.size_value(offset, op);
            let before = self.valid_mask(&rt.shape, &[(dim, offset_value)], op);
            acc = self.emit(Opcode::Select, vec![before, acc, shifted], rt.clone(), op);
            offset = self.size_op(BinaryOp::Add, offset, sizes[k][dim], op);
        }
        out[dim] = offset;
        // The op becomes the identity on the assembled value.
        op.opcode = Opcode::Reshape;
        op.operands = vec![acc];
        Ok(out)
    }

    /// A sort along a dynamic dimension sorts by one more key first, valid before
    /// padding, so the valid elements come first in the comparator's order.
    fn sort_padding_last(&mut self, op: &mut Op, dim: usize, size: ValueId) {
        let shape = self.ty(op.operands[0]).shape;
        let mask = self.valid_mask(&shape, &[(dim, size)], op);
        let i32_shape = TensorType::new(DType::I32, shape.clone());
        let key = self.emit(Opcode::Convert, vec![mask], i32_shape.clone(), op);
        let sorted_key = self.f.new_value(i32_shape);
        op.operands.insert(0, key);
        op.results.insert(0, sorted_key);
        let scalar = TensorType::scalar(DType::I32);
        let (kl, kr) = (self.f.new_value(scalar.clone()), self.f.new_value(scalar));
        let flag = TensorType::scalar(DType::I1);
        let (same, first, out) = (
            self.f.new_value(flag.clone()),
            self.f.new_value(flag.clone()),
            self.f.new_value(flag),
        );
        let loc = op.loc.clone();
        let region = &mut op.regions[0];
        let by_value = region.yields[0];
        region.args.splice(0..0, [kl, kr]);
        let compare = |direction, result| Op {
            opcode: Opcode::Compare {
                direction,
                compare_type: Some(CompareType::Signed),
            },
            operands: vec![kl, kr],
            results: vec![result],
            regions: vec![],
            loc: loc.clone(),
        };
        region.ops.push(compare(CompareDirection::Eq, same));
        region.ops.push(compare(CompareDirection::Gt, first));
        region.ops.push(Op {
            opcode: Opcode::Select,
            operands: vec![same, by_value, first],
            results: vec![out],
            regions: vec![],
            loc: loc.clone(),
        });
        region.yields = vec![out];
    }

    /// `reverse` along dynamic dimensions: the reversed bound shape has the valid elements
    /// at the high end; a window at `bound - size` moves them back.
    fn reverse(&mut self, op: &mut Op, dimensions: &[i64]) -> Result<Vec<Size>, String> {
        let x = op.operands[0];
        let xs = self.sizes(x);
        let moved: Vec<(usize, ValueId)> = self
            .dyn_dims(x)
            .into_iter()
            .filter(|(d, _)| dimensions.contains(&(*d as i64)))
            .collect();
        if moved.is_empty() {
            return Ok(xs);
        }
        let t = self.ty(op.results[0]);
        let reversed = self.emit(op.opcode.clone(), vec![x], t.clone(), op);
        let mut high = vec![0; t.rank()];
        let mut wide = t.shape.clone();
        for &(d, _) in &moved {
            high[d] = t.shape[d];
            wide[d] *= 2;
        }
        let zero = self.zero_like(x, op);
        let padded = self.emit(
            Opcode::Pad {
                low: vec![0; t.rank()],
                high,
                interior: vec![0; t.rank()],
            },
            vec![reversed, zero],
            t.with_shape(wide),
            op,
        );
        let mut operands = vec![padded];
        for d in 0..t.rank() {
            let start = match moved.iter().find(|&&(m, _)| m == d) {
                Some(&(_, size)) => {
                    let s =
                        self.size_op(BinaryOp::Sub, Size::Static(t.shape[d]), Size::Dyn(size), op);
                    self.size_value(s, op)
                }
                None => self.constant(DType::I64, 0, op),
            };
            operands.push(start);
        }
        op.opcode = Opcode::DynamicSlice {
            slice_sizes: t.shape.clone(),
        };
        op.operands = operands;
        Ok(xs)
    }

    fn convolution(
        &mut self,
        op: &mut Op,
        c: &crate::compiler::ir::ConvAttrs,
    ) -> Result<Vec<Size>, String> {
        let (xs, ks) = (self.sizes(op.operands[0]), self.sizes(op.operands[1]));
        let kernel_dyn = ks.iter().any(|s| matches!(s, Size::Dyn(_)));
        if kernel_dyn {
            return Err(unsupported("a convolution kernel with a dynamic dimension"));
        }
        let batch = c.input_batch_dim as usize;
        let feature = c.input_feature_dim as usize;
        if matches!(xs[feature], Size::Dyn(_)) {
            return Err(unsupported(
                "a convolution over a dynamic feature dimension",
            ));
        }
        if matches!(xs[batch], Size::Dyn(_)) && c.batch_group_count != 1 {
            return Err(unsupported(
                "a batch-grouped convolution over a dynamic batch",
            ));
        }
        let spatial: Vec<(usize, ValueId)> = self
            .dyn_dims(op.operands[0])
            .into_iter()
            .filter(|(d, _)| *d != batch)
            .collect();
        if !spatial.is_empty() {
            let z = self.zero_like(op.operands[0], op);
            op.operands[0] = self.masked(op.operands[0], &spatial, z, op);
        }
        let rt = self.ty(op.results[0]);
        let mut out: Vec<Size> = rt.shape.iter().map(|&n| Size::Static(n)).collect();
        out[c.output_batch_dim as usize] = xs[batch];
        for (i, &d) in c.input_spatial_dims.iter().enumerate() {
            let d = d as usize;
            if let Size::Dyn(_) = xs[d] {
                let k = self.ty(op.operands[1]).shape[c.kernel_spatial_dims[i] as usize];
                out[c.output_spatial_dims[i] as usize] = self.window_output(
                    xs[d],
                    c.lhs_dilation.get(i).copied().unwrap_or(1),
                    c.padding.get(i).copied().unwrap_or((0, 0)),
                    k,
                    c.rhs_dilation.get(i).copied().unwrap_or(1),
                    c.window_strides.get(i).copied().unwrap_or(1),
                    op,
                );
            }
        }
        Ok(out)
    }

    /// A gather from an operand with dynamic dimensions clamps its starts into the actual
    /// sizes; its batch dimensions are the indices' (whose padding gathers padding).
    fn gather(
        &mut self,
        op: &mut Op,
        g: &crate::compiler::ir::GatherAttrs,
        sizes_from_operand: bool,
    ) -> Result<Vec<Size>, String> {
        let (xs, is) = (self.sizes(op.operands[0]), self.sizes(op.operands[1]));
        let xt = self.ty(op.operands[0]);
        let it = self.ty(op.operands[1]);
        // Slice sizes equal to a whole dynamic dimension take its actual size.
        let mut slice: Vec<Size> = g.slice_sizes.iter().map(|&n| Size::Static(n)).collect();
        for (d, &s) in xs.iter().enumerate() {
            if let Size::Dyn(_) = s
                && g.slice_sizes[d] == xt.shape[d]
                && !g.collapsed_slice_dims.contains(&(d as i64))
                && !g.operand_batching_dims.contains(&(d as i64))
                && sizes_from_operand
            {
                slice[d] = s;
            }
        }
        let clamped: Vec<(usize, usize, ValueId)> = g
            .start_index_map
            .iter()
            .enumerate()
            .filter_map(|(k, &d)| match xs[d as usize] {
                Size::Dyn(v) => Some((k, d as usize, v)),
                Size::Static(_) => None,
            })
            .collect();
        if !clamped.is_empty() {
            let ivd = g.index_vector_dim as usize;
            let components = if ivd < it.rank() { it.shape[ivd] } else { 1 };
            // Per component its largest start: size - slice (the bound's for static ones).
            let mut his = Vec::with_capacity(components as usize);
            for (k, &d) in g.start_index_map.iter().enumerate() {
                let d = d as usize;
                let hi = match clamped.iter().find(|c| c.0 == k) {
                    Some(&(_, _, size)) => {
                        let span = match slice[d] {
                            Size::Dyn(_) => Size::Dyn(size),
                            s => s,
                        };
                        self.size_op(BinaryOp::Sub, Size::Dyn(size), span, op)
                    }
                    None => Size::Static(xt.shape[d] - g.slice_sizes[d]),
                };
                let hi = self.size_op(BinaryOp::Max, hi, Size::Static(0), op);
                let hi = self.size_value(hi, op);
                let hi = self.convert(hi, it.dtype, op);
                his.push(hi);
            }
            let vector = self.per_component(his, &it, ivd, op);
            let zero = self.constant(it.dtype, 0, op);
            let zero = self.broadcast_scalar(zero, &it.shape, op);
            op.operands[1] = self.emit(
                Opcode::Clamp,
                vec![zero, op.operands[1], vector],
                it.clone(),
                op,
            );
        }
        let rt = self.ty(op.results[0]);
        let mut out: Vec<Size> = rt.shape.iter().map(|&n| Size::Static(n)).collect();
        let ivd = g.index_vector_dim as usize;
        let batch_dims: Vec<usize> = (0..it.rank()).filter(|&d| d != ivd).collect();
        let offset_operand_dims: Vec<usize> = (0..xt.rank())
            .filter(|&d| {
                !g.collapsed_slice_dims.contains(&(d as i64))
                    && !g.operand_batching_dims.contains(&(d as i64))
            })
            .collect();
        let (mut b, mut o) = (0, 0);
        for (r, slot) in out.iter_mut().enumerate() {
            if g.offset_dims.contains(&(r as i64)) {
                *slot = slice[offset_operand_dims[o]];
                o += 1;
            } else {
                *slot = is[batch_dims[b]];
                b += 1;
            }
        }
        Ok(out)
    }

    /// A tensor of the index tensor `it`'s type holding scalar `parts[k]` at component k
    /// of the index vector dimension `ivd` (rank of `it`: one implicit component).
    fn per_component(
        &mut self,
        parts: Vec<ValueId>,
        it: &TensorType,
        ivd: usize,
        op: &Op,
    ) -> ValueId {
        if ivd >= it.rank() {
            return self.broadcast_scalar(parts[0], &it.shape, op);
        }
        let n = parts.len() as i64;
        let parts: Vec<ValueId> = parts
            .iter()
            .map(|&h| self.emit(Opcode::Reshape, vec![h], it.with_shape(vec![1]), op))
            .collect();
        let v = if parts.len() == 1 {
            parts[0]
        } else {
            self.emit(
                Opcode::Concatenate { dimension: 0 },
                parts,
                it.with_shape(vec![n]),
                op,
            )
        };
        self.emit(
            Opcode::BroadcastInDim {
                broadcast_dimensions: vec![ivd as i64],
            },
            vec![v],
            it.clone(),
            op,
        )
    }

    /// A scatter skips updates whose window leaves the actual operand (the index set to
    /// the bound, which the static op skips too) and the updates of padded index rows.
    fn scatter(
        &mut self,
        op: &mut Op,
        sc: &crate::compiler::ir::ScatterAttrs,
    ) -> Result<Vec<Size>, String> {
        let n = (op.operands.len() - 1) / 2;
        let indices = op.operands[n];
        let xs = self.sizes(op.operands[0]);
        let xt = self.ty(op.operands[0]);
        let it = self.ty(indices);
        let ut = self.ty(op.operands[n + 1]);
        let upd_dims = self.dyn_dims(op.operands[n + 1]);
        let ivd = sc.index_vector_dim as usize;
        // A dynamic update window dimension must span a whole dynamic operand dimension
        // that no index moves (vmap's batch): its padding then lands in the operand's.
        let window_of: Vec<usize> = (0..xt.rank())
            .filter(|&d| {
                !sc.inserted_window_dims.contains(&(d as i64))
                    && !sc.input_batching_dims.contains(&(d as i64))
            })
            .collect();
        for &(d, _) in &upd_dims {
            let Some(p) = sc.update_window_dims.iter().position(|&w| w == d as i64) else {
                continue;
            };
            let od = window_of[p];
            if !matches!(xs[od], Size::Dyn(_))
                || ut.shape[d] != xt.shape[od]
                || sc.scatter_dims_to_operand_dims.contains(&(od as i64))
            {
                return Err(unsupported(
                    "a scatter whose update window has a dynamic dimension that does not span the operand's",
                ));
            }
        }
        let row_dims: Vec<(usize, ValueId)> = self
            .dyn_dims(indices)
            .into_iter()
            .filter(|&(d, _)| d != ivd)
            .collect();
        let operand_dyn: Vec<(usize, usize, ValueId)> = sc
            .scatter_dims_to_operand_dims
            .iter()
            .enumerate()
            .filter_map(|(k, &d)| match xs[d as usize] {
                Size::Dyn(v) => Some((k, d as usize, v)),
                Size::Static(_) => None,
            })
            .collect();
        if (operand_dyn.is_empty() && row_dims.is_empty())
            || sc
                .input_batching_dims
                .iter()
                .any(|&d| matches!(xs[d as usize], Size::Dyn(_)))
        {
            if sc
                .input_batching_dims
                .iter()
                .any(|&d| matches!(xs[d as usize], Size::Dyn(_)))
            {
                return Err(unsupported("a scatter over a dynamic batching dimension"));
            }
            return Ok(xs);
        }
        // The window extent along each operand dimension: an update window dimension's
        // size, or 1 for an inserted one.
        let extent = |d: usize| -> i64 {
            match window_of.iter().position(|&w| w == d) {
                Some(p) => ut.shape[sc.update_window_dims[p] as usize],
                None => 1,
            }
        };
        let components = if ivd < it.rank() { it.shape[ivd] } else { 1 };
        // Per component: the largest valid start (size - extent) and the start that makes
        // the static op skip the update (the bound).
        let mut his = Vec::new();
        let mut outs = Vec::new();
        for (k, &d) in sc.scatter_dims_to_operand_dims.iter().enumerate() {
            let d = d as usize;
            let hi = match operand_dyn.iter().find(|c| c.0 == k) {
                Some(&(_, _, size)) => {
                    self.size_op(BinaryOp::Sub, Size::Dyn(size), Size::Static(extent(d)), op)
                }
                None => Size::Static(xt.shape[d] - extent(d)),
            };
            let hi = self.size_value(hi, op);
            his.push(self.convert(hi, it.dtype, op));
            outs.push(self.constant(it.dtype, xt.shape[d], op));
        }
        let hi = self.per_component(his, &it, ivd, op);
        let skip_at = self.per_component(outs, &it, ivd, op);
        // Skip a whole index vector if any component leaves: compare per component, then
        // any() along the index vector dimension by broadcasting back.
        let over = self.emit(
            Opcode::Compare {
                direction: CompareDirection::Gt,
                compare_type: Some(CompareType::Signed),
            },
            vec![indices, hi],
            it.with_dtype(DType::I1),
            op,
        );
        let mut skip = if ivd < it.rank() && components > 1 {
            let f = self.constant(DType::I1, 0, op);
            let kept: Vec<i64> = (0..it.rank() as i64).filter(|&d| d != ivd as i64).collect();
            let row_shape: Vec<i64> = kept.iter().map(|&d| it.shape[d as usize]).collect();
            let any = self.f.new_value(TensorType::new(DType::I1, row_shape));
            let reducer = or_reducer(self.f);
            self.before.push(Op {
                opcode: Opcode::Reduce {
                    dimensions: vec![ivd as i64],
                },
                operands: vec![over, f],
                results: vec![any],
                regions: vec![reducer],
                loc: op.loc.clone(),
            });
            self.emit(
                Opcode::BroadcastInDim {
                    broadcast_dimensions: kept,
                },
                vec![any],
                it.with_dtype(DType::I1),
                op,
            )
        } else {
            over
        };
        if !row_dims.is_empty() {
            let valid = self.valid_mask(&it.shape, &row_dims, op);
            let t = self.constant(DType::I1, 1, op);
            let t = self.broadcast_scalar(t, &it.shape, op);
            let padded = self.emit(
                Opcode::Binary(BinaryOp::Xor),
                vec![valid, t],
                it.with_dtype(DType::I1),
                op,
            );
            skip = self.binary(BinaryOp::Or, skip, padded, op);
        }
        op.operands[n] = self.emit(Opcode::Select, vec![skip, skip_at, indices], it.clone(), op);
        Ok(xs)
    }
}

/// `(a: i1, b: i1) -> or(a, b)`: the reducer of an any().
fn or_reducer(f: &mut Func) -> Region {
    let t = TensorType::scalar(DType::I1);
    let (a, b, r) = (
        f.new_value(t.clone()),
        f.new_value(t.clone()),
        f.new_value(t),
    );
    Region {
        args: vec![a, b],
        ops: vec![Op {
            opcode: Opcode::Binary(BinaryOp::Or),
            operands: vec![a, b],
            results: vec![r],
            regions: vec![],
            loc: f.loc.clone(),
        }],
        yields: vec![r],
        yield_loc: f.loc.clone(),
    }
}

/// Values defined inside `regions` (arguments and results, nested ones too).
fn defined_in(regions: &[Region]) -> HashSet<ValueId> {
    let mut out = HashSet::new();
    for r in regions {
        out.extend(r.args.iter().copied());
        for op in &r.ops {
            out.extend(op.results.iter().copied());
            out.extend(defined_in(&op.regions));
        }
    }
    out
}

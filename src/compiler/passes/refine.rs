//! Shape refinement: a program with dynamic dimensions (`tensor<?x4xf32>`, what
//! `jax.export` writes for symbolic shapes) becomes the static program for one set of
//! input sizes, as `stablehlo-refine-shapes` / JAX's `refine_polymorphic_shapes` do.
//!
//! Given concrete types for the entry arguments (and the values of those arguments that
//! are known when compiling: the scalar dimension sizes old-style exports pass first),
//! one walk in program order gives every value its static type, folds the shape
//! arithmetic on known values (`get_dimension_size`, the integer ops computing shape
//! operands), turns each dynamic op into its static form, checks `@shape_assertion`s with
//! JAX's message and drops them. Ops that are not dynamic themselves get the result types
//! their verifier rules expect ([`verify::infer_result_types`]), so there is one source of
//! truth for each op's shape rule.
//!
//! A `real_dynamic_slice` whose start depends on data still has a static size when its
//! limit is that start plus a known value (`x[i : i + n]`, the shape JAX writes): the
//! start is recognised inside the limit by structure ([`Refiner::same_value`]), and the
//! slice becomes a `dynamic_slice` of that size (plus a strided `slice`), whose start is
//! clamped into the operand where the program's would leave it.
use std::collections::HashMap;

use crate::compiler::diag::Diagnostic;
use crate::compiler::eval;
use crate::compiler::ir::{
    BinaryOp, DType, DYN, DynOp, Func, Literal, Op, Opcode, Region, TensorType, ValueId,
    WindowAttrs,
};
use crate::compiler::passes::verify;

mod bounded;
pub use bounded::{BoundAssertion, BoundDim, BoundedFunc, Bounds, bound};

/// What is known about the entry arguments. Missing entries (or `None`) keep the
/// declared type, which must then be static / leave the value unknown.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    pub types: Vec<Option<TensorType>>,
    pub values: Vec<Option<Literal>>,
}

impl Inputs {
    /// Every argument's type and value known (the evaluator's case).
    pub fn from_literals(args: &[Literal]) -> Inputs {
        Inputs {
            types: args.iter().map(|l| Some(l.ty.clone())).collect(),
            values: args.iter().cloned().map(Some).collect(),
        }
    }
}

/// Results of at most this many elements are folded when their operands are known: shape
/// operands have one element per dimension.
const MAX_FOLDED_ELEMENTS: i64 = 64;

/// Whether `f` needs refinement before the static compiler can take it: a value with a
/// dynamic dimension or a dynamic-shape op.
pub fn needs_refinement(f: &Func) -> bool {
    region_is_dynamic(f, &f.body)
}

/// Values the region defines (not the whole value table: inlining leaves the callees'
/// parameters there, unused).
fn region_is_dynamic(f: &Func, r: &Region) -> bool {
    let dynamic = |v: &ValueId| f.values.get(v.index()).is_some_and(TensorType::is_dynamic);
    r.args.iter().any(dynamic)
        || r.ops.iter().any(|op| {
            matches!(op.opcode, Opcode::Dynamic(_))
                || op.results.iter().any(dynamic)
                || op.regions.iter().any(|r| region_is_dynamic(f, r))
        })
}

/// The static version of `f` (calls inlined) for the given inputs.
pub fn refine(f: &Func, inputs: &Inputs) -> Result<Func, Diagnostic> {
    let mut out = f.clone();
    let mut known = HashMap::new();
    let args = out.body.args.clone();
    for (i, &a) in args.iter().enumerate() {
        let declared = out.values[a.index()].clone();
        let given = match inputs.types.get(i).cloned().flatten() {
            Some(t) => {
                bind_arg(i, &declared, &t).map_err(|m| Diagnostic::at(&f.loc, m))?;
                t
            }
            None => declared,
        };
        if given.is_dynamic() {
            return Err(Diagnostic::at(
                &f.loc,
                format!(
                    "argument {i} of @{} has dynamic type {given}: give its size (`--dim`, or an input) or a bound (`--max-dim`)",
                    f.name
                ),
            ));
        }
        out.values[a.index()] = given;
        if let Some(v) = inputs.values.get(i).cloned().flatten() {
            known.insert(a, v);
        }
    }
    let mut body = std::mem::take(&mut out.body);
    let mut cx = Refiner {
        f: &mut out,
        known,
        defs: HashMap::new(),
        before: Vec::new(),
        bound: None,
    };
    cx.region(&mut body)?;
    out.body = body;
    // Values nothing defines any more (inlined callees' parameters) keep no dynamic
    // dimension for later passes to trip over.
    for t in &mut out.values {
        if t.is_dynamic() {
            let shape: Vec<i64> = t.shape.iter().map(|&d| d.max(0)).collect();
            *t = t.with_shape(shape);
        }
    }
    let results: Vec<TensorType> = out
        .body
        .yields
        .iter()
        .map(|v| out.values[v.index()].clone())
        .collect();
    for (i, (declared, got)) in out.result_types.iter().zip(&results).enumerate() {
        if !verify::fits(declared, got) {
            return Err(Diagnostic::at(
                &out.body.yield_loc,
                format!("result {i} is {got}, @{} declares {declared}", out.name),
            ));
        }
    }
    out.result_types = results;
    Ok(out)
}

/// Checks a given argument type against the declared one, naming the dimension that
/// contradicts it.
fn bind_arg(i: usize, declared: &TensorType, given: &TensorType) -> Result<(), String> {
    if declared.dtype != given.dtype || declared.quant != given.quant {
        return Err(format!(
            "argument {i} is {given}, the program takes {declared}"
        ));
    }
    if declared.rank() != given.rank() {
        return Err(format!(
            "argument {i} has rank {}, the program takes {declared}",
            given.rank()
        ));
    }
    for (d, (&want, &got)) in declared.shape.iter().zip(&given.shape).enumerate() {
        if want != DYN && want != got {
            return Err(format!(
                "argument {i} dimension {d} is {got}, the program declares {want} ({declared})"
            ));
        }
        if got < 0 {
            return Err(format!(
                "argument {i} dimension {d} has negative size {got}"
            ));
        }
    }
    Ok(())
}

struct Refiner<'f> {
    f: &'f mut Func,
    /// Values known at compile time (constants, dimension sizes, folded shape arithmetic).
    known: HashMap<ValueId, Literal>,
    /// The defining op of each refined value of a pure op without regions: (opcode,
    /// operands), to recognise one computation written twice.
    defs: HashMap<ValueId, (Opcode, Vec<ValueId>)>,
    /// Ops a rewrite adds before the op being refined.
    before: Vec<Op>,
    /// In bounded mode ([`bound`]): the actual sizes and what depends on them.
    bound: Option<bounded::BoundState>,
}

/// How deep [`Refiner::same_value`] compares two computations.
const SAME_VALUE_DEPTH: usize = 12;

impl Refiner<'_> {
    fn ty(&self, v: ValueId) -> TensorType {
        self.f.values[v.index()].clone()
    }

    fn region(&mut self, r: &mut Region) -> Result<(), Diagnostic> {
        let ops = std::mem::take(&mut r.ops);
        let mut kept = Vec::with_capacity(ops.len());
        for mut op in ops {
            let keep = self.op(&mut op)?;
            kept.append(&mut self.before);
            if keep {
                kept.push(op);
            }
        }
        r.ops = kept;
        Ok(())
    }

    /// Refines one op in place; false when the op goes (a shape assertion that holds).
    fn op(&mut self, op: &mut Op) -> Result<bool, Diagnostic> {
        let name = op.opcode.name();
        let loc = op.loc.clone();
        let err = |m: String| Diagnostic::at(&loc, format!("'{name}' {m}"));
        let operand_types: Vec<TensorType> = op.operands.iter().map(|&v| self.ty(v)).collect();
        let declared: Vec<TensorType> = op.results.iter().map(|&v| self.ty(v)).collect();
        if matches!(op.opcode, Opcode::While) {
            // Loop-carried values keep their types (and sizes) through the loop.
            for r in &op.regions {
                for (&a, t) in r.args.iter().zip(&operand_types) {
                    self.f.values[a.index()] = t.clone();
                }
                if self.bound.is_some() {
                    self.carry_sizes(&op.operands, &r.args);
                }
            }
        }
        for r in &mut op.regions {
            for &a in &r.args {
                if self.f.values[a.index()].is_dynamic() {
                    return Err(err(format!(
                        "region argument %{} has dynamic type {}",
                        a.0,
                        self.f.values[a.index()]
                    )));
                }
            }
            self.enter_region();
            self.region(r)?;
            self.leave_region();
        }
        let mut presized = None;
        if let Opcode::Dynamic(d) = &op.opcode {
            let d = d.clone();
            let handled = match self.bound {
                Some(_) => {
                    (self.bounded_dynamic_op(op, &d, &operand_types, &mut presized)).map_err(err)?
                }
                None => None,
            };
            match handled {
                Some(false) => return Ok(false),
                Some(true) => {}
                None => {
                    if !self.dynamic_op(op, &d, &operand_types).map_err(err)? {
                        return Ok(false);
                    }
                }
            }
        }
        let operand_types: Vec<TensorType> = op.operands.iter().map(|&v| self.ty(v)).collect();
        self.static_shape_rules(op, &operand_types);
        if op.results.iter().any(|&v| self.ty(v).is_dynamic()) {
            let res = verify::infer_result_types(self.f, op, &operand_types).map_err(err)?;
            for (&v, t) in op.results.iter().zip(res) {
                self.f.values[v.index()] = t;
            }
        }
        if self.bound.is_some() {
            self.bounded_op(op, &declared, presized).map_err(err)?;
        }
        self.fold(op);
        if op.opcode.is_pure() && op.regions.is_empty() && op.results.len() == 1 {
            (self.defs).insert(op.results[0], (op.opcode.clone(), op.operands.clone()));
        }
        Ok(true)
    }

    /// Whether `a` and `b` hold the same value: one value, equal known values, or the
    /// same pure op of the same values (up to [`SAME_VALUE_DEPTH`] ops deep).
    fn same_value(&self, a: ValueId, b: ValueId, depth: usize) -> bool {
        if a == b {
            return true;
        }
        if let (Some(x), Some(y)) = (self.known.get(&a), self.known.get(&b)) {
            return x == y;
        }
        let (Some((oa, xa)), Some((ob, xb))) = (self.defs.get(&a), self.defs.get(&b)) else {
            return false;
        };
        depth > 0
            && oa == ob
            && xa.len() == xb.len()
            && self.ty(a) == self.ty(b)
            && xa
                .iter()
                .zip(xb)
                .all(|(&x, &y)| self.same_value(x, y, depth - 1))
    }

    /// `limit - start` when it is known although `start` may not be: both known, or
    /// `limit = start + n` (either order) with `n` known.
    fn known_difference(&self, limit: ValueId, start: ValueId) -> Option<Vec<i64>> {
        if let (Some(l), Some(s)) = (self.known.get(&limit), self.known.get(&start)) {
            let (l, s) = (literal_ints(l), literal_ints(s));
            return Some(l.iter().zip(&s).map(|(l, s)| l - s).collect());
        }
        match self.defs.get(&limit)? {
            (Opcode::Binary(BinaryOp::Add), x) if x.len() == 2 => [(x[0], x[1]), (x[1], x[0])]
                .into_iter()
                .find(|&(s, _)| self.same_value(s, start, SAME_VALUE_DEPTH))
                .and_then(|(_, n)| self.known.get(&n))
                .map(literal_ints),
            _ => None,
        }
    }

    /// Rewrites `op` (`real_dynamic_slice(operand, start, limit, strides)` whose start is
    /// not known) into `dynamic_slice(operand, start[0], ..)` of the known span, then a
    /// strided `slice` of that where a stride is not 1.
    fn slice_from_unknown_start(&mut self, op: &mut Op, ops: &[TensorType]) -> Result<(), String> {
        let strides = self.ints(op, 3)?;
        let span = self
            .known_difference(op.operands[2], op.operands[1])
            .ok_or_else(|| {
                format!(
                    "operand 1 (%{}) is not known at compile time and operand 2 (%{}) is not it plus a known size, so the shape cannot be made static",
                    op.operands[1].0, op.operands[2].0
                )
            })?;
        let (operand, start) = (&ops[0], &ops[1]);
        if span.len() != operand.rank() || strides.len() != operand.rank() {
            return Err(format!(
                "has {} limits and {} strides for an operand of rank {}",
                span.len(),
                strides.len(),
                operand.rank()
            ));
        }
        if let Some(d) =
            (0..span.len()).find(|&d| span[d] < 0 || span[d] > operand.shape[d] || strides[d] < 1)
        {
            return Err(format!(
                "dimension {d}: limit - start is {} and stride {} for a dimension of {}",
                span[d], strides[d], operand.shape[d]
            ));
        }
        let index = TensorType::new(start.dtype, vec![]);
        let mut indices = Vec::with_capacity(span.len());
        for d in 0..span.len() as i64 {
            let one = self.f.new_value(TensorType::new(start.dtype, vec![1]));
            let scalar = self.f.new_value(index.clone());
            self.before.push(Op {
                opcode: Opcode::Slice {
                    start: vec![d],
                    limit: vec![d + 1],
                    strides: vec![1],
                },
                operands: vec![op.operands[1]],
                results: vec![one],
                regions: vec![],
                loc: op.loc.clone(),
            });
            self.before.push(Op {
                opcode: Opcode::Reshape,
                operands: vec![one],
                results: vec![scalar],
                regions: vec![],
                loc: op.loc.clone(),
            });
            indices.push(scalar);
        }
        let sliced = operand.with_shape(span.clone());
        let mut operands = vec![op.operands[0]];
        operands.extend(indices);
        if strides.iter().all(|&s| s == 1) {
            self.set_result(op, sliced)?;
            op.opcode = Opcode::DynamicSlice { slice_sizes: span };
            op.operands = operands;
            return Ok(());
        }
        let window = self.f.new_value(sliced);
        self.before.push(Op {
            opcode: Opcode::DynamicSlice {
                slice_sizes: span.clone(),
            },
            operands,
            results: vec![window],
            regions: vec![],
            loc: op.loc.clone(),
        });
        let shape: Vec<i64> = span
            .iter()
            .zip(&strides)
            .map(|(&n, &s)| (n + s - 1) / s)
            .collect();
        self.set_result(op, operand.with_shape(shape))?;
        op.opcode = Opcode::Slice {
            start: vec![0; span.len()],
            limit: span,
            strides,
        };
        op.operands = vec![window];
        Ok(())
    }

    /// Result shapes of the static ops whose verifier rules compare dimensions one by one
    /// rather than compute the result type: `reshape` (one dynamic dimension takes what
    /// the others leave), `bitcast_convert` and `broadcast_in_dim` (a dynamic dimension is
    /// the operand's). The verifier checks the result afterwards.
    fn static_shape_rules(&mut self, op: &Op, ops: &[TensorType]) {
        let (Some(&r), Some(x)) = (op.results.first(), ops.first()) else {
            return;
        };
        let declared = self.ty(r);
        if !declared.is_dynamic() {
            return;
        }
        let mut shape = declared.shape.clone();
        match &op.opcode {
            Opcode::Reshape if shape.iter().filter(|&&d| d == DYN).count() == 1 => {
                let rest: i64 = shape.iter().filter(|&&d| d != DYN).product();
                if rest == 0 || x.num_elements() % rest != 0 {
                    return;
                }
                for d in &mut shape {
                    if *d == DYN {
                        *d = x.num_elements() / rest;
                    }
                }
            }
            Opcode::BitcastConvert => {
                // The operand's shape, with the element-count dimension of a change of
                // width added or removed.
                let (a, b) = (x.dtype.bits(), declared.dtype.bits());
                shape = x.shape.clone();
                if a > b && b > 0 {
                    shape.push(i64::from(a / b));
                } else if a < b {
                    shape.pop();
                }
            }
            Opcode::BroadcastInDim {
                broadcast_dimensions,
            } => {
                for (i, &d) in broadcast_dimensions.iter().enumerate() {
                    if let (Some(slot), Some(&size)) = (
                        usize::try_from(d).ok().and_then(|d| shape.get_mut(d)),
                        x.shape.get(i),
                    ) && *slot == DYN
                    {
                        *slot = size;
                    }
                }
            }
            _ => return,
        }
        if !shape.contains(&DYN) {
            self.f.values[r.index()] = declared.with_shape(shape);
        }
    }

    /// Folds an op whose operands are known and whose results are small.
    fn fold(&mut self, op: &Op) {
        if let Opcode::Constant(l) = &op.opcode {
            if l.ty.num_elements() <= MAX_FOLDED_ELEMENTS {
                self.known.insert(op.results[0], l.clone());
            }
            return;
        }
        if !op.opcode.is_pure()
            || !op.regions.is_empty()
            || op
                .results
                .iter()
                .any(|&v| self.ty(v).num_elements() > MAX_FOLDED_ELEMENTS)
        {
            return;
        }
        let Some(args) = op
            .operands
            .iter()
            .map(|v| self.known.get(v).cloned())
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        // An op the evaluator cannot fold stays unknown; only shape operands need values.
        if let Ok(out) = eval::eval_op(self.f, op, &args) {
            for (&v, l) in op.results.iter().zip(out) {
                self.known.insert(v, l);
            }
        }
    }

    /// The integer values of a shape operand.
    fn ints(&self, op: &Op, i: usize) -> Result<Vec<i64>, String> {
        let v = op.operands[i];
        let l = self.known.get(&v).ok_or_else(|| {
            format!("operand {i} (%{}) is not known at compile time, so the shape cannot be made static", v.0)
        })?;
        Ok(literal_ints(l))
    }

    fn set_result(&mut self, op: &Op, t: TensorType) -> Result<(), String> {
        let r = op.results[0];
        let declared = self.ty(r);
        if !verify::fits(&declared, &t) {
            return Err(format!("result is {t}, the program declares {declared}"));
        }
        self.f.values[r.index()] = t;
        Ok(())
    }

    /// Rewrites a dynamic-shape op into its static form; false for an assertion that goes.
    fn dynamic_op(&mut self, op: &mut Op, d: &DynOp, ops: &[TensorType]) -> Result<bool, String> {
        let rank_of = |i: usize| ops.get(i).map_or(0, TensorType::rank);
        match d {
            DynOp::GetDimensionSize { dimension } => {
                let size = usize::try_from(*dimension)
                    .ok()
                    .and_then(|d| ops.first()?.shape.get(d).copied())
                    .ok_or_else(|| format!("dimension {dimension} is out of range"))?;
                let ty = self.ty(op.results[0]);
                let lit = eval::literal_from_i128(ty, &[i128::from(size)]);
                op.opcode = Opcode::Constant(lit);
                op.operands.clear();
            }
            DynOp::SetDimensionSize { dimension } => {
                let size = self.ints(op, 1)?;
                let have = usize::try_from(*dimension)
                    .ok()
                    .and_then(|d| ops.first()?.shape.get(d).copied())
                    .ok_or_else(|| format!("dimension {dimension} is out of range"))?;
                if size.first() != Some(&have) {
                    return Err(format!(
                        "sets dimension {dimension} to {size:?}, but it is {have}"
                    ));
                }
                // The operand as it is: a reshape to its own shape.
                self.set_result(op, ops[0].clone())?;
                op.opcode = Opcode::Reshape;
                op.operands.truncate(1);
            }
            DynOp::BroadcastInDim {
                broadcast_dimensions,
            } => {
                let shape = self.ints(op, 1)?;
                let t = ops[0].with_shape(shape);
                self.set_result(op, t)?;
                op.opcode = Opcode::BroadcastInDim {
                    broadcast_dimensions: broadcast_dimensions.clone(),
                };
                op.operands.truncate(1);
            }
            DynOp::Reshape => {
                let shape = self.ints(op, 1)?;
                let t = ops[0].with_shape(shape);
                self.set_result(op, t)?;
                op.opcode = Opcode::Reshape;
                op.operands.truncate(1);
            }
            DynOp::Iota { dimension } => {
                let shape = self.ints(op, 0)?;
                let t = self.ty(op.results[0]).with_shape(shape);
                self.set_result(op, t)?;
                op.opcode = Opcode::Iota {
                    dimension: *dimension,
                };
                op.operands.clear();
            }
            DynOp::Slice if !self.known.contains_key(&op.operands[1]) => {
                self.slice_from_unknown_start(op, ops)?;
            }
            DynOp::Slice => {
                let (start, limit, strides) =
                    (self.ints(op, 1)?, self.ints(op, 2)?, self.ints(op, 3)?);
                op.opcode = Opcode::Slice {
                    start,
                    limit,
                    strides,
                };
                op.operands.truncate(1);
            }
            DynOp::Pad => {
                let (low, high, interior) =
                    (self.ints(op, 2)?, self.ints(op, 3)?, self.ints(op, 4)?);
                op.opcode = Opcode::Pad {
                    low,
                    high,
                    interior,
                };
                op.operands.truncate(2);
            }
            DynOp::Gather(g) => {
                let mut g = g.clone();
                g.slice_sizes = self.ints(op, 2)?;
                op.opcode = Opcode::Gather(g);
                op.operands.truncate(2);
            }
            DynOp::Conv(c) => {
                let spatial = rank_of(0).saturating_sub(2);
                let mut c = c.clone();
                c.padding = padding_pairs(self.ints(op, 2)?, spatial, "spatial dimension")?;
                op.opcode = Opcode::Convolution(c);
                op.operands.truncate(2);
            }
            DynOp::ReduceWindow { body } => {
                let n = (ops.len() - 5) / 2;
                let padding = padding_pairs(self.ints(op, 2 * n + 4)?, rank_of(0), "dimension")?;
                if op.regions.len() != 1 {
                    return Err(format!("has no reducer: @{body} was not inlined"));
                }
                op.opcode = Opcode::ReduceWindow(Box::new(WindowAttrs {
                    window_dimensions: self.ints(op, 2 * n)?,
                    window_strides: self.ints(op, 2 * n + 1)?,
                    base_dilations: self.ints(op, 2 * n + 2)?,
                    window_dilations: self.ints(op, 2 * n + 3)?,
                    padding,
                }));
                op.operands.truncate(2 * n);
            }
            DynOp::ShapeAssertion { message } => {
                let pred = self.ints(op, 0).map_err(|_| {
                    "cannot be checked at compile time: its condition depends on values not known when compiling".to_string()
                })?;
                let dims = (1..op.operands.len())
                    .map(|i| self.ints(op, i).map(|v| v.first().copied().unwrap_or(0)))
                    .collect::<Result<Vec<_>, _>>()?;
                if pred.first() == Some(&0) {
                    return Err(format!(
                        "failed: {}",
                        shape_assertion_message(message, &dims)
                    ));
                }
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// A padding operand's `[dims, 2]` values as (low, high) pairs, one per `what`.
fn padding_pairs(flat: Vec<i64>, dims: usize, what: &str) -> Result<Vec<(i64, i64)>, String> {
    if flat.len() != 2 * dims {
        return Err(format!(
            "padding has {} entries, expected {} (2 per {what})",
            flat.len(),
            2 * dims
        ));
    }
    Ok(flat.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// JAX's message of a failing shape assertion: `{i}` replaced by the i-th dimension value.
pub fn shape_assertion_message(message: &str, dims: &[i64]) -> String {
    let mut out = message.to_string();
    for (i, d) in dims.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), &d.to_string());
    }
    out
}

/// The elements of an integer (or i1) literal as i64.
pub fn literal_ints(l: &Literal) -> Vec<i64> {
    let bits = l.ty.dtype.bits();
    let n = l.bytes.len() / l.ty.dtype.size().max(1);
    (0..n)
        .map(|i| {
            let b = l.element_bits(i);
            if l.ty.dtype.is_signed_int() && bits < 64 {
                let shift = 64 - bits;
                ((b << shift) as i64) >> shift
            } else {
                b as i64
            }
        })
        .collect()
}

/// Symbolic dimension names JAX records in its shape assertion messages
/// (`'b' = {0} from specification 'b' for dimension args[0].shape[0]`): name, argument
/// and dimension of the entry function, for `--dim b=8`.
pub fn symbolic_dims(f: &Func) -> Vec<(String, usize, usize)> {
    let mut out: Vec<(String, usize, usize)> = Vec::new();
    let mut visit = |message: &str| {
        // `Using the following polymorphic shapes specifications: args[0].shape = (n, 5),
        // args[1].shape = (n, 5).`: every dimension written as a plain name.
        let mut rest = message;
        while let Some(at) = rest.find("args[") {
            rest = &rest[at + "args[".len()..];
            let Some(close) = rest.find("].shape = (") else {
                continue;
            };
            let Ok(arg) = rest[..close].parse::<usize>() else {
                continue;
            };
            let spec = &rest[close + "].shape = (".len()..];
            let Some(end) = spec.find(')') else {
                continue;
            };
            for (dim, name) in spec[..end].split(',').map(str::trim).enumerate() {
                let plain = name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphabetic() || c == '_')
                    && name.chars().all(|c| c.is_alphanumeric() || c == '_');
                if plain
                    && !out
                        .iter()
                        .any(|(n, a, d)| n == name && *a == arg && *d == dim)
                {
                    out.push((name.to_string(), arg, dim));
                }
            }
        }
        let mut rest = message;
        while let Some(at) = rest.find(" from specification ") {
            let before = &rest[..at];
            let after = &rest[at..];
            rest = &rest[at + 1..];
            // `'name' = {k}` ends `before`.
            let Some(eq) = before.rfind("' = ") else {
                continue;
            };
            let Some(open) = before[..eq].rfind('\'') else {
                continue;
            };
            let name = &before[open + 1..eq];
            let Some(spec) = after.find("for dimension args[") else {
                continue;
            };
            let tail = &after[spec + "for dimension args[".len()..];
            let parse = |s: &str, end: char| -> Option<(usize, usize)> {
                let e = s.find(end)?;
                Some((s[..e].parse().ok()?, e))
            };
            let Some((arg, e)) = parse(tail, ']') else {
                continue;
            };
            let Some(dim_text) = tail[e..].strip_prefix("].shape[") else {
                continue;
            };
            let Some((dim, _)) = parse(dim_text, ']') else {
                continue;
            };
            if !name.is_empty()
                && !name.contains(' ')
                && !out
                    .iter()
                    .any(|(n, a, d)| n == name && *a == arg && *d == dim)
            {
                out.push((name.to_string(), arg, dim));
            }
        }
    };
    fn walk(r: &Region, visit: &mut dyn FnMut(&str)) {
        for op in &r.ops {
            if let Opcode::Dynamic(DynOp::ShapeAssertion { message }) = &op.opcode {
                visit(message);
            }
            for r in &op.regions {
                walk(r, visit);
            }
        }
    }
    walk(&f.body, &mut visit);
    out
}

/// The inputs for the named symbolic dimensions (`b=8`): every dimension JAX's shape
/// assertion messages bind to a name. A program without such messages (old-style exports)
/// takes exactly one size, for every dynamic dimension and for the leading scalar integer
/// arguments that carry dimension sizes. Errors name what stays dynamic.
pub fn inputs_for_dims(f: &Func, dims: &[(String, i64)]) -> Result<Inputs, String> {
    let mut types = f.param_types();
    let named = symbolic_dims(f);
    for (name, size) in dims {
        let mut used = false;
        for (n, arg, dim) in &named {
            if n == name
                && let Some(t) = types.get_mut(*arg)
                && let Some(d) = t.shape.get_mut(*dim)
            {
                *d = *size;
                used = true;
            }
        }
        if !used && !named.is_empty() {
            let names: Vec<&str> = named.iter().map(|(n, ..)| n.as_str()).collect();
            return Err(format!(
                "the program has no symbolic dimension '{name}' (it has: {})",
                names.join(", ")
            ));
        }
    }
    let mut values = vec![None; types.len()];
    if named.is_empty() && dims.len() == 1 {
        // No names recorded: one given size stands for every dynamic dimension.
        let size = dims[0].1;
        for t in &mut types {
            for d in &mut t.shape {
                if *d == DYN {
                    *d = size;
                }
            }
        }
        for (t, v) in types.iter().zip(&mut values) {
            if !is_dimension_arg(t) {
                break;
            }
            *v = Some(eval::literal_from_i128(t.clone(), &[i128::from(size)]));
        }
    } else if named.is_empty() && dims.len() > 1 {
        return Err(
            "the program names no symbolic dimensions: give one --dim for all its dynamic dimensions"
                .to_string(),
        );
    }
    for (i, t) in types.iter().enumerate() {
        if let Some(d) = t.shape.iter().position(|&d| d == DYN) {
            return Err(format!(
                "argument {i} ({t}) dimension {d} is dynamic: give its size with --dim NAME=SIZE"
            ));
        }
    }
    Ok(Inputs {
        types: types.into_iter().map(Some).collect(),
        values,
    })
}

/// Whether `t` is a scalar integer: what old-style exports pass dimension sizes as.
pub fn is_dimension_arg(t: &TensorType) -> bool {
    t.rank() == 0 && (t.dtype.is_signed_int() || t.dtype.is_unsigned_int()) && t.dtype != DType::I1
}

#[cfg(test)]
mod tests;

#[cfg(test)]
#[path = "refine/bounded_tests.rs"]
mod bounded_tests;

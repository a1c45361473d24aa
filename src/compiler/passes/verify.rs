//! Checks SSA form and the shapes and types of every op against StableHLO's type
//! inference rules. Malformed IR of any kind gives a diagnostic, never a panic.
use std::cell::RefCell;
use std::collections::HashSet;

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{
    BinaryOp, Collective, CollectiveKind, CompareType, DType, DYN, DynOp, Func, Module, Op, Opcode,
    Region, TensorType, UnaryOp, ValueId,
};

mod quant;
pub(crate) mod shapes;

pub(crate) use quant::result_axis;

pub fn verify_module(m: &Module) -> Result<(), Diagnostic> {
    verify_module_with(m, false)
}

/// [`verify_module`] for a program that may have dynamic dimensions (before shape
/// refinement): SSA form, counts and shape operands of dynamic ops; an op with a dynamic
/// type gets its shape rules checked after refinement.
pub fn verify_module_dynamic(m: &Module) -> Result<(), Diagnostic> {
    verify_module_with(m, true)
}

fn verify_module_with(m: &Module, dynamic: bool) -> Result<(), Diagnostic> {
    let mut names = HashSet::new();
    for f in &m.funcs {
        if !names.insert(f.name.as_str()) {
            return Err(Diagnostic::at(
                &f.loc,
                format!("function @{} is defined twice", f.name),
            ));
        }
    }
    for f in &m.funcs {
        let mut v = Verifier::new(f, Some(m));
        v.dynamic = dynamic;
        v.run()?;
    }
    Ok(())
}

/// Verifies one function on its own; a `func.call` is an error here (calls are inlined).
pub fn verify_func(f: &Func) -> Result<(), Diagnostic> {
    Verifier::new(f, None).run()
}

struct Verifier<'a> {
    f: &'a Func,
    module: Option<&'a Module>,
    /// Values currently in scope.
    visible: Vec<bool>,
    /// Values defined anywhere so far (each value has one definition).
    defined: Vec<bool>,
    /// Shape inference ([`infer_result_types`]): where the rules record the result types
    /// they expect for results with dynamic dimensions.
    infer: Option<&'a RefCell<Vec<Option<TensorType>>>>,
    /// Dynamic dimensions are allowed ([`verify_module_dynamic`]).
    dynamic: bool,
}

type Check = Result<(), String>;

macro_rules! bail {
    ($($t:tt)*) => { return Err(format!($($t)*)) };
}

impl<'a> Verifier<'a> {
    fn new(f: &'a Func, module: Option<&'a Module>) -> Self {
        Verifier {
            f,
            module,
            visible: vec![false; f.values.len()],
            defined: vec![false; f.values.len()],
            infer: None,
            dynamic: false,
        }
    }

    fn run(mut self) -> Result<(), Diagnostic> {
        let f = self.f;
        let err = |m: String| Diagnostic::at(&f.loc, format!("function @{}: {m}", f.name));
        for (i, t) in f.result_types.iter().enumerate() {
            check_type_with(t, self.dynamic)
                .map_err(|m| err(format!("result {i} type {t}: {m}")))?;
        }
        let mut scope = Vec::new();
        for (i, &a) in f.body.args.iter().enumerate() {
            self.define(a, &mut scope)
                .map_err(|m| err(format!("argument {i}: {m}")))?;
        }
        self.region_body(&f.body, &mut scope, "func.return")?;
        let yields = yield_types(f, &f.body)
            .map_err(|m| Diagnostic::at(&f.body.yield_loc, format!("'func.return' {m}")))?;
        if yields != f.result_types {
            return Err(Diagnostic::at(
                &f.body.yield_loc,
                format!(
                    "'func.return' returns ({}) but @{} declares results ({})",
                    list(&yields),
                    f.name,
                    list(&f.result_types)
                ),
            ));
        }
        Ok(())
    }

    fn define(&mut self, v: ValueId, scope: &mut Vec<ValueId>) -> Check {
        let Some(t) = self.f.values.get(v.index()) else {
            bail!(
                "value %{} is out of range ({} values)",
                v.0,
                self.f.values.len()
            );
        };
        if self.defined[v.index()] {
            bail!("value %{} is defined more than once", v.0);
        }
        check_type_with(t, self.dynamic).map_err(|m| format!("value %{} of type {t}: {m}", v.0))?;
        self.defined[v.index()] = true;
        self.visible[v.index()] = true;
        scope.push(v);
        Ok(())
    }

    fn use_ok(&self, v: ValueId) -> Check {
        match self.visible.get(v.index()) {
            None => bail!(
                "uses value %{} which is out of range ({} values)",
                v.0,
                self.f.values.len()
            ),
            Some(false) => bail!(
                "uses value %{} before its definition or out of its scope",
                v.0
            ),
            Some(true) => Ok(()),
        }
    }

    /// Verifies the ops of a region whose arguments are already defined.
    fn region_body(
        &mut self,
        r: &Region,
        scope: &mut Vec<ValueId>,
        terminator: &str,
    ) -> Result<(), Diagnostic> {
        for op in &r.ops {
            let at = |m: String| Diagnostic::at(&op.loc, format!("'{}' {m}", op.opcode.name()));
            for &v in &op.operands {
                self.use_ok(v).map_err(at)?;
            }
            for sub in &op.regions {
                let mut inner = Vec::new();
                for &a in &sub.args {
                    self.define(a, &mut inner)
                        .map_err(|m| at(format!("region argument: {m}")))?;
                }
                self.region_body(sub, &mut inner, "stablehlo.return")?;
                for v in inner {
                    self.visible[v.index()] = false;
                }
            }
            self.check_op(op).map_err(at)?;
            for &v in &op.results {
                self.define(v, scope)
                    .map_err(|m| at(format!("result: {m}")))?;
            }
        }
        for &y in &r.yields {
            self.use_ok(y)
                .map_err(|m| Diagnostic::at(&r.yield_loc, format!("'{terminator}' {m}")))?;
        }
        Ok(())
    }

    /// Type of a value; callers have checked that it is in range.
    fn ty(&self, v: ValueId) -> &'a TensorType {
        &self.f.values[v.index()]
    }

    fn types(&self, vs: &[ValueId]) -> Vec<TensorType> {
        vs.iter().map(|&v| self.ty(v).clone()).collect()
    }

    fn check_op(&self, op: &Op) -> Check {
        // Result values and types are checked before the op's rules look at them.
        for &v in &op.results {
            let Some(t) = self.f.values.get(v.index()) else {
                bail!(
                    "result %{} is out of range ({} values)",
                    v.0,
                    self.f.values.len()
                );
            };
            check_type_with(t, self.dynamic)
                .map_err(|m| format!("result %{} of type {t}: {m}", v.0))?;
        }
        let ops = self.types(&op.operands);
        let res = self.types(&op.results);
        if matches!(op.opcode, Opcode::Dynamic(_))
            || ops.iter().chain(&res).any(TensorType::is_dynamic)
        {
            return check_dynamic(op, &ops, &res);
        }
        self.check_op_with(op, &ops, &res)
    }

    fn check_op_with(&self, op: &Op, ops: &[TensorType], res: &[TensorType]) -> Check {
        if quant::applies(op, ops, res) {
            // The ordinary rules on the types the op computes with, then quantization's.
            let view = |ts: &[TensorType]| -> Vec<TensorType> {
                ts.iter()
                    .map(|t| quant::generic_view(&op.opcode, t))
                    .collect()
            };
            self.check_op_viewed(op, &view(ops), &view(res), true)?;
            return quant::check(self.f, op, ops, res);
        }
        self.check_op_viewed(op, ops, res, false)
    }

    /// The ordinary rules; `quant_view`: the types are [`quant::generic_view`]s, and so
    /// must region types be.
    fn check_op_viewed(
        &self,
        op: &Op,
        ops: &[TensorType],
        res: &[TensorType],
        quant_view: bool,
    ) -> Check {
        let want_regions = match &op.opcode {
            Opcode::Reduce { .. } | Opcode::ReduceWindow(_) | Opcode::Sort { .. } => Some(1),
            Opcode::Scatter(_) => Some(1),
            Opcode::SelectAndScatter { .. } | Opcode::While | Opcode::If => Some(2),
            Opcode::Case | Opcode::CustomCall { .. } | Opcode::Check { .. } => None,
            Opcode::Collective(c) => Some(c.has_reducer() as usize),
            _ => Some(0),
        };
        if let Some(n) = want_regions
            && op.regions.len() != n
        {
            bail!("expects {n} regions, got {}", op.regions.len());
        }
        let c = OpCtx {
            f: self.f,
            module: self.module,
            op,
            ops,
            res,
            quant_view,
            infer: self.infer,
        };
        c.check()
    }
}

/// The operand and result types of one op, with helpers for its checks.
struct OpCtx<'v> {
    f: &'v Func,
    module: Option<&'v Module>,
    op: &'v Op,
    ops: &'v [TensorType],
    res: &'v [TensorType],
    /// Types are seen through [`quant::generic_view`] (region types too).
    quant_view: bool,
    infer: Option<&'v RefCell<Vec<Option<TensorType>>>>,
}

/// An op with dynamic shapes: its operand counts and the types of its shape operands.
/// The op's shape rules apply once refinement has made its shapes static.
fn check_dynamic(op: &Op, ops: &[TensorType], res: &[TensorType]) -> Check {
    let Opcode::Dynamic(d) = &op.opcode else {
        return Ok(());
    };
    let (n_ops, shape_ops): (usize, &[usize]) = match d {
        DynOp::GetDimensionSize { .. } => (1, &[]),
        DynOp::SetDimensionSize { .. } => (2, &[]),
        DynOp::BroadcastInDim { .. } | DynOp::Reshape => (2, &[1]),
        DynOp::Iota { .. } => (1, &[0]),
        DynOp::Slice => (4, &[1, 2, 3]),
        DynOp::Pad => (5, &[2, 3, 4]),
        DynOp::Gather(_) => (3, &[2]),
        DynOp::Conv(_) => (3, &[]),
        DynOp::ReduceWindow { .. } => {
            let n = ops.len().saturating_sub(5) / 2;
            if n == 0 || ops.len() != 2 * n + 5 {
                bail!(
                    "expects inputs, as many init values and 5 window operands, got {} operands",
                    ops.len()
                );
            }
            if res.len() != n {
                bail!("expects {n} results (one per input), got {}", res.len());
            }
            for (i, t) in ops.iter().enumerate().skip(2 * n) {
                let rank = if i == 2 * n + 4 { 2 } else { 1 };
                if t.rank() != rank || !is_integer(t.dtype) || t.is_dynamic() {
                    bail!("operand {i} must be a {rank}-D integer tensor, got {t}");
                }
            }
            return Ok(());
        }
        DynOp::ShapeAssertion { .. } => {
            if ops
                .first()
                .is_none_or(|t| t.dtype != DType::I1 || t.rank() != 0)
            {
                bail!("the first operand must be tensor<i1>");
            }
            if !res.is_empty() {
                bail!("has no results");
            }
            return Ok(());
        }
    };
    if ops.len() != n_ops {
        bail!("expects {n_ops} operands, got {}", ops.len());
    }
    if res.len() != 1 {
        bail!("expects 1 result, got {}", res.len());
    }
    for &i in shape_ops {
        if ops[i].rank() != 1 || !is_integer(ops[i].dtype) || ops[i].is_dynamic() {
            bail!("operand {i} must be a 1-D integer tensor, got {}", ops[i]);
        }
    }
    Ok(())
}

fn list(ts: &[TensorType]) -> String {
    ts.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Dimensions are non-negative and the element count (and byte size) fits in an i64.
pub(crate) fn check_type(t: &TensorType) -> Check {
    check_type_with(t, false)
}

/// [`check_type`], with [`DYN`] dimensions allowed where `dynamic`.
fn check_type_with(t: &TensorType, dynamic: bool) -> Check {
    let mut n: i64 = 1;
    for &d in t.shape.iter().filter(|&&d| !(dynamic && d == DYN)) {
        if d < 0 {
            bail!("negative dimension {d}");
        }
        n = n
            .checked_mul(d)
            .ok_or_else(|| "element count overflows".to_string())?;
    }
    n.checked_mul(t.dtype.size() as i64)
        .ok_or_else(|| "byte size overflows".to_string())?;
    if let Some(q) = &t.quant {
        if q.storage != t.dtype {
            bail!(
                "element type {} is not the storage type {}",
                t.dtype,
                q.storage
            );
        }
        q.check()?;
        q.check_for_shape(&t.shape)?;
    }
    Ok(())
}

/// `dims` are distinct and each in `0..rank`.
pub(crate) fn check_dims(what: &str, dims: &[i64], rank: usize) -> Check {
    let mut seen = HashSet::new();
    for &d in dims {
        if d < 0 || d as u64 >= rank as u64 {
            bail!("{what} {d} is out of range for rank {rank}");
        }
        if !seen.insert(d) {
            bail!("{what} {d} appears twice");
        }
    }
    Ok(())
}

fn check_sorted(what: &str, dims: &[i64]) -> Check {
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        bail!("{what} {dims:?} must be sorted");
    }
    Ok(())
}

fn check_len(what: &str, len: usize, want: usize) -> Check {
    if len != want {
        bail!("{what} has {len} entries, expected {want}");
    }
    Ok(())
}

/// Integer types in the spec's sense (`i1` is the boolean type, not an integer).
fn is_integer(d: DType) -> bool {
    d.is_signed_int() || d.is_unsigned_int()
}

impl OpCtx<'_> {
    fn n_operands(&self, n: usize) -> Check {
        if self.ops.len() != n {
            bail!("expects {n} operands, got {}", self.ops.len());
        }
        Ok(())
    }

    fn n_results(&self, n: usize) -> Check {
        if self.res.len() != n {
            bail!("expects {n} results, got {}", self.res.len());
        }
        Ok(())
    }

    fn counts(&self, operands: usize, results: usize) -> Check {
        self.n_operands(operands)?;
        self.n_results(results)
    }

    fn result_is(&self, i: usize, want: &TensorType) -> Check {
        if let Some(slots) = self.infer
            && self.res[i].is_dynamic()
        {
            if !fits(&self.res[i], want) {
                bail!("result {i} has type {}, expected {want}", self.res[i]);
            }
            slots.borrow_mut()[i] = Some(want.clone());
            return Ok(());
        }
        if &self.res[i] != want {
            bail!("result {i} has type {}, expected {want}", self.res[i]);
        }
        Ok(())
    }

    /// Result 0 has `shape` (its element type is checked apart).
    fn result_shape_is(&self, shape: Vec<i64>) -> Check {
        if self.infer.is_some() && self.res[0].is_dynamic() {
            return self.result_is(0, &self.res[0].with_shape(shape));
        }
        if self.res[0].shape != shape {
            bail!("result {} must have shape {shape:?}", self.res[0]);
        }
        Ok(())
    }

    /// Checks a region's arguments and yields against the given types.
    fn region_sig(&self, idx: usize, args: &[TensorType], yields: &[TensorType]) -> Check {
        let r = &self.op.regions[idx];
        let view = |ts: Vec<TensorType>| -> Vec<TensorType> {
            if !self.quant_view {
                return ts;
            }
            ts.iter()
                .map(|t| quant::generic_view(&self.op.opcode, t))
                .collect()
        };
        let got_args = view(types_in(self.f, &r.args)?);
        if got_args != args {
            bail!(
                "region {idx} takes ({}), expected ({})",
                list(&got_args),
                list(args)
            );
        }
        let got = view(yield_types(self.f, r)?);
        if got != yields {
            bail!(
                "region {idx} yields ({}), expected ({})",
                list(&got),
                list(yields)
            );
        }
        Ok(())
    }

    fn check(&self) -> Check {
        let (ops, res) = (self.ops, self.res);
        match &self.op.opcode {
            Opcode::Constant(lit) => {
                self.counts(0, 1)?;
                check_type(&lit.ty).map_err(|m| format!("literal type {}: {m}", lit.ty))?;
                if lit.bytes.len() as u64 != lit.ty.byte_size() {
                    bail!(
                        "literal has {} bytes, its type {} needs {}",
                        lit.bytes.len(),
                        lit.ty,
                        lit.ty.byte_size()
                    );
                }
                self.result_is(0, &lit.ty)
            }
            // Quantization's rules (`quant::check`) are all there is to these two.
            Opcode::UniformQuantize | Opcode::UniformDequantize => Ok(()),
            Opcode::Iota { dimension } => {
                self.counts(0, 1)?;
                check_dims("iota_dimension", &[*dimension], res[0].rank())?;
                if res[0].dtype == DType::I1 {
                    bail!("result must be integer or float, got {}", res[0]);
                }
                Ok(())
            }
            Opcode::Unary(u) => self.unary(*u),
            Opcode::Binary(b) => self.binary(*b),
            Opcode::Compare { compare_type, .. } => {
                self.counts(2, 1)?;
                if ops[0] != ops[1] {
                    bail!("operand types differ: {} vs {}", ops[0], ops[1]);
                }
                let d = ops[0].dtype;
                if let Some(ct) = compare_type {
                    let ok = match ct {
                        CompareType::Float => d.is_float() || d.is_complex(),
                        CompareType::TotalOrder => d.is_float(),
                        CompareType::Signed => d.is_signed_int(),
                        CompareType::Unsigned => d.is_unsigned_int() || d == DType::I1,
                    };
                    if !ok {
                        bail!("compare_type {ct:?} does not apply to {}", ops[0]);
                    }
                }
                self.result_is(0, &ops[0].with_dtype(DType::I1))
            }
            Opcode::Select => {
                self.counts(3, 1)?;
                if ops[1] != ops[2] {
                    bail!(
                        "on_true and on_false types differ: {} vs {}",
                        ops[1],
                        ops[2]
                    );
                }
                if ops[0].dtype != DType::I1 || (ops[0].rank() != 0 && ops[0].shape != ops[1].shape)
                {
                    bail!(
                        "pred must be tensor<i1> or of the shape of {}, got {}",
                        ops[1],
                        ops[0]
                    );
                }
                self.result_is(0, &ops[1])
            }
            Opcode::Clamp => {
                self.counts(3, 1)?;
                for (i, name) in [(0, "min"), (2, "max")] {
                    if ops[i].dtype != ops[1].dtype
                        || (ops[i].rank() != 0 && ops[i].shape != ops[1].shape)
                    {
                        bail!(
                            "{name} must be a scalar or of the type of operand {}, got {}",
                            ops[1],
                            ops[i]
                        );
                    }
                }
                self.result_is(0, &ops[1])
            }
            Opcode::Convert => {
                self.counts(1, 1)?;
                self.result_shape_is(ops[0].shape.clone())
            }
            Opcode::BitcastConvert => {
                self.counts(1, 1)?;
                let (a, b) = (ops[0].dtype.bits(), res[0].dtype.bits());
                let ok = if a == b {
                    ops[0].shape == res[0].shape
                } else if a > b {
                    let mut want = ops[0].shape.clone();
                    want.push((a / b) as i64);
                    a % b == 0 && want == res[0].shape
                } else {
                    let mut want = res[0].shape.clone();
                    want.push((b / a) as i64);
                    b % a == 0 && want == ops[0].shape
                };
                if !ok {
                    bail!("cannot bitcast {} to {}", ops[0], res[0]);
                }
                Ok(())
            }
            Opcode::Real | Opcode::Imag => {
                self.counts(1, 1)?;
                let d = ops[0].dtype;
                if !d.is_float() && !d.is_complex() {
                    bail!("operand must be float or complex, got {}", ops[0]);
                }
                self.result_is(0, &ops[0].with_dtype(d.complex_part().unwrap_or(d)))
            }
            Opcode::Complex => {
                self.counts(2, 1)?;
                if ops[0] != ops[1] {
                    bail!("operand types differ: {} vs {}", ops[0], ops[1]);
                }
                let Some(c) = ops[0].dtype.complex_of() else {
                    bail!("operands must be f32 or f64, got {}", ops[0]);
                };
                self.result_is(0, &ops[0].with_dtype(c))
            }
            Opcode::Fft {
                kind,
                lengths,
                packed,
            } => {
                self.counts(1, 1)?;
                shapes::fft_check(*kind, lengths, *packed, &ops[0], &res[0])
            }
            Opcode::ReducePrecision {
                exponent_bits,
                mantissa_bits,
            } => {
                self.counts(1, 1)?;
                if !ops[0].dtype.is_float() {
                    bail!("operand must be float, got {}", ops[0]);
                }
                if *exponent_bits < 1 || *mantissa_bits < 0 {
                    bail!("exponent_bits must be >= 1 and mantissa_bits >= 0");
                }
                self.result_is(0, &ops[0])
            }
            Opcode::BroadcastInDim {
                broadcast_dimensions: dims,
            } => {
                self.counts(1, 1)?;
                check_len("broadcast_dimensions", dims.len(), ops[0].rank())?;
                check_dims("broadcast dimension", dims, res[0].rank())?;
                for (i, &d) in dims.iter().enumerate() {
                    let (from, to) = (ops[0].shape[i], res[0].shape[d as usize]);
                    if from != 1 && from != to {
                        bail!(
                            "operand dimension {i} of size {from} cannot broadcast to result dimension {d} of size {to}"
                        );
                    }
                }
                self.same_dtype(0)
            }
            Opcode::Reshape => {
                self.counts(1, 1)?;
                if ops[0].num_elements() != res[0].num_elements() {
                    bail!(
                        "cannot reshape {} to {}: element counts differ",
                        ops[0],
                        res[0]
                    );
                }
                self.same_dtype(0)
            }
            Opcode::Transpose { permutation } => {
                self.counts(1, 1)?;
                check_len("permutation", permutation.len(), ops[0].rank())?;
                check_dims("permutation entry", permutation, ops[0].rank())?;
                let shape: Vec<i64> = permutation
                    .iter()
                    .map(|&p| ops[0].shape[p as usize])
                    .collect();
                self.result_is(0, &TensorType::new(ops[0].dtype, shape))
            }
            Opcode::Slice {
                start,
                limit,
                strides,
            } => {
                self.counts(1, 1)?;
                let rank = ops[0].rank();
                check_len("start_indices", start.len(), rank)?;
                check_len("limit_indices", limit.len(), rank)?;
                check_len("strides", strides.len(), rank)?;
                let mut shape = Vec::with_capacity(rank);
                for d in 0..rank {
                    let (s, l, st) = (start[d], limit[d], strides[d]);
                    if s < 0 || s > l || l > ops[0].shape[d] || st <= 0 {
                        bail!(
                            "dimension {d}: need 0 <= start ({s}) <= limit ({l}) <= size ({}) and stride ({st}) > 0",
                            ops[0].shape[d]
                        );
                    }
                    shape.push(((l - s) as u64).div_ceil(st as u64) as i64);
                }
                self.result_is(0, &TensorType::new(ops[0].dtype, shape))
            }
            Opcode::Concatenate { dimension } => {
                if ops.is_empty() {
                    bail!("expects at least one operand");
                }
                self.n_results(1)?;
                let rank = ops[0].rank();
                check_dims("dimension", &[*dimension], rank)?;
                let d = *dimension as usize;
                let mut shape = ops[0].shape.clone();
                shape[d] = 0;
                for (i, t) in ops.iter().enumerate() {
                    if t.dtype != ops[0].dtype || t.rank() != rank {
                        bail!("operand {i} type {t} does not match operand 0 {}", ops[0]);
                    }
                    for k in 0..rank {
                        if k != d && t.shape[k] != ops[0].shape[k] {
                            bail!(
                                "operand {i} type {t} differs from {} outside dimension {d}",
                                ops[0]
                            );
                        }
                    }
                    shape[d] = shape[d]
                        .checked_add(t.shape[d])
                        .ok_or("concatenated size overflows")?;
                }
                self.result_is(0, &TensorType::new(ops[0].dtype, shape))
            }
            Opcode::Pad {
                low,
                high,
                interior,
            } => {
                self.counts(2, 1)?;
                if ops[1] != TensorType::scalar(ops[0].dtype) {
                    bail!(
                        "padding value must be tensor<{}>, got {}",
                        ops[0].dtype,
                        ops[1]
                    );
                }
                let rank = ops[0].rank();
                check_len("edge_padding_low", low.len(), rank)?;
                check_len("edge_padding_high", high.len(), rank)?;
                check_len("interior_padding", interior.len(), rank)?;
                let mut shape = Vec::with_capacity(rank);
                for d in 0..rank {
                    if interior[d] < 0 {
                        bail!(
                            "interior padding {} of dimension {d} is negative",
                            interior[d]
                        );
                    }
                    let n = ops[0].shape[d] as i128;
                    let size =
                        low[d] as i128 + high[d] as i128 + n + (n - 1).max(0) * interior[d] as i128;
                    if size < 0 || size > i64::MAX as i128 {
                        bail!("dimension {d} would have size {size}");
                    }
                    shape.push(size as i64);
                }
                self.result_is(0, &TensorType::new(ops[0].dtype, shape))
            }
            Opcode::Reverse { dimensions } => {
                self.counts(1, 1)?;
                check_dims("dimension", dimensions, ops[0].rank())?;
                self.result_is(0, &ops[0])
            }
            Opcode::DynamicSlice { slice_sizes } => {
                self.n_results(1)?;
                let rank = ops.first().map_or(0, |t| t.rank());
                self.n_operands(1 + rank)?;
                check_len("slice_sizes", slice_sizes.len(), rank)?;
                self.start_indices(1)?;
                for (d, (&s, &n)) in slice_sizes.iter().zip(&ops[0].shape).enumerate() {
                    if s < 0 || s > n {
                        bail!("slice size {s} of dimension {d} is not in [0, {n}]");
                    }
                }
                self.result_is(0, &TensorType::new(ops[0].dtype, slice_sizes.clone()))
            }
            Opcode::DynamicUpdateSlice => {
                self.n_results(1)?;
                let rank = ops.first().map_or(0, |t| t.rank());
                self.n_operands(2 + rank)?;
                if ops[1].dtype != ops[0].dtype || ops[1].rank() != rank {
                    bail!("update {} does not match operand {}", ops[1], ops[0]);
                }
                if (0..rank).any(|d| ops[1].shape[d] > ops[0].shape[d]) {
                    bail!("update {} is larger than operand {}", ops[1], ops[0]);
                }
                self.start_indices(2)?;
                self.result_is(0, &ops[0])
            }
            Opcode::Reduce { dimensions } => {
                let n = self.variadic_inputs()?;
                let input = &ops[0];
                check_dims("dimension", dimensions, input.rank())?;
                let shape: Vec<i64> = (0..input.rank())
                    .filter(|d| !dimensions.contains(&(*d as i64)))
                    .map(|d| input.shape[d])
                    .collect();
                self.reducer(n)?;
                for i in 0..n {
                    self.result_is(i, &TensorType::new(ops[n + i].dtype, shape.clone()))?;
                }
                Ok(())
            }
            Opcode::ReduceWindow(w) => {
                let n = self.variadic_inputs()?;
                let shape = shapes::window_shape(&ops[0].shape, w)?;
                self.reducer(n)?;
                for i in 0..n {
                    self.result_is(i, &TensorType::new(ops[n + i].dtype, shape.clone()))?;
                }
                Ok(())
            }
            Opcode::SelectAndScatter {
                window_dimensions,
                window_strides,
                padding,
            } => {
                self.counts(3, 1)?;
                let rank = ops[0].rank();
                let w = crate::compiler::ir::WindowAttrs {
                    window_dimensions: window_dimensions.clone(),
                    window_strides: window_strides.clone(),
                    base_dilations: vec![1; rank],
                    window_dilations: vec![1; rank],
                    padding: padding.clone(),
                };
                let shape = shapes::window_shape(&ops[0].shape, &w)?;
                if ops[1].shape != shape {
                    bail!("source {} must have the windowed shape {shape:?}", ops[1]);
                }
                if ops[2] != TensorType::scalar(ops[1].dtype) {
                    bail!(
                        "init_value must be tensor<{}>, got {}",
                        ops[1].dtype,
                        ops[2]
                    );
                }
                let s = TensorType::scalar(ops[0].dtype);
                self.region_sig(0, &[s.clone(), s], &[TensorType::scalar(DType::I1)])?;
                let s = TensorType::scalar(ops[1].dtype);
                self.region_sig(1, &[s.clone(), s.clone()], &[s])?;
                self.result_is(0, &ops[0].with_dtype(ops[1].dtype))
            }
            Opcode::DotGeneral(d) => {
                self.counts(2, 1)?;
                let shape = shapes::dot_shape(&ops[0], &ops[1], d)?;
                self.result_shape_is(shape)?;
                Ok(())
            }
            Opcode::Convolution(c) => {
                self.counts(2, 1)?;
                let shape = shapes::conv_shape(&ops[0], &ops[1], c)?;
                self.result_shape_is(shape)?;
                Ok(())
            }
            Opcode::Gather(g) => {
                self.counts(2, 1)?;
                let shape = shapes::gather_shape(&ops[0], &ops[1], g)?;
                self.result_is(0, &TensorType::new(ops[0].dtype, shape))
            }
            Opcode::Scatter(s) => {
                if ops.len() < 3 || ops.len() % 2 == 0 {
                    bail!(
                        "expects 2N+1 operands (inputs, indices, updates), got {}",
                        ops.len()
                    );
                }
                let n = ops.len() / 2;
                self.n_results(n)?;
                for i in 1..n {
                    if ops[i].shape != ops[0].shape {
                        bail!("input {i} shape {} differs from input 0 {}", ops[i], ops[0]);
                    }
                    if ops[n + 1 + i].shape != ops[n + 1].shape {
                        bail!(
                            "update {i} shape {} differs from update 0 {}",
                            ops[n + 1 + i],
                            ops[n + 1]
                        );
                    }
                }
                shapes::scatter_check(&ops[0], &ops[n], &ops[n + 1], s)?;
                let args: Vec<TensorType> = (0..n)
                    .map(|i| TensorType::scalar(ops[i].dtype))
                    .chain((0..n).map(|i| TensorType::scalar(ops[n + 1 + i].dtype)))
                    .collect();
                self.region_sig(0, &args, &args[..n])?;
                for (i, t) in ops[..n].iter().enumerate() {
                    self.result_is(i, t)?;
                }
                Ok(())
            }
            Opcode::Sort { dimension, .. } => {
                if ops.is_empty() {
                    bail!("expects at least one operand");
                }
                self.n_results(ops.len())?;
                let rank = ops[0].rank() as i64;
                if *dimension < -rank || *dimension >= rank.max(1) {
                    bail!("dimension {dimension} is out of range for rank {rank}");
                }
                let mut args = Vec::new();
                for (i, t) in ops.iter().enumerate() {
                    if t.shape != ops[0].shape {
                        bail!("operand {i} shape {t} differs from operand 0 {}", ops[0]);
                    }
                    args.push(TensorType::scalar(t.dtype));
                    args.push(TensorType::scalar(t.dtype));
                    self.result_is(i, t)?;
                }
                self.region_sig(0, &args, &[TensorType::scalar(DType::I1)])
            }
            Opcode::While => {
                self.n_results(ops.len())?;
                for (i, t) in ops.iter().enumerate() {
                    self.result_is(i, t)?;
                }
                self.region_sig(0, ops, &[TensorType::scalar(DType::I1)])?;
                self.region_sig(1, ops, ops)
            }
            Opcode::If => {
                self.n_operands(1)?;
                if ops[0] != TensorType::scalar(DType::I1) {
                    bail!("pred must be tensor<i1>, got {}", ops[0]);
                }
                self.region_sig(0, &[], res)?;
                self.region_sig(1, &[], res)
            }
            Opcode::Case => {
                self.n_operands(1)?;
                if ops[0] != TensorType::scalar(DType::I32) {
                    bail!("index must be tensor<i32>, got {}", ops[0]);
                }
                if self.op.regions.is_empty() {
                    bail!("expects at least one branch");
                }
                for i in 0..self.op.regions.len() {
                    self.region_sig(i, &[], res)?;
                }
                Ok(())
            }
            Opcode::Call { callee } => {
                let Some(m) = self.module else {
                    bail!("to @{callee} was not inlined");
                };
                let Some(g) = m.func(callee) else {
                    bail!("to unknown function @{callee}");
                };
                let params = types_in(g, &g.body.args)?;
                if params != ops {
                    bail!(
                        "operand types ({}) do not match @{callee} parameters ({})",
                        list(ops),
                        list(&params)
                    );
                }
                if g.result_types != res {
                    bail!(
                        "result types ({}) do not match @{callee} results ({})",
                        list(res),
                        list(&g.result_types)
                    );
                }
                Ok(())
            }
            Opcode::RngBitGenerator { .. } => {
                self.counts(1, 2)?;
                if !is_integer(ops[0].dtype) {
                    bail!("initial_state must be integer, got {}", ops[0]);
                }
                self.result_is(0, &ops[0])?;
                if res[1].dtype == DType::I1 {
                    bail!("output must be integer or float, got {}", res[1]);
                }
                Ok(())
            }
            Opcode::TriangularSolve { left_side, .. } => {
                self.counts(2, 1)?;
                let (a, b) = (&ops[0], &ops[1]);
                let r = a.rank();
                if r < 2 || b.rank() != r || a.shape[r - 1] != a.shape[r - 2] {
                    bail!("a {a} must be square matrices and b {b} of the same rank");
                }
                if a.dtype != b.dtype || !(a.dtype.is_float() || a.dtype.is_complex()) {
                    bail!("a {a} and b {b} must have the same float or complex element type");
                }
                if a.shape[..r - 2] != b.shape[..r - 2] {
                    bail!("batch dimensions of a {a} and b {b} differ");
                }
                let k = if *left_side {
                    b.shape[r - 2]
                } else {
                    b.shape[r - 1]
                };
                if k != a.shape[r - 1] {
                    bail!("a {a} does not fit b {b}");
                }
                self.result_is(0, b)
            }
            Opcode::Cholesky { .. } => {
                self.counts(1, 1)?;
                let a = &ops[0];
                let r = a.rank();
                let d = a.dtype;
                if r < 2 || a.shape[r - 1] != a.shape[r - 2] || !(d.is_float() || d.is_complex()) {
                    bail!("operand must be square float or complex matrices, got {a}");
                }
                self.result_is(0, a)
            }
            Opcode::OptimizationBarrier => {
                self.n_results(ops.len())?;
                for (i, t) in ops.iter().enumerate() {
                    self.result_is(i, t)?;
                }
                Ok(())
            }
            Opcode::CustomCall { .. } | Opcode::Check { .. } | Opcode::RunParallel { .. } => Ok(()),
            Opcode::Dynamic(_) => check_dynamic(self.op, ops, res),
            Opcode::Collective(c) => self.check_collective(c),
        }
    }

    /// Shapes that hold whatever the group size; the runtime checks the rest against the
    /// groups it resolves.
    fn check_collective(&self, c: &Collective) -> Check {
        let (ops, res) = (self.ops, self.res);
        if matches!(
            c.kind,
            CollectiveKind::ReplicaId | CollectiveKind::PartitionId
        ) {
            self.counts(0, 1)?;
            return self.result_is(0, &TensorType::scalar(DType::U32));
        }
        // Tokens are `tensor<0xi1>`; a send consumes its values, a recv makes them.
        let token = TensorType::new(DType::I1, [0]);
        match c.kind {
            CollectiveKind::Send => {
                if ops.last() != Some(&token) {
                    bail!("expects its values and then a token");
                }
                self.n_results(1)?;
                return self.result_is(0, &token);
            }
            CollectiveKind::Recv => {
                self.counts(1, res.len().max(1))?;
                if ops[0] != token || res.last() != Some(&token) {
                    bail!("expects a token and results of its values and then a token");
                }
                return Ok(());
            }
            _ => {}
        }
        if ops.is_empty() {
            bail!("expects at least one operand");
        }
        self.n_results(ops.len())?;
        if c.kind == CollectiveKind::CollectivePermute && c.groups.iter().any(|p| p.len() != 2) {
            bail!("source_target_pairs must be pairs");
        }
        let dim_in = |d: i64, t: &TensorType, what: &str| -> Result<usize, String> {
            if d < 0 || d as usize >= t.rank() {
                return Err(format!("{what} {d} is out of range for {t}"));
            }
            Ok(d as usize)
        };
        for (i, (a, b)) in ops.iter().zip(res).enumerate() {
            if a.dtype != b.dtype {
                bail!("result {i} {b} must have the element type of operand {i} {a}");
            }
            let same_but = |d: usize| {
                a.rank() == b.rank() && (0..a.rank()).all(|k| k == d || a.shape[k] == b.shape[k])
            };
            match c.kind {
                CollectiveKind::AllGather { dim } => {
                    let d = dim_in(dim, a, "all_gather_dim")?;
                    if !same_but(d) || a.shape[d] == 0 || b.shape[d] % a.shape[d] != 0 {
                        bail!("result {i} {b} does not gather operand {i} {a} along {d}");
                    }
                }
                CollectiveKind::ReduceScatter { dim } => {
                    let d = dim_in(dim, a, "scatter_dimension")?;
                    if !same_but(d) || b.shape[d] == 0 || a.shape[d] % b.shape[d] != 0 {
                        bail!("result {i} {b} does not scatter operand {i} {a} along {d}");
                    }
                }
                CollectiveKind::AllToAll {
                    split_dimension,
                    concat_dimension,
                    split_count,
                } => {
                    let s = dim_in(split_dimension, a, "split_dimension")?;
                    let t = dim_in(concat_dimension, a, "concat_dimension")?;
                    if split_count <= 0 || a.shape[s] % split_count != 0 {
                        bail!("split_count {split_count} does not divide dimension {s} of {a}");
                    }
                    let mut want = a.clone();
                    want.shape[s] /= split_count;
                    want.shape[t] *= split_count;
                    self.result_is(i, &want)?;
                }
                _ => self.result_is(i, a)?,
            }
        }
        if c.has_reducer() {
            let e = TensorType::scalar(ops[0].dtype);
            if let Some(t) = ops.iter().find(|t| t.dtype != e.dtype) {
                bail!("operands {} and {t} share one reducer", ops[0]);
            }
            self.region_sig(0, &[e.clone(), e.clone()], &[e])?;
        }
        Ok(())
    }

    fn same_dtype(&self, i: usize) -> Check {
        if self.res[0].dtype != self.ops[i].dtype {
            bail!(
                "result {} must have the element type of operand {}",
                self.res[0],
                self.ops[i]
            );
        }
        Ok(())
    }

    /// Operands `first..` are scalar integer start indices.
    fn start_indices(&self, first: usize) -> Check {
        for (i, t) in self.ops.iter().enumerate().skip(first) {
            if t.rank() != 0 || !is_integer(t.dtype) {
                bail!("start index operand {i} must be an integer scalar, got {t}");
            }
        }
        Ok(())
    }

    /// `(inputs..., inits...)` of reduce/reduce_window; returns N.
    fn variadic_inputs(&self) -> Result<usize, String> {
        let ops = self.ops;
        if ops.is_empty() || !ops.len().is_multiple_of(2) {
            bail!(
                "expects 2N operands (inputs, init values), got {}",
                ops.len()
            );
        }
        let n = ops.len() / 2;
        self.n_results(n)?;
        for i in 0..n {
            if ops[i].shape != ops[0].shape {
                bail!(
                    "input {i} {} differs in shape from input 0 {}",
                    ops[i],
                    ops[0]
                );
            }
            if ops[n + i] != TensorType::scalar(ops[i].dtype) {
                bail!(
                    "init value {i} must be tensor<{}>, got {}",
                    ops[i].dtype,
                    ops[n + i]
                );
            }
        }
        Ok(n)
    }

    /// The body of reduce/reduce_window: 2N scalar arguments, N scalar yields.
    fn reducer(&self, n: usize) -> Check {
        let scalars: Vec<TensorType> = self.ops[n..].to_vec();
        let args: Vec<TensorType> = scalars.iter().chain(&scalars).cloned().collect();
        self.region_sig(0, &args, &scalars)
    }

    fn unary(&self, u: UnaryOp) -> Check {
        self.counts(1, 1)?;
        let t = &self.ops[0];
        let d = t.dtype;
        use UnaryOp as U;
        let ok = match u {
            U::Not => d.is_int(),
            U::PopCnt | U::CountLeadingZeros => is_integer(d),
            U::Abs | U::Sign => d.is_signed_int() || d.is_float() || d.is_complex(),
            U::Neg => is_integer(d) || d.is_float() || d.is_complex(),
            U::Floor | U::Ceil | U::RoundNearestAfz | U::RoundNearestEven | U::IsFinite => {
                d.is_float()
            }
            // Other types expand into StableHLO ops when CHLO's erfc is read.
            U::Erfc => d == DType::F32,
            _ => d.is_float() || d.is_complex(),
        };
        if !ok {
            bail!("operand type {t} is not supported");
        }
        if u == U::IsFinite {
            return self.result_is(0, &t.with_dtype(DType::I1));
        }
        if u == U::Abs
            && let Some(part) = d.complex_part()
        {
            // The modulus of a complex number is real.
            return self.result_is(0, &t.with_dtype(part));
        }
        self.result_is(0, t)
    }

    fn binary(&self, b: BinaryOp) -> Check {
        self.counts(2, 1)?;
        let (x, y) = (&self.ops[0], &self.ops[1]);
        if x != y {
            bail!("operand types differ: {x} vs {y}");
        }
        let d = x.dtype;
        use BinaryOp as B;
        let ok = match b {
            B::Add | B::Mul | B::Max | B::Min => true,
            B::Sub | B::Div | B::Rem | B::Pow => d != DType::I1,
            B::And | B::Or | B::Xor => d.is_int(),
            B::ShiftLeft | B::ShiftRightArithmetic | B::ShiftRightLogical => is_integer(d),
            B::Atan2 => d.is_float() || d.is_complex(),
        };
        if !ok {
            bail!("operand type {x} is not supported");
        }
        self.result_is(0, x)
    }
}

/// Types of values of `f`, with a range check.
fn types_in(f: &Func, vs: &[ValueId]) -> Result<Vec<TensorType>, String> {
    vs.iter()
        .map(|&v| {
            f.values
                .get(v.index())
                .cloned()
                .ok_or_else(|| format!("value %{} of @{} is out of range", v.0, f.name))
        })
        .collect()
}

fn yield_types(f: &Func, r: &Region) -> Result<Vec<TensorType>, String> {
    r.yields
        .iter()
        .map(|&v| match f.values.get(v.index()) {
            Some(t) => Ok(t.clone()),
            None => Err(format!("yields out-of-range value %{}", v.0)),
        })
        .collect()
}

/// Checks one op of `f` given its operand types (e.g. of the literals the evaluator is
/// handed): counts, attributes, result types (from `f`) and region signatures. Returns
/// the message without the op name.
pub(crate) fn check_op_types(f: &Func, op: &Op, operand_types: &[TensorType]) -> Check {
    for t in operand_types {
        check_type(t).map_err(|m| format!("operand type {t}: {m}"))?;
    }
    let res = types_in(f, &op.results)?;
    for t in &res {
        check_type(t).map_err(|m| format!("result type {t}: {m}"))?;
    }
    let v = Verifier {
        f,
        module: None,
        visible: Vec::new(),
        defined: Vec::new(),
        infer: None,
        dynamic: false,
    };
    v.check_op_with(op, operand_types, &res)
}

/// The result types of `op` for static operand types, where its declared result types
/// (in `f`) have dynamic dimensions: the types the op's rules expect, checked against the
/// declared ones. What shape refinement uses for ops that are not dynamic themselves.
pub(crate) fn infer_result_types(
    f: &Func,
    op: &Op,
    operand_types: &[TensorType],
) -> Result<Vec<TensorType>, String> {
    let res = types_in(f, &op.results)?;
    let slots = RefCell::new(vec![None; res.len()]);
    let v = Verifier {
        f,
        module: None,
        visible: Vec::new(),
        defined: Vec::new(),
        infer: Some(&slots),
        dynamic: false,
    };
    v.check_op_with(op, operand_types, &res)?;
    let inferred = slots.into_inner();
    res.into_iter()
        .zip(inferred)
        .enumerate()
        .map(|(i, (t, got))| match got {
            _ if !t.is_dynamic() => Ok(t),
            Some(t) => Ok(t),
            None => Err(format!(
                "cannot infer the dynamic dimensions of result {i} ({t})"
            )),
        })
        .collect()
}

/// Whether `got` (static) fits `declared` (possibly with dynamic dimensions).
pub(crate) fn fits(declared: &TensorType, got: &TensorType) -> bool {
    declared.dtype == got.dtype
        && declared.quant == got.quant
        && declared.rank() == got.rank()
        && declared
            .shape
            .iter()
            .zip(&got.shape)
            .all(|(&d, &g)| d == DYN || d == g)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod fuzz;

//! Reference evaluator: computes ops on literals (used by constant folding and as the
//! oracle of property tests). Clarity over speed: tensors are vectors of raw element
//! bits, every result element is computed from the spec's definition of the op.
//!
//! Each op is first checked with the verifier's rules against the literal operand types,
//! so malformed input gives an [`EvalError`], never a panic.
//!
//! Choices where the spec leaves room (the native code must agree, or tests must allow):
//! - f16/bf16 arithmetic is done in f32 and rounded once per op (ties to even); f32 in
//!   f32; f64 in f64. Conversions to f16/bf16 round once, never through f32.
//! - reduce folds sequentially in row-major order of the reduced dims, `body(acc, x)`;
//!   reduce_window includes padding/dilation holes as init values (as the spec does).
//! - dot_general/convolution accumulate floats in f64 and round once to the result type;
//!   integers wrap at the result width.
//! - integer power with a negative exponent: 1 for base 1, +-1 for base -1, else 0 (the
//!   StableHLO interpreter's rule).
//! - float -> int convert truncates toward zero and saturates, NaN -> 0; -> i1 is `!= 0`.
//! - sort is stable whatever `is_stable` says; case with an out-of-range index takes the
//!   last branch; gather/dynamic_slice clamp starts; scatter skips out-of-bounds updates.
//! - bitcast_convert reinterprets little-endian element bytes.

pub(crate) mod complex;
#[cfg(test)]
mod complex_tests;
mod elementwise;
mod fft;
// Scalar semantics, the oracle of codegen's per-dtype tests.
#[cfg(test)]
pub(crate) use elementwise::{binary_elem, compare_elem, unary_elem};
pub(crate) use tensor::for_each_index;
mod linalg;
mod linalg_solve;
mod movement;
mod quant;
mod reduce;
pub(crate) mod tensor;

use std::collections::HashMap;

use crate::compiler::ir::{
    BinaryOp, Func, Literal, Op, Opcode, Region, TensorType, ValueId, WindowAttrs,
};
use tensor::Tensor;

pub use tensor_api::*;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EvalError {
    /// The op (or this dtype of it) has no evaluator.
    #[error("cannot evaluate {0}")]
    Unsupported(String),
    /// The op does not type-check against its operands.
    #[error("invalid op: {0}")]
    Invalid(String),
    /// A `while` ran past the evaluator's iteration bound.
    #[error("while loop did not finish within {0} iterations")]
    TooManyIterations(u64),
}

/// The values of one region, chained to those of the enclosing regions (which nested
/// regions may use).
#[derive(Default)]
pub(crate) struct Env<'p> {
    parent: Option<&'p Env<'p>>,
    vals: HashMap<ValueId, Tensor>,
}

impl Env<'_> {
    fn get(&self, v: ValueId) -> Option<&Tensor> {
        self.vals
            .get(&v)
            .or_else(|| self.parent.and_then(|p| p.get(v)))
    }
}

/// Iteration bound of `while`, so a non-terminating loop is an error, not a hang.
const MAX_WHILE_ITERATIONS: u64 = 10_000_000;

/// Evaluates one op of `func` on literal operands; result types come from `func`.
pub fn eval_op(func: &Func, op: &Op, operands: &[Literal]) -> Result<Vec<Literal>, EvalError> {
    let xs = operands
        .iter()
        .map(Tensor::from_literal)
        .collect::<Result<Vec<_>, _>>()?;
    let out = eval_in(func, op, xs, &Env::default())?;
    Ok(out.iter().map(Tensor::to_literal).collect())
}

/// Evaluates a whole function on literal arguments (the oracle for compiled programs).
///
/// A function with dynamic dimensions runs at the shapes of `args`: shape refinement with
/// every argument value known gives the static function for them (a failing
/// `@shape_assertion` is an error with JAX's message).
pub fn eval_func(func: &Func, args: &[Literal]) -> Result<Vec<Literal>, EvalError> {
    use crate::compiler::passes::refine;
    if refine::needs_refinement(func) {
        let refined = refine::refine(func, &refine::Inputs::from_literals(args))
            .map_err(|d| EvalError::Invalid(d.message))?;
        return eval_static_func(&refined, args);
    }
    eval_static_func(func, args)
}

fn eval_static_func(func: &Func, args: &[Literal]) -> Result<Vec<Literal>, EvalError> {
    let params = param_types(func)?;
    if args.len() != params.len() {
        return Err(EvalError::Invalid(format!(
            "@{} takes {} arguments, got {}",
            func.name,
            params.len(),
            args.len()
        )));
    }
    let xs = args
        .iter()
        .map(Tensor::from_literal)
        .collect::<Result<Vec<_>, _>>()?;
    for (i, (x, p)) in xs.iter().zip(&params).enumerate() {
        if &x.ty != p {
            return Err(EvalError::Invalid(format!(
                "argument {i} has type {}, @{} takes {p}",
                x.ty, func.name
            )));
        }
    }
    let out = eval_region(func, &func.body, xs, &Env::default())?;
    Ok(out.iter().map(Tensor::to_literal).collect())
}

fn param_types(func: &Func) -> Result<Vec<TensorType>, EvalError> {
    func.body
        .args
        .iter()
        .map(|a| {
            func.values
                .get(a.index())
                .cloned()
                .ok_or_else(|| EvalError::Invalid(format!("parameter %{} out of range", a.0)))
        })
        .collect()
}

/// Evaluates a region (e.g. a reducer) on literal arguments, returning its yields.
pub fn eval_region_literals(
    func: &Func,
    region: &Region,
    args: &[Literal],
) -> Result<Vec<Literal>, EvalError> {
    let xs = args
        .iter()
        .map(Tensor::from_literal)
        .collect::<Result<Vec<_>, _>>()?;
    let out = eval_region(func, region, xs, &Env::default())?;
    Ok(out.iter().map(Tensor::to_literal).collect())
}

mod tensor_api {
    //! Small literal helpers for callers (tests, folding).
    use crate::compiler::ir::{DType, Literal, TensorType};

    /// A literal of `ty` from f64 values rounded to the dtype (ints: truncated, saturated).
    pub fn literal_from_f64(ty: TensorType, values: &[f64]) -> Literal {
        let bits = values
            .iter()
            .map(|&x| super::complex::convert(DType::F64, ty.dtype, u128::from(x.to_bits())))
            .collect();
        super::tensor::Tensor::new(ty, bits).to_literal()
    }

    /// A literal of integer `ty` from exact values (wrapped to the width).
    pub fn literal_from_i128(ty: TensorType, values: &[i128]) -> Literal {
        let bits = values
            .iter()
            .map(|&v| super::tensor::from_int(ty.dtype, v))
            .collect::<Vec<_>>();
        super::tensor::Tensor::from_u64(ty, bits).to_literal()
    }

    /// A literal of a real dtype from raw element bits (zero-extended).
    pub fn literal_from_bits(ty: TensorType, bits: &[u64]) -> Literal {
        super::tensor::Tensor::from_u64(ty, bits.iter().copied()).to_literal()
    }

    /// Raw bits of every element of a real dtype.
    pub fn literal_bits(l: &Literal) -> Vec<u64> {
        (0..l.bytes.len() / l.ty.dtype.size().max(1))
            .map(|i| l.element_bits(i))
            .collect()
    }

    /// A complex literal of `ty` from (real, imaginary) f64 parts, each rounded once.
    pub fn literal_from_complex(ty: TensorType, values: &[(f64, f64)]) -> Literal {
        let bits = values
            .iter()
            .map(|&z| super::complex::pack(ty.dtype, z))
            .collect();
        super::tensor::Tensor::new(ty, bits).to_literal()
    }

    /// The (real, imaginary) parts of every element of a complex literal, widened to f64.
    pub fn literal_complex(l: &Literal) -> Vec<(f64, f64)> {
        let w = l.ty.dtype.size().max(1);
        l.bytes
            .chunks_exact(w)
            .map(|c| {
                let mut b = [0u8; 16];
                b[..w].copy_from_slice(c);
                super::complex::parts(l.ty.dtype, u128::from_le_bytes(b))
            })
            .collect()
    }
}

fn result_types(func: &Func, op: &Op) -> Result<Vec<TensorType>, EvalError> {
    op.results
        .iter()
        .map(|&v| {
            func.values
                .get(v.index())
                .cloned()
                .ok_or_else(|| EvalError::Invalid(format!("result %{} out of range", v.0)))
        })
        .collect()
}

pub(crate) fn eval_region(
    func: &Func,
    region: &Region,
    args: Vec<Tensor>,
    outer: &Env,
) -> Result<Vec<Tensor>, EvalError> {
    if args.len() != region.args.len() {
        return Err(EvalError::Invalid(format!(
            "region takes {} arguments, got {}",
            region.args.len(),
            args.len()
        )));
    }
    let mut env = Env {
        parent: Some(outer),
        vals: HashMap::new(),
    };
    for (&a, t) in region.args.iter().zip(args) {
        env.vals.insert(a, t);
    }
    // A value missing here is one captured from a region enclosing the evaluated op
    // (verified IR defines everything else before use): not an error of the op.
    let get = |env: &Env, v: ValueId| {
        env.get(v).cloned().ok_or_else(|| {
            EvalError::Unsupported(format!(
                "a region using value %{} of an enclosing scope",
                v.0
            ))
        })
    };
    for op in &region.ops {
        let xs = op
            .operands
            .iter()
            .map(|&v| get(&env, v))
            .collect::<Result<Vec<_>, _>>()?;
        let out = eval_in(func, op, xs, &env)?;
        for (&r, t) in op.results.iter().zip(out) {
            env.vals.insert(r, t);
        }
    }
    region.yields.iter().map(|&v| get(&env, v)).collect()
}

/// A scalar computation region (reduce bodies), with a fast path for the common
/// `(a, b) -> a op b` body.
pub(crate) struct Scalars<'a> {
    func: &'a Func,
    region: &'a Region,
    env: &'a Env<'a>,
    types: Vec<TensorType>,
    fast: Option<(BinaryOp, crate::compiler::ir::DType)>,
}

impl<'a> Scalars<'a> {
    fn new(func: &'a Func, region: &'a Region, env: &'a Env<'a>) -> Scalars<'a> {
        let types: Vec<TensorType> = region
            .args
            .iter()
            .map(|&a| {
                func.values
                    .get(a.index())
                    .cloned()
                    .unwrap_or(TensorType::scalar(crate::compiler::ir::DType::F32))
            })
            .collect();
        let fast = match (&region.args[..], &region.ops[..], &region.yields[..]) {
            ([a, b], [op], [y])
                if op.operands == [*a, *b]
                    && op.results == [*y]
                    && op.regions.is_empty()
                    && types[0] == types[1]
                    && !types[0].is_quantized()
                    && func.values.get(y.index()) == Some(&types[0]) =>
            {
                match op.opcode {
                    Opcode::Binary(bop) => Some((bop, types[0].dtype)),
                    _ => None,
                }
            }
            _ => None,
        };
        Scalars {
            func,
            region,
            env,
            types,
            fast,
        }
    }

    /// `body(acc..., x...)`.
    fn call(&self, acc: &[u128], xs: &[u128]) -> Result<Vec<u128>, EvalError> {
        if let Some((b, d)) = self.fast {
            return Ok(vec![elementwise::binary_any(b, d, acc[0], xs[0])?]);
        }
        let args: Vec<Tensor> = acc
            .iter()
            .chain(xs)
            .zip(&self.types)
            .map(|(&v, t)| Tensor::new(t.clone(), vec![v]))
            .collect();
        let out = eval_region(self.func, self.region, args, self.env)?;
        Ok(out
            .iter()
            .map(|t| t.bits.first().copied().unwrap_or(0))
            .collect())
    }
}

fn eval_in(func: &Func, op: &Op, xs: Vec<Tensor>, env: &Env) -> Result<Vec<Tensor>, EvalError> {
    let name = op.opcode.name();
    let types: Vec<TensorType> = xs.iter().map(|t| t.ty.clone()).collect();
    crate::compiler::passes::verify::check_op_types(func, op, &types)
        .map_err(|m| EvalError::Invalid(format!("'{name}' {m}")))?;
    let res = result_types(func, op)?;
    if quant::involves(op, &xs, &res) {
        return quant::eval(func, op, xs, &res, env);
    }
    eval_typed(func, op, xs, &res, env)
}

/// Evaluates a checked op with result types `res` (which the quantized ops' rules may
/// choose in place of `op`'s own).
fn eval_typed(
    func: &Func,
    op: &Op,
    xs: Vec<Tensor>,
    res: &[TensorType],
    env: &Env,
) -> Result<Vec<Tensor>, EvalError> {
    let name = op.opcode.name();
    let one = |t: Tensor| Ok(vec![t]);
    use elementwise as ew;
    use movement as mv;
    match &op.opcode {
        Opcode::Constant(lit) => one(Tensor::from_literal(lit)?),
        Opcode::Iota { dimension } => one(mv::iota(&res[0], *dimension as usize)),
        Opcode::Unary(u) => one(ew::unary(*u, &xs[0])?),
        Opcode::Binary(b) => one(ew::binary(*b, &xs[0], &xs[1])?),
        Opcode::Compare {
            direction,
            compare_type,
        } => one(ew::compare(*direction, *compare_type, &xs[0], &xs[1])),
        Opcode::Select => one(ew::select(&xs[0], &xs[1], &xs[2])),
        Opcode::Clamp => one(ew::clamp(&xs[0], &xs[1], &xs[2])?),
        Opcode::Convert => one(ew::convert(&xs[0], res[0].dtype)),
        Opcode::Real => one(ew::part(&xs[0], false)),
        Opcode::Imag => one(ew::part(&xs[0], true)),
        Opcode::Complex => one(ew::complex(&xs[0], &xs[1])),
        Opcode::Fft {
            kind,
            lengths,
            packed: false,
        } => one(fft::fft(&xs[0], &res[0], *kind, lengths.len())),
        Opcode::BitcastConvert => one(ew::bitcast_convert(&xs[0], &res[0])),
        Opcode::ReducePrecision {
            exponent_bits,
            mantissa_bits,
        } => one(ew::reduce_precision(&xs[0], *exponent_bits, *mantissa_bits)),
        Opcode::BroadcastInDim {
            broadcast_dimensions,
        } => one(mv::broadcast_in_dim(&xs[0], &res[0], broadcast_dimensions)),
        Opcode::Reshape => one(Tensor::new(res[0].clone(), xs[0].bits.clone())),
        Opcode::Transpose { permutation } => one(mv::transpose(&xs[0], &res[0], permutation)),
        Opcode::Slice { start, strides, .. } => one(mv::slice(&xs[0], &res[0], start, strides)),
        Opcode::Concatenate { dimension } => {
            one(mv::concatenate(&xs, &res[0], *dimension as usize))
        }
        Opcode::Pad { low, interior, .. } => {
            one(mv::pad(&xs[0], xs[1].bits[0], &res[0], low, interior))
        }
        Opcode::Reverse { dimensions } => one(mv::reverse(&xs[0], dimensions)),
        Opcode::DynamicSlice { .. } => one(mv::dynamic_slice(&xs[0], &xs[1..], &res[0])),
        Opcode::DynamicUpdateSlice => one(mv::dynamic_update_slice(&xs[0], &xs[1], &xs[2..])),
        Opcode::Gather(g) => one(mv::gather(&xs[0], &xs[1], &res[0], g)?),
        Opcode::Reduce { dimensions } => {
            let n = xs.len() / 2;
            let body = Scalars::new(func, &op.regions[0], env);
            reduce::reduce(&body, &xs[..n], &xs[n..], dimensions, res)
        }
        Opcode::ReduceWindow(w) => {
            let n = xs.len() / 2;
            let body = Scalars::new(func, &op.regions[0], env);
            reduce::reduce_window(&body, &xs[..n], &xs[n..], w, res)
        }
        Opcode::Scatter(s) => {
            let n = xs.len() / 2;
            let body = Scalars::new(func, &op.regions[0], env);
            reduce::scatter(&body, &xs[..n], &xs[n], &xs[n + 1..], s)
        }
        Opcode::SelectAndScatter {
            window_dimensions,
            window_strides,
            padding,
        } => {
            let scatter = Scalars::new(func, &op.regions[1], env);
            let w = WindowAttrs {
                window_dimensions: window_dimensions.clone(),
                window_strides: window_strides.clone(),
                base_dilations: vec![1; window_dimensions.len()],
                window_dilations: vec![1; window_dimensions.len()],
                padding: padding.clone(),
            };
            let sel = |a: &Tensor, b: &Tensor| -> Result<bool, EvalError> {
                let r = eval_region(func, &op.regions[0], vec![a.clone(), b.clone()], env)?;
                Ok(r.first().and_then(|t| t.bits.first()).copied().unwrap_or(0) & 1 == 1)
            };
            one(reduce::select_and_scatter(
                &sel, &scatter, &xs[0], &xs[1], &xs[2], &w,
            )?)
        }
        Opcode::Sort { dimension, .. } => {
            let rank = xs[0].ty.rank() as i64;
            let dim = if *dimension < 0 {
                dimension + rank
            } else {
                *dimension
            };
            reduce::sort(func, &op.regions[0], env, &xs, dim as usize)
        }
        Opcode::DotGeneral(d) => one(linalg::dot_general(&xs[0], &xs[1], &res[0], d)),
        Opcode::Convolution(c) => one(linalg::convolution(&xs[0], &xs[1], &res[0], c)),
        Opcode::OptimizationBarrier => Ok(xs),
        Opcode::Cholesky { lower } => one(linalg_solve::cholesky(&xs[0], *lower)),
        Opcode::TriangularSolve {
            left_side,
            lower,
            unit_diagonal,
            transpose_a,
        } => one(linalg_solve::triangular_solve(
            &xs[0],
            &xs[1],
            *left_side,
            *lower,
            *unit_diagonal,
            *transpose_a,
        )),
        Opcode::If => {
            let branch = if xs[0].bits[0] & 1 == 1 { 0 } else { 1 };
            eval_region(func, &op.regions[branch], vec![], env)
        }
        Opcode::Case => {
            // Out-of-range indices select the last branch.
            let n = op.regions.len();
            let i = xs[0].int(0);
            let branch = if i < 0 || i >= n as i128 {
                n - 1
            } else {
                i as usize
            };
            eval_region(func, &op.regions[branch], vec![], env)
        }
        Opcode::While => {
            let mut state = xs;
            for _ in 0..MAX_WHILE_ITERATIONS {
                let c = eval_region(func, &op.regions[0], state.clone(), env)?;
                if c.first().and_then(|t| t.bits.first()).copied().unwrap_or(0) & 1 == 0 {
                    return Ok(state);
                }
                state = eval_region(func, &op.regions[1], state, env)?;
            }
            Err(EvalError::TooManyIterations(MAX_WHILE_ITERATIONS))
        }
        Opcode::RngBitGenerator { algorithm } => {
            rng_bit_generator(func, op, *algorithm, xs, res, env)
        }
        _ => Err(EvalError::Unsupported(name)),
    }
}

/// `rng_bit_generator` through the expansion the compiler uses (`passes::rng`): the
/// generators are written once, as StableHLO, and evaluated op by op here.
fn rng_bit_generator(
    func: &Func,
    op: &Op,
    algorithm: crate::compiler::ir::RngAlgorithm,
    xs: Vec<Tensor>,
    res: &[TensorType],
    env: &Env,
) -> Result<Vec<Tensor>, EvalError> {
    let mut scratch = Func {
        name: func.name.clone(),
        public: false,
        values: func.values.clone(),
        body: Region::default(),
        result_types: Vec::new(),
        arg_attrs: Vec::new(),
        result_attrs: Vec::new(),
        loc: op.loc.clone(),
        valid_extents: Default::default(),
    };
    let mut ops = Vec::new();
    let mut b =
        crate::compiler::ir::builder::Builder::new(&mut scratch.values, &mut ops, op.loc.clone());
    let (state, bits) =
        crate::compiler::passes::rng::expand(&mut b, algorithm, op.operands[0], &res[1])
            .map_err(|d| EvalError::Invalid(d.message))?;
    let region = Region {
        args: vec![op.operands[0]],
        ops,
        yields: vec![state, bits],
        yield_loc: op.loc.clone(),
    };
    eval_region(&scratch, &region, xs, env)
}

#[cfg(test)]
mod tests;

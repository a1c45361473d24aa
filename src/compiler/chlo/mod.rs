//! CHLO ops, expanded into StableHLO while the program is read.
//!
//! CHLO ("client HLO") is what JAX writes for functions StableHLO has no op for: erf,
//! lgamma, top_k, the inverse trigonometric functions, numpy-broadcasting binary ops, ...
//! `jax.jit(f).lower(x).as_text()` prints them as `chlo.*` ops; the bytecode JAX sends a
//! PJRT plugin carries some of them as `stablehlo.composite "chlo.erf"` wrappers (the rest
//! already expanded by JAX's serializer). Both front ends hand such an op to [`expand`]
//! with its typed attributes ([`ChloOp`]), and it appends the StableHLO ops computing it
//! (an `ir::builder::Builder` over the function being read): exactly the decomposition of StableHLO's
//! own CHLO legalization (`ChloLegalizeToStablehlo.cpp`, `ChloDecompositionPatterns*.td`
//! of openxla/stablehlo), with its polynomial and rational approximations, its f32 and
//! f64 variants and its upcasts of f16/bf16 to f32. Nothing after the front ends sees
//! CHLO: verification, folding, lowering and codegen work on the expansion.
//!
//! - `elementary`: acos ... atanh, cosh, sinh, tan, next_after, mulhi, is_inf, square, conj;
//! - `complex`: the same functions on complex operands (formulas of `eval::complex`);
//! - `special`: erf, erfc, erf_inv, lgamma, digamma, polygamma, zeta, bessel_i1e;
//! - `broadcast`: the `broadcast_*` ops, `broadcast_select`, `constant_like`, `constant`;
//! - `structured`: top_k (a stable sort and a slice; lowering runs it as a selection),
//!   ragged_dot, scan.
//!
//! Two StableHLO ops take the same road: `batch_norm_inference` and `batch_norm_training`
//! (`batch_norm`, as XLA's BatchNormExpander computes them), so that the text, bytecode and
//! HLO front ends share one expansion of each.

mod batch_norm;
mod broadcast;
mod complex;
mod elementary;
mod special;
mod structured;

#[cfg(test)]
mod batch_norm_tests;
#[cfg(test)]
mod tests;

pub use structured::RaggedDotDims;

use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    BinaryOp, CompareDirection, CompareType, DType, Literal, Region, TensorType, ValueId,
};

/// Elementwise CHLO ops of one operand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unary {
    Acos,
    Acosh,
    Asin,
    Asinh,
    Atan,
    Atanh,
    BesselI1e,
    Conj,
    Cosh,
    Digamma,
    Erf,
    ErfInv,
    Erfc,
    IsInf,
    IsNegInf,
    IsPosInf,
    Lgamma,
    Sinh,
    Square,
    Tan,
}

/// Elementwise CHLO ops of two operands of one type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Binary {
    Mulhi,
    NextAfter,
    Polygamma,
    Zeta,
}

/// The op a `chlo.broadcast_*` applies after broadcasting its operands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BroadcastOf {
    Stablehlo(BinaryOp),
    Chlo(Binary),
    /// `broadcast_complex`: needs complex element types.
    Complex,
}

/// A scalar attribute value (`chlo.constant_like`'s `value`).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Scalar {
    Float(f64),
    Int(i128),
}

/// A composite attribute, as much of it as the CHLO composites need.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum CompositeAttr {
    Int(i64),
    Bool(bool),
    Other,
}

/// A CHLO op with its attributes.
#[derive(Clone, PartialEq, Debug)]
pub enum ChloOp {
    Unary(Unary),
    Binary(Binary),
    /// `chlo.broadcast_<op>`: numpy broadcasting (`broadcast_dimensions`, when given, must
    /// be numpy's prefix padding, as StableHLO's legalization requires), then the op.
    Broadcast {
        op: BroadcastOf,
        dims: Option<Vec<i64>>,
    },
    BroadcastCompare {
        dims: Option<Vec<i64>>,
        direction: CompareDirection,
        compare_type: Option<CompareType>,
    },
    BroadcastSelect,
    /// `chlo.constant`.
    Constant(Literal),
    /// `chlo.constant_like`: a splat of `value` shaped like the operand.
    ConstantLike(Scalar),
    /// `chlo.top_k(x, k)`: the `k` largest along the last dimension, stably.
    TopK {
        k: i64,
    },
    RaggedDot(RaggedDotDims),
    /// `chlo.scan(inputs) inits(inits)`: `inputs` is the number of inputs; the region
    /// takes one slice of each input, then the carries.
    Scan {
        dimension: i64,
        is_reverse: bool,
        inputs: usize,
    },
    /// `stablehlo.batch_norm_inference` (a StableHLO op, expanded here all the same).
    BatchNormInference {
        epsilon: f64,
        feature_index: i64,
    },
    /// `stablehlo.batch_norm_training`: results `(output, batch_mean, batch_var)`.
    BatchNormTraining {
        epsilon: f64,
        feature_index: i64,
    },
}

impl ChloOp {
    /// The CHLO ops named `name` (`chlo.erf`) that have no attributes.
    pub fn without_attributes(name: &str) -> Option<ChloOp> {
        use Binary as B;
        use Unary as U;
        let short = name.strip_prefix("chlo.")?;
        let unary = |u| Some(ChloOp::Unary(u));
        let binary = |b| Some(ChloOp::Binary(b));
        let broadcast = |op| {
            Some(ChloOp::Broadcast {
                op: BroadcastOf::Stablehlo(op),
                dims: None,
            })
        };
        match short {
            "acos" => unary(U::Acos),
            "acosh" => unary(U::Acosh),
            "asin" => unary(U::Asin),
            "asinh" => unary(U::Asinh),
            "atan" => unary(U::Atan),
            "atanh" => unary(U::Atanh),
            "bessel_i1e" => unary(U::BesselI1e),
            "conj" => unary(U::Conj),
            "cosh" => unary(U::Cosh),
            "digamma" => unary(U::Digamma),
            "erf" => unary(U::Erf),
            "erf_inv" => unary(U::ErfInv),
            "erfc" => unary(U::Erfc),
            "is_inf" => unary(U::IsInf),
            "is_neg_inf" => unary(U::IsNegInf),
            "is_pos_inf" => unary(U::IsPosInf),
            "lgamma" => unary(U::Lgamma),
            "sinh" => unary(U::Sinh),
            "square" => unary(U::Square),
            "tan" => unary(U::Tan),
            "mulhi" => binary(B::Mulhi),
            "next_after" => binary(B::NextAfter),
            "polygamma" => binary(B::Polygamma),
            "zeta" => binary(B::Zeta),
            "broadcast_add" => broadcast(BinaryOp::Add),
            "broadcast_and" => broadcast(BinaryOp::And),
            "broadcast_atan2" => broadcast(BinaryOp::Atan2),
            "broadcast_divide" => broadcast(BinaryOp::Div),
            "broadcast_maximum" => broadcast(BinaryOp::Max),
            "broadcast_minimum" => broadcast(BinaryOp::Min),
            "broadcast_multiply" => broadcast(BinaryOp::Mul),
            "broadcast_or" => broadcast(BinaryOp::Or),
            "broadcast_power" => broadcast(BinaryOp::Pow),
            "broadcast_remainder" => broadcast(BinaryOp::Rem),
            "broadcast_shift_left" => broadcast(BinaryOp::ShiftLeft),
            "broadcast_shift_right_arithmetic" => broadcast(BinaryOp::ShiftRightArithmetic),
            "broadcast_shift_right_logical" => broadcast(BinaryOp::ShiftRightLogical),
            "broadcast_subtract" => broadcast(BinaryOp::Sub),
            "broadcast_xor" => broadcast(BinaryOp::Xor),
            "broadcast_next_after" => Some(ChloOp::Broadcast {
                op: BroadcastOf::Chlo(B::NextAfter),
                dims: None,
            }),
            "broadcast_polygamma" => Some(ChloOp::Broadcast {
                op: BroadcastOf::Chlo(B::Polygamma),
                dims: None,
            }),
            "broadcast_zeta" => Some(ChloOp::Broadcast {
                op: BroadcastOf::Chlo(B::Zeta),
                dims: None,
            }),
            "broadcast_complex" => Some(ChloOp::Broadcast {
                op: BroadcastOf::Complex,
                dims: None,
            }),
            "broadcast_select" => Some(ChloOp::BroadcastSelect),
            _ => None,
        }
    }

    /// The CHLO op a `stablehlo.composite` named `name` with these composite attributes
    /// stands for (`"chlo.top_k"` with `k`, as JAX sends it to a plugin), when pjrtc
    /// expands it itself; `None` leaves the composite a call of its decomposition.
    pub fn from_composite(name: &str, attrs: &[(String, CompositeAttr)]) -> Option<ChloOp> {
        if name == "chlo.top_k" {
            let mut k = None;
            for (key, v) in attrs {
                match (key.as_str(), v) {
                    ("k", CompositeAttr::Int(v)) => k = Some(*v),
                    // Any order of equal elements is allowed unstable; ours is stable.
                    ("is_stable", CompositeAttr::Bool(_)) => {}
                    _ => return None,
                }
            }
            return Some(ChloOp::TopK { k: k? });
        }
        let op = Self::without_attributes(name)?;
        attrs.is_empty().then_some(op)
    }

    /// Is `name` a CHLO op pjrtc knows (with or without attributes)?
    /// The batch-norm op named `name` (`stablehlo.batch_norm_inference`,
    /// `vhlo.batch_norm_training_v1`, ...) with its attributes.
    pub fn batch_norm(name: &str, epsilon: f64, feature_index: i64) -> Option<ChloOp> {
        let short = name.rsplit('.').next()?;
        match short.strip_suffix("_v1").unwrap_or(short) {
            "batch_norm_inference" => Some(ChloOp::BatchNormInference {
                epsilon,
                feature_index,
            }),
            "batch_norm_training" => Some(ChloOp::BatchNormTraining {
                epsilon,
                feature_index,
            }),
            _ => None,
        }
    }

    pub fn is_known(name: &str) -> bool {
        Self::without_attributes(name).is_some()
            || matches!(
                name,
                "chlo.broadcast_compare"
                    | "chlo.constant"
                    | "chlo.constant_like"
                    | "chlo.top_k"
                    | "chlo.ragged_dot"
                    | "chlo.scan"
            )
    }
}

/// Appends the StableHLO expansion of `op` applied to `operands` (and `regions`, for
/// scan) and returns the values standing for its results, checked against the declared
/// `result_types`.
pub fn expand(
    b: &mut Builder,
    name: &str,
    op: &ChloOp,
    operands: &[ValueId],
    result_types: &[TensorType],
    regions: Vec<Region>,
) -> Result<Vec<ValueId>, Diagnostic> {
    let want_regions = usize::from(matches!(op, ChloOp::Scan { .. }));
    if regions.len() != want_regions {
        return Err(b.err(format!(
            "'{name}' expects {want_regions} regions, got {}",
            regions.len()
        )));
    }
    let arity = |n: usize| -> Result<(), Diagnostic> {
        if operands.len() == n {
            Ok(())
        } else {
            Err(b.err(format!(
                "'{name}' expects {n} operands, got {}",
                operands.len()
            )))
        }
    };
    let results = match op {
        ChloOp::Unary(u) => {
            arity(1)?;
            vec![unary(b, *u, operands[0])?]
        }
        ChloOp::Binary(op) => {
            arity(2)?;
            if b.ty(operands[0]) != b.ty(operands[1]) {
                return Err(b.err(format!(
                    "'{name}' operand types differ: {} vs {}",
                    b.ty(operands[0]),
                    b.ty(operands[1])
                )));
            }
            vec![binary(b, *op, operands[0], operands[1])?]
        }
        ChloOp::Broadcast { op, dims } => {
            arity(2)?;
            let out = one_result(b, name, result_types)?;
            vec![broadcast::binary(b, *op, dims.as_deref(), operands, out)?]
        }
        ChloOp::BroadcastCompare {
            dims,
            direction,
            compare_type,
        } => {
            arity(2)?;
            let out = one_result(b, name, result_types)?;
            vec![broadcast::compare(
                b,
                dims.as_deref(),
                *direction,
                *compare_type,
                operands,
                out,
            )?]
        }
        ChloOp::BroadcastSelect => {
            arity(3)?;
            let out = one_result(b, name, result_types)?;
            vec![broadcast::select(b, operands, out)?]
        }
        ChloOp::Constant(lit) => {
            arity(0)?;
            vec![b.op(
                crate::compiler::ir::Opcode::Constant(lit.clone()),
                &[],
                lit.ty.clone(),
            )]
        }
        ChloOp::ConstantLike(v) => {
            arity(1)?;
            let out = one_result(b, name, result_types)?;
            vec![broadcast::constant_like(b, *v, out)]
        }
        ChloOp::TopK { k } => {
            arity(1)?;
            structured::top_k(b, operands[0], *k)?
        }
        ChloOp::RaggedDot(dims) => {
            arity(3)?;
            let out = one_result(b, name, result_types)?;
            vec![structured::ragged_dot(b, dims, operands, out)?]
        }
        ChloOp::Scan {
            dimension,
            is_reverse,
            inputs,
        } => structured::scan(
            b,
            *dimension,
            *is_reverse,
            *inputs,
            operands,
            result_types,
            regions.into_iter().next().expect("one region"),
        )?,
        ChloOp::BatchNormInference {
            epsilon,
            feature_index,
        } => vec![batch_norm::inference(
            b,
            operands,
            *epsilon,
            *feature_index,
        )?],
        ChloOp::BatchNormTraining {
            epsilon,
            feature_index,
        } => batch_norm::training(b, operands, *epsilon, *feature_index)?,
    };
    let got: Vec<&TensorType> = results.iter().map(|&v| b.ty(v)).collect();
    if got.len() != result_types.len() || got.iter().zip(result_types).any(|(g, w)| *g != w) {
        let got: Vec<String> = got.iter().map(|t| t.to_string()).collect();
        let want: Vec<String> = result_types.iter().map(|t| t.to_string()).collect();
        return Err(b.err(format!(
            "'{name}' computes ({}) but its result types are ({})",
            got.join(", "),
            want.join(", ")
        )));
    }
    Ok(results)
}

fn one_result<'t>(
    b: &Builder,
    name: &str,
    result_types: &'t [TensorType],
) -> Result<&'t TensorType, Diagnostic> {
    match result_types {
        [t] => Ok(t),
        _ => Err(b.err(format!(
            "'{name}' has one result, {} declared",
            result_types.len()
        ))),
    }
}

/// An elementwise unary CHLO op.
fn unary(b: &mut Builder, u: Unary, x: ValueId) -> Result<ValueId, Diagnostic> {
    use Unary as U;
    let dtype = b.dtype(x);
    if dtype.is_complex() {
        return complex::unary(b, u, x).ok_or_else(|| {
            b.err(format!(
                "'chlo.{}' is not defined for complex operands, got {}",
                unary_name(u),
                b.ty(x)
            ))
        });
    }
    let float_only = !matches!(u, U::Square | U::Conj);
    if float_only && !dtype.is_float() {
        return Err(b.err(format!(
            "'chlo.{}' expects a floating-point operand, got {}",
            unary_name(u),
            b.ty(x)
        )));
    }
    Ok(match u {
        U::Acos => elementary::acos(b, x),
        U::Acosh => elementary::acosh(b, x),
        U::Asin => elementary::asin(b, x),
        U::Asinh => elementary::asinh(b, x),
        U::Atan => elementary::atan(b, x),
        U::Atanh => elementary::atanh(b, x),
        U::Conj => x,
        U::Cosh => upcast(b, &[x], |b, a| elementary::cosh(b, a[0])),
        U::Sinh => upcast(b, &[x], |b, a| elementary::sinh(b, a[0])),
        U::Square => b.mul(x, x),
        U::Tan => b.unary(crate::compiler::ir::UnaryOp::Tan, x),
        U::IsInf => elementary::is_inf(b, x),
        U::IsPosInf => elementary::is_pos_inf(b, x),
        U::IsNegInf => elementary::is_neg_inf(b, x),
        U::BesselI1e => match dtype {
            DType::F64 => special::bessel_i1e_f64(b, x),
            DType::F32 | DType::F16 | DType::BF16 => {
                upcast(b, &[x], |b, a| special::bessel_i1e_f32(b, a[0]))
            }
            _ => return Err(unsupported_dtype(b, "bessel_i1e", x)),
        },
        U::Erf => match dtype {
            DType::F64 => special::erf_f64(b, x),
            DType::F32 | DType::F16 | DType::BF16 => {
                upcast(b, &[x], |b, a| special::erf_f32(b, a[0]))
            }
            _ => return Err(unsupported_dtype(b, "erf", x)),
        },
        U::Erfc => match dtype {
            DType::F64 => special::erfc_f64(b, x),
            DType::F32 | DType::F16 | DType::BF16 => {
                // One op whose bits the runtime defines (`UnaryOp::Erfc`): kernels
                // evaluate it sixteen lanes at a time.
                upcast(b, &[x], |b, a| {
                    b.unary(crate::compiler::ir::UnaryOp::Erfc, a[0])
                })
            }
            _ => return Err(unsupported_dtype(b, "erfc", x)),
        },
        U::ErfInv => match dtype {
            DType::F64 => special::erf_inv_f64(b, x),
            _ => upcast(b, &[x], |b, a| special::erf_inv_f32(b, a[0])),
        },
        U::Lgamma => upcast(b, &[x], |b, a| special::lgamma(b, a[0])),
        U::Digamma => upcast(b, &[x], |b, a| special::digamma(b, a[0])),
    })
}

/// An elementwise binary CHLO op on operands of one type.
fn binary(b: &mut Builder, op: Binary, x: ValueId, y: ValueId) -> Result<ValueId, Diagnostic> {
    let dtype = b.dtype(x);
    match op {
        Binary::Mulhi if dtype.is_int() && dtype.bits() >= 8 => Ok(elementary::mulhi(b, x, y)),
        Binary::Mulhi => Err(b.err(format!(
            "'chlo.mulhi' expects integers of 8 to 64 bits, got {}",
            b.ty(x)
        ))),
        _ if !dtype.is_float() => Err(b.err(format!(
            "'chlo.{}' expects floating-point operands, got {}",
            binary_name(op),
            b.ty(x)
        ))),
        Binary::NextAfter => Ok(elementary::next_after(b, x, y)),
        Binary::Polygamma => Ok(upcast(b, &[x, y], |b, a| special::polygamma(b, a[0], a[1]))),
        Binary::Zeta => Ok(upcast(b, &[x, y], |b, a| special::zeta(b, a[0], a[1]))),
    }
}

/// `f` on `args` computed in f32 when their element type is a narrower float (and
/// rounded back), as StableHLO's `materializeWithUpcast` does.
fn upcast<F>(b: &mut Builder, args: &[ValueId], f: F) -> ValueId
where
    F: FnOnce(&mut Builder, &[ValueId]) -> ValueId,
{
    let dtype = b.dtype(args[0]);
    if dtype.is_float() && dtype.bits() < 32 {
        let wide: Vec<ValueId> = args.iter().map(|&a| b.convert(a, DType::F32)).collect();
        let r = f(b, &wide);
        b.convert(r, dtype)
    } else {
        f(b, args)
    }
}

fn unsupported_dtype(b: &Builder, op: &str, x: ValueId) -> Diagnostic {
    b.err(format!(
        "unsupported: 'chlo.{op}' on {} (StableHLO defines it for f16, bf16, f32 and f64)",
        b.ty(x)
    ))
}

fn unary_name(u: Unary) -> &'static str {
    use Unary as U;
    match u {
        U::Acos => "acos",
        U::Acosh => "acosh",
        U::Asin => "asin",
        U::Asinh => "asinh",
        U::Atan => "atan",
        U::Atanh => "atanh",
        U::BesselI1e => "bessel_i1e",
        U::Conj => "conj",
        U::Cosh => "cosh",
        U::Digamma => "digamma",
        U::Erf => "erf",
        U::ErfInv => "erf_inv",
        U::Erfc => "erfc",
        U::IsInf => "is_inf",
        U::IsNegInf => "is_neg_inf",
        U::IsPosInf => "is_pos_inf",
        U::Lgamma => "lgamma",
        U::Sinh => "sinh",
        U::Square => "square",
        U::Tan => "tan",
    }
}

fn binary_name(op: Binary) -> &'static str {
    match op {
        Binary::Mulhi => "mulhi",
        Binary::NextAfter => "next_after",
        Binary::Polygamma => "polygamma",
        Binary::Zeta => "zeta",
    }
}

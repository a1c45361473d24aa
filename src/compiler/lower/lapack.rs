//! The LAPACK custom calls JAX's CPU lowering emits (`lapack_sgetrf_ffi`, ...) as
//! [`Step::Linalg`] steps: operand and result conventions as jaxlib's handlers
//! (`jaxlib/cpu/lapack_kernels.cc`) define them, attributes from `mhlo.backend_config`.
//!
//! Layouts (`operand_layouts`, column-major for matrices) say how XLA lays the buffers
//! out for the handler; the step reads matrices by logical index from pjrtc's row-major
//! buffers, so they need no transposes.
//!
//! Complex operands and results (`lapack_c*`, `lapack_z*`, `geev`'s eigenvectors) arrive
//! packed from the complex legalization: real tensors `[..., 2]` of (re, im) pairs, the
//! complex tensors' own bytes.

use super::Lowerer;
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{CallAttr, DType, Op, TensorType};
use pjrtc_runtime::format::linalg::{Linalg, flags};
use pjrtc_runtime::format::{Routine, Step};

/// What a `lapack_*_ffi` target name asks for.
pub(crate) struct Target {
    pub routine: Routine,
    pub dtype: DType,
}

/// Parses `lapack_<t><routine>_ffi`.
pub(crate) fn parse_target(name: &str) -> Option<Target> {
    let (routine, dtype) = Routine::parse_lapack_target(name)?;
    Some(Target { routine, dtype })
}

/// The logical type of `ty` as the handler sees it: a packed complex tensor (`[..., 2]`
/// of its part type) when `want` is complex, else `ty` itself.
fn logical(ty: &TensorType, want: DType) -> Option<TensorType> {
    if !want.is_complex() {
        return Some(ty.clone());
    }
    match ty.shape.split_last() {
        Some((2, dims)) if want.complex_part() == Some(ty.dtype) => {
            Some(TensorType::new(want, dims.to_vec()))
        }
        _ => None,
    }
}

/// An attribute of `mhlo.backend_config`.
fn attr<'a>(config: &'a [(String, CallAttr)], key: &str) -> Option<&'a CallAttr> {
    config.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// A one-character enum attribute (`uplo = 76 : ui8`, i.e. 'L').
fn char_attr(config: &[(String, CallAttr)], key: &str, op: &Op) -> Result<char, Diagnostic> {
    let v = attr(config, key)
        .and_then(CallAttr::as_i64)
        .ok_or_else(|| err(op, format!("missing or non-integer attribute '{key}'")))?;
    u8::try_from(v)
        .map(char::from)
        .map_err(|_| err(op, format!("attribute '{key}' = {v} is not a character")))
}

fn err(op: &Op, msg: String) -> Diagnostic {
    let target = match &op.opcode {
        crate::compiler::ir::Opcode::CustomCall { target, .. } => target.as_str(),
        _ => "?",
    };
    Diagnostic::at(&op.loc, format!("custom_call @{target}: {msg}"))
}

/// Lowers one LAPACK custom call.
pub(crate) fn lower(
    lw: &mut Lowerer,
    op: &Op,
    target: &Target,
    config: &[(String, CallAttr)],
) -> Result<(), Diagnostic> {
    // Complex operands and results are packed; geev's eigenvectors are complex for a real
    // matrix too. Integer results (pivots, info, sdim) and real ones (eigenvalues,
    // singular values, sytrd's d and e) are not.
    let complex_results = |n: usize| -> Vec<bool> {
        match (target.routine, target.dtype.is_complex()) {
            (Routine::Geev, false) => vec![false, false, true, true, false],
            (Routine::Geev, true) => vec![true, true, true, false],
            (Routine::Syevd, true) => vec![true, false, false],
            (Routine::Gesdd | Routine::Gesvd, true) => vec![true, false, true, true, false],
            (Routine::Getrf, true) => vec![true, false, false],
            (Routine::Potrf, true) => vec![true, false],
            (Routine::Gees, true) => vec![true, true, true, false, false],
            (Routine::Gehrd, true) => vec![true, true, false],
            (Routine::Geqp3, true) => vec![true, false, true],
            (Routine::Sytrd, true) => vec![true, false, false, true, false],
            (Routine::Gtsv, true) => vec![true, true, true, true, false],
            (_, c) => vec![c; n],
        }
    };
    let part_or_cplx = |c: bool| match (c, target.dtype) {
        (false, d) => d.complex_part().unwrap_or(d),
        (true, DType::F32) => DType::C64,
        (true, DType::F64) => DType::C128,
        (true, d) => d,
    };
    let unpack =
        |ts: Vec<&TensorType>, complex: Vec<bool>| -> Result<Vec<TensorType>, Diagnostic> {
            ts.into_iter()
                .zip(complex.into_iter().chain(std::iter::repeat(false)))
                .map(|(t, c)| {
                    let want = part_or_cplx(c);
                    if c {
                        logical(t, want).ok_or_else(|| {
                            err(op, format!("{t} is not a packed complex tensor of {want}"))
                        })
                    } else {
                        Ok(t.clone())
                    }
                })
                .collect()
        };
    let op_complex: Vec<bool> = (0..op.operands.len())
        .map(|i| {
            // Pivots (geqp3's jpvt) are integers; every other operand is a matrix or
            // vector of the element type.
            target.dtype.is_complex() && !(target.routine == Routine::Geqp3 && i == 1)
        })
        .collect();
    let tys = unpack(op.operands.iter().map(|&o| lw.ty(o)).collect(), op_complex)?;
    let rtys = unpack(
        op.results.iter().map(|&r| lw.ty(r)).collect(),
        complex_results(op.results.len()),
    )?;
    let (tys, rtys): (Vec<&TensorType>, Vec<&TensorType>) =
        (tys.iter().collect(), rtys.iter().collect());
    let want_ops = match target.routine {
        Routine::Getrf
        | Routine::Geqrf
        | Routine::Potrf
        | Routine::Syevd
        | Routine::Gesdd
        | Routine::Gesvd
        | Routine::Gees
        | Routine::Gehrd
        | Routine::Sytrd
        | Routine::Geev => 1,
        Routine::Geqp3 | Routine::Orgqr | Routine::Trsm => 2,
        Routine::Ormqr => 3,
        Routine::Gtsv => 4,
    };
    if tys.len() != want_ops {
        return Err(err(
            op,
            format!("expects {want_ops} operands, got {}", tys.len()),
        ));
    }
    // The operand whose last two dimensions are the matrix the sizes come from.
    let main = match target.routine {
        Routine::Ormqr => 2,
        Routine::Trsm => 1,
        Routine::Gtsv => 3,
        _ => 0,
    };
    let mty = tys[main];
    if mty.rank() < 2 {
        return Err(err(
            op,
            format!("operand {main} is not a batch of matrices"),
        ));
    }
    let nb = mty.rank() - 2;
    let batch_dims = &mty.shape[..nb];
    let (m, n) = (mty.shape[nb] as u64, mty.shape[nb + 1] as u64);
    let mut k = 0;
    let mut fl = 0;
    let set = |fl: &mut u32, bit: u32, on: bool| {
        if on {
            *fl |= bit;
        }
    };
    match target.routine {
        Routine::Orgqr | Routine::Ormqr => {
            // orgqr: the reflector count; ormqr: the reflectors' matrix's columns.
            let (which, dims) = if target.routine == Routine::Orgqr {
                (1, 1)
            } else {
                (0, 2)
            };
            let ty = tys[which];
            if ty.rank() < dims {
                return Err(err(op, format!("operand {which} has rank {}", ty.rank())));
            }
            k = ty.shape[ty.rank() - 1] as u64;
            if target.routine == Routine::Ormqr {
                let left = attr(config, "left").and_then(CallAttr::as_i64);
                let transpose = attr(config, "transpose").and_then(CallAttr::as_i64);
                let (Some(left), Some(transpose)) = (left, transpose) else {
                    return Err(err(
                        op,
                        "needs boolean attributes 'left' and 'transpose'".into(),
                    ));
                };
                set(&mut fl, flags::LEFT, left != 0);
                set(&mut fl, flags::TRANSPOSE, transpose != 0);
            }
        }
        Routine::Potrf | Routine::Sytrd => {
            set(&mut fl, flags::LOWER, uplo(config, op)?);
        }
        Routine::Syevd => {
            set(&mut fl, flags::LOWER, uplo(config, op)?);
            set(&mut fl, flags::VECTORS, mode(config, op, "VN")? == 'V');
        }
        Routine::Gesdd | Routine::Gesvd => {
            let full = match mode(config, op, "ASN")? {
                'A' => {
                    fl |= flags::VECTORS;
                    true
                }
                'S' => {
                    fl |= flags::VECTORS;
                    false
                }
                // Without vectors the result types still say which shapes u and vt have.
                _ => match (rtys.get(2), rtys.get(3)) {
                    (Some(u), Some(vt)) if u.rank() >= 2 && vt.rank() >= 2 => {
                        u.shape[u.rank() - 1] as u64 == m && vt.shape[vt.rank() - 2] as u64 == n
                    }
                    _ => false,
                },
            };
            set(&mut fl, flags::FULL, full);
        }
        Routine::Geev => {
            for (key, bit) in [
                ("compute_left", flags::LEFT_VECTORS),
                ("compute_right", flags::VECTORS),
            ] {
                match char_attr(config, key, op)? {
                    'V' => fl |= bit,
                    'N' => {}
                    c => return Err(err(op, format!("{key} = '{c}' is not V or N"))),
                }
            }
        }
        Routine::Gees => {
            set(&mut fl, flags::VECTORS, mode(config, op, "VN")? == 'V');
            if char_attr(config, "sort", op)? != 'N' {
                return Err(err(
                    op,
                    "sorting eigenvalues (sort = 'S') is not supported, as on JAX's CPU".into(),
                ));
            }
        }
        Routine::Gehrd => {
            let low = attr(config, "low").and_then(CallAttr::as_i64);
            let high = attr(config, "high").and_then(CallAttr::as_i64);
            if (low, high) != (Some(1), Some(n as i64)) {
                return Err(err(
                    op,
                    format!(
                        "only the whole matrix is reduced (low = 1, high = {n}), got low = {low:?}, \
                         high = {high:?}"
                    ),
                ));
            }
        }
        Routine::Trsm => {
            let left = side(config, op)?;
            set(&mut fl, flags::LEFT, left);
            set(&mut fl, flags::LOWER, uplo(config, op)?);
            match char_attr(config, "trans_x", op)? {
                'N' => {}
                'T' => fl |= flags::TRANSPOSE,
                'C' => fl |= flags::TRANSPOSE | flags::CONJUGATE,
                c => return Err(err(op, format!("trans_x = '{c}' is not N, T or C"))),
            }
            match char_attr(config, "diag", op)? {
                'N' => {}
                'U' => fl |= flags::UNIT_DIAGONAL,
                c => return Err(err(op, format!("diag = '{c}' is not N or U"))),
            }
            k = tys[0].shape.last().copied().unwrap_or(0) as u64;
        }
        Routine::Gtsv | Routine::Getrf | Routine::Geqrf | Routine::Geqp3 => {}
    }
    let step = Linalg {
        routine: target.routine,
        dtype: target.dtype,
        batch: batch_dims.iter().product::<i64>() as u64,
        m,
        n,
        k,
        flags: fl,
        operands: op
            .operands
            .iter()
            .map(|&o| lw.buf[lw.r(o).index()].expect("custom call operands are in buffers"))
            .collect(),
        results: op
            .results
            .iter()
            .map(|&r| lw.buf[r.index()].expect("custom call results are materialized"))
            .collect(),
    };
    // The types the handler expects: element types and counts from the schema, and every
    // operand and result sharing the main operand's batch dimensions.
    let (op_parts, res_parts) = step.layout().map_err(|m| err(op, m))?;
    for (what, parts, types) in [("operand", &op_parts, &tys), ("result", &res_parts, &rtys)] {
        if parts.len() != types.len() {
            return Err(err(
                op,
                format!("expects {} {what}s, got {}", parts.len(), types.len()),
            ));
        }
        for (i, (&(dtype, count), ty)) in parts.iter().zip(types.iter()).enumerate() {
            if ty.dtype != dtype
                || ty.num_elements() as u64 != count
                || ty.rank() < nb
                || &ty.shape[..nb] != batch_dims
            {
                return Err(err(
                    op,
                    format!(
                        "{what} {i} has type {ty}, expected {count} elements of {dtype} with batch \
                         dimensions {batch_dims:?}"
                    ),
                ));
            }
        }
    }
    lw.steps.push(Step::Linalg(step));
    Ok(())
}

fn uplo(config: &[(String, CallAttr)], op: &Op) -> Result<bool, Diagnostic> {
    match char_attr(config, "uplo", op)? {
        'L' => Ok(true),
        'U' => Ok(false),
        c => Err(err(op, format!("uplo = '{c}' is not L or U"))),
    }
}

fn side(config: &[(String, CallAttr)], op: &Op) -> Result<bool, Diagnostic> {
    match char_attr(config, "side", op)? {
        'L' => Ok(true),
        'R' => Ok(false),
        c => Err(err(op, format!("side = '{c}' is not L or R"))),
    }
}

fn mode(config: &[(String, CallAttr)], op: &Op, allowed: &str) -> Result<char, Diagnostic> {
    let c = char_attr(config, "mode", op)?;
    if allowed.contains(c) {
        Ok(c)
    } else {
        Err(err(op, format!("mode = '{c}' is not one of {allowed}")))
    }
}

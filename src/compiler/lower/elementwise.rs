//! Scalar kir for elementwise ops, shared by kernels and reducer bodies.

use super::kir::{Body, Node, NodeId};
use crate::compiler::diag::Diagnostic;
use crate::compiler::ir::{BinaryOp, CompareDirection, CompareType, DType, Op, Opcode};

/// Emits the scalar computation of elementwise `op` on `args` (already evaluated at the
/// same point); `result` is the op's element type.
pub fn emit_scalar(
    body: &mut Body,
    op: &Op,
    args: &[NodeId],
    result: DType,
) -> Result<NodeId, Diagnostic> {
    Ok(match &op.opcode {
        Opcode::Unary(u) => body.push(Node::Unary { op: *u, x: args[0] }, result),
        Opcode::Binary(b) => push_folded(
            body,
            Node::Binary {
                op: *b,
                a: args[0],
                b: args[1],
            },
            result,
        ),
        Opcode::Compare {
            direction,
            compare_type,
        } => match super::divisible::compare_with_zero(body, *direction, args[0], args[1]) {
            // `x % c == 0`: a multiply and a compare instead of a division.
            Some(t) => t,
            None => push_folded(
                body,
                Node::Compare {
                    dir: *direction,
                    a: args[0],
                    b: args[1],
                    total_order: *compare_type == Some(CompareType::TotalOrder),
                },
                DType::I1,
            ),
        },
        Opcode::Select => push_folded(
            body,
            Node::Select {
                cond: args[0],
                on_true: args[1],
                on_false: args[2],
            },
            result,
        ),
        // clamp(min, x, max) = min(max(x, min), max)
        Opcode::Clamp => {
            let lo = body.push(
                Node::Binary {
                    op: BinaryOp::Max,
                    a: args[1],
                    b: args[0],
                },
                result,
            );
            body.push(
                Node::Binary {
                    op: BinaryOp::Min,
                    a: lo,
                    b: args[2],
                },
                result,
            )
        }
        Opcode::Convert => convert(body, args[0], result),
        Opcode::ReducePrecision {
            exponent_bits,
            mantissa_bits,
        } => reduce_precision(body, args[0], *exponent_bits, *mantissa_bits),
        Opcode::BitcastConvert => {
            let from = body.ty(args[0]);
            if from == result {
                args[0]
            } else if from.bits() != result.bits() {
                return Err(Diagnostic::at(
                    &op.loc,
                    "unsupported: stablehlo.bitcast_convert between different bit widths",
                ));
            } else {
                body.push(Node::Bitcast { x: args[0] }, result)
            }
        }
        // Shape-only ops on one element (reducer bodies work on 0-d tensors).
        Opcode::Reshape
        | Opcode::BroadcastInDim { .. }
        | Opcode::Transpose { .. }
        | Opcode::OptimizationBarrier => args[0],
        Opcode::Constant(lit) if lit.ty.num_elements() >= 1 && lit.is_splat() => {
            body.push(Node::Const(lit.element_bits(0)), result)
        }
        _ => {
            return Err(Diagnostic::at(
                &op.loc,
                format!(
                    "unsupported: {} is not a scalar elementwise op",
                    op.opcode.name()
                ),
            ));
        }
    })
}

/// Pushes `node`, or an equal simpler value for the integer identities reducer bodies
/// are full of (jnp's argmax asks `x != x` of integers): `x cmp x` is a constant for
/// integers, `and`/`or` with a constant i1 is the other operand or that constant, a select
/// on a constant or between equal values is one of them, and `select(a > b, a, b)` of
/// integers (`>=`, `<`, `<=` and the swapped operands alike) is `max`/`min` by the
/// integer's signedness, the compare's (both operands have one type). Floats are left
/// alone (NaN, signed zeros).
fn push_folded(body: &mut Body, node: Node, ty: DType) -> NodeId {
    let konst = |body: &Body, n: NodeId| match body.nodes[n.index()] {
        Node::Const(c) if body.ty(n) == DType::I1 => Some(c != 0),
        _ => None,
    };
    // `e op x` with `e` the op's identity is `x` (a pool's window folded from its -inf).
    if let Node::Binary { op, a, b } = node
        && ty != DType::I1
        && let Some(e) = identity_bits(op, ty)
    {
        for (x, y) in [(a, b), (b, a)] {
            if body.nodes[x.index()] == Node::Const(e) && body.ty(x) == ty {
                return y;
            }
        }
    }
    match node {
        Node::Compare { dir, a, b, .. } if a == b && body.ty(a).is_int() => {
            use CompareDirection as D;
            let t = matches!(dir, D::Eq | D::Le | D::Ge);
            return body.push(Node::Const(u64::from(t)), DType::I1);
        }
        Node::Binary {
            op: op @ (BinaryOp::And | BinaryOp::Or),
            a,
            b,
        } if ty == DType::I1 => {
            let absorbing = op == BinaryOp::Or;
            for (x, y) in [(a, b), (b, a)] {
                match konst(body, x) {
                    Some(k) if k == absorbing => return x,
                    Some(_) => return y,
                    None => {}
                }
            }
        }
        Node::Select {
            cond,
            on_true,
            on_false,
        } => {
            if on_true == on_false {
                return on_true;
            }
            if let Some(k) = konst(body, cond) {
                return if k { on_true } else { on_false };
            }
            if let Node::Compare { dir, a, b, .. } = body.nodes[cond.index()]
                && body.ty(a).is_int()
                && body.ty(a) == ty
                && ty != DType::I1
            {
                use CompareDirection as D;
                let greater = match dir {
                    D::Gt | D::Ge => Some(true),
                    D::Lt | D::Le => Some(false),
                    _ => None,
                };
                let pick = match greater {
                    Some(g) if (on_true, on_false) == (a, b) => Some(g),
                    Some(g) if (on_true, on_false) == (b, a) => Some(!g),
                    _ => None,
                };
                if let Some(max) = pick {
                    let op = if max { BinaryOp::Max } else { BinaryOp::Min };
                    return body.push(
                        Node::Binary {
                            op,
                            a: on_true,
                            b: on_false,
                        },
                        ty,
                    );
                }
            }
        }
        _ => {}
    }
    body.push(node, ty)
}

/// The bits of the constant `e` with `op(e, x) == op(x, e) == x`, bit for bit, for every
/// `x` of type `ty` (NaN payloads aside), if `op` has one there: -inf for a float maximum,
/// -0 (not +0: `+0 + -0` is `+0`) for a float sum, the type's least value for an integer
/// maximum, and so on.
fn identity_bits(op: BinaryOp, ty: DType) -> Option<u64> {
    let bits = ty.bits();
    let ones = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let float = |neg_inf: u64, pos_inf: u64, neg_zero: u64| match op {
        BinaryOp::Max => Some(neg_inf),
        BinaryOp::Min => Some(pos_inf),
        BinaryOp::Add => Some(neg_zero),
        _ => None,
    };
    match ty {
        DType::F16 => float(0xFC00, 0x7C00, 0x8000),
        DType::BF16 => float(0xFF80, 0x7F80, 0x8000),
        DType::F32 => float(0xFF80_0000, 0x7F80_0000, 0x8000_0000),
        DType::F64 => float(0xFFF0 << 48, 0x7FF0 << 48, 1 << 63),
        t if t.is_signed_int() || t.is_unsigned_int() => match op {
            BinaryOp::Max if t.is_signed_int() => Some(1 << (bits - 1)),
            BinaryOp::Min if t.is_signed_int() => Some(ones >> 1),
            BinaryOp::Max => Some(0),
            BinaryOp::Min | BinaryOp::And => Some(ones),
            BinaryOp::Add | BinaryOp::Or | BinaryOp::Xor => Some(0),
            BinaryOp::Mul => Some(1),
            _ => None,
        },
        _ => None,
    }
}

/// `x` converted to `to` (no node if it already has that type).
pub fn convert(body: &mut Body, x: NodeId, to: DType) -> NodeId {
    if body.ty(x) == to {
        x
    } else {
        body.push(Node::Convert { x }, to)
    }
}

/// `reduce_precision` on the bits, as the reference evaluator
/// (`eval::elementwise::reduce_precision_elem`): round the mantissa to nearest even, then
/// overflow past the reduced exponent range to infinity and flush below it to (signed)
/// zero; a NaN stays NaN (with its payload, or quiet if no mantissa bits remain).
fn reduce_precision(body: &mut Body, x: NodeId, ebits: i32, mbits: i32) -> NodeId {
    let ft = body.ty(x);
    if ft.minifloat().is_some() {
        // Every minifloat value is an f32: reduce there, then round back (as the evaluator).
        let f = convert(body, x, DType::F32);
        let r = reduce_precision(body, f, ebits, mbits);
        return convert(body, r, ft);
    }
    let (src_e, src_m, ut) = match ft {
        DType::F16 => (5u32, 10u32, DType::U16),
        DType::BF16 => (8, 7, DType::U16),
        DType::F32 => (8, 23, DType::U32),
        DType::F64 => (11, 52, DType::U64),
        // Not a float: verification rejects it; the identity keeps this total.
        _ => return x,
    };
    let (ebits, mbits) = (ebits.max(1) as u32, mbits.max(0) as u32);
    let c = |body: &mut Body, v: u64| body.push(Node::Const(v), ut);
    let bin = |body: &mut Body, op: BinaryOp, a: NodeId, b: NodeId| {
        body.push(Node::Binary { op, a, b }, ut)
    };
    let cmp = |body: &mut Body, dir: CompareDirection, a: NodeId, b: NodeId| {
        body.push(
            Node::Compare {
                dir,
                a,
                b,
                total_order: false,
            },
            DType::I1,
        )
    };
    let sel = |body: &mut Body, cond: NodeId, on_true: NodeId, on_false: NodeId| {
        body.push(
            Node::Select {
                cond,
                on_true,
                on_false,
            },
            ut,
        )
    };
    let w = src_e + src_m + 1;
    let sign_mask = 1u64 << (w - 1);
    let exp_mask = ((1u64 << src_e) - 1) << src_m;
    let man_mask = (1u64 << src_m) - 1;
    let bits = body.push(Node::Bitcast { x }, ut);
    let mut r = bits;
    if mbits < src_m {
        // Add half an ulp of the reduced mantissa (minus one unless the kept last bit is
        // odd: ties go to even), then truncate. The sum wraps within the type's width.
        let shift = src_m - mbits;
        let sh = c(body, u64::from(shift));
        let last = bin(body, BinaryOp::ShiftRightLogical, r, sh);
        let one = c(body, 1);
        let last = bin(body, BinaryOp::And, last, one);
        let half = c(body, (1u64 << (shift - 1)) - 1);
        let bias = bin(body, BinaryOp::Add, half, last);
        r = bin(body, BinaryOp::Add, r, bias);
        let keep = c(body, !((1u64 << shift) - 1) & (sign_mask | (sign_mask - 1)));
        r = bin(body, BinaryOp::And, r, keep);
    }
    if ebits < src_e {
        let exp_bias = (1u64 << (src_e - 1)) - 1;
        let red_bias = (1u64 << (ebits - 1)) - 1;
        let max_e = c(body, (exp_bias + red_bias) << src_m);
        let min_e = c(body, (exp_bias - red_bias) << src_m);
        let em = c(body, exp_mask);
        let sm = c(body, sign_mask);
        let e = bin(body, BinaryOp::And, r, em);
        let signed_zero = bin(body, BinaryOp::And, r, sm);
        let inf = bin(body, BinaryOp::Or, signed_zero, em);
        let over = cmp(body, CompareDirection::Gt, e, max_e);
        let under = cmp(body, CompareDirection::Le, e, min_e);
        let t = sel(body, under, signed_zero, r);
        r = sel(body, over, inf, t);
    }
    if r == bits {
        return x;
    }
    {
        let em = c(body, exp_mask);
        let mm = c(body, man_mask);
        let e = bin(body, BinaryOp::And, bits, em);
        let m = bin(body, BinaryOp::And, bits, mm);
        let zero = c(body, 0);
        let all_ones = cmp(body, CompareDirection::Eq, e, em);
        let payload = cmp(body, CompareDirection::Ne, m, zero);
        let nan = body.push(
            Node::Binary {
                op: BinaryOp::And,
                a: all_ones,
                b: payload,
            },
            DType::I1,
        );
        let nan_bits = if mbits > 0 {
            bits
        } else {
            let sm = c(body, sign_mask);
            let s = bin(body, BinaryOp::And, bits, sm);
            bin(body, BinaryOp::Or, s, em)
        };
        r = sel(body, nan, nan_bits, r);
    }
    body.push(Node::Bitcast { x: r }, ft)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compiler::lower::interp;
    use crate::compiler::lower::kir::{KBuffer, Kernel};

    /// Each folded form against the node it replaces, in the interpreter, on integer
    /// edge values (equal operands included, as argmax's ties).
    #[test]
    fn folded_integer_identities_match_the_unfolded_nodes() {
        use CompareDirection as D;
        let vals: Vec<i32> = vec![i32::MIN, -7, -1, 0, 1, 7, i32::MAX, -1, 7, i32::MIN];
        let n = vals.len() as i64;
        for dt in [DType::I32, DType::U32] {
            let mut forms = 0;
            for dir in [D::Eq, D::Ne, D::Lt, D::Le, D::Gt, D::Ge] {
                for swap in [false, true] {
                    for folded in [false, true] {
                        let k = kernel(dt, n, |body, a, b| {
                            let push = |body: &mut Body, node, ty| {
                                if folded {
                                    push_folded(body, node, ty)
                                } else {
                                    body.push(node, ty)
                                }
                            };
                            let cmp = |a, b| Node::Compare {
                                dir,
                                a,
                                b,
                                total_order: false,
                            };
                            let c = push(body, cmp(a, b), DType::I1);
                            let (p, q) = if swap { (b, a) } else { (a, b) };
                            let s = push(
                                body,
                                Node::Select {
                                    cond: c,
                                    on_true: p,
                                    on_false: q,
                                },
                                dt,
                            );
                            // x cmp x, and/or with constants, select on a constant.
                            let same = push(body, cmp(a, a), DType::I1);
                            let t = body.push(Node::Const(1), DType::I1);
                            let f = body.push(Node::Const(0), DType::I1);
                            let o = push(
                                body,
                                Node::Binary {
                                    op: BinaryOp::Or,
                                    a: c,
                                    b: same,
                                },
                                DType::I1,
                            );
                            let o = push(
                                body,
                                Node::Binary {
                                    op: BinaryOp::And,
                                    a: t,
                                    b: o,
                                },
                                DType::I1,
                            );
                            let o = push(
                                body,
                                Node::Binary {
                                    op: BinaryOp::Or,
                                    a: o,
                                    b: f,
                                },
                                DType::I1,
                            );
                            let s2 = push(
                                body,
                                Node::Select {
                                    cond: o,
                                    on_true: s,
                                    on_false: b,
                                },
                                dt,
                            );
                            if folded && matches!(body.nodes[s.index()], Node::Binary { .. }) {
                                forms += 1;
                            }
                            s2
                        });
                        let mut bufs = vec![
                            ints(&vals),
                            ints(&vals.iter().rev().copied().collect::<Vec<_>>()),
                            vec![0u8; 4 * n as usize],
                        ];
                        interp::run_kernel(&k, &mut bufs);
                        if folded {
                            let mut plain = bufs.clone();
                            let k0 = kernel(dt, n, |body, a, b| {
                                let c = body.push(
                                    Node::Compare {
                                        dir,
                                        a,
                                        b,
                                        total_order: false,
                                    },
                                    DType::I1,
                                );
                                let (p, q) = if swap { (b, a) } else { (a, b) };
                                let s = body.push(
                                    Node::Select {
                                        cond: c,
                                        on_true: p,
                                        on_false: q,
                                    },
                                    dt,
                                );
                                let same = body.push(
                                    Node::Compare {
                                        dir,
                                        a,
                                        b: a,
                                        total_order: false,
                                    },
                                    DType::I1,
                                );
                                let o = body.push(
                                    Node::Binary {
                                        op: BinaryOp::Or,
                                        a: c,
                                        b: same,
                                    },
                                    DType::I1,
                                );
                                body.push(
                                    Node::Select {
                                        cond: o,
                                        on_true: s,
                                        on_false: b,
                                    },
                                    dt,
                                )
                            });
                            interp::run_kernel(&k0, &mut plain);
                            assert_eq!(bufs[2], plain[2], "{dt:?} {dir:?} swap={swap}");
                        }
                    }
                }
            }
            // Every ordering compare became max/min, in both operand orders.
            assert_eq!(forms, 8, "{dt:?}");
        }
    }

    fn ints(v: &[i32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    /// `out[i] = f(a[i], b[i])` over `n` points.
    fn kernel(dt: DType, n: i64, mut f: impl FnMut(&mut Body, NodeId, NodeId) -> NodeId) -> Kernel {
        let mut body = Body::default();
        let i = body.push(Node::Index(0), DType::I64);
        let a = body.push_load(0, vec![i], dt);
        let b = body.push_load(1, vec![i], dt);
        let v = f(&mut body, a, b);
        body.push(
            Node::Store {
                buffer: 2,
                index: vec![i],
                value: v,
            },
            dt,
        );
        let buf = |writable| KBuffer {
            dtype: dt,
            shape: vec![n],
            writable,
        };
        Kernel {
            name: "folds".into(),
            buffers: vec![buf(false), buf(false), buf(true)],
            domain: vec![n],
            body,
            sequential: false,
            limits: Vec::new(),
        }
    }
}

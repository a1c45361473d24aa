//! A reference interpreter for kir kernels: evaluates the body at every domain point.
//!
//! Slow and simple on purpose; it is the oracle the lowering tests compare against, so
//! scalar semantics follow the contract in [`super::kir`] exactly (f16/bf16/f32 are
//! computed in f64 and rounded once per op, which is exact for the basic arithmetic ops).

use super::kir::{Body, Kernel, Node};
use crate::compiler::ir::literal::scalar_to_f64;
use crate::compiler::ir::{BinaryOp, CompareDirection, DType, UnaryOp};

/// Runs `k` over its whole domain. `buffers[i]` is binding `i`, dense row-major bytes.
pub fn run_kernel(k: &Kernel, buffers: &mut [Vec<u8>]) {
    let total: i64 = k.domain.iter().product();
    let mut point = vec![0i64; k.domain.len()];
    for _ in 0..total {
        let mut vals = Vec::with_capacity(k.body.nodes.len());
        eval_body(k, &k.body, &point, &[], &[], &mut vals, buffers);
        next_point(&mut point, &k.domain);
    }
}

fn next_point(point: &mut [i64], extents: &[i64]) {
    for d in (0..point.len()).rev() {
        point[d] += 1;
        if point[d] < extents[d] {
            return;
        }
        point[d] = 0;
    }
}

fn linear(k: &Kernel, buffer: usize, index: &[u64]) -> usize {
    let shape = &k.buffers[buffer].shape;
    assert_eq!(shape.len(), index.len(), "index rank of buffer {buffer}");
    let mut lin = 0usize;
    for (d, &i) in index.iter().enumerate() {
        let i = i as i64;
        assert!(
            i >= 0 && i < shape[d],
            "out of bounds access to buffer {buffer}: index {i} of dim {d} (size {})",
            shape[d]
        );
        lin = lin * shape[d] as usize + i as usize;
    }
    lin
}

fn eval_body(
    k: &Kernel,
    body: &Body,
    point: &[i64],
    accs: &[u64],
    outer: &[u64],
    vals: &mut Vec<u64>,
    buffers: &mut [Vec<u8>],
) {
    let mut reduce_results: Vec<(usize, Vec<u64>)> = Vec::new();
    for (n, node) in body.nodes.iter().enumerate() {
        let ty = body.types[n];
        let v = |id: &super::kir::NodeId| vals[id.index()];
        let t = |id: &super::kir::NodeId| body.types[id.index()];
        let r = match node {
            Node::Index(d) => point[*d] as u64,
            Node::Const(b) => *b,
            Node::Load { buffer, index } => {
                let idx: Vec<u64> = index.iter().map(v).collect();
                let w = ty.size();
                let off = linear(k, *buffer, &idx) * w;
                let mut b = [0u8; 8];
                b[..w].copy_from_slice(&buffers[*buffer][off..off + w]);
                u64::from_le_bytes(b)
            }
            Node::Store {
                buffer,
                index,
                value,
            } => {
                let idx: Vec<u64> = index.iter().map(v).collect();
                let w = k.buffers[*buffer].dtype.size();
                assert_eq!(k.buffers[*buffer].dtype, t(value), "store dtype");
                assert!(k.buffers[*buffer].writable, "store to read-only buffer");
                let off = linear(k, *buffer, &idx) * w;
                let bytes = v(value).to_le_bytes();
                buffers[*buffer][off..off + w].copy_from_slice(&bytes[..w]);
                0
            }
            Node::Unary { op, x } => unary(*op, t(x), ty, v(x)),
            Node::Binary { op, a, b } => binary(*op, ty, v(a), v(b)),
            Node::Compare {
                dir,
                a,
                b,
                total_order,
            } => compare(*dir, t(a), v(a), v(b), *total_order) as u64,
            Node::Select {
                cond,
                on_true,
                on_false,
            } => {
                if v(cond) & 1 != 0 {
                    v(on_true)
                } else {
                    v(on_false)
                }
            }
            Node::Convert { x } => convert(t(x), ty, v(x)),
            Node::Bitcast { x } => {
                assert_eq!(t(x).bits(), ty.bits(), "bitcast width");
                v(x)
            }
            Node::Reduce {
                extents,
                inits,
                body: inner,
            } => {
                let mut acc: Vec<u64> = inits.iter().map(v).collect();
                let total: i64 = extents.iter().product();
                let mut p = vec![0i64; extents.len()];
                for _ in 0..total {
                    let mut inner_vals = Vec::with_capacity(inner.nodes.len());
                    eval_body(k, inner, &p, &acc, vals, &mut inner_vals, buffers);
                    acc = inner.yields.iter().map(|y| inner_vals[y.index()]).collect();
                    next_point(&mut p, extents);
                }
                let r = acc[0];
                reduce_results.push((n, acc));
                r
            }
            Node::Acc(i) => accs[*i],
            Node::Outer(id) => outer[id.index()],
            Node::ReduceResult { reduce, k } => {
                reduce_results
                    .iter()
                    .find(|(n, _)| *n == reduce.index())
                    .expect("ReduceResult of an earlier reduce")
                    .1[*k]
            }
        };
        vals.push(mask(ty, r));
    }
}

fn mask(ty: DType, bits: u64) -> u64 {
    if ty.bits() >= 64 {
        bits
    } else {
        bits & ((1u64 << ty.bits()) - 1)
    }
}

pub fn to_f64(ty: DType, bits: u64) -> f64 {
    scalar_to_f64(ty, bits)
}

pub fn from_f64(ty: DType, x: f64) -> u64 {
    match ty {
        DType::F16 => half::f16::from_f64(x).to_bits() as u64,
        DType::BF16 => half::bf16::from_f64(x).to_bits() as u64,
        DType::F32 => (x as f32).to_bits() as u64,
        DType::F64 => x.to_bits(),
        d if let Some(f) = d.minifloat() => u64::from(f.encode(x)),
        _ => panic!("from_f64 on {ty:?}"),
    }
}

/// Integer value: sign-extended for signed types, zero-extended otherwise.
pub fn to_int(ty: DType, bits: u64) -> i128 {
    let w = ty.bits();
    if ty.is_signed_int() && w < 64 {
        let sh = 64 - w;
        (((bits << sh) as i64) >> sh) as i128
    } else if ty.is_signed_int() {
        bits as i64 as i128
    } else {
        mask(ty, bits) as i128
    }
}

pub fn from_int(ty: DType, v: i128) -> u64 {
    mask(ty, v as u64)
}

fn unary(op: UnaryOp, xt: DType, ty: DType, x: u64) -> u64 {
    use UnaryOp as U;
    if op == U::IsFinite {
        return to_f64(xt, x).is_finite() as u64;
    }
    if xt.is_float() {
        let f = to_f64(xt, x);
        let r = match op {
            U::Abs => f.abs(),
            U::Neg => -f,
            U::Sqrt => f.sqrt(),
            U::Rsqrt => 1.0 / f.sqrt(),
            U::Cbrt => f.cbrt(),
            U::Exp => f.exp(),
            U::Expm1 => f.exp_m1(),
            U::Log => f.ln(),
            U::Log1p => f.ln_1p(),
            U::Logistic => 1.0 / (1.0 + (-f).exp()),
            U::Tanh => f.tanh(),
            U::Sin => f.sin(),
            U::Cos => f.cos(),
            U::Tan => f.tan(),
            U::Floor => f.floor(),
            U::Ceil => f.ceil(),
            U::RoundNearestAfz => f.round(),
            U::RoundNearestEven => f.round_ties_even(),
            U::Sign => {
                if f.is_nan() || f == 0.0 {
                    f
                } else {
                    f.signum()
                }
            }
            U::Not | U::PopCnt | U::CountLeadingZeros | U::IsFinite => {
                panic!("{op:?} on float")
            }
        };
        return from_f64(ty, r);
    }
    let i = to_int(xt, x);
    let w = xt.bits();
    let r = match op {
        U::Abs => i.abs(),
        U::Neg => -i,
        U::Sign => i.signum(),
        U::Not => !i,
        U::PopCnt => mask(xt, x).count_ones() as i128,
        U::CountLeadingZeros => (mask(xt, x).leading_zeros() - (64 - w)) as i128,
        _ => panic!("{op:?} on integer"),
    };
    from_int(ty, r)
}

fn binary(op: BinaryOp, ty: DType, a: u64, b: u64) -> u64 {
    use BinaryOp as B;
    if ty.is_float() {
        let (x, y) = (to_f64(ty, a), to_f64(ty, b));
        let r = match op {
            B::Add => x + y,
            B::Sub => x - y,
            B::Mul => x * y,
            B::Div => x / y,
            B::Rem => x % y,
            B::Pow => x.powf(y),
            B::Max | B::Min if x.is_nan() || y.is_nan() => f64::NAN,
            // -0 < +0, as the evaluator orders them.
            B::Max if x == y && x.is_sign_negative() => y,
            B::Min if x == y && x.is_sign_negative() => x,
            B::Max if x == y => x,
            B::Min if x == y => y,
            B::Max => x.max(y),
            B::Min => x.min(y),
            B::Atan2 => x.atan2(y),
            _ => panic!("{op:?} on float"),
        };
        return from_f64(ty, r);
    }
    let (x, y) = (to_int(ty, a), to_int(ty, b));
    let w = ty.bits();
    let r: i128 = match op {
        B::Add => x + y,
        B::Sub => x - y,
        B::Mul => x.wrapping_mul(y),
        // i128 arithmetic makes INT_MIN / -1 wrap to INT_MIN after truncation.
        B::Div if y == 0 => -1,
        B::Div => x / y,
        B::Rem if y == 0 => x,
        B::Rem => x % y,
        B::Pow => int_pow(ty, x, y),
        B::Max => x.max(y),
        B::Min => x.min(y),
        B::And => x & y,
        B::Or => x | y,
        B::Xor => x ^ y,
        B::ShiftLeft | B::ShiftRightLogical | B::ShiftRightArithmetic => {
            let amt = mask(ty, b);
            let ua = mask(ty, a) as i128;
            // Arithmetic shifts sign-fill from the type's top bit, whatever its
            // signedness (as the evaluator does).
            let sx = if ua >> (w - 1) & 1 == 1 {
                ua - (1i128 << w)
            } else {
                ua
            };
            if amt >= w as u64 {
                match op {
                    B::ShiftRightArithmetic if sx < 0 => -1,
                    _ => 0,
                }
            } else {
                match op {
                    B::ShiftLeft => ua << amt,
                    B::ShiftRightLogical => ua >> amt,
                    _ => sx >> amt,
                }
            }
        }
        B::Atan2 => panic!("atan2 on integer"),
    };
    from_int(ty, r)
}

fn int_pow(ty: DType, x: i128, y: i128) -> i128 {
    if y < 0 {
        return match x {
            1 => 1,
            -1 => {
                if y % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    let (mut base, mut e, mut acc) = (x, y, 1i128);
    while e > 0 {
        if e & 1 == 1 {
            acc = to_int(ty, from_int(ty, acc.wrapping_mul(base)));
        }
        base = to_int(ty, from_int(ty, base.wrapping_mul(base)));
        e >>= 1;
    }
    acc
}

fn total_order_key(ty: DType, bits: u64) -> i64 {
    let w = ty.bits();
    let sh = 64 - w;
    let i = ((bits << sh) as i64) >> sh;
    if i < 0 { i ^ (i64::MAX >> sh) } else { i }
}

fn compare(dir: CompareDirection, ty: DType, a: u64, b: u64, total_order: bool) -> bool {
    use std::cmp::Ordering;
    let ord: Option<Ordering> = if ty.is_float() && total_order {
        Some(total_order_key(ty, a).cmp(&total_order_key(ty, b)))
    } else if ty.is_float() {
        to_f64(ty, a).partial_cmp(&to_f64(ty, b))
    } else {
        Some(to_int(ty, a).cmp(&to_int(ty, b)))
    };
    match (dir, ord) {
        (CompareDirection::Ne, None) => true,
        (_, None) => false,
        (CompareDirection::Eq, Some(o)) => o == Ordering::Equal,
        (CompareDirection::Ne, Some(o)) => o != Ordering::Equal,
        (CompareDirection::Lt, Some(o)) => o == Ordering::Less,
        (CompareDirection::Le, Some(o)) => o != Ordering::Greater,
        (CompareDirection::Gt, Some(o)) => o == Ordering::Greater,
        (CompareDirection::Ge, Some(o)) => o != Ordering::Less,
    }
}

pub fn convert(from: DType, to: DType, x: u64) -> u64 {
    if to == DType::I1 {
        return if from.is_float() {
            (to_f64(from, x) != 0.0) as u64
        } else {
            (mask(from, x) != 0) as u64
        };
    }
    match (from.is_float(), to.is_float()) {
        (true, true) => from_f64(to, to_f64(from, x)),
        (false, true) => {
            let i = to_int(from, x);
            match to {
                DType::F32 => (i as f32).to_bits() as u64,
                DType::F64 => (i as f64).to_bits(),
                _ => from_f64(to, i as f64),
            }
        }
        (true, false) => {
            let f = to_f64(from, x);
            let w = to.bits();
            let v: i128 = if to.is_signed_int() {
                let lo = -(1i128 << (w - 1));
                let hi = (1i128 << (w - 1)) - 1;
                ((f as i64) as i128).clamp(lo, hi)
            } else {
                let hi = if w >= 64 {
                    u64::MAX as i128
                } else {
                    (1i128 << w) - 1
                };
                ((f as u64) as i128).min(hi)
            };
            from_int(to, v)
        }
        (false, false) => from_int(to, to_int(from, x)),
    }
}

//! CHLO's elementwise functions on complex operands. Each expands into the real arithmetic
//! of its formula in `eval::complex` (the one definition the evaluator and the complex
//! legalization share) on the operand's parts, computed in f64 and rounded once per part,
//! like the complex ops StableHLO itself has. `tan` stays `stablehlo.tan`, which the
//! complex legalization expands; `conj` negates the imaginary part.

use super::Unary;
use crate::compiler::eval::complex::{self as cx, Arith, Z};
use crate::compiler::ir::builder::Builder;
use crate::compiler::ir::{
    BinaryOp, CompareDirection, DType, Opcode, TensorType, UnaryOp, ValueId,
};

/// `u` on the complex `x`, or `None` when CHLO does not define it for complex values.
pub(super) fn unary(b: &mut Builder, u: Unary, x: ValueId) -> Option<ValueId> {
    use Unary as U;
    match u {
        U::Tan => return Some(b.unary(UnaryOp::Tan, x)),
        U::Conj => {
            let (re, im) = parts(b, x);
            let nim = b.neg(im);
            return Some(complex(b, x, (re, nim)));
        }
        // Probe on a scalar: the list of functions lives in `formula` alone.
        _ if formula(u, &mut cx::F64, (0.0, 0.0)).is_none() => return None,
        _ => {}
    }
    let part = part_dtype(b, x);
    let (re, im) = parts(b, x);
    let z = (convert(b, re, DType::F64), convert(b, im, DType::F64));
    let shape = b.shape(x);
    let (re, im) = formula(u, &mut F64Parts { b, shape }, z)?;
    let z = (convert(b, re, part), convert(b, im, part));
    Some(complex(b, x, z))
}

fn convert(b: &mut Builder, x: ValueId, dtype: DType) -> ValueId {
    if b.dtype(x) == dtype {
        x
    } else {
        b.convert(x, dtype)
    }
}

/// The formula of `u` on complex parts (`None` where CHLO has no complex form).
fn formula<A: Arith>(u: Unary, a: &mut A, z: Z<A::V>) -> Option<Z<A::V>> {
    use Unary as U;
    Some(match u {
        U::Acos => cx::acos(a, z),
        U::Acosh => cx::acosh(a, z),
        U::Asin => cx::asin(a, z),
        U::Asinh => cx::asinh(a, z),
        U::Atan => cx::atan(a, z),
        U::Atanh => cx::atanh(a, z),
        U::Cosh => cx::cosh(a, z),
        U::Sinh => cx::sinh(a, z),
        U::Square => cx::square(a, z),
        _ => return None,
    })
}

fn part_dtype(b: &Builder, x: ValueId) -> DType {
    b.dtype(x).complex_part().expect("a complex operand")
}

/// The real and imaginary parts of the complex `x`.
fn parts(b: &mut Builder, x: ValueId) -> Z<ValueId> {
    let ty = TensorType::new(part_dtype(b, x), b.shape(x));
    (
        b.op(Opcode::Real, &[x], ty.clone()),
        b.op(Opcode::Imag, &[x], ty),
    )
}

/// A complex value of `like`'s type from its parts.
fn complex(b: &mut Builder, like: ValueId, z: Z<ValueId>) -> ValueId {
    let ty = b.ty(like).clone();
    b.op(Opcode::Complex, &[z.0, z.1], ty)
}

/// [`Arith`] on f64 tensors of one shape, appended to a [`Builder`].
struct F64Parts<'s, 'a> {
    b: &'s mut Builder<'a>,
    shape: Vec<i64>,
}

impl Arith for F64Parts<'_, '_> {
    type V = ValueId;
    type B = ValueId;
    fn c(&mut self, x: f64) -> ValueId {
        let s = self.b.scalar(DType::F64, x);
        self.b.splat(s, &self.shape)
    }
    fn un(&mut self, u: UnaryOp, a: ValueId) -> ValueId {
        self.b.unary(u, a)
    }
    fn bin(&mut self, op: BinaryOp, x: ValueId, y: ValueId) -> ValueId {
        self.b.binary(op, x, y)
    }
    fn cmp(&mut self, d: CompareDirection, x: ValueId, y: ValueId) -> ValueId {
        self.b.compare(d, x, y)
    }
    fn and(&mut self, p: ValueId, q: ValueId) -> ValueId {
        self.b.and(p, q)
    }
    fn or(&mut self, p: ValueId, q: ValueId) -> ValueId {
        self.b.or(p, q)
    }
    fn sign_bit(&mut self, a: ValueId) -> ValueId {
        let bits = self.b.bitcast(a, DType::I64);
        let zero = self.b.int_like(bits, 0);
        self.b.lt(bits, zero)
    }
    fn select(&mut self, p: ValueId, t: ValueId, f: ValueId) -> ValueId {
        self.b.select(p, t, f)
    }
}

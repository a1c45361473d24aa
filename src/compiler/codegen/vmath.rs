//! f32 transcendentals in Cranelift IR, no call per element; within 3 ulp.
//!
//! exp, sin, cos, tanh and logistic run natively in f32 (f32x4: four lanes per
//! instruction, see `f32math`); sin/cos with |x| > 6000 (or infinite) fall back to the
//! f64 path below, in a [`Helper`] function compiled once per image and called from a
//! cold block in the preserve-all convention, so the hot loop spills nothing.
//!
//! The rest widen each f32 (or f32x4) input to f64 (f64x2 halves), evaluate there with a
//! range reduction and a polynomial accurate to ~1e-13, and round once to f32: within
//! 1 ulp, subnormal results kept, specials falling out of the same code. The f64 code is
//! written once, generic over `F64` and `F64X2`.
//!
//! The f64 sin/cos/tan reduce with a three-part π/2 (exact for |x| <= 1e6); larger
//! finite arguments take a slow path through the runtime's f64 functions.

mod f32math;

use super::scalar::{Cx, R};
use crate::compiler::ir::{BinaryOp, UnaryOp};
use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{
    BlockArg, ConstantData, Endianness, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind,
    Type, Value, types,
};
use pjrtc_runtime::vecmath::trig64::{COS_C, PIO2_1, PIO2_2, PIO2_3, SIN_C};

/// Has `op` an f32x4 form? (All f32 math functions do.)
pub(crate) fn has_vector_unary(op: UnaryOp) -> bool {
    use UnaryOp as U;
    matches!(
        op,
        U::Exp
            | U::Expm1
            | U::Log
            | U::Log1p
            | U::Logistic
            | U::Tanh
            | U::Sin
            | U::Cos
            | U::Tan
            | U::Cbrt
            | U::Erfc
    )
}

/// Has binary `op` an f32x4 form?
pub(crate) fn has_vector_binary(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::Pow | BinaryOp::Atan2)
}

/// Largest |x| the inline sin/cos/tan reduction handles exactly enough.
const TRIG_LIMIT: f64 = 1e6;

fn import_name(op: UnaryOp) -> R<&'static str> {
    use UnaryOp as U;
    Ok(match op {
        U::Sin => "pjrt_rt_sin_f64_v1",
        U::Cos => "pjrt_rt_cos_f64_v1",
        U::Tan => "pjrt_rt_tan_f64_v1",
        _ => return Err(format!("{op:?} has no slow path")),
    })
}

/// Widens f32 (f32x4) arguments to f64 (two f64x2 halves), evaluates `f` there and
/// rounds the result back once.
fn widened(cx: &mut Cx, args: &[Value], f: impl Fn(&mut M, &[Value]) -> Value) -> Value {
    if !cx.ty(args[0]).is_vector() {
        let d: Vec<Value> = args
            .iter()
            .map(|&a| cx.b.ins().fpromote(types::F64, a))
            .collect();
        let mut m = M::new(cx, types::F64);
        let r = f(&mut m, &d);
        return cx.b.ins().fdemote(types::F32, r);
    }
    let mut halves = [Vec::new(), Vec::new()];
    for &a in args {
        halves[0].push(cx.b.ins().fvpromote_low(a));
        let hi = shuffle_f32x4(cx, a, a, [2, 3, 0, 1]);
        halves[1].push(cx.b.ins().fvpromote_low(hi));
    }
    let mut out = Vec::new();
    for h in &halves {
        let mut m = M::new(cx, types::F64X2);
        let r = f(&mut m, h);
        out.push(cx.b.ins().fvdemote(r));
    }
    shuffle_f32x4(cx, out[0], out[1], [0, 1, 4, 5])
}

/// f32 or f32x4 `op(x)`.
pub(crate) fn unary_f32(cx: &mut Cx, op: UnaryOp, x: Value) -> R<Value> {
    if !has_vector_unary(op) {
        return Err(format!("{op:?} is not a math function"));
    }
    let ty = cx.ty(x);
    match op {
        // Natively in f32, 4 lanes at a time (see `f32math`); the rest widen to f64.
        UnaryOp::Exp => return Ok(M::new(cx, ty).exp_f32(x)),
        UnaryOp::Tanh => return Ok(M::new(cx, ty).tanh_f32(x)),
        UnaryOp::Logistic => return Ok(M::new(cx, ty).logistic_f32(x)),
        UnaryOp::Sin | UnaryOp::Cos => {
            let fast = M::new(cx, ty).sincos_f32(x, op == UnaryOp::Cos);
            // Beyond the f32 reduction's range: the f64 path, in a helper function
            // called from a cold block (see `Helper`).
            // |x| > limit: a bit mask and a compare, off the multiply pipes the fast
            // path keeps busy; NaN compares false and keeps the fast result, NaN.
            let abs = cx.b.ins().fabs(x);
            let lim = cx.fconst(ty, f32math::SINCOS_LIMIT as f64);
            let big = cx.b.ins().fcmp(FloatCC::LessThan, lim, abs);
            let big = any_lane(cx, big);
            let helper = if op == UnaryOp::Cos {
                Helper::Cos
            } else {
                Helper::Sin
            };
            return slow_path(cx, big, fast, |cx| Ok(call_helper(cx, helper, x)));
        }
        UnaryOp::Tan => return widened_trig(cx, op, x),
        // Defined by the runtime's routine (see `UnaryOp::Erfc`), which kernels whose
        // rows run in tiles call on whole tiles (`kernel/tiles.rs`).
        UnaryOp::Erfc => return array_routine(cx, "pjrt_rt_erfc_f32_array_v1", x),
        _ => {}
    }
    Ok(widened(cx, &[x], |m, a| m.unary(op, a[0])))
}

/// Functions compiled once per image and called from generated code's cold paths, in
/// the preserve-all convention: a kernel's hot loop keeps its vectors and constants in
/// registers across the (never taken) call instead of spilling them every iteration, and
/// the large exact code exists once rather than inline at every use.
///
/// Each takes a pointer to an f32x4 and replaces it by the function's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Helper {
    /// sin through f64 (exact reduction up to `TRIG_LIMIT`, the runtime beyond).
    Sin = 0,
    /// cos, likewise.
    Cos = 1,
}

impl Helper {
    pub(crate) const ALL: [Helper; 2] = [Helper::Sin, Helper::Cos];

    pub(crate) fn from_index(i: u32) -> Option<Helper> {
        Helper::ALL.get(i as usize).copied()
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Helper::Sin => "vmath_sin_f32x4_slow",
            Helper::Cos => "vmath_cos_f32x4_slow",
        }
    }

    /// The body: `*p = f(*p)` for the f32x4 at `p` (the builder is in the entry block).
    pub(crate) fn emit(self, cx: &mut Cx, p: Value) -> R<()> {
        let flags = MemFlagsData::trusted();
        let x = cx.b.ins().load(types::F32X4, flags, p, 0);
        let op = match self {
            Helper::Sin => UnaryOp::Sin,
            Helper::Cos => UnaryOp::Cos,
        };
        let r = widened_trig(cx, op, x)?;
        cx.b.ins().store(flags, r, p, 0);
        Ok(())
    }
}

/// `helper(x)` for an f32 or f32x4 `x`, through a stack slot.
fn call_helper(cx: &mut Cx, helper: Helper, x: Value) -> Value {
    let vector = cx.ty(x).is_vector();
    let slot =
        cx.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 16, 4));
    let v = if vector {
        x
    } else {
        cx.b.ins().splat(types::F32X4, x)
    };
    cx.b.ins().stack_store(types::I64, v, slot, 0);
    let p = cx.b.ins().stack_addr(types::I64, slot, 0);
    cx.call_helper(helper as u32, p);
    let r = cx.b.ins().stack_load(types::I64, types::F32X4, slot, 0);
    if vector {
        r
    } else {
        cx.b.ins().extractlane(r, 0)
    }
}

/// The runtime's `routine(data, n)` on the lanes of an f32 or f32x4 `x`, through a
/// stack slot.
fn array_routine(cx: &mut Cx, routine: &'static str, x: Value) -> R<Value> {
    let vector = cx.ty(x).is_vector();
    let slot =
        cx.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 16, 4));
    let p = cx.b.ins().stack_addr(types::I64, slot, 0);
    cx.b.ins().store(MemFlagsData::trusted(), x, p, 0);
    let n = cx.b.ins().iconst(types::I64, if vector { 4 } else { 1 });
    cx.call_void(routine, &[p, n])?;
    let ty = cx.ty(x);
    Ok(cx.b.ins().load(ty, MemFlagsData::trusted(), p, 0))
}

/// Is `cond` (a scalar or lane-mask compare result) true in any lane?
fn any_lane(cx: &mut Cx, cond: Value) -> Value {
    if cx.ty(cond).is_vector() {
        cx.b.ins().vany_true(cond)
    } else {
        cond
    }
}

/// sin, cos or tan through f64, exact reduction up to `TRIG_LIMIT`, the runtime beyond.
fn widened_trig(cx: &mut Cx, op: UnaryOp, x: Value) -> R<Value> {
    let r = widened(cx, &[x], |m, a| m.unary(op, a[0]));
    // Huge arguments: the runtime's f64 function, per lane, on a cold path.
    let ty = cx.ty(x);
    let a = cx.b.ins().fabs(x);
    let lim = cx.fconst(ty, TRIG_LIMIT);
    let big = cx.b.ins().fcmp(FloatCC::GreaterThan, a, lim);
    let big = any_lane(cx, big);
    let name = import_name(op)?;
    slow_path(cx, big, r, |cx| {
        let lanes = if ty.is_vector() { 4 } else { 1 };
        let mut v = r;
        for lane in 0..lanes {
            let e = if ty.is_vector() {
                cx.b.ins().extractlane(x, lane)
            } else {
                x
            };
            let d = cx.b.ins().fpromote(types::F64, e);
            let s = cx.call(name, types::F64, &[d])?;
            let s = cx.b.ins().fdemote(types::F32, s);
            v = if ty.is_vector() {
                cx.b.ins().insertlane(v, s, lane)
            } else {
                s
            };
        }
        Ok(v)
    })
}

/// f32 or f32x4 `pow(a, b)` / `atan2(a, b)`.
pub(crate) fn binary_f32(cx: &mut Cx, op: BinaryOp, a: Value, b: Value) -> R<Value> {
    Ok(match op {
        BinaryOp::Pow => widened(cx, &[a, b], |m, v| m.pow(v[0], v[1])),
        BinaryOp::Atan2 => widened(cx, &[a, b], |m, v| m.atan2(v[0], v[1])),
        _ => return Err(format!("{op:?} is not a math function")),
    })
}

/// `if cond { slow() } else { fast }`, with the slow side out of line.
fn slow_path(
    cx: &mut Cx,
    cond: Value,
    fast: Value,
    slow: impl FnOnce(&mut Cx) -> R<Value>,
) -> R<Value> {
    let ty = cx.ty(fast);
    let slow_blk = cx.b.create_block();
    let join = cx.b.create_block();
    cx.b.set_cold_block(slow_blk);
    cx.b.append_block_param(join, ty);
    cx.b.ins()
        .brif(cond, slow_blk, &[], join, &[BlockArg::Value(fast)]);
    cx.b.switch_to_block(slow_blk);
    let s = slow(cx)?;
    cx.b.ins().jump(join, &[BlockArg::Value(s)]);
    cx.b.switch_to_block(join);
    Ok(cx.b.block_params(join)[0])
}

/// Lanes `[a|b][idx]` of two f32x4 (indices 0-3 pick from `a`, 4-7 from `b`).
fn shuffle_f32x4(cx: &mut Cx, a: Value, b: Value, idx: [u8; 4]) -> Value {
    let le = MemFlagsData::new().with_endianness(Endianness::Little);
    let mask: Vec<u8> = idx
        .iter()
        .flat_map(|&l| (0..4).map(move |k| l * 4 + k))
        .collect();
    let imm = cx.b.func.dfg.immediates.push(ConstantData::from(mask));
    let a8 = cx.b.ins().bitcast(types::I8X16, le, a);
    let b8 = cx.b.ins().bitcast(types::I8X16, le, b);
    let s = cx.b.ins().shuffle(a8, b8, imm);
    cx.b.ins().bitcast(types::F32X4, le, s)
}

/// f64 helpers generic over F64 and F64X2.
struct M<'c, 'a, 'b> {
    cx: &'c mut Cx<'a, 'b>,
    ty: Type,
    ity: Type,
}

impl<'c, 'a, 'b> M<'c, 'a, 'b> {
    fn new(cx: &'c mut Cx<'a, 'b>, ty: Type) -> Self {
        let ity = ty.as_int();
        M { cx, ty, ity }
    }

    /// e^x in f32 arithmetic (Cephes expf): Cody-Waite reduction by ln 2, a degree-7
    /// polynomial, and a two-step scale by 2^n so that subnormal results round once.
    fn exp_f32(&mut self, x: Value) -> Value {
        const MAGIC: f32 = 12582912.0; // 1.5 * 2^23: n lands in the low bits.
        let x = self.clamp(x, -104.0, 89.0);
        let t = self.mulc(x, std::f64::consts::LOG2_E);
        let n = self.cx.b.ins().nearest(t);
        let h = self.mulc(n, 0.693359375);
        let r = self.sub(x, h);
        let l = self.mulc(n, -2.12194440e-4);
        let r = self.sub(r, l);
        let z = self.mul(r, r);
        let p = self.poly(
            r,
            &[
                5.0000001201e-1,
                1.6666665459e-1,
                4.1665795894e-2,
                8.3334519073e-3,
                1.3981999507e-3,
                1.9875691500e-4,
            ],
        );
        let p = self.mul_add(p, z, r);
        let p = self.addc(p, 1.0);
        // n = n1 + n2 with both halves' powers of two representable.
        let tn = self.addc(n, MAGIC as f64);
        let tb = self.bits(tn);
        let mb = self.ic(MAGIC.to_bits() as i64);
        let ni = self.cx.b.ins().isub(tb, mb);
        let n1 = self.cx.b.ins().sshr_imm_u(ni, 1);
        let n2 = self.cx.b.ins().isub(ni, n1);
        let mut out = p;
        for k in [n1, n2] {
            let bias = self.ic(127);
            let e = self.cx.b.ins().iadd(k, bias);
            let e = self.cx.b.ins().ishl_imm_u(e, 23);
            let s = self.float_of(e);
            out = self.mul(out, s);
        }
        out
    }

    fn unary(&mut self, op: UnaryOp, x: Value) -> Value {
        match op {
            UnaryOp::Exp => self.exp(x),
            UnaryOp::Expm1 => self.expm1(x),
            UnaryOp::Log => self.log(x),
            UnaryOp::Log1p => self.log1p(x),
            UnaryOp::Logistic => self.logistic(x),
            UnaryOp::Tanh => self.tanh(x),
            UnaryOp::Cbrt => self.cbrt(x),
            _ => self.trig(op, x),
        }
    }

    fn fabs(&mut self, x: Value) -> Value {
        self.cx.b.ins().fabs(x)
    }

    /// |a| with the sign of b (x64 has no vector fcopysign).
    fn copysign(&mut self, a: Value, b: Value) -> Value {
        if self.ty.is_vector() {
            // -0.0 is exactly the sign bit, in f32 and f64 lanes alike.
            let m = self.c(-0.0);
            self.cx.b.ins().bitselect(m, b, a)
        } else {
            self.cx.b.ins().fcopysign(a, b)
        }
    }

    fn and(&mut self, a: Value, b: Value) -> Value {
        self.cx.b.ins().band(a, b)
    }

    fn or(&mut self, a: Value, b: Value) -> Value {
        self.cx.b.ins().bor(a, b)
    }

    /// cbrt x = sign(x) e^(ln|x| / 3); 0, inf and NaN map to themselves.
    fn cbrt(&mut self, x: Value) -> Value {
        let a = self.fabs(x);
        let l = self.log(a);
        let l = self.mulc(l, 1.0 / 3.0);
        let r = self.exp(l);
        let r = self.copysign(r, x);
        let zero = self.cmpc(FloatCC::Equal, x, 0.0);
        let inf = self.cmpc(FloatCC::Equal, a, f64::INFINITY);
        let keep = self.or(zero, inf);
        self.sel(keep, x, r)
    }

    /// IEEE atan2(y, x) with every signed-zero and infinity case.
    fn atan2(&mut self, y: Value, x: Value) -> Value {
        let ay = self.fabs(y);
        let ax = self.fabs(x);
        let mx = self.cx.b.ins().fmax(ay, ax);
        let mn = self.cx.b.ins().fmin(ay, ax);
        let t = self.div(mn, mx);
        // 0/0 (both zero) -> 0; inf/inf (both infinite) -> 1.
        let both0 = self.cmpc(FloatCC::Equal, mx, 0.0);
        let zero = self.c(0.0);
        let t = self.sel(both0, zero, t);
        let yinf = self.cmpc(FloatCC::Equal, ay, f64::INFINITY);
        let xinf = self.cmpc(FloatCC::Equal, ax, f64::INFINITY);
        let both_inf = self.and(yinf, xinf);
        let one = self.c(1.0);
        let t = self.sel(both_inf, one, t);
        // atan(t), t in [0, 1]: shift by pi/4 above tan(pi/8).
        let big = self.cmpc(FloatCC::GreaterThan, t, std::f64::consts::SQRT_2 - 1.0);
        let tm = self.addc(t, -1.0);
        let tp = self.addc(t, 1.0);
        let tr = self.div(tm, tp);
        let u = self.sel(big, tr, t);
        let z = self.mul(u, u);
        let p = self.poly(z, &ATAN_C);
        let r = self.mul(u, p);
        let rq = self.addc(r, std::f64::consts::FRAC_PI_4);
        let r = self.sel(big, rq, r);
        // Undo the octant folding.
        let swap = self.cmp(FloatCC::GreaterThan, ay, ax);
        let pio2 = self.c(std::f64::consts::FRAC_PI_2);
        let rs = self.sub(pio2, r);
        let r = self.sel(swap, rs, r);
        let one = self.c(1.0);
        let sx = self.copysign(one, x);
        let xneg = self.cmpc(FloatCC::LessThan, sx, 0.0);
        let pi = self.c(std::f64::consts::PI);
        let rn = self.sub(pi, r);
        let r = self.sel(xneg, rn, r);
        self.copysign(r, y)
    }

    /// C99 pow(x, y) = ±e^(y ln|x|) with its special cases.
    fn pow(&mut self, x: Value, y: Value) -> Value {
        let ax = self.fabs(x);
        let l = self.log(ax);
        let t = self.mul(y, l);
        let r = self.exp(t);
        // |x| = 1 gives 1 even for infinite y (inf * 0 above is NaN).
        let unit = self.cmpc(FloatCC::Equal, ax, 1.0);
        let one = self.c(1.0);
        let r = self.sel(unit, one, r);
        // Sign and domain from the integer-ness of y.
        let fy = self.cx.b.ins().floor(y);
        let is_int = self.cmp(FloatCC::Equal, fy, y);
        let h = self.mulc(y, 0.5);
        let fh = self.cx.b.ins().floor(h);
        let half_int = self.cmp(FloatCC::Equal, fh, h);
        let odd = self.cx.b.ins().band_not(is_int, half_int);
        let sx = self.copysign(one, x);
        let xneg = self.cmpc(FloatCC::LessThan, sx, 0.0);
        let flip = self.and(odd, xneg);
        let nr = self.cx.b.ins().fneg(r);
        let r = self.sel(flip, nr, r);
        let neg_finite = self.cmpc(FloatCC::LessThan, x, 0.0);
        let fin = self.cmpc(FloatCC::GreaterThan, x, f64::NEG_INFINITY);
        let neg_finite = self.and(neg_finite, fin);
        let bad = self.cx.b.ins().band_not(neg_finite, is_int);
        let nan = self.c(f64::NAN);
        let r = self.sel(bad, nan, r);
        // pow(x, ±0) = 1 and pow(1, y) = 1, NaNs included.
        let y0 = self.cmpc(FloatCC::Equal, y, 0.0);
        let x1 = self.cmpc(FloatCC::Equal, x, 1.0);
        let one_case = self.or(y0, x1);
        self.sel(one_case, one, r)
    }
    fn c(&mut self, v: f64) -> Value {
        self.cx.fconst(self.ty, v)
    }
    fn ic(&mut self, v: i64) -> Value {
        self.cx.iconst(self.ity, v)
    }
    fn add(&mut self, a: Value, b: Value) -> Value {
        self.cx.b.ins().fadd(a, b)
    }
    fn sub(&mut self, a: Value, b: Value) -> Value {
        self.cx.b.ins().fsub(a, b)
    }
    fn mul(&mut self, a: Value, b: Value) -> Value {
        self.cx.b.ins().fmul(a, b)
    }
    fn div(&mut self, a: Value, b: Value) -> Value {
        self.cx.b.ins().fdiv(a, b)
    }
    fn addc(&mut self, a: Value, c: f64) -> Value {
        let c = self.c(c);
        self.add(a, c)
    }
    fn mulc(&mut self, a: Value, c: f64) -> Value {
        let c = self.c(c);
        self.mul(a, c)
    }
    /// a * b + c, fused where the target has it (one rounding, one instruction).
    fn mul_add(&mut self, a: Value, b: Value, c: Value) -> Value {
        if self.cx.imports.fma {
            self.cx.b.ins().fma(a, b, c)
        } else {
            let m = self.mul(a, b);
            self.add(m, c)
        }
    }
    /// c[0] + x*(c[1] + x*(c[2] + ...)).
    fn poly(&mut self, x: Value, c: &[f64]) -> Value {
        let mut acc = self.c(*c.last().unwrap());
        for &k in c.iter().rev().skip(1) {
            let k = self.c(k);
            acc = self.mul_add(acc, x, k);
        }
        acc
    }
    fn cmp(&mut self, cc: FloatCC, a: Value, b: Value) -> Value {
        self.cx.b.ins().fcmp(cc, a, b)
    }
    fn cmpc(&mut self, cc: FloatCC, a: Value, c: f64) -> Value {
        let c = self.c(c);
        self.cmp(cc, a, c)
    }
    /// `cond ? a : b` for a condition from [`M::cmp`].
    fn sel(&mut self, cond: Value, a: Value, b: Value) -> Value {
        if self.ty.is_vector() {
            let m = self.cx.b.ins().bitcast(self.ty, MemFlagsData::new(), cond);
            self.cx.b.ins().bitselect(m, a, b)
        } else {
            self.cx.b.ins().select(cond, a, b)
        }
    }
    fn bits(&mut self, v: Value) -> Value {
        self.cx.b.ins().bitcast(self.ity, MemFlagsData::new(), v)
    }
    fn float_of(&mut self, v: Value) -> Value {
        self.cx.b.ins().bitcast(self.ty, MemFlagsData::new(), v)
    }
    /// x limited to [lo, hi], NaN kept. Written as compare-and-select in the operand
    /// order x64 matches to one `minps`/`maxps` each (`fmin`/`fmax` take ~7
    /// instructions for their NaN and signed-zero rules, which clamping doesn't need).
    fn clamp(&mut self, x: Value, lo: f64, hi: f64) -> Value {
        let h = self.c(hi);
        let above = self.cmp(FloatCC::LessThan, h, x);
        let x = self.sel(above, h, x);
        let l = self.c(lo);
        let below = self.cmp(FloatCC::LessThan, x, l);
        self.sel(below, l, x)
    }
    /// 2^n for an integral f64 `n` in [-1022, 1023].
    fn exp2i(&mut self, n: Value) -> Value {
        const MAGIC: f64 = 6755399441055744.0; // 1.5 * 2^52: n lands in the low bits.
        let t = self.addc(n, MAGIC);
        let tb = self.bits(t);
        let mb = self.ic(MAGIC.to_bits() as i64);
        let ni = self.cx.b.ins().isub(tb, mb);
        let k = self.ic(1023);
        let e = self.cx.b.ins().iadd(ni, k);
        let e = self.cx.b.ins().ishl_imm_u(e, 52);
        self.float_of(e)
    }

    /// e^x for x clamped to [-120, 120] (enough for any f32 result).
    fn exp(&mut self, x: Value) -> Value {
        let x = self.clamp(x, -120.0, 120.0);
        let t = self.mulc(x, std::f64::consts::LOG2_E);
        let n = self.cx.b.ins().nearest(t);
        let h = self.mulc(n, LN2_HI);
        let r = self.sub(x, h);
        let l = self.mulc(n, LN2_LO);
        let r = self.sub(r, l);
        let p = self.poly(r, &INV_FACT[..11]);
        let s = self.exp2i(n);
        self.mul(p, s)
    }

    /// e^x - 1, accurate relative to the result near 0.
    fn expm1(&mut self, x: Value) -> Value {
        let small = {
            let q = self.poly(x, &INV_FACT[1..14]);
            self.mul(x, q)
        };
        let e = self.exp(x);
        let big = self.addc(e, -1.0);
        let a = self.cx.b.ins().fabs(x);
        let is_small = self.cmpc(FloatCC::LessThan, a, 0.35);
        self.sel(is_small, small, big)
    }

    /// ln x, with ln 0 = -inf, ln(x < 0) = NaN, ln inf = inf.
    fn log(&mut self, x: Value) -> Value {
        let b = self.bits(x);
        let k = self.cx.b.ins().ushr_imm_u(b, 52);
        let hi = self.ic(0x4330_0000_0000_0000);
        let kb = self.cx.b.ins().bor(k, hi);
        let kf = self.float_of(kb);
        let kf = self.addc(kf, -(4503599627370496.0 + 1023.0));
        let mm = self.ic(0x000f_ffff_ffff_ffff);
        let m = self.cx.b.ins().band(b, mm);
        let one = self.ic(0x3ff0_0000_0000_0000);
        let m = self.cx.b.ins().bor(m, one);
        let m = self.float_of(m);
        let big = self.cmpc(FloatCC::GreaterThan, m, std::f64::consts::SQRT_2);
        let mh = self.mulc(m, 0.5);
        let m = self.sel(big, mh, m);
        let k1 = self.addc(kf, 1.0);
        let kf = self.sel(big, k1, kf);
        // ln(m) = 2 atanh(s), s = (m - 1) / (m + 1)
        let f = self.addc(m, -1.0);
        let d = self.addc(m, 1.0);
        let s = self.div(f, d);
        let z = self.mul(s, s);
        let p = self.poly(z, &ATANH2);
        let ls = self.mul(s, p);
        let kh = self.mulc(kf, LN2_HI);
        let kl = self.mulc(kf, LN2_LO);
        let r = self.add(kl, ls);
        let r = self.add(kh, r);
        // Specials.
        let neg = self.cmpc(FloatCC::LessThan, x, 0.0);
        let nan = self.c(f64::NAN);
        let r = self.sel(neg, nan, r);
        let zero = self.cmpc(FloatCC::Equal, x, 0.0);
        let ninf = self.c(f64::NEG_INFINITY);
        let r = self.sel(zero, ninf, r);
        let inf = self.cmpc(FloatCC::Equal, x, f64::INFINITY);
        let pinf = self.c(f64::INFINITY);
        let r = self.sel(inf, pinf, r);
        let un = self.cmp(FloatCC::Unordered, x, x);
        self.sel(un, x, r)
    }

    fn log1p(&mut self, x: Value) -> Value {
        // log(u) * x / (u - 1) with u = 1 + x corrects the rounding of u.
        let u = self.addc(x, 1.0);
        let l = self.log(u);
        let um1 = self.addc(u, -1.0);
        let q = self.div(x, um1);
        let r = self.mul(l, q);
        let exact = self.cmpc(FloatCC::Equal, u, 1.0);
        let r = self.sel(exact, x, r);
        let inf = self.cmpc(FloatCC::Equal, x, f64::INFINITY);
        self.sel(inf, x, r)
    }

    fn logistic(&mut self, x: Value) -> Value {
        let nx = self.cx.b.ins().fneg(x);
        let e = self.exp(nx);
        let d = self.addc(e, 1.0);
        let one = self.c(1.0);
        self.div(one, d)
    }

    /// tanh x = sign(x) (1 - e) / (1 + e), e = e^(-2|x|); the f64 cancellation near 0
    /// costs nothing at f32 precision above 1e-4, and below it tanh x rounds to x.
    fn tanh(&mut self, x: Value) -> Value {
        let a = self.fabs(x);
        let m = self.mulc(a, -2.0);
        let e = self.exp(m);
        let one = self.c(1.0);
        let n = self.sub(one, e);
        let d = self.addc(e, 1.0);
        let r = self.div(n, d);
        let r = self.copysign(r, x);
        let tiny = self.cmpc(FloatCC::LessThan, a, 1e-4);
        self.sel(tiny, x, r)
    }

    /// sin, cos or tan of |x| <= TRIG_LIMIT.
    fn trig(&mut self, op: UnaryOp, x: Value) -> Value {
        let t = self.mulc(x, std::f64::consts::FRAC_2_PI);
        let n = self.cx.b.ins().nearest(t);
        let a = self.mulc(n, PIO2_1);
        let r = self.sub(x, a);
        let a = self.mulc(n, PIO2_2);
        let r = self.sub(r, a);
        let a = self.mulc(n, PIO2_3);
        let r = self.sub(r, a);
        let z = self.mul(r, r);
        let sp = self.poly(z, &SIN_C);
        let sr = self.mul(r, sp);
        let cr = self.poly(z, &COS_C);
        // quadrant q = n mod 4, as a float.
        let q4 = self.mulc(n, 0.25);
        let q4 = self.cx.b.ins().floor(q4);
        let q4 = self.mulc(q4, 4.0);
        let q = self.sub(n, q4);
        let q = if op == UnaryOp::Cos {
            self.addc(q, 1.0)
        } else {
            q
        };
        let h = self.mulc(q, 0.5);
        let hf = self.cx.b.ins().floor(h);
        let odd = self.cmp(FloatCC::NotEqual, h, hf);
        if op == UnaryOp::Tan {
            let ncr = self.cx.b.ins().fneg(cr);
            let num = self.sel(odd, ncr, sr);
            let den = self.sel(odd, sr, cr);
            let r = self.div(num, den);
            let zero = self.cmpc(FloatCC::Equal, x, 0.0);
            return self.sel(zero, x, r);
        }
        let v = self.sel(odd, cr, sr);
        let neg = self.cmpc(FloatCC::GreaterThanOrEqual, hf, 1.0);
        let neg2 = self.cmpc(FloatCC::LessThan, hf, 2.0);
        let neg = self.cx.b.ins().band(neg, neg2);
        let nv = self.cx.b.ins().fneg(v);
        let r = self.sel(neg, nv, v);
        if op == UnaryOp::Sin {
            let zero = self.cmpc(FloatCC::Equal, x, 0.0);
            self.sel(zero, x, r)
        } else {
            r
        }
    }
}

const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);

/// 1/k! for k = 0..14.
const INV_FACT: [f64; 14] = [
    1.0,
    1.0,
    0.5,
    1.0 / 6.0,
    1.0 / 24.0,
    1.0 / 120.0,
    1.0 / 720.0,
    1.0 / 5040.0,
    1.0 / 40320.0,
    1.0 / 362880.0,
    1.0 / 3628800.0,
    1.0 / 39916800.0,
    1.0 / 479001600.0,
    1.0 / 6227020800.0,
];

/// 2/(2k+1): 2 atanh(s) = s * sum ATANH2[k] s^2k.
const ATANH2: [f64; 10] = [
    2.0,
    2.0 / 3.0,
    2.0 / 5.0,
    2.0 / 7.0,
    2.0 / 9.0,
    2.0 / 11.0,
    2.0 / 13.0,
    2.0 / 15.0,
    2.0 / 17.0,
    2.0 / 19.0,
];

/// atan u = u * sum ATAN_C[k] u^2k (Taylor; |u| <= tan(pi/8), 20 terms < 1e-16).
const ATAN_C: [f64; 20] = {
    let mut c = [0.0; 20];
    let mut k = 0;
    while k < 20 {
        let v = 1.0 / (2 * k + 1) as f64;
        c[k] = if k % 2 == 0 { v } else { -v };
        k += 1;
    }
    c
};

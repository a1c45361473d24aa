//! StableHLO scalar semantics of kir nodes in Cranelift IR.
//!
//! Value representation: integers in their width (`i1` as an i8 holding 0/1; `i2`/`i4`/
//! `ui2`/`ui4` as an i8 holding the exact value, sign- or zero-extended, wrapped back with
//! [`wrap_sub_byte`] after every op and masked to the value bits when stored), f32/f64
//! natively, and f16/bf16 as an f32 holding a value exactly representable in the type
//! (every op computes in f32 and rounds back with [`round_float`]). Float ops here also
//! accept f32x4 values where noted, for the vectorized loops.

use super::vmath;
use crate::compiler::ir::{BinaryOp, CompareDirection, DType, UnaryOp};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::immediates::{Ieee32, Ieee64};
use cranelift_codegen::ir::{
    AbiParam, ExtFuncData, ExternalName, FuncRef, InstBuilder, MemFlagsData, Signature, Type,
    UserExternalName, Value, types,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::FunctionBuilder;
use std::collections::HashMap;

/// Namespace of `UserExternalName`s that are runtime imports (index = import index).
pub(crate) const IMPORT_NAMESPACE: u32 = 1;

/// Namespace of `UserExternalName`s that are helper functions compiled into the same
/// image (index = [`vmath::Helper`] index), called PC-relative.
pub(crate) const HELPER_NAMESPACE: u32 = 2;

pub(crate) type R<T> = Result<T, String>;

/// Register type of a dtype's values.
pub(crate) fn clif_ty(dt: DType) -> Type {
    match dt {
        DType::I1 | DType::I8 | DType::U8 => types::I8,
        DType::I2 | DType::I4 | DType::U2 | DType::U4 => types::I8,
        DType::I16 | DType::U16 => types::I16,
        DType::I32 | DType::U32 => types::I32,
        DType::I64 | DType::U64 => types::I64,
        DType::F16 | DType::BF16 | DType::F32 => types::F32,
        DType::F64 => types::F64,
        DType::F8E4M3FN
        | DType::F8E5M2
        | DType::F8E4M3FNUZ
        | DType::F8E5M2FNUZ
        | DType::F8E4M3B11FNUZ
        | DType::F8E3M4
        | DType::F8E4M3
        | DType::F8E8M0FNU
        | DType::F6E2M3FN
        | DType::F6E3M2FN
        | DType::F4E2M1FN => types::F32,
        // Complex values never reach codegen (`passes::complex` rewrites them into their
        // real parts); as bits they would be moved whole.
        DType::C64 => types::I64,
        DType::C128 => types::I128,
    }
}

/// Memory type of a dtype's elements.
pub(crate) fn mem_ty(dt: DType) -> Type {
    match dt {
        DType::F16 | DType::BF16 => types::I16,
        d if d.minifloat().is_some() => types::I8,
        _ => clif_ty(dt),
    }
}

/// Runtime imports declared in the function being built.
pub(crate) struct Imports {
    pub call_conv: CallConv,
    /// Does the target have a native fused multiply-add (else `fma` is a libcall)?
    pub fma: bool,
    /// x86_64, whose vector `fmax`/`fmin` Cranelift lowers to eight instructions that
    /// `minmax_x86` does in five.
    pub x86_64: bool,
    refs: HashMap<&'static str, FuncRef>,
    helpers: HashMap<u32, FuncRef>,
}

impl Imports {
    pub fn new(call_conv: CallConv, fma: bool, x86_64: bool) -> Imports {
        Imports {
            call_conv,
            fma,
            x86_64,
            refs: HashMap::new(),
            helpers: HashMap::new(),
        }
    }
}

/// The builder plus what node lowering needs besides it.
pub(crate) struct Cx<'a, 'b> {
    pub b: &'a mut FunctionBuilder<'b>,
    pub imports: &'a mut Imports,
}

impl Cx<'_, '_> {
    /// Calls runtime import `name` (the result of type `ty`; each import is always called
    /// with the same argument types).
    pub fn call(&mut self, name: &'static str, ty: Type, args: &[Value]) -> R<Value> {
        let fref = self.import_ref(name, Some(ty), args)?;
        let call = self.b.ins().call(fref, args);
        Ok(self.b.inst_results(call)[0])
    }

    /// Calls runtime import `name`, which returns nothing.
    pub fn call_void(&mut self, name: &'static str, args: &[Value]) -> R<()> {
        let fref = self.import_ref(name, None, args)?;
        self.b.ins().call(fref, args);
        Ok(())
    }

    fn import_ref(&mut self, name: &'static str, ret: Option<Type>, args: &[Value]) -> R<FuncRef> {
        Ok(match self.imports.refs.get(name) {
            Some(f) => *f,
            None => {
                let idx = pjrtc_runtime::imports::index_of(name)
                    .ok_or_else(|| format!("runtime import {name} missing"))?;
                let mut sig = Signature::new(self.imports.call_conv);
                let params: Vec<AbiParam> =
                    args.iter().map(|&a| AbiParam::new(self.ty(a))).collect();
                sig.params.extend(params);
                sig.returns.extend(ret.map(AbiParam::new));
                let signature = self.b.func.import_signature(sig);
                let uname = self
                    .b
                    .func
                    .declare_imported_user_function(UserExternalName::new(IMPORT_NAMESPACE, idx));
                let f = self.b.func.import_function(ExtFuncData {
                    name: ExternalName::User(uname),
                    signature,
                    colocated: false,
                    patchable: false,
                });
                self.imports.refs.insert(name, f);
                f
            }
        })
    }

    /// Calls image-local helper `index` (see [`vmath::Helper`]) on pointer `p`. Helpers
    /// use the preserve-all convention, so a call on a cold path costs the hot path no
    /// spills around it.
    pub fn call_helper(&mut self, index: u32, p: Value) {
        let fref = match self.imports.helpers.get(&index) {
            Some(f) => *f,
            None => {
                let mut sig = Signature::new(CallConv::PreserveAll);
                sig.params.push(AbiParam::new(types::I64));
                let signature = self.b.func.import_signature(sig);
                let uname = self
                    .b
                    .func
                    .declare_imported_user_function(UserExternalName::new(HELPER_NAMESPACE, index));
                let f = self.b.func.import_function(ExtFuncData {
                    name: ExternalName::User(uname),
                    signature,
                    colocated: true,
                    patchable: false,
                });
                self.imports.helpers.insert(index, f);
                f
            }
        };
        self.b.ins().call(fref, &[p]);
    }

    /// An integer constant; `v` is truncated to the type's width.
    pub fn iconst(&mut self, ty: Type, v: i64) -> Value {
        let lane = ty.lane_type();
        let v = if lane.bits() >= 64 {
            v
        } else {
            v & ((1i64 << lane.bits()) - 1)
        };
        if ty.is_vector() {
            let s = self.b.ins().iconst(lane, v);
            self.b.ins().splat(ty, s)
        } else {
            self.b.ins().iconst(ty, v)
        }
    }

    /// An f32 or f64 constant of (scalar or vector) type `ty`.
    pub fn fconst(&mut self, ty: Type, v: f64) -> Value {
        let s = if ty.lane_type() == types::F64 {
            self.b.ins().f64const(v)
        } else {
            self.b.ins().f32const(v as f32)
        };
        if ty.is_vector() {
            self.b.ins().splat(ty, s)
        } else {
            s
        }
    }

    pub fn ty(&self, v: Value) -> Type {
        self.b.func.dfg.value_type(v)
    }

    /// Same-size reinterpretation (lane counts equal, so no endianness question).
    pub fn bitcast(&mut self, ty: Type, v: Value) -> Value {
        self.b.ins().bitcast(ty, MemFlagsData::new(), v)
    }
}

/// A constant of dtype `dt` from kir's zero-extended bits.
pub(crate) fn constant(cx: &mut Cx, dt: DType, bits: u64) -> Value {
    match dt {
        d if d.is_sub_byte_int() => cx.b.ins().iconst(types::I8, d.int_value(bits) as i64),
        d if let Some(f) = d.minifloat() => {
            let v = f.decode(bits as u32) as f32;
            cx.b.ins().f32const(Ieee32::with_bits(v.to_bits()))
        }
        DType::F32 => cx.b.ins().f32const(Ieee32::with_bits(bits as u32)),
        DType::F64 => cx.b.ins().f64const(Ieee64::with_bits(bits)),
        DType::F16 => {
            let f = half::f16::from_bits(bits as u16).to_f32();
            cx.b.ins().f32const(Ieee32::with_bits(f.to_bits()))
        }
        DType::BF16 => {
            let f = half::bf16::from_bits(bits as u16).to_f32();
            cx.b.ins().f32const(Ieee32::with_bits(f.to_bits()))
        }
        _ => {
            let ty = clif_ty(dt);
            let mask = if ty.bits() >= 64 {
                u64::MAX
            } else {
                (1u64 << ty.bits()) - 1
            };
            cx.b.ins().iconst(ty, (bits & mask) as i64)
        }
    }
}

/// Loads an element of dtype `dt` at `addr`.
pub(crate) fn load(cx: &mut Cx, dt: DType, addr: Value) -> Value {
    let v =
        cx.b.ins()
            .load(mem_ty(dt), MemFlagsData::trusted(), addr, 0);
    // Sub-byte ints: the upper bits of a caller's byte are ignored (as ml_dtypes does).
    let v = wrap_sub_byte(cx, dt, v);
    from_bits(cx, dt, v)
}

/// Stores `v` (a value of dtype `dt`) at `addr`.
pub(crate) fn store(cx: &mut Cx, dt: DType, v: Value, addr: Value) {
    let v = to_bits(cx, dt, v);
    let v = if dt.is_sub_byte_int() {
        // The canonical byte: the value bits, upper bits zero.
        cx.b.ins().band_imm_u(v, (1i64 << dt.bits()) - 1)
    } else {
        v
    };
    cx.b.ins().store(MemFlagsData::trusted(), v, addr, 0);
}

/// For `i2`/`i4`/`ui2`/`ui4`: wraps an i8 to the type's width (sign- or zero-extending its
/// low bits), which is how results of wider i8 arithmetic become the type's value; identity
/// for every other dtype.
pub(crate) fn wrap_sub_byte(cx: &mut Cx, dt: DType, v: Value) -> Value {
    if !dt.is_sub_byte_int() {
        return v;
    }
    let unused = 8 - i64::from(dt.bits());
    if dt.is_signed_int() {
        let v = cx.b.ins().ishl_imm_u(v, unused);
        cx.b.ins().sshr_imm_u(v, unused)
    } else {
        cx.b.ins().band_imm_u(v, (1i64 << dt.bits()) - 1)
    }
}

/// The value bits of a sub-byte int, zero-extended (identity for other dtypes).
fn value_bits(cx: &mut Cx, dt: DType, v: Value) -> Value {
    if dt.is_sub_byte_int() {
        cx.b.ins().band_imm_u(v, (1i64 << dt.bits()) - 1)
    } else {
        v
    }
}

/// The value's bits as an integer of the dtype's width (exact: f16/bf16 values are
/// always representable).
fn to_bits(cx: &mut Cx, dt: DType, v: Value) -> Value {
    match dt {
        DType::F16 | DType::BF16 => {
            let b = half_bits32(cx, dt, v);
            cx.b.ins().ireduce(types::I16, b)
        }
        DType::F32 => cx.bitcast(types::I32, v),
        DType::F64 => cx.bitcast(types::I64, v),
        d if d.minifloat().is_some() => {
            let b = minifloat_encode(cx, d, v);
            cx.b.ins().ireduce(types::I8, b)
        }
        _ => v,
    }
}

/// Inverse of [`to_bits`].
fn from_bits(cx: &mut Cx, dt: DType, v: Value) -> Value {
    match dt {
        DType::F16 | DType::BF16 => {
            let w = cx.b.ins().uextend(types::I32, v);
            half_from_bits32(cx, dt, w)
        }
        DType::F32 => cx.bitcast(types::F32, v),
        DType::F64 => cx.bitcast(types::F64, v),
        d if d.minifloat().is_some() => {
            let w = cx.b.ins().uextend(types::I32, v);
            let code = cx.b.ins().iconst(types::I32, i64::from(d.code()));
            // An import can only fail for a missing table entry, which the table rules out.
            cx.call("pjrt_rt_minifloat_decode_v1", types::F32, &[w, code])
                .unwrap_or(w)
        }
        _ => v,
    }
}

/// The minifloat code (i32) of an f32 value rounded to dtype `dt` (a runtime import: one
/// parametrised conversion for all eleven formats).
fn minifloat_encode(cx: &mut Cx, dt: DType, v: Value) -> Value {
    let code = cx.b.ins().iconst(types::I32, i64::from(dt.code()));
    cx.call("pjrt_rt_minifloat_encode_v1", types::I32, &[v, code])
        .unwrap_or(code)
}

// The f16/bf16 conversions below work on i32 or i32x4 lanes (the 16 bits zero-extended)
// and f32 or f32x4 values, so the vector loops share them.

/// `c ? a : b` for a condition from `icmp`/`fcmp` (scalar) or a lane mask (vector).
fn sel(cx: &mut Cx, c: Value, a: Value, b: Value) -> Value {
    let ty = cx.ty(a);
    if ty.is_vector() {
        let c = if cx.ty(c) == ty { c } else { cx.bitcast(ty, c) };
        cx.b.ins().bitselect(c, a, b)
    } else {
        cx.b.ins().select(c, a, b)
    }
}

/// `x <cc> k` for an integer constant `k`.
fn icmp_k(cx: &mut Cx, cc: IntCC, x: Value, k: i64) -> Value {
    let k = cx.iconst(cx.ty(x), k);
    cx.b.ins().icmp(cc, x, k)
}

fn band_k(cx: &mut Cx, x: Value, k: i64) -> Value {
    let k = cx.iconst(cx.ty(x), k);
    cx.b.ins().band(x, k)
}

fn bor_k(cx: &mut Cx, x: Value, k: i64) -> Value {
    let k = cx.iconst(cx.ty(x), k);
    cx.b.ins().bor(x, k)
}

fn iadd_k(cx: &mut Cx, x: Value, k: i64) -> Value {
    let k = cx.iconst(cx.ty(x), k);
    cx.b.ins().iadd(x, k)
}

/// F32 or F32X4, like the i32 or i32x4 type `ity`.
fn f32_like(ity: Type) -> Type {
    if ity.is_vector() {
        types::F32X4
    } else {
        types::F32
    }
}

/// The f32 (f32x4) of f16/bf16 bits held in i32 (i32x4) lanes.
pub(crate) fn half_from_bits32(cx: &mut Cx, dt: DType, h: Value) -> Value {
    let fty = f32_like(cx.ty(h));
    if dt == DType::BF16 {
        let w = cx.b.ins().ishl_imm_u(h, 16);
        return cx.bitcast(fty, w);
    }
    let sign = band_k(cx, h, 0x8000);
    let sign = cx.b.ins().ishl_imm_u(sign, 16);
    let em = band_k(cx, h, 0x7fff);
    let shifted = cx.b.ins().ishl_imm_u(em, 13);
    // Normal: rebias the exponent by 127 - 15.
    let normal = iadd_k(cx, shifted, 0x3800_0000);
    // Subnormal: mantissa * 2^-24, exact, with no subnormal operand (those are slow).
    let m = cx.b.ins().fcvt_from_sint(fty, em);
    let scale = cx.fconst(fty, 2f64.powi(-24));
    let sub = cx.b.ins().fmul(m, scale);
    let sub = cx.bitcast(cx.ty(h), sub);
    let infnan = bor_k(cx, shifted, 0x7f80_0000);
    let is_sub = icmp_k(cx, IntCC::UnsignedLessThan, em, 0x400);
    let r = sel(cx, is_sub, sub, normal);
    let is_special = icmp_k(cx, IntCC::UnsignedGreaterThanOrEqual, em, 0x7c00);
    let r = sel(cx, is_special, infnan, r);
    let r = cx.b.ins().bor(r, sign);
    cx.bitcast(fty, r)
}

/// f32 (f32x4) -> f16/bf16 bits in i32 (i32x4) lanes, round to nearest even, NaN stays
/// (quiet) NaN, f16 subnormals kept.
pub(crate) fn half_bits32(cx: &mut Cx, dt: DType, x: Value) -> Value {
    let ity = cx.ty(x).as_int();
    let u = cx.bitcast(ity, x);
    let a = band_k(cx, u, 0x7fff_ffff);
    let is_nan = icmp_k(cx, IntCC::UnsignedGreaterThan, a, 0x7f80_0000);
    if dt == DType::BF16 {
        let hi = cx.b.ins().ushr_imm_u(u, 16);
        let odd = band_k(cx, hi, 1);
        let r = cx.b.ins().iadd(u, odd);
        let r = iadd_k(cx, r, 0x7fff);
        let rounded = cx.b.ins().ushr_imm_u(r, 16);
        let nan = bor_k(cx, hi, 0x40);
        return sel(cx, is_nan, nan, rounded);
    }
    let sign = cx.b.ins().ushr_imm_u(u, 16);
    let sign = band_k(cx, sign, 0x8000);
    // normal: rebias the exponent, then round the 13 dropped bits to nearest even.
    let r = iadd_k(cx, a, -0x3800_0000);
    let odd = cx.b.ins().ushr_imm_u(r, 13);
    let odd = band_k(cx, odd, 1);
    let r = cx.b.ins().iadd(r, odd);
    let r = iadd_k(cx, r, 0xfff);
    let normal = cx.b.ins().ushr_imm_u(r, 13);
    // subnormal: adding 0.5 makes the FPU round |x| to a multiple of 2^-24.
    let fty = cx.ty(x);
    let af = cx.bitcast(fty, a);
    let half = cx.fconst(fty, 0.5);
    let s = cx.b.ins().fadd(af, half);
    let s = cx.bitcast(ity, s);
    let sub = iadd_k(cx, s, -0x3f00_0000);
    let is_normal = icmp_k(cx, IntCC::UnsignedGreaterThanOrEqual, a, 0x3880_0000);
    let res = sel(cx, is_normal, normal, sub);
    let inf = cx.iconst(ity, 0x7c00);
    let is_over = icmp_k(cx, IntCC::UnsignedGreaterThanOrEqual, a, 0x477f_f000);
    let res = sel(cx, is_over, inf, res);
    let nan = cx.b.ins().ushr_imm_u(a, 13);
    let nan = band_k(cx, nan, 0x3ff);
    let nan = bor_k(cx, nan, 0x7e00);
    let res = sel(cx, is_nan, nan, res);
    cx.b.ins().bor(res, sign)
}

/// Rounds an f32 (f32x4) to the value set of `dt` (identity for f32/f64).
pub(crate) fn round_float(cx: &mut Cx, dt: DType, x: Value) -> Value {
    match dt {
        DType::F16 | DType::BF16 => {
            let bits = half_bits32(cx, dt, x);
            half_from_bits32(cx, dt, bits)
        }
        d if d.minifloat().is_some() => {
            let b = to_bits(cx, d, x);
            from_bits(cx, d, b)
        }
        _ => x,
    }
}

/// f64 -> f32 rounding to odd, so that a second rounding to a narrower format is
/// correctly rounded.
fn f64_to_f32_odd(cx: &mut Cx, d: Value) -> Value {
    let f = cx.b.ins().fdemote(types::F32, d);
    let back = cx.b.ins().fpromote(types::F64, f);
    let inexact = cx.b.ins().fcmp(FloatCC::NotEqual, back, d);
    let ab = cx.b.ins().fabs(back);
    let ad = cx.b.ins().fabs(d);
    let above = cx.b.ins().fcmp(FloatCC::GreaterThan, ab, ad);
    let fb = cx.bitcast(types::I32, f);
    let fbm = cx.b.ins().iadd_imm_s(fb, -1);
    let t = cx.b.ins().select(above, fbm, fb);
    let t = cx.b.ins().bor_imm_u(t, 1);
    let r = cx.b.ins().select(inexact, t, fb);
    cx.bitcast(types::F32, r)
}

fn is_f32_repr(dt: DType) -> bool {
    matches!(dt, DType::F16 | DType::BF16 | DType::F32) || dt.minifloat().is_some()
}

pub(crate) fn unary(cx: &mut Cx, op: UnaryOp, dt: DType, x: Value) -> R<Value> {
    use UnaryOp as U;
    let ty = cx.ty(x);
    if dt.is_float() {
        let r = match op {
            U::Abs => cx.b.ins().fabs(x),
            U::Neg => cx.b.ins().fneg(x),
            U::Sqrt => cx.b.ins().sqrt(x),
            U::Rsqrt => {
                let s = cx.b.ins().sqrt(x);
                let one = cx.fconst(ty, 1.0);
                cx.b.ins().fdiv(one, s)
            }
            U::Floor => cx.b.ins().floor(x),
            U::Ceil => cx.b.ins().ceil(x),
            U::RoundNearestEven => cx.b.ins().nearest(x),
            U::RoundNearestAfz => {
                // trunc, then step away from zero if the dropped part is >= 0.5 (exact).
                let t = cx.b.ins().trunc(x);
                let d = cx.b.ins().fsub(x, t);
                let d = cx.b.ins().fabs(d);
                let half = cx.fconst(ty, 0.5);
                let ge = cx.b.ins().fcmp(FloatCC::GreaterThanOrEqual, d, half);
                let one = cx.fconst(ty, 1.0);
                let step = cx.b.ins().fcopysign(one, x);
                let up = cx.b.ins().fadd(t, step);
                cx.b.ins().select(ge, up, t)
            }
            U::Sign => {
                let one = cx.fconst(ty, 1.0);
                let s = cx.b.ins().fcopysign(one, x);
                let zero = cx.fconst(ty, 0.0);
                // x == 0 keeps its signed zero; NaN (unordered) keeps NaN.
                let keep = cx.b.ins().fcmp(FloatCC::UnorderedOrEqual, x, zero);
                cx.b.ins().select(keep, x, s)
            }
            U::IsFinite => {
                let a = cx.b.ins().fabs(x);
                let inf = cx.fconst(ty, f64::INFINITY);
                return Ok(cx.b.ins().fcmp(FloatCC::LessThan, a, inf));
            }
            U::Cbrt
            | U::Exp
            | U::Expm1
            | U::Log
            | U::Log1p
            | U::Logistic
            | U::Tanh
            | U::Sin
            | U::Cos
            | U::Tan => {
                if ty.lane_type() == types::F32 {
                    // f16/bf16 too: computed in f32, rounded below.
                    vmath::unary_f32(cx, op, x)?
                } else {
                    let name = match op {
                        U::Cbrt => "pjrt_rt_cbrt_f64_v1",
                        U::Exp => "pjrt_rt_exp_f64_v1",
                        U::Expm1 => "pjrt_rt_expm1_f64_v1",
                        U::Log => "pjrt_rt_log_f64_v1",
                        U::Log1p => "pjrt_rt_log1p_f64_v1",
                        U::Logistic => "pjrt_rt_logistic_f64_v1",
                        U::Tanh => "pjrt_rt_tanh_f64_v1",
                        U::Sin => "pjrt_rt_sin_f64_v1",
                        U::Cos => "pjrt_rt_cos_f64_v1",
                        _ => "pjrt_rt_tan_f64_v1",
                    };
                    cx.call(name, types::F64, &[x])?
                }
            }
            U::Erfc if ty.lane_type() == types::F32 => vmath::unary_f32(cx, op, x)?,
            U::Not | U::PopCnt | U::CountLeadingZeros | U::Erfc => {
                return Err(format!("{op:?} on {dt:?}"));
            }
        };
        return Ok(round_float(cx, dt, r));
    }
    let bool_ = dt == DType::I1;
    let r = match op {
        U::PopCnt if dt.is_sub_byte_int() => {
            let v = value_bits(cx, dt, x);
            cx.b.ins().popcnt(v)
        }
        U::CountLeadingZeros if dt.is_sub_byte_int() => {
            let v = value_bits(cx, dt, x);
            let n = cx.b.ins().clz(v);
            cx.b.ins().iadd_imm_s(n, i64::from(dt.bits()) - 8)
        }
        U::Abs if dt.is_signed_int() => cx.b.ins().iabs(x),
        U::Abs => x,
        U::Neg if bool_ => x,
        U::Neg => cx.b.ins().ineg(x),
        U::Not if bool_ => cx.b.ins().bxor_imm_u(x, 1),
        U::Not => cx.b.ins().bnot(x),
        U::PopCnt => cx.b.ins().popcnt(x),
        U::CountLeadingZeros if bool_ => cx.b.ins().bxor_imm_u(x, 1),
        U::CountLeadingZeros => cx.b.ins().clz(x),
        U::Sign if dt.is_signed_int() => {
            // (x > 0) - (x < 0)
            let gt = cx.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, x, 0);
            let lt = cx.b.ins().icmp_imm_s(IntCC::SignedLessThan, x, 0);
            let gt = ext_bool(cx, gt, ty);
            let lt = ext_bool(cx, lt, ty);
            cx.b.ins().isub(gt, lt)
        }
        U::Sign => {
            let nz = cx.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0);
            ext_bool(cx, nz, ty)
        }
        U::IsFinite => return Ok(cx.b.ins().iconst(types::I8, 1)),
        _ => return Err(format!("{op:?} on {dt:?}")),
    };
    Ok(wrap_sub_byte(cx, dt, r))
}

/// An i8 0/1 widened (or kept) to `ty`.
fn ext_bool(cx: &mut Cx, v: Value, ty: Type) -> Value {
    if ty == types::I8 {
        v
    } else {
        cx.b.ins().uextend(ty, v)
    }
}

/// `max(a, b)` or `min(a, b)` of float vectors (NaN if either is; max(-0, +0) = +0,
/// min(-0, +0) = -0) from x86's `maxps`/`minps`, which return their second operand on
/// NaN and on equality: the two operand orders agree except on NaN and on zeros of
/// opposite signs, where the AND (max) or OR (min) of their bits gives the signed zero,
/// and lanes with a NaN are set to all ones (a NaN). Five instructions; Cranelift's
/// `fmax` takes eight, which made softmax's row maximum three times XLA's.
fn minmax_x86(cx: &mut Cx, op: BinaryOp, a: Value, b: Value) -> Value {
    let ty = cx.ty(a);
    let flags = MemFlagsData::new();
    // bitselect(a < b as mask, b, a): the pattern Cranelift lowers to one minps/maxps.
    let mut pick = |x: Value, y: Value| {
        let (lt_l, lt_r) = if op == BinaryOp::Max { (y, x) } else { (x, y) };
        let c = cx.b.ins().fcmp(FloatCC::LessThan, lt_l, lt_r);
        let m = cx.b.ins().bitcast(ty, flags, c);
        cx.b.ins().bitselect(m, x, y)
    };
    let p = pick(a, b);
    let q = pick(b, a);
    let r = if op == BinaryOp::Max {
        cx.b.ins().band(p, q)
    } else {
        cx.b.ins().bor(p, q)
    };
    let un = cx.b.ins().fcmp(FloatCC::Unordered, a, b);
    let un = cx.b.ins().bitcast(ty, flags, un);
    cx.b.ins().bor(r, un)
}

pub(crate) fn binary(cx: &mut Cx, op: BinaryOp, dt: DType, a: Value, b: Value) -> R<Value> {
    use BinaryOp as B;
    let ty = cx.ty(a);
    if dt.is_float() {
        let r = match op {
            B::Add => cx.b.ins().fadd(a, b),
            B::Sub => cx.b.ins().fsub(a, b),
            B::Mul => cx.b.ins().fmul(a, b),
            B::Div => cx.b.ins().fdiv(a, b),
            B::Max | B::Min if cx.imports.x86_64 && ty.is_vector() => minmax_x86(cx, op, a, b),
            B::Max => cx.b.ins().fmax(a, b),
            B::Min => cx.b.ins().fmin(a, b),
            B::Rem | B::Pow | B::Atan2 => {
                if ty.lane_type() == types::F32 && op != B::Rem {
                    vmath::binary_f32(cx, op, a, b)?
                } else {
                    let name = match op {
                        B::Rem => "pjrt_rt_fmod_f64_v1",
                        B::Pow => "pjrt_rt_pow_f64_v1",
                        _ => "pjrt_rt_atan2_f64_v1",
                    };
                    if ty.is_vector() {
                        return Err(format!("{op:?} has no vector form"));
                    }
                    if ty == types::F32 {
                        // fmod of f32 values is exact in f64 and fits f32.
                        let a = cx.b.ins().fpromote(types::F64, a);
                        let b = cx.b.ins().fpromote(types::F64, b);
                        let r = cx.call(name, types::F64, &[a, b])?;
                        cx.b.ins().fdemote(types::F32, r)
                    } else {
                        cx.call(name, types::F64, &[a, b])?
                    }
                }
            }
            _ => return Err(format!("{op:?} on {dt:?}")),
        };
        return Ok(round_float(cx, dt, r));
    }
    let signed = dt.is_signed_int();
    if dt == DType::I1 {
        return Ok(match op {
            B::Add | B::Or | B::Max => cx.b.ins().bor(a, b),
            B::Mul | B::And | B::Min => cx.b.ins().band(a, b),
            B::Sub | B::Xor => cx.b.ins().bxor(a, b),
            _ => return Err(format!("{op:?} on i1")),
        });
    }
    // The type's width (`i4`: 4, held in an i8).
    let width = i64::from(dt.bits());
    let r = match op {
        B::Add => cx.b.ins().iadd(a, b),
        B::Sub => cx.b.ins().isub(a, b),
        B::Mul => cx.b.ins().imul(a, b),
        B::And => cx.b.ins().band(a, b),
        B::Or => cx.b.ins().bor(a, b),
        B::Xor => cx.b.ins().bxor(a, b),
        B::Max if signed => cx.b.ins().smax(a, b),
        B::Max => cx.b.ins().umax(a, b),
        B::Min if signed => cx.b.ins().smin(a, b),
        B::Min => cx.b.ins().umin(a, b),
        B::Div | B::Rem => {
            // Guard the divisor so the instruction never traps, then patch the results.
            let zero = cx.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
            let bad = if signed {
                let min = cx.iconst(ty, i64::MIN >> (64 - ty.bits()));
                let a_min = cx.b.ins().icmp(IntCC::Equal, a, min);
                let b_m1 = cx.b.ins().icmp_imm_s(IntCC::Equal, b, -1);
                let ovf = cx.b.ins().band(a_min, b_m1);
                cx.b.ins().bor(zero, ovf)
            } else {
                zero
            };
            let one = cx.b.ins().iconst(ty, 1);
            let safe = cx.b.ins().select(bad, one, b);
            // With divisor 1: a / 1 = a (= INT_MIN on overflow), a % 1 = 0.
            if op == B::Div {
                let q = if signed {
                    cx.b.ins().sdiv(a, safe)
                } else {
                    cx.b.ins().udiv(a, safe)
                };
                let m1 = cx.iconst(ty, -1);
                cx.b.ins().select(zero, m1, q)
            } else {
                let r = if signed {
                    cx.b.ins().srem(a, safe)
                } else {
                    cx.b.ins().urem(a, safe)
                };
                cx.b.ins().select(zero, a, r)
            }
        }
        B::ShiftLeft | B::ShiftRightLogical | B::ShiftRightArithmetic => {
            // Cranelift masks the amount; StableHLO saturates it (unsigned compare). A
            // negative sub-byte amount is sign-extended, so it compares as huge too.
            let ok = cx.b.ins().icmp_imm_s(IntCC::UnsignedLessThan, b, width);
            let (r, over) = match op {
                B::ShiftLeft => (cx.b.ins().ishl(a, b), cx.b.ins().iconst(ty, 0)),
                B::ShiftRightLogical => {
                    let a = value_bits(cx, dt, a);
                    (cx.b.ins().ushr(a, b), cx.b.ins().iconst(ty, 0))
                }
                _ => {
                    // The raw bits sign-extended at the type's width, whatever its signedness.
                    let a = if dt.is_sub_byte_int() && !signed {
                        let unused = 8 - width;
                        let t = cx.b.ins().ishl_imm_u(a, unused);
                        cx.b.ins().sshr_imm_u(t, unused)
                    } else {
                        a
                    };
                    (
                        cx.b.ins().sshr(a, b),
                        cx.b.ins().sshr_imm_u(a, i64::from(ty.bits()) - 1),
                    )
                }
            };
            cx.b.ins().select(ok, r, over)
        }
        B::Pow => {
            let (name, ext) = if signed {
                ("pjrt_rt_ipow_i64_v1", true)
            } else {
                ("pjrt_rt_upow_u64_v1", false)
            };
            let (a, b) = if ty.bits() < 64 {
                if ext {
                    (
                        cx.b.ins().sextend(types::I64, a),
                        cx.b.ins().sextend(types::I64, b),
                    )
                } else {
                    (
                        cx.b.ins().uextend(types::I64, a),
                        cx.b.ins().uextend(types::I64, b),
                    )
                }
            } else {
                (a, b)
            };
            let r = cx.call(name, types::I64, &[a, b])?;
            if ty.bits() < 64 {
                cx.b.ins().ireduce(ty, r)
            } else {
                r
            }
        }
        B::Atan2 => return Err(format!("{op:?} on {dt:?}")),
    };
    Ok(wrap_sub_byte(cx, dt, r))
}

pub(crate) fn compare(
    cx: &mut Cx,
    dir: CompareDirection,
    dt: DType,
    a: Value,
    b: Value,
    total_order: bool,
) -> Value {
    use CompareDirection as D;
    if dt.is_float() && !total_order {
        let cc = match dir {
            D::Eq => FloatCC::Equal,
            D::Ne => FloatCC::NotEqual,
            D::Lt => FloatCC::LessThan,
            D::Le => FloatCC::LessThanOrEqual,
            D::Gt => FloatCC::GreaterThan,
            D::Ge => FloatCC::GreaterThanOrEqual,
        };
        return cx.b.ins().fcmp(cc, a, b);
    }
    let (a, b, signed) = if dt.is_float() {
        // totalOrder: flip the magnitude bits of negatives, then compare as signed ints.
        let ity = if cx.ty(a) == types::F64 {
            types::I64
        } else {
            types::I32
        };
        let key = |cx: &mut Cx, v: Value| {
            let i = cx.bitcast(ity, v);
            let s = cx.b.ins().sshr_imm_u(i, (ity.bits() - 1) as i64);
            let s = cx.b.ins().ushr_imm_u(s, 1);
            cx.b.ins().bxor(i, s)
        };
        (key(cx, a), key(cx, b), true)
    } else {
        (a, b, dt.is_signed_int())
    };
    let cc = match (dir, signed) {
        (D::Eq, _) => IntCC::Equal,
        (D::Ne, _) => IntCC::NotEqual,
        (D::Lt, true) => IntCC::SignedLessThan,
        (D::Le, true) => IntCC::SignedLessThanOrEqual,
        (D::Gt, true) => IntCC::SignedGreaterThan,
        (D::Ge, true) => IntCC::SignedGreaterThanOrEqual,
        (D::Lt, false) => IntCC::UnsignedLessThan,
        (D::Le, false) => IntCC::UnsignedLessThanOrEqual,
        (D::Gt, false) => IntCC::UnsignedGreaterThan,
        (D::Ge, false) => IntCC::UnsignedGreaterThanOrEqual,
    };
    cx.b.ins().icmp(cc, a, b)
}

/// StableHLO `convert` from `from` to `to`.
pub(crate) fn convert(cx: &mut Cx, from: DType, to: DType, x: Value) -> R<Value> {
    if from == to {
        return Ok(x);
    }
    let tty = clif_ty(to);
    if !from.is_float() {
        let fty = clif_ty(from);
        let signed = from.is_signed_int();
        if to == DType::I1 {
            return Ok(cx.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0));
        }
        if !to.is_float() {
            let r = match tty.bits().cmp(&fty.bits()) {
                std::cmp::Ordering::Greater if signed => cx.b.ins().sextend(tty, x),
                std::cmp::Ordering::Greater => cx.b.ins().uextend(tty, x),
                std::cmp::Ordering::Less => cx.b.ins().ireduce(tty, x),
                std::cmp::Ordering::Equal => x,
            };
            // Narrowing to a sub-byte type wraps at its width.
            return Ok(wrap_sub_byte(cx, to, r));
        }
        // Widen narrow ints to i32 first: not every backend converts i8/i16 directly.
        let x = if fty.bits() < 32 {
            if signed {
                cx.b.ins().sextend(types::I32, x)
            } else {
                cx.b.ins().uextend(types::I32, x)
            }
        } else {
            x
        };
        let cvt = |cx: &mut Cx, ty: Type| {
            if signed {
                cx.b.ins().fcvt_from_sint(ty, x)
            } else {
                cx.b.ins().fcvt_from_uint(ty, x)
            }
        };
        return Ok(match to {
            DType::F32 => cvt(cx, types::F32),
            DType::F64 => cvt(cx, types::F64),
            _ => {
                // Exact in f64 (up to 2^53), rounded to odd in f32, then once to the type.
                let d = cvt(cx, types::F64);
                let f = f64_to_f32_odd(cx, d);
                round_float(cx, to, f)
            }
        });
    }
    // From a float: `x` is f32 (f16/bf16/f32) or f64.
    if to == DType::I1 {
        let zero = cx.fconst(cx.ty(x), 0.0);
        return Ok(cx.b.ins().fcmp(FloatCC::NotEqual, x, zero));
    }
    if to.is_float() {
        return Ok(match (from, to) {
            (DType::F64, DType::F32) => cx.b.ins().fdemote(types::F32, x),
            (DType::F64, _) => {
                let f = f64_to_f32_odd(cx, x);
                round_float(cx, to, f)
            }
            (_, DType::F64) => cx.b.ins().fpromote(types::F64, x),
            _ => {
                debug_assert!(is_f32_repr(from) && is_f32_repr(to));
                round_float(cx, to, x)
            }
        });
    }
    // Float -> int: saturating, NaN -> 0.
    Ok(match to {
        DType::I64 => cx.b.ins().fcvt_to_sint_sat(types::I64, x),
        DType::I32 => cx.b.ins().fcvt_to_sint_sat(types::I32, x),
        DType::U64 => cx.b.ins().fcvt_to_uint_sat(types::I64, x),
        DType::U32 => cx.b.ins().fcvt_to_uint_sat(types::I32, x),
        DType::I2 | DType::I4 | DType::I8 | DType::I16 => {
            let v = cx.b.ins().fcvt_to_sint_sat(types::I32, x);
            let hi = (1i64 << (to.bits() - 1)) - 1;
            let max = cx.b.ins().iconst(types::I32, hi);
            let min = cx.iconst(types::I32, -hi - 1);
            let v = cx.b.ins().smin(v, max);
            let v = cx.b.ins().smax(v, min);
            cx.b.ins().ireduce(tty, v)
        }
        _ => {
            let v = cx.b.ins().fcvt_to_uint_sat(types::I32, x);
            let max = cx.b.ins().iconst(types::I32, (1i64 << to.bits()) - 1);
            let v = cx.b.ins().umin(v, max);
            cx.b.ins().ireduce(tty, v)
        }
    })
}

/// Reinterprets the bits of `x` (dtype `from`) as dtype `to` of the same width.
pub(crate) fn bitcast(cx: &mut Cx, from: DType, to: DType, x: Value) -> R<Value> {
    if from.bits() != to.bits() {
        return Err(format!("bitcast {from:?} -> {to:?}"));
    }
    let bits = to_bits(cx, from, x);
    let bits = wrap_sub_byte(cx, to, bits);
    Ok(from_bits(cx, to, bits))
}

//! Runtime routines called from the schedule (GEMM, convolution, sort, top-k, softmax,
//! FFT, linear algebra).
//!
//! They receive a validated step ([`crate::format::Pjx::from_bytes`] proved every element
//! they touch lies inside its buffer) and the base address of every region for this call.

pub mod conv;
pub(crate) mod copy;
pub mod fft;
pub mod gemm;
pub mod linalg;
mod par;
pub(crate) use par::chunks as par_chunks;
pub mod softmax;
pub mod sort;
pub mod topk;

use crate::format::{BufRef, Region};

/// Base addresses of the memory regions of one call.
pub struct Bases<'a> {
    /// Caller inputs; only read.
    pub inputs: &'a [*mut u8],
    pub outputs: &'a [*mut u8],
    pub arena: *mut u8,
    /// The artifact's constants; only read.
    pub constants: *mut u8,
}

impl<'a> Bases<'a> {
    /// The bases of a step that only reads inputs and writes outputs: no arena, no
    /// constants (kernel tests and benchmarks).
    pub fn io(inputs: &'a [*mut u8], outputs: &'a [*mut u8]) -> Self {
        Bases {
            inputs,
            outputs,
            arena: std::ptr::null_mut(),
            constants: std::ptr::null_mut(),
        }
    }

    /// Address of a buffer. Computing it is safe; using it relies on the decoder's checks.
    pub fn ptr(&self, b: &BufRef) -> *mut u8 {
        let base = match b.region {
            Region::Input(i) => self.inputs[i as usize],
            Region::Output(i) => self.outputs[i as usize],
            Region::Arena => self.arena,
            Region::Constant => self.constants,
        };
        base.wrapping_add(b.offset as usize)
    }
}

/// `I1` elements: one byte holding 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Bool(pub u8);

/// An element type with the multiply-accumulate a dot product needs.
pub(crate) trait Elem: Copy + 'static {
    type Acc: Copy;
    fn zero() -> Self::Acc;
    fn mac(acc: Self::Acc, a: Self, b: Self) -> Self::Acc;
    fn done(acc: Self::Acc) -> Self;
}

macro_rules! int_elem {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            type Acc = $t;
            fn zero() -> $t { 0 }
            // Integer dots wrap, as in XLA.
            fn mac(acc: $t, a: $t, b: $t) -> $t { acc.wrapping_add(a.wrapping_mul(b)) }
            fn done(acc: $t) -> $t { acc }
        }
    )*};
}
int_elem!(i8, i16, i32, i64, u8, u16, u32, u64);

/// `I2`/`I4`/`U2`/`U4` elements: one byte holding the low `BITS` bits (see [`crate::DType`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct SubInt<const BITS: u32, const SIGNED: bool>(pub u8);

impl<const BITS: u32, const SIGNED: bool> SubInt<BITS, SIGNED> {
    fn value(self) -> i64 {
        if SIGNED {
            ((self.0 << (8 - BITS)) as i8 >> (8 - BITS)) as i64
        } else {
            (self.0 & ((1u8 << BITS) - 1)) as i64
        }
    }
}

impl<const BITS: u32, const SIGNED: bool> Elem for SubInt<BITS, SIGNED> {
    type Acc = i64;
    fn zero() -> i64 {
        0
    }
    // Wraps at the type's width, like the wider integer dots.
    fn mac(acc: i64, a: Self, b: Self) -> i64 {
        acc.wrapping_add(a.value() * b.value())
    }
    fn done(acc: i64) -> Self {
        SubInt((acc as u8) & ((1u8 << BITS) - 1))
    }
}

/// A minifloat element: one byte holding the code of the dtype whose `.pjx` code is `CODE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Mini<const CODE: u8>(pub u8);

impl<const CODE: u8> Mini<CODE> {
    fn format() -> crate::minifloat::Format {
        // `with_elem!` instantiates this only with minifloat dtype codes.
        crate::DType::from_code(CODE)
            .and_then(crate::DType::minifloat)
            .unwrap_or(crate::minifloat::Format::F8E4M3FN)
    }
}

// Accumulate in f32 and round once, as the half types do.
impl<const CODE: u8> Elem for Mini<CODE> {
    type Acc = f32;
    fn zero() -> f32 {
        0.0
    }
    fn mac(acc: f32, a: Self, b: Self) -> f32 {
        let f = Self::format();
        acc + (f.decode(u32::from(a.0)) * f.decode(u32::from(b.0))) as f32
    }
    fn done(acc: f32) -> Self {
        Mini(Self::format().encode(f64::from(acc)) as u8)
    }
}

impl Elem for Bool {
    type Acc = bool;
    fn zero() -> bool {
        false
    }
    // A boolean dot is an OR of ANDs.
    fn mac(acc: bool, a: Bool, b: Bool) -> bool {
        acc | (a.0 != 0 && b.0 != 0)
    }
    fn done(acc: bool) -> Bool {
        Bool(acc as u8)
    }
}

impl Elem for f32 {
    type Acc = f32;
    fn zero() -> f32 {
        0.0
    }
    fn mac(acc: f32, a: f32, b: f32) -> f32 {
        acc + a * b
    }
    fn done(acc: f32) -> f32 {
        acc
    }
}

impl Elem for f64 {
    type Acc = f64;
    fn zero() -> f64 {
        0.0
    }
    fn mac(acc: f64, a: f64, b: f64) -> f64 {
        acc + a * b
    }
    fn done(acc: f64) -> f64 {
        acc
    }
}

/// A complex element: real part, then imaginary part (see [`crate::DType`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
pub(crate) struct Cplx<T>(pub T, pub T);

/// Complex products accumulate in f64 and round once, as the reference evaluator does.
/// (The compiler lowers complex dots to real GEMMs; this keeps the runtime's generic
/// Gemm and Conv steps complete for every dtype.)
impl<T: Copy + Into<f64> + FromF64 + 'static> Elem for Cplx<T> {
    type Acc = (f64, f64);
    fn zero() -> (f64, f64) {
        (0.0, 0.0)
    }
    fn mac(acc: (f64, f64), a: Self, b: Self) -> (f64, f64) {
        let (ar, ai, br, bi) = (a.0.into(), a.1.into(), b.0.into(), b.1.into());
        (acc.0 + (ar * br - ai * bi), acc.1 + (ar * bi + ai * br))
    }
    fn done(acc: (f64, f64)) -> Self {
        Cplx(T::from_f64(acc.0), T::from_f64(acc.1))
    }
}

/// Rounding from f64, for [`Cplx`]'s parts.
pub(crate) trait FromF64 {
    fn from_f64(x: f64) -> Self;
}

impl FromF64 for f32 {
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
}

impl FromF64 for f64 {
    fn from_f64(x: f64) -> f64 {
        x
    }
}

// Half types accumulate in f32 and round once.
impl Elem for half::f16 {
    type Acc = f32;
    fn zero() -> f32 {
        0.0
    }
    fn mac(acc: f32, a: Self, b: Self) -> f32 {
        acc + a.to_f32() * b.to_f32()
    }
    fn done(acc: f32) -> Self {
        half::f16::from_f32(acc)
    }
}

impl Elem for half::bf16 {
    type Acc = f32;
    fn zero() -> f32 {
        0.0
    }
    fn mac(acc: f32, a: Self, b: Self) -> f32 {
        acc + a.to_f32() * b.to_f32()
    }
    fn done(acc: f32) -> Self {
        half::bf16::from_f32(acc)
    }
}

/// Runs `$body` with `$T` bound to the Rust element type of `$dtype`.
macro_rules! with_elem {
    ($dtype:expr, $T:ident => $body:expr) => {
        match $dtype {
            $crate::DType::I1 => {
                type $T = $crate::kernels::Bool;
                $body
            }
            $crate::DType::I8 => {
                type $T = i8;
                $body
            }
            $crate::DType::I16 => {
                type $T = i16;
                $body
            }
            $crate::DType::I32 => {
                type $T = i32;
                $body
            }
            $crate::DType::I64 => {
                type $T = i64;
                $body
            }
            $crate::DType::U8 => {
                type $T = u8;
                $body
            }
            $crate::DType::U16 => {
                type $T = u16;
                $body
            }
            $crate::DType::U32 => {
                type $T = u32;
                $body
            }
            $crate::DType::U64 => {
                type $T = u64;
                $body
            }
            $crate::DType::F16 => {
                type $T = half::f16;
                $body
            }
            $crate::DType::BF16 => {
                type $T = half::bf16;
                $body
            }
            $crate::DType::F32 => {
                type $T = f32;
                $body
            }
            $crate::DType::F64 => {
                type $T = f64;
                $body
            }
            $crate::DType::I2 => {
                type $T = $crate::kernels::SubInt<2, true>;
                $body
            }
            $crate::DType::I4 => {
                type $T = $crate::kernels::SubInt<4, true>;
                $body
            }
            $crate::DType::U2 => {
                type $T = $crate::kernels::SubInt<2, false>;
                $body
            }
            $crate::DType::U4 => {
                type $T = $crate::kernels::SubInt<4, false>;
                $body
            }
            $crate::DType::F8E4M3FN => {
                type $T = $crate::kernels::Mini<18>;
                $body
            }
            $crate::DType::F8E5M2 => {
                type $T = $crate::kernels::Mini<19>;
                $body
            }
            $crate::DType::F8E4M3FNUZ => {
                type $T = $crate::kernels::Mini<20>;
                $body
            }
            $crate::DType::F8E5M2FNUZ => {
                type $T = $crate::kernels::Mini<21>;
                $body
            }
            $crate::DType::F8E4M3B11FNUZ => {
                type $T = $crate::kernels::Mini<22>;
                $body
            }
            $crate::DType::F8E3M4 => {
                type $T = $crate::kernels::Mini<23>;
                $body
            }
            $crate::DType::F8E4M3 => {
                type $T = $crate::kernels::Mini<24>;
                $body
            }
            $crate::DType::F8E8M0FNU => {
                type $T = $crate::kernels::Mini<25>;
                $body
            }
            $crate::DType::F6E2M3FN => {
                type $T = $crate::kernels::Mini<26>;
                $body
            }
            $crate::DType::F6E3M2FN => {
                type $T = $crate::kernels::Mini<27>;
                $body
            }
            $crate::DType::F4E2M1FN => {
                type $T = $crate::kernels::Mini<28>;
                $body
            }
            $crate::DType::C64 => {
                type $T = $crate::kernels::Cplx<f32>;
                $body
            }
            $crate::DType::C128 => {
                type $T = $crate::kernels::Cplx<f64>;
                $body
            }
        }
    };
}
pub(crate) use with_elem;

//! The closed, versioned table of runtime functions generated code may call.
//!
//! Generated code reaches these only through 64-bit absolute slots the loader fills
//! ([`crate::format::ImportReloc`]); the compiler refers to an import by its index in
//! [`IMPORTS`], looked up by name with [`index_of`]. Append only; never rename or reorder
//! an entry: renaming means a new name with a new version suffix.

use crate::{math, vecmath};

/// One importable runtime function.
pub struct Import {
    /// Versioned symbol name, e.g. `pjrt_rt_exp_f64_v1`.
    pub name: &'static str,
    /// Its address.
    pub addr: *const u8,
    /// The variant that uses no AVX-512 (the same as `addr` for functions without
    /// AVX-512 paths): what the loader links for an artifact whose [`crate::Isa`] lacks
    /// it ([`Import::for_isa`]).
    pub narrow: *const u8,
}

impl Import {
    /// The address an artifact with `isa` links.
    pub fn for_isa(&self, isa: crate::Isa) -> *const u8 {
        if isa.wide_vectors() {
            self.addr
        } else {
            self.narrow
        }
    }
}

// SAFETY: the table holds only addresses of functions, which are immutable and global.
unsafe impl Sync for Import {}

/// `module::function` entries; the name is the function's. `module::function<>`: a
/// function generic over `const WIDE: bool` (AVX-512 allowed), both variants.
macro_rules! imports {
    ($($m:ident::$f:ident $(<$w:tt>)?),* $(,)?) => {
        &[$(imports!(@one $m::$f $(<$w>)?)),*]
    };
    (@one $m:ident::$f:ident) => {
        Import { name: stringify!($f), addr: $m::$f as *const u8, narrow: $m::$f as *const u8 }
    };
    (@one $m:ident::$f:ident <$w:tt>) => {
        Import {
            name: stringify!($f),
            addr: $m::$f::<true> as *const u8,
            narrow: $m::$f::<false> as *const u8,
        }
    };
}

/// Every import, in index order.
pub static IMPORTS: &[Import] = imports![
    math::pjrt_rt_exp_f64_v1,
    math::pjrt_rt_expm1_f64_v1,
    math::pjrt_rt_log_f64_v1,
    math::pjrt_rt_log1p_f64_v1,
    math::pjrt_rt_logistic_f64_v1,
    math::pjrt_rt_tanh_f64_v1,
    math::pjrt_rt_sin_f64_v1,
    math::pjrt_rt_cos_f64_v1,
    math::pjrt_rt_tan_f64_v1,
    math::pjrt_rt_cbrt_f64_v1,
    math::pjrt_rt_pow_f64_v1,
    math::pjrt_rt_atan2_f64_v1,
    math::pjrt_rt_fmod_f64_v1,
    math::pjrt_rt_ipow_i64_v1,
    math::pjrt_rt_upow_u64_v1,
    math::pjrt_rt_floor_f32_v1,
    math::pjrt_rt_floor_f64_v1,
    math::pjrt_rt_ceil_f32_v1,
    math::pjrt_rt_ceil_f64_v1,
    math::pjrt_rt_trunc_f32_v1,
    math::pjrt_rt_trunc_f64_v1,
    math::pjrt_rt_nearest_f32_v1,
    math::pjrt_rt_nearest_f64_v1,
    math::pjrt_rt_fmaf_v1,
    math::pjrt_rt_fma_v1,
    math::pjrt_rt_minifloat_decode_v1,
    math::pjrt_rt_minifloat_encode_v1,
    vecmath::pjrt_rt_exp_f32_array_v1<_>,
    vecmath::pjrt_rt_tanh_f32_array_v1<_>,
    vecmath::pjrt_rt_logistic_f32_array_v1<_>,
    vecmath::pjrt_rt_sin_f32_array_v1<_>,
    vecmath::pjrt_rt_cos_f32_array_v1<_>,
    vecmath::pjrt_rt_div_f32_array_v1,
    vecmath::pjrt_rt_exp_f32_map_v1<_>,
    vecmath::pjrt_rt_tanh_f32_map_v1<_>,
    vecmath::pjrt_rt_logistic_f32_map_v1<_>,
    vecmath::pjrt_rt_sin_f32_map_v1<_>,
    vecmath::pjrt_rt_cos_f32_map_v1<_>,
    vecmath::pjrt_rt_max_f32_row_v1<_>,
    vecmath::pjrt_rt_exp_f32_map_sub_v1<_>,
    vecmath::pjrt_rt_tanh_f32_map_sub_v1<_>,
    vecmath::pjrt_rt_logistic_f32_map_sub_v1<_>,
    vecmath::pjrt_rt_sin_f32_map_sub_v1<_>,
    vecmath::pjrt_rt_cos_f32_map_sub_v1<_>,
    vecmath::pjrt_rt_sum_f32_row_v1<_>,
    vecmath::pjrt_rt_sum_sq_sub_f32_row_v1<_>,
    vecmath::pjrt_rt_add_f32_array_v1,
    vecmath::pjrt_rt_sub_f32_array_v1,
    vecmath::pjrt_rt_mul_f32_array_v1,
    vecmath::pjrt_rt_max_f32_array_v1<_>,
    vecmath::pjrt_rt_min_f32_array_v1<_>,
    vecmath::pjrt_rt_exp_f32_map_sub_each_v1<_>,
    vecmath::pjrt_rt_tanh_f32_map_sub_each_v1<_>,
    vecmath::pjrt_rt_logistic_f32_map_sub_each_v1<_>,
    vecmath::pjrt_rt_sin_f32_map_sub_each_v1<_>,
    vecmath::pjrt_rt_cos_f32_map_sub_each_v1<_>,
    vecmath::pjrt_rt_exp_f32_map_sub_each_add_v1<_>,
    vecmath::pjrt_rt_tanh_f32_map_sub_each_add_v1<_>,
    vecmath::pjrt_rt_logistic_f32_map_sub_each_add_v1<_>,
    vecmath::pjrt_rt_f32_to_bf16_map_v1<_>,
    vecmath::pjrt_rt_f32_to_f16_map_v1<_>,
    vecmath::pjrt_rt_bf16_to_f32_map_v1<_>,
    vecmath::pjrt_rt_f16_to_f32_map_v1<_>,
    vecmath::pjrt_rt_erfc_f32_array_v1<_>,
    vecmath::pjrt_rt_erfc_f32_map_v1<_>,
];

/// Index of the import named `name`.
pub fn index_of(name: &str) -> Option<u32> {
    IMPORTS
        .iter()
        .position(|i| i.name == name)
        .map(|i| i as u32)
}

//! Calling XLA FFI handlers from a schedule: the `Step::CustomCall` behind users'
//! `jax.ffi` targets and the plugin's Python host callbacks.
//!
//! - [`abi`]: the C structs of `xla/ffi/api/c_api.h`.
//! - [`api`]: pjrtc's `XLA_FFI_Api` table (errors, type ids, user data, per-call-site
//!   state, host memory, futures, device ordinal).
//! - [`registry`]: handlers by target name, for the whole process (what the PJRT FFI
//!   extension registers) and per artifact (libraries an artifact names, `--ffi-lib`).
//! - [`library`]: loads the shared libraries an artifact carries.
//! - [`call`]: builds a call frame for one step (buffers, attributes sorted by name as
//!   handlers decode them) and runs the handler, synchronously or through its future.

pub mod abi;
pub mod api;
pub mod call;
pub mod library;
pub mod registry;

pub use call::{CallEnv, States, call};
pub use registry::Handler;

use crate::DType;

/// The `XLA_FFI_DataType` of an element type (`None`: the FFI has no such type).
pub fn data_type(d: DType) -> Option<i32> {
    use abi::data_type as t;
    Some(match d {
        DType::I1 => t::PRED,
        DType::I8 => t::S8,
        DType::I16 => t::S16,
        DType::I32 => t::S32,
        DType::I64 => t::S64,
        DType::U8 => t::U8,
        DType::U16 => t::U16,
        DType::U32 => t::U32,
        DType::U64 => t::U64,
        DType::F16 => t::F16,
        DType::BF16 => t::BF16,
        DType::F32 => t::F32,
        DType::F64 => t::F64,
        DType::C64 => t::C64,
        DType::C128 => t::C128,
        DType::I2 => t::S2,
        DType::I4 => t::S4,
        DType::U2 => t::U2,
        DType::U4 => t::U4,
        DType::F8E4M3FN => t::F8E4M3FN,
        DType::F8E5M2 => t::F8E5M2,
        DType::F8E4M3FNUZ => t::F8E4M3FNUZ,
        DType::F8E5M2FNUZ => t::F8E5M2FNUZ,
        DType::F8E4M3B11FNUZ => t::F8E4M3B11FNUZ,
        DType::F8E3M4 => t::F8E3M4,
        DType::F8E4M3 => t::F8E4M3,
        DType::F8E8M0FNU => t::F8E8M0FNU,
        DType::F4E2M1FN => t::F4E2M1FN,
        DType::F6E2M3FN | DType::F6E3M2FN => return None,
    })
}

/// The element type of an `XLA_FFI_DataType` pjrtc has.
pub fn dtype_of(code: i32) -> Option<DType> {
    DType::ALL.into_iter().find(|&d| data_type(d) == Some(code))
}

//! The XLA FFI C ABI (`xla/ffi/api/c_api.h`, API 0.3 as jaxlib 0.10 ships it), written from
//! the header's definitions: what a handler built against `xla/ffi/api/ffi.h` (or the C
//! header alone) reads from the call frame pjrtc hands it, and the API table it calls back.
//!
//! Every struct starts with `struct_size` (the header's `X_STRUCT_SIZE`: the offset of the
//! last field plus its size, no tail padding) and `extension_start`.

#![allow(non_camel_case_types, non_snake_case)]

use std::ffi::{c_char, c_void};
use std::mem::{offset_of, size_of};

pub const XLA_FFI_API_MAJOR: i32 = 0;
pub const XLA_FFI_API_MINOR: i32 = 3;

#[repr(C)]
pub struct XLA_FFI_Extension_Base {
    pub struct_size: usize,
    pub type_: i32,
    pub next: *mut XLA_FFI_Extension_Base,
}

/// `XLA_FFI_Extension_Metadata`: a call frame carrying it asks the handler for metadata.
pub const XLA_FFI_EXTENSION_METADATA: i32 = 1;

#[repr(C)]
pub struct XLA_FFI_Api_Version {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub major_version: i32,
    pub minor_version: i32,
}

/// Opaque to handlers; pjrtc's is [`super::api::FfiError`].
pub type XLA_FFI_Error = c_void;
/// Opaque to handlers; pjrtc's is [`super::call::CallContext`].
pub type XLA_FFI_ExecutionContext = c_void;
/// Opaque to handlers; pjrtc's is [`super::api::Future`].
pub type XLA_FFI_Future = c_void;

pub const XLA_FFI_ERROR_CODE_INVALID_ARGUMENT: i32 = 3;
pub const XLA_FFI_ERROR_CODE_NOT_FOUND: i32 = 5;
pub const XLA_FFI_ERROR_CODE_RESOURCE_EXHAUSTED: i32 = 8;
pub const XLA_FFI_ERROR_CODE_FAILED_PRECONDITION: i32 = 9;
pub const XLA_FFI_ERROR_CODE_UNIMPLEMENTED: i32 = 12;
pub const XLA_FFI_ERROR_CODE_INTERNAL: i32 = 13;

#[repr(C)]
pub struct XLA_FFI_Error_Create_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub message: *const c_char,
    pub errc: i32,
}

#[repr(C)]
pub struct XLA_FFI_Error_GetMessage_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub error: *mut XLA_FFI_Error,
    pub message: *const c_char,
}

#[repr(C)]
pub struct XLA_FFI_Error_Destroy_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub error: *mut XLA_FFI_Error,
}

/// `XLA_FFI_DataType` codes (XLA's `PrimitiveType` numbers).
pub mod data_type {
    pub const PRED: i32 = 1;
    pub const S8: i32 = 2;
    pub const S16: i32 = 3;
    pub const S32: i32 = 4;
    pub const S64: i32 = 5;
    pub const U8: i32 = 6;
    pub const U16: i32 = 7;
    pub const U32: i32 = 8;
    pub const U64: i32 = 9;
    pub const F16: i32 = 10;
    pub const F32: i32 = 11;
    pub const F64: i32 = 12;
    pub const C64: i32 = 15;
    pub const BF16: i32 = 16;
    pub const TOKEN: i32 = 17;
    pub const C128: i32 = 18;
    pub const F8E5M2: i32 = 19;
    pub const F8E4M3FN: i32 = 20;
    pub const S4: i32 = 21;
    pub const U4: i32 = 22;
    pub const F8E4M3B11FNUZ: i32 = 23;
    pub const F8E5M2FNUZ: i32 = 24;
    pub const F8E4M3FNUZ: i32 = 25;
    pub const S2: i32 = 26;
    pub const U2: i32 = 27;
    pub const F8E4M3: i32 = 28;
    pub const F8E3M4: i32 = 29;
    pub const F4E2M1FN: i32 = 32;
    pub const F8E8M0FNU: i32 = 33;
}

#[repr(C)]
pub struct XLA_FFI_Buffer {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub dtype: i32,
    pub data: *mut c_void,
    pub rank: i64,
    pub dims: *mut i64,
}

pub const XLA_FFI_ARG_TYPE_BUFFER: i32 = 1;
pub const XLA_FFI_RET_TYPE_BUFFER: i32 = 1;

pub const XLA_FFI_ATTR_TYPE_ARRAY: i32 = 1;
pub const XLA_FFI_ATTR_TYPE_DICTIONARY: i32 = 2;
pub const XLA_FFI_ATTR_TYPE_SCALAR: i32 = 3;
pub const XLA_FFI_ATTR_TYPE_STRING: i32 = 4;

#[repr(C)]
pub struct XLA_FFI_ByteSpan {
    pub ptr: *const c_char,
    pub len: usize,
}

#[repr(C)]
pub struct XLA_FFI_Scalar {
    pub dtype: i32,
    pub value: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_Array {
    pub dtype: i32,
    pub size: usize,
    pub data: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_TypeId {
    pub type_id: i64,
}

#[repr(C)]
pub struct XLA_FFI_TypeInfo {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub deleter: Option<unsafe extern "C" fn(*mut c_void)>,
}

#[repr(C)]
pub struct XLA_FFI_Future_Create_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub future: *mut XLA_FFI_Future,
}

#[repr(C)]
pub struct XLA_FFI_Future_SetAvailable_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub future: *mut XLA_FFI_Future,
}

#[repr(C)]
pub struct XLA_FFI_Future_SetError_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub future: *mut XLA_FFI_Future,
    pub error: *mut XLA_FFI_Error,
}

pub const XLA_FFI_EXECUTION_STAGE_INSTANTIATE: i32 = 0;
pub const XLA_FFI_EXECUTION_STAGE_EXECUTE: i32 = 3;

#[repr(C)]
pub struct XLA_FFI_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub size: i64,
    pub types: *mut i32,
    pub args: *mut *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_Rets {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub size: i64,
    pub types: *mut i32,
    pub rets: *mut *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_Attrs {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub size: i64,
    pub types: *mut i32,
    pub names: *mut *mut XLA_FFI_ByteSpan,
    pub attrs: *mut *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_CallFrame {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub api: *const XLA_FFI_Api,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub stage: i32,
    pub args: XLA_FFI_Args,
    pub rets: XLA_FFI_Rets,
    pub attrs: XLA_FFI_Attrs,
    /// Set by a handler that finishes asynchronously.
    pub future: *mut XLA_FFI_Future,
}

/// `XLA_FFI_Handler`.
pub type XLA_FFI_Handler = unsafe extern "C" fn(*mut XLA_FFI_CallFrame) -> *mut XLA_FFI_Error;

#[repr(C)]
pub struct XLA_FFI_Handler_Bundle {
    pub instantiate: Option<XLA_FFI_Handler>,
    pub prepare: Option<XLA_FFI_Handler>,
    pub initialize: Option<XLA_FFI_Handler>,
    pub execute: Option<XLA_FFI_Handler>,
}

#[repr(C)]
pub struct XLA_FFI_Handler_Register_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub name: XLA_FFI_ByteSpan,
    pub platform: XLA_FFI_ByteSpan,
    pub bundle: XLA_FFI_Handler_Bundle,
    pub traits: u32,
}

#[repr(C)]
pub struct XLA_FFI_Type_Register_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub name: XLA_FFI_ByteSpan,
    pub type_id: *mut XLA_FFI_TypeId,
    pub type_info: *const XLA_FFI_TypeInfo,
}

#[repr(C)]
pub struct XLA_FFI_ExecutionContext_Get_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub type_id: *mut XLA_FFI_TypeId,
    pub data: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_State_Set_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub stage: i32,
    pub type_id: *mut XLA_FFI_TypeId,
    pub state: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_State_Get_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub stage: i32,
    pub type_id: *mut XLA_FFI_TypeId,
    pub state: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_Stream_Get_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub stream: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_DeviceMemory_Allocate_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub size: usize,
    pub alignment: usize,
    pub data: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_DeviceMemory_Free_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub size: usize,
    pub data: *mut c_void,
}

pub type XLA_FFI_Task = unsafe extern "C" fn(*mut c_void);

#[repr(C)]
pub struct XLA_FFI_ThreadPool_Schedule_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub task: Option<XLA_FFI_Task>,
    pub data: *mut c_void,
}

#[repr(C)]
pub struct XLA_FFI_ThreadPool_NumThreads_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub num_threads: *mut i64,
}

#[repr(C)]
pub struct XLA_FFI_RunId_Get_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub run_id: i64,
}

#[repr(C)]
pub struct XLA_FFI_DeviceOrdinal_Get_Args {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub ctx: *mut XLA_FFI_ExecutionContext,
    pub device_ordinal: i32,
}

/// `XLA_FFI_Metadata` (a handler fills it when asked through the metadata extension).
#[repr(C)]
pub struct XLA_FFI_Metadata {
    pub struct_size: usize,
    pub api_version: XLA_FFI_Api_Version,
    pub traits: u32,
    pub state_type_id: XLA_FFI_TypeId,
}

#[repr(C)]
pub struct XLA_FFI_Metadata_Extension {
    pub extension_base: XLA_FFI_Extension_Base,
    pub metadata: *mut XLA_FFI_Metadata,
}

type F<A> = unsafe extern "C" fn(*mut A) -> *mut XLA_FFI_Error;

#[repr(C)]
pub struct XLA_FFI_Api {
    pub struct_size: usize,
    pub extension_start: *mut XLA_FFI_Extension_Base,
    pub api_version: XLA_FFI_Api_Version,
    pub internal_api: *const c_void,
    pub XLA_FFI_Error_Create: F<XLA_FFI_Error_Create_Args>,
    pub XLA_FFI_Error_GetMessage: unsafe extern "C" fn(*mut XLA_FFI_Error_GetMessage_Args),
    pub XLA_FFI_Error_Destroy: unsafe extern "C" fn(*mut XLA_FFI_Error_Destroy_Args),
    pub XLA_FFI_Handler_Register: F<XLA_FFI_Handler_Register_Args>,
    pub XLA_FFI_Stream_Get: F<XLA_FFI_Stream_Get_Args>,
    pub XLA_FFI_Type_Register: F<XLA_FFI_Type_Register_Args>,
    pub XLA_FFI_ExecutionContext_Get: F<XLA_FFI_ExecutionContext_Get_Args>,
    pub XLA_FFI_State_Set: F<XLA_FFI_State_Set_Args>,
    pub XLA_FFI_State_Get: F<XLA_FFI_State_Get_Args>,
    pub XLA_FFI_DeviceMemory_Allocate: F<XLA_FFI_DeviceMemory_Allocate_Args>,
    pub XLA_FFI_DeviceMemory_Free: F<XLA_FFI_DeviceMemory_Free_Args>,
    pub XLA_FFI_ThreadPool_Schedule: F<XLA_FFI_ThreadPool_Schedule_Args>,
    pub XLA_FFI_ThreadPool_NumThreads: F<XLA_FFI_ThreadPool_NumThreads_Args>,
    pub XLA_FFI_Future_Create: F<XLA_FFI_Future_Create_Args>,
    pub XLA_FFI_Future_SetAvailable: F<XLA_FFI_Future_SetAvailable_Args>,
    pub XLA_FFI_Future_SetError: F<XLA_FFI_Future_SetError_Args>,
    pub XLA_FFI_RunId_Get: F<XLA_FFI_RunId_Get_Args>,
    pub XLA_FFI_DeviceOrdinal_Get: F<XLA_FFI_DeviceOrdinal_Get_Args>,
}

/// The header's `STRUCT_SIZE` of a struct whose last field is `$field`.
macro_rules! struct_size {
    ($t:ty, $field:ident: $ft:ty) => {
        offset_of!($t, $field) + size_of::<$ft>()
    };
}

/// `XLA_FFI_CallFrame_STRUCT_SIZE`: up to `attrs` (the `future` after it is not counted;
/// handlers built with `ffi.h` check this exact size).
pub const CALL_FRAME_STRUCT_SIZE: usize = struct_size!(XLA_FFI_CallFrame, attrs: XLA_FFI_Attrs);
pub const BUFFER_STRUCT_SIZE: usize = struct_size!(XLA_FFI_Buffer, dims: *mut i64);
pub const ARGS_STRUCT_SIZE: usize = struct_size!(XLA_FFI_Args, args: *mut *mut c_void);
pub const RETS_STRUCT_SIZE: usize = struct_size!(XLA_FFI_Rets, rets: *mut *mut c_void);
pub const ATTRS_STRUCT_SIZE: usize = struct_size!(XLA_FFI_Attrs, attrs: *mut *mut c_void);
pub const API_VERSION_STRUCT_SIZE: usize = struct_size!(XLA_FFI_Api_Version, minor_version: i32);
pub const API_STRUCT_SIZE: usize = size_of::<XLA_FFI_Api>();

#[cfg(test)]
mod tests {
    use super::*;

    /// Offsets the C header implies on LP64 targets (x86_64 and aarch64 Linux).
    #[test]
    fn layouts_match_the_c_header() {
        assert_eq!(size_of::<XLA_FFI_Extension_Base>(), 24);
        assert_eq!(API_VERSION_STRUCT_SIZE, 24);
        assert_eq!(offset_of!(XLA_FFI_Buffer, dtype), 16);
        assert_eq!(offset_of!(XLA_FFI_Buffer, data), 24);
        assert_eq!(BUFFER_STRUCT_SIZE, 48);
        assert_eq!(ARGS_STRUCT_SIZE, 40);
        assert_eq!(ATTRS_STRUCT_SIZE, 48);
        assert_eq!(offset_of!(XLA_FFI_CallFrame, stage), 32);
        assert_eq!(offset_of!(XLA_FFI_CallFrame, args), 40);
        assert_eq!(offset_of!(XLA_FFI_CallFrame, rets), 80);
        assert_eq!(offset_of!(XLA_FFI_CallFrame, attrs), 120);
        assert_eq!(CALL_FRAME_STRUCT_SIZE, 168);
        assert_eq!(offset_of!(XLA_FFI_Api, internal_api), 40);
        assert_eq!(offset_of!(XLA_FFI_Api, XLA_FFI_Error_Create), 48);
        assert_eq!(API_STRUCT_SIZE, 48 + 18 * 8);
        assert_eq!(size_of::<XLA_FFI_Scalar>(), 16);
        assert_eq!(size_of::<XLA_FFI_Array>(), 24);
    }
}

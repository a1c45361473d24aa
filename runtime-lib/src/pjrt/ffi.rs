//! `#[repr(C)]` definitions of the PJRT C API at version 0.112, written from the facts of
//! `xla/pjrt/c/pjrt_c_api.h` (the header itself is not part of this project).
//!
//! Every args struct starts with `struct_size` and `extension_start`. The header defines a
//! struct's size as the end of its last field, without trailing padding (its
//! `PJRT_DEFINE_STRUCT_TRAITS`); [`pjrt_struct!`] derives the same `STRUCT_SIZE` for each
//! struct here, and the unit tests pin the sizes jaxlib 0.10.2 is known to pass.
//!
//! Only the structs of the functions this plugin implements are defined; the remaining slots
//! of [`PJRT_Api`] are typed as the generic [`StubFn`].

#![allow(non_camel_case_types, non_snake_case)]

use std::ffi::{c_char, c_int, c_void};

pub const PJRT_API_MAJOR: c_int = 0;
pub const PJRT_API_MINOR: c_int = 112;

/// Declares a `#[repr(C)]` struct and its unpadded `STRUCT_SIZE` (end of the last field).
macro_rules! pjrt_struct {
    ($(#[$m:meta])* pub struct $name:ident { $($(#[$fm:meta])* pub $f:ident : $t:ty,)* }) => {
        $(#[$m])*
        #[repr(C)]
        pub struct $name { $($(#[$fm])* pub $f: $t,)* }
        impl $name {
            pub const STRUCT_SIZE: usize = {
                let ends = [$(std::mem::offset_of!($name, $f) + std::mem::size_of::<$t>(),)*];
                let mut max = 0;
                let mut i = 0;
                while i < ends.len() {
                    if ends[i] > max {
                        max = ends[i];
                    }
                    i += 1;
                }
                max
            };
        }
    };
}

// ---- opaque handles: the plugin decides what they point to (see the object modules) ----

pub type PJRT_Client = crate::pjrt::client::Client;
pub type PJRT_Device = crate::pjrt::device::Device;
pub type PJRT_DeviceDescription = crate::pjrt::device::DeviceDescription;
pub type PJRT_Memory = crate::pjrt::memory::Memory;
pub type PJRT_Buffer = crate::pjrt::buffer::Buffer;
pub type PJRT_Event = crate::pjrt::event::Event;
pub type PJRT_Executable = crate::pjrt::executable::ExecutableHandle;
pub type PJRT_LoadedExecutable = crate::pjrt::executable::LoadedExecutable;
pub type PJRT_Error = crate::pjrt::error::Error;
pub type PJRT_TopologyDescription = crate::pjrt::topology::Topology;
/// Backing object of serialized bytes (Executable_Serialize, GetDeviceAssignment).
pub type PJRT_SerializedBytes = c_void;
pub type PJRT_AsyncHostToDeviceTransferManager = crate::pjrt::transfer::TransferManager;
pub type PJRT_AsyncTrackingEvent = crate::pjrt::device::AsyncTrackingEvent;
/// A promise to fulfil an alias buffer: an opaque key into its client's table, not a
/// pointer (see `Client_CreateAliasBuffer`).
pub type PJRT_FulfillAliasBufferCallback = c_void;

// ---- enums (C enums are `int`) ----

pub type PJRT_Error_Code = c_int;
pub const PJRT_Error_Code_OK: c_int = 0;
pub const PJRT_Error_Code_CANCELLED: c_int = 1;
pub const PJRT_Error_Code_UNKNOWN: c_int = 2;
pub const PJRT_Error_Code_INVALID_ARGUMENT: c_int = 3;
pub const PJRT_Error_Code_NOT_FOUND: c_int = 5;
pub const PJRT_Error_Code_RESOURCE_EXHAUSTED: c_int = 8;
pub const PJRT_Error_Code_FAILED_PRECONDITION: c_int = 9;
pub const PJRT_Error_Code_ABORTED: c_int = 10;
pub const PJRT_Error_Code_UNIMPLEMENTED: c_int = 12;
pub const PJRT_Error_Code_INTERNAL: c_int = 13;

pub type PJRT_Buffer_Type = c_int;
pub const PJRT_Buffer_Type_INVALID: c_int = 0;
pub const PJRT_Buffer_Type_PRED: c_int = 1;
pub const PJRT_Buffer_Type_S8: c_int = 2;
pub const PJRT_Buffer_Type_S16: c_int = 3;
pub const PJRT_Buffer_Type_S32: c_int = 4;
pub const PJRT_Buffer_Type_S64: c_int = 5;
pub const PJRT_Buffer_Type_U8: c_int = 6;
pub const PJRT_Buffer_Type_U16: c_int = 7;
pub const PJRT_Buffer_Type_U32: c_int = 8;
pub const PJRT_Buffer_Type_U64: c_int = 9;
pub const PJRT_Buffer_Type_F16: c_int = 10;
pub const PJRT_Buffer_Type_F32: c_int = 11;
pub const PJRT_Buffer_Type_F64: c_int = 12;
pub const PJRT_Buffer_Type_BF16: c_int = 13;
pub const PJRT_Buffer_Type_C64: c_int = 14;
pub const PJRT_Buffer_Type_C128: c_int = 15;
pub const PJRT_Buffer_Type_F8E5M2: c_int = 16;
pub const PJRT_Buffer_Type_F8E4M3FN: c_int = 17;
pub const PJRT_Buffer_Type_F8E4M3B11FNUZ: c_int = 18;
pub const PJRT_Buffer_Type_F8E5M2FNUZ: c_int = 19;
pub const PJRT_Buffer_Type_F8E4M3FNUZ: c_int = 20;
pub const PJRT_Buffer_Type_S4: c_int = 21;
pub const PJRT_Buffer_Type_U4: c_int = 22;
pub const PJRT_Buffer_Type_TOKEN: c_int = 23;
pub const PJRT_Buffer_Type_S2: c_int = 24;
pub const PJRT_Buffer_Type_U2: c_int = 25;
pub const PJRT_Buffer_Type_F8E4M3: c_int = 26;
pub const PJRT_Buffer_Type_F8E3M4: c_int = 27;
pub const PJRT_Buffer_Type_F8E8M0FNU: c_int = 28;
pub const PJRT_Buffer_Type_F4E2M1FN: c_int = 29;

pub type PJRT_NamedValue_Type = c_int;
pub const PJRT_NamedValue_kString: c_int = 0;
pub const PJRT_NamedValue_kInt64: c_int = 1;
pub const PJRT_NamedValue_kInt64List: c_int = 2;
pub const PJRT_NamedValue_kFloat: c_int = 3;
pub const PJRT_NamedValue_kBool: c_int = 4;

pub type PJRT_HostBufferSemantics = c_int;

pub type PJRT_Buffer_MemoryLayout_Type = c_int;
pub const PJRT_Buffer_MemoryLayout_Type_Tiled: c_int = 0;
pub const PJRT_Buffer_MemoryLayout_Type_Strides: c_int = 1;

// ---- base structs ----

pjrt_struct! {
    pub struct PJRT_Extension_Base {
        pub struct_size: usize,
        pub type_: c_int,
        pub next: *mut PJRT_Extension_Base,
    }
}

/// An extension struct of the plugin (`PJRT_*_Extension`) as a `static`: immutable, holding
/// function pointers and a `next` pointer to another such static.
pub struct StaticExtension<T>(pub T);
// SAFETY: never mutated; its raw pointers point to immutable statics.
unsafe impl<T> Sync for StaticExtension<T> {}

pjrt_struct! {
    pub struct PJRT_Api_Version {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub major_version: c_int,
        pub minor_version: c_int,
    }
}

#[repr(C)]
#[derive(Clone, Copy)]
pub union PJRT_NamedValue_Value {
    pub string_value: *const c_char,
    pub int64_value: i64,
    pub int64_array_value: *const i64,
    pub float_value: f32,
    pub bool_value: bool,
}

pjrt_struct! {
    pub struct PJRT_NamedValue {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub name: *const c_char,
        pub name_size: usize,
        pub type_: PJRT_NamedValue_Type,
        pub value: PJRT_NamedValue_Value,
        /// Bytes of a string, elements of a list, 1 otherwise.
        pub value_size: usize,
    }
}

// ---- errors: PJRT_Error starts with this table since 0.112 ----

pub type PJRT_Error_PayloadVisitor = Option<
    unsafe extern "C" fn(
        key: *const c_char,
        key_size: usize,
        value: *const c_char,
        value_size: usize,
        user_arg: *mut c_void,
    ),
>;

pjrt_struct! {
    pub struct PJRT_Error_FunctionTable {
        pub struct_size: usize,
        pub instance_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub destroy: unsafe extern "C" fn(error: *mut PJRT_Error),
        pub message: unsafe extern "C" fn(
            error: *const PJRT_Error,
            message: *mut *const c_char,
            message_size: *mut usize,
        ),
        pub get_code: unsafe extern "C" fn(error: *const PJRT_Error) -> PJRT_Error_Code,
        pub for_each_payload: unsafe extern "C" fn(
            error: *const PJRT_Error,
            visitor: PJRT_Error_PayloadVisitor,
            user_arg: *mut c_void,
        ),
    }
}

pjrt_struct! {
    /// PJRT_Memory starts with a pointer to this table since 0.112.
    pub struct PJRT_Memory_FunctionTable {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub instance_size: usize,
        pub get_user_data:
            unsafe extern "C" fn(memory: *mut PJRT_Memory, key: *const c_void) -> *mut c_void,
        pub set_user_data: unsafe extern "C" fn(
            memory: *mut PJRT_Memory,
            key: *const c_void,
            data: *mut c_void,
            dtor: Option<unsafe extern "C" fn(*mut c_void)>,
        ),
    }
}

pjrt_struct! {
    pub struct PJRT_Error_Destroy_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub error: *mut PJRT_Error,
    }
}

pjrt_struct! {
    pub struct PJRT_Error_Message_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub error: *const PJRT_Error,
        pub message: *const c_char,
        pub message_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Error_GetCode_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub error: *const PJRT_Error,
        pub code: PJRT_Error_Code,
    }
}

pjrt_struct! {
    pub struct PJRT_Error_ForEachPayload_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub error: *const PJRT_Error,
        pub visitor: PJRT_Error_PayloadVisitor,
        pub user_arg: *mut c_void,
    }
}

// ---- plugin ----

pjrt_struct! {
    pub struct PJRT_Plugin_Initialize_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
    }
}

pjrt_struct! {
    pub struct PJRT_Plugin_Attributes_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub attributes: *const PJRT_NamedValue,
        pub num_attributes: usize,
    }
}

// ---- events ----

pub type PJRT_Event_OnReadyCallback =
    Option<unsafe extern "C" fn(error: *mut PJRT_Error, user_arg: *mut c_void)>;

pjrt_struct! {
    /// Args of Event_Destroy, Event_Error and Event_Await.
    pub struct PJRT_Event_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub event: *mut PJRT_Event,
    }
}

pjrt_struct! {
    pub struct PJRT_Event_IsReady_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub event: *mut PJRT_Event,
        pub is_ready: bool,
    }
}

pjrt_struct! {
    pub struct PJRT_Event_OnReady_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub event: *mut PJRT_Event,
        pub callback: PJRT_Event_OnReadyCallback,
        pub user_arg: *mut c_void,
    }
}

// ---- client ----

/// Lets a framework callback make a PJRT_Error of this plugin's kind to return.
pub type PJRT_CallbackError = unsafe extern "C" fn(
    code: PJRT_Error_Code,
    message: *const c_char,
    size: usize,
) -> *mut PJRT_Error;
pub type PJRT_KeyValueGetCallback_ValueDeleter = Option<unsafe extern "C" fn(value: *mut c_char)>;
pub type PJRT_KeyValueGetCallback =
    unsafe extern "C" fn(args: *mut PJRT_KeyValueGetCallback_Args) -> *mut PJRT_Error;
pub type PJRT_KeyValuePutCallback =
    unsafe extern "C" fn(args: *mut PJRT_KeyValuePutCallback_Args) -> *mut PJRT_Error;

pjrt_struct! {
    pub struct PJRT_KeyValueGetCallback_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub key: *const c_char,
        pub key_size: usize,
        pub timeout_in_ms: c_int,
        pub callback_error: *mut PJRT_CallbackError,
        pub user_arg: *mut c_void,
        pub value: *mut c_char,
        pub value_size: usize,
        pub value_deleter_callback: PJRT_KeyValueGetCallback_ValueDeleter,
    }
}

pjrt_struct! {
    pub struct PJRT_KeyValuePutCallback_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub key: *const c_char,
        pub key_size: usize,
        pub value: *const c_char,
        pub value_size: usize,
        pub callback_error: *mut PJRT_CallbackError,
        pub user_arg: *mut c_void,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_Create_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub create_options: *const PJRT_NamedValue,
        pub num_options: usize,
        pub kv_get_callback: *mut c_void,
        pub kv_get_user_arg: *mut c_void,
        pub kv_put_callback: *mut c_void,
        pub kv_put_user_arg: *mut c_void,
        pub client: *mut PJRT_Client,
        pub kv_try_get_callback: *mut c_void,
        pub kv_try_get_user_arg: *mut c_void,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_UpdateGlobalProcessInfo_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        /// `PJRT_ProcessInfo*` (not read: see `client_update_global_process_info`).
        pub process_infos: *mut c_void,
        pub num_process_infos: usize,
    }
}

pjrt_struct! {
    /// Args of Client_Destroy.
    pub struct PJRT_Client_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
    }
}

pjrt_struct! {
    /// Args of Client_PlatformName and Client_PlatformVersion.
    pub struct PJRT_Client_String_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub value: *const c_char,
        pub value_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_ProcessIndex_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub process_index: c_int,
    }
}

pjrt_struct! {
    /// Args of Client_Devices and Client_AddressableDevices.
    pub struct PJRT_Client_Devices_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub devices: *const *mut PJRT_Device,
        pub num_devices: usize,
    }
}

pjrt_struct! {
    /// Args of Client_LookupDevice (by id) and Client_LookupAddressableDevice (by local
    /// hardware id).
    pub struct PJRT_Client_LookupDevice_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub id: c_int,
        pub device: *mut PJRT_Device,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_AddressableMemories_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub addressable_memories: *const *mut PJRT_Memory,
        pub num_addressable_memories: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Program {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub code: *mut c_char,
        pub code_size: usize,
        pub format: *const c_char,
        pub format_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_Compile_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub program: *const PJRT_Program,
        pub compile_options: *const c_char,
        pub compile_options_size: usize,
        pub executable: *mut PJRT_LoadedExecutable,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_DefaultDeviceAssignment_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub num_replicas: c_int,
        pub num_partitions: c_int,
        pub default_assignment_size: usize,
        pub default_assignment: *mut c_int,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_MemoryLayout_Tiled {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub minor_to_major: *const i64,
        pub minor_to_major_size: usize,
        pub tile_dims: *const i64,
        pub tile_dim_sizes: *const usize,
        pub num_tiles: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_MemoryLayout_Strides {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub byte_strides: *const i64,
        pub num_byte_strides: usize,
    }
}

#[repr(C)]
pub union PJRT_Buffer_MemoryLayout_Union {
    pub tiled: std::mem::ManuallyDrop<PJRT_Buffer_MemoryLayout_Tiled>,
    pub strides: std::mem::ManuallyDrop<PJRT_Buffer_MemoryLayout_Strides>,
}

pjrt_struct! {
    pub struct PJRT_Buffer_MemoryLayout {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub layout: PJRT_Buffer_MemoryLayout_Union,
        pub type_: PJRT_Buffer_MemoryLayout_Type,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_BufferFromHostBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub data: *const c_void,
        pub type_: PJRT_Buffer_Type,
        pub dims: *const i64,
        pub num_dims: usize,
        pub byte_strides: *const i64,
        pub num_byte_strides: usize,
        pub host_buffer_semantics: PJRT_HostBufferSemantics,
        pub device: *mut PJRT_Device,
        pub memory: *mut PJRT_Memory,
        pub device_layout: *mut PJRT_Buffer_MemoryLayout,
        pub done_with_host_buffer: *mut PJRT_Event,
        pub buffer: *mut PJRT_Buffer,
    }
}

// ---- device descriptions, devices ----

pjrt_struct! {
    /// Args of DeviceDescription_Id and DeviceDescription_ProcessIndex.
    pub struct PJRT_DeviceDescription_Int_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device_description: *mut PJRT_DeviceDescription,
        pub value: c_int,
    }
}

pjrt_struct! {
    pub struct PJRT_DeviceDescription_Attributes_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device_description: *mut PJRT_DeviceDescription,
        pub num_attributes: usize,
        pub attributes: *const PJRT_NamedValue,
    }
}

pjrt_struct! {
    /// Args of DeviceDescription_Kind, _DebugString and _ToString.
    pub struct PJRT_DeviceDescription_String_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device_description: *mut PJRT_DeviceDescription,
        pub value: *const c_char,
        pub value_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_GetDescription_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub device_description: *mut PJRT_DeviceDescription,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_IsAddressable_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub is_addressable: bool,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_LocalHardwareId_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub local_hardware_id: c_int,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_AddressableMemories_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub memories: *const *mut PJRT_Memory,
        pub num_memories: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_DefaultMemory_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub memory: *mut PJRT_Memory,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_GetAttributes_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub attributes: *const PJRT_NamedValue,
        pub num_attributes: usize,
        /// Backing object of `attributes`, released with `attributes_deleter`.
        pub device_attributes: *mut c_void,
        pub attributes_deleter: Option<unsafe extern "C" fn(*mut c_void)>,
    }
}

// ---- memories ----

pjrt_struct! {
    /// Args of Memory_Id and Memory_Kind_Id.
    pub struct PJRT_Memory_Int_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub memory: *mut PJRT_Memory,
        pub value: c_int,
    }
}

pjrt_struct! {
    /// Args of Memory_Kind, Memory_DebugString and Memory_ToString.
    pub struct PJRT_Memory_String_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub memory: *mut PJRT_Memory,
        pub value: *const c_char,
        pub value_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Memory_AddressableByDevices_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub memory: *mut PJRT_Memory,
        pub devices: *const *mut PJRT_Device,
        pub num_devices: usize,
    }
}

// ---- executables ----

pjrt_struct! {
    /// Args of Executable_Destroy.
    pub struct PJRT_Executable_Destroy_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
    }
}

pjrt_struct! {
    /// Args of Executable_Name and Executable_Fingerprint.
    pub struct PJRT_Executable_String_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub value: *const c_char,
        pub value_size: usize,
    }
}

pjrt_struct! {
    /// Args of Executable_NumReplicas, _NumPartitions and _NumOutputs.
    pub struct PJRT_Executable_Count_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub value: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_SizeOfGeneratedCodeInBytes_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub size_in_bytes: i64,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_OutputElementTypes_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub output_types: *const PJRT_Buffer_Type,
        pub num_output_types: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_OutputDimensions_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub num_outputs: usize,
        /// All outputs' dimensions, concatenated.
        pub dims: *const i64,
        pub dim_sizes: *const usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_OutputMemoryKinds_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub num_outputs: usize,
        pub memory_kinds: *const *const c_char,
        pub memory_kind_sizes: *const usize,
    }
}

pjrt_struct! {
    /// `program` is the caller's: with `code` NULL the plugin sets `code_size`; with a
    /// buffer of `code_size` bytes it copies the code there. Either way it sets `format`.
    pub struct PJRT_Executable_OptimizedProgram_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub program: *mut PJRT_Program,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_Serialize_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *const PJRT_Executable,
        pub serialized_bytes: *const c_char,
        pub serialized_bytes_size: usize,
        pub serialized_executable: *mut PJRT_SerializedBytes,
        pub serialized_executable_deleter: Option<unsafe extern "C" fn(*mut PJRT_SerializedBytes)>,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_DeserializeAndLoad_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub serialized_executable: *const c_char,
        pub serialized_executable_size: usize,
        pub loaded_executable: *mut PJRT_LoadedExecutable,
        pub overridden_serialized_compile_options: *const c_char,
        pub overridden_serialized_compile_options_size: usize,
        pub load_options: *mut c_void,
    }
}

pjrt_struct! {
    /// Args of LoadedExecutable_Destroy and LoadedExecutable_Delete.
    pub struct PJRT_LoadedExecutable_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_LoadedExecutable,
    }
}

pjrt_struct! {
    pub struct PJRT_LoadedExecutable_IsDeleted_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_LoadedExecutable,
        pub is_deleted: bool,
    }
}

pjrt_struct! {
    pub struct PJRT_LoadedExecutable_GetExecutable_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub loaded_executable: *mut PJRT_LoadedExecutable,
        pub executable: *mut PJRT_Executable,
    }
}

pjrt_struct! {
    pub struct PJRT_LoadedExecutable_AddressableDevices_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_LoadedExecutable,
        pub addressable_devices: *const *mut PJRT_Device,
        pub num_addressable_devices: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_LogicalDeviceIds {
        pub replica: c_int,
        pub partition: c_int,
    }
}

pjrt_struct! {
    pub struct PJRT_LoadedExecutable_AddressableDeviceLogicalIds_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_LoadedExecutable,
        pub addressable_device_logical_ids: *const PJRT_LogicalDeviceIds,
        pub num_addressable_device_logical_ids: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_LoadedExecutable_GetDeviceAssignment_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_LoadedExecutable,
        pub serialized_bytes: *const c_char,
        pub serialized_bytes_size: usize,
        pub serialized_device_assignment: *mut PJRT_SerializedBytes,
        pub serialized_device_assignment_deleter:
            Option<unsafe extern "C" fn(*mut PJRT_SerializedBytes)>,
    }
}

pjrt_struct! {
    /// The fields up to `num_non_donatable_input_indices` are all this plugin reads; later
    /// fields (context, call location, task ids, ...) are left alone.
    pub struct PJRT_ExecuteOptions {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub send_callbacks: *mut c_void,
        pub recv_callbacks: *mut c_void,
        pub num_send_ops: usize,
        pub num_recv_ops: usize,
        pub launch_id: c_int,
        pub non_donatable_input_indices: *const i64,
        pub num_non_donatable_input_indices: usize,
        pub context: *mut crate::pjrt::ffi_ext::ExecuteContext,
    }
}

pjrt_struct! {
    pub struct PJRT_LoadedExecutable_Execute_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_LoadedExecutable,
        pub options: *mut PJRT_ExecuteOptions,
        /// `[num_devices][num_args]`.
        pub argument_lists: *const *const *mut PJRT_Buffer,
        pub num_devices: usize,
        pub num_args: usize,
        /// `[num_devices][num_outputs]`, allocated by the caller, filled here.
        pub output_lists: *const *mut *mut PJRT_Buffer,
        /// `[num_devices]`, may be NULL.
        pub device_complete_events: *mut *mut PJRT_Event,
        pub execute_device: *mut PJRT_Device,
    }
}

// ---- buffers ----

pjrt_struct! {
    /// Args of Buffer_Destroy, _Delete, _IncreaseExternalReferenceCount and
    /// _DecreaseExternalReferenceCount.
    pub struct PJRT_Buffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_ElementType_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub type_: PJRT_Buffer_Type,
    }
}

pjrt_struct! {
    /// Args of Buffer_Dimensions and Buffer_UnpaddedDimensions.
    pub struct PJRT_Buffer_Dimensions_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub dims: *const i64,
        pub num_dims: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_DynamicDimensionIndices_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub dynamic_dim_indices: *const usize,
        pub num_dynamic_dims: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_OnDeviceSizeInBytes_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub on_device_size_in_bytes: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_Device_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub device: *mut PJRT_Device,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_Memory_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub memory: *mut PJRT_Memory,
    }
}

pjrt_struct! {
    /// Args of Buffer_IsDeleted and Buffer_IsOnCpu.
    pub struct PJRT_Buffer_Bool_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub value: bool,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_ReadyEvent_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub event: *mut PJRT_Event,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_ToHostBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub src: *mut PJRT_Buffer,
        /// NULL: the buffer's own (dense row-major) layout.
        pub host_layout: *mut PJRT_Buffer_MemoryLayout,
        /// NULL: only report the needed `dst_size`.
        pub dst: *mut c_void,
        pub dst_size: usize,
        pub event: *mut PJRT_Event,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub device_memory_ptr: *mut c_void,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_UnsafePointer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub buffer_pointer: usize,
    }
}

pjrt_struct! {
    /// Args of Buffer_CopyToMemory (and, with a device in place of the memory,
    /// Buffer_CopyToDevice).
    pub struct PJRT_Buffer_CopyToMemory_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub dst_memory: *mut PJRT_Memory,
        pub dst_buffer: *mut PJRT_Buffer,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_CopyToDevice_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub dst_device: *mut PJRT_Device,
        pub dst_buffer: *mut PJRT_Buffer,
    }
}

// ---- topologies and compiling without a client ----

pjrt_struct! {
    pub struct PJRT_TopologyDescription_Create_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology_name: *const c_char,
        pub topology_name_size: usize,
        pub create_options: *const PJRT_NamedValue,
        pub num_options: usize,
        pub topology: *mut PJRT_TopologyDescription,
    }
}

pjrt_struct! {
    /// Args of TopologyDescription_Destroy.
    pub struct PJRT_TopologyDescription_Destroy_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *mut PJRT_TopologyDescription,
    }
}

pjrt_struct! {
    /// Args of TopologyDescription_PlatformName and _PlatformVersion.
    pub struct PJRT_TopologyDescription_String_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *mut PJRT_TopologyDescription,
        pub value: *const c_char,
        pub value_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_TopologyDescription_GetDeviceDescriptions_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *mut PJRT_TopologyDescription,
        pub descriptions: *const *mut PJRT_DeviceDescription,
        pub num_descriptions: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_TopologyDescription_Serialize_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *mut PJRT_TopologyDescription,
        pub serialized_bytes: *const c_char,
        pub serialized_bytes_size: usize,
        pub serialized_topology: *mut PJRT_SerializedBytes,
        pub serialized_topology_deleter: Option<unsafe extern "C" fn(*mut PJRT_SerializedBytes)>,
    }
}

pjrt_struct! {
    pub struct PJRT_TopologyDescription_Deserialize_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub serialized_topology: *const c_char,
        pub serialized_topology_size: usize,
        pub topology: *mut PJRT_TopologyDescription,
    }
}

pjrt_struct! {
    pub struct PJRT_TopologyDescription_Attributes_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *mut PJRT_TopologyDescription,
        pub attributes: *const PJRT_NamedValue,
        pub num_attributes: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_TopologyDescription_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub topology: *mut PJRT_TopologyDescription,
    }
}

pjrt_struct! {
    pub struct PJRT_Compile_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *const PJRT_TopologyDescription,
        pub program: *const PJRT_Program,
        pub compile_options: *const c_char,
        pub compile_options_size: usize,
        /// Optional; NULL when compiling without a device.
        pub client: *mut PJRT_Client,
        pub executable: *mut PJRT_Executable,
    }
}

// ---- zero copy, raw copies, events made by the caller ----

pjrt_struct! {
    pub struct PJRT_Event_Create_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub event: *mut PJRT_Event,
    }
}

pjrt_struct! {
    pub struct PJRT_Event_Set_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub event: *mut PJRT_Event,
        pub error_code: PJRT_Error_Code,
        pub error_message: *const c_char,
        pub error_message_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_CreateViewOfDeviceBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub device_buffer_ptr: *mut c_void,
        pub dims: *const i64,
        pub num_dims: usize,
        pub element_type: PJRT_Buffer_Type,
        pub layout: *mut PJRT_Buffer_MemoryLayout,
        pub device: *mut PJRT_Device,
        pub on_delete_callback: Option<unsafe extern "C" fn(*mut c_void, *mut c_void)>,
        pub on_delete_callback_arg: *mut c_void,
        pub stream: isize,
        pub buffer: *mut PJRT_Buffer,
        pub memory: *mut PJRT_Memory,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_CreateUninitializedBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub shape_dims: *const i64,
        pub shape_num_dims: usize,
        pub shape_element_type: PJRT_Buffer_Type,
        pub shape_layout: *mut PJRT_Buffer_MemoryLayout,
        pub device: *mut PJRT_Device,
        pub memory: *mut PJRT_Memory,
        pub buffer: *mut PJRT_Buffer,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_CopyRawToHost_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub dst: *mut c_void,
        pub offset: i64,
        pub transfer_size: i64,
        pub event: *mut PJRT_Event,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_CopyRawToHostFuture_Callback_Args {
        pub struct_size: usize,
        pub callback_data: *mut c_void,
        pub error_code: PJRT_Error_Code,
        pub error_message: *const c_char,
        pub error_message_size: usize,
        pub dst: *mut c_void,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_CopyRawToHostFuture_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub offset: i64,
        pub transfer_size: i64,
        pub event: *mut PJRT_Event,
        pub callback_data: *mut c_void,
        pub future_ready_callback:
            Option<unsafe extern "C" fn(*mut PJRT_Buffer_CopyRawToHostFuture_Callback_Args)>,
    }
}

// ---- analyses ----

pjrt_struct! {
    pub struct PJRT_Device_MemoryStats_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub bytes_in_use: i64,
        pub peak_bytes_in_use: i64,
        pub peak_bytes_in_use_is_set: bool,
        pub num_allocs: i64,
        pub num_allocs_is_set: bool,
        pub largest_alloc_size: i64,
        pub largest_alloc_size_is_set: bool,
        pub bytes_limit: i64,
        pub bytes_limit_is_set: bool,
        pub bytes_reserved: i64,
        pub bytes_reserved_is_set: bool,
        pub peak_bytes_reserved: i64,
        pub peak_bytes_reserved_is_set: bool,
        pub bytes_reservable_limit: i64,
        pub bytes_reservable_limit_is_set: bool,
        pub largest_free_block_bytes: i64,
        pub largest_free_block_bytes_is_set: bool,
        pub pool_bytes: i64,
        pub pool_bytes_is_set: bool,
        pub peak_pool_bytes: i64,
        pub peak_pool_bytes_is_set: bool,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_GetCostAnalysis_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub num_properties: usize,
        pub properties: *const PJRT_NamedValue,
    }
}

pjrt_struct! {
    /// The fields up to `total_size_in_bytes` (later versions append more, which this
    /// plugin leaves as the caller set them).
    pub struct PJRT_Executable_GetCompiledMemoryStats_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub generated_code_size_in_bytes: i64,
        pub argument_size_in_bytes: i64,
        pub output_size_in_bytes: i64,
        pub alias_size_in_bytes: i64,
        pub temp_size_in_bytes: i64,
        pub host_generated_code_size_in_bytes: i64,
        pub host_argument_size_in_bytes: i64,
        pub host_output_size_in_bytes: i64,
        pub host_alias_size_in_bytes: i64,
        pub host_temp_size_in_bytes: i64,
        pub peak_memory_in_bytes: i64,
        pub total_size_in_bytes: i64,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_GetCompileOptions_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub serialized_bytes: *const c_char,
        pub serialized_bytes_size: usize,
        pub serialized_compile_options: *mut PJRT_SerializedBytes,
        pub serialized_compile_options_deleter:
            Option<unsafe extern "C" fn(*mut PJRT_SerializedBytes)>,
    }
}

pjrt_struct! {
    pub struct PJRT_LoadedExecutable_Fingerprint_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_LoadedExecutable,
        pub executable_fingerprint: *const c_char,
        pub executable_fingerprint_size: usize,
    }
}

// ---- buffers defined later: async transfers, error and alias buffers, donation ----

pjrt_struct! {
    pub struct PJRT_ShapeSpec {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub dims: *const i64,
        pub num_dims: usize,
        pub element_type: PJRT_Buffer_Type,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_CreateBuffersForAsyncHostToDevice_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub shape_specs: *mut PJRT_ShapeSpec,
        pub num_shape_specs: usize,
        /// Optional: NULL, or `num_device_layouts` (= `num_shape_specs`) pointers, each
        /// NULL (the default layout) or a layout.
        pub device_layouts: *mut *mut PJRT_Buffer_MemoryLayout,
        pub num_device_layouts: usize,
        pub memory: *mut PJRT_Memory,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
    }
}

pjrt_struct! {
    /// Args of AsyncHostToDeviceTransferManager_Destroy.
    pub struct PJRT_AsyncHostToDeviceTransferManager_Destroy_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_TransferData_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub buffer_index: c_int,
        pub data: *const c_void,
        pub offset: i64,
        pub transfer_size: i64,
        pub is_last_transfer: bool,
        pub done_with_h2d_transfer: *mut PJRT_Event,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub buffer_index: c_int,
        pub buffer_out: *mut PJRT_Buffer,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_Device_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub device_out: *mut PJRT_Device,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub buffer_count: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub buffer_index: c_int,
        pub buffer_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub buffer_index: c_int,
        pub error_code: PJRT_Error_Code,
        pub error_message: *const c_char,
        pub error_message_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub transfer_metadata: *const PJRT_NamedValue,
        pub num_metadata: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncHostToDeviceTransferManager_TransferLiteral_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub transfer_manager: *mut PJRT_AsyncHostToDeviceTransferManager,
        pub buffer_index: c_int,
        pub data: *const c_void,
        pub shape_dims: *const i64,
        pub shape_num_dims: usize,
        pub shape_element_type: PJRT_Buffer_Type,
        pub shape_layout: *mut PJRT_Buffer_MemoryLayout,
        pub done_with_h2d_transfer: *mut PJRT_Event,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_CreateErrorBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub error_code: PJRT_Error_Code,
        pub error_message: *const c_char,
        pub error_message_size: usize,
        pub shape_dims: *const i64,
        pub shape_num_dims: usize,
        pub shape_element_type: PJRT_Buffer_Type,
        pub shape_layout: *mut PJRT_Buffer_MemoryLayout,
        pub memory: *mut PJRT_Memory,
        pub buffer: *mut PJRT_Buffer,
        pub payload: *const PJRT_NamedValue,
        pub num_payload: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_CreateAliasBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub memory: *mut PJRT_Memory,
        pub shape_dims: *const i64,
        pub shape_num_dims: usize,
        pub shape_element_type: PJRT_Buffer_Type,
        pub shape_layout: *mut PJRT_Buffer_MemoryLayout,
        pub alias_buffer: *mut PJRT_Buffer,
        pub fulfill_alias_buffer_cb: *mut PJRT_FulfillAliasBufferCallback,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_FulfillAliasBuffer_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        /// The buffer the alias becomes (with status OK).
        pub buffer: *mut PJRT_Buffer,
        pub status_code: PJRT_Error_Code,
        pub error_message: *const c_char,
        pub error_message_size: usize,
        pub fulfill_alias_buffer_cb: *mut PJRT_FulfillAliasBufferCallback,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_DonateWithControlDependency_Callback_Args {
        pub struct_size: usize,
        pub callback_data: *mut c_void,
        pub error_code: PJRT_Error_Code,
        pub error_message: *const c_char,
        pub error_message_size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_DonateWithControlDependency_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub callback_data: *mut c_void,
        pub dependency_ready_callback:
            Option<unsafe extern "C" fn(*mut PJRT_Buffer_DonateWithControlDependency_Callback_Args)>,
        pub out_buffer: *mut PJRT_Buffer,
    }
}

pjrt_struct! {
    pub struct PJRT_Buffer_Bitcast_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub buffer: *mut PJRT_Buffer,
        pub element_type: PJRT_Buffer_Type,
        pub dims: *const i64,
        pub num_dims: usize,
        /// NULL: the default (dense row-major) layout.
        pub device_layout: *mut PJRT_Buffer_MemoryLayout,
        pub out_buffer: *mut PJRT_Buffer,
    }
}

// ---- host memory mapping, devices, topologies, loading ----

pjrt_struct! {
    pub struct PJRT_Client_DmaMap_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub data: *mut c_void,
        pub size: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_DmaUnmap_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub data: *mut c_void,
    }
}

pjrt_struct! {
    pub struct PJRT_Client_Load_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub client: *mut PJRT_Client,
        pub executable: *mut PJRT_Executable,
        pub compile_options: *const c_char,
        pub compile_options_size: usize,
        pub loaded_executable: *mut PJRT_LoadedExecutable,
    }
}

pjrt_struct! {
    /// Args of Device_ClearMemoryStats.
    pub struct PJRT_Device_ClearMemoryStats_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_PoisonExecution_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub launch_id: i32,
        pub error_code: PJRT_Error_Code,
        pub error_message: *const c_char,
        pub error_message_size: usize,
        pub poisoned: bool,
        pub payload: *const PJRT_NamedValue,
        pub num_payload: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_Device_CreateAsyncTrackingEvent_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub device: *mut PJRT_Device,
        pub description: *const c_char,
        pub description_size: usize,
        pub event: *mut PJRT_AsyncTrackingEvent,
    }
}

pjrt_struct! {
    pub struct PJRT_AsyncTrackingEvent_Destroy_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub event: *mut PJRT_AsyncTrackingEvent,
    }
}

pjrt_struct! {
    pub struct PJRT_Executable_ParameterMemoryKinds_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub executable: *mut PJRT_Executable,
        pub num_parameters: usize,
        pub memory_kinds: *const *const c_char,
        pub memory_kind_sizes: *const usize,
    }
}

pjrt_struct! {
    pub struct PJRT_TopologyDescription_Fingerprint_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *const PJRT_TopologyDescription,
        pub fingerprint: u64,
    }
}

pjrt_struct! {
    pub struct PJRT_TopologyDescription_GetMemorySpaceKindIds_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *const PJRT_TopologyDescription,
        pub memory_space_kind_ids: *const c_int,
        pub num_memory_space_kind_ids: usize,
    }
}

pjrt_struct! {
    pub struct PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub topology: *const PJRT_TopologyDescription,
        pub memory_space_kind_id: c_int,
        pub dims: *const i64,
        pub num_dims: usize,
        pub element_type: PJRT_Buffer_Type,
        pub layout: *const PJRT_Buffer_MemoryLayout,
        /// A serialized xla.ShapeProto.
        pub serialized_shape: *const c_char,
        pub serialized_shape_size: usize,
        pub serialized_shape_deleter: Option<unsafe extern "C" fn(*const c_char)>,
    }
}

/// The type every slot has at the ABI level: one args pointer in, an error (or NULL) out.
/// Error_Destroy and Error_Message return nothing, which is ABI-compatible with ignoring
/// the return register.
pub type StubFn = unsafe extern "C" fn(args: *mut c_void) -> *mut PJRT_Error;

// ---- execute contexts and the FFI extension (pjrt_c_api_ffi_extension.h) ----

pjrt_struct! {
    pub struct PJRT_ExecuteContext_Create_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub context: *mut crate::pjrt::ffi_ext::ExecuteContext,
    }
}

pjrt_struct! {
    pub struct PJRT_ExecuteContext_Destroy_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub context: *mut crate::pjrt::ffi_ext::ExecuteContext,
    }
}

pjrt_struct! {
    pub struct PJRT_FFI_TypeID_Register_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub type_name: *const c_char,
        pub type_name_size: usize,
        pub type_id: i64,
    }
}

pjrt_struct! {
    pub struct PJRT_FFI_UserData_Add_Args {
        pub struct_size: usize,
        pub extension_start: *mut PJRT_Extension_Base,
        pub context: *mut crate::pjrt::ffi_ext::ExecuteContext,
        pub type_id: i64,
        pub data: *mut c_void,
    }
}

pjrt_struct! {
    /// The current layout (no `extension_start`, no `api_version`).
    pub struct PJRT_FFI_Register_Handler_Args {
        pub struct_size: usize,
        pub target_name: *const c_char,
        pub target_name_size: usize,
        pub handler: *mut c_void,
        pub platform_name: *const c_char,
        pub platform_name_size: usize,
        pub traits: u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes jaxlib 0.10.2 passes (docs of the PJRT notes, measured with a tracing proxy).
    #[test]
    fn struct_sizes_match_what_jax_passes() {
        assert_eq!(PJRT_Api_Version::STRUCT_SIZE, 24);
        assert_eq!(PJRT_Plugin_Initialize_Args::STRUCT_SIZE, 16);
        assert_eq!(PJRT_Plugin_Attributes_Args::STRUCT_SIZE, 32);
        assert_eq!(PJRT_Client_Create_Args::STRUCT_SIZE, 88);
        assert_eq!(PJRT_Client_Compile_Args::STRUCT_SIZE, 56);
        assert_eq!(PJRT_Client_BufferFromHostBuffer_Args::STRUCT_SIZE, 120);
        assert_eq!(PJRT_LoadedExecutable_Execute_Args::STRUCT_SIZE, 80);
        assert_eq!(PJRT_Buffer_ToHostBuffer_Args::STRUCT_SIZE, 56);
        assert_eq!(PJRT_Event_IsReady_Args::STRUCT_SIZE, 25);
        assert_eq!(PJRT_Buffer_Bool_Args::STRUCT_SIZE, 25);
        assert_eq!(PJRT_Buffer_ElementType_Args::STRUCT_SIZE, 28);
        assert_eq!(PJRT_DeviceDescription_Int_Args::STRUCT_SIZE, 28);
        assert_eq!(PJRT_Executable_Serialize_Args::STRUCT_SIZE, 56);
        assert_eq!(PJRT_Executable_DeserializeAndLoad_Args::STRUCT_SIZE, 72);
        assert_eq!(PJRT_Error_ForEachPayload_Args::STRUCT_SIZE, 40);
        assert_eq!(PJRT_NamedValue::STRUCT_SIZE, 56);
        assert_eq!(PJRT_Device_MemoryStats_Args::STRUCT_SIZE, 185);
        // The structs of the slots added last, as the 0.112 header lays them out.
        assert_eq!(PJRT_ShapeSpec::STRUCT_SIZE, 36);
        assert_eq!(
            PJRT_Client_CreateBuffersForAsyncHostToDevice_Args::STRUCT_SIZE,
            72
        );
        assert_eq!(
            PJRT_AsyncHostToDeviceTransferManager_TransferData_Args::STRUCT_SIZE,
            72
        );
        assert_eq!(
            PJRT_AsyncHostToDeviceTransferManager_TransferLiteral_Args::STRUCT_SIZE,
            80
        );
        assert_eq!(PJRT_Client_CreateErrorBuffer_Args::STRUCT_SIZE, 112);
        assert_eq!(PJRT_Client_CreateAliasBuffer_Args::STRUCT_SIZE, 80);
        assert_eq!(PJRT_Client_FulfillAliasBuffer_Args::STRUCT_SIZE, 64);
        assert_eq!(PJRT_Device_PoisonExecution_Args::STRUCT_SIZE, 72);
        assert_eq!(PJRT_Buffer_Bitcast_Args::STRUCT_SIZE, 64);
        assert_eq!(
            PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace_Args::STRUCT_SIZE,
            88
        );
        // jaxlib passes 144: 0.112 appends fields this plugin does not write.
        const { assert!(PJRT_Executable_GetCompiledMemoryStats_Args::STRUCT_SIZE <= 144) };
    }
}

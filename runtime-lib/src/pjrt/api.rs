//! The PJRT_Api function table: exactly the 138 slots of version 0.112, in header order.
//! Every slot is filled; the ones this plugin does not implement return UNIMPLEMENTED
//! naming the function.

#![allow(non_snake_case)]

use super::ffi::*;
use super::{
    buffer, client, device, error, event, executable, ffi_ext, layouts, memory, plugin, topology,
    transfer,
};

macro_rules! api_table {
    (@slot $slot:ident, stub) => {{
        unsafe extern "C" fn stub(_args: *mut std::ffi::c_void) -> *mut PJRT_Error {
            error::unimplemented(stringify!($slot), unimplemented_reason(stringify!($slot)))
        }
        stub as StubFn
    }};
    (@slot $slot:ident, $m:ident :: $f:ident) => {
        $m::$f as StubFn
    };
    ($($slot:ident: $($imp:ident)::+,)*) => {
        #[repr(C)]
        pub struct PJRT_Api {
            pub struct_size: usize,
            pub extension_start: *mut PJRT_Extension_Base,
            pub pjrt_api_version: PJRT_Api_Version,
            $(pub $slot: StubFn,)*
        }

        /// Slot names in table order.
        pub const SLOT_NAMES: &[&str] = &[$(stringify!($slot),)*];

        const fn table() -> PJRT_Api {
            PJRT_Api {
                struct_size: std::mem::size_of::<PJRT_Api>(),
                // The layouts, shardings and FFI extensions, in that order.
                extension_start: (&raw const layouts::LAYOUTS_EXTENSION.0.base).cast_mut(),
                pjrt_api_version: PJRT_Api_Version {
                    struct_size: PJRT_Api_Version::STRUCT_SIZE,
                    extension_start: std::ptr::null_mut(),
                    major_version: PJRT_API_MAJOR,
                    minor_version: PJRT_API_MINOR,
                },
                $($slot: api_table!(@slot $slot, $($imp)::+),)*
            }
        }
    };
}

api_table! {
    PJRT_Error_Destroy: error::error_destroy,
    PJRT_Error_Message: error::error_message,
    PJRT_Error_GetCode: error::error_get_code,
    PJRT_Plugin_Initialize: plugin::plugin_initialize,
    PJRT_Plugin_Attributes: plugin::plugin_attributes,
    PJRT_Event_Destroy: event::event_destroy,
    PJRT_Event_IsReady: event::event_is_ready,
    PJRT_Event_Error: event::event_error,
    PJRT_Event_Await: event::event_error,
    PJRT_Event_OnReady: event::event_on_ready,
    PJRT_Client_Create: client::client_create,
    PJRT_Client_Destroy: client::client_destroy,
    PJRT_Client_PlatformName: client::client_platform_name,
    PJRT_Client_ProcessIndex: client::client_process_index,
    PJRT_Client_PlatformVersion: client::client_platform_version,
    PJRT_Client_Devices: client::client_devices,
    PJRT_Client_AddressableDevices: client::client_addressable_devices,
    PJRT_Client_LookupDevice: client::client_lookup_device,
    PJRT_Client_LookupAddressableDevice: client::client_lookup_addressable_device,
    PJRT_Client_AddressableMemories: client::client_addressable_memories,
    PJRT_Client_Compile: executable::client_compile,
    PJRT_Client_DefaultDeviceAssignment: client::client_default_device_assignment,
    PJRT_Client_BufferFromHostBuffer: buffer::client_buffer_from_host_buffer,
    PJRT_DeviceDescription_Id: device::description_id,
    PJRT_DeviceDescription_ProcessIndex: device::description_process_index,
    PJRT_DeviceDescription_Attributes: device::description_attributes,
    PJRT_DeviceDescription_Kind: device::description_kind,
    PJRT_DeviceDescription_DebugString: device::description_debug_string,
    PJRT_DeviceDescription_ToString: device::description_to_string,
    PJRT_Device_GetDescription: device::device_get_description,
    PJRT_Device_IsAddressable: device::device_is_addressable,
    PJRT_Device_LocalHardwareId: device::device_local_hardware_id,
    PJRT_Device_AddressableMemories: device::device_addressable_memories,
    PJRT_Device_DefaultMemory: device::device_default_memory,
    PJRT_Device_MemoryStats: device::device_memory_stats,
    PJRT_Memory_Id: memory::memory_id,
    PJRT_Memory_Kind: memory::memory_kind,
    PJRT_Memory_DebugString: memory::memory_debug_string,
    PJRT_Memory_ToString: memory::memory_to_string,
    PJRT_Memory_AddressableByDevices: memory::memory_addressable_by_devices,
    PJRT_Executable_Destroy: executable::executable_destroy,
    PJRT_Executable_Name: executable::executable_name,
    PJRT_Executable_NumReplicas: executable::executable_num_replicas,
    PJRT_Executable_NumPartitions: executable::executable_num_partitions,
    PJRT_Executable_NumOutputs: executable::executable_num_outputs,
    PJRT_Executable_SizeOfGeneratedCodeInBytes: executable::executable_size_of_generated_code,
    PJRT_Executable_GetCostAnalysis: executable::executable_get_cost_analysis,
    PJRT_Executable_OutputMemoryKinds: executable::executable_output_memory_kinds,
    PJRT_Executable_OptimizedProgram: executable::executable_optimized_program,
    PJRT_Executable_Serialize: executable::executable_serialize,
    PJRT_LoadedExecutable_Destroy: executable::loaded_executable_destroy,
    PJRT_LoadedExecutable_GetExecutable: executable::loaded_executable_get_executable,
    PJRT_LoadedExecutable_AddressableDevices: executable::loaded_executable_addressable_devices,
    PJRT_LoadedExecutable_Delete: executable::loaded_executable_delete,
    PJRT_LoadedExecutable_IsDeleted: executable::loaded_executable_is_deleted,
    PJRT_LoadedExecutable_Execute: executable::loaded_executable_execute,
    PJRT_Executable_DeserializeAndLoad: executable::executable_deserialize_and_load,
    PJRT_LoadedExecutable_Fingerprint: executable::loaded_executable_fingerprint,
    PJRT_Buffer_Destroy: buffer::buffer_destroy,
    PJRT_Buffer_ElementType: buffer::buffer_element_type,
    PJRT_Buffer_Dimensions: buffer::buffer_dimensions,
    PJRT_Buffer_UnpaddedDimensions: buffer::buffer_dimensions,
    PJRT_Buffer_DynamicDimensionIndices: buffer::buffer_dynamic_dimension_indices,
    PJRT_Buffer_GetMemoryLayout: stub,
    PJRT_Buffer_OnDeviceSizeInBytes: buffer::buffer_on_device_size_in_bytes,
    PJRT_Buffer_Device: buffer::buffer_device,
    PJRT_Buffer_Memory: buffer::buffer_memory,
    PJRT_Buffer_Delete: buffer::buffer_delete,
    PJRT_Buffer_IsDeleted: buffer::buffer_is_deleted,
    PJRT_Buffer_CopyToDevice: buffer::buffer_copy_to_device,
    PJRT_Buffer_ToHostBuffer: buffer::buffer_to_host_buffer,
    PJRT_Buffer_IsOnCpu: buffer::buffer_is_on_cpu,
    PJRT_Buffer_ReadyEvent: buffer::buffer_ready_event,
    PJRT_Buffer_UnsafePointer: buffer::buffer_unsafe_pointer,
    PJRT_Buffer_IncreaseExternalReferenceCount: buffer::buffer_increase_external_reference_count,
    PJRT_Buffer_DecreaseExternalReferenceCount: buffer::buffer_decrease_external_reference_count,
    PJRT_Buffer_OpaqueDeviceMemoryDataPointer: buffer::buffer_opaque_device_memory_data_pointer,
    PJRT_CopyToDeviceStream_Destroy: stub,
    PJRT_CopyToDeviceStream_AddChunk: stub,
    PJRT_CopyToDeviceStream_TotalBytes: stub,
    PJRT_CopyToDeviceStream_GranuleSize: stub,
    PJRT_CopyToDeviceStream_CurrentBytes: stub,
    PJRT_TopologyDescription_Create: topology::topology_create,
    PJRT_TopologyDescription_Destroy: topology::topology_destroy,
    PJRT_TopologyDescription_PlatformName: topology::topology_platform_name,
    PJRT_TopologyDescription_PlatformVersion: topology::topology_platform_version,
    PJRT_TopologyDescription_GetDeviceDescriptions: topology::topology_get_device_descriptions,
    PJRT_TopologyDescription_Serialize: topology::topology_serialize,
    PJRT_TopologyDescription_Attributes: topology::topology_attributes,
    PJRT_Compile: executable::compile,
    PJRT_Executable_OutputElementTypes: executable::executable_output_element_types,
    PJRT_Executable_OutputDimensions: executable::executable_output_dimensions,
    PJRT_Buffer_CopyToMemory: buffer::buffer_copy_to_memory,
    PJRT_Client_CreateViewOfDeviceBuffer: buffer::client_create_view_of_device_buffer,
    PJRT_Executable_Fingerprint: executable::executable_fingerprint,
    PJRT_Client_TopologyDescription: topology::client_topology_description,
    PJRT_Executable_GetCompiledMemoryStats: executable::executable_get_compiled_memory_stats,
    PJRT_Memory_Kind_Id: memory::memory_kind_id,
    PJRT_ExecuteContext_Create: ffi_ext::execute_context_create,
    PJRT_ExecuteContext_Destroy: ffi_ext::execute_context_destroy,
    PJRT_Buffer_CopyRawToHost: buffer::buffer_copy_raw_to_host,
    PJRT_AsyncHostToDeviceTransferManager_Destroy: transfer::manager_destroy,
    PJRT_AsyncHostToDeviceTransferManager_TransferData: transfer::manager_transfer_data,
    PJRT_Client_CreateBuffersForAsyncHostToDevice: transfer::client_create_buffers_for_async_host_to_device,
    PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer: transfer::manager_retrieve_buffer,
    PJRT_AsyncHostToDeviceTransferManager_Device: transfer::manager_device,
    PJRT_AsyncHostToDeviceTransferManager_BufferCount: transfer::manager_buffer_count,
    PJRT_AsyncHostToDeviceTransferManager_BufferSize: transfer::manager_buffer_size,
    PJRT_AsyncHostToDeviceTransferManager_SetBufferError: transfer::manager_set_buffer_error,
    PJRT_AsyncHostToDeviceTransferManager_AddMetadata: transfer::manager_add_metadata,
    PJRT_Client_DmaMap: client::client_dma_map,
    PJRT_Client_DmaUnmap: client::client_dma_unmap,
    PJRT_Client_CreateUninitializedBuffer: buffer::client_create_uninitialized_buffer,
    PJRT_Client_UpdateGlobalProcessInfo: client::client_update_global_process_info,
    PJRT_TopologyDescription_Deserialize: topology::topology_deserialize,
    PJRT_Client_CreateAliasBuffer: buffer::client_create_alias_buffer,
    PJRT_Client_FulfillAliasBuffer: buffer::client_fulfill_alias_buffer,
    PJRT_LoadedExecutable_GetDeviceAssignment: executable::loaded_executable_get_device_assignment,
    PJRT_Client_CreateErrorBuffer: buffer::client_create_error_buffer,
    PJRT_AsyncHostToDeviceTransferManager_TransferLiteral: transfer::manager_transfer_literal,
    PJRT_Buffer_CopyRawToHostFuture: buffer::buffer_copy_raw_to_host_future,
    PJRT_Device_PoisonExecution: device::device_poison_execution,
    PJRT_Device_CreateAsyncTrackingEvent: device::device_create_async_tracking_event,
    PJRT_AsyncTrackingEvent_Destroy: device::async_tracking_event_destroy,
    PJRT_Executable_GetCompileOptions: executable::executable_get_compile_options,
    PJRT_Buffer_DonateWithControlDependency: buffer::buffer_donate_with_control_dependency,
    PJRT_Event_Create: event::event_create,
    PJRT_Event_Set: event::event_set,
    PJRT_Device_GetAttributes: device::device_get_attributes,
    PJRT_Client_Load: executable::client_load,
    PJRT_LoadedExecutable_AddressableDeviceLogicalIds: executable::loaded_executable_addressable_device_logical_ids,
    PJRT_Buffer_Bitcast: buffer::buffer_bitcast,
    PJRT_Error_ForEachPayload: error::error_for_each_payload,
    PJRT_TopologyDescription_Fingerprint: topology::topology_fingerprint,
    PJRT_Executable_ParameterMemoryKinds: executable::executable_parameter_memory_kinds,
    PJRT_Device_ClearMemoryStats: device::device_clear_memory_stats,
    PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace: topology::topology_make_canonical_shape_for_memory_space,
    PJRT_TopologyDescription_GetMemorySpaceKindIds: topology::topology_get_memory_space_kind_ids,
}

/// Why each slot left UNIMPLEMENTED is (by name prefix); the README's table says the same.
const UNIMPLEMENTED_REASONS: &[(&str, &str)] = &[
    (
        "PJRT_CopyToDeviceStream_",
        "streams exist only for send/recv host transfers inside a program (host send/recv \
         callbacks of Execute), which pjrtc does not compile, so no stream is ever made",
    ),
    (
        "PJRT_Buffer_GetMemoryLayout",
        "deprecated in the PJRT header in favour of the layouts extension, which pjrtc \
         offers (every pjrtc buffer is dense row-major: minor_to_major descending)",
    ),
];

fn unimplemented_reason(slot: &str) -> &'static str {
    UNIMPLEMENTED_REASONS
        .iter()
        .find(|(prefix, _)| slot.starts_with(prefix))
        .map_or("not implemented", |(_, why)| why)
}

struct SyncApi(PJRT_Api);
// SAFETY: the table is immutable and holds only function pointers and a pointer to the
// immutable FFI extension.
unsafe impl Sync for SyncApi {}

static API: SyncApi = SyncApi(table());

/// The process-wide table `GetPjrtApi` returns.
pub fn api() -> &'static PJRT_Api {
    &API.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_has_the_138_slots_of_0_112() {
        assert_eq!(SLOT_NAMES.len(), 138);
        assert_eq!(std::mem::size_of::<PJRT_Api>(), 40 + 8 * 138);
        assert_eq!(api().struct_size, 1144);
        assert_eq!(
            std::mem::offset_of!(PJRT_Api, PJRT_Buffer_ToHostBuffer),
            600
        );
        assert_eq!(
            SLOT_NAMES[137],
            "PJRT_TopologyDescription_GetMemorySpaceKindIds"
        );
    }
}

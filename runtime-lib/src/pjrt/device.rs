//! PJRT_Device and PJRT_DeviceDescription: CPU devices of one process.

use super::error::{PjrtError, Result, entry, handle};
use super::ffi::*;

pub struct DeviceDescription {
    pub id: i32,
    pub process_index: i32,
    kind: String,
    debug_string: String,
    to_string: String,
}

pub struct Device {
    /// Returned by pointer from Device_GetDescription; lives as long as the device.
    pub description: DeviceDescription,
    pub local_hardware_id: i32,
    pub(crate) memories: Vec<*mut PJRT_Memory>,
    pub(crate) default_memory: *mut PJRT_Memory,
}

impl Device {
    pub fn new(id: i32, memory: *mut PJRT_Memory) -> Device {
        Device {
            description: DeviceDescription {
                id,
                process_index: 0,
                kind: "cpu".into(),
                debug_string: format!("pjrtc CPU device {id}"),
                // What `repr(jax.devices()[i])` shows.
                to_string: format!("PjrtcDevice(id={id})"),
            },
            local_hardware_id: id,
            memories: vec![memory],
            default_memory: memory,
        }
    }
}

pub(crate) fn device<'a>(ptr: *mut PJRT_Device) -> Result<&'a Device> {
    // SAFETY: the framework passes devices this plugin created; they live as long as their
    // client.
    unsafe { handle(ptr, "device") }
}

fn description<'a>(ptr: *mut PJRT_DeviceDescription) -> Result<&'a DeviceDescription> {
    // SAFETY: descriptions are fields of live devices (see `device_get_description`).
    unsafe { handle(ptr, "device_description") }
}

fn set_str(s: &str, value: &mut *const std::ffi::c_char, size: &mut usize) {
    *value = s.as_ptr().cast();
    *size = s.len();
}

entry!(
    fn description_id(a: &mut PJRT_DeviceDescription_Int_Args) {
        a.value = description(a.device_description)?.id;
        Ok(())
    }
);

entry!(
    fn description_process_index(a: &mut PJRT_DeviceDescription_Int_Args) {
        a.value = description(a.device_description)?.process_index;
        Ok(())
    }
);

entry!(
    fn description_attributes(a: &mut PJRT_DeviceDescription_Attributes_Args) {
        description(a.device_description)?;
        // Like XLA's CPU plugin: no attributes.
        a.num_attributes = 0;
        a.attributes = std::ptr::null();
        Ok(())
    }
);

entry!(
    fn description_kind(a: &mut PJRT_DeviceDescription_String_Args) {
        set_str(
            &description(a.device_description)?.kind,
            &mut a.value,
            &mut a.value_size,
        );
        Ok(())
    }
);

entry!(
    fn description_debug_string(a: &mut PJRT_DeviceDescription_String_Args) {
        let d = description(a.device_description)?;
        set_str(&d.debug_string, &mut a.value, &mut a.value_size);
        Ok(())
    }
);

entry!(
    fn description_to_string(a: &mut PJRT_DeviceDescription_String_Args) {
        let d = description(a.device_description)?;
        set_str(&d.to_string, &mut a.value, &mut a.value_size);
        Ok(())
    }
);

entry!(
    fn device_get_description(a: &mut PJRT_Device_GetDescription_Args) {
        let d = device(a.device)?;
        a.device_description = &d.description as *const DeviceDescription as *mut _;
        Ok(())
    }
);

entry!(
    fn device_is_addressable(a: &mut PJRT_Device_IsAddressable_Args) {
        device(a.device)?;
        a.is_addressable = true;
        Ok(())
    }
);

entry!(
    fn device_local_hardware_id(a: &mut PJRT_Device_LocalHardwareId_Args) {
        a.local_hardware_id = device(a.device)?.local_hardware_id;
        Ok(())
    }
);

entry!(
    fn device_addressable_memories(a: &mut PJRT_Device_AddressableMemories_Args) {
        let d = device(a.device)?;
        a.memories = d.memories.as_ptr();
        a.num_memories = d.memories.len();
        Ok(())
    }
);

entry!(
    fn device_default_memory(a: &mut PJRT_Device_DefaultMemory_Args) {
        let d = device(a.device)?;
        if d.default_memory.is_null() {
            return Err(PjrtError::internal("device has no default memory"));
        }
        a.memory = d.default_memory;
        Ok(())
    }
);

unsafe extern "C" fn no_attributes_deleter(_: *mut std::ffi::c_void) {}

entry!(
    /// Used by JAX (API >= 0.92) whenever the slot is non-NULL: no attributes, nothing to free.
    fn device_get_attributes(a: &mut PJRT_Device_GetAttributes_Args) {
        device(a.device)?;
        a.attributes = std::ptr::null();
        a.num_attributes = 0;
        a.device_attributes = std::ptr::null_mut();
        a.attributes_deleter = Some(no_attributes_deleter);
        Ok(())
    }
);

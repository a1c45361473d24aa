//! PJRT_Device and PJRT_DeviceDescription: CPU devices of one process.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use super::error::{PjrtError, Result, bytes, entry, handle, slice};
use super::ffi::*;

pub struct DeviceDescription {
    pub id: i32,
    pub process_index: i32,
    kind: String,
    debug_string: String,
    to_string: String,
}

/// Bytes of the buffers a device holds (its own allocations, not views of foreign
/// memory), for Device_MemoryStats. Shared with the buffers, which may outlive the device.
#[derive(Default)]
pub struct MemoryCounter {
    in_use: AtomicI64,
    peak: AtomicI64,
    allocs: AtomicI64,
    largest: AtomicI64,
}

impl MemoryCounter {
    pub fn add(&self, bytes: usize) {
        let b = i64::try_from(bytes).unwrap_or(i64::MAX);
        let now = self.in_use.fetch_add(b, Ordering::Relaxed) + b;
        self.peak.fetch_max(now, Ordering::Relaxed);
        self.allocs.fetch_add(1, Ordering::Relaxed);
        self.largest.fetch_max(b, Ordering::Relaxed);
    }

    pub fn sub(&self, bytes: usize) {
        let b = i64::try_from(bytes).unwrap_or(i64::MAX);
        self.in_use.fetch_sub(b, Ordering::Relaxed);
    }

    pub fn in_use(&self) -> i64 {
        self.in_use.load(Ordering::Relaxed)
    }

    /// Starts the statistics over (Device_ClearMemoryStats), as an allocator's ClearStats
    /// does: the peak becomes what is in use now, the allocation count and the largest
    /// allocation start from zero. The bytes in use are a fact, not a statistic.
    pub fn clear(&self) {
        self.peak.store(self.in_use(), Ordering::Relaxed);
        self.allocs.store(0, Ordering::Relaxed);
        self.largest.store(0, Ordering::Relaxed);
    }
}

pub struct Device {
    /// Returned by pointer from Device_GetDescription; lives as long as the device.
    pub description: DeviceDescription,
    pub(crate) memory_counter: Arc<MemoryCounter>,
    pub local_hardware_id: i32,
    pub addressable: bool,
    pub(crate) memories: Vec<*mut PJRT_Memory>,
    pub(crate) default_memory: *mut PJRT_Memory,
}

impl DeviceDescription {
    /// CPU device `id` of this process (also what a topology describes).
    pub fn cpu(id: i32) -> DeviceDescription {
        DeviceDescription {
            id,
            process_index: 0,
            kind: "cpu".into(),
            debug_string: format!("pjrtc CPU device {id}"),
            // What `repr(jax.devices()[i])` shows.
            to_string: format!("PjrtcDevice(id={id})"),
        }
    }
}

/// Where a device is: its global id, its process, and its index among that process's devices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub id: i32,
    pub process_index: i32,
    pub local_hardware_id: i32,
    /// Whether this process runs it (false: a device of another process of a distributed
    /// client, listed but not usable for buffers or execution here).
    pub addressable: bool,
}

impl Device {
    /// `at`'s device; `distributed`: its client spans several processes (the process then
    /// shows in the device's repr).
    pub fn new(at: Placement, distributed: bool, memory: *mut PJRT_Memory) -> Device {
        let mut description = DeviceDescription::cpu(at.id);
        description.process_index = at.process_index;
        if distributed {
            description.to_string = format!(
                "PjrtcDevice(id={}, process_index={})",
                at.id, at.process_index
            );
            description.debug_string = format!(
                "pjrtc CPU device {} (process {}, local {})",
                at.id, at.process_index, at.local_hardware_id
            );
        }
        Device {
            description,
            memory_counter: Arc::default(),
            local_hardware_id: at.local_hardware_id,
            addressable: at.addressable,
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
        a.is_addressable = device(a.device)?.addressable;
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

entry!(
    /// Bytes of the buffers this device holds now, their peak, how many were made and the
    /// largest (views of foreign memory are not counted: the device did not allocate them).
    fn device_memory_stats(a: &mut PJRT_Device_MemoryStats_Args) {
        let c = &device(a.device)?.memory_counter;
        a.bytes_in_use = c.in_use();
        a.peak_bytes_in_use = c.peak.load(Ordering::Relaxed);
        a.peak_bytes_in_use_is_set = true;
        a.num_allocs = c.allocs.load(Ordering::Relaxed);
        a.num_allocs_is_set = true;
        a.largest_alloc_size = c.largest.load(Ordering::Relaxed);
        a.largest_alloc_size_is_set = true;
        a.bytes_limit_is_set = false;
        a.bytes_reserved_is_set = false;
        a.peak_bytes_reserved_is_set = false;
        a.bytes_reservable_limit_is_set = false;
        a.largest_free_block_bytes_is_set = false;
        a.pool_bytes_is_set = false;
        a.peak_pool_bytes_is_set = false;
        Ok(())
    }
);

entry!(
    fn device_clear_memory_stats(a: &mut PJRT_Device_ClearMemoryStats_Args) {
        device(a.device)?.memory_counter.clear();
        Ok(())
    }
);

entry!(
    /// Poisons the device's earliest unfinished execution with this launch id. Executions
    /// finish before Execute returns, so none is ever unfinished: `poisoned` is false, as
    /// the header asks when there is nothing to poison.
    fn device_poison_execution(a: &mut PJRT_Device_PoisonExecution_Args) {
        device(a.device)?;
        if a.error_code == PJRT_Error_Code_OK {
            return Err(PjrtError::invalid("PoisonExecution: error_code is OK"));
        }
        // SAFETY: the caller's message and payload arrays, live for the call.
        unsafe {
            bytes(a.error_message, a.error_message_size, "error_message")?;
            slice(a.payload, a.num_payload, "payload")?;
        }
        a.poisoned = false;
        Ok(())
    }
);

/// An async tracking event: a named marker the framework keeps while it waits on
/// something the device does. Nothing the device does is asynchronous, so it only
/// carries its description.
pub struct AsyncTrackingEvent {
    pub description: String,
}

entry!(
    fn device_create_async_tracking_event(a: &mut PJRT_Device_CreateAsyncTrackingEvent_Args) {
        device(a.device)?;
        // SAFETY: the caller's `(ptr, len)` description.
        let d = unsafe { bytes(a.description, a.description_size, "description")? };
        a.event = Box::into_raw(Box::new(AsyncTrackingEvent {
            description: String::from_utf8_lossy(d).into_owned(),
        }));
        Ok(())
    }
);

entry!(
    fn async_tracking_event_destroy(a: &mut PJRT_AsyncTrackingEvent_Destroy_Args) {
        if !a.event.is_null() {
            // SAFETY: made by `device_create_async_tracking_event` (a Box); given up here.
            drop(unsafe { Box::from_raw(a.event) });
        }
        Ok(())
    }
);

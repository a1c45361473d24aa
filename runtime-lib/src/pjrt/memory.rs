//! PJRT_Memory: one memory of kind `"device"` per device (host RAM, since the device is the
//! CPU). JAX requires every device to have a default memory of that kind.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;

use super::error::{Result, entry, handle};
use super::ffi::*;

pub const DEVICE_KIND: &str = "device";

/// `struct PJRT_Memory { const PJRT_Memory_FunctionTable* vtable; }` and our fields.
#[repr(C)]
pub struct Memory {
    vtable: *const PJRT_Memory_FunctionTable,
    pub id: i32,
    to_string: String,
    debug_string: String,
    pub(crate) devices: Vec<*mut PJRT_Device>,
    /// Framework-owned data attached through the vtable: key -> (data, destructor).
    user_data: Mutex<HashMap<usize, UserData>>,
}

struct UserData {
    data: *mut c_void,
    dtor: Option<unsafe extern "C" fn(*mut c_void)>,
}

impl Drop for UserData {
    fn drop(&mut self) {
        if let Some(dtor) = self.dtor {
            // SAFETY: the framework attached `data` with this destructor and gave us the duty
            // to run it when the entry is replaced or the memory goes away.
            unsafe { dtor(self.data) };
        }
    }
}

impl Memory {
    pub fn new(id: i32) -> Memory {
        Memory {
            vtable: &MEMORY_VTABLE.0,
            id,
            to_string: format!("PjrtcMemory(id={id}, kind={DEVICE_KIND})"),
            debug_string: format!("pjrtc host memory {id} (kind {DEVICE_KIND})"),
            devices: Vec::new(),
            user_data: Mutex::new(HashMap::new()),
        }
    }
}

struct SyncTable(PJRT_Memory_FunctionTable);
// SAFETY: immutable; only function pointers and a NULL extension.
unsafe impl Sync for SyncTable {}

static MEMORY_VTABLE: SyncTable = SyncTable(PJRT_Memory_FunctionTable {
    struct_size: PJRT_Memory_FunctionTable::STRUCT_SIZE,
    extension_start: std::ptr::null_mut(),
    instance_size: std::mem::size_of::<Memory>(),
    get_user_data: vt_get_user_data,
    set_user_data: vt_set_user_data,
});

unsafe extern "C" fn vt_get_user_data(memory: *mut PJRT_Memory, key: *const c_void) -> *mut c_void {
    std::panic::catch_unwind(|| {
        // SAFETY: the framework passes memories of this plugin, alive as long as the client.
        let m = unsafe { memory.as_ref() }?;
        let map = m.user_data.lock().ok()?;
        map.get(&(key as usize)).map(|u| u.data)
    })
    .ok()
    .flatten()
    .unwrap_or(std::ptr::null_mut())
}

unsafe extern "C" fn vt_set_user_data(
    memory: *mut PJRT_Memory,
    key: *const c_void,
    data: *mut c_void,
    dtor: Option<unsafe extern "C" fn(*mut c_void)>,
) {
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: as in `vt_get_user_data`.
        if let Some(m) = unsafe { memory.as_ref() }
            && let Ok(mut map) = m.user_data.lock()
        {
            // Replacing drops (and so destroys) the previous entry.
            map.insert(key as usize, UserData { data, dtor });
        }
    }));
}

pub(crate) fn memory<'a>(ptr: *mut PJRT_Memory) -> Result<&'a Memory> {
    // SAFETY: the framework passes memories this plugin created; they live as long as their
    // client.
    unsafe { handle(ptr, "memory") }
}

entry!(
    /// Memory_Id and Memory_Kind_Id (one kind, id 0).
    fn memory_id(a: &mut PJRT_Memory_Int_Args) {
        a.value = memory(a.memory)?.id;
        Ok(())
    }
);

entry!(
    fn memory_kind_id(a: &mut PJRT_Memory_Int_Args) {
        memory(a.memory)?;
        a.value = 0;
        Ok(())
    }
);

entry!(
    fn memory_kind(a: &mut PJRT_Memory_String_Args) {
        memory(a.memory)?;
        a.value = DEVICE_KIND.as_ptr().cast();
        a.value_size = DEVICE_KIND.len();
        Ok(())
    }
);

entry!(
    fn memory_debug_string(a: &mut PJRT_Memory_String_Args) {
        let m = memory(a.memory)?;
        a.value = m.debug_string.as_ptr().cast();
        a.value_size = m.debug_string.len();
        Ok(())
    }
);

entry!(
    fn memory_to_string(a: &mut PJRT_Memory_String_Args) {
        let m = memory(a.memory)?;
        a.value = m.to_string.as_ptr().cast();
        a.value_size = m.to_string.len();
        Ok(())
    }
);

entry!(
    fn memory_addressable_by_devices(a: &mut PJRT_Memory_AddressableByDevices_Args) {
        let m = memory(a.memory)?;
        a.devices = m.devices.as_ptr();
        a.num_devices = m.devices.len();
        Ok(())
    }
);

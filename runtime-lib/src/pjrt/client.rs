//! PJRT_Client: the devices and memories of this process (CPU devices, one `"device"` memory
//! each), and, when JAX's distributed runtime joins several processes, the devices of the
//! others (listed, not addressable; see [`super::distributed`]). Buffers and executables are
//! in their own modules.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::buffer::Definition;
use super::device::{self as dev, Device, device};
use super::distributed::{self, GlobalTopology, KvStore, Processes};
use super::error::{PjrtError, Result, entry, handle, slice};
use super::ffi::*;
use super::memory::Memory;
use super::topology::Topology;

pub const PLATFORM_NAME: &str = "pjrtc";
pub const PLATFORM_VERSION: &str = concat!("pjrtc ", env!("CARGO_PKG_VERSION"));

pub struct Client {
    /// Boxed so that the pointers handed out stay put.
    #[allow(clippy::vec_box)]
    devices: Vec<Box<Device>>,
    #[allow(clippy::vec_box)]
    memories: Vec<Box<Memory>>,
    /// The devices of this process (addressable), by local hardware id.
    pub(crate) device_ptrs: Vec<*mut PJRT_Device>,
    /// The devices of all processes, by global id (= `device_ptrs` in one process).
    pub(crate) global_device_ptrs: Vec<*mut PJRT_Device>,
    /// The memories of this process's devices.
    memory_ptrs: Vec<*mut PJRT_Memory>,
    pub(crate) processes: Processes,
    /// Threads each call of this client's executables may use (create option
    /// `num_threads`).
    pub(crate) num_threads: usize,
    /// The host topology with this client's devices (Client_TopologyDescription).
    topology: Box<Topology>,
    /// Alias buffers not yet fulfilled, by the key handed out as their promise.
    aliases: Mutex<HashMap<usize, AliasPromise>>,
    next_alias: AtomicUsize,
    /// Host ranges registered with Client_DmaMap: start -> size.
    dma: Mutex<HashMap<usize, usize>>,
}

/// An alias buffer's promise: what defines it and the type it must get.
pub(crate) struct AliasPromise {
    pub definition: Arc<Definition>,
    pub dtype: crate::DType,
    pub shape: Vec<u64>,
}

impl Client {
    /// `num_devices` CPU devices, each with its own memory.
    pub fn new(num_devices: usize) -> Box<Client> {
        let alone = GlobalTopology {
            devices_per_process: vec![num_devices],
        };
        Client::spanning(Processes::SINGLE, &alone)
    }

    /// Process `me.index` of `global`: its own devices addressable, the others' listed.
    pub fn spanning(me: Processes, global: &GlobalTopology) -> Box<Client> {
        let num_devices = global.num_devices();
        // The host topology of any device count the create options allow; more (only
        // tests make them) is described as one device.
        let topology = Topology::new("host", num_devices)
            .or_else(|_| Topology::new("host", 1))
            .expect("the host topology with one device exists");
        let mut client = Box::new(Client {
            devices: Vec::new(),
            memories: Vec::new(),
            device_ptrs: Vec::new(),
            global_device_ptrs: Vec::new(),
            memory_ptrs: Vec::new(),
            processes: me,
            num_threads: 1,
            topology,
            aliases: Mutex::default(),
            next_alias: AtomicUsize::new(1),
            dma: Mutex::default(),
        });
        for (p, &count) in global.devices_per_process.iter().enumerate() {
            let first = global.first_id(p);
            for local in 0..count {
                let at = dev::Placement {
                    id: (first + local) as i32,
                    process_index: p as i32,
                    local_hardware_id: local as i32,
                    addressable: p == me.index,
                };
                let mut memory = Box::new(Memory::new(at.id));
                let mut device = Box::new(Device::new(at, me.count > 1, &mut *memory));
                memory.devices.push(&mut *device);
                client.global_device_ptrs.push(&mut *device);
                if at.addressable {
                    client.device_ptrs.push(&mut *device);
                    client.memory_ptrs.push(&mut *memory);
                }
                client.devices.push(device);
                client.memories.push(memory);
            }
        }
        client
    }

    /// The device with global id `id`, of any process.
    pub fn device_by_id(&self, id: i32) -> Option<*mut PJRT_Device> {
        let i = self.devices.iter().position(|d| d.description.id == id)?;
        Some(self.global_device_ptrs[i])
    }

    /// This process's first device.
    pub fn default_device(&self) -> *mut PJRT_Device {
        self.device_ptrs[0]
    }

    /// Whether `device` is one of this process's devices.
    pub fn owns_device(&self, device: *mut PJRT_Device) -> bool {
        self.device_ptrs.contains(&device)
    }

    pub fn owns_memory(&self, memory: *mut PJRT_Memory) -> bool {
        self.memory_ptrs.contains(&memory)
    }

    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// Registers an alias buffer's promise; the key (never 0) is its opaque handle.
    pub(crate) fn promise_alias(&self, promise: AliasPromise) -> usize {
        let key = self.next_alias.fetch_add(1, Ordering::Relaxed);
        self.aliases
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, promise);
        key
    }

    /// Takes the promise `key` if `check` accepts it (a rejected one stays to be kept);
    /// an unknown key (never made here, or already kept) is an error.
    pub(crate) fn fulfil_alias(
        &self,
        key: usize,
        check: impl FnOnce(&AliasPromise) -> Result<()>,
    ) -> Result<AliasPromise> {
        let mut aliases = self.aliases.lock().unwrap_or_else(|e| e.into_inner());
        let promise = aliases.get(&key).ok_or_else(|| {
            PjrtError::invalid(
                "FulfillAliasBuffer: fulfill_alias_buffer_cb is not a pending promise of this \
                 client (already fulfilled, or never made by CreateAliasBuffer)",
            )
        })?;
        check(promise)?;
        aliases
            .remove(&key)
            .ok_or_else(|| PjrtError::internal("the promise vanished"))
    }
}

pub(crate) fn client<'a>(ptr: *mut PJRT_Client) -> Result<&'a Client> {
    // SAFETY: the framework passes clients this plugin created and has not destroyed.
    unsafe { handle(ptr, "client") }
}

/// Most devices one client offers: each is a host thread at most, so more only costs memory.
pub const MAX_DEVICES: usize = 256;

/// Most threads one call may use (the caller plus the pool's workers).
pub const MAX_THREADS: usize = crate::pool::MAX_WORKERS + 1;

/// What the create options ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CreateOptions {
    pub num_devices: usize,
    /// Which process this is among how many (`node_id`, `num_nodes`).
    pub processes: Processes,
    /// Threads each call of each executable may use (`Executable::set_threads`).
    pub num_threads: usize,
}

/// Reads the `num_devices` and `num_threads` create options (int64, or strings holding
/// one), both default 1, and `node_id` / `num_nodes` (JAX passes them when its distributed
/// runtime is initialized; default process 0 of 1). Other options are ignored: no other
/// tuning knobs.
fn create_options(options: &[PJRT_NamedValue]) -> Result<CreateOptions> {
    let mut parsed = CreateOptions {
        num_devices: 1,
        num_threads: 1,
        processes: Processes::SINGLE,
    };
    let mut node_id = 0;
    for o in options {
        // SAFETY: option names are the caller's `(ptr, len)` strings.
        let name = unsafe { super::error::bytes(o.name, o.name_size, "option name")? };
        if name == b"num_devices" {
            parsed.num_devices = count_option(o, "num_devices", MAX_DEVICES)?;
        } else if name == b"num_threads" {
            parsed.num_threads = count_option(o, "num_threads", MAX_THREADS)?;
        } else if name == b"num_nodes" {
            parsed.processes.count = count_option(o, "num_nodes", MAX_DEVICES)?;
        } else if name == b"node_id" {
            // A count option is 1-based; the id is 0-based.
            node_id = count_option_from(o, "node_id", 0, MAX_DEVICES - 1)?;
        }
    }
    if node_id >= parsed.processes.count {
        return Err(PjrtError::invalid(format!(
            "create option node_id = {node_id} is not below num_nodes = {}",
            parsed.processes.count
        )));
    }
    parsed.processes.index = node_id;
    Ok(parsed)
}

/// The value of count option `o` called `what`, in `1..=max`.
fn count_option(o: &PJRT_NamedValue, what: &str, max: usize) -> Result<usize> {
    count_option_from(o, what, 1, max)
}

/// The value of integer option `o` called `what`, in `min..=max`.
fn count_option_from(o: &PJRT_NamedValue, what: &str, min: usize, max: usize) -> Result<usize> {
    let v = match o.type_ {
        // SAFETY: the type tag says the union holds an int64.
        PJRT_NamedValue_kInt64 => unsafe { o.value.int64_value },
        // `jax_pjrt_client_create_options="num_devices:4"` passes strings.
        PJRT_NamedValue_kString => {
            // SAFETY: the tag says the union holds a string of `value_size` bytes.
            let text = unsafe { super::error::bytes(o.value.string_value, o.value_size, what)? };
            std::str::from_utf8(text)
                .ok()
                .and_then(|t| t.trim().parse::<i64>().ok())
                .ok_or_else(|| {
                    PjrtError::invalid(format!(
                        "create option {what} = {:?} is not an integer",
                        String::from_utf8_lossy(text)
                    ))
                })?
        }
        _ => {
            return Err(PjrtError::invalid(format!(
                "create option {what} must be an int64 (or a string holding one)"
            )));
        }
    };
    usize::try_from(v)
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            PjrtError::invalid(format!(
                "create option {what} = {v} is not in {min}..={max}"
            ))
        })
}

entry!(
    fn client_create(a: &mut PJRT_Client_Create_Args) {
        // SAFETY: `create_options` is the caller's array of `num_options` values.
        let options = unsafe { slice(a.create_options, a.num_options, "create_options")? };
        let o = create_options(options)?;
        let mut client = if o.processes.count == 1 {
            Client::new(o.num_devices)
        } else {
            let kv = KvStore::from_create_args(a)?.ok_or_else(|| {
                PjrtError::invalid(format!(
                    "create option num_nodes = {} needs the key-value store callbacks that \
                     jax.distributed.initialize() provides; none were passed",
                    o.processes.count
                ))
            })?;
            let global = distributed::exchange(&kv, o.processes, o.num_devices)?;
            Client::spanning(o.processes, &global)
        };
        client.num_threads = o.num_threads;
        a.client = Box::into_raw(client);
        Ok(())
    }
);

entry!(
    fn client_destroy(a: &mut PJRT_Client_Args) {
        if !a.client.is_null() {
            // SAFETY: made by `client_create` (a Box); the caller gives it up here, after
            // destroying the buffers and executables that point into it.
            drop(unsafe { Box::from_raw(a.client) });
        }
        Ok(())
    }
);

entry!(
    fn client_platform_name(a: &mut PJRT_Client_String_Args) {
        client(a.client)?;
        a.value = PLATFORM_NAME.as_ptr().cast();
        a.value_size = PLATFORM_NAME.len();
        Ok(())
    }
);

entry!(
    fn client_platform_version(a: &mut PJRT_Client_String_Args) {
        client(a.client)?;
        a.value = PLATFORM_VERSION.as_ptr().cast();
        a.value_size = PLATFORM_VERSION.len();
        Ok(())
    }
);

entry!(
    /// JAX's distributed runtime reports the other processes' state (connected, failed,
    /// restarted) here, from a watcher thread, and aborts the process if this fails. A
    /// pjrtc client runs nothing across processes (docs/DISTRIBUTED.md), so there is no
    /// pending cross-process work to cancel: the report is accepted and not used.
    fn client_update_global_process_info(a: &mut PJRT_Client_UpdateGlobalProcessInfo_Args) {
        client(a.client)?;
        Ok(())
    }
);

entry!(
    fn client_process_index(a: &mut PJRT_Client_ProcessIndex_Args) {
        a.process_index = client(a.client)?.processes.index as i32;
        Ok(())
    }
);

entry!(
    /// Client_Devices: the devices of all processes.
    fn client_devices(a: &mut PJRT_Client_Devices_Args) {
        let c = client(a.client)?;
        a.devices = c.global_device_ptrs.as_ptr();
        a.num_devices = c.global_device_ptrs.len();
        Ok(())
    }
);

entry!(
    /// Client_AddressableDevices: this process's devices.
    fn client_addressable_devices(a: &mut PJRT_Client_Devices_Args) {
        let c = client(a.client)?;
        a.devices = c.device_ptrs.as_ptr();
        a.num_devices = c.device_ptrs.len();
        Ok(())
    }
);

entry!(
    fn client_lookup_device(a: &mut PJRT_Client_LookupDevice_Args) {
        let c = client(a.client)?;
        a.device = c.device_by_id(a.id).ok_or_else(|| {
            PjrtError::new(
                PJRT_Error_Code_NOT_FOUND,
                format!("no device with id {}", a.id),
            )
        })?;
        Ok(())
    }
);

entry!(
    fn client_lookup_addressable_device(a: &mut PJRT_Client_LookupDevice_Args) {
        let c = client(a.client)?;
        let found = c
            .device_ptrs
            .iter()
            .copied()
            .find(|&d| device(d).is_ok_and(|d| d.local_hardware_id == a.id));
        a.device = found.ok_or_else(|| {
            PjrtError::new(
                PJRT_Error_Code_NOT_FOUND,
                format!("no addressable device with local hardware id {}", a.id),
            )
        })?;
        Ok(())
    }
);

entry!(
    fn client_addressable_memories(a: &mut PJRT_Client_AddressableMemories_Args) {
        let c = client(a.client)?;
        a.addressable_memories = c.memory_ptrs.as_ptr();
        a.num_addressable_memories = c.memory_ptrs.len();
        Ok(())
    }
);

entry!(
    /// Replica r, partition p runs on device `r * num_partitions + p`.
    fn client_default_device_assignment(a: &mut PJRT_Client_DefaultDeviceAssignment_Args) {
        let c = client(a.client)?;
        let (r, p) = (a.num_replicas, a.num_partitions);
        let n = usize::try_from(r)
            .ok()
            .zip(usize::try_from(p).ok())
            .and_then(|(r, p)| r.checked_mul(p))
            .ok_or_else(|| PjrtError::invalid(format!("bad replica/partition counts {r}x{p}")))?;
        if n > c.devices.len() {
            return Err(PjrtError::invalid(format!(
                "{r} replicas x {p} partitions need {n} devices; this client has {}",
                c.devices.len()
            )));
        }
        if a.default_assignment_size < n || (n > 0 && a.default_assignment.is_null()) {
            return Err(PjrtError::invalid("default_assignment is too small"));
        }
        for (i, d) in c.devices.iter().take(n).enumerate() {
            // SAFETY: the caller's array holds `default_assignment_size >= n` ints.
            unsafe { *a.default_assignment.add(i) = d.description.id };
        }
        Ok(())
    }
);

entry!(
    /// Host memory needs no mapping for this CPU client: the range is checked and
    /// remembered, so that DmaUnmap can tell a mapped range from any other pointer.
    fn client_dma_map(a: &mut PJRT_Client_DmaMap_Args) {
        let c = client(a.client)?;
        if a.data.is_null() {
            return Err(PjrtError::invalid("DmaMap: data is NULL"));
        }
        let start = a.data as usize;
        if start.checked_add(a.size).is_none() {
            return Err(PjrtError::invalid(format!(
                "DmaMap: {} bytes at {start:#x} wrap around the address space",
                a.size
            )));
        }
        let mut dma = c.dma.lock().unwrap_or_else(|e| e.into_inner());
        if dma.contains_key(&start) {
            return Err(PjrtError::invalid(format!(
                "DmaMap: {start:#x} is already mapped"
            )));
        }
        dma.insert(start, a.size);
        Ok(())
    }
);

entry!(
    fn client_dma_unmap(a: &mut PJRT_Client_DmaUnmap_Args) {
        let c = client(a.client)?;
        let start = a.data as usize;
        c.dma
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&start)
            .map(|_| ())
            .ok_or_else(|| {
                PjrtError::invalid(format!("DmaUnmap: {start:#x} was not mapped with DmaMap"))
            })
    }
);

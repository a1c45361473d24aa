//! Several processes as one client: the topology exchange through the key-value store that
//! `jax.distributed.initialize()` provides (the `kv_*` callbacks of PJRT_Client_Create).
//!
//! Each process puts how many devices it has under its own key and reads every other
//! process's entry (a blocking get with a deadline), so that every process numbers all
//! devices the same way: process `p`'s devices get the global ids after those of processes
//! `0..p`. See docs/DISTRIBUTED.md.

use std::ffi::{c_char, c_int, c_void};

use super::error::{PjrtError, Result};
use super::ffi::*;

/// How long a process waits for another to publish its devices. `jax.distributed.initialize`
/// already waits for every process to connect, so this only bounds a process that connected
/// and then died (or never created its pjrtc client).
pub const EXCHANGE_TIMEOUT_MS: c_int = 120_000;

/// The format tag of a topology entry (bumped if the entry's layout changes).
const ENTRY_TAG: &str = "pjrtc-devices-v1";

/// Which process this is among how many (create options `node_id` / `num_nodes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Processes {
    pub index: usize,
    pub count: usize,
}

impl Processes {
    pub const SINGLE: Processes = Processes { index: 0, count: 1 };
}

/// The device counts of all processes, by process index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobalTopology {
    pub devices_per_process: Vec<usize>,
}

impl GlobalTopology {
    /// The global id of process `p`'s first device.
    pub fn first_id(&self, p: usize) -> usize {
        self.devices_per_process[..p].iter().sum()
    }

    pub fn num_devices(&self) -> usize {
        self.devices_per_process.iter().sum()
    }
}

/// The key-value store callbacks the framework passed (all three, or none).
pub struct KvStore {
    get: PJRT_KeyValueGetCallback,
    get_arg: *mut c_void,
    put: PJRT_KeyValuePutCallback,
    put_arg: *mut c_void,
}

/// Made by the framework's callback through our `callback_error` when a store operation
/// fails: the error is ours (see [`make_callback_error`]).
unsafe extern "C" fn make_callback_error(
    code: PJRT_Error_Code,
    message: *const c_char,
    message_size: usize,
) -> *mut PJRT_Error {
    // SAFETY: the framework passes `message_size` bytes at `message` (or NULL/0), live for
    // this call; we copy them.
    let text = unsafe { super::error::bytes(message, message_size, "kv store error message") }
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .unwrap_or_default();
    PjrtError::new(code, text).into_raw()
}

static CALLBACK_ERROR: PJRT_CallbackError = make_callback_error;

/// The error a callback returned (NULL: none), with `what` in front of its message.
fn callback_result(raw: *mut PJRT_Error, what: &str) -> Result<()> {
    if raw.is_null() {
        return Ok(());
    }
    // SAFETY: the framework's callbacks return errors they made with our `callback_error`
    // (the only way they have to make one), which the caller gives up.
    let e = unsafe { super::error::from_raw(raw) };
    Err(PjrtError::new(e.code, format!("{what}: {}", e.message)))
}

impl KvStore {
    /// The store from PJRT_Client_Create's callbacks; None when the framework passed none.
    pub fn from_create_args(a: &PJRT_Client_Create_Args) -> Result<Option<KvStore>> {
        match (a.kv_get_callback.is_null(), a.kv_put_callback.is_null()) {
            (true, true) => Ok(None),
            (false, false) => Ok(Some(KvStore {
                // SAFETY: non-NULL; the header types these slots as these callbacks.
                get: unsafe {
                    std::mem::transmute::<*mut c_void, PJRT_KeyValueGetCallback>(a.kv_get_callback)
                },
                get_arg: a.kv_get_user_arg,
                // SAFETY: as above.
                put: unsafe {
                    std::mem::transmute::<*mut c_void, PJRT_KeyValuePutCallback>(a.kv_put_callback)
                },
                put_arg: a.kv_put_user_arg,
            })),
            _ => Err(PjrtError::invalid(
                "PJRT_Client_Create got only one of the kv_get / kv_put callbacks",
            )),
        }
    }

    fn put(&self, key: &str, value: &str) -> Result<()> {
        let mut args = PJRT_KeyValuePutCallback_Args {
            struct_size: PJRT_KeyValuePutCallback_Args::STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            key: key.as_ptr().cast(),
            key_size: key.len(),
            value: value.as_ptr().cast(),
            value_size: value.len(),
            callback_error: &CALLBACK_ERROR as *const PJRT_CallbackError as *mut _,
            user_arg: self.put_arg,
        };
        // SAFETY: the framework's callback with its user arg; `args` and the strings it
        // points to live for the call.
        let raw = unsafe { (self.put)(&mut args) };
        callback_result(
            raw,
            &format!("putting {key:?} into the distributed key-value store"),
        )
    }

    /// The value under `key`, waiting at most `timeout_ms` for it to appear.
    fn get(&self, key: &str, timeout_ms: c_int) -> Result<Vec<u8>> {
        let mut args = PJRT_KeyValueGetCallback_Args {
            struct_size: PJRT_KeyValueGetCallback_Args::STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            key: key.as_ptr().cast(),
            key_size: key.len(),
            timeout_in_ms: timeout_ms,
            callback_error: &CALLBACK_ERROR as *const PJRT_CallbackError as *mut _,
            user_arg: self.get_arg,
            value: std::ptr::null_mut(),
            value_size: 0,
            value_deleter_callback: None,
        };
        // SAFETY: as in `put`.
        let raw = unsafe { (self.get)(&mut args) };
        callback_result(
            raw,
            &format!(
                "waiting {} s for {key:?} in the distributed key-value store (did every \
                 process create its pjrtc client?)",
                timeout_ms / 1000
            ),
        )?;
        if args.value.is_null() {
            return Ok(Vec::new());
        }
        // SAFETY: on success the callback returns `value_size` bytes at `value`, ours to copy
        // and then release with its deleter.
        let value = unsafe { std::slice::from_raw_parts(args.value.cast::<u8>(), args.value_size) }
            .to_vec();
        if let Some(delete) = args.value_deleter_callback {
            // SAFETY: the deleter the callback gave for this value, called once.
            unsafe { delete(args.value) };
        }
        Ok(value)
    }
}

fn key(process: usize) -> String {
    format!("pjrtc:devices:{process}")
}

fn entry(num_devices: usize) -> String {
    format!("{ENTRY_TAG} {num_devices}")
}

/// The device count in process `p`'s entry `value`, or why it is malformed.
fn parse_entry(p: usize, value: &[u8]) -> Result<usize> {
    let malformed = || {
        PjrtError::invalid(format!(
            "process {p}'s entry {:?} in the distributed key-value store is not \
             \"{ENTRY_TAG} <device count>\" (another pjrtc version, or another user of the key?)",
            String::from_utf8_lossy(value)
        ))
    };
    let text = std::str::from_utf8(value).map_err(|_| malformed())?;
    let (tag, count) = text.split_once(' ').ok_or_else(malformed)?;
    if tag != ENTRY_TAG {
        return Err(malformed());
    }
    count
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=super::client::MAX_DEVICES).contains(n))
        .ok_or_else(malformed)
}

/// Publishes this process's `local_devices` and reads every other process's count.
pub fn exchange(kv: &KvStore, me: Processes, local_devices: usize) -> Result<GlobalTopology> {
    kv.put(&key(me.index), &entry(local_devices))?;
    exchange_with(me, local_devices, |p| kv.get(&key(p), EXCHANGE_TIMEOUT_MS))
}

/// The topology from this process's count and `read(p)` of every other process's entry.
fn exchange_with(
    me: Processes,
    local_devices: usize,
    mut read: impl FnMut(usize) -> Result<Vec<u8>>,
) -> Result<GlobalTopology> {
    let mut devices_per_process = Vec::with_capacity(me.count);
    for p in 0..me.count {
        devices_per_process.push(if p == me.index {
            local_devices
        } else {
            parse_entry(p, &read(p)?)?
        });
    }
    let topology = GlobalTopology {
        devices_per_process,
    };
    if topology.num_devices() > super::client::MAX_DEVICES {
        return Err(PjrtError::invalid(format!(
            "the {} processes have {} devices together; at most {} are supported",
            me.count,
            topology.num_devices(),
            super::client::MAX_DEVICES
        )));
    }
    Ok(topology)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_ids_follow_process_order() {
        let me = Processes { index: 1, count: 3 };
        let t = exchange_with(me, 2, |p| Ok(entry([3, 0, 1][p]).into_bytes())).unwrap();
        assert_eq!(t.devices_per_process, [3, 2, 1]);
        assert_eq!((t.first_id(0), t.first_id(1), t.first_id(2)), (0, 3, 5));
        assert_eq!(t.num_devices(), 6);
    }

    #[test]
    fn malformed_entries_are_errors() {
        let me = Processes { index: 0, count: 2 };
        for bad in [
            "",
            "pjrtc-devices-v1",
            "pjrtc-devices-v1 0",
            "pjrtc-devices-v1 x",
            "v0 2",
        ] {
            let e = exchange_with(me, 1, |_| Ok(bad.as_bytes().to_vec())).unwrap_err();
            assert!(
                e.message.contains("process 1's entry"),
                "{bad:?}: {}",
                e.message
            );
        }
        let e = exchange_with(me, 1, |_| Ok(vec![0xff, 0xfe])).unwrap_err();
        assert!(
            e.message.contains("not \"pjrtc-devices-v1"),
            "{}",
            e.message
        );
    }

    #[test]
    fn store_errors_pass_through() {
        let me = Processes { index: 0, count: 2 };
        let e = exchange_with(me, 1, |_| Err(PjrtError::invalid("deadline exceeded"))).unwrap_err();
        assert_eq!(e.message, "deadline exceeded");
    }

    use std::collections::HashMap;
    use std::sync::{Condvar, Mutex};
    use std::time::Duration;

    use crate::pjrt::client::{self, Client};
    use crate::pjrt::device;

    /// A key-value store as JAX's distributed client behaves: get waits for the key until
    /// its deadline, then fails (through `callback_error`, as the framework does).
    #[derive(Default)]
    struct FakeStore {
        map: Mutex<HashMap<Vec<u8>, Vec<u8>>>,
        changed: Condvar,
    }

    unsafe extern "C" fn fake_put(a: *mut PJRT_KeyValuePutCallback_Args) -> *mut PJRT_Error {
        // SAFETY: the plugin passes its live args; user_arg is the test's FakeStore.
        let (a, store) = unsafe { (&*a, &*((*a).user_arg as *const FakeStore)) };
        // SAFETY: (key, key_size) and (value, value_size) are live for the call.
        let (k, v) = unsafe {
            (
                std::slice::from_raw_parts(a.key.cast::<u8>(), a.key_size).to_vec(),
                std::slice::from_raw_parts(a.value.cast::<u8>(), a.value_size).to_vec(),
            )
        };
        store.map.lock().unwrap().insert(k, v);
        store.changed.notify_all();
        std::ptr::null_mut()
    }

    /// The values stay in the store (each key is put once), so there is nothing to free.
    unsafe extern "C" fn keep_value(_: *mut c_char) {}

    unsafe extern "C" fn fake_get(a: *mut PJRT_KeyValueGetCallback_Args) -> *mut PJRT_Error {
        // SAFETY: as in `fake_put`.
        let (a, store) = unsafe { (&mut *a, &*((*a).user_arg as *const FakeStore)) };
        // SAFETY: (key, key_size) is live for the call.
        let k = unsafe { std::slice::from_raw_parts(a.key.cast::<u8>(), a.key_size).to_vec() };
        // The tests' deadline is short, whatever the plugin asks for.
        let (map, _) = store
            .changed
            .wait_timeout_while(store.map.lock().unwrap(), Duration::from_secs(5), |m| {
                !m.contains_key(&k)
            })
            .unwrap();
        let Some(v) = map.get(&k) else {
            let msg = "DEADLINE_EXCEEDED: key not found";
            // SAFETY: the plugin's callback_error, called with a live message.
            return unsafe { (*a.callback_error)(4, msg.as_ptr().cast(), msg.len()) };
        };
        // Points into the store, whose values are never replaced or removed in these tests.
        a.value = v.as_ptr() as *mut c_char;
        a.value_size = v.len();
        a.value_deleter_callback = Some(keep_value);
        std::ptr::null_mut()
    }

    fn int_option(name: &'static str, value: i64) -> PJRT_NamedValue {
        // SAFETY: a plain C struct; all-zero is a valid (empty) value.
        let mut o: PJRT_NamedValue = unsafe { std::mem::zeroed() };
        o.struct_size = PJRT_NamedValue::STRUCT_SIZE;
        o.name = name.as_ptr().cast();
        o.name_size = name.len();
        o.type_ = PJRT_NamedValue_kInt64;
        o.value.int64_value = value;
        o.value_size = 1;
        o
    }

    /// Creates process `node` of `nodes` with `devices` devices over `store`.
    fn create(store: &FakeStore, node: i64, nodes: i64, devices: i64) -> Result<Box<Client>> {
        let options = [
            int_option("num_devices", devices),
            int_option("node_id", node),
            int_option("num_nodes", nodes),
        ];
        // SAFETY: a plain C struct; NULL pointers and zero sizes are its empty state.
        let mut a: PJRT_Client_Create_Args = unsafe { std::mem::zeroed() };
        a.struct_size = PJRT_Client_Create_Args::STRUCT_SIZE;
        a.create_options = options.as_ptr();
        a.num_options = options.len();
        a.kv_get_callback = fake_get as *mut c_void;
        a.kv_get_user_arg = store as *const FakeStore as *mut c_void;
        a.kv_put_callback = fake_put as *mut c_void;
        a.kv_put_user_arg = store as *const FakeStore as *mut c_void;
        // SAFETY: live args for the call; the options outlive it.
        let raw = unsafe { client::client_create((&mut a as *mut PJRT_Client_Create_Args).cast()) };
        if !raw.is_null() {
            // SAFETY: an error the plugin just made and gives us.
            return Err(unsafe { crate::pjrt::error::from_raw(raw) });
        }
        // SAFETY: client_create made it with Box::into_raw; nothing else holds it.
        Ok(unsafe { Box::from_raw(a.client) })
    }

    type Row = (i32, i32, i32, bool);

    /// (global id, process index, local hardware id, addressable) of every device.
    fn rows(ptrs: &[*mut PJRT_Device]) -> Vec<Row> {
        ptrs.iter()
            .map(|&p| {
                let d = device::device(p).unwrap();
                let desc = &d.description;
                (
                    desc.id,
                    desc.process_index,
                    d.local_hardware_id,
                    d.addressable,
                )
            })
            .collect()
    }

    /// Process `node` of `nodes` with `devices` devices: its process index, all devices and
    /// its own (the client stays in the thread that made it).
    fn summary(
        store: &FakeStore,
        node: i64,
        nodes: i64,
        devices: i64,
    ) -> (usize, Vec<Row>, Vec<Row>) {
        let c = create(store, node, nodes, devices).unwrap();
        assert_eq!(c.default_device(), c.device_ptrs[0]);
        assert!(
            c.global_device_ptrs
                .iter()
                .all(|&d| c.owns_device(d) == device::device(d).unwrap().addressable)
        );
        (
            c.processes.index,
            rows(&c.global_device_ptrs),
            rows(&c.device_ptrs),
        )
    }

    #[test]
    fn two_processes_list_each_others_devices() {
        let store = FakeStore::default();
        let (p0, p1) = std::thread::scope(|s| {
            let t1 = s.spawn(|| summary(&store, 1, 2, 2));
            (summary(&store, 0, 2, 1), t1.join().unwrap())
        });
        assert_eq!(p0.0, 0);
        assert_eq!(p0.1, [(0, 0, 0, true), (1, 1, 0, false), (2, 1, 1, false)]);
        assert_eq!(p0.2, [(0, 0, 0, true)]);
        assert_eq!(p1.0, 1);
        assert_eq!(p1.1, [(0, 0, 0, false), (1, 1, 0, true), (2, 1, 1, true)]);
        assert_eq!(p1.2, [(1, 1, 0, true), (2, 1, 1, true)]);
    }

    #[test]
    fn a_missing_process_is_an_error_with_the_stores_message() {
        let store = FakeStore::default();
        let e = create(&store, 0, 2, 1).map(|_| ()).unwrap_err();
        assert_eq!(e.code, 4);
        assert!(e.message.contains("\"pjrtc:devices:1\""), "{}", e.message);
        assert!(
            e.message.contains("DEADLINE_EXCEEDED: key not found"),
            "{}",
            e.message
        );
    }

    #[test]
    fn bad_process_options_are_errors() {
        let store = FakeStore::default();
        let e = create(&store, 2, 2, 1).map(|_| ()).unwrap_err();
        assert!(
            e.message.contains("node_id = 2 is not below num_nodes = 2"),
            "{}",
            e.message
        );
        // SAFETY: a plain C struct; all-zero is its empty state (no callbacks).
        let mut a: PJRT_Client_Create_Args = unsafe { std::mem::zeroed() };
        a.struct_size = PJRT_Client_Create_Args::STRUCT_SIZE;
        let options = [int_option("num_nodes", 2)];
        a.create_options = options.as_ptr();
        a.num_options = 1;
        // SAFETY: live args for the call.
        let raw = unsafe { client::client_create((&mut a as *mut PJRT_Client_Create_Args).cast()) };
        assert!(!raw.is_null());
        // SAFETY: the error the plugin just made.
        let e = unsafe { crate::pjrt::error::from_raw(raw) };
        assert!(
            e.message.contains("needs the key-value store callbacks"),
            "{}",
            e.message
        );
    }

    #[test]
    fn too_many_devices_together() {
        let me = Processes { index: 0, count: 2 };
        let e = exchange_with(me, 200, |_| Ok(entry(100).into_bytes())).unwrap_err();
        assert!(e.message.contains("300 devices together"), "{}", e.message);
    }
}

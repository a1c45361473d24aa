//! Handlers by target name, and the process's FFI type ids.
//!
//! The process registry is what `jax.ffi.register_ffi_target(..., platform="pjrtc")`
//! reaches (through the plugin's PJRT FFI extension); an artifact's own handlers (from the
//! libraries `pjrtc compile --ffi-lib` records) live in its [`crate::Executable`] and are
//! looked up first.

use super::abi::XLA_FFI_Handler;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, RwLock};

/// The stages of one handler (`XLA_FFI_Handler_Bundle`): `instantiate` runs once per call
/// site before the first `execute` and may keep state for it.
#[derive(Clone, Copy, Debug)]
pub struct Handler {
    pub execute: XLA_FFI_Handler,
    pub instantiate: Option<XLA_FFI_Handler>,
}

impl Handler {
    /// The same functions (by address: a handler registered twice is the same symbol).
    pub fn same(&self, o: &Handler) -> bool {
        self.execute as usize == o.execute as usize
            && self.instantiate.map(|f| f as usize) == o.instantiate.map(|f| f as usize)
    }
}

fn registry() -> &'static RwLock<HashMap<String, Handler>> {
    static R: OnceLock<RwLock<HashMap<String, Handler>>> = OnceLock::new();
    R.get_or_init(Default::default)
}

/// Registers `handler` for `name`. Registering the same handler again is fine; another
/// handler for a registered name is refused (XLA refuses it too).
pub fn register(name: &str, handler: Handler) -> Result<(), String> {
    let mut r = registry().write().unwrap_or_else(|e| e.into_inner());
    match r.get(name) {
        Some(h) if !h.same(&handler) => Err(format!(
            "a different FFI handler is already registered for target '{name}'"
        )),
        _ => {
            r.insert(name.to_string(), handler);
            Ok(())
        }
    }
}

/// The process's handler for `name`.
pub fn lookup(name: &str) -> Option<Handler> {
    registry()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(name)
        .copied()
}

/// Every registered target name, sorted.
pub fn names() -> Vec<String> {
    let mut v: Vec<String> = registry()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .keys()
        .cloned()
        .collect();
    v.sort();
    v
}

/// `XLA_FFI_Type_Register`: the id of type `name`, assigning the next free one when
/// `requested` is 0; a nonzero `requested` must match an earlier registration (or is
/// recorded as this name's id if there is none and no other name has it).
pub fn type_id(name: &str, requested: i64) -> Result<i64, String> {
    static T: OnceLock<Mutex<(HashMap<String, i64>, i64)>> = OnceLock::new();
    let mut t = T
        .get_or_init(|| Mutex::new((HashMap::new(), 1)))
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let (map, next) = &mut *t;
    if let Some(&id) = map.get(name) {
        return if requested == 0 || requested == id {
            Ok(id)
        } else {
            Err(format!("type '{name}' has id {id}, not {requested}"))
        };
    }
    let id = if requested == 0 {
        while map.values().any(|&v| v == *next) {
            *next += 1;
        }
        *next
    } else if map.values().any(|&v| v == requested) {
        return Err(format!("type id {requested} belongs to another type"));
    } else {
        requested
    };
    map.insert(name.to_string(), id);
    Ok(id)
}

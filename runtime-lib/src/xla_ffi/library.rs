//! Loading the shared libraries an artifact carries (`pjrtc compile --ffi-lib`): each is
//! written to an anonymous in-memory file and `dlopen`ed from there, so an artifact needs
//! nothing beside it on disk.

use super::abi::XLA_FFI_Handler;
use super::registry::Handler;
use crate::format::FfiLibrary;
use std::ffi::{CString, c_void};

/// A loaded library; unloaded on drop.
pub struct Loaded {
    handle: *mut c_void,
}

// SAFETY: the handle is only used to unload the library; dlclose is thread-safe.
unsafe impl Send for Loaded {}
// SAFETY: as above.
unsafe impl Sync for Loaded {}

impl Drop for Loaded {
    fn drop(&mut self) {
        // SAFETY: a handle from dlopen, closed once; nothing calls its handlers any more
        // (the executable holding them is being dropped).
        unsafe { libc::dlclose(self.handle) };
    }
}

fn dlerror() -> String {
    // SAFETY: dlerror returns NULL or a NUL-terminated message valid until the next call.
    let e = unsafe { libc::dlerror() };
    if e.is_null() {
        "unknown error".into()
    } else {
        // SAFETY: as above.
        unsafe { std::ffi::CStr::from_ptr(e) }
            .to_string_lossy()
            .into_owned()
    }
}

/// Loads `lib` and looks up its handlers.
pub fn load(lib: &FfiLibrary) -> Result<(Loaded, Vec<(String, Handler)>), String> {
    let what = |m: String| format!("FFI library '{}': {m}", lib.name);
    let name = CString::new(lib.name.replace('\0', "_")).expect("no NUL left");
    // SAFETY: memfd_create with a valid name; a negative result is an error.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(what(format!(
            "memfd_create: {}",
            std::io::Error::last_os_error()
        )));
    }
    // SAFETY: `fd` is ours; File closes it when dropped.
    let mut file = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fd) };
    std::io::Write::write_all(&mut file, &lib.bytes).map_err(|e| what(e.to_string()))?;
    let path = CString::new(format!("/proc/self/fd/{fd}")).expect("no NUL");
    // SAFETY: dlopen of a file we wrote; RTLD_LOCAL keeps its symbols to itself.
    let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    drop(file);
    if handle.is_null() {
        return Err(what(dlerror()));
    }
    let loaded = Loaded { handle };
    let mut handlers = Vec::with_capacity(lib.handlers.len());
    for (target, symbol) in &lib.handlers {
        let s =
            CString::new(symbol.as_str()).map_err(|_| what(format!("bad symbol {symbol:?}")))?;
        // SAFETY: looking up a symbol in a library we hold open.
        let p = unsafe { libc::dlsym(loaded.handle, s.as_ptr()) };
        if p.is_null() {
            return Err(what(format!("no symbol '{symbol}' for target '{target}'")));
        }
        // SAFETY: the compiler recorded this symbol as the target's XLA FFI handler.
        let execute: XLA_FFI_Handler = unsafe { std::mem::transmute(p) };
        handlers.push((
            target.clone(),
            Handler {
                execute,
                instantiate: None,
            },
        ));
    }
    Ok((loaded, handlers))
}

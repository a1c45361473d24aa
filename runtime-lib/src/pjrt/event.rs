//! PJRT_Event. Execution and transfers are synchronous, so every event is born complete,
//! possibly carrying the error of the work it stands for.

use super::error::{PjrtError, Result, entry, handle};
use super::ffi::*;

pub struct Event {
    error: Option<PjrtError>,
}

impl Event {
    /// A completed, successful event, owned by the caller (freed by `PJRT_Event_Destroy`).
    pub fn ready() -> *mut PJRT_Event {
        Box::into_raw(Box::new(Event { error: None }))
    }

    /// A fresh C error for this event's outcome (each caller owns its copy).
    fn error(&self) -> *mut PJRT_Error {
        self.error
            .clone()
            .map_or(std::ptr::null_mut(), PjrtError::into_raw)
    }
}

fn event<'a>(ptr: *mut PJRT_Event) -> Result<&'a Event> {
    // SAFETY: the framework passes events this plugin created and has not destroyed.
    unsafe { handle(ptr, "event") }
}

entry!(
    fn event_destroy(a: &mut PJRT_Event_Args) {
        if !a.event.is_null() {
            // SAFETY: made by `Event::ready` (a Box); the caller gives it up here.
            drop(unsafe { Box::from_raw(a.event) });
        }
        Ok(())
    }
);

entry!(
    fn event_is_ready(a: &mut PJRT_Event_IsReady_Args) {
        event(a.event)?;
        a.is_ready = true;
        Ok(())
    }
);

/// Event_Error and Event_Await both return the event's outcome.
///
/// # Safety
/// As for every entry point: `raw` is NULL or a live `PJRT_Event_Args`.
pub unsafe extern "C" fn event_error(raw: *mut std::ffi::c_void) -> *mut PJRT_Error {
    let mut out = std::ptr::null_mut();
    let err = super::error::guard("event_error", || {
        // SAFETY: the PJRT contract: `raw` is this function's args struct.
        let a = unsafe {
            super::error::args::<PJRT_Event_Args>(raw, PJRT_Event_Args::STRUCT_SIZE, "event_error")?
        };
        out = event(a.event)?.error();
        Ok(())
    });
    if err.is_null() { out } else { err }
}

entry!(
    fn event_on_ready(a: &mut PJRT_Event_OnReady_Args) {
        let e = event(a.event)?;
        let callback = a
            .callback
            .ok_or_else(|| PjrtError::invalid("Event_OnReady: callback is NULL"))?;
        // Already complete: call back at once; the callback owns the error it receives.
        // SAFETY: the framework's callback with its own user argument.
        unsafe { callback(e.error(), a.user_arg) };
        Ok(())
    }
);

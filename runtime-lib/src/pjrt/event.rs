//! PJRT_Event. Execution and transfers are synchronous, so the events they return are born
//! complete, possibly carrying the error of the work they stand for. Events the framework
//! makes (Event_Create) and those of deferred copies (Buffer_CopyRawToHostFuture) complete
//! later, when they are set: waiters block and OnReady callbacks wait until then.

use std::ffi::c_void;
use std::sync::{Condvar, Mutex, MutexGuard};

use super::error::{PjrtError, Result, bytes, entry, handle};
use super::ffi::*;

/// A callback registered with OnReady before the event completed.
struct Waiter {
    callback: unsafe extern "C" fn(*mut PJRT_Error, *mut c_void),
    user_arg: *mut c_void,
}

// SAFETY: the framework's callback and its argument may be called from any thread (the
// PJRT contract for OnReady callbacks).
unsafe impl Send for Waiter {}

#[derive(Default)]
struct State {
    /// `None` while pending; then the outcome (`Some(None)` = success).
    outcome: Option<Option<PjrtError>>,
    waiters: Vec<Waiter>,
}

pub struct Event {
    state: Mutex<State>,
    done: Condvar,
}

impl Event {
    fn with(outcome: Option<Option<PjrtError>>) -> Box<Event> {
        Box::new(Event {
            state: Mutex::new(State {
                outcome,
                waiters: Vec::new(),
            }),
            done: Condvar::new(),
        })
    }

    /// A completed, successful event, owned by the caller (freed by `PJRT_Event_Destroy`).
    pub fn ready() -> *mut PJRT_Event {
        Box::into_raw(Event::with(Some(None)))
    }

    /// A pending event, completed by [`Event::set`].
    pub fn pending() -> Box<Event> {
        Event::with(None)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is a plain value: still consistent after a panic elsewhere.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Completes the event with `outcome` (`None` = success) and runs the callbacks
    /// registered meanwhile; an event completes once.
    pub fn set(&self, outcome: Option<PjrtError>) -> Result<()> {
        let waiters = {
            let mut s = self.lock();
            if s.outcome.is_some() {
                return Err(PjrtError::new(
                    PJRT_Error_Code_FAILED_PRECONDITION,
                    "the event is already set",
                ));
            }
            s.outcome = Some(outcome.clone());
            std::mem::take(&mut s.waiters)
        };
        self.done.notify_all();
        for w in waiters {
            let e = outcome
                .clone()
                .map_or(std::ptr::null_mut(), PjrtError::into_raw);
            // SAFETY: the framework's callback with its own argument; it owns `e`.
            unsafe { (w.callback)(e, w.user_arg) };
        }
        Ok(())
    }

    fn is_ready(&self) -> bool {
        self.lock().outcome.is_some()
    }

    /// Blocks until complete; then a fresh C error for the outcome (each caller owns its
    /// copy), or NULL.
    fn wait(&self) -> *mut PJRT_Error {
        let mut s = self.lock();
        loop {
            if let Some(outcome) = &s.outcome {
                return outcome
                    .clone()
                    .map_or(std::ptr::null_mut(), PjrtError::into_raw);
            }
            s = self.done.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }
}

pub(crate) fn event<'a>(ptr: *mut PJRT_Event) -> Result<&'a Event> {
    // SAFETY: the framework passes events this plugin created and has not destroyed.
    unsafe { handle(ptr, "event") }
}

entry!(
    fn event_destroy(a: &mut PJRT_Event_Args) {
        if !a.event.is_null() {
            // SAFETY: made by `Event::ready`/`Event::pending` (a Box); given up here.
            drop(unsafe { Box::from_raw(a.event) });
        }
        Ok(())
    }
);

entry!(
    fn event_is_ready(a: &mut PJRT_Event_IsReady_Args) {
        a.is_ready = event(a.event)?.is_ready();
        Ok(())
    }
);

/// Event_Error and Event_Await both return the event's outcome (waiting for it).
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
        out = event(a.event)?.wait();
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
        {
            let mut s = e.lock();
            if s.outcome.is_none() {
                s.waiters.push(Waiter {
                    callback,
                    user_arg: a.user_arg,
                });
                return Ok(());
            }
        }
        // Already complete: call back at once; the callback owns the error it receives.
        // SAFETY: the framework's callback with its own user argument.
        unsafe { callback(e.wait(), a.user_arg) };
        Ok(())
    }
);

entry!(
    fn event_create(a: &mut PJRT_Event_Create_Args) {
        a.event = Box::into_raw(Event::pending());
        Ok(())
    }
);

entry!(
    fn event_set(a: &mut PJRT_Event_Set_Args) {
        let e = event(a.event)?;
        let outcome = if a.error_code == PJRT_Error_Code_OK {
            None
        } else {
            // SAFETY: the caller's `(ptr, len)` message, live for the call.
            let m = unsafe { bytes(a.error_message, a.error_message_size, "error_message")? };
            Some(PjrtError::new(
                a.error_code,
                String::from_utf8_lossy(m).into_owned(),
            ))
        };
        e.set(outcome)
    }
);

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static CALLS: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn count(e: *mut PJRT_Error, _: *mut c_void) {
        assert!(e.is_null());
        CALLS.fetch_add(1, Ordering::SeqCst);
    }

    #[test]
    fn a_pending_event_runs_its_callbacks_and_wakes_waiters_when_set() {
        let e: &'static Event = Box::leak(Event::pending());
        assert!(!e.is_ready());
        e.lock().waiters.push(Waiter {
            callback: count,
            user_arg: std::ptr::null_mut(),
        });
        let waiter = std::thread::spawn(move || e.wait().is_null());
        e.set(None).unwrap();
        assert!(waiter.join().unwrap());
        assert_eq!(CALLS.load(Ordering::SeqCst), 1);
        assert!(e.is_ready());
        assert!(e.set(None).is_err(), "an event completes once");
    }
}

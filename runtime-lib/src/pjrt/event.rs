//! PJRT_Event. Execution and transfers are synchronous, so most events they return are born
//! complete, possibly carrying the error of the work they stand for. Events complete later
//! when the framework makes them (Event_Create) and when they stand for data that arrives
//! later (a buffer's definition: async transfers, alias buffers, control dependencies;
//! deferred copies): waiters block and callbacks wait until then.
//!
//! A handle is one owner of the shared state, so a buffer's ready event outlives the buffer
//! and every handle the framework destroys is its own.

use std::ffi::c_void;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

use super::error::{PjrtError, Result, bytes, entry, handle};
use super::ffi::*;

/// What runs when an event completes, with its outcome (`None` = success).
type Callback = Box<dyn FnOnce(Option<PjrtError>) + Send>;

#[derive(Default)]
struct State {
    /// `None` while pending; then the outcome (`Some(None)` = success).
    outcome: Option<Option<PjrtError>>,
    waiters: Vec<Callback>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    done: Condvar,
}

/// The C handle, and the plugin's own reference to an event (cloning shares the state).
#[derive(Clone)]
pub struct Event {
    shared: Arc<Shared>,
}

/// The state of every event born successful: shared, so making one costs no allocation
/// beyond its handle.
fn succeeded() -> &'static Arc<Shared> {
    static READY: OnceLock<Arc<Shared>> = OnceLock::new();
    READY.get_or_init(|| {
        Arc::new(Shared {
            state: Mutex::new(State {
                outcome: Some(None),
                waiters: Vec::new(),
            }),
            done: Condvar::new(),
        })
    })
}

impl Event {
    /// A completed, successful event, owned by the caller (freed by `PJRT_Event_Destroy`).
    pub fn ready() -> *mut PJRT_Event {
        Event {
            shared: succeeded().clone(),
        }
        .into_raw()
    }

    /// A pending event, completed by [`Event::set`].
    pub fn pending() -> Event {
        Event {
            shared: Arc::default(),
        }
    }

    /// A caller-owned handle on this event.
    pub fn into_raw(self) -> *mut PJRT_Event {
        Box::into_raw(Box::new(self))
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is a plain value: still consistent after a panic elsewhere.
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner())
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
        self.shared.done.notify_all();
        for w in waiters {
            w(outcome.clone());
        }
        Ok(())
    }

    pub fn is_ready(&self) -> bool {
        self.lock().outcome.is_some()
    }

    /// Blocks until complete; then the outcome (`None` = success).
    pub fn wait(&self) -> Option<PjrtError> {
        let mut s = self.lock();
        loop {
            if let Some(outcome) = &s.outcome {
                return outcome.clone();
            }
            s = self.shared.done.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Runs `f` with the outcome once complete: now (on this thread) if it is, else on the
    /// thread that completes it.
    pub fn on_ready(&self, f: impl FnOnce(Option<PjrtError>) + Send + 'static) {
        let outcome = {
            let mut s = self.lock();
            match &s.outcome {
                Some(o) => o.clone(),
                None => {
                    s.waiters.push(Box::new(f));
                    return;
                }
            }
        };
        f(outcome)
    }
}

/// A callback the framework registered with OnReady, with its argument.
struct Waiter {
    callback: unsafe extern "C" fn(*mut PJRT_Error, *mut c_void),
    user_arg: *mut c_void,
}

// SAFETY: the framework's callback and its argument may be called from any thread (the
// PJRT contract for OnReady callbacks).
unsafe impl Send for Waiter {}

impl Waiter {
    fn call(self, outcome: Option<PjrtError>) {
        let e = outcome.map_or(std::ptr::null_mut(), PjrtError::into_raw);
        // SAFETY: the framework's callback with its own argument; it owns `e`.
        unsafe { (self.callback)(e, self.user_arg) };
    }
}

pub(crate) fn event<'a>(ptr: *mut PJRT_Event) -> Result<&'a Event> {
    // SAFETY: the framework passes events this plugin created and has not destroyed.
    unsafe { handle(ptr, "event") }
}

entry!(
    fn event_destroy(a: &mut PJRT_Event_Args) {
        if !a.event.is_null() {
            // SAFETY: made by `Event::into_raw` (a Box); given up here.
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
        out = event(a.event)?
            .wait()
            .map_or(std::ptr::null_mut(), PjrtError::into_raw);
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
        let w = Waiter {
            callback,
            user_arg: a.user_arg,
        };
        // The callback owns the error it receives (a fresh copy per callback).
        e.on_ready(move |outcome| w.call(outcome));
        Ok(())
    }
);

entry!(
    fn event_create(a: &mut PJRT_Event_Create_Args) {
        a.event = Event::pending().into_raw();
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

    #[test]
    fn a_pending_event_runs_its_callbacks_and_wakes_waiters_when_set() {
        let e = Event::pending();
        assert!(!e.is_ready());
        let calls = Arc::new(AtomicUsize::new(0));
        let c = calls.clone();
        e.on_ready(move |o| {
            assert!(o.is_none());
            c.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(calls.load(Ordering::SeqCst), 0);
        let handle = e.clone();
        let waiter = std::thread::spawn(move || handle.wait().is_none());
        e.set(None).unwrap();
        assert!(waiter.join().unwrap());
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert!(e.is_ready());
        assert!(e.set(None).is_err(), "an event completes once");
        // Registered after completion: runs at once.
        let c = calls.clone();
        e.on_ready(move |_| {
            c.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn ready_events_share_one_completed_state() {
        let (a, b) = (Event::ready(), Event::ready());
        // SAFETY: both made just above by `into_raw`; freed once each.
        let (a, b) = unsafe { (Box::from_raw(a), Box::from_raw(b)) };
        assert!(Arc::ptr_eq(&a.shared, &b.shared));
        assert!(a.is_ready() && a.wait().is_none());
    }
}

//! Where the devices of one call meet: a collective's group members publish the addresses
//! of their buffers in a slot and pass numbered barriers, so each can read the others'
//! inputs and outputs in place; `send` and `recv` exchange copies through mailboxes.
//!
//! Nothing spins: waiting is on a condition variable, every wait has a deadline, and a
//! member that fails (or a call that some device never joins) ends every wait of the call
//! with an error instead of a hang.

use std::any::Any;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long a device waits for the others at one barrier by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// A slot's key: the group's processes (flattened ids, in group order) and how many
/// collectives over exactly that group the caller ran before this one.
pub type Key = (Vec<u32>, u64);

/// What one member publishes: the op (members must agree on it) and the addresses of its
/// operands' inputs and outputs (0 where absent), and the inputs' sizes in bytes.
#[derive(Clone, Debug)]
pub struct Entry {
    pub op: String,
    pub inputs: Vec<usize>,
    pub outputs: Vec<usize>,
    pub sizes: Vec<usize>,
}

/// What the first member of a [`Rendezvous::share`] hands the others.
pub type Shared = Arc<dyn Any + Send + Sync>;

struct Slot {
    entries: Vec<Option<Entry>>,
    /// Arrivals at each barrier after the first.
    arrived: Vec<usize>,
    left: usize,
    /// What the first member made for all ([`Rendezvous::share`]).
    shared: Option<Shared>,
}

#[derive(Default)]
struct State {
    failed: Option<String>,
    slots: HashMap<Key, Slot>,
    mailboxes: HashMap<i64, VecDeque<Vec<Vec<u8>>>>,
}

/// The meeting point of the devices of one call (one per execution of an executable on
/// all its devices).
pub struct Rendezvous {
    state: Mutex<State>,
    cv: Condvar,
    timeout: Duration,
}

impl Rendezvous {
    pub fn new(timeout: Duration) -> Rendezvous {
        Rendezvous {
            state: Mutex::new(State::default()),
            cv: Condvar::new(),
            timeout,
        }
    }

    /// With the timeout `PJRTC_COLLECTIVE_TIMEOUT` says (seconds), else [`DEFAULT_TIMEOUT`].
    pub fn with_env_timeout() -> Rendezvous {
        Rendezvous::new(env_timeout())
    }

    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state stays consistent under every panic point (plain field updates).
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the call: every wait, now and later, fails with `msg` (the first reason given
    /// wins). Devices call this when they fail, so that their peers stop waiting.
    pub fn abort(&self, msg: &str) {
        let mut s = self.lock();
        if s.failed.is_none() {
            s.failed = Some(msg.to_string());
        }
        drop(s);
        self.cv.notify_all();
    }

    /// Why the call was aborted, if it was.
    pub fn failure(&self) -> Option<String> {
        self.lock().failed.clone()
    }

    /// Waits, holding the lock between checks, until `done(state)`; an abort or the
    /// deadline ends the wait with an error (`missing` says whom it waited for).
    fn wait<'a>(
        &'a self,
        mut s: MutexGuard<'a, State>,
        what: &str,
        mut done: impl FnMut(&State) -> bool,
        missing: impl Fn(&State) -> String,
    ) -> Result<MutexGuard<'a, State>, String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            if let Some(f) = &s.failed {
                return Err(format!("{what}: another device failed: {f}"));
            }
            if done(&s) {
                return Ok(s);
            }
            let now = Instant::now();
            if now >= deadline {
                let msg = format!(
                    "{what} timed out after {:.1} s waiting for {} (a device failed or \
                     stopped before reaching it, or the call did not run on every device; \
                     PJRTC_COLLECTIVE_TIMEOUT sets the limit)",
                    self.timeout.as_secs_f64(),
                    missing(&s)
                );
                if s.failed.is_none() {
                    s.failed = Some(msg.clone());
                }
                drop(s);
                self.cv.notify_all();
                return Err(msg);
            }
            s = self
                .cv
                .wait_timeout(s, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Publishes `entry` as member `pos` of the group `key.0` and waits until every member
    /// has; returns all members' entries in group order. Members must run the same op.
    pub fn join(
        &self,
        key: &Key,
        pos: usize,
        entry: Entry,
        what: &str,
    ) -> Result<Vec<Entry>, String> {
        let size = key.0.len();
        let mut s = self.lock();
        let slot = s.slots.entry(key.clone()).or_insert_with(|| Slot {
            entries: vec![None; size],
            arrived: Vec::new(),
            left: 0,
            shared: None,
        });
        if slot.entries[pos].is_some() {
            drop(s);
            let msg = format!("{what}: process {} joined twice", key.0[pos]);
            self.abort(&msg);
            return Err(msg);
        }
        slot.entries[pos] = Some(entry);
        let complete = slot.entries.iter().all(Option::is_some);
        drop(s);
        if complete {
            self.cv.notify_all();
        }
        let s = self.lock();
        let s = self.wait(
            s,
            what,
            |s| {
                s.slots
                    .get(key)
                    .is_none_or(|sl| sl.entries.iter().all(Option::is_some))
            },
            |s| missing_entries(s, key),
        )?;
        let entries: Vec<Entry> = s
            .slots
            .get(key)
            .map(|sl| sl.entries.iter().flatten().cloned().collect())
            .unwrap_or_default();
        drop(s);
        if entries.len() != size {
            return Err(format!("{what}: the group's slot disappeared"));
        }
        if let Some(e) = entries.iter().find(|e| e.op != entries[0].op) {
            let msg = format!(
                "{what}: the members of process group {:?} run different collectives ({} and {})",
                key.0, entries[0].op, e.op
            );
            self.abort(&msg);
            return Err(msg);
        }
        Ok(entries)
    }

    /// Barrier `phase` (1, 2, ...) of the group's slot: returns when every member reached
    /// it. With `last`, the caller is done with the slot afterwards.
    pub fn barrier(&self, key: &Key, phase: usize, last: bool, what: &str) -> Result<(), String> {
        let size = key.0.len();
        let mut s = self.lock();
        let Some(slot) = s.slots.get_mut(key) else {
            return Err(format!("{what}: the group's slot disappeared"));
        };
        if slot.arrived.len() < phase {
            slot.arrived.resize(phase, 0);
        }
        slot.arrived[phase - 1] += 1;
        let all = slot.arrived[phase - 1] == size;
        if all {
            self.cv.notify_all();
        }
        let mut s = self.wait(
            s,
            what,
            |s| {
                s.slots
                    .get(key)
                    .is_none_or(|sl| sl.arrived.get(phase - 1).copied() == Some(size))
            },
            |_| format!("the other members of process group {:?}", key.0),
        )?;
        if last && let Some(slot) = s.slots.get_mut(key) {
            slot.left += 1;
            if slot.left == size {
                s.slots.remove(key);
            }
        }
        Ok(())
    }

    /// Joins as member `pos` (see [`Rendezvous::join`]); the first member then calls
    /// `lead` with every member's entry and hands its value to all, or calls it with the
    /// join's error (so that it can tell others who wait elsewhere) and fails. The other
    /// members' published buffers stay unchanged until `lead` returns, since they wait for
    /// its value. An error from `lead` ends the call.
    pub fn share(
        &self,
        key: &Key,
        pos: usize,
        entry: Entry,
        what: &str,
        lead: impl FnOnce(Result<&[Entry], &str>) -> Result<Shared, String>,
    ) -> Result<Shared, String> {
        let size = key.0.len();
        let joined = self.join(key, pos, entry, what);
        if pos == 0 {
            let value = match &joined {
                Ok(entries) => lead(Ok(entries)),
                Err(e) => lead(Err(e)),
            };
            joined?;
            let value = value.inspect_err(|m| self.abort(m))?;
            let mut s = self.lock();
            if let Some(slot) = s.slots.get_mut(key) {
                slot.shared = Some(value.clone());
                slot.left += 1;
                if slot.left == size {
                    s.slots.remove(key);
                }
            }
            drop(s);
            self.cv.notify_all();
            return Ok(value);
        }
        joined?;
        let s = self.lock();
        let mut s = self.wait(
            s,
            what,
            |s| s.slots.get(key).is_none_or(|sl| sl.shared.is_some()),
            |_| format!("process {} to exchange the group's inputs", key.0[0]),
        )?;
        let Some(slot) = s.slots.get_mut(key) else {
            return Err(format!("{what}: the group's slot disappeared"));
        };
        let value = slot.shared.clone().expect("waited for it");
        slot.left += 1;
        if slot.left == size {
            s.slots.remove(key);
        }
        Ok(value)
    }

    /// Queues a copy of `values` on `channel` for a later `recv`.
    pub fn send(&self, channel: i64, values: Vec<Vec<u8>>) -> Result<(), String> {
        let mut s = self.lock();
        if let Some(f) = &s.failed {
            return Err(format!(
                "send on channel {channel}: another device failed: {f}"
            ));
        }
        s.mailboxes.entry(channel).or_default().push_back(values);
        drop(s);
        self.cv.notify_all();
        Ok(())
    }

    /// Takes the oldest values sent on `channel`, waiting for one.
    pub fn recv(&self, channel: i64, what: &str) -> Result<Vec<Vec<u8>>, String> {
        let s = self.lock();
        let mut s = self.wait(
            s,
            what,
            |s| s.mailboxes.get(&channel).is_some_and(|q| !q.is_empty()),
            |_| format!("a send on channel {channel}"),
        )?;
        Ok(s.mailboxes
            .get_mut(&channel)
            .and_then(VecDeque::pop_front)
            .unwrap_or_default())
    }
}

fn missing_entries(s: &State, key: &Key) -> String {
    let missing: Vec<u32> = match s.slots.get(key) {
        Some(sl) => sl
            .entries
            .iter()
            .zip(&key.0)
            .filter(|(e, _)| e.is_none())
            .map(|(_, &p)| p)
            .collect(),
        None => Vec::new(),
    };
    format!("processes {missing:?} of process group {:?}", key.0)
}

fn env_timeout() -> Duration {
    std::env::var("PJRTC_COLLECTIVE_TIMEOUT")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .unwrap_or(DEFAULT_TIMEOUT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(op: &str, x: usize) -> Entry {
        Entry {
            op: op.into(),
            inputs: vec![x],
            outputs: vec![],
            sizes: vec![],
        }
    }

    #[test]
    fn members_meet_and_see_each_other_in_group_order() {
        let rv = Rendezvous::new(Duration::from_secs(30));
        let key: Key = (vec![3, 1], 0);
        let seen: Vec<Vec<usize>> = std::thread::scope(|s| {
            let hs: Vec<_> = [(0, 30), (1, 10)]
                .into_iter()
                .map(|(pos, x)| {
                    let (rv, key) = (&rv, &key);
                    s.spawn(move || {
                        let e = rv.join(key, pos, entry("op", x), "t").unwrap();
                        rv.barrier(key, 1, true, "t").unwrap();
                        e.iter().map(|e| e.inputs[0]).collect()
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(seen, vec![vec![30, 10], vec![30, 10]]);
        // Both left: the slot is gone, so the key can be used again.
        assert!(rv.lock().slots.is_empty());
    }

    #[test]
    fn a_missing_member_ends_the_wait_with_an_error() {
        let rv = Rendezvous::new(Duration::from_millis(50));
        let t0 = Instant::now();
        let e = rv
            .join(&(vec![0, 1, 2], 0), 1, entry("op", 0), "all_reduce")
            .unwrap_err();
        assert!(
            e.contains("timed out") && e.contains("processes [0, 2]"),
            "{e}"
        );
        assert!(t0.elapsed() < Duration::from_secs(10));
        // The call is failed for everyone after that.
        let e = rv.join(&(vec![0], 1), 0, entry("op", 0), "x").unwrap_err();
        assert!(e.contains("another device failed"), "{e}");
    }

    #[test]
    fn an_abort_wakes_the_waiting_members() {
        let rv = Rendezvous::new(Duration::from_secs(60));
        let t0 = Instant::now();
        let e = std::thread::scope(|s| {
            let h = s.spawn(|| rv.join(&(vec![0, 1], 0), 0, entry("op", 0), "t"));
            std::thread::sleep(Duration::from_millis(20));
            rv.abort("process 1 failed");
            h.join().unwrap().unwrap_err()
        });
        assert!(e.contains("process 1 failed"), "{e}");
        assert!(t0.elapsed() < Duration::from_secs(30));
    }

    #[test]
    fn members_running_different_ops_are_an_error() {
        let rv = Rendezvous::new(Duration::from_secs(30));
        let key: Key = (vec![0, 1], 0);
        let errs: Vec<bool> = std::thread::scope(|s| {
            let hs: Vec<_> = [(0, "all_reduce"), (1, "all_gather")]
                .into_iter()
                .map(|(pos, op)| {
                    let (rv, key) = (&rv, &key);
                    s.spawn(move || rv.join(key, pos, entry(op, 0), "t").is_err())
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(errs, vec![true, true]);
        assert!(rv.failure().unwrap().contains("different collectives"));
    }

    #[test]
    fn send_then_recv_in_order() {
        let rv = Rendezvous::new(Duration::from_millis(50));
        rv.send(3, vec![vec![1]]).unwrap();
        rv.send(3, vec![vec![2]]).unwrap();
        assert_eq!(rv.recv(3, "r").unwrap(), vec![vec![1]]);
        assert_eq!(rv.recv(3, "r").unwrap(), vec![vec![2]]);
        let e = rv.recv(4, "recv").unwrap_err();
        assert!(e.contains("a send on channel 4"), "{e}");
    }
}

//! Collectives whose groups span several processes (docs/DISTRIBUTED.md).
//!
//! One mechanism for every kind: at each collective step the devices of this process meet
//! in the call's [`Rendezvous`], the first of them packs every local member's inputs
//! (grid id, the step's signature, the bytes) into one message, and one allgather of the
//! processes' messages ([`Transport`]) gives every process every member's inputs
//! ([`Gathered`]). Each device then computes its own result from those with the same
//! per-kind code as in one process, so the results do not depend on how the devices are
//! spread over processes.
//!
//! The messages also carry each process's state: a process whose devices failed sends a
//! failure instead of its inputs (at the step its peers are waiting in, or at the end of
//! the call), so that no process waits for one that stopped.

use super::rendezvous::{Entry, Key, Rendezvous};
use crate::tensor::AlignedBytes;
use std::any::Any;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};

/// Moves bytes between the processes of a call. Every process calls `allgather` the same
/// number of times in the same order (a collective of all processes).
pub trait Transport: Sync {
    /// Every process's `mine`, by process index.
    fn allgather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, String>;
    /// This process's index.
    fn process(&self) -> usize;
}

const MAGIC: &[u8; 4] = b"PJC1";
const KIND_STEP: u8 = 0;
const KIND_END: u8 = 1;

/// What one process sends at a step or at the end of a call.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// `false`: the end of the call (after `seq` steps).
    pub step: bool,
    /// What the call runs (a fingerprint of the program): processes must agree.
    pub call: u64,
    /// The step's number in the call (at the end: how many steps this process ran).
    pub seq: u64,
    /// Why this process's devices failed, if they did (then `members` is empty).
    pub failed: Option<String>,
    pub members: Vec<Member>,
}

/// One device's inputs at a step.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// Flattened id in the process grid.
    pub id: u32,
    /// The collective's signature (kind and operand types); members must agree.
    pub op: String,
    /// Each operand's input bytes (`None` for an operand without input).
    pub inputs: Vec<Option<Vec<u8>>>,
}

/// A member to pack: its grid id, the collective's signature, each operand's input.
pub type PackMember<'a> = (u32, &'a str, Vec<Option<&'a [u8]>>);

/// [`LocalProcesses`]' state: rounds completed, this round's messages, every completed
/// round's messages.
type Rounds = (u64, Vec<Option<Vec<u8>>>, Vec<Vec<Vec<u8>>>);

fn put_u32(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_le_bytes());
}

fn put_bytes(v: &mut Vec<u8>, b: &[u8]) {
    v.extend_from_slice(&(b.len() as u64).to_le_bytes());
    v.extend_from_slice(b);
}

/// Packs a message; `members` give their inputs as byte slices.
pub fn pack(
    step: bool,
    call: u64,
    seq: u64,
    failed: Option<&str>,
    members: &[PackMember<'_>],
) -> Vec<u8> {
    let size: usize = members
        .iter()
        .map(|(_, op, ins)| {
            16 + op.len()
                + ins
                    .iter()
                    .map(|i| 9 + i.map_or(0, <[u8]>::len))
                    .sum::<usize>()
        })
        .sum();
    let mut v = Vec::with_capacity(32 + size + failed.map_or(0, str::len));
    v.extend_from_slice(MAGIC);
    v.push(if step { KIND_STEP } else { KIND_END });
    v.push(u8::from(failed.is_some()));
    v.extend_from_slice(&call.to_le_bytes());
    v.extend_from_slice(&seq.to_le_bytes());
    put_bytes(&mut v, failed.unwrap_or("").as_bytes());
    put_u32(&mut v, members.len() as u32);
    for (id, op, inputs) in members {
        put_u32(&mut v, *id);
        put_bytes(&mut v, op.as_bytes());
        put_u32(&mut v, inputs.len() as u32);
        for i in inputs {
            match i {
                Some(b) => {
                    v.push(1);
                    put_bytes(&mut v, b);
                }
                None => v.push(0),
            }
        }
    }
    v
}

struct Reader<'a> {
    b: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if self.b.len() < n {
            return Err("truncated".into());
        }
        let (h, t) = self.b.split_at(n);
        self.b = t;
        Ok(h)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
    fn bytes(&mut self) -> Result<&'a [u8], String> {
        let n = self.u64()?;
        self.take(usize::try_from(n).map_err(|_| "a length past the address space")?)
    }
    fn string(&mut self) -> Result<String, String> {
        String::from_utf8(self.bytes()?.to_vec()).map_err(|_| "a string that is not UTF-8".into())
    }
}

/// Reads a message packed by [`pack`] (a malformed one is an error, never a panic).
pub fn unpack(b: &[u8]) -> Result<Message, String> {
    let mut r = Reader { b };
    if r.take(4)? != MAGIC {
        return Err("not a pjrtc collective message (another version of pjrtc?)".into());
    }
    let kind = r.u8()?;
    if kind != KIND_STEP && kind != KIND_END {
        return Err(format!("unknown message kind {kind}"));
    }
    let failed = r.u8()? != 0;
    let call = r.u64()?;
    let seq = r.u64()?;
    let msg = r.string()?;
    let n = r.u32()?;
    let mut members = Vec::new();
    for _ in 0..n {
        let id = r.u32()?;
        let op = r.string()?;
        let k = r.u32()?;
        let mut inputs = Vec::new();
        for _ in 0..k {
            inputs.push(match r.u8()? {
                0 => None,
                1 => Some(r.bytes()?.to_vec()),
                t => return Err(format!("bad operand tag {t}")),
            });
        }
        members.push(Member { id, op, inputs });
    }
    if !r.b.is_empty() {
        return Err(format!("{} bytes past the end", r.b.len()));
    }
    Ok(Message {
        step: kind == KIND_STEP,
        call,
        seq,
        failed: failed.then_some(msg),
        members,
    })
}

fn other_program(p: usize, theirs: u64, ours: u64) -> String {
    format!(
        "process {p} runs another program ({theirs:016x}, this one {ours:016x}): the \
         processes must run the same programs spanning them in the same order"
    )
}

/// Every member's inputs at one step, from all processes, each operand in memory aligned
/// as the generated kernels need.
pub struct Gathered {
    members: HashMap<u32, (String, Vec<Option<AlignedBytes>>)>,
}

impl Gathered {
    /// From every process's message at step `seq` of the call running `call`, by process
    /// index.
    pub fn new(messages: &[Message], call: u64, seq: u64) -> Result<Gathered, String> {
        let mut members = HashMap::new();
        for (p, m) in messages.iter().enumerate() {
            if let Some(f) = &m.failed {
                return Err(format!("process {p} failed: {f}"));
            }
            if m.call != call {
                return Err(other_program(p, m.call, call));
            }
            if !m.step {
                return Err(format!(
                    "process {p} finished the call after {} collectives, this one is at \
                     collective {} (the processes ran different programs or control flow)",
                    m.seq,
                    seq + 1
                ));
            }
            if m.seq != seq {
                return Err(format!(
                    "process {p} is at collective {}, this one at {} (the processes ran \
                     different programs or control flow)",
                    m.seq + 1,
                    seq + 1
                ));
            }
            for mem in &m.members {
                let inputs = mem
                    .inputs
                    .iter()
                    .map(|i| i.as_deref().map(AlignedBytes::from_slice))
                    .collect();
                if members.insert(mem.id, (mem.op.clone(), inputs)).is_some() {
                    return Err(format!(
                        "device {} of the process grid is in two processes' messages",
                        mem.id
                    ));
                }
            }
        }
        Ok(Gathered { members })
    }

    /// Member `id`'s inputs as a rendezvous entry (addresses into `self`), checking that it
    /// runs the collective `op`.
    pub fn entry(&self, id: u32, op: &str, what: &str) -> Result<Entry, String> {
        let Some((their_op, inputs)) = self.members.get(&id) else {
            return Err(format!(
                "{what}: process {id} of the group is not a device of this call in any process"
            ));
        };
        if their_op != op {
            return Err(format!(
                "{what}: process {id} runs a different collective ({their_op}, this one {op})"
            ));
        }
        Ok(Entry {
            op: op.to_string(),
            inputs: inputs
                .iter()
                .map(|i| i.as_ref().map_or(0, |a| a.as_ptr() as usize))
                .collect(),
            outputs: Vec::new(),
            sizes: inputs
                .iter()
                .map(|i| i.as_ref().map_or(0, |a| a.len()))
                .collect(),
        })
    }
}

/// The state of one call spanning processes, shared by its local devices.
pub struct Across<'a> {
    transport: &'a dyn Transport,
    /// The program's fingerprint, which every process's messages carry.
    call: u64,
    /// The flattened grid ids of this process's devices in the call, in call order.
    local: Vec<u32>,
    /// A failure every process knows of (sent or received): no end-of-call exchange.
    failure_shared: AtomicBool,
    /// Steps exchanged so far.
    steps: AtomicU64,
}

impl<'a> Across<'a> {
    /// A call of the program with fingerprint `call` (the same in every process) whose
    /// devices in this process are `local` (flattened grid ids).
    pub fn new(transport: &'a dyn Transport, call: u64, local: Vec<u32>) -> Across<'a> {
        Across {
            transport,
            call,
            local,
            failure_shared: AtomicBool::new(false),
            steps: AtomicU64::new(0),
        }
    }

    fn exchange(&self, mine: &[u8]) -> Result<Vec<Message>, String> {
        let all = self.transport.allgather(mine)?;
        all.iter()
            .enumerate()
            .map(|(p, b)| {
                unpack(b).map_err(|e| format!("a malformed message from process {p}: {e}"))
            })
            .collect()
    }

    /// Collective step `seq` of device `id` (one of `local`): meets the other local devices
    /// in `rv`, and returns every member's inputs from every process. `entry` carries the
    /// step's signature and the device's input addresses and sizes, which stay unchanged
    /// until this returns.
    pub fn step(
        &self,
        rv: &Rendezvous,
        id: u32,
        seq: u64,
        entry: Entry,
        what: &str,
    ) -> Result<Arc<Gathered>, String> {
        let Some(pos) = self.local.iter().position(|&l| l == id) else {
            return Err(format!(
                "{what}: process {id} is not a local device of the call"
            ));
        };
        let key: Key = (self.local.clone(), seq);
        let shared = rv.share(&key, pos, entry, what, |entries| {
            let out = self.lead(seq, entries);
            if out.is_err() {
                self.failure_shared.store(true, Ordering::Release);
            }
            out.map(|g| Arc::new(g) as Arc<dyn Any + Send + Sync>)
        })?;
        shared
            .downcast::<Gathered>()
            .map_err(|_| format!("{what}: the step's shared value has the wrong type"))
    }

    /// The first local device's part of a step: packs the local members' inputs (or the
    /// failure that stopped them) and exchanges them.
    fn lead(&self, seq: u64, entries: Result<&[Entry], &str>) -> Result<Gathered, String> {
        self.steps.store(seq + 1, Ordering::Release);
        let mine = match entries {
            Ok(entries) => {
                let members: Vec<PackMember<'_>> = entries
                    .iter()
                    .zip(&self.local)
                    .map(|(e, &id)| {
                        let inputs = e
                            .inputs
                            .iter()
                            .zip(&e.sizes)
                            .map(|(&p, &n)| {
                                // SAFETY: the member published the address and size of
                                // its input, which it keeps unchanged until the step's
                                // shared value is published (after this returns).
                                (p != 0).then(|| unsafe {
                                    std::slice::from_raw_parts(p as *const u8, n)
                                })
                            })
                            .collect();
                        (id, e.op.as_str(), inputs)
                    })
                    .collect();
                pack(true, self.call, seq, None, &members)
            }
            Err(f) => {
                let _ = self.exchange(&pack(true, self.call, seq, Some(f), &[]))?;
                return Err(f.to_string());
            }
        };
        let messages = self.exchange(&mine)?;
        Gathered::new(&messages, self.call, seq)
    }

    /// The end of the call, after every local device returned (`failed`: why one failed):
    /// unless a failure was already exchanged, tells the other processes how this one
    /// ended and learns how they did. An error if any process failed or ran a different
    /// number of collectives.
    pub fn finish(&self, failed: Option<&str>) -> Result<(), String> {
        if self.failure_shared.load(Ordering::Acquire) {
            return match failed {
                Some(_) => Ok(()),
                None => Err("another process failed during the call".into()),
            };
        }
        let steps = self.steps.load(Ordering::Acquire);
        let messages = self.exchange(&pack(false, self.call, steps, failed, &[]))?;
        for (p, m) in messages.iter().enumerate() {
            if p == self.transport.process() {
                continue;
            }
            if let Some(f) = &m.failed {
                return Err(format!("process {p} failed: {f}"));
            }
            if m.call != self.call {
                return Err(other_program(p, m.call, self.call));
            }
            if m.step || m.seq != steps {
                return Err(format!(
                    "process {p} ran {} collectives in this call, this one {steps} (the \
                     processes ran different programs or control flow)",
                    m.seq + u64::from(m.step)
                ));
            }
        }
        Ok(())
    }
}

/// Processes simulated by threads of one process, for tests without MPI: each
/// allgather waits (30 s at most) until every simulated process made it.
pub struct LocalProcesses {
    state: Mutex<Rounds>,
    cv: Condvar,
}

impl LocalProcesses {
    pub fn new(n: usize) -> LocalProcesses {
        LocalProcesses {
            state: Mutex::new((0, vec![None; n], Vec::new())),
            cv: Condvar::new(),
        }
    }
    pub fn process(&self, p: usize) -> LocalProcess<'_> {
        LocalProcess { all: self, p }
    }
}

/// Process `p` of [`LocalProcesses`].
pub struct LocalProcess<'a> {
    all: &'a LocalProcesses,
    p: usize,
}

impl Transport for LocalProcess<'_> {
    fn allgather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, String> {
        let t = self.all;
        let mut s = t.state.lock().unwrap_or_else(|e| e.into_inner());
        let round = s.0;
        s.1[self.p] = Some(mine.to_vec());
        if s.1.iter().all(Option::is_some) {
            let done: Vec<Vec<u8>> =
                s.1.iter_mut()
                    .map(|x| x.take().unwrap_or_default())
                    .collect();
            s.2.push(done);
            s.0 += 1;
            t.cv.notify_all();
        }
        let s =
            t.cv.wait_timeout_while(s, std::time::Duration::from_secs(30), |s| s.0 == round)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        if s.0 == round {
            return Err("test transport timed out".into());
        }
        Ok(s.2[round as usize].clone())
    }
    fn process(&self) -> usize {
        self.p
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let a = [1u8, 2, 3];
        let m = pack(
            true,
            9,
            7,
            None,
            &[(3, "AllReduce f32[3]", vec![Some(&a[..]), None])],
        );
        let u = unpack(&m).unwrap();
        assert_eq!(
            u,
            Message {
                step: true,
                call: 9,
                seq: 7,
                failed: None,
                members: vec![Member {
                    id: 3,
                    op: "AllReduce f32[3]".into(),
                    inputs: vec![Some(vec![1, 2, 3]), None]
                }]
            }
        );
        let f = unpack(&pack(false, 0, 2, Some("boom"), &[])).unwrap();
        assert_eq!(f.failed.as_deref(), Some("boom"));
        assert!(!f.step);
        // Every truncation is an error, not a panic.
        for n in 0..m.len() {
            assert!(unpack(&m[..n]).is_err(), "{n}");
        }
        assert!(
            unpack(b"XXXX")
                .unwrap_err()
                .contains("not a pjrtc collective message")
        );
    }

    #[test]
    fn gathered_checks_the_processes_agree() {
        let x = [0u8; 4];
        let m0 = unpack(&pack(true, 0, 0, None, &[(0, "op", vec![Some(&x[..])])])).unwrap();
        let m1 = unpack(&pack(true, 0, 0, None, &[(1, "op", vec![Some(&x[..])])])).unwrap();
        let g = Gathered::new(&[m0.clone(), m1.clone()], 0, 0).unwrap();
        let e = g.entry(1, "op", "t").unwrap();
        assert_eq!(e.sizes, vec![4]);
        assert_eq!(e.inputs[0] % crate::tensor::BUFFER_ALIGN, 0);
        assert!(
            g.entry(1, "other", "t")
                .unwrap_err()
                .contains("different collective")
        );
        assert!(g.entry(5, "op", "t").unwrap_err().contains("process 5"));
        let e = Gathered::new(&[m0.clone(), m0.clone()], 0, 0)
            .err()
            .unwrap();
        assert!(e.contains("two processes"), "{e}");
        let end = unpack(&pack(false, 0, 0, None, &[])).unwrap();
        let e = Gathered::new(&[m0.clone(), end], 0, 0).err().unwrap();
        assert!(
            e.contains("process 1 finished the call after 0 collectives"),
            "{e}"
        );
        let failed = unpack(&pack(true, 0, 0, Some("out of memory"), &[])).unwrap();
        let e = Gathered::new(&[failed, m1.clone()], 0, 0).err().unwrap();
        assert!(e.contains("process 0 failed: out of memory"), "{e}");
        let e = Gathered::new(&[m0, m1], 5, 0).err().unwrap();
        assert!(e.contains("process 0 runs another program"), "{e}");
    }

    #[test]
    fn a_failed_process_ends_its_peers_step_and_call() {
        // Process 0 fails before its first collective; process 1 waits in it.
        let t = LocalProcesses::new(2);
        let (p0, p1) = (t.process(0), t.process(1));
        let (r0, r1) = std::thread::scope(|s| {
            let h0 = s.spawn(|| Across::new(&p0, 0, vec![0]).finish(Some("kernel failed")));
            let h1 = s.spawn(|| {
                let a = Across::new(&p1, 0, vec![1]);
                let rv = Rendezvous::new(std::time::Duration::from_secs(30));
                let x = [1u8; 4];
                let entry = Entry {
                    op: "op".into(),
                    inputs: vec![x.as_ptr() as usize],
                    outputs: vec![],
                    sizes: vec![4],
                };
                let e = a.step(&rv, 1, 0, entry, "all_reduce").err().unwrap();
                (e, a.finish(Some("x")))
            });
            (h0.join().unwrap(), h1.join().unwrap())
        });
        // The failed process learns nothing new: its own failure is the call's error.
        let e = r0.unwrap_err();
        assert!(e.contains("process 1 ran 1 collectives"), "{e}");
        assert!(r1.0.contains("process 0 failed: kernel failed"), "{}", r1.0);
        assert!(r1.1.is_ok());
    }
}

//! Collectives across the devices of one call ([`crate::format::Collective`] steps).
//!
//! Every device of a call runs the same artifact in its own thread with a [`Device`]: its
//! place in the process grid and the call's [`Rendezvous`]. A collective resolves its
//! process groups against the grid ([`groups`]), the members of the device's group meet
//! in the rendezvous, and each reads the others' buffers in place ([`ops`]) between
//! barriers that keep those buffers unchanged while they are read.

pub mod across;
pub mod groups;
mod ops;
pub mod rendezvous;

pub use across::{Across, Transport};
pub use groups::Grid;
pub use rendezvous::Rendezvous;

use crate::format::Collective;
use crate::kernels::Bases;
use crate::loader::KernelFn;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// One device's view of a call: where it sits in the process grid, and where it meets
/// the others. Used by that device's thread only.
pub struct Device<'a> {
    pub grid: Grid,
    pub replica: u32,
    pub partition: u32,
    pub rendezvous: &'a Rendezvous,
    /// Set when the call's devices are in several processes: every collective goes
    /// through the exchange between processes ([`across`]).
    pub across: Option<&'a Across<'a>>,
    /// Collectives run so far per process group: the sequence number of the next one.
    seq: RefCell<HashMap<Vec<u32>, u64>>,
    /// Collectives run so far (across processes).
    steps: Cell<u64>,
}

impl<'a> Device<'a> {
    pub fn new(grid: Grid, replica: u32, partition: u32, rendezvous: &'a Rendezvous) -> Device<'a> {
        Device {
            grid,
            replica,
            partition,
            rendezvous,
            across: None,
            seq: RefCell::new(HashMap::new()),
            steps: Cell::new(0),
        }
    }

    /// A device of a call whose devices are in several processes.
    pub fn spanning(
        grid: Grid,
        replica: u32,
        partition: u32,
        rendezvous: &'a Rendezvous,
        across: &'a Across<'a>,
    ) -> Device<'a> {
        Device {
            across: Some(across),
            ..Device::new(grid, replica, partition, rendezvous)
        }
    }

    /// The number of the next collective step (across processes).
    fn next_step(&self) -> u64 {
        let n = self.steps.get();
        self.steps.set(n + 1);
        n
    }

    /// Flattened process id.
    pub fn process(&self) -> u32 {
        self.grid.flat(self.replica, self.partition)
    }

    /// The rendezvous key of the next collective over `group`.
    fn next_key(&self, group: &[u32]) -> rendezvous::Key {
        let mut seq = self.seq.borrow_mut();
        let n = seq.entry(group.to_vec()).or_insert(0);
        let key = (group.to_vec(), *n);
        *n += 1;
        key
    }
}

/// Runs a validated collective step on `device`.
///
/// # Safety
/// `c` was validated by [`crate::format::Pjx::from_bytes`] against the regions of `bases`,
/// and `kernels` holds the artifact's kernels (the combiner's among them, compiled for
/// `(a, b, out)` bindings of the operands' dtype). Every other device of the call runs
/// an artifact that was validated the same way, so the addresses they publish point at
/// buffers of the sizes their steps declare.
pub unsafe fn run(
    c: &Collective,
    bases: &Bases,
    kernels: &[KernelFn],
    device: &Device,
) -> Result<(), String> {
    // SAFETY: forwarded from this function's contract.
    unsafe { ops::run(c, bases, kernels, device) }.inspect_err(|m| device.rendezvous.abort(m))
}

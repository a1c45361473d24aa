//! The buffer each value is placed in, and the values each buffer holds.
//!
//! In-place decisions ask "is anything living in this buffer read after here?" once per
//! candidate op; answering from the members of the one buffer (rather than by scanning
//! every value of the function) keeps placement linear in the program's size. Every
//! write goes through [`Buffers::set`], so the two directions cannot disagree.

use rustc_hash::FxHashMap as HashMap;
use std::ops::Index;

use crate::compiler::ir::ValueId;
use pjrtc_runtime::format::BufRef;

#[derive(Clone, Debug, Default)]
pub struct Buffers {
    of: Vec<Option<BufRef>>,
    members: HashMap<BufRef, Vec<ValueId>>,
}

impl Buffers {
    /// No value of a function with `n` values placed yet.
    pub fn new(n: usize) -> Self {
        Buffers {
            of: vec![None; n],
            members: HashMap::default(),
        }
    }

    /// Places `v` in `b` (or takes it out of its buffer with `None`).
    pub fn set(&mut self, v: ValueId, b: Option<BufRef>) {
        let slot = &mut self.of[v.index()];
        if *slot == b {
            return;
        }
        if let Some(old) = slot.take()
            && let Some(vs) = self.members.get_mut(&old)
        {
            vs.retain(|&w| w != v);
            if vs.is_empty() {
                self.members.remove(&old);
            }
        }
        *slot = b;
        if let Some(b) = b {
            self.members.entry(b).or_default().push(v);
        }
    }

    /// The values placed in `b`, in the order they were placed there.
    pub fn members(&self, b: BufRef) -> &[ValueId] {
        self.members.get(&b).map_or(&[], Vec::as_slice)
    }

    /// Moves every value in a buffer of `from`'s memory region into `to`.
    pub fn move_region(&mut self, from: pjrtc_runtime::format::Region, to: BufRef) {
        let moved: Vec<BufRef> = self
            .members
            .keys()
            .filter(|b| b.region == from)
            .copied()
            .collect();
        for b in moved {
            for v in self.members(b).to_vec() {
                self.set(v, Some(to));
            }
        }
    }
}

impl Index<usize> for Buffers {
    type Output = Option<BufRef>;
    fn index(&self, i: usize) -> &Option<BufRef> {
        &self.of[i]
    }
}

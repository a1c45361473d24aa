//! What an artifact costs, read off its schedule: the memory a call uses (what
//! `pjrtc inspect` prints and PJRT's `GetCompiledMemoryStats` reports) and the work its
//! steps do (PJRT's `GetCostAnalysis`). One source for both.

use super::{BufRef, Pjx, Step, walk_steps};

/// Bytes of memory an artifact uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryStats {
    /// Native code and its read-only data.
    pub code: u64,
    /// The constant section (used in place, read-only).
    pub constants: u64,
    /// Scratch memory of one call.
    pub arena: u64,
    /// All inputs together.
    pub arguments: u64,
    /// All outputs together.
    pub outputs: u64,
    /// Outputs that may reuse a donated input's memory (`alias_of_input`).
    pub aliased: u64,
}

impl MemoryStats {
    /// The artifact's numbers; `constants` is passed separately because a loaded
    /// executable keeps its constants outside the [`Pjx`].
    pub fn new(pjx: &Pjx, constants: u64) -> MemoryStats {
        let sig = &pjx.signature;
        MemoryStats {
            code: pjx.code.bytes.len() as u64,
            constants,
            arena: pjx.arena_size,
            arguments: sig.inputs.iter().map(|t| t.byte_size()).sum(),
            outputs: sig.outputs.iter().map(|t| t.byte_size()).sum(),
            aliased: sig
                .outputs
                .iter()
                .filter(|t| t.alias_of_input.is_some())
                .map(|t| t.byte_size())
                .sum(),
        }
    }

    /// Everything live during one call: code, constants, arena, arguments and the
    /// outputs that do not reuse an argument.
    pub fn total(&self) -> u64 {
        self.code + self.constants + self.arena + self.arguments + self.outputs - self.aliased
    }
}

/// The work of one call, counted over the schedule's steps. Every step counts once: a
/// loop body once (its trip count is only known at run time) and every branch of a case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Floating-point operations of the steps whose arithmetic the schedule records:
    /// matrix products and convolutions (2 per multiply-add). Compiled elementwise and
    /// reduction kernels are machine code whose operation count the artifact does not
    /// record; they are not counted.
    pub flops: u64,
    /// Exponentials of softmax steps (one per element).
    pub transcendentals: u64,
    /// Bytes every step reads and writes (each operand and result once per step).
    pub bytes_accessed: u64,
}

impl Cost {
    pub fn new(pjx: &Pjx) -> Cost {
        let mut cost = Cost::default();
        walk_steps(&pjx.steps, &mut |s| {
            for_each_buffer(s, |b| cost.bytes_accessed += b.size);
            match s {
                Step::Gemm(g) => {
                    cost.flops += 2 * g.batch * g.m * g.n * g.k;
                }
                Step::Conv(c) => {
                    let out_elems = c.output.size / c.dtype.size().max(1) as u64;
                    let window: u64 = c.kernel_spatial.iter().product();
                    let per_out = c.in_features / c.feature_groups.max(1);
                    cost.flops += 2 * out_elems * window * per_out;
                }
                Step::Softmax(x) => cost.transcendentals += x.rows * x.cols,
                _ => {}
            }
        });
        cost
    }
}

/// Calls `f` on every buffer `step` itself reads or writes (not its nested lists').
fn for_each_buffer(step: &Step, mut f: impl FnMut(&BufRef)) {
    match step {
        Step::Dispatch { bindings, .. } => bindings.iter().for_each(f),
        Step::Gemm(g) => {
            [&g.lhs.buf, &g.rhs.buf, &g.out.buf]
                .into_iter()
                .for_each(&mut f);
            g.epilogue.scale.iter().chain(&g.epilogue.bias).for_each(f);
        }
        Step::Conv(c) => {
            [&c.input, &c.kernel, &c.output]
                .into_iter()
                .for_each(&mut f);
            c.epilogue.scale.iter().chain(&c.epilogue.bias).for_each(f);
        }
        Step::Copy { src, dst } => {
            f(src);
            f(dst);
        }
        Step::While { pred, .. } => f(pred),
        Step::Case { index, .. } => f(index),
        Step::Sort(s) => s.operands.iter().for_each(|o| {
            f(&o.input);
            f(&o.output);
        }),
        Step::Softmax(s) => {
            f(&s.src);
            f(&s.dst);
        }
        Step::TopK(t) => t.operands.iter().for_each(|o| {
            o.input.iter().for_each(&mut f);
            f(&o.output);
        }),
        Step::Linalg(l) => l.operands.iter().chain(&l.results).for_each(f),
        Step::CustomCall(c) => c.operands.iter().chain(&c.results).for_each(|b| f(&b.buf)),
        Step::Fft(x) => {
            f(&x.input);
            f(&x.output);
        }
        Step::Collective(c) => c.operands.iter().for_each(|o| {
            o.input.iter().chain(&o.output).for_each(&mut f);
        }),
    }
}

//! Code generation: kernels (kir) -> Cranelift -> one linked code image.
//!
//! - [`target`]: target description -> Cranelift ISA (flags set explicitly),
//! - `kernel`: loop nests, workgroups, body evaluation, f32x4 innermost loops,
//! - `intlanes`: i32/ui32 and i1 semantics on i32x4 lanes,
//! - `scalar`: StableHLO semantics of each node, every dtype,
//! - `vmath`: f32 transcendentals,
//! - `link`: functions -> one image with import slots.
//!
//! Contract with the runtime: kernel `i` is `extern "C" fn(bindings, begin, end)` at
//! `entries[i].offset`, where `bindings[j]` is the base of `Kernel::buffers[j]`; it
//! computes workgroups `[begin, end)` of `[0, workgroups[i])`, and any split of that range
//! across threads is valid. A workgroup is one coordinate of the outer domain dimensions,
//! a block of the dimension where ~4096 points accumulate, and all of the inner ones
//! (see [`workgroups`]). Generated code calls the runtime only through
//! `pjrtc_runtime::imports::IMPORTS` (f64 math, integer pow, rounding libcalls, f32 math
//! over arrays).
//!
//! f32 kernels whose innermost dimension is long run it on f32x4 (unrolled x2, scalar
//! remainder): contiguous accesses are vector loads/stores, strided ones are gathered,
//! compares become lane masks, f32 math is inline (`vmath`), and reduces over a
//! contiguous innermost dimension keep f32x4 accumulators (sums are reassociated).
//! i32/ui32 values run on i32x4 lanes and i1 predicates as lane masks (`intlanes`);
//! reductions with integer accumulators keep lane partials combined by the reducer.

mod intlanes;
mod kernel;
mod link;
mod parallel;
mod scalar;
pub mod target;
mod vmath;

#[cfg(test)]
mod tests;

/// Whether codegen vectorizes `k` (for the lowering's tests).
#[cfg(test)]
pub(crate) fn is_vectorized(k: &crate::compiler::lower::kir::Kernel) -> bool {
    kernel::is_vectorized(k)
}

/// Whether codegen runs reductions of `k` on lanes, one per point (for the lowering's
/// tests).
#[cfg(test)]
pub(crate) fn has_lane_reduce(k: &crate::compiler::lower::kir::Kernel) -> bool {
    kernel::has_lane_reduce(k)
}

/// Whether codegen runs `k` in column blocks (for the lowering's tests).
#[cfg(test)]
pub(crate) fn is_blocked(k: &crate::compiler::lower::kir::Kernel) -> bool {
    kernel::is_blocked(k)
}

/// How codegen runs `k`: whether its innermost loop is vectorized, and for each
/// top-level reduction whether its innermost loop runs on f32x4 (2), on lane partials
/// (1) or on scalars (0). Lowering's horizontal fusion keeps a merged kernel only if it
/// runs as its parts did.
pub(crate) fn vector_profile(k: &Kernel) -> (bool, Vec<u8>) {
    kernel::vector_profile(k)
}

use super::lower::kir::Kernel;
use super::{CompileError, NoProgress, Progress};
use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::UserFuncName;
use cranelift_codegen::isa::OwnedTargetIsa;
use pjrtc_runtime::format::{self, CodeImage, KernelEntry};
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The machine to generate code for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub triple: String,
    pub features: Vec<String>,
}

impl Target {
    pub fn to_format(&self) -> format::Target {
        format::Target {
            triple: self.triple.clone(),
            features: self.features.clone(),
        }
    }
}

/// Code for a list of kernels.
pub struct CompiledCode {
    pub image: CodeImage,
    /// One per kernel, in order.
    pub entries: Vec<KernelEntry>,
    /// Workgroup count of each kernel's dispatch.
    pub workgroups: Vec<u64>,
}

/// Workgroup count [`compile_kernels`] gives kernel `k`.
pub fn workgroups(k: &Kernel) -> u64 {
    kernel::plan_kernel(k).workgroups
}

/// How the workgroups of kernel `k` cover the first rows of domain dimension `d` (all
/// dimensions before it of extent 1): `(per, block)` such that the first
/// `ceil(r * per / block)` workgroups compute every point whose coordinate `d` is below
/// `r`. `None` if workgroups do not split the domain in row-major order down to `d`.
pub fn leading_workgroups(k: &Kernel, d: usize) -> Option<(u64, u64)> {
    kernel::leading_workgroups(k, d)
}

/// Do kernels for `target` call the runtime's 8-lane array math (see `kernel::tiles`)?
/// On x86_64 with AVX2 and FMA, where those routines are twice as wide as Cranelift's
/// f32x4 and give the same bits as the inline FMA code.
pub(crate) fn array_math(target: &Target) -> bool {
    target.is_x86_64() && target.features.iter().any(|f| f == "avx2") && target.has_fma()
}

/// Compiles `kernels` on one thread (the tests' entry point).
pub fn compile_kernels(kernels: &[Kernel], target: &Target) -> Result<CompiledCode, CompileError> {
    compile_kernels_with(kernels, target, 1, &NoProgress)
}

/// Compiles `kernels` into one image, on up to `threads` threads, telling `progress` as
/// each kernel is done. Identical kernels (same buffers, domain and body: repeated layers)
/// are compiled once and share their code. The image is the same for every thread count:
/// each function's code depends only on its kernel, and functions are laid out in kernel
/// order.
pub fn compile_kernels_with(
    kernels: &[Kernel],
    target: &Target,
    threads: usize,
    progress: &dyn Progress,
) -> Result<CompiledCode, CompileError> {
    let isa_error = |message| CompileError::Codegen {
        kernel: String::new(),
        message,
    };
    let isa = target::make_isa(target, true).map_err(isa_error)?;
    let caps = caps(target, &isa);
    let (unique, code_of) = dedup(kernels);
    let cx = KernelCx {
        kernels,
        unique: &unique,
        target,
        caps: &caps,
        isa: &isa,
        unoptimized: OnceLock::new(),
        progress,
        done: AtomicUsize::new(0),
    };
    let compiled = parallel::map(unique.len(), threads, |ctx, u| cx.compile(ctx, u))?;
    let (mut funcs, plans): (Vec<link::Compiled>, Vec<u64>) = compiled.into_iter().unzip();
    let workgroups = code_of.iter().map(|&u| plans[u]).collect();
    // The vmath helpers the kernels call, each compiled once, after them.
    let mut helpers: Vec<vmath::Helper> = funcs
        .iter()
        .flat_map(|f| f.names.iter())
        .filter(|n| n.namespace == scalar::HELPER_NAMESPACE)
        .filter_map(|n| vmath::Helper::from_index(n.index))
        .collect();
    helpers.sort_by_key(|h| *h as u32);
    helpers.dedup();
    let mut ctx = cranelift_codegen::Context::new();
    for h in helpers {
        let err = |message: String| CompileError::Codegen {
            kernel: h.name().to_string(),
            message,
        };
        ctx.clear();
        ctx.func.name = UserFuncName::user(1, h as u32);
        kernel::build_helper(&mut ctx.func, h, &caps).map_err(err)?;
        funcs.push(
            compile_function(&mut ctx, &*isa, h.name().to_string(), Some(h as u32)).map_err(err)?,
        );
    }
    let (image, offsets) = link::link(&funcs)
        .map_err(|(kernel, message)| CompileError::Codegen { kernel, message })?;
    let entries = kernels
        .iter()
        .zip(&code_of)
        .map(|(k, &u)| KernelEntry {
            name: k.name.clone(),
            offset: offsets[u],
        })
        .collect();
    Ok(CompiledCode {
        image,
        entries,
        workgroups,
    })
}

/// The kernels to compile (indices of each first occurrence) and, for every kernel, the
/// position in that list of the one whose code it runs.
fn dedup(kernels: &[Kernel]) -> (Vec<usize>, Vec<usize>) {
    /// What a kernel's code depends on: everything but its name.
    struct Key<'a>(&'a Kernel);
    impl PartialEq for Key<'_> {
        fn eq(&self, o: &Self) -> bool {
            let (a, b) = (self.0, o.0);
            a.domain == b.domain
                && a.sequential == b.sequential
                && a.buffers == b.buffers
                && a.limits == b.limits
                && a.body == b.body
        }
    }
    impl Eq for Key<'_> {}
    impl Hash for Key<'_> {
        fn hash<H: Hasher>(&self, h: &mut H) {
            self.0.domain.hash(h);
            self.0.sequential.hash(h);
            self.0.buffers.hash(h);
            self.0.limits.hash(h);
            self.0.body.hash(h);
        }
    }
    let mut first: FxHashMap<Key, usize> =
        FxHashMap::with_capacity_and_hasher(kernels.len(), Default::default());
    let mut unique = Vec::new();
    let code_of = kernels
        .iter()
        .enumerate()
        .map(|(i, k)| {
            *first.entry(Key(k)).or_insert_with(|| {
                unique.push(i);
                unique.len() - 1
            })
        })
        .collect();
    (unique, code_of)
}

/// What the kernels built for `target` (with `isa`) may use.
fn caps(target: &Target, isa: &OwnedTargetIsa) -> kernel::Caps {
    let has = |f: &str| target.features.iter().any(|g| g == f);
    kernel::Caps {
        call_conv: isa.default_call_conv(),
        frontend: isa.frontend_config(),
        round_ok: !target.is_x86_64() || has("sse4.1"),
        fma: target.has_fma(),
        array_math: array_math(target),
        x86_64: target.is_x86_64(),
    }
}

/// What every thread compiling kernels shares.
struct KernelCx<'a> {
    kernels: &'a [Kernel],
    unique: &'a [usize],
    target: &'a Target,
    caps: &'a kernel::Caps,
    isa: &'a OwnedTargetIsa,
    /// Built when a kernel first needs it (see `worth_optimizing`).
    unoptimized: OnceLock<Result<OwnedTargetIsa, String>>,
    progress: &'a dyn Progress,
    done: AtomicUsize,
}

impl KernelCx<'_> {
    /// Compiles unique kernel `u` in `ctx` (cleared first: its buffers are reused from the
    /// function before); returns its code and workgroup count.
    fn compile(
        &self,
        ctx: &mut cranelift_codegen::Context,
        u: usize,
    ) -> Result<(link::Compiled, u64), CompileError> {
        let k = &self.kernels[self.unique[u]];
        let err = |message: String| CompileError::Codegen {
            kernel: k.name.clone(),
            message,
        };
        let plan = kernel::plan_kernel(k);
        ctx.clear();
        ctx.func.name = UserFuncName::user(0, u as u32);
        kernel::build(&mut ctx.func, k, &plan, self.caps).map_err(err)?;
        let isa = if worth_optimizing(&ctx.func) {
            self.isa
        } else {
            self.unoptimized
                .get_or_init(|| target::make_isa(self.target, false))
                .as_ref()
                .map_err(|e| err(e.clone()))?
        };
        let f = compile_function(ctx, &**isa, k.name.clone(), None).map_err(err)?;
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        self.progress.kernels(done, self.unique.len());
        Ok((f, plan.workgroups))
    }
}

/// Kernels of at most this many instructions that call the runtime compile without
/// Cranelift's optimizer.
const CALLER_MAX_INSTS: usize = 100;

/// Whether Cranelift's optimizer pays for `func`: not for a small kernel that calls the
/// runtime, whose work is in the routines it calls (a row sum per row, array math per
/// tile: reduce_sum, softmax and elementwise are such kernels) and whose loops around the
/// calls are a few instructions. Skipping it: reduce_sum's cold compile 0.71 -> 0.64 ms
/// (best of 15), its run time unchanged (paired runs of reduce_sum, softmax and
/// elementwise: 0.98-1.00x).
fn worth_optimizing(func: &cranelift_codegen::ir::Function) -> bool {
    let insts = || {
        func.layout
            .blocks()
            .flat_map(|b| func.layout.block_insts(b))
    };
    let calls = insts().any(|i| func.dfg.insts[i].opcode().is_call());
    !calls || insts().count() > CALLER_MAX_INSTS
}

/// Compiles the function built in `ctx` (cleared, then built: its buffers are reused from
/// the function before) for the image; `helper` is its index if it is a vmath helper.
/// With `PJRTC_DUMP_VCODE` set, prints each function's machine code to stderr; with
/// `PJRTC_DUMP_CLIF`, its Cranelift IR as built (before Cranelift's optimizations).
fn compile_function(
    ctx: &mut cranelift_codegen::Context,
    isa: &dyn cranelift_codegen::isa::TargetIsa,
    name: String,
    helper: Option<u32>,
) -> Result<link::Compiled, String> {
    if std::env::var_os("PJRTC_DUMP_CLIF").is_some() {
        eprintln!("{}", ctx.func.display());
    }
    let dump = std::env::var_os("PJRTC_DUMP_VCODE").is_some();
    ctx.set_disasm(dump);
    let compiled = ctx
        .compile(isa, &mut ControlPlane::default())
        .map_err(|e| format!("{:?}", e.inner))?;
    if dump {
        eprintln!("{}", compiled.vcode.as_deref().unwrap_or(""));
    }
    let code = compiled.code_buffer().to_vec();
    let relocs = compiled.buffer.relocs().to_vec();
    let names = ctx
        .func
        .params
        .user_named_funcs()
        .values()
        .cloned()
        .collect();
    Ok(link::Compiled {
        name,
        code,
        relocs,
        names,
        helper,
    })
}

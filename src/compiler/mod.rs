//! The compiler: StableHLO bytes in, a `.pjx` artifact out.
//!
//! ```text
//! bytes -frontend-> ir::Module -verify-> inline -> reciprocal -> quant -> fold -> cse -> dce -verify->
//!       -complex (-> cse -> dce -verify)-> lower-> kernels (kir) + planned schedule
//!       -codegen-> code image -> Pjx
//! ```

pub mod checks;
pub mod chlo;
pub mod codegen;
pub mod diag;
pub mod eval;
pub mod ffi;
pub mod frontend;
pub mod ir;
pub mod lower;
pub mod passes;

use pjrtc_runtime::format::{Pjx, Step};
use std::time::Instant;

pub use codegen::Target;
pub use diag::Diagnostic;

/// What to compile for and how.
#[derive(Clone, Debug)]
pub struct Options {
    pub target: Target,
    /// Run the optimizing passes (fold, CSE, DCE). Off only for debugging the passes.
    pub optimize: bool,
    /// Custom call targets with XLA FFI handlers (registered, or in libraries to embed).
    pub ffi: ffi::FfiTargets,
    /// Threads compiling kernels; 0: `$PJRTC_COMPILE_THREADS`, else one per core. The
    /// artifact is the same for every count.
    pub threads: usize,
    /// How a sharded `jit` becomes the per-device program (the SPMD partitioner, or the
    /// replicating fallback to compare against).
    pub partitioner: frontend::bytecode::Partitioner,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: Target::host(),
            optimize: true,
            ffi: ffi::FfiTargets::default(),
            threads: 0,
            partitioner: Default::default(),
        }
    }
}

impl Options {
    /// The number of threads code generation uses (see [`Options::threads`]).
    pub fn codegen_threads(&self) -> usize {
        if self.threads > 0 {
            return self.threads;
        }
        std::env::var("PJRTC_COMPILE_THREADS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .filter(|&n: &usize| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

/// Watches a compile as it runs (the CLI's progress bar). Kernel progress is reported
/// from the threads that compile them.
pub trait Progress: Sync {
    /// Phase `name` begins.
    fn phase(&self, _name: &'static str) {}
    /// `done` of the `total` distinct kernels are compiled.
    fn kernels(&self, _done: usize, _total: usize) {}
}

/// Watches nothing.
pub struct NoProgress;

impl Progress for NoProgress {}

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// A problem with the input program, at a position in it.
    #[error("{0}")]
    Program(#[from] Diagnostic),
    /// Cranelift failed on a kernel (a compiler bug or an unsupported target feature).
    #[error("code generation failed for kernel {kernel}: {message}")]
    Codegen { kernel: String, message: String },
}

/// Time spent per phase, in pipeline order; and who to tell as phases begin.
#[derive(Clone, Default)]
pub struct Timings<'p> {
    pub phases: Vec<(&'static str, f64)>,
    /// The SPMD partitioner's report (JSON) for a sharded `jit`.
    pub partition: Option<String>,
    progress: Option<&'p dyn Progress>,
}

impl std::fmt::Debug for Timings<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Timings")
            .field("phases", &self.phases)
            .finish_non_exhaustive()
    }
}

impl<'p> Timings<'p> {
    /// Timings that also tell `progress` what the compile is doing.
    pub fn with_progress(progress: &'p dyn Progress) -> Self {
        Timings {
            phases: Vec::new(),
            partition: None,
            progress: Some(progress),
        }
    }

    pub fn progress(&self) -> &'p dyn Progress {
        self.progress.unwrap_or(&NoProgress)
    }

    /// Runs `f`, adding its wall time under `name`.
    pub fn record<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        self.progress().phase(name);
        let start = Instant::now();
        let out = f();
        self.phases
            .push((name, start.elapsed().as_secs_f64() * 1e3));
        out
    }

    pub fn total_ms(&self) -> f64 {
        self.phases.iter().map(|(_, ms)| ms).sum()
    }

    /// `{"compile_ms": total, "phases": {"parse": ms, ...}}` (repeated phases are summed).
    pub fn to_json(&self, total_ms: f64) -> String {
        let mut merged: Vec<(&str, f64)> = Vec::new();
        for &(name, ms) in &self.phases {
            match merged.iter_mut().find(|(n, _)| *n == name) {
                Some((_, acc)) => *acc += ms,
                None => merged.push((name, ms)),
            }
        }
        let phases: Vec<String> = merged
            .iter()
            .map(|(n, ms)| format!("\"{n}\": {ms:.3}"))
            .collect();
        let partition = self
            .partition
            .as_ref()
            .map(|p| format!(", \"partition\": {p}"))
            .unwrap_or_default();
        format!(
            "{{\"compile_ms\": {total_ms:.3}, \"phases\": {{{}}}{partition}}}",
            phases.join(", ")
        )
    }
}

/// Compiles the entry function of a StableHLO module into an artifact.
pub fn compile(source: &[u8], options: &Options) -> Result<Pjx, CompileError> {
    compile_with_timings(source, options, &mut Timings::default())
}

pub fn compile_with_timings(
    source: &[u8],
    options: &Options,
    t: &mut Timings<'_>,
) -> Result<Pjx, CompileError> {
    let module = t.record("parse", || {
        frontend::parse_with(source, options.partitioner)
    })?;
    t.partition = module.partition.as_ref().map(|r| r.to_json());
    t.record("verify", || passes::verify::verify_module_dynamic(&module))?;
    // The parsed module is not needed afterwards: its entry moves instead of being copied.
    let func = t.record("inline", || passes::inline::inline_entry_owned(module))?;
    compile_inlined(func, &passes::refine::Inputs::default(), options, t)
}

/// Compiles a program with symbolic dimensions (`jax.export.symbolic_shape("b, 4")`) at
/// the given sizes (`b=8`): see [`passes::refine::inputs_for_dims`].
pub fn compile_with_dims(
    source: &[u8],
    dims: &[(String, i64)],
    options: &Options,
    t: &mut Timings<'_>,
) -> Result<Pjx, CompileError> {
    let module = t.record("parse", || frontend::parse(source))?;
    let func = passes::inline::inline_entry(&module)?;
    let inputs =
        passes::refine::inputs_for_dims(&func, dims).map_err(|m| Diagnostic::at(&func.loc, m))?;
    compile_refined(&module, &inputs, options, t)
}

/// [`compile_bounded`] from source bytes.
pub fn compile_source_bounded(
    source: &[u8],
    bounds: &passes::refine::Bounds,
    options: &Options,
    t: &mut Timings<'_>,
) -> Result<Pjx, CompileError> {
    let module = t.record("parse", || {
        frontend::parse_with(source, options.partitioner)
    })?;
    compile_bounded(&module, bounds, options, t)
}

/// Compiles a program with dynamic dimensions once for every size up to `bounds` (see
/// [`passes::refine::bound`]): the artifact's [`Pjx::dynamic`] says how a call's sizes
/// go in and come out. A static program compiles as with [`compile_module`].
pub fn compile_bounded(
    module: &ir::Module,
    bounds: &passes::refine::Bounds,
    options: &Options,
    t: &mut Timings<'_>,
) -> Result<Pjx, CompileError> {
    use pjrtc_runtime::format::{Assertion, Dim, DynamicShapes, DynamicTensor};
    t.record("verify", || passes::verify::verify_module_dynamic(module))?;
    let func = t.record("inline", || passes::inline::inline_entry(module))?;
    if !passes::refine::needs_refinement(&func) {
        return compile_inlined(func, &passes::refine::Inputs::default(), options, t);
    }
    let bounded = t.record("bound", || passes::refine::bound(&func, bounds))?;
    t.record("verify", || passes::verify::verify_func(&bounded.func))?;
    let mut pjx = compile_inlined(bounded.func, &passes::refine::Inputs::default(), options, t)?;
    let tensor = |spec: &pjrtc_runtime::format::TensorSpec, dims: &[passes::refine::BoundDim]| {
        DynamicTensor {
            name: spec.name.clone(),
            dtype: spec.dtype,
            dims: dims
                .iter()
                .map(|d| match d {
                    passes::refine::BoundDim::Static(n) => Dim::Static(*n as u64),
                    passes::refine::BoundDim::Dynamic {
                        symbol,
                        bound,
                        slot,
                    } => Dim::Dynamic {
                        symbol: symbol.clone(),
                        bound: *bound as u64,
                        slot: *slot as u32,
                    },
                })
                .collect(),
        }
    };
    let sig = &pjx.signature;
    pjx.dynamic = Some(DynamicShapes {
        inputs: (sig.inputs.iter().zip(&bounded.inputs))
            .map(|(s, d)| tensor(s, d))
            .collect(),
        outputs: (sig.outputs.iter().zip(&bounded.outputs))
            .map(|(s, d)| tensor(s, d))
            .collect(),
        assertions: bounded
            .assertions
            .iter()
            .map(|a| Assertion {
                pred: a.pred as u32,
                values: a.values.iter().map(|&v| v as u32).collect(),
                message: a.message.clone(),
            })
            .collect(),
    });
    Ok(pjx)
}

/// Compiles the entry function of an already parsed module (e.g. one rewritten by
/// [`checks::extract_checks`]).
pub fn compile_module(
    module: &ir::Module,
    options: &Options,
    t: &mut Timings<'_>,
) -> Result<Pjx, CompileError> {
    compile_refined(module, &passes::refine::Inputs::default(), options, t)
}

/// Compiles a program with dynamic dimensions for the given input types (and known
/// argument values: the dimension sizes old-style exports pass as scalars), through shape
/// refinement. A static program compiles as with [`compile_module`].
pub fn compile_refined(
    module: &ir::Module,
    inputs: &passes::refine::Inputs,
    options: &Options,
    t: &mut Timings<'_>,
) -> Result<Pjx, CompileError> {
    t.record("verify", || passes::verify::verify_module_dynamic(module))?;
    let func = t.record("inline", || passes::inline::inline_entry(module))?;
    compile_inlined(func, inputs, options, t)
}

/// The pipeline after verification and inlining: `func` is the inlined entry function.
fn compile_inlined(
    mut func: ir::Func,
    inputs: &passes::refine::Inputs,
    options: &Options,
    t: &mut Timings<'_>,
) -> Result<Pjx, CompileError> {
    if passes::refine::needs_refinement(&func) {
        func = t.record("refine", || passes::refine::refine(&func, inputs))?;
        t.record("verify", || passes::verify::verify_func(&func))?;
    }
    if options.optimize {
        t.record("reciprocal", || passes::reciprocal::rewrite(&mut func))?;
    }
    if t.record("quant", || passes::quant::legalize(&mut func))? {
        t.record("verify", || passes::verify::verify_func(&func))?;
    }
    if t.record("rng", || passes::rng::legalize(&mut func))? {
        t.record("verify", || passes::verify::verify_func(&func))?;
    }
    if options.optimize {
        t.record("fold", || passes::fold::fold(&mut func))?;
        t.record("cse", || passes::cse::cse(&mut func));
        t.record("dce", || passes::dce::dce(&mut func));
        t.record("verify", || passes::verify::verify_func(&func))?;
    }
    // The signature keeps complex dtypes; the legalized function holds their bytes as
    // real `[..., 2]` tensors.
    let (params, results) = (func.param_types(), func.result_types.clone());
    if t.record("complex", || passes::complex::legalize(&mut func))? {
        if options.optimize {
            t.record("cse", || passes::cse::cse(&mut func));
            t.record("dce", || passes::dce::dce(&mut func));
        }
        t.record("verify", || passes::verify::verify_func(&func))?;
    }
    if options.optimize && t.record("sort_key", || passes::sort_key::rewrite(&mut func)) > 0 {
        // Sorts of one operand by the same key share its computation.
        t.record("cse", || passes::cse::cse(&mut func));
        t.record("verify", || passes::verify::verify_func(&func))?;
    }
    let mut lowered = t.record("lower", || {
        lower::lower_with(&func, &options.target, &options.ffi)
    })?;
    let progress = t.progress();
    let sig = &mut lowered.signature;
    for (spec, ty) in sig.inputs.iter_mut().zip(&params) {
        spec.dtype = ty.dtype;
        spec.shape = ty.shape.iter().map(|&d| d as u64).collect();
    }
    for (spec, ty) in sig.outputs.iter_mut().zip(&results) {
        spec.dtype = ty.dtype;
        spec.shape = ty.shape.iter().map(|&d| d as u64).collect();
    }
    let code = t.record("codegen", || {
        codegen::compile_kernels_with(
            &lowered.kernels,
            &options.target,
            options.codegen_threads(),
            progress,
        )
    })?;

    let mut steps = lowered.steps;
    pjrtc_runtime::format::walk_steps_mut(&mut steps, &mut |step| match step {
        Step::Dispatch {
            kernel, workgroups, ..
        } => *workgroups = code.workgroups[*kernel as usize],
        Step::Collective(c) => {
            if let Some(k) = &mut c.combiner {
                k.chunk_workgroups = code.workgroups[k.chunk as usize];
                k.point_workgroups = code.workgroups[k.point as usize];
            }
        }
        _ => {}
    });
    Ok(Pjx {
        producer: format!("pjrtc {}", env!("CARGO_PKG_VERSION")),
        target: options.target.to_format(),
        signature: lowered.signature,
        arena_size: lowered.arena_size,
        constants: lowered.constants,
        code: code.image,
        kernels: code.entries,
        steps,
        ffi_libraries: lowered.ffi_libraries,
        dynamic: None,
    })
}

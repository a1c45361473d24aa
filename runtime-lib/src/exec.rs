//! Executable: a loaded artifact and the schedule interpreter.
//!
//! Loading validates everything once ([`Pjx::from_bytes`]); [`Executable::run`] then only
//! checks the caller's inputs against the signature and walks the steps, so a timing loop
//! can call it repeatedly at the cost of the work itself.
//!
//! A program compiled for bounded dynamic dimensions ([`DynamicShapes`]) is called through
//! [`Executable::run`] with the caller's tensors at their actual shapes (see `dynamic.rs`);
//! the other entry points run the compiled program itself, on inputs at the bounds.

mod dynamic;

use crate::DType;
use crate::collective::{self, Device, Grid, Rendezvous};
use crate::format::{
    BufRef, Conv, DynamicShapes, Extent, FormatError, Pjx, Signature, Step, TensorSpec,
};
use crate::isa::Isa;
use crate::kernels::{self, Bases};
use crate::loader::{KernelFn, LoadError, LoadedCode};
use crate::pool;
use crate::tensor::{AlignedBytes, Tensor};
use crate::xla_ffi;
use std::collections::HashMap;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Why an artifact could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ArtifactError {
    #[error(transparent)]
    Format(#[from] FormatError),
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A shared library the artifact carries could not be loaded.
    #[error("{0}")]
    FfiLibrary(String),
}

/// Why [`Executable::load_file`] failed.
#[derive(Debug, thiserror::Error)]
pub enum LoadFileError {
    #[error("reading {}: {source}", path.display())]
    Io {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Artifact(#[from] ArtifactError),
}

/// Why a call was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    #[error("expected {expected} {what}, got {got}")]
    Count {
        what: &'static str,
        expected: usize,
        got: usize,
    },
    #[error("{what} {index}{name}: expected {expected}, got {got}")]
    Mismatch {
        what: &'static str,
        index: usize,
        /// ` (%arg1)`, or empty.
        name: String,
        expected: String,
        got: String,
    },
    /// An input passed as donated that no output of its type may alias.
    #[error("input {index} is passed as donated, but no output of its type may alias it")]
    NotDonatable { index: usize },
    #[error("cannot allocate {bytes} bytes for the {what}")]
    OutOfMemory { what: &'static str, bytes: u64 },
    /// A custom call's handler failed (or none is registered for its target).
    #[error("custom call @{target}: {message}")]
    CustomCall { target: String, message: String },
    /// A collective failed: its group did not meet in time, a member failed, or the
    /// process groups do not fit the grid.
    #[error("{0}")]
    Collective(String),
    /// A static dimension of an input of a program with dynamic dimensions that differs
    /// from the program's.
    #[error("{what} {index}{name} dimension {dim} is {got}, expected {expected}")]
    StaticDim {
        what: &'static str,
        index: usize,
        name: String,
        dim: usize,
        expected: u64,
        got: u64,
    },
    /// A dynamic dimension of an input, or one the program returned for an output, above
    /// its bound (or negative).
    #[error("{what} {index}{name} dimension {dim}{symbol} is {size}, {}", out_of_range(*.size, *.bound))]
    DimOutOfRange {
        what: &'static str,
        index: usize,
        name: String,
        dim: usize,
        /// ` (b)`, or empty.
        symbol: String,
        size: i64,
        bound: u64,
    },
    /// Two input dimensions of one symbol with different sizes.
    #[error(
        "input {index}{name} dimension {dim} ({symbol}) is {size}, input {first} dimension {first_dim} ({symbol}) is {first_size}"
    )]
    SymbolMismatch {
        index: usize,
        name: String,
        dim: usize,
        symbol: String,
        size: u64,
        /// The input and dimension that gave the symbol its size first.
        first: usize,
        first_dim: usize,
        first_size: u64,
    },
    /// A shape assertion of the program failed: its message, with its values.
    #[error("{message}")]
    ShapeAssertion { message: String },
}

fn out_of_range(size: i64, bound: u64) -> String {
    if size < 0 {
        "negative".into()
    } else {
        format!("above its bound {bound}")
    }
}

/// ` (%arg0)`, or empty: how [`RunError`] carries a name or a symbol.
pub(crate) fn paren(name: &str) -> String {
    if name.is_empty() {
        String::new()
    } else {
        format!(" ({name})")
    }
}

/// `f32[4,8]`.
pub fn type_string(dtype: DType, shape: &[u64]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("{dtype}[{}]", dims.join(","))
}

/// Mapped code; unmapped on drop.
struct Code(#[allow(dead_code)] LoadedCode);

// SAFETY: after loading, the mapped code is immutable and its functions are reentrant
// (generated kernels only touch the buffers bound to them), so it can be shared and moved
// across threads.
unsafe impl Send for Code {}
// SAFETY: as above.
unsafe impl Sync for Code {}

/// A validated, loaded artifact, ready to run any number of times from any thread.
pub struct Executable {
    pjx: Pjx,
    /// The constant section, copied once to 64-byte aligned memory.
    constants: AlignedBytes,
    /// Keeps `kernels` alive; `None` when the artifact has no kernels.
    _code: Option<Code>,
    kernels: Vec<KernelFn>,
    /// The paths the runtime's routines take for this artifact (see [`Isa`]).
    isa: Isa,
    /// Plans of the schedule's FFT steps, made at load.
    fft: kernels::fft::FftPlans,
    threads: usize,
    /// Arenas of finished calls, reused by later ones: allocating (and zeroing) a fresh
    /// arena per call costs more than small programs take. A call takes one (or makes
    /// one) and puts it back, so concurrent calls each have their own.
    arenas: Mutex<Vec<AlignedBytes>>,
    /// State of custom calls' instantiate handlers, per call site.
    ffi_states: xla_ffi::States,
    /// Handlers of the artifact's own custom call targets (found before the process's).
    ffi_handlers: HashMap<String, xla_ffi::Handler>,
    /// Keeps the libraries behind `ffi_handlers` loaded (dropped after them).
    _ffi_libraries: Vec<xla_ffi::library::Loaded>,
}

const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Executable>()
};

impl Executable {
    /// Decodes, validates and loads an artifact.
    pub fn load(bytes: &[u8]) -> Result<Executable, ArtifactError> {
        let (pjx, constants) = Pjx::decode(bytes)?;
        Executable::from_validated(pjx, AlignedBytes::from_slice(constants))
    }

    /// [`Executable::load`] from bytes the executable may keep: its constants are read
    /// where they lie in `bytes` (aligned there: sections start at 64-byte offsets of
    /// an aligned buffer), not copied, so weights take their memory once and loading
    /// them costs no pass over fresh memory.
    pub fn load_shared(bytes: Arc<AlignedBytes>) -> Result<Executable, ArtifactError> {
        let (pjx, constants) = Pjx::decode(bytes.as_slice())?;
        let constants = match NonNull::new(constants.as_ptr().cast_mut()) {
            Some(ptr)
                if !constants.is_empty()
                    && (ptr.as_ptr() as usize).is_multiple_of(crate::tensor::BUFFER_ALIGN) =>
            {
                let len = constants.len();
                let keep = Arc::clone(&bytes);
                // SAFETY: `ptr..ptr + len` lies inside `bytes`, which the release closure
                // keeps alive for as long as the view exists; the executable never writes
                // its constants (the decoder refused steps writing to them, and the
                // section is handed out only as `&[u8]` and as a read-only base), and
                // `bytes` is only ever read (shared through the Arc).
                unsafe { AlignedBytes::foreign(ptr, len, Box::new(move || drop(keep))) }
            }
            _ => AlignedBytes::from_slice(constants),
        };
        Executable::from_validated(pjx, constants)
    }

    /// Reads an artifact file into aligned memory and loads it ([`Executable::load_shared`]):
    /// its constants are read once, from the file.
    pub fn load_file(path: &std::path::Path) -> Result<Executable, LoadFileError> {
        use std::io::Read;
        let io = |source| LoadFileError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = std::fs::File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let mut bytes = usize::try_from(len)
            .ok()
            .and_then(AlignedBytes::try_zeroed)
            .ok_or_else(|| io(std::io::Error::from(std::io::ErrorKind::OutOfMemory)))?;
        file.read_exact(bytes.as_mut_slice()).map_err(io)?;
        Executable::load_shared(Arc::new(bytes)).map_err(LoadFileError::Artifact)
    }

    /// Loads an already decoded artifact (e.g. straight from the compiler). It is
    /// re-validated through the encoder and decoder, since the interpreter relies on every
    /// check [`Pjx::from_bytes`] makes.
    pub fn from_pjx(pjx: Pjx) -> Result<Executable, ArtifactError> {
        // The encoder asserts the per-dimension conv lists have the rank's length; report
        // that as an error instead.
        let mut convs = Vec::new();
        crate::format::walk_steps(&pjx.steps, &mut |s| convs.push(s));
        for (i, step) in convs.into_iter().enumerate() {
            if let Step::Conv(c) = step {
                let r = c.in_spatial.len();
                let lens = [
                    c.kernel_spatial.len(),
                    c.out_spatial.len(),
                    c.strides.len(),
                    c.padding.len(),
                    c.lhs_dilation.len(),
                    c.rhs_dilation.len(),
                ];
                if lens.iter().any(|&l| l != r) {
                    return Err(ArtifactError::Format(FormatError::Section {
                        section: "schedule",
                        offset: 0,
                        msg: format!("step {i}: conv parameter lists differ in length"),
                    }));
                }
            }
        }
        Executable::load_shared(Arc::new(pjx.to_aligned_bytes()))
    }

    /// `constants` is the artifact's constant section; `pjx.constants` is empty.
    fn from_validated(pjx: Pjx, constants: AlignedBytes) -> Result<Executable, ArtifactError> {
        // An artifact without kernels has nothing to map (schedules of GEMM/conv/copy steps).
        let (code, kernels) = if pjx.kernels.is_empty() {
            (None, Vec::new())
        } else {
            let code = LoadedCode::load(&pjx.code, &pjx.target, &pjx.kernels)?;
            let kernels = (0..pjx.kernels.len()).map(|i| code.kernel(i)).collect();
            (Some(Code(code)), kernels)
        };
        // The libraries the artifact carries, and their handlers.
        let mut ffi_handlers = HashMap::new();
        let mut libraries = Vec::new();
        for lib in &pjx.ffi_libraries {
            let (loaded, handlers) =
                xla_ffi::library::load(lib).map_err(ArtifactError::FfiLibrary)?;
            ffi_handlers.extend(handlers);
            libraries.push(loaded);
        }
        Ok(Executable {
            isa: Isa::for_target(&pjx.target),
            constants,
            fft: kernels::fft::FftPlans::new(&pjx.steps),
            pjx,
            _code: code,
            kernels,
            threads: 1,
            arenas: Mutex::new(Vec::new()),
            ffi_states: xla_ffi::States::default(),
            ffi_handlers,
            _ffi_libraries: libraries,
        })
    }

    /// Handlers this executable's custom calls use before the process registry's.
    pub fn set_ffi_handlers(&mut self, handlers: HashMap<String, xla_ffi::Handler>) {
        self.ffi_handlers = handlers;
    }

    pub fn signature(&self) -> &Signature {
        &self.pjx.signature
    }

    /// The decoded artifact, except that its `constants` were moved into the executable
    /// (see [`Executable::constants`]).
    pub fn pjx(&self) -> &Pjx {
        &self.pjx
    }

    /// The constant section (64-byte aligned).
    pub fn constants(&self) -> &[u8] {
        self.constants.as_slice()
    }

    /// Threads a call may use: the caller plus workers of the process-wide [`crate::pool`].
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The instruction-set paths this artifact's runtime routines take on this machine.
    pub fn isa(&self) -> Isa {
        self.isa
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// What a caller passes to [`Executable::run`] and gets back: the dynamic view of a
    /// program with dynamic dimensions, or the signature of a static one.
    pub fn caller_shapes(&self) -> std::borrow::Cow<'_, DynamicShapes> {
        self.pjx.caller_shapes()
    }

    /// Fresh zeroed output tensors of the signature's types (of the compiled program: for
    /// one with dynamic dimensions, at the bounds, then the size and assertion outputs).
    pub fn new_outputs(&self) -> Result<Vec<Tensor>, RunError> {
        let outs = &self.pjx.signature.outputs;
        outs.iter()
            .map(|s| {
                Tensor::try_zeros(s.dtype, &s.shape).ok_or(RunError::OutOfMemory {
                    what: "outputs",
                    bytes: s.byte_size(),
                })
            })
            .collect()
    }

    /// Runs the artifact on `inputs` and returns its outputs. For a program with dynamic
    /// dimensions the inputs have their actual shapes and so do the outputs (see
    /// [`DynamicShapes`]).
    pub fn run(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, RunError> {
        // One call of `run_into` (inlined twice it cost the size-built runner 5 KB).
        let padded = match &self.pjx.dynamic {
            Some(d) => Some(dynamic::pad(d, &self.pjx.signature, inputs)?),
            None => None,
        };
        let refs = padded.as_ref().map(|p| p.refs(inputs));
        let mut outputs = self.new_outputs()?;
        self.run_into(refs.as_deref().unwrap_or(inputs), &mut outputs)?;
        match &self.pjx.dynamic {
            Some(d) => dynamic::cut(d, outputs),
            None => Ok(outputs),
        }
    }

    /// The compiled program's inputs for a call of [`Executable::run`] on `inputs`, checked
    /// as it checks them: for a program with dynamic dimensions, each input padded to its
    /// bounds (zeros beyond its actual sizes), then the size inputs; for a static program,
    /// copies of `inputs`. With [`Executable::cut_outputs`], for timing or profiling the
    /// compiled program ([`Executable::run_into`], [`Executable::run_profiled`]).
    pub fn pad_inputs(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, RunError> {
        match &self.pjx.dynamic {
            Some(d) => Ok(dynamic::pad(d, &self.pjx.signature, inputs)?.into_tensors(inputs)),
            None => {
                check("input", &self.pjx.signature.inputs, inputs.iter().copied())?;
                Ok(inputs.iter().map(|&t| t.clone()).collect())
            }
        }
    }

    /// The caller's outputs of a call from the compiled program's `outputs` (as made by
    /// [`Executable::new_outputs`] and written by a run of it): for a program with dynamic
    /// dimensions, after checking its shape assertions and output sizes, each output's
    /// valid region; for a static program, `outputs` as they are.
    pub fn cut_outputs(&self, outputs: Vec<Tensor>) -> Result<Vec<Tensor>, RunError> {
        check("output", &self.pjx.signature.outputs, outputs.iter())?;
        match &self.pjx.dynamic {
            Some(d) => dynamic::cut(d, outputs),
            None => Ok(outputs),
        }
    }

    /// Runs the artifact, writing into `outputs` (as made by [`Executable::new_outputs`]).
    /// Collectives see a grid of one process. This and the other entry points taking
    /// `outputs` run the compiled program: for one with dynamic dimensions, the inputs are
    /// at their bounds followed by the size inputs (see [`Executable::pad_inputs`]).
    pub fn run_into(&self, inputs: &[&Tensor], outputs: &mut [Tensor]) -> Result<(), RunError> {
        self.run_with(inputs, outputs, None, &xla_ffi::CallEnv::default(), None)
    }

    /// [`Executable::run_into`], with what custom calls' handlers see of the caller
    /// (PJRT execute context user data, the device).
    pub fn run_into_with(
        &self,
        inputs: &[&Tensor],
        outputs: &mut [Tensor],
        env: &xla_ffi::CallEnv,
    ) -> Result<(), RunError> {
        self.run_with(inputs, outputs, None, env, None)
    }

    /// Runs the artifact as one device of a call on several (its collectives meet the other
    /// devices' in `device.rendezvous`).
    pub fn run_on(
        &self,
        device: &Device,
        inputs: &[&Tensor],
        outputs: &mut [Tensor],
    ) -> Result<(), RunError> {
        self.run_with(
            inputs,
            outputs,
            None,
            &xla_ffi::CallEnv::default(),
            Some(device),
        )
    }

    /// [`Executable::run_on`], with what custom calls' handlers see of the caller.
    pub fn run_on_with(
        &self,
        device: &Device,
        inputs: &[&Tensor],
        outputs: &mut [Tensor],
        env: &xla_ffi::CallEnv,
    ) -> Result<(), RunError> {
        self.run_with(inputs, outputs, None, env, Some(device))
    }

    /// Whether the schedule has collective steps (then the devices of a call must run
    /// concurrently, each in a thread of its own).
    pub fn has_collectives(&self) -> bool {
        let mut found = false;
        crate::format::walk_steps(&self.pjx.steps, &mut |s| {
            found |= matches!(s, Step::Collective(_));
        });
        found
    }

    /// [`Executable::run_into`], adding each step's wall time and executions to `prof`
    /// (see [`StepProfile`]; made for this artifact by [`StepProfile::new`]). The timer
    /// reads cost tens of nanoseconds per step, which the times include.
    pub fn run_profiled(
        &self,
        inputs: &[&Tensor],
        outputs: &mut [Tensor],
        prof: &mut StepProfile,
    ) -> Result<(), RunError> {
        self.profiled(inputs, outputs, prof, None)
    }

    /// [`Executable::run_on`] with a profile, as [`Executable::run_profiled`]: a collective
    /// step's time includes its wait for the other members of its group.
    pub fn run_on_profiled(
        &self,
        device: &Device,
        inputs: &[&Tensor],
        outputs: &mut [Tensor],
        prof: &mut StepProfile,
    ) -> Result<(), RunError> {
        self.profiled(inputs, outputs, prof, Some(device))
    }

    fn profiled(
        &self,
        inputs: &[&Tensor],
        outputs: &mut [Tensor],
        prof: &mut StepProfile,
        device: Option<&Device>,
    ) -> Result<(), RunError> {
        prof.check(&self.pjx);
        let env = xla_ffi::CallEnv::default();
        self.run_with(inputs, outputs, Some(prof), &env, device)
    }

    fn run_with(
        &self,
        inputs: &[&Tensor],
        outputs: &mut [Tensor],
        prof: Option<&mut StepProfile>,
        env: &xla_ffi::CallEnv,
        device: Option<&Device>,
    ) -> Result<(), RunError> {
        let sig = &self.pjx.signature;
        check("input", &sig.inputs, inputs.iter().copied())?;
        check("output", &sig.outputs, outputs.iter())?;
        // Inputs and constants are only read; the decoder refused steps writing to them.
        let in_ptrs: Vec<*mut u8> = inputs.iter().map(|t| t.data.as_ptr() as *mut u8).collect();
        self.run_checked(&in_ptrs, outputs, prof, env, device)
    }

    /// [`Executable::run_into_with`] with donated inputs: input `i` is `None` when its
    /// memory is the output that may alias it (`alias_of_input == Some(i)`, same type),
    /// which the caller filled with the input's value. The program then updates it in
    /// place: the compiler writes such an output only after the input's last read. With
    /// `device`, as one device of a call on several (see [`Executable::run_on`]).
    pub fn run_donated(
        &self,
        inputs: &[Option<&Tensor>],
        outputs: &mut [Tensor],
        env: &xla_ffi::CallEnv,
        device: Option<&Device>,
    ) -> Result<(), RunError> {
        let sig = &self.pjx.signature;
        check("output", &sig.outputs, outputs.iter())?;
        if inputs.len() != sig.inputs.len() {
            return Err(RunError::Count {
                what: "inputs",
                expected: sig.inputs.len(),
                got: inputs.len(),
            });
        }
        let mut in_ptrs = Vec::with_capacity(inputs.len());
        for (i, (spec, t)) in sig.inputs.iter().zip(inputs).enumerate() {
            match t {
                Some(t) => {
                    check_one("input", i, spec, t)?;
                    in_ptrs.push(t.data.as_ptr() as *mut u8);
                }
                None => {
                    let j = sig
                        .outputs
                        .iter()
                        .position(|o| {
                            o.alias_of_input == Some(i as u32)
                                && o.dtype == spec.dtype
                                && o.shape == spec.shape
                        })
                        .ok_or(RunError::NotDonatable { index: i })?;
                    in_ptrs.push(outputs[j].data.as_mut_ptr());
                }
            }
        }
        self.run_checked(&in_ptrs, outputs, None, env, device)
    }

    /// Runs on checked inputs (`in_ptrs`, one per input of the signature's size) and
    /// checked outputs.
    fn run_checked(
        &self,
        in_ptrs: &[*mut u8],
        outputs: &mut [Tensor],
        prof: Option<&mut StepProfile>,
        env: &xla_ffi::CallEnv,
        device: Option<&Device>,
    ) -> Result<(), RunError> {
        let mut arena = self.take_arena()?;
        let out_ptrs: Vec<*mut u8> = outputs.iter_mut().map(|t| t.data.as_mut_ptr()).collect();
        let bases = Bases {
            inputs: in_ptrs,
            outputs: &out_ptrs,
            arena: arena.as_mut_ptr(),
            constants: self.constants.as_ptr() as *mut u8,
        };
        let mut bindings: Vec<*mut u8> = Vec::new();
        let alone;
        let local;
        let device = match device {
            Some(d) => d,
            None => {
                alone = Rendezvous::new(collective::rendezvous::DEFAULT_TIMEOUT);
                local = Device::new(Grid::single(), 0, 0, &alone);
                &local
            }
        };
        let call = Call { env, device };
        let result = match prof {
            // SAFETY: the regions behind `bases` have the sizes the artifact was validated
            // against (inputs and outputs checked above, the arena allocated at its size).
            None => unsafe { self.run_steps(&self.pjx.steps, &bases, &mut bindings, call) },
            // SAFETY: as above; `prof` was checked to have one entry per step.
            Some(prof) => unsafe {
                self.run_steps_profiled(&self.pjx.steps, 0, &bases, &mut bindings, prof, call)
            },
        };
        self.lock_arenas().push(arena);
        result
    }

    fn lock_arenas(&self) -> MutexGuard<'_, Vec<AlignedBytes>> {
        // The lock is only held to push or pop; a poisoned list of buffers is still valid.
        self.arenas.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An arena of a finished call, or a new one. Its contents are whatever the last call
    /// left: the compiler's plan writes every arena byte before reading it, and no step
    /// reads the padding rows a step with an [`Extent`] leaves unwritten. Debug builds
    /// (the tests) fill it with 0xff bytes, NaN or -1 in every type, so a plan that reads
    /// what it did not write shows up there.
    fn take_arena(&self) -> Result<AlignedBytes, RunError> {
        let arena = self.lock_arenas().pop();
        let arena_size = self.pjx.arena_size;
        #[allow(unused_mut)]
        let mut arena = match arena {
            Some(a) => a,
            None => usize::try_from(arena_size)
                .ok()
                .and_then(AlignedBytes::try_zeroed)
                .ok_or(RunError::OutOfMemory {
                    what: "arena",
                    bytes: arena_size,
                })?,
        };
        #[cfg(debug_assertions)]
        arena.as_mut_slice().fill(0xff);
        Ok(arena)
    }
}

/// The units of a step's leading axis to run: all `full`, or as many as its [`Extent`]'s
/// run-time count asks for.
///
/// # Safety
/// The count must be an 8-byte buffer inside the regions `bases` points at.
#[inline(never)]
unsafe fn units(extent: &Option<Extent>, full: u64, bases: &Bases) -> u64 {
    match extent {
        None => full,
        // SAFETY: in bounds by the caller's contract; read unaligned, as the arena only
        // promises its buffers' own alignment.
        Some(e) => e.units(
            unsafe { bases.ptr(&e.count).cast::<i64>().read_unaligned() },
            full,
        ),
    }
}

impl Executable {
    /// Runs a step list (recursing into loops and branches, at most
    /// [`crate::format::MAX_NESTING`] deep, as the decoder checked).
    ///
    /// # Safety
    /// `bases` must point at regions of the sizes the steps were validated against.
    unsafe fn run_steps(
        &self,
        steps: &[Step],
        bases: &Bases,
        bindings: &mut Vec<*mut u8>,
        call: Call<'_>,
    ) -> Result<(), RunError> {
        for step in steps {
            match step {
                Step::Dispatch {
                    kernel,
                    bindings: refs,
                    workgroups,
                    extent,
                } => {
                    // SAFETY: the decoder checked the count is 8 bytes inside its region.
                    let workgroups = unsafe { units(extent, *workgroups, bases) };
                    bindings.clear();
                    bindings.extend(refs.iter().map(|b| bases.ptr(b)));
                    let f = self.kernels[*kernel as usize];
                    let bytes = refs.iter().map(|b| b.size).fold(0u64, u64::saturating_add);
                    let threads = if bytes >= PARALLEL_MIN_BYTES {
                        self.threads
                    } else {
                        1
                    };
                    // SAFETY: the buffers lie inside regions of the sizes the artifact was
                    // validated against, and the kernel was compiled for these bindings.
                    unsafe { dispatch(f, bindings, workgroups, threads) }
                }
                Step::Softmax(s) => {
                    let threads = if s.src.size.saturating_add(s.dst.size) >= PARALLEL_MIN_BYTES {
                        self.threads
                    } else {
                        1
                    };
                    let mut s = *s;
                    // SAFETY: as for dispatches.
                    s.rows = unsafe { units(&s.extent, s.rows, bases) };
                    if s.rows == 0 {
                        continue;
                    }
                    // SAFETY: validated by from_bytes against these region sizes; fewer
                    // rows stay inside them.
                    unsafe { kernels::softmax::softmax(&s, bases, threads, self.isa) }
                }
                // SAFETY: validated by from_bytes against these region sizes, and planned
                // at load from these steps.
                Step::Fft(f) => unsafe { self.fft.run(f, bases, self.threads) },
                Step::Gemm(g) => {
                    let mut g = *g;
                    let [b, m, n, k] = g.extents;
                    // SAFETY: as for dispatches.
                    unsafe {
                        g.batch = units(&b, g.batch, bases);
                        g.m = units(&m, g.m, bases);
                        g.n = units(&n, g.n, bases);
                        g.k = units(&k, g.k, bases);
                    }
                    if g.batch == 0 || g.m == 0 || g.n == 0 {
                        continue;
                    }
                    // SAFETY: validated by from_bytes against these region sizes; fewer
                    // batches, rows, columns or terms stay inside them.
                    unsafe { kernels::gemm::gemm(&g, bases, self.threads, self.isa) }
                }
                Step::Conv(c) => {
                    // SAFETY: as for dispatches.
                    let batch = unsafe { units(&c.extent, c.batch, bases) };
                    let fewer;
                    let c = match batch {
                        0 => continue,
                        b if b == c.batch => c,
                        b => {
                            fewer = Conv {
                                batch: b,
                                ..c.clone()
                            };
                            &fewer
                        }
                    };
                    // SAFETY: validated by from_bytes against these region sizes; fewer
                    // images stay inside them.
                    unsafe { kernels::conv::conv(c, bases, self.threads, self.isa) }
                }
                Step::Copy { src, dst } => {
                    // SAFETY: both ranges are in bounds (validated).
                    unsafe {
                        copy(
                            bases.ptr(src),
                            bases.ptr(dst),
                            src.size as usize,
                            self.threads,
                        )
                    }
                }
                Step::While { cond, pred, body } => loop {
                    // SAFETY: nested lists were validated like the top-level one.
                    unsafe { self.run_steps(cond, bases, bindings, call)? };
                    // SAFETY: `pred` is one in-bounds byte (validated).
                    if unsafe { *bases.ptr(pred) } & 1 == 0 {
                        break;
                    }
                    // SAFETY: as above.
                    unsafe { self.run_steps(body, bases, bindings, call)? };
                },
                Step::Case { index, branches } => {
                    // SAFETY: `index` was validated against its region.
                    let b = unsafe { case_branch(index, branches.len(), bases) };
                    // SAFETY: as for loops.
                    unsafe { self.run_steps(&branches[b], bases, bindings, call)? };
                }
                // SAFETY: validated by from_bytes (sizes, disjoint outputs, key dtype).
                Step::TopK(t) => unsafe { kernels::topk::top_k(t, bases) },
                // SAFETY: validated by from_bytes (sizes, alignment, disjoint results).
                Step::Linalg(l) => unsafe { kernels::linalg::linalg(l, bases, self.threads) },
                Step::Sort(s) => {
                    let f = self.kernels[s.comparator as usize];
                    // SAFETY: validated by from_bytes (sizes, disjoint outputs, kernel index).
                    unsafe { kernels::sort::sort(s, bases, f) }
                }
                Step::CustomCall(c) => {
                    // SAFETY: validated by from_bytes (buffer sizes, disjoint results).
                    unsafe {
                        xla_ffi::call(c, bases, call.env, &self.ffi_states, &self.ffi_handlers)
                    }
                    .map_err(|message| RunError::CustomCall {
                        target: c.target.clone(),
                        message,
                    })?
                }
                Step::Collective(c) => {
                    // SAFETY: validated by from_bytes against these regions and kernels;
                    // the other devices run artifacts validated the same way.
                    unsafe { collective::run(c, bases, &self.kernels, call.device) }
                        .map_err(RunError::Collective)?;
                }
            }
        }
        Ok(())
    }

    /// [`Executable::run_steps`], adding each step's time and executions to `prof` at
    /// its pre-order number (`first` is the number of `steps[0]`).
    ///
    /// # Safety
    /// As [`Executable::run_steps`]; `prof` has an entry for every step.
    unsafe fn run_steps_profiled(
        &self,
        steps: &[Step],
        first: usize,
        bases: &Bases,
        bindings: &mut Vec<*mut u8>,
        prof: &mut StepProfile,
        call: Call<'_>,
    ) -> Result<(), RunError> {
        let mut at = first;
        for step in steps {
            let t0 = Instant::now();
            match step {
                Step::While { cond, pred, body } => {
                    let cond_at = at + 1;
                    let body_at = cond_at + subtree(prof, cond_at, cond.len());
                    loop {
                        // SAFETY: as in run_steps.
                        unsafe {
                            self.run_steps_profiled(cond, cond_at, bases, bindings, prof, call)?
                        };
                        // SAFETY: `pred` is one in-bounds byte (validated).
                        if unsafe { *bases.ptr(pred) } & 1 == 0 {
                            break;
                        }
                        // SAFETY: as in run_steps.
                        unsafe {
                            self.run_steps_profiled(body, body_at, bases, bindings, prof, call)?
                        };
                    }
                }
                Step::Case { index, branches } => {
                    // SAFETY: `index` was validated against its region.
                    let b = unsafe { case_branch(index, branches.len(), bases) };
                    let mut branch_at = at + 1;
                    for br in &branches[..b] {
                        branch_at += subtree(prof, branch_at, br.len());
                    }
                    // SAFETY: as in run_steps.
                    unsafe {
                        self.run_steps_profiled(
                            &branches[b],
                            branch_at,
                            bases,
                            bindings,
                            prof,
                            call,
                        )?
                    };
                }
                // SAFETY: forwarded, one step at a time.
                _ => unsafe { self.run_steps(std::slice::from_ref(step), bases, bindings, call)? },
            }
            prof.time[at] += t0.elapsed();
            prof.runs[at] += 1;
            at += prof.size[at];
        }
        Ok(())
    }
}

/// What the steps of one call see beyond memory: the caller's environment for custom
/// calls' handlers, and the device of a grid the call runs as.
#[derive(Clone, Copy)]
struct Call<'a> {
    env: &'a xla_ffi::CallEnv,
    device: &'a Device<'a>,
}

/// The pre-order numbers a list of `len` steps starting at number `first` spans.
fn subtree(prof: &StepProfile, first: usize, len: usize) -> usize {
    let mut at = first;
    for _ in 0..len {
        at += prof.size[at];
    }
    at - first
}

/// The branch a [`Step::Case`] takes: the value at `index` (an unsigned byte or an i32),
/// out of range (negative too) the last of `branches`.
///
/// # Safety
/// `index` is 1 or 4 bytes inside the region `bases` points at (the decoder checks it).
unsafe fn case_branch(index: &BufRef, branches: usize, bases: &Bases) -> usize {
    let p = bases.ptr(index);
    // SAFETY: `index` is 1 or 4 in-bounds bytes (the caller's contract).
    let i = unsafe {
        if index.size == 1 {
            i64::from(*p)
        } else {
            i64::from(std::ptr::read_unaligned(p as *const i32))
        }
    };
    let last = branches - 1; // the decoder refused empty cases
    usize::try_from(i).map_or(last, |i| i.min(last))
}

/// Times of profiled calls ([`Executable::run_profiled`]), one entry per schedule step in
/// pre-order: a step, then the lists nested in it (a loop's condition, then its body; a
/// case's branches in order), as [`crate::format::walk_steps`] visits them.
#[derive(Clone, Debug, Default)]
pub struct StepProfile {
    /// Wall time of each step, summed over its executions; a loop's or a case's includes
    /// the steps nested in it.
    pub time: Vec<Duration>,
    /// How many times each step ran (a loop body's steps once per trip).
    pub runs: Vec<u64>,
    /// How many pre-order numbers each step's subtree spans (itself included).
    pub size: Vec<usize>,
    /// The pre-order number of each step's parent (a loop or a case), if it is nested.
    pub parent: Vec<Option<usize>>,
}

impl StepProfile {
    /// Panics unless this is a profile of `pjx`'s schedule (made by [`StepProfile::new`]).
    fn check(&self, pjx: &Pjx) {
        assert_eq!(
            self.size.len(),
            self.time.len(),
            "a profile of this artifact"
        );
        assert_eq!(
            self.time.len(),
            self.runs.len(),
            "a profile of this artifact"
        );
        let mut n = 0;
        crate::format::walk_steps(&pjx.steps, &mut |_| n += 1);
        assert_eq!(self.time.len(), n, "a profile of this artifact");
    }

    /// An empty profile of `pjx`'s schedule.
    pub fn new(pjx: &Pjx) -> StepProfile {
        fn number(steps: &[Step], parent: Option<usize>, p: &mut StepProfile) {
            for step in steps {
                let me = p.size.len();
                p.size.push(1);
                p.parent.push(parent);
                for inner in step.nested() {
                    number(inner, Some(me), p);
                }
                p.size[me] = p.size.len() - me;
            }
        }
        let mut p = StepProfile::default();
        number(&pjx.steps, None, &mut p);
        p.time = vec![Duration::ZERO; p.size.len()];
        p.runs = vec![0; p.size.len()];
        p
    }

    /// Zeroes the times and counts.
    pub fn clear(&mut self) {
        self.time.fill(Duration::ZERO);
        self.runs.fill(0);
    }

    /// Each step's own time: its time less that of the steps nested directly in it (for
    /// a loop, its control: the predicate reads and the timer's own cost).
    pub fn self_time(&self) -> Vec<Duration> {
        let mut own = self.time.clone();
        for (i, p) in self.parent.iter().enumerate() {
            if let Some(p) = *p {
                own[p] = own[p].saturating_sub(self.time[i]);
            }
        }
        own
    }
}

/// Copies below this many bytes run on one thread (a copy that fits in L2 ends before
/// the pool's workers would start on theirs).
const PARALLEL_COPY_BYTES: usize = 2 << 20;

/// A [`Step::Copy`]: nothing when both are the same memory (an input donated to the
/// output it is copied to: the compiler copies an input into the output it updates in
/// place); large disjoint copies split across up to `threads` threads, and from
/// [`kernels::copy::STREAM_COPY_BYTES`] store past the caches.
///
/// # Safety
/// `src` and `dst` are each valid for `n` bytes (they may overlap).
unsafe fn copy(src: *const u8, dst: *mut u8, n: usize, threads: usize) {
    if std::ptr::eq(src, dst) || n == 0 {
        return;
    }
    let disjoint = (src as usize).abs_diff(dst as usize) >= n;
    if !disjoint {
        // SAFETY: the caller's contract; `copy` allows overlap.
        return unsafe { std::ptr::copy(src, dst, n) };
    }
    let streams = n >= kernels::copy::STREAM_COPY_BYTES;
    let part = |s: *const u8, d: *mut u8, len: usize| {
        // SAFETY: the callers below pass pieces of the two ranges, which do not overlap.
        unsafe {
            if streams {
                kernels::copy::stream(s, d, len)
            } else {
                std::ptr::copy_nonoverlapping(s, d, len)
            }
        }
    };
    if threads <= 1 || n < PARALLEL_COPY_BYTES {
        return part(src, dst, n);
    }
    /// The two addresses, shared read-only by the threads of one copy.
    struct Ends(*const u8, *mut u8);
    // SAFETY: the threads write disjoint ranges of `dst` (chunks of one split) and only
    // read `src`, which no chunk writes (the ranges do not overlap); the pool job ends
    // before this function returns.
    unsafe impl Sync for Ends {}
    let ends = Ends(src, dst);
    // Chunks of whole cache lines, at least 1 MiB each.
    let lines = n.div_ceil(64);
    let parts = threads.min(n / (1 << 20)).max(1);
    crate::kernels::par_chunks(lines, parts, |b, e| {
        let (b, e) = (b * 64, (e * 64).min(n));
        let ends = &ends;
        // SAFETY: `[b, e)` is inside both ranges, which do not overlap.
        unsafe { part(ends.0.add(b), ends.1.add(b), e - b) }
    });
}

/// A dispatch touching fewer bytes (all its bindings together) runs on one thread: handing
/// parts to a pool worker costs one to two microseconds even when it is spinning, about
/// what an elementwise kernel takes over 128 KiB (measured with `a * b + b` over 4K-64K
/// f32: splitting 192 KiB is break-even on two cores).
const PARALLEL_MIN_BYTES: u64 = 256 << 10;

/// Parts of a split dispatch per thread: with more parts than threads, a worker that
/// starts late (the cores are shared) leaves its share to the others instead of making
/// the call wait; with many, the parts' claims contend on one counter.
const PARTS_PER_THREAD: u64 = 2;

/// Chunk `t` of `[0, workgroups)` cut into `parts` chunks of `ceil(workgroups / parts)`
/// workgroups (the last ones shorter, possibly empty).
fn chunk(workgroups: u64, parts: u64, t: u64) -> (u64, u64) {
    let size = workgroups.div_ceil(parts.max(1));
    (
        t.saturating_mul(size).min(workgroups),
        (t + 1).saturating_mul(size).min(workgroups),
    )
}

/// The bindings array, shared read-only by the threads of one dispatch.
struct Bindings(*const *mut u8);
// SAFETY: the array outlives the pool job (`pool::run` returns only after every part) and
// nobody writes it meanwhile.
unsafe impl Sync for Bindings {}
impl Bindings {
    fn get(&self) -> *const *mut u8 {
        self.0
    }
}

/// Runs `f` over `[0, workgroups)`, split across up to `threads` threads of the pool.
///
/// # Safety
/// `f` must be a kernel whose bindings are exactly `bindings`, all valid for its accesses.
unsafe fn dispatch(f: KernelFn, bindings: &[*mut u8], workgroups: u64, threads: usize) {
    let b = Bindings(bindings.as_ptr());
    let parts = (threads as u64)
        .saturating_mul(PARTS_PER_THREAD)
        .clamp(1, workgroups.max(1));
    if threads <= 1 || parts <= 1 {
        if workgroups > 0 {
            // SAFETY: forwarded from this function's contract.
            unsafe { f(b.get(), 0, workgroups) }
        }
        return;
    }
    pool::run(threads, parts as usize, &|t| {
        let (begin, end) = chunk(workgroups, parts, t as u64);
        if begin < end {
            // SAFETY: workgroups of a kernel write disjoint data (the kernel contract), so
            // chunks may run concurrently; the bindings outlive the job.
            unsafe { f(b.get(), begin, end) }
        }
    });
}

fn check<'a>(
    what: &'static str,
    specs: &[TensorSpec],
    got: impl ExactSizeIterator<Item = &'a Tensor>,
) -> Result<(), RunError> {
    if got.len() != specs.len() {
        return Err(RunError::Count {
            what: if what == "input" { "inputs" } else { "outputs" },
            expected: specs.len(),
            got: got.len(),
        });
    }
    for (index, (spec, t)) in specs.iter().zip(got).enumerate() {
        check_one(what, index, spec, t)?;
    }
    Ok(())
}

fn check_one(
    what: &'static str,
    index: usize,
    spec: &TensorSpec,
    t: &Tensor,
) -> Result<(), RunError> {
    // Tensor's fields are public, so its storage may not match its shape: check both.
    let len_ok = t.data.len() as u64 == spec.byte_size();
    if spec.dtype != t.dtype || spec.shape != t.shape || !len_ok {
        let mut got = type_string(t.dtype, &t.shape);
        if !len_ok && spec.dtype == t.dtype && spec.shape == t.shape {
            got = format!("{got} with {} bytes of storage", t.data.len());
        }
        return Err(RunError::Mismatch {
            what,
            index,
            name: if spec.name.is_empty() {
                String::new()
            } else {
                format!(" ({})", spec.name)
            },
            expected: type_string(spec.dtype, &spec.shape),
            got,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::chunk;

    /// Splits `[0, workgroups)` into at most `threads` contiguous, non-empty chunks.
    fn split(workgroups: u64, threads: usize) -> Vec<(u64, u64)> {
        let parts = (threads as u64).clamp(1, workgroups.max(1));
        (0..parts)
            .map(|t| chunk(workgroups, parts, t))
            .filter(|(b, e)| b < e)
            .collect()
    }

    #[test]
    fn split_covers_the_range() {
        assert_eq!(split(0, 4), vec![]);
        assert_eq!(split(5, 1), vec![(0, 5)]);
        assert_eq!(split(3, 8), vec![(0, 1), (1, 2), (2, 3)]);
        assert_eq!(split(10, 4), vec![(0, 3), (3, 6), (6, 9), (9, 10)]);
        assert_eq!(
            split(u64::MAX, 2),
            vec![(0, u64::MAX / 2 + 1), (u64::MAX / 2 + 1, u64::MAX)]
        );
    }
}

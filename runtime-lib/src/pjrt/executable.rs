//! PJRT_Executable / PJRT_LoadedExecutable: a loaded `.pjx`. Client_Compile goes through
//! the compile hook (see [`super::CompileHook`]); DeserializeAndLoad takes `.pjx` bytes and
//! Executable_Serialize gives them back unchanged, so JAX's persistent compilation cache
//! stores plain `.pjx` artifacts.

use std::ffi::{c_char, c_void};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::buffer::{Buffer, buffer, dtype_to_pjrt};
use super::client::{Client, client};
use super::device::device;
use super::error::{PjrtError, Result, bytes, entry, handle, slice};
use super::event::Event;
use super::ffi::*;
use super::layouts::ExecutableLayouts;
use super::memory::DEVICE_KIND;
use super::options::Placement;
use super::topology::topology;
use crate::collective::{Across, Device as CollectiveDevice, Grid, Rendezvous};
use crate::exec::Executable;
use crate::format::analysis::{Cost, MemoryStats};
use crate::format::{Pjx, Signature};
use crate::tensor::{AlignedBytes, Tensor};
use crate::xla_ffi;

/// What both handle kinds share: the artifact and the metadata handed out by pointer.
pub struct ExecutableData {
    /// `None` for an artifact compiled for another machine (`PJRT_Compile` on a non-host
    /// topology): it can be serialized and analysed, not run here.
    exe: Option<Executable>,
    /// The artifact; a loaded executable reads its constants here.
    pjx: Arc<AlignedBytes>,
    name: String,
    fingerprint: String,
    output_types: Vec<PJRT_Buffer_Type>,
    output_dims: Vec<i64>,
    output_dim_sizes: Vec<usize>,
    output_kinds: Vec<*const c_char>,
    output_kind_sizes: Vec<usize>,
    parameter_kinds: Vec<*const c_char>,
    parameter_kind_sizes: Vec<usize>,
    /// What the layouts extension reports (see [`super::layouts`]).
    parameter_layouts: ExecutableLayouts,
    output_layouts: ExecutableLayouts,
    /// The devices of a call must run together, each in a thread of its own.
    collectives: bool,
    memory: MemoryStats,
    /// GetCostAnalysis's properties (names are `'static`, values inline).
    cost: [PJRT_NamedValue; 3],
    /// The serialized CompileOptionsProto it was compiled (or loaded) with, as given.
    compile_options: Vec<u8>,
    /// What OptimizedProgram returns: the program it was compiled from, in a format
    /// clients read back; `None` for an executable loaded from a `.pjx`.
    program: Option<OptimizedProgram>,
}

/// A program as OptimizedProgram hands it back. pjrtc does not rewrite programs at the
/// level clients read, so its "optimized program" is the one it was given: StableHLO as
/// `"mlir"`, and an HloModuleProto wrapped in an HloModuleProtoWithConfig as
/// `"hlo_with_config"`, the two formats XLA's C API client parses (PyTorch/XLA reads
/// the HLO back after every compile to learn the output shapes).
#[derive(Clone)]
pub struct OptimizedProgram {
    format: &'static str,
    code: Vec<u8>,
}

impl OptimizedProgram {
    /// The program as the client compiled it (`format` is PJRT_Program's) for
    /// `placement`'s replicas and partitions.
    fn new(format: &[u8], code: &[u8], placement: &Placement) -> OptimizedProgram {
        if format == b"hlo" {
            OptimizedProgram {
                format: "hlo_with_config",
                code: super::options::hlo_module_with_config(
                    code,
                    placement.replicas,
                    placement.partitions,
                ),
            }
        } else {
            OptimizedProgram {
                format: "mlir",
                code: code.to_vec(),
            }
        }
    }
}

// SAFETY: the raw pointers in `*_kinds` and `cost` point to `'static` strings;
// everything else is Send + Sync.
unsafe impl Send for ExecutableData {}
// SAFETY: as above; nothing is mutated after construction.
unsafe impl Sync for ExecutableData {}

/// PJRT buffers have static shapes, and JAX refines a program's shapes before compiling
/// it, so an artifact compiled for bounded dynamic dimensions is not one PJRT can call:
/// refused by name rather than run on buffers at its bounds.
fn refuse_dynamic(pjx: &Pjx) -> Result<()> {
    let Some(d) = &pjx.dynamic else {
        return Ok(());
    };
    let types: Vec<String> = d.inputs.iter().map(|t| t.type_string()).collect();
    Err(PjrtError::invalid(format!(
        "the .pjx artifact has dynamic dimensions (inputs {}), compiled with --max-dim for \
         pjx-run and the C API; PJRT executables have static shapes: compile the program \
         with its shapes refined (as JAX does) instead",
        types.join(", ")
    )))
}

/// A hash of the artifact, stable across processes.
fn fingerprint(bytes: &[u8]) -> String {
    format!("pjrtc-{:016x}", super::fingerprint64(bytes))
}

/// A named int64 property with a `'static` name.
fn int_property(name: &'static str, value: u64) -> PJRT_NamedValue {
    PJRT_NamedValue {
        struct_size: PJRT_NamedValue::STRUCT_SIZE,
        extension_start: std::ptr::null_mut(),
        name: name.as_ptr().cast(),
        name_size: name.len(),
        type_: PJRT_NamedValue_kInt64,
        value: PJRT_NamedValue_Value {
            int64_value: i64::try_from(value).unwrap_or(i64::MAX),
        },
        value_size: 1,
    }
}

impl ExecutableData {
    /// Loads an artifact to run in this process.
    pub fn load(pjx: Arc<AlignedBytes>, compile_options: Vec<u8>) -> Result<ExecutableData> {
        let exe = Executable::load_shared(Arc::clone(&pjx))
            .map_err(|e| PjrtError::invalid(format!("cannot load the .pjx artifact: {e}")))?;
        refuse_dynamic(exe.pjx())?;
        let memory = MemoryStats::new(exe.pjx(), exe.constants().len() as u64);
        let cost = Cost::new(exe.pjx());
        let sig = exe.signature().clone();
        Ok(Self::with(
            Some(exe),
            &sig,
            memory,
            cost,
            pjx,
            compile_options,
        ))
    }

    /// An artifact for another machine: decoded and validated, not loaded.
    pub fn describe(pjx: Arc<AlignedBytes>, compile_options: Vec<u8>) -> Result<ExecutableData> {
        let (decoded, constants) = Pjx::decode(pjx.as_slice())
            .map_err(|e| PjrtError::invalid(format!("cannot decode the .pjx artifact: {e}")))?;
        refuse_dynamic(&decoded)?;
        let memory = MemoryStats::new(&decoded, constants.len() as u64);
        let cost = Cost::new(&decoded);
        Ok(Self::with(
            None,
            &decoded.signature,
            memory,
            cost,
            pjx,
            compile_options,
        ))
    }

    fn with(
        exe: Option<Executable>,
        sig: &Signature,
        memory: MemoryStats,
        cost: Cost,
        pjx: Arc<AlignedBytes>,
        compile_options: Vec<u8>,
    ) -> ExecutableData {
        let outs = &sig.outputs;
        ExecutableData {
            collectives: exe.as_ref().is_some_and(Executable::has_collectives),
            exe,
            fingerprint: fingerprint(pjx.as_slice()),
            pjx,
            name: "main".into(),
            output_types: outs.iter().map(|o| dtype_to_pjrt(o.dtype)).collect(),
            output_dims: outs
                .iter()
                .flat_map(|o| o.shape.iter().map(|&d| d as i64))
                .collect(),
            output_dim_sizes: outs.iter().map(|o| o.shape.len()).collect(),
            output_kinds: outs.iter().map(|_| DEVICE_KIND.as_ptr().cast()).collect(),
            output_kind_sizes: outs.iter().map(|_| DEVICE_KIND.len()).collect(),
            parameter_kinds: sig
                .inputs
                .iter()
                .map(|_| DEVICE_KIND.as_ptr().cast())
                .collect(),
            parameter_kind_sizes: sig.inputs.iter().map(|_| DEVICE_KIND.len()).collect(),
            parameter_layouts: ExecutableLayouts::descending(
                sig.inputs.iter().map(|i| i.shape.len()),
            ),
            output_layouts: ExecutableLayouts::descending(outs.iter().map(|o| o.shape.len())),
            memory,
            // XLA's names, so `compiled.cost_analysis()` reads like XLA's.
            cost: [
                int_property("flops", cost.flops),
                int_property("transcendentals", cost.transcendentals),
                int_property("bytes accessed", cost.bytes_accessed),
            ],
            compile_options,
            program: None,
        }
    }

    /// Keeps the program it was compiled from, for OptimizedProgram.
    fn with_program(mut self, format: &[u8], code: &[u8], placement: &Placement) -> ExecutableData {
        self.program = Some(OptimizedProgram::new(format, code, placement));
        self
    }

    /// The loaded executable, or why it cannot run here.
    pub fn executable(&self) -> Result<&Executable> {
        self.exe.as_ref().ok_or_else(|| {
            PjrtError::new(
                PJRT_Error_Code_FAILED_PRECONDITION,
                "this executable was compiled for another target; serialize it and run the \
                 .pjx there (pjx-run)",
            )
        })
    }
}

/// PJRT_Executable: a view of the artifact with its own lifetime.
pub struct ExecutableHandle {
    data: Arc<ExecutableData>,
    replicas: usize,
    partitions: usize,
}

/// PJRT_LoadedExecutable: the artifact bound to a client and the devices it runs on. The
/// artifact is the program of one device: every replica and partition runs the same code on
/// its own arguments (the compiler turned a partitioned program into its per-device form, or
/// refused it).
pub struct LoadedExecutable {
    data: Arc<ExecutableData>,
    placement: Placement,
    /// This process's devices of `placement.devices` as handles, in the same order
    /// (replica-major): all of them unless the program spans processes.
    devices: Vec<*mut PJRT_Device>,
    logical_ids: Vec<PJRT_LogicalDeviceIds>,
    /// Set when the program's devices are in several processes.
    spanning: Option<Spanning>,
    client: *const Client,
    deleted: AtomicBool,
}

impl LoadedExecutable {
    pub fn new_raw(
        c: &Client,
        mut data: ExecutableData,
        placement: Placement,
    ) -> Result<*mut PJRT_LoadedExecutable> {
        match data.exe.as_mut() {
            Some(exe) => exe.set_threads(c.num_threads),
            None => {
                return Err(PjrtError::invalid(
                    "this executable was compiled for another target and cannot be loaded here",
                ));
            }
        }
        let devices = placement
            .devices
            .iter()
            .map(|&id| {
                c.device_by_id(id).ok_or_else(|| {
                    PjrtError::invalid(format!(
                        "the program needs device {id} ({} replicas x {} partitions); this client \
                         has {} devices (set PJRTC_NUM_DEVICES / the num_devices create option)",
                        placement.replicas,
                        placement.partitions,
                        c.device_ptrs.len()
                    ))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let spanning = match devices.iter().find(|&&d| !c.owns_device(d)) {
            Some(&remote) => Some(Spanning::new(c, remote, data.pjx.as_slice())?),
            None => None,
        };
        // This process's share of the devices, with their places in the grid.
        let (devices, logical_ids): (Vec<_>, Vec<_>) = devices
            .into_iter()
            .enumerate()
            .filter(|&(_, d)| c.owns_device(d))
            .map(|(i, d)| {
                let ids = PJRT_LogicalDeviceIds {
                    replica: (i / placement.partitions) as i32,
                    partition: (i % placement.partitions) as i32,
                };
                (d, ids)
            })
            .unzip();
        if devices.is_empty() {
            return Err(PjrtError::invalid(format!(
                "the program runs on devices {:?}, none of them this process's (process {})",
                placement.devices, c.processes.index
            )));
        }
        Ok(Box::into_raw(Box::new(LoadedExecutable {
            data: Arc::new(data),
            placement,
            devices,
            logical_ids,
            spanning,
            client: c,
            deleted: AtomicBool::new(false),
        })))
    }
}

/// How a program whose devices are in several processes runs: each process runs its own
/// devices' share, and their collectives meet over Open MPI (docs/DISTRIBUTED.md).
struct Spanning {
    mpi: &'static super::mpi::Mpi,
    /// The artifact's fingerprint: the processes check that they run the same program.
    call: u64,
}

impl Spanning {
    /// The transport for a program that also runs on `remote` (another process's device),
    /// or why there is none.
    fn new(c: &Client, remote: *mut PJRT_Device, pjx: &[u8]) -> Result<Spanning> {
        let d = device(remote)?;
        let at = format!(
            "the program runs on device {} of process {}, which this process cannot address",
            d.description.id, d.description.process_index
        );
        if !super::mpi::under_mpirun() {
            return Err(PjrtError::unimplemented(format!(
                "{at}: programs spanning several processes run their collectives over Open \
                 MPI, and this process was not started by mpirun (OMPI_COMM_WORLD_SIZE is not \
                 set); see docs/DISTRIBUTED.md"
            )));
        }
        let mpi = super::mpi::get().map_err(|e| {
            PjrtError::new(PJRT_Error_Code_FAILED_PRECONDITION, format!("{at}: {e}"))
        })?;
        mpi.check(c.processes.index, c.processes.count)
            .map_err(|e| {
                PjrtError::new(PJRT_Error_Code_FAILED_PRECONDITION, format!("{at}: {e}"))
            })?;
        Ok(Spanning {
            mpi,
            call: super::fingerprint64(pjx),
        })
    }
}

/// The placement a serialized CompileOptionsProto asks for (NULL or empty: one device).
///
/// # Safety
/// `(ptr, len)` is NULL/0 or the caller's bytes for this call.
unsafe fn placement(ptr: *const c_char, len: usize) -> Result<Placement> {
    if ptr.is_null() || len == 0 {
        return Ok(Placement::single());
    }
    // SAFETY: per the contract above.
    let opts = unsafe { bytes(ptr, len, "compile_options")? };
    Placement::from_compile_options(opts)
}

pub(crate) fn exe<'a>(ptr: *mut PJRT_Executable) -> Result<&'a ExecutableData> {
    Ok(&exe_handle(ptr)?.data)
}

/// The PJRT code of a refused or failed call: the caller's arguments, memory, or a
/// collective step that could not complete (a peer failed, or the group did not meet in
/// time: ABORTED, as XLA reports a failed collective).
fn run_error_code(e: &crate::exec::RunError) -> PJRT_Error_Code {
    use crate::exec::RunError;
    match e {
        RunError::Collective(_) => PJRT_Error_Code_ABORTED,
        RunError::OutOfMemory { .. } => PJRT_Error_Code_RESOURCE_EXHAUSTED,
        RunError::Count { .. }
        | RunError::Mismatch { .. }
        | RunError::NotDonatable { .. }
        | RunError::CustomCall { .. }
        | RunError::StaticDim { .. }
        | RunError::DimOutOfRange { .. }
        | RunError::SymbolMismatch { .. }
        | RunError::ShapeAssertion { .. } => PJRT_Error_Code_INVALID_ARGUMENT,
    }
}

/// The executable's output layouts (the layouts extension).
pub(crate) fn output_layouts<'a>(ptr: *mut PJRT_Executable) -> Result<&'a ExecutableLayouts> {
    Ok(&exe(ptr)?.output_layouts)
}

/// The executable's parameter layouts (the layouts extension).
pub(crate) fn parameter_layouts<'a>(ptr: *mut PJRT_Executable) -> Result<&'a ExecutableLayouts> {
    Ok(&exe(ptr)?.parameter_layouts)
}

fn exe_handle<'a>(ptr: *mut PJRT_Executable) -> Result<&'a ExecutableHandle> {
    // SAFETY: the framework passes executables this plugin created and has not destroyed.
    unsafe { handle(ptr, "executable") }
}

fn loaded<'a>(ptr: *mut PJRT_LoadedExecutable) -> Result<&'a LoadedExecutable> {
    // SAFETY: as above, for loaded executables.
    unsafe { handle(ptr, "loaded executable") }
}

/// The format and code of a program: `"mlir"` (StableHLO text or VHLO bytecode) or
/// `"hlo"` (a serialized HloModuleProto); the compiler tells them apart by content.
///
/// # Safety
/// `program` is NULL or the caller's PJRT_Program, live for the call, with valid strings.
unsafe fn program_code<'a>(program: *const PJRT_Program) -> Result<(&'a [u8], &'a [u8])> {
    // SAFETY: per the contract above.
    let program = unsafe { handle(program as *mut PJRT_Program, "program")? };
    // SAFETY: `(format, format_size)` and `(code, code_size)` are the caller's strings.
    let format = unsafe { bytes(program.format, program.format_size, "program format")? };
    // SAFETY: as above.
    let code = unsafe { bytes(program.code, program.code_size, "program code")? };
    if format != b"mlir" && format != b"hlo" {
        return Err(PjrtError::invalid(format!(
            "program format {:?} is not supported; pjrtc compiles \"mlir\" (StableHLO text or VHLO bytecode) and \"hlo\" (a serialized HloModuleProto)",
            String::from_utf8_lossy(format)
        )));
    }
    Ok((format, code))
}

fn hook() -> Result<super::CompileHook> {
    super::compile_hook().ok_or_else(|| {
        PjrtError::unimplemented(
            "this runtime-only plugin cannot compile; use the full pjrtc plugin or load a .pjx with PJRT_Executable_DeserializeAndLoad",
        )
    })
}

entry!(
    /// Compiles for a topology, with or without a client: the executable can be
    /// serialized (the `.pjx` for the topology's target) and analysed; one for the host
    /// topology can also be loaded (DeserializeAndLoad of its serialization).
    fn compile(a: &mut PJRT_Compile_Args) {
        let t = topology(a.topology)?;
        // SAFETY: the program is the caller's struct for this call.
        let (format, code) = unsafe { program_code(a.program)? };
        // SAFETY: the caller's serialized CompileOptionsProto for this call.
        let placement = unsafe { placement(a.compile_options, a.compile_options_size)? };
        if placement.devices.len() > t.num_devices() {
            return Err(PjrtError::invalid(format!(
                "the program needs {} devices; topology {} has {}",
                placement.devices.len(),
                t.name(),
                t.num_devices()
            )));
        }
        // SAFETY: as above.
        let options =
            unsafe { bytes(a.compile_options, a.compile_options_size, "compile_options")? };
        let pjx = Arc::new(hook()?(code, t.target()).map_err(PjrtError::invalid)?);
        let data = if t.runs_here() {
            ExecutableData::load(pjx, options.to_vec())?
        } else {
            ExecutableData::describe(pjx, options.to_vec())?
        }
        .with_program(format, code, &placement);
        a.executable = Box::into_raw(Box::new(ExecutableHandle {
            data: Arc::new(data),
            replicas: placement.replicas,
            partitions: placement.partitions,
        }));
        Ok(())
    }
);

entry!(
    fn client_compile(a: &mut PJRT_Client_Compile_Args) {
        let c = client(a.client)?;
        // SAFETY: the program is the caller's struct for this call.
        let (format, code) = unsafe { program_code(a.program)? };
        let hook = hook()?;
        // SAFETY: the caller's serialized CompileOptionsProto for this call.
        let placement = unsafe { placement(a.compile_options, a.compile_options_size)? };
        // SAFETY: as above.
        let options =
            unsafe { bytes(a.compile_options, a.compile_options_size, "compile_options")? };
        let pjx = Arc::new(hook(code, None).map_err(PjrtError::invalid)?);
        a.executable = LoadedExecutable::new_raw(
            c,
            ExecutableData::load(pjx, options.to_vec())?.with_program(format, code, &placement),
            placement,
        )?;
        Ok(())
    }
);

entry!(
    /// The placement comes from the overridden compile options (JAX passes those it compiled
    /// with); without them, one device.
    fn executable_deserialize_and_load(
        a: &mut PJRT_Executable_DeserializeAndLoad_Args,
        min = std::mem::offset_of!(PJRT_Executable_DeserializeAndLoad_Args, overridden_serialized_compile_options)
    ) {
        let c = client(a.client)?;
        // SAFETY: the caller's serialized bytes for this call.
        let pjx = unsafe { bytes(a.serialized_executable, a.serialized_executable_size, "serialized_executable")? };
        // SAFETY: NULL or the caller's serialized CompileOptionsProto for this call.
        let placement = unsafe {
            placement(
                a.overridden_serialized_compile_options,
                a.overridden_serialized_compile_options_size,
            )?
        };
        // SAFETY: as above.
        let options = unsafe {
            bytes(
                a.overridden_serialized_compile_options,
                a.overridden_serialized_compile_options_size,
                "overridden_serialized_compile_options",
            )?
        };
        a.loaded_executable = LoadedExecutable::new_raw(
            c,
            ExecutableData::load(Arc::new(AlignedBytes::from_slice(pjx)), options.to_vec())?,
            placement,
        )?;
        Ok(())
    }
);

unsafe extern "C" fn free_serialized(p: *mut PJRT_SerializedBytes) {
    if !p.is_null() {
        // SAFETY: made by the serializing entries (compile options, device assignment)
        // from a `Box<Vec<u8>>`.
        drop(unsafe { Box::from_raw(p.cast::<Vec<u8>>()) });
    }
}

unsafe extern "C" fn free_serialized_executable(p: *mut PJRT_SerializedBytes) {
    if !p.is_null() {
        // SAFETY: made by `executable_serialize` from a `Box<Arc<AlignedBytes>>`.
        drop(unsafe { Box::from_raw(p.cast::<Arc<AlignedBytes>>()) });
    }
}

entry!(
    /// The program the executable was compiled from (see [`OptimizedProgram`]): with
    /// `program.code` NULL, its size; else copied into the caller's buffer.
    fn executable_optimized_program(a: &mut PJRT_Executable_OptimizedProgram_Args) {
        let d = exe(a.executable)?;
        let p = d.program.as_ref().ok_or_else(|| {
            PjrtError::new(
                PJRT_Error_Code_FAILED_PRECONDITION,
                "this executable was loaded from a serialized .pjx, which does not keep its source program",
            )
        })?;
        // SAFETY: the caller's PJRT_Program, live and ours to fill for this call.
        let program =
            unsafe { a.program.as_mut() }.ok_or_else(|| PjrtError::invalid("program is NULL"))?;
        if !program.code.is_null() {
            if program.code_size < p.code.len() {
                return Err(PjrtError::invalid(format!(
                    "program buffer of {} bytes; the program has {}",
                    program.code_size,
                    p.code.len()
                )));
            }
            // SAFETY: the caller's buffer holds `code_size` >= `p.code.len()` bytes and
            // does not overlap ours.
            unsafe {
                std::ptr::copy_nonoverlapping(p.code.as_ptr(), program.code.cast(), p.code.len())
            };
        }
        program.code_size = p.code.len();
        program.format = p.format.as_ptr().cast();
        program.format_size = p.format.len();
        Ok(())
    }
);

entry!(
    fn executable_serialize(a: &mut PJRT_Executable_Serialize_Args) {
        let d = exe(a.executable as *mut _)?;
        // The artifact itself, shared: nothing is copied.
        let bytes = Box::new(Arc::clone(&d.pjx));
        a.serialized_bytes = bytes.as_ptr().cast();
        a.serialized_bytes_size = bytes.len();
        a.serialized_executable = Box::into_raw(bytes).cast::<c_void>();
        a.serialized_executable_deleter = Some(free_serialized_executable);
        Ok(())
    }
);

entry!(
    fn executable_destroy(a: &mut PJRT_Executable_Destroy_Args) {
        if !a.executable.is_null() {
            // SAFETY: made by `loaded_executable_get_executable` (a Box); given up here.
            drop(unsafe { Box::from_raw(a.executable) });
        }
        Ok(())
    }
);

entry!(
    fn executable_name(a: &mut PJRT_Executable_String_Args) {
        let d = exe(a.executable)?;
        a.value = d.name.as_ptr().cast();
        a.value_size = d.name.len();
        Ok(())
    }
);

entry!(
    fn executable_fingerprint(a: &mut PJRT_Executable_String_Args) {
        let d = exe(a.executable)?;
        a.value = d.fingerprint.as_ptr().cast();
        a.value_size = d.fingerprint.len();
        Ok(())
    }
);

entry!(
    fn loaded_executable_fingerprint(a: &mut PJRT_LoadedExecutable_Fingerprint_Args) {
        let l = loaded(a.executable)?;
        a.executable_fingerprint = l.data.fingerprint.as_ptr().cast();
        a.executable_fingerprint_size = l.data.fingerprint.len();
        Ok(())
    }
);

entry!(
    /// Per the compiled schedule, see [`Cost`].
    fn executable_get_cost_analysis(a: &mut PJRT_Executable_GetCostAnalysis_Args) {
        let d = exe(a.executable)?;
        a.properties = d.cost.as_ptr();
        a.num_properties = d.cost.len();
        Ok(())
    }
);

entry!(
    /// The numbers `pjrtc inspect` prints ([`MemoryStats`]). Constants are read-only data
    /// of the artifact, so they count as generated code, as XLA counts its constants;
    /// everything is host memory, which is this plugin's device memory.
    fn executable_get_compiled_memory_stats(a: &mut PJRT_Executable_GetCompiledMemoryStats_Args) {
        let m = exe(a.executable)?.memory;
        let i = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        a.generated_code_size_in_bytes = i(m.code + m.constants);
        a.argument_size_in_bytes = i(m.arguments);
        a.output_size_in_bytes = i(m.outputs);
        a.alias_size_in_bytes = i(m.aliased);
        a.temp_size_in_bytes = i(m.arena);
        a.host_generated_code_size_in_bytes = 0;
        a.host_argument_size_in_bytes = 0;
        a.host_output_size_in_bytes = 0;
        a.host_alias_size_in_bytes = 0;
        a.host_temp_size_in_bytes = 0;
        a.peak_memory_in_bytes = i(m.total());
        a.total_size_in_bytes = i(m.total());
        Ok(())
    }
);

entry!(
    /// The CompileOptionsProto bytes it was compiled with (empty for an artifact loaded
    /// without overridden options: the defaults).
    fn executable_get_compile_options(a: &mut PJRT_Executable_GetCompileOptions_Args) {
        let bytes = Box::new(exe(a.executable)?.compile_options.clone());
        a.serialized_bytes = bytes.as_ptr().cast();
        a.serialized_bytes_size = bytes.len();
        a.serialized_compile_options = Box::into_raw(bytes).cast::<c_void>();
        a.serialized_compile_options_deleter = Some(free_serialized);
        Ok(())
    }
);

entry!(
    fn executable_num_replicas(a: &mut PJRT_Executable_Count_Args) {
        a.value = exe_handle(a.executable)?.replicas;
        Ok(())
    }
);

entry!(
    fn executable_num_partitions(a: &mut PJRT_Executable_Count_Args) {
        a.value = exe_handle(a.executable)?.partitions;
        Ok(())
    }
);

entry!(
    fn executable_num_outputs(a: &mut PJRT_Executable_Count_Args) {
        a.value = exe(a.executable)?.output_types.len();
        Ok(())
    }
);

entry!(
    fn executable_size_of_generated_code(a: &mut PJRT_Executable_SizeOfGeneratedCodeInBytes_Args) {
        a.size_in_bytes = exe(a.executable)?.memory.code as i64;
        Ok(())
    }
);

entry!(
    fn executable_output_element_types(a: &mut PJRT_Executable_OutputElementTypes_Args) {
        let d = exe(a.executable)?;
        a.output_types = d.output_types.as_ptr();
        a.num_output_types = d.output_types.len();
        Ok(())
    }
);

entry!(
    fn executable_output_dimensions(a: &mut PJRT_Executable_OutputDimensions_Args) {
        let d = exe(a.executable)?;
        a.num_outputs = d.output_dim_sizes.len();
        a.dims = d.output_dims.as_ptr();
        a.dim_sizes = d.output_dim_sizes.as_ptr();
        Ok(())
    }
);

entry!(
    fn executable_output_memory_kinds(a: &mut PJRT_Executable_OutputMemoryKinds_Args) {
        let d = exe(a.executable)?;
        a.num_outputs = d.output_kinds.len();
        a.memory_kinds = d.output_kinds.as_ptr();
        a.memory_kind_sizes = d.output_kind_sizes.as_ptr();
        Ok(())
    }
);

entry!(
    /// Every parameter lives in the device's one memory, kind `"device"`.
    fn executable_parameter_memory_kinds(a: &mut PJRT_Executable_ParameterMemoryKinds_Args) {
        let d = exe(a.executable)?;
        a.num_parameters = d.parameter_kinds.len();
        a.memory_kinds = d.parameter_kinds.as_ptr();
        a.memory_kind_sizes = d.parameter_kind_sizes.as_ptr();
        Ok(())
    }
);

entry!(
    /// Loads an executable (from `PJRT_Compile` for the host topology, or another
    /// loaded executable's `GetExecutable`) onto this client, placed by `compile_options`
    /// (none given: the options it was compiled with). One compiled for another target
    /// cannot run here (FAILED_PRECONDITION).
    fn client_load(a: &mut PJRT_Client_Load_Args) {
        let c = client(a.client)?;
        let d = exe(a.executable)?;
        d.executable()?;
        // SAFETY: NULL/0 or the caller's serialized CompileOptionsProto for this call.
        let given = unsafe { bytes(a.compile_options, a.compile_options_size, "compile_options")? };
        let options = if given.is_empty() {
            d.compile_options.clone()
        } else {
            given.to_vec()
        };
        let placement = if options.is_empty() {
            Placement::single()
        } else {
            Placement::from_compile_options(&options)?
        };
        let mut data = ExecutableData::load(Arc::clone(&d.pjx), options)?;
        data.program = d.program.clone();
        a.loaded_executable = LoadedExecutable::new_raw(c, data, placement)?;
        Ok(())
    }
);

entry!(
    fn loaded_executable_destroy(a: &mut PJRT_LoadedExecutable_Args) {
        if !a.executable.is_null() {
            // SAFETY: made by `LoadedExecutable::new_raw` (a Box); given up here.
            drop(unsafe { Box::from_raw(a.executable) });
        }
        Ok(())
    }
);

entry!(
    fn loaded_executable_get_executable(a: &mut PJRT_LoadedExecutable_GetExecutable_Args) {
        let l = loaded(a.loaded_executable)?;
        a.executable = Box::into_raw(Box::new(ExecutableHandle {
            data: l.data.clone(),
            replicas: l.placement.replicas,
            partitions: l.placement.partitions,
        }));
        Ok(())
    }
);

entry!(
    fn loaded_executable_addressable_devices(
        a: &mut PJRT_LoadedExecutable_AddressableDevices_Args,
    ) {
        let l = loaded(a.executable)?;
        a.addressable_devices = l.devices.as_ptr();
        a.num_addressable_devices = l.devices.len();
        Ok(())
    }
);

entry!(
    fn loaded_executable_delete(a: &mut PJRT_LoadedExecutable_Args) {
        loaded(a.executable)?.deleted.store(true, Ordering::Release);
        Ok(())
    }
);

entry!(
    fn loaded_executable_is_deleted(a: &mut PJRT_LoadedExecutable_IsDeleted_Args) {
        a.is_deleted = loaded(a.executable)?.deleted.load(Ordering::Acquire);
        Ok(())
    }
);

entry!(
    /// (replica, partition) of each addressable device, in the same order.
    fn loaded_executable_addressable_device_logical_ids(
        a: &mut PJRT_LoadedExecutable_AddressableDeviceLogicalIds_Args,
    ) {
        let l = loaded(a.executable)?;
        a.addressable_device_logical_ids = l.logical_ids.as_ptr();
        a.num_addressable_device_logical_ids = l.logical_ids.len();
        Ok(())
    }
);

entry!(
    fn loaded_executable_get_device_assignment(
        a: &mut PJRT_LoadedExecutable_GetDeviceAssignment_Args,
    ) {
        let l = loaded(a.executable)?;
        let bytes = Box::new(l.placement.device_assignment_proto());
        a.serialized_bytes = bytes.as_ptr().cast();
        a.serialized_bytes_size = bytes.len();
        a.serialized_device_assignment = Box::into_raw(bytes).cast::<c_void>();
        a.serialized_device_assignment_deleter = Some(free_serialized);
        Ok(())
    }
);

entry!(
    /// Runs synchronously: argument list `i` on the executable's device `i` (or on
    /// `execute_device` for a single list), the lists in parallel threads. An input donated
    /// to an output (`tf.aliasing_output`, unless `non_donatable_input_indices` lists it)
    /// becomes that output when nothing else references its memory (the program updates it
    /// in place); otherwise outputs are fresh buffers. Donated inputs end up deleted, as
    /// the framework expects of a donated buffer.
    fn loaded_executable_execute(a: &mut PJRT_LoadedExecutable_Execute_Args) {
        let l = loaded(a.executable)?;
        if l.deleted.load(Ordering::Acquire) {
            return Err(PjrtError::new(
                PJRT_Error_Code_FAILED_PRECONDITION,
                "the executable has been deleted",
            ));
        }
        // SAFETY: the client outlives its executables (framework contract).
        let c = unsafe { handle(l.client as *mut Client, "client")? };
        let devices: Vec<*mut PJRT_Device> = if a.execute_device.is_null() {
            if a.num_devices != l.devices.len() {
                return Err(PjrtError::invalid(format!(
                    "Execute got {} argument lists; the executable runs on {} devices",
                    a.num_devices,
                    l.devices.len()
                )));
            }
            l.devices.clone()
        } else {
            if a.num_devices != 1 {
                return Err(PjrtError::invalid(
                    "Execute with execute_device takes exactly one argument list",
                ));
            }
            if l.spanning.is_some() {
                return Err(PjrtError::invalid(
                    "the program spans several processes: it runs on all of this process's \
                     devices in one Execute, not on one execute_device",
                ));
            }
            if !c.owns_device(a.execute_device) {
                return Err(PjrtError::invalid(
                    "execute_device does not belong to this client",
                ));
            }
            if l.data.collectives && l.devices.len() > 1 {
                return Err(PjrtError::invalid(format!(
                    "the program communicates between its {} devices (collectives): it runs on \
                     all of them in one Execute, not on one execute_device",
                    l.devices.len()
                )));
            }
            vec![a.execute_device]
        };
        let n = devices.len();
        // SAFETY: `argument_lists` has `num_devices` rows...
        let lists = unsafe { slice(a.argument_lists, n, "argument_lists")? };
        let mut args_per_device = Vec::with_capacity(n);
        let mut inputs_per_device = Vec::with_capacity(n);
        for (d, &list) in lists.iter().enumerate() {
            // SAFETY: ...each of `num_args` buffers.
            let args = unsafe { slice(list, a.num_args, "argument list")? };
            let inputs: Vec<Option<Arc<Tensor>>> = args
                .iter()
                .enumerate()
                .map(|(i, &b)| {
                    buffer(b)
                        .and_then(|b| b.tensor())
                        .map(|t| Some(aligned(t)))
                        .map_err(|e| {
                            let at = if n > 1 {
                                format!("device list {d}, ")
                            } else {
                                String::new()
                            };
                            PjrtError::new(e.code, format!("{at}argument {i}: {}", e.message))
                        })
                })
                .collect::<Result<_>>()?;
            args_per_device.push(args);
            inputs_per_device.push(inputs);
        }
        // SAFETY: `output_lists` has `num_devices` rows, each with room for NumOutputs
        // buffers (allocated by the caller); checked non-NULL before anything runs.
        let out_lists = unsafe { slice(a.output_lists, n, "output_lists")? };
        if !l.data.output_types.is_empty() && out_lists.iter().any(|o| o.is_null()) {
            return Err(PjrtError::invalid("output list is NULL"));
        }
        // What custom calls' handlers see: the execute context's user data, the device.
        // SAFETY: `options` is NULL or the caller's ExecuteOptions for this call.
        let user_data = unsafe { context_user_data(a.options)? };
        let envs: Vec<xla_ffi::CallEnv> = devices
            .iter()
            .map(|&d| {
                Ok(xla_ffi::CallEnv {
                    user_data: user_data.clone(),
                    device_ordinal: device(d)?.local_hardware_id,
                    run_id: 0,
                })
            })
            .collect::<Result<_>>()?;
        // Only the (Sync) artifact crosses into the threads, not the handle with raw pointers.
        let data: &Executable = l.data.executable()?;
        // SAFETY: `options` is NULL or the caller's ExecuteOptions for this call.
        let kept = unsafe { non_donatable(a.options)? };
        let donated: Vec<usize> = donated_inputs(data.signature(), a.num_args)
            .into_iter()
            .filter(|&i| !kept.contains(&(i as i64)))
            .collect();
        // Donated inputs nobody else sees become the outputs that alias them: the program
        // updates them in place (from here on they are consumed, even if the run fails).
        let mut in_place: Vec<Mutex<Vec<Option<Tensor>>>> = Vec::with_capacity(n);
        for (args, inputs) in args_per_device.iter().zip(&mut inputs_per_device) {
            let mut taken: Vec<Option<Tensor>> = (0..args.len()).map(|_| None).collect();
            for &i in donated
                .iter()
                .filter(|&&i| updatable_in_place(data.signature(), i))
            {
                // Let go of our own reference first, so that only others' count.
                drop(inputs[i].take());
                let b = buffer(args[i])?;
                match b.donate() {
                    Some(t) => taken[i] = Some(t),
                    None => inputs[i] = Some(aligned(b.tensor()?)),
                }
            }
            in_place.push(Mutex::new(taken));
        }
        let sig = data.signature();
        let run = |d: usize, on: Option<&CollectiveDevice>| {
            let inputs = &inputs_per_device[d];
            let mut taken =
                std::mem::take(&mut *in_place[d].lock().unwrap_or_else(|e| e.into_inner()));
            let mut outputs = Vec::with_capacity(sig.outputs.len());
            for spec in &sig.outputs {
                let reused = spec
                    .alias_of_input
                    .and_then(|i| taken.get_mut(i as usize))
                    .and_then(Option::take);
                let t = match reused {
                    Some(t) => t,
                    None => Tensor::try_zeros(spec.dtype, &spec.shape).ok_or_else(|| {
                        PjrtError::new(
                            PJRT_Error_Code_RESOURCE_EXHAUSTED,
                            format!("cannot allocate {} bytes for an output", spec.byte_size()),
                        )
                    })?,
                };
                outputs.push(t);
            }
            let refs: Vec<Option<&Tensor>> = inputs.iter().map(|t| t.as_deref()).collect();
            data.run_donated(&refs, &mut outputs, &envs[d], on)
                .map_err(|e| PjrtError::new(run_error_code(&e), e.to_string()))?;
            Ok(outputs)
        };
        let results: Vec<Result<Vec<Tensor>>> =
            if let (Some(sp), true) = (&l.spanning, l.data.collectives) {
                // One call spanning processes at a time, so that the exchanges of two calls
                // never interleave differently in different processes.
                let _one = sp.mpi.lock.lock().unwrap_or_else(|e| e.into_inner());
                let grid = Grid {
                    replicas: l.placement.replicas as u32,
                    partitions: l.placement.partitions as u32,
                };
                let local = l
                    .logical_ids
                    .iter()
                    .map(|ids| grid.flat(ids.replica as u32, ids.partition as u32))
                    .collect();
                let across = Across::new(sp.mpi, sp.call, local);
                let mut results = run_together(&l.placement, &l.logical_ids, Some(&across), &run);
                let failed = results
                    .iter()
                    .find_map(|r| r.as_ref().err().map(|e| e.message.clone()));
                if let Err(e) = across.finish(failed.as_deref())
                    && failed.is_none()
                {
                    results[0] = Err(PjrtError::new(
                        PJRT_Error_Code_ABORTED,
                        format!("a call spanning processes failed: {e}"),
                    ));
                }
                results
            } else if n == 1 {
                vec![run(0, None)]
            } else if l.data.collectives {
                run_together(&l.placement, &l.logical_ids, None, &run)
            } else {
                // Replicas and partitions are independent programs: one pool part per device
                // (the pool's threads are started once, not per call).
                let slots: Vec<Mutex<Option<Result<Vec<Tensor>>>>> =
                    (0..n).map(|_| Mutex::new(None)).collect();
                let parts = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    crate::pool::run(n, n, &|d| {
                        let r = run(d, None);
                        *slots[d].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                    })
                }));
                if parts.is_err() {
                    return Err(PjrtError::internal("a device's run panicked"));
                }
                slots
                    .into_iter()
                    .map(|s| {
                        s.into_inner()
                            .unwrap_or_else(|e| e.into_inner())
                            .unwrap_or_else(|| Err(PjrtError::internal("a device did not run")))
                    })
                    .collect()
            };
        // All or nothing: on any failure no output is handed out (in-place donations are
        // already consumed, as in XLA, where donation happens at launch).
        let results = results.into_iter().collect::<Result<Vec<_>>>()?;
        for ((outputs, &dev), &out) in results.into_iter().zip(&devices).zip(out_lists) {
            let mem = device(dev)?.default_memory;
            for (i, t) in outputs.into_iter().enumerate() {
                // SAFETY: the caller's list has room for NumOutputs buffers (see above).
                unsafe { *out.add(i) = Buffer::new_raw(dev, mem, t) };
            }
        }
        // Donated inputs that were read from (not updated in place) are consumed too.
        for args in &args_per_device {
            for &i in &donated {
                buffer(args[i])?.delete();
            }
        }
        if !a.device_complete_events.is_null() {
            for d in 0..n {
                // SAFETY: a non-NULL events array has `num_devices` slots.
                unsafe { *a.device_complete_events.add(d) = Event::ready() };
            }
        }
        Ok(())
    }
);

/// One device's run of a call: its index in the call, and the device it is in a call on
/// several (`None` when it runs alone).
type DeviceRun<'a> = dyn Fn(usize, Option<&CollectiveDevice>) -> Result<Vec<Tensor>> + Sync + 'a;

/// Runs a program with collectives on every device of the call at once: a thread per
/// device (the pool's parts could not all wait in a collective together), meeting in one
/// rendezvous. A device that fails aborts the rendezvous, so the others return too.
///
/// With `across`, the call's other devices are in other processes, which run their share
/// of it, and every collective goes through `across`'s exchange.
fn run_together(
    placement: &Placement,
    logical_ids: &[PJRT_LogicalDeviceIds],
    across: Option<&Across>,
    run: &DeviceRun<'_>,
) -> Vec<Result<Vec<Tensor>>> {
    let grid = Grid {
        replicas: placement.replicas as u32,
        partitions: placement.partitions as u32,
    };
    let rendezvous = Rendezvous::with_env_timeout();
    std::thread::scope(|s| {
        let handles: Vec<_> = logical_ids
            .iter()
            .enumerate()
            .map(|(d, ids)| {
                let rendezvous = &rendezvous;
                let (r, p) = (ids.replica as u32, ids.partition as u32);
                s.spawn(move || {
                    let device = match across {
                        Some(x) => CollectiveDevice::spanning(grid, r, p, rendezvous, x),
                        None => CollectiveDevice::new(grid, r, p, rendezvous),
                    };
                    let result = run(d, Some(&device)).map_err(|e| PjrtError {
                        code: e.code,
                        message: format!("device (replica {r}, partition {p}): {}", e.message),
                    });
                    if let Err(e) = &result {
                        rendezvous.abort(&e.message);
                    }
                    result
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(PjrtError::internal("a device's run panicked")))
            })
            .collect()
    })
}

/// `t`, or an aligned copy of it if it is a view of less aligned foreign memory (generated
/// kernels need [`crate::tensor::BUFFER_ALIGN`]).
fn aligned(t: Arc<Tensor>) -> Arc<Tensor> {
    if t.data.is_aligned() {
        t
    } else {
        Arc::new((*t).clone())
    }
}

/// Whether input `i` can become the output that aliases it (same type and shape, as
/// `Executable::run_donated` requires).
fn updatable_in_place(sig: &crate::format::Signature, i: usize) -> bool {
    let Some(input) = sig.inputs.get(i) else {
        return false;
    };
    sig.outputs.iter().any(|o| {
        o.alias_of_input == Some(i as u32) && o.dtype == input.dtype && o.shape == input.shape
    })
}

/// Inputs some output may reuse (`alias_of_input`), each once, ascending.
fn donated_inputs(sig: &crate::format::Signature, num_args: usize) -> Vec<usize> {
    let mut v: Vec<usize> = sig
        .outputs
        .iter()
        .filter_map(|o| o.alias_of_input.map(|i| i as usize))
        .filter(|&i| i < num_args)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The user data of `ExecuteOptions.context` (FFI handlers read it), empty when absent.
///
/// # Safety
/// `options` is NULL or points to an ExecuteOptions of at least its `struct_size` bytes,
/// whose context (if any) was made by `PJRT_ExecuteContext_Create`.
unsafe fn context_user_data(options: *const PJRT_ExecuteOptions) -> Result<Vec<(i64, usize)>> {
    // SAFETY: per the contract above.
    let Some(o) = (unsafe { options.as_ref() }) else {
        return Ok(Vec::new());
    };
    let end = std::mem::offset_of!(PJRT_ExecuteOptions, context) + std::mem::size_of::<usize>();
    if o.struct_size < end || o.context.is_null() {
        return Ok(Vec::new());
    }
    // SAFETY: per the contract above.
    Ok(unsafe { &*o.context }.user_data())
}

/// `ExecuteOptions.non_donatable_input_indices`, empty when absent.
///
/// # Safety
/// `options` is NULL or points to an ExecuteOptions of at least its `struct_size` bytes.
unsafe fn non_donatable<'a>(options: *const PJRT_ExecuteOptions) -> Result<&'a [i64]> {
    // SAFETY: per the contract above.
    let Some(o) = (unsafe { options.as_ref() }) else {
        return Ok(&[]);
    };
    let end = std::mem::offset_of!(PJRT_ExecuteOptions, num_non_donatable_input_indices)
        + std::mem::size_of::<usize>();
    if o.struct_size < end || o.num_non_donatable_input_indices == 0 {
        return Ok(&[]);
    }
    // SAFETY: the caller's array has `num_non_donatable_input_indices` entries.
    unsafe {
        slice(
            o.non_donatable_input_indices,
            o.num_non_donatable_input_indices,
            "non_donatable_input_indices",
        )
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn failed_collectives_are_aborted_and_bad_arguments_invalid() {
        use super::*;
        use crate::exec::RunError;
        let peer = RunError::Collective("process 1 failed".into());
        assert_eq!(run_error_code(&peer), PJRT_Error_Code_ABORTED);
        let oom = RunError::OutOfMemory {
            what: "arena",
            bytes: 1 << 40,
        };
        assert_eq!(run_error_code(&oom), PJRT_Error_Code_RESOURCE_EXHAUSTED);
        let count = RunError::Count {
            what: "inputs",
            expected: 2,
            got: 1,
        };
        assert_eq!(run_error_code(&count), PJRT_Error_Code_INVALID_ARGUMENT);
    }

    #[test]
    fn donated_inputs_are_the_aliased_ones() {
        use crate::format::{Signature, TensorSpec};
        let spec = |alias| TensorSpec {
            name: String::new(),
            dtype: crate::DType::F32,
            shape: vec![],
            alias_of_input: alias,
        };
        let sig = Signature {
            inputs: vec![spec(None), spec(None), spec(None)],
            outputs: vec![spec(Some(2)), spec(None), spec(Some(0)), spec(Some(2))],
        };
        assert_eq!(super::donated_inputs(&sig, 3), [0, 2]);
        // An alias past the arguments actually passed is ignored, not indexed.
        assert_eq!(super::donated_inputs(&sig, 1), [0]);
    }
}

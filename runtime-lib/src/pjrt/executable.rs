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
use super::memory::DEVICE_KIND;
use super::options::Placement;
use crate::collective::{Device as CollectiveDevice, Grid, Rendezvous};
use crate::exec::Executable;
use crate::tensor::Tensor;
use crate::xla_ffi;

/// What both handle kinds share: the artifact and the metadata handed out by pointer.
pub struct ExecutableData {
    exe: Executable,
    pjx: Vec<u8>,
    name: String,
    fingerprint: String,
    output_types: Vec<PJRT_Buffer_Type>,
    output_dims: Vec<i64>,
    output_dim_sizes: Vec<usize>,
    output_kinds: Vec<*const c_char>,
    output_kind_sizes: Vec<usize>,
    /// The devices of a call must run together, each in a thread of its own.
    collectives: bool,
}

// SAFETY: the raw pointers in `output_kinds` point to a `'static` string; everything else
// is Send + Sync.
unsafe impl Send for ExecutableData {}
// SAFETY: as above; nothing is mutated after construction.
unsafe impl Sync for ExecutableData {}

/// FNV-1a: stable across processes, unlike `DefaultHasher`.
fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("pjrtc-{h:016x}")
}

impl ExecutableData {
    pub fn load(pjx: Vec<u8>) -> Result<ExecutableData> {
        let exe = Executable::load(&pjx)
            .map_err(|e| PjrtError::invalid(format!("cannot load the .pjx artifact: {e}")))?;
        let outs = &exe.signature().outputs;
        let output_types = outs.iter().map(|o| dtype_to_pjrt(o.dtype)).collect();
        let output_dims = outs
            .iter()
            .flat_map(|o| o.shape.iter().map(|&d| d as i64))
            .collect();
        let output_dim_sizes = outs.iter().map(|o| o.shape.len()).collect();
        let output_kinds = outs.iter().map(|_| DEVICE_KIND.as_ptr().cast()).collect();
        let output_kind_sizes = outs.iter().map(|_| DEVICE_KIND.len()).collect();
        Ok(ExecutableData {
            collectives: exe.has_collectives(),
            exe,
            fingerprint: fingerprint(&pjx),
            pjx,
            name: "main".into(),
            output_types,
            output_dims,
            output_dim_sizes,
            output_kinds,
            output_kind_sizes,
        })
    }

    pub fn executable(&self) -> &Executable {
        &self.exe
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
    /// `placement.devices` as handles, in the same order (replica-major).
    devices: Vec<*mut PJRT_Device>,
    logical_ids: Vec<PJRT_LogicalDeviceIds>,
    client: *const Client,
    deleted: AtomicBool,
}

impl LoadedExecutable {
    pub fn new_raw(
        c: &Client,
        mut data: ExecutableData,
        placement: Placement,
    ) -> Result<*mut PJRT_LoadedExecutable> {
        data.exe.set_threads(c.num_threads);
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
        let logical_ids = (0..devices.len())
            .map(|i| PJRT_LogicalDeviceIds {
                replica: (i / placement.partitions) as i32,
                partition: (i % placement.partitions) as i32,
            })
            .collect();
        Ok(Box::into_raw(Box::new(LoadedExecutable {
            data: Arc::new(data),
            placement,
            devices,
            logical_ids,
            client: c,
            deleted: AtomicBool::new(false),
        })))
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

fn exe<'a>(ptr: *mut PJRT_Executable) -> Result<&'a ExecutableData> {
    Ok(&exe_handle(ptr)?.data)
}

fn exe_handle<'a>(ptr: *mut PJRT_Executable) -> Result<&'a ExecutableHandle> {
    // SAFETY: the framework passes executables this plugin created and has not destroyed.
    unsafe { handle(ptr, "executable") }
}

fn loaded<'a>(ptr: *mut PJRT_LoadedExecutable) -> Result<&'a LoadedExecutable> {
    // SAFETY: as above, for loaded executables.
    unsafe { handle(ptr, "loaded executable") }
}

entry!(
    fn client_compile(a: &mut PJRT_Client_Compile_Args) {
        let c = client(a.client)?;
        // SAFETY: the program is the caller's struct for this call.
        let program = unsafe { handle(a.program as *mut PJRT_Program, "program")? };
        // SAFETY: `(format, format_size)` and `(code, code_size)` are the caller's strings.
        let format = unsafe { bytes(program.format, program.format_size, "program format")? };
        // SAFETY: as above.
        let code = unsafe { bytes(program.code, program.code_size, "program code")? };
        if format != b"mlir" {
            return Err(PjrtError::invalid(format!(
                "program format {:?} is not supported; pjrtc compiles \"mlir\" (StableHLO text or VHLO bytecode)",
                String::from_utf8_lossy(format)
            )));
        }
        let hook = super::compile_hook().ok_or_else(|| {
            PjrtError::unimplemented(
                "this runtime-only plugin cannot compile; use the full pjrtc plugin or load a .pjx with PJRT_Executable_DeserializeAndLoad",
            )
        })?;
        // SAFETY: the caller's serialized CompileOptionsProto for this call.
        let placement = unsafe { placement(a.compile_options, a.compile_options_size)? };
        let pjx = hook(code).map_err(PjrtError::invalid)?;
        a.executable = LoadedExecutable::new_raw(c, ExecutableData::load(pjx)?, placement)?;
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
        a.loaded_executable =
            LoadedExecutable::new_raw(c, ExecutableData::load(pjx.to_vec())?, placement)?;
        Ok(())
    }
);

unsafe extern "C" fn free_serialized(p: *mut PJRT_SerializedBytes) {
    if !p.is_null() {
        // SAFETY: made by `executable_serialize` from a `Box<Vec<u8>>`.
        drop(unsafe { Box::from_raw(p.cast::<Vec<u8>>()) });
    }
}

entry!(
    fn executable_serialize(a: &mut PJRT_Executable_Serialize_Args) {
        let d = exe(a.executable as *mut _)?;
        let bytes = Box::new(d.pjx.clone());
        a.serialized_bytes = bytes.as_ptr().cast();
        a.serialized_bytes_size = bytes.len();
        a.serialized_executable = Box::into_raw(bytes).cast::<c_void>();
        a.serialized_executable_deleter = Some(free_serialized);
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
        a.size_in_bytes = exe(a.executable)?.exe.pjx().code.bytes.len() as i64;
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
    /// `execute_device` for a single list), the lists in parallel threads. Outputs are fresh
    /// buffers on that device; an input donated to an output (`tf.aliasing_output`) is
    /// deleted after a successful run, as the framework expects of a donated buffer, unless
    /// `non_donatable_input_indices` lists it.
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
            let inputs: Vec<Arc<Tensor>> = args
                .iter()
                .enumerate()
                .map(|(i, &b)| {
                    buffer(b).and_then(|b| b.tensor()).map_err(|e| {
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
        let data: &ExecutableData = &l.data;
        let run = |d: usize| {
            let inputs = &inputs_per_device[d];
            let refs: Vec<&Tensor> = inputs.iter().map(|t| &**t).collect();
            let mut outputs = data
                .exe
                .new_outputs()
                .map_err(|e| PjrtError::invalid(e.to_string()))?;
            data.exe
                .run_into_with(&refs, &mut outputs, &envs[d])
                .map_err(|e| PjrtError::invalid(e.to_string()))?;
            Ok(outputs)
        };
        let results: Vec<Result<Vec<Tensor>>> = if n == 1 {
            vec![run(0)]
        } else if data.collectives {
            run_together(
                data,
                &l.placement,
                &l.logical_ids,
                &inputs_per_device,
                &envs,
            )
        } else {
            // Replicas and partitions are independent programs: one pool part per device
            // (the pool's threads are started once, not per call).
            let slots: Vec<Mutex<Option<Result<Vec<Tensor>>>>> =
                (0..n).map(|_| Mutex::new(None)).collect();
            let parts = std::panic::catch_unwind(AssertUnwindSafe(|| {
                crate::pool::run(n, n, &|d| {
                    let r = run(d);
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
        // All or nothing: on any failure no output is handed out and nothing is donated.
        let results = results.into_iter().collect::<Result<Vec<_>>>()?;
        for ((outputs, &dev), &out) in results.into_iter().zip(&devices).zip(out_lists) {
            let mem = device(dev)?.default_memory;
            for (i, t) in outputs.into_iter().enumerate() {
                // SAFETY: the caller's list has room for NumOutputs buffers (see above).
                unsafe { *out.add(i) = Buffer::new_raw(dev, mem, t) };
            }
        }
        // SAFETY: `options` is NULL or the caller's ExecuteOptions for this call.
        let kept = unsafe { non_donatable(a.options)? };
        for args in &args_per_device {
            for i in donated_inputs(l.data.exe.signature(), args.len()) {
                if !kept.contains(&(i as i64)) {
                    buffer(args[i])?.delete();
                }
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

/// Runs a program with collectives on every device of the call at once: a thread per
/// device (the pool's parts could not all wait in a collective together), meeting in one
/// rendezvous. A device that fails aborts the rendezvous, so the others return too.
fn run_together(
    data: &ExecutableData,
    placement: &Placement,
    logical_ids: &[PJRT_LogicalDeviceIds],
    inputs_per_device: &[Vec<Arc<Tensor>>],
    envs: &[xla_ffi::CallEnv],
) -> Vec<Result<Vec<Tensor>>> {
    let grid = Grid {
        replicas: placement.replicas as u32,
        partitions: placement.partitions as u32,
    };
    let rendezvous = Rendezvous::with_env_timeout();
    std::thread::scope(|s| {
        let handles: Vec<_> = logical_ids
            .iter()
            .zip(inputs_per_device)
            .zip(envs)
            .map(|((ids, inputs), env)| {
                let rendezvous = &rendezvous;
                let (r, p) = (ids.replica as u32, ids.partition as u32);
                s.spawn(move || {
                    let device = CollectiveDevice::new(grid, r, p, rendezvous);
                    let refs: Vec<&Tensor> = inputs.iter().map(|t| &**t).collect();
                    let result = data
                        .exe
                        .new_outputs()
                        .and_then(|mut outputs| {
                            data.exe
                                .run_on_with(&device, &refs, &mut outputs, env)
                                .map(|()| outputs)
                        })
                        .map_err(|e| format!("device (replica {r}, partition {p}): {e}"));
                    if let Err(m) = &result {
                        rendezvous.abort(m);
                    }
                    result.map_err(PjrtError::invalid)
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

//! The C API of the staticlib (declared in runtime-lib/include/pjx.h): load an artifact
//! from memory, query its signature, run it on caller-owned buffers. Also the entry point
//! of the executables `pjrtc compile --emit exe` writes.
//!
//! Errors are returned as a status (`NULL` / -1) with a message for
//! [`pjx_last_error`], kept per thread like `errno`. No function unwinds into C: each body
//! runs under `catch_unwind`, and a panic becomes an error.

use crate::exec::Executable;
use crate::format::TensorSpec;
use crate::tensor::Tensor;
use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char, c_int};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A loaded model, opaque to C.
pub struct PjxModel {
    exe: Executable,
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_error(msg: &str) {
    // Interior NULs would cut the message short; they cannot come from our errors anyway.
    let c = CString::new(msg.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = c);
}

/// Runs `f`, turning an `Err` or a panic into `fallback` plus a message for
/// [`pjx_last_error`].
fn guarded<T>(fallback: T, f: impl FnOnce() -> Result<T, String>) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        Ok(Err(msg)) => {
            set_error(&msg);
            fallback
        }
        Err(_) => {
            set_error("internal error (a bug in pjrtc-runtime)");
            fallback
        }
    }
}

/// The message of the last failed call on this thread ("" if none). Valid until the next
/// failing call on this thread.
#[unsafe(no_mangle)]
pub extern "C" fn pjx_last_error() -> *const c_char {
    // Reading a thread-local cannot panic short of TLS teardown; guard it all the same.
    catch_unwind(|| LAST_ERROR.with(|e| e.borrow().as_ptr())).unwrap_or(c"internal error".as_ptr())
}

/// Loads an artifact from `len` bytes at `bytes` (copied; the caller may free them).
/// Returns `NULL` on error.
///
/// # Safety
/// `bytes` must point to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_load(bytes: *const u8, len: usize) -> *mut PjxModel {
    guarded(std::ptr::null_mut(), || {
        if bytes.is_null() {
            return Err("pjx_load: bytes is NULL".into());
        }
        // SAFETY: the caller guarantees `len` readable bytes at `bytes` (non-null checked).
        let data = unsafe { std::slice::from_raw_parts(bytes, len) };
        let exe = Executable::load(data).map_err(|e| e.to_string())?;
        Ok(Box::into_raw(Box::new(PjxModel { exe })))
    })
}

/// Frees a model from [`pjx_load`]; `NULL` is ignored.
///
/// # Safety
/// `model` must come from `pjx_load` and not be used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_free(model: *mut PjxModel) {
    if model.is_null() {
        return;
    }
    let _ = catch_unwind(|| {
        // SAFETY: `model` was made by Box::into_raw in pjx_load and is freed once.
        drop(unsafe { Box::from_raw(model) });
    });
}

/// The model behind `model`, or an error for `NULL`.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
unsafe fn model_ref<'a>(model: *const PjxModel) -> Result<&'a PjxModel, String> {
    // SAFETY: the caller guarantees a live model or NULL (checked by as_ref).
    unsafe { model.as_ref() }.ok_or_else(|| "model is NULL".to_string())
}

fn spec(specs: &[TensorSpec], i: usize) -> Option<&TensorSpec> {
    specs.get(i)
}

/// Number of inputs (0 for `NULL`).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_num_inputs(model: *const PjxModel) -> usize {
    // SAFETY: forwarded caller guarantee.
    guarded(0, || {
        Ok(unsafe { model_ref(model) }?.exe.signature().inputs.len())
    })
}

/// Number of outputs (0 for `NULL`).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_num_outputs(model: *const PjxModel) -> usize {
    // SAFETY: forwarded caller guarantee.
    guarded(0, || {
        Ok(unsafe { model_ref(model) }?.exe.signature().outputs.len())
    })
}

/// Size in bytes of input `i` (0 if there is none).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_input_size(model: *const PjxModel, i: usize) -> usize {
    guarded(0, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        Ok(spec(&m.exe.signature().inputs, i).map_or(0, |s| s.byte_size() as usize))
    })
}

/// Size in bytes of output `i` (0 if there is none).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_output_size(model: *const PjxModel, i: usize) -> usize {
    guarded(0, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        Ok(spec(&m.exe.signature().outputs, i).map_or(0, |s| s.byte_size() as usize))
    })
}

/// Sets the worker threads of later calls (at least 1). Returns 0, or -1 for `NULL`.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`, not used by another thread
/// during this call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_set_threads(model: *mut PjxModel, threads: usize) -> c_int {
    guarded(-1, || {
        // SAFETY: the caller guarantees a live, unshared model or NULL (checked).
        let m = unsafe { model.as_mut() }.ok_or("model is NULL")?;
        m.exe.set_threads(threads);
        Ok(0)
    })
}

/// Runs the model: `inputs[i]` holds input `i` (row-major, little-endian, exactly
/// `pjx_input_size(model, i)` bytes); output `i` is written to `outputs[i]`
/// (`pjx_output_size(model, i)` bytes). Returns 0, or -1 with a message for
/// [`pjx_last_error`]. Concurrent calls on one model are allowed.
///
/// # Safety
/// `model` must be `NULL` or live; `inputs` and `outputs` must point to arrays of
/// `pjx_num_inputs` / `pjx_num_outputs` pointers to buffers of the sizes above.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_run(
    model: *const PjxModel,
    inputs: *const *const u8,
    outputs: *const *mut u8,
) -> c_int {
    guarded(-1, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        let sig = m.exe.signature();
        let pointers =
            |p: *const *const u8, n: usize, what: &str| -> Result<Vec<*const u8>, String> {
                if n == 0 {
                    return Ok(Vec::new());
                }
                if p.is_null() {
                    return Err(format!("{what} is NULL"));
                }
                // SAFETY: the caller guarantees an array of n pointers at p (non-null checked).
                let v = unsafe { std::slice::from_raw_parts(p, n) }.to_vec();
                match v.iter().position(|q| q.is_null()) {
                    Some(i) => Err(format!("{what}[{i}] is NULL")),
                    None => Ok(v),
                }
            };
        let ins = pointers(inputs, sig.inputs.len(), "inputs")?;
        let outs = pointers(outputs.cast(), sig.outputs.len(), "outputs")?;
        let tensors = sig
            .inputs
            .iter()
            .zip(&ins)
            .map(|(s, &p)| {
                // SAFETY: the caller guarantees byte_size() readable bytes at p (non-null).
                let bytes = unsafe { std::slice::from_raw_parts(p, s.byte_size() as usize) };
                Tensor::from_bytes(s.dtype, &s.shape, bytes)
                    .ok_or_else(|| format!("input {}: out of memory", s.name))
            })
            .collect::<Result<Vec<Tensor>, String>>()?;
        let refs: Vec<&Tensor> = tensors.iter().collect();
        let results = m.exe.run(&refs).map_err(|e| e.to_string())?;
        for (t, &p) in results.iter().zip(&outs) {
            // SAFETY: the caller guarantees room for byte_size() bytes at p (non-null), and
            // `t` has exactly that many bytes (its spec's type).
            unsafe {
                std::ptr::copy_nonoverlapping(t.bytes().as_ptr(), p.cast_mut(), t.bytes().len())
            };
        }
        Ok(0)
    })
}

/// `main` of an executable written by `pjrtc compile --emit exe`: the `pjx-run` command
/// line (without the artifact path) for the artifact at `pjx`. Returns the exit status.
///
/// # Safety
/// `argv` must hold `argc` NUL-terminated strings (as `main` receives them) and `pjx` must
/// point to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_embedded_main(
    argc: c_int,
    argv: *const *const c_char,
    pjx: *const u8,
    len: usize,
) -> c_int {
    // A panic is a runtime bug: report one line, as pjrtc does, then fail.
    std::panic::set_hook(Box::new(|info| {
        let what = info.to_string().replace('\n', " ");
        eprintln!("error: internal error (a bug in pjrtc-runtime): {what}");
    }));
    catch_unwind(|| {
        let args: Vec<String> = (0..usize::try_from(argc).unwrap_or(0))
            .map(|i| {
                // SAFETY: main's argv holds argc valid C strings.
                let s = unsafe { CStr::from_ptr(*argv.add(i)) };
                s.to_string_lossy().into_owned()
            })
            .collect();
        let prog = args
            .first()
            .map_or("model", |a| a.rsplit('/').next().unwrap_or(a.as_str()));
        if pjx.is_null() {
            eprintln!("error: no embedded artifact");
            return 1;
        }
        // SAFETY: the caller (the generated main) passes the embedded artifact's bounds.
        let bytes = unsafe { std::slice::from_raw_parts(pjx, len) };
        crate::runner::args::main(prog, args.get(1..).unwrap_or(&[]), Some(bytes))
    })
    .unwrap_or(1)
}

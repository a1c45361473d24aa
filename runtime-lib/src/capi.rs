//! The C API of the staticlib (declared in runtime-lib/include/pjx.h): load an artifact
//! from memory, query its signature, run it on caller-owned buffers. Also the entry point
//! of the executables `pjrtc compile --emit exe` writes.
//!
//! Errors are returned as a status (`NULL` / -1) with a message for
//! [`pjx_last_error`], kept per thread like `errno`. No function unwinds into C: each body
//! runs under `catch_unwind`, and a panic becomes an error.

use crate::exec::{Executable, RunError, paren};
use crate::format::{Dim, DynamicShapes, DynamicTensor};
use crate::tensor::{Tensor, byte_size};
use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char, c_int};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A loaded model, opaque to C.
pub struct PjxModel {
    exe: Executable,
    /// What a caller passes and gets back (the signature, for a static model), made once
    /// for the queries.
    shapes: DynamicShapes,
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
        let shapes = exe.caller_shapes().into_owned();
        Ok(Box::into_raw(Box::new(PjxModel { exe, shapes })))
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

/// Bytes of `t` at its bounds (what a buffer for it must hold).
fn bound_size(t: &DynamicTensor) -> usize {
    // The bound shape is the compiled program's, whose size the decoder checked.
    byte_size(t.dtype, &t.bound_shape()).unwrap_or(0)
}

/// Number of inputs (0 for `NULL`).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_num_inputs(model: *const PjxModel) -> usize {
    // SAFETY: forwarded caller guarantee.
    guarded(0, || Ok(unsafe { model_ref(model) }?.shapes.inputs.len()))
}

/// Number of outputs (0 for `NULL`).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_num_outputs(model: *const PjxModel) -> usize {
    // SAFETY: forwarded caller guarantee.
    guarded(0, || Ok(unsafe { model_ref(model) }?.shapes.outputs.len()))
}

/// Size in bytes of input `i` (0 if there is none); for dynamic dimensions, at their
/// bounds.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_input_size(model: *const PjxModel, i: usize) -> usize {
    guarded(0, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        Ok(m.shapes.inputs.get(i).map_or(0, bound_size))
    })
}

/// Size in bytes of output `i` (0 if there is none); for dynamic dimensions, at their
/// bounds.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_output_size(model: *const PjxModel, i: usize) -> usize {
    guarded(0, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        Ok(m.shapes.outputs.get(i).map_or(0, bound_size))
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

/// `pjx_input_dim` and friends' answer for a dimension that does not exist.
const NO_DIM: i64 = -2;

/// The tensor `i` of `list` (inputs or outputs), or an error naming it.
fn tensor<'a>(
    list: &'a [DynamicTensor],
    what: &str,
    i: usize,
) -> Result<&'a DynamicTensor, String> {
    list.get(i)
        .ok_or_else(|| format!("{what} {i} out of range ({} {what}s)", list.len()))
}

/// Dimension `d` of `t`, or an error naming it.
fn dim<'a>(t: &'a DynamicTensor, what: &str, i: usize, d: usize) -> Result<&'a Dim, String> {
    t.dims
        .get(d)
        .ok_or_else(|| format!("{what} {i} has rank {}, no dimension {d}", t.dims.len()))
}

/// Rank of input `i` (0 if there is none).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_input_rank(model: *const PjxModel, i: usize) -> usize {
    guarded(0, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        Ok(m.shapes.inputs.get(i).map_or(0, |t| t.dims.len()))
    })
}

/// Rank of output `i` (0 if there is none).
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_output_rank(model: *const PjxModel, i: usize) -> usize {
    guarded(0, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        Ok(m.shapes.outputs.get(i).map_or(0, |t| t.dims.len()))
    })
}

/// Dimension `d` of input (`output` false) or output `i`: its size, or if it is dynamic
/// -1 (known per call) or with `bound` its bound; -2 with a message if there is none.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
unsafe fn query_dim(model: *const PjxModel, output: bool, i: usize, d: usize, bound: bool) -> i64 {
    guarded(NO_DIM, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        let (list, what) = if output {
            (&m.shapes.outputs, "output")
        } else {
            (&m.shapes.inputs, "input")
        };
        let dm = dim(tensor(list, what, i)?, what, i, d)?;
        Ok(match dm {
            Dim::Dynamic { .. } if !bound => -1,
            // Sizes of a tensor the decoder accepted fit an isize.
            _ => i64::try_from(dm.bound()).unwrap_or(i64::MAX),
        })
    })
}

/// Dimension `d` of input `i`: its size, -1 if dynamic, -2 if there is none.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_input_dim(model: *const PjxModel, i: usize, d: usize) -> i64 {
    // SAFETY: forwarded caller guarantee.
    unsafe { query_dim(model, false, i, d, false) }
}

/// Dimension `d` of output `i`: its size, -1 if dynamic, -2 if there is none.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_output_dim(model: *const PjxModel, i: usize, d: usize) -> i64 {
    // SAFETY: forwarded caller guarantee.
    unsafe { query_dim(model, true, i, d, false) }
}

/// The largest size of dimension `d` of input `i`: its bound if dynamic, else its size;
/// -2 if there is none.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_input_bound(model: *const PjxModel, i: usize, d: usize) -> i64 {
    // SAFETY: forwarded caller guarantee.
    unsafe { query_dim(model, false, i, d, true) }
}

/// The largest size of dimension `d` of output `i`: its bound if dynamic, else its size;
/// -2 if there is none.
///
/// # Safety
/// `model` must be `NULL` or a live pointer from `pjx_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_output_bound(model: *const PjxModel, i: usize, d: usize) -> i64 {
    // SAFETY: forwarded caller guarantee.
    unsafe { query_dim(model, true, i, d, true) }
}

/// Whether `shape` (of input `i`) is one `t` allows dimension by dimension, with the
/// error [`Executable::run`] would give.
fn within_bounds(i: usize, t: &DynamicTensor, shape: &[u64]) -> Result<(), RunError> {
    for (j, (&n, dm)) in shape.iter().zip(&t.dims).enumerate() {
        match dm {
            Dim::Static(size) if n != *size => {
                return Err(RunError::StaticDim {
                    what: "input",
                    index: i,
                    name: paren(&t.name),
                    dim: j,
                    expected: *size,
                    got: n,
                });
            }
            Dim::Dynamic { symbol, bound, .. } if n > *bound => {
                return Err(RunError::DimOutOfRange {
                    what: "input",
                    index: i,
                    name: paren(&t.name),
                    dim: j,
                    symbol: paren(symbol),
                    size: i64::try_from(n).unwrap_or(i64::MAX),
                    bound: *bound,
                });
            }
            _ => {}
        }
    }
    Ok(())
}

/// `n` pointers at `p`, each non-NULL (none are read for `n == 0`).
///
/// # Safety
/// `p` must be `NULL` or point to `n` pointers.
unsafe fn pointers<T>(p: *const *const T, n: usize, what: &str) -> Result<Vec<*const T>, String> {
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
}

/// Runs the model: `inputs[i]` holds input `i` (row-major, little-endian, exactly
/// `pjx_input_size(model, i)` bytes); output `i` is written to `outputs[i]`
/// (`pjx_output_size(model, i)` bytes). Returns 0, or -1 with a message for
/// [`pjx_last_error`]. Concurrent calls on one model are allowed. A model with dynamic
/// dimensions is refused: its calls go through [`pjx_run_shaped`].
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
        if m.exe.pjx().dynamic.is_some() {
            return Err(
                "pjx_run: the model has dynamic dimensions; call pjx_run_shaped with the \
                 inputs' shapes"
                    .into(),
            );
        }
        let sig = m.exe.signature();
        // SAFETY: forwarded caller guarantee (arrays of this many pointers).
        let ins = unsafe { pointers(inputs, sig.inputs.len(), "inputs") }?;
        // SAFETY: as above.
        let outs = unsafe { pointers(outputs.cast::<*const u8>(), sig.outputs.len(), "outputs") }?;
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

/// Runs the model on inputs of the shapes the caller gives, any model (one with dynamic
/// dimensions, or a static one at its shapes): `input_dims[i]` holds the `pjx_input_rank`
/// sizes of input `i` (it may be `NULL` for rank 0) and `inputs[i]` its elements
/// (row-major, dense in that shape). Output `i` is written to `outputs[i]` (room for
/// `pjx_output_size(model, i)` bytes: at its bounds), dense in its actual shape, whose
/// `pjx_output_rank` sizes go to `output_dims[i]` unless `output_dims` or
/// `output_dims[i]` is `NULL`. Returns 0, or -1 with a message for [`pjx_last_error`]
/// (inputs of other shapes than the model allows, a failing shape assertion).
///
/// # Safety
/// `model` must be `NULL` or live; `inputs`, `input_dims` (if any input has rank > 0),
/// `outputs` and `output_dims` (unless `NULL`) must point to arrays of `pjx_num_inputs` /
/// `pjx_num_outputs` pointers; `input_dims[i]` to `pjx_input_rank(model, i)` sizes and
/// `inputs[i]` to the bytes of input `i` in that shape; `outputs[i]` to
/// `pjx_output_size(model, i)` writable bytes, `output_dims[i]` to `pjx_output_rank(model, i)`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjx_run_shaped(
    model: *const PjxModel,
    inputs: *const *const u8,
    input_dims: *const *const i64,
    outputs: *const *mut u8,
    output_dims: *const *mut i64,
) -> c_int {
    guarded(-1, || {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { model_ref(model) }?;
        let (ins, outs) = (&m.shapes.inputs, &m.shapes.outputs);
        // SAFETY: forwarded caller guarantee (arrays of this many pointers).
        let in_ptrs = unsafe { pointers(inputs, ins.len(), "inputs") }?;
        // SAFETY: as above.
        let out_ptrs = unsafe { pointers(outputs.cast::<*const u8>(), outs.len(), "outputs") }?;
        let ranked = ins.iter().any(|t| !t.dims.is_empty());
        if ranked && input_dims.is_null() {
            return Err("input_dims is NULL".into());
        }
        let mut tensors = Vec::with_capacity(ins.len());
        for (i, (t, &p)) in ins.iter().zip(&in_ptrs).enumerate() {
            let rank = t.dims.len();
            let shape: Vec<u64> = if rank == 0 {
                Vec::new()
            } else {
                // SAFETY: input_dims is non-null (checked) and holds a pointer per input.
                let d = unsafe { *input_dims.add(i) };
                if d.is_null() {
                    return Err(format!("input_dims[{i}] is NULL"));
                }
                // SAFETY: the caller guarantees `rank` sizes at d (non-null).
                let dims = unsafe { std::slice::from_raw_parts(d, rank) };
                dims.iter()
                    .enumerate()
                    .map(|(j, &n)| {
                        u64::try_from(n)
                            .map_err(|_| format!("input {i} dimension {j} is negative ({n})"))
                    })
                    .collect::<Result<_, _>>()?
            };
            // Only sizes within the bounds are read: more is refused before any read.
            within_bounds(i, t, &shape).map_err(|e| e.to_string())?;
            let len = byte_size(t.dtype, &shape).ok_or("input size overflows")?;
            // SAFETY: the caller guarantees the input's bytes in this shape at p (non-null);
            // the shape is within the bounds, so `len` is at most pjx_input_size.
            let bytes = unsafe { std::slice::from_raw_parts(p, len) };
            tensors.push(
                Tensor::from_bytes(t.dtype, &shape, bytes)
                    .ok_or_else(|| format!("input {i}: out of memory"))?,
            );
        }
        let refs: Vec<&Tensor> = tensors.iter().collect();
        let results = m.exe.run(&refs).map_err(|e| e.to_string())?;
        for (i, (t, &p)) in results.iter().zip(&out_ptrs).enumerate() {
            // SAFETY: the caller guarantees room for pjx_output_size bytes at p (non-null),
            // and `t` is within its bounds (checked by `run`), so it has at most that many.
            unsafe {
                std::ptr::copy_nonoverlapping(t.bytes().as_ptr(), p.cast_mut(), t.bytes().len())
            };
            if output_dims.is_null() {
                continue;
            }
            // SAFETY: output_dims is non-null and holds a pointer per output.
            let d = unsafe { *output_dims.add(i) };
            if !d.is_null() {
                for (j, &n) in t.shape.iter().enumerate() {
                    // SAFETY: the caller guarantees room for the output's rank sizes at d;
                    // `t` has that rank.
                    unsafe { *d.add(j) = n as i64 };
                }
            }
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

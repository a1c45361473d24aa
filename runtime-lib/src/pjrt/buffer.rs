//! PJRT_Buffer: a dense row-major tensor in host memory, owned by one device's memory.
//! Transfers copy (synchronously), honouring the caller's byte strides in both directions.

use std::ffi::{c_char, c_void};
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, OnceLock};

use super::client::client;
use super::device::{MemoryCounter, device};
use super::error::{PjrtError, Result, entry, handle, slice};
use super::event::Event;
use super::ffi::*;
use super::memory::memory;
use crate::DType;
use crate::tensor::{Tensor, byte_size};

pub struct Buffer {
    device: *mut PJRT_Device,
    memory: *mut PJRT_Memory,
    dtype: DType,
    /// Returned by pointer from Buffer_Dimensions; fixed for the buffer's life.
    dims: Vec<i64>,
    /// `None` once deleted. Shared so an execution can read it while the framework deletes.
    data: Mutex<Option<Source>>,
    /// External references (Buffer_IncreaseExternalReferenceCount: a host array aliases
    /// the memory) and, while there are any, the data they keep alive: the memory stays
    /// valid even if the buffer is deleted meanwhile, and is never donated.
    external: Mutex<(usize, Option<Arc<Tensor>>)>,
    /// Where this buffer's bytes are counted (Device_MemoryStats); `None` for views of
    /// foreign memory and for buffers that hold no memory of their own (errors, aliases).
    counter: Option<Arc<MemoryCounter>>,
    bytes: usize,
}

/// Where a buffer's data is: there from birth (every buffer a transfer or an execution
/// makes), or defined later (see [`Definition`]).
#[derive(Clone)]
pub(crate) enum Source {
    Ready(Arc<Tensor>),
    Deferred(Arc<Definition>),
}

impl Source {
    /// Runs `f` with the data (or why there is none): now if known, else once defined, on
    /// the thread that defines it.
    pub(crate) fn when_defined(self, f: impl FnOnce(Result<Arc<Tensor>>) + Send + 'static) {
        match self {
            Source::Ready(t) => f(Ok(t)),
            Source::Deferred(d) => d.when_done(f),
        }
    }
}

/// The data of a buffer that is not there when the buffer is made: it arrives later (an
/// async host-to-device transfer, an alias buffer fulfilled, a donation waiting for its
/// control dependency, a copy of such a buffer) or never (an error buffer). Readers wait
/// for its event, and get its error if it failed.
pub(crate) struct Definition {
    event: Event,
    /// Set (once) before the event completes successfully; shared with the callbacks
    /// waiting for it, which must not keep the definition (and so its event) alive.
    data: Arc<OnceLock<Arc<Tensor>>>,
}

impl Definition {
    pub(crate) fn pending() -> Arc<Definition> {
        Arc::new(Definition {
            event: Event::pending(),
            data: Arc::default(),
        })
    }

    /// A definition that failed with `error` from the start (an error buffer).
    pub(crate) fn failed(error: PjrtError) -> Arc<Definition> {
        let d = Definition::pending();
        let _ = d.event.set(Some(error));
        d
    }

    /// Defines the data; an error if the definition is already complete.
    pub(crate) fn define(&self, t: Arc<Tensor>) -> Result<()> {
        if self.event.is_ready() || self.data.set(t).is_err() {
            return Err(PjrtError::invalid("the buffer's data is already defined"));
        }
        self.event.set(None)
    }

    /// Fails the definition with `error`; an error if it is already complete.
    pub(crate) fn fail(&self, error: PjrtError) -> Result<()> {
        self.event
            .set(Some(error))
            .map_err(|_| PjrtError::invalid("the buffer's data is already defined"))
    }

    /// Completes with `outcome`: the data, or why there is none.
    pub(crate) fn complete(&self, outcome: Result<Arc<Tensor>>) -> Result<()> {
        match outcome {
            Ok(t) => self.define(t),
            Err(e) => self.fail(e),
        }
    }

    fn outcome(data: &OnceLock<Arc<Tensor>>, error: Option<PjrtError>) -> Result<Arc<Tensor>> {
        match error {
            Some(e) => Err(e),
            None => data
                .get()
                .cloned()
                .ok_or_else(|| PjrtError::internal("a defined buffer has no data")),
        }
    }

    /// Blocks until defined; then the data or the error.
    pub(crate) fn wait(&self) -> Result<Arc<Tensor>> {
        Definition::outcome(&self.data, self.event.wait())
    }

    pub(crate) fn when_done(&self, f: impl FnOnce(Result<Arc<Tensor>>) + Send + 'static) {
        let data = self.data.clone();
        self.event
            .on_ready(move |error| f(Definition::outcome(&data, error)));
    }

    /// A caller-owned handle on the event that completes with the definition.
    pub(crate) fn event(&self) -> *mut PJRT_Event {
        self.event.clone().into_raw()
    }
}

fn deleted() -> PjrtError {
    PjrtError::invalid("buffer has been deleted")
}

impl Buffer {
    /// A new caller-owned buffer holding `tensor`.
    pub fn new_raw(
        device: *mut PJRT_Device,
        memory: *mut PJRT_Memory,
        tensor: Tensor,
    ) -> *mut PJRT_Buffer {
        let bytes = tensor.data.len();
        let counted = !tensor.data.is_foreign();
        Buffer::with_source(
            device,
            memory,
            tensor.dtype,
            tensor.shape.iter().map(|&d| d as i64).collect(),
            bytes,
            counted,
            Source::Ready(Arc::new(tensor)),
        )
    }

    /// A new caller-owned buffer of `dtype[dims]` whose data `definition` defines later.
    /// `counted`: the data will be memory of its own (counted in the device's stats from
    /// now), not shared with another buffer or absent.
    pub(crate) fn deferred(
        device: *mut PJRT_Device,
        memory: *mut PJRT_Memory,
        dtype: DType,
        dims: Vec<i64>,
        definition: Arc<Definition>,
        counted: bool,
    ) -> *mut PJRT_Buffer {
        let shape: Vec<u64> = dims.iter().map(|&d| d as u64).collect();
        let bytes = byte_size(dtype, &shape).unwrap_or(0);
        Buffer::with_source(
            device,
            memory,
            dtype,
            dims,
            bytes,
            counted,
            Source::Deferred(definition),
        )
    }

    fn with_source(
        device: *mut PJRT_Device,
        memory: *mut PJRT_Memory,
        dtype: DType,
        dims: Vec<i64>,
        bytes: usize,
        counted: bool,
        source: Source,
    ) -> *mut PJRT_Buffer {
        let counter = if counted {
            super::device::device(device)
                .ok()
                .map(|d| d.memory_counter.clone())
        } else {
            None
        };
        if let Some(c) = &counter {
            c.add(bytes);
        }
        Box::into_raw(Box::new(Buffer {
            device,
            memory,
            dtype,
            dims,
            data: Mutex::new(Some(source)),
            external: Mutex::new((0, None)),
            counter,
            bytes,
        }))
    }

    pub fn device(&self) -> *mut PJRT_Device {
        self.device
    }

    pub fn memory(&self) -> *mut PJRT_Memory {
        self.memory
    }

    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    fn lock_data(&self) -> std::sync::MutexGuard<'_, Option<Source>> {
        // A poisoned lock still holds a valid `Option<Source>`.
        self.data.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lock_external(&self) -> std::sync::MutexGuard<'_, (usize, Option<Arc<Tensor>>)> {
        self.external.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Where the data is, or an error if the buffer was deleted (or donated).
    pub(crate) fn source(&self) -> Result<Source> {
        self.lock_data().clone().ok_or_else(deleted)
    }

    /// The data, or an error if the buffer was deleted (or donated) or its definition
    /// failed; waits for a buffer whose data is still to come.
    pub fn tensor(&self) -> Result<Arc<Tensor>> {
        match self.source()? {
            Source::Ready(t) => Ok(t),
            Source::Deferred(d) => d.wait(),
        }
    }

    pub fn is_deleted(&self) -> bool {
        self.lock_data().is_none()
    }

    /// Removes the data (the buffer then reports deleted), uncounting its bytes.
    fn take(&self) -> Option<Source> {
        let t = self.lock_data().take();
        if t.is_some()
            && let Some(c) = &self.counter
        {
            c.sub(self.bytes);
        }
        t
    }

    /// Drops the data; the handle stays valid and reports deleted (also after donation).
    pub(crate) fn delete(&self) {
        drop(self.take());
    }

    /// The data itself, for an execution to update in place, if nobody else can see it:
    /// no other reference (a running execution, a host array holding an external
    /// reference) and the alignment kernels need. The buffer is then deleted (donated).
    /// Data defined later is shared with its definition, so it is never updated in place.
    pub(crate) fn donate(&self) -> Option<Tensor> {
        let external = self.lock_external();
        if external.0 > 0 {
            return None;
        }
        let mut data = self.lock_data();
        let unique = matches!(
            data.as_ref(),
            Some(Source::Ready(t)) if Arc::strong_count(t) == 1 && t.data.is_aligned()
        );
        if !unique {
            return None;
        }
        let Some(Source::Ready(t)) = data.take() else {
            return None;
        };
        // Nobody else holds the Arc and the lock keeps new clones out, so it unwraps.
        let t = Arc::try_unwrap(t).ok()?;
        if let Some(c) = &self.counter {
            c.sub(self.bytes);
        }
        Some(t)
    }

    /// Gives up the data to a new owner (Buffer_DonateWithControlDependency): the buffer
    /// reports deleted, its bytes are no longer counted here.
    fn give_up(&self) -> Result<Source> {
        let external = self.lock_external();
        if external.0 > 0 {
            return Err(PjrtError::new(
                PJRT_Error_Code_FAILED_PRECONDITION,
                "the buffer cannot be donated: a host array still references its memory \
                 (external reference count > 0)",
            ));
        }
        self.take().ok_or_else(deleted)
    }

    fn size_in_bytes(&self) -> usize {
        self.bytes
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        self.delete();
    }
}

pub(crate) fn buffer<'a>(ptr: *mut PJRT_Buffer) -> Result<&'a Buffer> {
    // SAFETY: the framework passes buffers this plugin created and has not destroyed.
    unsafe { handle(ptr, "buffer") }
}

pub fn dtype_from_pjrt(t: PJRT_Buffer_Type) -> Result<DType> {
    Ok(match t {
        PJRT_Buffer_Type_PRED => DType::I1,
        PJRT_Buffer_Type_S8 => DType::I8,
        PJRT_Buffer_Type_S16 => DType::I16,
        PJRT_Buffer_Type_S32 => DType::I32,
        PJRT_Buffer_Type_S64 => DType::I64,
        PJRT_Buffer_Type_U8 => DType::U8,
        PJRT_Buffer_Type_U16 => DType::U16,
        PJRT_Buffer_Type_U32 => DType::U32,
        PJRT_Buffer_Type_U64 => DType::U64,
        PJRT_Buffer_Type_F16 => DType::F16,
        PJRT_Buffer_Type_F32 => DType::F32,
        PJRT_Buffer_Type_F64 => DType::F64,
        PJRT_Buffer_Type_BF16 => DType::BF16,
        PJRT_Buffer_Type_S2 => DType::I2,
        PJRT_Buffer_Type_S4 => DType::I4,
        PJRT_Buffer_Type_U2 => DType::U2,
        PJRT_Buffer_Type_U4 => DType::U4,
        PJRT_Buffer_Type_F8E5M2 => DType::F8E5M2,
        PJRT_Buffer_Type_F8E4M3FN => DType::F8E4M3FN,
        PJRT_Buffer_Type_F8E4M3B11FNUZ => DType::F8E4M3B11FNUZ,
        PJRT_Buffer_Type_F8E5M2FNUZ => DType::F8E5M2FNUZ,
        PJRT_Buffer_Type_F8E4M3FNUZ => DType::F8E4M3FNUZ,
        PJRT_Buffer_Type_F8E4M3 => DType::F8E4M3,
        PJRT_Buffer_Type_F8E3M4 => DType::F8E3M4,
        PJRT_Buffer_Type_F8E8M0FNU => DType::F8E8M0FNU,
        PJRT_Buffer_Type_F4E2M1FN => DType::F4E2M1FN,
        PJRT_Buffer_Type_C64 => DType::C64,
        PJRT_Buffer_Type_C128 => DType::C128,
        other => {
            // Name what users meet most (numbers from pjrt_c_api.h's PJRT_Buffer_Type).
            let name = match other {
                23 => "token".to_string(),
                n => format!("number {n}"),
            };
            return Err(PjrtError::unimplemented(format!(
                "pjrtc does not support arrays of PJRT buffer type {name}"
            )));
        }
    })
}

pub fn dtype_to_pjrt(d: DType) -> PJRT_Buffer_Type {
    match d {
        DType::I1 => PJRT_Buffer_Type_PRED,
        DType::I8 => PJRT_Buffer_Type_S8,
        DType::I16 => PJRT_Buffer_Type_S16,
        DType::I32 => PJRT_Buffer_Type_S32,
        DType::I64 => PJRT_Buffer_Type_S64,
        DType::U8 => PJRT_Buffer_Type_U8,
        DType::U16 => PJRT_Buffer_Type_U16,
        DType::U32 => PJRT_Buffer_Type_U32,
        DType::U64 => PJRT_Buffer_Type_U64,
        DType::F16 => PJRT_Buffer_Type_F16,
        DType::F32 => PJRT_Buffer_Type_F32,
        DType::F64 => PJRT_Buffer_Type_F64,
        DType::BF16 => PJRT_Buffer_Type_BF16,
        DType::I2 => PJRT_Buffer_Type_S2,
        DType::I4 => PJRT_Buffer_Type_S4,
        DType::U2 => PJRT_Buffer_Type_U2,
        DType::U4 => PJRT_Buffer_Type_U4,
        DType::F8E5M2 => PJRT_Buffer_Type_F8E5M2,
        DType::F8E4M3FN => PJRT_Buffer_Type_F8E4M3FN,
        DType::F8E4M3B11FNUZ => PJRT_Buffer_Type_F8E4M3B11FNUZ,
        DType::F8E5M2FNUZ => PJRT_Buffer_Type_F8E5M2FNUZ,
        DType::F8E4M3FNUZ => PJRT_Buffer_Type_F8E4M3FNUZ,
        DType::F8E4M3 => PJRT_Buffer_Type_F8E4M3,
        DType::F8E3M4 => PJRT_Buffer_Type_F8E3M4,
        DType::F8E8M0FNU => PJRT_Buffer_Type_F8E8M0FNU,
        DType::F4E2M1FN => PJRT_Buffer_Type_F4E2M1FN,
        DType::C64 => PJRT_Buffer_Type_C64,
        DType::C128 => PJRT_Buffer_Type_C128,
        // PJRT (0.112) has no f6 buffer types.
        DType::F6E2M3FN | DType::F6E3M2FN => PJRT_Buffer_Type_INVALID,
    }
}

/// Row-major byte strides of a dense array.
pub(crate) fn dense_strides(dims: &[u64], elem: usize) -> Vec<i64> {
    let mut strides = vec![0i64; dims.len()];
    let mut s = elem as i64;
    for i in (0..dims.len()).rev() {
        strides[i] = s;
        s = s.saturating_mul(dims[i] as i64);
    }
    strides
}

/// Lowest and one-past-highest byte offset a strided view of a non-empty array touches.
fn extent(dims: &[u64], strides: &[i64], elem: usize) -> (i64, i64) {
    let (mut lo, mut hi) = (0i64, elem as i64);
    for (&d, &s) in dims.iter().zip(strides) {
        let span = s.saturating_mul(d as i64 - 1);
        if span < 0 {
            lo = lo.saturating_add(span)
        } else {
            hi = hi.saturating_add(span)
        }
    }
    (lo, hi)
}

/// Copies every element of a `dims` array from `src` (with `src_strides`) to `dst` (with
/// `dst_strides`), byte strides relative to the base pointers.
///
/// # Safety
/// Every offset the strides produce for indices within `dims` must be valid for reading
/// `elem` bytes at `src` and writing them at `dst`, and the two views must not overlap.
pub(crate) unsafe fn copy_strided(
    src: *const u8,
    src_strides: &[i64],
    dst: *mut u8,
    dst_strides: &[i64],
    dims: &[u64],
    elem: usize,
) {
    if dims.contains(&0) {
        return;
    }
    let rank = dims.len();
    let mut idx = vec![0u64; rank];
    loop {
        let (mut so, mut d_o) = (0isize, 0isize);
        for k in 0..rank {
            so += idx[k] as isize * src_strides[k] as isize;
            d_o += idx[k] as isize * dst_strides[k] as isize;
        }
        // SAFETY: offsets of in-range indices are valid (function contract).
        unsafe { std::ptr::copy_nonoverlapping(src.offset(so), dst.offset(d_o), elem) };
        // Odometer over the index space, last dimension fastest.
        let mut k = rank;
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < dims[k] {
                break;
            }
            idx[k] = 0;
        }
    }
}

pub(crate) fn shape_of(dims: &[i64]) -> Result<Vec<u64>> {
    dims.iter()
        .map(|&d| {
            u64::try_from(d).map_err(|_| PjrtError::invalid(format!("negative dimension {d}")))
        })
        .collect()
}

entry!(
    fn client_buffer_from_host_buffer(a: &mut PJRT_Client_BufferFromHostBuffer_Args) {
        let c = client(a.client)?;
        let dtype = dtype_from_pjrt(a.type_)?;
        // SAFETY: `dims` is the caller's array of `num_dims` int64.
        let shape = shape_of(unsafe { slice(a.dims, a.num_dims, "dims")? })?;
        // SAFETY: as above for `byte_strides`.
        let strides = unsafe { slice(a.byte_strides, a.num_byte_strides, "byte_strides")? };
        if !a.device_layout.is_null() {
            return Err(PjrtError::unimplemented(
                "BufferFromHostBuffer: device_layout is not supported (buffers are row-major)",
            ));
        }
        let (dev, mem) = placement(c, a.device, a.memory)?;
        let size = byte_size(dtype, &shape).ok_or_else(|| {
            PjrtError::invalid(format!("array of {shape:?} {dtype} is too large"))
        })?;
        let mut t = Tensor::try_zeros(dtype, &shape).ok_or_else(|| {
            PjrtError::new(
                PJRT_Error_Code_RESOURCE_EXHAUSTED,
                format!("cannot allocate {size} bytes"),
            )
        })?;
        if size > 0 {
            if a.data.is_null() {
                return Err(PjrtError::invalid("data is NULL"));
            }
            let src = a.data.cast::<u8>();
            let dense = dense_strides(&shape, dtype.size());
            if strides.is_empty() || strides == dense.as_slice() {
                // SAFETY: a dense host array of this type and shape holds `size` bytes.
                let bytes = unsafe { std::slice::from_raw_parts(src, size) };
                t.data.as_mut_slice().copy_from_slice(bytes);
            } else if strides.len() != shape.len() {
                return Err(PjrtError::invalid(format!(
                    "{} byte strides for {} dimensions",
                    strides.len(),
                    shape.len()
                )));
            } else {
                // SAFETY: the caller's strided view covers every in-range index (PJRT
                // contract); the destination is our dense array of exactly this shape.
                unsafe {
                    copy_strided(
                        src,
                        strides,
                        t.data.as_mut_ptr(),
                        &dense,
                        &shape,
                        dtype.size(),
                    )
                };
            }
        }
        // Copied already, whatever the host buffer semantics: the host buffer is free now.
        a.buffer = Buffer::new_raw(dev, mem, t);
        a.done_with_host_buffer = Event::ready();
        Ok(())
    }
);

entry!(
    fn buffer_destroy(a: &mut PJRT_Buffer_Args) {
        if !a.buffer.is_null() {
            // SAFETY: made by `Buffer::new_raw` (a Box); the caller gives it up here.
            drop(unsafe { Box::from_raw(a.buffer) });
        }
        Ok(())
    }
);

entry!(
    fn buffer_delete(a: &mut PJRT_Buffer_Args) {
        buffer(a.buffer)?.delete();
        Ok(())
    }
);

entry!(
    fn buffer_is_deleted(a: &mut PJRT_Buffer_Bool_Args) {
        a.value = buffer(a.buffer)?.is_deleted();
        Ok(())
    }
);

entry!(
    /// True: JAX's `np.asarray` then aliases the buffer's memory (holding an external
    /// reference, which keeps the memory alive and undonated) instead of copying it out.
    fn buffer_is_on_cpu(a: &mut PJRT_Buffer_Bool_Args) {
        buffer(a.buffer)?;
        a.value = true;
        Ok(())
    }
);

entry!(
    fn buffer_element_type(a: &mut PJRT_Buffer_ElementType_Args) {
        a.type_ = dtype_to_pjrt(buffer(a.buffer)?.dtype);
        Ok(())
    }
);

entry!(
    /// Buffer_Dimensions and Buffer_UnpaddedDimensions (no padding).
    fn buffer_dimensions(a: &mut PJRT_Buffer_Dimensions_Args) {
        let b = buffer(a.buffer)?;
        a.dims = b.dims.as_ptr();
        a.num_dims = b.dims.len();
        Ok(())
    }
);

entry!(
    fn buffer_dynamic_dimension_indices(a: &mut PJRT_Buffer_DynamicDimensionIndices_Args) {
        buffer(a.buffer)?;
        a.dynamic_dim_indices = std::ptr::null();
        a.num_dynamic_dims = 0;
        Ok(())
    }
);

entry!(
    fn buffer_on_device_size_in_bytes(a: &mut PJRT_Buffer_OnDeviceSizeInBytes_Args) {
        a.on_device_size_in_bytes = buffer(a.buffer)?.size_in_bytes();
        Ok(())
    }
);

entry!(
    fn buffer_device(a: &mut PJRT_Buffer_Device_Args) {
        a.device = buffer(a.buffer)?.device;
        Ok(())
    }
);

entry!(
    fn buffer_memory(a: &mut PJRT_Buffer_Memory_Args) {
        a.memory = buffer(a.buffer)?.memory;
        Ok(())
    }
);

entry!(
    /// Completes when the data is defined (at once for almost every buffer), or with the
    /// error of an error buffer or a failed transfer.
    fn buffer_ready_event(a: &mut PJRT_Buffer_ReadyEvent_Args) {
        a.event = match buffer(a.buffer)?.source() {
            Ok(Source::Deferred(d)) => d.event(),
            _ => Event::ready(),
        };
        Ok(())
    }
);

/// Byte strides and required size of the host layout the caller asks for.
pub(crate) fn host_strides(
    layout: &PJRT_Buffer_MemoryLayout,
    shape: &[u64],
    elem: usize,
) -> Result<Vec<i64>> {
    let rank = shape.len();
    match layout.type_ {
        PJRT_Buffer_MemoryLayout_Type_Tiled => {
            // SAFETY: the type tag says the union holds the tiled layout.
            let tiled = unsafe { &layout.layout.tiled };
            if tiled.num_tiles != 0 {
                return Err(PjrtError::unimplemented(
                    "ToHostBuffer: tiled host layouts are not supported",
                ));
            }
            // SAFETY: the caller's array of `minor_to_major_size` int64.
            let m2m = unsafe {
                slice(
                    tiled.minor_to_major,
                    tiled.minor_to_major_size,
                    "minor_to_major",
                )?
            };
            let mut seen = vec![false; rank];
            if m2m.len() != rank
                || !m2m.iter().all(|&d| {
                    usize::try_from(d)
                        .is_ok_and(|d| d < rank && !std::mem::replace(&mut seen[d], true))
                })
            {
                return Err(PjrtError::invalid(format!(
                    "minor_to_major {m2m:?} is not a permutation of 0..{rank}"
                )));
            }
            let mut strides = vec![0i64; rank];
            let mut s = elem as i64;
            for &d in m2m {
                strides[d as usize] = s;
                s = s.saturating_mul(shape[d as usize] as i64);
            }
            Ok(strides)
        }
        PJRT_Buffer_MemoryLayout_Type_Strides => {
            // SAFETY: the type tag says the union holds the strides layout.
            let st = unsafe { &layout.layout.strides };
            // SAFETY: the caller's array of `num_byte_strides` int64.
            let strides = unsafe { slice(st.byte_strides, st.num_byte_strides, "byte_strides")? };
            if strides.len() != rank {
                return Err(PjrtError::invalid(format!(
                    "{} byte strides for {rank} dimensions",
                    strides.len()
                )));
            }
            Ok(strides.to_vec())
        }
        t => Err(PjrtError::invalid(format!("unknown host layout type {t}"))),
    }
}

/// A pointer into the framework's memory that a deferred copy writes to.
struct HostPtr(*mut u8);

// SAFETY: the framework keeps the memory valid until the copy's event completes (the
// contract of ToHostBuffer, CopyRawToHost and their futures) and does not touch it
// meanwhile; only the one copy writes through it.
unsafe impl Send for HostPtr {}

/// Runs `copy` on the buffer's data: now for data that is there (errors returned at
/// once), else once it is defined, completing the returned event with the outcome (the
/// framework keeps the destination alive until then).
fn with_data(
    b: &Buffer,
    copy: impl FnOnce(&Tensor) -> Result<()> + Send + 'static,
) -> Result<*mut PJRT_Event> {
    match b.source()? {
        Source::Ready(t) => {
            copy(&t)?;
            Ok(Event::ready())
        }
        Source::Deferred(d) => {
            let event = Event::pending();
            let done = event.clone();
            d.when_done(move |data| {
                let _ = done.set(data.and_then(|t| copy(&t)).err());
            });
            Ok(event.into_raw())
        }
    }
}

entry!(
    /// For data still to come (async transfers, aliases), the copy happens when it arrives
    /// and the event completes then (or with the transfer's error).
    fn buffer_to_host_buffer(a: &mut PJRT_Buffer_ToHostBuffer_Args) {
        let b = buffer(a.src)?;
        let shape = shape_of(&b.dims)?;
        let elem = b.dtype.size();
        let dense = dense_strides(&shape, elem);
        // SAFETY: a non-NULL host layout is the caller's struct for this call.
        let strides = match unsafe { a.host_layout.as_ref() } {
            None => dense.clone(),
            Some(layout) => host_strides(layout, &shape, elem)?,
        };
        let empty = shape.contains(&0);
        let (lo, hi) = if empty {
            (0, 0)
        } else {
            extent(&shape, &strides, elem)
        };
        if lo < 0 {
            return Err(PjrtError::unimplemented(
                "ToHostBuffer: negative host strides are not supported",
            ));
        }
        let needed =
            usize::try_from(hi).map_err(|_| PjrtError::invalid("host layout too large"))?;
        if a.dst.is_null() {
            a.dst_size = needed;
            return Ok(());
        }
        if a.dst_size < needed {
            return Err(PjrtError::invalid(format!(
                "ToHostBuffer: dst_size {} < {needed} bytes needed",
                a.dst_size
            )));
        }
        let dst = HostPtr(a.dst.cast::<u8>());
        a.event = with_data(b, move |t| {
            let dst = dst;
            if empty {
                return Ok(());
            }
            if strides == dense {
                // SAFETY: `dst` has at least `needed` = the dense size bytes (checked).
                unsafe {
                    std::ptr::copy_nonoverlapping(t.bytes().as_ptr(), dst.0, t.bytes().len())
                };
            } else {
                // SAFETY: all offsets lie in [0, needed) <= dst_size (checked); the source is
                // our dense array of this shape; host memory is not ours, so no overlap.
                unsafe {
                    copy_strided(t.bytes().as_ptr(), &dense, dst.0, &strides, &t.shape, elem)
                };
            }
            Ok(())
        })?;
        Ok(())
    }
);

entry!(
    /// Pins the data: it stays valid (and is never donated) until the count is back at 0,
    /// even if the buffer is deleted meanwhile.
    fn buffer_increase_external_reference_count(a: &mut PJRT_Buffer_Args) {
        let b = buffer(a.buffer)?;
        let t = b.tensor()?;
        let mut ext = b.lock_external();
        ext.0 += 1;
        ext.1.get_or_insert(t);
        Ok(())
    }
);

entry!(
    fn buffer_decrease_external_reference_count(a: &mut PJRT_Buffer_Args) {
        let b = buffer(a.buffer)?;
        let mut ext = b.lock_external();
        ext.0 = ext
            .0
            .checked_sub(1)
            .ok_or_else(|| PjrtError::invalid("external reference count is already 0"))?;
        if ext.0 == 0 {
            ext.1 = None;
        }
        Ok(())
    }
);

entry!(
    fn buffer_opaque_device_memory_data_pointer(
        a: &mut PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args,
    ) {
        let t = buffer(a.buffer)?.tensor()?;
        // Stays valid while the buffer is neither deleted nor destroyed.
        a.device_memory_ptr = t.bytes().as_ptr() as *mut c_void;
        Ok(())
    }
);

entry!(
    fn buffer_unsafe_pointer(a: &mut PJRT_Buffer_UnsafePointer_Args) {
        let t = buffer(a.buffer)?.tensor()?;
        a.buffer_pointer = t.bytes().as_ptr() as usize;
        Ok(())
    }
);

entry!(
    fn buffer_copy_to_memory(a: &mut PJRT_Buffer_CopyToMemory_Args) {
        let b = buffer(a.buffer)?;
        let m = memory(a.dst_memory)?;
        let (dtype, dims) = (b.dtype, b.dims.clone());
        a.dst_buffer = derive(
            b,
            m.devices[0],
            a.dst_memory,
            dtype,
            dims,
            |t| Ok(t.clone()),
        )?;
        Ok(())
    }
);

entry!(
    fn buffer_copy_to_device(a: &mut PJRT_Buffer_CopyToDevice_Args) {
        let b = buffer(a.buffer)?;
        let d = device(a.dst_device)?;
        let (dtype, dims) = (b.dtype, b.dims.clone());
        a.dst_buffer = derive(b, a.dst_device, d.default_memory, dtype, dims, |t| {
            Ok(t.clone())
        })?;
        Ok(())
    }
);

/// A new buffer of `dtype[dims]` on `device`/`memory` holding `make(data of b)`: made now
/// if `b`'s data is there, else when it is defined (the new buffer's data then follows,
/// with `b`'s error if it fails).
fn derive(
    b: &Buffer,
    device: *mut PJRT_Device,
    memory: *mut PJRT_Memory,
    dtype: DType,
    dims: Vec<i64>,
    make: impl FnOnce(&Tensor) -> Result<Tensor> + Send + 'static,
) -> Result<*mut PJRT_Buffer> {
    match b.source()? {
        Source::Ready(t) => Ok(Buffer::new_raw(device, memory, make(&t)?)),
        Source::Deferred(d) => {
            let out = Definition::pending();
            let defined = out.clone();
            d.when_done(move |data| {
                let _ = defined.complete(data.and_then(|t| make(&t).map(Arc::new)));
            });
            Ok(Buffer::deferred(device, memory, dtype, dims, out, true))
        }
    }
}

/// The row-major shape a (dims, element type, layout) triple describes, or why pjrtc
/// cannot hold it.
pub(crate) fn dense_shape(
    dims: &[i64],
    element_type: PJRT_Buffer_Type,
    layout: *const PJRT_Buffer_MemoryLayout,
) -> Result<(DType, Vec<u64>)> {
    let dtype = dtype_from_pjrt(element_type)?;
    let shape = shape_of(dims)?;
    // SAFETY: a non-NULL layout is the caller's struct for this call.
    if let Some(layout) = unsafe { layout.as_ref() } {
        let strides = host_strides(layout, &shape, dtype.size())?;
        if !shape.contains(&0) && strides != dense_strides(&shape, dtype.size()) {
            return Err(PjrtError::unimplemented(
                "pjrtc buffers are dense row-major; this layout is not",
            ));
        }
    }
    Ok((dtype, shape))
}

/// The device and memory a buffer goes to: `memory` if given, else `device`'s default
/// memory, else device 0's.
pub(crate) fn placement(
    c: &super::client::Client,
    dev: *mut PJRT_Device,
    mem: *mut PJRT_Memory,
) -> Result<(*mut PJRT_Device, *mut PJRT_Memory)> {
    if !mem.is_null() {
        if !c.owns_memory(mem) {
            return Err(PjrtError::invalid("memory does not belong to this client"));
        }
        return Ok((memory(mem)?.devices[0], mem));
    }
    let dev = if dev.is_null() {
        c.default_device()
    } else {
        dev
    };
    if !c.owns_device(dev) {
        return Err(PjrtError::invalid("device does not belong to this client"));
    }
    Ok((dev, device(dev)?.default_memory))
}

/// The framework's on-delete callback and its argument, called once when the last user
/// of a view lets go of the memory.
struct OnDelete {
    callback: Option<unsafe extern "C" fn(*mut c_void, *mut c_void)>,
    ptr: *mut c_void,
    arg: *mut c_void,
}

// SAFETY: the PJRT contract lets the plugin call the on-delete callback from any thread;
// the pointers are only passed back to it.
unsafe impl Send for OnDelete {}

impl OnDelete {
    fn call(self) {
        if let Some(f) = self.callback {
            // SAFETY: the framework's callback with the pointers it gave us.
            unsafe { f(self.ptr, self.arg) }
        }
    }
}

entry!(
    /// A buffer over the caller's memory, without copying (DLPack import): the memory must
    /// stay valid until `on_delete_callback` runs, which happens once nothing uses it (the
    /// buffer deleted or destroyed, no execution reading it). Executions read it in place
    /// when it is 64-byte aligned and from an aligned copy otherwise; donating it to an
    /// execution copies it (the memory is not ours to hand to an output).
    fn client_create_view_of_device_buffer(a: &mut PJRT_Client_CreateViewOfDeviceBuffer_Args) {
        let c = client(a.client)?;
        // SAFETY: `dims` is the caller's array of `num_dims` int64.
        let dims = unsafe { slice(a.dims, a.num_dims, "dims")? };
        let (dtype, shape) = dense_shape(dims, a.element_type, a.layout)?;
        let memory_ptr = if a.struct_size >= PJRT_Client_CreateViewOfDeviceBuffer_Args::STRUCT_SIZE
        {
            a.memory
        } else {
            std::ptr::null_mut()
        };
        let (dev, mem) = placement(c, a.device, memory_ptr)?;
        let size = byte_size(dtype, &shape).ok_or_else(|| {
            PjrtError::invalid(format!("array of {shape:?} {dtype} is too large"))
        })?;
        let ptr = match NonNull::new(a.device_buffer_ptr.cast::<u8>()) {
            Some(p) => p,
            None if size == 0 => NonNull::dangling(),
            None => return Err(PjrtError::invalid("device_buffer_ptr is NULL")),
        };
        let on_delete = OnDelete {
            callback: a.on_delete_callback,
            ptr: a.device_buffer_ptr,
            arg: a.on_delete_callback_arg,
        };
        // SAFETY: the caller keeps `size` bytes at `ptr` valid until the on-delete callback
        // (the CreateViewOfDeviceBuffer contract), which runs when the view is dropped.
        let data = unsafe {
            crate::tensor::AlignedBytes::foreign(ptr, size, Box::new(move || on_delete.call()))
        };
        a.buffer = Buffer::new_raw(dev, mem, Tensor { dtype, shape, data });
        Ok(())
    }
);

entry!(
    /// A buffer whose contents are unspecified until written (zeros here).
    fn client_create_uninitialized_buffer(a: &mut PJRT_Client_CreateUninitializedBuffer_Args) {
        let c = client(a.client)?;
        // SAFETY: `shape_dims` is the caller's array of `shape_num_dims` int64.
        let dims = unsafe { slice(a.shape_dims, a.shape_num_dims, "shape_dims")? };
        let (dtype, shape) = dense_shape(dims, a.shape_element_type, a.shape_layout)?;
        let (dev, mem) = placement(c, a.device, a.memory)?;
        let t = Tensor::try_zeros(dtype, &shape).ok_or_else(|| {
            PjrtError::new(
                PJRT_Error_Code_RESOURCE_EXHAUSTED,
                format!("cannot allocate a {dtype}{shape:?} buffer"),
            )
        })?;
        a.buffer = Buffer::new_raw(dev, mem, t);
        Ok(())
    }
);

/// The byte range `[offset, offset + size)` of `b`'s dense data, checked.
fn raw_range(b: &Buffer, offset: i64, size: i64) -> Result<(usize, usize)> {
    let len = b.size_in_bytes();
    let (o, n) = (usize::try_from(offset), usize::try_from(size));
    match (o, n) {
        (Ok(o), Ok(n)) if o.checked_add(n).is_some_and(|end| end <= len) => Ok((o, n)),
        _ => Err(PjrtError::invalid(format!(
            "CopyRawToHost: bytes [{offset}, {offset} + {size}) are outside the buffer's {len} bytes"
        ))),
    }
}

entry!(
    /// Copies bytes `[offset, offset + transfer_size)` of the buffer's dense row-major
    /// data to `dst` (when the data is defined, for data still to come).
    fn buffer_copy_raw_to_host(a: &mut PJRT_Buffer_CopyRawToHost_Args) {
        let b = buffer(a.buffer)?;
        let (o, n) = raw_range(b, a.offset, a.transfer_size)?;
        if n > 0 && a.dst.is_null() {
            return Err(PjrtError::invalid("CopyRawToHost: dst is NULL"));
        }
        let dst = HostPtr(a.dst.cast::<u8>());
        a.event = with_data(b, move |t| {
            let dst = dst;
            if n > 0 {
                // SAFETY: the range is inside the data (checked against its size); `dst`
                // is the caller's memory of at least `transfer_size` bytes (API contract),
                // not ours, so no overlap.
                unsafe { std::ptr::copy_nonoverlapping(t.bytes()[o..].as_ptr(), dst.0, n) };
            }
            Ok(())
        })?;
        Ok(())
    }
);

/// What a deferred raw copy needs when the framework says where to copy to.
struct DeferredCopy {
    data: Source,
    offset: usize,
    size: usize,
    /// Completed once the copy is done (or failed); the framework holds its own handle.
    event: Event,
}

unsafe extern "C" fn deferred_copy_ready(args: *mut PJRT_Buffer_CopyRawToHostFuture_Callback_Args) {
    // A panic must not unwind into C; the copy itself cannot panic.
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: the framework passes its callback args struct for this call.
        let Some(a) = (unsafe { args.as_ref() }) else {
            return;
        };
        if a.callback_data.is_null() {
            return;
        }
        // SAFETY: made by `buffer_copy_raw_to_host_future` (a Box), handed back exactly once.
        let copy = unsafe { Box::from_raw(a.callback_data.cast::<DeferredCopy>()) };
        let failed = if a.error_code != PJRT_Error_Code_OK {
            // SAFETY: the caller's `(ptr, len)` message, live for the call.
            let m =
                unsafe { super::error::bytes(a.error_message, a.error_message_size, "message") }
                    .map(|m| String::from_utf8_lossy(m).into_owned())
                    .unwrap_or_default();
            Some(PjrtError::new(a.error_code, m))
        } else if a.dst.is_null() && copy.size > 0 {
            Some(PjrtError::invalid("CopyRawToHostFuture: dst is NULL"))
        } else {
            None
        };
        let DeferredCopy {
            data,
            offset,
            size,
            event,
        } = *copy;
        if let Some(e) = failed {
            let _ = event.set(Some(e));
            return;
        }
        let dst = HostPtr(a.dst.cast::<u8>());
        data.when_defined(move |t| {
            let dst = dst;
            let outcome = t.map(|t| {
                if size > 0 {
                    // SAFETY: the range was checked against the data's size; `dst` is the
                    // framework's memory of at least `size` bytes, valid until the event
                    // completes.
                    unsafe {
                        std::ptr::copy_nonoverlapping(t.bytes()[offset..].as_ptr(), dst.0, size)
                    };
                }
            });
            let _ = event.set(outcome.err());
        });
    });
}

entry!(
    /// CopyRawToHost where the destination is given later: the event completes when the
    /// framework calls `future_ready_callback` with `dst` and the copy is done.
    fn buffer_copy_raw_to_host_future(a: &mut PJRT_Buffer_CopyRawToHostFuture_Args) {
        let b = buffer(a.buffer)?;
        let (offset, size) = raw_range(b, a.offset, a.transfer_size)?;
        let event = Event::pending();
        a.event = event.clone().into_raw();
        a.callback_data = Box::into_raw(Box::new(DeferredCopy {
            data: b.source()?,
            offset,
            size,
            event,
        }))
        .cast::<c_void>();
        a.future_ready_callback = Some(deferred_copy_ready);
        Ok(())
    }
);

/// The `(code, message)` status of an args struct as a PJRT error, or `None` for OK.
///
/// # Safety
/// `(message, size)` is NULL/0 or the caller's string, live for the call.
unsafe fn status(
    code: PJRT_Error_Code,
    message: *const c_char,
    size: usize,
) -> Result<Option<PjrtError>> {
    if code == PJRT_Error_Code_OK {
        return Ok(None);
    }
    // SAFETY: per the contract above.
    let m = unsafe { super::error::bytes(message, size, "error_message")? };
    Ok(Some(PjrtError::new(
        code,
        String::from_utf8_lossy(m).into_owned(),
    )))
}

entry!(
    /// A buffer without memory whose ready event carries the given error; reading it or
    /// passing it to Execute fails with that error. Payloads are checked and dropped
    /// (pjrtc errors carry none).
    fn client_create_error_buffer(a: &mut PJRT_Client_CreateErrorBuffer_Args) {
        let c = client(a.client)?;
        // SAFETY: the caller's message for this call.
        let error = unsafe { status(a.error_code, a.error_message, a.error_message_size)? }
            .ok_or_else(|| PjrtError::invalid("CreateErrorBuffer: error_code is OK"))?;
        // SAFETY: the caller's array of `num_payload` named values.
        unsafe { slice(a.payload, a.num_payload, "payload")? };
        // SAFETY: `shape_dims` is the caller's array of `shape_num_dims` int64.
        let dims = unsafe { slice(a.shape_dims, a.shape_num_dims, "shape_dims")? };
        let (dtype, _) = dense_shape(dims, a.shape_element_type, a.shape_layout)?;
        let (dev, mem) = placement(c, std::ptr::null_mut(), a.memory)?;
        a.buffer = Buffer::deferred(
            dev,
            mem,
            dtype,
            dims.to_vec(),
            Definition::failed(error),
            false,
        );
        Ok(())
    }
);

entry!(
    /// A placeholder buffer of the given shape, defined later by `Client_FulfillAliasBuffer`
    /// with the promise returned here: it then shares another buffer's memory, or carries
    /// an error. Until then readers wait (Execute blocks; reads complete their events
    /// later).
    fn client_create_alias_buffer(a: &mut PJRT_Client_CreateAliasBuffer_Args) {
        let c = client(a.client)?;
        // SAFETY: `shape_dims` is the caller's array of `shape_num_dims` int64.
        let dims = unsafe { slice(a.shape_dims, a.shape_num_dims, "shape_dims")? };
        let (dtype, shape) = dense_shape(dims, a.shape_element_type, a.shape_layout)?;
        let (dev, mem) = placement(c, std::ptr::null_mut(), a.memory)?;
        let definition = Definition::pending();
        let key = c.promise_alias(super::client::AliasPromise {
            definition: definition.clone(),
            dtype,
            shape,
        });
        a.alias_buffer = Buffer::deferred(dev, mem, dtype, dims.to_vec(), definition, false);
        a.fulfill_alias_buffer_cb = key as *mut PJRT_FulfillAliasBufferCallback;
        Ok(())
    }
);

entry!(
    /// Keeps an alias buffer's promise (once): with status OK the alias becomes `buffer`
    /// (same type and shape; they share memory, and the alias is ready when `buffer` is),
    /// otherwise it carries the error.
    fn client_fulfill_alias_buffer(a: &mut PJRT_Client_FulfillAliasBuffer_Args) {
        let c = client(a.client)?;
        let key = a.fulfill_alias_buffer_cb as usize;
        // SAFETY: the caller's message for this call.
        let error = unsafe { status(a.status_code, a.error_message, a.error_message_size)? };
        let source = match &error {
            Some(_) => None,
            None => Some(buffer(a.buffer)?),
        };
        let promise = c.fulfil_alias(key, |p| match source {
            None => Ok(()),
            Some(b) => {
                if let Ok(Source::Deferred(d)) = b.source()
                    && Arc::ptr_eq(&d, &p.definition)
                {
                    return Err(PjrtError::invalid(
                        "FulfillAliasBuffer: an alias cannot be fulfilled with itself",
                    ));
                }
                let shape = shape_of(&b.dims)?;
                if b.dtype != p.dtype || shape != p.shape {
                    return Err(PjrtError::invalid(format!(
                        "FulfillAliasBuffer: the alias is a {}{:?}, the buffer a {}{shape:?}",
                        p.dtype, p.shape, b.dtype
                    )));
                }
                Ok(())
            }
        })?;
        match (error, source) {
            (Some(e), _) => promise.definition.fail(e),
            (None, Some(b)) => {
                let d = promise.definition;
                b.source()?.when_defined(move |t| {
                    let _ = d.complete(t);
                });
                Ok(())
            }
            (None, None) => Err(PjrtError::internal("no buffer to fulfil the alias with")),
        }
    }
);

/// What a donation waiting for its control dependency holds until the dependency is
/// ready: the donated data and the definition of the buffer that receives it.
struct ControlDependency {
    data: Source,
    out: Arc<Definition>,
}

unsafe extern "C" fn dependency_ready(
    args: *mut PJRT_Buffer_DonateWithControlDependency_Callback_Args,
) {
    // A panic must not unwind into C.
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: the framework passes its callback args struct for this call.
        let Some(a) = (unsafe { args.as_ref() }) else {
            return;
        };
        if a.callback_data.is_null() {
            return;
        }
        // SAFETY: made by `buffer_donate_with_control_dependency` (a Box), handed back once.
        let dep = unsafe { Box::from_raw(a.callback_data.cast::<ControlDependency>()) };
        // SAFETY: the framework's message for this call.
        match unsafe { status(a.error_code, a.error_message, a.error_message_size) } {
            Ok(None) => {
                let ControlDependency { data, out } = *dep;
                data.when_defined(move |t| {
                    let _ = out.complete(t);
                });
            }
            Ok(Some(e)) | Err(e) => {
                let _ = dep.out.fail(e);
            }
        }
    });
}

entry!(
    /// Donates the buffer (it reports deleted from now on) to a new buffer that holds the
    /// same data, ready once both the data and the caller's dependency are (the caller
    /// calls `dependency_ready_callback` with `callback_data` once), failing if either
    /// fails.
    fn buffer_donate_with_control_dependency(a: &mut PJRT_Buffer_DonateWithControlDependency_Args) {
        let b = buffer(a.buffer)?;
        let data = b.give_up()?;
        let out = Definition::pending();
        a.out_buffer = Buffer::deferred(
            b.device,
            b.memory,
            b.dtype,
            b.dims.clone(),
            out.clone(),
            true,
        );
        a.callback_data = Box::into_raw(Box::new(ControlDependency { data, out })).cast::<c_void>();
        a.dependency_ready_callback = Some(dependency_ready);
        Ok(())
    }
);

entry!(
    /// A new buffer of another element type and dimensions holding the same bytes (a
    /// copy; the byte sizes must be equal), in the default dense row-major layout.
    fn buffer_bitcast(a: &mut PJRT_Buffer_Bitcast_Args) {
        let b = buffer(a.buffer)?;
        // SAFETY: `dims` is the caller's array of `num_dims` int64.
        let dims = unsafe { slice(a.dims, a.num_dims, "dims")? };
        let (dtype, shape) = dense_shape(dims, a.element_type, a.device_layout)?;
        let size = byte_size(dtype, &shape).ok_or_else(|| {
            PjrtError::invalid(format!("Bitcast: a {dtype}{shape:?} is too large"))
        })?;
        if size != b.bytes {
            return Err(PjrtError::invalid(format!(
                "Bitcast: a {}{:?} buffer has {} bytes, a {dtype}{shape:?} needs {size}",
                b.dtype, b.dims, b.bytes
            )));
        }
        a.out_buffer = derive(b, b.device, b.memory, dtype, dims.to_vec(), move |t| {
            Ok(Tensor {
                dtype,
                shape,
                data: t.data.clone(),
            })
        })?;
        Ok(())
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dtype_maps_to_its_pjrt_type_and_back() {
        for d in DType::ALL {
            let t = dtype_to_pjrt(d);
            if matches!(d, DType::F6E2M3FN | DType::F6E3M2FN) {
                // PJRT 0.112 has no f6 buffer types.
                assert_eq!(t, PJRT_Buffer_Type_INVALID, "{d}");
                continue;
            }
            assert_eq!(dtype_from_pjrt(t).ok(), Some(d), "{d}");
        }
        // The header's numbering, for the types added last.
        assert_eq!(dtype_to_pjrt(DType::I4), 21);
        assert_eq!(dtype_to_pjrt(DType::U2), 25);
        assert_eq!(dtype_to_pjrt(DType::F8E5M2), 16);
        assert_eq!(dtype_to_pjrt(DType::F8E3M4), 27);
        assert_eq!(dtype_to_pjrt(DType::F4E2M1FN), 29);
        assert_eq!(dtype_to_pjrt(DType::C64), 14);
        assert_eq!(dtype_to_pjrt(DType::C128), 15);
        assert!(dtype_from_pjrt(PJRT_Buffer_Type_TOKEN).is_err());
    }
}

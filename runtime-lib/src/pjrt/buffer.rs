//! PJRT_Buffer: a dense row-major tensor in host memory, owned by one device's memory.
//! Transfers copy (synchronously), honouring the caller's byte strides in both directions.

use std::ffi::c_void;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex};

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
    data: Mutex<Option<Arc<Tensor>>>,
    /// External references (Buffer_IncreaseExternalReferenceCount: a host array aliases
    /// the memory) and, while there are any, the data they keep alive: the memory stays
    /// valid even if the buffer is deleted meanwhile, and is never donated.
    external: Mutex<(usize, Option<Arc<Tensor>>)>,
    /// Where this buffer's bytes are counted (Device_MemoryStats); `None` for views of
    /// foreign memory.
    counter: Option<Arc<MemoryCounter>>,
    bytes: usize,
}

impl Buffer {
    /// A new caller-owned buffer holding `tensor`.
    pub fn new_raw(
        device: *mut PJRT_Device,
        memory: *mut PJRT_Memory,
        tensor: Tensor,
    ) -> *mut PJRT_Buffer {
        let bytes = tensor.data.len();
        let counter = if tensor.data.is_foreign() {
            None
        } else {
            super::device::device(device)
                .ok()
                .map(|d| d.memory_counter.clone())
        };
        if let Some(c) = &counter {
            c.add(bytes);
        }
        Box::into_raw(Box::new(Buffer {
            device,
            memory,
            dtype: tensor.dtype,
            dims: tensor.shape.iter().map(|&d| d as i64).collect(),
            data: Mutex::new(Some(Arc::new(tensor))),
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

    fn lock_data(&self) -> std::sync::MutexGuard<'_, Option<Arc<Tensor>>> {
        // A poisoned lock still holds a valid `Option<Arc>`.
        self.data.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lock_external(&self) -> std::sync::MutexGuard<'_, (usize, Option<Arc<Tensor>>)> {
        self.external.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The data, or an error if the buffer was deleted (or donated).
    pub fn tensor(&self) -> Result<Arc<Tensor>> {
        self.lock_data()
            .clone()
            .ok_or_else(|| PjrtError::invalid("buffer has been deleted"))
    }

    pub fn is_deleted(&self) -> bool {
        self.lock_data().is_none()
    }

    /// Removes the data (the buffer then reports deleted), uncounting its bytes.
    fn take(&self) -> Option<Arc<Tensor>> {
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
    pub(crate) fn donate(&self) -> Option<Tensor> {
        let external = self.lock_external();
        if external.0 > 0 {
            return None;
        }
        let mut data = self.lock_data();
        let unique = data
            .as_ref()
            .is_some_and(|t| Arc::strong_count(t) == 1 && t.data.is_aligned());
        if !unique {
            return None;
        }
        // Nobody else holds the Arc and the lock keeps new clones out, so it unwraps.
        let t = Arc::try_unwrap(data.take()?).ok()?;
        if let Some(c) = &self.counter {
            c.sub(self.bytes);
        }
        Some(t)
    }

    fn size_in_bytes(&self) -> usize {
        let shape: Vec<u64> = self.dims.iter().map(|&d| d as u64).collect();
        byte_size(self.dtype, &shape).unwrap_or(0)
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
fn dense_strides(dims: &[u64], elem: usize) -> Vec<i64> {
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
unsafe fn copy_strided(
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

fn shape_of(dims: &[i64]) -> Result<Vec<u64>> {
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
    fn buffer_ready_event(a: &mut PJRT_Buffer_ReadyEvent_Args) {
        buffer(a.buffer)?;
        a.event = Event::ready();
        Ok(())
    }
);

/// Byte strides and required size of the host layout the caller asks for.
fn host_strides(layout: &PJRT_Buffer_MemoryLayout, shape: &[u64], elem: usize) -> Result<Vec<i64>> {
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

entry!(
    fn buffer_to_host_buffer(a: &mut PJRT_Buffer_ToHostBuffer_Args) {
        let b = buffer(a.src)?;
        let t = b.tensor()?;
        let elem = t.dtype.size();
        let dense = dense_strides(&t.shape, elem);
        // SAFETY: a non-NULL host layout is the caller's struct for this call.
        let strides = match unsafe { a.host_layout.as_ref() } {
            None => dense.clone(),
            Some(layout) => host_strides(layout, &t.shape, elem)?,
        };
        let empty = t.shape.contains(&0);
        let (lo, hi) = if empty {
            (0, 0)
        } else {
            extent(&t.shape, &strides, elem)
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
        if !empty {
            let dst = a.dst.cast::<u8>();
            if strides == dense {
                // SAFETY: `dst` has at least `needed` = the dense size bytes (checked).
                unsafe { std::ptr::copy_nonoverlapping(t.bytes().as_ptr(), dst, t.bytes().len()) };
            } else {
                // SAFETY: all offsets lie in [0, needed) <= dst_size (checked); the source is
                // our dense array of this shape; host memory is not ours, so no overlap.
                unsafe { copy_strided(t.bytes().as_ptr(), &dense, dst, &strides, &t.shape, elem) };
            }
        }
        a.event = Event::ready();
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
        let t = b.tensor()?;
        a.dst_buffer = Buffer::new_raw(m.devices[0], a.dst_memory, (*t).clone());
        Ok(())
    }
);

entry!(
    fn buffer_copy_to_device(a: &mut PJRT_Buffer_CopyToDevice_Args) {
        let b = buffer(a.buffer)?;
        let d = device(a.dst_device)?;
        let t = b.tensor()?;
        a.dst_buffer = Buffer::new_raw(a.dst_device, d.default_memory, (*t).clone());
        Ok(())
    }
);

/// The row-major shape a (dims, element type, layout) triple describes, or why pjrtc
/// cannot hold it.
fn dense_shape(
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
fn placement(
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
fn raw_range(b: &Buffer, offset: i64, size: i64) -> Result<(Arc<Tensor>, usize, usize)> {
    let t = b.tensor()?;
    let len = t.data.len();
    let (o, n) = (usize::try_from(offset), usize::try_from(size));
    match (o, n) {
        (Ok(o), Ok(n)) if o.checked_add(n).is_some_and(|end| end <= len) => Ok((t, o, n)),
        _ => Err(PjrtError::invalid(format!(
            "CopyRawToHost: bytes [{offset}, {offset} + {size}) are outside the buffer's {len} bytes"
        ))),
    }
}

entry!(
    /// Copies bytes `[offset, offset + transfer_size)` of the buffer's dense row-major
    /// data to `dst`.
    fn buffer_copy_raw_to_host(a: &mut PJRT_Buffer_CopyRawToHost_Args) {
        let (t, o, n) = raw_range(buffer(a.buffer)?, a.offset, a.transfer_size)?;
        if n > 0 {
            if a.dst.is_null() {
                return Err(PjrtError::invalid("CopyRawToHost: dst is NULL"));
            }
            // SAFETY: the range is inside the buffer (checked); `dst` is the caller's memory
            // of at least `transfer_size` bytes (API contract), not ours, so no overlap.
            unsafe { std::ptr::copy_nonoverlapping(t.bytes()[o..].as_ptr(), a.dst.cast(), n) };
        }
        a.event = Event::ready();
        Ok(())
    }
);

/// What a deferred raw copy needs when the framework says where to copy to.
struct DeferredCopy {
    data: Arc<Tensor>,
    offset: usize,
    size: usize,
    /// Completed once the copy is done (or failed); the framework owns its handle.
    event: *const Event,
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
        let outcome = if a.error_code != PJRT_Error_Code_OK {
            // SAFETY: the caller's `(ptr, len)` message, live for the call.
            let m =
                unsafe { super::error::bytes(a.error_message, a.error_message_size, "message") }
                    .map(|m| String::from_utf8_lossy(m).into_owned())
                    .unwrap_or_default();
            Some(PjrtError::new(a.error_code, m))
        } else if a.dst.is_null() && copy.size > 0 {
            Some(PjrtError::invalid("CopyRawToHostFuture: dst is NULL"))
        } else {
            if copy.size > 0 {
                // SAFETY: the range was checked against the data, which `copy` keeps alive;
                // `dst` is the framework's memory of at least `size` bytes.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        copy.data.bytes()[copy.offset..].as_ptr(),
                        a.dst.cast::<u8>(),
                        copy.size,
                    )
                };
            }
            None
        };
        // SAFETY: the framework destroys the event only after it completed (it waits on
        // it), and it completes here.
        let _ = unsafe { &*copy.event }.set(outcome);
    });
}

entry!(
    /// CopyRawToHost where the destination is given later: the event completes when the
    /// framework calls `future_ready_callback` with `dst` and the copy is done.
    fn buffer_copy_raw_to_host_future(a: &mut PJRT_Buffer_CopyRawToHostFuture_Args) {
        let (data, offset, size) = raw_range(buffer(a.buffer)?, a.offset, a.transfer_size)?;
        let event = Box::into_raw(Event::pending());
        a.event = event;
        a.callback_data = Box::into_raw(Box::new(DeferredCopy {
            data,
            offset,
            size,
            event,
        }))
        .cast::<c_void>();
        a.future_ready_callback = Some(deferred_copy_ready);
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

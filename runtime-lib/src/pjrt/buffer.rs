//! PJRT_Buffer: a dense row-major tensor in host memory, owned by one device's memory.
//! Transfers copy (synchronously), honouring the caller's byte strides in both directions.

use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::client::client;
use super::device::device;
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
    external_refs: AtomicUsize,
}

impl Buffer {
    /// A new caller-owned buffer holding `tensor`.
    pub fn new_raw(
        device: *mut PJRT_Device,
        memory: *mut PJRT_Memory,
        tensor: Tensor,
    ) -> *mut PJRT_Buffer {
        Box::into_raw(Box::new(Buffer {
            device,
            memory,
            dtype: tensor.dtype,
            dims: tensor.shape.iter().map(|&d| d as i64).collect(),
            data: Mutex::new(Some(Arc::new(tensor))),
            external_refs: AtomicUsize::new(0),
        }))
    }

    pub fn device(&self) -> *mut PJRT_Device {
        self.device
    }

    pub fn memory(&self) -> *mut PJRT_Memory {
        self.memory
    }

    /// The data, or an error if the buffer was deleted (or donated).
    pub fn tensor(&self) -> Result<Arc<Tensor>> {
        self.data
            .lock()
            .map_err(|_| PjrtError::internal("buffer lock poisoned"))?
            .clone()
            .ok_or_else(|| PjrtError::invalid("buffer has been deleted"))
    }

    pub fn is_deleted(&self) -> bool {
        self.data.lock().map(|d| d.is_none()).unwrap_or(true)
    }

    /// Drops the data; the handle stays valid and reports deleted (also after donation).
    pub(crate) fn delete(&self) {
        if let Ok(mut d) = self.data.lock() {
            *d = None;
        }
    }

    fn size_in_bytes(&self) -> usize {
        let shape: Vec<u64> = self.dims.iter().map(|&d| d as u64).collect();
        byte_size(self.dtype, &shape).unwrap_or(0)
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
        // Placement: the given memory, else the given device's default memory, else device 0.
        let (dev, mem) = if !a.memory.is_null() {
            if !c.owns_memory(a.memory) {
                return Err(PjrtError::invalid("memory does not belong to this client"));
            }
            let m = memory(a.memory)?;
            (m.devices[0], a.memory)
        } else {
            let dev = if a.device.is_null() {
                c.default_device()
            } else {
                a.device
            };
            if !c.owns_device(dev) {
                return Err(PjrtError::invalid("device does not belong to this client"));
            }
            (dev, device(dev)?.default_memory)
        };
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
    /// False: JAX then reads results through ToHostBuffer instead of aliasing our memory.
    fn buffer_is_on_cpu(a: &mut PJRT_Buffer_Bool_Args) {
        buffer(a.buffer)?;
        a.value = false;
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
    fn buffer_increase_external_reference_count(a: &mut PJRT_Buffer_Args) {
        buffer(a.buffer)?
            .external_refs
            .fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
);

entry!(
    fn buffer_decrease_external_reference_count(a: &mut PJRT_Buffer_Args) {
        let b = buffer(a.buffer)?;
        b.external_refs
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
            .map_err(|_| PjrtError::invalid("external reference count is already 0"))?;
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

//! PJRT_AsyncHostToDeviceTransferManager: buffers made first, their bytes sent later, in
//! chunks at any offsets (`TransferData`) or whole (`TransferLiteral`). Each buffer's data
//! is defined by its last transfer: until then its ready event is pending and readers
//! wait (see [`Definition`]); `SetBufferError` fails it instead, and destroying the
//! manager fails every buffer whose last transfer has not come, so nobody waits forever.
//! The copies themselves are synchronous: each transfer's done event is born complete.

use std::sync::{Arc, Mutex, MutexGuard};

use super::buffer::{
    Buffer, Definition, copy_strided, dense_shape, dense_strides, host_strides, placement, shape_of,
};
use super::client::client;
use super::error::{PjrtError, Result, bytes, entry, handle, slice};
use super::event::Event;
use super::ffi::*;
use crate::DType;
use crate::tensor::Tensor;

pub struct TransferManager {
    device: *mut PJRT_Device,
    buffers: Vec<Incoming>,
}

/// One buffer of a manager.
struct Incoming {
    dtype: DType,
    shape: Vec<u64>,
    definition: Arc<Definition>,
    /// The bytes received so far; `None` once complete (last transfer made, or failed).
    staging: Mutex<Option<Tensor>>,
    /// The buffer until RetrieveBuffer hands it to the framework.
    handle: Mutex<Option<OwnedBuffer>>,
}

/// A buffer this manager owns until it is retrieved.
struct OwnedBuffer(*mut PJRT_Buffer);

impl Drop for OwnedBuffer {
    fn drop(&mut self) {
        // SAFETY: made by `Buffer::deferred` (a Box) and never handed out (retrieving
        // takes it out of its slot without dropping it).
        drop(unsafe { Box::from_raw(self.0) });
    }
}

impl Incoming {
    fn staging(&self) -> MutexGuard<'_, Option<Tensor>> {
        // A poisoned lock still holds a valid `Option<Tensor>`.
        self.staging.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn size(&self) -> usize {
        crate::tensor::byte_size(self.dtype, &self.shape).unwrap_or(0)
    }
}

impl Drop for TransferManager {
    fn drop(&mut self) {
        for (i, b) in self.buffers.iter().enumerate() {
            if b.staging().take().is_some() {
                let _ = b.definition.fail(PjrtError::new(
                    PJRT_Error_Code_CANCELLED,
                    format!(
                        "the transfer manager was destroyed before buffer {i} received its last transfer"
                    ),
                ));
            }
        }
    }
}

impl TransferManager {
    /// Buffer `index`, or why there is none.
    fn buffer(&self, index: i32) -> Result<&Incoming> {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.buffers.get(i))
            .ok_or_else(|| {
                PjrtError::invalid(format!(
                    "buffer_index {index} is out of range: the transfer manager has {} buffers",
                    self.buffers.len()
                ))
            })
    }
}

fn manager<'a>(ptr: *mut PJRT_AsyncHostToDeviceTransferManager) -> Result<&'a TransferManager> {
    // SAFETY: the framework passes managers this plugin created and has not destroyed.
    unsafe { handle(ptr, "transfer_manager") }
}

/// The data of buffer `index` still being received (locked), or why none is.
fn receiving(b: &Incoming, index: i32) -> Result<MutexGuard<'_, Option<Tensor>>> {
    let staging = b.staging();
    if staging.is_none() {
        return Err(PjrtError::invalid(format!(
            "buffer {index} is complete: its last transfer was made or an error was set"
        )));
    }
    Ok(staging)
}

/// Completes buffer `b` with the data received (its last transfer).
fn finish(b: &Incoming, mut staging: MutexGuard<'_, Option<Tensor>>) -> Result<()> {
    let t = staging
        .take()
        .ok_or_else(|| PjrtError::internal("no data to finish"))?;
    drop(staging);
    b.definition.define(Arc::new(t))
}

entry!(
    /// One buffer per shape spec in `memory` (default: device 0's), each allocated now
    /// and defined by its last transfer.
    fn client_create_buffers_for_async_host_to_device(
        a: &mut PJRT_Client_CreateBuffersForAsyncHostToDevice_Args,
    ) {
        let c = client(a.client)?;
        // SAFETY: the caller's array of `num_shape_specs` specs.
        let specs = unsafe { slice(a.shape_specs, a.num_shape_specs, "shape_specs")? };
        // SAFETY: the caller's array of `num_device_layouts` layout pointers.
        let layouts = unsafe { slice(a.device_layouts, a.num_device_layouts, "device_layouts")? };
        if !layouts.is_empty() && layouts.len() != specs.len() {
            return Err(PjrtError::invalid(format!(
                "{} device layouts for {} shape specs",
                layouts.len(),
                specs.len()
            )));
        }
        let (device, memory) = placement(c, std::ptr::null_mut(), a.memory)?;
        let mut buffers = Vec::with_capacity(specs.len());
        for (i, spec) in specs.iter().enumerate() {
            // SAFETY: the spec's array of `num_dims` dims.
            let dims = unsafe { slice(spec.dims, spec.num_dims, "shape_specs.dims")? };
            let layout = layouts.get(i).copied().unwrap_or(std::ptr::null_mut());
            let (dtype, shape) = dense_shape(dims, spec.element_type, layout)
                .map_err(|e| PjrtError::new(e.code, format!("shape spec {i}: {}", e.message)))?;
            let t = Tensor::try_zeros(dtype, &shape).ok_or_else(|| {
                PjrtError::new(
                    PJRT_Error_Code_RESOURCE_EXHAUSTED,
                    format!("cannot allocate buffer {i}, a {dtype}{shape:?}"),
                )
            })?;
            let definition = Definition::pending();
            let handle = Buffer::deferred(
                device,
                memory,
                dtype,
                dims.to_vec(),
                definition.clone(),
                true,
            );
            buffers.push(Incoming {
                dtype,
                shape,
                definition,
                staging: Mutex::new(Some(t)),
                handle: Mutex::new(Some(OwnedBuffer(handle))),
            });
        }
        a.transfer_manager = Box::into_raw(Box::new(TransferManager { device, buffers }));
        Ok(())
    }
);

entry!(
    /// Frees the manager and the buffers not retrieved; buffers still waiting for their
    /// last transfer fail (CANCELLED).
    fn manager_destroy(a: &mut PJRT_AsyncHostToDeviceTransferManager_Destroy_Args) {
        if !a.transfer_manager.is_null() {
            // SAFETY: made by `client_create_buffers_for_async_host_to_device` (a Box);
            // the caller gives it up here.
            drop(unsafe { Box::from_raw(a.transfer_manager) });
        }
        Ok(())
    }
);

entry!(
    /// Copies `transfer_size` bytes to `[offset, offset + transfer_size)` of the buffer's
    /// dense row-major data; with `is_last_transfer`, the buffer's data is then defined.
    fn manager_transfer_data(a: &mut PJRT_AsyncHostToDeviceTransferManager_TransferData_Args) {
        let m = manager(a.transfer_manager)?;
        let b = m.buffer(a.buffer_index)?;
        let len = b.size();
        let range = usize::try_from(a.offset)
            .ok()
            .zip(usize::try_from(a.transfer_size).ok())
            .and_then(|(o, n)| Some((o, o.checked_add(n)?)))
            .filter(|&(_, end)| end <= len);
        let (start, end) = range.ok_or_else(|| {
            PjrtError::invalid(format!(
                "TransferData: bytes [{o}, {o} + {n}) are outside buffer {i}'s {len} bytes",
                o = a.offset,
                n = a.transfer_size,
                i = a.buffer_index
            ))
        })?;
        let mut staging = receiving(b, a.buffer_index)?;
        if end > start {
            // SAFETY: the caller's `transfer_size` bytes at `data`, live for the call.
            let src = unsafe { slice(a.data.cast::<u8>(), end - start, "data")? };
            if let Some(t) = staging.as_mut() {
                t.data.as_mut_slice()[start..end].copy_from_slice(src);
            }
        }
        if a.is_last_transfer {
            finish(b, staging)?;
        }
        a.done_with_h2d_transfer = Event::ready();
        Ok(())
    }
);

entry!(
    /// The whole buffer from a host literal of the buffer's shape, in `shape_layout`
    /// (NULL: dense row-major); the buffer's data is then defined.
    fn manager_transfer_literal(
        a: &mut PJRT_AsyncHostToDeviceTransferManager_TransferLiteral_Args,
    ) {
        let m = manager(a.transfer_manager)?;
        let b = m.buffer(a.buffer_index)?;
        // SAFETY: the caller's array of `shape_num_dims` dims.
        let dims = unsafe { slice(a.shape_dims, a.shape_num_dims, "shape_dims")? };
        let shape = shape_of(dims)?;
        let dtype = super::buffer::dtype_from_pjrt(a.shape_element_type)?;
        if dtype != b.dtype || shape != b.shape {
            return Err(PjrtError::invalid(format!(
                "TransferLiteral: a {dtype}{shape:?} literal for buffer {} of {}{:?}",
                a.buffer_index, b.dtype, b.shape
            )));
        }
        let elem = dtype.size();
        let dense = dense_strides(&shape, elem);
        // SAFETY: a non-NULL layout is the caller's struct for this call.
        let strides = match unsafe { a.shape_layout.as_ref() } {
            None => dense.clone(),
            Some(layout) => host_strides(layout, &shape, elem)?,
        };
        if strides.iter().any(|&s| s < 0) {
            return Err(PjrtError::unimplemented(
                "TransferLiteral: negative strides are not supported",
            ));
        }
        let mut staging = receiving(b, a.buffer_index)?;
        let len = b.size();
        if len > 0 {
            if a.data.is_null() {
                return Err(PjrtError::invalid("TransferLiteral: data is NULL"));
            }
            if let Some(t) = staging.as_mut() {
                // SAFETY: a literal of this shape in this layout covers every offset the
                // strides give for in-range indices (the TransferLiteral contract); the
                // destination is our dense array of exactly this shape.
                unsafe {
                    copy_strided(
                        a.data.cast::<u8>(),
                        &strides,
                        t.data.as_mut_ptr(),
                        &dense,
                        &shape,
                        elem,
                    )
                };
            }
        }
        finish(b, staging)?;
        a.done_with_h2d_transfer = Event::ready();
        Ok(())
    }
);

entry!(
    /// Hands buffer `buffer_index` to the caller (once); it becomes ready when its data
    /// has arrived.
    fn manager_retrieve_buffer(a: &mut PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args) {
        let m = manager(a.transfer_manager)?;
        let b = m.buffer(a.buffer_index)?;
        let owned = b
            .handle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .ok_or_else(|| {
                PjrtError::invalid(format!("buffer {} was already retrieved", a.buffer_index))
            })?;
        let ptr = owned.0;
        // The caller owns it now (Buffer_Destroy).
        std::mem::forget(owned);
        a.buffer_out = ptr;
        Ok(())
    }
);

entry!(
    fn manager_device(a: &mut PJRT_AsyncHostToDeviceTransferManager_Device_Args) {
        a.device_out = manager(a.transfer_manager)?.device;
        Ok(())
    }
);

entry!(
    fn manager_buffer_count(a: &mut PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args) {
        a.buffer_count = manager(a.transfer_manager)?.buffers.len();
        Ok(())
    }
);

entry!(
    /// Bytes of buffer `buffer_index` on the device (dense row-major).
    fn manager_buffer_size(a: &mut PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args) {
        a.buffer_size = manager(a.transfer_manager)?.buffer(a.buffer_index)?.size();
        Ok(())
    }
);

entry!(
    /// Fails buffer `buffer_index` with the given error (its readers get it) instead of
    /// waiting for more transfers.
    fn manager_set_buffer_error(a: &mut PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args) {
        let m = manager(a.transfer_manager)?;
        let b = m.buffer(a.buffer_index)?;
        if a.error_code == PJRT_Error_Code_OK {
            return Err(PjrtError::invalid("SetBufferError: error_code is OK"));
        }
        // SAFETY: the caller's `(ptr, len)` message, live for the call.
        let msg = unsafe { bytes(a.error_message, a.error_message_size, "error_message")? };
        let mut staging = receiving(b, a.buffer_index)?;
        *staging = None;
        drop(staging);
        b.definition.fail(PjrtError::new(
            a.error_code,
            String::from_utf8_lossy(msg).into_owned(),
        ))
    }
);

entry!(
    /// Transfer metadata (key-value pairs for the device's transfer engine) is checked
    /// and has no effect: host memory is written by plain copies.
    fn manager_add_metadata(a: &mut PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args) {
        manager(a.transfer_manager)?;
        // SAFETY: the caller's array of `num_metadata` named values.
        let metadata = unsafe { slice(a.transfer_metadata, a.num_metadata, "transfer_metadata")? };
        for v in metadata {
            // SAFETY: each value's `(name, name_size)` string, live for the call.
            unsafe { bytes(v.name, v.name_size, "metadata name")? };
        }
        Ok(())
    }
);

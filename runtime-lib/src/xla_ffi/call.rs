//! One custom call: the call frame, the handler's context, and running the handler.

use super::abi::*;
use super::api::{self, Future};
use super::registry::{self, Handler};
use crate::format::{CallAttr, CallBuffer, CustomCall};
use crate::kernels::Bases;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;

/// What the caller of an executable passes to its handlers: user data of the PJRT execute
/// context (`PJRT_FFI_UserData_Add`), the device, a run id.
#[derive(Clone, Debug, Default)]
pub struct CallEnv {
    /// `(type id, pointer)`.
    pub user_data: Vec<(i64, usize)>,
    pub device_ordinal: i32,
    pub run_id: i64,
}

/// Per-call-site state set by `instantiate` handlers (`XLA_FFI_State_Set`), kept for the
/// executable's lifetime. The states themselves are not freed: their deleters come with
/// type infos that handlers register with XLA's own registry, not with the call.
#[derive(Default)]
pub struct States {
    /// Call site (the step's address) -> whether it was instantiated, and its state.
    slots: Mutex<HashMap<usize, Slot>>,
}

struct Slot {
    instantiated: bool,
    /// `(type id, state)`.
    state: Option<(i64, usize)>,
}

/// `XLA_FFI_ExecutionContext` of one call.
pub struct CallContext<'a> {
    pub env: &'a CallEnv,
    site: usize,
    states: &'a States,
    stage: i32,
}

impl CallContext<'_> {
    pub(super) fn user_data(&self, type_id: i64) -> Option<*mut c_void> {
        self.env
            .user_data
            .iter()
            .find(|(t, _)| *t == type_id)
            .map(|&(_, p)| p as *mut c_void)
    }

    pub(super) fn set_state(
        &self,
        stage: i32,
        type_id: i64,
        state: *mut c_void,
    ) -> Result<(), String> {
        if stage != XLA_FFI_EXECUTION_STAGE_INSTANTIATE || self.stage != stage {
            return Err("state can only be set by an instantiate handler".into());
        }
        let mut slots = self.states.slots.lock().unwrap_or_else(|e| e.into_inner());
        let slot = slots.entry(self.site).or_insert(Slot {
            instantiated: false,
            state: None,
        });
        if slot.state.is_some() {
            return Err("the state of this call site is already set".into());
        }
        slot.state = Some((type_id, state as usize));
        Ok(())
    }

    pub(super) fn state(&self, stage: i32, type_id: i64) -> Result<*mut c_void, String> {
        if stage != XLA_FFI_EXECUTION_STAGE_INSTANTIATE {
            return Err(format!("no state for execution stage {stage}"));
        }
        let slots = self.states.slots.lock().unwrap_or_else(|e| e.into_inner());
        match slots.get(&self.site).and_then(|s| s.state) {
            Some((t, p)) if t == type_id => Ok(p as *mut c_void),
            Some((t, _)) => Err(format!("the state has type id {t}, not {type_id}")),
            None => Err("no instantiate state for this call site".into()),
        }
    }
}

/// Storage a call frame points into; every pointer stays valid while it lives.
// Boxed elements: the frame hands out pointers to them while the vectors still grow.
#[allow(clippy::vec_box)]
#[derive(Default)]
struct Frame {
    dims: Vec<Vec<i64>>,
    buffers: Vec<Box<XLA_FFI_Buffer>>,
    spans: Vec<Box<XLA_FFI_ByteSpan>>,
    scalars: Vec<Box<XLA_FFI_Scalar>>,
    arrays: Vec<Box<XLA_FFI_Array>>,
    bytes: Vec<Vec<u64>>,
    attr_lists: Vec<Box<AttrList>>,
}

/// One attribute dictionary: the `XLA_FFI_Attrs` and the arrays it points at.
struct AttrList {
    attrs: XLA_FFI_Attrs,
    types: Vec<i32>,
    names: Vec<*mut XLA_FFI_ByteSpan>,
    values: Vec<*mut c_void>,
}

impl Frame {
    /// `bytes` in 8-byte aligned storage that lives as long as the frame.
    fn store(&mut self, bytes: &[u8]) -> *mut c_void {
        let mut v = vec![0u64; bytes.len().div_ceil(8).max(1)];
        // SAFETY: `v` holds at least `bytes.len()` bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), v.as_mut_ptr().cast(), bytes.len())
        };
        let p = v.as_mut_ptr().cast();
        self.bytes.push(v);
        p
    }

    fn span(&mut self, s: &str) -> *mut XLA_FFI_ByteSpan {
        let p = self.store(s.as_bytes()).cast_const().cast();
        let mut b = Box::new(XLA_FFI_ByteSpan {
            ptr: p,
            len: s.len(),
        });
        let ptr: *mut XLA_FFI_ByteSpan = &mut *b;
        self.spans.push(b);
        ptr
    }

    fn buffer(&mut self, b: &CallBuffer, data: *mut u8) -> *mut c_void {
        let mut dims: Vec<i64> = b.dims.iter().map(|&d| d as i64).collect();
        let dims_ptr = dims.as_mut_ptr();
        self.dims.push(dims);
        let mut buf = Box::new(XLA_FFI_Buffer {
            struct_size: BUFFER_STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            dtype: super::data_type(b.dtype).unwrap_or(0),
            data: data.cast(),
            rank: b.dims.len() as i64,
            dims: dims_ptr,
        });
        let p: *mut XLA_FFI_Buffer = &mut *buf;
        self.buffers.push(buf);
        p.cast()
    }

    /// Little-endian bytes of integer `v` at `d`'s width.
    fn int_bytes(d: crate::DType, v: i64) -> Vec<u8> {
        let w = d.size().clamp(1, 8);
        v.to_le_bytes()[..w].to_vec()
    }

    fn float_bytes(d: crate::DType, v: f64) -> Vec<u8> {
        if d == crate::DType::F32 {
            (v as f32).to_le_bytes().to_vec()
        } else {
            v.to_le_bytes().to_vec()
        }
    }

    /// The attribute dictionary `attrs` (sorted by name).
    fn attrs(&mut self, attrs: &[(String, CallAttr)]) -> *mut XLA_FFI_Attrs {
        let mut sorted: Vec<&(String, CallAttr)> = attrs.iter().collect();
        sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let mut list = Box::new(AttrList {
            attrs: XLA_FFI_Attrs {
                struct_size: ATTRS_STRUCT_SIZE,
                extension_start: std::ptr::null_mut(),
                size: sorted.len() as i64,
                types: std::ptr::null_mut(),
                names: std::ptr::null_mut(),
                attrs: std::ptr::null_mut(),
            },
            types: Vec::new(),
            names: Vec::new(),
            values: Vec::new(),
        });
        for (name, a) in sorted {
            let n = self.span(name);
            let dt = |d: crate::DType| super::data_type(d).unwrap_or(0);
            let (ty, v): (i32, *mut c_void) = match a {
                CallAttr::Int(d, v) => {
                    let value = self.store(&Self::int_bytes(*d, *v));
                    let mut s = Box::new(XLA_FFI_Scalar {
                        dtype: dt(*d),
                        value,
                    });
                    let p: *mut XLA_FFI_Scalar = &mut *s;
                    self.scalars.push(s);
                    (XLA_FFI_ATTR_TYPE_SCALAR, p.cast())
                }
                CallAttr::Float(d, v) => {
                    let value = self.store(&Self::float_bytes(*d, *v));
                    let mut s = Box::new(XLA_FFI_Scalar {
                        dtype: dt(*d),
                        value,
                    });
                    let p: *mut XLA_FFI_Scalar = &mut *s;
                    self.scalars.push(s);
                    (XLA_FFI_ATTR_TYPE_SCALAR, p.cast())
                }
                CallAttr::Str(s) => (XLA_FFI_ATTR_TYPE_STRING, self.span(s).cast()),
                CallAttr::Ints(d, v) => {
                    let bytes: Vec<u8> = v.iter().flat_map(|&x| Self::int_bytes(*d, x)).collect();
                    let data = self.store(&bytes);
                    let mut a = Box::new(XLA_FFI_Array {
                        dtype: dt(*d),
                        size: v.len(),
                        data,
                    });
                    let p: *mut XLA_FFI_Array = &mut *a;
                    self.arrays.push(a);
                    (XLA_FFI_ATTR_TYPE_ARRAY, p.cast())
                }
                CallAttr::Floats(d, v) => {
                    let bytes: Vec<u8> = v.iter().flat_map(|&x| Self::float_bytes(*d, x)).collect();
                    let data = self.store(&bytes);
                    let mut a = Box::new(XLA_FFI_Array {
                        dtype: dt(*d),
                        size: v.len(),
                        data,
                    });
                    let p: *mut XLA_FFI_Array = &mut *a;
                    self.arrays.push(a);
                    (XLA_FFI_ATTR_TYPE_ARRAY, p.cast())
                }
                CallAttr::Dict(d) => (XLA_FFI_ATTR_TYPE_DICTIONARY, self.attrs(d).cast()),
            };
            list.types.push(ty);
            list.names.push(n);
            list.values.push(v);
        }
        list.attrs.types = list.types.as_mut_ptr();
        list.attrs.names = list.names.as_mut_ptr();
        list.attrs.attrs = list.values.as_mut_ptr();
        let p: *mut XLA_FFI_Attrs = &mut list.attrs;
        self.attr_lists.push(list);
        p
    }
}

/// Runs `c`'s handler: an artifact's own (`local`) before the process's.
///
/// # Safety
/// `c` was validated against the regions `bases` points at (buffer sizes, results
/// writable and disjoint from everything else).
pub unsafe fn call(
    c: &CustomCall,
    bases: &Bases,
    env: &CallEnv,
    states: &States,
    local: &HashMap<String, Handler>,
) -> Result<(), String> {
    let handler = local
        .get(&c.target)
        .copied()
        .or_else(|| registry::lookup(&c.target))
        .ok_or_else(|| {
            format!(
                "no XLA FFI handler is registered for custom call target '{}' (register it \
                 with jax.ffi.register_ffi_target(..., platform=\"pjrtc\"), or compile with \
                 `pjrtc compile --ffi-lib`)",
                c.target
            )
        })?;
    let mut frame = Frame::default();
    let mut arg_types = vec![XLA_FFI_ARG_TYPE_BUFFER; c.operands.len()];
    let mut args: Vec<*mut c_void> = c
        .operands
        .iter()
        .map(|b| frame.buffer(b, bases.ptr(&b.buf)))
        .collect();
    let mut ret_types = vec![XLA_FFI_RET_TYPE_BUFFER; c.results.len()];
    let mut rets: Vec<*mut c_void> = c
        .results
        .iter()
        .map(|b| frame.buffer(b, bases.ptr(&b.buf)))
        .collect();
    let attrs = frame.attrs(&c.attrs);
    let site = c as *const CustomCall as usize;
    let mut run = |stage: i32, with_buffers: bool| -> Result<(), String> {
        let mut ctx = CallContext {
            env,
            site,
            states,
            stage,
        };
        let n = |v: usize| if with_buffers { v as i64 } else { 0 };
        let mut cf = XLA_FFI_CallFrame {
            struct_size: CALL_FRAME_STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            api: api::api(),
            ctx: (&mut ctx as *mut CallContext).cast(),
            stage,
            args: XLA_FFI_Args {
                struct_size: ARGS_STRUCT_SIZE,
                extension_start: std::ptr::null_mut(),
                size: n(args.len()),
                types: arg_types.as_mut_ptr(),
                args: args.as_mut_ptr(),
            },
            rets: XLA_FFI_Rets {
                struct_size: RETS_STRUCT_SIZE,
                extension_start: std::ptr::null_mut(),
                size: n(rets.len()),
                types: ret_types.as_mut_ptr(),
                rets: rets.as_mut_ptr(),
            },
            // SAFETY: `attrs` points into `frame`, alive for this call.
            attrs: unsafe { std::ptr::read(attrs) },
            future: std::ptr::null_mut(),
        };
        let f = if stage == XLA_FFI_EXECUTION_STAGE_INSTANTIATE {
            handler
                .instantiate
                .expect("only called with an instantiate handler")
        } else {
            handler.execute
        };
        // SAFETY: the frame and everything it points at live until the call (and its
        // future) completes; the handler is an XLA FFI handler by its registration.
        let err = unsafe { f(&mut cf) };
        // SAFETY: a returned error is ours to take.
        if let Some(m) = unsafe { api::take_error(err) } {
            return Err(m);
        }
        if !cf.future.is_null() {
            // SAFETY: a future the handler created with XLA_FFI_Future_Create; once it has
            // completed nothing else uses it and it is freed here.
            let fut = unsafe { Box::from_raw(cf.future.cast::<Future>()) };
            fut.wait()?;
        }
        Ok(())
    };
    if handler.instantiate.is_some() {
        let first = {
            let mut slots = states.slots.lock().unwrap_or_else(|e| e.into_inner());
            let slot = slots.entry(site).or_insert(Slot {
                instantiated: false,
                state: None,
            });
            !std::mem::replace(&mut slot.instantiated, true)
        };
        if first {
            run(XLA_FFI_EXECUTION_STAGE_INSTANTIATE, false)?;
        }
    }
    run(XLA_FFI_EXECUTION_STAGE_EXECUTE, true)
}

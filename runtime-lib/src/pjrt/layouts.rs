//! The PJRT layouts extension (`pjrt_c_api_layouts_extension.h`, version 4): the memory
//! layouts of buffers, of an executable's parameters and results, and the default layout of
//! a shape.
//!
//! Why it is there: without it, jaxlib's C API client learns an executable's parameter and
//! output layouts from `GetHloModules`, which reads `Executable_OptimizedProgram` back and
//! converts the StableHLO to an HLO module, building an `xla::Literal` element by element
//! for every constant. With a network's weights closed over as constants that conversion
//! cost seconds per compile (ResNet-50 V2: ~3 s of 4.7), more than pjrtc's whole compile.
//!
//! Every pjrtc array is dense and row-major, so every layout here is the descending one:
//! `minor_to_major` = `rank-1, ..., 0`, in XLA's text form (`{1,0}`, `{}` for a scalar),
//! which is what `MemoryLayout_Serialize` hands out and jaxlib's `PjRtLayout::Deserialize`
//! parses. That is also what jaxlib assumed before (its fallbacks are descending layouts),
//! so nothing a client sees changes except the time.

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_int};

use super::buffer::buffer;
use super::client::client;
use super::error::{PjrtError, Result, entry};
use super::ffi::*;
use super::topology::topology;

/// `PJRT_Extension_Type_Layouts`.
pub const PJRT_EXTENSION_TYPE_LAYOUTS: c_int = 4;

/// pjrtc's `PJRT_Layouts_MemoryLayout`: a layout in XLA's text form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLayout {
    text: String,
}

impl MemoryLayout {
    /// The dense row-major layout of an array of rank `rank`.
    pub fn descending(rank: usize) -> MemoryLayout {
        let dims: Vec<String> = (0..rank).rev().map(|d| d.to_string()).collect();
        MemoryLayout {
            text: format!("{{{}}}", dims.join(",")),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The layouts of an executable's parameters or outputs, owned by the executable: the
/// client reads them through the pointer array and never destroys them (the header's
/// contract for executable layouts).
pub struct ExecutableLayouts {
    /// Never resized after construction, so `pointers` into it stay valid.
    layouts: Vec<MemoryLayout>,
    pointers: Vec<*mut MemoryLayout>,
}

impl ExecutableLayouts {
    /// Descending layouts for arrays of these ranks.
    pub fn descending(ranks: impl IntoIterator<Item = usize>) -> ExecutableLayouts {
        let mut layouts: Vec<MemoryLayout> =
            ranks.into_iter().map(MemoryLayout::descending).collect();
        let pointers = layouts.iter_mut().map(|l| l as *mut MemoryLayout).collect();
        ExecutableLayouts { layouts, pointers }
    }

    pub fn len(&self) -> usize {
        self.layouts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.layouts.is_empty()
    }

    /// The array the client reads: valid as long as the executable lives.
    fn pointers(&self) -> *mut *mut MemoryLayout {
        self.pointers.as_ptr().cast_mut()
    }
}

pub type PJRT_Layouts_MemoryLayout = MemoryLayout;
/// Backs the bytes `MemoryLayout_Serialize` hands out.
pub type PJRT_Layouts_SerializedLayout = String;

// The args structs of the extension, written from the header's facts.

#[repr(C)]
pub struct PJRT_Layouts_MemoryLayout_Destroy_Args {
    pub struct_size: usize,
    pub extension_start: *mut PJRT_Extension_Base,
    pub layout: *mut PJRT_Layouts_MemoryLayout,
}

#[repr(C)]
pub struct PJRT_Layouts_MemoryLayout_Serialize_Args {
    pub struct_size: usize,
    pub extension_start: *mut PJRT_Extension_Base,
    pub layout: *mut PJRT_Layouts_MemoryLayout,
    pub serialized_bytes: *const c_char,
    pub serialized_bytes_size: usize,
    pub serialized_layout: *mut PJRT_Layouts_SerializedLayout,
    pub serialized_layout_deleter: Option<unsafe extern "C" fn(*mut PJRT_Layouts_SerializedLayout)>,
}

#[repr(C)]
pub struct PJRT_Layouts_PJRT_Buffer_MemoryLayout_Args {
    pub struct_size: usize,
    pub extension_start: *mut PJRT_Extension_Base,
    pub buffer: *mut PJRT_Buffer,
    pub layout: *mut PJRT_Layouts_MemoryLayout,
}

#[repr(C)]
pub struct PJRT_Layouts_PJRT_Client_GetDefaultLayout_Args {
    pub struct_size: usize,
    pub extension_start: *mut PJRT_Extension_Base,
    pub client: *mut PJRT_Client,
    pub type_: PJRT_Buffer_Type,
    pub dims: *const i64,
    pub num_dims: usize,
    pub layout: *mut PJRT_Layouts_MemoryLayout,
}

#[repr(C)]
pub struct PJRT_Layouts_PJRT_Topology_GetDefaultLayout_Args {
    pub struct_size: usize,
    pub extension_start: *mut PJRT_Extension_Base,
    pub topology_description: *mut PJRT_TopologyDescription,
    pub type_: PJRT_Buffer_Type,
    pub dims: *const i64,
    pub num_dims: usize,
    pub layout: *mut PJRT_Layouts_MemoryLayout,
}

/// Executable_GetOutputLayouts and Executable_GetParameterLayouts.
#[repr(C)]
pub struct PJRT_Layouts_PJRT_Executable_GetLayouts_Args {
    pub struct_size: usize,
    pub extension_start: *mut PJRT_Extension_Base,
    pub executable: *mut PJRT_Executable,
    pub num_layouts: usize,
    pub layouts: *mut *mut PJRT_Layouts_MemoryLayout,
}

/// The header's unpadded struct sizes: every struct ends with a pointer-sized field.
macro_rules! struct_size {
    ($($t:ty),*) => {$(
        impl $t {
            pub const STRUCT_SIZE: usize = std::mem::size_of::<$t>();
        }
    )*};
}
struct_size!(
    PJRT_Layouts_MemoryLayout_Destroy_Args,
    PJRT_Layouts_MemoryLayout_Serialize_Args,
    PJRT_Layouts_PJRT_Buffer_MemoryLayout_Args,
    PJRT_Layouts_PJRT_Client_GetDefaultLayout_Args,
    PJRT_Layouts_PJRT_Topology_GetDefaultLayout_Args,
    PJRT_Layouts_PJRT_Executable_GetLayouts_Args
);

/// A fresh layout the caller owns (and frees with `MemoryLayout_Destroy`).
fn owned(layout: MemoryLayout) -> *mut MemoryLayout {
    Box::into_raw(Box::new(layout))
}

/// The rank of a `(dims, num_dims)` shape, checked for a NULL array.
fn rank(dims: *const i64, num_dims: usize) -> Result<usize> {
    if num_dims > 0 && dims.is_null() {
        return Err(PjrtError::invalid("dims is NULL"));
    }
    Ok(num_dims)
}

entry!(
    /// Frees a layout this extension handed to the caller (buffer or default layouts).
    fn memory_layout_destroy(a: &mut PJRT_Layouts_MemoryLayout_Destroy_Args) {
        if !a.layout.is_null() {
            // SAFETY: a layout from `owned`, destroyed once (executables' layouts are never
            // passed here: the client does not own them).
            drop(unsafe { Box::from_raw(a.layout) });
        }
        Ok(())
    }
);

unsafe extern "C" fn free_serialized(s: *mut PJRT_Layouts_SerializedLayout) {
    if !s.is_null() {
        // SAFETY: made by `memory_layout_serialize` from a `Box<String>`, freed once.
        drop(unsafe { Box::from_raw(s) });
    }
}

entry!(
    /// The layout's text; the bytes live until the caller calls the deleter.
    fn memory_layout_serialize(a: &mut PJRT_Layouts_MemoryLayout_Serialize_Args) {
        // SAFETY: a live layout of ours (owned by the caller or by an executable).
        let layout =
            unsafe { a.layout.as_ref() }.ok_or_else(|| PjrtError::invalid("layout is NULL"))?;
        let text = Box::new(layout.text.clone());
        a.serialized_bytes = text.as_ptr().cast();
        a.serialized_bytes_size = text.len();
        a.serialized_layout = Box::into_raw(text);
        a.serialized_layout_deleter = Some(free_serialized);
        Ok(())
    }
);

entry!(
    fn buffer_memory_layout(a: &mut PJRT_Layouts_PJRT_Buffer_MemoryLayout_Args) {
        let b = buffer(a.buffer)?;
        a.layout = owned(MemoryLayout::descending(b.rank()));
        Ok(())
    }
);

entry!(
    fn client_default_layout(a: &mut PJRT_Layouts_PJRT_Client_GetDefaultLayout_Args) {
        client(a.client)?;
        a.layout = owned(MemoryLayout::descending(rank(a.dims, a.num_dims)?));
        Ok(())
    }
);

entry!(
    fn topology_default_layout(a: &mut PJRT_Layouts_PJRT_Topology_GetDefaultLayout_Args) {
        topology(a.topology_description)?;
        a.layout = owned(MemoryLayout::descending(rank(a.dims, a.num_dims)?));
        Ok(())
    }
);

entry!(
    fn executable_output_layouts(a: &mut PJRT_Layouts_PJRT_Executable_GetLayouts_Args) {
        let layouts = super::executable::output_layouts(a.executable)?;
        a.num_layouts = layouts.len();
        a.layouts = layouts.pointers();
        Ok(())
    }
);

entry!(
    fn executable_parameter_layouts(a: &mut PJRT_Layouts_PJRT_Executable_GetLayouts_Args) {
        let layouts = super::executable::parameter_layouts(a.executable)?;
        a.num_layouts = layouts.len();
        a.layouts = layouts.pointers();
        Ok(())
    }
);

/// `PJRT_Layouts_Extension`.
#[repr(C)]
pub struct PJRT_Layouts_Extension {
    pub base: PJRT_Extension_Base,
    pub memory_layout_destroy: StubFn,
    pub memory_layout_serialize: StubFn,
    pub client_default_layout: StubFn,
    pub buffer_memory_layout: StubFn,
    pub topology_default_layout: StubFn,
    pub executable_output_layouts: StubFn,
    pub executable_parameter_layouts: StubFn,
}

/// The first extension of the chain; the shardings and FFI extensions follow it.
pub(crate) static LAYOUTS_EXTENSION: StaticExtension<PJRT_Layouts_Extension> =
    StaticExtension(PJRT_Layouts_Extension {
        base: PJRT_Extension_Base {
            struct_size: std::mem::size_of::<PJRT_Layouts_Extension>(),
            type_: PJRT_EXTENSION_TYPE_LAYOUTS,
            next: (&raw const super::shardings::SHARDINGS_EXTENSION.0.base).cast_mut(),
        },
        memory_layout_destroy,
        memory_layout_serialize,
        client_default_layout,
        buffer_memory_layout,
        topology_default_layout,
        executable_output_layouts,
        executable_parameter_layouts,
    });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_header() {
        assert_eq!(PJRT_Layouts_MemoryLayout_Destroy_Args::STRUCT_SIZE, 24);
        assert_eq!(PJRT_Layouts_MemoryLayout_Serialize_Args::STRUCT_SIZE, 56);
        assert_eq!(PJRT_Layouts_PJRT_Buffer_MemoryLayout_Args::STRUCT_SIZE, 32);
        assert_eq!(
            PJRT_Layouts_PJRT_Client_GetDefaultLayout_Args::STRUCT_SIZE,
            56
        );
        assert_eq!(
            PJRT_Layouts_PJRT_Topology_GetDefaultLayout_Args::STRUCT_SIZE,
            56
        );
        assert_eq!(
            PJRT_Layouts_PJRT_Executable_GetLayouts_Args::STRUCT_SIZE,
            40
        );
        // base (24) + seven function pointers, in the header's order.
        assert_eq!(std::mem::size_of::<PJRT_Layouts_Extension>(), 24 + 7 * 8);
        assert_eq!(
            std::mem::offset_of!(PJRT_Layouts_Extension, executable_output_layouts),
            64
        );
    }

    #[test]
    fn layouts_are_xla_text() {
        assert_eq!(MemoryLayout::descending(0).text(), "{}");
        assert_eq!(MemoryLayout::descending(1).text(), "{0}");
        assert_eq!(MemoryLayout::descending(4).text(), "{3,2,1,0}");
    }

    #[test]
    fn serialize_hands_out_bytes_until_deleted() {
        let layout = owned(MemoryLayout::descending(2));
        let mut a = PJRT_Layouts_MemoryLayout_Serialize_Args {
            struct_size: PJRT_Layouts_MemoryLayout_Serialize_Args::STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            layout,
            serialized_bytes: std::ptr::null(),
            serialized_bytes_size: 0,
            serialized_layout: std::ptr::null_mut(),
            serialized_layout_deleter: None,
        };
        // SAFETY: `a` is this function's args struct.
        let err = unsafe { memory_layout_serialize((&raw mut a).cast()) };
        assert!(err.is_null());
        // SAFETY: the bytes live until the deleter runs.
        let text = unsafe {
            std::slice::from_raw_parts(a.serialized_bytes.cast::<u8>(), a.serialized_bytes_size)
        };
        assert_eq!(text, b"{1,0}");
        // SAFETY: the deleter and object the call handed out, called once.
        unsafe { (a.serialized_layout_deleter.unwrap())(a.serialized_layout) };
        let mut d = PJRT_Layouts_MemoryLayout_Destroy_Args {
            struct_size: PJRT_Layouts_MemoryLayout_Destroy_Args::STRUCT_SIZE,
            extension_start: std::ptr::null_mut(),
            layout,
        };
        // SAFETY: as above; the layout was made by `owned` and is destroyed once.
        assert!(unsafe { memory_layout_destroy((&raw mut d).cast()) }.is_null());
    }

    #[test]
    fn null_dims_with_a_rank_is_an_error() {
        assert!(rank(std::ptr::null(), 2).is_err());
        assert_eq!(rank(std::ptr::null(), 0).unwrap(), 0);
    }
}

//! Drives the built plugin exactly as a framework does: dlopen the `.so`, `GetPjrtApi`,
//! then only the C function table (our own `#[repr(C)]` definitions of API 0.112).

use std::ffi::{CStr, c_void};
use std::path::PathBuf;
use std::ptr::{null, null_mut};

use pjrtc_runtime::pjrt::api::{PJRT_Api, SLOT_NAMES};
use pjrtc_runtime::pjrt::ffi::*;

/// The cdylib cargo built next to this test's `deps/` directory.
fn plugin_path() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    for dir in [deps, deps.parent().unwrap()] {
        let p = dir.join("libpjrtc_pjrt_plugin.so");
        if p.exists() {
            return p;
        }
    }
    panic!("libpjrtc_pjrt_plugin.so not found near {}", exe.display());
}

struct Plugin {
    api: &'static PJRT_Api,
}

impl Plugin {
    fn load() -> Plugin {
        let path = std::ffi::CString::new(plugin_path().to_str().unwrap()).unwrap();
        // SAFETY: dlopen/dlsym with valid C strings; the library is never unloaded, so the
        // table it returns lives for the process.
        unsafe {
            let lib = libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL);
            assert!(
                !lib.is_null(),
                "dlopen failed: {:?}",
                CStr::from_ptr(libc::dlerror())
            );
            let sym = libc::dlsym(lib, c"GetPjrtApi".as_ptr());
            assert!(!sym.is_null(), "GetPjrtApi is not exported");
            let get: extern "C" fn() -> *const PJRT_Api = std::mem::transmute(sym);
            Plugin { api: &*get() }
        }
    }

    /// Calls a slot with `args` (its `struct_size` set here); an error becomes
    /// `Err((code, message))` and is destroyed through the API.
    fn call<T>(&self, f: StubFn, args: &mut T, size: usize) -> Result<(), (i32, String)> {
        // SAFETY: every args struct starts with `struct_size`.
        unsafe { *(args as *mut T as *mut usize) = size };
        // SAFETY: `f` is a slot of the plugin and `args` the struct that slot takes.
        let err = unsafe { f(args as *mut T as *mut c_void) };
        if err.is_null() {
            Ok(())
        } else {
            Err(self.take_error(err))
        }
    }

    fn take_error(&self, err: *mut PJRT_Error) -> (i32, String) {
        let api = self.api;
        let mut code = PJRT_Error_GetCode_Args {
            struct_size: 0,
            extension_start: null_mut(),
            error: err,
            code: 0,
        };
        self.call(
            api.PJRT_Error_GetCode,
            &mut code,
            PJRT_Error_GetCode_Args::STRUCT_SIZE,
        )
        .unwrap();
        let mut msg = PJRT_Error_Message_Args {
            struct_size: 0,
            extension_start: null_mut(),
            error: err,
            message: null(),
            message_size: 0,
        };
        self.call(
            api.PJRT_Error_Message,
            &mut msg,
            PJRT_Error_Message_Args::STRUCT_SIZE,
        )
        .unwrap();
        // SAFETY: the message lives as long as the error, which is destroyed below.
        let text =
            unsafe { std::slice::from_raw_parts(msg.message.cast::<u8>(), msg.message_size) };
        let text = String::from_utf8_lossy(text).into_owned();
        let mut destroy = PJRT_Error_Destroy_Args {
            struct_size: 0,
            extension_start: null_mut(),
            error: err,
        };
        self.call(
            api.PJRT_Error_Destroy,
            &mut destroy,
            PJRT_Error_Destroy_Args::STRUCT_SIZE,
        )
        .unwrap();
        (code.code, text)
    }
}

/// Zero-initialized args; every PJRT args struct is plain data for which all-zero is valid.
fn zeroed<T>() -> T {
    // SAFETY: PJRT args structs hold integers, raw pointers and Option<fn>, all valid as 0.
    unsafe { std::mem::zeroed() }
}

macro_rules! call {
    ($p:expr, $slot:ident, $args:expr) => {{
        let a = &mut $args;
        $p.call($p.api.$slot, a, struct_size_of(a))
    }};
}

/// The unpadded size of an args struct, as the header's `*_STRUCT_SIZE` constants.
trait StructSize {
    const SIZE: usize;
}
macro_rules! sizes {
    ($($t:ty),*) => { $(impl StructSize for $t { const SIZE: usize = <$t>::STRUCT_SIZE; })* };
}
sizes!(
    PJRT_Plugin_Initialize_Args,
    PJRT_Plugin_Attributes_Args,
    PJRT_Client_Create_Args,
    PJRT_Client_Args,
    PJRT_Client_String_Args,
    PJRT_Client_Devices_Args,
    PJRT_Device_GetDescription_Args,
    PJRT_DeviceDescription_String_Args,
    PJRT_DeviceDescription_Int_Args,
    PJRT_Device_DefaultMemory_Args,
    PJRT_Memory_String_Args,
    PJRT_Client_BufferFromHostBuffer_Args,
    PJRT_Event_Args,
    PJRT_Event_OnReady_Args,
    PJRT_Event_IsReady_Args,
    PJRT_Buffer_Args,
    PJRT_Buffer_Dimensions_Args,
    PJRT_Buffer_ElementType_Args,
    PJRT_Buffer_ToHostBuffer_Args,
    PJRT_Buffer_Bool_Args,
    PJRT_Executable_DeserializeAndLoad_Args,
    PJRT_LoadedExecutable_GetExecutable_Args,
    PJRT_Executable_Count_Args,
    PJRT_Executable_OutputElementTypes_Args,
    PJRT_Executable_OutputDimensions_Args,
    PJRT_Executable_Serialize_Args,
    PJRT_Executable_OptimizedProgram_Args,
    PJRT_Executable_Destroy_Args,
    PJRT_LoadedExecutable_Args,
    PJRT_LoadedExecutable_Execute_Args,
    PJRT_ExecuteOptions,
    PJRT_Client_Compile_Args,
    PJRT_Program,
    PJRT_Executable_String_Args,
    PJRT_Buffer_Memory_Args,
    PJRT_Buffer_Device_Args,
    PJRT_Buffer_CopyToDevice_Args,
    PJRT_Buffer_CopyToMemory_Args,
    PJRT_Device_AddressableMemories_Args,
    PJRT_Memory_AddressableByDevices_Args,
    PJRT_Client_AddressableMemories_Args,
    PJRT_LoadedExecutable_AddressableDevices_Args,
    PJRT_LoadedExecutable_GetDeviceAssignment_Args,
    PJRT_TopologyDescription_Create_Args,
    PJRT_TopologyDescription_Destroy_Args,
    PJRT_TopologyDescription_String_Args,
    PJRT_TopologyDescription_GetDeviceDescriptions_Args,
    PJRT_TopologyDescription_Serialize_Args,
    PJRT_TopologyDescription_Deserialize_Args,
    PJRT_Client_TopologyDescription_Args,
    PJRT_Compile_Args,
    PJRT_Executable_GetCompiledMemoryStats_Args,
    PJRT_Executable_GetCostAnalysis_Args,
    PJRT_Executable_GetCompileOptions_Args,
    PJRT_Buffer_UnsafePointer_Args,
    PJRT_Client_CreateViewOfDeviceBuffer_Args,
    PJRT_Buffer_CopyRawToHost_Args,
    PJRT_Buffer_CopyRawToHostFuture_Args,
    PJRT_Device_MemoryStats_Args,
    PJRT_Event_Create_Args,
    PJRT_Event_Set_Args,
    PJRT_Buffer_ReadyEvent_Args,
    PJRT_Client_CreateBuffersForAsyncHostToDevice_Args,
    PJRT_AsyncHostToDeviceTransferManager_Destroy_Args,
    PJRT_AsyncHostToDeviceTransferManager_TransferData_Args,
    PJRT_AsyncHostToDeviceTransferManager_TransferLiteral_Args,
    PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args,
    PJRT_AsyncHostToDeviceTransferManager_Device_Args,
    PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args,
    PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args,
    PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args,
    PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args,
    PJRT_Client_CreateErrorBuffer_Args,
    PJRT_Client_CreateAliasBuffer_Args,
    PJRT_Client_FulfillAliasBuffer_Args,
    PJRT_Buffer_DonateWithControlDependency_Args,
    PJRT_Buffer_Bitcast_Args,
    PJRT_Client_DmaMap_Args,
    PJRT_Client_DmaUnmap_Args,
    PJRT_Client_Load_Args,
    PJRT_Device_ClearMemoryStats_Args,
    PJRT_Device_PoisonExecution_Args,
    PJRT_Device_CreateAsyncTrackingEvent_Args,
    PJRT_AsyncTrackingEvent_Destroy_Args,
    PJRT_Executable_ParameterMemoryKinds_Args,
    PJRT_TopologyDescription_Fingerprint_Args,
    PJRT_TopologyDescription_GetMemorySpaceKindIds_Args,
    PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace_Args
);
fn struct_size_of<T: StructSize>(_: &T) -> usize {
    T::SIZE
}

const MLIR: &str = r#"
func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<2x3xf32>
  %1 = stablehlo.add %0, %a : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
"#;

fn f32s(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

struct Session<'p> {
    p: &'p Plugin,
    client: *mut PJRT_Client,
}

/// A create option `name` = `value` (int64).
fn int_option(name: &'static str, value: i64) -> PJRT_NamedValue {
    let mut o: PJRT_NamedValue = zeroed();
    o.struct_size = PJRT_NamedValue::STRUCT_SIZE;
    o.name = name.as_ptr().cast();
    o.name_size = name.len();
    o.type_ = PJRT_NamedValue_kInt64;
    o.value.int64_value = value;
    o.value_size = 1;
    o
}

fn create_client(
    p: &Plugin,
    options: &[PJRT_NamedValue],
) -> Result<*mut PJRT_Client, (i32, String)> {
    let mut init: PJRT_Plugin_Initialize_Args = zeroed();
    call!(p, PJRT_Plugin_Initialize, init).unwrap();
    let mut create: PJRT_Client_Create_Args = zeroed();
    create.create_options = options.as_ptr();
    create.num_options = options.len();
    call!(p, PJRT_Client_Create, create)?;
    assert!(!create.client.is_null());
    Ok(create.client)
}

impl<'p> Session<'p> {
    fn new(p: &'p Plugin) -> Session<'p> {
        Session {
            p,
            client: create_client(p, &[]).unwrap(),
        }
    }

    /// A client with `n` devices (the `num_devices` create option).
    fn with_devices(p: &'p Plugin, n: i64) -> Session<'p> {
        Session {
            p,
            client: create_client(p, &[int_option("num_devices", n)]).unwrap(),
        }
    }

    fn devices(&self) -> Vec<*mut PJRT_Device> {
        let mut d: PJRT_Client_Devices_Args = zeroed();
        d.client = self.client;
        call!(self.p, PJRT_Client_AddressableDevices, d).unwrap();
        // SAFETY: the plugin returned an array of `num_devices` devices.
        unsafe { std::slice::from_raw_parts(d.devices, d.num_devices) }.to_vec()
    }

    fn buffer_place(&self, b: *mut PJRT_Buffer) -> (*mut PJRT_Device, *mut PJRT_Memory) {
        let mut d: PJRT_Buffer_Device_Args = zeroed();
        d.buffer = b;
        call!(self.p, PJRT_Buffer_Device, d).unwrap();
        let mut m: PJRT_Buffer_Memory_Args = zeroed();
        m.buffer = b;
        call!(self.p, PJRT_Buffer_Memory, m).unwrap();
        (d.device, m.memory)
    }

    fn default_memory(&self, dev: *mut PJRT_Device) -> *mut PJRT_Memory {
        let mut dm: PJRT_Device_DefaultMemory_Args = zeroed();
        dm.device = dev;
        call!(self.p, PJRT_Device_DefaultMemory, dm).unwrap();
        dm.memory
    }

    fn device(&self) -> *mut PJRT_Device {
        let mut d: PJRT_Client_Devices_Args = zeroed();
        d.client = self.client;
        call!(self.p, PJRT_Client_AddressableDevices, d).unwrap();
        assert_eq!(d.num_devices, 1);
        // SAFETY: the plugin returned an array of `num_devices` devices.
        unsafe { *d.devices }
    }

    /// Uploads `data` (of `dims`, optional byte strides) and waits on the done event.
    fn upload(
        &self,
        ty: PJRT_Buffer_Type,
        data: &[u8],
        dims: &[i64],
        strides: Option<&[i64]>,
    ) -> *mut PJRT_Buffer {
        let mut a: PJRT_Client_BufferFromHostBuffer_Args = zeroed();
        a.client = self.client;
        a.data = data.as_ptr().cast();
        a.type_ = ty;
        a.dims = dims.as_ptr();
        a.num_dims = dims.len();
        if let Some(s) = strides {
            a.byte_strides = s.as_ptr();
            a.num_byte_strides = s.len();
        }
        a.host_buffer_semantics = 2;
        call!(self.p, PJRT_Client_BufferFromHostBuffer, a).unwrap();
        assert!(!a.buffer.is_null() && !a.done_with_host_buffer.is_null());
        // OnReady must call back at once (already complete) with no error.
        unsafe extern "C" fn on_ready(err: *mut PJRT_Error, user: *mut c_void) {
            assert!(err.is_null());
            // SAFETY: `user` is the `bool` below.
            unsafe { *(user as *mut bool) = true };
        }
        let mut fired = false;
        let mut r: PJRT_Event_OnReady_Args = zeroed();
        r.event = a.done_with_host_buffer;
        r.callback = Some(on_ready);
        r.user_arg = (&mut fired as *mut bool).cast();
        call!(self.p, PJRT_Event_OnReady, r).unwrap();
        assert!(fired);
        self.destroy_event(a.done_with_host_buffer);
        a.buffer
    }

    fn destroy_event(&self, e: *mut PJRT_Event) {
        let mut ready: PJRT_Event_IsReady_Args = zeroed();
        ready.event = e;
        call!(self.p, PJRT_Event_IsReady, ready).unwrap();
        assert!(ready.is_ready);
        let mut d: PJRT_Event_Args = zeroed();
        d.event = e;
        call!(self.p, PJRT_Event_Await, d).unwrap();
        call!(self.p, PJRT_Event_Error, d).unwrap();
        call!(self.p, PJRT_Event_Destroy, d).unwrap();
    }

    /// Reads a buffer back, optionally in a host layout given as minor_to_major.
    fn download(&self, b: *mut PJRT_Buffer, minor_to_major: Option<&[i64]>) -> Vec<u8> {
        let mut layout: PJRT_Buffer_MemoryLayout = zeroed();
        let mut a: PJRT_Buffer_ToHostBuffer_Args = zeroed();
        a.src = b;
        if let Some(m2m) = minor_to_major {
            layout.struct_size = PJRT_Buffer_MemoryLayout::STRUCT_SIZE;
            layout.type_ = PJRT_Buffer_MemoryLayout_Type_Tiled;
            // SAFETY: writing the tiled member of a zeroed union.
            unsafe {
                let t = &mut *layout.layout.tiled;
                t.struct_size = PJRT_Buffer_MemoryLayout_Tiled::STRUCT_SIZE;
                t.minor_to_major = m2m.as_ptr();
                t.minor_to_major_size = m2m.len();
            }
            a.host_layout = &mut layout;
        }
        call!(self.p, PJRT_Buffer_ToHostBuffer, a).unwrap();
        let mut out = vec![0u8; a.dst_size];
        a.dst = out.as_mut_ptr().cast();
        call!(self.p, PJRT_Buffer_ToHostBuffer, a).unwrap();
        self.destroy_event(a.event);
        out
    }

    fn dims(&self, b: *mut PJRT_Buffer) -> (PJRT_Buffer_Type, Vec<i64>) {
        let mut t: PJRT_Buffer_ElementType_Args = zeroed();
        t.buffer = b;
        call!(self.p, PJRT_Buffer_ElementType, t).unwrap();
        let mut d: PJRT_Buffer_Dimensions_Args = zeroed();
        d.buffer = b;
        call!(self.p, PJRT_Buffer_Dimensions, d).unwrap();
        // SAFETY: the plugin returned `num_dims` dims living as long as the buffer.
        let dims = unsafe { std::slice::from_raw_parts(d.dims, d.num_dims) }.to_vec();
        (t.type_, dims)
    }

    fn destroy_buffer(&self, b: *mut PJRT_Buffer) {
        let mut d: PJRT_Buffer_Args = zeroed();
        d.buffer = b;
        call!(self.p, PJRT_Buffer_Destroy, d).unwrap();
    }

    fn execute(
        &self,
        exe: *mut PJRT_LoadedExecutable,
        args: &[*mut PJRT_Buffer],
        num_outputs: usize,
    ) -> Vec<*mut PJRT_Buffer> {
        self.execute_keeping(exe, args, num_outputs, &[0, 1])
    }

    /// Execute with `non_donatable_input_indices` = `keep`.
    fn execute_keeping(
        &self,
        exe: *mut PJRT_LoadedExecutable,
        args: &[*mut PJRT_Buffer],
        num_outputs: usize,
        keep: &[i64],
    ) -> Vec<*mut PJRT_Buffer> {
        let mut opts: PJRT_ExecuteOptions = zeroed();
        opts.struct_size = PJRT_ExecuteOptions::STRUCT_SIZE;
        opts.non_donatable_input_indices = keep.as_ptr();
        opts.num_non_donatable_input_indices = keep.len();
        let arg_list: *const *mut PJRT_Buffer = args.as_ptr();
        let mut outs = vec![null_mut::<PJRT_Buffer>(); num_outputs];
        let out_list: *mut *mut PJRT_Buffer = outs.as_mut_ptr();
        let mut event: *mut PJRT_Event = null_mut();
        let mut e: PJRT_LoadedExecutable_Execute_Args = zeroed();
        e.executable = exe;
        e.options = &mut opts;
        e.argument_lists = &arg_list;
        e.num_devices = 1;
        e.num_args = args.len();
        e.output_lists = &out_list;
        e.device_complete_events = &mut event;
        call!(self.p, PJRT_LoadedExecutable_Execute, e).unwrap();
        self.destroy_event(event);
        outs
    }
}

/// Results of deferred buffers: what a read or a ready event ends with.
impl Session<'_> {
    fn is_ready(&self, e: *mut PJRT_Event) -> bool {
        let mut r: PJRT_Event_IsReady_Args = zeroed();
        r.event = e;
        call!(self.p, PJRT_Event_IsReady, r).unwrap();
        r.is_ready
    }

    /// Awaits `e`, destroys it and returns its outcome.
    fn outcome(&self, e: *mut PJRT_Event) -> Result<(), (i32, String)> {
        let mut w: PJRT_Event_Args = zeroed();
        w.event = e;
        let r = call!(self.p, PJRT_Event_Await, w);
        call!(self.p, PJRT_Event_Destroy, w).unwrap();
        r
    }

    fn ready_event(&self, b: *mut PJRT_Buffer) -> *mut PJRT_Event {
        let mut r: PJRT_Buffer_ReadyEvent_Args = zeroed();
        r.buffer = b;
        call!(self.p, PJRT_Buffer_ReadyEvent, r).unwrap();
        r.event
    }

    /// Starts a dense read of `b` into a new host array of `size` bytes; the event
    /// says when the array holds it.
    fn start_download(&self, b: *mut PJRT_Buffer, size: usize) -> (Box<[u8]>, *mut PJRT_Event) {
        let mut out = vec![0u8; size].into_boxed_slice();
        let mut a: PJRT_Buffer_ToHostBuffer_Args = zeroed();
        a.src = b;
        a.dst = out.as_mut_ptr().cast();
        a.dst_size = size;
        call!(self.p, PJRT_Buffer_ToHostBuffer, a).unwrap();
        (out, a.event)
    }

    fn try_execute(
        &self,
        exe: *mut PJRT_LoadedExecutable,
        args: &[*mut PJRT_Buffer],
        num_outputs: usize,
    ) -> Result<Vec<*mut PJRT_Buffer>, (i32, String)> {
        let arg_list: *const *mut PJRT_Buffer = args.as_ptr();
        let mut outs = vec![null_mut::<PJRT_Buffer>(); num_outputs];
        let out_list: *mut *mut PJRT_Buffer = outs.as_mut_ptr();
        let mut event: *mut PJRT_Event = null_mut();
        let mut e: PJRT_LoadedExecutable_Execute_Args = zeroed();
        e.executable = exe;
        e.argument_lists = &arg_list;
        e.num_devices = 1;
        e.num_args = args.len();
        e.output_lists = &out_list;
        e.device_complete_events = &mut event;
        call!(self.p, PJRT_LoadedExecutable_Execute, e)?;
        self.destroy_event(event);
        Ok(outs)
    }

    fn compile(&self, code: &str) -> *mut PJRT_LoadedExecutable {
        let prog = mlir_program(code);
        let mut c: PJRT_Client_Compile_Args = zeroed();
        c.client = self.client;
        c.program = &prog;
        call!(self.p, PJRT_Client_Compile, c).unwrap();
        c.executable
    }

    fn destroy_executable(&self, exe: *mut PJRT_LoadedExecutable) {
        let mut le: PJRT_LoadedExecutable_Args = zeroed();
        le.executable = exe;
        call!(self.p, PJRT_LoadedExecutable_Destroy, le).unwrap();
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let mut d: PJRT_Client_Args = zeroed();
        d.client = self.client;
        call!(self.p, PJRT_Client_Destroy, d).unwrap();
    }
}

#[test]
fn api_table_has_version_0_112_and_no_null_slot() {
    let p = Plugin::load();
    assert_eq!(p.api.struct_size, 40 + 8 * 138);
    assert_eq!(p.api.pjrt_api_version.major_version, 0);
    assert_eq!(p.api.pjrt_api_version.minor_version, 112);
    assert_eq!(SLOT_NAMES.len(), 138);
    // Read the slots as raw words: the type says non-NULL, the loaded bytes must agree.
    let base = (p.api as *const PJRT_Api).cast::<u8>();
    for (i, name) in SLOT_NAMES.iter().enumerate() {
        // SAFETY: slot i is the i-th pointer after the 40-byte header, inside the table.
        let word = unsafe { *(base.add(40 + 8 * i) as *const usize) };
        assert_ne!(word, 0, "{name} is NULL");
    }
}

#[test]
fn plugin_attributes_advertise_stablehlo_version() {
    let p = Plugin::load();
    let mut a: PJRT_Plugin_Attributes_Args = zeroed();
    call!(p, PJRT_Plugin_Attributes, a).unwrap();
    // SAFETY: the plugin returned `num_attributes` static values.
    let attrs = unsafe { std::slice::from_raw_parts(a.attributes, a.num_attributes) };
    let mut found = false;
    for v in attrs {
        // SAFETY: names are (ptr, len) strings.
        let name = unsafe { std::slice::from_raw_parts(v.name.cast::<u8>(), v.name_size) };
        if name == b"stablehlo_current_version" {
            assert_eq!(v.type_, PJRT_NamedValue_kInt64List);
            // SAFETY: the tag says int64 list of `value_size` entries.
            let version =
                unsafe { std::slice::from_raw_parts(v.value.int64_array_value, v.value_size) };
            assert_eq!(version.len(), 3);
            assert_eq!(version[0], 1);
            found = true;
        }
    }
    assert!(found);
}

#[test]
fn unimplemented_functions_return_errors() {
    let p = Plugin::load();
    // Any args will do: an unimplemented slot does not read them.
    let mut a: PJRT_Client_Args = zeroed();
    let (code, msg) = p
        .call(
            p.api.PJRT_CopyToDeviceStream_Destroy,
            &mut a,
            PJRT_Client_Args::STRUCT_SIZE,
        )
        .unwrap_err();
    assert_eq!(code, PJRT_Error_Code_UNIMPLEMENTED);
    assert!(msg.contains("PJRT_CopyToDeviceStream_Destroy"), "{msg}");
    assert!(
        msg.contains("send/recv"),
        "the reason, not just the name: {msg}"
    );
}

#[test]
fn bad_arguments_are_errors_not_crashes() {
    let p = Plugin::load();
    // struct_size smaller than the 0.112 struct.
    let mut a: PJRT_Client_String_Args = zeroed();
    let err = p
        .call(p.api.PJRT_Client_PlatformName, &mut a, 16)
        .unwrap_err();
    assert_eq!(err.0, PJRT_Error_Code_INVALID_ARGUMENT);
    // NULL handle.
    let err = call!(p, PJRT_Client_PlatformName, a).unwrap_err();
    assert_eq!(err.0, PJRT_Error_Code_INVALID_ARGUMENT);
    // NULL args.
    // SAFETY: the plugin must reject NULL args with an error.
    let raw = unsafe { (p.api.PJRT_Client_PlatformName)(null_mut()) };
    assert_eq!(p.take_error(raw).0, PJRT_Error_Code_INVALID_ARGUMENT);
}

#[test]
fn client_devices_and_memories() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let mut name: PJRT_Client_String_Args = zeroed();
    name.client = s.client;
    call!(p, PJRT_Client_PlatformName, name).unwrap();
    // SAFETY: (ptr, len) string owned by the plugin.
    let n = unsafe { std::slice::from_raw_parts(name.value.cast::<u8>(), name.value_size) };
    assert_eq!(n, b"pjrtc");

    let dev = s.device();
    let mut gd: PJRT_Device_GetDescription_Args = zeroed();
    gd.device = dev;
    call!(p, PJRT_Device_GetDescription, gd).unwrap();
    let mut kind: PJRT_DeviceDescription_String_Args = zeroed();
    kind.device_description = gd.device_description;
    call!(p, PJRT_DeviceDescription_Kind, kind).unwrap();
    // SAFETY: as above.
    let k = unsafe { std::slice::from_raw_parts(kind.value.cast::<u8>(), kind.value_size) };
    assert_eq!(k, b"cpu");
    let mut id: PJRT_DeviceDescription_Int_Args = zeroed();
    id.device_description = gd.device_description;
    call!(p, PJRT_DeviceDescription_Id, id).unwrap();
    assert_eq!(id.value, 0);

    let mut dm: PJRT_Device_DefaultMemory_Args = zeroed();
    dm.device = dev;
    call!(p, PJRT_Device_DefaultMemory, dm).unwrap();
    let mut mk: PJRT_Memory_String_Args = zeroed();
    mk.memory = dm.memory;
    call!(p, PJRT_Memory_Kind, mk).unwrap();
    // SAFETY: as above.
    let k = unsafe { std::slice::from_raw_parts(mk.value.cast::<u8>(), mk.value_size) };
    assert_eq!(k, b"device");
}

#[test]
fn transfers_keep_types_shapes_and_values() {
    let p = Plugin::load();
    let s = Session::new(&p);
    // Scalar bool, zero-size i32, f16 and bf16 vectors.
    let cases: &[(PJRT_Buffer_Type, Vec<u8>, Vec<i64>)] = &[
        (PJRT_Buffer_Type_PRED, vec![1], vec![]),
        (PJRT_Buffer_Type_S32, vec![], vec![0, 3]),
        (PJRT_Buffer_Type_F16, vec![0, 0x3c, 0, 0x40], vec![2]),
        (PJRT_Buffer_Type_BF16, vec![0x80, 0x3f], vec![1]),
        (
            PJRT_Buffer_Type_F64,
            2.5f64.to_le_bytes().to_vec(),
            vec![1, 1],
        ),
    ];
    for (ty, data, dims) in cases {
        let b = s.upload(*ty, data, dims, None);
        assert_eq!(s.dims(b), (*ty, dims.clone()));
        assert_eq!(&s.download(b, None), data);
        let mut cpu: PJRT_Buffer_Bool_Args = zeroed();
        cpu.buffer = b;
        call!(p, PJRT_Buffer_IsOnCpu, cpu).unwrap();
        call!(p, PJRT_Buffer_IsDeleted, cpu).unwrap();
        assert!(!cpu.value);
        let mut m: PJRT_Buffer_Memory_Args = zeroed();
        m.buffer = b;
        call!(p, PJRT_Buffer_Memory, m).unwrap();
        assert!(!m.memory.is_null());
        let mut del: PJRT_Buffer_Args = zeroed();
        del.buffer = b;
        call!(p, PJRT_Buffer_Delete, del).unwrap();
        call!(p, PJRT_Buffer_IsDeleted, cpu).unwrap();
        assert!(cpu.value);
        s.destroy_buffer(b);
    }
    // Unsupported element type: an error, not a crash.
    let mut a: PJRT_Client_BufferFromHostBuffer_Args = zeroed();
    a.client = s.client;
    a.type_ = 23; // TOKEN: no array of it exists
    let (code, _) = call!(p, PJRT_Client_BufferFromHostBuffer, a).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_UNIMPLEMENTED);
}

fn compiled_pjx() -> Vec<u8> {
    pjrtc::compiler::compile(MLIR.as_bytes(), &pjrtc::compiler::Options::default())
        .expect("compile")
        .to_bytes()
}

/// a*b + a for a = [[0,1,2],[3,4,5]] passed as the transpose view of a 3x2 array, and b = 2.
fn run_and_check(s: &Session, exe: *mut PJRT_LoadedExecutable) {
    let p = s.p;
    let mut ge: PJRT_LoadedExecutable_GetExecutable_Args = zeroed();
    ge.loaded_executable = exe;
    call!(p, PJRT_LoadedExecutable_GetExecutable, ge).unwrap();
    let mut n: PJRT_Executable_Count_Args = zeroed();
    n.executable = ge.executable;
    call!(p, PJRT_Executable_NumOutputs, n).unwrap();
    assert_eq!(n.value, 1);
    call!(p, PJRT_Executable_NumReplicas, n).unwrap();
    assert_eq!(n.value, 1);
    let mut ty: PJRT_Executable_OutputElementTypes_Args = zeroed();
    ty.executable = ge.executable;
    call!(p, PJRT_Executable_OutputElementTypes, ty).unwrap();
    // SAFETY: plugin-owned array of `num_output_types`.
    let types = unsafe { std::slice::from_raw_parts(ty.output_types, ty.num_output_types) };
    assert_eq!(types, [PJRT_Buffer_Type_F32]);
    let mut od: PJRT_Executable_OutputDimensions_Args = zeroed();
    od.executable = ge.executable;
    call!(p, PJRT_Executable_OutputDimensions, od).unwrap();
    // SAFETY: plugin-owned arrays: `num_outputs` sizes, their sum of dims.
    unsafe {
        assert_eq!(
            std::slice::from_raw_parts(od.dim_sizes, od.num_outputs),
            [2]
        );
        assert_eq!(std::slice::from_raw_parts(od.dims, 2), [2, 3]);
    }
    let mut name: PJRT_Executable_String_Args = zeroed();
    name.executable = ge.executable;
    call!(p, PJRT_Executable_Fingerprint, name).unwrap();
    assert!(name.value_size > 0);

    // Host array t (3x2) = a^T; a is its strided transpose view: strides [4, 8].
    let t: Vec<f32> = vec![0., 3., 1., 4., 2., 5.];
    let t_bytes: Vec<u8> = t.iter().flat_map(|v| v.to_le_bytes()).collect();
    let a = s.upload(PJRT_Buffer_Type_F32, &t_bytes, &[2, 3], Some(&[4, 8]));
    let b_bytes: Vec<u8> = [2f32; 6].iter().flat_map(|v| v.to_le_bytes()).collect();
    let b = s.upload(PJRT_Buffer_Type_F32, &b_bytes, &[2, 3], Some(&[12, 4]));
    assert_eq!(f32s(&s.download(a, None)), [0., 1., 2., 3., 4., 5.]);

    let outs = s.execute(exe, &[a, b], 1);
    assert_eq!(s.dims(outs[0]), (PJRT_Buffer_Type_F32, vec![2, 3]));
    assert_eq!(f32s(&s.download(outs[0], None)), [0., 3., 6., 9., 12., 15.]);
    // Column-major host layout (minor_to_major = [0, 1]).
    assert_eq!(
        f32s(&s.download(outs[0], Some(&[0, 1]))),
        [0., 9., 3., 12., 6., 15.]
    );
    // Inputs were not consumed.
    assert_eq!(f32s(&s.download(b, None)), [2.; 6]);

    // A wrong argument count is an error.
    let mut e: PJRT_LoadedExecutable_Execute_Args = zeroed();
    let one_arg = [a];
    let arg_list: *const *mut PJRT_Buffer = one_arg.as_ptr();
    e.executable = exe;
    e.argument_lists = &arg_list;
    e.num_devices = 1;
    e.num_args = 1;
    assert!(call!(p, PJRT_LoadedExecutable_Execute, e).is_err());

    for buf in [a, b, outs[0]] {
        s.destroy_buffer(buf);
    }
    let mut d: PJRT_Executable_Destroy_Args = zeroed();
    d.executable = ge.executable;
    call!(p, PJRT_Executable_Destroy, d).unwrap();
}

#[test]
fn deserialize_execute_and_serialize_a_pjx() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let pjx = compiled_pjx();
    let mut l: PJRT_Executable_DeserializeAndLoad_Args = zeroed();
    l.client = s.client;
    l.serialized_executable = pjx.as_ptr().cast();
    l.serialized_executable_size = pjx.len();
    call!(p, PJRT_Executable_DeserializeAndLoad, l).unwrap();
    run_and_check(&s, l.loaded_executable);

    // Serialize gives back exactly the .pjx.
    let mut ge: PJRT_LoadedExecutable_GetExecutable_Args = zeroed();
    ge.loaded_executable = l.loaded_executable;
    call!(p, PJRT_LoadedExecutable_GetExecutable, ge).unwrap();
    let mut ser: PJRT_Executable_Serialize_Args = zeroed();
    ser.executable = ge.executable;
    call!(p, PJRT_Executable_Serialize, ser).unwrap();
    // SAFETY: plugin-owned bytes, valid until the deleter runs.
    let bytes = unsafe {
        std::slice::from_raw_parts(ser.serialized_bytes.cast::<u8>(), ser.serialized_bytes_size)
    };
    assert_eq!(bytes, pjx.as_slice());
    // SAFETY: the deleter the plugin returned, on its own object, once.
    unsafe { (ser.serialized_executable_deleter.unwrap())(ser.serialized_executable) };
    let mut d: PJRT_Executable_Destroy_Args = zeroed();
    d.executable = ge.executable;
    call!(p, PJRT_Executable_Destroy, d).unwrap();

    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = l.loaded_executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();

    // Garbage is an error.
    let mut bad: PJRT_Executable_DeserializeAndLoad_Args = zeroed();
    bad.client = s.client;
    bad.serialized_executable = c"not a pjx".as_ptr();
    bad.serialized_executable_size = 9;
    assert_eq!(
        call!(p, PJRT_Executable_DeserializeAndLoad, bad)
            .unwrap_err()
            .0,
        PJRT_Error_Code_INVALID_ARGUMENT
    );
}

#[test]
fn client_compile_goes_through_the_compiler() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let mut prog: PJRT_Program = zeroed();
    prog.struct_size = PJRT_Program::STRUCT_SIZE;
    prog.code = MLIR.as_ptr() as *mut _;
    prog.code_size = MLIR.len();
    prog.format = c"mlir".as_ptr();
    prog.format_size = 4;
    let mut c: PJRT_Client_Compile_Args = zeroed();
    c.client = s.client;
    c.program = &prog;
    call!(p, PJRT_Client_Compile, c).unwrap();
    let (format, code) = optimized_program(&p, c.executable);
    assert_eq!(
        (format.as_str(), code.as_slice()),
        ("mlir", MLIR.as_bytes())
    );
    run_and_check(&s, c.executable);
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = c.executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();

    // A compile error is reported, not fatal.
    prog.code = c"func.func @main(".as_ptr() as *mut _;
    prog.code_size = 16;
    c.program = &prog;
    let (code, msg) = call!(p, PJRT_Client_Compile, c).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
}

/// OptimizedProgram of a loaded executable, as XLA's C API client calls it: once for
/// the size, once with a buffer. Returns (format, code).
fn optimized_program(p: &Plugin, exe: *mut PJRT_LoadedExecutable) -> (String, Vec<u8>) {
    let mut ge: PJRT_LoadedExecutable_GetExecutable_Args = zeroed();
    ge.loaded_executable = exe;
    call!(p, PJRT_LoadedExecutable_GetExecutable, ge).unwrap();
    let mut prog: PJRT_Program = zeroed();
    prog.struct_size = PJRT_Program::STRUCT_SIZE;
    let mut a: PJRT_Executable_OptimizedProgram_Args = zeroed();
    a.executable = ge.executable;
    a.program = &mut prog;
    call!(p, PJRT_Executable_OptimizedProgram, a).unwrap();
    let mut code = vec![0u8; prog.code_size];
    // A buffer one byte short is refused.
    if !code.is_empty() {
        prog.code = code.as_mut_ptr().cast();
        prog.code_size -= 1;
        a.program = &mut prog;
        call!(p, PJRT_Executable_OptimizedProgram, a).unwrap_err();
        prog.code_size += 1;
    }
    prog.code = code.as_mut_ptr().cast();
    a.program = &mut prog;
    call!(p, PJRT_Executable_OptimizedProgram, a).unwrap();
    // SAFETY: the plugin's 'static format string of `format_size` bytes.
    let format = unsafe { std::slice::from_raw_parts(prog.format.cast::<u8>(), prog.format_size) };
    let mut d: PJRT_Executable_Destroy_Args = zeroed();
    d.executable = ge.executable;
    call!(p, PJRT_Executable_Destroy, d).unwrap();
    (String::from_utf8(format.to_vec()).unwrap(), code)
}

#[test]
fn hlo_programs_compile_and_read_back_as_hlo_with_config() {
    // `jnp.add` etc. over four f32 inputs, as JAX serializes the HloModuleProto
    // (tests/golden/gen_hlo.py).
    let hlo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/golden/binary_f32/model.hlo.pb"
    ))
    .unwrap();
    let p = Plugin::load();
    let s = Session::new(&p);
    let mut prog: PJRT_Program = zeroed();
    prog.struct_size = PJRT_Program::STRUCT_SIZE;
    prog.code = hlo.as_ptr() as *mut _;
    prog.code_size = hlo.len();
    prog.format = c"hlo".as_ptr();
    prog.format_size = 3;
    let mut c: PJRT_Client_Compile_Args = zeroed();
    c.client = s.client;
    c.program = &prog;
    call!(p, PJRT_Client_Compile, c).unwrap();
    let (format, code) = optimized_program(&p, c.executable);
    assert_eq!(format, "hlo_with_config");
    // HloModuleProtoWithConfig { hlo_module (field 1) = the program, config (field 2) }.
    let mut header = vec![0x0a];
    let mut n = hlo.len();
    while n >= 0x80 {
        header.push((n as u8) | 0x80);
        n >>= 7;
    }
    header.push(n as u8);
    assert_eq!(&code[..header.len()], header.as_slice());
    assert_eq!(
        &code[header.len()..header.len() + hlo.len()],
        hlo.as_slice()
    );
    let config = &code[header.len() + hlo.len()..];
    assert_eq!(config[0], 0x12);
    // One replica (field 4) and one partition (field 5) close the config.
    assert!(config.ends_with(&[0x20, 1, 0x28, 1]), "{config:?}");
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = c.executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();

    // Other formats are refused, naming both that pjrtc takes.
    prog.format = c"tosa".as_ptr();
    prog.format_size = 4;
    c.program = &prog;
    let (_, msg) = call!(p, PJRT_Client_Compile, c).unwrap_err();
    assert!(msg.contains("\"hlo\""), "{msg}");
}

#[test]
fn donated_inputs_are_deleted_unless_non_donatable() {
    const DONATING: &str = r#"
func.func public @main(%a: tensor<4xf32> {tf.aliasing_output = 0 : i32}, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"#;
    let p = Plugin::load();
    let s = Session::new(&p);
    let mut prog: PJRT_Program = zeroed();
    prog.struct_size = PJRT_Program::STRUCT_SIZE;
    prog.code = DONATING.as_ptr() as *mut _;
    prog.code_size = DONATING.len();
    prog.format = c"mlir".as_ptr();
    prog.format_size = 4;
    let mut c: PJRT_Client_Compile_Args = zeroed();
    c.client = s.client;
    c.program = &prog;
    call!(p, PJRT_Client_Compile, c).unwrap();
    let bytes: Vec<u8> = [1f32, 2., 3., 4.]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let is_deleted = |b| {
        let mut d: PJRT_Buffer_Bool_Args = zeroed();
        d.buffer = b;
        call!(p, PJRT_Buffer_IsDeleted, d).unwrap();
        d.value
    };
    for keep in [&[][..], &[0]] {
        let a = s.upload(PJRT_Buffer_Type_F32, &bytes, &[4], None);
        let b = s.upload(PJRT_Buffer_Type_F32, &bytes, &[4], None);
        let outs = s.execute_keeping(c.executable, &[a, b], 1, keep);
        assert_eq!(f32s(&s.download(outs[0], None)), [2., 4., 6., 8.]);
        // Donated `a` is consumed unless listed as non-donatable; `b` never is.
        assert_eq!(is_deleted(a), keep.is_empty());
        assert!(!is_deleted(b));
        for buf in [a, b, outs[0]] {
            s.destroy_buffer(buf);
        }
    }
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = c.executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();
}

fn description_int(p: &Plugin, dev: *mut PJRT_Device, slot: StubFn) -> i32 {
    let mut gd: PJRT_Device_GetDescription_Args = zeroed();
    gd.device = dev;
    call!(p, PJRT_Device_GetDescription, gd).unwrap();
    let mut v: PJRT_DeviceDescription_Int_Args = zeroed();
    v.device_description = gd.device_description;
    p.call(slot, &mut v, PJRT_DeviceDescription_Int_Args::STRUCT_SIZE)
        .unwrap();
    v.value
}

#[test]
fn num_devices_option_is_validated() {
    let p = Plugin::load();
    for n in [0, -1, 257] {
        let (code, msg) = create_client(&p, &[int_option("num_devices", n)]).unwrap_err();
        assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
        assert!(msg.contains("num_devices") && msg.contains("256"), "{msg}");
    }
    // A string holding an integer (what `jax_pjrt_client_create_options` passes) counts.
    let string_option = |text: &'static str| {
        let mut o = int_option("num_devices", 0);
        o.type_ = PJRT_NamedValue_kString;
        o.value.string_value = text.as_ptr().cast();
        o.value_size = text.len();
        o
    };
    let c = create_client(&p, &[string_option("3")]).unwrap();
    let mut d: PJRT_Client_Devices_Args = zeroed();
    d.client = c;
    call!(p, PJRT_Client_Devices, d).unwrap();
    assert_eq!(d.num_devices, 3);
    let mut destroy: PJRT_Client_Args = zeroed();
    destroy.client = c;
    call!(p, PJRT_Client_Destroy, destroy).unwrap();
    let (code, msg) = create_client(&p, &[string_option("three")]).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
    assert!(msg.contains("not an integer"), "{msg}");
    let mut wrong_type = int_option("num_devices", 4);
    wrong_type.type_ = PJRT_NamedValue_kFloat;
    let (code, msg) = create_client(&p, &[wrong_type]).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
}

#[test]
fn num_threads_option_is_validated_and_executables_run_with_it() {
    let p = Plugin::load();
    for n in [0, -3, 257] {
        let (code, msg) = create_client(&p, &[int_option("num_threads", n)]).unwrap_err();
        assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
        assert!(msg.contains("num_threads") && msg.contains("256"), "{msg}");
    }
    let mut text = int_option("num_threads", 0);
    text.type_ = PJRT_NamedValue_kString;
    text.value.string_value = c"two".as_ptr();
    text.value_size = 3;
    let (code, msg) = create_client(&p, &[text]).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
    assert!(
        msg.contains("num_threads") && msg.contains("not an integer"),
        "{msg}"
    );

    // With both options, executables load and compute the same results.
    let s = Session {
        p: &p,
        client: create_client(
            &p,
            &[int_option("num_threads", 2), int_option("num_devices", 2)],
        )
        .unwrap(),
    };
    assert_eq!(s.devices().len(), 2);
    let pjx = compiled_pjx();
    let mut l: PJRT_Executable_DeserializeAndLoad_Args = zeroed();
    l.client = s.client;
    l.serialized_executable = pjx.as_ptr().cast();
    l.serialized_executable_size = pjx.len();
    call!(p, PJRT_Executable_DeserializeAndLoad, l).unwrap();
    run_and_check(&s, l.loaded_executable);
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = l.loaded_executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();
}

#[test]
fn four_devices_each_with_its_memory_and_buffers_placed_on_them() {
    let p = Plugin::load();
    let s = Session::with_devices(&p, 4);
    let devs = s.devices();
    assert_eq!(devs.len(), 4);
    let mut all: PJRT_Client_Devices_Args = zeroed();
    all.client = s.client;
    call!(p, PJRT_Client_Devices, all).unwrap();
    assert_eq!(all.num_devices, 4);
    let mut mems = Vec::new();
    for (i, &d) in devs.iter().enumerate() {
        assert_eq!(
            description_int(&p, d, p.api.PJRT_DeviceDescription_Id),
            i as i32
        );
        assert_eq!(
            description_int(&p, d, p.api.PJRT_DeviceDescription_ProcessIndex),
            0
        );
        let m = s.default_memory(d);
        let mut am: PJRT_Device_AddressableMemories_Args = zeroed();
        am.device = d;
        call!(p, PJRT_Device_AddressableMemories, am).unwrap();
        // SAFETY: plugin-owned array of `num_memories`.
        assert_eq!(
            unsafe { std::slice::from_raw_parts(am.memories, am.num_memories) },
            [m]
        );
        let mut by: PJRT_Memory_AddressableByDevices_Args = zeroed();
        by.memory = m;
        call!(p, PJRT_Memory_AddressableByDevices, by).unwrap();
        // SAFETY: plugin-owned array of `num_devices`.
        assert_eq!(
            unsafe { std::slice::from_raw_parts(by.devices, by.num_devices) },
            [d]
        );
        mems.push(m);
    }
    let mut distinct = mems.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "each device has its own memory");
    let mut cm: PJRT_Client_AddressableMemories_Args = zeroed();
    cm.client = s.client;
    call!(p, PJRT_Client_AddressableMemories, cm).unwrap();
    assert_eq!(cm.num_addressable_memories, 4);

    let data: Vec<u8> = [1f32, 2., 3.]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    // Placed by device (memory NULL), then by memory (device NULL).
    let upload_to = |dev: *mut PJRT_Device, mem: *mut PJRT_Memory| {
        let mut a: PJRT_Client_BufferFromHostBuffer_Args = zeroed();
        a.client = s.client;
        a.data = data.as_ptr().cast();
        a.type_ = PJRT_Buffer_Type_F32;
        let dims = [3i64];
        a.dims = dims.as_ptr();
        a.num_dims = 1;
        a.device = dev;
        a.memory = mem;
        call!(p, PJRT_Client_BufferFromHostBuffer, a).unwrap();
        s.destroy_event(a.done_with_host_buffer);
        a.buffer
    };
    let on2 = upload_to(devs[2], null_mut());
    assert_eq!(s.buffer_place(on2), (devs[2], mems[2]));
    let on3 = upload_to(null_mut(), mems[3]);
    assert_eq!(s.buffer_place(on3), (devs[3], mems[3]));
    let mut cd: PJRT_Buffer_CopyToDevice_Args = zeroed();
    cd.buffer = on2;
    cd.dst_device = devs[1];
    call!(p, PJRT_Buffer_CopyToDevice, cd).unwrap();
    assert_eq!(s.buffer_place(cd.dst_buffer), (devs[1], mems[1]));
    assert_eq!(f32s(&s.download(cd.dst_buffer, None)), [1., 2., 3.]);
    let mut cmem: PJRT_Buffer_CopyToMemory_Args = zeroed();
    cmem.buffer = on3;
    cmem.dst_memory = mems[0];
    call!(p, PJRT_Buffer_CopyToMemory, cmem).unwrap();
    assert_eq!(s.buffer_place(cmem.dst_buffer), (devs[0], mems[0]));
    assert_eq!(f32s(&s.download(cmem.dst_buffer, None)), [1., 2., 3.]);
    for b in [on2, on3, cd.dst_buffer, cmem.dst_buffer] {
        s.destroy_buffer(b);
    }
}

fn varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// `CompileOptionsProto{executable_build_options{num_replicas, num_partitions}}`.
fn compile_options(replicas: u64, partitions: u64) -> Vec<u8> {
    let mut build = Vec::new();
    build.push(4 << 3);
    varint(&mut build, replicas);
    build.push(5 << 3);
    varint(&mut build, partitions);
    let mut out = vec![3 << 3 | 2];
    varint(&mut out, build.len() as u64);
    out.extend(build);
    out
}

#[test]
fn replicated_executable_runs_once_per_device() {
    let p = Plugin::load();
    let s = Session::with_devices(&p, 4);
    let devs = s.devices();
    let mut prog: PJRT_Program = zeroed();
    prog.struct_size = PJRT_Program::STRUCT_SIZE;
    prog.code = MLIR.as_ptr() as *mut _;
    prog.code_size = MLIR.len();
    prog.format = c"mlir".as_ptr();
    prog.format_size = 4;
    let opts = compile_options(4, 1);
    let mut c: PJRT_Client_Compile_Args = zeroed();
    c.client = s.client;
    c.program = &prog;
    c.compile_options = opts.as_ptr().cast();
    c.compile_options_size = opts.len();
    call!(p, PJRT_Client_Compile, c).unwrap();
    let exe = c.executable;

    let mut ad: PJRT_LoadedExecutable_AddressableDevices_Args = zeroed();
    ad.executable = exe;
    call!(p, PJRT_LoadedExecutable_AddressableDevices, ad).unwrap();
    // SAFETY: plugin-owned array of `num_addressable_devices`.
    let exe_devs =
        unsafe { std::slice::from_raw_parts(ad.addressable_devices, ad.num_addressable_devices) };
    assert_eq!(exe_devs, devs.as_slice());
    let mut ge: PJRT_LoadedExecutable_GetExecutable_Args = zeroed();
    ge.loaded_executable = exe;
    call!(p, PJRT_LoadedExecutable_GetExecutable, ge).unwrap();
    let mut n: PJRT_Executable_Count_Args = zeroed();
    n.executable = ge.executable;
    call!(p, PJRT_Executable_NumReplicas, n).unwrap();
    assert_eq!(n.value, 4);
    call!(p, PJRT_Executable_NumPartitions, n).unwrap();
    assert_eq!(n.value, 1);
    let mut da: PJRT_LoadedExecutable_GetDeviceAssignment_Args = zeroed();
    da.executable = exe;
    call!(p, PJRT_LoadedExecutable_GetDeviceAssignment, da).unwrap();
    // SAFETY: plugin-owned bytes until the deleter runs.
    let bytes = unsafe {
        std::slice::from_raw_parts(da.serialized_bytes.cast::<u8>(), da.serialized_bytes_size)
    };
    // replica_count 4, computation_count 1, one computation on devices [0, 1, 2, 3].
    assert_eq!(bytes, [8, 4, 16, 1, 26, 6, 10, 4, 0, 1, 2, 3]);
    // SAFETY: the deleter the plugin returned, on its own object, once.
    unsafe { (da.serialized_device_assignment_deleter.unwrap())(da.serialized_device_assignment) };

    // Device i computes a*b + a with a = [i; 6], b = [2; 6]: 3i everywhere.
    let two: Vec<u8> = [2f32; 6].iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut lists = Vec::new();
    for (i, &d) in devs.iter().enumerate() {
        let a: Vec<u8> = [i as f32; 6].iter().flat_map(|v| v.to_le_bytes()).collect();
        let up = |bytes: &[u8]| {
            let mut u: PJRT_Client_BufferFromHostBuffer_Args = zeroed();
            u.client = s.client;
            u.data = bytes.as_ptr().cast();
            u.type_ = PJRT_Buffer_Type_F32;
            let dims = [2i64, 3];
            u.dims = dims.as_ptr();
            u.num_dims = 2;
            u.device = d;
            call!(p, PJRT_Client_BufferFromHostBuffer, u).unwrap();
            s.destroy_event(u.done_with_host_buffer);
            u.buffer
        };
        lists.push([up(&a), up(&two)]);
    }
    let arg_lists: Vec<*const *mut PJRT_Buffer> = lists.iter().map(|l| l.as_ptr()).collect();
    let mut outs = [[null_mut::<PJRT_Buffer>(); 1]; 4];
    let out_lists: Vec<*mut *mut PJRT_Buffer> = outs.iter_mut().map(|o| o.as_mut_ptr()).collect();
    let mut events = vec![null_mut::<PJRT_Event>(); 4];
    let mut e: PJRT_LoadedExecutable_Execute_Args = zeroed();
    e.executable = exe;
    e.argument_lists = arg_lists.as_ptr();
    e.num_devices = 4;
    e.num_args = 2;
    e.output_lists = out_lists.as_ptr();
    e.device_complete_events = events.as_mut_ptr();
    call!(p, PJRT_LoadedExecutable_Execute, e).unwrap();
    for (i, &d) in devs.iter().enumerate() {
        s.destroy_event(events[i]);
        let out = outs[i][0];
        assert_eq!(s.buffer_place(out), (d, s.default_memory(d)));
        assert_eq!(f32s(&s.download(out, None)), [3. * i as f32; 6]);
        s.destroy_buffer(out);
        for b in lists[i] {
            s.destroy_buffer(b);
        }
    }
    // One argument list for a 4-device executable is an error, not a partial run.
    e.num_devices = 1;
    let (code, msg) = call!(p, PJRT_LoadedExecutable_Execute, e).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
    let mut d: PJRT_Executable_Destroy_Args = zeroed();
    d.executable = ge.executable;
    call!(p, PJRT_Executable_Destroy, d).unwrap();
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = exe;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();

    // More replicas than devices: refused at compile time.
    let opts = compile_options(8, 1);
    c.compile_options = opts.as_ptr().cast();
    c.compile_options_size = opts.len();
    let (code, msg) = call!(p, PJRT_Client_Compile, c).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
    assert!(msg.contains("num_devices"), "{msg}");
}

#[test]
fn deserialize_takes_its_placement_from_the_overridden_compile_options() {
    let p = Plugin::load();
    let s = Session::with_devices(&p, 4);
    let pjx = compiled_pjx();
    let opts = compile_options(1, 2);
    let mut l: PJRT_Executable_DeserializeAndLoad_Args = zeroed();
    l.client = s.client;
    l.serialized_executable = pjx.as_ptr().cast();
    l.serialized_executable_size = pjx.len();
    l.overridden_serialized_compile_options = opts.as_ptr().cast();
    l.overridden_serialized_compile_options_size = opts.len();
    call!(p, PJRT_Executable_DeserializeAndLoad, l).unwrap();
    let mut ad: PJRT_LoadedExecutable_AddressableDevices_Args = zeroed();
    ad.executable = l.loaded_executable;
    call!(p, PJRT_LoadedExecutable_AddressableDevices, ad).unwrap();
    // SAFETY: plugin-owned array of `num_addressable_devices`.
    let exe_devs =
        unsafe { std::slice::from_raw_parts(ad.addressable_devices, ad.num_addressable_devices) };
    assert_eq!(exe_devs, &s.devices()[..2]);
    let mut ge: PJRT_LoadedExecutable_GetExecutable_Args = zeroed();
    ge.loaded_executable = l.loaded_executable;
    call!(p, PJRT_LoadedExecutable_GetExecutable, ge).unwrap();
    let mut n: PJRT_Executable_Count_Args = zeroed();
    n.executable = ge.executable;
    call!(p, PJRT_Executable_NumReplicas, n).unwrap();
    assert_eq!(n.value, 1);
    call!(p, PJRT_Executable_NumPartitions, n).unwrap();
    assert_eq!(n.value, 2);
    let mut d: PJRT_Executable_Destroy_Args = zeroed();
    d.executable = ge.executable;
    call!(p, PJRT_Executable_Destroy, d).unwrap();
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = l.loaded_executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();
}

fn mlir_program(code: &str) -> PJRT_Program {
    let mut prog: PJRT_Program = zeroed();
    prog.struct_size = PJRT_Program::STRUCT_SIZE;
    prog.code = code.as_ptr() as *mut _;
    prog.code_size = code.len();
    prog.format = c"mlir".as_ptr();
    prog.format_size = 4;
    prog
}

fn create_topology(p: &Plugin, name: &str) -> Result<*mut PJRT_TopologyDescription, (i32, String)> {
    let mut t: PJRT_TopologyDescription_Create_Args = zeroed();
    t.topology_name = name.as_ptr().cast();
    t.topology_name_size = name.len();
    call!(p, PJRT_TopologyDescription_Create, t)?;
    Ok(t.topology)
}

fn serialize_executable(p: &Plugin, exe: *mut PJRT_Executable) -> Vec<u8> {
    let mut ser: PJRT_Executable_Serialize_Args = zeroed();
    ser.executable = exe;
    call!(p, PJRT_Executable_Serialize, ser).unwrap();
    // SAFETY: the bytes live until the deleter runs, below.
    let bytes = unsafe {
        std::slice::from_raw_parts(ser.serialized_bytes.cast::<u8>(), ser.serialized_bytes_size)
    }
    .to_vec();
    // SAFETY: the plugin's deleter for its own backing object, called once.
    unsafe { ser.serialized_executable_deleter.unwrap()(ser.serialized_executable) };
    bytes
}

#[test]
fn compiles_for_an_aarch64_topology_without_a_client() {
    let p = Plugin::load();
    let topo = create_topology(&p, "aarch64-unknown-linux-gnu").unwrap();
    let mut name: PJRT_TopologyDescription_String_Args = zeroed();
    name.topology = topo;
    call!(p, PJRT_TopologyDescription_PlatformName, name).unwrap();
    // SAFETY: the name lives as long as the topology.
    let platform = unsafe { std::slice::from_raw_parts(name.value.cast::<u8>(), name.value_size) };
    assert_eq!(platform, b"pjrtc");
    let mut descs: PJRT_TopologyDescription_GetDeviceDescriptions_Args = zeroed();
    descs.topology = topo;
    call!(p, PJRT_TopologyDescription_GetDeviceDescriptions, descs).unwrap();
    assert_eq!(descs.num_descriptions, 1);

    // Serialize, deserialize: the same topology.
    let mut ser: PJRT_TopologyDescription_Serialize_Args = zeroed();
    ser.topology = topo;
    call!(p, PJRT_TopologyDescription_Serialize, ser).unwrap();
    let mut de: PJRT_TopologyDescription_Deserialize_Args = zeroed();
    de.serialized_topology = ser.serialized_bytes;
    de.serialized_topology_size = ser.serialized_bytes_size;
    call!(p, PJRT_TopologyDescription_Deserialize, de).unwrap();
    // SAFETY: the plugin's deleter for its own backing object, called once.
    unsafe { ser.serialized_topology_deleter.unwrap()(ser.serialized_topology) };

    let prog = mlir_program(MLIR);
    let mut c: PJRT_Compile_Args = zeroed();
    c.topology = de.topology;
    c.program = &prog;
    call!(p, PJRT_Compile, c).unwrap();
    let pjx =
        pjrtc_runtime::format::Pjx::from_bytes(&serialize_executable(&p, c.executable)).unwrap();
    assert_eq!(pjx.target.triple, "aarch64-unknown-linux-gnu");

    // What it costs is known without loading it.
    let mut m: PJRT_Executable_GetCompiledMemoryStats_Args = zeroed();
    m.executable = c.executable;
    call!(p, PJRT_Executable_GetCompiledMemoryStats, m).unwrap();
    assert_eq!((m.argument_size_in_bytes, m.output_size_in_bytes), (48, 24));
    assert_eq!(m.temp_size_in_bytes as u64, pjx.arena_size);

    // It cannot be loaded into this (x86_64 or host) client.
    if cfg!(not(target_arch = "aarch64")) {
        let s = Session::new(&p);
        let bytes = serialize_executable(&p, c.executable);
        let mut d: PJRT_Executable_DeserializeAndLoad_Args = zeroed();
        d.client = s.client;
        d.serialized_executable = bytes.as_ptr().cast();
        d.serialized_executable_size = bytes.len();
        let (code, msg) = call!(p, PJRT_Executable_DeserializeAndLoad, d).unwrap_err();
        assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT, "{msg}");
    }
    let mut ed: PJRT_Executable_Destroy_Args = zeroed();
    ed.executable = c.executable;
    call!(p, PJRT_Executable_Destroy, ed).unwrap();
    for t in [topo, de.topology] {
        let mut d: PJRT_TopologyDescription_Destroy_Args = zeroed();
        d.topology = t;
        call!(p, PJRT_TopologyDescription_Destroy, d).unwrap();
    }
    let (code, msg) = create_topology(&p, "mips").unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("x86_64-unknown-linux-gnu"), "{msg}");
}

#[test]
fn the_client_topology_compiles_what_the_client_loads() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let mut ct: PJRT_Client_TopologyDescription_Args = zeroed();
    ct.client = s.client;
    call!(p, PJRT_Client_TopologyDescription, ct).unwrap();
    let prog = mlir_program(MLIR);
    let mut c: PJRT_Compile_Args = zeroed();
    c.topology = ct.topology;
    c.program = &prog;
    call!(p, PJRT_Compile, c).unwrap();
    let bytes = serialize_executable(&p, c.executable);
    let mut d: PJRT_Executable_DeserializeAndLoad_Args = zeroed();
    d.client = s.client;
    d.serialized_executable = bytes.as_ptr().cast();
    d.serialized_executable_size = bytes.len();
    call!(p, PJRT_Executable_DeserializeAndLoad, d).unwrap();
    run_and_check(&s, d.loaded_executable);
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = d.loaded_executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();
    let mut ed: PJRT_Executable_Destroy_Args = zeroed();
    ed.executable = c.executable;
    call!(p, PJRT_Executable_Destroy, ed).unwrap();
}

fn unsafe_pointer(p: &Plugin, b: *mut PJRT_Buffer) -> usize {
    let mut u: PJRT_Buffer_UnsafePointer_Args = zeroed();
    u.buffer = b;
    call!(p, PJRT_Buffer_UnsafePointer, u).unwrap();
    u.buffer_pointer
}

#[test]
fn a_donated_buffer_becomes_the_output_unless_a_host_view_holds_it() {
    const DONATING: &str = r#"
func.func public @main(%a: tensor<5xf32> {tf.aliasing_output = 0 : i32}, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<5xf32>
  %1 = stablehlo.add %0, %a : tensor<5xf32>
  return %1 : tensor<5xf32>
}
"#;
    let p = Plugin::load();
    let s = Session::new(&p);
    let prog = mlir_program(DONATING);
    let mut c: PJRT_Client_Compile_Args = zeroed();
    c.client = s.client;
    c.program = &prog;
    call!(p, PJRT_Client_Compile, c).unwrap();
    let bytes: Vec<u8> = [1f32, 2., 3., 4., 5.]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    for held in [false, true] {
        let a = s.upload(PJRT_Buffer_Type_F32, &bytes, &[5], None);
        let b = s.upload(PJRT_Buffer_Type_F32, &bytes, &[5], None);
        let at = unsafe_pointer(&p, a);
        let mut r: PJRT_Buffer_Args = zeroed();
        r.buffer = a;
        if held {
            call!(p, PJRT_Buffer_IncreaseExternalReferenceCount, r).unwrap();
        }
        let outs = s.execute_keeping(c.executable, &[a, b], 1, &[]);
        assert_eq!(f32s(&s.download(outs[0], None)), [2., 6., 12., 20., 30.]);
        // In place when nobody else sees `a`'s memory; a copy when a host view holds it,
        // whose memory then still holds the input.
        assert_eq!(unsafe_pointer(&p, outs[0]) == at, !held);
        if held {
            // SAFETY: the pinned memory outlives the donation; 5 f32 at `at`.
            let still = unsafe { std::slice::from_raw_parts(at as *const f32, 5) };
            assert_eq!(still, [1., 2., 3., 4., 5.]);
            call!(p, PJRT_Buffer_DecreaseExternalReferenceCount, r).unwrap();
        }
        for buf in [a, b, outs[0]] {
            s.destroy_buffer(buf);
        }
    }
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = c.executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();
}

static VIEW_RELEASED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

unsafe extern "C" fn view_released(ptr: *mut c_void, arg: *mut c_void) {
    assert_eq!(ptr as usize, arg as usize);
    VIEW_RELEASED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
}

#[test]
fn views_of_host_memory_are_zero_copy_and_released_once() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let prog = mlir_program(MLIR);
    let mut c: PJRT_Client_Compile_Args = zeroed();
    c.client = s.client;
    c.program = &prog;
    call!(p, PJRT_Client_Compile, c).unwrap();
    // 64-byte aligned and 4-byte (not 64-byte) aligned host memory alike.
    let mut host = vec![0f32; 64 + 6];
    for offset in [0usize, 1] {
        let base = host.as_mut_ptr();
        let skip = (base as usize).next_multiple_of(64) - base as usize;
        // SAFETY: inside `host` (at most 15 floats of alignment skip plus 1 + 6 floats).
        let data = unsafe { base.byte_add(skip).add(offset) };
        for i in 0..6 {
            // SAFETY: as above.
            unsafe { *data.add(i) = i as f32 + 1.0 };
        }
        let dims = [2i64, 3];
        let mut v: PJRT_Client_CreateViewOfDeviceBuffer_Args = zeroed();
        v.client = s.client;
        v.device_buffer_ptr = data.cast();
        v.dims = dims.as_ptr();
        v.num_dims = 2;
        v.element_type = PJRT_Buffer_Type_F32;
        v.device = s.device();
        v.on_delete_callback = Some(view_released);
        v.on_delete_callback_arg = data.cast();
        let before = VIEW_RELEASED.load(std::sync::atomic::Ordering::SeqCst);
        call!(p, PJRT_Client_CreateViewOfDeviceBuffer, v).unwrap();
        assert_eq!(unsafe_pointer(&p, v.buffer), data as usize);
        // Written through the host pointer, seen by the buffer.
        // SAFETY: inside `host`.
        unsafe { *data.add(5) = 60.0 };
        let outs = s.execute(c.executable, &[v.buffer, v.buffer], 1);
        assert_eq!(
            f32s(&s.download(outs[0], None)),
            [2., 6., 12., 20., 30., 3660.]
        );
        // CopyRawToHost: bytes 4..12 of the view.
        let mut raw = [0f32; 2];
        let mut r: PJRT_Buffer_CopyRawToHost_Args = zeroed();
        r.buffer = v.buffer;
        r.dst = raw.as_mut_ptr().cast();
        r.offset = 4;
        r.transfer_size = 8;
        call!(p, PJRT_Buffer_CopyRawToHost, r).unwrap();
        s.destroy_event(r.event);
        assert_eq!(raw, [2., 3.]);
        r.offset = 20;
        assert_eq!(
            call!(p, PJRT_Buffer_CopyRawToHost, r).unwrap_err().0,
            PJRT_Error_Code_INVALID_ARGUMENT
        );
        assert_eq!(
            VIEW_RELEASED.load(std::sync::atomic::Ordering::SeqCst),
            before
        );
        s.destroy_buffer(v.buffer);
        assert_eq!(
            VIEW_RELEASED.load(std::sync::atomic::Ordering::SeqCst),
            before + 1
        );
        s.destroy_buffer(outs[0]);
    }
    let mut le: PJRT_LoadedExecutable_Args = zeroed();
    le.executable = c.executable;
    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();
}

#[test]
fn deferred_raw_copies_and_caller_events_complete_when_set() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let bytes: Vec<u8> = [7f32, 8., 9.]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let b = s.upload(PJRT_Buffer_Type_F32, &bytes, &[3], None);
    let mut f: PJRT_Buffer_CopyRawToHostFuture_Args = zeroed();
    f.buffer = b;
    f.offset = 4;
    f.transfer_size = 8;
    call!(p, PJRT_Buffer_CopyRawToHostFuture, f).unwrap();
    let mut ready: PJRT_Event_IsReady_Args = zeroed();
    ready.event = f.event;
    call!(p, PJRT_Event_IsReady, ready).unwrap();
    assert!(!ready.is_ready, "the copy waits for its destination");
    let mut dst = [0f32; 2];
    let mut cb: PJRT_Buffer_CopyRawToHostFuture_Callback_Args = zeroed();
    cb.struct_size = PJRT_Buffer_CopyRawToHostFuture_Callback_Args::STRUCT_SIZE;
    cb.callback_data = f.callback_data;
    cb.dst = dst.as_mut_ptr().cast();
    // SAFETY: the plugin's callback with the data it handed out, called once.
    unsafe { f.future_ready_callback.unwrap()(&mut cb) };
    s.destroy_event(f.event);
    assert_eq!(dst, [8., 9.]);
    s.destroy_buffer(b);

    let mut e: PJRT_Event_Create_Args = zeroed();
    call!(p, PJRT_Event_Create, e).unwrap();
    let mut set: PJRT_Event_Set_Args = zeroed();
    set.event = e.event;
    set.error_code = PJRT_Error_Code_INVALID_ARGUMENT;
    set.error_message = c"broken".as_ptr();
    set.error_message_size = 6;
    call!(p, PJRT_Event_Set, set).unwrap();
    let mut w: PJRT_Event_Args = zeroed();
    w.event = e.event;
    let (code, msg) = call!(p, PJRT_Event_Await, w).unwrap_err();
    assert_eq!(
        (code, msg.as_str()),
        (PJRT_Error_Code_INVALID_ARGUMENT, "broken")
    );
    // Set once only.
    assert!(call!(p, PJRT_Event_Set, set).is_err());
    call!(p, PJRT_Event_Destroy, w).unwrap();
}

#[test]
fn device_memory_stats_follow_the_buffers() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let stats = || {
        let mut m: PJRT_Device_MemoryStats_Args = zeroed();
        m.device = s.device();
        call!(p, PJRT_Device_MemoryStats, m).unwrap();
        (m.bytes_in_use, m.peak_bytes_in_use)
    };
    let (before, _) = stats();
    let bytes = vec![0u8; 4096];
    let b = s.upload(PJRT_Buffer_Type_U8, &bytes, &[4096], None);
    let (now, peak) = stats();
    assert_eq!(now, before + 4096);
    assert!(peak >= now);
    s.destroy_buffer(b);
    assert_eq!(stats().0, before);
}

// SAFETY: the function table is immutable and the plugin's entry points are thread-safe
// (the PJRT contract), which is what the stress test below checks.
unsafe impl Sync for Plugin {}
// SAFETY: as above: a client may be used from several threads at once.
unsafe impl Sync for Session<'_> {}

/// Raw handles shared by the stress test's threads.
#[derive(Clone, Copy)]
struct Shared(*mut PJRT_Buffer);
// SAFETY: buffers may be used from any thread (PJRT contract).
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

/// Iterations per thread of the stress test (`PJRTC_STRESS_ITERS`, default 6; keep it small
/// under valgrind).
fn stress_iters() -> usize {
    std::env::var("PJRTC_STRESS_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6)
}

/// Several threads at once on one client: each compiles its own program, uploads (also
/// through async transfer managers), runs (donating in place or not, on a buffer every
/// thread reads), reads back and checks, makes views of its host memory, copies and
/// deletes buffers, while the main thread deletes the shared input's duplicates. Meant to be run under valgrind (memcheck,
/// helgrind) as well: see the README's "Robustness".
#[test]
fn threads_compile_transfer_execute_and_delete_at_once() {
    const THREADS: usize = 4;
    let p = Plugin::load();
    let s = Session::new(&p);
    let shared_bytes: Vec<u8> = (0..8).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let shared = Shared(s.upload(PJRT_Buffer_Type_F32, &shared_bytes, &[8], None));
    let iters = stress_iters();
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let (s, p) = (&s, &p);
            scope.spawn(move || {
                let shared = shared;
                for it in 0..iters {
                    let k = (t * 100 + it) as f32;
                    let program = format!(
                        r#"
func.func public @main(%a: tensor<8xf32> {{tf.aliasing_output = 0 : i32}}, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {{
  %k = stablehlo.constant dense<{k:.1}> : tensor<8xf32>
  %0 = stablehlo.multiply %a, %b : tensor<8xf32>
  %1 = stablehlo.add %0, %k : tensor<8xf32>
  %2 = stablehlo.subtract %b, %a : tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}}
"#
                    );
                    let prog = mlir_program(&program);
                    let mut c: PJRT_Client_Compile_Args = zeroed();
                    c.client = s.client;
                    c.program = &prog;
                    call!(p, PJRT_Client_Compile, c).unwrap();
                    let a_vals: Vec<f32> = (0..8).map(|i| (i + t) as f32).collect();
                    let a_bytes: Vec<u8> = a_vals.iter().flat_map(|v| v.to_le_bytes()).collect();
                    // Half the iterations donate `a` (in place), half keep it; every third
                    // sends it through a transfer manager, in two chunks, last half first.
                    let a = if it % 3 == 2 {
                        let m = transfer_manager(s, &[(PJRT_Buffer_Type_F32, &[8])]);
                        let a = retrieve(s, m, 0).unwrap();
                        transfer_data(s, m, 0, &a_bytes[16..], 16, false).unwrap();
                        transfer_data(s, m, 0, &a_bytes[..16], 0, true).unwrap();
                        destroy_manager(s, m);
                        a
                    } else {
                        s.upload(PJRT_Buffer_Type_F32, &a_bytes, &[8], None)
                    };
                    let keep: &[i64] = if it % 2 == 0 { &[] } else { &[0] };
                    let outs = s.execute_keeping(c.executable, &[a, shared.0], 2, keep);
                    let want0: Vec<f32> = a_vals.iter().enumerate().map(|(i, v)| v * i as f32 + k).collect();
                    let want1: Vec<f32> = a_vals.iter().enumerate().map(|(i, v)| i as f32 - v).collect();
                    assert_eq!(f32s(&s.download(outs[0], None)), want0);
                    assert_eq!(f32s(&s.download(outs[1], None)), want1);
                    // A view of this thread's host memory, run on, then released.
                    let mut host = a_vals.clone();
                    let dims = [8i64];
                    let mut v: PJRT_Client_CreateViewOfDeviceBuffer_Args = zeroed();
                    v.client = s.client;
                    v.device_buffer_ptr = host.as_mut_ptr().cast();
                    v.dims = dims.as_ptr();
                    v.num_dims = 1;
                    v.element_type = PJRT_Buffer_Type_F32;
                    call!(p, PJRT_Client_CreateViewOfDeviceBuffer, v).unwrap();
                    let outs2 = s.execute_keeping(c.executable, &[v.buffer, shared.0], 2, &[0]);
                    assert_eq!(f32s(&s.download(outs2[0], None)), want0);
                    // Copies and deletes.
                    let mut cp: PJRT_Buffer_CopyToDevice_Args = zeroed();
                    cp.buffer = outs2[1];
                    cp.dst_device = s.device();
                    call!(p, PJRT_Buffer_CopyToDevice, cp).unwrap();
                    let mut del: PJRT_Buffer_Args = zeroed();
                    del.buffer = outs2[1];
                    call!(p, PJRT_Buffer_Delete, del).unwrap();
                    assert_eq!(f32s(&s.download(cp.dst_buffer, None)), want1);
                    for b in [a, outs[0], outs[1], v.buffer, outs2[0], outs2[1], cp.dst_buffer] {
                        s.destroy_buffer(b);
                    }
                    drop(host);
                    let mut le: PJRT_LoadedExecutable_Args = zeroed();
                    le.executable = c.executable;
                    call!(p, PJRT_LoadedExecutable_Destroy, le).unwrap();
                }
            });
        }
        // Meanwhile: copies of the shared input made and deleted while others read it.
        for _ in 0..iters * 4 {
            let mut cp: PJRT_Buffer_CopyToDevice_Args = zeroed();
            cp.buffer = shared.0;
            cp.dst_device = s.device();
            call!(p, PJRT_Buffer_CopyToDevice, cp).unwrap();
            assert_eq!(s.download(cp.dst_buffer, None), shared_bytes);
            s.destroy_buffer(cp.dst_buffer);
        }
    });
    assert_eq!(s.download(shared.0, None), shared_bytes);
    s.destroy_buffer(shared.0);
}

/// The slots that answer UNIMPLEMENTED are exactly those the README's table names (with
/// `Prefix_*` standing for every slot of that prefix).
#[test]
fn unimplemented_slots_are_the_ones_the_readme_names() {
    let p = Plugin::load();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).unwrap();
    let start = readme
        .find("PJRT slots (138 at API 0.112)")
        .expect("the README's slot table");
    let table: Vec<&str> = readme[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .collect();
    let named: Vec<String> = table
        .iter()
        .filter_map(|l| l.split('|').nth(1))
        .flat_map(|cell| {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(|n| format!("PJRT_{n}"))
        })
        .collect();
    let covered = |slot: &str| {
        named.iter().any(|n| match n.strip_suffix('*') {
            Some(prefix) => slot.starts_with(prefix),
            None => n == slot,
        })
    };
    // SAFETY: the table is `PJRT_Api` as laid out by api.rs: header fields, then slots.
    let slots: &[StubFn] = unsafe {
        std::slice::from_raw_parts(
            (p.api as *const PJRT_Api as *const u8)
                .add(40)
                .cast::<StubFn>(),
            SLOT_NAMES.len(),
        )
    };
    let mut unimplemented = Vec::new();
    for (name, &slot) in SLOT_NAMES.iter().zip(slots) {
        if name.starts_with("PJRT_Error_") {
            continue; // implemented; they take errors, not args structs with handles
        }
        // struct_size 0: an implemented slot refuses the args before reading anything, a
        // stub does not read them.
        let mut args = [0u64; 64];
        if let Err((code, msg)) = p.call(slot, &mut args, 0)
            && code == PJRT_Error_Code_UNIMPLEMENTED
        {
            // Each says why, not just that it is missing.
            assert!(
                msg.contains(name) && !msg.ends_with(": not implemented"),
                "{msg}"
            );
            unimplemented.push(*name);
        }
    }
    for slot in &unimplemented {
        assert!(
            covered(slot),
            "{slot} is UNIMPLEMENTED but not in the README's table"
        );
    }
    for n in named.iter().filter(|n| !n.ends_with('*')) {
        assert!(
            unimplemented.contains(&n.as_str()),
            "the README names {n}, which is implemented"
        );
    }
    for slot in SLOT_NAMES.iter().filter(|s| covered(s)) {
        assert!(
            unimplemented.contains(slot),
            "{slot} is implemented but the README's table covers it"
        );
    }
    assert!(!unimplemented.contains(&"PJRT_Executable_OptimizedProgram"));
}

fn le_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// A transfer manager of `specs` (element type, dims) in the default memory.
fn transfer_manager(
    s: &Session,
    specs: &[(PJRT_Buffer_Type, &[i64])],
) -> *mut PJRT_AsyncHostToDeviceTransferManager {
    let specs: Vec<PJRT_ShapeSpec> = specs
        .iter()
        .map(|(ty, dims)| {
            let mut spec: PJRT_ShapeSpec = zeroed();
            spec.struct_size = PJRT_ShapeSpec::STRUCT_SIZE;
            spec.dims = dims.as_ptr();
            spec.num_dims = dims.len();
            spec.element_type = *ty;
            spec
        })
        .collect();
    let mut c: PJRT_Client_CreateBuffersForAsyncHostToDevice_Args = zeroed();
    c.client = s.client;
    c.shape_specs = specs.as_ptr() as *mut _;
    c.num_shape_specs = specs.len();
    c.memory = s.default_memory(s.device());
    call!(s.p, PJRT_Client_CreateBuffersForAsyncHostToDevice, c).unwrap();
    c.transfer_manager
}

fn transfer_data(
    s: &Session,
    m: *mut PJRT_AsyncHostToDeviceTransferManager,
    index: i32,
    data: &[u8],
    offset: i64,
    last: bool,
) -> Result<(), (i32, String)> {
    let mut t: PJRT_AsyncHostToDeviceTransferManager_TransferData_Args = zeroed();
    t.transfer_manager = m;
    t.buffer_index = index;
    t.data = data.as_ptr().cast();
    t.offset = offset;
    t.transfer_size = data.len() as i64;
    t.is_last_transfer = last;
    call!(s.p, PJRT_AsyncHostToDeviceTransferManager_TransferData, t)?;
    // The bytes are copied: the host data may go at once.
    assert!(s.is_ready(t.done_with_h2d_transfer));
    s.outcome(t.done_with_h2d_transfer)
}

fn retrieve(
    s: &Session,
    m: *mut PJRT_AsyncHostToDeviceTransferManager,
    index: i32,
) -> Result<*mut PJRT_Buffer, (i32, String)> {
    let mut r: PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args = zeroed();
    r.transfer_manager = m;
    r.buffer_index = index;
    call!(s.p, PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer, r)?;
    Ok(r.buffer_out)
}

fn destroy_manager(s: &Session, m: *mut PJRT_AsyncHostToDeviceTransferManager) {
    let mut d: PJRT_AsyncHostToDeviceTransferManager_Destroy_Args = zeroed();
    d.transfer_manager = m;
    call!(s.p, PJRT_AsyncHostToDeviceTransferManager_Destroy, d).unwrap();
}

#[test]
fn async_transfers_define_buffers_chunk_by_chunk() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let m = transfer_manager(
        &s,
        &[
            (PJRT_Buffer_Type_F32, &[2, 3]),
            (PJRT_Buffer_Type_S32, &[5]),
        ],
    );
    let mut n: PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args = zeroed();
    n.transfer_manager = m;
    call!(p, PJRT_AsyncHostToDeviceTransferManager_BufferCount, n).unwrap();
    assert_eq!(n.buffer_count, 2);
    let mut size: PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args = zeroed();
    size.transfer_manager = m;
    size.buffer_index = 1;
    call!(p, PJRT_AsyncHostToDeviceTransferManager_BufferSize, size).unwrap();
    assert_eq!(size.buffer_size, 20);
    let mut dev: PJRT_AsyncHostToDeviceTransferManager_Device_Args = zeroed();
    dev.transfer_manager = m;
    call!(p, PJRT_AsyncHostToDeviceTransferManager_Device, dev).unwrap();
    assert_eq!(dev.device_out, s.device());
    let key = "trace";
    let mut meta = int_option("unused", 1);
    meta.name = key.as_ptr().cast();
    meta.name_size = key.len();
    let mut am: PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args = zeroed();
    am.transfer_manager = m;
    am.transfer_metadata = &meta;
    am.num_metadata = 1;
    call!(p, PJRT_AsyncHostToDeviceTransferManager_AddMetadata, am).unwrap();

    let a = retrieve(&s, m, 0).unwrap();
    assert_eq!(s.dims(a), (PJRT_Buffer_Type_F32, vec![2, 3]));
    let (code, msg) = retrieve(&s, m, 0).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("already retrieved"), "{msg}");
    for bad in [2, -1] {
        let (code, msg) = retrieve(&s, m, bad).unwrap_err();
        assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
        assert!(msg.contains("out of range"), "{msg}");
    }

    // A read started before the data arrives completes when it has.
    let ready = s.ready_event(a);
    assert!(!s.is_ready(ready));
    let (host, read) = s.start_download(a, 24);
    assert!(!s.is_ready(read));
    let want = le_bytes(&[0.5, 1.5, 2.5, 3.5, 4.5, 5.5]);
    // The second half first, then the first half as the last transfer.
    transfer_data(&s, m, 0, &want[12..], 12, false).unwrap();
    assert!(!s.is_ready(ready) && !s.is_ready(read));
    transfer_data(&s, m, 0, &want[..12], 0, true).unwrap();
    assert_eq!(s.outcome(ready), Ok(()));
    assert_eq!(s.outcome(read), Ok(()));
    assert_eq!(&host[..], &want[..]);
    // Complete: more data is an error; so is data past the end.
    let (code, msg) = transfer_data(&s, m, 0, &want[..4], 0, false).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("complete"), "{msg}");
    let (code, msg) = transfer_data(&s, m, 1, &[0; 8], 16, false).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("outside buffer 1's 20 bytes"), "{msg}");
    assert!(transfer_data(&s, m, 1, &[0; 4], -4, false).is_err());

    // Buffer 1 whole, as a literal (after one of the wrong shape is refused).
    let b = retrieve(&s, m, 1).unwrap();
    let ints: Vec<u8> = [7i32, -8, 9, -10, 11]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let mut lit: PJRT_AsyncHostToDeviceTransferManager_TransferLiteral_Args = zeroed();
    lit.transfer_manager = m;
    lit.buffer_index = 1;
    lit.data = ints.as_ptr().cast();
    let wrong = [4i64];
    lit.shape_dims = wrong.as_ptr();
    lit.shape_num_dims = 1;
    lit.shape_element_type = PJRT_Buffer_Type_S32;
    let (code, _) = call!(
        p,
        PJRT_AsyncHostToDeviceTransferManager_TransferLiteral,
        lit
    )
    .unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    let dims = [5i64];
    lit.shape_dims = dims.as_ptr();
    call!(
        p,
        PJRT_AsyncHostToDeviceTransferManager_TransferLiteral,
        lit
    )
    .unwrap();
    assert_eq!(s.outcome(lit.done_with_h2d_transfer), Ok(()));
    assert_eq!(s.download(b, None), ints);
    destroy_manager(&s, m);

    // The transferred buffer runs: a*b + a.
    let exe = s.compile(MLIR);
    let two = s.upload(PJRT_Buffer_Type_F32, &le_bytes(&[2.; 6]), &[2, 3], None);
    let outs = s.execute(exe, &[a, two], 1);
    assert_eq!(
        f32s(&s.download(outs[0], None)),
        [1.5, 4.5, 7.5, 10.5, 13.5, 16.5]
    );
    for buf in [a, b, two, outs[0]] {
        s.destroy_buffer(buf);
    }
    s.destroy_executable(exe);
}

#[test]
fn buffers_whose_transfer_fails_carry_the_error_to_readers_and_execute() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let m = transfer_manager(
        &s,
        &[
            (PJRT_Buffer_Type_F32, &[2, 3]),
            (PJRT_Buffer_Type_F32, &[2, 3]),
        ],
    );
    let a = retrieve(&s, m, 0).unwrap();
    let b = retrieve(&s, m, 1).unwrap();
    let (_host, read) = s.start_download(a, 24);
    let mut e: PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args = zeroed();
    e.transfer_manager = m;
    e.buffer_index = 0;
    e.error_code = PJRT_Error_Code_INTERNAL;
    e.error_message = c"disk on fire".as_ptr();
    e.error_message_size = 12;
    call!(p, PJRT_AsyncHostToDeviceTransferManager_SetBufferError, e).unwrap();
    let failed = (PJRT_Error_Code_INTERNAL, "disk on fire".to_string());
    assert_eq!(s.outcome(read), Err(failed.clone()));
    assert_eq!(s.outcome(s.ready_event(a)), Err(failed.clone()));
    // Set once: the buffer is complete (failed).
    assert_eq!(
        call!(p, PJRT_AsyncHostToDeviceTransferManager_SetBufferError, e)
            .unwrap_err()
            .0,
        PJRT_Error_Code_INVALID_ARGUMENT
    );
    let exe = s.compile(MLIR);
    let (code, msg) = s.try_execute(exe, &[a, a], 1).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INTERNAL);
    assert!(msg.contains("disk on fire"), "{msg}");
    // Buffer 1 never got its last transfer: destroying the manager fails it.
    transfer_data(&s, m, 1, &[0; 8], 0, false).unwrap();
    destroy_manager(&s, m);
    let (code, msg) = s.outcome(s.ready_event(b)).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_CANCELLED);
    assert!(msg.contains("buffer 1"), "{msg}");
    s.destroy_buffer(a);
    s.destroy_buffer(b);
    s.destroy_executable(exe);
}

#[test]
fn error_buffers_fail_reads_and_execute_with_their_error() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let dims = [2i64, 3];
    let mut c: PJRT_Client_CreateErrorBuffer_Args = zeroed();
    c.client = s.client;
    c.error_code = PJRT_Error_Code_RESOURCE_EXHAUSTED;
    c.error_message = c"no more rows".as_ptr();
    c.error_message_size = 12;
    c.shape_dims = dims.as_ptr();
    c.shape_num_dims = 2;
    c.shape_element_type = PJRT_Buffer_Type_F32;
    c.memory = s.default_memory(s.device());
    call!(p, PJRT_Client_CreateErrorBuffer, c).unwrap();
    let e = c.buffer;
    assert_eq!(s.dims(e), (PJRT_Buffer_Type_F32, vec![2, 3]));
    let failed = (
        PJRT_Error_Code_RESOURCE_EXHAUSTED,
        "no more rows".to_string(),
    );
    assert_eq!(s.outcome(s.ready_event(e)), Err(failed.clone()));
    let (_host, read) = s.start_download(e, 24);
    assert_eq!(s.outcome(read), Err(failed));
    let exe = s.compile(MLIR);
    let x = s.upload(PJRT_Buffer_Type_F32, &le_bytes(&[1.; 6]), &[2, 3], None);
    let (code, msg) = s.try_execute(exe, &[x, e], 1).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_RESOURCE_EXHAUSTED);
    assert!(
        msg.contains("argument 1") && msg.contains("no more rows"),
        "{msg}"
    );
    // An error buffer needs an error.
    c.error_code = PJRT_Error_Code_OK;
    let (code, _) = call!(p, PJRT_Client_CreateErrorBuffer, c).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    s.destroy_buffer(e);
    s.destroy_buffer(x);
    s.destroy_executable(exe);
}

fn create_alias(s: &Session, dims: &[i64]) -> (*mut PJRT_Buffer, *mut c_void) {
    let mut c: PJRT_Client_CreateAliasBuffer_Args = zeroed();
    c.client = s.client;
    c.memory = s.default_memory(s.device());
    c.shape_dims = dims.as_ptr();
    c.shape_num_dims = dims.len();
    c.shape_element_type = PJRT_Buffer_Type_F32;
    call!(s.p, PJRT_Client_CreateAliasBuffer, c).unwrap();
    assert!(!c.fulfill_alias_buffer_cb.is_null());
    (c.alias_buffer, c.fulfill_alias_buffer_cb)
}

fn fulfil(
    s: &Session,
    promise: *mut c_void,
    with: Result<*mut PJRT_Buffer, &std::ffi::CStr>,
) -> Result<(), (i32, String)> {
    let mut f: PJRT_Client_FulfillAliasBuffer_Args = zeroed();
    f.client = s.client;
    f.fulfill_alias_buffer_cb = promise;
    match with {
        Ok(b) => f.buffer = b,
        Err(msg) => {
            f.status_code = PJRT_Error_Code_ABORTED;
            f.error_message = msg.as_ptr();
            f.error_message_size = msg.to_bytes().len();
        }
    }
    call!(s.p, PJRT_Client_FulfillAliasBuffer, f)
}

#[test]
fn alias_buffers_run_once_fulfilled() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let exe = s.compile(MLIR);
    let (alias, promise) = create_alias(&s, &[2, 3]);
    let (host, read) = s.start_download(alias, 24);
    let x = s.upload(
        PJRT_Buffer_Type_F32,
        &le_bytes(&[1., 2., 3., 4., 5., 6.]),
        &[2, 3],
        None,
    );
    let three = s.upload(PJRT_Buffer_Type_F32, &le_bytes(&[3.; 6]), &[2, 3], None);
    // Execute waits for the alias, which another thread fulfils a little later.
    let outs = std::thread::scope(|scope| {
        let (sx, px) = (Shared(x), Shared(promise.cast()));
        let s = &s;
        scope.spawn(move || {
            let (x, promise) = (sx, px);
            std::thread::sleep(std::time::Duration::from_millis(50));
            fulfil(s, promise.0.cast(), Ok(x.0)).unwrap();
        });
        s.try_execute(exe, &[alias, three], 1).unwrap()
    });
    assert_eq!(
        f32s(&s.download(outs[0], None)),
        [4., 8., 12., 16., 20., 24.]
    );
    assert_eq!(s.outcome(read), Ok(()));
    assert_eq!(f32s(&host), [1., 2., 3., 4., 5., 6.]);
    // A promise is kept once.
    let (code, msg) = fulfil(&s, promise, Ok(x)).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("already fulfilled"), "{msg}");

    // Another alias: a buffer of the wrong shape is refused (the promise stays), an
    // error is taken.
    let (other, promise2) = create_alias(&s, &[3]);
    let (code, msg) = fulfil(&s, promise2, Ok(x)).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("f32[3]") || msg.contains("[3]"), "{msg}");
    fulfil(&s, promise2, Err(c"producer gone")).unwrap();
    assert_eq!(
        s.outcome(s.ready_event(other)),
        Err((PJRT_Error_Code_ABORTED, "producer gone".to_string()))
    );
    for b in [alias, x, three, outs[0], other] {
        s.destroy_buffer(b);
    }
    s.destroy_executable(exe);
}

fn donate_with_dependency(
    s: &Session,
    b: *mut PJRT_Buffer,
) -> PJRT_Buffer_DonateWithControlDependency_Args {
    let mut d: PJRT_Buffer_DonateWithControlDependency_Args = zeroed();
    d.buffer = b;
    call!(s.p, PJRT_Buffer_DonateWithControlDependency, d).unwrap();
    d
}

fn dependency_ready(
    d: &PJRT_Buffer_DonateWithControlDependency_Args,
    error: Option<&std::ffi::CStr>,
) {
    let mut cb: PJRT_Buffer_DonateWithControlDependency_Callback_Args = zeroed();
    cb.struct_size = PJRT_Buffer_DonateWithControlDependency_Callback_Args::STRUCT_SIZE;
    cb.callback_data = d.callback_data;
    if let Some(msg) = error {
        cb.error_code = PJRT_Error_Code_ABORTED;
        cb.error_message = msg.as_ptr();
        cb.error_message_size = msg.to_bytes().len();
    }
    // SAFETY: the plugin's callback with the data it handed out, called once.
    unsafe { d.dependency_ready_callback.unwrap()(&mut cb) };
}

#[test]
fn donation_with_a_control_dependency_waits_for_the_dependency() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let data = le_bytes(&[1., -2., 3.]);
    let b = s.upload(PJRT_Buffer_Type_F32, &data, &[3], None);
    let d = donate_with_dependency(&s, b);
    let mut del: PJRT_Buffer_Bool_Args = zeroed();
    del.buffer = b;
    call!(p, PJRT_Buffer_IsDeleted, del).unwrap();
    assert!(del.value, "the donated buffer reports deleted");
    let (host, read) = s.start_download(d.out_buffer, 12);
    assert!(!s.is_ready(read));
    dependency_ready(&d, None);
    assert_eq!(s.outcome(read), Ok(()));
    assert_eq!(&host[..], &data[..]);
    // Donating a donated buffer is an error; a failed dependency fails the new buffer.
    let mut again: PJRT_Buffer_DonateWithControlDependency_Args = zeroed();
    again.buffer = b;
    assert_eq!(
        call!(p, PJRT_Buffer_DonateWithControlDependency, again)
            .unwrap_err()
            .0,
        PJRT_Error_Code_INVALID_ARGUMENT
    );
    let d2 = donate_with_dependency(&s, d.out_buffer);
    dependency_ready(&d2, Some(c"cancelled upstream"));
    assert_eq!(
        s.outcome(s.ready_event(d2.out_buffer)),
        Err((PJRT_Error_Code_ABORTED, "cancelled upstream".to_string()))
    );
    for x in [b, d.out_buffer, d2.out_buffer] {
        s.destroy_buffer(x);
    }
}

fn bitcast(
    s: &Session,
    b: *mut PJRT_Buffer,
    ty: PJRT_Buffer_Type,
    dims: &[i64],
) -> Result<*mut PJRT_Buffer, (i32, String)> {
    let mut c: PJRT_Buffer_Bitcast_Args = zeroed();
    c.buffer = b;
    c.element_type = ty;
    c.dims = dims.as_ptr();
    c.num_dims = dims.len();
    call!(s.p, PJRT_Buffer_Bitcast, c)?;
    Ok(c.out_buffer)
}

#[test]
fn bitcast_keeps_the_bytes_under_a_new_type() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let data = le_bytes(&[1.0, -0.5, 3.25, 1e-3, 7.0, -9.0]);
    let b = s.upload(PJRT_Buffer_Type_F32, &data, &[2, 3], None);
    let bytes = bitcast(&s, b, PJRT_Buffer_Type_U8, &[4, 6]).unwrap();
    assert_eq!(s.dims(bytes), (PJRT_Buffer_Type_U8, vec![4, 6]));
    assert_eq!(s.download(bytes, None), data);
    let ints = bitcast(&s, b, PJRT_Buffer_Type_S16, &[12]).unwrap();
    assert_eq!(s.download(ints, None), data);
    let (code, msg) = bitcast(&s, b, PJRT_Buffer_Type_F32, &[5]).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("24 bytes") && msg.contains("20"), "{msg}");
    for x in [b, bytes, ints] {
        s.destroy_buffer(x);
    }
}

#[test]
fn host_mappings_poison_tracking_events_and_memory_stat_resets() {
    let p = Plugin::load();
    let s = Session::new(&p);
    // DmaMap/DmaUnmap: checked pairs.
    let mut host = vec![0u8; 256];
    let mut map: PJRT_Client_DmaMap_Args = zeroed();
    map.client = s.client;
    map.data = host.as_mut_ptr().cast();
    map.size = host.len();
    call!(p, PJRT_Client_DmaMap, map).unwrap();
    assert_eq!(
        call!(p, PJRT_Client_DmaMap, map).unwrap_err().0,
        PJRT_Error_Code_INVALID_ARGUMENT
    );
    let mut unmap: PJRT_Client_DmaUnmap_Args = zeroed();
    unmap.client = s.client;
    unmap.data = host.as_mut_ptr().cast();
    call!(p, PJRT_Client_DmaUnmap, unmap).unwrap();
    let (code, msg) = call!(p, PJRT_Client_DmaUnmap, unmap).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(msg.contains("not mapped"), "{msg}");

    // Nothing is ever in flight to poison.
    let mut poison: PJRT_Device_PoisonExecution_Args = zeroed();
    poison.device = s.device();
    poison.launch_id = 7;
    poison.error_code = PJRT_Error_Code_ABORTED;
    poison.poisoned = true;
    call!(p, PJRT_Device_PoisonExecution, poison).unwrap();
    assert!(!poison.poisoned);

    let mut t: PJRT_Device_CreateAsyncTrackingEvent_Args = zeroed();
    t.device = s.device();
    t.description = c"prefetch".as_ptr();
    t.description_size = 8;
    call!(p, PJRT_Device_CreateAsyncTrackingEvent, t).unwrap();
    assert!(!t.event.is_null());
    let mut td: PJRT_AsyncTrackingEvent_Destroy_Args = zeroed();
    td.event = t.event;
    call!(p, PJRT_AsyncTrackingEvent_Destroy, td).unwrap();

    // ClearMemoryStats: the peak starts over from what is in use.
    let stats = || {
        let mut m: PJRT_Device_MemoryStats_Args = zeroed();
        m.device = s.device();
        call!(p, PJRT_Device_MemoryStats, m).unwrap();
        (m.bytes_in_use, m.peak_bytes_in_use, m.largest_alloc_size)
    };
    let big = s.upload(PJRT_Buffer_Type_U8, &vec![1u8; 1 << 16], &[1 << 16], None);
    s.destroy_buffer(big);
    let (in_use, peak, largest) = stats();
    assert!(
        peak >= in_use + (1 << 16) && largest >= 1 << 16,
        "{peak} {in_use}"
    );
    let mut clear: PJRT_Device_ClearMemoryStats_Args = zeroed();
    clear.device = s.device();
    call!(p, PJRT_Device_ClearMemoryStats, clear).unwrap();
    assert_eq!(stats(), (in_use, in_use, 0));
    let small = s.upload(PJRT_Buffer_Type_U8, &[1u8; 100], &[100], None);
    assert_eq!(stats(), (in_use + 100, in_use + 100, 100));
    s.destroy_buffer(small);
}

fn topology_fingerprint(p: &Plugin, t: *mut PJRT_TopologyDescription) -> u64 {
    let mut f: PJRT_TopologyDescription_Fingerprint_Args = zeroed();
    f.topology = t;
    call!(p, PJRT_TopologyDescription_Fingerprint, f).unwrap();
    f.fingerprint
}

#[test]
fn topologies_fingerprint_and_memory_kinds_and_loading_compiled_executables() {
    let p = Plugin::load();
    let s = Session::new(&p);
    let host1 = create_topology(&p, "host").unwrap();
    let host2 = create_topology(&p, "").unwrap();
    let arm = create_topology(&p, "aarch64-unknown-linux-gnu").unwrap();
    let four = {
        let opt = int_option("num_devices", 4);
        let name = "host";
        let mut t: PJRT_TopologyDescription_Create_Args = zeroed();
        t.topology_name = name.as_ptr().cast();
        t.topology_name_size = name.len();
        t.create_options = &opt;
        t.num_options = 1;
        call!(p, PJRT_TopologyDescription_Create, t).unwrap();
        t.topology
    };
    let fp = topology_fingerprint(&p, host1);
    assert_eq!(fp, topology_fingerprint(&p, host2));
    assert_ne!(fp, topology_fingerprint(&p, arm));
    assert_ne!(fp, topology_fingerprint(&p, four));
    let mut k: PJRT_TopologyDescription_GetMemorySpaceKindIds_Args = zeroed();
    k.topology = arm;
    call!(p, PJRT_TopologyDescription_GetMemorySpaceKindIds, k).unwrap();
    // SAFETY: an array of `num_memory_space_kind_ids` ids living as long as the plugin.
    let ids =
        unsafe { std::slice::from_raw_parts(k.memory_space_kind_ids, k.num_memory_space_kind_ids) };
    assert_eq!(ids, [0]);
    // The canonical shape of kind 0: the same array, dense row-major, as a ShapeProto.
    let dims = [4i64, 1, 3];
    let mut cs: PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace_Args = zeroed();
    cs.topology = arm;
    cs.dims = dims.as_ptr();
    cs.num_dims = 3;
    cs.element_type = PJRT_Buffer_Type_BF16;
    call!(
        p,
        PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace,
        cs
    )
    .unwrap();
    // SAFETY: `serialized_shape_size` bytes, freed below by the plugin's deleter.
    let proto = unsafe {
        std::slice::from_raw_parts(cs.serialized_shape.cast::<u8>(), cs.serialized_shape_size)
    };
    assert_eq!(
        proto,
        [
            0x10, 16, 0x1a, 3, 4, 1, 3, 0x2a, 5, 0x0a, 3, 2, 1, 0, 0x32, 3, 0, 0, 0
        ]
    );
    // SAFETY: the plugin's deleter for its own allocation, called once.
    unsafe { cs.serialized_shape_deleter.unwrap()(cs.serialized_shape) };
    cs.memory_space_kind_id = 1;
    assert_eq!(
        call!(
            p,
            PJRT_TopologyDescription_MakeCanonicalShapeForMemorySpace,
            cs
        )
        .unwrap_err()
        .0,
        PJRT_Error_Code_INVALID_ARGUMENT
    );

    // Compile for the host topology, then Load into the client: it runs.
    let prog = mlir_program(MLIR);
    let mut c: PJRT_Compile_Args = zeroed();
    c.topology = host1;
    c.program = &prog;
    call!(p, PJRT_Compile, c).unwrap();
    let mut kinds: PJRT_Executable_ParameterMemoryKinds_Args = zeroed();
    kinds.executable = c.executable;
    call!(p, PJRT_Executable_ParameterMemoryKinds, kinds).unwrap();
    assert_eq!(kinds.num_parameters, 2);
    for i in 0..2 {
        // SAFETY: `num_parameters` strings living as long as the executable.
        let kind = unsafe {
            std::slice::from_raw_parts(
                *kinds.memory_kinds.add(i) as *const u8,
                *kinds.memory_kind_sizes.add(i),
            )
        };
        assert_eq!(kind, b"device");
    }
    let mut l: PJRT_Client_Load_Args = zeroed();
    l.client = s.client;
    l.executable = c.executable;
    call!(p, PJRT_Client_Load, l).unwrap();
    run_and_check(&s, l.loaded_executable);
    s.destroy_executable(l.loaded_executable);
    // One compiled for aarch64 cannot be loaded here (unless this is aarch64).
    let mut ca: PJRT_Compile_Args = zeroed();
    ca.topology = arm;
    ca.program = &prog;
    call!(p, PJRT_Compile, ca).unwrap();
    l.executable = ca.executable;
    if cfg!(not(target_arch = "aarch64")) {
        let (code, msg) = call!(p, PJRT_Client_Load, l).unwrap_err();
        assert_eq!(code, PJRT_Error_Code_FAILED_PRECONDITION, "{msg}");
    }
    for e in [c.executable, ca.executable] {
        let mut ed: PJRT_Executable_Destroy_Args = zeroed();
        ed.executable = e;
        call!(p, PJRT_Executable_Destroy, ed).unwrap();
    }
    for t in [host1, host2, arm, four] {
        let mut d: PJRT_TopologyDescription_Destroy_Args = zeroed();
        d.topology = t;
        call!(p, PJRT_TopologyDescription_Destroy, d).unwrap();
    }
}

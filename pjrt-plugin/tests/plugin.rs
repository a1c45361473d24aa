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
    PJRT_LoadedExecutable_GetDeviceAssignment_Args
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
    let (code, msg) = call!(p, PJRT_Compile, a).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_UNIMPLEMENTED);
    assert!(msg.contains("PJRT_Compile"), "{msg}");
    let (code, msg) = call!(p, PJRT_Client_TopologyDescription, a).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_UNIMPLEMENTED);
    assert!(msg.contains("PJRT_Client_TopologyDescription"), "{msg}");
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

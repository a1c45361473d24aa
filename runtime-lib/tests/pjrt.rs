//! The PJRT layer in process, without a compile hook: what the runtime-only plugin does.

mod common;

use std::ffi::c_void;
use std::ptr::null_mut;

use pjrtc_runtime::pjrt::ffi::*;
use pjrtc_runtime::pjrt::{api, get_api};

fn take_error(e: *mut PJRT_Error) -> (i32, String) {
    let api = api::api();
    let mut code = PJRT_Error_GetCode_Args {
        struct_size: PJRT_Error_GetCode_Args::STRUCT_SIZE,
        extension_start: null_mut(),
        error: e,
        code: 0,
    };
    let mut msg = PJRT_Error_Message_Args {
        struct_size: PJRT_Error_Message_Args::STRUCT_SIZE,
        extension_start: null_mut(),
        error: e,
        message: std::ptr::null(),
        message_size: 0,
    };
    let mut destroy = PJRT_Error_Destroy_Args {
        struct_size: PJRT_Error_Destroy_Args::STRUCT_SIZE,
        extension_start: null_mut(),
        error: e,
    };
    // SAFETY: slots of our table with their own args structs; the message is copied before
    // the error is destroyed.
    unsafe {
        assert!(
            (api.PJRT_Error_GetCode)((&mut code as *mut PJRT_Error_GetCode_Args).cast()).is_null()
        );
        (api.PJRT_Error_Message)((&mut msg as *mut PJRT_Error_Message_Args).cast());
        let text = std::slice::from_raw_parts(msg.message.cast::<u8>(), msg.message_size);
        let text = String::from_utf8_lossy(text).into_owned();
        (api.PJRT_Error_Destroy)((&mut destroy as *mut PJRT_Error_Destroy_Args).cast());
        (code.code, text)
    }
}

#[test]
fn without_a_compile_hook_client_compile_is_unimplemented() {
    // SAFETY: the table is static.
    let api = unsafe { &*get_api(None) };
    assert_eq!(api.pjrt_api_version.minor_version, 112);

    // SAFETY: all-zero is a valid value of these plain-data args structs.
    let mut create: PJRT_Client_Create_Args = unsafe { std::mem::zeroed() };
    create.struct_size = PJRT_Client_Create_Args::STRUCT_SIZE;
    let raw = (&mut create as *mut PJRT_Client_Create_Args).cast();
    // SAFETY: the slot with its args struct.
    let err = unsafe { (api.PJRT_Client_Create)(raw) };
    assert!(err.is_null());

    let code = "func.func @main() -> () { return }";
    // SAFETY: as above.
    let mut program: PJRT_Program = unsafe { std::mem::zeroed() };
    program.struct_size = PJRT_Program::STRUCT_SIZE;
    program.code = code.as_ptr() as *mut _;
    program.code_size = code.len();
    program.format = c"mlir".as_ptr();
    program.format_size = 4;
    // SAFETY: as above.
    let mut compile: PJRT_Client_Compile_Args = unsafe { std::mem::zeroed() };
    compile.struct_size = PJRT_Client_Compile_Args::STRUCT_SIZE;
    compile.client = create.client;
    compile.program = &program;
    // SAFETY: the slot with its args struct.
    let err = unsafe {
        (api.PJRT_Client_Compile)((&mut compile as *mut PJRT_Client_Compile_Args).cast::<c_void>())
    };
    let (code, msg) = take_error(err);
    assert_eq!(code, PJRT_Error_Code_UNIMPLEMENTED);
    assert!(msg.contains("runtime-only plugin cannot compile"), "{msg}");
    assert!(msg.contains("PJRT_Executable_DeserializeAndLoad"), "{msg}");

    let mut destroy = PJRT_Client_Args {
        struct_size: PJRT_Client_Args::STRUCT_SIZE,
        extension_start: null_mut(),
        client: create.client,
    };
    let raw = (&mut destroy as *mut PJRT_Client_Args).cast();
    // SAFETY: the slot with its args struct; the client is ours.
    let err = unsafe { (api.PJRT_Client_Destroy)(raw) };
    assert!(err.is_null());
}

/// A new client of the runtime-only plugin.
fn client() -> *mut PJRT_Client {
    // SAFETY: the table is static.
    let api = unsafe { &*get_api(None) };
    // SAFETY: all-zero is a valid value of this plain-data args struct.
    let mut create: PJRT_Client_Create_Args = unsafe { std::mem::zeroed() };
    create.struct_size = PJRT_Client_Create_Args::STRUCT_SIZE;
    let raw = (&mut create as *mut PJRT_Client_Create_Args).cast();
    // SAFETY: the slot with its args struct.
    assert!(unsafe { (api.PJRT_Client_Create)(raw) }.is_null());
    create.client
}

/// Loads `bytes` as a serialized executable: the executable, or the error's code and text.
fn deserialize(
    client: *mut PJRT_Client,
    bytes: &[u8],
) -> Result<*mut PJRT_LoadedExecutable, (i32, String)> {
    // SAFETY: the table is static.
    let api = unsafe { &*get_api(None) };
    // SAFETY: all-zero is a valid value of this plain-data args struct.
    let mut a: PJRT_Executable_DeserializeAndLoad_Args = unsafe { std::mem::zeroed() };
    a.struct_size = PJRT_Executable_DeserializeAndLoad_Args::STRUCT_SIZE;
    a.client = client;
    a.serialized_executable = bytes.as_ptr().cast();
    a.serialized_executable_size = bytes.len();
    let raw = (&mut a as *mut PJRT_Executable_DeserializeAndLoad_Args).cast();
    // SAFETY: the slot with its args struct; `bytes` outlives the call.
    let err = unsafe { (api.PJRT_Executable_DeserializeAndLoad)(raw) };
    if err.is_null() {
        Ok(a.loaded_executable)
    } else {
        Err(take_error(err))
    }
}

/// PJRT buffers have static shapes: an artifact with dynamic dimensions is refused at
/// load, by name, and the same program compiled static loads.
#[test]
fn artifacts_with_dynamic_dimensions_are_refused() {
    // SAFETY: the table is static.
    let api = unsafe { &*get_api(None) };
    let c = client();
    let p = common::copy_program(&["b<=4,3"], true);
    let (code, msg) = deserialize(c, &p.to_bytes()).unwrap_err();
    assert_eq!(code, PJRT_Error_Code_INVALID_ARGUMENT);
    assert!(
        msg.contains("dynamic dimensions (inputs f32[b<=4,3])"),
        "{msg}"
    );

    let mut p = common::copy_program(&["4,3"], true);
    p.dynamic = None;
    p.signature.outputs.pop();
    p.steps.pop();
    let exe = deserialize(c, &p.to_bytes()).unwrap();
    let mut destroy = PJRT_LoadedExecutable_Args {
        struct_size: PJRT_LoadedExecutable_Args::STRUCT_SIZE,
        extension_start: null_mut(),
        executable: exe,
    };
    let raw = (&mut destroy as *mut PJRT_LoadedExecutable_Args).cast();
    // SAFETY: the slot with its args struct; the executable is ours.
    assert!(unsafe { (api.PJRT_LoadedExecutable_Destroy)(raw) }.is_null());
    let mut destroy = PJRT_Client_Args {
        struct_size: PJRT_Client_Args::STRUCT_SIZE,
        extension_start: null_mut(),
        client: c,
    };
    let raw = (&mut destroy as *mut PJRT_Client_Args).cast();
    // SAFETY: the slot with its args struct; the client is ours.
    assert!(unsafe { (api.PJRT_Client_Destroy)(raw) }.is_null());
}

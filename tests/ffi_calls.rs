//! Custom calls of XLA FFI handlers end to end, in process: programs compiled with their
//! targets registered, handlers written in Rust against the C ABI (`xla_ffi::abi`) that
//! check what the call frame holds (buffers, attributes sorted by name, nested
//! dictionaries, arrays, strings), instantiate state, errors and futures.

use pjrtc::compiler::{self, Options, ffi::FfiTargets};
use pjrtc_runtime::xla_ffi::abi::*;
use pjrtc_runtime::xla_ffi::{Handler, registry};
use pjrtc_runtime::{DType, Executable, Tensor};
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};

fn options(targets: &[&str]) -> Options {
    Options {
        ffi: FfiTargets {
            registered: targets.iter().map(|t| t.to_string()).collect(),
            ..Default::default()
        },
        ..Options::default()
    }
}

fn run(program: &str, targets: &[&str], inputs: &[Tensor]) -> Result<Vec<Tensor>, String> {
    let pjx =
        compiler::compile(program.as_bytes(), &options(targets)).map_err(|e| e.to_string())?;
    let exe = Executable::load(&pjx.to_bytes()).map_err(|e| e.to_string())?;
    let refs: Vec<&Tensor> = inputs.iter().collect();
    exe.run(&refs).map_err(|e| e.to_string())
}

fn f32s(t: &Tensor) -> Vec<f32> {
    t.bytes()
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn tensor(shape: &[u64], v: &[f32]) -> Tensor {
    let b: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    Tensor::from_bytes(DType::F32, shape, &b).unwrap()
}

/// An error through the frame's API.
unsafe fn fail(frame: &XLA_FFI_CallFrame, msg: &str) -> *mut XLA_FFI_Error {
    let m = std::ffi::CString::new(msg).unwrap();
    let mut a = XLA_FFI_Error_Create_Args {
        struct_size: std::mem::size_of::<XLA_FFI_Error_Create_Args>(),
        extension_start: std::ptr::null_mut(),
        message: m.as_ptr(),
        errc: XLA_FFI_ERROR_CODE_INVALID_ARGUMENT,
    };
    // SAFETY: the frame's API table.
    unsafe { ((*frame.api).XLA_FFI_Error_Create)(&mut a) }
}

/// The names of a dictionary, in order.
unsafe fn names(attrs: &XLA_FFI_Attrs) -> Vec<String> {
    (0..attrs.size as usize)
        .map(|i| {
            // SAFETY: `size` valid name spans.
            let s = unsafe { &**attrs.names.add(i) };
            // SAFETY: as above.
            let b = unsafe { std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len) };
            String::from_utf8(b.to_vec()).unwrap()
        })
        .collect()
}

/// `y = x * scale + sum(bias)`, checking every attribute kind on the way: `scale` f32
/// scalar, `bias` array<f32>, `config` a dictionary {`flag` bool, `label` string,
/// `n` i64}, and their order.
unsafe extern "C" fn affine(frame: *mut XLA_FFI_CallFrame) -> *mut XLA_FFI_Error {
    // SAFETY: the runtime passes a valid frame.
    let f = unsafe { &*frame };
    if f.struct_size != CALL_FRAME_STRUCT_SIZE || f.stage != XLA_FFI_EXECUTION_STAGE_EXECUTE {
        // SAFETY: as above.
        return unsafe { fail(f, "bad frame") };
    }
    // SAFETY: the attributes are valid for the call.
    let top = unsafe { names(&f.attrs) };
    if top != ["bias", "config", "scale"] {
        // SAFETY: as above.
        return unsafe { fail(f, &format!("attributes {top:?}")) };
    }
    // SAFETY: a call frame's arrays hold `size` entries of the kinds their types say.
    unsafe {
        let kinds: Vec<i32> = (0..3).map(|i| *f.attrs.types.add(i)).collect();
        assert_eq!(
            kinds,
            [
                XLA_FFI_ATTR_TYPE_ARRAY,
                XLA_FFI_ATTR_TYPE_DICTIONARY,
                XLA_FFI_ATTR_TYPE_SCALAR
            ]
        );
        let bias = &*(*f.attrs.attrs.add(0)).cast::<XLA_FFI_Array>();
        let config = &*(*f.attrs.attrs.add(1)).cast::<XLA_FFI_Attrs>();
        let scale = &*(*f.attrs.attrs.add(2)).cast::<XLA_FFI_Scalar>();
        assert_eq!((bias.dtype, scale.dtype), (data_type::F32, data_type::F32));
        assert_eq!(names(config), ["flag", "label", "n"]);
        let flag = &*(*config.attrs.add(0)).cast::<XLA_FFI_Scalar>();
        let label = &*(*config.attrs.add(1)).cast::<XLA_FFI_ByteSpan>();
        let n = &*(*config.attrs.add(2)).cast::<XLA_FFI_Scalar>();
        assert_eq!((flag.dtype, *flag.value.cast::<u8>()), (data_type::PRED, 1));
        assert_eq!(
            std::slice::from_raw_parts(label.ptr.cast::<u8>(), label.len),
            b"hello"
        );
        assert_eq!((n.dtype, *n.value.cast::<i64>()), (data_type::S64, -7));
        let b = std::slice::from_raw_parts(bias.data.cast::<f32>(), bias.size);
        let s = *scale.value.cast::<f32>();
        let x = &*(*f.args.args).cast::<XLA_FFI_Buffer>();
        let y = &*(*f.rets.rets).cast::<XLA_FFI_Buffer>();
        assert_eq!((x.dtype, x.rank), (data_type::F32, 2));
        let dims = std::slice::from_raw_parts(x.dims, 2);
        let count = (dims[0] * dims[1]) as usize;
        let xs = std::slice::from_raw_parts(x.data.cast::<f32>(), count);
        let ys = std::slice::from_raw_parts_mut(y.data.cast::<f32>(), count);
        let add: f32 = b.iter().sum();
        for (o, v) in ys.iter_mut().zip(xs) {
            *o = v * s + add;
        }
    }
    std::ptr::null_mut()
}

const AFFINE: &str = r#"func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.custom_call @test_affine(%x) {api_version = 4 : i32, mhlo.backend_config = {scale = 3.000000e+00 : f32, config = {n = -7 : i64, label = "hello", flag = true}, bias = array<f32: 1.0, 0.5>}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.multiply %0, %x : tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
"#;

#[test]
fn handler_sees_buffers_and_sorted_attributes() {
    registry::register(
        "test_affine",
        Handler {
            execute: affine,
            instantiate: None,
        },
    )
    .unwrap();
    let x = [1.0f32, -2.0, 0.5, 4.0];
    let out = run(AFFINE, &["test_affine"], &[tensor(&[2, 2], &x)]).unwrap();
    let want: Vec<f32> = x.iter().map(|v| (v * 3.0 + 1.5) * v).collect();
    assert_eq!(f32s(&out[0]), want);
    // The same from the program printed back (generic form with the attributes).
    let module = compiler::frontend::parse(AFFINE.as_bytes()).unwrap();
    let text = compiler::ir::print::print_module(&module);
    let out = run(&text, &["test_affine"], &[tensor(&[2, 2], &x)]).unwrap();
    assert_eq!(f32s(&out[0]), want);
}

#[test]
fn unknown_targets_are_refused_with_their_location() {
    let err = run(AFFINE, &[], &[]).unwrap_err();
    assert!(
        err.starts_with("2:") && err.contains("unsupported: custom_call @test_affine"),
        "{err}"
    );
    // Registered at compile time but not in the running process: a run error.
    let program = AFFINE.replace("test_affine", "test_nobody");
    let err = run(&program, &["test_nobody"], &[tensor(&[2, 2], &[0.0; 4])]).unwrap_err();
    assert!(
        err.contains("custom call @test_nobody") && err.contains("no XLA FFI handler"),
        "{err}"
    );
}

static INSTANTIATED: AtomicUsize = AtomicUsize::new(0);

/// Instantiate: keeps a counter as its state (type id 4242).
unsafe extern "C" fn counter_instantiate(frame: *mut XLA_FFI_CallFrame) -> *mut XLA_FFI_Error {
    // SAFETY: a valid frame.
    let f = unsafe { &*frame };
    assert_eq!(f.stage, XLA_FFI_EXECUTION_STAGE_INSTANTIATE);
    INSTANTIATED.fetch_add(1, Ordering::SeqCst);
    let state = Box::into_raw(Box::new(0.0f32)).cast::<c_void>();
    let mut id = XLA_FFI_TypeId { type_id: 4242 };
    let mut a = XLA_FFI_State_Set_Args {
        struct_size: std::mem::size_of::<XLA_FFI_State_Set_Args>(),
        extension_start: std::ptr::null_mut(),
        ctx: f.ctx,
        stage: XLA_FFI_EXECUTION_STAGE_INSTANTIATE,
        type_id: &mut id,
        state,
    };
    // SAFETY: the frame's API.
    unsafe { ((*f.api).XLA_FFI_State_Set)(&mut a) }
}

/// Execute: adds one to the state per call and writes it; finishes through a future.
unsafe extern "C" fn counter_execute(frame: *mut XLA_FFI_CallFrame) -> *mut XLA_FFI_Error {
    // SAFETY: a valid frame.
    let f = unsafe { &mut *frame };
    let api = f.api;
    let mut id = XLA_FFI_TypeId { type_id: 4242 };
    let mut get = XLA_FFI_State_Get_Args {
        struct_size: std::mem::size_of::<XLA_FFI_State_Get_Args>(),
        extension_start: std::ptr::null_mut(),
        ctx: f.ctx,
        stage: XLA_FFI_EXECUTION_STAGE_INSTANTIATE,
        type_id: &mut id,
        state: std::ptr::null_mut(),
    };
    // SAFETY: the frame's API; the state is the f32 instantiate made.
    unsafe {
        let e = ((*api).XLA_FFI_State_Get)(&mut get);
        if !e.is_null() {
            return e;
        }
        let count = &mut *get.state.cast::<f32>();
        *count += 1.0;
        let y = &*(*f.rets.rets).cast::<XLA_FFI_Buffer>();
        *y.data.cast::<f32>() = *count;
        let mut fc = XLA_FFI_Future_Create_Args {
            struct_size: std::mem::size_of::<XLA_FFI_Future_Create_Args>(),
            extension_start: std::ptr::null_mut(),
            future: std::ptr::null_mut(),
        };
        assert!(((*api).XLA_FFI_Future_Create)(&mut fc).is_null());
        // Completed from another thread, as an asynchronous handler would.
        let fut = fc.future as usize;
        let api_addr = api as usize;
        std::thread::spawn(move || {
            let api = api_addr as *const XLA_FFI_Api;
            let mut a = XLA_FFI_Future_SetAvailable_Args {
                struct_size: std::mem::size_of::<XLA_FFI_Future_SetAvailable_Args>(),
                extension_start: std::ptr::null_mut(),
                future: fut as *mut c_void,
            };
            assert!(((*api).XLA_FFI_Future_SetAvailable)(&mut a).is_null());
        });
        f.future = fc.future;
    }
    std::ptr::null_mut()
}

#[test]
fn instantiate_state_lives_with_the_executable_and_futures_are_awaited() {
    registry::register(
        "test_counter",
        Handler {
            execute: counter_execute,
            instantiate: Some(counter_instantiate),
        },
    )
    .unwrap();
    let program = r#"func.func @main() -> tensor<f32> {
  %0 = stablehlo.custom_call @test_counter() {api_version = 4 : i32, has_side_effect = true} : () -> tensor<f32>
  return %0 : tensor<f32>
}
"#;
    let pjx = compiler::compile(program.as_bytes(), &options(&["test_counter"])).unwrap();
    let exe = Executable::load(&pjx.to_bytes()).unwrap();
    for i in 1..=3 {
        let out = exe.run(&[]).unwrap();
        assert_eq!(f32s(&out[0]), [i as f32]);
    }
    assert_eq!(INSTANTIATED.load(Ordering::SeqCst), 1);
}

unsafe extern "C" fn refuse(frame: *mut XLA_FFI_CallFrame) -> *mut XLA_FFI_Error {
    // SAFETY: a valid frame.
    unsafe { fail(&*frame, "refused by the handler") }
}

#[test]
fn handler_errors_fail_the_call_with_their_message() {
    registry::register(
        "test_refuse",
        Handler {
            execute: refuse,
            instantiate: None,
        },
    )
    .unwrap();
    let program = AFFINE.replace("test_affine", "test_refuse");
    let err = run(&program, &["test_refuse"], &[tensor(&[2, 2], &[0.0; 4])]).unwrap_err();
    assert!(
        err.contains("custom call @test_refuse: refused by the handler"),
        "{err}"
    );
}

#[test]
fn tokens_are_empty_tensors_threaded_in_program_order() {
    let program = r#"func.func public @main(%t: !stablehlo.token, %x: tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>) {
  %0 = stablehlo.after_all %t : !stablehlo.token
  %1 = stablehlo.add %x, %x : tensor<3xf32>
  return %0, %1 : !stablehlo.token, tensor<3xf32>
}
"#;
    let tok = Tensor::from_bytes(DType::I1, &[0], &[]).unwrap();
    let out = run(program, &[], &[tok, tensor(&[3], &[1.0, 2.0, 3.0])]).unwrap();
    assert_eq!((out[0].dtype, out[0].shape.clone()), (DType::I1, vec![0]));
    assert_eq!(f32s(&out[1]), [2.0, 4.0, 6.0]);
}

static SEEN: std::sync::Mutex<Vec<f32>> = std::sync::Mutex::new(Vec::new());

/// Records its one f32 argument; no results (as `jax.debug.print` lowers).
unsafe extern "C" fn record(frame: *mut XLA_FFI_CallFrame) -> *mut XLA_FFI_Error {
    // SAFETY: a valid frame.
    let f = unsafe { &*frame };
    if f.args.size != 1 || f.rets.size != 0 {
        // SAFETY: as above.
        return unsafe { fail(f, "record: one argument, no results") };
    }
    // SAFETY: the argument is an f32 buffer of its dims' elements.
    let x = unsafe {
        let b = &*(*f.args.args).cast::<XLA_FFI_Buffer>();
        let dims = std::slice::from_raw_parts(b.dims, b.rank as usize);
        let n = dims.iter().product::<i64>() as usize;
        std::slice::from_raw_parts(b.data.cast::<f32>(), n).to_vec()
    };
    SEEN.lock().unwrap().extend(x);
    std::ptr::null_mut()
}

/// A custom call without results reading a value that a row reduction also consumes (the
/// fusion passes must leave it alone, not index its missing result).
#[test]
fn result_less_side_effects_read_fused_values() {
    registry::register(
        "test_record",
        Handler {
            execute: record,
            instantiate: None,
        },
    )
    .unwrap();
    let program = r#"func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %e = stablehlo.multiply %x, %x : tensor<2x3xf32>
  stablehlo.custom_call @test_record(%e) {api_version = 4 : i32, has_side_effect = true} : (tensor<2x3xf32>) -> ()
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
"#;
    let x = [1.0, -2.0, 3.0, 0.5, 4.0, -1.0];
    let out = run(program, &["test_record"], &[tensor(&[2, 3], &x)]).unwrap();
    assert_eq!(f32s(&out[0]), [14.0, 17.25]);
    assert_eq!(
        *SEEN.lock().unwrap(),
        x.iter().map(|v| v * v).collect::<Vec<f32>>()
    );
}

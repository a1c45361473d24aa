//! The C API (runtime-lib/include/pjx.h) called from Rust: signature queries and calls of
//! a static model and of one with dynamic dimensions.

mod common;

use common::{copy_program, f32s, iota};
use pjrtc_runtime::capi::*;
use std::ffi::CStr;
use std::ptr::{null, null_mut};

fn last_error() -> String {
    // SAFETY: pjx_last_error returns a valid C string of this thread.
    unsafe { CStr::from_ptr(pjx_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// Loads `bytes`, panicking with the message if it fails.
fn load(bytes: &[u8]) -> *mut PjxModel {
    // SAFETY: `bytes` is a live slice.
    let m = unsafe { pjx_load(bytes.as_ptr(), bytes.len()) };
    assert!(!m.is_null(), "{}", last_error());
    m
}

#[test]
fn a_dynamic_model_reports_its_bounds_and_runs_shaped() {
    let m = load(&copy_program(&["b<=4,3", "b<=4"], true).to_bytes());
    // SAFETY: `m` is live until pjx_free below; every buffer passed is as large as the
    // model's sizes say.
    unsafe {
        assert_eq!((pjx_num_inputs(m), pjx_num_outputs(m)), (2, 2));
        assert_eq!((pjx_input_rank(m, 0), pjx_input_rank(m, 1)), (2, 1));
        assert_eq!((pjx_input_dim(m, 0, 0), pjx_input_dim(m, 0, 1)), (-1, 3));
        assert_eq!((pjx_input_bound(m, 0, 0), pjx_input_bound(m, 0, 1)), (4, 3));
        assert_eq!(
            (pjx_output_dim(m, 1, 0), pjx_output_bound(m, 1, 0)),
            (-1, 4)
        );
        assert_eq!(pjx_input_dim(m, 0, 2), -2);
        assert!(last_error().contains("input 0 has rank 2, no dimension 2"));
        assert_eq!(pjx_output_bound(m, 2, 0), -2);
        assert_eq!((pjx_input_size(m, 0), pjx_output_size(m, 1)), (48, 16));
        assert_eq!((pjx_input_size(m, 2), pjx_input_rank(m, 2)), (0, 0));

        let (x, y) = (iota(&[2, 3]), iota(&[2]));
        let ins = [x.bytes().as_ptr(), y.bytes().as_ptr()];
        let (xd, yd) = ([2i64, 3], [2i64]);
        let in_dims = [xd.as_ptr(), yd.as_ptr()];
        let mut o0 = vec![0u8; 48];
        let mut o1 = vec![0u8; 16];
        let outs = [o0.as_mut_ptr(), o1.as_mut_ptr()];
        let (mut d0, mut d1) = ([0i64; 2], [0i64; 1]);
        let out_dims = [d0.as_mut_ptr(), d1.as_mut_ptr()];

        // pjx_run cannot say the sizes.
        assert_eq!(pjx_run(m, ins.as_ptr(), outs.as_ptr()), -1);
        assert!(last_error().contains("pjx_run_shaped"), "{}", last_error());

        let rc = pjx_run_shaped(
            m,
            ins.as_ptr(),
            in_dims.as_ptr(),
            outs.as_ptr(),
            out_dims.as_ptr(),
        );
        assert_eq!(rc, 0, "{}", last_error());
        assert_eq!((d0, d1), ([2, 3], [2]));
        assert_eq!(&o0[..24], x.bytes());
        assert_eq!(&o1[..8], y.bytes());
        // Without output_dims, the outputs only.
        let rc = pjx_run_shaped(m, ins.as_ptr(), in_dims.as_ptr(), outs.as_ptr(), null());
        assert_eq!(rc, 0, "{}", last_error());

        // Errors name the input, dimension and symbol; nothing beyond a bound is read.
        let yd = [5i64];
        let in_dims = [xd.as_ptr(), yd.as_ptr()];
        let rc = pjx_run_shaped(m, ins.as_ptr(), in_dims.as_ptr(), outs.as_ptr(), null());
        assert_eq!(rc, -1);
        assert_eq!(
            last_error(),
            "input 1 (%arg1) dimension 0 (b) is 5, above its bound 4"
        );
        let yd = [3i64];
        let y3 = iota(&[3]);
        let ins3 = [x.bytes().as_ptr(), y3.bytes().as_ptr()];
        let in_dims = [xd.as_ptr(), yd.as_ptr()];
        let rc = pjx_run_shaped(m, ins3.as_ptr(), in_dims.as_ptr(), outs.as_ptr(), null());
        assert_eq!(rc, -1);
        assert_eq!(
            last_error(),
            "input 1 (%arg1) dimension 0 (b) is 3, input 0 dimension 0 (b) is 2"
        );
        let yd = [-1i64];
        let in_dims = [xd.as_ptr(), yd.as_ptr()];
        let rc = pjx_run_shaped(m, ins.as_ptr(), in_dims.as_ptr(), outs.as_ptr(), null());
        assert_eq!(rc, -1);
        assert!(last_error().contains("input 1 dimension 0 is negative"));
        let rc = pjx_run_shaped(m, ins.as_ptr(), null(), outs.as_ptr(), null());
        assert_eq!((rc, last_error().as_str()), (-1, "input_dims is NULL"));
        pjx_free(m);
    }
}

#[test]
fn a_failing_assertion_is_the_error_message() {
    let m = load(&copy_program(&["b<=4"], false).to_bytes());
    let x = iota(&[3]);
    let ins = [x.bytes().as_ptr()];
    let dims = [3i64];
    let in_dims = [dims.as_ptr()];
    let mut o = vec![0u8; 16];
    let outs = [o.as_mut_ptr()];
    // SAFETY: `m` is live; the buffers are as large as the model's sizes say.
    let rc = unsafe { pjx_run_shaped(m, ins.as_ptr(), in_dims.as_ptr(), outs.as_ptr(), null()) };
    assert_eq!(rc, -1);
    assert_eq!(
        last_error(),
        "'b' = 3 is not allowed, from specification 'b'"
    );
    // SAFETY: from pjx_load, freed once.
    unsafe { pjx_free(m) };
}

/// A static model: the shapes it always had, through both calls.
#[test]
fn a_static_model_runs_either_way() {
    let mut p = copy_program(&["2,3"], true);
    p.dynamic = None;
    p.signature.outputs.pop();
    p.steps.pop();
    let m = load(&p.to_bytes());
    let x = iota(&[2, 3]);
    let ins = [x.bytes().as_ptr()];
    let mut o = vec![0u8; 24];
    let outs = [o.as_mut_ptr()];
    // SAFETY: `m` is live until pjx_free; the buffers have the model's sizes.
    unsafe {
        assert_eq!((pjx_input_dim(m, 0, 0), pjx_input_bound(m, 0, 1)), (2, 3));
        assert_eq!(
            pjx_run(m, ins.as_ptr(), outs.as_ptr()),
            0,
            "{}",
            last_error()
        );
        assert_eq!(
            f32s(&pjrtc_runtime::Tensor::from_bytes(pjrtc_runtime::DType::F32, &[6], &o).unwrap()),
            f32s(&x)
        );
        o.fill(0);
        let dims = [2i64, 3];
        let in_dims = [dims.as_ptr()];
        let mut od = [0i64; 2];
        let out_dims = [od.as_mut_ptr()];
        let rc = pjx_run_shaped(
            m,
            ins.as_ptr(),
            in_dims.as_ptr(),
            outs.as_ptr(),
            out_dims.as_ptr(),
        );
        assert_eq!(rc, 0, "{}", last_error());
        assert_eq!((od, &o[..]), ([2, 3], x.bytes()));
        let dims = [1i64, 3];
        let in_dims = [dims.as_ptr()];
        let rc = pjx_run_shaped(m, ins.as_ptr(), in_dims.as_ptr(), outs.as_ptr(), null_mut());
        assert_eq!(rc, -1);
        assert_eq!(last_error(), "input 0 (%arg0) dimension 0 is 1, expected 2");
        pjx_free(m);
    }
}

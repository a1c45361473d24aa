//! run_artifact and the pjx-run binary on a small GEMM + copy artifact, and on a program
//! with dynamic dimensions.

mod common;

use pjrtc_runtime::format::*;
use pjrtc_runtime::npy::{read_npy, write_npy};
use pjrtc_runtime::runner::{RunOptions, run_artifact};
use pjrtc_runtime::{DType, Tensor};
use std::path::PathBuf;
use std::process::Command;

fn spec(name: &str, shape: &[u64]) -> TensorSpec {
    TensorSpec {
        name: name.into(),
        dtype: DType::F32,
        shape: shape.to_vec(),
        alias_of_input: None,
    }
}

fn view(region: Region, elems: u64, cols: u64) -> MatrixView {
    MatrixView {
        buf: BufRef {
            region,
            offset: 0,
            size: elems * 4,
        },
        batch_stride: 0,
        row_stride: cols,
        col_stride: 1,
    }
}

/// out0 = a (2x3) @ b (3x2) via the arena; out1 = copy of a.
fn matmul_pjx() -> Vec<u8> {
    Pjx {
        producer: "test".into(),
        target: Target {
            triple: String::new(),
            features: vec![],
        },
        signature: Signature {
            inputs: vec![spec("%arg0", &[2, 3]), spec("%arg1", &[3, 2])],
            outputs: vec![spec("", &[2, 2]), spec("", &[2, 3])],
        },
        arena_size: 64,
        constants: Default::default(),
        code: CodeImage::default(),
        kernels: vec![],
        steps: vec![
            Step::Gemm(Gemm {
                dtype: DType::F32,
                lhs_dtype: DType::F32,
                rhs_dtype: DType::F32,
                batch: 1,
                m: 2,
                n: 2,
                k: 3,
                lhs: view(Region::Input(0), 6, 3),
                rhs: view(Region::Input(1), 6, 2),
                out: view(Region::Arena, 4, 2),
                epilogue: Epilogue::default(),
                extents: [None; 4],
            }),
            Step::Copy {
                src: BufRef {
                    region: Region::Arena,
                    offset: 0,
                    size: 16,
                },
                dst: BufRef {
                    region: Region::Output(0),
                    offset: 0,
                    size: 16,
                },
            },
            Step::Copy {
                src: BufRef {
                    region: Region::Input(0),
                    offset: 0,
                    size: 24,
                },
                dst: BufRef {
                    region: Region::Output(1),
                    offset: 0,
                    size: 24,
                },
            },
        ],
        ffi_libraries: Vec::new(),
        dynamic: None,
    }
    .to_bytes()
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

struct Dir(PathBuf);
impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn setup(tag: &str) -> (Dir, Vec<PathBuf>) {
    let dir = std::env::temp_dir().join(format!("pjrtc-runner-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = Tensor::from_bytes(DType::F32, &[2, 3], &f32s(&[1.5, 2., 3., 4., 5., 6.])).unwrap();
    let b = Tensor::from_bytes(DType::F32, &[3, 2], &f32s(&[1., 0., 0., 1., 1., 1.])).unwrap();
    let paths = vec![dir.join("a.npy"), dir.join("b.npy")];
    write_npy(&paths[0], &a).unwrap();
    write_npy(&paths[1], &b).unwrap();
    (Dir(dir), paths)
}

#[test]
fn prints_writes_and_times() {
    let (dir, inputs) = setup("lib");
    let pjx = matmul_pjx();
    let mut out = Vec::new();
    let opts = RunOptions {
        inputs: inputs.clone(),
        ..Default::default()
    };
    run_artifact(&pjx, &opts, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "out0: f32[2,2] = [4.5, 5, 10, 11]\nout1: f32[2,3] = [1.5, 2, 3, 4, 5, 6]\n"
    );

    let outdir = dir.0.join("outs");
    let mut out = Vec::new();
    let opts = RunOptions {
        inputs: inputs.clone(),
        outputs: Some(outdir.clone()),
        warmup: 2,
        iters: Some(5),
        threads: Some(1),
        profile: false,
    };
    run_artifact(&pjx, &opts, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.starts_with("{\"median_ms\": ") && text.contains("\"iters\": 5}"),
        "{text}"
    );
    let o0 = read_npy(&outdir.join("out0.npy")).unwrap();
    assert_eq!(o0.bytes(), f32s(&[4.5, 5., 10., 11.]));

    // Warm-up calls go on for at least 0.2 s, however fast the call (a process's first
    // milliseconds are not its steady state).
    let t0 = std::time::Instant::now();
    let opts = RunOptions {
        inputs: inputs.clone(),
        warmup: 1,
        iters: Some(1),
        ..Default::default()
    };
    run_artifact(&pjx, &opts, &mut Vec::new()).unwrap();
    assert!(t0.elapsed() >= std::time::Duration::from_millis(200));

    let mut out = Vec::new();
    let opts = RunOptions {
        inputs: vec![inputs[1].clone(), inputs[0].clone()],
        ..Default::default()
    };
    let e = run_artifact(&pjx, &opts, &mut out).unwrap_err().to_string();
    assert_eq!(e, "input 0 (%arg0): expected f32[2,3], got f32[3,2]");
}

#[test]
fn pjx_run_binary() {
    let (dir, inputs) = setup("bin");
    let pjx = dir.0.join("m.pjx");
    std::fs::write(&pjx, matmul_pjx()).unwrap();
    let exe = env!("CARGO_BIN_EXE_pjx-run");
    let list = format!("{},{}", inputs[0].display(), inputs[1].display());
    let o = Command::new(exe)
        .arg(&pjx)
        .args(["--inputs", &list])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("out0: f32[2,2] = [4.5, 5, 10, 11]"));

    let o = Command::new(exe).arg("--help").output().unwrap();
    assert!(o.status.success() && String::from_utf8_lossy(&o.stdout).contains("usage:"));

    let o = Command::new(exe)
        .arg(&pjx)
        .args(["--inputs", &list, "--iters", "x"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err,
        "error: --iters expects a non-negative integer, got 'x'\n"
    );

    let o = Command::new(exe)
        .arg(&pjx)
        .arg(format!("--inputs={}", inputs[0].display()))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("expected 2 inputs, got 1"));
}

/// A program with dynamic dimensions takes .npy inputs of their actual shapes and prints,
/// writes and times outputs of theirs.
#[test]
fn dynamic_shapes_in_and_out() {
    let dir = Dir(std::env::temp_dir().join(format!("pjrtc-runner-dyn-{}", std::process::id())));
    std::fs::create_dir_all(&dir.0).unwrap();
    let pjx = common::copy_program(&["b<=4,c<=5"], true).to_bytes();
    let x = dir.0.join("x.npy");
    write_npy(&x, &common::iota(&[2, 3])).unwrap();
    let mut out = Vec::new();
    let opts = RunOptions {
        inputs: vec![x.clone()],
        ..Default::default()
    };
    run_artifact(&pjx, &opts, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "out0: f32[2,3] = [1, 2, 3, 4, 5, 6]\n"
    );

    let outdir = dir.0.join("outs");
    let mut out = Vec::new();
    let opts = RunOptions {
        inputs: vec![x.clone()],
        outputs: Some(outdir.clone()),
        warmup: 1,
        iters: Some(3),
        threads: Some(1),
        profile: true,
    };
    run_artifact(&pjx, &opts, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("{\"median_ms\": "), "{text}");
    // The profile is of the compiled program's steps: the copies of the padded input and
    // of the sizes.
    assert!(text.contains("copy 80 bytes in0+0 -> out0+0"), "{text}");
    let o0 = read_npy(&outdir.join("out0.npy")).unwrap();
    assert_eq!(o0.shape, vec![2, 3]);
    assert_eq!(o0.bytes(), common::iota(&[2, 3]).bytes());
    assert!(!outdir.join("out1.npy").exists());

    let big = dir.0.join("big.npy");
    write_npy(&big, &common::iota(&[2, 6])).unwrap();
    let opts = RunOptions {
        inputs: vec![big],
        ..Default::default()
    };
    let e = run_artifact(&pjx, &opts, &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert_eq!(e, "input 0 (%arg0) dimension 1 (c) is 6, above its bound 5");

    // The binary (and so the executables `--emit exe` writes) the same way.
    let path = dir.0.join("m.pjx");
    std::fs::write(&path, &pjx).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_pjx-run"))
        .arg(&path)
        .args(["--inputs", &x.display().to_string()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "out0: f32[2,3] = [1, 2, 3, 4, 5, 6]\n"
    );
}

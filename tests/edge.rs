//! Edge deployment end to end: `--emit exe` executables of the golden programs (one run
//! from an empty directory with an empty environment), the C embedding example, and
//! artifacts refused on a machine of another target.

mod common;

use common::golden::{Case, cases, read_outputs};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn pjrtc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pjrtc"))
        .args(args)
        .output()
        .expect("pjrtc runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pjrtc-edge-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// runtime-lib's static library for this build profile. Cargo builds a dependency's
/// staticlib but only copies it to target/<profile>/ when the package itself is built,
/// so ask cargo for it. The request selects what `cargo test --workspace` built (every
/// member's lib and tests): dependency features, and so the build, are then the same and
/// the request is a no-op, where `-p pjrtc-runtime` alone resolves other features and
/// rebuilds gemm and the runtime.
fn runtime_lib() -> &'static Path {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| {
        let profile_dir = Path::new(env!("CARGO_BIN_EXE_pjrtc")).parent().unwrap();
        let target_dir = profile_dir.parent().unwrap();
        let profile = match profile_dir.file_name().unwrap().to_str().unwrap() {
            "debug" => "dev",
            other => other,
        };
        let status = Command::new(env!("CARGO"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("CARGO_TARGET_DIR", target_dir)
            .args(["build", "--quiet", "--workspace", "--lib", "--tests"])
            .args(["--profile", profile])
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building libpjrtc_runtime.a failed");
        let lib = profile_dir.join("libpjrtc_runtime.a");
        assert!(lib.is_file(), "{} missing after the build", lib.display());
        lib
    })
}

fn emit_exe(case: &Case, out: &Path) -> Result<(), String> {
    let model = case.dir.join("model.mlir");
    let o = pjrtc(&[
        "compile",
        p(&model),
        "--emit",
        "exe",
        "-o",
        p(out),
        "--runtime-lib",
        p(runtime_lib()),
    ]);
    if o.status.success() {
        Ok(())
    } else {
        Err(text(&o.stderr))
    }
}

fn join_inputs(paths: &[PathBuf]) -> String {
    let v: Vec<&str> = paths.iter().map(|q| p(q)).collect();
    v.join(",")
}

/// What one golden program's executable did.
enum ExeOutcome {
    Passed,
    Unsupported,
    Failed(String),
}

fn run_golden_executable(case_dir: &Path, dir: &Path) -> ExeOutcome {
    let case = Case::read(case_dir).unwrap();
    let exe = dir.join(&case.name);
    if let Err(e) = emit_exe(&case, &exe) {
        return if case.refused_as_unsupported(&e) {
            ExeOutcome::Unsupported
        } else {
            ExeOutcome::Failed(format!("{}: compile: {e}", case.name))
        };
    }
    let outs = dir.join(format!("{}-out", case.name));
    let o = Command::new(&exe)
        .args(["--inputs", &join_inputs(&case.input_paths())])
        .args(["--outputs", p(&outs)])
        .output()
        .unwrap();
    if !o.status.success() {
        return ExeOutcome::Failed(format!(
            "{}: exit {:?}: {}",
            case.name,
            o.status,
            text(&o.stderr)
        ));
    }
    match case.check(&read_outputs(&outs)) {
        Ok(()) => ExeOutcome::Passed,
        Err(e) => ExeOutcome::Failed(format!("{}: {e}", case.name)),
    }
}

/// Every golden program as an executable: same outputs as JAX's, through the runner's
/// `--outputs` flag. Linking dominates, so the programs are spread over the cores.
#[test]
fn emitted_executables_match_golden_outputs() {
    let dir = scratch("exe");
    runtime_lib(); // built once, before the workers race for it
    let cases = cases();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outcomes = std::sync::Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(case_dir) = cases.get(i) else { break };
                    let outcome = run_golden_executable(case_dir, &dir);
                    outcomes.lock().unwrap().push(outcome);
                }
            });
        }
    });
    let outcomes = outcomes.into_inner().unwrap();
    assert_eq!(outcomes.len(), cases.len(), "every program ran");
    let (mut passed, mut unsupported, mut failures) = (0, 0, Vec::new());
    for outcome in outcomes {
        match outcome {
            ExeOutcome::Passed => passed += 1,
            ExeOutcome::Unsupported => unsupported += 1,
            ExeOutcome::Failed(why) => failures.push(why),
        }
    }
    failures.sort();
    println!("executables: {passed} passed, {unsupported} unsupported (extra tier)");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(passed >= 25, "only {passed} golden executables passed");
}

/// An executable copied alone into an empty directory runs with an empty environment:
/// nothing of pjrtc, cargo or the build is needed, and the runner's flags all work.
#[test]
fn executable_runs_alone_with_env_i() {
    let build = scratch("alone-build");
    let case =
        Case::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/conv2d_nhwc_same"))
            .unwrap();
    emit_exe(&case, &build.join("model")).unwrap();
    // Only libc may be needed (the linker tries a static PIE first).
    let file = Command::new("readelf")
        .args(["-d", p(&build.join("model"))])
        .output();
    if let Ok(o) = file {
        let needed: Vec<String> = text(&o.stdout)
            .lines()
            .filter(|l| l.contains("(NEEDED)"))
            .map(str::to_string)
            .collect();
        assert!(
            needed
                .iter()
                .all(|l| ["libc.so", "libm.so", "libpthread.so", "libdl.so"]
                    .iter()
                    .any(|ok| l.contains(ok))),
            "unexpected shared libraries: {needed:?}"
        );
    }

    let run = scratch("alone-run");
    std::fs::copy(build.join("model"), run.join("model")).unwrap();
    let mut names = Vec::new();
    for (i, input) in case.input_paths().iter().enumerate() {
        let name = format!("x{i}.npy");
        std::fs::copy(input, run.join(&name)).unwrap();
        names.push(name);
    }
    std::fs::remove_dir_all(&build).unwrap();
    let env_i = |args: &[&str]| {
        Command::new("env")
            .arg("-i")
            .arg("./model")
            .args(args)
            .current_dir(&run)
            .output()
            .unwrap()
    };
    let inputs = names.join(",");
    let o = env_i(&["--inputs", &inputs, "--outputs", "out", "--threads", "2"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    case.check(&read_outputs(&run.join("out"))).unwrap();

    // The summary print of `pjrtc run`.
    let o = env_i(&["--inputs", &inputs]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).starts_with("out0: f32["),
        "{}",
        text(&o.stdout)
    );

    // Timing: one JSON line.
    let o = env_i(&["--inputs", &inputs, "--warmup", "1", "--iters", "3"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let line = text(&o.stdout);
    assert!(
        line.starts_with("{\"median_ms\": ") && line.contains("\"iters\": 3}"),
        "{line}"
    );

    // Help names the program and takes no artifact; errors are one line, exit 1.
    let o = env_i(&["--help"]);
    assert!(
        text(&o.stdout).contains("usage: model --inputs"),
        "{}",
        text(&o.stdout)
    );
    let o = env_i(&["--inputs", &names[0]]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("error: ") && err.contains("expected 2 inputs, got 1"),
        "{err}"
    );
    let o = env_i(&["model.pjx"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("unexpected argument 'model.pjx'"));
}

/// examples/c-embed: `--emit obj` + model.h + pjx.h + the static library, built with
/// `cc`; the program checks the model's output itself.
#[test]
fn c_embedding_example_builds_and_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let example = root.join("examples/c-embed");
    let dir = scratch("c-embed");
    let o = pjrtc(&[
        "compile",
        p(&example.join("model.mlir")),
        "--emit",
        "obj",
        "-o",
        p(&dir.join("model.o")),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let header = std::fs::read_to_string(dir.join("model.h")).unwrap();
    assert!(header.contains("#define MODEL_INPUT1_SIZE 48"), "{header}");
    let o = Command::new("cc")
        .args(["-Wall", "-Werror", "-O2", "-I"])
        .arg(root.join("runtime-lib/include"))
        .arg("-I")
        .arg(&dir)
        .arg(example.join("main.c"))
        .arg(dir.join("model.o"))
        .arg(runtime_lib())
        .args(["-lm", "-lpthread", "-ldl", "-o"])
        .arg(dir.join("c-embed"))
        .output()
        .expect("cc runs");
    assert!(o.status.success(), "cc failed: {}", text(&o.stderr));
    let o = Command::new(dir.join("c-embed")).output().unwrap();
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("y[1][3] = 0.244919") && out.ends_with("OK\n"),
        "{out}"
    );
}

/// A .pjx for the other architecture is refused at load with the two targets named,
/// never executed.
#[test]
fn artifact_for_another_target_is_refused() {
    let (other, host) = if cfg!(target_arch = "x86_64") {
        ("aarch64-unknown-linux-gnu", "x86_64-unknown-linux-gnu")
    } else {
        ("x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu")
    };
    let dir = scratch("target");
    let case =
        Case::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/binary_f32")).unwrap();
    let pjx = dir.join("m.pjx");
    let model = case.dir.join("model.mlir");
    let o = pjrtc(&["compile", p(&model), "--target", other, "-o", p(&pjx)]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = pjrtc(&["inspect", p(&pjx)]);
    assert!(
        text(&o.stdout).contains(&format!("target:    {other}")),
        "{}",
        text(&o.stdout)
    );
    let o = pjrtc(&[
        "run",
        p(&pjx),
        "--inputs",
        &join_inputs(&case.input_paths()),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!(
            "artifact is for target {other}, this machine is {host}"
        )),
        "{err}"
    );

    let o = pjrtc(&[
        "compile",
        p(&model),
        "--target",
        "riscv64gc-unknown-linux-gnu",
        "-o",
        p(&pjx),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("unsupported target 'riscv64gc-unknown-linux-gnu'"));

    // A missing runtime library is named, with the command that builds it.
    let o = pjrtc(&[
        "compile",
        p(&model),
        "--emit",
        "exe",
        "-o",
        p(&dir.join("m")),
        "--runtime-lib",
        p(&dir.join("nowhere")),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("libpjrtc_runtime.a") && err.contains("cargo build --release"),
        "{err}"
    );
}

/// An XLA FFI handler in C, with the few declarations of `xla/ffi/api/c_api.h` it uses
/// (the test needs no jaxlib): `y = x * scale + offset[i % n]` over f32.
const FFI_HANDLER_C: &str = r#"
#include <stddef.h>
#include <stdint.h>
#include <string.h>
typedef struct { size_t struct_size; void* ext; const char* message; int errc; } ErrorCreateArgs;
typedef struct { size_t struct_size; void* ext; int major, minor; } ApiVersion;
typedef struct {
  size_t struct_size; void* ext; ApiVersion version; const void* internal;
  void* (*error_create)(ErrorCreateArgs*);
} Api;
typedef struct { const char* ptr; size_t len; } Span;
typedef struct { int dtype; void* value; } Scalar;
typedef struct { int dtype; size_t size; void* data; } Array;
typedef struct { size_t struct_size; void* ext; int dtype; void* data; int64_t rank; int64_t* dims; } Buffer;
typedef struct { size_t struct_size; void* ext; int64_t size; int* types; void** items; } List;
typedef struct { size_t struct_size; void* ext; int64_t size; int* types; Span** names; void** attrs; } Attrs;
typedef struct {
  size_t struct_size; void* ext; const Api* api; void* ctx; int stage;
  List args; List rets; Attrs attrs; void* future;
} CallFrame;

static void* fail(const Api* api, const char* msg) {
  ErrorCreateArgs a = {sizeof(ErrorCreateArgs), NULL, msg, 3};
  return api->error_create(&a);
}

void* scale_offset(CallFrame* call) {
  if (call->ext != NULL || call->stage != 3) return NULL;
  if (call->args.size != 1 || call->rets.size != 1 || call->attrs.size != 2)
    return fail(call->api, "scale_offset: expects 1 argument, 1 result, 2 attributes");
  Buffer* x = call->args.items[0];
  Buffer* y = call->rets.items[0];
  Array* off = call->attrs.attrs[0];   /* sorted: offset, scale */
  Scalar* sc = call->attrs.attrs[1];
  if (call->attrs.names[0]->len != 6 || memcmp(call->attrs.names[0]->ptr, "offset", 6) != 0 ||
      x->dtype != 11 || sc->dtype != 11 || off->dtype != 11)
    return fail(call->api, "scale_offset: unexpected types or attribute order");
  int64_t n = 1;
  for (int64_t d = 0; d < x->rank; d++) n *= x->dims[d];
  for (int64_t i = 0; i < n; i++)
    ((float*)y->data)[i] = ((float*)x->data)[i] * *(float*)sc->value + ((float*)off->data)[i % off->size];
  return NULL;
}
"#;

/// A program calling the handler, with its attributes in `mhlo.backend_config`.
fn ffi_program(target: &str) -> String {
    format!(
        "func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {{
  %0 = stablehlo.custom_call @{target}(%x) {{api_version = 4 : i32, mhlo.backend_config = {{scale = 2.500000e+00 : f32, offset = array<f32: 1.0, -1.0>}}}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.add %0, %x : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}}
"
    )
}

/// `pjrtc compile --ffi-lib`: the artifact carries the library and runs without it on
/// disk, through `pjrtc run` and as an `--emit exe` executable; without the library the
/// target is refused at compile time.
#[test]
fn ffi_library_travels_with_the_artifact() {
    let dir = scratch("ffi");
    std::fs::write(dir.join("handler.c"), FFI_HANDLER_C).unwrap();
    let lib = dir.join("libscale.so");
    let o = Command::new("cc")
        .args([
            "-shared",
            "-fPIC",
            "-O1",
            "-o",
            p(&lib),
            p(&dir.join("handler.c")),
        ])
        .output()
        .expect("cc runs");
    assert!(o.status.success(), "cc: {}", text(&o.stderr));
    for (target, extra) in [
        ("scale_offset", vec![]),
        ("my_op", vec!["--ffi-target", "my_op=scale_offset"]),
    ] {
        let prog = dir.join(format!("{target}.mlir"));
        std::fs::write(&prog, ffi_program(target)).unwrap();
        let pjx = dir.join(format!("{target}.pjx"));
        let mut args = vec!["compile", p(&prog), "--ffi-lib", p(&lib), "-o", p(&pjx)];
        args.extend(extra.iter().copied());
        let o = pjrtc(&args);
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    // Refused without the library, naming the target and its location.
    let o = pjrtc(&[
        "compile",
        p(&dir.join("my_op.mlir")),
        "-o",
        p(&dir.join("no.pjx")),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("unsupported: custom_call @my_op") && err.contains(":2:"),
        "{err}"
    );

    let exe = dir.join("model");
    let o = pjrtc(&[
        "compile",
        p(&dir.join("scale_offset.mlir")),
        "--ffi-lib",
        p(&lib),
        "--emit",
        "exe",
        "-o",
        p(&exe),
        "--runtime-lib",
        p(runtime_lib()),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    std::fs::remove_file(&lib).unwrap();

    let x: Vec<f32> = vec![1.0, 2.0, 3.0, -4.0, 0.5, 0.0];
    let want: Vec<f32> = x
        .iter()
        .enumerate()
        .map(|(i, &v)| v * 2.5 + [1.0, -1.0][i % 2] + v)
        .collect();
    let input = dir.join("x.npy");
    let bytes: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    let t = pjrtc_runtime::Tensor::from_bytes(pjrtc_runtime::DType::F32, &[2, 3], &bytes).unwrap();
    pjrtc_runtime::npy::write_npy(&input, &t).unwrap();
    let check = |out: &Path| {
        let t = common::read_npy(&out.join("out0.npy"));
        let got: Vec<f32> = t
            .bytes()
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(got, want);
    };
    for target in ["scale_offset", "my_op"] {
        let out = dir.join(format!("out-{target}"));
        let o = pjrtc(&[
            "run",
            p(&dir.join(format!("{target}.pjx"))),
            "--inputs",
            p(&input),
            "--outputs",
            p(&out),
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        check(&out);
    }
    let out = dir.join("out-exe");
    let o = Command::new(&exe)
        .args(["--inputs", p(&input), "--outputs", p(&out)])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    check(&out);
}

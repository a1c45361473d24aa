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

/// Every golden program as an executable: same outputs as JAX's, through the runner's
/// `--outputs` flag.
#[test]
fn emitted_executables_match_golden_outputs() {
    let dir = scratch("exe");
    let (mut passed, mut unsupported, mut failures) = (0, 0, Vec::new());
    for case_dir in cases() {
        let case = Case::read(&case_dir).unwrap();
        let exe = dir.join(&case.name);
        if let Err(e) = emit_exe(&case, &exe) {
            if case.refused_as_unsupported(&e) {
                unsupported += 1;
            } else {
                failures.push(format!("{}: compile: {e}", case.name));
            }
            continue;
        }
        let outs = dir.join(format!("{}-out", case.name));
        let o = Command::new(&exe)
            .args(["--inputs", &join_inputs(&case.input_paths())])
            .args(["--outputs", p(&outs)])
            .output()
            .unwrap();
        if !o.status.success() {
            failures.push(format!(
                "{}: exit {:?}: {}",
                case.name,
                o.status,
                text(&o.stderr)
            ));
            continue;
        }
        match case.check(&read_outputs(&outs)) {
            Ok(()) => passed += 1,
            Err(e) => failures.push(format!("{}: {e}", case.name)),
        }
    }
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

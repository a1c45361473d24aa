//! The command line end to end: exit codes, one-line errors with locations, refused inputs.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn pjrtc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pjrtc"))
        .args(args)
        .output()
        .expect("pjrtc runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pjrtc-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn example(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/mlp")
        .join(file)
        .display()
        .to_string()
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

const ADD: &str = "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
";

/// Writes a .npy v1.0 file by hand so the test does not depend on the reader under test.
fn write_npy(path: &Path, descr: &str, shape: &[usize], data: &[u8]) {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let shape = if shape.len() == 1 {
        format!("({},)", dims[0])
    } else {
        format!("({})", dims.join(", "))
    };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
    bytes.extend_from_slice(header.as_bytes());
    bytes.extend_from_slice(data);
    std::fs::write(path, bytes).unwrap();
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn every_command_has_help() {
    for cmd in [
        &["--help"][..],
        &["compile", "--help"],
        &["run", "--help"],
        &["inspect", "--help"],
        &["test", "--help"],
    ] {
        let o = pjrtc(cmd);
        assert!(o.status.success(), "{cmd:?}: {}", stderr(&o));
        assert!(stdout(&o).contains("Usage"), "{cmd:?}");
    }
}

#[test]
fn compile_run_inspect_round_trip() {
    let dir = scratch("roundtrip");
    let src = dir.join("add.mlir");
    std::fs::write(&src, ADD).unwrap();
    let pjx = dir.join("add.pjx");
    let o = pjrtc(&["compile", p(&src), "-o", p(&pjx)]);
    assert!(o.status.success(), "{}", stderr(&o));

    let (a, b) = (dir.join("a.npy"), dir.join("b.npy"));
    write_npy(&a, "<f4", &[4], &f32_bytes(&[1.0, 2.0, 3.0, 4.0]));
    write_npy(&b, "<f4", &[4], &f32_bytes(&[0.5, 0.25, -3.0, 10.0]));
    let inputs = format!("{},{}", p(&a), p(&b));
    let out_dir = dir.join("out");
    let o = pjrtc(&[
        "run",
        p(&pjx),
        "--inputs",
        &inputs,
        "--outputs",
        p(&out_dir),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = std::fs::read(out_dir.join("out0.npy")).unwrap();
    assert_eq!(
        &out[out.len() - 16..],
        &f32_bytes(&[1.5, 2.25, 0.0, 14.0])[..]
    );

    let o = pjrtc(&["run", p(&pjx), "--inputs", &inputs]);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed = stdout(&o);
    assert!(
        printed.contains("f32") && printed.contains("1.5") && printed.contains("14"),
        "{printed}"
    );

    let o = pjrtc(&[
        "run",
        p(&pjx),
        "--inputs",
        &inputs,
        "--warmup",
        "1",
        "--iters",
        "5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = stdout(&o);
    let json: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON line");
    assert_eq!(json["iters"], 5);
    assert!(json["median_ms"].as_f64().unwrap() >= 0.0);

    let o = pjrtc(&["inspect", p(&pjx)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("f32[4]") && text.contains("code") && text.contains("constants"),
        "{text}"
    );
}

/// `--timings` prints one JSON line whose phases add up to at most the total, and
/// `--warm-up` (a one-op program compiled first) leaves the artifact byte for byte alone.
#[test]
fn compile_timings_and_warm_up() {
    let dir = scratch("timings");
    let src = dir.join("add.mlir");
    std::fs::write(&src, ADD).unwrap();
    let (cold, warm) = (dir.join("cold.pjx"), dir.join("warm.pjx"));
    let o = pjrtc(&["compile", p(&src), "-o", p(&cold), "--timings"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value =
        serde_json::from_str(stderr(&o).trim()).expect("one JSON line on stderr");
    let total = json["compile_ms"].as_f64().unwrap();
    let phases = json["phases"].as_object().unwrap();
    for phase in ["parse", "lower", "codegen", "write"] {
        assert!(phases.contains_key(phase), "{json}");
    }
    let sum: f64 = phases.values().map(|v| v.as_f64().unwrap()).sum();
    assert!(sum <= total + 0.01, "{json}");

    let o = pjrtc(&["compile", p(&src), "-o", p(&warm), "--timings", "--warm-up"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("compile_ms"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&cold).unwrap(), std::fs::read(&warm).unwrap());
}

/// The progress bar of `pjrtc compile` (allowed at once here, not after a second) is drawn
/// on a terminal and never into a pipe: there stderr holds the timings line and nothing else.
#[test]
fn compile_progress_bar_only_on_a_terminal() {
    let dir = scratch("progress");
    let src = dir.join("add.mlir");
    std::fs::write(&src, ADD).unwrap();
    let out = dir.join("add.pjx");
    let command = || {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pjrtc"));
        c.args(["compile", p(&src), "-o", p(&out), "--timings"])
            .env("PJRTC_PROGRESS_DELAY_MS", "0")
            .env("TERM", "xterm")
            .env_remove("CI");
        c
    };
    let o = command().output().expect("pjrtc runs");
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("{\"compile_ms\""), "{err:?}");
    assert!(!err.contains('\x1b') && !err.contains('\r'), "{err:?}");

    #[cfg(target_os = "linux")]
    {
        use std::io::Read;
        use std::os::fd::{FromRawFd, OwnedFd};
        let (mut master, mut slave) = (-1, -1);
        // SAFETY: openpty writes two new file descriptors into the two ints it is given;
        // the name, termios and window size pointers may be null.
        let r = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: both descriptors were just opened by openpty and nothing else owns them.
        let (master, slave) =
            unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = command();
        cmd.stderr(std::process::Stdio::from(slave));
        let mut child = cmd.spawn().expect("pjrtc runs");
        // Our copy of the terminal's side goes with the command, so reading ends when
        // pjrtc exits (EIO).
        drop(cmd);
        let mut screen = Vec::new();
        let _ = std::fs::File::from(master).read_to_end(&mut screen);
        assert!(child.wait().unwrap().success());
        let screen = String::from_utf8_lossy(&screen);
        assert!(screen.contains("compiling"), "{screen:?}");
        assert!(screen.contains("compile_ms"), "{screen:?}");
    }
}

/// `--profile` prints, after the JSON line, one line per schedule step, nested ones
/// included (a loop body's steps with one run per trip), slowest first, naming each by
/// its place in the schedule as `pjrtc inspect` prints it; the steps' own times add up
/// to no more than a call takes.
#[test]
fn run_profile_times_each_step() {
    let dir = scratch("profile");
    let src = dir.join("loop.mlir");
    // A row sum fused into an elementwise kernel, a sort, then a loop of 5 trips.
    std::fs::write(
        &src,
        r#"func.func @main(%a: tensor<64x256xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %m = stablehlo.multiply %s, %s : tensor<64xf32>
  %c = stablehlo.cosine %m : tensor<64xf32>
  %r = "stablehlo.sort"(%c) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %lt = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<64xf32>) -> tensor<64xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %w:2 = stablehlo.while(%i = %i0, %v = %r) : tensor<i32>, tensor<64xf32>
  cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %e = stablehlo.exponential %v : tensor<64xf32>
    %u = stablehlo.multiply %e, %v : tensor<64xf32>
    stablehlo.return %j, %u : tensor<i32>, tensor<64xf32>
  }
  return %r, %w#1 : tensor<64xf32>, tensor<64xf32>
}
"#,
    )
    .unwrap();
    let pjx = dir.join("loop.pjx");
    let o = pjrtc(&["compile", p(&src), "-o", p(&pjx)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let a = dir.join("a.npy");
    let data: Vec<f32> = (0..64 * 256).map(|i| (i % 7) as f32 * 1e-3).collect();
    write_npy(&a, "<f4", &[64, 256], &f32_bytes(&data));
    let o = pjrtc(&[
        "run",
        p(&pjx),
        "--inputs",
        p(&a),
        "--iters",
        "5",
        "--profile",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let mut lines = text.lines();
    let json: serde_json::Value =
        serde_json::from_str(lines.next().unwrap()).expect("a JSON line first");
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("profile: 5 calls, median "),
        "{text}"
    );
    assert_eq!(
        lines.next(),
        Some("  self_us  share    incl_us     runs  step"),
        "{text}"
    );
    // (self_us, incl_us, runs, path, what) per step.
    let rows: Vec<(f64, f64, f64, String, String)> = lines
        .clone()
        .take_while(|l| !l.trim_start().starts_with("sum"))
        .map(|l| {
            let mut f = l.split_whitespace();
            let own: f64 = f.next().unwrap().parse().unwrap();
            let _share = f.next().unwrap();
            let incl: f64 = f.next().unwrap().parse().unwrap();
            let runs: f64 = f.next().unwrap().parse().unwrap();
            let rest = f.collect::<Vec<_>>().join(" ");
            let (path, what) = rest.split_once(": ").unwrap();
            (own, incl, runs, path.to_string(), what.to_string())
        })
        .collect();
    // Sorted by own time, slowest first.
    assert!(rows.windows(2).all(|w| w[0].0 >= w[1].0), "{text}");
    // The steps are the schedule `pjrtc inspect` prints, in its words, nested included.
    let o = pjrtc(&["inspect", p(&pjx)]);
    let mut schedule: Vec<String> = stdout(&o)
        .lines()
        .skip_while(|l| *l != "schedule:")
        .skip(1)
        .filter_map(|l| l.split_once(": ").map(|(_, w)| w.to_string()))
        .collect();
    let mut whats: Vec<String> = rows.iter().map(|r| r.4.clone()).collect();
    schedule.sort();
    whats.sort();
    assert_eq!(whats, schedule, "{text}");
    assert!(whats.iter().any(|l| l.starts_with("sort dim 0")), "{text}");
    // The loop ran once per call, its condition 6 times and its body's steps 5 times.
    let row = |pred: &dyn Fn(&str, &str) -> bool| {
        rows.iter()
            .find(|r| pred(&r.3, &r.4))
            .unwrap_or_else(|| panic!("{text}"))
    };
    let lp = row(&|_, w| w.starts_with("while"));
    assert_eq!(lp.2, 1.0, "{text}");
    let cond = row(&|path, _| *path == format!("{}.cond.0", lp.3));
    assert_eq!(cond.2, 6.0, "{text}");
    let body = row(&|path, _| path.starts_with(&format!("{}.body.", lp.3)));
    assert_eq!(body.2, 5.0, "{text}");
    // A loop's own time excludes what is nested in it.
    assert!(lp.0 <= lp.1 - cond.1 - body.1 + 1.0, "{text}");
    let sum_us: f64 = text
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("sum"))
        .and_then(|v| v.trim().parse().ok())
        .expect("a sum line");
    let own_sum: f64 = rows.iter().map(|r| r.0).sum();
    assert!(
        (sum_us - own_sum).abs() <= 0.1 * rows.len() as f64,
        "{text}"
    );
    // Medians of the parts stay below the slowest whole call (plus timer slack).
    assert!(
        sum_us <= json["max_ms"].as_f64().unwrap() * 1e3 + 50.0,
        "{text}"
    );

    let o = pjrtc(&["run", p(&pjx), "--inputs", p(&a), "--profile"]);
    assert!(
        !o.status.success(),
        "--profile without --iters must be refused"
    );
}

#[test]
fn malformed_programs_fail_with_line_and_column() {
    let dir = scratch("malformed");
    let cases = [
        // (program, expected "file:line:col" suffix)
        (
            "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %a tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n",
            ":2:",
        ),
        (
            "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.frobnicate %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n",
            ":2:",
        ),
        (
            "func.func @main(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n",
            ":2:",
        ),
    ];
    for (i, (program, loc)) in cases.iter().enumerate() {
        let src = dir.join(format!("bad{i}.mlir"));
        std::fs::write(&src, program).unwrap();
        let o = pjrtc(&["compile", p(&src), "-o", p(&dir.join("x.pjx"))]);
        assert_eq!(o.status.code(), Some(1), "case {i}");
        let err = stderr(&o);
        let first = err.lines().next().unwrap_or("");
        assert!(
            first.starts_with("error: ") && first.contains(&format!("bad{i}.mlir{loc}")),
            "case {i}: {err}"
        );
        assert!(!err.contains("panicked"), "case {i}: {err}");
    }
}

#[test]
fn corrupted_artifacts_are_refused_without_panicking() {
    let dir = scratch("corrupt");
    let src = dir.join("add.mlir");
    std::fs::write(&src, ADD).unwrap();
    let pjx = dir.join("add.pjx");
    assert!(pjrtc(&["compile", p(&src), "-o", p(&pjx)]).status.success());
    let good = std::fs::read(&pjx).unwrap();

    let truncated = dir.join("truncated.pjx");
    std::fs::write(&truncated, &good[..good.len() / 2]).unwrap();
    let mut flipped = good.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 0x40;
    let corrupt = dir.join("corrupt.pjx");
    std::fs::write(&corrupt, &flipped).unwrap();
    let not_pjx = dir.join("garbage.pjx");
    std::fs::write(&not_pjx, b"\x00\x01 neither an artifact nor a program \xff").unwrap();

    for bad in [&truncated, &corrupt, &not_pjx] {
        for cmd in ["inspect", "run"] {
            let o = pjrtc(&[cmd, p(bad)]);
            assert_eq!(o.status.code(), Some(1), "{cmd} {}", bad.display());
            let err = stderr(&o);
            assert!(
                err.starts_with("error: ") && !err.contains("panicked"),
                "{err}"
            );
        }
    }
    let err = stderr(&pjrtc(&["inspect", p(&corrupt)]));
    assert!(err.contains("checksum"), "{err}");
}

#[test]
fn mismatched_inputs_are_refused_with_the_expected_signature() {
    let dir = scratch("inputs");
    let src = dir.join("add.mlir");
    std::fs::write(&src, ADD).unwrap();
    let pjx = dir.join("add.pjx");
    assert!(pjrtc(&["compile", p(&src), "-o", p(&pjx)]).status.success());
    let good = dir.join("good.npy");
    write_npy(&good, "<f4", &[4], &f32_bytes(&[1.0; 4]));
    let wrong_shape = dir.join("shape.npy");
    write_npy(&wrong_shape, "<f4", &[5], &f32_bytes(&[1.0; 5]));
    let wrong_dtype = dir.join("dtype.npy");
    write_npy(&wrong_dtype, "<i4", &[4], &[0u8; 16]);

    let o = pjrtc(&["run", p(&pjx), "--inputs", p(&good)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("2"), "count: {}", stderr(&o));

    let both = format!("{},{}", p(&good), p(&wrong_shape));
    let err = stderr(&pjrtc(&["run", p(&pjx), "--inputs", &both]));
    assert!(
        err.contains("input 1") && err.contains("[4]") && err.contains("[5]"),
        "{err}"
    );

    let both = format!("{},{}", p(&wrong_dtype), p(&good));
    let err = stderr(&pjrtc(&["run", p(&pjx), "--inputs", &both]));
    assert!(
        err.contains("input 0") && err.contains("f32") && err.contains("i32"),
        "{err}"
    );
}

#[test]
fn the_mlp_example_runs() {
    let dir = scratch("example");
    let pjx = dir.join("mlp.pjx");
    let o = pjrtc(&["compile", &example("model.mlir"), "-o", p(&pjx)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = pjrtc(&[
        "run",
        p(&pjx),
        "--inputs",
        &example("x.npy"),
        "--outputs",
        p(&dir),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = common::read_npy(&dir.join("out0.npy"));
    let want = common::read_npy(Path::new(&example("expected_out0.npy")));
    let c = common::compare(&got, &want, 1e-5, 1e-6).unwrap();
    assert!(c.first_failure.is_none(), "max error {}", c.max_abs_err);
}

#[test]
fn test_command_exit_codes_report_and_summary() {
    let dir = scratch("test");
    let pass = dir.join("pass.mlir");
    let fail = dir.join("fail.mlir");
    let unsupported = dir.join("unsupported.mlir");
    let case = |want: &str| {
        format!(
            "func.func @main() {{\n  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n  \
             %1 = stablehlo.add %0, %0 : tensor<2xi32>\n  \
             check.expect_eq_const %1, dense<{want}> : tensor<2xi32>\n  func.return\n}}\n"
        )
    };
    std::fs::write(&pass, case("[2, 4]")).unwrap();
    std::fs::write(&fail, case("[2, 5]")).unwrap();
    std::fs::write(
        &unsupported,
        "func.func @main() {\n  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xui32>\n  \
         %1 = stablehlo.custom_call @no_such_target(%0) : (tensor<2xui32>) -> tensor<2xui32>\n  \
         check.expect_eq_const %1, dense<[1, 2]> : tensor<2xui32>\n  func.return\n}\n",
    )
    .unwrap();

    let o = pjrtc(&["test", p(&pass)]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("1 files: 1 passed"), "{}", stdout(&o));

    let o = pjrtc(&["test", p(&fail)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("at [1]: got 4, expected 5"),
        "{}",
        stdout(&o)
    );

    let o = pjrtc(&["test", "--pipeline", "unoptimized", p(&unsupported)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("unsupported:"), "{}", stdout(&o));

    let report = dir.join("report.tsv");
    let o = pjrtc(&["test", "--jobs", "2", "--report", p(&report), p(&dir)]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("3 files: 1 passed, 1 failed, 1 errors"),
        "{out}"
    );
    assert!(out.contains("\nadd "), "per-op table missing: {out}");
    let tsv = std::fs::read_to_string(&report).unwrap();
    let rows: Vec<&str> = tsv.lines().collect();
    assert_eq!(rows.len(), 4, "{tsv}");
    assert!(rows[1].contains("fail.mlir\tfail\t"), "{tsv}");
    assert!(rows[2].contains("pass.mlir\tpass\t\tadd,constant"), "{tsv}");
    assert!(rows[3].contains("unsupported.mlir\terror\t"), "{tsv}");
}

#[test]
fn inspect_prints_bytecode_as_text_that_compiles_to_the_same_program() {
    let dir = scratch("inspect-bytecode");
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bytecode");
    let bc = shared.join("mlp_f32x8x16.mlirbc");
    let o = pjrtc(&["inspect", p(&bc)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = dir.join("mlp.mlir");
    std::fs::write(&text, &o.stdout).unwrap();
    assert!(
        stdout(&o).contains("stablehlo.dot_general"),
        "{}",
        stdout(&o)
    );

    // The printed text and the bytecode compile to programs with identical outputs.
    let run = |src: &Path| {
        let bytes = common::compile_to_bytes(&std::fs::read(src).unwrap()).unwrap();
        let exe = pjrtc_runtime::Executable::load(&bytes).unwrap();
        let inputs = common::synth_inputs(exe.signature());
        let refs: Vec<&pjrtc_runtime::Tensor> = inputs.iter().collect();
        exe.run(&refs)
            .unwrap()
            .into_iter()
            .map(|t| t.bytes().to_vec())
            .collect::<Vec<_>>()
    };
    assert_eq!(run(&text), run(&bc));
}

#[test]
fn compiles_an_hlo_module_proto_made_by_jax() {
    // An MLP with GELU, as `jax.jit(f).lower(...).compiler_ir("hlo")` serializes it
    // (tests/golden/gen_hlo.py); the format is told from the content.
    let case_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/chlo_gelu_mlp");
    let case = common::golden::Case::read(&case_dir).unwrap();
    let dir = scratch("hlo");
    let pjx = dir.join("mlp.pjx");
    let o = pjrtc(&["compile", p(&case_dir.join("model.hlo.pb")), "-o", p(&pjx)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let inputs: Vec<String> = case
        .input_paths()
        .iter()
        .map(|i| p(i).to_string())
        .collect();
    let o = pjrtc(&[
        "run",
        p(&pjx),
        "--inputs",
        &inputs.join(","),
        "--outputs",
        p(&dir),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = vec![common::read_npy(&dir.join("out0.npy"))];
    case.check(&got).unwrap();

    // An unknown opcode is refused with its name and the instruction's.
    let mut bad = std::fs::read(case_dir.join("model.hlo.pb")).unwrap();
    // Field 2 (opcode) of an instruction: tag 0x12, length 8.
    let at = bad
        .windows(10)
        .position(|w| w == b"\x12\x08multiply")
        .expect("the MLP multiplies");
    bad[at + 2..at + 10].copy_from_slice(b"multiplx");
    let bad_path = dir.join("bad.hlo.pb");
    std::fs::write(&bad_path, &bad).unwrap();
    let o = pjrtc(&["compile", p(&bad_path), "-o", p(&dir.join("bad.pjx"))]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("\"multiplx\""), "{}", stderr(&o));
}

/// `--max-dim`: one artifact for every size up to the bounds; `run` takes inputs of any
/// such size and returns outputs of the actual sizes; sizes above a bound, a shape
/// assertion and bad bounds are refused with messages that name them.
#[test]
fn max_dim_compiles_once_and_runs_at_any_size() {
    let dir = scratch("max-dim");
    // A row sum over a dynamic batch of rows of 3: out[i] = x[i, 0] + x[i, 1] + x[i, 2].
    let src = dir.join("rows.mlir");
    std::fs::write(
        &src,
        "func.func @main(%x: tensor<?x3xf32>) -> tensor<?xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x3xf32>, tensor<f32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}
",
    )
    .unwrap();
    let pjx = dir.join("rows.pjx");
    let o = pjrtc(&["compile", p(&src), "--max-dim", "5", "-o", p(&pjx)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = pjrtc(&["inspect", p(&pjx)]);
    assert!(stdout(&o).contains("in0:  f32[?<=5,3]"), "{}", stdout(&o));
    for rows in [1usize, 2, 5] {
        let x: Vec<f32> = (0..rows * 3).map(|i| i as f32).collect();
        let input = dir.join(format!("x{rows}.npy"));
        write_npy(&input, "<f4", &[rows, 3], &f32_bytes(&x));
        let out = dir.join(format!("out{rows}"));
        let o = pjrtc(&["run", p(&pjx), "--inputs", p(&input), "--outputs", p(&out)]);
        assert!(o.status.success(), "{rows} rows: {}", stderr(&o));
        let got = common::read_npy(&out.join("out0.npy"));
        assert_eq!(got.shape, vec![rows as u64]);
        let want: Vec<f32> = (0..rows).map(|r| (9 * r + 3) as f32).collect();
        let got: Vec<f32> = got
            .bytes()
            .chunks(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        assert_eq!(got, want, "{rows} rows");
    }
    let big = dir.join("x6.npy");
    write_npy(&big, "<f4", &[6, 3], &f32_bytes(&[0.0; 18]));
    let o = pjrtc(&["run", p(&pjx), "--inputs", p(&big)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("dimension 0") && stderr(&o).contains("above its bound 5"),
        "{}",
        stderr(&o)
    );
    for (bad, want) in [
        ("0", "positive integer"),
        ("b=x", "positive integer"),
        ("b=4", "names no symbolic dimension 'b'"),
    ] {
        let o = pjrtc(&["compile", p(&src), "--max-dim", bad, "-o", p(&pjx)]);
        assert!(!o.status.success(), "--max-dim {bad} accepted");
        assert!(stderr(&o).contains(want), "--max-dim {bad}: {}", stderr(&o));
    }
    let o = pjrtc(&["compile", p(&src), "-o", p(&pjx)]);
    assert!(stderr(&o).contains("--max-dim"), "{}", stderr(&o));
}

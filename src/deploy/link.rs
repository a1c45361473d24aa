//! `--emit exe`: the artifact's object file, a five-line C `main` calling
//! `pjx_embedded_main`, and runtime-lib's static library, linked by the system C compiler
//! into one executable that needs nothing but the C library where it runs (fully static
//! when the C library allows it).

use super::DeployError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// File name of runtime-lib's static library.
pub const RUNTIME_LIB: &str = "libpjrtc_runtime.a";
/// Environment variable naming the static library (or its directory).
pub const RUNTIME_LIB_ENV: &str = "PJRTC_RUNTIME_LIB";
/// Environment variable naming the C compiler used to link.
pub const CC_ENV: &str = "PJRTC_CC";

const MAIN_C: &str = "\
#include <stddef.h>
extern const unsigned char pjrtc_embedded_pjx[];
extern const size_t pjrtc_embedded_pjx_len;
int pjx_embedded_main(int argc, char **argv, const void *pjx, size_t len);
int main(int argc, char **argv) {
    return pjx_embedded_main(argc, argv, pjrtc_embedded_pjx, pjrtc_embedded_pjx_len);
}
";

/// The symbol `--emit exe` gives the embedded artifact.
pub const EMBEDDED_SYMBOL: &str = "pjrtc_embedded_pjx";

fn file_or_dir(p: PathBuf) -> PathBuf {
    if p.is_dir() { p.join(RUNTIME_LIB) } else { p }
}

/// Finds runtime-lib's static library for `triple`: `explicit` (`--runtime-lib`), else
/// `$PJRTC_RUNTIME_LIB`, else beside the pjrtc binary as cargo lays out a target dir
/// (`target/<profile>/` for the host, `target/<triple>/<profile>/` for another target).
pub fn find_runtime_lib(
    explicit: Option<&Path>,
    triple: &str,
    host_triple: &str,
) -> Result<PathBuf, DeployError> {
    let mut tried = Vec::new();
    let mut candidates = Vec::new();
    if let Some(p) = explicit {
        candidates.push(file_or_dir(p.to_path_buf()));
    } else if let Some(p) = std::env::var_os(RUNTIME_LIB_ENV) {
        candidates.push(file_or_dir(PathBuf::from(p)));
    } else if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        // target/<profile>/pjrtc, or target/<profile>/deps/<test> for a test binary.
        let dir = if dir.ends_with("deps") {
            dir.parent().map(Path::to_path_buf).unwrap_or(dir)
        } else {
            dir
        };
        if triple == host_triple {
            candidates.push(dir.join(RUNTIME_LIB));
        }
        if let (Some(profile), Some(target_dir)) = (dir.file_name(), dir.parent()) {
            let cross = target_dir.join(triple);
            candidates.push(cross.join(profile).join(RUNTIME_LIB));
            // A debug pjrtc may still link the release cross runtime (what CI builds).
            if profile != "release" {
                candidates.push(cross.join("release").join(RUNTIME_LIB));
            }
        }
    }
    for c in candidates {
        if c.is_file() {
            return Ok(c);
        }
        tried.push(c.display().to_string());
    }
    let build = if triple == host_triple {
        "cargo build --release -p pjrtc-runtime".to_string()
    } else {
        format!("cargo build --release --target {triple} -p pjrtc-runtime")
    };
    Err(DeployError::RuntimeLibNotFound(format!(
        "runtime library {RUNTIME_LIB} for {triple} not found (looked at: {}); build it with \
         `{build}`, or name it with --runtime-lib or ${RUNTIME_LIB_ENV}",
        if tried.is_empty() {
            "nothing".to_string()
        } else {
            tried.join(", ")
        }
    )))
}

/// The C compiler that links for `triple`: `$PJRTC_CC`, else `cc` for the host and
/// `aarch64-linux-gnu-gcc` (Debian's cross compiler) for aarch64 elsewhere.
pub fn linker_for(triple: &str, host_triple: &str) -> String {
    if let Ok(cc) = std::env::var(CC_ENV) {
        return cc;
    }
    if triple == host_triple {
        "cc".into()
    } else if let Some(arch) = triple.split('-').next() {
        format!("{arch}-linux-gnu-gcc")
    } else {
        "cc".into()
    }
}

/// How the executable was linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Linkage {
    StaticPie,
    Static,
    /// Against the shared C library (the static one is missing).
    DynamicLibc,
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DeployError + '_ {
    move |source| DeployError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Links `object` (from [`super::object::artifact_object`] with [`EMBEDDED_SYMBOL`]) and
/// `runtime_lib` into the executable `output` with `cc`. Tries a static PIE, then a static
/// executable, then dynamic linking against libc only.
pub fn link_executable(
    object: &[u8],
    runtime_lib: &Path,
    cc: &str,
    output: &Path,
) -> Result<Linkage, DeployError> {
    link_executable_for(object, runtime_lib, cc, output, false)
}

/// [`link_executable`]; with `loads_libraries` (an artifact carrying `--ffi-lib`
/// libraries, which the runtime `dlopen`s) only against the shared C library, since a
/// static executable has no dynamic loader.
pub fn link_executable_for(
    object: &[u8],
    runtime_lib: &Path,
    cc: &str,
    output: &Path,
    loads_libraries: bool,
) -> Result<Linkage, DeployError> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static SEQ: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "pjrtc-link-{}-{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let tmp = TempDir(dir);
    let main_c = tmp.0.join("main.c");
    let obj = tmp.0.join("model.o");
    std::fs::write(&main_c, MAIN_C).map_err(io(&main_c))?;
    std::fs::write(&obj, object).map_err(io(&obj))?;

    let attempts: [(Linkage, &[&str]); 3] = [
        (Linkage::StaticPie, &["-static-pie"]),
        (Linkage::Static, &["-static"]),
        (Linkage::DynamicLibc, &[]),
    ];
    let mut last_err = DeployError::Object("no link attempted".into());
    for (linkage, flags) in attempts {
        if loads_libraries && linkage != Linkage::DynamicLibc {
            continue;
        }
        let mut args: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
        args.extend([
            "-O2".into(),
            "-o".into(),
            output.display().to_string(),
            main_c.display().to_string(),
            obj.display().to_string(),
            runtime_lib.display().to_string(),
            // What rustc reports as the staticlib's native dependencies (glibc >= 2.34
            // has pthread and dl inside libc; naming them is harmless).
            "-lm".into(),
            "-lpthread".into(),
            "-ldl".into(),
            "-Wl,--gc-sections".into(),
            // Deployment binaries: no symbol tables (a debugger can use the .pjx).
            "-s".into(),
        ]);
        let out =
            Command::new(cc)
                .args(&args)
                .output()
                .map_err(|source| DeployError::NoLinker {
                    cc: cc.to_string(),
                    source,
                })?;
        if out.status.success() {
            return Ok(linkage);
        }
        last_err = DeployError::LinkFailed {
            cc: cc.to_string(),
            args: args.join(" "),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        };
    }
    Err(last_err)
}

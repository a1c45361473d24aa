//! The golden corpus (tests/golden/): its cases, their inputs and expected outputs, and the
//! comparison rule of its README, shared by every test that runs golden programs
//! (in-process, as `--emit exe` executables, or cross-compiled under qemu).

use super::{compare, read_npy};
use pjrtc_runtime::Tensor;
use std::path::{Path, PathBuf};

/// Every case directory, sorted.
pub fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/golden exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("model.mlir").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// `dir/PREFIX0.npy`, `dir/PREFIX1.npy`, ... while they exist.
pub fn numbered(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    (0..)
        .map(|i| dir.join(format!("{prefix}{i}.npy")))
        .take_while(|p| p.is_file())
        .collect()
}

/// One case: its tolerances and tier.
pub struct Case {
    pub dir: PathBuf,
    pub name: String,
    pub rtol: f64,
    pub atol: f64,
    /// Tier "extra": may be refused as `unsupported:` at compile time.
    pub extra: bool,
}

impl Case {
    pub fn read(dir: &Path) -> Result<Case, String> {
        let meta: serde_json::Value = serde_json::from_slice(
            &std::fs::read(dir.join("meta.json")).map_err(|e| e.to_string())?,
        )
        .map_err(|e| format!("meta.json: {e}"))?;
        Ok(Case {
            dir: dir.to_path_buf(),
            name: dir.file_name().unwrap().to_string_lossy().to_string(),
            rtol: meta["rtol"].as_f64().ok_or("meta.json: no rtol")?,
            atol: meta["atol"].as_f64().ok_or("meta.json: no atol")?,
            extra: meta["tier"].as_str() == Some("extra"),
        })
    }

    pub fn source(&self) -> Result<Vec<u8>, String> {
        std::fs::read(self.dir.join("model.mlir")).map_err(|e| e.to_string())
    }

    /// The same program as the VHLO bytecode JAX sends a PJRT plugin, where the case has
    /// one (`model.mlirbc`).
    pub fn bytecode(&self) -> Option<Vec<u8>> {
        std::fs::read(self.dir.join("model.mlirbc")).ok()
    }

    /// The same program as the HloModuleProto JAX writes (`model.hlo.pb`, made by
    /// gen_hlo.py), if the case has one.
    pub fn hlo(&self) -> Option<Vec<u8>> {
        std::fs::read(self.dir.join("model.hlo.pb")).ok()
    }

    pub fn input_paths(&self) -> Vec<PathBuf> {
        numbered(&self.dir, "in")
    }

    pub fn inputs(&self) -> Vec<Tensor> {
        self.input_paths().iter().map(|p| read_npy(p)).collect()
    }

    /// Compares `got` with the expected outputs; `Err` describes the first mismatch.
    pub fn check(&self, got: &[Tensor]) -> Result<(), String> {
        let expected: Vec<_> = numbered(&self.dir, "out")
            .iter()
            .map(|p| read_npy(p))
            .collect();
        if expected.is_empty() {
            return Err("no expected outputs (out0.npy)".into());
        }
        if got.len() != expected.len() {
            return Err(format!(
                "{} outputs, expected {}",
                got.len(),
                expected.len()
            ));
        }
        let (rtol, atol) = (self.rtol, self.atol);
        for (i, (g, w)) in got.iter().zip(&expected).enumerate() {
            let c = compare(g, w, rtol, atol).map_err(|e| format!("out{i}: {e}"))?;
            if let Some((at, gv, wv)) = c.first_failure {
                return Err(format!(
                    "out{i}[{at}] = {gv}, expected {wv} (rtol {rtol}, atol {atol})"
                ));
            }
        }
        Ok(())
    }

    /// Is `err` (from compiling this case) an allowed refusal?
    pub fn refused_as_unsupported(&self, err: &str) -> bool {
        self.extra && err.contains("unsupported: ")
    }
}

/// Reads `dir/out0.npy`, `dir/out1.npy`, ... as a runner wrote them.
pub fn read_outputs(dir: &Path) -> Vec<Tensor> {
    numbered(dir, "out").iter().map(|p| read_npy(p)).collect()
}

/// The programs with symbolic dimensions under tests/dynamic/ (made by gen_dynamic.py).
pub fn dynamic_cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dynamic");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("tests/dynamic")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("meta.json").is_file())
        .collect();
    dirs.sort();
    assert!(
        dirs.len() >= 7,
        "expected the dynamic golden cases in {}",
        root.display()
    );
    dirs
}

/// One case of tests/dynamic/: sizes of its symbolic dimensions, per size the inputs and
/// JAX's outputs (`size{k}/in*.npy`, `out*.npy`).
pub struct DynamicCase {
    pub name: String,
    pub dir: PathBuf,
    pub sizes: Vec<Vec<(String, i64)>>,
    pub rtol: f64,
    pub atol: f64,
}

/// How far above the largest recorded size the bounded tests put each bound, so that
/// every run has padding.
pub const BOUND_MARGIN: i64 = 3;

impl DynamicCase {
    pub fn read(dir: &Path) -> DynamicCase {
        let meta: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("meta.json")).unwrap()).unwrap();
        let sizes = meta["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                d.as_object()
                    .unwrap()
                    .iter()
                    .map(|(n, v)| (n.clone(), v.as_i64().unwrap()))
                    .collect()
            })
            .collect();
        DynamicCase {
            name: dir.file_name().unwrap().to_string_lossy().into_owned(),
            dir: dir.to_path_buf(),
            sizes,
            rtol: meta["rtol"].as_f64().unwrap(),
            atol: meta["atol"].as_f64().unwrap(),
        }
    }

    /// Per symbol, its largest recorded size plus [`BOUND_MARGIN`].
    pub fn bounds(&self) -> pjrtc::compiler::passes::refine::Bounds {
        let mut named: Vec<(String, i64)> = Vec::new();
        for s in self.sizes.iter().flatten() {
            match named.iter_mut().find(|(n, _)| *n == s.0) {
                Some(e) => e.1 = e.1.max(s.1 + BOUND_MARGIN),
                None => named.push((s.0.clone(), s.1 + BOUND_MARGIN)),
            }
        }
        pjrtc::compiler::passes::refine::Bounds {
            named,
            default: None,
        }
    }

    pub fn input_paths(&self, k: usize) -> Vec<PathBuf> {
        numbered(&self.dir.join(format!("size{k}")), "in")
    }

    pub fn inputs(&self, k: usize) -> Vec<Tensor> {
        self.input_paths(k).iter().map(|p| read_npy(p)).collect()
    }

    /// `got` against JAX's outputs at size `k`.
    pub fn check(&self, k: usize, got: &[Tensor]) -> Result<(), String> {
        let want = numbered(&self.dir.join(format!("size{k}")), "out");
        if got.len() != want.len() {
            return Err(format!("{} outputs, JAX gives {}", got.len(), want.len()));
        }
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            let w = read_npy(w);
            let c = compare(g, &w, self.rtol, self.atol)?;
            if let Some((at, g, w)) = c.first_failure {
                return Err(format!("output {i}[{at}]: got {g}, JAX {w}"));
            }
        }
        Ok(())
    }
}

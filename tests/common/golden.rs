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

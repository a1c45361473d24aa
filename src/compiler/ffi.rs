//! Custom call targets the compiler may emit as XLA FFI calls ([`Step::CustomCall`]):
//! handlers registered in the process that will run the artifact (the PJRT plugin's
//! registry, filled by `jax.ffi.register_ffi_target(..., platform="pjrtc")`), or exported
//! by shared libraries the artifact carries (`pjrtc compile --ffi-lib`). Any other target
//! is refused as `unsupported: custom_call @name`.
//!
//! [`Step::CustomCall`]: pjrtc_runtime::format::Step::CustomCall

use object::{Object, ObjectSymbol};
use pjrtc_runtime::format::FfiLibrary;
use std::path::Path;
use std::sync::Arc;

/// Where custom call targets find their handlers.
#[derive(Clone, Debug, Default)]
pub struct FfiTargets {
    /// Targets with a handler in the process that runs the artifact.
    pub registered: Vec<String>,
    /// Libraries to take handlers from, in priority order.
    pub libraries: Vec<Library>,
    /// `(target, symbol)`: a target whose handler symbol is not named like the target.
    pub symbols: Vec<(String, String)>,
}

/// A shared library and the symbols it exports.
#[derive(Clone, Debug)]
pub struct Library {
    /// File name, for messages and the artifact.
    pub name: String,
    pub bytes: Arc<Vec<u8>>,
    pub exports: Vec<String>,
}

impl Library {
    /// Reads an ELF shared library (for any target architecture) and its exported symbols.
    pub fn read(path: &Path) -> Result<Library, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let exports = {
            let file = object::File::parse(bytes.as_slice())
                .map_err(|e| format!("{}: not a shared library: {e}", path.display()))?;
            let mut names: Vec<String> = file
                .dynamic_symbols()
                .filter(|s| s.is_definition() && s.is_global())
                .filter_map(|s| s.name().ok().map(str::to_string))
                .collect();
            names.sort();
            names.dedup();
            names
        };
        Ok(Library {
            name: path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            ),
            bytes: Arc::new(bytes),
            exports,
        })
    }
}

/// Where one target's handler comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// The process registry at run time.
    Registered,
    /// Symbol `symbol` of library `library`.
    Library { library: usize, symbol: String },
}

impl FfiTargets {
    /// The handler of `target`: a library's (the explicit symbol, else one named like the
    /// target), else the process's.
    pub fn resolve(&self, target: &str) -> Option<Resolution> {
        let symbol = self
            .symbols
            .iter()
            .find(|(t, _)| t == target)
            .map_or(target, |(_, s)| s.as_str());
        if let Some(library) = self
            .libraries
            .iter()
            .position(|l| l.exports.iter().any(|e| e == symbol))
        {
            return Some(Resolution::Library {
                library,
                symbol: symbol.to_string(),
            });
        }
        self.registered
            .iter()
            .any(|r| r == target)
            .then_some(Resolution::Registered)
    }
}

/// The libraries an artifact carries for the targets it calls: `(library index, target,
/// symbol)` triples grouped per library, each library once.
pub fn artifact_libraries(
    targets: &FfiTargets,
    used: &[(usize, String, String)],
) -> Vec<FfiLibrary> {
    let mut out: Vec<(usize, FfiLibrary)> = Vec::new();
    for (lib, target, symbol) in used {
        let l = &targets.libraries[*lib];
        let entry = match out.iter_mut().find(|(i, _)| i == lib) {
            Some(e) => e,
            None => {
                out.push((
                    *lib,
                    FfiLibrary {
                        name: l.name.clone(),
                        bytes: l.bytes.clone(),
                        handlers: Vec::new(),
                    },
                ));
                out.last_mut().expect("just pushed")
            }
        };
        let h = (target.clone(), symbol.clone());
        if !entry.1.handlers.contains(&h) {
            entry.1.handlers.push(h);
        }
    }
    out.into_iter().map(|(_, l)| l).collect()
}

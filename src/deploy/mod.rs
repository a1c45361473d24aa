//! Deployment outputs of `pjrtc compile` beyond a `.pjx` file: an object file holding the
//! artifact as a C symbol plus a C header (`--emit obj`), and a self-contained executable
//! linked with the runtime's static library by the system C compiler (`--emit exe`).

pub mod header;
pub mod link;
pub mod object;

#[derive(Debug, thiserror::Error)]
pub enum DeployError {
    #[error("cannot write an object file for target {0}")]
    UnsupportedTarget(String),
    #[error("writing the object file: {0}")]
    Object(String),
    #[error("{0}")]
    RuntimeLibNotFound(String),
    #[error("running the C linker '{cc}': {source} (install it, or set PJRTC_CC)")]
    NoLinker { cc: String, source: std::io::Error },
    #[error("the C linker failed: {cc} {args}\n{stderr}")]
    LinkFailed {
        cc: String,
        args: String,
        stderr: String,
    },
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

/// A C identifier made of `stem`: other characters become `_`, and a leading digit gets a
/// `_` before it.
pub fn c_identifier(stem: &str) -> String {
    let mut s: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn identifiers_are_valid_c() {
        assert_eq!(super::c_identifier("model"), "model");
        assert_eq!(super::c_identifier("my-model.v2"), "my_model_v2");
        assert_eq!(super::c_identifier("3d"), "_3d");
        assert_eq!(super::c_identifier(""), "_");
    }
}

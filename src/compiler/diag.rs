//! Located compile errors, rendered like MLIR's diagnostics:
//!
//! ```text
//! model.mlir:3:10: error: 'stablehlo.add' operand types differ: tensor<4xf32> vs tensor<4xi32>
//!     %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
//!          ^
//! ```

use super::ir::SourcePos;
use std::fmt;

/// An error at a position of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub pos: SourcePos,
    pub message: String,
    /// The MLIR `loc(...)` of the op at fault, when known (e.g. the Python source line).
    pub mlir_loc: Option<String>,
}

impl Diagnostic {
    pub fn new(pos: SourcePos, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            pos,
            message: message.into(),
            mlir_loc: None,
        }
    }

    /// An error located at an op (its position and its MLIR location).
    pub fn at(loc: &super::ir::Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            pos: loc.pos,
            message: message.into(),
            mlir_loc: loc.mlir.clone(),
        }
    }

    /// `file:line:col: error: message`, then the source line and a caret under the column
    /// when the position is in `source` text.
    pub fn render(&self, file: &str, source: &[u8]) -> String {
        let mut out = match self.pos {
            SourcePos::Unknown => format!("{file}: error: {}", self.message),
            SourcePos::Text { line, col } => {
                format!("{file}:{line}:{col}: error: {}", self.message)
            }
            SourcePos::Byte(o) => format!("{file}: byte {o}: error: {}", self.message),
        };
        if let Some(l) = &self.mlir_loc {
            out.push_str(&format!(" (at {l})"));
        }
        if let SourcePos::Text { line, col } = self.pos
            && let Some(text) = source
                .split(|&b| b == b'\n')
                .nth(line.saturating_sub(1) as usize)
        {
            let text = String::from_utf8_lossy(text);
            let text = text.trim_end_matches('\r');
            let caret: String = text
                .chars()
                .take(col.saturating_sub(1) as usize)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            out.push_str(&format!("\n{text}\n{caret}^"));
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)?;
        if let Some(l) = &self.mlir_loc {
            write!(f, " (at {l})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_source_line_and_caret() {
        let d = Diagnostic::new(SourcePos::Text { line: 2, col: 5 }, "bad");
        let r = d.render("m.mlir", b"first\n  x = y\n");
        assert_eq!(r, "m.mlir:2:5: error: bad\n  x = y\n    ^");
    }
}

//! pjx-run: runs a .pjx artifact with no compiler.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status = pjrtc_runtime::runner::args::main("pjx-run", &args, None);
    ExitCode::from(status as u8)
}

//! Lays compiled functions out in one code image and turns their relocations into
//! load-time import slots.

use super::scalar::IMPORT_NAMESPACE;
use cranelift_codegen::FinalizedMachReloc;
use cranelift_codegen::FinalizedRelocTarget;
use cranelift_codegen::binemit::Reloc;
use cranelift_codegen::ir::{ExternalName, LibCall, UserExternalName};
use pjrtc_runtime::format::{CodeImage, ImportReloc};

/// Function start alignment (a cache line).
const FUNC_ALIGN: usize = 64;

/// One compiled function: its bytes (constants included) and relocations, with the
/// user names it declared (`names[r]` for `ExternalName::User(r)`).
pub(crate) struct Compiled {
    pub name: String,
    pub code: Vec<u8>,
    pub relocs: Vec<FinalizedMachReloc>,
    pub names: Vec<UserExternalName>,
}

/// The runtime import standing in for a Cranelift libcall (emitted when the target
/// lacks an instruction, e.g. `roundss` without SSE4.1).
fn libcall_import(lc: LibCall) -> Option<&'static str> {
    Some(match lc {
        LibCall::FloorF32 => "pjrt_rt_floor_f32_v1",
        LibCall::FloorF64 => "pjrt_rt_floor_f64_v1",
        LibCall::CeilF32 => "pjrt_rt_ceil_f32_v1",
        LibCall::CeilF64 => "pjrt_rt_ceil_f64_v1",
        LibCall::TruncF32 => "pjrt_rt_trunc_f32_v1",
        LibCall::TruncF64 => "pjrt_rt_trunc_f64_v1",
        LibCall::NearestF32 => "pjrt_rt_nearest_f32_v1",
        LibCall::NearestF64 => "pjrt_rt_nearest_f64_v1",
        LibCall::FmaF32 => "pjrt_rt_fmaf_v1",
        LibCall::FmaF64 => "pjrt_rt_fma_v1",
        _ => return None,
    })
}

/// Concatenates `funcs` into one image; returns it and each function's offset.
pub(crate) fn link(funcs: &[Compiled]) -> Result<(CodeImage, Vec<u64>), (String, String)> {
    let mut bytes = Vec::new();
    let mut relocs = Vec::new();
    let mut offsets = Vec::new();
    for f in funcs {
        bytes.resize(bytes.len().next_multiple_of(FUNC_ALIGN), 0);
        let base = bytes.len() as u64;
        offsets.push(base);
        bytes.extend_from_slice(&f.code);
        for r in &f.relocs {
            let err = |m: String| (f.name.clone(), m);
            let import = match &r.target {
                FinalizedRelocTarget::ExternalName(ExternalName::User(u)) => {
                    let n = f
                        .names
                        .get(u.as_u32() as usize)
                        .ok_or_else(|| err(format!("undeclared name {u:?}")))?;
                    if n.namespace != IMPORT_NAMESPACE {
                        return Err(err(format!("reference to unknown function {n:?}")));
                    }
                    n.index
                }
                FinalizedRelocTarget::ExternalName(ExternalName::LibCall(lc)) => {
                    let name = libcall_import(*lc)
                        .ok_or_else(|| err(format!("no runtime import for libcall {lc:?}")))?;
                    pjrtc_runtime::imports::index_of(name)
                        .ok_or_else(|| err(format!("runtime import {name} missing")))?
                }
                other => return Err(err(format!("unresolvable relocation to {other:?}"))),
            };
            if r.kind != Reloc::Abs8 {
                return Err(err(format!(
                    "relocation {:?} to an import (expected Abs8)",
                    r.kind
                )));
            }
            relocs.push(ImportReloc {
                offset: base + r.offset as u64,
                import,
                addend: r.addend,
            });
        }
    }
    let text_len = bytes.len() as u64;
    Ok((
        CodeImage {
            bytes,
            text_len,
            relocs,
        },
        offsets,
    ))
}

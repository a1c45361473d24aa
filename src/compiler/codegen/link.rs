//! Lays compiled functions out in one code image, resolves calls between them (to vmath
//! helpers, PC-relative) and turns their other relocations into load-time import slots.

use super::scalar::{HELPER_NAMESPACE, IMPORT_NAMESPACE};
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
    /// Its index, if this is a vmath helper other functions call.
    pub helper: Option<u32>,
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
        offsets.push(bytes.len() as u64);
        bytes.extend_from_slice(&f.code);
    }
    // Helpers come last and are few; kernels are many and call them often.
    let helpers: Vec<(u32, u64)> = funcs
        .iter()
        .zip(&offsets)
        .filter_map(|(f, &o)| Some((f.helper?, o)))
        .collect();
    let helper_offset = |index: u32| helpers.iter().find(|h| h.0 == index).map(|h| h.1);
    for (f, &base) in funcs.iter().zip(&offsets) {
        for r in &f.relocs {
            let err = |m: String| (f.name.clone(), m);
            let import = match &r.target {
                FinalizedRelocTarget::ExternalName(ExternalName::User(u)) => {
                    let n = f
                        .names
                        .get(u.as_u32() as usize)
                        .ok_or_else(|| err(format!("undeclared name {u:?}")))?;
                    if n.namespace == HELPER_NAMESPACE {
                        let target = helper_offset(n.index)
                            .ok_or_else(|| err(format!("helper {} not compiled", n.index)))?;
                        let at = base as usize + r.offset as usize;
                        patch_call(&mut bytes, at, r.kind, target as i64 + r.addend - at as i64)
                            .map_err(err)?;
                        continue;
                    }
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

/// Writes the PC-relative displacement `delta` (target + addend - place) of a direct call
/// at byte `at`.
fn patch_call(bytes: &mut [u8], at: usize, kind: Reloc, delta: i64) -> Result<(), String> {
    let field = bytes
        .get_mut(at..at + 4)
        .ok_or_else(|| format!("call relocation at {at} outside the image"))?;
    match kind {
        Reloc::X86CallPCRel4 | Reloc::X86PCRel4 => {
            let d = i32::try_from(delta).map_err(|_| format!("call at {at} out of range"))?;
            field.copy_from_slice(&d.to_le_bytes());
        }
        Reloc::Arm64Call => {
            if delta % 4 != 0 || !(-(1 << 27)..(1 << 27)).contains(&delta) {
                return Err(format!("call at {at} out of range"));
            }
            let insn = u32::from_le_bytes(field.try_into().unwrap());
            let insn = (insn & 0xfc00_0000) | ((delta >> 2) as u32 & 0x03ff_ffff);
            field.copy_from_slice(&insn.to_le_bytes());
        }
        k => return Err(format!("unsupported call relocation {k:?}")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direct_calls_are_patched_pc_relative() {
        // x86_64 `call rel32`: the field holds target - (field + 4).
        let mut b = vec![0xe8, 0, 0, 0, 0, 0x90];
        patch_call(&mut b, 1, Reloc::X86CallPCRel4, 0x40 - 4 - 1).unwrap();
        assert_eq!(i32::from_le_bytes(b[1..5].try_into().unwrap()), 0x40 - 5);
        // aarch64 `bl`: imm26 = (target - insn) / 4, backwards too.
        let mut b = 0x9400_0000u32.to_le_bytes().to_vec();
        patch_call(&mut b, 0, Reloc::Arm64Call, -8).unwrap();
        assert_eq!(u32::from_le_bytes(b[..].try_into().unwrap()), 0x97ff_fffe);
        assert!(patch_call(&mut b, 0, Reloc::Arm64Call, 1 << 28).is_err());
        assert!(patch_call(&mut b, 2, Reloc::X86CallPCRel4, 0).is_err());
    }
}

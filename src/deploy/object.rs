//! An ELF relocatable object holding a `.pjx` artifact as two global symbols:
//! `NAME` (the bytes, 64-byte aligned, read-only) and `NAME_len` (a `size_t`).

use super::DeployError;
use object::write::{Object, StandardSection, Symbol, SymbolSection};
use object::{
    Architecture, BinaryFormat, Endianness, SectionKind, SymbolFlags, SymbolKind, SymbolScope,
};

/// The object file's bytes for `triple` (x86_64 or aarch64 Linux).
pub fn artifact_object(pjx: &[u8], triple: &str, name: &str) -> Result<Vec<u8>, DeployError> {
    let arch = match triple.split('-').next() {
        Some("x86_64") => Architecture::X86_64,
        Some("aarch64") => Architecture::Aarch64,
        _ => return Err(DeployError::UnsupportedTarget(triple.to_string())),
    };
    if !triple.contains("linux") {
        return Err(DeployError::UnsupportedTarget(triple.to_string()));
    }
    let mut obj = Object::new(BinaryFormat::Elf, arch, Endianness::Little);
    // An empty .note.GNU-stack: the stack need not be executable (else ld warns and
    // makes it so).
    obj.add_section(
        Vec::new(),
        b".note.GNU-stack".to_vec(),
        SectionKind::Elf(object::elf::SHT_PROGBITS),
    );
    let rodata = obj.section_id(StandardSection::ReadOnlyData);
    let define = |obj: &mut Object, sym: &str, data: &[u8], align: u64| {
        let offset = obj.append_section_data(rodata, data, align);
        obj.add_symbol(Symbol {
            name: sym.as_bytes().to_vec(),
            value: offset,
            size: data.len() as u64,
            kind: SymbolKind::Data,
            scope: SymbolScope::Linkage,
            weak: false,
            section: SymbolSection::Section(rodata),
            flags: SymbolFlags::None,
        });
    };
    // 64-byte alignment: the loader may then use the constants in place someday.
    define(&mut obj, name, pjx, 64);
    define(
        &mut obj,
        &format!("{name}_len"),
        &(pjx.len() as u64).to_le_bytes(),
        8,
    );
    obj.write().map_err(|e| DeployError::Object(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_holds_both_symbols() {
        let o = artifact_object(b"PJX\0abc", "aarch64-unknown-linux-gnu", "m").unwrap();
        assert_eq!(&o[..4], b"\x7fELF");
        // e_machine (offset 18): 183 = EM_AARCH64.
        assert_eq!(u16::from_le_bytes([o[18], o[19]]), 183);
        let text = String::from_utf8_lossy(&o);
        assert!(text.contains("m_len") && text.contains("PJX\0abc"));
        assert!(text.contains(".note.GNU-stack"));
        let o = artifact_object(b"x", "x86_64-unknown-linux-gnu", "m").unwrap();
        assert_eq!(u16::from_le_bytes([o[18], o[19]]), 62); // EM_X86_64
        assert!(matches!(
            artifact_object(b"x", "riscv64gc-unknown-linux-gnu", "m"),
            Err(DeployError::UnsupportedTarget(_))
        ));
    }
}

//! The closed, versioned table of runtime functions generated code may call.
//!
//! Generated code reaches these only through 64-bit absolute slots the loader fills
//! ([`crate::format::ImportReloc`]); the compiler refers to an import by its index in
//! [`IMPORTS`], looked up by name with [`index_of`]. Append only; never rename or reorder
//! an entry: renaming means a new name with a new version suffix.

/// One importable runtime function.
pub struct Import {
    /// Versioned symbol name, e.g. `pjrt_rt_exp_f64_v1`.
    pub name: &'static str,
    /// Its address.
    pub addr: *const u8,
}

// SAFETY: the table holds only addresses of functions, which are immutable and global.
unsafe impl Sync for Import {}

/// Every import, in index order.
pub static IMPORTS: &[Import] = &[];

/// Index of the import named `name`.
pub fn index_of(name: &str) -> Option<u32> {
    IMPORTS
        .iter()
        .position(|i| i.name == name)
        .map(|i| i as u32)
}

//! Plugin_Initialize and Plugin_Attributes.

use std::ffi::c_char;

use super::error::entry;
use super::ffi::*;

/// The newest StableHLO (VHLO) version the bytecode reader is tested with: JAX serializes
/// the programs it hands to Client_Compile at min(this, its own version), so this is how
/// the plugin keeps the input within what the reader understands.
pub const STABLEHLO_CURRENT_VERSION: [i64; 3] = [1, 17, 0];
/// The oldest StableHLO version XLA's CPU plugin advertises; older artifacts are rejected
/// by the reader with an error naming the version.
pub const STABLEHLO_MINIMUM_VERSION: [i64; 3] = [0, 9, 0];
/// Same value as XLA's CPU plugin.
pub const XLA_VERSION: i64 = 2;

struct Attributes([PJRT_NamedValue; 3]);
// SAFETY: immutable, and every pointer inside points to `'static` data.
unsafe impl Sync for Attributes {}

const fn named(
    name: &'static str,
    type_: PJRT_NamedValue_Type,
    value: PJRT_NamedValue_Value,
    value_size: usize,
) -> PJRT_NamedValue {
    PJRT_NamedValue {
        struct_size: PJRT_NamedValue::STRUCT_SIZE,
        extension_start: std::ptr::null_mut(),
        name: name.as_ptr() as *const c_char,
        name_size: name.len(),
        type_,
        value,
        value_size,
    }
}

static ATTRIBUTES: Attributes = Attributes([
    named(
        "xla_version",
        PJRT_NamedValue_kInt64,
        PJRT_NamedValue_Value {
            int64_value: XLA_VERSION,
        },
        1,
    ),
    named(
        "stablehlo_current_version",
        PJRT_NamedValue_kInt64List,
        PJRT_NamedValue_Value {
            int64_array_value: STABLEHLO_CURRENT_VERSION.as_ptr(),
        },
        3,
    ),
    named(
        "stablehlo_minimum_version",
        PJRT_NamedValue_kInt64List,
        PJRT_NamedValue_Value {
            int64_array_value: STABLEHLO_MINIMUM_VERSION.as_ptr(),
        },
        3,
    ),
]);

entry!(
    fn plugin_initialize(_a: &mut PJRT_Plugin_Initialize_Args) {
        Ok(())
    }
);

entry!(
    fn plugin_attributes(a: &mut PJRT_Plugin_Attributes_Args) {
        a.attributes = ATTRIBUTES.0.as_ptr();
        a.num_attributes = ATTRIBUTES.0.len();
        Ok(())
    }
);

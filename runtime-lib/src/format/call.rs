//! Schema of [`Step::CustomCall`](super::Step::CustomCall): a call of an XLA FFI handler
//! (a user's `jax.ffi` target, a Python host callback) with typed buffers and attributes.

use super::BufRef;
use crate::DType;

/// An attribute passed to a handler: the kinds of the XLA FFI (scalars, strings, arrays,
/// dictionaries). The compiler's IR uses this type too.
#[derive(Clone, Debug, PartialEq)]
pub enum CallAttr {
    /// An integer scalar (a boolean is `I1`), sign- or zero-extended to 64 bits.
    Int(DType, i64),
    /// An f32 or f64 scalar.
    Float(DType, f64),
    Str(String),
    /// An integer array (`array<i32: ...>`, dense elements).
    Ints(DType, Vec<i64>),
    Floats(DType, Vec<f64>),
    Dict(Vec<(String, CallAttr)>),
}

impl CallAttr {
    /// The value of an integer scalar.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            CallAttr::Int(_, v) => Some(*v),
            _ => None,
        }
    }
}

/// Dictionaries nest at most this deep in an artifact.
pub const MAX_ATTR_DEPTH: usize = 32;

/// One operand or result of a custom call: a dense row-major buffer of `dims`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallBuffer {
    pub buf: BufRef,
    pub dtype: DType,
    pub dims: Vec<u64>,
}

/// Calls the XLA FFI handler registered for `target` (found at run time: see
/// `xla_ffi::registry`) with `operands` as arguments, `results` as return buffers and
/// `attrs` (sorted by name, as handlers decode them).
#[derive(Clone, Debug, PartialEq)]
pub struct CustomCall {
    pub target: String,
    pub attrs: Vec<(String, CallAttr)>,
    pub operands: Vec<CallBuffer>,
    pub results: Vec<CallBuffer>,
}

/// Sorts a dictionary (and the ones nested in it) by key, as handlers expect.
pub fn sort_attrs(attrs: &mut [(String, CallAttr)]) {
    attrs.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    for (_, a) in attrs.iter_mut() {
        if let CallAttr::Dict(d) = a {
            sort_attrs(d);
        }
    }
}

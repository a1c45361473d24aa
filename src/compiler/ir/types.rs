//! Tensor types. A dimension is a size `>= 0` or [`DYN`] (`?`, known only at run time);
//! dynamic dimensions exist only between the front ends and shape refinement
//! (`passes::refine`), which makes every shape static before the rest of the compiler runs.

use std::fmt;
use std::sync::Arc;

pub use pjrtc_runtime::DType;

use super::quant::Quantization;

/// A ranked tensor type with a static shape, e.g. `tensor<2x3xf32>`; rank 0 is a scalar.
/// A quantized tensor (`tensor<4x!quant.uniform<i8:f32, 0.5>>`) has its storage integer
/// type as `dtype` and its parameters in `quant`; only the front ends, the verifier and
/// `passes::quant` (which removes them) see quantized types.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TensorType {
    pub dtype: DType,
    pub shape: Vec<i64>,
    pub quant: Option<Arc<Quantization>>,
}

/// A dynamic dimension (`?` in `tensor<?x4xf32>`).
pub const DYN: i64 = -1;

impl TensorType {
    /// Whether some dimension is [`DYN`].
    pub fn is_dynamic(&self) -> bool {
        self.shape.contains(&DYN)
    }

    pub fn new(dtype: DType, shape: impl Into<Vec<i64>>) -> TensorType {
        TensorType {
            dtype,
            shape: shape.into(),
            quant: None,
        }
    }

    pub fn scalar(dtype: DType) -> TensorType {
        TensorType {
            dtype,
            shape: Vec::new(),
            quant: None,
        }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements (the verifier guarantees dims are >= 0 and the product fits).
    pub fn num_elements(&self) -> i64 {
        self.shape.iter().product()
    }

    pub fn byte_size(&self) -> u64 {
        self.num_elements() as u64 * self.dtype.size() as u64
    }

    /// Row-major strides in elements.
    pub fn strides(&self) -> Vec<i64> {
        let mut strides = vec![1; self.shape.len()];
        for d in (0..self.shape.len().saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * self.shape[d + 1];
        }
        strides
    }

    /// This shape with another (unquantized) element type.
    pub fn with_dtype(&self, dtype: DType) -> TensorType {
        TensorType {
            dtype,
            shape: self.shape.clone(),
            quant: None,
        }
    }

    /// A quantized tensor type of this shape (its dtype becomes the storage type).
    pub fn quantized(shape: impl Into<Vec<i64>>, q: Quantization) -> TensorType {
        TensorType {
            dtype: q.storage,
            shape: shape.into(),
            quant: Some(Arc::new(q)),
        }
    }

    pub fn is_quantized(&self) -> bool {
        self.quant.is_some()
    }

    /// The type without its quantization: storage integers for a quantized type.
    pub fn storage(&self) -> TensorType {
        self.with_dtype(self.dtype)
    }

    /// This type with another shape, keeping the element type (quantization included).
    pub fn with_shape(&self, shape: impl Into<Vec<i64>>) -> TensorType {
        TensorType {
            dtype: self.dtype,
            shape: shape.into(),
            quant: self.quant.clone(),
        }
    }
}

impl fmt::Display for TensorType {
    /// MLIR spelling: `tensor<2x3xf32>`, `tensor<f32>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for &d in &self.shape {
            if d == DYN {
                f.write_str("?x")?;
            } else {
                write!(f, "{d}x")?;
            }
        }
        match &self.quant {
            Some(q) => write!(f, "{q}>"),
            None => write!(f, "{}>", self.dtype),
        }
    }
}

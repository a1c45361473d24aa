//! Tensor types. Shapes are static: a dynamic dimension is rejected by the front ends.

use std::fmt;

pub use pjrtc_runtime::DType;

/// A ranked tensor type with a static shape, e.g. `tensor<2x3xf32>`; rank 0 is a scalar.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TensorType {
    pub dtype: DType,
    pub shape: Vec<i64>,
}

impl TensorType {
    pub fn new(dtype: DType, shape: impl Into<Vec<i64>>) -> TensorType {
        TensorType {
            dtype,
            shape: shape.into(),
        }
    }

    pub fn scalar(dtype: DType) -> TensorType {
        TensorType {
            dtype,
            shape: Vec::new(),
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

    pub fn with_dtype(&self, dtype: DType) -> TensorType {
        TensorType {
            dtype,
            shape: self.shape.clone(),
        }
    }
}

impl fmt::Display for TensorType {
    /// MLIR spelling: `tensor<2x3xf32>`, `tensor<f32>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            write!(f, "{d}x")?;
        }
        write!(f, "{}>", self.dtype)
    }
}

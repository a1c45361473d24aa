//! Uniform quantization parameters: what a `!quant.uniform<...>` element type adds to its
//! storage integer type. A quantized tensor's [`super::TensorType`] keeps the storage type
//! as its `dtype` and these parameters beside it; `passes::quant` rewrites every quantized
//! value to its storage type before anything downstream looks at types.
//!
//! An element `q` stands for `(q - zero_point) * scale`, with one (scale, zero point) pair
//! for the whole tensor, or one per slice along `axis` (per-axis quantization).

use std::fmt;
use std::hash::{Hash, Hasher};

use super::types::DType;

/// The parameters of a `!quant.uniform` element type.
#[derive(Clone, Debug)]
pub struct Quantization {
    /// Signed or unsigned integer (`i2` .. `i32`, `u2` .. `u32`).
    pub storage: DType,
    /// Inclusive range of valid stored values (by default the storage type's range).
    pub storage_min: i64,
    pub storage_max: i64,
    /// f16, bf16, f32 or f64.
    pub expressed: DType,
    /// The quantized dimension of per-axis quantization; `None` for per-tensor.
    pub axis: Option<u32>,
    /// One entry per tensor (per-tensor) or per slice along `axis`.
    pub scales: Vec<f64>,
    pub zero_points: Vec<i64>,
}

impl Quantization {
    /// Per-tensor parameters with the storage type's full range.
    pub fn per_tensor(storage: DType, expressed: DType, scale: f64, zero_point: i64) -> Self {
        let (lo, hi) = storage_range(storage);
        Quantization {
            storage,
            storage_min: lo,
            storage_max: hi,
            expressed,
            axis: None,
            scales: vec![scale],
            zero_points: vec![zero_point],
        }
    }

    /// Per-axis parameters with the storage type's full range.
    pub fn per_axis(
        storage: DType,
        expressed: DType,
        axis: u32,
        scales: Vec<f64>,
        zero_points: Vec<i64>,
    ) -> Self {
        let (lo, hi) = storage_range(storage);
        Quantization {
            storage,
            storage_min: lo,
            storage_max: hi,
            expressed,
            axis: Some(axis),
            scales,
            zero_points,
        }
    }

    pub fn is_per_axis(&self) -> bool {
        self.axis.is_some()
    }

    /// The same parameters quantizing along `axis` instead (per-axis types only change
    /// their dimension when data movement moves it).
    pub fn with_axis(&self, axis: u32) -> Self {
        Quantization {
            axis: Some(axis),
            ..self.clone()
        }
    }

    /// The parameters' own constraints (the spec's C1-C11 of quantized element types);
    /// the rank-dependent ones (C12, C13) are [`Quantization::check_for_shape`]'s.
    pub fn check(&self) -> Result<(), String> {
        if !(self.storage.is_signed_int() || self.storage.is_unsigned_int())
            || self.storage.bits() > 32
        {
            return Err(format!(
                "storage type {} must be an integer of at most 32 bits",
                self.storage
            ));
        }
        if !matches!(
            self.expressed,
            DType::F16 | DType::BF16 | DType::F32 | DType::F64
        ) {
            return Err(format!(
                "expressed type {} must be f16, bf16, f32 or f64",
                self.expressed
            ));
        }
        let (lo, hi) = storage_range(self.storage);
        if !(lo <= self.storage_min
            && self.storage_min < self.storage_max
            && self.storage_max <= hi)
        {
            return Err(format!(
                "storage range [{}, {}] must be a non-empty part of {}'s [{lo}, {hi}]",
                self.storage_min, self.storage_max, self.storage
            ));
        }
        if self.scales.is_empty() || self.scales.len() != self.zero_points.len() {
            return Err(format!(
                "needs as many scales as zero points, at least one: {} vs {}",
                self.scales.len(),
                self.zero_points.len()
            ));
        }
        if self.axis.is_none() && self.scales.len() != 1 {
            return Err("per-tensor quantization has one scale".into());
        }
        for &s in &self.scales {
            if !(s.is_finite() && s > 0.0) {
                return Err(format!("scale {s} must be finite and positive"));
            }
        }
        for &z in &self.zero_points {
            if z < self.storage_min || z > self.storage_max {
                return Err(format!(
                    "zero point {z} is outside the storage range [{}, {}]",
                    self.storage_min, self.storage_max
                ));
            }
        }
        Ok(())
    }

    /// Per-axis constraints against the tensor's shape.
    pub fn check_for_shape(&self, shape: &[i64]) -> Result<(), String> {
        if let Some(axis) = self.axis {
            let Some(&d) = shape.get(axis as usize) else {
                return Err(format!(
                    "quantization dimension {axis} is out of range for rank {}",
                    shape.len()
                ));
            };
            if d != self.scales.len() as i64 {
                return Err(format!(
                    "dimension {axis} has size {d} but the type has {} scales",
                    self.scales.len()
                ));
            }
        }
        Ok(())
    }

    /// The storage type's name as the quant dialect spells it (`i8`, `u8`).
    fn storage_name(&self) -> String {
        let sign = if self.storage.is_unsigned_int() {
            'u'
        } else {
            'i'
        };
        format!("{sign}{}", self.storage.bits())
    }
}

/// The full value range of an integer storage type.
pub fn storage_range(storage: DType) -> (i64, i64) {
    let (lo, hi) = storage.int_range();
    (lo as i64, hi as i64)
}

/// The storage integer type named by the quant dialect (`i8`, `u8`, also `ui8`, `si8`).
pub fn storage_from_name(name: &str) -> Option<DType> {
    let (unsigned, width) = if let Some(w) = name.strip_prefix("ui") {
        (true, w)
    } else if let Some(w) = name.strip_prefix('u') {
        (true, w)
    } else if let Some(w) = name.strip_prefix("si") {
        (false, w)
    } else {
        (false, name.strip_prefix('i')?)
    };
    Some(match (unsigned, width) {
        (false, "2") => DType::I2,
        (false, "4") => DType::I4,
        (false, "8") => DType::I8,
        (false, "16") => DType::I16,
        (false, "32") => DType::I32,
        (true, "2") => DType::U2,
        (true, "4") => DType::U4,
        (true, "8") => DType::U8,
        (true, "16") => DType::U16,
        (true, "32") => DType::U32,
        _ => return None,
    })
}

// Scales compare by their bits, so types are `Eq` and hash consistently.
impl PartialEq for Quantization {
    fn eq(&self, o: &Self) -> bool {
        self.storage == o.storage
            && self.storage_min == o.storage_min
            && self.storage_max == o.storage_max
            && self.expressed == o.expressed
            && self.axis == o.axis
            && self.zero_points == o.zero_points
            && self.scales.len() == o.scales.len()
            && self
                .scales
                .iter()
                .zip(&o.scales)
                .all(|(a, b)| a.to_bits() == b.to_bits())
    }
}

impl Eq for Quantization {}

impl Hash for Quantization {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.storage.hash(h);
        self.storage_min.hash(h);
        self.storage_max.hash(h);
        self.expressed.hash(h);
        self.axis.hash(h);
        self.zero_points.hash(h);
        for s in &self.scales {
            s.to_bits().hash(h);
        }
    }
}

impl fmt::Display for Quantization {
    /// MLIR spelling: `!quant.uniform<i8:f32, 0.5:-3>`,
    /// `!quant.uniform<i8<-127:127>:f32:1, {0.5,2.5:4}>`. Scales print in Rust's shortest
    /// round-trip form, so parsing the text gives the same bits back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "!quant.uniform<{}", self.storage_name())?;
        if (self.storage_min, self.storage_max) != storage_range(self.storage) {
            write!(f, "<{}:{}>", self.storage_min, self.storage_max)?;
        }
        write!(f, ":{}", self.expressed)?;
        if let Some(a) = self.axis {
            write!(f, ":{a}")?;
        }
        f.write_str(", ")?;
        let param = |f: &mut fmt::Formatter<'_>, s: f64, z: i64| {
            write!(f, "{s:?}")?;
            if z != 0 {
                write!(f, ":{z}")?;
            }
            Ok(())
        };
        if self.axis.is_some() {
            f.write_str("{")?;
            for (i, (&s, &z)) in self.scales.iter().zip(&self.zero_points).enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                param(f, s, z)?;
            }
            f.write_str("}")?;
        } else {
            param(f, self.scales[0], self.zero_points[0])?;
        }
        f.write_str(">")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_mlir_spells_it() {
        let q = Quantization::per_tensor(DType::I8, DType::F32, 0.1, -3);
        assert_eq!(q.to_string(), "!quant.uniform<i8:f32, 0.1:-3>");
        let q = Quantization::per_tensor(DType::U8, DType::BF16, 1.5e-5, 0);
        assert_eq!(q.to_string(), "!quant.uniform<u8:bf16, 1.5e-5>");
        let mut q = Quantization::per_axis(DType::I8, DType::F32, 1, vec![0.1, 0.2], vec![-3, 4]);
        q.storage_min = -127;
        assert_eq!(
            q.to_string(),
            "!quant.uniform<i8<-127:127>:f32:1, {0.1:-3,0.2:4}>"
        );
    }

    #[test]
    fn checks_the_spec_constraints() {
        let ok = Quantization::per_tensor(DType::I4, DType::F16, 0.5, 7);
        assert_eq!(ok.check(), Ok(()));
        let mut q = ok.clone();
        q.zero_points = vec![8];
        assert!(q.check().unwrap_err().contains("outside the storage range"));
        let mut q = ok.clone();
        q.scales = vec![0.0];
        assert!(q.check().unwrap_err().contains("positive"));
        let mut q = ok.clone();
        q.storage_min = -9;
        assert!(q.check().unwrap_err().contains("storage range"));
        let mut q = ok.clone();
        q.expressed = DType::I32;
        assert!(q.check().is_err());
        let q = Quantization::per_axis(DType::I8, DType::F32, 2, vec![1.0; 3], vec![0; 3]);
        assert_eq!(q.check_for_shape(&[4, 5, 3]), Ok(()));
        assert!(q.check_for_shape(&[4, 5, 2]).is_err());
        assert!(q.check_for_shape(&[4, 5]).is_err());
    }

    #[test]
    fn storage_names() {
        assert_eq!(storage_from_name("i8"), Some(DType::I8));
        assert_eq!(storage_from_name("u8"), Some(DType::U8));
        assert_eq!(storage_from_name("ui16"), Some(DType::U16));
        assert_eq!(storage_from_name("i64"), None);
        assert_eq!(storage_from_name("f32"), None);
    }
}

//! rustfft's and realfft's planners, for the part types the runtime transforms in.
//!
//! Planning a transform instantiates, for its part type, every algorithm rustfft may pick
//! (butterflies of each prime size, the mixed-radix and Bluestein/Rader algorithms, their
//! SSE/AVX/NEON forms): 0.83M of the 2.08M lines of LLVM IR pjrtc-runtime generated when
//! it planned through the generic planners itself, compiled again for its unit-test
//! build. Here the planners are instantiated once, for f32 and f64, behind non-generic
//! functions; the runtime sees only the `dyn` transforms they return.

use std::sync::Arc;

use realfft::RealFftPlanner;
pub use realfft::{ComplexToReal, RealToComplex};
use rustfft::FftPlanner;
pub use rustfft::num_complex::Complex;
pub use rustfft::{Fft, FftNum};

/// The planners of one part type. Plans made by one `Planners` share their twiddle
/// tables wherever their lengths are equal.
pub struct Planners<T: FftNum> {
    complex: FftPlanner<T>,
    real: RealFftPlanner<T>,
}

/// A part type transforms can run in: f64, and f32 with the `f32` feature.
pub trait Part: FftNum + Default {
    /// Fresh planners.
    fn planners() -> Planners<Self>;
    /// The complex transform of length `n`, forward or `inverse` (unnormalized, as
    /// rustfft's).
    fn plan_complex(p: &mut Planners<Self>, n: usize, inverse: bool) -> Arc<dyn Fft<Self>>;
    /// The real-to-complex transform of `n` real values (`n / 2 + 1` complex results).
    fn plan_real_forward(p: &mut Planners<Self>, n: usize) -> Arc<dyn RealToComplex<Self>>;
    /// The complex-to-real transform back to `n` real values.
    fn plan_real_inverse(p: &mut Planners<Self>, n: usize) -> Arc<dyn ComplexToReal<Self>>;
}

impl<T: Part> Default for Planners<T> {
    fn default() -> Self {
        T::planners()
    }
}

/// The `Part` impl of one concrete type: non-generic functions, so the planners'
/// code is generated in this crate and nowhere else.
macro_rules! part {
    ($t:ty) => {
        impl Part for $t {
            fn planners() -> Planners<$t> {
                Planners {
                    complex: FftPlanner::new(),
                    real: RealFftPlanner::new(),
                }
            }

            fn plan_complex(p: &mut Planners<$t>, n: usize, inverse: bool) -> Arc<dyn Fft<$t>> {
                if inverse {
                    p.complex.plan_fft_inverse(n)
                } else {
                    p.complex.plan_fft_forward(n)
                }
            }

            fn plan_real_forward(p: &mut Planners<$t>, n: usize) -> Arc<dyn RealToComplex<$t>> {
                p.real.plan_fft_forward(n)
            }

            fn plan_real_inverse(p: &mut Planners<$t>, n: usize) -> Arc<dyn ComplexToReal<$t>> {
                p.real.plan_fft_inverse(n)
            }
        }
    };
}

part!(f64);
#[cfg(feature = "f32")]
part!(f32);

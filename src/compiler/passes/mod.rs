//! Passes over the tensor IR, one per file.

pub mod complex;
#[cfg(test)]
mod complex_tests;
pub mod cse;
pub mod dce;
pub mod fold;
pub mod inline;
pub mod quant;
pub mod reciprocal;
#[cfg(test)]
mod reciprocal_tests;
pub mod refine;
pub mod rng;
#[cfg(test)]
mod rng_tests;
pub mod sort_key;
#[cfg(test)]
mod sort_key_tests;
pub mod verify;

#[cfg(test)]
mod pipeline_tests;

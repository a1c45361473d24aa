//! Glue between the command line and runtime-lib: what `pjrtc inspect` prints and what
//! `pjrtc test` runs, the JAX cache entries `run`/`inspect` accept, and `compile`'s
//! progress bar.

pub mod conformance;
pub mod inspect;
pub mod jax_cache;
pub mod progress;

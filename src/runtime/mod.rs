//! Glue between the command line and runtime-lib: what `pjrtc inspect` prints and what
//! `pjrtc test` runs, and the JAX cache entries `run`/`inspect` accept.

pub mod conformance;
pub mod inspect;
pub mod jax_cache;

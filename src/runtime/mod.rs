//! Glue between the command line and runtime-lib: what `pjrtc inspect` prints and what
//! `pjrtc test` runs.

pub mod conformance;
pub mod inspect;

//! Glue between the command line and runtime-lib: what `pjrtc inspect` prints.

pub mod inspect;

//! Glue between the CLI and runtime-lib.

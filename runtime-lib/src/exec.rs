//! Executable: a loaded artifact and the schedule interpreter.

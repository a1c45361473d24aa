//! Prints the IR as StableHLO text (generic op form) that the text front end reads back.

//! Reference evaluator: computes ops on literals (used by constant folding and as the
//! oracle of property tests).

//! Runtime routines called from the schedule (GEMM, convolution).

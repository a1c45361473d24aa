//! .npy read/write.

/* pjx.h: the C API of pjrtc's runtime (libpjrtc_runtime.a).
 *
 * Load a .pjx artifact from memory, query its signature, run it on your own buffers:
 *
 *     pjx_model *m = pjx_load(bytes, len);
 *     if (!m) { fprintf(stderr, "%s\n", pjx_last_error()); return 1; }
 *     const void *in[] = {x};  void *out[] = {y};
 *     if (pjx_run(m, in, out) != 0) { fprintf(stderr, "%s\n", pjx_last_error()); }
 *     pjx_free(m);
 *
 * Tensors are dense, row-major, little-endian, of the dtype and shape of the model's
 * signature (`pjrtc inspect model.pjx` prints it; `pjrtc compile --emit obj` writes a
 * header with the sizes). A complex64/complex128 element is its real part, then its
 * imaginary part, as float/double (the layout of C99 `float _Complex`). Link with:
 *
 *     cc app.c model.o libpjrtc_runtime.a -lm -lpthread -ldl
 */
#ifndef PJX_H
#define PJX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PjxModel pjx_model;

/* Loads an artifact from `len` bytes (copied). NULL on error, see pjx_last_error(). An
 * artifact for another CPU or lacking CPU features is refused here, never run. */
pjx_model *pjx_load(const void *bytes, size_t len);

/* Frees a model; NULL is ignored. */
void pjx_free(pjx_model *model);

size_t pjx_num_inputs(const pjx_model *model);
size_t pjx_num_outputs(const pjx_model *model);
/* Size in bytes of input / output i (0 if out of range); for a model with dynamic
 * dimensions, at their bounds: the most a buffer of it holds. */
size_t pjx_input_size(const pjx_model *model, size_t i);
size_t pjx_output_size(const pjx_model *model, size_t i);

/* Shapes. A model compiled with dynamic dimensions (`pjrtc compile --max-dim b=64`) takes
 * inputs of any size up to each dimension's bound and returns outputs of the sizes they
 * imply; call it with pjx_run_shaped. pjx_*_rank: the rank of input / output i (0 if out
 * of range). pjx_*_dim: the size of dimension d, -1 if it is dynamic, -2 if there is no
 * such dimension. pjx_*_bound: the largest size of dimension d (a dynamic one's bound,
 * else its size), -2 if there is none. */
size_t pjx_input_rank(const pjx_model *model, size_t i);
size_t pjx_output_rank(const pjx_model *model, size_t i);
int64_t pjx_input_dim(const pjx_model *model, size_t i, size_t d);
int64_t pjx_output_dim(const pjx_model *model, size_t i, size_t d);
int64_t pjx_input_bound(const pjx_model *model, size_t i, size_t d);
int64_t pjx_output_bound(const pjx_model *model, size_t i, size_t d);

/* Worker threads of later calls (at least 1). 0, or -1 on error. */
int pjx_set_threads(pjx_model *model, size_t threads);

/* Runs the model: inputs[i] holds pjx_input_size(model, i) bytes; pjx_output_size(model, i)
 * bytes are written to outputs[i]. 0, or -1 on error (see pjx_last_error()). Concurrent
 * calls on one model are allowed. A model with dynamic dimensions is refused: see
 * pjx_run_shaped. */
int pjx_run(const pjx_model *model, const void *const *inputs, void *const *outputs);

/* Runs the model on inputs of the shapes given (any model; a static one at its shapes):
 * input_dims[i] holds the pjx_input_rank(model, i) sizes of input i (NULL allowed for
 * rank 0), inputs[i] its elements, dense in that shape. Output i is written to outputs[i]
 * (room for pjx_output_size(model, i) bytes), dense in its actual shape, whose
 * pjx_output_rank(model, i) sizes are written to output_dims[i] (output_dims, or an
 * entry of it, may be NULL). 0, or -1 on error: an input of a shape the model does not
 * take (the message names the input, dimension and symbol), a failing shape assertion
 * (its message). */
int pjx_run_shaped(const pjx_model *model, const void *const *inputs,
                   const int64_t *const *input_dims, void *const *outputs,
                   int64_t *const *output_dims);

/* The message of this thread's last failed call ("" if none); valid until the next one. */
const char *pjx_last_error(void);

/* main() of executables from `pjrtc compile --emit exe`: the pjx-run command line
 * (--inputs, --outputs, --threads, --warmup, --iters) for an artifact in memory. */
int pjx_embedded_main(int argc, char **argv, const void *pjx, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* PJX_H */

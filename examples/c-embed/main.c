/* Embeds a model compiled by `pjrtc compile --emit obj` in a C program: loads it with
 * runtime-lib's C API, runs it, and checks the result against a plain C computation.
 * Exit status 0 only if every check holds. See README.md for the build commands. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h" /* model_pjx[], model_pjx_len, MODEL_* sizes (generated) */
#include "pjx.h"   /* runtime-lib/include/pjx.h */

int main(void) {
    /* A truncated artifact is refused with a message, not a crash. */
    if (pjx_load(model_pjx, 16) != NULL || strlen(pjx_last_error()) == 0) {
        fprintf(stderr, "FAIL: a truncated artifact was accepted\n");
        return 1;
    }

    pjx_model *m = pjx_load(model_pjx, model_pjx_len);
    if (!m) {
        fprintf(stderr, "FAIL: pjx_load: %s\n", pjx_last_error());
        return 1;
    }
    if (pjx_num_inputs(m) != MODEL_NUM_INPUTS || pjx_num_outputs(m) != MODEL_NUM_OUTPUTS ||
        pjx_input_size(m, 0) != MODEL_INPUT0_SIZE || pjx_output_size(m, 0) != MODEL_OUTPUT0_SIZE) {
        fprintf(stderr, "FAIL: the signature differs from model.h\n");
        return 1;
    }

    float x[2][3], w[3][4], y[2][4];
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 3; k++) x[i][k] = 0.25f * (float)(i * 3 + k) - 0.5f;
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 4; j++) w[k][j] = 0.1f * (float)(k - j);

    const void *inputs[] = {x, w};
    void *outputs[] = {y};
    if (pjx_run(m, inputs, outputs) != 0) {
        fprintf(stderr, "FAIL: pjx_run: %s\n", pjx_last_error());
        pjx_free(m);
        return 1;
    }

    int bad = 0;
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 4; j++) {
            float acc = 0.5f;
            for (int k = 0; k < 3; k++) acc += x[i][k] * w[k][j];
            float want = tanhf(acc);
            printf("y[%d][%d] = %.6f (expected %.6f)\n", i, j, y[i][j], want);
            if (fabsf(y[i][j] - want) > 1e-5f) bad++;
        }
    }

    /* A NULL input is an error, reported through pjx_last_error(). */
    const void *missing[] = {x, NULL};
    if (pjx_run(m, missing, outputs) == 0 || !strstr(pjx_last_error(), "NULL")) {
        fprintf(stderr, "FAIL: a NULL input was accepted\n");
        bad++;
    }
    pjx_free(m);
    if (bad) {
        fprintf(stderr, "FAIL: %d checks failed\n", bad);
        return 1;
    }
    printf("OK\n");
    return 0;
}

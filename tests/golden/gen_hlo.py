#!/usr/bin/env python3
"""Write model.hlo.pb next to model.mlir in every golden case: the same JAX function
lowered to an HloModuleProto (`compiler_ir("hlo").as_serialized_hlo_module_proto()`),
the program format PyTorch/XLA and older PJRT clients send. The golden test compiles it
through the HLO front end and compares with the same JAX outputs (out*.npy).

Run from the repository root after gen_goldens.py (it reuses that script's cases and
inputs, and checks that the inputs it lowers with are the committed in*.npy):

    .venv/bin/python tests/golden/gen_hlo.py
"""
import contextlib
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_goldens as g  # noqa: E402  (registers the cases; main() does not run)

import jax  # noqa: E402


def main():
    written = 0
    for c in g.CASES:
        name, fn, args = c["name"], c["fn"], [np.asarray(a) for a in c["args"]]
        d = os.path.join(g.HERE, name)
        for k, a in enumerate(args):
            want = np.load(os.path.join(d, f"in{k}.npy"))
            # bf16 inputs are saved as raw 2-byte voids: compare shapes and bytes.
            assert want.shape == a.shape and want.tobytes() == a.tobytes(), \
                f"{name}: in{k}.npy differs from the case's input; rerun gen_goldens.py"
        with (c["ctx"]() if c["ctx"] else contextlib.nullcontext()):
            hlo = jax.jit(fn).lower(*args).compiler_ir("hlo").as_serialized_hlo_module_proto()
        with open(os.path.join(d, "model.hlo.pb"), "wb") as f:
            f.write(hlo)
        written += 1
    print(f"wrote model.hlo.pb for {written} cases (jax {jax.__version__})")


if __name__ == "__main__":
    main()

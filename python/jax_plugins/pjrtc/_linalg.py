"""Linear algebra on pjrtc: JAX's CPU lowering rules, registered for platform "pjrtc".

JAX lowers `eigh`, `svd`, `qr`, `lu`, `eig`, `schur`, `hessenberg`, ... only for the
platforms it knows (`cpu` emits `custom_call @lapack_*_ffi`, GPUs call cuSOLVER); on any
other platform tracing stops with "MLIR translation rule for primitive 'eigh' not found".
pjrtc compiles the very LAPACK custom calls the CPU rules emit, so this module registers
those rules, unchanged, for "pjrtc" with `jax.interpreters.mlir.register_lowering`: a
program traced for pjrtc is the program `jax.jit(...).lower()` writes for CPU.

What relies on JAX internals: the CPU rules are read from JAX's rule table
(`jax._src.interpreters.mlir._platform_specific_lowerings["cpu"]`) and the primitives
from `jax._src.lax.linalg`; both are private and may move between JAX releases.
"""

# Primitives whose CPU lowering calls LAPACK (or that have no generic lowering at all).
PRIMITIVES = (
    "cholesky_p",
    "eig_p",
    "eigh_p",
    "hessenberg_p",
    "householder_product_p",
    "ormqr_p",
    "lu_p",
    "geqrf_p",
    "geqp3_p",
    "schur_p",
    "svd_p",
    "triangular_solve_p",
    "tridiagonal_p",
    "tridiagonal_solve_p",
)


def register(platform: str) -> list[str]:
    """Registers the CPU rules for `platform`; returns the primitives registered."""
    from jax._src.interpreters import mlir
    from jax._src.lax import linalg

    cpu = mlir._platform_specific_lowerings.get("cpu", {})
    done = []
    for name in PRIMITIVES:
        prim = getattr(linalg, name, None)
        entry = cpu.get(prim) if prim is not None else None
        if entry is None:
            continue
        mlir.register_lowering(prim, entry.rule, platform=platform, inline=entry.inline)
        done.append(prim.name)
    return done

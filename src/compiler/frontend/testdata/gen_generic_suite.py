"""Prints every conformance file in MLIR's generic op form (with JAX's MLIR bindings), for
the front end's pretty-vs-generic test: `PJRTC_GENERIC_SUITE=<dest> cargo test --lib frontend`.

usage: python gen_generic_suite.py <dest-dir>
"""
import os, glob, re, sys
from jax._src.lib.mlir import ir
from jax._src.interpreters import mlir as jmlir
ctx = jmlir.make_ir_context()
ctx.allow_unregistered_dialects = True
root = os.path.join(os.path.dirname(__file__), "../../../../../shared/conformance/suite")
dest = sys.argv[1]
os.makedirs(dest, exist_ok=True)
pat = re.compile(r'^(\s*)check\.(\w+) (%[\w#]+), (dense<.*>) : (tensor<[^>]*>)\s*$', re.M)
pat2 = re.compile(r'^(\s*)check\.(\w+) (%[\w#]+), (%[\w#]+)(, (\w+) = ([\w.]+))? : (tensor<[^>]*>)(, tensor<[^>]*>)?\s*$', re.M)
ok = bad = 0
for f in sorted(glob.glob(root + "/**/*.mlir", recursive=True)):
    out = os.path.join(dest, os.path.basename(f))
    src = open(f).read()
    src = pat.sub(lambda m: f'{m[1]}"check.{m[2]}"({m[3]}) {{value = {m[4]} : {m[5]}}} : ({m[5]}) -> ()', src)
    def r2(m):
        attr = f" {{{m[6]} = {m[7]}}}" if m[6] else ""
        if m[6] == "max_ulp_difference": attr = f" {{{m[6]} = {m[7]} : i64}}"
        if m[6] == "tolerance": attr = f" {{{m[6]} = {m[7]} : f64}}"
        return f'{m[1]}"check.{m[2]}"({m[3]}, {m[4]}){attr} : ({m[8]}, {m[8]}) -> ()'
    src = pat2.sub(r2, src)
    try:
        with ctx:
            m = ir.Module.parse(src)
        open(out, "w").write(m.operation.get_asm(print_generic_op_form=True))
        ok += 1
    except Exception as e:
        bad += 1
        print("FAIL", f, str(e)[:150].replace("\n", " "))
print(ok, bad)

"""Programs over 4 devices against XLA CPU with 4 host devices: shard_map and pmap with
collectives, and sharded jit over 1-D and 2-D meshes.

One child process has both platforms (`JAX_PLATFORMS=cpu,pjrtc`, 4 host CPU devices, 4
pjrtc devices); it runs every case on each, saving the results, each result's partition
spec and which part of it every device holds. The checks are here: values agree, and
every pjrtc result is laid out over its devices as XLA's is.
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from pathlib import Path

from test_multidevice import child_env

REPO = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    r"""
    import json, sys
    import numpy as np
    import jax, jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    rng = np.random.default_rng(7)
    def rand(*shape):
        return rng.standard_normal(shape).astype(np.float32)

    X16 = rand(16, 8)
    X8 = rand(8, 6)
    W = rand(6, 12)
    MLP = {"w1": rand(6, 16) / 3, "b1": rand(16), "w2": rand(16, 3) / 4, "b2": rand(3)}
    XB = rand(8, 6)
    YB = rand(8, 3)
    X4 = np.arange(12, dtype=np.float32).reshape(4, 3)
    IMG = rand(8, 2, 6, 6)
    WIDE = {"w": rand(256, 256) / 16, "b": rand(256)}
    XW = rand(8, 256)
    YW = rand(8, 256)
    KER = rand(3, 2, 3, 3)

    def cases(devs):
        mesh = Mesh(np.array(devs), ("d",))
        mesh2 = Mesh(np.array(devs).reshape(2, 2), ("x", "y"))
        ns = lambda m, *spec: NamedSharding(m, P(*spec))
        put = lambda a, m, *spec: jax.device_put(a, ns(m, *spec))

        # jit with the shardings named (pjrtc refuses results whose sharding is left to
        # the compiler: it has no PJRT Shardings extension to report one).
        def smap(f, m, in_specs, out_specs):
            return jax.jit(jax.shard_map(f, mesh=m, in_specs=in_specs, out_specs=out_specs),
                           in_shardings=NamedSharding(m, in_specs),
                           out_shardings=NamedSharding(m, out_specs))

        ring = [(i, (i + 1) % 4) for i in range(4)]
        c = {}
        c["smap_psum"] = lambda: smap(lambda v: jax.lax.psum(v, "d"), mesh, P("d"), P())(X16)
        c["smap_pmean"] = lambda: smap(lambda v: jax.lax.pmean(v * 3, "d"), mesh, P("d"), P())(X16)
        c["smap_all_gather"] = lambda: smap(
            lambda v: jax.lax.all_gather(v, "d", tiled=True) + 1, mesh, P("d"), P("d"))(X16)
        c["smap_all_gather_stacked"] = lambda: smap(
            lambda v: jax.lax.all_gather(v, "d", axis=1), mesh, P("d"), P(None, "d"))(X16)
        c["smap_ppermute"] = lambda: smap(
            lambda v: jax.lax.ppermute(v, "d", ring), mesh, P("d"), P("d"))(X16)
        c["smap_psum_scatter"] = lambda: smap(
            lambda v: jax.lax.psum_scatter(v, "d", scatter_dimension=0, tiled=True),
            mesh, P("d"), P("d"))(X16)
        c["smap_all_to_all"] = lambda: smap(
            lambda v: jax.lax.all_to_all(v, "d", 1, 0, tiled=True), mesh, P("d"), P(None, "d"))(X16)
        c["smap_axis_index"] = lambda: smap(
            lambda v: v * jax.lax.axis_index("d").astype(jnp.float32), mesh, P("d"), P("d"))(X16)
        # A 2-D mesh: a sum over one axis only, then over both.
        c["smap_2d_psum_x"] = lambda: smap(
            lambda v: jax.lax.psum(v, "x"), mesh2, P("x", "y"), P(None, "y"))(X16)
        c["smap_2d_psum_xy"] = lambda: smap(
            lambda v: jax.lax.psum(jnp.sin(v), ("x", "y")), mesh2, P("x", "y"), P())(X16)
        c["pmap_psum"] = lambda: jax.pmap(
            lambda v: jax.lax.psum(v, "i"), axis_name="i", devices=devs)(X4)
        c["pmap_pmean_normalize"] = lambda: jax.pmap(
            lambda v: v - jax.lax.pmean(v, "i"), axis_name="i", devices=devs)(X4)

        # Sharded jit: every argument and result names its sharding.
        def jit(f, ins, outs):
            return jax.jit(f, in_shardings=ins, out_shardings=outs)
        c["jit_rows_matmul"] = lambda: jit(
            lambda a, w: jnp.tanh(a @ w), (ns(mesh, "d"), ns(mesh)), ns(mesh, "d"))(X8, W)
        c["jit_sum_sharded_axis"] = lambda: jit(
            lambda a: a.sum(0), ns(mesh, "d"), ns(mesh))(X16)
        c["jit_constraint_to_columns"] = lambda: jit(
            lambda a: jax.lax.with_sharding_constraint(a * 2, ns(mesh, None, "d")) + 1,
            ns(mesh, "d"), ns(mesh, None, "d"))(X16)
        c["jit_2d_tensor_parallel"] = lambda: jit(
            lambda a, w: a @ w, (ns(mesh2, "x"), ns(mesh2, None, "y")), ns(mesh2, "x", "y"))(X8, W)
        c["jit_2d_reshard"] = lambda: jit(
            lambda a: jax.lax.with_sharding_constraint(a.T, ns(mesh2, ("x", "y"))),
            ns(mesh2, "x", "y"), ns(mesh2, None, ("y", "x")))(X16)

        def loss(params, x, y):
            h = jax.nn.relu(x @ params["w1"] + params["b1"])
            return jnp.mean((h @ params["w2"] + params["b2"] - y) ** 2)
        def step(params, x, y):
            l, g = jax.value_and_grad(loss)(params, x, y)
            return jax.tree.map(lambda p, d: p - 0.1 * d, params, g), l
        rep = jax.tree.map(lambda _: ns(mesh), MLP)
        c["jit_data_parallel_step"] = lambda: jit(
            step, (rep, ns(mesh, "d"), ns(mesh, "d")), (rep, ns(mesh)))(MLP, XB, YB)
        rep2 = jax.tree.map(lambda _: ns(mesh2), MLP)
        c["jit_2d_data_parallel_step"] = lambda: jit(
            step, (rep2, ns(mesh2, ("x", "y")), ns(mesh2, ("x", "y"))), (rep2, ns(mesh2)))(
                MLP, XB, YB)
        # Paths of the SPMD partitioner: partial maxima over one axis of a 2-D mesh, a
        # dot contracting over split columns, a reshape keeping the row split, one that
        # cannot (2 rows in 4 pieces: gathered), a convolution over split images, and a
        # sort along the split axis (no rule: run on whole values).
        c["jit_2d_max_sharded_axis"] = lambda: jit(
            lambda a: jnp.max(a, axis=0), ns(mesh2, "x", "y"), ns(mesh2, "y"))(X16)
        c["jit_2d_contracting_split"] = lambda: jit(
            lambda a, w: a @ w, (ns(mesh2, "x", "y"), ns(mesh2, "y")), ns(mesh2, "x"))(X8, W)
        c["jit_reshape_rows"] = lambda: jit(
            lambda a: (a.reshape(4, 32) + 1).sum(1), ns(mesh, "d"), ns(mesh, "d"))(X16)
        c["jit_reshape_uneven"] = lambda: jit(
            lambda a: jnp.exp(a.reshape(2, 64)).sum(0), ns(mesh, "d"), ns(mesh))(X16)
        c["jit_conv_batch"] = lambda: jit(
            lambda x, k: jax.lax.conv(x, k, (1, 1), "SAME"),
            (ns(mesh, "d"), ns(mesh)), ns(mesh, "d"))(IMG, KER)
        c["jit_sort_sharded_axis"] = lambda: jit(
            lambda a: jnp.sort(a * 2, axis=0) + 1, ns(mesh, "d"), ns(mesh, "d"))(X16)
        # A weight of 64K elements: its gradient is reduce_scattered, each device updates
        # a quarter of it, and the new weight is gathered.
        def wide_loss(p, x, y):
            return jnp.mean((jax.nn.relu(x @ p["w"] + p["b"]) - y) ** 2)
        def wide_step(p, x, y):
            l, g = jax.value_and_grad(wide_loss)(p, x, y)
            return jax.tree.map(lambda a, d: a - 0.1 * d, p, g), l
        repw = jax.tree.map(lambda _: ns(mesh), WIDE)
        c["jit_data_parallel_wide"] = lambda: jit(
            wide_step, (repw, ns(mesh, "d"), ns(mesh, "d")), (repw, ns(mesh)))(WIDE, XW, YW)
        # Slices, pads and concatenations along columns keep the rows' split.
        c["jit_slice_pad_concat_rows"] = lambda: jit(
            lambda a, b: jnp.concatenate(
                [jnp.pad(a[:, 1:5], ((0, 0), (1, 2)), constant_values=1.5), b], axis=1),
            (ns(mesh, "d"), ns(mesh, "d")), ns(mesh, "d"))(X16, X16[:, :2] * 3)
        # Whole arguments, split results: each device computes only its piece.
        c["jit_whole_in_split_out"] = lambda: jit(
            lambda a: (jnp.sin(a) * 2).T, ns(mesh), ns(mesh, "d"))(X16)
        return c

    def layout(a, devs):
        pos = {d.id: i for i, d in enumerate(devs)}
        shards = sorted(((pos[s.device.id], str(s.index)) for s in a.addressable_shards))
        spec = getattr(a.sharding, "spec", None)
        return {"spec": str(spec), "shards": shards}

    out, meta, errors = {}, {}, {}
    for platform in ("cpu", "pjrtc"):
        devs = jax.devices(platform)[:4]
        for name, run in cases(devs).items():
            key = f"{platform}/{name}"
            try:
                leaves = jax.tree.leaves(run())
                for i, a in enumerate(leaves):
                    out[f"{key}/{i}"] = np.asarray(a)
                meta[key] = [layout(a, devs) for a in leaves]
            except Exception as e:  # recorded; the parent decides what was expected
                errors[key] = f"{type(e).__name__}: {e}"
    np.savez(sys.argv[1], **out)
    print(json.dumps({"meta": meta, "errors": errors}))
    """
)

CASES = [
    "smap_psum", "smap_pmean", "smap_all_gather", "smap_all_gather_stacked", "smap_ppermute",
    "smap_psum_scatter", "smap_all_to_all", "smap_axis_index", "smap_2d_psum_x",
    "smap_2d_psum_xy", "pmap_psum", "pmap_pmean_normalize",
    "jit_rows_matmul", "jit_sum_sharded_axis", "jit_constraint_to_columns",
    "jit_2d_tensor_parallel", "jit_2d_reshard", "jit_data_parallel_step",
    "jit_2d_data_parallel_step", "jit_2d_max_sharded_axis", "jit_2d_contracting_split",
    "jit_reshape_rows", "jit_reshape_uneven", "jit_conv_batch", "jit_sort_sharded_axis",
    "jit_whole_in_split_out", "jit_data_parallel_wide", "jit_slice_pad_concat_rows",
]


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    path = tmp_path_factory.mktemp("sharding") / "out.npz"
    env = child_env(PJRTC_NUM_DEVICES="4",
                    XLA_FLAGS="--xla_force_host_platform_device_count=4")
    env["JAX_PLATFORMS"] = "cpu,pjrtc"
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path)], env=env,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    with np.load(path) as data:
        results = {k: data[k] for k in data.files}
    return results, report["meta"], report["errors"]


@pytest.mark.parametrize("name", CASES)
def test_matches_xla_cpu_with_four_devices(both, name):
    results, meta, errors = both
    assert f"cpu/{name}" not in errors, errors[f"cpu/{name}"]
    assert f"pjrtc/{name}" not in errors, errors[f"pjrtc/{name}"]
    want_meta, got_meta = meta[f"cpu/{name}"], meta[f"pjrtc/{name}"]
    assert len(got_meta) == len(want_meta)
    for i, (w, g) in enumerate(zip(want_meta, got_meta)):
        want, got = results[f"cpu/{name}/{i}"], results[f"pjrtc/{name}/{i}"]
        assert got.dtype == want.dtype and got.shape == want.shape, (i, got.shape, want.shape)
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5, err_msg=f"result {i}")
        # The same partition spec, and every device holds the same part as under XLA.
        assert g == w, (i, g, w)


PARTITIONED = textwrap.dedent(
    r"""
    import sys
    import numpy as np
    import jax, jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    mesh = Mesh(np.array(jax.devices()[:2]), ("d",))
    ns = lambda *spec: NamedSharding(mesh, P(*spec))
    rng = np.random.default_rng(1)
    params = {"w1": rng.standard_normal((6, 16), np.float32), "b1": np.zeros(16, np.float32),
              "w2": rng.standard_normal((16, 3), np.float32), "b2": np.zeros(3, np.float32)}
    def loss(p, x, y):
        h = jax.nn.relu(x @ p["w1"] + p["b1"])
        return jnp.mean((h @ p["w2"] + p["b2"] - y) ** 2)
    def step(p, x, y):
        l, g = jax.value_and_grad(loss)(p, x, y)
        return jax.tree.map(lambda a, d: a - 0.1 * d, p, g), l
    rep = jax.tree.map(lambda _: ns(), params)
    x = rng.standard_normal((8, 6), np.float32)
    y = rng.standard_normal((8, 3), np.float32)
    which = sys.argv[1]
    if which == "step":
        jax.jit(step, in_shardings=(rep, ns("d"), ns("d")), out_shardings=(rep, ns()))(params, x, y)
    else:
        jax.jit(lambda a: jnp.sort(a, axis=0), in_shardings=ns("d"), out_shardings=ns("d"))(x)
    """
)


def inspect_partitioned(tmp_path, which):
    """`pjrtc inspect`'s partitioner lines for the largest program JAX compiled."""
    pjrtc = Path(os.environ.get("PJRTC_BIN", REPO / "target" / "release" / "pjrtc"))
    if not pjrtc.exists():
        pytest.fail(f"{pjrtc} is missing: build it with `cargo build --release` or set PJRTC_BIN")
    dump = tmp_path / which
    dump.mkdir()
    env = child_env(PJRTC_NUM_DEVICES="2", PJRTC_DUMP_DIR=str(dump))
    proc = subprocess.run([sys.executable, "-c", PARTITIONED, which], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    program = max(dump.iterdir(), key=lambda p: p.stat().st_size)
    out = subprocess.run([str(pjrtc), "inspect", str(program)], check=True,
                         capture_output=True, text=True, timeout=120).stdout
    return [line for line in out.splitlines() if line.startswith("// ")]


def test_data_parallel_step_is_split_not_replicated(tmp_path):
    lines = inspect_partitioned(tmp_path, "step")
    # The batch goes through every layer in halves: the weight and bias gradients and the
    # loss are partial sums (5 all_reduce), nothing is gathered or run whole.
    assert lines[0].startswith("// partitioned over 2 devices:"), lines
    assert "0 fell back" in lines[0] and "5 all_reduce" in lines[0], lines
    assert "all_gather" not in lines[0], lines


def test_ops_without_a_rule_are_reported(tmp_path):
    lines = inspect_partitioned(tmp_path, "sort")
    assert "1 fell back" in lines[0], lines
    assert any(line.startswith("// fell back to whole values: stablehlo.sort at ")
               for line in lines), lines

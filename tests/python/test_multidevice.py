"""Several pjrtc devices (PJRTC_NUM_DEVICES=4): placement, pmap, and the clean refusals
(collectives and sharded jit against XLA are in test_sharding.py).

The pytest process itself has one pjrtc device, so the programs run in a child process
that saves every result (or the error it raised) to an .npz file; the checks are here.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import jax_plugins.pjrtc as plugin

CHILD = textwrap.dedent(
    r"""
    import json, sys
    import numpy as np
    import jax, jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    out, errors = {}, {}

    def case(name, fn):
        try:
            out.update({f"{name}/{k}": np.asarray(v) for k, v in fn().items()})
        except Exception as e:  # recorded; the parent decides what was expected
            errors[name] = f"{type(e).__name__}: {e}"

    devs = jax.devices("pjrtc")
    ids = lambda a: sorted(s.device.id for s in a.addressable_shards)

    case("devices", lambda: {
        "ids": [d.id for d in devs],
        "process": [d.process_index for d in devs],
        "platform": [d.platform == "pjrtc" for d in devs],
    })

    def put_each():
        r = {}
        for i, d in enumerate(devs):
            a = jax.device_put(np.arange(6, dtype=np.float32) + i, d)
            r[f"value{i}"], r[f"device{i}"] = np.asarray(a), ids(a)
            b = jax.device_put(a, devs[(i + 1) % len(devs)])  # device to device
            r[f"moved{i}"], r[f"moved_device{i}"] = np.asarray(b), ids(b)
        return r
    case("put", put_each)

    def jit_on_each():
        f, r = jax.jit(lambda a, b: a @ b + 1), {}
        for i, d in enumerate(devs):
            a = jax.device_put(np.full((2, 2), i, np.float32), d)
            y = f(a, a)
            r[f"y{i}"], r[f"device{i}"] = np.asarray(y), ids(y)
        return r
    case("jit_on_each", jit_on_each)

    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    def pmap_affine():
        y = jax.pmap(lambda v: v * 2 + 1)(x)
        return {"y": y, "devices": ids(y)}
    case("pmap", pmap_affine)

    def pmap_subset():
        y = jax.pmap(lambda v: v - 1, devices=devs[2:])(x[:2])
        return {"y": y, "devices": ids(y)}
    case("pmap_subset", pmap_subset)

    rng = np.random.default_rng(0)
    w1 = rng.standard_normal((16, 32)).astype(np.float32) / 4
    b1 = rng.standard_normal(32).astype(np.float32)
    w2 = rng.standard_normal((32, 10)).astype(np.float32) / 6
    b2 = rng.standard_normal(10).astype(np.float32)
    xs = rng.standard_normal((4, 8, 16)).astype(np.float32)
    def mlp(params, v):
        (w1, b1), (w2, b2) = params
        h = jax.nn.relu(v @ w1 + b1)
        return jax.nn.log_softmax(h @ w2 + b2)
    def pmap_mlp():
        y = jax.pmap(mlp, in_axes=(None, 0))(((w1, b1), (w2, b2)), xs)
        return {"y": y, "devices": ids(y), "w1": w1, "b1": b1, "w2": w2, "b2": b2, "x": xs}
    case("mlp", pmap_mlp)

    case("psum", lambda: {"y": jax.pmap(lambda v: jax.lax.psum(v, "i"), axis_name="i")(x)})
    mesh = Mesh(np.array(devs), ("d",))
    case("sharded_jit", lambda: {
        "y": jax.jit(lambda a: a * 2)(jax.device_put(x, NamedSharding(mesh, P("d"))))
    })

    rep = NamedSharding(mesh, P())
    def replicated_jit():
        y = jax.jit(lambda a: a * 2 + 1, out_shardings=rep)(jax.device_put(x, rep))
        shards = sorted(y.addressable_shards, key=lambda s: s.device.id)
        return {"shards": [np.asarray(s.data) for s in shards], "devices": ids(y),
                "spec_replicated": y.sharding.is_fully_replicated}
    case("replicated_jit", replicated_jit)
    # Output sharding left to the compiler: pjrtc cannot report one, so it refuses.
    case("replicated_jit_open", lambda: {"y": jax.jit(lambda a: a + 1)(jax.device_put(x, rep))})

    np.savez(sys.argv[1], **out)
    print(json.dumps(errors))
    """
)


def child_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("JAX_PLATFORMS", "PJRT_NAMES_AND_LIBRARY_PATHS", "PJRTC_NUM_DEVICES")}
    # The child imports the same jax_plugins.pjrtc (installed, or python/ of a checkout).
    env["PYTHONPATH"] = os.pathsep.join([str(Path(plugin.__file__).resolve().parents[2])]
                                        + sys.path)
    env["JAX_PLATFORMS"] = "pjrtc"
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def run4(tmp_path_factory):
    path = tmp_path_factory.mktemp("multidevice") / "out.npz"
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path)],
                          env=child_env(PJRTC_NUM_DEVICES="4"),
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    errors = json.loads(proc.stdout.strip().splitlines()[-1])
    with np.load(path) as data:
        results = {k: data[k] for k in data.files}
    return results, errors


def ok(run4, name):
    results, errors = run4
    assert name not in errors, errors[name]
    return {k.split("/", 1)[1]: v for k, v in results.items() if k.startswith(name + "/")}


def test_four_devices(run4):
    r = ok(run4, "devices")
    assert r["ids"].tolist() == [0, 1, 2, 3]
    assert r["process"].tolist() == [0, 0, 0, 0]
    assert r["platform"].all()


def test_device_put_to_each_device_and_back(run4):
    r = ok(run4, "put")
    for i in range(4):
        np.testing.assert_array_equal(r[f"value{i}"], np.arange(6, dtype=np.float32) + i)
        assert r[f"device{i}"].tolist() == [i]
        np.testing.assert_array_equal(r[f"moved{i}"], r[f"value{i}"])
        assert r[f"moved_device{i}"].tolist() == [(i + 1) % 4]


def test_jit_runs_on_the_device_of_its_arguments(run4):
    r = ok(run4, "jit_on_each")
    for i in range(4):
        np.testing.assert_array_equal(r[f"y{i}"], np.full((2, 2), 2 * i * i + 1, np.float32))
        assert r[f"device{i}"].tolist() == [i]


def test_pmap_affine_over_four_devices(run4):
    r = ok(run4, "pmap")
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.testing.assert_array_equal(r["y"], x * 2 + 1)
    assert r["devices"].tolist() == [0, 1, 2, 3]


def test_pmap_on_a_subset_of_devices(run4):
    r = ok(run4, "pmap_subset")
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(r["y"], x - 1)
    assert r["devices"].tolist() == [2, 3]


def test_pmap_mlp_forward(run4):
    r = ok(run4, "mlp")
    x = r["x"].astype(np.float64)
    h = np.maximum(x @ r["w1"] + r["b1"], 0)
    logits = h @ r["w2"] + r["b2"]
    m = logits.max(-1, keepdims=True)
    want = logits - m - np.log(np.exp(logits - m).sum(-1, keepdims=True))
    assert r["y"].shape == (4, 8, 10)
    np.testing.assert_allclose(r["y"], want, rtol=1e-5, atol=1e-5)
    assert r["devices"].tolist() == [0, 1, 2, 3]


def test_psum_in_pmap_runs_on_all_devices_together(run4):
    r = ok(run4, "psum")
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.testing.assert_array_equal(r["y"], np.broadcast_to(x.sum(0), (4, 3)))


def test_sharded_jit_with_undeclared_output_sharding_is_refused_cleanly(run4):
    _, errors = run4
    msg = errors.get("sharded_jit", "")
    assert "unsupported: a program partitioned over 4 devices" in msg, errors


@pytest.mark.parametrize("value", ["0", "257", "four"])
def test_bad_device_count_is_reported(value):
    proc = subprocess.run([sys.executable, "-c", "import jax; jax.devices('pjrtc')"],
                          env=child_env(PJRTC_NUM_DEVICES=value),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert f"PJRTC_NUM_DEVICES={value!r}" in proc.stderr or \
        f"PJRTC_NUM_DEVICES={value} is not in 1..256" in proc.stderr, proc.stderr


def test_replicated_jit_runs_whole_on_every_device(run4):
    r = ok(run4, "replicated_jit")
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    assert r["shards"].shape == (4, 4, 3)
    for shard in r["shards"]:
        np.testing.assert_array_equal(shard, x * 2 + 1)
    assert r["devices"].tolist() == [0, 1, 2, 3]
    assert bool(r["spec_replicated"])


def test_jit_with_undeclared_output_sharding_is_refused_cleanly(run4):
    _, errors = run4
    msg = errors.get("replicated_jit_open", "")
    assert "left to the compiler" in msg, errors


def test_env_registration_takes_the_count_from_jax_create_options():
    lib = plugin.library_path()
    assert lib is not None
    proc = subprocess.run(
        [sys.executable, "-c", "import jax; print(len(jax.devices('pjrtc')))"],
        env=child_env(PJRT_NAMES_AND_LIBRARY_PATHS=f"pjrtc:{lib}",
                      JAX_PJRT_CLIENT_CREATE_OPTIONS="num_devices:3"),
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["3"]

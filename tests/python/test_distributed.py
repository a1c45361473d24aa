"""Two processes joined by `jax.distributed.initialize` (coordinator on localhost): each
sees the devices of both with their process_index and global ids and runs programs on its
own devices. Started without mpirun, a program that spans both is refused with a clear
error; started by `mpirun -n 2`, it runs, its collectives going over Open MPI
(docs/DISTRIBUTED.md): a data-parallel training step and shard_map collectives give the
results of one process.

The children are started with subprocess (directly, or through mpirun), each with a
deadline; they are killed on any failure.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap

import jax
import numpy as np
import pytest

from test_multidevice import child_env

CHILD = textwrap.dedent(
    r"""
    import json, sys
    import numpy as np
    import jax, jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    port, pid = sys.argv[1], int(sys.argv[2])
    jax.distributed.initialize(coordinator_address=f"localhost:{port}", num_processes=2,
                               process_id=pid, initialization_timeout=60)
    out = {
        "process_index": jax.process_index(),
        "process_count": jax.process_count(),
        "devices": [[d.id, d.process_index] for d in jax.devices()],
        "local": [[d.id, d.process_index, d.local_hardware_id] for d in jax.local_devices()],
        "repr": repr(jax.devices()[-1]),
    }
    # A program on this process's own devices runs as in one process.
    local = jax.local_devices()
    x = np.arange(6, dtype=np.float32).reshape(2, 3) + pid
    y = jax.jit(lambda a: (a * a).sum(axis=1))(jax.device_put(x, local[-1]))
    out["local_result"] = np.asarray(y).tolist()
    out["local_result_devices"] = sorted(d.id for d in y.devices())
    # A program over the global mesh needs collectives across processes.
    mesh = Mesh(np.array(jax.devices()), ("b",))
    sharding = NamedSharding(mesh, P("b"))
    n = len(jax.devices())
    try:
        g = jax.make_array_from_process_local_data(sharding, np.ones((len(local), 2), np.float32))
        s = jax.jit(lambda a: a.sum(), out_shardings=NamedSharding(mesh, P()))(g)
        out["global"] = float(np.asarray(s.addressable_shards[0].data))
    except Exception as e:
        out["global_error"] = f"{type(e).__name__}: {e}"
    print(json.dumps(out))
    jax.distributed.shutdown()
    """
)


def free_port():
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def run_two(per_process):
    """Starts both processes, waits for them (60 s each), kills them on failure."""
    port = free_port()
    env = child_env(PJRTC_NUM_DEVICES=str(per_process))
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(port), str(pid)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for pid in range(2)]
    try:
        outs = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    for p, (stdout, stderr) in zip(procs, outs):
        assert p.returncode == 0, stderr[-4000:]
    return [json.loads(stdout.strip().splitlines()[-1]) for stdout, _ in outs]


@pytest.mark.parametrize("per_process", [1, 2])
def test_two_processes_see_each_other(per_process):
    results = run_two(per_process)
    n = 2 * per_process
    # Process p's devices get the global ids after those of processes before it.
    expected = [[i, i // per_process] for i in range(n)]
    for pid, r in enumerate(results):
        assert r["process_index"] == pid
        assert r["process_count"] == 2
        assert r["devices"] == expected
        assert r["local"] == [[pid * per_process + i, pid, i] for i in range(per_process)]
        assert r["repr"] == f"PjrtcDevice(id={n - 1}, process_index=1)"
        x = np.arange(6, dtype=np.float32).reshape(2, 3) + pid
        np.testing.assert_array_equal(r["local_result"], (x * x).sum(axis=1))
        assert r["local_result_devices"] == [pid * per_process + per_process - 1]
        # Not under mpirun: the refusal names the other process's device, mpirun and the doc.
        assert "global" not in r, r
        err = r["global_error"]
        assert "which this process cannot address" in err, err
        assert "not started by mpirun" in err and "docs/DISTRIBUTED.md" in err, err


# Run by mpirun, one per rank: argv = coordinator port, case, output directory. Writes
# rank<r>.json with what the case computed on this process's devices.
WORKER = textwrap.dedent(
    r"""
    import json, os, sys
    import numpy as np
    import jax, jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    port, case, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    rank = int(os.environ["OMPI_COMM_WORLD_RANK"])
    # "swapped": jax.distributed's process ids are not the MPI ranks (a setup error).
    pid = 1 - rank if case == "swapped" else rank
    jax.distributed.initialize(coordinator_address=f"localhost:{port}", num_processes=2,
                               process_id=pid, initialization_timeout=60)
    assert jax.process_index() == pid
    mesh = Mesh(np.array(jax.devices()), ("b",))
    n, k = len(jax.devices()), len(jax.local_devices())
    rows = 4                                   # batch rows per device
    rng = np.random.default_rng(0)             # the same data in every process
    x = rng.standard_normal((n * rows, 8)).astype(np.float32)
    local_x = x[pid * k * rows:(pid + 1) * k * rows]
    batch = NamedSharding(mesh, P("b"))
    replicated = NamedSharding(mesh, P())

    def shards(a):
        # This process's shards of a global array: [[start, stop] per dim], values.
        return [[[[sl.start or 0, sl.stop if sl.stop is not None else dim]
                  for sl, dim in zip(sh.index, a.shape)], np.asarray(sh.data).tolist()]
                for sh in a.addressable_shards]

    out = {"rank": rank, "devices": n}
    if case == "mlp":
        y = rng.standard_normal((n * rows, 4)).astype(np.float32)
        params = {"w1": rng.standard_normal((8, 16)).astype(np.float32) * 0.3,
                  "b1": np.zeros(16, np.float32) + 0.1,
                  "w2": rng.standard_normal((16, 4)).astype(np.float32) * 0.3,
                  "b2": np.zeros(4, np.float32)}

        def loss_fn(p, x, y):
            h = jnp.tanh(x @ p["w1"] + p["b1"])
            return jnp.mean((h @ p["w2"] + p["b2"] - y) ** 2)

        def step_fn(p, x, y):
            loss, g = jax.value_and_grad(loss_fn)(p, x, y)
            return loss, jax.tree.map(lambda a, b: a - 0.1 * b, p, g)

        # Every argument and result names its sharding (pjrtc cannot report one the
        # compiler chose): params replicated, the batch split over all devices.
        rep = {name: replicated for name in params}
        step = jax.jit(step_fn, in_shardings=(rep, batch, batch),
                       out_shardings=(replicated, rep))
        gp = {name: jax.make_array_from_callback(v.shape, replicated, lambda i, v=v: v[i])
              for name, v in params.items()}
        gx = jax.make_array_from_process_local_data(batch, local_x)
        gy = jax.make_array_from_process_local_data(
            batch, y[pid * k * rows:(pid + 1) * k * rows])
        loss, new = step(gp, gx, gy)
        # Replicated results: every local shard holds the whole value.
        out["loss"] = [float(np.asarray(s.data)) for s in loss.addressable_shards]
        out["params"] = {name: [np.asarray(s.data).tolist() for s in a.addressable_shards]
                         for name, a in new.items()}
        # A second step from the updated (device-resident) params.
        loss2, _ = step(new, gx, gy)
        out["loss2"] = float(np.asarray(loss2.addressable_shards[0].data))
    elif case == "shard_map":
        wide = rng.standard_normal((n * rows, 2500)).astype(np.float32)
        perm = [(i, (i + 1) % n) for i in range(n)]

        def smap(f, out_spec):
            return jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("b"), out_specs=out_spec),
                           in_shardings=batch, out_shardings=NamedSharding(mesh, out_spec))

        gx = jax.make_array_from_process_local_data(batch, local_x)
        res = [smap(lambda b: jax.lax.psum(b, "b"), P())(gx),
               smap(lambda b: jax.lax.all_gather(b, "b", tiled=True), P("b"))(gx),
               smap(lambda b: jax.lax.ppermute(b, "b", perm), P("b"))(gx),
               smap(lambda b: jax.lax.psum_scatter(b, "b", scatter_dimension=0, tiled=True),
                    P("b"))(gx)]
        # A psum of 10000 elements per device: whole chunks of the combiner and a tail.
        gw = jax.make_array_from_process_local_data(
            batch, wide[pid * k * rows:(pid + 1) * k * rows])
        res.append(smap(lambda b: jax.lax.psum(b, "b"), P())(gw))
        out["results"] = [shards(a) for a in res]
    elif case == "mismatch":
        # The processes run different programs over the global mesh (a user error): both
        # get an error naming it, neither waits for the other.
        spec = P() if rank == 0 else P("b")
        f = (lambda b: jax.lax.psum(b, "b")) if rank == 0 else (
            lambda b: jax.lax.all_gather(b, "b", tiled=True))
        g = jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("b"), out_specs=spec),
                    in_shardings=batch, out_shardings=NamedSharding(mesh, spec))
        try:
            np.asarray(g(jax.make_array_from_process_local_data(batch, local_x))
                       .addressable_shards[0].data)
            out["error"] = None
        except Exception as e:
            out["error"] = f"{type(e).__name__}: {e}"
    elif case == "swapped":
        try:
            s = jax.jit(lambda a: a.sum(), out_shardings=replicated)(
                jax.make_array_from_process_local_data(batch, local_x))
            out["error"] = None
        except Exception as e:
            out["error"] = f"{type(e).__name__}: {e}"
    print(json.dumps({"rank": rank, "ok": True}))
    with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as fh:
        json.dump(out, fh)
    jax.distributed.shutdown()
    """
)


def mpirun_two(case, per_process, tmp_path):
    """Runs WORKER under `mpirun -n 2`; returns both ranks' outputs. Fails (never skips)
    without mpirun; kills the whole job on a timeout."""
    mpirun = shutil.which("mpirun")
    if mpirun is None:
        pytest.fail("mpirun is not installed: collectives across processes need Open MPI "
                    "(apt-get install openmpi-bin libopenmpi-dev; docs/DISTRIBUTED.md)")
    worker = tmp_path / "worker.py"
    worker.write_text(WORKER)
    env = child_env(PJRTC_NUM_DEVICES=str(per_process), PJRTC_COLLECTIVE_TIMEOUT="120")
    cmd = [mpirun, "--allow-run-as-root", "--oversubscribe", "-n", "2",
           sys.executable, str(worker), str(free_port()), case, str(tmp_path)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        pytest.fail(f"mpirun did not finish in 300 s:\n{stdout[-2000:]}\n{stderr[-4000:]}")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, f"{stdout[-2000:]}\n{stderr[-6000:]}"
    return [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(2)]


def assemble(shard_lists, shape):
    """The global array from every process's [[start, stop]...], values shards."""
    a = np.full(shape, np.nan, np.float32)
    for shards in shard_lists:
        for index, values in shards:
            a[tuple(slice(lo, hi) for lo, hi in index)] = values
    assert not np.isnan(a).any(), "some part of the global array is in no process's shards"
    return a


def mlp_reference(n, rows=4):
    """The worker's training step in this process, on JAX's CPU backend, whole batch."""
    import jax.numpy as jnp

    rng = np.random.default_rng(0)
    x = rng.standard_normal((n * rows, 8)).astype(np.float32)
    y = rng.standard_normal((n * rows, 4)).astype(np.float32)
    params = {"w1": rng.standard_normal((8, 16)).astype(np.float32) * 0.3,
              "b1": np.zeros(16, np.float32) + 0.1,
              "w2": rng.standard_normal((16, 4)).astype(np.float32) * 0.3,
              "b2": np.zeros(4, np.float32)}

    def loss_fn(p, x, y):
        h = jnp.tanh(x @ p["w1"] + p["b1"])
        return jnp.mean((h @ p["w2"] + p["b2"] - y) ** 2)

    @jax.jit
    def step(p, x, y):
        loss, g = jax.value_and_grad(loss_fn)(p, x, y)
        return loss, jax.tree.map(lambda a, b: a - 0.1 * b, p, g)

    cpu = jax.devices("cpu")[0]
    p, x, y = jax.device_put((params, x, y), cpu)
    loss, new = step(p, x, y)
    loss2, _ = step(new, x, y)
    return float(loss), jax.tree.map(np.asarray, new), float(loss2)


@pytest.mark.parametrize("per_process", [1, 2])
def test_mpirun_data_parallel_training_step(per_process, tmp_path):
    results = mpirun_two("mlp", per_process, tmp_path)
    n = 2 * per_process
    loss, params, loss2 = mlp_reference(n)
    for r in results:
        assert r["devices"] == n
        assert len(r["loss"]) == per_process
        for got in r["loss"]:
            np.testing.assert_allclose(got, loss, rtol=1e-5)
        for name, want in params.items():
            assert len(r["params"][name]) == per_process
            for got in r["params"][name]:
                np.testing.assert_allclose(np.array(got, np.float32), want, rtol=1e-5,
                                           atol=1e-6, err_msg=name)
        np.testing.assert_allclose(r["loss2"], loss2, rtol=1e-5)
        assert r["loss2"] < r["loss"][0]
    # Both processes hold the same bits of the replicated results.
    assert results[0]["loss"] == results[1]["loss"]
    assert results[0]["params"] == results[1]["params"]


@pytest.mark.parametrize("per_process", [1, 2])
def test_mpirun_shard_map_collectives(per_process, tmp_path):
    rows = 4
    results = mpirun_two("shard_map", per_process, tmp_path)
    n = 2 * per_process
    rng = np.random.default_rng(0)
    x = rng.standard_normal((n * rows, 8)).astype(np.float32)
    wide = rng.standard_normal((n * rows, 2500)).astype(np.float32)
    blocks = x.reshape(n, rows, 8)
    total = blocks[0].copy()
    for b in blocks[1:]:
        total = total + b            # the group order, as the runtime reduces
    shapes = [(rows, 8), (n * n * rows, 8), (n * rows, 8), (rows, 8)]
    got = [assemble([r["results"][i] for r in results], shapes[i]) for i in range(4)]
    # psum, replicated: every process's shard is the whole sum, the same bits.
    np.testing.assert_allclose(got[0], total, rtol=1e-6)
    assert results[0]["results"][0] == results[1]["results"][0]
    np.testing.assert_array_equal(got[1], np.tile(x, (n, 1)))
    # ppermute i -> i + 1: device i holds device i - 1's block.
    np.testing.assert_array_equal(got[2], np.roll(blocks, 1, axis=0).reshape(n * rows, 8))
    # psum_scatter: device i holds rows [i * rows / n, (i + 1) * rows / n) of the sum.
    np.testing.assert_allclose(got[3], total, rtol=1e-6)
    wide_blocks = wide.reshape(n, rows, 2500)
    wide_total = wide_blocks[0].copy()
    for b in wide_blocks[1:]:
        wide_total = wide_total + b
    got_wide = assemble([r["results"][4] for r in results], (rows, 2500))
    np.testing.assert_allclose(got_wide, wide_total, rtol=1e-5, atol=1e-6)
    assert results[0]["results"][4] == results[1]["results"][4]


def test_mpirun_with_process_ids_that_are_not_the_mpi_ranks_is_an_error(tmp_path):
    results = mpirun_two("swapped", 1, tmp_path)
    for r in results:
        err = r["error"]
        assert err is not None, "a program spanning processes ran with swapped ranks"
        assert "MPI rank" in err and "OMPI_COMM_WORLD_RANK" in err, err
        assert "docs/DISTRIBUTED.md" in err, err


def test_mpirun_processes_running_different_programs_get_an_error(tmp_path):
    results = mpirun_two("mismatch", 1, tmp_path)
    for r in results:
        err = r["error"]
        assert err is not None, "different programs across processes ran"
        assert "runs another program" in err, err

"""Two processes joined by `jax.distributed.initialize` (coordinator on localhost): each
sees the devices of both with their process_index and global ids, runs programs on its own
devices, and refuses, with a clear error, a program that spans both (collectives across
processes are not built yet; docs/DISTRIBUTED.md).

The children are started with subprocess (no mpirun: nothing here needs a transport), each
with a deadline; the fixture kills both on any failure.
"""

import json
import socket
import subprocess
import sys
import textwrap

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
        # Not built yet: the refusal names the other process's device and the doc.
        assert "global" not in r, r
        assert "which this process cannot address" in r["global_error"], r["global_error"]
        assert "docs/DISTRIBUTED.md" in r["global_error"]

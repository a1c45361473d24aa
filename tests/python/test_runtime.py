"""Runtime behaviour: transfers, donation, concurrency, caching."""

import threading
import warnings

import jax
import jax.numpy as jnp
from jax import lax
import ml_dtypes
import numpy as np
import pytest

DTYPES = [np.float32, np.float16, ml_dtypes.bfloat16, np.int8, np.int16, np.int32, np.uint8,
          np.uint32, np.bool_]


def test_platform(pj):
    assert pj.platform == "pjrtc"
    assert jax.devices("pjrtc") == [pj]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_device_put_roundtrip_strided(pj, dtype):
    a = (np.arange(5 * 7 * 3) % 7).astype(dtype).reshape(5, 7, 3)
    for view in (a, a.T, a[::2, ::-1], a[:, 1:5, 2], a.transpose(1, 0, 2)[::3], a[0, 0, 0]):
        d = jax.device_put(view, pj)
        assert d.devices() == {pj}
        back = np.asarray(d)
        assert back.dtype == view.dtype and back.shape == view.shape
        np.testing.assert_array_equal(back, view)
        # and through a computation
        np.testing.assert_array_equal(np.asarray(jax.jit(lambda x: x)(d)), view)


def test_x64_roundtrip(pj):
    with jax.enable_x64(True):
        for dtype in (np.float64, np.int64, np.uint64):
            a = np.arange(12).astype(dtype).reshape(3, 4)[:, ::-2]
            np.testing.assert_array_equal(np.asarray(jax.device_put(a, pj)), a)


def test_empty_and_scalar(pj):
    e = np.zeros((0, 3), np.float32)
    assert np.asarray(jax.jit(lambda x: x + 1)(jax.device_put(e, pj))).shape == (0, 3)
    assert float(jax.jit(lambda x: x * 3)(jax.device_put(np.float32(2), pj))) == 6.0


def test_donation(pj):
    x = jax.device_put(np.arange(8, dtype=np.float32), pj)
    f = jax.jit(lambda x: x * 2 + 1, donate_argnums=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Some donated buffers were not usable" must not appear
        y = f(x)
    np.testing.assert_array_equal(np.asarray(y), np.arange(8, dtype=np.float32) * 2 + 1)
    assert x.is_deleted()
    with pytest.raises(RuntimeError):
        np.asarray(x)


def test_donation_lowered_for_pjrtc(pj):
    x = jax.device_put(np.ones(4, np.float32), pj)
    text = jax.jit(lambda x: x + 1, donate_argnums=0).lower(x).as_text()
    assert "tf.aliasing_output" in text or "jax.buffer_donor" in text, text


def test_threads(pj):
    f = jax.jit(lambda x, w: jnp.tanh(x @ w).sum(axis=1))
    w = jax.device_put(np.random.default_rng(0).standard_normal((64, 64)).astype(np.float32), pj)
    inputs = [np.full((32, 64), i / 10, np.float32) for i in range(8)]
    want = [np.tanh(x @ np.asarray(w)).sum(axis=1) for x in inputs]
    f(jax.device_put(inputs[0], pj), w).block_until_ready()  # compile once
    errors, results = [], {}
    barrier = threading.Barrier(4)

    def worker(t):
        try:
            barrier.wait()
            for rep in range(20):
                i = (t + rep) % len(inputs)
                results[(t, rep)] = (i, np.asarray(f(jax.device_put(inputs[i], pj), w)))
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for i, got in results.values():
        np.testing.assert_allclose(got, want[i], rtol=1e-4, atol=1e-4)


def test_compile_api(pj):
    x = jax.device_put(np.ones((2, 3), np.float32), pj)
    c = jax.jit(lambda x: x.sum()).lower(x).compile()
    assert float(c(x)) == 6.0
    c.as_text()  # may be None, must not raise
    c.cost_analysis()


def test_persistent_cache(pj, tmp_path):
    from jax.experimental.compilation_cache import compilation_cache as cc

    jax.config.update("jax_compilation_cache_dir", str(tmp_path))
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
    try:
        cc.reset_cache()
        x = jax.device_put(np.arange(5, dtype=np.float32), pj)
        f = lambda x: x * 5 - 2  # noqa: E731
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            np.testing.assert_array_equal(np.asarray(jax.jit(f)(x)), np.arange(5) * 5 - 2)
        assert any(tmp_path.iterdir()), "nothing written to the cache"
        jax.clear_caches()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            np.testing.assert_array_equal(np.asarray(jax.jit(f)(x)), np.arange(5) * 5 - 2)
    finally:
        jax.config.update("jax_compilation_cache_dir", None)
        cc.reset_cache()


def test_shardy_program(pj):
    from jax._src import config

    with config.use_shardy_partitioner(True):
        x = jax.device_put(np.ones(3, np.float32), pj)
        np.testing.assert_array_equal(np.asarray(jax.jit(lambda x: x + 1)(x)), np.full(3, 2.0))


def test_cross_backend_device_put(cpu, pj):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = jax.device_put(jax.device_put(a, pj), cpu)
    assert y.devices() == {cpu}
    np.testing.assert_array_equal(np.asarray(y), a)
    z = jax.device_put(jax.device_put(a, cpu), pj)
    assert z.devices() == {pj}
    np.testing.assert_array_equal(jax.device_get(z), a)


def test_debug_print(pj, capfd):
    x = jax.device_put(np.ones(2, np.float32), pj)
    jax.jit(lambda x: jax.debug.print("x={}", x))(x)
    jax.effects_barrier()
    assert capfd.readouterr().out == "x=[1. 1.]\n"


def test_unsupported_op_is_a_python_exception(pj):
    # stablehlo.rng is not compiled by pjrtc: the compile error must reach Python with
    # pjrtc's message (op name and source location), and the interpreter must go on working.
    x = jax.device_put(np.ones(8, np.float32), pj)
    with pytest.raises(Exception, match=r"unsupported: .*rng"):
        jax.jit(lambda x: lax.rng_uniform(x[0], x[1] + 1, (3,)))(x).block_until_ready()
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda x: x + 1)(x)), np.full(8, 2.0))


def test_complex_buffers_round_trip(pj):
    for dtype in (np.complex64, np.complex128):
        with jax.enable_x64(dtype == np.complex128):
            a = (np.arange(6) - 2.5j * np.arange(6)).astype(dtype).reshape(2, 3)
            b = jax.device_put(a, pj)
            assert b.dtype == dtype and b.devices() == {pj}
            np.testing.assert_array_equal(np.asarray(b), a)


def test_error_arrays_fail_reads_and_calls_with_their_message(pj):
    # jax.experimental.transfer.make_error_array makes a buffer through an async
    # host-to-device transfer manager and fails it (SetBufferError): reading it, or
    # running a program on it, raises the error it was made with; the interpreter goes
    # on working.
    from jax.experimental import transfer
    from jax.sharding import SingleDeviceSharding

    aval = jax.ShapeDtypeStruct((2, 3), np.float32, sharding=SingleDeviceSharding(pj))
    x = transfer.make_error_array(aval, "the producer went away")
    assert x.shape == (2, 3) and x.devices() == {pj}
    with pytest.raises(Exception, match="the producer went away"):
        np.asarray(x)
    with pytest.raises(Exception, match="the producer went away"):
        jax.jit(lambda x: x * 2)(x).block_until_ready()
    y = jax.device_put(np.ones((2, 3), np.float32), pj)
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda y: y * 2)(y)), np.full((2, 3), 2.0))


def test_transfer_server_pull_arrives_through_an_async_transfer(pj):
    # jax.experimental.transfer: the puller's array is made by an async host-to-device
    # transfer manager (CreateBuffersForAsyncHostToDevice, BufferSize, RetrieveBuffer)
    # and filled by TransferData from what the sender's CopyRawToHost read, over a
    # loopback socket in this process.
    from jax.experimental import transfer

    server = transfer.start_transfer_server(pj.client, "[::1]:0", ["[::1]:0"])
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 7.5
    x = jax.device_put(a, pj)
    server.await_pull(7, x)
    conn = server.connect(server.address())
    y = conn.pull(7, jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=x.sharding))
    assert y.devices() == {pj}
    np.testing.assert_array_equal(np.asarray(y), a)
    np.testing.assert_array_equal(np.asarray(jax.jit(lambda y: y * 2)(y)), a * 2)


def test_layouts_are_dense_row_major_from_the_layouts_extension(pj):
    """Layouts come from the plugin's layouts extension (without it jaxlib converted the
    whole program to HLO on every compile to learn them): every array is row-major, as
    `device_put` buffers and the client's default layouts say too."""
    x = np.ones((3, 4, 5), np.float32)
    flags = np.zeros((2, 1), np.bool_)
    c = jax.jit(lambda x, s, b: (x * s, x.sum(), x.reshape(12, 5), b)).lower(
        x, np.float32(2), flags).compile()
    ins, kwargs = c.input_formats
    assert not kwargs
    major_to_minor = lambda formats: [f.layout.major_to_minor for f in formats]
    assert major_to_minor(ins) == [(0, 1, 2), (), (0, 1)]
    assert major_to_minor(c.output_formats) == [(0, 1, 2), (), (0, 1), (0, 1)]
    ex = c.runtime_executable()
    assert len(ex.get_parameter_layouts()) == 3 and len(ex.get_output_layouts()) == 4
    # Shardings: pjrtc reports none (JAX keeps the ones it asked for).
    assert ex.get_output_shardings() is None and ex.get_parameter_shardings() is None
    d = jax.device_put(np.ones((2, 3, 7), np.int8), pj)
    assert d.format.layout.major_to_minor == (0, 1, 2)
    out = c(x, np.float32(2), flags)
    np.testing.assert_array_equal(np.asarray(out[0]), np.full((3, 4, 5), 2.0, np.float32))
    np.testing.assert_array_equal(np.asarray(out[3]), flags)

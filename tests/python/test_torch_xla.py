"""PyTorch/XLA on pjrtc (PJRT_DEVICE=PJRTC) agrees with PyTorch on CPU.

Each program format runs in a subprocess of its own, since PyTorch/XLA reads
XLA_STABLEHLO_COMPILE once: "hlo" (PyTorch/XLA's default, an HloModuleProto) and
"stablehlo" (XLA_STABLEHLO_COMPILE=1). The subprocess runs every case with
`python test_torch_xla.py --worker` and prints one JSON line per case; each pytest case
reads its line.

The subprocess runs under $TORCH_XLA_PYTHON if set, else this interpreter. Without
torch_xla there the tests are skipped, loudly: install it with
scripts/install-torch-xla.sh (CI does not). The plugin library is PJRTC_PLUGIN_LIBRARY,
or the one bundled with an installed jax-pjrtc package.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
REPO = HERE.parents[2]
INSTALL = "scripts/install-torch-xla.sh (then TORCH_XLA_PYTHON=/work/venvs/torch/bin/python)"

# ---------------------------------------------------------------------------------------
# The worker: runs in a process with torch_xla, one program format per process.
# ---------------------------------------------------------------------------------------


def _cases():
    import numpy as np
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    import torch_xla

    dev = torch_xla.device()

    def both(fn, *inputs):
        """fn on CPU tensors and on XLA copies of them -> (cpu outputs, xla outputs)."""
        want = fn(*[t.clone() for t in inputs])
        got = fn(*[t.to(dev) for t in inputs])
        torch_xla.sync()
        as_list = lambda r: list(r) if isinstance(r, (tuple, list)) else [r]  # noqa: E731
        return as_list(want), [g.cpu() for g in as_list(got)]

    def close(want, got, rtol=1e-5, atol=1e-5):
        for w, g in zip(want, got, strict=True):
            assert g.dtype == w.dtype, (g.dtype, w.dtype)
            assert g.shape == w.shape, (g.shape, w.shape)
            if w.dtype.is_floating_point:
                np.testing.assert_allclose(
                    g.double().numpy(), w.double().numpy(), rtol=rtol, atol=atol
                )
            else:
                assert torch.equal(g, w), (g, w)

    gen = torch.Generator().manual_seed(0)

    def randn(*shape, dtype=torch.float32):
        return torch.randn(*shape, generator=gen).to(dtype)

    def arithmetic():
        for dtype, tol in [
            (torch.float32, 1e-6),
            (torch.float64, 1e-12),
            (torch.bfloat16, 1e-2),
            (torch.float16, 1e-3),
        ]:
            a, b = randn(5, 7, dtype=dtype), randn(5, 7, dtype=dtype)
            f = lambda x, y: (x + y, x - y, x * y, x / (y.abs() + 1), torch.maximum(x, y), -x)  # noqa: E731
            close(*both(f, a, b), rtol=tol, atol=tol)
        for dtype in [torch.int32, torch.int64, torch.int8, torch.uint8]:
            a = torch.randint(0, 50, (4, 6), generator=gen).to(dtype)
            b = torch.randint(1, 7, (4, 6), generator=gen).to(dtype)
            f = lambda x, y: (x + y, x * y, x // y, x % y, x > y, x & y)  # noqa: E731
            close(*both(f, a, b))
        close(*both(lambda x: (x > 0) & (x < 1), randn(9)))

    def matmul():
        close(*both(torch.matmul, randn(13, 17), randn(17, 5)), rtol=1e-4, atol=1e-5)
        close(*both(torch.bmm, randn(3, 4, 6), randn(3, 6, 2)), rtol=1e-4, atol=1e-5)

    def softmax():
        x = randn(6, 11) * 4
        f = lambda x: (F.softmax(x, dim=-1), F.log_softmax(x, dim=0))  # noqa: E731
        close(*both(f, x), rtol=1e-5, atol=1e-6)

    def mlp_training():
        def train(device):
            torch.manual_seed(1)
            model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3)).to(device)
            opt = torch.optim.SGD(model.parameters(), lr=0.1)
            g = torch.Generator().manual_seed(2)
            x = torch.randn(16, 10, generator=g).to(device)
            y = torch.randint(0, 3, (16,), generator=g).to(device)
            losses = []
            for _ in range(10):
                opt.zero_grad()
                loss = F.cross_entropy(model(x), y)
                loss.backward()
                opt.step()
                if device != "cpu":
                    torch_xla.sync()
                losses.append(loss.item())
            return losses

        want, got = train("cpu"), train(dev)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
        assert want[-1] < want[0]

    def cnn_forward():
        torch.manual_seed(3)
        model = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 4, 3, stride=2),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        ).eval()
        x = randn(2, 3, 16, 16)
        want = model(x)
        got = model.to(dev)(x.to(dev)).cpu()
        close([want.detach()], [got.detach()], rtol=1e-4, atol=1e-5)

    def resnet18():
        import torchvision

        torch.manual_seed(4)
        model = torchvision.models.resnet18(weights=None).eval()
        x = randn(1, 3, 64, 64)
        with torch.no_grad():
            want = model(x)
            got = model.to(dev)(x.to(dev)).cpu()
        close([want], [got], rtol=1e-3, atol=1e-4)

    def inplace_and_views():
        def f(x):
            y = x.clone()
            y[1:3].mul_(2)
            y.add_(1)
            v = y.view(4, 3).t()
            v[0].zero_()
            return y, v.contiguous(), x.transpose(0, 1)[2:], x.reshape(3, 4).sum(0)

        close(*both(f, randn(12).reshape(4, 3)))

    def cpu_round_trip():
        for dtype in [torch.float32, torch.float64, torch.int32, torch.int64, torch.bool,
                      torch.bfloat16, torch.float16, torch.uint8, torch.int8]:
            t = (randn(3, 5) * 10).to(dtype)
            back = t.to(dev).cpu()
            assert back.dtype == t.dtype and torch.equal(back, t), dtype

    return {
        "arithmetic": arithmetic,
        "matmul": matmul,
        "softmax": softmax,
        "mlp_training": mlp_training,
        "cnn_forward": cnn_forward,
        "resnet18": resnet18,
        "inplace_and_views": inplace_and_views,
        "cpu_round_trip": cpu_round_trip,
    }


CASES = [
    "arithmetic",
    "matmul",
    "softmax",
    "mlp_training",
    "cnn_forward",
    "resnet18",
    "inplace_and_views",
    "cpu_round_trip",
]


def _worker():
    import traceback

    try:
        import jax_plugins.pjrtc.torch_xla_plugin as plugin  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(REPO / "python"))
        import jax_plugins.pjrtc.torch_xla_plugin as plugin
    import torch_xla.runtime as xr

    if "PJRTC" not in __import__("torch_xla.experimental.plugins").experimental.plugins._plugin_registry:
        plugin.register()
    assert xr.device_type() == "PJRTC", xr.device_type()
    for name, fn in _cases().items():
        try:
            fn()
            result = {"case": name, "ok": True}
        except ModuleNotFoundError as e:
            result = {"case": name, "ok": False, "missing": str(e)}
        except Exception as e:  # noqa: BLE001 -- every failure is reported to pytest
            msg = f"{type(e).__name__}: {e}"[:4000]
            result = {"case": name, "ok": False, "error": msg, "trace": traceback.format_exc()[-3000:]}
        print("RESULT " + json.dumps(result), flush=True)


if __name__ == "__main__" and sys.argv[1:] == ["--worker"]:
    _worker()
    sys.exit(0)

# ---------------------------------------------------------------------------------------
# The pytest side.
# ---------------------------------------------------------------------------------------

import pytest  # noqa: E402

MODES = {"hlo": {}, "stablehlo": {"XLA_STABLEHLO_COMPILE": "1"}}

# Known failures, strict: a case listed here that passes fails as XPASS. None today.
XFAIL: dict[tuple[str, str], str] = {}


def _python():
    return os.environ.get("TORCH_XLA_PYTHON", sys.executable)


def _has_torch_xla(python):
    probe = subprocess.run(
        [python, "-c", "import torch_xla"], capture_output=True, text=True, timeout=300
    )
    return probe.returncode == 0


_results = {}


def _run_mode(mode):
    if mode in _results:
        return _results[mode]
    python = _python()
    if not _has_torch_xla(python):
        pytest.skip(
            f"SKIPPED LOUDLY: torch_xla is not importable by {python}; install it with {INSTALL}"
        )
    env = dict(os.environ, PJRT_DEVICE="PJRTC", **MODES[mode])
    proc = subprocess.run(
        [python, str(HERE), "--worker"], capture_output=True, text=True, env=env, timeout=1800
    )
    results = {}
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            r = json.loads(line[len("RESULT "):])
            results[r["case"]] = r
    _results[mode] = (results, proc)
    return _results[mode]


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("case", CASES)
def test_torch_xla_matches_cpu(mode, case):
    results, proc = _run_mode(mode)
    r = results.get(case)
    if r is None:
        pytest.fail(
            f"worker ({mode}) gave no result for {case}; exit {proc.returncode}\n"
            f"stderr tail:\n{proc.stderr[-3000:]}"
        )
    if r.get("missing"):
        pytest.skip(f"SKIPPED LOUDLY: {r['missing']} (pip install --no-deps torchvision==0.24.0)")
    reason = XFAIL.get((mode, case))
    if reason is not None:
        assert not r["ok"], f"XPASS: {case} [{mode}] passes; remove it from XFAIL ({reason})"
        pytest.xfail(f"{reason}: {r['error'][:300]}")
    assert r["ok"], f"{case} [{mode}]: {r['error']}\n{r.get('trace', '')}"

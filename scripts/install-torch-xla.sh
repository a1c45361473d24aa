#!/usr/bin/env bash
# Installs PyTorch/XLA 2.9 (CPU use only) into a venv, for tests/python/test_torch_xla.py:
#
#   scripts/install-torch-xla.sh [VENV]          (default /work/venvs/torch)
#   TORCH_XLA_PYTHON=VENV/bin/python PJRTC_PLUGIN_LIBRARY=target/release/libpjrtc_pjrt_plugin.so \
#       .venv/bin/python -m pytest tests/python/test_torch_xla.py
#
# `pip install torch==2.9.0 torch_xla==2.9.0` pulls ~7 GB of CUDA wheels (and triton).
# PyPI's torch 2.9.0 wheel is the CUDA build: libtorch.so links libtorch_cuda.so, which
# links the CUDA runtime libraries, so `import torch` needs them even on a CPU-only
# machine. This installs torch, torch_xla and torchvision without dependencies, then only
# the NVIDIA libraries the loader needs (not cusolver, nvrtc, nvtx, triton: loaded lazily
# or not at all on CPU) and the small pure-Python dependencies: about 4 GB instead of 7.
set -euo pipefail
VENV=${1:-/work/venvs/torch}
PY=${PYTHON:-python3}
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
PIP="$VENV/bin/pip"
"$PIP" install --no-deps torch==2.9.0 torch_xla==2.9.0 torchvision==0.24.0
"$PIP" install --no-deps \
  nvidia-cuda-runtime-cu12==12.8.90 nvidia-cublas-cu12==12.8.4.1 nvidia-cudnn-cu12==9.10.2.21 \
  nvidia-cufft-cu12==11.3.3.83 nvidia-curand-cu12==10.3.9.90 nvidia-cusparse-cu12==12.5.8.93 \
  nvidia-cusparselt-cu12==0.7.1 nvidia-nccl-cu12==2.27.5 nvidia-nvshmem-cu12==3.3.20 \
  nvidia-nvjitlink-cu12==12.8.93 nvidia-cufile-cu12==1.13.1.3 nvidia-cuda-cupti-cu12==12.8.90
"$PIP" install filelock typing-extensions sympy networkx jinja2 fsspec numpy absl-py pyyaml \
  requests pillow
"$VENV/bin/python" -c "import torch, torch_xla, torchvision; print('torch', torch.__version__, 'torch_xla', torch_xla.__version__)"

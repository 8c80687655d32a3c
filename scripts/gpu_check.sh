#!/usr/bin/env bash
# The GPU check: a 0.5B-shaped model in bf16 and 4-bit, GRPO with repair, resume, PPO, evaluation, the viewer; memory and step times.
# On a machine with the README's setup done it uses .venv; on a bare GPU machine, a python3 that has rlkit's dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python; [ -x "$PY" ] || PY=python3
PYTHONPATH=. PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 exec timeout 300 "$PY" scripts/gpu_check.py "$@"

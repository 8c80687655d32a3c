#!/usr/bin/env bash
# The GPU check: a 0.5B-shaped model in bf16 and 4-bit, GRPO with repair, resume, PPO, evaluation, the viewer; memory and step times.
# On a machine with the README's setup done it uses .venv; on a bare GPU machine, a python3 that has rlkit's dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python; [ -x "$PY" ] || PY=python3
# As root, rlkit runs model-written code as the user rlkit-sandbox (either backend); a bare GPU machine has none: make it as setup.sh does
if [ "$(id -u)" = 0 ] && ! id rlkit-sandbox >/dev/null 2>&1; then useradd --create-home --shell /usr/sbin/nologin --user-group rlkit-sandbox; fi
PYTHONPATH=".${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 exec timeout 300 "$PY" scripts/gpu_check.py "$@"

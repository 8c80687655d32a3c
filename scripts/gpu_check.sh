#!/usr/bin/env bash
# The GPU check: a 0.5B-shaped model in bf16 and 4-bit, GRPO with repair, resume, PPO, evaluation, the viewer; memory and step times.
# On a machine with the README's setup done it uses .venv; on a bare GPU machine, a python3 that has rlkit's dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python; [ -x "$PY" ] || PY=python3
# As root, rlkit runs model-written code as the user rlkit-sandbox (either backend); a bare GPU machine has none: make it as setup.sh does
if [ "$(id -u)" = 0 ] && ! id rlkit-sandbox >/dev/null 2>&1; then useradd --create-home --shell /usr/sbin/nologin --user-group rlkit-sandbox; fi
# rlkit's wings (the terminal agents, the TRL engine, the training hooks) are found through its entry points: a python that only
# has rlkit on PYTHONPATH registers them with an editable install (offline: no dependency is fetched)
if ! "$PY" -c "from importlib.metadata import entry_points as e; assert e(group='rlkit.hooks')" 2>/dev/null; then
  "$PY" -m pip install -q --no-deps --no-build-isolation -e . || echo "gpu_check: could not register rlkit's entry points; runs that use a hook will say so"
fi
PYTHONPATH=".${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 exec timeout 300 "$PY" scripts/gpu_check.py "$@"

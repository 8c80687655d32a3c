#!/usr/bin/env bash
# Set everything up, then run the main job on the embedded default model: a short GRPO training run (options pass through).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/rlkit train "$@"

#!/usr/bin/env bash
# Set everything up, then run the main job on the embedded default model: a short GRPO training run (options pass through).
# --max-minutes 12 keeps it near 15 minutes on any 2-core machine: all 14 steps where a step takes under a minute (a CPU with AMX),
# fewer where steps are slower. A later --max-minutes overrides it (0: every step); TRL's engine has no time budget, so none is added for it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
budget=(--max-minutes 12) prev=""
for a in "$@"; do
  if [[ "$a" == "--engine=trl" || ( "$prev" == "--engine" && "$a" == "trl" ) ]]; then budget=(); fi
  prev="$a"
done
exec .venv/bin/rlkit train "${budget[@]}" "$@"

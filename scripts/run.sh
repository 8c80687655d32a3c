#!/usr/bin/env bash
# Set everything up, then run the main job on the embedded default model: a short GRPO training run (options pass through).
# --eval-trained-on measures the tasks it trains on beside the held-out ones, before and after: the learning you can see, and what of it
# carries over. --max-minutes 11 keeps the job near 15 minutes on any 2-core machine with its four evaluations: 9-11 steps where a step
# took 63-72 s, median (a CPU with AMX; 12.5-13.4 minutes wall), fewer where steps are slower. A later --max-minutes overrides it (0: every step); TRL's engine has no
# time budget, so none is added for it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
budget=(--max-minutes 11) prev=""
for a in "$@"; do
  if [[ "$a" == "--engine=trl" || ( "$prev" == "--engine" && "$a" == "trl" ) ]]; then budget=(); fi
  prev="$a"
done
exec .venv/bin/rlkit train --eval-trained-on "${budget[@]}" "$@"

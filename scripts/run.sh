#!/usr/bin/env bash
# Set everything up, then run the main job on the embedded default model: a short GRPO training run (options pass through).
# --eval-trained-on measures the tasks it trains on beside the held-out ones, before and after: the learning you can see, and what of it
# carries over. --max-minutes 10 keeps the job within 15 minutes on a 2-core machine with its four evaluations (11 gave 12.5-13.4 minutes
# wall on a CPU with AMX, 9-11 steps, but 16.2 on one without AMX, 6 steps of 86-181 s), fewer steps where steps are slower. A later --max-minutes overrides it (0: every step); TRL's engine has no
# time budget, so none is added for it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
budget=(--max-minutes 10) prev=""
for a in "$@"; do
  if [[ "$a" == "--engine=trl" || ( "$prev" == "--engine" && "$a" == "trl" ) ]]; then budget=(); fi
  prev="$a"
done
exec .venv/bin/rlkit train --eval-trained-on "${budget[@]}" "$@"

#!/usr/bin/env bash
# Set everything up, then run the main job on the embedded default model: a short GRPO training run (options pass through).
# It trains on a task family (rlkit.families: list functions composed of a predicate, a transform and a reduction, fresh
# instances every step) and measures, before and after, 400 held-out instances no run trains on (new functions and new
# combinations) and, as a probe of transfer, the 119 hand-written held-out code tasks. --max-minutes 10 is the training
# budget; with its evaluations the job takes about 15 minutes on 2 cores with AMX, 17-19 without. A later option
# overrides these; --tasks replaces the task set and its probe (--tasks code trains on the hand-written tasks; --resume
# keeps the run's own), --max-minutes 0 runs every step. TRL's engine has no time budget, so none is added for it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
budget=(--max-minutes 10) tasks=(--tasks family:listfn --probe-tasks code) prev=""
for a in "$@"; do
  if [[ "$a" == "--engine=trl" || ( "$prev" == "--engine" && "$a" == "trl" ) ]]; then budget=(); fi
  if [[ "$a" == --tasks || "$a" == --tasks=* || "$a" == --resume || "$a" == --resume=* ]]; then tasks=(); fi
  prev="$a"
done
exec .venv/bin/rlkit train "${tasks[@]}" "${budget[@]}" "$@"

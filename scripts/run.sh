#!/usr/bin/env bash
# Set everything up, then run the main job on the embedded default model: a short GRPO training run (options pass through).
# It trains on a task family (rlkit.families: list functions composed of a predicate, a transform and a reduction, fresh
# instances every step) and measures, before and after, 400 held-out instances no run trains on (new functions and new
# combinations) and, as a probe of transfer, the 119 hand-written held-out code tasks. --repair stuck gives a failed
# attempt its repair turn only in the groups where no attempt passed, which without it hold no pass for GRPO to learn
# from (--repair all repairs every failure, and a step takes about twice as long). --max-minutes 7 is the training
# budget; with its evaluations the job takes about 15 minutes on 2 cores. A later option overrides these; --tasks
# replaces the task set and its probe (--tasks code trains on the hand-written tasks), --resume keeps the run's own
# options, --max-minutes 0 runs every step. TRL's engine has no time budget, so none is added for it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
budget=(--max-minutes 7) tasks=(--tasks family:listfn --probe-tasks code) repair=(--repair stuck) prev=""
for a in "$@"; do
  if [[ "$a" == "--engine=trl" || ( "$prev" == "--engine" && "$a" == "trl" ) ]]; then budget=(); fi
  if [[ "$a" == --tasks || "$a" == --tasks=* || "$a" == --resume || "$a" == --resume=* ]]; then tasks=(); fi
  if [[ "$a" == --resume || "$a" == --resume=* ]]; then repair=(); fi
  prev="$a"
done
exec .venv/bin/rlkit train "${tasks[@]}" "${repair[@]}" "${budget[@]}" "$@"

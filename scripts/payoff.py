"""What a run longer than tutorial 01's taught the embedded model, measured: the payoff the tutorial shows.

The tutorial's own run is 2 steps on 2 CPU cores, too short to change a pass rate. This script measures a longer one, made by
the learning-curve benchmark (`rlkit train`'s configuration without the repair turn, 100 steps, about 32 training minutes):

    .venv/bin/python bench/learning_curve.py --minutes 30 --every 10 --seeds 0 --configs no-repair --out runs/lc_norepair_s0
    .venv/bin/python scripts/payoff.py runs/lc_norepair_s0/no-repair-seed0

From the run directory it writes `nbs/tutorials/payoff/payoff.json` (small, committed):
- the training episodes' first-attempt pass rate at every step (the curve);
- the greedy pass rate of the untrained model and of the run's last checkpoint on the tasks the run trained on and on the
  held-out test split, each with the paired 95% interval (`rlkit.eval.paired_difference`);
- the greedy completions before and after for a few training tasks that went from fail to pass.
"""
import argparse, json, os, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.eval import difference_line, evaluate, paired_difference
from rlkit.runs import checkpoints, read_metrics
from rlkit.tasks import load_task_spec
from rlkit.train import TrainConfig, eval_options, eval_spec


def measure(tasks, adapter, opts:dict, desc:str) -> dict:
    "First attempt, with `opts`: the run's own held-out evaluation options (`eval_options`; greedy by default)"
    return evaluate(None, tasks, adapter=adapter, keep=True, desc=desc, **opts)


def flipped(before:dict, after:dict, tasks, k:int) -> list[dict]:
    "Up to k tasks that failed before and pass after, shortest prompts first, with both completions"
    b = {e.task_id: e for e in before["episodes"]}; a = {e.task_id: e for e in after["episodes"]}
    ids = [t for t in b if t in a and b[t].reward < 1 <= a[t].reward]
    prompt = {t.id: t.prompt for t in tasks}
    ids.sort(key=lambda t: len(prompt[t]))
    return [{"task": t, "prompt": prompt[t], "before": b[t].turns[0].completion, "before_verdict": b[t].turns[0].result.verdict,
             "after": a[t].turns[0].completion} for t in ids[:k]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run", help="a run directory with checkpoints")
    ap.add_argument("--out", default="nbs/tutorials/payoff/payoff.json")
    ap.add_argument("--examples", type=int, default=4)
    a = ap.parse_args()
    run = Path(a.run)
    cfg = TrainConfig.from_dict(json.loads((run / "config.json").read_text()))
    spec = eval_spec(cfg)
    if spec is None:
        ap.error(f"{run} trains on {cfg.tasks!r} and has no held-out set (no bundled domain, no eval_tasks): payoff compares the training "
                 "tasks with held-out ones, so train with --eval-tasks (e.g. --eval-tasks code, or a JSONL file of held-out tasks)")
    last = checkpoints(run)[-1]
    rows, _ = read_metrics(run)
    train_tasks = load_task_spec(cfg.tasks, "train", cfg.difficulty)[0]
    held_out = load_task_spec(spec, "test")[0]
    opts = eval_options(cfg)  # how the run measured held-out tasks: both splits are measured the same way
    out = {"run": str(run), "checkpoint": last.name, "steps": rows[-1]["step"], "training_minutes": sum(r["step_s"] for r in rows) / 60,
           "config": json.loads((run / "config.json").read_text()),
           "curve": [{"step": r["step"], "pass_rate_first": r["pass_rate_first"], "reward_mean": r["reward_mean"]} for r in rows]}
    for name, tasks in (("trained_on", train_tasks), ("held_out", held_out)):
        before = measure(tasks, None, opts, f"{name}, before")
        after = measure(tasks, str(last / "adapter"), opts, f"{name}, after")
        d = paired_difference(before, after)
        out[name] = {"tasks": len(tasks), "before": before["pass_rate"], "after": after["pass_rate"], "difference": d,
                     "line": difference_line(d, opts["n"], opts["temperature"])}
        print(f"{name:<10} {len(tasks)} tasks: {before['pass_rate']:.1%} -> {after['pass_rate']:.1%}; {out[name]['line']}", flush=True)
        if name == "trained_on": out["examples"] = flipped(before, after, tasks, a.examples)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(out, indent=1, default=str) + "\n")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()

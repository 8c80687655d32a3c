"""A learned reward model that is never updated (stale, the baseline) against one refreshed every N steps on the policy's own samples, in one script.

First a reward model (the embedded model with a LoRA adapter and a scalar head) is trained for one epoch on the bundled
preference pairs. Then two GRPO runs train the embedded model on the bundled code tasks with the same seed, rewarded by the
unit tests (`correct`, weight 1) and the reward model (weight --rm-weight), each with its own copy of that reward model:
- stale: the `rm_refresh` hook with `train=False`: every --every steps the run only measures the reward model;
- refreshed: the `rm_refresh` hook with `every=--every`: it measures, then retrains the reward model for one epoch on the newest pairs.
The measurement is the pairwise accuracy on pairs built from the policy's samples since the last measurement, which the
reward model has never been trained on: within a group, a first attempt that passed its tests against one that did not.

    .venv/bin/python bench/rm_refresh.py [--steps 6 --every 2 --tasks-per-step 4]

It holds two copies of the embedded model (the policy and the reward model's backbone) and trains both: on a 24 GB machine,
run nothing beside it (one attempt reached 16.6 GB while still training the reward model, and was killed).
"""
import argparse, copy, os, statistics, tempfile, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.models import load_policy
from rlkit.reward_model import RewardModel, as_reward, pairwise_accuracy, preference_pairs, train_reward_model
from rlkit.rewards import correct
from rlkit.runs import read_metrics
from rlkit.train import TrainConfig, train


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--every", type=int, default=2)
    ap.add_argument("--tasks-per-step", type=int, default=4)
    ap.add_argument("--rm-weight", type=float, default=0.5)
    a = ap.parse_args()
    t0 = time.time()
    rm = RewardModel(*load_policy())
    train_reward_model(rm, preference_pairs("train"), epochs=1, progress=False)
    print(f"reward model: trained on {len(preference_pairs('train'))} bundled pairs in {time.time() - t0:.0f} s; "
          f"accuracy on the bundled test pairs {pairwise_accuracy(rm, preference_pairs('test')):.1%}", flush=True)
    tmp, events = Path(tempfile.mkdtemp()), {}
    for name, refresh in (("stale", False), ("refreshed", True)):
        mine = copy.deepcopy(rm)
        cfg = TrainConfig(steps=a.steps, tasks_per_step=a.tasks_per_step, eval_samples=0, out=str(tmp / name),
                          hooks={"violation": {}, "rm_refresh": {"every": a.every, "train": refresh}})
        t1 = time.time()
        train(cfg, rewards={"correct": (correct, 1.0), "rm": (as_reward(mine), a.rm_weight)}, log=print)
        events[name] = [e for e in read_metrics(tmp / name)[1] if e["event"] == "rm_refresh"]
        print(f"{name}: {time.time() - t1:.0f} s", flush=True)
    print(f"\nGRPO on code, {a.steps} steps of {a.tasks_per_step} tasks x 8; the reward model's accuracy on pairs of the policy's samples "
          f"it has never been trained on (passed vs failed first attempts of one group), every {a.every} steps")
    print(f"{'step':>5}" + "".join(f"{n + ' (pairs)':>20}" for n in events))
    def cell(x): return ("n/a" if x["accuracy_fresh"] is None else f"{x['accuracy_fresh']:.1%}") + f" ({x['fresh_pairs']})"
    for i, e in enumerate(events["stale"]):
        print(f"{e['step']:>5}" + "".join(f"{cell(events[n][i]):>20}" for n in events))
    for n, es in events.items():
        later = [x["accuracy_fresh"] for x in es[1:] if x["accuracy_fresh"] is not None]  # the first check precedes any refresh: the same in both
        if later: print(f"{n}: mean accuracy after the first check {statistics.mean(later):.1%} over {sum(x['fresh_pairs'] for x in es[1:])} pairs")


if __name__ == "__main__":
    main()

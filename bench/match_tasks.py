"""Keep the training tasks a model sometimes solves: a task set matched to the model, for training.

A GRPO group where every sample fails (or every one passes) has no advantage and teaches nothing, so a task the model
never solves only costs generation time. This samples every task of a spec `--n` times at the run's training
temperature (as a step does: `evaluate` with the default `TrainConfig`'s rollout options), and writes the tasks solved
at least once and not every time to `--out`, with the counts and the sampled pass rate by difficulty. Only training tasks are measured: the test
split is not touched.

    .venv/bin/python bench/match_tasks.py --tasks data/code_more.jsonl --n 4 --out runs/code_more_matched.jsonl
"""
import argparse, collections, os, warnings

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.core import write_jsonl
from rlkit.eval import evaluate
from rlkit.tasks import load_task_spec
from rlkit.train import TrainConfig


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tasks", default="data/code_more.jsonl", help="a task spec (training tasks only)")
    ap.add_argument("--n", type=int, default=4, help="samples per task")
    ap.add_argument("--model", default=None, help="a model name (default: the embedded model)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    if a.n < 2: ap.error(f"--n {a.n}: a task needs at least 2 samples to be solved sometimes and not always")
    ro = TrainConfig().rollout
    tasks, _ = load_task_spec(a.tasks, "train")
    r = evaluate(a.model, tasks, n=a.n, temperature=ro.temperature, seed=a.seed, rollout=ro,
                 desc="match")
    solved = {t.id: (lambda p: "never" if p == 0 else "always" if p == 1 else "sometimes")(r["per_task"].get(t.id, 0)) for t in tasks}
    keep = [t for t in tasks if solved[t.id] == "sometimes"]
    for t in keep: t.meta.pop("group", None)  # the spec part it was loaded from: the file written is a part of its own
    write_jsonl(a.out, keep, append=False)
    by = lambda ts: collections.Counter(t.meta.get("difficulty", "-") for t in ts)
    rates = collections.Counter(solved.values())
    print(f"{len(tasks)} tasks x {a.n} samples at T={ro.temperature}: sampled pass rate {r['pass_rate']:.1%}; "
          f"solved never {rates['never']}, sometimes {rates['sometimes']}, always {rates['always']}")
    for d in sorted(by(tasks)):  # the difficulty labels, measured against the model
        ts = [t for t in tasks if t.meta.get("difficulty", "-") == d]
        print(f"  {d}: {len(ts)} tasks, sampled pass rate {sum(r['per_task'].get(t.id, 0) for t in ts) / len(ts):.1%}, "
              f"solved at least once {sum(r['per_task'].get(t.id, 0) > 0 for t in ts)}")
    print(f"kept {len(keep)} (solved sometimes) -> {a.out}: " + ", ".join(f"{v} {k}" for k, v in sorted(by(keep).items()))
          + "  (of " + ", ".join(f"{v} {k}" for k, v in sorted(by(tasks).items())) + ")")


if __name__ == "__main__":
    main()

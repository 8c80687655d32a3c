"""The training schedule's pieces, or the hyperparameters, each on its own against the default run, at equal training time.

Every arm is `rlkit train`'s default configuration (`bench/learning_curve.py`'s CONFIGS) with one piece switched on or one
hyperparameter changed (LoRA rank, beta, group size), trained
for the same time budget (`max_minutes`: the run ends at the last step that fits; held-out evaluations not counted),
each in its own process, one after another, so that its peak memory is its own and no two timings share the 2 cores.
Then the last checkpoint is measured greedy on the code test split (119 tasks), paired by task with the untrained model
(measured once; greedy decoding makes it the same for every arm), as the run's own evaluation measures it. `--split val`
measures the validation split instead (80 tasks, never trained on): the split to choose settings on, so that the test split
is touched only for the reported numbers. `--trained-on` also measures the tasks the run trains on, the same way: where the
held-out rate does not move, it still shows which arm learns faster.

The table: steps kept, training minutes (rolled-back steps included), held-out pass rate with the paired 95% interval of
the change, episodes per training second, peak memory (max RSS), and the divergence guard's rollbacks. Pieces that do not apply to this run are listed with the benchmark that measures them.

    .venv/bin/python bench/ablation.py --minutes 10 --arms default replay length-curriculum overlap
    .venv/bin/python bench/ablation.py --minutes 10 --split val --trained-on --out runs/sweep \
        --arms default lora-r4 lora-r64 lora-r64-lr beta-0 beta-0.2 group-4 group-16
"""
import argparse, json, os, resource, subprocess, sys, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).parent))
from learning_curve import CONFIGS, config

PIECES = ["replay", "length-curriculum", "overlap"]  # the schedule's pieces
SWEEP = ["lora-r4", "lora-r64", "lora-r64-lr", "beta-0", "beta-0.2", "group-4", "group-16"]  # one hyperparameter changed from the default (LoRA rank 16, beta 0.04, 6 tasks x 8)
ARMS = ["default"] + PIECES + SWEEP  # each a name in CONFIGS
ELSEWHERE = {  # pieces this single-domain GRPO run cannot switch on, and where each is measured
    "reward-model refresh": "needs a learned reward model among the rewards: bench/rm_refresh.py",
    "per-domain critics": "needs PPO on several domains: bench/critics.py",
    "forgetting check": "a measurement, not a change to training: --probe-tasks auto --eval-every N (README)",
}


def measure(cfg, adapter, split:str) -> dict:
    "The held-out `split` (or, as 'trained-on', the tasks the run trains on), measured as the run's own evaluation measures it (greedy, first attempt)"
    from rlkit.eval import evaluate
    from rlkit.tasks import load_task_spec
    from rlkit.train import eval_options, eval_spec
    tasks = load_task_spec(cfg.tasks, "train", cfg.difficulty)[0] if split == "trained-on" else load_task_spec(eval_spec(cfg), split)[0]
    return evaluate(cfg.model, tasks, adapter=adapter, desc=split, **eval_options(cfg))


def measures(split:str, trained_on:bool) -> list: return [split] + (["trained-on"] if trained_on else [])


def kept(r:dict) -> dict: return {k: r[k] for k in ("pass_rate", "per_task")}  # what the table pairs by task


def arm(name:str, seed:int, minutes:float, root:Path, split:str, trained_on:bool):
    "Child process: train one arm for `minutes`, measure its last checkpoint, write root/<name>.json"
    import shutil
    from rlkit.runs import checkpoints, read_metrics
    from rlkit.train import train
    run = root / f"{name}-seed{seed}"
    shutil.rmtree(run, ignore_errors=True)
    cfg = config(name, seed, run)
    cfg.steps, cfg.max_minutes, cfg.eval_samples, cfg.checkpoint_every = 10 ** 4, minutes, 0, 10 ** 6
    train(cfg, log=lambda s: print(s, flush=True))
    rows, _ = read_metrics(run)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # the training's peak: measured before the evaluation loads its model
    adapter = str(checkpoints(run)[-1] / "adapter")
    after = {m: measure(cfg, adapter, m) for m in measures(split, trained_on)}
    out = {"arm": name, "steps": rows[-1]["step"], "train_s": sum(r["step_s"] for r in rows), "episodes": sum(r["episodes"] for r in rows),
           "peak_mb": peak_mb, "after": kept(after[split]),
           "first_attempt": [r["pass_rate_first"] for r in rows], "kl": [r.get("kl") for r in rows]}
    if trained_on: out["trained_on"] = kept(after["trained-on"])
    (root / f"{name}.json").write_text(json.dumps(out, indent=1))


def untrained(seed:int, root:Path, split:str, trained_on:bool):
    "Child process: the untrained model's held-out measurement (and the trained-on tasks'), root/before.json"
    cfg = config("default", seed, root / "unused")
    b = {m: measure(cfg, None, m) for m in measures(split, trained_on)}
    out = kept(b[split]) | {"split": split}
    if trained_on: out["trained_on"] = kept(b["trained-on"])
    (root / "before.json").write_text(json.dumps(out, indent=1))


def spent(run:Path) -> dict:
    "What an arm's run spent: training minutes (the time budget's own clock, rolled-back steps included), rollbacks, episodes per training second"
    from rlkit.core import read_jsonl
    from rlkit.runs import read_metrics
    rows, events = read_metrics(run)
    gone = run / "discarded.jsonl"  # the records of steps a rollback undid
    undone = [d for d in read_jsonl(gone, torn_tail=lambda line: None) if "step_s" in d and "event" not in d] if gone.exists() else []
    budget = [e for e in events if e["event"] == "time_budget"]
    steps = rows + undone
    return {"minutes": budget[-1]["minutes"] if budget else sum(r["step_s"] for r in rows) / 60,
            "rollbacks": [e["reason"] for e in events if e["event"] == "rollback"],
            "episodes_per_s": sum(r["episodes"] for r in steps) / sum(r["step_s"] for r in steps)}


def table(root:Path, arms:list, minutes:float):
    from rlkit.eval import paired_difference
    before, seed = json.loads((root / "before.json").read_text()), json.loads((root / "meta.json").read_text())["seed"]
    own = "trained_on" in before
    change = lambda b, r: (lambda d: f"{r['pass_rate']:.1%} | {100 * d['diff']:+.1f} [{100 * d['lo']:+.1f}, {100 * d['hi']:+.1f}]")(paired_difference(b, r))
    lines = [f"Equal training time: a budget of {minutes:g} minutes per arm (the run ends at the last step that fits, judging the next by the "
             f"mean so far), seed {seed}; held-out: {len(before['per_task'])} code {before.get('split', 'test')} tasks, "
             f"greedy, untrained {before['pass_rate']:.1%}" + (f"; trained-on: the {len(before['trained_on']['per_task'])} tasks the run trains on, "
             f"untrained {before['trained_on']['pass_rate']:.1%}" if own else "") + ".", "",
             "| arm | steps kept | training min | held-out pass rate | change [95% CI] | " + ("trained-on pass rate | change [95% CI] | " if own else "")
             + "episodes / s | peak memory | rollbacks |",
             "|---|---|---|---|---|" + ("---|---|" if own else "") + "---|---|---|"]
    for a in arms:
        r, x = json.loads((root / f"{a}.json").read_text()), spent(root / f"{a}-seed{seed}")
        lines.append(f"| {a} | {r['steps']} | {x['minutes']:.1f} | {change(before, r['after'])} | "
                     + (f"{change(before['trained_on'], r['trained_on'])} | " if own else "")
                     + f"{x['episodes_per_s']:.2f} | {r['peak_mb'] / 1024:.1f} GB | {'; '.join(x['rollbacks']) or 'none'} |")
    if set(arms) & set(PIECES): lines += [f"| {k} | | | | not in this table: {v} | | | |" for k, v in ELSEWHERE.items()]
    text = "\n".join(lines)
    (root / "ablation.md").write_text(text + "\n")
    print(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=10, help="training minutes per arm")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--arms", nargs="+", default=ARMS, choices=ARMS)
    ap.add_argument("--out", default="runs/ablation")
    ap.add_argument("--split", default="test", choices=["test", "val"], help="the held-out code split to measure (val: to choose settings on)")
    ap.add_argument("--trained-on", action="store_true", help="also measure the tasks the run trains on (greedy, paired)")
    ap.add_argument("--child", nargs=1, help=argparse.SUPPRESS)
    ap.add_argument("--table", action="store_true", help="print the table from OUT's saved results, training nothing")
    a = ap.parse_args()
    root = Path(a.out); root.mkdir(parents=True, exist_ok=True)
    if a.child: return untrained(a.seed, root, a.split, a.trained_on) if a.child[0] == "before" else arm(a.child[0], a.seed, a.minutes, root, a.split, a.trained_on)
    if not a.table:
        (root / "meta.json").write_text(json.dumps({"minutes": a.minutes, "seed": a.seed, "arms": a.arms, "split": a.split}))
        saved = root / "before.json"
        if saved.exists():
            b = json.loads(saved.read_text())
            if b.get("split", "test") != a.split or (a.trained_on and "trained_on" not in b): saved.unlink()  # measured another way: measure again
        for job in (["before"] if not saved.exists() else []) + a.arms:  # one process each, one at a time
            print(f"== {job}", flush=True)
            subprocess.run([sys.executable, __file__, "--child", job, "--seed", str(a.seed), "--minutes", str(a.minutes), "--out", str(root),
                            "--split", a.split] + (["--trained-on"] if a.trained_on else []), check=True)
    table(root, a.arms, a.minutes)


if __name__ == "__main__":
    main()

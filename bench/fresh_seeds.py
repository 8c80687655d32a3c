"""The main job's gain on held-out instances from seeds no run and no page uses: does it carry beyond the test split?

The main job measures 400 held-out `listfn` instances drawn from the first held-out seeds (`family:listfn`'s test
split). This draws another 400 from a seed range nothing else reads (`--start`, an offset into the held-out range),
by the same rules (distinct functions, half of them new combinations), and measures on them the untrained model and
the last checkpoint of each run given, greedy, first attempt, paired by instance:

    .venv/bin/python bench/fresh_seeds.py runs/s3 runs/s4 --json bench/results/families_main_job_fresh_seeds.json

It also says how many of the fresh instances compute a function the fixed split holds too (by fingerprint), and gives
the change on the rest alone; and the pass rate of each trivial answer on the fresh set, run in the sandbox as
`bench/families.py` runs it.
"""
import argparse, json, os, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.families import FAMILIES, family_split
from rlkit.runs import checkpoints
from rlkit.sandbox import Sandbox
from rlkit.train import TrainConfig, eval_options
from rlkit.eval import evaluate
from families import trivial_rates  # bench/families.py: each trivial answer through the sandbox
from main_job import part_change  # bench/main_job.py


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--family", default="listfn")
    ap.add_argument("--start", type=int, default=700_000_000, help="offset into the held-out seed range")
    ap.add_argument("-n", type=int, default=400)
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    fam = FAMILIES[a.family]
    t0 = time.time()
    tasks = fam.instances("test", a.n, start=a.start)
    fixed = {t.meta["fingerprint"] for t in family_split(a.family, "test")}
    seeds = [t.meta["seed"] for t in tasks]
    new = [t.id for t in tasks if t.meta["fingerprint"] not in fixed]
    with Sandbox() as sb:
        trivial = trivial_rates(fam, tasks, sb)
    print(f"{len(tasks)} fresh held-out instances, seeds {min(seeds)}-{max(seeds)} ({time.time() - t0:.0f} s); "
          f"{len(tasks) - len(new)} compute a function the fixed split also holds", flush=True)
    print("trivial answers: " + ", ".join(f"{k} {v:.1%}" for k, v in trivial.items()), flush=True)
    cfg0 = TrainConfig.from_dict(json.loads((a.runs[0] / "config.json").read_text()))
    before = evaluate(None, tasks, desc="untrained", **eval_options(cfg0))["per_task"]
    rows = []
    for run in a.runs:
        cfg = TrainConfig.from_dict(json.loads((run / "config.json").read_text()))
        last = checkpoints(run)[-1]
        t1 = time.time()
        after = evaluate(None, tasks, adapter=str(last / "adapter"), desc=run.name,
                         **eval_options(cfg) | {"seed": cfg0.seed})["per_task"]
        fixed_ev = json.loads((run / "eval.json").read_text())["difference"]
        row = {"run": run.name, "seed": cfg.seed, "checkpoint": last.name,
               "fresh": part_change(before, after, list(before)),
               "fresh_new_functions": part_change(before, after, new),
               "fixed_split_change": fixed_ev["diff"], "eval_s": round(time.time() - t1)}
        rows.append(row)
        f = row["fresh"]
        print(f"{run.name} (seed {cfg.seed}, {last.name}): fresh {f['before']:.1%} -> {f['after']:.1%}, "
              f"{f['change'] * 100:+.1f} [{f['lo'] * 100:+.1f}, {f['hi'] * 100:+.1f}] "
              f"({f['better']} better, {f['worse']} worse); functions the fixed split lacks "
              f"{row['fresh_new_functions']['change'] * 100:+.1f}; "
              f"fixed split {fixed_ev['diff'] * 100:+.1f}", flush=True)
    if a.json:
        out = {"command": "", "machine": "", "family": a.family, "start": a.start, "seeds": [min(seeds), max(seeds)],
               "tasks": len(tasks), "shared_with_fixed_split": len(tasks) - len(new), "trivial": trivial, "runs": rows}
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {a.json}")


if __name__ == "__main__":
    main()

"""The sampled pass rate before and after a run, at the run's training temperature: the quantity RL optimises, beside
the greedy rate that the run's own evaluation reports. On the held-out instances of the run's task set, `--n` answers
per instance at the run's sampling settings (its `rollout`, first attempt), from the untrained model and from the run's
last checkpoint; the change is paired by instance (each instance's fraction of passing answers), with the same seed.

    bash scripts/run.sh --seed 0 --out runs/fam_s0
    .venv/bin/python bench/sampled_rate.py runs/fam_s0 --n 2 --json bench/results/families_main_job_sampled.json

One process, nothing else running: the minutes it prints are each evaluation's wall time on this machine.
"""
import argparse, json, os, time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.config import TrainConfig, eval_spec
from rlkit.eval import evaluate, paired_difference
from rlkit.generate import fast_bf16_cpu
from rlkit.runs import checkpoints
from rlkit.tasks import load_task_spec


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run", type=Path)
    ap.add_argument("--n", type=int, default=2, help="answers per held-out instance")
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    cfg = TrainConfig.from_dict(json.loads((a.run / "config.json").read_text()))
    tasks = load_task_spec(eval_spec(cfg), "test")[0]
    adapter = str(checkpoints(a.run)[-1] / "adapter")
    opts = dict(n=a.n, temperature=cfg.rollout.temperature, seed=cfg.seed, rollout=cfg.rollout)
    out, res = {}, {}
    for name, ad in (("before", None), ("after", adapter)):
        t0 = time.time()
        res[name] = evaluate(cfg.model, tasks, adapter=ad, desc=f"sampled, {name}", **opts)
        out[name] = {"pass_rate": res[name]["pass_rate"], "minutes": round((time.time() - t0) / 60, 1)}
        print(f"{name}: {res[name]['pass_rate']:.1%} sampled ({len(tasks)} instances x {a.n} at "
              f"T={cfg.rollout.temperature}), {out[name]['minutes']} min", flush=True)
    d = paired_difference(res["before"], res["after"])
    print(f"change {100 * d['diff']:+.1f} [{100 * d['lo']:+.1f}, {100 * d['hi']:+.1f}] "
          f"({d['better']} instances better, {d['worse']} worse)")
    if a.json:
        cpu = f"{os.cpu_count()} CPU cores {'with' if fast_bf16_cpu() else 'without'} AMX"
        Path(a.json).write_text(json.dumps({
            "command": f"bench/sampled_rate.py {a.run} --n {a.n}", "machine": cpu, "run": a.run.name,
            "tasks": cfg.tasks, "held_out": f"{eval_spec(cfg)} test split, {len(tasks)} instances",
            "n": a.n, "temperature": cfg.rollout.temperature, "checkpoint": Path(adapter).parent.name,
            "before": out["before"], "after": out["after"],
            "change": {k: d[k] for k in ("diff", "lo", "hi", "better", "worse", "tasks", "sign_test_p")}}, indent=1))


if __name__ == "__main__":
    main()

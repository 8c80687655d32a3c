"""Seconds per step of the same training run through rlkit's own loop (the baseline) and through TRL's GRPOTrainer (`--engine trl`), in one script.

Both engines run the same `TrainConfig`: the embedded model with LoRA r=16, the bundled easy and medium code tasks, the
repair loop on, code executed in firejail, the same seed. Episodes are played by the same rollout (rlkit's decode loop and
sandbox) in both, so the generation and execution seconds should agree; what differs is the update: rlkit's `grpo_step`
against TRL's loss, reference pass and optimizer. The script prints each engine's mean seconds per step (generation,
execution, update) after the first step, and TRL's time as a multiple of rlkit's.

    .venv/bin/python bench/engines.py [--steps 3 --tasks-per-step 2 --group-size 8]
"""
import argparse, os, statistics, tempfile, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.grpo import GRPOConfig
from rlkit.episodes import RolloutConfig
from rlkit.runs import read_metrics
from rlkit.train import TrainConfig, train
from rlkit.trl import train_trl


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--tasks-per-step", type=int, default=2)
    ap.add_argument("--group-size", type=int, default=8)
    a = ap.parse_args()
    tmp, rows = Path(tempfile.mkdtemp()), {}
    for engine, run in (("rlkit", train), ("trl", train_trl)):
        cfg = TrainConfig(engine=engine, steps=a.steps, tasks_per_step=a.tasks_per_step, eval_samples=0, out=str(tmp / engine),
                          rollout=RolloutConfig(group_size=a.group_size), grpo=GRPOConfig())
        t0 = time.time()
        run(cfg, log=lambda s: None)
        m = read_metrics(tmp / engine)[0][1:] or read_metrics(tmp / engine)[0]  # the first step warms caches up
        rows[engine] = {k: statistics.mean(r[k] for r in m) for k in ("step_s", "generate_s", "execute_s", "update_s")} | {"peak_mem_mb": max(r["peak_mem_mb"] for r in m), "wall": time.time() - t0}
    print(f"{a.steps} steps of {a.tasks_per_step} tasks x {a.group_size} episodes, repair on; mean of steps 2-{a.steps}")
    print(f"{'engine':8} {'step s':>8} {'generate':>9} {'execute':>8} {'update':>8} {'peak MB':>8}")
    for e, r in rows.items(): print(f"{e:8} {r['step_s']:8.1f} {r['generate_s']:9.1f} {r['execute_s']:8.1f} {r['update_s']:8.1f} {r['peak_mem_mb']:8.0f}")
    print(f"TRL's step time: {rows['trl']['step_s'] / rows['rlkit']['step_s']:.2f}x rlkit's; its update: {rows['trl']['update_s'] / rows['rlkit']['update_s']:.2f}x")


if __name__ == "__main__":
    main()

"""Seconds per step and peak memory of the same training run through rlkit's own loop (the baseline) and through TRL's
GRPOTrainer (`--engine trl`), each engine in its own fresh process.

Both engines run the same `TrainConfig`: the embedded model with LoRA r=16, the bundled easy and medium code tasks, the
repair loop on, code executed in firejail, the same seed. Episodes are played by the same rollout (rlkit's decode loop and
sandbox) in both, so the generation and execution seconds should agree; what differs is the update: rlkit's `grpo_step`
against TRL's loss, reference pass and optimizer. Each engine runs alone in a fresh process, the two alternate in order
(rlkit first, then TRL first, ...) `--repeats` times, and the script prints the medians: seconds per step after the
first (generation, execution, update) and the process's whole peak resident memory (VmHWM). Both run on jemalloc, as
`rlkit train` starts itself whichever engine it runs.

    .venv/bin/python bench/engines.py [--steps 3 --tasks-per-step 2 --group-size 8 --repeats 3]
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).parent))
from memory import arm_env

KEYS = ("step_s", "generate_s", "execute_s", "update_s")
ALLOCATOR = "jemalloc"  # `rlkit train` restarts itself on it, for either engine


def one_engine(engine:str, a):
    "One engine in this process: one JSON line with its mean step seconds after the first, and its peak memory"
    import torch
    from rlkit.grpo import GRPOConfig
    from rlkit.episodes import RolloutConfig
    from rlkit.runs import read_metrics
    from rlkit.train import TrainConfig, train
    from rlkit.trl import train_trl
    out = Path(tempfile.mkdtemp()) / engine
    cfg = TrainConfig(engine=engine, steps=a.steps, tasks_per_step=a.tasks_per_step, eval_samples=0, out=str(out),
                      report_to="none", rollout=RolloutConfig(group_size=a.group_size), grpo=GRPOConfig())
    t0 = time.time()
    (train if engine == "rlkit" else train_trl)(cfg, log=lambda s: None)
    m = read_metrics(out)[0][1:] or read_metrics(out)[0]  # the first step warms caches up
    res = {k: statistics.mean(r[k] for r in m) for k in KEYS} | {"wall": time.time() - t0, "engine": engine}
    res["peak_rss_mb"] = int(re.search(r"VmHWM:\s+(\d+)", Path("/proc/self/status").read_text()).group(1)) / 1024
    if torch.cuda.is_available():
        res["cuda_max_allocated_mb"] = torch.cuda.max_memory_allocated() / 2 ** 20
    print("RESULT " + json.dumps(res), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--tasks-per-step", type=int, default=2)
    ap.add_argument("--group-size", type=int, default=8)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--engine", choices=["rlkit", "trl"], default=None, help="run one engine in this process")
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    if a.engine:
        return one_engine(a.engine, a)
    runs = {"rlkit": [], "trl": []}
    for i in range(a.repeats):
        for engine in (("rlkit", "trl") if i % 2 == 0 else ("trl", "rlkit")):
            p = subprocess.run([sys.executable, __file__, "--engine", engine, "--steps", str(a.steps), "--tasks-per-step",
                                str(a.tasks_per_step), "--group-size", str(a.group_size)], capture_output=True, text=True,
                               env=arm_env(ALLOCATOR))
            line = next((l for l in p.stdout.splitlines() if l.startswith("RESULT ")), None)
            if p.returncode or line is None:
                sys.exit(f"--engine {engine} failed (exit {p.returncode}):\n{p.stderr[-3000:]}")
            runs[engine].append(json.loads(line[len("RESULT "):]))
            print(f"round {i + 1} {engine:6}: {runs[engine][-1]['step_s']:.1f} s/step, "
                  f"{runs[engine][-1]['peak_rss_mb']:.0f} MB", flush=True)
    med = {e: {k: statistics.median(r[k] for r in rs) for k in KEYS + ("peak_rss_mb",)} for e, rs in runs.items()}
    print(f"{a.steps} steps of {a.tasks_per_step} tasks x {a.group_size} episodes, repair on; mean of steps 2-{a.steps}; "
          f"median of {a.repeats} fresh processes per engine, alternating order")
    print(f"{'engine':8} {'step s':>8} {'generate':>9} {'execute':>8} {'update':>8} {'peak MB':>8}")
    for e, r in med.items():
        print(f"{e:8} {r['step_s']:8.1f} {r['generate_s']:9.1f} {r['execute_s']:8.1f} {r['update_s']:8.1f} "
              f"{r['peak_rss_mb']:8.0f}")
    print(f"TRL's step time: {med['trl']['step_s'] / med['rlkit']['step_s']:.2f}x rlkit's; its update: "
          f"{med['trl']['update_s'] / med['rlkit']['update_s']:.2f}x; its peak memory: "
          f"{med['trl']['peak_rss_mb'] / med['rlkit']['peak_rss_mb']:.2f}x")
    if a.json:
        Path(a.json).write_text(json.dumps({"args": vars(a), "allocator": ALLOCATOR, "runs": runs, "median": med},
                                           indent=1))


if __name__ == "__main__":
    main()

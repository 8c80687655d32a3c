"""Does a change keep rlkit's behaviour? Fixed-seed toy runs on the tiny random model, written by this tree and by another
revision side by side, must give byte-identical `metrics.jsonl` and `trajectories.jsonl` once timings are removed.

    python bench/same_behaviour.py --against HEAD~3      # this tree against that revision (a temporary git worktree)
    python bench/same_behaviour.py --out DIR             # only write this tree's runs (normalised) to DIR

The runs: GRPO with repair (a toy executor that fails and gives feedback), PPO, GRPO with replay on, and a terminal task
in the sandbox (firejail, or the subprocess backend where it is missing)."""
import argparse, hashlib, json, os, shutil, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMING = {"generate_s", "execute_s", "update_s", "step_s", "peak_mem_mb", "update_gflops", "time", "seconds", "duration_s", "started", "train_s"}


def strip(x):
    "`x` with every timing key removed, recursively"
    if isinstance(x, dict): return {k: strip(v) for k, v in x.items() if k not in TIMING}
    if isinstance(x, list): return [strip(v) for v in x]
    return x


def runs(out:Path, src:Path):
    "Write the toy runs of the checkout `src` (its rlkit and its tests/toys.py) under `out`, each file normalised"
    sys.path[:0] = [str(src), str(src / "tests")]
    import shutil as sh
    from rlkit.train import train
    from toys import lowercase, lowercase_check, toy_config, toy_tasks
    out.mkdir(parents=True, exist_ok=True)
    tasks = toy_tasks(out / "toy-tasks.jsonl")
    backend = None if sh.which("firejail") else "subprocess"
    from rlkit.train import TrainConfig
    hooks = "hooks" in TrainConfig.__dataclass_fields__  # replay's options: a hook's, or the config's own fields
    replay = {"hooks": {"replay": {"fraction": 0.5, "below": 1.0}}} if hooks else {"replay_fraction": 0.5, "replay_below": 1.0}
    configs = {
        "grpo_repair": (toy_config(out / "grpo_repair", tasks, rollout={"attempts": 2}, steps=3), {"rewards": {"a": lowercase}, "executor": lowercase_check}),
        "ppo": (toy_config(out / "ppo", tasks, algo="ppo", steps=3), {"rewards": {"a": lowercase}}),
        "replay": (toy_config(out / "replay", tasks, steps=4, **replay), {"rewards": {"a": lowercase}}),
        "terminal": (toy_config(out / "terminal", "terminal", steps=2, tasks_per_step=2, difficulty="easy", sandbox=backend,
                                rollout={"group_size": 2, "max_turns": 2, "max_new_tokens": 24}), {}),
    }
    for name, (cfg, kw) in configs.items():
        train(cfg, log=lambda s: None, **kw)
        for f in ("metrics.jsonl", "trajectories.jsonl"):
            rows = [strip(json.loads(line)) for line in (out / name / f).read_text().splitlines()]
            (out / f"{name}.{f}").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
        shutil.rmtree(out / name)


def digest(out:Path) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in sorted(out.glob("*.*.jsonl"))}


def in_tree(src:Path, out:Path):
    "Write the runs with the rlkit of `src` (a checkout), in a fresh process"
    env = os.environ | {"PYTHONPATH": f"{src}{os.pathsep}{src / 'tests'}"}
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--out", str(out), "--src", str(src)], env=env, check=True, cwd=src)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", help="a git revision to compare with")
    ap.add_argument("--out", help="write this tree's normalised runs here")
    ap.add_argument("--src", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.out:
        runs(Path(a.out), Path(a.src or ROOT))
        print(json.dumps(digest(Path(a.out)), indent=1))
        sys.exit(0)
    if not a.against: ap.error("give --against REV or --out DIR")
    tmp = Path(tempfile.mkdtemp(prefix="same-behaviour-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tmp / "base"), a.against], check=True, capture_output=True)
    try:
        in_tree(tmp / "base", tmp / "before")
        in_tree(ROOT, tmp / "after")
        before, after = digest(tmp / "before"), digest(tmp / "after")
        for name in sorted(set(before) | set(after)):
            same = before.get(name) == after.get(name)
            print(f"{'same' if same else 'DIFFERENT':>9}  {name}")
            if not same and name in before and name in after:
                subprocess.run(["diff", str(tmp / "before" / name), str(tmp / "after" / name)], stdout=sys.stderr)
        sys.exit(0 if before == after else 1)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tmp / "base")], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)

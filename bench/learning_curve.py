"""Held-out pass rate against wall-clock training time: `rlkit train` as configured, for a fixed time, on several seeds.

Each configuration trains in segments of --every steps (`train(..., resume=run)` continues the same run, with its
optimizer, sampler and RNG states); after each segment the run's own held-out evaluation measures the greedy pass rate on
the run's held-out tasks (the bundled code test split, 119 tasks; a family's 400 held-out instances), with the paired 95% interval against the untrained model. The clock counts
training time (sampling, execution, updates, checkpoints, and the steps a rollback undid), not the evaluations; `--minutes` is a budget that each segment
gets what is left of (`TrainConfig.max_minutes`), so the last one ends at the last step that fits. One process; runs go one after another
(never two at once on this 2-core machine, or both timings lie). Writes a PNG of the curves and prints the table.

`--trained-on` also measures, at every point, the tasks the run trains on, the same way (greedy, paired with the untrained
model, from the segment's last checkpoint): what the run learns where it practises, against what carries to unseen tasks.
A run with a probe (the configuration "families", or `--set probe_tasks=...`) measures it at every point too, in a panel of its own.

    .venv/bin/python bench/learning_curve.py --minutes 60 --seeds 0 1 2 --configs default no-repair
    .venv/bin/python bench/learning_curve.py --minutes 25 --every 5 --seeds 0 --configs default --trained-on
    .venv/bin/python bench/learning_curve.py --minutes 60 --every 10 --seeds 0 1 2 --configs families

`--set KEY=VALUE` changes every configuration the same way (a TrainConfig field, or `rollout.`, `grpo.` or `ppo.` before one of theirs), for
example the batch a GPU affords: `--set tasks_per_step=16 rollout.group_size=16 sandbox=subprocess`.
"""
import argparse, dataclasses, json, os, shutil, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
import numpy as np
import torch
from matplotlib.figure import Figure
from rlkit.eval import evaluate, paired_difference
from rlkit.generate import fast_bf16_cpu
from rlkit.runs import checkpoints, read_metrics
from rlkit.tasks import load_task_spec
from rlkit.train import TrainConfig, eval_options, train

CONFIGS = {  # name -> changes to the default TrainConfig as dataclasses.asdict gives it
    "default": {},  # the hand-written code tasks
    "families": {"tasks": "family:listfn", "probe_tasks": "code"},  # what `bash scripts/run.sh` trains on and probes
    "no-repair": {"rollout": {"attempts": 1}},
    "T=1.0": {"rollout": {"temperature": 1.0}},
    "all-difficulties": {"difficulty": None},
    "ppo": {"algo": "ppo", "rollout": {"dynamic_sampling": 0}},  # at PPOConfig's own learning rate
    "length-curriculum": {"hooks": {"length": {"start": 64, "step": 32, "truncated_below": 0.2}}},  # 64 -> 96 -> 128 tokens as truncation falls
    "replay": {"hooks": {"replay": {"fraction": 0.25}}},  # one replayed episode per four fresh, from groups where at most a quarter passed
    "overlap": {"rollout": {"overlap_execution": True}},  # each completion's code starts in the sandbox as soon as its row ends
    # no-repair on the bundled train split and 242 extra training tasks, weighed by their counts (93 easy and medium bundled ones):
    # every task equally likely, as when the measured runs drew both files as one pool of code tasks
    "more-tasks": {"rollout": {"attempts": 1}, "tasks": "code:93,data/code_more.jsonl:242"},
    # hyperparameters, one changed at a time from the default, to sweep on the val split (bench/ablation.py --split val)
    "lora-r4": {"lora_r": 4},
    "lora-r64": {"lora_r": 64},
    "lora-r64-lr": {"lora_r": 64, "grpo": {"lr": 1.25e-4}},  # 4x the rank at a quarter of the learning rate
    "beta-0": {"grpo": {"beta": 0.0}},  # no KL term: the reference pass is skipped too
    "beta-0.2": {"grpo": {"beta": 0.2}},
    "group-4": {"rollout": {"group_size": 4}, "tasks_per_step": 12},  # the same 48 episodes a step, in smaller groups of more tasks
    "group-16": {"rollout": {"group_size": 16}, "tasks_per_step": 3},
}


def overrides(pairs:list) -> dict:
    "`--set` pairs as nested changes: 'rollout.group_size=16' -> {'rollout': {'group_size': 16}}; values are JSON, else text"
    out, fields = {}, dataclasses.asdict(TrainConfig())
    for kv in pairs:
        key, eq, val = kv.partition("=")
        *outer, leaf = key.split(".")
        known = fields.get(outer[0], {}) if outer else fields
        if not eq or len(outer) > 1 or not isinstance(known, dict) or leaf not in known:
            raise SystemExit(f"--set {kv!r}: write FIELD=VALUE with a TrainConfig field, or rollout.FIELD, grpo.FIELD or ppo.FIELD")
        try: val = json.loads(val)
        except ValueError: pass
        (out.setdefault(outer[0], {}) if outer else out)[leaf] = val
    return out


def config(name:str, seed:int, out:Path, changes:dict|None=None) -> TrainConfig:
    d = dataclasses.asdict(TrainConfig())
    for k, v in list(CONFIGS[name].items()) + list((changes or {}).items()): d[k] = d[k] | v if isinstance(v, dict) else v
    return TrainConfig.from_dict(d | {"seed": seed, "out": str(out), "steps": 1, "checkpoint_every": 10 ** 6})


def point(before:dict, after:dict) -> dict:
    d = paired_difference(before, after)
    return {"pass_rate": after["pass_rate"], "lo": d["lo"], "hi": d["hi"], "diff": d["diff"], "tasks": d["tasks"]}


def curve(name:str, seed:int, minutes:float, every:int, root:Path, trained_on:bool=False, changes:dict|None=None) -> list[dict]:
    "Train in segments of `every` steps within `minutes` of training time; (minutes, step, pass rate, interval) after each; with `trained_on` also the training tasks'"
    run = root / f"{name}-seed{seed}"
    shutil.rmtree(run, ignore_errors=True)
    cfg, points, trained, step = config(name, seed, run, changes), [], 0.0, 0
    if trained_on:  # measured first, so that a wrong task spec fails before any training
        tasks, opts = load_task_spec(cfg.tasks, "train", cfg.difficulty)[0], eval_options(cfg)
        own = lambda adapter: evaluate(cfg.model, tasks, adapter=adapter, desc=f"{name} seed {seed}: trained-on tasks", **opts)
        own_before = own(None)
    while trained < minutes * 60:
        step += every
        cfg.steps, cfg.max_minutes = step, minutes - trained / 60  # what is left of the budget: the segment ends at the last step that fits it
        res = train(cfg, resume=run if step > every else None, log=lambda s: None)  # the first segment also measures "before"
        before = res["eval"]["before"]
        if not points:
            points.append({"minutes": 0.0, "step": 0, "pass_rate": before["pass_rate"], "lo": 0.0, "hi": 0.0})
            if trained_on: points[0]["trained_on"] = {"tasks": len(tasks), "pass_rate": own_before["pass_rate"], "lo": 0.0, "hi": 0.0}
            if "probe" in res["eval"]:
                points[0]["probe"] = {"pass_rate": res["eval"]["probe"]["before"]["pass_rate"], "lo": 0.0, "hi": 0.0}
        rows, _ = read_metrics(run)
        trained += res["train_s"]  # the budget's clock: a step a rollback undid spent its time too, though its record is gone
        done = rows[-1]["step"]  # short of `step` when the budget ended the segment
        p = {"minutes": trained / 60, "step": done} | point(before, res["eval"]["after"])
        line = f"{name:<18} seed {seed}  {trained / 60:5.1f} min  step {done:3d}  held-out {p['pass_rate']:.1%} {fmt(p)}"
        if "probe" in res["eval"]:  # the run's probe (--set probe_tasks=...), measured with the held-out tasks
            p["probe"] = point(res["eval"]["probe"]["before"], res["eval"]["probe"]["after"])
            line += f"  probe {p['probe']['pass_rate']:.1%} {fmt(p['probe'])}"
        if trained_on:
            p["trained_on"] = {"tasks": len(tasks)} | point(own_before, own(str(checkpoints(run)[-1] / "adapter")))
            line += f"  trained-on {p['trained_on']['pass_rate']:.1%} {fmt(p['trained_on'])}"
        points.append(p)
        print(line, flush=True)
        (root / f"{name}-seed{seed}.json").write_text(json.dumps(points, indent=1))  # so far: a run cut short keeps its points
        if done < step: break
    return points


def fmt(p:dict) -> str: return f"{100 * p.get('diff', 0):+.1f} [{100 * p['lo']:+.1f}, {100 * p['hi']:+.1f}]"


def plot(curves:dict, configs:list, seeds:list, root:Path, where:str="2 CPU cores"):
    """The curves with their paired 95% intervals (a band around the untrained pass rate, dashed), and the table of pass rate
    against time; a second panel and table for the trained-on tasks where the curves measured them"""
    sets = [("held-out", lambda q: q)]
    if any("probe" in q for p in curves.values() for q in p): sets.append(("probe", lambda q: q.get("probe")))
    if any("trained_on" in q for p in curves.values() for q in p): sets.append(("trained-on", lambda q: q.get("trained_on")))
    fig = Figure(figsize=(7 * len(sets), 4.5)); axes = fig.subplots(1, len(sets), squeeze=False)[0]
    for ax, (what, get) in zip(axes, sets):
        for i, c in enumerate(configs):
            for j, s in enumerate(seeds):
                p = [(q["minutes"], get(q)) for q in curves[(c, s)] if get(q)]
                if not p: continue
                x, base = [m for m, _ in p], 100 * p[0][1]["pass_rate"]
                ax.plot(x, [100 * q["pass_rate"] for _, q in p], color=f"C{i}", marker="o^sDv"[j % 5], ms=4, alpha=0.8, label=f"{c}, seed {s}")
                ax.fill_between(x, [base + 100 * q["lo"] for _, q in p], [base + 100 * q["hi"] for _, q in p], color=f"C{i}", alpha=0.12)
                ax.axhline(base, color=f"C{i}", ls="--", lw=0.8)
        n = sorted({get(q)["tasks"] for p in curves.values() for q in p if get(q) and "tasks" in get(q)})
        # files written before the held-out points recorded their size measured the 119 hand-written code tasks
        n = n[0] if len(n) == 1 else 119 if not n and what == "held-out" else "each run's own"
        ax.set_xlabel(f"training minutes on {where}"); ax.set_ylabel(f"{what} greedy pass rate (%)"); ax.set_ylim(bottom=0)
        ax.set_title(f"{what} tasks ({n})", fontsize=9)
        ax.legend(); ax.grid(alpha=0.3)
    fig.suptitle(f"seeds {seeds}; band: paired 95% CI of the change, dashed: before training", fontsize=9)
    fig.savefig(root / "learning_curve.png", dpi=100, bbox_inches="tight")
    for what, get in sets:
        print(f"\n{what + ' config':<18} {'minutes':>8} " + " ".join(f"{'seed ' + str(s):>24}" for s in seeds))
        for c in configs:
            for k in range(max(len(curves[(c, s)]) for s in seeds)):
                cells = []
                for s in seeds:
                    q = get(curves[(c, s)][k]) if k < len(curves[(c, s)]) else None
                    cells.append(f"{100 * q['pass_rate']:5.1f}% [{100 * q['lo']:+5.1f},{100 * q['hi']:+5.1f}]" if q else "")
                m = np.mean([curves[(c, s)][k]["minutes"] for s in seeds if k < len(curves[(c, s)])])
                print(f"{c:<18} {m:>8.1f} " + " ".join(f"{x:>24}" for x in cells))
    print(f"\ncurves: {root / 'learning_curve.png'}, {root / 'curves.json'}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=60)
    ap.add_argument("--every", type=int, default=5, help="steps between evaluations")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--configs", nargs="+", default=["default", "no-repair"], choices=list(CONFIGS))
    ap.add_argument("--out", default="runs/learning_curve")
    ap.add_argument("--replot", action="store_true", help="redraw the picture and the table from OUT/curves.json, training nothing")
    ap.add_argument("--trained-on", action="store_true", help="also measure the tasks the run trains on at every point (greedy, paired)")
    ap.add_argument("--set", nargs="+", default=[], metavar="KEY=VALUE", help="change every configuration: a TrainConfig field, rollout.X, grpo.X or ppo.X")
    a = ap.parse_args()
    changes = overrides(a.set)
    root = Path(a.out); root.mkdir(parents=True, exist_ok=True)
    if a.replot:
        saved = json.loads((root / "curves.json").read_text())
        curves = {(k.split("/")[0], int(k.split("/seed")[1])): v for k, v in saved.items() if "/seed" in k}  # not notes
        configs, seeds = list(dict.fromkeys(c for c, _ in curves)), sorted({s for _, s in curves})
        return plot(curves, configs, seeds, root, saved.get("_where", "2 CPU cores"))
    # a CPU's speed, and the dtype the model computes in, depend on AMX (bf16 with it, float32 without)
    amx = "with AMX" if fast_bf16_cpu() else "without AMX"
    where = f"one {torch.cuda.get_device_name(0)}" if torch.cuda.is_available() else f"{os.cpu_count()} CPU cores {amx}"
    curves = {(c, s): curve(c, s, a.minutes, a.every, root, a.trained_on, changes) for c in a.configs for s in a.seeds}
    saved = {f"{c}/seed{s}": v for (c, s), v in curves.items()} | {"_where": where, "_set": a.set}
    (root / "curves.json").write_text(json.dumps(saved, indent=1))
    plot(curves, a.configs, a.seeds, root, where)


if __name__ == "__main__":
    main()

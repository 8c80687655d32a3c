"""The main job over seeds, from the run directories `bash scripts/run.sh --seed N --out DIR` left: for each seed the
held-out instances' and the probe's greedy pass rates before and after, with their paired intervals, the steps it ran,
its training minutes and its wall minutes (from the run's start to its last evaluation, setup not counted).

    bash scripts/run.sh --seed 0 --out runs/fam_s0      # and seeds 1, 2: one after the other, nothing else running
    .venv/bin/python bench/main_job.py runs/fam_s0 runs/fam_s1 runs/fam_s2 --json bench/results/families_main_job.json

With --json it also draws the figure beside it (the same name, .png): each seed's change with its interval, on the
held-out instances and on the probe, against the goal of +10 points.
"""
import argparse, collections, json
from pathlib import Path

from rlkit.eval import MIN_PAIRED, paired_difference
from rlkit.families import family_split


def breakdown(ev: dict, family: str = "listfn") -> dict:
    "The held-out change within each level and each kind of held-out instance (a new combination, a new function)"
    meta = {t.id: t.meta for t in family_split(family, "test")}
    before, after = ev["before"]["per_task"], ev["after"]["per_task"]
    parts = collections.defaultdict(list)
    for k in before:
        parts[f"level {meta[k]['level']}"].append(k)
        parts[f"new {meta[k]['held']}"].append(k)
    return {name: part_change(before, after, ids) for name, ids in sorted(parts.items())}


def part_change(before: dict, after: dict, ids: list) -> dict:
    "Pass rates before and after on the instances `ids` (task id -> pass, per_task), with the paired change"
    b, a = {k: before[k] for k in ids}, {k: after[k] for k in ids}
    row = {"tasks": len(ids), "before": sum(b.values()) / len(ids), "after": sum(a.values()) / len(ids)}
    if len(ids) >= MIN_PAIRED:
        d = paired_difference({"per_task": b}, {"per_task": a})
        row |= {"change": d["diff"], "lo": d["lo"], "hi": d["hi"], "better": d["better"], "worse": d["worse"]}
    return row


def seed_row(run: Path) -> dict:
    "One seed's row: what the run's config, metrics and evaluation hold"
    cfg, ev = json.loads((run / "config.json").read_text()), json.loads((run / "eval.json").read_text())
    steps = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines() if '"step_s"' in line]
    started = json.loads((run / "run.json").read_text())["started"]
    d = ev["difference"]
    held = {"tasks": d["tasks"], "before": ev["before"]["pass_rate"], "after": ev["after"]["pass_rate"],
            "change": d["diff"], "lo": d["lo"], "hi": d["hi"], "better": d["better"], "worse": d["worse"],
            "sign_test_p": d["sign_test_p"]}
    probe = next(({k: p[k] for k in ("tasks", "before", "after", "change", "lo", "hi")}
                  for p in ev.get("domains", []) if p.get("probe")), {})
    return {"seed": cfg["seed"], "steps": max(s["step"] for s in steps), "run": run.name,
            "max_minutes": cfg["max_minutes"], "tasks_per_step": cfg["tasks_per_step"],
            "group_size": cfg["rollout"]["group_size"],
            "training_minutes": round(sum(s["step_s"] for s in steps) / 60, 1),
            "wall_min": round(((run / "eval.json").stat().st_mtime - started) / 60, 1), "held_out": held,
            "probe": probe, "by_part": breakdown(ev)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--json", default=None)
    ap.add_argument("--options", default="", help="what the runs gave run.sh besides --seed and --out, to record")
    a = ap.parse_args()
    run_sh = " ".join(x for x in ["bash scripts/run.sh --seed N", a.options.strip(), "--out DIR"] if x)
    out = {"command": f"{run_sh} (setup done; seeds one after the other, nothing else running); "
                      "bench/main_job.py DIR...",
           "machine": "2 CPU cores",
           "held_out": "family:listfn test split, 400 distinct held-out functions (half of them new combinations), "
                       "levels 1-2, greedy, first attempt",
           "probe": "the 119 hand-written held-out code tasks (code test split), greedy",
           "seeds": [seed_row(r) for r in a.runs]}
    for s in out["seeds"]:
        h = s["held_out"]
        print(f"seed {s['seed']}: {s['steps']} steps, held-out {h['before']:.1%} -> {h['after']:.1%}, "
              f"{100 * h['change']:+.1f} [{100 * h['lo']:+.1f}, {100 * h['hi']:+.1f}] ({h['better']} better, "
              f"{h['worse']} worse); probe {100 * s['probe'].get('change', float('nan')):+.1f}")
        for name, r in s["by_part"].items():
            print(f"    {name:>16}: {r['tasks']:3d} instances, {r['before']:.1%} -> {r['after']:.1%}"
                  + (f", {100 * r['change']:+.1f} [{100 * r['lo']:+.1f}, {100 * r['hi']:+.1f}]" if "lo" in r else ""))
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1))
        figure(out["seeds"]).savefig(Path(a.json).with_suffix(".png"), dpi=110, bbox_inches="tight")


def figure(seeds: list):
    "Bars of each seed's change, with its interval: the held-out instances, and the hand-written probe"
    from matplotlib.figure import Figure
    fig = Figure(figsize=(8, 3.2), layout="constrained")
    axes = fig.subplots(1, 2, sharey=True)
    titles = ("held-out family instances", "hand-written held-out tasks")
    for ax, key, title in zip(axes, ("held_out", "probe"), titles):
        rows = [s[key] for s in seeds]
        ch = [100 * r["change"] for r in rows]
        err = [[100 * (r["change"] - r["lo"]) for r in rows], [100 * (r["hi"] - r["change"]) for r in rows]]
        ax.bar([f"seed {s['seed']}" for s in seeds], ch, yerr=err, capsize=6, color="C2" if key == "held_out" else "C7")
        ax.axhline(0, color="k", lw=0.8)
        ax.axhline(10, color="C3", ls="--", lw=0.8, label="goal: +10 points")
        ax.set_title(f"{title} ({rows[0]['tasks']})", fontsize=10)
    axes[0].set_ylabel("change in greedy pass rate (points, 95% CI)")
    axes[1].legend(fontsize=8, loc="upper right")
    s = seeds[0]
    fig.suptitle(f"The main job, {s['max_minutes']:g} training minutes, {s['tasks_per_step']} tasks x "
                 f"{s['group_size']} a step, on 2 CPU cores, against the untrained model", fontsize=10)
    return fig


if __name__ == "__main__":
    main()

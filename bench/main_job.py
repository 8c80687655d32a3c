"""The main job over seeds, from the run directories `bash scripts/run.sh --seed N --out DIR` left: for each seed the
held-out instances' and the probe's greedy pass rates before and after, with their paired intervals, the steps it ran,
its training minutes and its wall minutes (from the run's start to its last evaluation, setup not counted).

    bash scripts/run.sh --seed 0 --out runs/fam_s0      # and seeds 1, 2: one after the other, nothing else running
    .venv/bin/python bench/main_job.py runs/fam_s0 runs/fam_s1 runs/fam_s2 --json bench/results/families_main_job.json
"""
import argparse, json
from pathlib import Path


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
            "training_minutes": round(sum(s["step_s"] for s in steps) / 60, 1),
            "wall_min": round(((run / "eval.json").stat().st_mtime - started) / 60, 1), "held_out": held,
            "probe": probe}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    out = {"command": "bash scripts/run.sh --seed N --out DIR (setup done; seeds one after the other, nothing else "
                      "running); bench/main_job.py DIR...",
           "machine": "2 CPU cores",
           "held_out": "family:listfn test split, 400 distinct held-out functions, greedy, first attempt",
           "probe": "the 119 hand-written held-out code tasks (code test split), greedy",
           "seeds": [seed_row(r) for r in a.runs]}
    for s in out["seeds"]:
        h = s["held_out"]
        print(f"seed {s['seed']}: {s['steps']} steps, held-out {h['before']:.1%} -> {h['after']:.1%}, "
              f"{100 * h['change']:+.1f} [{100 * h['lo']:+.1f}, {100 * h['hi']:+.1f}] ({h['better']} better, "
              f"{h['worse']} worse); probe {100 * s['probe'].get('change', float('nan')):+.1f}")
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

"""How much of the held-out set a model can solve at all, and what training changed there: the headroom for a held-out gain.

A greedy pass rate says which tasks the model's single most likely answer solves. Sampling each task `--n` times at the
training temperature says more: pass@k is how many tasks it solves at least sometimes (the most that sharpening its own
answers could ever make greedy), and the sampled pass rate, with n answers per task, measures a change far more tightly
than one greedy answer. Run on the untrained model and on a checkpoint, paired by task:

    .venv/bin/python bench/learning_curve.py --configs no-repair --seeds 0 --minutes 20 --every 15 --out runs/lc_more
    .venv/bin/python bench/headroom.py --adapter runs/lc_more/no-repair-seed0/checkpoints/step-000030/adapter

It also sorts the greedy failures by kind (no code, a function of another name, an error, a failed test) before and after,
and checks whether renaming the function in the wrong-name answers would have made them pass: whether the format that
training fixes was all that stood between those answers and the tests. Writes its figures to `--out` (JSON).

The power of each measure: from the spread of its per-task differences, the half-width of the paired 95% interval that
100, 200, 400 and 800 held-out tasks would give, and the seconds their evaluation (before and after) takes here. On a task
family's held-out instances:

    .venv/bin/python bench/headroom.py --tasks family:listfn --adapter runs/fam_s0/checkpoints/step-000007/adapter --n 4
"""
import argparse, ast, json, math, os, time, warnings
from collections import Counter
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.eval import comparison, difference_line, evaluate, paired_difference
from rlkit.sandbox import Sandbox
from rlkit.rewards import _defines, extract_code
from rlkit.tasks import load_task_spec


def kind(episode, task) -> str:
    "What a greedy first attempt did: pass, no code, wrong name (no function of the asked name), or the sandbox's verdict"
    code = extract_code(episode.turns[0].completion, task.entry_point)
    if episode.rewards["correct"] >= 1: return "pass"
    if not code: return "no code"
    if not _defines(code, task.entry_point): return "wrong name"
    return episode.turns[0].result.verdict


def renamed_passes(episodes, kinds:dict, by_id:dict, sandbox) -> tuple[int, int]:
    "Of the wrong-name answers (`kinds`: task id -> kind) that define some function: how many, and how many pass once the last one is bound to the asked name"
    jobs = []
    for e in episodes:
        if kinds[e.task_id] != "wrong name": continue
        t = by_id[e.task_id]
        code = extract_code(e.turns[0].completion, t.entry_point)
        fns = [n.name for n in ast.parse(code).body if isinstance(n, ast.FunctionDef)]
        if fns: jobs.append((code + f"\n\n{t.entry_point} = {fns[-1]}\n", t.tests, t.entry_point))
    return len(jobs), sum(r.verdict == "passed" for r in sandbox.run_batch(jobs)) if jobs else 0


SIZES = (100, 200, 400, 800)


def power(before:dict, after:dict, seconds:float) -> dict:
    "Per size in SIZES: the paired 95% interval's half-width (1.96 x sd of the per-task differences / sqrt(size)), and seconds"
    d = [after["per_task"][k] - before["per_task"][k] for k in before["per_task"]]
    m = sum(d) / len(d)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1))
    return {"sd": sd, "by_size": {n: {"half_width": 1.96 * sd / math.sqrt(n), "seconds": seconds * n / len(d)} for n in SIZES}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--adapter", required=True, help="a checkpoint's adapter directory (runs/NAME/checkpoints/step-N/adapter)")
    ap.add_argument("--tasks", default="code", help="task spec of the held-out set (its test split is used), default: code")
    ap.add_argument("--n", type=int, default=16, help="samples per task (default 16)")
    ap.add_argument("--temperature", type=float, default=0.7, help="sampling temperature (default 0.7, the training default)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N held-out tasks (a quick look; 0: all)")
    ap.add_argument("--out", default="runs/headroom.json")
    a = ap.parse_args()
    if not (Path(a.adapter) / "adapter_config.json").exists():
        raise SystemExit(f"--adapter {a.adapter}: no adapter_config.json there; pass a checkpoint's adapter directory, "
                         "e.g. runs/NAME/checkpoints/step-000030/adapter")
    tasks, sb, out = load_task_spec(a.tasks, split="test")[0], Sandbox(), {"adapter": a.adapter, "tasks": a.tasks}
    tasks = tasks[:a.limit] if a.limit else tasks
    by_id = {t.id: t for t in tasks}
    ks, res = tuple(k for k in (1, 4, a.n) if k <= a.n), {}
    secs = Counter()
    for name, adapter in (("before", None), ("after", a.adapter)):
        t0 = time.time()
        g = evaluate(None, tasks, adapter=adapter, sandbox=sb, keep=True, desc=f"{name} greedy")
        secs["greedy"] += time.time() - t0
        per = {e.task_id: kind(e, by_id[e.task_id]) for e in g["episodes"]}
        kinds = Counter(per.values())
        wrong, fixed = renamed_passes(g["episodes"], per, by_id, sb)
        t1 = time.time()
        s = evaluate(None, tasks, adapter=adapter, sandbox=sb, n=a.n, temperature=a.temperature, ks=ks, desc=f"{name} sampled")
        secs["sampled"] += time.time() - t1
        ever = sum(c > 0 for _, c in s["counts"].values())
        out[name] = {"greedy": g["pass_rate"], "greedy_per_task": g["per_task"], "kinds": dict(kinds), "wrong_name_renamed": [wrong, fixed],
                     "sampled": {k: v for k, v in s.items() if k not in ("counts",)}, "solved_ever": ever, "minutes": (time.time() - t0) / 60}
        res[name] = {"g": g, "s": s}
        print(f"{name}: greedy {g['pass_rate']:.1%}, failure kinds {dict(kinds)}; wrong-name answers renamed: {fixed} of {wrong} pass; "
              f"sampled pass rate {s['pass_rate']:.1%}, solved at least once in {a.n}: {ever} of {len(tasks)} tasks "
              f"({(time.time() - t0) / 60:.1f} min)", flush=True)
    b, f = res["before"], res["after"]
    print(comparison({"untrained": b["s"], "trained": f["s"]}))
    dg, ds = paired_difference(b["g"], f["g"]), paired_difference(b["s"], f["s"])
    print("greedy:  " + difference_line(dg, 1, 0.0))
    print("sampled: " + difference_line(ds, a.n, a.temperature))
    never = [t.id for t in tasks if b["s"]["counts"][t.id][1] == 0 and f["s"]["counts"][t.id][1] == 0]
    print(f"{len(never)} of {len(tasks)} held-out tasks were solved by neither model in {2 * a.n} samples")
    pw = {"greedy": power(b["g"], f["g"], secs["greedy"]), "sampled": power(b["s"], f["s"], secs["sampled"])}
    for m, p in pw.items():
        print(f"{m} ({1 if m == 'greedy' else a.n} a task): 95% half-width " + ", ".join(
            f"{n} tasks +-{100 * v['half_width']:.1f} pts ({v['seconds']:.0f} s)" for n, v in p["by_size"].items()))
    out |= {"greedy_difference": dg, "sampled_difference": ds, "never_solved": len(never), "n": a.n, "temperature": a.temperature,
            "power": pw, "cpus": os.cpu_count()}
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(out, indent=1))
    print(f"wrote {a.out}")


if __name__ == "__main__": main()

"""How many answers the held-out evaluation decodes at once: the time and peak memory of each batch size, side by side.

The main job's held-out evaluation (`rlkit train --tasks family:listfn`: 400 held-out instances, one greedy answer
each, first attempt, code run in firejail) on the untrained embedded model, once per batch size, the sizes alternating
(64, 128, then 128, 64 with --repeats 2), in one process on jemalloc as `rlkit train` runs. Before each evaluation the
script resets the kernel's peak-resident counter (`/proc/self/clear_refs`) and reports the process's peak during it. It
prints each size's median seconds and peak as ratios of the first size's (the baseline), and checks that every size
gives the same pass rate, instance by instance.

    .venv/bin/python bench/eval_batch.py [--batches 64 128] [--repeats 2] [--tasks family:listfn]
                                         [--json bench/results/eval_batch.json]

One process, nothing else running: the seconds are wall time on this machine.
"""
import argparse, json, os, statistics, sys, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).parent))
from memory import reset_peak, restart_on, status


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--batches", type=int, nargs="+", default=[64, 128], help="the first is the baseline")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--tasks", default="family:listfn", help="whose held-out split is evaluated")
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    restart_on("jemalloc")  # as `rlkit train` runs
    from rlkit.core import allocator
    from rlkit.eval import evaluate
    from rlkit.generate import fast_bf16_cpu
    from rlkit.models import load_policy
    from rlkit.sandbox import Sandbox
    from rlkit.tasks import load_task_spec
    tasks = load_task_spec(a.tasks, "test")[0]
    model, tok = load_policy()  # with its LoRA adapter, as the trainer evaluates it
    rows = []
    with Sandbox() as sb:
        for r in range(a.repeats):
            for batch in a.batches if r % 2 == 0 else a.batches[::-1]:
                before = status("VmRSS")
                reset_peak()
                t0 = time.perf_counter()
                ev = evaluate(model, tasks, tok, sandbox=sb, batch=batch, desc=f"batch {batch}")
                rows.append({"batch": batch, "s": round(time.perf_counter() - t0, 1), "pass_rate": ev["pass_rate"],
                             "peak_mb": round(status("VmHWM"), 1), "rss_before_mb": round(before, 1),
                             "per_task": ev["per_task"]})
                print(f"batch {batch:4d}: {rows[-1]['s']:6.1f} s, peak {rows[-1]['peak_mb']:6.0f} MB (resident before: "
                      f"{before:.0f}), pass rate {ev['pass_rate']:.4f}", flush=True)
    base = a.batches[0]
    summary = {}
    for b in a.batches:
        got = [x for x in rows if x["batch"] == b]
        summary[b] = {"median_s": statistics.median(x["s"] for x in got),
                      "peak_mb": max(x["peak_mb"] for x in got), "pass_rate": got[0]["pass_rate"]}
    ref = next(x for x in rows if x["batch"] == base)["per_task"]
    print(f"\n{len(tasks)} held-out instances of {a.tasks}, greedy; baseline batch {base}; "
          f"{'bf16 (AMX)' if fast_bf16_cpu() else 'float32 (no AMX)'}, {os.cpu_count()} CPUs, {allocator()}")
    for b, s in summary.items():
        same = sum(x["per_task"] == ref for x in rows if x["batch"] == b)
        differ = sum(ref[t] != v for x in rows if x["batch"] == b for t, v in x["per_task"].items())
        print(f"batch {b:4d}: median {s['median_s']:6.1f} s ({summary[base]['median_s'] / s['median_s']:.2f}x faster), "
              f"peak {s['peak_mb']:5.0f} MB ({s['peak_mb'] / summary[base]['peak_mb']:.2f}x), pass rate "
              f"{s['pass_rate']:.4f}; runs with the baseline's verdicts on every instance: "
              f"{same}/{a.repeats} ({differ} instance verdicts differ)")
    if a.json:
        out = {"tasks": a.tasks, "instances": len(tasks), "baseline": base, "cpus": os.cpu_count(),
               "bf16": fast_bf16_cpu(), "allocator": allocator(), "summary": summary,
               "runs": [{k: v for k, v in x.items() if k != "per_task"} for x in rows]}
        Path(a.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

"""Execution overlapped with generation against execution after generation, on tasks whose tests take about a second.

One process, one firejail sandbox, the embedded model. Each repetition samples the same episodes twice with the same seed:
once as `rlkit train` does by default (the baseline: the whole batch is generated, then its code runs in the sandbox) and
once with `overlap=True` (`--overlap-execution`: each completion's code starts the moment its row ends, while the other
rows still decode). The verdicts must come back the same, in the same order; the script checks that, then prints the
seconds of each and the ratio.

The tasks are bundled easy code tasks whose tests first sleep for --test-seconds, on the trusted side where the tests run:
a stand-in for test suites that take a while (I/O, subprocesses, larger inputs). Sleeping tests leave the CPU to the
decoder; tests that compute would compete with it for the same cores.

    .venv/bin/python bench/overlap.py [--tasks 8 --n 4 --attempts 1 --test-seconds 1.0 --reps 3]
"""
import argparse, dataclasses, os, statistics, time, warnings

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
import torch
from rlkit.models import load_policy
from rlkit.episodes import RolloutConfig, run_episodes
from rlkit.sandbox import Sandbox
from rlkit.tasks import bundled


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tasks", type=int, default=8)
    ap.add_argument("--n", type=int, default=4, help="episodes per task")
    ap.add_argument("--attempts", type=int, default=1)
    ap.add_argument("--test-seconds", type=float, default=1.0)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    easy = [t for t in bundled("code", "train") if t.meta.get("difficulty") == "easy"][:a.tasks]
    tasks = [dataclasses.replace(t, tests=f"import time\ntime.sleep({a.test_seconds})\n{t.tests}") for t in easy]
    model, tok = load_policy()
    ro = RolloutConfig(group_size=a.n, attempts=a.attempts)
    sb, rows = Sandbox(), {False: [], True: []}
    print(f"{len(tasks)} tasks x {a.n} episodes, {a.attempts} attempt(s), tests of {a.test_seconds} s, sandbox: {sb.describe()}")
    for rep in range(a.reps):
        verdicts = {}
        for overlap in (False, True):
            t0 = time.time()
            eps = run_episodes(model, tok, tasks, dataclasses.replace(ro, overlap_execution=overlap), sandbox=sb, generator=torch.Generator().manual_seed(rep))
            wall = time.time() - t0
            sec = eps[0].meta["seconds"]
            verdicts[overlap] = [[t.result.verdict for t in e.turns] for e in eps]
            rows[overlap].append((sec["generate"], sec["execute"], wall))
            print(f"rep {rep}  overlap {'on ' if overlap else 'off'}  generate {sec['generate']:5.1f} s  execute (after generation) {sec['execute']:5.1f} s  "
                  f"wall {wall:5.1f} s  passed {sum(v[-1] == 'passed' for v in verdicts[overlap])}/{len(eps)}", flush=True)
        assert verdicts[False] == verdicts[True], "overlap changed the verdicts or their order"
    sb.close()
    med = {o: [statistics.median(x[k] for x in rows[o]) for k in range(3)] for o in rows}
    print(f"\nmedian of {a.reps} repetitions     generate   execute after   wall")
    for o, name in ((False, "baseline: execute after"), (True, "overlapped")):
        print(f"{name:<28} {med[o][0]:7.1f} s {med[o][1]:9.1f} s {med[o][2]:9.1f} s")
    print(f"overlapped / baseline wall time: {med[True][2] / med[False][2]:.2f}x; verdicts identical in every repetition")


if __name__ == "__main__":
    main()

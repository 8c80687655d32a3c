"""Sandbox speed: per-execution latency of rlkit's firejail sandbox, warm (a zygote forks one child per job) and cold
(one firejail per execution), against a bare `python3` subprocess running the same snippet (the baseline), and
throughput for 500 snippets with 1 and with 2 workers.

    .venv/bin/python bench/sandbox.py [--n 500]
"""
import argparse, statistics, subprocess, tempfile, time
from pathlib import Path

from rlkit.sandbox import Limits, Sandbox

CODE = "def add(a, b):\n    return a + b\n"
TESTS = "assert add(1, 2) == 3\nassert add(-1, 1) == 0\nassert add(10, 5) == 15\n"


def bare_python(reps: int) -> float:
    "Median seconds for `python3 file.py` where the file holds the code and the tests (no isolation)"
    d = Path(tempfile.mkdtemp()); f = d / "snippet.py"; f.write_text(CODE + TESTS)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter(); subprocess.run(["/usr/bin/python3", "-I", "-S", str(f)], check=True); times.append(time.perf_counter() - t0)
    return statistics.median(times)


def sandboxed(sb: Sandbox, reps: int) -> float:
    times = []
    for _ in range(reps):
        t0 = time.perf_counter(); r = sb.run(CODE, TESTS, "add"); times.append(time.perf_counter() - t0)
        assert r.verdict == "passed", r
    return statistics.median(times)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--n", type=int, default=500); ap.add_argument("--reps", type=int, default=30)
    a = ap.parse_args()
    base = bare_python(a.reps)
    print(f"latency (median of {a.reps}): bare python3 {base * 1000:.1f} ms (baseline)")
    for warm in (True, False):
        sb, kind = Sandbox("firejail", Limits(timeout_s=10), warm=warm), "warm" if warm else "cold"
        ours = sandboxed(sb, a.reps); sb.close()
        print(f"latency (median of {a.reps}): rlkit sandbox, {kind}: {ours * 1000:.1f} ms, {ours / base:.2f}x bare python3")
        for workers in (1, 2):
            t0 = time.perf_counter(); res = sb.run_batch([(CODE, TESTS, "add")] * a.n, workers=workers); dt = time.perf_counter() - t0
            assert all(r.verdict == "passed" for r in res)
            print(f"throughput, {kind}, {a.n} snippets, {workers} worker(s): {a.n / dt:.1f} executions/s ({dt:.1f} s)")

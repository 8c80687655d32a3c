"""Sandbox speed: per-execution latency of rlkit's firejail sandbox against a bare `python3` subprocess running
the same snippet (the baseline), and throughput for 500 snippets with 1 and with 2 workers.

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
    sb = Sandbox("firejail", Limits(timeout_s=10))
    base, ours = bare_python(a.reps), sandboxed(sb, a.reps)
    print(f"latency (median of {a.reps}): bare python3 {base * 1000:.1f} ms, rlkit sandbox {ours * 1000:.1f} ms, ratio {ours / base:.2f}x")
    for workers in (1, 2):
        t0 = time.perf_counter(); res = sb.run_batch([(CODE, TESTS, "add")] * a.n, workers=workers); dt = time.perf_counter() - t0
        assert all(r.verdict == "passed" for r in res)
        print(f"throughput, {a.n} snippets, {workers} worker(s): {a.n / dt:.1f} executions/s ({dt:.1f} s)")

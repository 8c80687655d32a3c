"""Sandbox speed: per-execution latency of rlkit's firejail sandbox, warm (a zygote forks one child per job) and cold
(one firejail per execution), against a bare `python3` subprocess running the same snippet (the baseline), and
throughput for 500 snippets with 1 and with 2 workers.

`--tiers` measures instead what each isolation tier, the per-job quotas and the audit log cost per execution, against
today's tier measured in the same run: no network, warm, per-user limits, no audit log (`nbs/02a_isolation`).

    .venv/bin/python bench/sandbox.py [--n 500]
    .venv/bin/python bench/sandbox.py --tiers [--reps 30]
"""
import argparse, http.server, statistics, subprocess, tempfile, threading, time
from pathlib import Path

from rlkit.agents.tiers import DataTier, NetworkTier
from rlkit.sandbox import Limits, Sandbox

CODE = "def add(a, b):\n    return a + b\n"
TESTS = "assert add(1, 2) == 3\nassert add(-1, 1) == 0\nassert add(10, 5) == 15\n"
FETCH = "import urllib.request\ndef fetch(url):\n    return urllib.request.urlopen(url, timeout=5).read().decode()\n"


def bare_python(reps: int) -> float:
    "Median seconds for `python3 file.py` where the file holds the code and the tests (no isolation)"
    d = Path(tempfile.mkdtemp()); f = d / "snippet.py"; f.write_text(CODE + TESTS)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter(); subprocess.run(["/usr/bin/python3", "-I", "-S", str(f)], check=True); times.append(time.perf_counter() - t0)
    return statistics.median(times)


def sandboxed(sb: Sandbox, reps: int, code=CODE, tests=TESTS, entry="add", tier=None) -> float:
    times = []
    for _ in range(reps):
        t0 = time.perf_counter(); r = sb.run(code, tests, entry, tier=tier); times.append(time.perf_counter() - t0)
        assert r.verdict == "passed", r
    return statistics.median(times)


def tiers(reps: int):
    "Each tier and option against today's tier (none, warm, per-user limits, no audit log), interleaved round by round"
    body = b"ok"
    class H(http.server.BaseHTTPRequestHandler):
        def do_GET(self): self.send_response(200); self.send_header("Content-Length", "2"); self.end_headers(); self.wfile.write(body)
        def log_message(self, *a): pass
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H); threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    data = Path(tempfile.mkdtemp()); data.chmod(0o755)
    L, off = Limits(timeout_s=10), Limits(timeout_s=10, audit_entries=0)
    net, dat = NetworkTier((f"127.0.0.1:{srv.server_address[1]}",)), DataTier(str(data))
    cases = {  # name: (sandbox, code, tests, entry, tier)
        "today: none, warm, per-user limits, no audit log": (Sandbox("firejail", off, warm=True, quotas=False), CODE, TESTS, "add", None),
        "none, warm, + per-job quotas": (Sandbox("firejail", off, warm=True), CODE, TESTS, "add", None),
        "none, warm, + quotas + audit log (the default)": (Sandbox("firejail", L, warm=True), CODE, TESTS, "add", None),
        "today, cold: per-user limits, no audit log": (Sandbox("firejail", off, warm=False, quotas=False), CODE, TESTS, "add", None),
        "none, cold, quotas + audit log": (Sandbox("firejail", L, warm=False), CODE, TESTS, "add", None),
        "data tier (cold, read-only mount)": (Sandbox("firejail", L), CODE, TESTS, "add", dat),
        "network tier (cold, proxy), no request": (Sandbox("firejail", L), CODE, TESTS, "add", net),
        "network tier, one HTTP GET through the proxy": (Sandbox("firejail", L), FETCH, f"assert fetch({url!r}) == 'ok'", "fetch", net),
    }
    times = {k: [] for k in cases}
    for _ in range(reps):  # round-robin: the machine's drift falls on every case alike
        for k, (sb, code, tests, entry, tier) in cases.items(): times[k].append(sandboxed(sb, 1, code, tests, entry, tier))
    base = statistics.median(times[next(iter(cases))])
    print(f"per-execution latency, median of {reps} (interleaved), against today's tier in the same run:")
    for k, t in times.items():
        m = statistics.median(t)
        print(f"  {k:<52} {m * 1000:7.1f} ms  {m / base:5.2f}x")
    for sb, *_ in cases.values(): sb.close()
    srv.shutdown()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--n", type=int, default=500); ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--tiers", action="store_true", help="the cost of each isolation tier, the quotas and the audit log")
    a = ap.parse_args()
    if a.tiers: tiers(a.reps); raise SystemExit
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

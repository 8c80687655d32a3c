import os, shutil
from pathlib import Path

import pytest

import rlkit.sandbox as S
from rlkit.sandbox import Limits, Sandbox
from test_sandbox_attacks import ADD_TESTS, _wait_no_leftovers, new_run_dirs

pytestmark = pytest.mark.firejail

GOOD = "def add(a, b):\n    return a + b"


def test_default_backend_is_firejail_in_ci():
    "Where firejail is installed (CI), the default must be the real sandbox, never the fallback"
    import shutil
    if os.environ.get("CI") or shutil.which("firejail"):
        assert Sandbox().backend == "firejail"


def test_batch_isolates_bombs_from_good_jobs():
    sb = Sandbox("firejail", Limits(timeout_s=2))
    bombs = ["import os\nwhile True:\n    try: os.fork()\n    except OSError: pass",
             "x = []\nwhile True: x.append(bytearray(10**7))",
             "while True: pass",
             "import ctypes\nctypes.string_at(0)"]
    jobs = []
    for i in range(12):
        jobs.append((GOOD, ADD_TESTS, "add") if i % 2 == 0
                    else (bombs[(i // 2) % len(bombs)] + "\n" + GOOD, ADD_TESTS, "add"))
    results = sb.run_batch(jobs, workers=2)
    assert [r.verdict for r in results[::2]] == ["passed"] * 6
    assert all(r.verdict != "passed" for r in results[1::2])
    assert not _wait_no_leftovers()
    assert not new_run_dirs()


@pytest.mark.parametrize("warm", [True, False])
def test_unconfined_sandbox_fails_closed(monkeypatch, warm):
    "A profile that leaves the network on must give sandbox_error, never a score"
    monkeypatch.setattr(S, "FIREJAIL_PROFILE",
                        S.FIREJAIL_PROFILE.replace("net none\n", "").replace("protocol unix\n", ""))
    sb = Sandbox("firejail", warm=warm)
    r = sb.run(GOOD, ADD_TESTS, "add")
    if r.verdict == "sandbox_error":
        assert "network interfaces" in r.detail
        with pytest.raises(ValueError, match="no score"):
            r.pass_fraction
    else:  # a machine with no network interface besides lo: the check has nothing to catch
        assert sorted(os.listdir("/sys/class/net")) == ["lo"]


def test_subprocess_fallback_is_loud_and_works():
    with pytest.warns(RuntimeWarning, match="NOT isolated"):
        sb = Sandbox("subprocess", Limits(timeout_s=3))
    assert sb.run(GOOD, ADD_TESTS, "add").verdict == "passed"
    assert sb.run("def add(a, b):\n    return 0", ADD_TESTS, "add").verdict == "failed"
    assert sb.run("while True: pass", ADD_TESTS, "add").verdict == "timeout"


WHO = "import os, pwd\ndef who():\n    return pwd.getpwuid(os.getuid()).pw_name"


@pytest.mark.parametrize("user", [None, "root"])
def test_subprocess_warning_names_the_user_the_code_runs_as(user):
    "The fallback's warning and describe() name the account the code really runs as, and say it is not isolated"
    if user == "root" and os.geteuid() != 0:
        pytest.skip("only root can run code as root")
    with pytest.warns(RuntimeWarning) as caught:
        sb = Sandbox("subprocess", Limits(timeout_s=3), **({"user": user} if user else {}))
    msg = str(caught[0].message)
    d = sb.describe()
    assert d == {"backend": "subprocess", "user": sb.user, "isolated": False, "processes": "per user (RLIMIT_NPROC)",
                 "disk": "file size x time"}
    r = sb.run(WHO, f"assert who() == {d['user']!r}", "who")
    assert r.verdict == "passed", r.detail  # the recorded user is the one the code ran as
    assert "runs as root" in msg if d["user"] == "root" else f"{d['user']!r}" in msg
    assert "network" in msg and "NOT isolated" in msg
    if os.geteuid() == 0 and d["user"] != "root":
        assert "unprivileged" in msg and "YOUR user" not in msg


def test_firejail_describes_itself_as_isolated():
    sb = Sandbox("firejail")
    assert ({k: sb.describe()[k] for k in ("backend", "user", "isolated")}
            == {"backend": "firejail", "user": sb.user, "isolated": True})
    if os.geteuid() == 0:  # root: quotas are the job's own
        assert ((sb.describe()["processes"], sb.describe()["disk"])
                == ("per job (pids cgroup)", f"per job ({sb.limits.disk_mb} MB tmpfs)"))
    assert sb.run(WHO, f"assert who() == {sb.user!r}", "who").verdict == "passed"


def test_a_new_sandbox_removes_only_directories_whose_process_is_gone(tmp_path):
    "A batch killed with SIGKILL leaves its private directories; the next Sandbox removes those, never a live process's"
    import subprocess, tempfile
    dead = subprocess.Popen(["true"])
    dead.wait()
    other = subprocess.Popen(["sleep", "60"])  # another live process that owns a directory
    tmp = Path(tempfile.gettempdir())
    dirs = {name: tmp / f"rlkit-sbx-{pid}-test{name}"
            for name, pid in (("dead", dead.pid), ("mine", os.getpid()), ("other", other.pid))}
    try:
        for d in dirs.values():
            d.mkdir()
            (d / "solution.py").write_text("x = 1")
            (d / "sub").mkdir()
            (d / "sub" / "f").write_text("")
        Sandbox("firejail")
        assert not dirs["dead"].exists()
        assert dirs["mine"].exists() and dirs["other"].exists() and (dirs["other"] / "sub" / "f").exists()
        other.kill()
        other.wait()
        Sandbox("firejail")
        assert not dirs["other"].exists() and dirs["mine"].exists()
    finally:
        other.kill()
        other.wait()
        for d in dirs.values():
            shutil.rmtree(d, ignore_errors=True)


@pytest.mark.parametrize("warm", [True, False])
def test_private_directories_are_named_after_their_process(monkeypatch, warm):
    "What lets a later start tell a live sandbox's directory from a stale one"
    if warm and os.geteuid() != 0:
        pytest.skip("the warm pool needs root")
    import rlkit.jail as J
    made, workdir = [], J.new_workdir
    for module in (S, J):  # the sandbox makes a cold job's directory, the warm pool (rlkit.jail) a warm one's
        monkeypatch.setattr(module, "new_workdir", lambda: made.append(workdir()) or made[-1])
    with Sandbox("firejail", warm=warm) as sb:
        assert sb.run(GOOD, ADD_TESTS, "add").verdict == "passed"
    assert len(made) == 1 and made[0].name.startswith(f"rlkit-sbx-{os.getpid()}-") and not made[0].exists()


def test_subprocess_fallback_in_a_fresh_interpreter():
    "The fallback's preexec runs after the switch of user: it must not need an import the sandbox user cannot read"
    import subprocess, sys
    code = ("import warnings; warnings.simplefilter('ignore')\nfrom rlkit.sandbox import Sandbox\n"
            "print(Sandbox('subprocess').run('def add(a, b):\\n    return a + b', 'assert add(1, 2) == 3', "
            "'add').verdict)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "passed", r.stderr[-2000:]


def test_a_sandbox_that_cannot_start_is_a_sandbox_error(monkeypatch):
    "If the process cannot even start, the result is sandbox_error and no private directory is left behind"
    sb = Sandbox("firejail")
    monkeypatch.setattr(sb, "_command", lambda *a, **k: ["/no/such/firejail"])
    r = sb.run(GOOD, ADD_TESTS, "add")
    assert r.verdict == "sandbox_error" and "could not start" in r.detail
    assert not new_run_dirs()


def test_bad_arguments_are_clear():
    with pytest.raises(ValueError, match="backend='docker'"):
        Sandbox("docker")
    sb = Sandbox("firejail")
    with pytest.raises(ValueError, match="no assert statement"):
        sb.run(GOOD, "x = 1", "add")
    with pytest.raises(ValueError, match="tests do not parse"):
        sb.run(GOOD, "assert (", "add")
    with pytest.raises(FileNotFoundError, match="python="):
        Sandbox("firejail", python="/no/python")


def test_humaneval_style_check_function_and_helpers():
    "Tests as a check(candidate) function that also calls a helper defined with the solution"
    code = "def double(x):\n    return 2 * x\n\ndef quad(x):\n    return double(double(x))"
    tests = ("def check(candidate):\n    for x in range(5):\n        assert candidate(x) == 4 * x\n"
             "    assert abs(double(0.5) - 1.0) < 1e-9")
    r = Sandbox("firejail").run(code, tests, "quad")
    assert (r.verdict, r.tests_passed, r.tests_total) == ("passed", 2, 2)


def test_values_round_trip_exactly():
    code = "def f():\n    return {'a': (1, 2.5, float('inf')), 3: [None, True, {'s'}], 'b': b'\\x00', 'n': -0.0}"
    tests = ("v = f()\nassert v == {'a': (1, 2.5, float('inf')), 3: [None, True, {'s'}], 'b': b'\\x00', 'n': -0.0}\n"
             "assert type(v['a']) is tuple")
    assert Sandbox("firejail").run(code, tests, "f").verdict == "passed"


def test_stdout_and_stderr_come_back_capped():
    sb = Sandbox("firejail", Limits(output_bytes=1000))
    r = sb.run("import sys\nprint('hello out')\nprint('hello err', file=sys.stderr)\n" + GOOD, ADD_TESTS, "add")
    assert r.verdict == "passed" and "hello out" in r.stdout and "hello err" in r.stderr
    assert "Reading profile" not in r.stderr  # firejail's routine chatter is dropped, its warnings kept
    r = sb.run("print('x' * 5000)\n" + GOOD, ADD_TESTS, "add")
    assert r.verdict == "output_limit" and len(r.stdout) <= 1000


SABOTAGE = {  # a job that attacks the warm sandbox itself, to spoil the jobs after it
    "stop_zygote": "import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)",
    "kill_zygote": "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)",
    "lower_zygote_limits": "import ctypes, os\n"
                           "class R(ctypes.Structure): _fields_ = [('cur', ctypes.c_ulong), ('max', ctypes.c_ulong)]\n"
                           "r = R(1, 1)\nprint(ctypes.CDLL(None).prlimit(os.getppid(), 6, ctypes.byref(r), None))",
    "renice_zygote": "import os\ntry: os.setpriority(os.PRIO_PROCESS, os.getppid(), 19)\nexcept OSError: pass",
    "daemon_forging_messages": "import os, time\nif os.fork() == 0:\n    os.setsid()\n    while True:\n"
                               "        for fd in range(3, 256):\n"
                               "            try: os.write(fd, b'{\"job\": null, \"hello\": []}\\n"
                               "{\"value\": 3, \"job\": null}\\n')\n"
                               "            except OSError: pass\n        time.sleep(0.001)",
    "forged_future_messages": "import os\nfor fd in range(3, 256):\n"
                              "    try: os.write(fd, b'{\"child_exit\": 0, \"job\": \"x\"}\\n"
                              "{\"hello\": [], \"job\": \"x\"}\\n"
                              "{\"ready\": [\"add\"], \"tampered\": [], \"job\": \"x\"}\\n"
                              "{\"value\": 3, \"job\": \"x\"}\\n')\n"
                              "    except OSError: pass",
    "leave_files": "import os\nfor p in ('~/job-2', '~/evil.py', '/tmp/evil', '/dev/shm/evil'):\n"
                   "    try: open(os.path.expanduser(p), 'w').write('x')\n    except OSError: pass",
}


@pytest.mark.parametrize("name", list(SABOTAGE))
def test_warm_job_cannot_spoil_the_next(name):
    "Whatever one job does to a warm sandbox, the jobs after it get honest verdicts, and nothing is left at the end"
    with Sandbox("firejail", Limits(timeout_s=3), warm=True) as sb:
        first = sb.run(SABOTAGE[name] + "\n" + GOOD, ADD_TESTS, "add")
        assert first.verdict != "sandbox_error", first
        for _ in range(3):
            good = sb.run(GOOD, ADD_TESTS, "add")
            assert (good.verdict, good.tests_passed) == ("passed", 3), good
            wrong = sb.run("def add(a, b):\n    return 0", ADD_TESTS, "add")
            assert (wrong.verdict, wrong.tests_passed) == ("failed", 1), wrong
            clean = sb.run("import os\nprint(sorted(os.listdir(os.path.expanduser('~'))), os.listdir('/tmp'), "
                           "os.listdir('/dev/shm'))\n" + GOOD, ADD_TESTS, "add")
            assert "evil" not in clean.stdout and clean.verdict == "passed", clean
    assert not _wait_no_leftovers()
    assert not new_run_dirs()


def test_warm_and_cold_give_the_same_verdicts():
    from test_sandbox_attacks import BROKEN, HACKS
    jobs = [(code, ADD_TESTS, "add") for _, code, _ in HACKS + BROKEN]
    # `stack_frames` returns whatever int it finds in the interpreter's frames, so how many asserts it passes depends on
    # incidental state (a pid, a counter); its verdict is always "failed", and only that is compared for it
    names = [name for name, _, _ in HACKS + BROKEN]
    def outcome(name, r): return (r.verdict,) if name == "stack_frames" else (r.verdict, r.tests_passed)
    # no job here should time out; a generous limit keeps a slow moment (the file-system walk under load)
    # from looking like a difference
    warm = [outcome(n, r)
            for n, r in zip(names, Sandbox("firejail", Limits(timeout_s=15), warm=True).run_batch(jobs, workers=2))]
    cold = [outcome(n, r)
            for n, r in zip(names, Sandbox("firejail", Limits(timeout_s=15), warm=False).run_batch(jobs, workers=2))]
    assert warm == cold


RAISES_TESTS = ("import math\ntry:\n    safe_sqrt(-1)\nexcept ValueError:\n    pass\nelse:\n"
                "    assert False, 'expected ValueError'\n"
                "assert math.isclose(safe_sqrt(4), 2.0)")


@pytest.mark.parametrize("code,verdict,passed", [
    ("import math\ndef safe_sqrt(x):\n    if x < 0: raise ValueError('negative')\n    return math.sqrt(x)",
     "passed", 2),
    # no exception: the `else` branch's assert fails
    ("import math\ndef safe_sqrt(x):\n    return math.sqrt(abs(x))", "failed", 1),
    ("def safe_sqrt(x):\n    raise TypeError('x')", "error", 0)])  # the wrong exception stops the tests
def test_an_assert_in_a_branch_not_taken_is_not_a_failure(code, verdict, passed):
    "The usual test that a call raises (`try ... except E: pass else: assert False`): run to their end, the tests pass"
    with Sandbox(None, Limits(timeout_s=3)) as sb:
        r = sb.run(code, RAISES_TESTS, "safe_sqrt")
    assert (r.verdict, r.tests_passed, r.tests_total) == (verdict, passed, 2), r.detail[:300]


def test_tests_that_reach_no_assert_do_not_pass():
    "A check() never called, or a loop over an empty answer: nothing was observed, so nothing passed"
    with Sandbox(None, Limits(timeout_s=3)) as sb:
        r = sb.run("def f(n):\n    return []", "for x in f(3):\n    assert x > 0", "f")
        assert (r.verdict, r.tests_passed) == ("failed", 0), r.detail
        assert sb.run("def f(n):\n    return [1, 2]", "for x in f(3):\n    assert x > 0", "f").verdict == "passed"

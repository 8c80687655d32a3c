"""The harness: the program that rlkit's sandbox runs inside firejail, as the unprivileged sandbox user.

This is a plain file, not generated from a notebook, and not a module rlkit imports. `rlkit.jail.harness_source()`
reads it as text, puts the source of the value codec (`encode_value`, `_distinct_keys`, `decode_value`) above it, and
writes the result into each sandbox's private directory as `harness.py`. The sandbox's interpreter runs that with the
standard library only: `python -I -S -B -u harness.py REQ REP TARGET`, where REQ and REP are the request and reply pipes
and TARGET is a solution file to `serve` once, or `--zygote` for a warm sandbox. Importing this file runs nothing.
The notebook nbs/02b_jail.ipynb ("The harness inside") explains it.
"""
import builtins, json, os, resource, sys, traceback

# never runs: `harness_source()` puts the codec's source above this file; this names it for readers and linters
if False:
    # F401: `_distinct_keys` is used by `decode_value`, not here; it is named because the codec puts it above this file
    from rlkit.jail import _distinct_keys, decode_value, encode_value  # noqa: F401

req = rep = None  # the request and reply channels, opened by `main`
JOB = None  # the id of the job being served (None when the sandbox runs one solution and exits)
def send(obj):
    obj["job"] = JOB
    rep.write(json.dumps(obj) + "\n")
    rep.flush()

def confinement_problems():
    st = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines() if ":" in l)
    bad = [] if st.get("NoNewPrivs", "").strip() == "1" else ["NoNewPrivs is not 1"]
    if st.get("Seccomp", "").strip() != "2":
        bad.append("seccomp is not in filter mode")
    bad += [k + " is not empty" for k in ("CapEff", "CapPrm", "CapBnd") if int(st.get(k, "1"), 16)]
    if os.getuid() == 0 or os.geteuid() == 0:
        bad.append("running as root")
    nets = sorted(os.listdir("/sys/class/net"))
    if nets != ["lo"]:
        bad.append("network interfaces " + ",".join(nets))
    return bad

def trimmed_traceback():
    t, e, tb = sys.exc_info()
    return "".join(traceback.format_exception(t, e, tb.tb_next))[-2000:]  # without the harness's own frame

LOOPBACK = ("127.0.0.1", "localhost", "::1", "", None)
STREAMS = ("/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr", "/dev/tty")  # writing to these is not writing a file

def start_audit(cap, proxy_port):
    """Report, over the channel and at most `cap` times, what the code attempts: processes, writes outside the working
    area, sockets, connections and name lookups. An audit hook (PEP 578) cannot be removed, but it runs inside the
    sandbox: code set on hiding can keep things out of this report. The trusted side's own records cannot be hidden."""
    home = os.path.realpath(os.path.expanduser("~"))
    readonly = os.environ.get("RLKIT_READONLY")  # the data tier's directory: inside the home, outside the working area
    inet_expected = proxy_port is not None
    state = {"n": 0, "busy": False}
    def report(kind, what, detail):
        state["n"] += 1
        if state["n"] <= cap:
            send({"audit": {"kind": kind, "what": what, "detail": str(detail)[:200]}})
    def writes(mode, flags):
        if isinstance(mode, str) and any(c in mode for c in "wax+"):
            return True
        return (isinstance(flags, int) and flags > 0
                and bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC)))
    def hook(event, args):
        if state["busy"] or state["n"] > cap:
            return
        state["busy"] = True
        try:
            if event in ("os.fork", "os.forkpty", "os.exec", "os.posix_spawn", "os.spawn", "os.system",
                         "subprocess.Popen"):
                report("process", event,
                       " ".join(map(str, args[1] if event in ("os.exec", "os.posix_spawn", "subprocess.Popen")
                                                    and args[1] else args[:1])))
            elif (event == "open" and isinstance(args[0], (str, bytes)) and writes(args[1], args[2])
                  and os.fsdecode(args[0]) not in STREAMS):
                p = os.path.realpath(os.fsdecode(args[0]))
                inside = ((p == home or p.startswith(home + os.sep))
                          and not (readonly and (p == readonly or p.startswith(readonly + os.sep))))
                if not inside and p not in STREAMS:
                    report("write", "open", p)
            elif event == "socket.__new__" and not inet_expected and args[1] != 1 and args[1] != -1:  # 1: AF_UNIX
                report("network", "socket", "family %s" % args[1])
            elif event in ("socket.connect", "socket.sendto") and isinstance(args[1], tuple):
                host, port = args[1][0], args[1][1]
                if not (inet_expected and host in LOOPBACK and port == proxy_port):
                    report("network", event.split(".")[1], "%s:%s" % (host, port))
            # a unix socket: only ones in the job's own home
            elif event == "socket.connect" and isinstance(args[1], (str, bytes)):
                p = os.fsdecode(args[1])
                if p.startswith("\0") or not os.path.realpath(p).startswith(home + os.sep):
                    report("network", "connect", "unix socket %s" % p)
            elif event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex",
                           "socket.gethostbyaddr"):
                if args[0] not in LOOPBACK:
                    report("network", "lookup", args[0])
            elif event == "ctypes.dlopen":
                report("native", "dlopen", args[0])
        finally:
            state["busy"] = False
    sys.addaudithook(hook)

def forward(sock_path, port):
    "The network tier's forwarder: a process on 127.0.0.1:port passing each connection to the trusted proxy's socket"
    import socket
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(16)
    if os.fork():
        return srv.close()
    try:
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        for f in (req, rep):
            os.close(f.fileno())  # the channel is the job's: the trusted side must see it close with the job
        relay(srv, sock_path)
    finally:
        os._exit(0)

def relay(srv, sock_path):
    "The forwarder's loop: each connection to `srv` joined to one to `sock_path`, bytes copied both ways till one ends"
    import selectors, socket
    sel = selectors.DefaultSelector()
    sel.register(srv, selectors.EVENT_READ, None)
    while True:
        for key, _ in sel.select():
            if key.data is None:
                c, _ = srv.accept()
                u = socket.socket(socket.AF_UNIX)
                try:
                    u.connect(sock_path)
                except OSError:
                    c.close()
                    u.close()
                    continue
                sel.register(c, selectors.EVENT_READ, u)
                sel.register(u, selectors.EVENT_READ, c)
                continue
            try:
                data = key.fileobj.recv(65536)
            except OSError:
                data = b""
            if data:
                try:
                    key.data.sendall(data)
                    continue
                except OSError:
                    pass
            for s in (key.fileobj, key.data):
                try:
                    sel.unregister(s)
                except (KeyError, ValueError):
                    pass
                s.close()

def serve(path):
    "Check confinement, define the candidate's code from `path`, then answer calls until the requests end"
    send({"hello": confinement_problems()})
    proxy = os.environ.get("RLKIT_PROXY_SOCKET")
    if proxy:
        forward(proxy, int(os.environ["RLKIT_PROXY_PORT"]))
    src = open(path, encoding="utf-8", errors="replace").read()
    try:
        code = compile(src, "solution.py", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as e:  # nesting deeper than the compiler goes
        return send({"syntax_error": "%s: %s (line %s)" % (type(e).__name__, getattr(e, "msg", e),
                                                           getattr(e, "lineno", "?"))})
    before = dict(vars(builtins))
    ns = {"__name__": "solution", "__builtins__": builtins}
    cap = int(os.environ.get("RLKIT_AUDIT", "0"))
    if cap:
        start_audit(cap, int(os.environ["RLKIT_PROXY_PORT"]) if proxy else None)
    try:
        exec(code, ns)
    except SystemExit as e:
        return send({"exit": str(e.code)})
    except MemoryError:
        return send({"memory": "MemoryError while defining the code"})
    except BaseException:
        return send({"error": trimmed_traceback()})
    tampered = sorted(k for k in set(before) | set(vars(builtins))
                      if vars(builtins).get(k, None) is not before.get(k, None))
    send({"ready": sorted(k for k, v in ns.items() if callable(v) and not k.startswith("__")), "tampered": tampered})
    answer(ns)

def answer(ns):
    "Answer each call request with the value returned, the exception raised, or why the value cannot be sent"
    for line in req:
        msg = json.loads(line)
        try:
            result = ns[msg["call"]](*decode_value(msg["args"]), **decode_value(msg["kwargs"]))
        except MemoryError:
            send({"raise": "MemoryError", "message": "", "traceback": ""})
            continue
        except BaseException as e:
            send({"raise": type(e).__name__, "message": str(e)[:500], "traceback": trimmed_traceback()})
            continue
        try:
            send({"value": encode_value(result)})
        except Exception as e:
            send({"unsendable": str(e)[:300]})

JOB_LIMITS = (resource.RLIMIT_AS, resource.RLIMIT_CPU, resource.RLIMIT_FSIZE, resource.RLIMIT_NOFILE)
WRITABLE = (os.path.expanduser("~"), "/tmp", "/var/tmp", "/run/lock", "/dev/shm")

def _rmtree(top):
    """`shutil.rmtree` without recursion (3.11's recurses, and a job can make a tree deeper than the recursion limit),
    making each directory writable first (a job may have made them read-only); what cannot be removed is left"""
    stack, seen = [top], set()
    while stack:
        d = stack[-1]
        if d not in seen:
            seen.add(d)
            try:
                os.chmod(d, 0o700)
                entries = list(os.scandir(d))
            except OSError:
                entries = []
            sub = []
            for e in entries:
                try:
                    if e.is_dir(follow_symlinks=False):
                        sub.append(e.path)
                    else:
                        os.unlink(e.path)
                except OSError:
                    pass
            if sub:
                stack.extend(sub)
                continue
        stack.pop()
        try:
            os.rmdir(d)
        except OSError:
            pass

def wipe(keep):
    "Remove everything a previous job may have left in a writable place"
    try:
        # a job may have made the home read-only, so that what it left there could not be removed
        os.chmod(os.path.expanduser("~"), 0o700)
    except OSError:
        pass
    for top in WRITABLE:
        try:
            names = os.listdir(top)
        except OSError:
            continue
        for n in names:
            p = os.path.join(top, n)
            if p in keep:
                continue
            try:
                if os.path.isdir(p) and not os.path.islink(p):
                    _rmtree(p)
                else:
                    os.unlink(p)
            except OSError:
                pass

def zygote():
    "Stay up; for each job: wipe, check our own state, fork a child that serves the job"
    global JOB
    import ctypes
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 0: no process of this user may read or write our memory
    # every one: a job may lower any of ours (prlimit)
    limits = sorted({getattr(resource, n) for n in dir(resource) if n.startswith("RLIMIT_")})
    def state():
        return ([resource.getrlimit(r) for r in limits] + [os.getpriority(os.PRIO_PROCESS, 0), os.sched_getscheduler(0),
                         os.sched_getparam(0).sched_priority, sorted(os.sched_getaffinity(0))])
    start = state()
    send({"zygote": confinement_problems()})
    for line in req:
        job = json.loads(line)
        JOB = job["id"]
        # harness.py too: this process read it at start, and a job that replaced it would hand later jobs its content
        wipe(keep={job["dir"]})
        if state() != start:
            return send({"zygote_tampered": "a previous job changed the sandbox's limits, priority or scheduling"})
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                for r, v in zip(JOB_LIMITS, job["limits"]):
                    resource.setrlimit(r, (v, v))
                os.chdir(job["dir"])
                serve(os.path.join(job["dir"], "solution.py"))
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        wipe(keep=set())  # a finished job leaves no file behind
        send({"child_exit": os.waitstatus_to_exitcode(status)})

def main(argv):
    "Open the two channels named on the command line, then serve one solution file, or stay up as a zygote"
    global req, rep
    req, rep = os.fdopen(int(argv[1]), "r"), os.fdopen(int(argv[2]), "w")
    if argv[3] == "--zygote":
        zygote()
    else:
        serve(argv[3])

if __name__ == "__main__":
    main(sys.argv)

"""The harness: the program that rlkit's sandbox runs inside firejail, as the unprivileged sandbox user.

This is a plain file, not generated from a notebook, and not a module rlkit imports. `rlkit.sandbox.harness_source()`
reads it as text, puts the source of the value codec (`encode_value`, `decode_value`) above it, and writes the result
into each sandbox's private directory as `harness.py`. The sandbox's interpreter runs that with the standard library
only: `python -I -S -B -u harness.py REQ REP TARGET`, where REQ and REP are the request and reply pipes and TARGET is
a solution file to `serve` once, or `--zygote` for a warm sandbox. Importing this file runs nothing.
The notebook nbs/03_sandbox.ipynb ("The harness inside") explains it.
"""
import builtins, json, os, resource, shutil, sys, traceback

if False:  # never runs: `harness_source()` puts the codec's source above this file; this names it for readers and linters
    from rlkit.sandbox import decode_value, encode_value

req = rep = None  # the request and reply channels, opened by `main`
JOB = None  # the id of the job being served (None when the sandbox runs one solution and exits)
def send(obj): obj["job"] = JOB; rep.write(json.dumps(obj) + "\n"); rep.flush()

def confinement_problems():
    st = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines() if ":" in l)
    bad = [] if st.get("NoNewPrivs", "").strip() == "1" else ["NoNewPrivs is not 1"]
    if st.get("Seccomp", "").strip() != "2": bad.append("seccomp is not in filter mode")
    bad += [k + " is not empty" for k in ("CapEff", "CapPrm", "CapBnd") if int(st.get(k, "1"), 16)]
    if os.getuid() == 0 or os.geteuid() == 0: bad.append("running as root")
    nets = sorted(os.listdir("/sys/class/net"))
    if nets != ["lo"]: bad.append("network interfaces " + ",".join(nets))
    return bad

def trimmed_traceback():
    t, e, tb = sys.exc_info()
    return "".join(traceback.format_exception(t, e, tb.tb_next))[-2000:]  # without the harness's own frame

def serve(path):
    "Check confinement, define the candidate's code from `path`, then answer calls until the requests end"
    send({"hello": confinement_problems()})
    src = open(path, encoding="utf-8", errors="replace").read()
    try: code = compile(src, "solution.py", "exec")
    except (SyntaxError, ValueError) as e:
        return send({"syntax_error": "%s: %s (line %s)" % (type(e).__name__, getattr(e, "msg", e), getattr(e, "lineno", "?"))})
    before = dict(vars(builtins))
    ns = {"__name__": "solution", "__builtins__": builtins}
    try: exec(code, ns)
    except SystemExit as e: return send({"exit": str(e.code)})
    except MemoryError: return send({"memory": "MemoryError while defining the code"})
    except BaseException: return send({"error": trimmed_traceback()})
    tampered = sorted(k for k in set(before) | set(vars(builtins)) if vars(builtins).get(k, None) is not before.get(k, None))
    send({"ready": sorted(k for k, v in ns.items() if callable(v) and not k.startswith("__")), "tampered": tampered})
    for line in req:
        msg = json.loads(line)
        try: result = ns[msg["call"]](*decode_value(msg["args"]), **decode_value(msg["kwargs"]))
        except MemoryError: send({"raise": "MemoryError", "message": "", "traceback": ""}); continue
        except BaseException as e: send({"raise": type(e).__name__, "message": str(e)[:500], "traceback": trimmed_traceback()}); continue
        try: send({"value": encode_value(result)})
        except Exception as e: send({"unsendable": str(e)[:300]})

JOB_LIMITS = (resource.RLIMIT_AS, resource.RLIMIT_CPU, resource.RLIMIT_FSIZE, resource.RLIMIT_NOFILE)
WRITABLE = (os.path.expanduser("~"), "/tmp", "/var/tmp", "/run/lock", "/dev/shm")

def wipe(keep):
    "Remove everything a previous job may have left in a writable place"
    def unlock(fn, p, exc): os.chmod(os.path.dirname(p), 0o700); os.chmod(p, 0o700) if not os.path.islink(p) else None; fn(p)
    for top in WRITABLE:
        try: names = os.listdir(top)
        except OSError: continue
        for n in names:
            p = os.path.join(top, n)
            if p in keep: continue
            try:
                if os.path.isdir(p) and not os.path.islink(p): shutil.rmtree(p, onerror=unlock)
                else: os.unlink(p)
            except OSError: pass

def zygote():
    "Stay up; for each job: wipe, check our own state, fork a child that serves the job"
    global JOB
    import ctypes
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 0: no process of this user may read or write our memory
    def state(): return [resource.getrlimit(r) for r in JOB_LIMITS + (resource.RLIMIT_NPROC,)] + [os.getpriority(os.PRIO_PROCESS, 0)]
    start = state()
    send({"zygote": confinement_problems()})
    for line in req:
        job = json.loads(line)
        JOB = job["id"]
        wipe(keep={os.path.expanduser("~/harness.py"), job["dir"]})
        if state() != start: return send({"zygote_tampered": "a previous job changed the sandbox's limits or priority"})
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                for r, v in zip(JOB_LIMITS, job["limits"]): resource.setrlimit(r, (v, v))
                os.chdir(job["dir"])
                serve(os.path.join(job["dir"], "solution.py"))
            finally: os._exit(0)
        _, status = os.waitpid(pid, 0)
        wipe(keep={os.path.expanduser("~/harness.py")})  # a finished job leaves no file behind
        send({"child_exit": os.waitstatus_to_exitcode(status)})

def main(argv):
    "Open the two channels named on the command line, then serve one solution file, or stay up as a zygote"
    global req, rep
    req, rep = os.fdopen(int(argv[1]), "r"), os.fdopen(int(argv[2]), "w")
    if argv[3] == "--zygote": zygote()
    else: serve(argv[3])

if __name__ == "__main__": main(sys.argv)

"""Where the main job's step memory goes: the resident memory of one process, phase by phase, on the embedded model.

The main job's own setup (`rlkit train --tasks family:listfn`: 6 tasks x 8 episodes, repair on, 128 new tokens per
attempt, code run in firejail), one process, one phase at a time. For each phase the script resets the kernel's
peak-resident counter (`/proc/self/clear_refs`) and reports how far the phase raised it (its peak) and what it left
resident. The sandbox's processes are counted apart (they are not the trainer's memory). The process's peak, the step
line's figure, is the largest phase peak on top of what the earlier phases left.

It runs on jemalloc as `rlkit train` does (it restarts itself on it), or on glibc's malloc with `--allocator glibc`.
`--compare` runs whole processes side by side instead, alternating the arms, and prints each arm's median step time
(rollout + update) and peak as ratios of the first arm's: `--compare glibc:0,jemalloc` sets glibc with no limit on the
update's positions against the defaults.

    .venv/bin/python bench/memory.py [--seed 0] [--steps 2] [--json bench/results/memory.json] [--whole-logits]
                                [--memory-budget GB] [--max-positions N] [--dtype float32] [--allocator glibc]
                                [--updates mb4,mb4/p1024] [--compare glibc:0,jemalloc --repeats 2]
"""
import argparse, dataclasses, json, math, os, re, sys, time, types, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def status(key: str) -> float:
    "A /proc/self/status field in MB (VmRSS: resident now; VmHWM: the peak since the last reset)"
    return int(re.search(rf"{key}:\s+(\d+)", Path("/proc/self/status").read_text()).group(1)) / 1024


def reset_peak():
    Path("/proc/self/clear_refs").write_text("5")  # the peak-resident counter starts again from the resident set


def children_rss() -> float:
    "Resident memory of this process's descendants now, in MB (the sandbox's workers)"
    me, total, kids = os.getpid(), 0.0, {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                st = (p / "stat").read_text()
                kids.setdefault(int(st.rsplit(")", 1)[1].split()[1]), []).append(int(p.name))
            except OSError:
                pass
    todo = list(kids.get(me, []))
    while todo:
        pid = todo.pop()
        todo += kids.get(pid, [])
        try:
            total += int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text()).group(1)) / 1024
        except (OSError, AttributeError):
            pass
    return total


class Phase:
    "with Phase(name, rows): ... appends {phase, peak_mb (above the start), left_mb (resident after - before)}"
    def __init__(self, name, rows):
        self.name, self.rows = name, rows
    def __enter__(self):
        reset_peak()
        self.before, self.t0 = status("VmRSS"), time.time()
        return self
    def __exit__(self, *a):
        if TRIM:
            import ctypes
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        self.rows.append({"phase": self.name, "rss_before_mb": round(self.before, 1),
                          "peak_above_mb": round(status("VmHWM") - self.before, 1),
                          "left_mb": round(status("VmRSS") - self.before, 1), "rss_after_mb": round(status("VmRSS"), 1),
                          "s": round(time.time() - self.t0, 1)})


TRIM = False


def main():
    global TRIM
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--tasks", default="family:listfn")
    ap.add_argument("--json", default=None)
    ap.add_argument("--trim", action="store_true", help="hand freed memory back (malloc_trim) after every phase")
    ap.add_argument("--whole-logits", action="store_true",
                    help="score the update's logprobs from the whole (B, T, V) logits, not in chunks (the baseline of "
                         "head_logprobs)")
    ap.add_argument("--keep-decode", action="store_true",
                    help="keep the fast loop's merged weights through the update (the baseline of dropping them)")
    ap.add_argument("--max-positions", type=int, default=None,
                    help="positions per update pass at most (default: the update config's; 0: no limit)")
    ap.add_argument("--dtype", default="auto", choices=["auto", "float32"],
                    help="decode and update dtype; float32 is what a CPU without AMX runs")
    ap.add_argument("--compare", default="",
                    help="run whole processes side by side instead, alternating, --repeats times each: "
                         "'glibc:0,jemalloc' (the allocator, then :N the update's max positions; none: the default)")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--allocator", default="jemalloc", choices=["jemalloc", "glibc"],
                    help="jemalloc as `rlkit train` runs on it (the default), or glibc's malloc")
    ap.add_argument("--memory-budget", type=float, default=0.0,
                    help="GB, as `rlkit train --memory-budget`: each update fits itself in it (0: no budget)")
    ap.add_argument("--updates", default="",
                    help="after the last step, update again on its episodes with these settings, side by side: "
                         "'mb4,mb4/p1024,mb1,mb4+gc' (micro-batch, /p: positions per pass at most, +gc: gradient "
                         "checkpointing)")
    a = ap.parse_args()
    if a.compare:
        return compare(a)
    restart_on(a.allocator)
    TRIM, rows = a.trim, []
    with Phase("import torch, transformers, rlkit", rows):
        import torch
        import rlkit.logprobs
        if a.whole_logits:
            rlkit.logprobs.HEAD_IS_LOGITS = ()
        from rlkit.core import allocator, seed_everything
        from rlkit.generate import decode_dtype, decode_weights
        from rlkit.tasks import TaskSampler
        import rlkit.train
        if a.keep_decode:
            rlkit.train.drop_decode_weights = lambda model: None
        from rlkit.train import TrainConfig, collect, load_model, load_tasks_for, make_sandbox, update
        from rlkit.grpo import activation_mb, episode_batch, widest_pass
        from rlkit.rewards import correct
    cfg = TrainConfig(tasks=a.tasks, seed=a.seed, eval_samples=0, report_to="none")
    if a.max_positions is not None:
        cfg.grpo.max_positions = a.max_positions
    cfg.rollout.decode_dtype = cfg.grpo.update_dtype = a.dtype
    tasks, weights, _, _ = load_tasks_for(cfg)
    seed_everything(cfg.seed)
    with Phase("weights (float32) + LoRA", rows):
        model, tok = load_model(cfg)
    with Phase("decode copy (LoRA merged)", rows):
        w = decode_weights(model, decode_dtype(model, cfg.rollout.decode_dtype))
    dtype = str(w["dtype"])
    del w
    sandbox = make_sandbox(cfg, tasks)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.grpo.lr, weight_decay=0.0)
    sampler, gen = TaskSampler(tasks, weights, seed=cfg.seed), torch.Generator().manual_seed(cfg.seed)

    class S:  # what `update` reads of the trainer's state
        head, device = None, next(model.parameters()).device
    s = S()
    s.model, s.tok, s.optimizer = model, tok, opt
    run = types.SimpleNamespace(cfg=cfg, memory_mb=a.memory_budget * 1024 or math.inf)  # what `update` reads of it
    sandbox_mb = 0.0
    for step in range(1, a.steps + 1):
        with Phase(f"step {step}: rollout (decode, KV cache, sandbox)", rows):
            train_on, eps = collect(model, tok, sampler, cfg, step, gen, sandbox, {"correct": correct})
            sandbox_mb = max(sandbox_mb, children_rss())
        tokens = sum(len(t.token_ids) for e in train_on for t in e.turns)
        with Phase(f"step {step}: update ({len(train_on)} episodes, {tokens} tokens)", rows):
            m = update(run, s, train_on, cfg.rollout)
        longest = int(episode_batch(tok, train_on)["attention_mask"].sum(-1).max())
        widest = widest_pass(longest, cfg.grpo.micro_batch, m["max_positions"] or 0)
        rows[-1] |= {"positions": m.get("positions"), "longest": longest, "micro_batch": cfg.grpo.micro_batch,
                     "max_positions": m["max_positions"], "checkpointing": m["checkpointing"],
                     "estimate_mb": round(activation_mb(model.config, widest, m["checkpointing"]))}
    sandbox.close()
    variants = []
    for v in filter(None, a.updates.split(",")):
        shape, gc = v.split("+")[0], v.endswith("+gc")  # mbN or mbN/pM
        mb, positions = int(shape.split("/")[0][2:]), int(shape.split("/p")[1]) if "/p" in shape else 0
        with Phase(f"update again: micro-batch {mb}{f', {positions} positions' if positions else ''}"
                   f"{', checkpointing' if gc else ''}", rows):
            u = dataclasses.replace(cfg.grpo, micro_batch=mb, max_positions=positions)
            again = dataclasses.replace(cfg, gradient_checkpointing=gc, grpo=u)
            update(types.SimpleNamespace(cfg=again, memory_mb=math.inf), s, train_on, cfg.rollout)
        widest = widest_pass(longest, mb, positions)
        variants.append(rows[-1] | {"micro_batch": mb, "max_positions": positions, "gradient_checkpointing": gc,
                                    "estimate_mb": round(activation_mb(model.config, widest, gc))})
    out = {"config": {"tasks": a.tasks, "tasks_per_step": cfg.tasks_per_step, "group_size": cfg.rollout.group_size,
                      "attempts": cfg.rollout.attempts, "max_new_tokens": cfg.rollout.max_new_tokens,
                      "micro_batch": cfg.grpo.micro_batch, "max_positions": cfg.grpo.max_positions,
                      "gradient_checkpointing": cfg.gradient_checkpointing,
                      "decode_dtype": dtype, "threads": torch.get_num_threads(), "whole_logits": a.whole_logits, "keep_decode": a.keep_decode,
                      "memory_budget_gb": a.memory_budget, "allocator": allocator()},
           "phases": rows, "updates": variants, "sandbox_workers_mb": round(sandbox_mb, 1),
           "peak_mb": round(max(r["rss_before_mb"] + r["peak_above_mb"] for r in rows), 1)}  # each phase resets VmHWM
    print(f"{'phase':58} {'before':>8} {'peak +':>8} {'left +':>8} {'s':>6}")
    for r in rows:
        print(f"{r['phase']:58} {r['rss_before_mb']:8.0f} {r['peak_above_mb']:8.0f} {r['left_mb']:8.0f} {r['s']:6.1f}")
    print(f"sandbox workers, resident at the end of a rollout: {sandbox_mb:.0f} MB (other processes)")
    print(f"the process's peak (the step line's figure): {out['peak_mb']:.0f} MB; config {out['config']}")
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1))


def arm_env(allocator: str) -> dict:
    "This process's environment for a child on glibc's allocator, or on jemalloc as `rlkit train` starts it"
    from rlkit.core import jemalloc_env
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "RLKIT_ALLOCATOR", "MALLOC_CONF")}
    if allocator == "jemalloc":
        env = jemalloc_env(env) or sys.exit("jemalloc is not installed")
    return env


def restart_on(allocator: str):
    "Start this script again on `allocator` unless it runs on it: it must be in place before the first allocation"
    on = "jemalloc" if "libjemalloc" in Path("/proc/self/maps").read_text() else "glibc"
    if on != allocator:
        os.execve(sys.executable, [sys.executable, *sys.argv], arm_env(allocator))


def compare(a):
    "Each arm a fresh process, the arms alternating: the median step time (rollout + update) and peak of each"
    import statistics, subprocess, tempfile
    arms, runs = a.compare.split(","), []
    for r in range(a.repeats):
        for arm in arms if r % 2 == 0 else arms[::-1]:
            allocator, _, positions = arm.partition(":")
            out = Path(tempfile.mkdtemp()) / "run.json"
            cmd = [sys.executable, __file__, "--seed", str(a.seed), "--steps", str(a.steps), "--tasks", a.tasks,
                   "--dtype", a.dtype, "--allocator", allocator, "--json", str(out)]
            cmd += ["--max-positions", positions] if positions else []
            p = subprocess.run(cmd, env=arm_env(allocator), capture_output=True, text=True)
            if p.returncode:
                sys.exit(f"{arm} failed:\n{p.stderr[-3000:]}")
            d = json.loads(out.read_text())
            steps = [sum(r["s"] for r in d["phases"] if r["phase"].startswith(f"step {i}:")) for i in
                     range(1, a.steps + 1)]
            runs.append({"arm": arm, "allocator": d["config"]["allocator"],
                         "max_positions": d["config"]["max_positions"], "step_s": steps,
                         "rollout_s": [r["s"] for r in d["phases"] if "rollout" in r["phase"]],
                         "update_s": [r["s"] for r in d["phases"] if ": update" in r["phase"]],
                         "peak_mb": d["peak_mb"], "decode_dtype": d["config"]["decode_dtype"], "detail": d})
            print(f"{arm:16} steps {steps} s, peak {d['peak_mb']:,.0f} MB", flush=True)
    med = {arm: {"step_s": statistics.median(sum(r["step_s"]) / a.steps for r in runs if r["arm"] == arm),
                 "peak_mb": statistics.median(r["peak_mb"] for r in runs if r["arm"] == arm)} for arm in arms}
    base = med[arms[0]]
    for arm in arms:
        m = med[arm]
        print(f"{arm:16} median step {m['step_s']:.1f} s ({m['step_s'] / base['step_s']:.2f}x {arms[0]}), "
              f"median peak {m['peak_mb']:,.0f} MB ({m['peak_mb'] / base['peak_mb']:.2f}x)")
    if a.json:
        Path(a.json).write_text(json.dumps({"compare": arms, "steps": a.steps, "repeats": a.repeats, "dtype": a.dtype,
                                            "tasks": a.tasks, "runs": runs, "median": med}, indent=1))


if __name__ == "__main__":
    main()

"""Seconds per step and peak memory of rlkit's PPO against rlkit's GRPO (the baseline), on the same batch, in one run.

One batch is sampled once with the embedded SmolLM2-135M-Instruct + LoRA r=16 (2 code prompts x 8 completions x up to 64 new
tokens, one attempt) and rewarded by length, so no group has equal rewards. Each method then updates a fresh copy of the same
adapter from that batch, `--steps` times, each in its own child process so that neither inherits the other's memory. A step
is the shared sampling time plus the method's update: GRPO's reference pass and one forward and backward; PPO's rollout
pass (logprobs, values, reference), then `ppo_epochs` x `mini_batches` optimizer steps. Both use their defaults (GRPO:
beta 0.04, micro-batch 4; PPO: 2 epochs x 2 minibatches, the same micro-batch), gradient checkpointing on.
Peak memory: the process's resident memory above what it held after loading (CPU), or the peak CUDA allocation (GPU).

    .venv/bin/python bench/ppo.py [--steps 2]
"""
import argparse, json, os, subprocess, sys, tempfile, time, warnings
from pathlib import Path

import torch

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).parent))
from grpo_vs_trl import PeakRSS  # polls the resident memory in a thread
from rlkit.core import Trajectory, read_jsonl, seed_everything, write_jsonl
from rlkit.grpo import GRPOConfig, grpo_step
from rlkit.models import load_policy
from rlkit.ppo import KLController, PPOConfig, ValueHead, ppo_step
from rlkit.episodes import RolloutConfig, run_episodes
from rlkit.tasks import bundled

G, NEW, LR = 8, 64, 1e-5


def length_reward(tasks, completions, results=None): return [min(len(c), 200) / 200 for c in completions]


def sample_batch(path):
    seed_everything(0)
    model, tok = load_policy(gradient_checkpointing=True)
    t0 = time.time()
    eps = run_episodes(model, tok, bundled("code", "train")[:2], RolloutConfig(group_size=G, max_new_tokens=NEW, attempts=1, temperature=1.0),
                       rewards={"length": length_reward}, executor=lambda ts, cs: [None] * len(cs), generator=torch.Generator().manual_seed(0))
    write_jsonl(path, eps, append=False)
    return time.time() - t0, sum(len(e.turns[0].token_ids) for e in eps)


def update(method, path, steps):
    "In a child process: `steps` updates of a fresh adapter from the saved batch; seconds per update and peak memory"
    seed_everything(0)
    model, tok = load_policy(gradient_checkpointing=True)
    device = next(model.parameters()).device
    rollout = RolloutConfig(group_size=G, max_new_tokens=NEW, attempts=1)
    head = ValueHead(model.config.hidden_size, device) if method == "ppo" else None
    params = [p for p in model.parameters() if p.requires_grad] + (list(head.parameters()) if head is not None else [])
    opt = torch.optim.AdamW(params, lr=LR)
    trajs = read_jsonl(path, Trajectory)
    if device.type == "cuda": torch.cuda.reset_peak_memory_stats(device)
    times = []
    with PeakRSS() as mem:
        for _ in range(steps):
            t0 = time.time()
            if head is None: m = grpo_step(model, tok, opt, trajs, GRPOConfig(lr=LR), rollout)
            else: m = ppo_step(model, head, tok, opt, trajs, PPOConfig(lr=LR), rollout, KLController(PPOConfig().beta))
            times.append(time.time() - t0)
    peak = torch.cuda.max_memory_allocated(device) / 2 ** 20 if device.type == "cuda" else mem.peak
    return {"update_s": sum(times) / len(times), "peak_mb": peak, "tokens": m["tokens"], "sequences": m["sequences"]}


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--child", nargs=2, metavar=("METHOD", "BATCH"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(update(a.child[0], a.child[1], a.steps))); sys.exit(0)
    batch = Path(tempfile.mkdtemp(prefix="rlkit-bench-ppo-")) / "batch.jsonl"
    gen_s, n_tok = sample_batch(batch)
    print(f"threads {torch.get_num_threads()}; one batch of 2 prompts x {G} completions, {n_tok} completion tokens, sampled in {gen_s:.1f} s; "
          f"{a.steps} updates per method, each from a fresh adapter")
    res = {}
    for method in ("grpo", "ppo"):
        out = subprocess.run([sys.executable, __file__, "--steps", str(a.steps), "--child", method, str(batch)], capture_output=True, text=True)
        if out.returncode: sys.exit(f"{method} failed:\n{out.stderr[-3000:]}")
        res[method] = r = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{method.upper():>5}: update {r['update_s']:6.1f} s, step (sampling + update) {gen_s + r['update_s']:6.1f} s, "
              f"peak +{r['peak_mb']:6.0f} MB   ({r['sequences']} sequences, {r['tokens']} tokens)", flush=True)
    g, p = res["grpo"], res["ppo"]
    print(f"\nPPO / GRPO (baseline) = {p['update_s'] / g['update_s']:.2f}x update time, "
          f"{(gen_s + p['update_s']) / (gen_s + g['update_s']):.2f}x step time, {p['peak_mb'] / max(1, g['peak_mb']):.2f}x peak memory")

"""Seconds per GRPO step and peak memory: rlkit's GRPO against TRL's GRPOTrainer and against the machine's roofline, in one process.

Same model (the embedded SmolLM2-135M-Instruct), LoRA r=16 on all linear layers, 8 completions x 64 new tokens per step,
the same prompts, TRL's defaults where rlkit has a choice (beta=0: no reference pass; token-level loss). Each side runs
with its own defaults otherwise: TRL in float32 with gradient checkpointing (its CPU defaults), rlkit with its fast decode
loop, bf16 matmuls where the CPU has them and no gradient checkpointing (its defaults). The roofline is what no
implementation can beat on this machine, measured in the same run (bench/generate.py): 64 decode steps of 8 rows, each
bounded by reading the weights once or by the bf16 matmul rate at 8 rows, plus the update's FLOPs (forward and backward
to the inputs of rlkit's own step) at the bf16 rate of large matmuls. Peak memory is the process's resident memory
above what it held before each method ran.

    .venv/bin/python bench/grpo_vs_trl.py [--steps 4]
"""
import argparse, os, sys, threading, time, warnings
from pathlib import Path
import torch

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.core import Trajectory, seed_everything
from rlkit.generate import chat_text, sample
from rlkit.grpo import GRPOConfig, grpo_step, matmul_params
sys.path.insert(0, str(Path(__file__).parent))
from generate import bandwidth_gbs, matmul_gflops
from rlkit.models import embedded_model_dir, load_policy
from rlkit.episodes import RolloutConfig
from rlkit.tasks import bundled

G, NEW, LR = 8, 64, 1e-5


def rss_mb() -> float:
    with open("/proc/self/statm") as f: return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


class PeakRSS:
    "Poll the resident memory in a thread; `peak` is the most it rose above the start"
    def __enter__(self):
        self.start, self.top, self.run = rss_mb(), rss_mb(), True
        self.t = threading.Thread(target=self._poll, daemon=True); self.t.start(); return self
    def _poll(self):
        while self.run: self.top = max(self.top, rss_mb()); time.sleep(0.01)
    def __exit__(self, *a): self.run = False; self.t.join(); self.peak = self.top - self.start


def toy_reward(completions):  # any reward works for timing: the length of the completion, so groups are not all equal
    return [min(len(c), 200) / 200 for c in completions]


def time_rlkit(prompts, steps, positions):
    model, tok = load_policy()
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=LR)
    cfg, rollout = GRPOConfig(lr=LR, beta=0.0, micro_batch=G), RolloutConfig(group_size=G, max_new_tokens=NEW, attempts=1)
    times, toks = [], []
    for i in range(steps + 1):
        t0 = time.time()
        s = sample(model, tok, [prompts[i % len(prompts)]], n=G, max_new_tokens=NEW, temperature=1.0)
        trajs = [Trajectory("t", 0, [s.turn(j)], reward=r) for j, r in enumerate(toy_reward(s.texts))]
        m = grpo_step(model, tok, opt, trajs, cfg, rollout)
        if i: times.append(time.time() - t0); toks.append(int(s.completion_mask.sum())); positions.append(m.get("positions", 0))  # 0: no update (equal rewards)
    return times, toks


def roofline_s(model, positions:float) -> dict:
    "The least time a step can take here: 64 decode steps of G rows, then the update's FLOPs (forward + backward to the inputs)"
    n = matmul_params(model)
    decode = NEW * max(2 * n / (bandwidth_gbs() * 1e9), 2 * n * G / (matmul_gflops(G, torch.bfloat16) * 1e9))
    update = 2 * n * positions * 2 / (matmul_gflops(512, torch.bfloat16) * 1e9)
    return {"decode": decode, "update": update, "total": decode + update}


def time_trl(prompts, steps):
    from datasets import Dataset
    from peft import LoraConfig
    from transformers import AutoModelForCausalLM, TrainerCallback
    from trl import GRPOConfig as TRLConfig, GRPOTrainer
    from rlkit.models import load_tokenizer
    path = str(embedded_model_dir())
    model, tok = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32), load_tokenizer()
    ds = Dataset.from_list([{"prompt": [{"role": "user", "content": p}]} for p in prompts * (steps + 1)][: steps + 1])
    stamps, toks = [], []
    class Clock(TrainerCallback):
        def on_step_end(self, args, state, control, **kw): stamps.append(time.time())
    def reward(completions, **kw):
        texts = [c[-1]["content"] for c in completions]
        toks.append(sum(len(tok(t, add_special_tokens=False).input_ids) + 1 for t in texts))
        return toy_reward(texts)
    args = TRLConfig(output_dir="/tmp/rlkit-bench-trl", per_device_train_batch_size=G, num_generations=G, max_completion_length=NEW,
                     max_steps=steps + 1, learning_rate=LR, report_to="none", use_cpu=True, bf16=False, save_strategy="no",
                     logging_steps=1000, disable_tqdm=True)
    trainer = GRPOTrainer(model=model, reward_funcs=reward, args=args, train_dataset=ds, processing_class=tok,
                          peft_config=LoraConfig(r=16, lora_alpha=32, target_modules="all-linear", task_type="CAUSAL_LM"),
                          callbacks=[Clock()])
    t0 = time.time()
    trainer.train()
    ends = [t0] + stamps
    return [b - a for a, b in zip(ends[1:-1], ends[2:])], toks[1:]


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--steps", type=int, default=4); a = ap.parse_args()
    print(f"threads {torch.get_num_threads()}, {G} completions x {NEW} new tokens per step, LoRA r=16, "
          f"{a.steps} timed steps after one warm-up step")
    prompts = [t.prompt for t in bundled("code", "train")[:8]]
    res, positions = {}, []
    for name, fn in (("rlkit", lambda p, k: time_rlkit(p, k, positions)), ("TRL", time_trl)):
        seed_everything(0)
        with PeakRSS() as mem: times, toks = fn(prompts, a.steps)
        res[name] = (sum(times) / len(times), mem.peak, sum(toks) / len(toks))
        print(f"{name:>6}: {res[name][0]:6.1f} s/step   peak +{mem.peak:6.0f} MB   {res[name][2]:.0f} completion tokens/step", flush=True)
    positions = [p for p in positions if p] or [0]
    roof = roofline_s(load_policy()[0], sum(positions) / len(positions))
    print(f"roofline: {roof['total']:6.1f} s/step (decode {roof['decode']:.1f} s, update {roof['update']:.1f} s for "
          f"{sum(positions) / len(positions):.0f} positions)")
    r, t = res["rlkit"][0], res["TRL"][0]
    print(f"\nrlkit / TRL      = {r / t:.2f}x time, {res['rlkit'][1] / max(1, res['TRL'][1]):.2f}x peak memory  (goal: at most 0.5x time)")
    print(f"rlkit / roofline = {r / roof['total']:.2f}x time")
    print("(completion lengths differ between methods because every method samples; compare tokens/step above)")

"""Seconds per GRPO step and peak memory: rlkit's GRPO against TRL's GRPOTrainer and against the floor, in one process.

Same model (the embedded SmolLM2-135M-Instruct), LoRA r=16 on all linear layers, 8 completions x 64 new tokens per step,
the same prompts, TRL's defaults where rlkit has a choice (beta=0: no reference pass; token-level loss; gradient
checkpointing on). The floor is what no GRPO implementation can beat: bare `model.generate` for the batch plus one forward
and backward of it. Peak memory is the process's resident memory above what it held before each method ran.

    .venv/bin/python bench/grpo_vs_trl.py [--steps 4]
"""
import argparse, os, threading, time, warnings
import torch

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.core import Trajectory, seed_everything
from rlkit.generate import chat_text, sample
from rlkit.grpo import GRPOConfig, grpo_step
from rlkit.models import embedded_model_dir, load_policy
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


def time_rlkit(prompts, steps):
    model, tok = load_policy(gradient_checkpointing=True)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=LR)
    cfg = GRPOConfig(lr=LR, group_size=G, max_new_tokens=NEW, beta=0.0, micro_batch=G, attempts=1)
    times, toks = [], []
    for i in range(steps + 1):
        t0 = time.time()
        s = sample(model, tok, [prompts[i % len(prompts)]], n=G, max_new_tokens=NEW)
        trajs = [Trajectory("t", 0, [s.turn(j)], reward=r) for j, r in enumerate(toy_reward(s.texts))]
        grpo_step(model, tok, opt, trajs, cfg)
        if i: times.append(time.time() - t0); toks.append(int(s.completion_mask.sum()))
    return times, toks


def time_floor(prompts, steps):
    model, tok = load_policy(gradient_checkpointing=True)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=LR)
    times, toks = [], []
    for i in range(steps + 1):
        t0 = time.time()
        enc = tok([chat_text(tok, prompts[i % len(prompts)])] * G, return_tensors="pt", add_special_tokens=False)
        model.eval()
        with torch.no_grad(): out = model.generate(**enc, max_new_tokens=NEW, do_sample=True, pad_token_id=tok.pad_token_id)
        model.train()
        labels = out.clone(); labels[:, : enc.input_ids.shape[1]] = -100
        model(input_ids=out, labels=labels).loss.backward()
        opt.step(); opt.zero_grad()
        if i: times.append(time.time() - t0); toks.append(int((out[:, enc.input_ids.shape[1]:] != tok.pad_token_id).sum()))
    return times, toks


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
    res = {}
    for name, fn in (("floor", time_floor), ("rlkit", time_rlkit), ("TRL", time_trl)):
        seed_everything(0)
        with PeakRSS() as mem: times, toks = fn(prompts, a.steps)
        res[name] = (sum(times) / len(times), mem.peak, sum(toks) / len(toks))
        print(f"{name:>6}: {res[name][0]:6.1f} s/step   peak +{mem.peak:6.0f} MB   {res[name][2]:.0f} completion tokens/step", flush=True)
    f, r, t = res["floor"][0], res["rlkit"][0], res["TRL"][0]
    print(f"\nrlkit / TRL   = {r / t:.2f}x time, {res['rlkit'][1] / max(1, res['TRL'][1]):.2f}x peak memory  (goal: at most 0.6x time)")
    print(f"rlkit / floor = {r / f:.2f}x time, {res['rlkit'][1] / max(1, res['floor'][1]):.2f}x peak memory  (goal: at most 1.3x time)")
    print("(completion lengths differ between methods because every method samples; compare tokens/step above)")

"""Seconds per GRPO step and peak memory: rlkit's GRPO against TRL's GRPOTrainer, each in its own fresh process.

Same model (the embedded SmolLM2-135M-Instruct), LoRA r=16 on all linear layers, 8 completions x 64 new tokens per step,
the same prompts, TRL's defaults where rlkit has a choice (beta=0: no reference pass; token-level loss). Each side runs
with its own defaults otherwise: TRL in float32 with gradient checkpointing (its CPU defaults), rlkit with its fast decode
loop, bf16 matmuls where the CPU has them and its own default memory choices.

Each side runs on its own default allocator: rlkit's on jemalloc, as `rlkit train` starts itself, TRL's on glibc's
malloc, as Python starts; `--allocators jemalloc,jemalloc` puts both on jemalloc. `--max-positions N` holds rlkit's
update passes to N positions, as its trainer does when a memory budget asks for less than the default.

Memory is measured fairly: each side runs alone in a fresh Python process (`--side rlkit` / `--side trl`), the sides
alternate in order (rlkit first, then TRL first, ...), `--repeats` times, and the figure is the median of each
process's whole peak resident memory (the kernel's VmHWM: imports, model and all) beside the median seconds per step. On
a GPU, `torch.cuda.max_memory_allocated` is reported too. The roofline is what no implementation can beat on this
machine, measured in a process of its own (bench/generate.py): 64 decode steps of 8 rows, each bounded by reading the
weights once or by the bf16 matmul rate at 8 rows, plus the update's FLOPs at the bf16 rate of large matmuls.

    .venv/bin/python bench/grpo_vs_trl.py [--steps 4 --repeats 3 --json bench/results/grpo_vs_trl.json]
                                          [--allocators jemalloc,jemalloc] [--max-positions 512]
"""
import argparse, json, os, re, statistics, subprocess, sys, time, warnings
from pathlib import Path
import torch

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.core import Trajectory, seed_everything
from rlkit.generate import chat_text, sample
from rlkit.grpo import GRPOConfig, grpo_step, matmul_params
sys.path.insert(0, str(Path(__file__).parent))
from generate import bandwidth_gbs, matmul_gflops
from memory import arm_env
from rlkit.models import embedded_model_dir, load_policy
from rlkit.episodes import RolloutConfig
from rlkit.tasks import bundled

G, NEW, LR = 8, 64, 1e-5


def peak_rss_mb() -> float:
    "The process's peak resident memory so far (VmHWM), in MB"
    return int(re.search(r"VmHWM:\s+(\d+)", open("/proc/self/status").read()).group(1)) / 1024


def toy_reward(completions):  # any reward works for timing: the length of the completion, so groups are not all equal
    return [min(len(c), 200) / 200 for c in completions]


def time_rlkit(prompts, steps, positions, max_positions):
    model, tok = load_policy()
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=LR)
    cfg = GRPOConfig(lr=LR, beta=0.0, micro_batch=G, max_positions=max_positions)
    rollout = RolloutConfig(group_size=G, max_new_tokens=NEW, attempts=1)
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


def side(name:str, steps:int, max_positions:int):
    "One side in this process: one JSON line with its seconds per step and its peak memory"
    prompts = [t.prompt for t in bundled("code", "train")[:8]]
    seed_everything(0)
    positions = []
    times, toks = time_rlkit(prompts, steps, positions, max_positions) if name == "rlkit" else time_trl(prompts, steps)
    out = {"side": name, "step_s": sum(times) / len(times), "tokens_per_step": sum(toks) / len(toks),
           "peak_rss_mb": peak_rss_mb(), "positions": [p for p in positions if p]}
    if torch.cuda.is_available():
        out["cuda_max_allocated_mb"] = torch.cuda.max_memory_allocated() / 2 ** 20
    print("RESULT " + json.dumps(out), flush=True)


def run_side(name:str, steps:int, allocator:str, max_positions:int) -> dict:
    p = subprocess.run([sys.executable, __file__, "--side", name, "--steps", str(steps), "--max-positions", str(max_positions)],
                       env=arm_env(allocator), capture_output=True, text=True)
    line = next((l for l in p.stdout.splitlines() if l.startswith("RESULT ")), None)
    if p.returncode or line is None:
        sys.exit(f"--side {name} failed (exit {p.returncode}):\n{p.stderr[-3000:]}")
    return json.loads(line[len("RESULT "):])


def roofline(positions:float):
    print("RESULT " + json.dumps(roofline_s(load_policy()[0], positions)), flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--side", choices=["rlkit", "trl", "roofline"], default=None)
    ap.add_argument("--positions", type=float, default=0.0)
    ap.add_argument("--json", default=None)
    ap.add_argument("--max-positions", type=int, default=GRPOConfig.max_positions,
                    help="rlkit's positions per update pass at most (default: rlkit's)")
    ap.add_argument("--allocators", default="jemalloc,glibc",
                    help="rlkit's side's allocator, then TRL's: jemalloc as `rlkit train` runs, glibc's malloc as "
                         "Python starts (default: each side's own)")
    a = ap.parse_args()
    allocators = dict(zip(("rlkit", "trl"), a.allocators.split(",")))
    if a.side == "roofline":
        roofline(a.positions)
        sys.exit()
    if a.side:
        side(a.side, a.steps, a.max_positions)
        sys.exit()
    print(f"threads {torch.get_num_threads()}, {G} completions x {NEW} new tokens per step, LoRA r=16, "
          f"{a.steps} timed steps after one warm-up step; each side in a fresh process, {a.repeats} rounds, "
          f"alternating order; allocators {allocators}; rlkit's passes of at most {a.max_positions} positions")
    runs = {"rlkit": [], "trl": []}
    for i in range(a.repeats):
        for name in (("rlkit", "trl") if i % 2 == 0 else ("trl", "rlkit")):
            r = run_side(name, a.steps, allocators[name], a.max_positions)
            runs[name].append(r)
            print(f"round {i + 1} {name:>6}: {r['step_s']:6.1f} s/step   peak {r['peak_rss_mb']:6.0f} MB resident"
                  + (f"   cuda {r['cuda_max_allocated_mb']:.0f} MB" if "cuda_max_allocated_mb" in r else "")
                  + f"   {r['tokens_per_step']:.0f} completion tokens/step", flush=True)
    med = {n: {k: statistics.median(r[k] for r in rs) for k in ("step_s", "peak_rss_mb", "tokens_per_step")
               + (("cuda_max_allocated_mb",) if "cuda_max_allocated_mb" in rs[0] else ())} for n, rs in runs.items()}
    positions = [p for r in runs["rlkit"] for p in r["positions"]] or [0]
    p = subprocess.run([sys.executable, __file__, "--side", "roofline", "--positions",
                        str(sum(positions) / len(positions))], capture_output=True, text=True)
    roof = json.loads(next(l for l in p.stdout.splitlines() if l.startswith("RESULT "))[len("RESULT "):])
    r, t = med["rlkit"], med["trl"]
    print(f"\nmedian of {a.repeats}: rlkit {r['step_s']:.1f} s/step, {r['peak_rss_mb']:.0f} MB; "
          f"TRL {t['step_s']:.1f} s/step, {t['peak_rss_mb']:.0f} MB")
    print(f"rlkit / TRL      = {r['step_s'] / t['step_s']:.2f}x time, {r['peak_rss_mb'] / t['peak_rss_mb']:.2f}x peak "
          "resident memory (whole process)")
    print(f"rlkit / roofline = {r['step_s'] / roof['total']:.2f}x time (roofline {roof['total']:.1f} s/step: decode "
          f"{roof['decode']:.1f} s, update {roof['update']:.1f} s)")
    print("(completion lengths differ between methods because every method samples; compare tokens/step above)")
    if a.json:
        Path(a.json).write_text(json.dumps({"steps": a.steps, "repeats": a.repeats, "threads": torch.get_num_threads(),
                                            "allocators": allocators,
                                            "max_positions": a.max_positions, "runs": runs, "median": med, "roofline": roof},
                                           indent=1))

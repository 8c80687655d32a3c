"""Peak memory of one GRPO step on Qwen2.5-0.5B- and 1.5B-shaped models, LoRA on a float32 base and on a 4-bit (nf4)
base, each case in its own fresh process, beside tutorial 05's weights-only estimate and a fuller one.

The models are built from Qwen2.5's configurations (hidden size, MLP width, layers, heads, tied embeddings and its
vocabulary of 151,936) with random weights and saved in bf16, as its checkpoints are; no hub. The tokenizer is built
locally: a word-level one with the same vocabulary size, so every id the model draws decodes; the prompt is 64 words
drawn at random across that vocabulary (69 tokens with the chat template). One step is the trainer's: `load_model`
(LoRA r=16 on all linear layers, the `TrainConfig` defaults), one rollout through `run_episodes` (1 prompt x 4
completions x 64 new tokens, one attempt, a reward that differs within the group so the step trains), then `grpo_step`
with `GRPOConfig()`'s defaults (micro-batch 4, the reference pass, no checkpointing). Each phase resets the kernel's
peak-resident counter (`/proc/self/clear_refs`, bench/memory.py's `Phase`); a case's peak is the largest peak of its
phases (VmHWM), imports and all.

Beside it: *tutorial 05's estimate*, parameters x bits from the config (`weight_gb`: 32 bits for a float32 base, 4.5 for
nf4 and its scales), and the *fuller estimate*, made from the config, the largest of three peaks. The
load: the libraries (the import phase as measured), the base's weights as they are held (nf4 quantises the decoder's
linear layers only; the embeddings stay in float32) and the bf16 checkpoint, mapped while it loads. The rollout: the
libraries and weights, the fast decode loop's merged copy (float32 base only; in its decode dtype, a tied head sharing
the embedding's copy) and the LoRA weights with their gradients and AdamW's two moments. The update: the libraries,
weights and LoRA state, and the activations of its largest pass with one chunk of logits (`activation_mb`); the update
frees the decode copy first. A case that would not fit in the memory available is not run;
one that grows past `--limit-gb` is stopped; either is recorded as such. A case marked `+gc` turns gradient
checkpointing on, as the trainer's memory budget (`--memory-budget`, `fit_update`) does when an update would not fit.

Every process runs on jemalloc, as `rlkit train` does (`--allocator glibc`: on glibc's malloc).

    .venv/bin/python bench/memory_shapes.py [--cases 0.5b:float32 0.5b:nf4 1.5b:float32 1.5b:nf4 1.5b:float32+gc]
                                            [--limit-gb 12] [--json bench/results/memory_shapes.json]
"""
import argparse, json, os, platform, random, re, subprocess, sys, tempfile, threading, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).parent))
from memory import Phase, restart_on, status

VOCAB = 151_936  # Qwen2.5's embedding rows (its tokenizer uses 151,665 of them)
SHAPES = {  # from Qwen2.5's config.json files
    "0.5b": dict(hidden_size=896, intermediate_size=4864, num_hidden_layers=24, num_attention_heads=14,
                 num_key_value_heads=2),
    "1.5b": dict(hidden_size=1536, intermediate_size=8960, num_hidden_layers=28, num_attention_heads=12,
                 num_key_value_heads=2),
}
SPECIAL = {"<|endoftext|>": 151643, "<|im_start|>": 151644, "<|im_end|>": 151645}  # Qwen's own ids
GROUP, NEW, PROMPT = 4, 64, 64  # completions, new tokens each, prompt words
MB = 2 ** 20


def config(shape:str):
    from transformers import Qwen2Config
    return Qwen2Config(vocab_size=VOCAB, max_position_embeddings=32768, tie_word_embeddings=True, rope_theta=1e6,
                       rms_norm_eps=1e-6, bos_token_id=SPECIAL["<|endoftext|>"], eos_token_id=SPECIAL["<|im_end|>"],
                       pad_token_id=SPECIAL["<|endoftext|>"], **SHAPES[shape])


def qwen_sized_tokenizer():
    "A word-level tokenizer of Qwen2.5's vocabulary size: `w123` is id 123; the chat tokens at Qwen's ids"
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast
    from rlkit.models import CHAT_TEMPLATE
    words = SPECIAL | {"user": 151646, "assistant": 151647, "system": 151648, "<unk>": 151649}  # the chat template's
    vocab = {f"w{i}": i for i in range(VOCAB) if i not in words.values()} | words
    tk = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    tk.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tok = PreTrainedTokenizerFast(tokenizer_object=tk, eos_token="<|im_end|>", bos_token="<|im_start|>",
                                  pad_token="<|endoftext|>", additional_special_tokens=["<|im_start|>", "<|im_end|>"])
    tok.chat_template = CHAT_TEMPLATE
    return tok


def build(shape:str, out:Path):
    "Save a random model of `shape` in bf16 (as Qwen's checkpoints are) with the tokenizer"
    import torch
    from transformers import AutoModelForCausalLM
    torch.manual_seed(0)
    AutoModelForCausalLM.from_config(config(shape), dtype=torch.bfloat16).save_pretrained(out)
    qwen_sized_tokenizer().save_pretrained(out)


def counts(shape:str, lora_r:int) -> dict:
    "Parameters of the shape by where they live, and its LoRA's, counted on the meta device (nothing allocated)"
    import torch
    from transformers import AutoModelForCausalLM
    with torch.device("meta"):
        m = AutoModelForCausalLM.from_config(config(shape))
    linears = [mod for mod in m.model.layers.modules() if isinstance(mod, torch.nn.Linear)]  # what nf4 quantises
    total, embed = sum(p.numel() for p in m.parameters()), m.model.embed_tokens.weight.numel()  # the tied head once
    return {"params": total, "linear": sum(x.weight.numel() for x in linears), "embed": embed,
            "lora": sum(lora_r * (x.in_features + x.out_features) for x in linears)}  # peft's "all-linear"


def tutorial_weight_gb(cfg, bits:float) -> float:
    "Tutorial 05's `weight_gb`: the decoder's parameters from its config, times bits per parameter, in GB"
    h, L, v, i = cfg.hidden_size, cfg.num_hidden_layers, cfg.vocab_size, cfg.intermediate_size
    kv = cfg.num_key_value_heads * (h // cfg.num_attention_heads)
    n = L * (h * h * 2 + h * kv * 2 + 3 * h * i) + v * h * (1 if cfg.tie_word_embeddings else 2)
    return n * bits / 8 / 1e9


def fuller_mb(n:dict, cfg, base:str, positions:int, # of the update's largest pass
              libraries_mb:float, decode_bytes:int, checkpointing:bool=False) -> dict:
    "The fuller estimate's parts in MB, and the largest of its peaks: loading, the rollout and the update"
    from rlkit.grpo import activation_mb
    nf4 = base == "nf4"
    weights = (n["linear"] * 4.5 / 8 + (n["params"] - n["linear"]) * 4) if nf4 else n["params"] * 4
    parts = {"libraries": libraries_mb, "weights": weights / MB,
             "checkpoint": n["params"] * 2 / MB,  # the bf16 file, mapped while it loads
             # freed before the update; in the base's own dtype the embedding (and a head tied to it) is not copied
             "decode_copy": 0.0 if nf4 else (n["params"] - (n["embed"] if decode_bytes == 4 else 0))
                                            * decode_bytes / MB,
             "lora_adam": n["lora"] * 4 * 4 / MB,  # float32 weights, gradients, AdamW's two moments
             "activations": activation_mb(cfg, positions, checkpointing, 4)}  # and a chunk of logits
    held = parts["libraries"] + parts["weights"]
    peaks = {"load": held + parts["checkpoint"], "rollout": held + parts["decode_copy"] + parts["lora_adam"],
             "update": held + parts["lora_adam"] + parts["activations"]}
    return {k: round(v, 1) for k, v in (parts | peaks).items()} | {"total": round(max(peaks.values()), 1)}


CASES = ["0.5b:float32", "0.5b:nf4", "1.5b:float32", "1.5b:nf4", "1.5b:float32+gc"]


def parse_case(text:str) -> tuple[str, str, bool]:
    "'1.5b:float32+gc' -> ('1.5b', 'float32', True)"
    shape, _, base = text.partition(":")
    gc = base.endswith("+gc")
    base = base.removesuffix("+gc")
    if shape not in SHAPES or base not in ("float32", "nf4"):
        raise argparse.ArgumentTypeError(f"{text!r}: use SHAPE:BASE[+gc], SHAPE in {list(SHAPES)}, BASE float32 or nf4")
    return shape, base, gc


def watchdog(limit_mb:float, rows:list, now:list):
    "Stop this process (exit 3) if its resident memory passes `limit_mb`, saying in which phase (`now[0]`)"
    def watch():
        while status("VmRSS") <= limit_mb:
            time.sleep(0.05)
        done = [r | {"peak_mb": round(r["rss_before_mb"] + r["peak_above_mb"], 1)} for r in rows]
        print(json.dumps({"stopped": f"stopped in the {now[0]}: resident memory passed --limit-gb "
                          f"({limit_mb / 1024:.0f} GB)", "phases": done, "peak_mb_at_least": round(limit_mb, 1)}),
              flush=True)
        os._exit(3)
    threading.Thread(target=watch, daemon=True).start()


def case(shape:str, base:str, checkpointing:bool, model_dir:str, limit_gb:float) -> dict:
    "One GRPO step in this (fresh) process, phase by phase"
    rows, now = [], ["imports"]
    watchdog(limit_gb * 1024, rows, now)
    with Phase("import torch, transformers, rlkit", rows):
        import torch
        from rlkit.core import Task, seed_everything
        from rlkit.episodes import RolloutConfig, run_episodes
        from rlkit.generate import decode_dtype, fast_unsupported
        from rlkit.grpo import GRPOConfig, episode_batch, grpo_step
        from rlkit.models import _prepare_tokenizer
        from rlkit.train import TrainConfig, load_model
    seed_everything(0)
    cfg = TrainConfig(model=model_dir, quantization="4bit" if base == "nf4" else None,
                      gradient_checkpointing=checkpointing)
    now[0] = "load"
    with Phase(f"load: {base} base + LoRA r={cfg.lora_r}", rows):
        model, _ = load_model(cfg)
        # transformers reads a qwen2 config's tokenizer as Qwen's byte-level one, which would mangle these words
        tok = _prepare_tokenizer(qwen_sized_tokenizer())
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.grpo.lr, weight_decay=0.0)
    rollout = RolloutConfig(group_size=GROUP, max_new_tokens=NEW, attempts=1, temperature=1.0)
    prompt = " ".join(f"w{i}" for i in random.Random(0).sample(range(SPECIAL["<|endoftext|>"]), PROMPT))
    spread = lambda tasks, cs, results=None: [len(set(c.split())) / max(1, len(c.split())) + 0.01 * i
                                              for i, c in enumerate(cs)]  # never equal within the group
    now[0] = "rollout"
    with Phase(f"rollout: 1 prompt x {GROUP} completions x {NEW} tokens", rows):
        eps = run_episodes(model, tok, [Task("words/0", "words", prompt)], rollout, rewards={"spread": spread})
    now[0] = "update"
    with Phase("update: one GRPO step", rows):
        m = grpo_step(model, tok, opt, eps, GRPOConfig(), rollout)
    for r in rows:
        r["peak_mb"] = round(r["rss_before_mb"] + r["peak_above_mb"], 1)  # this phase's VmHWM
    fast = fast_unsupported(model) is None
    return {"phases": rows, "peak_mb": max(r["peak_mb"] for r in rows), "stepped": m["stepped"],
            "longest": int(episode_batch(tok, eps)["attention_mask"].sum(-1).max()), "completion_tokens": m["tokens"],
            "micro_batch": GRPOConfig().micro_batch, "max_positions": GRPOConfig().max_positions,
            "lora_params": sum(p.numel() for p in model.parameters() if p.requires_grad),
            "decode": f"fast loop, {decode_dtype(model, rollout.decode_dtype)}" if fast else "reference loop (4-bit)",
            "decode_bytes": decode_dtype(model, rollout.decode_dtype).itemsize, "threads": torch.get_num_threads()}


def child(*args, timeout:float=3600) -> tuple[int, dict, str]:
    "Run this script in a fresh process; its return code, the JSON of its last line, and its stderr's tail"
    p = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, timeout=timeout)
    last = (p.stdout.strip().splitlines() or ["{}"])[-1]
    try:
        got = json.loads(last)
    except json.JSONDecodeError:
        got = {}
    return p.returncode, got, p.stderr.strip()[-1500:]


def available_mb() -> float:
    return int(re.search(r"MemAvailable:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1)) / 1024


def machine() -> str:
    cpu = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
    total = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1)) / 1024 ** 2
    return f"{os.cpu_count()} CPU cores, {cpu.group(1).strip() if cpu else platform.processor()}, {total:.0f} GB RAM"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", nargs="+", default=[parse_case(c) for c in CASES], type=parse_case,
                    help="SHAPE:BASE[+gc], SHAPE one of 0.5b, 1.5b; BASE float32 or nf4; +gc: gradient checkpointing")
    ap.add_argument("--limit-gb", type=float, default=12.0, help="stop a case whose process grows past this")
    ap.add_argument("--json", default=None)
    ap.add_argument("--build", nargs=2, metavar=("SHAPE", "DIR"), help=argparse.SUPPRESS)
    ap.add_argument("--case", nargs=2, metavar=("CASE", "DIR"), help=argparse.SUPPRESS)
    ap.add_argument("--allocator", default="jemalloc", choices=["jemalloc", "glibc"],
                    help="jemalloc as `rlkit train` runs on it (the default), or glibc's malloc; the cases inherit it")
    a = ap.parse_args()
    restart_on(a.allocator)
    a.case_names = [f"{sh}:{b}{'+gc' if gc else ''}" for sh, b, gc in a.cases]
    if a.build:
        return build(a.build[0], Path(a.build[1]))
    if a.case:
        return print(json.dumps(case(*parse_case(a.case[0]), a.case[1], a.limit_gb)))
    import bitsandbytes, torch, transformers
    from rlkit.core import allocator
    from rlkit.config import TrainConfig
    from rlkit.generate import fast_bf16_cpu
    from rlkit.grpo import GRPOConfig, widest_pass
    u = GRPOConfig()  # the update's defaults: its largest pass is `widest_pass` of the longest episode
    tc = TrainConfig()
    out = {"command": "python bench/memory_shapes.py " + " ".join(sys.argv[1:]), "machine": machine(),
           "versions": {"torch": torch.__version__, "transformers": transformers.__version__,
                        "bitsandbytes": bitsandbytes.__version__, "python": platform.python_version()},
           "allocator": allocator(), "cases": [],
           "setup": {"prompt_words": PROMPT, "group": GROUP, "max_new_tokens": NEW, "vocab": VOCAB,
                     "lora_r": tc.lora_r, "micro_batch": u.micro_batch, "max_positions": u.max_positions,
                     "limit_gb": a.limit_gb}}
    # until a case has measured them: the libraries about as bench/memory.py measures them, bf16 decoding with AMX
    libraries_mb, decode_bytes = 420.0, 2 if fast_bf16_cpu() else 4
    longest = PROMPT + 5 + NEW  # the chat template adds 5 tokens
    with tempfile.TemporaryDirectory(prefix="rlkit-memory-shapes-") as tmp:
        for i, (shape, base, gc) in enumerate(a.cases):
            cfg, n, model_dir = config(shape), counts(shape, tc.lora_r), Path(tmp) / shape
            if not model_dir.exists():
                rc, _, err = child("--build", shape, str(model_dir))
                if rc:
                    sys.exit(f"building the {shape} model failed: {err}")
            name = f"{shape} {base}{', checkpointing' if gc else ''}"
            row = {"shape": f"Qwen2.5-{shape.upper()}", "base": base, "checkpointing": gc} | n
            row["tutorial05_gb"] = round(tutorial_weight_gb(cfg, 4.5 if base == "nf4" else 32), 3)
            widest = widest_pass(longest, u.micro_batch, u.max_positions)
            row["fuller_mb"] = fuller_mb(n, cfg, base, widest, libraries_mb, decode_bytes, gc)
            need, free = row["fuller_mb"]["total"], available_mb()
            if need > free - 2048:  # leave the others on this machine some room
                row["status"] = f"not run: needs about {need / 1024:.1f} GB, {free / 1024:.1f} GB available"
                out["cases"].append(row)
                print(f"{name}: {row['status']}", flush=True)
                continue
            t0 = time.time()
            rc, got, err = child("--case", a.case_names[i], str(model_dir), "--limit-gb", str(a.limit_gb))
            row |= {"available_before_mb": round(free), "wall_s": round(time.time() - t0)}
            if rc or "phases" not in got:
                row["status"] = got.pop("stopped", None) or f"failed (exit {rc}): {(err or 'no output')[-300:]}"
                out["cases"].append(row | got)
                print(f"{name}: {row['status']}", flush=True)
                continue
            row |= got | {"status": "ran"}
            libraries_mb, decode_bytes = got["phases"][0]["rss_after_mb"], got["decode_bytes"]
            longest = got["longest"]
            widest = widest_pass(longest, u.micro_batch, u.max_positions)
            row["fuller_mb"] = fuller_mb(n, cfg, base, widest, libraries_mb, decode_bytes, gc)
            out["cases"].append(row)
            print(f"{name}: peak {got['peak_mb']:,.0f} MB; tutorial 05 {row['tutorial05_gb'] * 1e9 / MB:,.0f} MB; "
                  f"fuller {row['fuller_mb']['total']:,.0f} MB ({time.time() - t0:.0f} s)", flush=True)
    print(json.dumps(out, indent=1))
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

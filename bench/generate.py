"""Decode speed of rlkit's fast loop against its reference loop and transformers' `generate`, and against this machine's roofline.

One prompt x N rows (8, 16, 32, 64), 64 new tokens (EOS suppressed, so every path decodes the same number of steps), the
embedded SmolLM2-135M-Instruct with a fresh LoRA adapter (r=16 on every linear layer), as `rlkit train` samples it. Each
path runs once to warm up, then once timed; all in this one process.

The roofline is measured in the same run: a decode step must read every weight once (memory: bytes / measured bandwidth)
and do 2 FLOPs per weight per row (compute: FLOPs / measured GFLOPS of a matmul whose weights are not in cache, at the
same row count). The bound of a step is the larger of the two, computed for float32 and for bf16 weights.

    .venv/bin/python bench/generate.py [--rows 8 16 32 64] [--new 64]

With --ragged it measures instead what the fast loop saves by dropping ended rows from its batch (`shrink`), where rows
end at different steps as they do in training and evaluation: the first 64 held-out `listfn` instances decoded greedily,
and 6 of them x 8 samples at the training temperature, each row ending when its code block closes, up to --new tokens
(the rollout's `max_new_tokens`). The baseline is the same loop keeping every row to the end (`shrink=2`), run side by
side in this process; it prints both times, their ratio, and how many rows decoded the very same tokens.

    .venv/bin/python bench/generate.py --ragged [--new 128]

With --repair it measures the prefill of a repair turn, whose prompts are all distinct and of many lengths: 6 held-out
`listfn` instances x 8 first attempts at the training temperature, run in the sandbox, and each failed one's
conversation (prompt, attempt, feedback) as the second turn's prompt. The baseline prefills them in one pass padded to
the longest (`PREFILL_TOKENS` set past their total); the default prefills them shortest first, in chunks each cut to
its own longest. Both then decode the turn (T=0.7, same seed, up to --new tokens); it prints the prompt tokens each
computes, both times, their ratio, and how many rows decoded the very same tokens.

    .venv/bin/python bench/generate.py --repair [--new 128]
"""
import argparse, os, time, warnings
import torch
import torch.nn.functional as F

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
import rlkit.generate
from rlkit.core import Trajectory
from rlkit.episodes import RolloutConfig, conversation, run_episodes
from rlkit.families import family_split
from rlkit.generate import (chat_text, code_block_stop, decode_dtype, decode_weights, eos_token_ids, fast_loop, left_pad,
                            prefill_chunks, reference_loop)
from rlkit.models import load_policy

PROMPT = "Write a Python function `acronym(s)` that returns the acronym of `s`: the first letter of each word, in upper case."


def bandwidth_gbs() -> float:
    x = torch.ones(512 * 2 ** 20 // 4)  # 512 MB, far larger than any cache
    x.sum(); t = time.perf_counter()
    for _ in range(5): x.sum()
    return 5 * x.numel() * 4 / (time.perf_counter() - t) / 1e9


def matmul_gflops(rows:int, dtype) -> float:
    "GFLOPS of (rows x 576) @ (576 x 1536) on 60 different weights (uncached, as in a decode step)"
    Ws = [torch.randn(1536, 576).to(dtype) for _ in range(60)]
    x = torch.randn(rows, 576).to(dtype)
    for w in Ws: F.linear(x, w)
    t = time.perf_counter()
    for _ in range(3):
        for w in Ws: F.linear(x, w)
    return 3 * 60 * 2 * rows * 576 * 1536 / (time.perf_counter() - t) / 1e9


def ragged(model, tok, new:int):
    "The fast loop with and without dropping ended rows, on prompts whose rows end at different steps"
    prompts = [chat_text(tok, t.prompt) for t in family_split("listfn", "test")[:64]]
    eos, dtype = torch.tensor(eos_token_ids(model, tok)), decode_dtype(model, "auto")
    print(f"decode dtype {dtype}, {torch.get_num_threads()} threads, up to {new} new tokens a row")
    for what, texts, temperature in (("greedy, 64 held-out instances", prompts, 0.0),
                                     ("T=0.7, 6 instances x 8", [p for p in prompts[:6] for _ in range(8)],
                                      RolloutConfig().temperature)):
        ids, mask = left_pad([tok(x, add_special_tokens=False).input_ids for x in texts], tok.pad_token_id)
        def run(shrink):
            return fast_loop(model, ids, mask, eos, tok.pad_token_id, new, temperature, 1.0,
                             torch.Generator().manual_seed(0), code_block_stop(tok, [True] * len(texts)), dtype=dtype,
                             shrink=shrink)
        out = {}
        for shrink in (2.0, 0.25):  # the baseline keeps every row; then the default
            run(shrink)
            t = time.perf_counter(); tokens, alive, _, _ = run(shrink); out[shrink] = (time.perf_counter() - t, tokens)
        (s0, t0), (s1, t1) = out[2.0], out[0.25]
        live = torch.stack(alive, 1).float()
        same = sum(torch.equal(a, b) for a, b in zip(torch.stack(t0, 1), torch.stack(t1, 1)))
        print(f"{what}: {len(t0)} steps, {live.mean():.0%} of row-steps live; keeping every row {s0:.1f} s, "
              f"dropping ended rows {s1:.1f} s: {s0 / s1:.2f}x; {same} of {len(texts)} rows the same tokens", flush=True)


def repair(model, tok, new:int):
    "A repair turn's prefill: one pass padded to the longest prompt, against length-sorted chunks cut to their own"
    ro = RolloutConfig(attempts=2, max_new_tokens=new)
    trajs = run_episodes(model, tok, family_split("listfn", "test")[:6], ro, generator=torch.Generator().manual_seed(0))
    rows = [conversation(tok, Trajectory(t.task_id, t.group_id, t.turns[:1]))[0] for t in trajs if len(t.turns) > 1]
    ids, mask = left_pad(rows, tok.pad_token_id)
    eos, dtype = torch.tensor(eos_token_ids(model, tok)), decode_dtype(model, "auto")
    default = rlkit.generate.PREFILL_TOKENS
    lengths = sorted(len(r) for r in rows)
    cut = sum((c.stop - c.start) * lengths[c.stop - 1] for c in prefill_chunks(lengths, default))
    print(f"decode dtype {dtype}, {torch.get_num_threads()} threads; {len(rows)} repair prompts of {lengths[0]}-"
          f"{lengths[-1]} tokens ({sum(lengths)} in all); prompt tokens computed: padded {len(rows) * ids.shape[1]}, "
          f"cut {cut}")
    out = {}
    for name, budget in (("one padded pass", 10 ** 9), ("length-sorted chunks", default)):  # the baseline first
        rlkit.generate.PREFILL_TOKENS = budget
        run = lambda: fast_loop(model, ids, mask, eos, tok.pad_token_id, new, ro.temperature, 1.0,
                                torch.Generator().manual_seed(0), code_block_stop(tok, [True] * len(rows)), dtype=dtype)
        run()
        t = time.perf_counter()
        tokens = run()[0]
        out[name] = (time.perf_counter() - t, torch.stack(tokens, 1))
    rlkit.generate.PREFILL_TOKENS = default
    (s0, t0), (s1, t1) = out.values()
    same = sum(torch.equal(a, b) for a, b in zip(t0, t1))
    print(f"the repair turn, prefill and decode: one padded pass {s0:.1f} s, length-sorted chunks {s1:.1f} s: "
          f"{s0 / s1:.2f}x; {same} of {len(rows)} rows the same tokens", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, nargs="+", default=[8, 16, 32, 64])
    ap.add_argument("--new", type=int, default=64)
    ap.add_argument("--ragged", action="store_true", help="rows that end at different steps: dropping them, or not")
    ap.add_argument("--repair", action="store_true", help="a repair turn's prefill: padded to the longest, or cut")
    a = ap.parse_args()
    model, tok = load_policy(None)
    model.eval()
    if a.ragged:
        return ragged(model, tok, a.new)
    if a.repair:
        return repair(model, tok, a.new)
    hf = model.get_base_model()
    n_params = sum(p.numel() for n, p in hf.named_parameters() if "lora" not in n and "embed_tokens" not in n) + hf.lm_head.weight.numel()
    bw = bandwidth_gbs()
    bf16 = decode_dtype(model, "auto")
    print(f"weights read per step: {n_params / 1e6:.0f}M; memory bandwidth {bw:.1f} GB/s; auto decode dtype {bf16}; {torch.get_num_threads()} threads")
    for dt in (torch.float32, bf16):  # what the fast loop pays when the adapter changed (once per training step): merge and fuse
        decode_weights(model, dt)
        with torch.no_grad(): next(p for n, p in model.named_parameters() if "lora_B" in n).add_(0.0)  # an in-place write, as optimizer.step
        t = time.perf_counter(); decode_weights(model, dt)
        print(f"merging the adapter into {str(dt).split('.')[-1]} decode weights: {1e3 * (time.perf_counter() - t):.0f} ms (once per weight change, no compile)")
    never = torch.tensor([-1])  # no EOS: every path decodes --new steps
    rows_ids = tok(chat_text(tok, PROMPT), add_special_tokens=False).input_ids
    head = f"{'rows':>5} {'path':<26} {'tok/s':>8} {'ms/step':>8} {'roofline ms':>12} {'x roofline':>10} {'x generate':>10}"
    print(head); print("-" * len(head))
    for n in a.rows:
        ids, mask = left_pad([rows_ids] * n, tok.pad_token_id)
        roof = {}
        for name, dt, size in (("float32", torch.float32, 4), ("bfloat16", torch.bfloat16, 2)):
            roof[name] = max(n_params * size / (bw * 1e9), 2 * n_params * n / (matmul_gflops(n, dt) * 1e9)) * 1e3  # ms per step
        paths = {
            "transformers generate": (lambda: model.generate(input_ids=ids, attention_mask=mask, max_new_tokens=a.new, min_new_tokens=a.new,
                                                             do_sample=True, top_k=0, pad_token_id=tok.pad_token_id), "float32"),
            "rlkit reference loop": (lambda: reference_loop(model, ids, mask, never, tok.pad_token_id, a.new, 1.0, 1.0), "float32"),
            "rlkit fast loop, float32": (lambda: fast_loop(model, ids, mask, never, tok.pad_token_id, a.new, 1.0, 1.0, dtype=torch.float32), "float32"),
            f"rlkit fast loop, {str(bf16).split('.')[-1]}": (lambda: fast_loop(model, ids, mask, never, tok.pad_token_id, a.new, 1.0, 1.0, dtype=bf16),
                                                            str(bf16).split(".")[-1]),
        }
        base = None
        for name, (fn, dt) in paths.items():
            with torch.no_grad():
                fn(); t = time.perf_counter(); fn(); s = time.perf_counter() - t
            ms = s / a.new * 1e3
            base = base or ms
            print(f"{n:>5} {name:<26} {n * a.new / s:>8.0f} {ms:>8.1f} {roof[dt]:>12.1f} {ms / roof[dt]:>10.2f} {base / ms:>10.2f}", flush=True)


if __name__ == "__main__":
    main()

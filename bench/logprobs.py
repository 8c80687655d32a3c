"""Logprobs of completion tokens for a training batch: rlkit's `sequence_logprobs` (output head on completion
positions only, one row's log-softmax at a time) against the naive baseline (full-vocabulary float32
log-softmax over every position). Each runs forward + backward in its own subprocess so that peak memory
(max RSS) is its own. Embedded SmolLM2-135M + LoRA r=16, 8 completions x 64 tokens, prompts of ~60 tokens.

    .venv/bin/python bench/logprobs.py
"""
import json, resource, subprocess, sys, time

B, P, C, REPS = 8, 60, 64, 3


def run(kind: str):
    import torch
    from rlkit.logprobs import sequence_logprobs
    from rlkit.models import load_policy
    torch.manual_seed(0)
    model, tok = load_policy()
    ids = torch.randint(0, 49152, (B, P + C)); att = torch.ones_like(ids); cmask = torch.ones(B, C, dtype=torch.long)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    times = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        if kind == "naive":
            logits = model(input_ids=ids, attention_mask=att).logits  # (B, P + C, V)
            logp = logits.float().log_softmax(-1)[:, :-1].gather(-1, ids[:, 1:, None]).squeeze(-1)[:, -C:]
        else:
            logp = sequence_logprobs(model, ids, att, cmask)
        (logp * cmask).sum().backward()
        times.append(time.perf_counter() - t0)
        model.zero_grad(set_to_none=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": min(times), "peak_mb": peak / 1024, "extra_mb": (peak - base) / 1024}))


if __name__ == "__main__":
    if len(sys.argv) > 1: run(sys.argv[1]); sys.exit()
    res = {}
    for kind in ("naive", "rlkit"):
        out = subprocess.run([sys.executable, __file__, kind], capture_output=True, text=True, check=True).stdout
        res[kind] = json.loads(out.strip().splitlines()[-1])
        print(f"{kind:>6}: {res[kind]['seconds']:.2f} s forward+backward, peak RSS {res[kind]['peak_mb']:.0f} MB "
              f"(+{res[kind]['extra_mb']:.0f} MB over the loaded model)")
    n, r = res["naive"], res["rlkit"]
    print(f"rlkit / naive: time {r['seconds'] / n['seconds']:.2f}x, extra memory {r['extra_mb'] / max(n['extra_mb'], 1):.2f}x")

"""Replay a batch that broke a training step through GRPO's update again: on another device, in another dtype, or with another
attention kernel, to find which of them makes the gradient NaN.

When a gradient is not finite, the divergence guard keeps the step's episodes in the run directory (`fault-stepN-tryK.jsonl`)
and names where the update first saw it. This script loads the run's model (from its config.json), puts the adapter of the
checkpoint the step started from (the newest before step N) on it, and runs `grpo_step` on the kept episodes with a fresh optimizer:
it prints the loss, the gradient norm and, when it is not finite, the micro-batch and the parameters. Nothing is written.
GRPO runs only (PPO's update also needs its rollout pass and the value head).

    .venv/bin/python bench/replay_fault.py runs/X/fault-step1-try1.jsonl                 # as the run had it, on this machine
    python3 bench/replay_fault.py runs/X/fault-step1-try1.jsonl --dtype float32          # on a GPU: the model in float32, not bf16
    python3 bench/replay_fault.py runs/X/fault-step1-try1.jsonl --sdpa math              # the reference attention kernel
    python3 bench/replay_fault.py runs/X/fault-step1-try1.jsonl --sdpa cudnn             # cuDNN's kernel, which rlkit switches off on CUDA

On an H200 (torch 2.11+cu130) the embedded model's first GRPO step at 32 tasks x 16 broke this way: bf16 with the default kernel
(then cuDNN's) and with `--sdpa cudnn` gave a NaN gradient norm; `--sdpa math`, `--dtype float32` and cuDNN switched off gave
0.038. That is pytorch/pytorch#196678, and why `rlkit.core.avoid_cudnn_attention` exists. `--sdpa efficient` and `--sdpa flash`
find no kernel for this model's attention (grouped KV heads with a padding mask).
"""
import argparse, contextlib, json, os, re, sys, warnings
from pathlib import Path

warnings.filterwarnings("ignore", category=FutureWarning)
os.environ.setdefault("HF_HUB_OFFLINE", "1")
import torch
from rlkit.core import Trajectory, read_jsonl
from rlkit.grpo import grpo_step
from rlkit.runs import checkpoints
from rlkit.train import TrainConfig

SDPA = {"math": "MATH", "efficient": "EFFICIENT_ATTENTION", "flash": "FLASH_ATTENTION", "cudnn": "CUDNN_ATTENTION"}


def policy(cfg:TrainConfig, adapter:Path, device:str|None, dtype:str|None):
    "The run's model with `adapter` on it, trainable, on `device` in `dtype` (None: as the run loaded it)"
    from rlkit.models import load_policy, tiny_policy
    if cfg.model == "tiny":
        from peft import set_peft_model_state_dict
        from safetensors.torch import load_file
        model, tok = tiny_policy(lora_r=cfg.lora_r, device=device or "cpu")
        set_peft_model_state_dict(model, load_file(adapter / "adapter_model.safetensors"))
        return (model.to(getattr(torch, dtype)) if dtype else model), tok
    return load_policy(cfg.model, adapter=str(adapter), quantization=cfg.quantization, device=device,
                       dtype=getattr(torch, dtype) if dtype else None, gradient_checkpointing=cfg.gradient_checkpointing)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fault", help="a fault-stepN-tryK.jsonl from a run directory")
    ap.add_argument("--device", default=None, help="default: CUDA when available, else the CPU")
    ap.add_argument("--dtype", choices=["float32", "bfloat16"], default=None, help="the model's dtype (default: the run's, bf16 on CUDA)")
    ap.add_argument("--sdpa", choices=["default", *SDPA], default="default", help="the attention kernel scaled_dot_product_attention may use")
    a = ap.parse_args()
    fault = Path(a.fault)
    if not fault.is_file(): sys.exit(f"replay_fault: {fault} is not a file: pass a fault-stepN-tryK.jsonl from a run directory")
    run = fault.parent
    if not (run / "config.json").is_file(): sys.exit(f"replay_fault: {run} has no config.json: the fault file must stay in its run directory")
    cfg = TrainConfig.from_dict(json.loads((run / "config.json").read_text()))
    if cfg.algo != "grpo": sys.exit(f"replay_fault: the run is {cfg.algo!r}; only GRPO's update replays (PPO's needs its rollout pass and value head)")
    step = re.fullmatch(r"fault-step(\d+)-try\d+\.jsonl", fault.name)
    if not step: sys.exit(f"replay_fault: {fault.name} is not named fault-stepN-tryK.jsonl: pass a file the divergence guard wrote")
    ck = [c for c in checkpoints(run) if int(c.name.split("-")[1]) < int(step[1])]  # the step started from the newest before it
    if not ck: sys.exit(f"replay_fault: {run} has no checkpoint before step {step[1]} to take the adapter from")
    eps = read_jsonl(fault, Trajectory)
    if not eps: sys.exit(f"replay_fault: {fault} holds no episodes")
    model, tok = policy(cfg, ck[-1] / "adapter", a.device, a.dtype)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.update.lr, weight_decay=0.0)
    where = next(model.parameters())
    kernel = (torch.nn.attention.sdpa_kernel(getattr(torch.nn.attention.SDPBackend, SDPA[a.sdpa])) if a.sdpa != "default"
              else contextlib.nullcontext())
    with kernel: m = grpo_step(model, tok, opt, eps, cfg.grpo, cfg.rollout)
    print(f"{fault.name}: {len(eps)} episodes, adapter of {ck[-1].name}, {where.device} {where.dtype}, attention kernel {a.sdpa}")
    print(f"loss {m['loss']}, grad norm {m['grad_norm']}: {'finite' if m['stepped'] else 'NOT finite'}")
    if "nonfinite" in m: print(json.dumps(m["nonfinite"]))
    sys.exit(0 if m["stepped"] else 1)


if __name__ == "__main__":
    main()

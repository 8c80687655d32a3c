"""The GPU check (`bash scripts/gpu_check.sh`; at most 5 minutes on one GPU): a 0.5B-shaped Qwen2 model in bf16 and in 4-bit,
each with 2 GRPO steps with repair, a resume, 1 PPO step, the held-out evaluation before and after, and the run opened in
the viewer (where ipywidgets is installed); it prints peak memory and step times.

A lent GPU machine reaches no hub and takes no 98 MB model file, so the model is built from Qwen2.5-0.5B's shape with random
weights and a byte-level tokenizer. Its code passes nothing, but every path runs on the device: sampling with the run's
generator, the sandbox, feedback and repair, the update, checkpoints and resume, the evaluation, the viewer.
`--device cpu --layers 2 --hidden 64` runs the same script as a smoke test on a CPU."""
import argparse, importlib.util, json, shutil, sys, tempfile, time, warnings
from pathlib import Path

import torch


def build(out:Path, layers:int, hidden:int) -> Path:
    "Save a random Qwen2 model of the given depth and width (default: Qwen2.5-0.5B's) with the byte-level tokenizer"
    from transformers import AutoModelForCausalLM, Qwen2Config
    from rlkit.models import tiny_tokenizer
    tok = tiny_tokenizer()
    heads = max(2, hidden // 64)
    cfg = Qwen2Config(vocab_size=len(tok), hidden_size=hidden, intermediate_size=(hidden * 38 // 7 + 63) // 64 * 64, num_hidden_layers=layers,
                      num_attention_heads=heads, num_key_value_heads=2 if heads % 2 == 0 else 1, max_position_embeddings=4096,
                      tie_word_embeddings=True, rope_theta=1e6, bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id,
                      pad_token_id=tok.pad_token_id)
    torch.manual_seed(0)
    AutoModelForCausalLM.from_config(cfg, dtype=torch.bfloat16).save_pretrained(out)
    tok.save_pretrained(out)
    return out


def lowercase(tasks, completions, results=None):
    "A dense toy reward beside the tests: random weights pass no test, and a group whose rewards are all equal is never trained on"
    return [sum(ch.islower() for ch in c) / max(1, len(c)) for c in completions]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--layers", type=int, default=24)
    ap.add_argument("--hidden", type=int, default=896)
    ap.add_argument("--quantization", nargs="+", default=["none", "4bit"])
    ap.add_argument("--sandbox", choices=["firejail", "subprocess"], default=None,
                    help="default: firejail where installed, else subprocess (NOT isolated; a GPU machine often lacks firejail)")
    a = ap.parse_args()
    if a.device == "cuda" and not torch.cuda.is_available(): sys.exit("gpu_check: no CUDA device here (pass --device cpu for a smoke run)")
    if a.device == "cpu": torch.cuda.is_available = lambda: False  # rlkit picks CUDA when it sees one
    warnings.filterwarnings("ignore", category=FutureWarning)
    from rlkit.rewards import correct
    from rlkit.episodes import RolloutConfig
    from rlkit.runs import read_metrics
    from rlkit.train import TrainConfig, train
    viewer_cls = None
    if importlib.util.find_spec("ipywidgets"): from rlkit.widgets import TrajectoryViewer as viewer_cls
    else: print("viewer: not checked (ipywidgets is not installed here)", flush=True)
    sandbox = a.sandbox or ("firejail" if shutil.which("firejail") else "subprocess")
    root = Path(tempfile.mkdtemp(prefix="rlkit-gpu-check-"))
    t0 = time.time()
    model = build(root / "model", a.layers, a.hidden)
    print(f"model: Qwen2 shape, {a.layers} layers x {a.hidden} wide, random weights ({time.time() - t0:.0f}s to build)", flush=True)
    report, failed = [], []
    for q in a.quantization:
        for algo in ("grpo", "ppo"):
            name, run = f"{q}/{algo}", root / f"run-{q}-{algo}"
            try:
                if a.device == "cuda": torch.cuda.reset_peak_memory_stats()
                t = time.time()
                cfg = TrainConfig(model=str(model), quantization=None if q == "none" else q, algo=algo, steps=2 if algo == "grpo" else 1,
                                  tasks_per_step=2, checkpoint_every=1, out=str(run), eval_samples=1 if algo == "grpo" else 0, sandbox=sandbox,
                                  rollout=RolloutConfig(group_size=4, max_new_tokens=64, attempts=2))
                res = train(cfg, rewards={"correct": correct, "lowercase": (lowercase, 0.1)}, log=lambda s: print(f"  [{name}] {s}", flush=True))
                if algo == "grpo":  # resume: the generator, sampler and optimizer come back from the checkpoint on this device
                    res = train(TrainConfig(steps=3), resume=run, rewards={"correct": correct, "lowercase": (lowercase, 0.1)}, log=lambda s: print(f"  [{name}] {s}", flush=True))
                rows, events = read_metrics(run)
                viewer = viewer_cls(run) if viewer_cls else None
                assert viewer is None or (viewer.trajs and viewer.group()), "the viewer shows no episodes"
                ev = res["eval"]
                report.append({"run": name, "steps": len(rows), "step_s": [round(r["step_s"], 1) for r in rows],
                               "generate_s": [round(r["generate_s"], 1) for r in rows], "update_s": [round(r["update_s"], 1) for r in rows],
                               "peak_mb": max(r["peak_mem_mb"] for r in rows), "fix_rate": [r.get("fix_rate") for r in rows],
                               "eval": {k: ev[k]["pass_rate"] for k in ("before", "after") if k in ev},
                               "sandbox": sandbox, "viewer": f"{len(viewer.trajs)} episodes; {viewer.sandbox}" if viewer else "not checked", "wall_s": round(time.time() - t, 1)})
                print(f"{name}: ok, {json.dumps(report[-1])}", flush=True)
            except Exception as e:
                failed.append(name); print(f"{name}: FAILED {type(e).__name__}: {e}", flush=True)
                import traceback; traceback.print_exc()
    print(f"\n{'run':<12} {'steps':>5} {'step s':>18} {'generate s':>18} {'update s':>18} {'peak MB':>9}")
    for r in report:
        print(f"{r['run']:<12} {r['steps']:>5} {str(r['step_s']):>18} {str(r['generate_s']):>18} {str(r['update_s']):>18} {r['peak_mb']:>9.0f}")
    print(f"total {time.time() - t0:.0f}s; " + (f"FAILED: {', '.join(failed)}" if failed else "every run passed"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

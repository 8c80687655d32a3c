"""Toy tasks and rewards that the tiny random model can learn in seconds, for the training tests.
Run as a script, it trains (or resumes) a toy run: `python tests/toys.py RUN_DIR [--kill-at-step K] [--resume] \
[--algo ppo]`."""
import math, os, signal, sys
from pathlib import Path

from rlkit.core import ExecResult, Task, write_jsonl
from rlkit.grpo import GRPOConfig
from rlkit.ppo import PPOConfig
from rlkit.episodes import RolloutConfig
from rlkit.train import TrainConfig, train


def lowercase(tasks, completions, results=None):
    ("The fraction of characters that are lowercase ASCII letters: a dense toy reward (about 0.1 for the random tiny "
     "model)")
    return [sum(ch in "abcdefghijklmnopqrstuvwxyz" for ch in c) / max(1, len(c)) for c in completions]


def lowercase_plus_bonus(tasks, completions, results=None):
    "`lowercase` plus 0.25 x the task's number: tasks of unequal difficulty, whose baselines PPO's critic must learn"
    return [f + 0.25 * int(t.id.rsplit("/", 1)[1]) for f, t in zip(lowercase(tasks, completions), tasks)]


def lowercase_check(tasks, completions):
    "A toy executor: 'passed' when at least 60% of the characters are lowercase letters, else 'failed' with feedback"
    out = []
    for f in lowercase(tasks, completions):
        out.append(ExecResult("passed", 1, 1) if f >= 0.6
                   else ExecResult("failed", 0, 1, detail=f"only {f:.0%} of the characters are lowercase letters"))
    return out


def toy_tasks(path, n:int=4) -> str:
    write_jsonl(path, [Task(f"toy/{i}", "toy", f"Say a{i}.") for i in range(n)], append=False)
    return str(path)


def toy_config(run_dir, tasks_file, rollout:dict|None=None, update:dict|None=None, ppo:dict|None=None,
               hooks:dict|None=None, **kw) -> TrainConfig:
    ("A toy run; its reward pulls the random model far from its reference (KL > 1 per token in a few steps), so the "
     "KL guard is off unless set")
    # the toys' step counts and thresholds assume T=1 and bf16 matmuls in sampling and update: pinned, so that a toy
    # learns the same on every CPU, whether `auto` picks bf16 there (AMX) or float32
    ro = dict(group_size=8, max_new_tokens=16, attempts=1, temperature=1.0, decode_dtype="bfloat16") | (rollout or {})
    up = dict(lr=1e-2, beta=0.0, update_dtype="bfloat16") | (update or {})  # the update settings GRPO and PPO share
    return TrainConfig(tasks=tasks_file, model="tiny", out=str(run_dir),
                       **({"eval_samples": 0, "max_kl": math.inf, "steps": 6, "checkpoint_every": 2,
                           "tasks_per_step": 2} | kw),
                       rollout=RolloutConfig(**ro), grpo=GRPOConfig(**up), ppo=PPOConfig(**(up | (ppo or {}))),
                       # the violation stop, as by default, then the hooks a test turns on
                       hooks={"violation": {}} | (hooks or {}))


if __name__ == "__main__":
    run, args = Path(sys.argv[1]), sys.argv[2:]
    kill_at = int(args[args.index("--kill-at-step") + 1]) if "--kill-at-step" in args else None
    calls = {"n": 0}

    def reward(tasks, completions, results=None):
        calls["n"] += 1  # one call per step (attempts=1, no evaluation)
        if kill_at is not None and calls["n"] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)  # die in the middle of that step
        return lowercase(tasks, completions)

    # TRL's trainer, under `accelerate launch` or not:
    # code tasks in the sandbox, plus the toy reward for something to learn
    if "--trl" in args:
        import torch
        from accelerate import PartialState
        from rlkit.rewards import correct
        from rlkit.trl import train_trl
        res = train_trl(toy_config(run, "code", engine="trl", steps=2, difficulty="easy"),
                        rewards={"correct": correct, "lowercase": lowercase})
        lora = torch.cat([p.detach().flatten() for n, p in sorted(res["trainer"].model.named_parameters())
                          if "lora_" in n])
        (run.parent / f"{run.name}-rank{PartialState().process_index}.txt").write_text(
            f"{lora.sum().item():.6f} {lora.abs().sum().item():.6f}")
    elif "--resume" in args:
        train(resume=run, rewards={"a": reward})
    else:
        algo = args[args.index("--algo") + 1] if "--algo" in args else "grpo"
        train(toy_config(run, toy_tasks(run.parent / f"{run.name}-tasks.jsonl"), algo=algo), rewards={"a": reward})

"""Train the Bradley-Terry reward model on the bundled preference pairs from the embedded SmolLM2-135M-Instruct
(LoRA r=16 on the top layers + scalar head) on the CPU, and print the held-out pairwise accuracy, overall and by kind.

    .venv/bin/python bench/reward_model.py [--epochs 1] [--top-layers 8] [--pairs 452] [--batch-size 8] [--lr 3e-4] [--seed 0] [--save DIR]

LoRA on the top layers only: the lower layers then need no backward pass, which halves the cost of a step on a CPU.
"""
import argparse, collections, time

import torch

from rlkit.core import seed_everything
from peft import LoraConfig

from rlkit.models import load_policy
from rlkit.reward_model import RewardModel, pairwise_accuracy, preference_pairs, save_reward_model, train_reward_model

ap = argparse.ArgumentParser()
ap.add_argument("--epochs", type=int, default=1); ap.add_argument("--batch-size", type=int, default=8)
ap.add_argument("--top-layers", type=int, default=8); ap.add_argument("--pairs", type=int, default=None)
ap.add_argument("--lr", type=float, default=3e-4); ap.add_argument("--seed", type=int, default=0); ap.add_argument("--save", default=None)
a = ap.parse_args()

seed_everything(a.seed)
n_layers = 30  # SmolLM2-135M
lora = LoraConfig(r=16, lora_alpha=32, task_type="CAUSAL_LM", target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"],
                  layers_to_transform=list(range(n_layers - a.top_layers, n_layers)))
policy, tok = load_policy(lora=lora)
rm = RewardModel(policy, tok)
train, test = preference_pairs("train")[: a.pairs], preference_pairs("test")
print(f"held-out accuracy before training: {pairwise_accuracy(rm, test):.1%} (all rewards start at 0: ties count as wrong)")
t0 = time.time()
losses = train_reward_model(rm, train, epochs=a.epochs, batch_size=a.batch_size, lr=a.lr, seed=a.seed)
train_s = time.time() - t0
acc = pairwise_accuracy(rm, test)
print(f"trained on {len(train)} pairs x {a.epochs} epoch(s) in {train_s / 60:.1f} min on {torch.get_num_threads()} threads; "
      f"loss {sum(losses[:10]) / 10:.3f} -> {sum(losses[-10:]) / 10:.3f}")
print(f"held-out pairwise accuracy: {acc:.1%} on {len(test)} pairs")
by = collections.defaultdict(list)
for p in test: by[p["kind"]].append(p)
for kind, ps in sorted(by.items()): print(f"  {kind:>10}: {pairwise_accuracy(rm, ps):.1%} ({len(ps)} pairs)")
if a.save: print("saved to", save_reward_model(rm, a.save))

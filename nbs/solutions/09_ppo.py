"""Solutions to the exercises of `09_ppo.ipynb`. Try them first: `check` tells you what is wrong.

`%load solutions/09_ppo.py` in a cell of the notebook brings them in; `tests/test_exercises.py` checks them."""
import torch


# Exercise 1: gae. One episode at a time, in plain Python: rlkit's version does all episodes at once with torch.where
def my_gae(rewards, # (B, T) per-token rewards
           values, # (B, T) V(s_t) of each generated token
           mask, # (B, T) 1 on generated tokens; others are skipped
           gamma=1.0, lam=0.95):
    "Advantages and value targets (returns), right to left over the masked tokens"
    B, T = rewards.shape
    adv = torch.zeros_like(rewards)  # (B, T)
    for b in range(B):
        next_v, next_adv = 0.0, 0.0  # after the last generated token
        for t in reversed(range(T)):
            if not mask[b, t]: continue  # padding or feedback: not a step, next_v and next_adv carry across it
            delta = rewards[b, t] + gamma * next_v - values[b, t]
            next_adv = delta + gamma * lam * next_adv
            adv[b, t], next_v = next_adv, values[b, t]
    return adv, (adv + values) * mask


# Exercise 2 (open-ended), one answer. A_0 = sum_k (gamma * lam)^k delta_k, and each V(s_k) for k >= 1 appears in two deltas:
# with gamma = 1 its weight in A_0 is lam^(k-1) - lam^k = lam^(k-1) (1 - lam), and V(s_0) has weight -1.
#   lam = 0:    A_0 = V(s_1) - V(s_0): only the critic; a noisy reward does not reach it at all (all bias, no variance)
#   lam = 1:    A_0 = R - V(s_0): the critic only as a baseline; all of the reward's noise (no bias, all variance)
#   lam = 0.95: mostly the return, a little of each later value: most of the noise, and a small dependence on the critic
# A critic that has not learned (explained variance <= 0) makes every value it contributes wrong, so a lam close to 1 relies
# on it least; 0.95 is a compromise that works across many tasks once the critic is useful.

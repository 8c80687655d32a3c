"""Solutions to the exercises of `08_grpo.ipynb`. Try them first: `check` tells you what is wrong.

`%load solutions/08_grpo.py` in a cell of the notebook brings them in; `tests/test_exercises.py` checks them."""
import torch


# Exercise 1: kl_k3
def my_kl_k3(logp, # (B, T) policy logprobs
             ref_logp): # (B, T) reference logprobs
    "Per-token k3 estimate of KL(policy || reference)"
    d = ref_logp - logp  # (B, T): log(pi_ref / pi)
    return torch.exp(d) - d - 1


# Exercise 2: group_advantages. A loop over the groups: plainer than rlkit's index_add_, and slower for many groups
def my_group_advantages(rewards, # (N,) one reward per episode
                        group, # (N,) group index of each episode
                        scale_std=True, # divide by the group's std
                        eps=1e-4):
    "Each episode's reward minus its group's mean, optionally divided by the group's standard deviation"
    adv = torch.zeros_like(rewards)  # (N,)
    for k in group.unique():
        inside = group == k  # (N,) the episodes of group k
        r = rewards[inside]
        a = r - r.mean()
        adv[inside] = a / (r.std() + eps) if scale_std else a  # torch.std divides by n - 1
    return adv


# Exercise 3: clipped_surrogate
def my_clipped_surrogate(logp, # (B, T) logprobs under the policy being trained
                         old_logp, # (B, T) logprobs when the tokens were sampled
                         adv, # (B,) one advantage per sequence, or (B, T) one per token
                         eps_low=0.2, eps_high=0.2):
    "Per-token clipped objective (to maximise) and where clipping was active"
    ratio = torch.exp(logp - old_logp)  # (B, T)
    a = adv[:, None] if adv.dim() == 1 else adv  # (B, 1) broadcasts over the tokens, or (B, T)
    unclipped = ratio * a  # (B, T)
    clipped = ratio.clamp(1 - eps_low, 1 + eps_high) * a  # (B, T)
    return torch.minimum(unclipped, clipped), clipped < unclipped  # the clip decided where its term is the smaller


# Exercise 4 (open-ended), one answer. Groups of 8, k passing:
#   k   advantage of a pass (with std / without)   group's total |advantage| (with std / without)
#   1        2.47 / 0.875                                4.95 / 1.75
#   2        1.62 / 0.75                                 6.48 / 3.00
#   4        0.94 / 0.50                                 7.48 / 4.00
# Without the scaling a 1-in-8 group pushes 1.75 / 4 = 0.44 times as hard as a 4-in-8 group; with it 4.95 / 7.48 = 0.66 times:
# the scaling weights the rare success up. With a small model on hard tasks that is the signal there is, so scale_std=True is a
# fair choice there; scale_std=False (Dr. GRPO) weighs every pass and fail by its reward alone. Watch reward_std and
# zero_var_groups per step, and the pass rate on the validation split.

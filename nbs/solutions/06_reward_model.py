"""Solutions to the exercises of `06_reward_model.ipynb`. Try them first: `check` tells you what is wrong.

`%load solutions/06_reward_model.py` in a cell of the notebook brings them in; `tests/test_exercises.py` checks them."""
import torch
import torch.nn.functional as F


# Exercise 1: the Bradley-Terry loss. logsigmoid, not log(sigmoid(.)): it stays finite for a pair ranked wrong by a wide gap
def my_bradley_terry_loss(r_chosen, # (B,) rewards of the chosen responses
                          r_rejected): # (B,) rewards of the rejected responses
    "Mean of -log sigmoid(r_chosen - r_rejected) over the pairs"
    return -F.logsigmoid(r_chosen - r_rejected).mean()


# Exercise 2 (open-ended), one answer. The extended loss:
def my_bradley_terry_loss_with_margin(r_chosen, r_rejected, margin=0.0, center=0.0):
    "Mean of -log sigmoid(r_chosen - r_rejected - margin) + center * (r_chosen + r_rejected)^2"
    return (-F.logsigmoid(r_chosen - r_rejected - margin) + center * (r_chosen + r_rejected) ** 2).mean()
# checked in the notebook against rlkit's, e.g.
#   cases = [(torch.tensor([1.0]), torch.tensor([1.0]), 0.0, 0.1), (torch.randn(8), torch.randn(8), torch.rand(8), 0.01)]
#   for case in cases:
#       torch.testing.assert_close(my_bradley_terry_loss_with_margin(*case), bradley_terry_loss(*case))
# A (B,) tensor of margins broadcasts against r_chosen - r_rejected, so both functions accept one margin per pair already.
# A pair's margin shifts where its loss stops pulling: the gradient on r_c - r_r is -sigmoid(-(r_c - r_r - m)), so a pair
# with a larger margin keeps pushing its rewards apart until their gap is well past m. To use it, the bundled pairs would
# need a strength per pair (say 1.0 for a stub against the reference, 0.3 for a one-operator bug), a `margin` field that
# train_reward_model would read instead of its one number.

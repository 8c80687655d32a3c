import math

import pytest
import torch

from rlkit.core import Task
from rlkit.models import tiny_policy
from rlkit.reward_model import (RewardModel, as_reward, bradley_terry_loss, load_reward_model, pairwise_accuracy,
                                preference_pairs, save_reward_model, train_reward_model)
from rlkit.rewards import score


def _toy(n0, n1):
    "A toy preference: an answer ending in '!' beats the same answer ending in '?'"
    words = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "theta"]
    return [{"prompt": f"say {words[i % 8]} {i}", "chosen": f"{words[(i * 3) % 8]} {i}!",
             "rejected": f"{words[(i * 3) % 8]} {i}?"}
            for i in range(n0, n1)]


def test_reward_model_learns_a_toy_preference_well_above_chance():
    torch.manual_seed(0)
    policy, tok = tiny_policy(seed=1)
    rm = RewardModel(policy, tok)
    held = _toy(100, 160)
    assert pairwise_accuracy(rm, held) == 0.5  # rewards start equal: every pair a tie, which counts half (chance)
    losses = train_reward_model(rm, _toy(0, 64), epochs=8, batch_size=8, lr=3e-3, progress=False)
    assert losses[-1] < losses[0] < 0.7
    assert pairwise_accuracy(rm, held) >= 0.85


def test_bradley_terry_loss_values_and_margin():
    rc, rr = torch.tensor([1.0, 0.0]), torch.tensor([0.0, 1.0])
    want = (-torch.nn.functional.logsigmoid(torch.tensor([1.0, -1.0]))).mean()
    assert torch.isclose(bradley_terry_loss(rc, rr), want)
    assert bradley_terry_loss(rc, rr, margin=1.0) > bradley_terry_loss(rc, rr)
    assert torch.isclose(bradley_terry_loss(torch.tensor([2.0]), torch.tensor([2.0]), center=0.5),
                         torch.tensor(math.log(2) + 8.0))


@pytest.mark.parametrize("side", ["left", "right"])
def test_reward_on_the_last_real_token_ignores_padding(side):
    "Left padding (rlkit's tokenizers) puts the last real token at the end of every row; right padding does not"
    policy, tok = tiny_policy(seed=2)
    tok.padding_side = side
    rm = RewardModel(policy, tok)
    torch.nn.init.normal_(rm.head.weight, generator=torch.Generator().manual_seed(0))
    ids, mask = rm.encode(["q", "q"], ["short", "a much longer answer than the other one"])
    assert mask[0, -1 if side == "left" else 0] == 1 and mask[0, 0 if side == "left" else -1] == 0
    alone = rm.score(["q"], ["short"])
    padded = rm.score(["q", "q"], ["short", "a much longer answer than the other one"])
    assert abs(alone[0] - padded[0]) < 1e-4 and abs(padded[0] - padded[1]) > 1e-2


def test_save_load_and_use_as_a_reward(tmp_path):
    policy, tok = tiny_policy(seed=3)
    rm = RewardModel(policy, tok)
    torch.nn.init.normal_(rm.head.weight)
    save_reward_model(rm, tmp_path / "rm")
    rm2 = load_reward_model(tmp_path / "rm", tiny_policy(lora=False, seed=3)[0], tok)
    assert rm2.score(["q", "q"], ["a", "b"]) == pytest.approx(rm.score(["q", "q"], ["a", "b"]), abs=1e-5)
    t = Task("chat/1", "chat", "q")
    rows = score([t, t], ["a", "b"], {"rm": as_reward(rm)}, results=[None, None])
    assert [r["rm"] for r in rows] == pytest.approx(rm.score(["q", "q"], ["a", "b"]), abs=1e-5)
    with pytest.raises(FileNotFoundError, match="not a saved reward model"):
        load_reward_model(tmp_path, tiny_policy(lora=False)[0], tok)
    with pytest.raises(TypeError, match="LoRA adapter"):
        RewardModel(tiny_policy(lora=False)[0], tok)


def test_bundled_preference_set():
    train, test = preference_pairs("train"), preference_pairs("test")
    assert len(train) + len(test) >= 500
    assert {p["kind"] for p in test} == {"code_stub", "code_bug", "concise", "format"}
    assert not {p["task_id"] for p in train} & {p["task_id"] for p in test}
    assert all(p["chosen"] != p["rejected"] for p in train + test)
    with pytest.raises(ValueError, match="split='dev'"):
        preference_pairs("dev")

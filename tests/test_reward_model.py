import math

import pytest
import torch

from rlkit.core import Task
from rlkit.models import tiny_policy
from rlkit.generate import chat_text
from rlkit.reward_model import (RewardModel, as_reward, bradley_terry_loss, cut_prompt, load_reward_model,
                                pairwise_accuracy, preference_pairs, prompt_tokens, save_reward_model,
                                train_reward_model)
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
    rm = RewardModel(policy, tok, max_length=300)
    torch.nn.init.normal_(rm.head.weight)
    save_reward_model(rm, tmp_path / "rm")
    rm2 = load_reward_model(tmp_path / "rm", tiny_policy(lora=False, seed=3)[0], tok)
    assert rm2.max_length == 300  # it reads what it was trained to read
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


def _rm(max_length, seed=4):
    "A tiny reward model (byte-level tokenizer: one token per character) whose head is not zero"
    policy, tok = tiny_policy(seed=seed)
    rm = RewardModel(policy, tok, max_length=max_length)
    torch.nn.init.normal_(rm.head.weight, generator=torch.Generator().manual_seed(seed))
    return rm


@pytest.mark.parametrize("side", ["left", "right"])
def test_responses_that_differ_only_after_token_500_score_differently(side):
    rm = _rm(max_length=1024)
    rm.tokenizer.padding_side = side
    same = "word " * 120  # 600 tokens both responses share
    a, b = same + "then yes, and that is all.", same + "then no!, and that is all."
    ids, mask = rm.encode(["q", "q"], [a, b])
    assert int((ids[0] != ids[1]).nonzero()[0]) > 500  # the rows differ only past token 500
    ra, rb = rm.score(["q", "q"], [a, b])
    assert abs(ra - rb) > 1e-3
    assert rm.score(["q", "q"], [a, a])[0] == pytest.approx(rm.score(["q"], [a])[0], abs=1e-4)


def test_a_long_prompt_is_cut_from_the_left_and_the_whole_response_kept():
    rm = _rm(max_length=256)
    tok = rm.tokenizer
    prompt = [{"role": "system", "content": "Start of the system prompt. " + "Filler. " * 50},
              {"role": "user", "content": "Earlier text. " * 40 + "The question: name a prime."}]
    response = "Seven, a prime number."
    ids, mask = rm.encode([prompt, "short"], [response, response])
    assert mask[0].sum() == 256 and mask[1].sum() < 256  # the long one fills max_length exactly
    row = tok.decode(ids[0][mask[0].bool()])
    assert row.startswith("<|im_start|>system\n") and "Start of the system prompt" not in row  # the opening stays
    assert row.endswith("The question: name a prime.<|im_end|>\n<|im_start|>assistant\n" + response)
    # a prompt that fits is the chat text, token for token
    whole = tok(chat_text(tok, "short") + response, add_special_tokens=False).input_ids
    assert ids[1][mask[1].bool()].tolist() == whole


def test_cut_prompt_keeps_the_opening_and_the_end():
    ids = list(range(20))
    assert cut_prompt(ids, 20, 3) == ids and cut_prompt(ids, 30, 3) == ids
    assert cut_prompt(ids, 8, 3) == [0, 1, 2, 15, 16, 17, 18, 19]
    assert cut_prompt(ids, 3, 3) == [0, 1, 2]


def test_prompt_tokens_finds_the_template_around_the_messages(smol):
    "SmolLM2's template adds a system prompt when none is given: it is part of the opening a cut prompt keeps"
    tok = smol[1]
    ids, opening, closing = prompt_tokens(tok, "What is 2 + 2?")
    head, tail = tok.decode(ids[:opening]), tok.decode(ids[-closing:])
    assert head.startswith("<|im_start|>system\n") and "SmolLM" in head and head.endswith("<|im_start|>user\n")
    assert tail == "<|im_end|>\n<|im_start|>assistant\n"
    assert tok.decode(ids[opening:-closing]) == "What is 2 + 2?"


def test_a_response_too_long_for_max_length_is_refused_in_scoring_and_training():
    rm = _rm(max_length=200)
    _, opening, closing = prompt_tokens(rm.tokenizer, "q")
    fits = "y" * (200 - opening - closing)  # exactly max_length with its prompt's template: scored
    assert rm.encode(["q"], [fits])[1].sum() == 200
    assert len(rm.score(["q"], [fits])) == 1
    long = "x" * (201 - opening - closing)
    with pytest.raises(ValueError, match=rf"'x+'... is {len(long)} tokens.*needs max_length=201.*reads 200"):
        rm.score(["q", "q"], ["ok", long])
    before = [p.detach().clone() for p in rm.parameters() if p.requires_grad]
    with pytest.raises(ValueError, match="needs max_length=201"):
        train_reward_model(rm, [{"prompt": "q", "chosen": "fine", "rejected": long}], progress=False)
    assert all(torch.equal(a, p) for a, p in zip(before, [p for p in rm.parameters() if p.requires_grad]))
    rm.max_length = 201  # the fix the error names
    assert len(rm.score(["q"], [long])) == 1

"""grpo_step at the edges: nothing to learn, everything excluded, micro-batches equal to one batch, \
KL after an update, the
sampling temperature in the update."""
import copy

import pytest
import torch

from rlkit.core import Trajectory
from rlkit.generate import sample
from rlkit.logprobs import sequence_logprobs
from rlkit.grpo import GRPOConfig, episode_batch, grpo_step
from rlkit.episodes import RolloutConfig
from rlkit.models import tiny_policy


def _episodes(model, tok, rewards, n=4):
    torch.manual_seed(0)
    s = sample(model, tok, ["say a", "say b"], n=n, max_new_tokens=8, temperature=1.0)
    return [Trajectory(f"t/{int(s.group[i])}", int(s.group[i]), [s.turn(i)], reward=r) for i, r in enumerate(rewards)]


def _lora(model): return {n: p.detach().clone() for n, p in model.named_parameters() if p.requires_grad}


def test_equal_rewards_and_excluded_episodes_do_not_update():
    model, tok = tiny_policy()
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    before = _lora(model)
    m = grpo_step(model, tok, opt, _episodes(model, tok, [0.5] * 8), GRPOConfig(), RolloutConfig(group_size=4))
    assert (m["zero_var_groups"], m["sequences"], m["stepped"], m["kl"]) == (2, 0, False, None)
    m = grpo_step(model, tok, opt, _episodes(model, tok, [None] * 8), GRPOConfig(), RolloutConfig(group_size=4))
    assert (m["excluded"], m["sequences"], m["stepped"]) == (8, 0, False)
    assert all(torch.equal(before[k], v) for k, v in _lora(model).items())


def test_micro_batches_give_the_full_batch_gradient():
    rewards = [1.0, 0.0, 0.5, 0.0, 0.2, 0.9, 0.4, 0.4]
    out = []
    for mb in (1, 3, 8):
        model, tok = tiny_policy()
        with torch.no_grad():  # a non-zero adapter, so every LoRA weight gets a gradient
            for n, p in model.named_parameters():
                if "lora_B" in n:
                    p.normal_(0, 0.1, generator=torch.Generator().manual_seed(1))
        opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=1.0)
        # bf16 rounds differently per batch shape
        grpo_step(model, tok, opt, _episodes(model, tok, rewards),
                  GRPOConfig(micro_batch=mb, beta=0.04, max_grad_norm=1e9, update_dtype="float32"),
                  RolloutConfig(group_size=4))
        out.append(_lora(model))
    for other in out[1:]:
        for k in out[0]:
            torch.testing.assert_close(out[0][k], other[k], rtol=1e-4, atol=1e-6)


def test_the_update_scores_tokens_at_the_sampling_temperature():
    ("At T=0.7 the reference pass and the policy pass score each token as the sampler did: the fresh adapter is zero, "
     "so all three are one policy")
    model, tok = tiny_policy()
    s = sample(model, tok, ["say a", "say b"], n=4, max_new_tokens=8, temperature=0.7,
               generator=torch.Generator().manual_seed(0))
    eps = [Trajectory(f"t/{int(s.group[i])}", int(s.group[i]), [s.turn(i)], reward=r)
           for i, r in enumerate([1.0, 0.0, 0.5, 0.0, 0.2, 0.9, 0.4, 0.4])]
    b = episode_batch(tok, eps)
    with torch.no_grad():
        # (B, T) the same tokens at T=1
        at_1 = sequence_logprobs(model, b["input_ids"], b["attention_mask"], b["loss_mask"])
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.1)
    m = grpo_step(model, tok, opt, eps, GRPOConfig(beta=0.04, update_dtype="float32"),
                  RolloutConfig(group_size=4, temperature=0.7))
    sampled = torch.tensor([x for e in eps for x in e.turns[0].logprobs])  # what the sampler recorded, at T=0.7
    assert m["sequences"] == 8 and m["tokens"] == len(sampled)
    # T matters here (by 0.1 nats a token): T=1 would be caught
    assert abs(at_1.sum().item() / len(sampled) - sampled.mean().item()) > 0.05
    # reference pass
    torch.testing.assert_close(torch.tensor([x for e in eps for x in e.turns[0].ref_logprobs]), sampled, rtol=0,
                               atol=1e-4)
    # policy pass: the mean -log pi of its own logprobs
    assert m["entropy"] == pytest.approx(-sampled.mean().item(), abs=1e-4)


@pytest.mark.parametrize("norm", ["token", "sequence", "constant"])
def test_kl_is_measured_against_the_adapter_free_base(norm):
    model, tok = tiny_policy()
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=5e-2)
    cfg, rollout = GRPOConfig(beta=0.04, norm=norm), RolloutConfig(group_size=4)
    eps = _episodes(model, tok, [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0])
    first = grpo_step(model, tok, opt, eps, cfg, rollout)
    assert first["kl"] == pytest.approx(0.0, abs=1e-7)  # the fresh adapter is zero: policy == reference
    second = grpo_step(model, tok, opt, copy.deepcopy(eps), cfg, rollout)
    assert second["kl"] > 1e-6 and second["stepped"]


def test_grpo_step_on_a_4bit_base():
    "QLoRA: the reference pass (adapter off) and the update both run on an NF4 base"
    from rlkit.models import load_tiny_quantized
    model, tok = load_tiny_quantized("4bit")
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=5e-2)
    before = _lora(model)
    m = grpo_step(model, tok, opt, _episodes(model, tok, [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]),
                  GRPOConfig(beta=0.04), RolloutConfig(group_size=4))
    assert m["stepped"] and m["sequences"] == 8 and m["kl"] == pytest.approx(0.0, abs=1e-6)
    assert any(not torch.equal(before[k], v) for k, v in _lora(model).items())


def test_the_on_policy_step_in_bf16_clips_nothing():
    ("Sampled in bf16, updated under bf16 autocast: the sampler's logprobs differ from the update's by rounding, so "
     "pi_old is the update's own forward")
    model, tok = tiny_policy()
    with torch.no_grad():  # a non-zero adapter, so the bf16 merged weights round differently from the float32 forward
        for n, p in model.named_parameters():
            if "lora_B" in n:
                p.normal_(0, 0.05)
    torch.manual_seed(0)
    s = sample(model, tok, ["say a", "say b"], n=4, max_new_tokens=16, temperature=0.7, fast=True, dtype=torch.bfloat16)
    eps = [Trajectory(f"t/{int(s.group[i])}", int(s.group[i]), [s.turn(i)], reward=float(i % 3)) for i in range(8)]
    b = episode_batch(tok, eps)
    with torch.no_grad():
        fresh = sequence_logprobs(model, b["input_ids"], b["attention_mask"], b["loss_mask"].float(), 0.7)
    mask = b["loss_mask"].bool()
    sampled = torch.zeros_like(fresh)
    sampled[mask] = torch.tensor([x for e in eps for x in e.turns[0].logprobs])  # each row's generated tokens, in order
    # the sampled logprobs are not the update's: a ratio built on them would not be 1
    assert (fresh - sampled)[mask].abs().max() > 1e-3
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    # a tight clip sees rounding
    cfg, rollout = (GRPOConfig(update_dtype="auto", beta=0.04, eps_low=1e-3, eps_high=1e-3),
                    RolloutConfig(group_size=4, temperature=0.7))
    m = grpo_step(model, tok, opt, eps, cfg, rollout)
    assert m["stepped"] and m["clip_frac"] == 0.0

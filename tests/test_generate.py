import pytest
import torch

from rlkit.generate import chat_text, sample, token_logprobs
from rlkit.logprobs import sequence_logprobs
from rlkit.models import tiny_policy


@pytest.mark.parametrize("temperature", [1.0, 0.7])
def test_sampled_logprobs_match_one_forward_pass_tiny(temperature):
    model, tok = tiny_policy(seed=3)
    torch.manual_seed(0)
    s = sample(model, tok, ["hi", "a much longer prompt than the first one", "x"], n=4, max_new_tokens=20,
               temperature=temperature)
    with torch.no_grad():
        re = sequence_logprobs(model, s.input_ids, s.attention_mask, s.completion_mask, temperature=temperature)
    assert (re - s.logprobs).abs().max() < 1e-4
    assert (s.logprobs[s.completion_mask == 0] == 0).all() and (s.logprobs[s.completion_mask == 1] < 0).all()


def test_sampled_logprobs_match_one_forward_pass_embedded(smol):
    model, tok = smol
    torch.manual_seed(0)
    s = sample(model, tok, ["Write a Python function `add(a, b)` returning a + b.", "Say hi."], n=4, max_new_tokens=48,
               temperature=1.0)
    with torch.no_grad():
        re = sequence_logprobs(model, s.input_ids, s.attention_mask, s.completion_mask)
    print("max |sampled - recomputed| =", (re - s.logprobs).abs().max().item())
    assert (re - s.logprobs).abs().max() < 1e-4


def test_left_padding_does_not_change_a_completion(smol):
    "Greedy completion of a short prompt is the same alone and batched beside a long one"
    model, tok = smol
    short = "Write a Python function `double(x)`."
    alone = sample(model, tok, [short], max_new_tokens=24, temperature=0)
    batched = sample(model, tok, [short, "Write a Python function `triple(x)` that returns three times x, with a "
                                         "docstring and a test."],
                     max_new_tokens=24, temperature=0)
    assert batched.prompt_mask[0, 0] == 0, "the short prompt should be padded on the left"
    assert batched.texts[0] == alone.texts[0]
    m = alone.completion_mask[0].bool()
    assert torch.allclose(batched.logprobs[0, : m.sum()], alone.logprobs[0][m], atol=1e-4)


@pytest.mark.parametrize("fast", [False, True])
def test_masks_stop_at_eos_and_mark_truncation(fast):
    model, tok = tiny_policy(seed=5)
    eos = tok.eos_token_id
    hf = model.get_base_model()
    # an output layer with a bias, which both loops apply
    head = torch.nn.Linear(hf.config.hidden_size, len(tok), bias=True)
    with torch.no_grad():
        head.weight.copy_(hf.lm_head.weight)
        head.bias.zero_()
        head.bias[eos] = 4.0  # EOS likely enough that some rows stop, some run out
    hf.lm_head = head
    torch.manual_seed(1)
    s = sample(model, tok, ["a", "b"], n=8, max_new_tokens=12, temperature=1.0, fast=fast)
    assert 0 < int(s.truncated.sum()) < len(s.texts), "the seed should give both stopped and truncated rows"
    for i in range(len(s.texts)):
        ids, mask = s.completion_ids[i], s.completion_mask[i].bool()
        n = int(mask.sum())
        assert mask[:n].all() and not mask[n:].any(), "mask must be a prefix"
        if s.truncated[i]:
            assert n == s.completion_ids.shape[1] and eos not in ids[:n].tolist()
        else:
            assert ids[n - 1] == eos and eos not in ids[: n - 1].tolist() and (ids[n:] == tok.pad_token_id).all()
        turn = s.turn(i)
        assert len(turn.token_ids) == n == len(turn.logprobs) and turn.truncated == bool(s.truncated[i])
    assert s.group.tolist() == [0] * 8 + [1] * 8


def test_sampling_is_reproducible_with_a_generator():
    model, tok = tiny_policy()
    a = sample(model, tok, ["x"], n=3, max_new_tokens=10, temperature=1.0, generator=torch.Generator().manual_seed(0))
    b = sample(model, tok, ["x"], n=3, max_new_tokens=10, temperature=1.0, generator=torch.Generator().manual_seed(0))
    assert a.texts == b.texts and torch.equal(a.logprobs, b.logprobs)


def test_top_p_keeps_only_the_nucleus():
    model, tok = tiny_policy()
    torch.manual_seed(0)
    s = sample(model, tok, ["x"], n=16, max_new_tokens=1, temperature=1.0, top_p=1e-6)  # nucleus of one token: greedy
    g = sample(model, tok, ["x"], n=1, max_new_tokens=1, temperature=0)
    assert (s.completion_ids[:, 0] == g.completion_ids[0, 0]).all()


def test_templated_or_untemplatable_prompts_are_loud():
    model, tok = tiny_policy()
    with pytest.raises(ValueError, match="already contains"):
        sample(model, tok, [chat_text(tok, "hello")], max_new_tokens=8, temperature=1.0)
    tok.chat_template = None
    with pytest.raises(ValueError, match="no chat template"):
        sample(model, tok, ["hello"], max_new_tokens=8, temperature=1.0)


def test_messages_with_a_system_prompt():
    _, tok = tiny_policy()
    text = chat_text(tok, [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}])
    assert text.startswith("<|im_start|>system\nBe brief.") and text.endswith("<|im_start|>assistant\n")


def test_token_logprobs_equals_log_softmax_and_has_gradient():
    z = torch.randn(3, 5, 50, requires_grad=True)
    y = torch.randint(0, 50, (3, 5))
    lp = token_logprobs(z, y, temperature=0.9)
    assert torch.allclose(lp, (z / 0.9).log_softmax(-1).gather(-1, y[..., None]).squeeze(-1), atol=1e-6)
    lp.sum().backward()
    assert z.grad is not None and z.grad.abs().sum() > 0


def test_sequence_logprobs_with_a_full_length_mask_scores_scattered_tokens():
    "A multi-turn episode scores the model's tokens and skips the feedback between them"
    model, tok = tiny_policy()
    ids = torch.randint(0, 256, (2, 16))
    att = torch.ones_like(ids)
    mask = torch.zeros_like(ids)
    mask[:, 4:7] = 1
    mask[:, 11:15] = 1
    with torch.no_grad():
        lp = sequence_logprobs(model, ids, att, mask)
        full = model(ids).logits.log_softmax(-1)[:, :-1].gather(-1, ids[:, 1:, None]).squeeze(-1)
    assert lp.shape == ids.shape
    assert torch.allclose(lp[:, 1:] * mask[:, 1:], full * mask[:, 1:], atol=1e-5)
    assert (lp[mask == 0] == 0).all()
    with pytest.raises(ValueError, match="position 0"):
        sequence_logprobs(model, ids, att, torch.ones_like(ids))


def test_fast_loop_sees_a_fused_optimizer_step():
    ("A fused AdamW step (transformers' default optimizer, which TRL uses) writes without bumping _version: the "
     "merged weights must still be rebuilt")
    from rlkit.generate import decode_weights
    from rlkit.models import tiny_policy
    model, _ = tiny_policy()
    before = decode_weights(model)
    params = [p for p in model.parameters() if p.requires_grad]
    for p in params:
        p.grad = torch.ones_like(p)
    versions = [p._version for p in params]
    torch.optim.AdamW(params, lr=0.1, fused=True).step()
    # the fused step leaves _version as it was: a cache keyed on _version alone would miss the write
    assert [p._version for p in params] == versions
    after = decode_weights(model)
    assert after is not before and not torch.equal(after["layers"][0]["qkv"][0], before["layers"][0]["qkv"][0])

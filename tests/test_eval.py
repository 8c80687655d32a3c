"""pass@k against brute force, and evaluating a saved adapter through the sandbox."""
import itertools, random

import pytest
import torch

from rlkit.core import Task, Trajectory, read_jsonl
from rlkit.episodes import RolloutConfig
from rlkit.eval import comparison, evaluate, pass_at_k, pass_at_ks
from rlkit.models import save_adapter, tiny_policy


@pytest.mark.parametrize("n,c,k", [(5, 0, 1), (5, 2, 2), (6, 1, 3), (7, 3, 4), (8, 8, 5), (10, 1, 10), (9, 4, 1)])
def test_pass_at_k_is_the_chance_that_a_random_k_subset_holds_a_pass(n, c, k):
    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(samples, k))
    assert pass_at_k(n, c, k) == pytest.approx(sum(any(s) for s in subsets) / len(subsets))


def test_pass_at_k_bad_input():
    with pytest.raises(ValueError, match="k must be between 1 and n"):
        pass_at_k(3, 1, 5)
    with pytest.raises(ValueError, match="need 0 <= c <= n"):
        pass_at_k(3, 4, 1)
    assert pass_at_ks({"a": (4, 1)}, ks=(1, 10)) == {"pass@1": 0.25}  # pass@10 needs 10 samples: left out, not made up


def test_pass_at_1_is_the_mean_pass_rate_and_rises_with_k():
    rng = random.Random(0)
    counts = {str(i): (10, rng.randint(0, 10)) for i in range(50)}
    p = pass_at_ks(counts, ks=(1, 2, 5, 10))
    assert p["pass@1"] == pytest.approx(sum(c for _, c in counts.values()) / 500)
    assert p["pass@1"] < p["pass@2"] < p["pass@5"] < p["pass@10"]


@pytest.mark.firejail
def test_evaluate_a_saved_adapter(tmp_path):
    ("A base saved to a directory plus a saved adapter, evaluated by path: the same numbers as evaluating the loaded "
     "model")
    base, tok = tiny_policy(lora=False)
    base.save_pretrained(tmp_path / "base")
    tok.save_pretrained(tmp_path / "base")
    policy, _ = tiny_policy()
    with torch.no_grad():
        for name, p in policy.named_parameters():
            if "lora_B" in name:
                p.normal_(0, 0.5)  # an adapter that changes what the model says
    save_adapter(policy, tmp_path / "adapter")
    tasks = [Task("toy/add", "code", "Write add(a, b).", tests="assert add(1, 2) == 3", entry_point="add")]
    kw = dict(n=4, temperature=0.8, ks=(1, 4), rollout=RolloutConfig(max_new_tokens=8), seed=1)
    by_path = evaluate(str(tmp_path / "base"), tasks, adapter=str(tmp_path / "adapter"),
                       save=tmp_path / "a.jsonl", **kw)
    loaded = evaluate(policy, tasks, tokenizer=tok, save=tmp_path / "b.jsonl", **kw)
    evaluate(str(tmp_path / "base"), tasks, save=tmp_path / "c.jsonl", **kw)
    texts = {f: [t.turns[0].completion for t in read_jsonl(tmp_path / f, Trajectory)]
             for f in ("a.jsonl", "b.jsonl", "c.jsonl")}
    assert texts["a.jsonl"] == texts["b.jsonl"] != texts["c.jsonl"]  # the saved adapter was loaded, and it matters
    assert (by_path["counts"] == loaded["counts"] == {"toy/add": [4, 0]}
            and by_path["adapter"] == str(tmp_path / "adapter"))
    assert sum(by_path["verdicts"].values()) == 4
    with pytest.raises(ValueError, match="needs its tokenizer"):
        evaluate(policy, tasks)
    with pytest.raises(ValueError, match="needs n >= 10"):
        evaluate(policy, tasks, tokenizer=tok, n=4, temperature=0.8, ks=(1, 10))
    assert "+0.0 pts" in comparison({"before": loaded, "after": by_path})


def test_evaluate_bad_options_fail_before_the_model_loads():
    from rlkit.eval import evaluate
    for kw, msg in (({"tasks": []}, "no tasks given"), ({"tasks": [1], "n": 0}, "n=0: answers per task"),
                    ({"tasks": [1], "temperature": -1}, "temperature=-1")):
        with pytest.raises(ValueError, match=msg):
            evaluate("no/such-model", **kw)

"""PPO through `rlkit train --algo ppo`: the policy and its critic learn a toy reward (single- and multi-turn), \
PPO trains against
a learned reward model, resume after SIGKILL reproduces the next steps, \
and the divergence guard restores the value head. And
`ppo_step`'s alignment: values read before each token, every pass at the sampling temperature."""
import os, subprocess, sys
from pathlib import Path

import pytest
import torch

import rlkit.train as T
from rlkit.core import Task, Trajectory, read_jsonl
from rlkit.generate import position_ids, sample
from rlkit.episodes import RolloutConfig
from rlkit.models import tiny_policy
from rlkit.ppo import KLController, PPOConfig, ValueHead, logprobs_and_values, ppo_step
from rlkit.reward_model import RewardModel, as_reward, train_reward_model
from rlkit.runs import RunError, checkpoints, read_metrics
from rlkit.train import train
from toys import lowercase, lowercase_check, lowercase_plus_bonus, toy_config, toy_tasks

HERE = Path(__file__).parent
COMPARED = ("reward_mean", "reward_std", "loss", "policy_loss", "value_loss", "explained_var", "kl", "clip_frac",
            "vf_clip_frac", "entropy", "grad_norm", "tokens", "sequences", "kl_coef")


def _ppo_config(tmp_path, **kw):
    ppo = {"vf_coef": 1.0} | kw.pop("ppo", {})
    return toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), algo="ppo", ppo=ppo,
                      **({"tasks_per_step": 4, "checkpoint_every": 100} | kw))


def _lower(trajs, step, turn=0):
    got = [lowercase(None, [t.turns[turn].completion])[0] for t in trajs if t.step == step and len(t.turns) > turn]
    return sum(got) / len(got)


def test_values_are_read_at_the_position_before_each_token():
    "With a non-zero head, V(s_t) is the head on the hidden state at t - 1: it has read token t - 1 and not token t"
    model, tok = tiny_policy()
    head = ValueHead(model.config.hidden_size)
    with torch.no_grad():
        head.linear.weight.normal_(generator=torch.Generator().manual_seed(0))
        head.linear.bias.fill_(0.5)
    ids = torch.tensor([[5, 6, 7, 8, 9, 10], [0, 0, 6, 7, 8, 9]])  # (B, T), the second row left-padded
    attn = torch.tensor([[1, 1, 1, 1, 1, 1], [0, 0, 1, 1, 1, 1]])
    mask = torch.tensor([[0, 0, 1, 0, 1, 1], [0, 0, 0, 1, 1, 1]])  # position 3 of the first row: a feedback token
    with torch.no_grad():
        _, v, _ = logprobs_and_values(model, head, ids, attn, mask)
        h = model(input_ids=ids, attention_mask=attn, position_ids=position_ids(attn),
                  output_hidden_states=True).hidden_states[-1]  # (B, T, H)
        want = torch.nn.functional.pad(head(h[:, :-1]), (1, 0)) * mask  # (B, T): V at t from position t - 1
        other = ids.clone()
        other[0, 4] = 42  # another generated token at position 4
        _, v2, _ = logprobs_and_values(model, head, other, attn, mask)
    assert v[mask == 1].abs().min() > 1e-3
    torch.testing.assert_close(v, want, rtol=0, atol=1e-5)
    # token 4 changes the value after it, not its own
    assert abs(v2[0, 4] - v[0, 4]) < 1e-6 and abs(v2[0, 5] - v[0, 5]) > 1e-3


def test_ppo_update_scores_tokens_at_the_sampling_temperature():
    ("At T=0.7 the rollout, reference and update passes score each token as the sampler did (the fresh adapter is "
     "zero: one policy)")
    model, tok = tiny_policy()
    s = sample(model, tok, ["say a", "say b"], n=4, max_new_tokens=8, temperature=0.7,
               generator=torch.Generator().manual_seed(0))
    eps = [Trajectory(f"t/{int(s.group[i])}", int(s.group[i]), [s.turn(i)], reward=r)
           for i, r in enumerate([1.0, 0.0, 0.5, 0.0, 0.2, 0.9, 0.4, 0.4])]
    head = ValueHead(model.config.hidden_size)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad] + list(head.parameters()), lr=1e-3)
    m = ppo_step(model, head, tok, opt, eps, PPOConfig(ppo_epochs=1, mini_batches=1, update_dtype="float32"),
                 RolloutConfig(group_size=4, temperature=0.7), KLController(0.04))  # float32: exact (bf16 rounds)
    sampled = torch.tensor([x for e in eps for x in e.turns[0].logprobs])  # what the sampler recorded, at T=0.7
    assert m["sequences"] == 8 and m["tokens"] == len(sampled) and m["updates"] == 1
    # reference pass
    torch.testing.assert_close(torch.tensor([x for e in eps for x in e.turns[0].ref_logprobs]), sampled, rtol=0,
                               atol=1e-4)
    assert m["entropy"] == pytest.approx(-sampled.mean().item(), abs=1e-4)  # rollout pass: pi_old
    # update pass: one minibatch of the policy that sampled has ratio 1, if it scores at the same T
    assert m["clip_frac"] == 0.0


def test_ppo_update_honours_update_dtype_and_cuts_padding_without_changing_a_number():
    ("update_dtype reaches PPO's passes (bf16 rounds the reference logprobs it stores); cutting each micro-batch to "
     "its own longest sequence changes nothing")
    def step(dtype:str, micro_batch:int) -> list:
        model, tok = tiny_policy()
        s = sample(model, tok, ["say a", "say b and then say a few more words"], n=4, max_new_tokens=8, temperature=1.0,
                   generator=torch.Generator().manual_seed(0))
        eps = [Trajectory(f"t/{int(s.group[i])}", int(s.group[i]), [s.turn(i)], reward=r)
               for i, r in enumerate([1.0, 0.0, 0.5, 0.0, 0.2, 0.9, 0.4, 0.4])]
        head = ValueHead(model.config.hidden_size)
        opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad] + list(head.parameters()), lr=1e-3)
        torch.manual_seed(0)  # the minibatch shuffle
        m = ppo_step(model, head, tok, opt, eps, PPOConfig(update_dtype=dtype, micro_batch=micro_batch),
                     RolloutConfig(group_size=4, temperature=1.0), KLController(0.04))
        assert m["positions"] > 0 and m["update_gflops"] > 0
        return ([x for e in eps for x in e.turns[0].ref_logprobs] + [e.advantage for e in eps]
                + [m["loss"], m["value_loss"]])
    # one micro-batch padded to the longest row, or each row alone
    whole, cut = torch.tensor(step("float32", 8)), torch.tensor(step("float32", 1))
    torch.testing.assert_close(cut, whole, rtol=0, atol=1e-5)
    assert (torch.tensor(step("bfloat16", 8)) - whole).abs().max() > 1e-3


def test_ppo_learns_a_toy_reward_and_its_critic(tmp_path):
    cfg = _ppo_config(tmp_path, steps=60)
    train(cfg, rewards={"r": lowercase_plus_bonus}, log=lambda s: None)
    rows = read_metrics(tmp_path / "run")[0]
    trajs = read_jsonl(tmp_path / "run" / "trajectories.jsonl", Trajectory)
    low = [_lower(trajs, s) for s in range(1, 61)]
    ev = [r["explained_var"] for r in rows]
    start, end = sum(low[:3]) / 3, sum(low[-3:]) / 3
    print(f"lowercase fraction: first 3 steps {start:.3f}, last 3 {end:.3f}; explained variance per step "
          f"{[round(x, 2) for x in ev]}")
    assert start < 0.2 and end > 0.4 and end > 2.5 * start, low
    later = ev[10:]  # the critic starts useless, then learns the tasks' baselines: positive nearly always after step 10
    assert (sum(ev[:3]) / 3 < 0.1 and sum(later) / len(later) > 0.15
            and sum(x > 0 for x in later) >= 0.75 * len(later)), ev
    assert all(r["sequences"] == 32 and r["updates"] == 4 for r in rows)  # every episode trains, zero-variance or not
    assert {"policy_loss", "value_loss", "explained_var", "vf_clip_frac", "kl_coef"} <= set(rows[-1])


def test_ppo_learns_through_repair_turns(tmp_path):
    ("Two attempts per episode: the feedback tokens are masked out of GAE and the loss, and first and second attempts "
     "improve")
    cfg = _ppo_config(tmp_path, steps=60, tasks_per_step=2, rollout={"attempts": 2, "gamma": 0.5})
    train(cfg, rewards={"a": lowercase}, executor=lowercase_check, log=lambda s: None)
    rows = read_metrics(tmp_path / "run")[0]
    trajs = read_jsonl(tmp_path / "run" / "trajectories.jsonl", Trajectory)
    two = [t for t in trajs if len(t.turns) == 2]
    assert two and all(t.turns[0].feedback.startswith("Your code ran, but a test failed.") for t in two)
    passed = [r["pass_rate"] for r in rows]
    print("pass rate per step:", [round(x, 2) for x in passed])
    assert sum(passed[-5:]) / 5 > sum(passed[:5]) / 5 + 0.3, passed
    late = [lowercase(None, [t.turns[1].completion])[0] for t in two if t.step > 50]
    early = [lowercase(None, [t.turns[1].completion])[0] for t in two if t.step <= 3]
    assert not late or sum(late) / len(late) > sum(early) / len(early), (early, late)


def test_ppo_against_a_learned_reward_model(tmp_path):
    "A Bradley-Terry reward model (tiny, trained here to prefer lowercase text) is the reward; PPO raises its score"
    policy, tok = tiny_policy(seed=1)
    rm = RewardModel(policy, tok)
    letters = "abcdefghijklmnopqrstuvwxyz"
    g = torch.Generator().manual_seed(0)
    def text(chars): return "".join(chars[i] for i in torch.randint(len(chars), (12,), generator=g).tolist())
    pairs = [{"prompt": f"Say a{i % 4}.", "chosen": text(letters),
              "rejected": text(letters.upper() + "0123456789 .,;!?")} for i in range(64)]
    train_reward_model(rm, pairs, epochs=3, lr=3e-3, progress=False)
    cfg = _ppo_config(tmp_path, steps=30)
    train(cfg, rewards={"rm": as_reward(rm)}, log=lambda s: None)
    rows = read_metrics(tmp_path / "run")[0]
    trajs = read_jsonl(tmp_path / "run" / "trajectories.jsonl", Trajectory)
    last = [t for t in trajs if t.step == 30][:4]
    # the trajectories record exactly the reward model's scores of their completions
    scores = rm.score([Task(t.task_id, "toy", f"Say a{t.task_id[-1]}.").prompt for t in last],
                      [t.turns[0].completion for t in last])
    assert [t.rewards["rm"] for t in last] == pytest.approx(scores, abs=1e-4)
    r = [x["reward_mean"] for x in rows]
    print("reward-model score per step:", [round(x, 2) for x in r])
    print(f"lowercase fraction: step 1 {_lower(trajs, 1):.2f}, step 30 {_lower(trajs, 30):.2f}")
    assert sum(r[-3:]) / 3 > sum(r[:3]) / 3 + 0.1, r
    # Not asserted: that the lowercase fraction rises too. The score rises, but the lowercase fraction at step 30 can
    # end below step 1's: in 30 steps the policy finds what this small reward model scores, not always lowercase.


def _toy_run(run, *args):
    return subprocess.run([sys.executable, str(HERE / "toys.py"), str(run), *args], capture_output=True, text=True,
                          timeout=300, env=os.environ | {"PYTHONPATH": str(HERE)})


def test_ppo_resume_after_sigkill_reproduces_the_next_step(tmp_path):
    full = _toy_run(tmp_path / "full", "--algo", "ppo")
    assert full.returncode == 0, full.stderr[-3000:]
    killed = _toy_run(tmp_path / "killed", "--algo", "ppo", "--kill-at-step", "5")
    assert killed.returncode == -9, (killed.returncode, killed.stderr[-2000:])
    resumed = _toy_run(tmp_path / "killed", "--resume")
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    a, b = read_metrics(tmp_path / "full")[0], read_metrics(tmp_path / "killed")[0]
    assert [r["step"] for r in b] == [1, 2, 3, 4, 5, 6]
    # step 5 is the first after resuming: the value head, its optimizer state and beta came back too
    for s in (4, 5, 6):
        assert {k: a[s - 1][k] for k in COMPARED} == {k: b[s - 1][k] for k in COMPARED}, s
    state = torch.load(checkpoints(tmp_path / "killed")[-1] / "state.pt", weights_only=False)
    assert set(state) >= {"value_head", "kl_coef"} and state["value_head"]["linear.weight"].abs().sum() > 0


def test_ppo_rollback_restores_the_value_head(tmp_path, monkeypatch):
    real, calls, heads = T.ppo_step, {"n": 0}, []
    def nan_at_3(model, head, *a, **k):
        calls["n"] += 1
        heads.append(head.linear.weight.detach().clone())  # the head each update starts from
        m = real(model, head, *a, **k)
        return m | {"loss": float("nan"), "stepped": False} if calls["n"] == 3 else m
    monkeypatch.setattr(T, "ppo_step", nan_at_3)
    cfg = _ppo_config(tmp_path, steps=4, checkpoint_every=2)
    train(cfg, rewards={"r": lowercase}, log=lambda s: None)
    rows, events = read_metrics(tmp_path / "run")
    assert ([r["step"] for r in rows] == [1, 2, 3, 4]
            and [(e["event"], e["to_step"]) for e in events] == [("rollback", 2)])
    # the retried step 3 starts from step 2's head, not from what the failed step left
    assert torch.equal(heads[3], heads[2])


@pytest.mark.parametrize("where, named", [("logits", "lora"), ("values", "value_head.")])
def test_ppo_locates_a_nan_gradient(tmp_path, monkeypatch, where, named):
    ("PPO's update says where a finite loss first gave a NaN gradient, as GRPO's does, naming the policy's or the "
     "critic's parameters; the episodes are kept")
    real = T.ppo_step
    def poisoned(model, head, *a, **k):
        def poison(mod, inp, out):
            if out.requires_grad:
                out.register_hook(lambda g: g * float("nan"))  # the update's passes, not the rollout pass
        hook = (model.get_output_embeddings() if where == "logits" else head).register_forward_hook(poison)
        try:
            return real(model, head, *a, **k)
        finally:
            hook.remove()
    monkeypatch.setattr(T, "ppo_step", poisoned)
    cfg = _ppo_config(tmp_path, steps=2, checkpoint_every=2)
    with pytest.raises(RunError, match=r"first in micro-batch 1 of \d+ of update 1 \(.*gradient not finite in "
                                       rf"[^;]*{named}.*fault-step1-try2\.jsonl"):
        train(cfg, rewards={"r": lowercase}, log=lambda s: None)
    assert ([len(read_jsonl(tmp_path / "run" / f"fault-step1-try{k}.jsonl")) for k in (1, 2)]
            == [cfg.tasks_per_step * cfg.rollout.group_size] * 2)


def test_cli_ppo(tmp_path):
    r = subprocess.run([sys.executable, "-m", "rlkit.cli", "train", "--algo", "ppo", "--dynamic-sampling", "1",
                        "--out", str(tmp_path / "x")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "PPO's critic learns from them" in r.stderr and not (tmp_path / "x").exists(), \
        r.stderr[-2000:]
    r = subprocess.run([sys.executable, "-m", "rlkit.cli", "train", "--algo", "ppo", "--model", "tiny",
                        "--tasks", "code", "--steps", "1", "--eval-samples", "0", "--group-size", "2",
                        "--max-new-tokens", "8", "--out", str(tmp_path / "run")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "value loss" in r.stdout and "expl. var" in r.stdout
    assert read_metrics(tmp_path / "run")[0][0]["updates"] == 4


def test_per_domain_critics_report_each_domains_explained_variance_and_resume(tmp_path):
    ("critic='per_domain': one value head per domain, each episode scored by its own; explained variance per domain "
     "in both modes; checkpointed and resumed")
    from rlkit.core import write_jsonl
    tasks = tmp_path / "two.jsonl"
    write_jsonl(tasks, [Task(f"{d}/{i}", d, f"Say {d}{i}.") for d in ("a", "b") for i in range(2)], append=False)
    # b's scale is not a's
    def reward(ts, completions, results=None):
        return [f + (2.0 if t.domain == "b" else 0.0) for f, t in zip(lowercase(ts, completions), ts)]
    for critic in ("shared", "per_domain"):
        run = tmp_path / critic
        cfg = toy_config(run, str(tasks), algo="ppo", steps=3, checkpoint_every=2, tasks_per_step=4,
                         ppo={"critic": critic})
        train(cfg, rewards={"r": reward}, log=lambda s: None)
        rows = read_metrics(run)[0]
        assert all({"explained_var.a", "explained_var.b"} <= set(r) for r in rows)
        head = torch.load(checkpoints(run)[-1] / "state.pt", weights_only=False)["value_head"]
        assert head["linear.weight"].shape[0] == (2 if critic == "per_domain" else 1)
    train(toy_config(tmp_path / "per_domain", str(tasks), algo="ppo", steps=4, ppo={"critic": "per_domain"}),
          resume=tmp_path / "per_domain", rewards={"r": reward}, log=lambda s: None)
    assert [r["step"] for r in read_metrics(tmp_path / "per_domain")[0]] == [1, 2, 3, 4]

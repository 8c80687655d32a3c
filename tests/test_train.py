"""The training run: GRPO learns (single- and multi-turn), resume after SIGKILL reproduces the next step, \
the divergence guard
rolls back and stops, and bad input gets a clear error without losing what was written."""
import json, math, os, subprocess, sys
from pathlib import Path

import pytest
import torch

import rlkit.train as T
import rlkit.config
from rlkit.core import ExecResult, Trajectory, read_jsonl
from rlkit.grpo import GRPOConfig
from rlkit.runs import RunError, checkpoints, read_metrics
from rlkit.train import train
from toys import lowercase, lowercase_check, toy_config, toy_tasks

HERE = Path(__file__).parent
COMPARED = ("reward_mean", "reward_std", "loss", "kl", "clip_frac", "entropy", "grad_norm", "tokens", "sequences",
            "zero_var_groups")


def _rewards(rows): return [r["reward_mean"] for r in rows]


def test_grpo_learns_a_toy_reward(tmp_path):
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=25, checkpoint_every=100)
    train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    r = _rewards(read_metrics(tmp_path / "run")[0])
    start, end = sum(r[:3]) / 3, sum(r[-3:]) / 3
    print(f"mean reward: first 3 steps {start:.3f}, last 3 steps {end:.3f}")
    assert start < 0.2 and end > 0.6 and end > 3 * start, r


def test_grpo_learns_through_repair_turns(tmp_path):
    # 60 steps: on a CPU with AMX (bf16 kernels of their own) seed 0 learns more slowly than on other CPUs, and after 40
    # steps its mean reward is still under the 0.4 checked below; after 60 steps seeds 0-2 pass every check below there
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=60, checkpoint_every=100,
                     tasks_per_step=4, rollout={"attempts": 2, "gamma": 0.5})
    train(cfg, rewards={"a": lowercase}, executor=lowercase_check, log=lambda s: None)
    rows = read_metrics(tmp_path / "run")[0]
    r = _rewards(rows)
    print("mean reward per step:", [round(x, 2) for x in r])
    assert sum(r[:3]) / 3 < 0.1 and sum(r[-3:]) / 3 > 0.4, r
    trajs = read_jsonl(tmp_path / "run" / "trajectories.jsonl", Trajectory)
    two = [t for t in trajs if len(t.turns) == 2]
    assert two and all(t.turns[0].feedback.startswith("Your code ran, but a test failed.") for t in two)
    assert (all(t.rewards["discount"] == 0.5 for t in two)
            and all(t.rewards["discount"] == 1.0 for t in trajs if len(t.turns) == 1))
    # second attempts, which only see the feedback context, improve too: their tokens were trained on
    late = [lowercase(None, [t.turns[1].completion])[0] for t in two if t.step > 30]
    early = [lowercase(None, [t.turns[1].completion])[0] for t in two if t.step <= 3]
    assert not late or sum(late) / len(late) > sum(early) / len(early), (early, late)
    passed = [x["pass_rate"] for x in rows]
    assert sum(passed[-5:]) / 5 > sum(passed[:5]) / 5 + 0.3 and max(x["fix_rate"] for x in rows) > 0.3, passed


def _toy_run(run, *args):
    return subprocess.run([sys.executable, str(HERE / "toys.py"), str(run), *args], capture_output=True, text=True,
                          timeout=300, env=os.environ | {"PYTHONPATH": str(HERE)})


def test_resume_after_sigkill_reproduces_the_next_step(tmp_path):
    full = _toy_run(tmp_path / "full")
    assert full.returncode == 0, full.stderr
    killed = _toy_run(tmp_path / "killed", "--kill-at-step", "5")
    assert killed.returncode == -9, (killed.returncode, killed.stderr[-2000:])  # SIGKILL in the middle of step 5
    assert [p.name for p in checkpoints(tmp_path / "killed")] == ["step-000002", "step-000004"]
    assert [r["step"] for r in read_metrics(tmp_path / "killed")[0]] == [1, 2, 3, 4]
    resumed = _toy_run(tmp_path / "killed", "--resume")
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    a, b = read_metrics(tmp_path / "full")[0], read_metrics(tmp_path / "killed")[0]
    assert [r["step"] for r in b] == [1, 2, 3, 4, 5, 6]
    for s in (4, 5, 6):  # step 5 is the first after resuming
        assert {k: a[s - 1][k] for k in COMPARED} == {k: b[s - 1][k] for k in COMPARED}, s
    assert [e["event"] for e in read_metrics(tmp_path / "killed")[1]] == ["resume"]
    assert len(read_jsonl(tmp_path / "killed" / "trajectories.jsonl")) == 6 * 2 * 8


def test_checkpoint_write_is_atomic(tmp_path, monkeypatch):
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=2, checkpoint_every=1)
    real = torch.save
    def crash_on_step_2(obj, path, *a, **k):
        if obj.get("step") == 2:
            raise OSError("disk full (simulated)")
        return real(obj, path, *a, **k)
    monkeypatch.setattr(T.torch, "save", crash_on_step_2)
    with pytest.raises(OSError, match="simulated"):
        train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    monkeypatch.undo()
    # step 1 intact, no half step 2
    assert [p.name for p in checkpoints(tmp_path / "run")] == ["step-000000", "step-000001"]
    with open(tmp_path / "run" / "trajectories.jsonl", "a") as f:
        f.write('{"task_id": "toy/1", "step": 2, "tur')  # a write cut short
    res = train(T.TrainConfig(steps=2), resume=tmp_path / "run", rewards={"a": lowercase}, log=lambda s: None)
    assert res["metrics"]["step"] == 2 and not list((tmp_path / "run" / "checkpoints").glob(".tmp-*"))
    assert [t["step"] for t in read_jsonl(tmp_path / "run" / "trajectories.jsonl")] == [1] * 16 + [2] * 16
    assert any("broken_line" in r for r in read_jsonl(tmp_path / "run" / "discarded.jsonl"))


def test_divergence_guard_rolls_back_and_lowers_the_lr(tmp_path, monkeypatch):
    real, calls = T.grpo_step, {"n": 0}
    def nan_once(*a, **k):
        calls["n"] += 1
        m = real(*a, **k)
        return m | {"loss": float("nan"), "stepped": False} if calls["n"] == 3 else m
    monkeypatch.setattr(T, "grpo_step", nan_once)
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=4, checkpoint_every=2)
    lines = []
    res = train(cfg, rewards={"a": lowercase}, log=lines.append)
    rows, events = read_metrics(tmp_path / "run")
    assert [r["step"] for r in rows] == [1, 2, 3, 4]
    assert [(e["event"], e["step"], e["to_step"]) for e in events] == [("rollback", 3, 2)]
    assert res["train_s"] > sum(r["step_s"] for r in rows)  # the rolled-back try spent training time too
    assert "not finite" in events[0]["reason"] and any("rolled back to step 2" in l for l in lines)
    assert [r["lr"] for r in rows] == [cfg.grpo.lr] * 2 + [cfg.grpo.lr / 2] * 2
    assert all(math.isfinite(r["loss"]) for r in rows)


def test_a_rollback_that_spends_the_budget_ends_the_run_at_its_checkpoint(tmp_path, monkeypatch):
    "The failed try counts on the budget's clock; when it used what was left, no further step starts"
    real = T.grpo_step
    monkeypatch.setattr(T, "grpo_step", lambda *a, **k: real(*a, **k) | {"loss": float("nan"), "stepped": False})
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=4, max_minutes=1e-9)
    lines = []
    res = train(cfg, rewards={"a": lowercase}, log=lines.append)
    rows, events = read_metrics(tmp_path / "run")
    assert rows == [] and [(e["event"], e["step"]) for e in events] == [("rollback", 1), ("time_budget", 0)]
    assert res["train_s"] > 0 and [p.name for p in checkpoints(tmp_path / "run")] == ["step-000000"]
    assert any("would pass max_minutes=" in l for l in lines), lines


def test_a_nan_gradient_is_located_and_its_batch_kept(tmp_path, monkeypatch):
    ("A finite loss with a NaN gradient (a GPU run can produce one): the error says where, and the batch is kept to "
     "replay")
    real = T.grpo_step
    def poisoned(model, *a, **k):
        def poison(mod, inp, out):
            if out.requires_grad:
                out.register_hook(lambda g: g * float("nan"))  # the policy's pass, not the reference's
        hook = model.get_output_embeddings().register_forward_hook(poison)
        try:
            return real(model, *a, **k)
        finally:
            hook.remove()
    monkeypatch.setattr(T, "grpo_step", poisoned)
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=3, checkpoint_every=2)
    with pytest.raises(RunError, match=r"grad norm nan\); first in micro-batch 1 of \d+ \(.*tasks toy/.*\), gradient "
                                       r"not finite in .*lora.*"
                                       r"the step's episodes are in fault-step1-try2\.jsonl, again after rolling back"):
        train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    kept = [read_jsonl(tmp_path / "run" / f"fault-step1-try{k}.jsonl") for k in (1, 2)]  # both tries of step 1
    assert all(len(k) == cfg.tasks_per_step * cfg.rollout.group_size
               and all(t["turns"][0]["token_ids"] for t in k) for k in kept)
    # the kept batch replays through the update without the poison: finite here, with the reference attention kernel too
    for extra in ([], ["--sdpa", "math"]):
        out = subprocess.run([sys.executable, str(HERE.parent / "bench" / "replay_fault.py"),
                              str(tmp_path / "run" / "fault-step1-try1.jsonl"), *extra],
                             capture_output=True, text=True, timeout=300)
        assert (out.returncode == 0 and f"{len(kept[0])} episodes, adapter of step-000000" in out.stdout
                and ": finite" in out.stdout), out.stdout + out.stderr
    out = subprocess.run([sys.executable, str(HERE.parent / "bench" / "replay_fault.py"),
                          str(tmp_path / "nothing.jsonl")], capture_output=True, text=True)
    assert out.returncode != 0 and "is not a file" in out.stderr
    assert [e["event"] for e in read_metrics(tmp_path / "run")[1]] == ["rollback", "stopped"]


def test_divergence_twice_stops_with_a_clear_message(tmp_path):
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=6, checkpoint_every=2, max_kl=1e-9,
                     update={"beta": 0.04})
    with pytest.raises(RunError, match="again after rolling back.*last good checkpoint"):
        train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    events = read_metrics(tmp_path / "run")[1]
    assert [e["event"] for e in events] == ["rollback", "stopped"] and "max_kl" in events[0]["reason"]
    assert checkpoints(tmp_path / "run")  # what was written is still there


def _cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "rlkit.cli", *args],
                          capture_output=True, text=True, timeout=300, env=env)


def test_cli_unknown_option_and_bad_task_file(tmp_path):
    r = _cli("train", "--bogus")
    assert r.returncode == 2 and "unrecognized arguments: --bogus" in r.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x/1", "domain": "code", "prompt": "p"}\n{broken\n')
    r = _cli("train", "--tasks", str(bad), "--out", str(tmp_path / "run"))
    assert r.returncode == 2 and str(bad) in r.stderr and "line" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "run").exists()


def test_cli_train_tiny_and_resume_needs_no_other_options(tmp_path):
    tasks = toy_tasks(tmp_path / "toy.jsonl")
    # the toy domain has no built-in reward: the error says so before anything is written
    r = _cli("train", "--model", "tiny", "--tasks", tasks, "--out", str(tmp_path / "run"), "--steps", "1")
    assert r.returncode == 2 and "write a reward" in r.stderr and not (tmp_path / "run").exists(), r.stderr[-2000:]
    r = _cli("train", "--model", "tiny", "--tasks", "code", "--out", str(tmp_path / "run"), "--steps", "1",
             "--eval-samples", "0", "--group-size", "2", "--max-new-tokens", "8")
    assert r.returncode == 0, r.stderr[-3000:]
    assert "step   1 | reward" in r.stdout and (tmp_path / "run" / "plots" / "metrics.png").exists()
    ran = json.loads((tmp_path / "run" / "run.json").read_text())["sandbox"]  # what actually ran the model's code
    assert ran["backend"] == "firejail" and ran["isolated"] and ran["user"] != "root"
    r = _cli("train", "--resume", str(tmp_path / "run"), "--lr", "1")
    assert r.returncode == 2 and "only --steps and --max-minutes may change" in r.stderr
    # a new time budget: one more step
    r = _cli("train", "--resume", str(tmp_path / "run"), "--steps", "3", "--max-minutes", "1e-9")
    assert r.returncode == 0 and "would pass max_minutes=" in r.stdout, r.stderr[-2000:]
    assert [x["step"] for x in read_metrics(tmp_path / "run")[0]] == [1, 2]
    r = _cli("train", "--model", "tiny", "--out", str(tmp_path / "run"))
    assert r.returncode == 1 and "--resume" in r.stderr


def test_cli_missing_firejail_is_a_clear_error(tmp_path):
    env = os.environ | {"PATH": str(tmp_path)}  # no firejail on this PATH
    r = _cli("train", "--model", "tiny", "--sandbox", "firejail", "--out", str(tmp_path / "run"), env=env)
    assert r.returncode == 2 and "firejail is not installed" in r.stderr and not (tmp_path / "run").exists(), \
        r.stderr[-2000:]


def test_out_of_memory_says_what_to_change(tmp_path, monkeypatch):
    def oom(*a, **k): raise RuntimeError("[enforce fail at alloc_cpu.cpp:121] DefaultCPUAllocator: not enough memory: "
                                         "you tried to allocate 1 GB")
    monkeypatch.setattr(rlkit.config, "load_policy", oom)  # what load_model loads the policy with
    cfg = T.TrainConfig(out=str(tmp_path / "run"), eval_samples=0, sandbox="subprocess")
    with pytest.raises(RunError, match="--quantization 4bit"):
        train(cfg)
    assert not (tmp_path / "run").exists()


def test_a_small_memory_budget_runs_one_sequence_a_pass_with_checkpointing_for_the_same_gradient(tmp_path):
    "The update fits the budget (fewer positions a pass, then checkpointing), says so, and computes the same step"
    rows, said = {}, {}
    for name, budget in (("roomy", 0.0), ("tight", 0.001)):  # 1 MB: less than the process holds, so nothing fits
        lines = []
        # the fast decode loop in both runs, so that step 1 samples the same episodes
        cfg = toy_config(tmp_path / name, toy_tasks(tmp_path / "toy.jsonl"), steps=2, memory_budget=budget,
                         rollout={"fast_decode": True})
        train(cfg, rewards={"a": lowercase}, log=lines.append)
        rows[name] = read_metrics(tmp_path / name)[0]
        said[name] = [s for s in lines if s.startswith("step ")]
    default = GRPOConfig().max_positions  # room: as configured
    assert {(r["max_positions"], r["checkpointing"]) for r in rows["roomy"]} == {(default, False)}
    assert said["roomy"] and all(s.endswith(f"(passes of at most {default} positions)") for s in said["roomy"])
    for r, line in zip(rows["tight"], said["tight"]):  # the least it can do: the longest sequence alone
        assert r["checkpointing"] and r["max_positions"] > 0, r
        assert f"(passes of at most {r['max_positions']} positions, checkpointing)" in line, line
    # step 1, the same episodes: the loss is normalised over the whole batch, so the update is the same step (up to
    # rounding, which then makes step 2 sample other episodes)
    a, b = rows["roomy"][0], rows["tight"][0]
    assert a["reward_mean"] == b["reward_mean"] and math.isclose(a["loss"], b["loss"], rel_tol=1e-3, abs_tol=1e-6)
    assert math.isclose(a["grad_norm"], b["grad_norm"], rel_tol=1e-2), (a["grad_norm"], b["grad_norm"])


def test_a_small_memory_budget_decodes_without_the_merged_copy(tmp_path):
    "Left to the budget, the decode loop is the reference one when the fast loop's copy of the weights does not fit"
    for name, budget, fast in (("roomy", 0.0, True), ("tight", 0.001, False)):
        lines = []
        cfg = toy_config(tmp_path / name, toy_tasks(tmp_path / "toy.jsonl"), steps=1, memory_budget=budget)
        train(cfg, rewards={"a": lowercase}, log=lines.append)
        assert [r["fast_decode"] for r in read_metrics(tmp_path / name)[0]] == [fast]
        step = next(s for s in lines if s.startswith("step "))
        assert step.endswith("reference decode loop)") != fast, step


def test_dynamic_sampling_replaces_zero_variance_groups(tmp_path):
    "Tasks toy/2 and toy/3 always score 0: their groups are replaced before the update, and they are sampled less"
    def half_constant(tasks, completions, results=None):
        return [v if t.id in ("toy/0", "toy/1") else 0.0 for t, v in zip(tasks, lowercase(tasks, completions))]
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=6, checkpoint_every=100,
                     tasks_per_step=2, rollout={"dynamic_sampling": 2})
    train(cfg, rewards={"r": half_constant}, log=lambda s: None)
    rows = read_metrics(tmp_path / "run")[0]
    trajs = read_jsonl(tmp_path / "run" / "trajectories.jsonl", Trajectory)
    zero = {t.group_id for t in trajs if t.meta["zero_variance"]}
    assert zero and all(g.split("/", 1)[1] in ("toy/2", "toy/3") for g in zero)
    assert sum(r["zero_var_groups"] for r in rows) == len(zero) and any(r["groups"] > 2 for r in rows)
    assert all(r["sequences"] == 16 for r in rows)  # every step still trained on two informative groups
    state = torch.load(checkpoints(tmp_path / "run")[-1] / "state.pt", weights_only=False)
    assert state["sampler"]["priority"]["toy/2"] < 1.0 or state["sampler"]["priority"]["toy/3"] < 1.0


def test_forgetting_check_flags_a_domain_that_falls(tmp_path, monkeypatch):
    ("With eval_every, held-out and probe tasks are measured during the run; a domain that falls by more than the "
     "margin is flagged in the line, eval.json, the final table and metrics.jsonl")
    measured = []
    # every task passes before training; math fails from then on
    def fake_evaluate(model, tasks, tokenizer=None, desc="", **kw):
        later = any(d.startswith("held-out") for d in measured)
        measured.append(desc)
        return _eval_result({t.id: 0.0 if later and t.domain == "math" else 1.0 for t in tasks})
    monkeypatch.setattr(T, "evaluate", fake_evaluate)
    lines = []
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "t.jsonl"), steps=4, eval_samples=1, eval_tasks="math",
                     probe_tasks="format", eval_every=2)
    res = train(cfg, rewards={"a": lowercase}, log=lines.append)
    assert measured == ["held-out, before", "probe, before", "held-out, 2", "probe, 2", "held-out, after",
                        "probe, after"]
    during = next(l for l in lines if l.startswith("held-out at step 2:"))
    assert ("math 0.0% (-100.0) FORGETTING" in during and "probe format 100.0% (+0.0)" in during
            and "probe format 100.0% (+0.0) FORGETTING" not in during)
    assert "FORGETTING: fell more than 5 pts" in next(l for l in lines if l.startswith("held-out pass rate\n"))
    ev = json.loads((tmp_path / "run" / "eval.json").read_text())
    assert ev["forgetting"] == ["math"] and set(ev["probe"]) == {"before", "2", "after"} and set(ev["during"]) == {"2"}
    assert ([(e["step"], e["domain"]) for e in read_metrics(tmp_path / "run")[1] if e["event"] == "forgetting"]
            == [(2, "math"), (4, "math")])
    assert res["eval"]["domains"][0]["domain"] == "math" and res["eval"]["domains"][1]["probe"]


def _eval_result(per:dict) -> dict:
    "What `evaluate` returns for one greedy answer a task, passing as `per` says"
    rate = sum(per.values()) / len(per)
    return {"pass_rate": rate, "pass@1": rate, "per_task": per, "samples": len(per), "excluded": 0, "tasks": len(per),
            "n": 1, "seed": 0, "temperature": 0.0, "counts": {}, "verdicts": {}}


def _fake_evaluate(measured):
    ("An `evaluate` that records what it measured: every task fails before training; after it, the training tasks "
     "(toy) pass, held-out ones still fail")
    def fake(model, tasks, tokenizer=None, desc="", **kw):
        later = not desc.endswith("before")
        measured.append(desc)
        return _eval_result({t.id: 1.0 if later and t.domain == "toy" else 0.0 for t in tasks})
    return fake


@pytest.mark.parametrize("n", [12, 4])
def test_eval_trained_on_measures_the_training_tasks_beside_the_held_out_ones(tmp_path, monkeypatch, n):
    ("eval_trained_on: the training tasks are measured whenever the held-out ones are; the report gives their change "
     "and interval (from 10 tasks) apart, eval.json and the model card keep it")
    measured, lines = [], []
    monkeypatch.setattr(T, "evaluate", _fake_evaluate(measured))
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "t.jsonl", n=n), steps=4, eval_samples=1, eval_tasks="math",
                     eval_every=2, eval_trained_on=True)
    res = train(cfg, rewards={"a": lowercase}, log=lines.append)
    assert measured == ["held-out, before", "trained-on, before", "held-out, 2", "trained-on, 2", "held-out, after",
                        "trained-on, after"]
    assert (f"the tasks it trains on: 0.0% ({n} tasks)"
            in next(l for l in lines if l.startswith("held-out pass rate before training")))
    assert "|| trained-on 100.0% (+100.0 pts)" in next(l for l in lines if l.startswith("held-out at step 2:"))
    table = next(l for l in lines if l.startswith(f"the {n} tasks it trains on"))
    ev = json.loads((tmp_path / "run" / "eval.json").read_text())
    assert (set(ev["trained_on"]) >= {"before", "2", "after"} and ev["difference"]["diff"] == 0.0
            and res["eval"]["trained_on"]["after"]["pass_rate"] == 1.0)
    card = (checkpoints(tmp_path / "run")[-1] / "adapter" / "README.md").read_text()
    if n >= 10:
        assert ev["trained_on"]["difference"]["diff"] == 1.0 and ev["trained_on"]["difference"]["better"] == n
        assert "change +100.0 pts" in table and f"{n} tasks better, 0 worse" in table
        assert "on the tasks it trained on, measured the same way: 0.0% before, 100.0% after; change +100.0 pts" in card
    else:
        assert ("difference" not in ev["trained_on"] and "(under 10 tasks: no interval)" in table
                and "on the tasks it trained on" not in card)


def test_eval_trained_on_needs_held_out_tasks(tmp_path):
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "t.jsonl"), eval_samples=0, eval_trained_on=True)
    with pytest.raises(ValueError, match="eval_trained_on=True measures the training tasks beside the held-out tasks"):
        train(cfg, rewards={"a": lowercase})
    assert not (tmp_path / "run").exists()


def test_a_probe_set_must_lie_outside_the_held_out_tasks(tmp_path):
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "t.jsonl"), eval_samples=1, eval_tasks="math",
                     probe_tasks="math")
    with pytest.raises(ValueError, match="repeats held-out tasks"):
        train(cfg, rewards={"a": lowercase})
    assert not (tmp_path / "run").exists()


def test_length_curriculum_grows_the_budget_and_resumes_with_it(tmp_path):
    ("The length curriculum's budget grows by `step` every `every` steps; each step's budget is logged and bounds its "
     "completions; a resumed run goes on from it")
    run, tasks = tmp_path / "run", toy_tasks(tmp_path / "t.jsonl")
    cfg = toy_config(run, tasks, rollout={"max_new_tokens": 16}, steps=4,
                     hooks={"length": {"start": 4, "step": 4, "every": 2}})
    lines = []
    train(cfg, rewards={"a": lowercase}, log=lines.append)
    train(toy_config(run, tasks, steps=6), resume=run, rewards={"a": lowercase}, log=lines.append)
    rows, _ = read_metrics(run)
    assert [r["max_new_tokens"] for r in rows] == [4, 4, 8, 8, 12, 12]
    eps = read_jsonl(run / "trajectories.jsonl", Trajectory)
    for r in rows:
        assert max(len(e.turns[0].token_ids) for e in eps if e.step == r["step"]) <= r["max_new_tokens"]
    assert any("budget 8 tokens" in l for l in lines)


def test_a_probe_set_needs_held_out_tasks(tmp_path):
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "t.jsonl"), eval_samples=1, probe_tasks="format")
    with pytest.raises(ValueError, match="name them with --eval-tasks"):
        train(cfg, rewards={"a": lowercase})


def test_replay_mixes_rare_successes_in_and_resumes_with_its_buffer(tmp_path):
    ("Experience replay: low-reward groups with a success come back in later updates, their ratios and age logged; "
     "the buffer is checkpointed, so a resumed run's steps equal an uninterrupted run's")
    tasks, kw = (toy_tasks(tmp_path / "t.jsonl"),
                 dict(hooks={"replay": {"fraction": 0.5, "below": 0.3}}, checkpoint_every=2))
    train(toy_config(tmp_path / "full", tasks, steps=4, **kw), rewards={"a": lowercase}, log=lambda s: None)
    full = read_metrics(tmp_path / "full")[0]
    # nothing to replay at step 1; then a group of 8 a step
    assert "replayed" not in full[0] and all(r["replayed"] >= 8 for r in full[1:])
    assert all(0 < r["replay_share"] <= 0.5 and r["replay_staleness"] >= 1 and r["replay_ratio"] > 0 for r in full[1:])
    assert all(r["sequences"] == 16 + r["replayed"] for r in full[1:])
    # beta 0: no KL term, so no replayed tokens' k3 is made up (08_grpo tests its value)
    assert not any("replay_kl_k3" in r for r in full)
    assert "replay" in torch.load(checkpoints(tmp_path / "full")[-1] / "state.pt", weights_only=False)
    # replayed episodes are not written twice
    assert len(read_jsonl(tmp_path / "full" / "trajectories.jsonl")) == 4 * 16
    lines = []
    train(toy_config(tmp_path / "cut", tasks, steps=2, **kw), rewards={"a": lowercase}, log=lambda s: None)
    train(toy_config(tmp_path / "cut", tasks, steps=4, **kw), resume=tmp_path / "cut", rewards={"a": lowercase},
          log=lines.append)
    cut = read_metrics(tmp_path / "cut")[0]
    keys = COMPARED + ("replayed", "replay_ratio", "replay_staleness")
    for a, b in zip(full, cut):
        assert {k: a.get(k) for k in keys} == {k: b.get(k) for k in keys}, a["step"]
    assert any("replayed 8" in l for l in lines)
    with pytest.raises(ValueError, match="replay is GRPO's"):
        train(toy_config(tmp_path / "x", tasks, algo="ppo", hooks={"replay": {"fraction": 0.5}}),
              rewards={"a": lowercase})


def test_reward_model_refresh_measures_fresh_pairs_retrains_and_resumes(tmp_path):
    ("The reward-model refresh: pairs from the policy's samples ranked by a verifiable component; accuracy on unseen "
     "pairs every N steps, a retrain, all checkpointed")
    from rlkit.models import tiny_policy
    from rlkit.reward_model import RewardModel, as_reward
    tasks = toy_tasks(tmp_path / "t.jsonl")
    # the signal, at weight 0: a witness
    def rewards(rm): return {"rm": (as_reward(rm), 1.0), "lowercase": (lowercase, 0.0)}
    for mode in (True, False):
        rm = RewardModel(*tiny_policy(seed=1))
        before = [p.detach().clone() for p in rm.parameters() if p.requires_grad]
        run = tmp_path / f"train-{mode}"
        train(toy_config(run, tasks, steps=4, hooks={"rm_refresh": {"every": 2, "train": mode, "signal": "lowercase"}}),
              rewards=rewards(rm), log=lambda s: None)
        events = [e for e in read_metrics(run)[1] if e["event"] == "rm_refresh"]
        assert ([e["step"] for e in events] == [2, 4]
                and all(e["fresh_pairs"] > 0 and 0 <= e["accuracy_fresh"] <= 1 for e in events))
        moved = any(not torch.equal(a, p) for a, p in zip(before, [p for p in rm.parameters() if p.requires_grad]))
        assert moved == mode and all(("trained_on" in e) == mode for e in events)  # the stale baseline only measures
    assert "rm_refresh" in torch.load(checkpoints(tmp_path / "train-True")[-1] / "state.pt", weights_only=False)
    rm = RewardModel(*tiny_policy(seed=1))  # a fresh copy: resuming puts the refreshed weights back
    train(toy_config(tmp_path / "train-True", tasks, steps=5,
                     hooks={"rm_refresh": {"every": 2, "signal": "lowercase"}}),
          resume=tmp_path / "train-True", rewards=rewards(rm), log=lambda s: None)
    # step 4's, after its refresh
    ck = torch.load(checkpoints(tmp_path / "train-True")[-2] / "state.pt", weights_only=False)["rm_refresh"]["weights"]
    mine = {n: p.detach().cpu() for n, p in rm.named_parameters() if p.requires_grad}
    assert all(torch.equal(ck[n], v) for n, v in mine.items())  # step 5 did not refresh: the weights are those resumed
    assert not all(torch.equal(v, p.detach().cpu()) for v, p in
                   zip(mine.values(), [p for p in RewardModel(*tiny_policy(seed=1)).parameters() if p.requires_grad]))
    with pytest.raises(ValueError, match="rewards hold 0"):
        train(toy_config(tmp_path / "x", tasks, hooks={"rm_refresh": {"every": 2}}), rewards={"a": lowercase})


def _violating_check(share):
    ("A toy executor: the first `share` of each batch's completions are sandbox violations (with an audit log), the "
     "rest pass or fail")
    def run(tasks, completions):
        k = int(share * len(completions))
        return [ExecResult("violation", 1, 1,
                           detail="audit: the proxy refused CONNECT evil.test:443 (not on the allow list)",
                           audit={"network": [{"method": "CONNECT", "host": "evil.test", "port": 443, "allowed": False,
                                               "why": "not on the allow list"}],
                                  "flags": ["the proxy refused CONNECT evil.test:443"]}) if i < k else r
                for i, r in enumerate(lowercase_check(tasks, completions))]
    return run


@pytest.mark.parametrize("mode", ["penalize", "exclude"])
def test_a_violation_ends_its_episode_is_penalized_or_excluded_and_recorded(tmp_path, mode):
    "A violation is never repaired and never earns its tests' reward; the step line, metrics and an event record it"
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=2,
                     rollout={"attempts": 2, "violation": mode})
    lines = []
    train(cfg, rewards={"a": lowercase}, executor=_violating_check(0.25), log=lines.append)
    trajs = read_jsonl(tmp_path / "run" / "trajectories.jsonl", Trajectory)
    bad = [t for t in trajs if t.turns[0].result.verdict == "violation"]
    assert bad and all(len(t.turns) == 1 and not t.turns[0].feedback for t in bad)  # no repair after a violation
    # the audit log travels in trajectories.jsonl
    assert all(t.turns[0].result.audit["network"][0]["host"] == "evil.test" for t in bad)
    if mode == "penalize":
        assert all(t.reward == -1.0 and t.rewards["violation"] == -1.0 and "a" in t.rewards for t in bad)
    else:
        assert all(t.reward is None and t.meta["excluded"].startswith("violation") for t in bad)
    rows, events = read_metrics(tmp_path / "run")
    counts = [r["violations"] for r in rows]  # a quarter of the first attempts (2 tasks x 8), and of the repairs
    assert (len(counts) == 2 and all(c >= 4 for c in counts)
            and [e["count"] for e in events if e.get("event") == "violation"] == counts)
    assert (any(f"VIOLATIONS {counts[0]} (" in l for l in lines)
            and any("ended in a sandbox violation (" + mode + "d)" in l for l in lines))


def test_violations_above_the_threshold_stop_the_run(tmp_path):
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), steps=6,
                     hooks={"violation": {"stop": 0.5, "steps": 2}})
    with pytest.raises(RunError, match="ended in a sandbox violation in each of the last 2 steps"):
        train(cfg, rewards={"a": lowercase}, executor=_violating_check(0.75), log=lambda s: None)
    rows, events = read_metrics(tmp_path / "run")
    assert len(rows) == 2 and events[-1]["event"] == "stopped" and "violation" in events[-1]["reason"]
    # 0: record, never stop
    cfg = toy_config(tmp_path / "run2", toy_tasks(tmp_path / "toy.jsonl"), steps=3, hooks={"violation": {"steps": 0}})
    train(cfg, rewards={"a": lowercase}, executor=_violating_check(0.75), log=lambda s: None)
    assert len(read_metrics(tmp_path / "run2")[0]) == 3


def test_fewer_than_10_held_out_tasks_report_without_an_interval(tmp_path, monkeypatch):
    ("A held-out set under 10 tasks: the run reports before and after, says why there is no interval, and does not "
     "crash at its end")
    lines = []
    monkeypatch.setattr(T, "evaluate", _fake_evaluate([]))
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "t.jsonl"), steps=2, eval_samples=1,
                     eval_tasks=toy_tasks(tmp_path / "e.jsonl", n=3))
    train(cfg, rewards={"a": lowercase}, log=lines.append)
    assert any("under 10 held-out tasks: no interval" in l for l in lines), lines[-5:]
    assert "difference" not in json.loads((tmp_path / "run" / "eval.json").read_text())


def test_held_out_tasks_that_are_training_tasks_are_warned_of(tmp_path, monkeypatch):
    monkeypatch.setattr(T, "evaluate", _fake_evaluate([]))
    tasks = toy_tasks(tmp_path / "t.jsonl", n=12)
    with pytest.warns(UserWarning, match="the held-out tasks .* hold 12 of the training tasks"):
        train(toy_config(tmp_path / "run", tasks, steps=1, eval_samples=1, eval_tasks=tasks), rewards={"a": lowercase},
              log=lambda s: None)
    with pytest.warns(UserWarning, match="no held-out evaluation: the tasks .* name no bundled domain"):
        train(toy_config(tmp_path / "run2", tasks, steps=1, eval_samples=1), rewards={"a": lowercase},
              log=lambda s: None)

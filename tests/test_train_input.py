("Bad input and damaged run directories: each gets one clear message that names the input and the fix, before "
 "anything is written")
import json, os
from pathlib import Path

import pytest
import torch

import rlkit.cli as C
import rlkit.train as T
from rlkit.core import Task, write_jsonl
from rlkit.cli import main
from rlkit.runs import RunError, checkpoints, plot_run, read_metrics
from rlkit.train import train
from toys import lowercase, toy_config, toy_tasks


@pytest.mark.parametrize("args, names", [(["--steps", "0"], "--steps"), (["--steps", "-1"], "--steps"),
                                         (["--tasks-per-step", "0"], "--tasks-per-step"),
                                         (["--checkpoint-every", "0"], "--checkpoint-every"),
                                         (["--max-new-tokens", "0"], "--max-new-tokens"),
                                         (["--micro-batch", "0"], "--micro-batch"),
                                         (["--lora-r", "0"], "--lora-r"), (["--eval-samples", "-1"], "--eval-samples"),
                                         (["--temperature", "0"], "greedy decoding is for evaluation"),
                                         (["--lr", "-1"], "--lr"),
                                         (["--beta", "-0.1"], "--beta"), (["--max-kl", "nan"], "--max-kl"),
                                         (["--sandbox-allow", "pypi.org"], "'host:port'"),
                                         (["--sandbox-data", "prices=/no/such/dir"], "name=/existing/host/dir"),
                                         (["--violation-stop", "1.5"], "--violation-stop")])
def test_number_options_out_of_range_are_refused_before_anything_is_written(tmp_path, capsys, args, names):
    assert main(["train", "--out", str(tmp_path / "run"), *args]) == 2
    err = capsys.readouterr().err
    assert names in err and "Traceback" not in err and err.count("\n") == 1, err
    assert not (tmp_path / "run").exists()


def test_a_task_file_is_checked_when_it_loads(tmp_path, capsys):
    good = Task("c/1", "code", "Write add.", tests="assert add(1, 2) == 3", entry_point="add")
    for bad, why in [(Task("c/2", "code", "p", tests="assert add(1, 2) == 3", entry_point="add").to_dict()
                      | {"tests": "assert add(1,"}, "do not parse"),
                     (good.to_dict() | {"id": "c/3", "tests": "add(1, 2)"}, "no assert"),
                     ({"id": "m/1", "domain": "math", "prompt": "2+2?", "answer": [4]}, "must be a number or text")]:
        f = tmp_path / "tasks.jsonl"
        write_jsonl(f, [good, good.to_dict() | {"id": "c/0"}], append=False)
        write_jsonl(f, [bad])
        assert main(["train", "--tasks", str(f), "--out", str(tmp_path / "run")]) == 2
        err = capsys.readouterr().err
        assert str(f) in err and "line 3" in err and bad["id"] in err and why in err, err
    assert main(["train", "--tasks", str(tmp_path), "--out", str(tmp_path / "run")]) == 2
    assert "is a directory" in capsys.readouterr().err
    for spec in ("code:-1", "code:nan", "nonsense:2"):
        assert main(["train", "--tasks", spec, "--out", str(tmp_path / "run")]) == 2
        err = capsys.readouterr().err
        assert "A task spec is" in err and "code, math, format" in err, err
    assert not (tmp_path / "run").exists()


def test_a_math_answer_that_math_verify_cannot_read_names_its_task(tmp_path, capsys):
    f = tmp_path / "tasks.jsonl"
    write_jsonl(f, [Task("m/0", "math", "1+1?", answer="\\frac{4}{2}"), Task("m/1", "math", "2+2?", answer="four")],
                append=False)
    assert main(["train", "--tasks", str(f), "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert "math task 'm/1'" in err and "'four'" in err and "a fraction (3/4)" in err, err
    assert not (tmp_path / "run").exists()


def test_the_run_directory_must_be_a_new_or_empty_writable_folder(tmp_path, capsys, monkeypatch):
    (tmp_path / "file").write_text("x")
    assert main(["train", "--out", str(tmp_path / "file")]) == 2 and "is a file" in capsys.readouterr().err
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("x")
    assert main(["train", "--out", str(tmp_path / "other")]) == 2
    err = capsys.readouterr().err
    assert "holds other files (notes.txt)" in err and "already holds a run" not in err
    real = os.access  # as root every folder is writable: pretend this one is not
    monkeypatch.setattr(os, "access",
                        lambda path, mode, **k: False if Path(path) == tmp_path else real(path, mode, **k))
    assert main(["train", "--out", str(tmp_path / "ro" / "run")]) == 2 and "not writable" in capsys.readouterr().err


def test_training_without_firejail_needs_an_explicit_subprocess_sandbox(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("rlkit.config.shutil.which", lambda name: None)
    assert main(["train", "--model", "tiny", "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert "firejail is not installed" in err and "--sandbox subprocess" in err and not (tmp_path / "run").exists()


def _toy(tmp_path, **kw):
    return toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), **({"steps": 4, "checkpoint_every": 2} | kw))


def test_a_diverging_update_is_never_checkpointed_as_good(tmp_path, monkeypatch):
    real, calls = T.grpo_step, {"n": 0}
    def blow_up_at_step_2(model, *a, **k):
        calls["n"] += 1
        m = real(model, *a, **k)  # the KL it reports was measured before its optimizer step: small
        if calls["n"] == 2:
            with torch.no_grad():
                for name, p in model.named_parameters():
                    if "lora_B" in name:
                        # the update that diverges: an exact KL of about 0.6 (this tiny model saturates near ln 2; its
                        # own updates reach about 0.3)
                        p.add_(torch.randn_like(p) * 3.0)
        return m
    monkeypatch.setattr(T, "grpo_step", blow_up_at_step_2)
    lines = []
    train(_toy(tmp_path, max_kl=0.5), rewards={"a": lowercase}, log=lines.append)
    rows, events = read_metrics(tmp_path / "run")
    assert [(e["event"], e["step"], e["to_step"]) for e in events] == [("rollback", 2, 0)], events
    assert "after the update" in events[0]["reason"] and any("rolled back to step 0" in l for l in lines)
    assert [r["step"] for r in rows] == [1, 2, 3, 4] and all(r["kl_after"] < 0.5 for r in rows if r["step"] in (2, 4))
    assert any("after update" in l for l in lines)  # the step line shows the KL measured before the checkpoint


def test_a_corrupt_latest_checkpoint_falls_back_to_the_one_before(tmp_path):
    cfg = _toy(tmp_path)
    train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    run = tmp_path / "run"
    (run / "checkpoints" / "step-000004" / "state.pt").write_bytes(b"not a checkpoint")
    with open(run / "trajectories.jsonl", "a") as f:
        f.write('{"task_id": "toy/0", "tur')  # a line torn by a crash
    lines = []
    train(T.TrainConfig(steps=6), resume=run, rewards={"a": lowercase}, log=lines.append)
    assert (any("step-000004 cannot be read" in l for l in lines)
            and any("resuming" in l and "step-000002" in l for l in lines))
    assert any("1 of them torn" in l for l in lines), lines
    ev = [e for e in read_metrics(run)[1] if e["event"] == "resume"][0]
    assert ev["unreadable"] == ["step-000004"] and ev["torn"] == 1 and ev["moved"] > 1
    assert [p.name for p in checkpoints(run)] == ["step-000004", "step-000006"]  # written again, by the resumed run
    assert [r["step"] for r in read_metrics(run)[0]] == [1, 2, 3, 4, 5, 6]


def test_a_broken_config_json_names_the_file(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.json").write_text("{broken")
    with pytest.raises(RunError, match=r"config.json is not valid JSON"):
        train(resume=run)
    (run / "config.json").write_text(json.dumps(T.TrainConfig().__dict__ | {"rollout": {},
                                                                            "grpo": {"lr": 1e-4, "colour": "red"},
                                                                            "ppo": {}, "speed": 2}))
    with pytest.raises(RunError,
                       match=r"config.json holds keys this version of rlkit does not know: speed, grpo.colour"):
        train(resume=run)


def test_ctrl_c_ends_with_one_line_that_says_how_to_resume(tmp_path, monkeypatch, capsys):
    real, calls = T.grpo_step, {"n": 0}
    def interrupt_at_step_3(*a, **k):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(*a, **k)
    monkeypatch.setattr(T, "grpo_step", interrupt_at_step_3)
    with pytest.raises(T.Interrupted, match=r"interrupted at step 2 of 4; the last checkpoint is step-000002. "
                                            r"Continue with: rlkit train --resume"):
        train(_toy(tmp_path), rewards={"a": lowercase}, log=lambda s: None)
    capsys.readouterr()
    monkeypatch.setattr(C, "train", lambda *a, **k: (_ for _ in ()).throw(T.Interrupted("interrupted at step 2 of 4")))
    assert main(["train", "--out", str(tmp_path / "x")]) == 130
    assert capsys.readouterr().err == "rlkit train: interrupted at step 2 of 4\n"
    # e.g. while the model loads
    monkeypatch.setattr(C, "train", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt()))
    assert main(["train", "--out", str(tmp_path / "x")]) == 130
    assert capsys.readouterr().err == "rlkit train: interrupted before the run started\n"


def test_plot_run_checks_what_it_is_given(tmp_path):
    with pytest.raises(FileNotFoundError, match="is not a run directory"):
        plot_run(tmp_path / "rnu")
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "config.json").write_text("{}")
    fig = plot_run(tmp_path / "empty")
    assert "empty: no steps recorded yet" in [t.get_text() for t in fig.axes[0].texts]
    with pytest.raises(ValueError, match="labels has 2 names for 1 runs"):
        plot_run(tmp_path / "empty", labels=["a", "b"])


def test_beta_zero_says_the_kl_is_not_measured_and_still_checks_it_before_a_checkpoint(tmp_path):
    lines = []
    train(_toy(tmp_path, max_kl=100.0), rewards={"a": lowercase}, log=lines.append)  # the toys train with beta = 0
    rows = read_metrics(tmp_path / "run")[0]
    assert all(r["kl"] is None for r in rows) and all("kl n/a (beta=0)" in l for l in lines if l.startswith("step"))
    assert [r["step"] for r in rows if r.get("kl_after") is not None] == [2, 4] and rows[-1]["kl_after"] > 0


@pytest.mark.parametrize("tasks,reward,msg", [("math", "tests_fraction",
                                               "reward 'tests_fraction' scores code tasks only, and the training "
                                               "tasks ('math') hold 'math' tasks"),
                                              ("code:1,math:1", "math_answer:1,length_penalty:0.1",
                                               "reward 'math_answer' scores math tasks only"),
                                              ("code:1,format:1", "json_keys",
                                               "reward 'json_keys' scores format tasks only")])
def test_a_reward_for_one_domain_meets_another_before_the_model_loads(tmp_path, capsys, tasks, reward, msg):
    assert main(["train", "--tasks", tasks, "--reward", reward, "--model", "tiny", "--out", str(tmp_path / "run")]) == 2
    assert msg in capsys.readouterr().err and not (tmp_path / "run").exists()


@pytest.mark.parametrize("kw,msg", [({"tasks": 3}, "tasks=3 (--tasks): must be str"),
                                    ({"steps": 2.5}, "steps=2.5 (--steps): must be int"),
                                    ({"seed": "a"}, "seed='a' (--seed): must be int"),
                                    ({"eval_trained_on": 1}, "must be bool"),
                                    ({"rollout": {"group_size": 2}}, "must be a RolloutConfig"),
                                    ({"quantization": "3bit"}, "use None, '4bit' or '8bit'")])
def test_trainconfig_from_python_checks_types(kw, msg):
    with pytest.raises(ValueError, match=msg.replace("(", r"\(").replace(")", r"\)")):
        T.TrainConfig(**kw)
    assert T.TrainConfig(max_minutes=3).max_minutes == 3  # an int where a float goes is a number


def test_a_reward_model_too_short_for_the_responses_is_refused_before_the_run(tmp_path):
    "A learned reward refuses a response longer than it reads: the run is refused at the start, not at that sample"
    class RM:
        max_length = 150

    def learned(tasks, completions, results=None):
        return [0.0] * len(completions)
    learned.rm = RM()
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), rollout={"max_new_tokens": 128})
    with pytest.raises(ValueError, match=r"the reward model reads 150 tokens.*rm.max_length = 192"):
        train(cfg, rewards={"rm": learned}, log=lambda s: None)
    assert not (tmp_path / "run").exists()

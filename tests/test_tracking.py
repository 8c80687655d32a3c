"""report_to: a toy run's records go to TensorBoard (read back with its own reader), to trackio's local store and to
W&B offline, under TRL's names; a tracker that is not installed is refused before anything is written."""
import json, os, subprocess, sys
from pathlib import Path

import pytest

import rlkit.train as T
import rlkit.tracking as tracking
from rlkit.runs import read_metrics
from rlkit.train import TrainConfig, train
from toys import lowercase, toy_config, toy_tasks

HERE = Path(__file__).parent
needs_tensorboard = pytest.mark.skipif(not tracking.installed("tensorboard"),
                                       reason="tensorboard is not installed (pip install 'rlkit[track]')")


def _fake_evaluate(tasks_per_call):
    "An `evaluate` that passes half the held-out tasks before training and all of them after, without generating"
    def fake(model, tasks, tok, desc="", **kw):
        later = not desc.endswith("before")
        per_task = {t.id: 1.0 if later or i % 2 else 0.0 for i, t in enumerate(tasks)}
        tasks_per_call.append(desc)
        rate = sum(per_task.values()) / len(per_task)
        return {"pass_rate": rate, "pass@1": rate, "per_task": per_task, "samples": len(tasks), "tasks": len(tasks),
                "excluded": 0, "n": 1, "seed": 0, "temperature": 0.0, "counts": {}, "verdicts": {}}
    return fake


def _same_series(got, rows):
    "The (step, value) pairs a tracker holds are the steps and rewards of `metrics.jsonl` (float32 in an event file)"
    return ([s for s, _ in got] == [m["step"] for m in rows]
            and [v for _, v in got] == pytest.approx([m["reward_mean"] for m in rows], rel=1e-6))


def _scalars(run, tag):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    ea = EventAccumulator(str(run / "tensorboard"), size_guidance={"scalars": 0, "tensors": 0})
    ea.Reload()
    return ea, [(e.step, e.value) for e in ea.Scalars(tag)] if tag in ea.Tags()["scalars"] else []


@needs_tensorboard
def test_a_toy_run_writes_tensorboard_events_that_read_back_as_its_metrics(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(T, "evaluate", _fake_evaluate(calls))
    run = tmp_path / "run"
    cfg = toy_config(run, toy_tasks(tmp_path / "toy.jsonl"), steps=3, eval_samples=1, eval_tasks="math",
                     report_to="tensorboard")
    train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    rows, _ = read_metrics(run)
    ea, reward = _scalars(run, "train/reward")
    assert [s for s, _ in reward] == [1, 2, 3] and _same_series(reward, rows)
    tags = set(ea.Tags()["scalars"])
    # TRL's names where TRL has one, rlkit's otherwise; the held-out rate at step 0 and at the end
    assert {"train/reward_std", "train/learning_rate", "train/frac_reward_zero_std", "train/entropy",
            "train/zero_var_groups", "train/step_s"} <= tags and "train/reward_mean" not in tags
    assert _scalars(run, "eval/pass_rate")[1] == [(0, pytest.approx(30 / 61)), (3, 1.0)]  # half before, all after
    texts = set(ea.Tags()["tensors"])
    assert {"config/text_summary", "held_out/text_summary", "held_out_change/text_summary"} <= texts
    table = ea.Tensors("held_out/text_summary")[0].tensor_proto.string_val[0].decode()
    assert table.startswith("| task | before | after | change |") and table.count("\n") == 1 + 61  # math test split
    config = json.loads(ea.Tensors("config/text_summary")[0].tensor_proto.string_val[0].decode().strip("`json\n"))
    assert config["report_to"] == "tensorboard" and config["steps"] == 3


@needs_tensorboard
def test_a_resumed_run_goes_on_in_the_same_tensorboard_folder(tmp_path):
    run = tmp_path / "run"
    train(toy_config(run, toy_tasks(tmp_path / "toy.jsonl"), steps=2, report_to="tensorboard"),
          rewards={"a": lowercase}, log=lambda s: None)
    train(TrainConfig(steps=4), resume=run, rewards={"a": lowercase}, log=lambda s: None)
    rows, events = read_metrics(run)
    ea, reward = _scalars(run, "train/reward")
    assert _same_series(reward, rows) and len(reward) == 4
    assert any(e["event"] == "resume" for e in events) and "events/text_summary" in ea.Tags()["tensors"]


def test_a_tracker_that_is_not_installed_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(tracking, "installed", lambda module: module != "wandb")
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), report_to="tensorboard,wandb")
    with pytest.raises(ValueError, match=r"wandb is not installed; `pip install wandb`, or pass --report-to none"):
        train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    assert not (tmp_path / "run").exists()
    with pytest.raises(ValueError, match=r"report_to='tensorbord' \(--report-to\): 'tensorbord' is not a tracker"):
        TrainConfig(report_to="tensorbord")


class _FakeWandB:
    "What rlkit calls of `wandb`, recorded"
    def __init__(self):
        self.calls = []
    def init(self, **kw):
        self.calls.append(("init", kw))
        return self
    def log(self, values, step):
        self.calls.append(("log", values, step))
    def finish(self):
        self.calls.append(("finish",))
    def Table(self, columns, data):
        return {"columns": columns, "data": data}
    def Html(self, html):
        return html


def test_wandb_runs_offline_in_the_run_directory_with_the_config_and_every_step(tmp_path, monkeypatch):
    fake = _FakeWandB()
    monkeypatch.setitem(sys.modules, "wandb", fake)
    monkeypatch.setattr(tracking, "installed", lambda module: True)
    monkeypatch.delenv("WANDB_MODE", raising=False)
    monkeypatch.setattr(T, "evaluate", _fake_evaluate([]))
    run = tmp_path / "run"
    cfg = toy_config(run, toy_tasks(tmp_path / "toy.jsonl"), steps=2, eval_samples=1, eval_tasks="math",
                     report_to="wandb")
    train(cfg, rewards={"a": lowercase}, log=lambda s: None)
    (_, init), *rest = fake.calls
    assert (init["mode"] == "offline" and init["dir"] == str(run) and init["name"] == "run"
            and init["config"]["steps"] == 2 and init["config"]["rollout"]["group_size"] == 8)
    steps = [(c[2], c[1]["train/reward"]) for c in rest if c[0] == "log" and "train/reward" in c[1]]
    assert steps == [(m["step"], m["reward_mean"]) for m in read_metrics(run)[0]]
    table = next(c[1]["held_out"] for c in rest if c[0] == "log" and "held_out" in c[1])
    assert table["columns"] == ["task", "before", "after", "change"] and len(table["data"]) == 61
    assert rest[-1] == ("finish",)


@pytest.mark.skipif(not tracking.installed("trackio"), reason="trackio is not installed (pip install 'rlkit[track]')")
def test_a_trackio_run_writes_its_local_store(tmp_path):
    # trackio reads TRACKIO_DIR when it is imported: a fresh process
    run, store = tmp_path / "run", tmp_path / "store"
    script = (f"from toys import lowercase, toy_config, toy_tasks\nfrom rlkit.train import train\n"
              f"train(toy_config({str(run)!r}, toy_tasks({str(tmp_path / 'toy.jsonl')!r}), steps=2, "
              f"report_to='trackio'), rewards={{'a': lowercase}}, log=lambda s: None)\n"
              "from trackio.sqlite_storage import SQLiteStorage\nimport json\n"
              "rows = SQLiteStorage.get_logs('rlkit', 'run')\n"
              "print('LOGGED', json.dumps([(r['step'], r['train/reward']) for r in rows if 'train/reward' in r]))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env=os.environ | {"PYTHONPATH": str(HERE), "TRACKIO_DIR": str(store), "HF_HUB_OFFLINE": "1"})
    assert out.returncode == 0, out.stderr[-3000:]
    assert (store / "rlkit.db").exists()
    logged = json.loads(next(l for l in out.stdout.splitlines() if l.startswith("LOGGED "))[len("LOGGED "):])
    assert _same_series(logged, read_metrics(run)[0])


def test_auto_reports_to_tensorboard_only_where_it_is_installed(monkeypatch):
    monkeypatch.setattr(tracking, "installed", lambda module: False)
    assert tracking.report_to_names("auto") == [] and tracking.Tracker("auto").started
    monkeypatch.setattr(tracking, "installed", lambda module: True)
    assert tracking.report_to_names("auto") == ["tensorboard"]

import json

import numpy as np
import pytest
import torch

from rlkit.core import (ExecResult, Task, Trajectory, Turn, VERDICTS, default_dtype, load_tasks, read_jsonl,
                        seed_everything, write_jsonl)


def _trajectory():
    t1 = Turn("p", "def f(): pass", torch.tensor([3, 4]), torch.tensor([-0.123456789, -1e-30], dtype=torch.float32),
              ExecResult("error", 0, 3, stderr="NameError: x\n", returncode=1, duration_s=0.04), feedback="fix it")
    t2 = Turn("p2", "def f(): return 1", [5], [-0.5], ExecResult("passed", 3, 3), truncated=False)
    return Trajectory("code/f", 7, [t1, t2], reward=0.9, rewards={"tests": 1.0, "nan_free": 0.1}, advantage=-1.25,
                      truncated=True, domain="code", step=3, meta={"attempts": 2})


def test_trajectory_roundtrip_is_lossless(tmp_path):
    traj = _trajectory()
    write_jsonl(tmp_path / "t.jsonl", [traj])
    write_jsonl(tmp_path / "t.jsonl", [traj])  # appends
    back = read_jsonl(tmp_path / "t.jsonl", Trajectory)
    assert back == [traj, traj]
    # float32 logprobs survive exactly: the stored double equals the float32 value
    assert torch.tensor(back[0].turns[0].logprobs, dtype=torch.float32).equal(torch.tensor([-0.123456789, -1e-30]))
    assert isinstance(back[0].turns[0].result, ExecResult) and back[0].turns[0].result.verdict == "error"
    # the file is plain JSON: a line reads without rlkit
    assert json.loads((tmp_path / "t.jsonl").read_text().splitlines()[0])["turns"][1]["result"]["verdict"] == "passed"


def test_numpy_values_serialise(tmp_path):
    write_jsonl(tmp_path / "m.jsonl", [{"reward": np.float32(0.5), "n": np.int64(3), "v": np.arange(3)}], append=False)
    assert read_jsonl(tmp_path / "m.jsonl") == [{"reward": 0.5, "n": 3, "v": [0, 1, 2]}]


def test_broken_jsonl_names_file_and_line(tmp_path):
    p = tmp_path / "tasks.jsonl"
    p.write_text('{"id": "a", "domain": "math", "prompt": "x", "answer": 4}\n\n{"id": "b", "domain": "math"\n')
    with pytest.raises(ValueError, match=r"tasks.jsonl, line 3: broken JSON"):
        read_jsonl(p, Task)


def test_missing_field_names_line(tmp_path):
    p = tmp_path / "tasks.jsonl"
    p.write_text('{"id": "a", "domain": "math", "prompt": "x", "answer": 4}\n{"id": "b", "prompt": "x"}\n')
    with pytest.raises(ValueError, match=r"line 2: not a valid Task: .*domain"):
        read_jsonl(p, Task)


def test_verdicts_are_typed():
    assert set(VERDICTS) >= {"passed", "failed", "error", "syntax_error", "timeout", "memory", "output_limit",
                             "sandbox_error"}
    with pytest.raises(ValueError, match="verdict='ok'"):
        ExecResult("ok")
    with pytest.raises(ValueError, match="no score"):
        ExecResult("sandbox_error").pass_fraction
    assert ExecResult("failed", 1, 4).pass_fraction == 0.25


def test_turn_rejects_misaligned_logprobs():
    with pytest.raises(ValueError, match="must align"):
        Turn("p", "c", [1, 2, 3], [-0.1])


def test_seed_everything_repeats_all_rngs():
    import random
    seed_everything(3)
    a = (random.random(), np.random.rand(), torch.rand(1).item())
    seed_everything(3)
    b = (random.random(), np.random.rand(), torch.rand(1).item())
    assert a == b


def test_cpu_dtype_is_float32():
    assert default_dtype("cpu") == torch.float32


def test_bundled_demo_tasks_load():
    tasks = load_tasks("code_demo.jsonl")
    assert len(tasks) >= 4 and all(t.domain == "code" and t.entry_point and t.tests for t in tasks)
    with pytest.raises(FileNotFoundError, match="no_such.jsonl"):
        load_tasks("no_such.jsonl")

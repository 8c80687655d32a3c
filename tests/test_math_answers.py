"""The math checker (`rlkit.rewards.math_answer`) on a table of completions with known verdicts:
tests/data/math_answers.jsonl, one row a completion, the task's answer, whether it is right, and the kind of case
(its tag)."""
import json, subprocess, sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from rlkit.core import Task
from rlkit.rewards import RewardError, correct, math_answer
from rlkit.tasks import check_math_answers, read_math_answer

ROWS = [json.loads(line) for line in (Path(__file__).parent / "data" / "math_answers.jsonl").read_text().splitlines()]


def math_task(answer, id="math/t"):
    "A math task with this answer, set after construction: the table's text answers are read by the checker itself"
    t = Task(id, "math", "p", answer=0)
    t.answer = answer
    return t


def misses(verdicts):
    return [(r["tag"], r["completion"], r["answer"], r["verdict"]) for r, v in zip(ROWS, verdicts)
            if v != (1.0 if r["verdict"] == "right" else 0.0)]


def test_the_table_covers_the_cases_it_promises():
    tags = Counter(r["tag"] for r in ROWS)
    assert len(ROWS) >= 100 and {r["verdict"] for r in ROWS} == {"right", "wrong"}
    assert {"redteam", "boxed", "latex_frac", "fraction", "decimal_fraction", "units", "percent", "answer_then_working",
            "equation_chain", "thousands", "negative", "plain", "gsm8k", "latex_answer"} <= set(tags), tags


def test_the_checker_gets_every_row_of_the_table_right():
    verdicts = [math_answer([math_task(r["answer"])], [r["completion"]])[0] for r in ROWS]
    assert not misses(verdicts), misses(verdicts)


def test_correct_scores_the_table_in_one_batch_and_in_a_worker_thread():
    ("`correct` dispatches math tasks to the same checker; in a thread, where math_verify may not set its alarm, the "
     "verdicts are the same")
    tasks, comps = [math_task(r["answer"], f"math/{i}") for i, r in enumerate(ROWS)], [r["completion"] for r in ROWS]
    assert not misses(correct(tasks, comps, [None] * len(ROWS)))
    with ThreadPoolExecutor(1) as pool:
        assert not misses(pool.submit(math_answer, tasks, comps).result())


def test_every_text_answer_of_the_table_reads_and_a_bad_one_is_named_with_the_fix():
    for r in ROWS:
        read_math_answer(r["answer"])
    with pytest.raises(ValueError, match=r"math task 'math/pi': math_verify reads 'pi' in the answer 'pi' as a product "
                                         r"of one-letter variables: write a number"):
        check_math_answers([math_task(3, "math/3"), math_task("pi", "math/pi")])
    with pytest.raises(RewardError, match=r"task 'math/bad' has no math answer: math_verify cannot read the answer "
                                          r"'\\\\frac\{3\}\{': write"):
        math_answer([math_task("\\frac{3}{", "math/bad")], ["3/4"])
    with pytest.raises(RewardError, match=r"task 'math/n' has no math answer: the answer None is a NoneType"):
        math_answer([math_task(None, "math/n")], ["3"])


def test_pathological_answers_score_0_in_a_worker_thread_without_hanging():
    ("Power towers, huge factorials and binomials, long runs of digits, deep nesting: in a thread math_verify has no "
     "timeout, so rlkit's own limits must end them. A hang guard (a 120 s timeout), not a timing")
    code = r"""
from concurrent.futures import ThreadPoolExecutor
from rlkit.core import Task
from rlkit.rewards import math_answer
bad = ["\\boxed{9^{9^{9^{9}}}}", "The answer is 9^9^9^9", "\\boxed{(10^{10})!}", "\\boxed{10^{10^{10}}}",
       "1 " * 50_000, "(" * 5000 + "1", "\\frac{" * 2000 + "1", "$" + "{" * 3000 + "1" + "}" * 3000 + "$",
       "The answer is " * 2000 + "x", "9^" * 2000 + "9", "\\sqrt{" * 1000 + "2" + "}" * 1000,
       "\\boxed{\\binom{1000000}{500000}}", "\\boxed{\\Gamma(1000000)}"]
with ThreadPoolExecutor(1) as pool:
    print(pool.submit(math_answer, [Task("m", "math", "p", answer=160)] * len(bad), bad).result())
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.stdout.strip() == str([0.0] * 13), (r.stdout[-300:], r.stderr[-500:])

"""Task families: the held-out side never meets training, instances are deterministic, tests reject trivial answers."""
import random

import pytest

from rlkit.families import FAMILIES, TRIVIAL, Draw, Family, draw_list, family_split, list_combos, list_level
from rlkit.tasks import load_task_spec


def fails(fn, t) -> bool:
    "Do the tests of `t` reject `fn` as its function?"
    try:
        exec(t.tests, {t.entry_point: fn})
    except Exception:
        return True
    return False


@pytest.mark.parametrize("name", list(FAMILIES))
def test_no_held_out_function_or_combination_is_trained_on(name):
    fam = FAMILIES[name]
    train, test = fam.instances("train", 800), fam.instances("test", 120)
    assert not {t.meta["fingerprint"] for t in train} & {t.meta["fingerprint"] for t in test}
    assert not {t.meta["combo"] for t in train} & fam.held_combos
    assert len({t.meta["fingerprint"] for t in test}) == len(test) == 120  # distinct functions
    assert all(t.meta["seed"] >= 10**9 for t in test) and all(t.meta["seed"] < 10**9 for t in train)
    if fam.held_combos:
        assert {t.meta["held"] for t in test} == {"combination", "function"}


@pytest.mark.parametrize("name", [n for n, f in FAMILIES.items() if f.domain == "code"])
def test_the_reference_passes_and_every_trivial_answer_fails(name):
    for t in FAMILIES[name].instances("train", 40) + FAMILIES[name].instances("test", 40):
        ns = {}
        exec(t.meta["reference"], ns)
        assert not fails(ns[t.entry_point], t), t.id
        assert [k for k, f in TRIVIAL.items() if not fails(f, t)] == [], t.id


def test_instances_are_deterministic_and_answers_are_numbers():
    for fam in FAMILIES.values():
        a, b = fam.task(12345), fam.task(12345)
        assert (a is None) == (b is None) and (a is None or a.to_dict() == b.to_dict())
    assert all(isinstance(t.answer, int) for t in FAMILIES["wordmath"].instances("test", 50))


def test_the_same_function_under_another_name_is_the_same_instance():
    "What the held-out split hashes is the function's behaviour: renaming it, or its argument, changes nothing"
    fam = FAMILIES["listfn"]
    inputs = lambda g: ([g.randint(-9, 9) for _ in range(5)],)
    one = Draw("odd/square/sum", "", "f", "def f(xs):\n    return sum(x * x for x in xs if x % 2 == 1)", inputs)
    two = Draw("odd/square/sum", "", "total", "def total(nums):\n    s = 0\n    for n in nums:\n"
               "        if n % 2 == 1:\n            s += n ** 2\n    return s", inputs)
    other = Draw("odd/square/sum", "", "f", "def f(xs):\n    return sum(x * x for x in xs if x % 2 == 0)", inputs)
    assert fam.fingerprint(one) == fam.fingerprint(two) != fam.fingerprint(other)


def test_level_one_composes_two_parts():
    fam = Family("l1", "code", draw_list, list_combos(), level=1, at_level=list_level)
    for t in fam.instances("train", 30):
        p, tr, _ = t.meta["combo"].split("/")
        assert p == "all" or tr == "id"


def test_a_spread_family_draws_each_instance_at_a_level_of_its_own():
    fam = Family("l12", "code", draw_list, list_combos(), level=2, spread=True, at_level=list_level)
    tasks = fam.instances("train", 60)
    assert {t.meta["level"] for t in tasks} == {1, 2}
    assert all(list_level(t.meta["combo"], t.meta["level"]) for t in tasks)
    held = FAMILIES["listfn"].instances("test", 40)  # a new combination has all three parts: only level 2 draws one
    assert {t.meta["level"] for t in held if t.meta["held"] == "combination"} == {2}
    assert {t.meta["level"] for t in held if t.meta["held"] == "function"} == {1, 2}


def test_a_spec_names_families_and_bad_names_are_told():
    tasks, weights = load_task_spec("family:sequence:2,family:records")
    assert weights == {"family:sequence": 2.0, "family:records": 1.0}
    assert {t.meta["group"] for t in tasks} == {"family:sequence", "family:records"}
    with pytest.raises(ValueError, match="registered task set .*family:listfn"):
        load_task_spec("family:lists")
    with pytest.raises(ValueError, match="'train' and 'test'"):
        family_split("listfn", "val")


def test_a_draw_that_a_trivial_answer_passes_is_refused():
    "A function that returns its argument unchanged cannot be told from `return the first argument`: no tests for it"
    echo = Draw("echo", "Return xs.", "f", "def f(xs):\n    return xs", lambda g: ([g.randint(0, 9)],))
    fam = Family("echo", "code", lambda rng, combo, level: echo, ("echo",))
    assert fam.cases(echo, random.Random(0)) is None
    assert all(fam.task(seed) is None for seed in range(20))

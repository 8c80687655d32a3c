"""reasoning-gym families: specs load them, held-out questions never meet training, the dataset's scorer rewards."""
import subprocess, sys

import pytest

pytest.importorskip("reasoning_gym")
from rlkit.core import Task
from rlkit.rewards import RewardError, check_tasks, correct, score
from rlkit.rgym import (DOMAIN, INSTALL, GymFamily, N_HELD, check_name, constant_prior, datasets, read_answer, register,
                        rg_score, rg_split)
from rlkit.families import HELD_OUT_SEED, TRAIN_POOL
from rlkit.tasks import load_task_spec, spec_parts


def test_a_spec_names_a_dataset_as_a_family_with_its_weight():
    assert spec_parts("family:gcd:3,family:chain_sum,code") == [("family:gcd", 3.0), ("family:chain_sum", 1.0),
                                                                 ("code", 1.0)]
    tasks, weights = load_task_spec("family:gcd:3,family:letter_counting")
    assert weights == {"family:gcd": 3.0, "family:letter_counting": 1.0}
    assert [sum(t.meta["group"] == g for t in tasks) for g in weights] == [TRAIN_POOL, TRAIN_POOL]
    assert {t.domain for t in tasks} == {DOMAIN}
    held = load_task_spec("family:gcd", split="test")[0]
    assert len(held) == N_HELD and all(t.meta["split"] == "test" for t in held)


@pytest.mark.slow
def test_the_core_finds_the_wing_through_its_entry_point():
    # a fresh process: only the core is imported, and a spec naming a reasoning-gym family loads the wing
    code = ("import sys; from rlkit.tasks import load_task_spec; t = load_task_spec('family:gcd:2')[0][0]; "
            "from rlkit.rewards import correct; "
            "print(t.domain, correct([t], [f'<answer>{t.answer}</answer>'], [None])[0], 'rlkit.rgym' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == [DOMAIN, "1.0", "True"]


def test_held_out_questions_never_meet_training_questions():
    fam = GymFamily("gcd", "gcd")
    train, test = fam.instances("train", TRAIN_POOL), fam.instances("test", 300)
    assert not {t.meta["fingerprint"] for t in train} & {t.meta["fingerprint"] for t in test}
    assert not {t.prompt for t in train} & {t.prompt for t in test}
    assert len({t.prompt for t in test}) == 300
    assert all(t.meta["seed"] < HELD_OUT_SEED for t in train) and all(t.meta["seed"] >= HELD_OUT_SEED for t in test)


def test_a_small_question_space_is_split_by_content_not_by_seed():
    # GCDs of numbers up to 8: the seeds of both sides draw the same questions, and only the hash keeps them apart
    tiny = GymFamily("tiny", "gcd", dict(max_value=8))
    seen = {t.meta["fingerprint"] for t in tiny.instances("train", 12)}
    held = tiny.instances("test", 10, train=12)
    assert len(held) == 10 and not seen & {t.meta["fingerprint"] for t in held}
    assert len({t.meta["fingerprint"] for t in held}) == 10
    with pytest.raises(ValueError, match="fewer than the 10"):
        tiny.instances("test", 10)  # the training pool asks every question there is


def test_instances_are_deterministic():
    a, b = rg_split("chain_sum", "test")[:20], GymFamily("chain_sum", "chain_sum").instances("test", 20)
    assert [(t.id, t.prompt, t.answer) for t in a] == [(t.id, t.prompt, t.answer) for t in b]


@pytest.mark.parametrize("name", ["gcd", "chain_sum", "letter_counting", "spell_backward"])
def test_the_reward_is_the_datasets_own_score(name):
    t = rg_split(name, "test")[0]
    right, wrong = f"Let me think. <answer>{t.answer}</answer>", "<answer>#</answer>"
    unparseable = "I do not know how to do this."
    assert rg_score([t, t, t], [right, wrong, unparseable]) == [1.0, 0.0, 0.0]
    assert correct([t, t], [right, unparseable], [None, None]) == [1.0, 0.0]
    rows = score([t, t], [right, wrong], {"correct": correct})
    assert [r["correct"] for r in rows] == [1.0, 0.0]


def test_the_answer_is_read_from_a_tag_or_a_marked_line():
    assert read_answer("x <answer> 42 </answer>") == "42"
    assert read_answer("<answer>1</answer> ... <answer>2</answer>") == "2"
    assert read_answer("<answer>7") == "7"
    assert read_answer("Thinking...\nThe final answer is 12.") == "12"
    assert read_answer("Answer: racecar") == "racecar"
    assert read_answer("") is None
    assert read_answer("It appears 3 times.") is None


def test_partial_credit_is_the_datasets_and_is_not_a_pass():
    t = rg_split("chain_sum", "test")[0]
    got = rg_score([t], [f"<answer>{t.answer} maybe</answer>"])[0]
    assert 0 < got < 1


def test_the_scorer_is_rebuilt_from_the_task_alone():
    # a task made with a config carries it: the reward needs nothing but the task
    easy = GymFamily("easy", "chain_sum", dict(min_terms=2, max_terms=2, min_digits=1, max_digits=1))
    t = easy.instances("train", 1)[0]
    assert t.meta["rg"]["config"]["max_terms"] == 2
    assert rg_score([t], [f"<answer>{t.answer}</answer>"]) == [1.0]


def test_an_unknown_dataset_is_named_with_the_nearest_names():
    with pytest.raises(ValueError, match="no dataset 'gdc'.*gcd"):
        check_name("gdc")
    with pytest.raises(ValueError, match="'chain_summ'.*chain_sum"):
        register("mine", "chain_summ")
    with pytest.raises(ValueError, match="'gdc'"):
        rg_split("gdc", "train")


def test_a_bad_config_and_a_taken_name_are_refused():
    with pytest.raises(ValueError, match="refuses the config"):
        register("bad", "chain_sum", min_terms=0)
    with pytest.raises(ValueError, match="rlkit's own"):
        register("listfn", "gcd")
    fam = register("gcd_small", "gcd", max_value=50)
    t = load_task_spec("family:gcd_small")[0][0]
    assert t.id == "rg/gcd_small/0" and max(t.meta["rg"]["entry"]["metadata"]["numbers"]) <= 50
    assert fam.config == {"max_value": 50}


def test_without_reasoning_gym_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "reasoning_gym.factory", None)  # an import of it now fails
    with pytest.raises(ImportError, match="pip install reasoning-gym"):
        datasets()
    assert "pip install reasoning-gym==" in INSTALL


def test_the_best_constant_answer_is_counted_and_scored():
    p = constant_prior("gcd")
    held = rg_split("gcd", "test")
    assert p["n"] == N_HELD and p["answer"] in ("1", "2")
    # gcd's scorer is an exact match: the rate is the share of held-out answers equal to it
    assert p["pass_rate"] == p["share"] == sum(t.answer == p["answer"] for t in held) / len(held)
    assert p["pass_rate"] >= max(sum(t.answer == a for t in held) for a in ("1", "2", "3")) / len(held)
    assert p["pass_rate"] > 0.2  # what a gain on gcd must beat
    assert constant_prior("chain_sum")["pass_rate"] < 0.1


def test_check_reports_a_task_whose_answer_its_scorer_rejects():
    good, bad = rg_split("gcd", "test")[:2]
    bad.answer = str(int(bad.answer) + 1)  # no longer the entry's answer
    rows = check_tasks([good, bad])
    assert [r["ok"] for r in rows] == [True, False]
    assert "scores 0.00" in rows[1]["problems"][0]


def test_a_task_without_its_entry_is_refused_by_name():
    t = Task(id="mine/1", domain=DOMAIN, prompt="What is 2 + 2?", answer="4")
    with pytest.raises(RewardError, match="'mine/1'.*meta\\['rg'\\]"):
        rg_score([t], ["<answer>4</answer>"])

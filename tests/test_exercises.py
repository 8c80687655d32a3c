"""The exercises at the end of 06_reward_model, 08_grpo and 09_ppo, checked as a class would use them.

An exercise is two code cells of its notebook: \
the blank (first line `# exercise: NAME`, defining `my_NAME`) and the check
(`# check: NAME`), which calls `check_exercise` (`rlkit.exercises`, imported by a cell of the page) against rlkit's own
function. Here those cells run without the rest of the notebook, \
in the namespace of the module the notebook exports, with
the solution from `nbs/solutions/`, with the blank as shipped, and with wrong answers: the solution must pass, the blank
must be skipped, a wrong answer must fail by name."""
import contextlib, importlib, io, json, re
from pathlib import Path

import pytest

NBS = Path(__file__).resolve().parent.parent / "nbs"
EXERCISES = {"06_reward_model": ["bradley_terry_loss"], "08_grpo": ["kl_k3", "group_advantages", "clipped_surrogate"],
             "09_ppo": ["gae"]}
ALL = [(nb, name) for nb, names in EXERCISES.items() for name in names]

# a mistake a student could make in each exercise, one that the pinned values alone may not catch
MISTAKES = {
    "kl_k3": '''
def my_kl_k3(logp, ref_logp):  # the ratio upside down: the k3 of KL(reference || policy)
    d = logp - ref_logp
    return torch.exp(d) - d - 1''',
    "group_advantages": '''
def my_group_advantages(rewards, group, scale_std=True, eps=1e-4):  # the population std (divides by n, not n - 1)
    adv = torch.zeros_like(rewards)
    for k in group.unique():
        r = rewards[group == k]
        adv[group == k] = (r - r.mean()) / (r.std(correction=0) + eps) if scale_std else r - r.mean()
    return adv''',
    "clipped_surrogate": '''
def my_clipped_surrogate(logp, old_logp, adv, eps_low=0.2, eps_high=0.2):  # "clipped" where the ratio is out of \
range, whatever the sign of adv
    ratio = torch.exp(logp - old_logp)
    a = adv[:, None] if adv.dim() == 1 else adv
    obj = torch.minimum(ratio * a, ratio.clamp(1 - eps_low, 1 + eps_high) * a)
    return obj, (ratio < 1 - eps_low) | (ratio > 1 + eps_high)''',
    "gae": '''
def my_gae(rewards, values, mask, gamma=1.0, lam=0.95):  # masked positions treated as steps instead of skipped
    adv, next_v, next_adv = torch.zeros_like(rewards), torch.zeros(rewards.shape[0]), torch.zeros(rewards.shape[0])
    for t in reversed(range(rewards.shape[1])):
        next_adv = rewards[:, t] + gamma * next_v - values[:, t] + gamma * lam * next_adv
        adv[:, t], next_v = next_adv, values[:, t]
    return adv * mask, (adv + values) * mask''',
    "bradley_terry_loss": '''
def my_bradley_terry_loss(r_chosen, r_rejected):  # the sum over the pairs, not the mean: \
right on one pair, wrong on a batch
    return -F.logsigmoid(r_chosen - r_rejected).sum()''',
}

ZEROS = '''
def my_{name}(*args):  # zeros of the right shapes
    out = {name}(*args)
    return tuple(torch.zeros_like(o) for o in out) if isinstance(out, tuple) else torch.zeros_like(out)'''


def notebook(nb:str):
    ("The module `nb` exports, and the source of its exercise cells: 'checker' (the import), ('exercise', NAME), "
     "('check', NAME)")
    src = ["".join(c["source"]) for c in json.loads((NBS / f"{nb}.ipynb").read_text())["cells"]
           if c["cell_type"] == "code"]
    module = next(re.search(r"#\| default_exp (\S+)", s).group(1) for s in src if "#| default_exp" in s)
    cells = {}
    for s in src:
        marker = re.fullmatch(r"# (exercise|check): (\w+)", s.split("\n", 1)[0])
        if marker:
            cells[marker.groups()] = s
        if "import check_exercise" in s:
            cells["checker"] = s
    return module, cells


def run(nb:str, name:str, implementation:str|None=None) -> str:
    ("Run exercise `name` of `nb` as a student does: the checker, the blank or `implementation`, then the check; what "
     "it printed")
    module, cells = notebook(nb)
    # torch, F, math and the reference functions, as in the notebook
    ns = dict(vars(importlib.import_module(f"rlkit.{module}")))
    exec(cells["checker"], ns)
    exec(cells[("exercise", name)] if implementation is None else implementation, ns)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(cells[("check", name)], ns)
    return out.getvalue()


@pytest.mark.parametrize("nb,name", ALL)
def test_the_solution_passes_its_check(nb, name):
    assert run(nb, name, (NBS / "solutions" / f"{nb}.py").read_text()) == f"exercise {name}: correct\n"


@pytest.mark.parametrize("nb,name", ALL)
def test_the_blank_as_shipped_is_skipped(nb, name):
    assert run(nb, name) == f"exercise {name}: not attempted yet\n"


@pytest.mark.parametrize("nb,name", ALL)
@pytest.mark.parametrize("wrong", ["zeros", "mistake"])
def test_a_wrong_answer_fails_naming_the_exercise_and_what_differs(nb, name, wrong):
    implementation = ZEROS.format(name=name) if wrong == "zeros" else MISTAKES[name]
    with pytest.raises(AssertionError, match=rf"(?s)^exercise {name}, case \d+ of \d+: got .+, expected .+"):
        run(nb, name, implementation)


def test_every_page_imports_the_one_checker_and_has_its_exercises_last_without_outputs():
    for nb in list(EXERCISES) + ["tutorials/00_policy_gradients"]:
        sources = ["".join(c["source"]) for c in json.loads((NBS / f"{nb}.ipynb").read_text())["cells"]]
        assert "from rlkit.exercises import check_exercise" in sources, \
            f"{nb}: no cell imports rlkit.exercises.check_exercise"
        assert not any("def check_exercise(" in s for s in sources), \
            f"{nb}: a copy of check_exercise; import it instead"
    for nb, names in EXERCISES.items():
        cells = json.loads((NBS / f"{nb}.ipynb").read_text())["cells"]
        sources = ["".join(c["source"]) for c in cells]
        start = sources.index(next(s for s in sources if s.startswith("## Exercises")))
        assert not any(s.startswith("## ") for s in sources[start + 1:]), f"{nb}: a section after ## Exercises"
        assert not any(c.get("outputs") for c in cells[start:]), \
            f"{nb}: an exercise cell has saved outputs (it would show the answer)"
        markers = {tuple(m.groups()) for s in sources[start:]
                   if (m := re.fullmatch(r"# (exercise|check): (\w+)", s.split("\n", 1)[0]))}
        assert markers == {(kind, name) for name in names for kind in ("exercise", "check")}, \
            f"{nb}: exercise cells {markers}"

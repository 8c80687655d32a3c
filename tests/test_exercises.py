"""Every exercise of the course, checked as a class would use it, and the copy of the course that students get.

An exercise is two code cells after its page's Exercises heading: the blank (first line `# exercise: ID`, defining
`my_ID`, whose body raises `NotImplementedError`) and the check, one line `check("ID", my_ID, ...)`, which runs the
property checks of `rlkit.exercises`. Here those two cells run without the rest of their page (a tutorial takes
minutes), in a namespace holding torch and what the check needs from the page, with the solution
(`nbs/solutions/PAGE.py`, or the page's collapsed `# Solution` cell), with the blank as shipped, and with wrong answers:
the solution must pass, the blank must be skipped, and a wrong answer must fail naming the exercise and the property
it breaks."""
import ast, contextlib, io, json, math, re, subprocess
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F

from rlkit.exercises import EXERCISES, grade

ROOT = Path(__file__).resolve().parent.parent
NBS = ROOT / "nbs"
MARKER = re.compile(r"# exercise: (\w+)")
CHECK = re.compile(r'check\("(\w+)", my_(\w+)')

# plausible mistakes, each with the start of the property it must be caught by
MISTAKES = {
    "group_advantage": [
        ("def my_group_advantage(r): return (r - r.mean()) / (r.std(correction=0) + 1e-4)  # the population std",
         "(r - mean) / (std + 1e-4), with torch.std's n - 1"),
        ("def my_group_advantage(r): return (r - r.mean()) / r.std()  # no 1e-4: 0 / 0 for equal rewards",
         "equal rewards give advantages of 0"),
        ("def my_group_advantage(r): return r / (r.std() + 1e-4)  # the mean not subtracted", "(r - mean)")],
    "reinforce_grad": [
        ('''
def my_reinforce_grad(theta, R, a, b=0.0):  # e_a alone: the score without its - pi
    return ((R[a] - b)[:, None] * torch.eye(len(theta))[a]).mean(0)''', "each sample gives (R(a) - b)(e_a - pi)"),
        ('''
def my_reinforce_grad(theta, R, a, b=0.0):  # the baseline added, not subtracted
    return ((R[a] + b)[:, None] * (torch.eye(len(theta))[a] - theta.softmax(-1))).mean(0)''',
         "the baseline enters as R(a) - b"),
        ('''
def my_reinforce_grad(theta, R, a, b=0.0):  # a sum over the samples
    return ((R[a] - b)[:, None] * (torch.eye(len(theta))[a] - theta.softmax(-1))).sum(0)''', "a mean"),
        ('''
def my_reinforce_grad(theta, R, a, b=0.0):  # autograd, which the exercise rules out
    theta = theta.clone().requires_grad_()
    return torch.autograd.grad(((R[a] - b) * theta.log_softmax(-1)[a]).mean(), theta)[0]''', "runs without autograd")],
    "leave_one_out": [
        ("def my_leave_one_out(r): return r - r.mean(-1, keepdim=True)  # the group mean: divides by G, not G - 1",
         "each reward minus the mean of the other three"),
        ("def my_leave_one_out(r): return r - (r.sum(0, keepdim=True) - r) / (r.shape[0] - 1)  # the first dimension",
         "groups lie along the last dimension")],
    "fixed_verdicts": [
        ('''
def my_fixed_verdicts(episodes):  # the last verdict of each repaired episode: always "passed"
    return Counter(e.turns[-1].result.verdict for e in episodes
                   if e.turns[-1].result.passed and not e.turns[0].result.passed)''',
         "a repaired episode counts its first verdict"),
        ('''
def my_fixed_verdicts(episodes):  # every failed first attempt, repaired or not
    return Counter(e.turns[0].result.verdict for e in episodes if not e.turns[0].result.passed)''',
         "an episode that never passed was not repaired")],
    "n_per_arm": [
        ("def my_n_per_arm(p1, p2): return (1.645 + 0.84) ** 2 * (p1 * (1 - p1) + p2 * (1 - p2)) / (p1 - p2) ** 2"
         "  # one-sided", "about 430 for 5% against 10%"),
        ("def my_n_per_arm(p1, p2): return 2 * 7.84 * (p1 * (1 - p1) + p2 * (1 - p2)) / (p1 - p2) ** 2  # both arms",
         "about 430 for 5% against 10%"),
        ("def my_n_per_arm(p1, p2): return 7.84 * (p1 * (1 - p1) + p2 * (1 - p2)) / (p1 - p2)  # difference unsquared",
         "about 430 for 5% against 10%")],
    "headline_fix": [
        ('''
my_headline_hack = "volcano volcano volcano"
def my_headline_fix(tasks, completions, results=None):  # the reward unchanged
    return headline(tasks, completions)''', "the fix refuses the hack"),
        ('''
my_headline_hack = "volcano volcano volcano"
def my_headline_fix(tasks, completions, results=None):  # refuses more than 4 words: real headlines too
    return [s if len(c.split()) <= 4 else 0.0 for s, c in zip(headline(tasks, completions), completions)]''',
         "real headlines still score 1.0"),
        ('''
my_headline_hack = "volcano volcano volcano"
def my_headline_fix(tasks, completions, results=None):  # one number for the batch, not one per completion
    return min(headline(tasks, completions))''', "a reward: a list of one float per completion"),
        ('''
my_headline_hack = "Sure: volcano volcano"  # chatter: `headline` does not pay it 1.0
def my_headline_fix(tasks, completions, results=None):
    return [s if len(set(c.lower().split())) == len(c.split()) else 0.0
            for s, c in zip(headline(tasks, completions), completions)]''', "exercise 1's hack fools `headline`"),
        ('''
def my_headline_fix(tasks, completions, results=None):  # exercise 1 skipped: no hack to refuse
    return [s if len(set(c.lower().split())) == len(c.split()) else 0.0
            for s, c in zip(headline(tasks, completions), completions)]''', "exercise 1's hack is a string")],
    "qwen7b_gb": [
        ("def my_qwen7b_gb(bits):  # the embedding and the head tied\n"
         "    return (28 * (2 * 3584 ** 2 + 2 * 3584 * 512 + 3 * 3584 * 18944) + 152064 * 3584) * bits / 8 / 1e9",
         "about 15.2 GB at 16 bits"),
        ("def my_qwen7b_gb(bits):  # k and v as wide as q\n"
         "    return (28 * (4 * 3584 ** 2 + 3 * 3584 * 18944) + 2 * 152064 * 3584) * bits / 8 / 1e9",
         "about 15.2 GB at 16 bits"),
        ("def my_qwen7b_gb(bits): return 7.6e9 * bits / 8 / 2 ** 30  # GiB", "about 15.2 GB at 16 bits")],
    "bradley_terry_loss": [
        ("def my_bradley_terry_loss(r_chosen, r_rejected): return -F.logsigmoid(r_chosen - r_rejected).sum()  # sum",
         "log 2 at equal rewards, as a mean"),
        ("def my_bradley_terry_loss(r_chosen, r_rejected): return -F.logsigmoid(r_chosen - r_rejected)  # no mean",
         "log 2 at equal rewards, as a mean"),
        ("def my_bradley_terry_loss(r_chosen, r_rejected): return -F.logsigmoid(r_rejected - r_chosen).mean()  # sign",
         "decreasing in the margin"),
        ("def my_bradley_terry_loss(r_chosen, r_rejected): return -torch.sigmoid(r_chosen - r_rejected).log().mean()",
         "finite: softplus(200) = 200")],
    "kl_k3": [
        ('''
def my_kl_k3(logp, ref_logp):  # the ratio upside down: the k3 of KL(reference || policy)
    d = logp - ref_logp
    return torch.exp(d) - d - 1''', "e^d - d - 1 with d = ref_logp - logp"),
        ("def my_kl_k3(logp, ref_logp): return logp - ref_logp  # k1: unbiased too, but not >= 0",
         "e^d - d - 1 with d = ref_logp - logp"),
        ('''
def my_kl_k3(logp, ref_logp):  # e^d - d without the - 1: not 0 where the two agree
    d = ref_logp - logp
    return torch.exp(d) - d''', "e^d - d - 1 with d = ref_logp - logp")],
    "group_advantages": [
        ('''
def my_group_advantages(rewards, group, scale_std=True, eps=1e-4):  # the population std (divides by n, not n - 1)
    adv = torch.zeros_like(rewards)
    for k in group.unique():
        r = rewards[group == k]
        adv[group == k] = (r - r.mean()) / (r.std(correction=0) + eps) if scale_std else r - r.mean()
    return adv''', "(r - mean) / (std + eps) per group, torch.std's n - 1"),
        ('''
def my_group_advantages(rewards, group, scale_std=True, eps=1e-4):  # the batch's mean and std, not each group's
    adv = rewards - rewards.mean()
    return adv / (rewards.std() + eps) if scale_std else adv''', "(r - mean) / (std + eps) per group"),
        ('''
def my_group_advantages(rewards, group, scale_std=True, eps=1e-4):  # scale_std ignored: always divides
    adv = torch.zeros_like(rewards)
    for k in group.unique():
        r = rewards[group == k]
        adv[group == k] = (r - r.mean()) / (r.std() + eps)
    return adv''', "scale_std=False: r - mean")],
    "clipped_surrogate": [
        ('''
def my_clipped_surrogate(logp, old_logp, adv, eps_low=0.2, eps_high=0.2):  # "clipped" out of range, whatever adv's sign
    ratio = torch.exp(logp - old_logp)
    a = adv[:, None] if adv.dim() == 1 else adv
    obj = torch.minimum(ratio * a, ratio.clamp(1 - eps_low, 1 + eps_high) * a)
    return obj, (ratio < 1 - eps_low) | (ratio > 1 + eps_high)''', "adv > 0, ratio 0.5 below 1 - eps_low: not clipped"),
        ('''
def my_clipped_surrogate(logp, old_logp, adv, eps_low=0.2, eps_high=0.2):  # the max: the optimistic bound
    ratio = torch.exp(logp - old_logp)
    a = adv[:, None] if adv.dim() == 1 else adv
    unclipped, clipped = ratio * a, ratio.clamp(1 - eps_low, 1 + eps_high) * a
    return torch.maximum(unclipped, clipped), clipped > unclipped''', "adv > 0, ratio 1.5 above 1 + eps_high: flat"),
        ('''
def my_clipped_surrogate(logp, old_logp, adv, eps_low=0.2, eps_high=0.2):  # the ratio upside down
    ratio = torch.exp(old_logp - logp)
    a = adv[:, None] if adv.dim() == 1 else adv
    unclipped, clipped = ratio * a, ratio.clamp(1 - eps_low, 1 + eps_high) * a
    return torch.minimum(unclipped, clipped), clipped < unclipped''', "inside the clip range"),
        ('''
def my_clipped_surrogate(logp, old_logp, adv, eps_low=0.2, eps_high=0.2):  # eps_low on both sides
    ratio = torch.exp(logp - old_logp)
    a = adv[:, None] if adv.dim() == 1 else adv
    unclipped, clipped = ratio * a, ratio.clamp(1 - eps_low, 1 + eps_low) * a
    return torch.minimum(unclipped, clipped), clipped < unclipped''', "eps_high bounds the ratio above"),
        ('''
def my_clipped_surrogate(logp, old_logp, adv, eps_low=0.2, eps_high=0.2):  # the ratio detached: no gradient
    ratio = torch.exp(logp - old_logp).detach()
    a = adv[:, None] if adv.dim() == 1 else adv
    unclipped, clipped = ratio * a, ratio.clamp(1 - eps_low, 1 + eps_high) * a
    return torch.minimum(unclipped, clipped), clipped < unclipped''', "the objective has a gradient in logp"),
        ('''
def my_clipped_surrogate(logp, old_logp, adv, eps_low=0.2, eps_high=0.2):  # a (B, T) adv read as one per sequence
    ratio = torch.exp(logp - old_logp)
    a = adv[:, :1] if adv.dim() == 2 else adv[:, None]
    unclipped, clipped = ratio * a, ratio.clamp(1 - eps_low, 1 + eps_high) * a
    return torch.minimum(unclipped, clipped), clipped < unclipped''', "adv of shape (B, T)")],
    "gae": [
        ('''
def my_gae(rewards, values, mask, gamma=1.0, lam=0.95):  # masked positions treated as steps instead of skipped
    adv, next_v, next_adv = torch.zeros_like(rewards), torch.zeros(rewards.shape[0]), torch.zeros(rewards.shape[0])
    for t in reversed(range(rewards.shape[1])):
        next_adv = rewards[:, t] + gamma * next_v - values[:, t] + gamma * lam * next_adv
        adv[:, t], next_v = next_adv, values[:, t]
    return adv * mask, (adv + values) * mask''', "a position where mask is 0 is not a step"),
        ('''
def my_gae(rewards, values, mask, gamma=1.0, lam=0.95):  # lambda alone in the recursion: gamma dropped there
    adv, next_v, next_adv = torch.zeros_like(rewards), torch.zeros(rewards.shape[0]), torch.zeros(rewards.shape[0])
    for t in reversed(range(rewards.shape[1])):
        m = mask[:, t].bool()
        a = rewards[:, t] + gamma * next_v - values[:, t] + lam * next_adv
        adv[:, t] = torch.where(m, a, 0.0)
        next_adv, next_v = torch.where(m, a, next_adv), torch.where(m, values[:, t], next_v)
    return adv, (adv + values) * mask''', "with lambda = 1, the discounted return minus the value"),
        ('''
def my_gae(rewards, values, mask, gamma=1.0, lam=0.95):  # bootstraps from the last value after the end, not from 0
    adv, next_v, next_adv = torch.zeros_like(rewards), values[:, -1].clone(), torch.zeros(rewards.shape[0])
    for t in reversed(range(rewards.shape[1])):
        m = mask[:, t].bool()
        a = rewards[:, t] + gamma * next_v - values[:, t] + gamma * lam * next_adv
        adv[:, t] = torch.where(m, a, 0.0)
        next_adv, next_v = torch.where(m, a, next_adv), torch.where(m, values[:, t], next_v)
    return adv, (adv + values) * mask''', "the advantages, by hand"),
        ('''
def my_gae(rewards, values, mask, gamma=1.0, lam=0.95):  # returns not masked
    adv, next_v, next_adv = torch.zeros_like(rewards), torch.zeros(rewards.shape[0]), torch.zeros(rewards.shape[0])
    for t in reversed(range(rewards.shape[1])):
        m = mask[:, t].bool()
        a = rewards[:, t] + gamma * next_v - values[:, t] + gamma * lam * next_adv
        adv[:, t] = torch.where(m, a, 0.0)
        next_adv, next_v = torch.where(m, a, next_adv), torch.where(m, values[:, t], next_v)
    return adv, adv + values''', "the returns are advantages plus values, 0 where mask is 0")],
}


def code_cells(page:str) -> list[str]:
    "The sources of the code cells of `nbs/PAGE.ipynb`"
    cells = json.loads((NBS / f"{page}.ipynb").read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def exercise_cells(exercise:str) -> tuple[str, str]:
    "The blank and the check cell of `exercise`, from its page"
    src = code_cells(EXERCISES[exercise].page)
    blank = [s for s in src if MARKER.fullmatch(s.split("\n", 1)[0]) and s.startswith(f"# exercise: {exercise}\n")]
    checks = [s for s in src if s.startswith(f'check("{exercise}", ')]
    assert len(blank) == 1 and len(checks) == 1, f"{exercise}: {len(blank)} blank and {len(checks)} check cells"
    return blank[0], checks[0]


def definitions(page:str, names) -> str:
    "The top-level functions `names` defined by the page's code cells, as source"
    found = {}
    for s in code_cells(page):
        try:
            tree = ast.parse(s)
        except SyntaxError:  # a cell with IPython syntax defines nothing a check needs
            continue
        found |= {n.name: ast.get_source_segment(s, n) for n in tree.body if isinstance(n, ast.FunctionDef)}
    return "\n\n".join(found[n] for n in names)


def solution(exercise:str) -> str:
    "The solution: `nbs/solutions/PAGE.py`, or the `my_` definitions (and imports) of the page's `# Solution` cell"
    page = EXERCISES[exercise].page
    file = NBS / "solutions" / f"{Path(page).name}.py"
    if file.exists():
        return file.read_text()
    cell = next(s for s in code_cells(page) if s.startswith("# Solution"))
    mine = lambda n: (isinstance(n, ast.FunctionDef) and n.name.startswith("my_")) or isinstance(n, ast.ImportFrom) or (
        isinstance(n, ast.Assign) and any(getattr(t, "id", "").startswith("my_") for t in n.targets))
    return "\n".join(ast.get_source_segment(cell, n) for n in ast.parse(cell).body if mine(n))


def run(exercise:str, answer:str|None=None) -> str:
    "Run `exercise` as a student does: the page's import, the blank, then `answer` if given, then the check; the output"
    page, (blank, check_cell) = EXERCISES[exercise].page, exercise_cells(exercise)
    ns = {"torch": torch, "F": F, "math": math}
    exec("from collections import Counter\nfrom rlkit.exercises import check", ns)
    exec(definitions(page, [c for c in EXERCISES[exercise].context if not c.startswith("my_")]), ns)
    exec(blank, ns)
    if answer is not None:
        exec(answer, ns)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(check_cell, ns)
    return out.getvalue()


def head(exercise:str) -> str:
    return f"exercise {exercise} ({EXERCISES[exercise].points} points)"


@pytest.mark.parametrize("exercise", list(EXERCISES))
def test_the_solution_passes_its_check(exercise):
    assert run(exercise, solution(exercise)) == f"{head(exercise)}: correct\n"


@pytest.mark.parametrize("exercise", list(EXERCISES))
def test_the_blank_as_shipped_is_skipped(exercise):
    assert run(exercise) == f"{head(exercise)}: not attempted yet\n"


@pytest.mark.parametrize("exercise,i", [(e, i) for e, ms in MISTAKES.items() for i in range(len(ms))])
def test_a_plausible_mistake_fails_naming_the_exercise_the_property_and_the_case(exercise, i):
    answer, prop = MISTAKES[exercise][i]
    with pytest.raises(AssertionError) as e:
        run(exercise, answer)
    assert re.match(rf"{re.escape(head(exercise))}: wrong\nproperty: .+\ncase: .+", str(e.value)), str(e.value)
    assert f"property: {prop}" in str(e.value), str(e.value)


@pytest.mark.parametrize("exercise", list(EXERCISES))
def test_a_forgotten_return_fails_by_name(exercise):
    with pytest.raises(AssertionError, match=rf"^{re.escape(head(exercise))}: wrong\nproperty: "):
        run(exercise, f"my_headline_hack = 'volcano volcano volcano'\ndef my_{exercise}(*args): pass")


def test_every_exercise_has_plausible_mistakes():
    assert set(MISTAKES) == set(EXERCISES)


def test_every_page_imports_the_one_checker_and_has_its_exercises_last_without_outputs():
    pages = {p.relative_to(NBS).with_suffix("").as_posix() for p in NBS.rglob("*.ipynb")
             if ".ipynb_checkpoints" not in p.parts and not p.name.startswith("_")
             and any(MARKER.match(s) for s in code_cells(p.relative_to(NBS).with_suffix("").as_posix()))}
    assert pages == {ex.page for ex in EXERCISES.values()}, "a page with exercises that rlkit.exercises does not grade"
    for page in pages:
        cells = json.loads((NBS / f"{page}.ipynb").read_text())["cells"]
        sources = ["".join(c["source"]) for c in cells]
        assert "from rlkit.exercises import check" in sources, f"{page}: no cell imports rlkit.exercises.check"
        assert not any(re.search(r"def (check|_outcome)\(", s) for s in sources), f"{page}: a copy of the checker"
        start, level = next((i, m.group(1)) for i, s in enumerate(sources)
                            if (m := re.search(r"^(#+) Exercises$", s, re.M)))  # the heading may end a cell
        headings = [s for c, s in zip(cells[start + 1:], sources[start + 1:]) if c["cell_type"] == "markdown"]
        assert not any(re.match(rf"#{{1,{len(level)}}} ", s) for s in headings), \
            f"{page}: a section after the Exercises"
        exercise_like = [c for c, s in zip(cells[start:], sources[start:]) if MARKER.match(s) or CHECK.match(s)]
        assert not any(c.get("outputs") for c in exercise_like), f"{page}: an exercise cell has saved outputs"
        blanks = {m.group(1) for s in sources[start:] if (m := MARKER.match(s))}
        calls = [m.groups() for s in sources[start:] if (m := CHECK.match(s))]
        assert all(a == b for a, b in calls), f"{page}: a check cell names one exercise and passes another's answer"
        checks = {a for a, b in calls}
        want = {e for e, ex in EXERCISES.items() if ex.page == page}
        assert blanks == checks == want, f"{page}: blanks {blanks}, checks {checks}, registered {want}"


def test_grade_gives_a_class_its_score_table():
    ns = {"torch": torch, "F": F, "math": math}
    exec(solution("gae"), ns)
    rows = grade(ns, page="09_ppo")
    assert rows == [{"exercise": "gae", "page": "09_ppo", "points": 5, "earned": 5, "status": "correct"}]
    exec(MISTAKES["gae"][0][0], ns)
    row, = grade(ns, page="09_ppo")
    assert row["earned"] == 0 and row["status"].startswith("wrong: property: a position where mask is 0 is not a step")
    everything = grade({})
    assert [r["exercise"] for r in everything] == list(EXERCISES)
    assert {r["status"] for r in everything} == {"not attempted yet"} and sum(r["earned"] for r in everything) == 0


def solution_cells(notebook:dict) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"]
            if c["cell_type"] == "code" and "".join(c["source"]).lstrip().startswith("# Solution")]


def function_bodies(src:str) -> list[str]:
    "The bodies of the `my_` functions of `src`: what a solution adds to the blank"
    out = []
    for n in ast.parse(src).body:
        if isinstance(n, ast.FunctionDef) and n.name.startswith("my_"):
            lines = src.splitlines()[n.body[0].lineno - 1:n.end_lineno]
            out.append("\n".join(lines))
    return out


def test_the_student_release_keeps_the_blanks_and_leaves_out_every_solution(tmp_path):
    target = tmp_path / "student"
    done = subprocess.run(["bash", ROOT / "scripts" / "student_release.sh", target], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (target / "nbs" / "index.ipynb").exists() and not (target / "nbs" / "solutions").exists()
    written = {p.relative_to(target): json.loads(p.read_text()) for p in target.rglob("*.ipynb")}
    corpus = "\n".join("".join(c["source"]) for nb in written.values() for c in nb["cells"])
    sources = {p.relative_to(ROOT): json.loads(p.read_text()) for p in NBS.rglob("*.ipynb")
               if p.relative_to(ROOT) in written}
    assert len(written) == len(sources) > 20
    hidden = [s for nb in sources.values() for s in solution_cells(nb)]
    assert len(hidden) >= 5 and not any(solution_cells(nb) for nb in written.values())
    bodies = [b for s in hidden for b in function_bodies(s)]
    bodies += [b for f in (NBS / "solutions").glob("*.py") for b in function_bodies(f.read_text())]
    assert len(bodies) >= 10
    for body in bodies:
        assert body not in corpus, f"a solution body in the students' copy:\n{body}"
    for name, nb in sources.items():  # everything else as in the source: the blanks, the checks, the lessons
        kept = [c for c in nb["cells"] if "".join(c["source"]) not in solution_cells(nb)]
        assert written[name]["cells"] == kept, name
    blanks = [m.group(1) for nb in written.values() for c in nb["cells"] if (m := MARKER.match("".join(c["source"])))]
    assert sorted(blanks) == sorted(EXERCISES)
    again = subprocess.run(["bash", ROOT / "scripts" / "student_release.sh", target], capture_output=True, text=True)
    assert again.returncode == 1 and "is not empty: remove it or name another folder" in again.stderr

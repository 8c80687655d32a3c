import json, runpy

import pytest

from rlkit.core import DATA_DIR, Task, load_tasks
from rlkit.sandbox import Limits, Sandbox
from rlkit.rewards import extract_answer, extract_code
from rlkit.tasks import bundled, from_dataset, humaneval
from sympy import Rational

BUILD = runpy.run_path(str(DATA_DIR / "build_tasks.py"))
MORE = runpy.run_path(str(DATA_DIR / "build_code_more.py"))  # extra training-only code tasks (data/code_more.jsonl)


def test_bundled_sets_have_the_promised_size_and_shape():
    code = bundled("code", "train") + bundled("code", "test") + bundled("code", "val")
    assert len(code) >= 300 and len({t.id for t in code}) == len(code)
    assert all(t.entry_point and t.tests.count("assert") >= 3 for t in code)
    for split in ("test", "val"):
        assert {t.meta["difficulty"] for t in bundled("code", split)} == {"easy", "medium", "hard"}
    assert len(bundled("code", "val")) >= 75 and len(bundled("code", "test")) >= 110
    math = bundled("math", "train") + bundled("math", "test")
    assert len(math) >= 200 and all(isinstance(t.answer, (int, float)) for t in math)
    fmt = bundled("format", "train") + bundled("format", "test")
    assert fmt and all(isinstance(t.answer, list) and t.answer for t in fmt)
    ids = {s: {t.id for t in bundled("code", s)} for s in ("train", "test", "val")}
    assert not ids["train"] & ids["test"] and not ids["train"] & ids["val"] and not ids["test"] & ids["val"]
    for domain in ("math", "format"):
        assert not {t.id for t in bundled(domain, "train")} & {t.id for t in bundled(domain, "test")}


def _jsonl(tasks): return "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in tasks)


def test_data_files_are_what_the_build_script_writes():
    for domain, make in (("math", BUILD["math_tasks"]), ("format", BUILD["format_tasks"])):
        train, test = BUILD["split"](make())
        for split, tasks in (("train", train), ("test", test)):
            assert (DATA_DIR / f"{domain}_{split}.jsonl").read_text() == _jsonl(tasks), \
                f"run python data/build_tasks.py ({domain}_{split})"
    splits = BUILD["code_splits"]()
    assert sorted(splits) == ["test", "train", "val"]
    for split, tasks in splits.items():
        assert (DATA_DIR / f"code_{split}.jsonl").read_text() == _jsonl(tasks), \
            f"run python data/build_tasks.py (code_{split})"
    # CODE alone gives the train split and the first 39 test tasks, so CODE_HELD_OUT changes neither; its tasks go to
    # val and the rest of test
    train, test = BUILD["split"](BUILD["code_tasks"]())
    assert splits["train"] == train and len(test) == 39
    held = {t["id"] for t in BUILD["code_tasks"](BUILD["CODE_HELD_OUT"])}
    assert [t for t in splits["test"] if t["id"] not in held] == test
    assert {t["id"] for t in splits["val"]} | {t["id"] for t in splits["test"] if t["id"] in held} == held
    assert abs(len(splits["val"]) - len(held) / 2) <= 2
    assert not held & {t["id"] for t in train + test}


def test_held_out_code_tasks_are_new_names():
    "No held-out function shares a name with a task of CODE (their ids would clash or leak a training task)"
    names = lambda code: [BUILD["_signature"](ref)[0] for _, _, ref, _ in code]
    old, new = names(BUILD["CODE"]), names(BUILD["CODE_HELD_OUT"])
    assert len(set(new)) == len(new) and not set(old) & set(new)
    assert {d for d, *_ in BUILD["CODE_HELD_OUT"]} == {"easy", "medium", "hard"}


def test_extra_training_tasks_are_built_and_share_no_name_with_a_bundled_task():
    "data/code_more.jsonl is what its build script writes, and none of its functions is a test, val or train task's"
    assert (DATA_DIR / "code_more.jsonl").read_text() == _jsonl(MORE["build"]()), \
        "run python data/build_code_more.py"
    more = load_tasks(DATA_DIR / "code_more.jsonl")
    bundled_ids = ({t.id for s in ("train", "test", "val") for t in bundled("code", s)}
                   | {t.id for t in load_tasks(DATA_DIR / "code_demo.jsonl")})
    assert len(more) >= 240 and not {t.id for t in more} & bundled_ids
    assert ({t.meta["difficulty"] for t in more} == {"easy", "medium"}
            and all(t.tests.count("assert") >= 3 for t in more))


@pytest.mark.parametrize("body", ["return None", "return 0", "return args[0]", "return True", "return False",
                                  "return ''", "return []"])
def test_trivial_answers_fail_every_code_task(body):
    "Constant answers and echoing the first argument fail some test of every task (run here: the tests are ours)"
    passed = []
    for t in BUILD["code_tasks"](BUILD["CODE"] + BUILD["CODE_HELD_OUT"] + MORE["CODE_MORE"]):
        ns = {}
        exec(f"def {t['entry_point']}(*args):\n    {body}", ns)
        try:
            exec(t["tests"], ns)
        except Exception:
            continue
        passed.append(t["id"])
    assert passed == []


@pytest.mark.firejail
def test_every_code_task_passes_with_its_reference_solution():
    code = BUILD["CODE"] + BUILD["CODE_HELD_OUT"] + MORE["CODE_MORE"]
    tasks = {t["id"]: t for t in BUILD["code_tasks"](code)}
    refs = {f"code/{BUILD['_signature'](ref)[0]}": ref for _, _, ref, _ in code}
    assert len(tasks) == len(code)
    with Sandbox("firejail", Limits(timeout_s=10)) as sb:
        results = sb.run_batch([(refs[i], t["tests"], t["entry_point"]) for i, t in tasks.items()], workers=2)
    assert [i for i, r in zip(tasks, results) if r.verdict != "passed"] == []
    # and a wrong solution fails: the tests check something
    stubs = sb.run_batch([(f"def {t['entry_point']}(*args):\n    return None", t["tests"], t["entry_point"])
                          for t in tasks.values()], workers=2)
    assert [i for i, r in zip(tasks, stubs) if r.verdict == "passed"] == []


@pytest.mark.parametrize("line,field", [
    ('{"id": "a", "prompt": "p"}', "domain"),
    ('{"id": "a", "domain": "math", "prompt": 3}', "field 'prompt' must be str"),
    ('{"id": "a", "domain": "code", "prompt": "p"}', "field 'tests' and field 'entry_point' are required"),
    ('{"id": "a", "domain": "math", "prompt": "p", "meta": []}', "field 'meta' must be dict"),
    ('{"id": "a", "domain": "math", "prompt": "p",', "broken JSON"),
])
def test_bad_task_files_name_file_line_and_field(tmp_path, line, field):
    p = tmp_path / "tasks.jsonl"
    p.write_text('{"id": "ok", "domain": "math", "prompt": "1 + 1?", "answer": 2}\n' + line + "\n")
    with pytest.raises(ValueError) as e:
        load_tasks(p)
    assert "tasks.jsonl, line 2" in str(e.value) and field in str(e.value)


def test_bundled_rejects_unknown_names():
    with pytest.raises(ValueError, match="domain='poetry'"):
        bundled("poetry")
    with pytest.raises(ValueError, match="split='dev'"):
        bundled("code", "dev")
    for domain in ("math", "format"):
        with pytest.raises(ValueError, match=f"split='val': the {domain} domain has the splits \\['train', 'test'\\]"):
            bundled(domain, "val")


def test_humaneval_loader():
    he = humaneval()
    assert len(he) == 164 and he[0].id == "HumanEval/0" and he[0].entry_point == "has_close_elements"
    assert "def check(candidate)" in he[0].tests and he[0].meta["code_prompt"] in he[0].prompt


def test_from_dataset_with_a_column_mapping():
    from datasets import Dataset
    ds = Dataset.from_list([{"q": "Write f(x) returning x.",
                             "t": "assert f(1) == 1\nassert f(2) == 2\nassert f(0) == 0", "fn": "f", "src": "mine"}])
    [t] = from_dataset(ds, "code", {"prompt": "q", "tests": "t", "entry_point": "fn"}, id_prefix="my")
    assert (t.id, t.entry_point, t.meta) == ("my/0", "f", {"src": "mine"})
    with pytest.raises(ValueError, match="columns maps \\['difficulty'\\]"):
        from_dataset(ds, "code", {"prompt": "q", "difficulty": "src"})
    with pytest.raises(ValueError, match="row 0: field 'tests' and field 'entry_point' are required"):
        from_dataset(ds, "code", {"prompt": "q"})


@pytest.mark.parametrize("completion,entry,want", [
    ("```python\ndef f(x):\n    return x\n```", "f", "def f(x):\n    return x"),
    ("Sure!\n```py\nimport math\n```\nthen\n```python\ndef f(x):\n    return math.sqrt(x)\n```\nUse:\n```python\n"
     "print(f(4))\n```", "f", "import math\n\ndef f(x):\n    return math.sqrt(x)"),
    ("def f(x):\n    return x\n\nThis returns x.", "f", "def f(x):\n    return x"),
    ("Here:\nimport os\ndef f():\n    return 1\nDone.", "f", "import os\ndef f():\n    return 1"),
    ("```python\ndef f(x):\n    return x", "f", "def f(x):\n    return x"),  # an unclosed fence at the end
    ("```python\nSorry, I can't write that.\n```", "f", ""),
    ("", "f", ""),
])
def test_extract_code(completion, entry, want):
    assert extract_code(completion, entry) == want


@pytest.mark.parametrize("completion,want", [
    ("The answer is: 8000", 8000), ("x = 3\n#### 12", 12), ("\\boxed{-2.5}", -2.5), ("so 1,200 apples", 1200),
    ("The final answer is 6.28.", 6.28), ("half: 1/2", Rational(1, 2)), ("nothing here", None),
    ("answer is 4 and then 5", 4), ("The answer is \u2212160", -160), ("-1,000,000.5", -1000000.5),  # a U+2212 minus
    ("The answer is 80 \u00d7 2 = 160 km", 160), ("$\\frac{3}{4}$", Rational(3, 4)), ("42 m^2", 42),
    ("The answer is: **42**", 42), ("**Answer:** 17 apples", 17), ("The answer to the question is 9.", 9),
])
def test_extract_answer(completion, want):
    got = extract_answer(completion)  # math_verify's value, unevaluated: 1/2 may be 1*2**-1
    assert (got if got is None else got.doit()) == want


@pytest.mark.parametrize("completion,want", [
    ('```python\ns = "```"\nprint(s)\n```', 's = "```"\nprint(s)'),  # a fence in a string
    ('```python\ndef f(x):\n    """Use it so:\n    ```\n    f(1)\n    ```\n    """\n    return x\n```\nDone.',
     'def f(x):\n    """Use it so:\n    ```\n    f(1)\n    ```\n    """\n    return x'),  # fences in a docstring
    ('```python\ndef f():\n    return f"```{1}"\n```', 'def f():\n    return f"```{1}"'),  # in an f-string
    ("```\nIt's done\n```\n```python\ndef f(x):\n    return x\n```", "def f(x):\n    return x"),  # an apostrophe
    ('```python\ndef f(x):\n    return x\n```\nIt returns "x```" here.', "def f(x):\n    return x"),
    ('```python\ns = """```\n', ""),  # a string never closed: the block ends at the fence and does not parse
])
def test_a_fence_inside_a_string_literal_does_not_end_the_block(completion, want):
    from rlkit.rewards import code_block
    assert extract_code(completion, "f") == want
    t = Task(id="c", domain="code", prompt="p", tests="assert f(1) == 1", entry_point="f")
    assert code_block([t], [completion]) == [float(bool(want))]


def test_a_block_in_another_language_keeps_its_own_fences():
    ("A ```bash block before the solution keeps its own closing fence: paired with the solution's opening one, the "
     "code would be lost and the format reward 0")
    from rlkit.rewards import code_block
    text = "First run:\n```bash\npython f.py\n```\nThen:\n```python\ndef f(x):\n    return x\n```"
    assert extract_code(text, "f") == "def f(x):\n    return x"
    assert code_block([Task(id="c", domain="code", prompt="p", tests="assert f(1) == 1", entry_point="f")] * 2,
                      [text, text.replace("\n", "\r\n")]) == [1.0, 1.0]


def test_nesting_deeper_than_the_parser_goes_is_text_that_does_not_parse():
    ("'-' * 3000 + '1' (a completion of 49 tokens) and '[' * 1000 nest deeper than the parsers go: text that does not "
     "parse, never a RecursionError out of a training step")
    from rlkit.rewards import code_block, json_keys
    deep = "```python\n" + "-" * 3000 + "1\n```\n```python\ndef f(x):\n    return x\n```"
    assert extract_code(deep, "f") == "def f(x):\n    return x"
    assert code_block([Task(id="c", domain="code", prompt="p", tests="assert f(1) == 1", entry_point="f")],
                      ["```python\n" + "-" * 3000 + "1\n```"]) == [0.0]
    assert json_keys([Task(id="j", domain="format", prompt="p", answer=["a"])], ["[" * 1000]) == [0.0]


def test_the_completion_parsers_read_long_runs_of_whitespace_in_linear_time():
    ("Patterns with two whitespace runs in a row (`\\s*:?\\s*`, `\\s*\\n`, `[ \\t]*...?[ \\t]*`, `\\s*(.*?)\\s*`) "
     "backtrack quadratically where ")
    ("no match follows, taking minutes on 200,000 characters: the parsers avoid them. A hang guard (a 120 s timeout), "
     "not a timing")
    import subprocess, sys
    code = """
from rlkit.core import Task
from rlkit.agents.terminal import tool_command
from rlkit.rewards import json_keys
from rlkit.rewards import extract_answer, extract_code
n = 200_000
print([extract_answer('The answer is' + ' ' * n + 'x, so 7'), extract_code('```' + ' ' * n + 'x', 'f'),
       json_keys([Task(id='f', domain='format', prompt='p', answer=['a'])], ['```' + chr(10) * n + 'x']), \
tool_command('<tool_call>x' + ' ' * n + 'y')])
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.stdout.strip() == "[7, '', [0.0], None]", (r.stdout[-300:], r.stderr[-500:])


def test_task_files_a_user_writes_by_hand(tmp_path):
    ("A byte-order mark is skipped; a file that is not UTF-8, and ids that repeat, are named with the file, the line "
     "or the id")
    import json
    from rlkit.tasks import load_task_spec
    t = {"id": "u/sq", "domain": "code", "prompt": "Write sq(x).", "tests": "assert sq(2) == 4", "entry_point": "sq"}
    (tmp_path / "bom.jsonl").write_text(json.dumps(t) + "\n", encoding="utf-8-sig")
    assert [x.id for x in load_task_spec(str(tmp_path / "bom.jsonl"))[0]] == ["u/sq"]
    (tmp_path / "latin1.jsonl").write_bytes((json.dumps(t) + "\n"
                                             + json.dumps(dict(t, id="u/x", prompt="grüß"), ensure_ascii=False)
                                             + "\n").encode("latin-1"))
    with pytest.raises(ValueError, match=r"latin1.jsonl, line 2: not UTF-8 \(byte 0xfc\): save the file as UTF-8"):
        load_task_spec(str(tmp_path / "latin1.jsonl"))
    (tmp_path / "dup.jsonl").write_text("\n".join(json.dumps(x) for x in (dict(t, id="code/add"), t, t)) + "\n")
    with pytest.raises(ValueError, match=r"2 task id\(s\) repeat: 'code/add' in code and .*dup.jsonl; 'u/sq' in "
                                         r".*dup.jsonl \(2 times\)"):
        load_task_spec(f"code,{tmp_path / 'dup.jsonl'}")


@pytest.mark.parametrize("change,msg", [({"entry_point": "square(x)"}, "entry_point='square(x)' is not a Python name"),
                                        ({"meta": {"code_prompt": 5}}, "meta.code_prompt must be text"),
                                        ({"meta": {"tier": "internet"}},
                                         "meta.tier='internet'; use one of 'none', 'data', 'network'"),
                                        ({"meta": {"reference": ["def square(x): return x * x"]}},
                                         "meta.reference must be the code of a right answer, as text, not list")])
def test_a_code_task_is_checked_when_it_loads(change, msg):
    t = {"id": "u/square", "domain": "code", "prompt": "Write square(x).", "tests": "assert square(2) == 4",
         "entry_point": "square"}
    with pytest.raises(ValueError, match=msg.replace("(", r"\(").replace(")", r"\)")):
        Task.from_dict(t | change)


def test_a_difficulty_filter_that_leaves_out_tasks_of_a_users_file_says_so(tmp_path):
    import json
    from rlkit.tasks import load_task_spec
    t = {"id": "u/sq", "domain": "code", "prompt": "Write sq(x).", "tests": "assert sq(2) == 4", "entry_point": "sq"}
    (tmp_path / "d.jsonl").write_text("\n".join(json.dumps(dict(t, id=f"u/{i}", meta={"difficulty": d}))
                                                for i, d in enumerate(["easy", "Easy", "hard", "medium"])))
    with pytest.warns(UserWarning,
                      match="keeps 2 tasks of .* and leaves out 1 of difficulty 'Easy', 1 of difficulty 'hard'"):
        assert [x.id for x in load_task_spec(str(tmp_path / "d.jsonl"), "train", "easy,medium")[0]] == ["u/0", "u/3"]


def test_numbers_a_user_writes_and_spaces_in_a_spec(tmp_path):
    import json
    from rlkit.tasks import load_task_spec
    assert ([extract_answer(s) for s in ("The answer is .5", "answer: 1e6", "#### 2.5e-3", "5 eggs and 2e")]
            == [0.5, 1000000, 0.0025, 2])
    t = {"id": "u/sq", "domain": "code", "prompt": "Write sq(x).", "tests": "assert sq(2) == 4", "entry_point": "sq"}
    (tmp_path / "g.jsonl").write_text(json.dumps(t) + "\n")
    assert load_task_spec(f" {tmp_path / 'g.jsonl'} : 2 ")[1] == {str(tmp_path / "g.jsonl"): 2.0}
    with pytest.raises(ValueError, match="the weight 'abc' of .* is not a number"):
        load_task_spec(f"{tmp_path / 'g.jsonl'}:abc")


def test_tests_that_read_a_name_nothing_binds_are_warned_of(tmp_path):
    ("A typo in a user's tests (EXPECTED, sqr) would fail every answer: named when the file loads; the bundled sets "
     "and HumanEval have none")
    import json
    from rlkit.tasks import load_task_spec, unbound_test_names
    t = {"id": "u/sq", "domain": "code", "prompt": "Write sq(x).",
         "tests": "import math\nfor i in range(3): assert sq(i) == i * i\nassert sq(2) == EXPECTED\nassert sqr(3) == 9",
         "entry_point": "sq"}
    (tmp_path / "t.jsonl").write_text(json.dumps(t) + "\n")
    with pytest.warns(UserWarning, match="its tests use EXPECTED, sqr, which neither"):
        load_task_spec(str(tmp_path / "t.jsonl"))
    assert not [x.id for s in ("train", "test", "val") for x in bundled("code", s) if unbound_test_names(x)]
    assert not [x.id for x in humaneval() if unbound_test_names(x)]


@pytest.mark.firejail
def test_rlkit_check_finds_weak_tests_and_wrong_references(tmp_path, capsys):
    ("A user's task file, checked as training would score it: a reference that fails and tests a trivial answer "
     "passes are each named")
    from rlkit.cli import main
    rows = [{"id": "u/is_odd", "domain": "code", "prompt": "Write is_odd(n).", "tests": "assert not is_odd(4)",
             "entry_point": "is_odd"},
            {"id": "u/double", "domain": "code", "prompt": "Write double(x).",
             "tests": "assert double(2) == 4\nassert double(-1) == -2",
             "entry_point": "double", "meta": {"reference": "def double(x):\n    return x * x"}},
            {"id": "u/square", "domain": "code", "prompt": "Write square(x).",
             "tests": "assert square(3) == 9\nassert square(-2) == 4",
             "entry_point": "square", "meta": {"reference": "def square(x):\n    return x * x"}}]
    (tmp_path / "mine.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["check", str(tmp_path / "mine.jsonl")]) == 1
    out = capsys.readouterr().out
    assert "u/is_odd: trivial answers pass every test: `return None`, `return False`" in out
    assert ("u/double: the reference solution gives failed (1/2 tests)" in out
            and "u/square" not in out.split("tasks checked")[0])
    assert "3 of 3 tasks checked" in out and "2 with a problem; 1 carry no meta.reference" in out

"""The results pages (`scripts/results_pages.py`, committed in docs/results/) and the README that links to them: the
pages are up to date, every result file is on one, their numbers are read from the JSON, and the README stays a short
front door whose links and headline numbers hold."""
import importlib.util, json, re, shutil, subprocess, sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PAGES = ROOT / "docs" / "results"
SCRIPT = ROOT / "scripts" / "results_pages.py"


@pytest.fixture(scope="module")
def rp():
    "scripts/results_pages.py as a module"
    spec = importlib.util.spec_from_file_location("results_pages", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _run(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT)


def _page(name:str) -> str:
    return (PAGES / f"{name}.md").read_text()


def test_committed_pages_are_up_to_date():
    r = _run("--check", "docs")
    assert r.returncode == 0, r.stderr


def test_check_fails_on_an_edited_or_extra_page(tmp_path):
    assert _run(str(tmp_path)).returncode == 0
    assert _run("--check", str(tmp_path)).returncode == 0
    page = tmp_path / "results" / "main_job.md"
    page.write_text(page.read_text().replace("%", " percent", 1))
    assert _run("--check", str(tmp_path)).returncode == 1
    assert _run(str(tmp_path)).returncode == 0
    (tmp_path / "results" / "old.md").write_text("# a page no result backs\n")
    assert _run("--check", str(tmp_path)).returncode == 1


def test_every_result_file_is_on_a_page():
    text = "".join(p.read_text() for p in PAGES.glob("*.md"))
    for f in sorted(RESULTS.iterdir()):
        shown = f"## `{f.name}`" if f.suffix != ".png" else f"bench/results/{f.name})"
        assert shown in text, f"{f.name} is on no page in docs/results/"


def test_numbers_come_from_the_json(rp):
    main = json.loads((RESULTS / "families_main_job.json").read_text())["seeds"][0]["held_out"]
    assert f"{100 * main['after']:.1f}%" in _page("main_job")
    assert f"[{100 * main['lo']:+.1f}, {100 * main['hi']:+.1f}]" in _page("main_job")
    med = json.loads((RESULTS / "grpo_vs_trl.json").read_text())["median"]
    assert f"{med['rlkit']['step_s'] / med['trl']['step_s']:.2f}x" in _page("grpo_vs_trl")
    for name, c in json.loads((RESULTS / "math_checker.json").read_text())["checkers"].items():
        assert f"| {name} | {100 * c['accuracy']:.1f}% |" in _page("math_checker")


def test_a_changed_json_changes_its_page(rp, tmp_path, monkeypatch):
    copy = tmp_path / "results"
    shutil.copytree(RESULTS, copy)
    d = json.loads((copy / "terminal_base.json").read_text())
    d["shell/easy"]["checks"] = 0.987654
    (copy / "terminal_base.json").write_text(json.dumps(d))
    monkeypatch.setattr(rp, "RESULTS", copy)
    page = rp.pages()["terminal_base.md"]
    assert "98.8%" in page and "98.8%" not in _page("terminal_base")


def test_a_new_result_lands_on_a_page(rp, tmp_path, monkeypatch):
    copy = tmp_path / "results"
    shutil.copytree(RESULTS, copy)
    (copy / "brand_new.json").write_text(json.dumps({"machine": "a test machine", "score": 0.5}))
    monkeypatch.setattr(rp, "RESULTS", copy)
    pages = rp.pages()
    assert "## `brand_new.json`" in pages["other.md"] and "a test machine" in pages["other.md"]
    assert "(other.md)" in pages["index.md"]


def test_the_pages_prose_types_no_number(rp):
    for name, text in rp.PROSE.items():
        bare = re.sub(r"`[^`]*`", "", text)  # code spans name options and dtypes (`bf16`), not results
        assert not re.search(r"\d", bare), f"PROSE[{name!r}] types a number: read it from the JSON instead"


def test_readme_is_a_front_door():
    size = len((ROOT / "README.md").read_bytes())
    assert size <= 12_000, f"README.md is {size} characters: move detail to a notebook, a results page or CHANGELOG.md"


def test_readme_links_point_to_files():
    text = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert targets
    for t in targets:
        if re.match(r"(https?:|mailto:|#)", t):
            continue
        assert (ROOT / t.split("#")[0]).exists(), f"README.md links to {t}, which is not in the repository"


def test_readme_headline_numbers_are_on_their_pages():
    text = (ROOT / "README.md").read_text()
    rows = re.findall(r"^\|([^|\n]*)\|([^|\n]*)\|\s*\[[^\]]*\]\((docs/results/[^)]+\.md)\)\s*\|$", text, re.M)
    assert len(rows) >= 3, "the README's results table links each row to its page"
    for _, result, link in rows:
        page = (ROOT / link).read_text()
        for n in re.findall(r"[+-]?\d[\d,]*(?:\.\d+)?", result):
            assert n in page, f"README's {n!r} ({result.strip()}) is not on {link}"

"""The docs site's generators (scripts/api_pages.py, scripts/docs_nbclean.py), without building the site: \
`bash scripts/docs.sh` builds it."""
import importlib, json, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_gets_an_api_page_with_every_public_name(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "scripts" / "api_pages.py"), str(tmp_path)],
                   check=True, capture_output=True)
    from rlkit._modidx import d
    modules = sorted({k.split(".", 1)[1] for k in d["syms"]})
    assert sorted(p.stem for p in (tmp_path / "api").glob("*.md")) == modules
    for m in modules:
        page = (tmp_path / "api" / f"{m}.md").read_text()
        missing = [n for n in importlib.import_module(f"rlkit.{m}").__all__ if f"### {n}" not in page]
        assert not missing, f"api/{m}.md lacks {missing}"
    assert "lr:" in (tmp_path / "api" / "grpo.md").read_text()  # signatures, not just names


def test_staged_notebooks_lose_directives_and_solutions_and_link_to_pages(tmp_path):
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": "#| export\ndef f(): pass"},
                    {"cell_type": "code", "metadata": {}, "outputs": [], "source": "#| default_exp core"},
                    {"cell_type": "code", "metadata": {}, "outputs": [], "source": "# Solution\nprint(42)"},
                    {"cell_type": "markdown", "metadata": {}, "source": "see [the loop](12_train.ipynb) and [x](https://a.b/c.md)"},
                    {"cell_type": "markdown", "metadata": {},
                     "source": "| t | what |\n|---|---|\n| `05` | a run (`#| gpu`) |"}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "page.ipynb").write_text(json.dumps(nb))
    subprocess.run([sys.executable, str(ROOT / "scripts" / "docs_nbclean.py"), str(tmp_path)], check=True)
    cells = json.loads((tmp_path / "page.ipynb").read_text())["cells"]
    srcs = ["".join(c["source"]) for c in cells]
    assert srcs[0] == "def f(): pass" and len(cells) == 4
    assert "print(42)" not in "".join(srcs) and "left out of this page" in srcs[1]
    assert "(12_train.html)" in srcs[2] and "(https://a.b/c.md)" in srcs[2]  # each page lies where its source does
    # a `|` in a table row's code would split the cell, and mistune then leaves the whole table as raw text
    assert srcs[3].splitlines()[2] == "| `05` | a run (<code>#&#124; gpu</code>) |"

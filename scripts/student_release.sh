#!/usr/bin/env bash
# Write the course as students get it: nbs/ under TARGET/nbs/, without nbs/solutions/ and without the solution cells.
# A solution cell is a code cell whose first line is `# Solution` (collapsed in Jupyter by `source_hidden`; the docs
# build hides the same cells); the blanks (`# exercise: ID`) and their `check(...)` cells stay.
# Usage: scripts/student_release.sh [TARGET]   (default: student/ at the repository root; TARGET must be new or empty)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=$(realpath -m "${1:-$root/student}")
if [ -e "$target" ] && [ -n "$(ls -A "$target")" ]; then
  echo "student_release: $target is not empty: remove it or name another folder" >&2
  exit 1
fi
case "$target/" in
  "$root/nbs/"*) echo "student_release: $target is inside nbs/: name a folder outside it" >&2; exit 1 ;;
esac
mkdir -p "$target"
cd "$root"
# the files of nbs/ that git would commit (tracked or new, not ignored): no runs, checkpoints or scratch `_*.ipynb`
git ls-files -z --cached --others --exclude-standard -- nbs | python3 -c '
import json, shutil, sys
from pathlib import Path
target, kept, dropped = Path(sys.argv[1]), 0, 0
for name in sorted(set(sys.stdin.read().split("\0")) - {""}):
    src, dst = Path(name), Path(sys.argv[1]) / name
    if name.startswith("nbs/solutions/") or not src.is_file():  # the solutions; a tracked file deleted in the checkout
        continue
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.suffix != ".ipynb":
        shutil.copyfile(src, dst)
        continue
    nb = json.loads(src.read_text())
    solution = lambda c: c["cell_type"] == "code" and "".join(c["source"]).lstrip().startswith("# Solution")
    dropped += sum(map(solution, nb["cells"]))
    nb["cells"] = [c for c in nb["cells"] if not solution(c)]
    dst.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    kept += 1
out = target / "nbs"
print(f"student_release: {kept} notebooks in {out}; {dropped} solution cells and nbs/solutions/ left out")
' "$target"

"""Write README.md from nbs/index.ipynb (Quarto, which nbdev-readme needs, cannot be installed here).
`python scripts/readme.py --check` exits 1 when README.md is out of date."""
import json, sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
cells = json.loads((root / "nbs" / "index.ipynb").read_text())["cells"]
text = "\n\n".join("".join(c["source"]).strip() for c in cells if c["cell_type"] == "markdown") + "\n"
readme = root / "README.md"
if "--check" in sys.argv:
    if not readme.exists() or readme.read_text() != text:
        sys.exit("README.md is out of date with nbs/index.ipynb: run `python scripts/readme.py` and commit it")
else:
    readme.write_text(text)

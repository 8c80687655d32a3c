"""Tidy the staged copies of the notebooks for the docs site (never the notebooks in nbs/), as nbdev's docs would:
drop the `#|` directive lines from code cells (and cells left empty, such as `#| default_exp`), leave the exercises' solution cells out, and point links to
other notebooks or markdown files at their pages (`x.ipynb` -> `../x/`, since every page but the home page is a
folder). Outputs are kept as saved; nothing is executed.

Usage: .venv/bin/python scripts/docs_nbclean.py STAGING_DIR
"""
from __future__ import annotations
import json, re, sys
from pathlib import Path

LINK = re.compile(r'\]\((?!https?:|mailto:|#|/)([^)\s]+?)\.(?:ipynb|md)(#[^)\s]*)?\)')


def clean(path: Path, is_home: bool):
    nb = json.loads(path.read_text())
    cells = []
    for c in nb['cells']:
        src = ''.join(c['source'])
        if c['cell_type'] == 'code' and src.lstrip().startswith('# Solution'):  # exercise answers stay out of sight, as in the notebook
            cells.append({'cell_type': 'markdown', 'metadata': {}, 'source': '*The solution cell is left out of this page: try the exercises first, then open the notebook to read it.*'})
            continue
        if c['cell_type'] == 'code':
            kept = [l for l in src.splitlines(keepends=True) if not l.startswith('#|')]
            if not ''.join(kept).strip() and not c.get('outputs'): continue
            src = ''.join(kept)
        elif c['cell_type'] == 'markdown':
            up = '' if is_home else '../'
            src = LINK.sub(lambda m: f']({up}{m.group(1)}/{m.group(2) or ""})', src)
        c['source'] = src
        cells.append(c)
    nb['cells'] = cells
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False))


def main(staging: str):
    root = Path(staging)
    for p in sorted(root.rglob('*.ipynb')): clean(p, p == root / 'index.ipynb')


if __name__ == '__main__':
    if len(sys.argv) != 2: sys.exit(__doc__)
    main(sys.argv[1])

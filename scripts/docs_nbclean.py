"""Tidy the staged copies of the notebooks for the docs site (never the notebooks in nbs/), as nbdev's docs would:
drop the `#|` directive lines from code cells (and cells left empty, such as `#| default_exp`), leave the exercises' solution cells out, and point links to
other notebooks or markdown files at their pages (`x.ipynb` -> `x.html`: each page lies where its source does).
A `|` inside inline code in a table row (`#| gpu`, or GitHub's escaped `#\\| gpu`) becomes HTML code with `&#124;`:
the site's markdown renderer (mistune) splits cells there, and a row with one cell too many leaves the whole table
as raw text. Outputs are kept as saved; nothing is executed.

Usage: .venv/bin/python scripts/docs_nbclean.py STAGING_DIR
"""
from __future__ import annotations
import html, json, re, sys
from pathlib import Path

LINK = re.compile(r'\]\((?!https?:|mailto:|#|/)([^)\s]+?)\.(?:ipynb|md)(#[^)\s]*)?\)')
CODE = re.compile(r'(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)')  # an inline code span: a run of backticks, text, the same run


def table_pipes(src: str) -> str:
    "Inline code that holds a `|`, in a table row, as `<code>` with `&#124;` so the row keeps its cell count"
    def code(m):
        text = m.group(2).replace('\\|', '|')
        if '|' not in text:
            return m.group(0)
        return '<code>' + html.escape(text, quote=False).replace('|', '&#124;') + '</code>'
    return '\n'.join(CODE.sub(code, l) if l.lstrip().startswith('|') else l for l in src.split('\n'))


def clean(path: Path):
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
            src = table_pipes(LINK.sub(lambda m: f']({m.group(1)}.html{m.group(2) or ""})', src))
        c['source'] = src
        cells.append(c)
    nb['cells'] = cells
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False))


def main(staging: str):
    root = Path(staging)
    for p in sorted(root.rglob('*.ipynb')): clean(p)


if __name__ == '__main__':
    if len(sys.argv) != 2: sys.exit(__doc__)
    main(sys.argv[1])

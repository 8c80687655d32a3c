#!/usr/bin/env bash
# Build the documentation site into _site/ from the notebooks' saved outputs (nothing is executed).
# Needs .venv (scripts/setup.sh); installs the docs tools into it when they are missing.
# Usage: bash scripts/docs.sh        then open _site/index.html (it works from the folder, offline), or serve it:
#        .venv/bin/python -m http.server -d _site
set -euo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
STAGE=_docs_src
PINS=(mkdocs==1.6.1 mkdocs-material==9.8.2 mkdocs-jupyter==0.26.3)

[ -x "$PY" ] || { echo "no .venv: run bash scripts/setup.sh first" >&2; exit 1; }
if ! "$PY" - "${PINS[@]}" <<'EOF'
import sys
from importlib.metadata import version, PackageNotFoundError
try: sys.exit(any(version(n) != v for n, v in (p.split('==') for p in sys.argv[1:])))
except PackageNotFoundError: sys.exit(1)
EOF
then
  # -c: the docs tools must not move a version rlkit is tested with
  "$PY" -m pip install --quiet -c scripts/constraints.txt "${PINS[@]}"
fi

# MathJax, the widget renderer and iframe-worker, vendored from the npm registry (pinned by SHA-256), once
bash scripts/setup_browser.sh --js
SHARE=.venv/share/rlkit

# mkdocs-jupyter caches each page keyed on the notebook and its own options, not on scripts/docs_theme/hooks.py,
# which changes how markdown renders: a changed hooks.py empties the cache.
hooks_sum=$(sha256sum scripts/docs_theme/hooks.py | cut -d' ' -f1)
if [ "$(cat .cache/mkdocs-jupyter/hooks.sha256 2>/dev/null)" != "$hooks_sum" ]; then
  rm -rf .cache/mkdocs-jupyter && mkdir -p .cache/mkdocs-jupyter && echo "$hooks_sum" > .cache/mkdocs-jupyter/hooks.sha256
fi

# The staging folder: mkdocs-jupyter needs the notebooks inside docs_dir. Rebuilt from scratch every time.
rm -rf "$STAGE"
mkdir -p "$STAGE/tutorials" "$STAGE/bench/results"
cp nbs/*.ipynb "$STAGE/"
rm -f "$STAGE"/_*.ipynb                        # nbdev's scratch notebooks, never published
cp nbs/tutorials/*.ipynb "$STAGE/tutorials/"
cp -r nbs/tutorials/payoff "$STAGE/tutorials/"  # T01 reads payoff/payoff.json when run; the site shows saved outputs
cp bench/results/*.png "$STAGE/bench/results/"  # the README's (index.ipynb's) figures
cp -r nbs/images "$STAGE/"                       # the module pages' pictures (images/NAME.png from nbs/)
cp CONTRIBUTING.md "$STAGE/"
cp CHANGELOG.md "$STAGE/"
mkdir -p "$STAGE/assets/vendor/html-manager"     # the pages load these by relative paths (scripts/docs_theme/hooks.py)
cp -r "$SHARE/mathjax-2.7.7" "$STAGE/assets/vendor/mathjax"
cp -r "$SHARE/iframe-worker-1.0.4" "$STAGE/assets/vendor/iframe-worker"
cp "$SHARE"/html-manager-1.0.15/dist/{embed.js,embed.js.LICENSE.txt,*.woff,*.woff2} "$STAGE/assets/vendor/html-manager/"
"$PY" scripts/docs_nbclean.py "$STAGE"
"$PY" scripts/api_pages.py "$STAGE" >/dev/null
# The results pages, from bench/results (scripts/results_pages.py; the test command checks the committed docs/results/).
# Staged as docs/results/ (the repository's layout), where their figure links, ../../bench/results/, resolve.
"$PY" scripts/results_pages.py "$STAGE/docs"

start=$(date +%s)
export NO_MKDOCS_2_WARNING=1  # mkdocs-material's end-of-life notice, in mkdocs.yml's header instead of every build
.venv/bin/mkdocs build --strict --clean --site-dir _site
echo "built _site/ in $(( $(date +%s) - start )) s ($(du -sh _site | cut -f1))"

#!/usr/bin/env bash
# Set everything up, then run every check: export in sync, notebooks clean, ruff, notebook tests, pytest.
# Any failure (including pytest collecting no test) exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup_browser.sh
export PATH="$PWD/.venv/bin:$PATH"

snapshot() { find rlkit nbs -type f \( -name '*.py' -o -name '*.ipynb' \) -not -path '*/.ipynb_checkpoints/*' -print0 | sort -z | xargs -0 sha256sum; }

echo "== 0/5 README.md matches nbs/index.ipynb"
python scripts/readme.py --check

echo "== 1/5 nbdev-export changes nothing"
before=$(snapshot); nbdev-export; after=$(snapshot)
if [ "$before" != "$after" ]; then
  diff <(echo "$before") <(echo "$after") || true
  echo "FAIL: rlkit/ was not in sync with the notebooks: run nbdev-export and commit the result"; exit 1
fi

echo "== 2/5 notebooks are clean"
before=$(snapshot); nbdev-clean; after=$(snapshot)
if [ "$before" != "$after" ]; then
  diff <(echo "$before") <(echo "$after") || true
  echo "FAIL: notebooks were not clean: run nbdev-clean and commit the result"; exit 1
fi

echo "== 3/5 ruff: CONTRIBUTING's rules over rlkit/ and tests/ (configured in pyproject.toml)"
python scripts/lint.py

echo "== 4/5 nbdev-test (flags: ${RLKIT_NB_FLAGS:=firejail})"
nbdev-test --flags "$RLKIT_NB_FLAGS" --n-workers 2

echo "== 5/5 pytest"
python -m pytest tests "$@"   # pytest exits 5 when it collects no test: that fails this script too

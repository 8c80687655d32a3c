#!/usr/bin/env bash
# What the browser tests and the docs site need, idempotently (scripts/test.sh runs it after setup.sh):
# headless Chromium and its driver (Debian packages), and the browser-side JavaScript the pages load from disk
# instead of a CDN, each from the npm registry and checked against its pinned SHA-256:
#   @jupyter-widgets/html-manager  renders saved widget state (the viewer's standalone page, the docs' widget cells)
#   mathjax 2.7.7                  typesets the notebooks' equations on the docs site (nbconvert's templates
#                                  configure MathJax 2: `MathJax.Hub.Config`, TeX-AMS_CHTML-full)
#   iframe-worker                  lets the docs site's search run from file:// (mkdocs-material's offline plugin)
# Usage: bash scripts/setup_browser.sh          everything
#        bash scripts/setup_browser.sh --js     the JavaScript only (scripts/docs.sh: no browser needed to build)
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ "${1:-}" != "--js" ]; then
  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    echo "setup: installing chromium chromium-driver"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
  fi
fi

# vendor NAME VERSION SHA256 DEST FILE PREFIX...: unpack the package's files under the PREFIXes into DEST, unless
# DEST/FILE is there already (DEST appears whole: it is unpacked beside it, then renamed)
vendor() {
  local name=$1 version=$2 sha=$3 dest=$4 file=$5; shift 5
  [ -f "$dest/$file" ] && return 0
  echo "setup: fetching $name@$version"
  .venv/bin/python - "$name" "$version" "$sha" "$dest" "$@" <<'PY'
import hashlib, io, shutil, sys, tarfile, urllib.request
from pathlib import Path
name, version, sha, dest, prefixes = sys.argv[1], sys.argv[2], sys.argv[3], Path(sys.argv[4]), sys.argv[5:]
url = f"https://registry.npmjs.org/{name}/-/{name.split('/')[-1]}-{version}.tgz"
data = urllib.request.urlopen(url, timeout=120).read()
if hashlib.sha256(data).hexdigest() != sha: sys.exit(f"setup: {url} does not match its pinned SHA-256; refusing it")
tmp = dest.with_name(dest.name + ".tmp")
shutil.rmtree(tmp, ignore_errors=True)
with tarfile.open(fileobj=io.BytesIO(data)) as tar:
    for m in tar.getmembers():
        rel = m.name[len("package/"):]
        if m.isfile() and m.name.startswith("package/") and "/.." not in m.name and rel.startswith(tuple(prefixes)):
            out = tmp / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(tar.extractfile(m).read())
shutil.rmtree(dest, ignore_errors=True)
tmp.rename(dest)
PY
}

share=.venv/share/rlkit  # scripts/docs.sh and tests/test_widgets.py name these folders, versions included
vendor @jupyter-widgets/html-manager 1.0.15 2b9d65cb7913e1c7d671757a10008b32c9c2448d4429513371e55c07d6107638 \
  "$share/html-manager-1.0.15" dist/embed.js dist/
# MathJax: only what TeX-AMS_CHTML-full with the Safe extension loads (CommonHTML output, TeX input, its web fonts)
vendor mathjax 2.7.7 f0054315d40f7288b2373b23520677fd1132a405702dfca05ee6ebe5cd0a8677 \
  "$share/mathjax-2.7.7" MathJax.js LICENSE MathJax.js config/TeX-AMS_CHTML-full.js config/Safe.js extensions/ \
  jax/input/TeX/ jax/output/CommonHTML/ jax/element/ fonts/HTML-CSS/TeX/woff/ fonts/HTML-CSS/TeX/otf/
vendor iframe-worker 1.0.4 e8c5d12d87829c503afba01d67772ea9f4aba5b7ae57a0c98e1917711030efbb \
  "$share/iframe-worker-1.0.4" shim/index.js LICENSE shim/

if [ "${1:-}" != "--js" ]; then
  echo "setup: browser test ready ($(chromium --version 2>/dev/null | head -1))"
fi

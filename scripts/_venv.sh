# Shared by scripts/demo and scripts/test: make .venv (once) and install the package into it.
# Usage: source scripts/_venv.sh EXTRAS   (EXTRAS is "[web]" or "[test]"; the test extra includes web)
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ ! -x .venv/bin/python ]; then
  "${PYTHON:-python3}" -m venv .venv
  .venv/bin/python -m pip install -q --upgrade pip
fi
# The installed metadata (version included) follows pyproject.toml and mcr_score/__init__.py, where the
# version is written: a change to either reinstalls.
want="$(cat pyproject.toml mcr_score/__init__.py | sha256sum | cut -c1-16)$1"
stamp=".venv/.mcr-score-installed"
if ! grep -qxF "$want" "$stamp" 2>/dev/null; then
  .venv/bin/python -m pip install -q -e ".$1"
  echo "$want" >> "$stamp"
fi

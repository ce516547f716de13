#!/usr/bin/env bash
# The README's test command: set up everything the tests need, then run them.
#
# - Debian packages: chromium + fonts-noto-cjk (browser tests), a Java runtime (the Nu HTML checker); installed
#   with apt-get when missing and we may (root, or passwordless sudo).
# - Python: a venv in .venv with the project and its test extra (pytest, hypothesis, pymahjonggb, playwright).
# - npm: vnu-jar (Nu HTML checker), axe-core (accessibility) and pyodide (the calculator's in-browser runtime, the
#   version generator/site/calculator.py pins) into .cache/npm.
# When every tool is in place the run is strict: a skipped test fails the run (ATLAS_STRICT=1), so a check can
# never pass by not running.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
# The CJK fonts are looked for as files: fc-list comes with fontconfig, which a fresh machine may lack.
compgen -G "/usr/share/fonts/opentype/noto/NotoSansCJK*" >/dev/null || need_apt+=(fonts-noto-cjk)
command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
  if $SUDO true 2>/dev/null; then
    echo "installing Debian packages: ${need_apt[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "warning: cannot install ${need_apt[*]} (not root); tests needing them will be skipped" >&2
  fi
fi

if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'

if command -v npm >/dev/null 2>&1; then
  for pkg in vnu-jar axe-core; do
    [ -d ".cache/npm/node_modules/$pkg" ] || npm install --silent --no-audit --no-fund --prefix .cache/npm "$pkg" >/dev/null
  done
  pyodide=$(.venv/bin/python -c "from generator.site.calculator import PYODIDE_VERSION; print(PYODIDE_VERSION)")
  grep -qs "\"version\": \"$pyodide\"" .cache/npm/node_modules/pyodide/package.json \
    || npm install --silent --no-audit --no-fund --prefix .cache/npm "pyodide@$pyodide" >/dev/null
fi

if [ -x /usr/bin/chromium ] && command -v java >/dev/null 2>&1 && [ -d .cache/npm/node_modules/vnu-jar ] \
   && [ -d .cache/npm/node_modules/axe-core ] && [ -d .cache/npm/node_modules/pyodide ]; then
  export ATLAS_STRICT=1
fi
# In CI (.ci/run sets CI) the run is strict even when a tool could not be installed: there the site checks (Nu
# checker, axe, link check, byte-identical rebuilds) must run, and a skip must fail the run.
[ -z "${CI:-}" ] || export ATLAS_STRICT=1
.venv/bin/python -m pytest -q "$@"

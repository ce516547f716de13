#!/usr/bin/env bash
# The README's test command: set up everything the tests need, then run them.
#
# In CI (the CI variable set, as .ci/run and hosted CI services do) the site checks must really run: the Nu
# HTML checker (Java), axe in Chromium (with CJK fonts) and npm to fetch both. Missing system tools are
# installed when apt-get can, and a site check that was skipped (tests/test_site_*.py skip without their
# tools) fails the run instead of passing quietly.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ -n "${CI:-}" ]; then
  missing=()
  command -v java >/dev/null || missing+=(default-jre-headless)
  [ -x /usr/bin/chromium ] || missing+=(chromium fonts-noto-cjk)
  command -v npm >/dev/null || missing+=(npm)
  if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
mkdir -p .cache
report=.cache/pytest-report.xml
status=0
.venv/bin/python -m pytest -q --junitxml="$report" "$@" || status=$?
if [ -n "${CI:-}" ] && [ -f "$report" ]; then
  .venv/bin/python - "$report" <<'EOF' || status=1
import sys
import xml.etree.ElementTree as ET

skipped = [f"{case.get('classname')}::{case.get('name')}: {skip.get('message')}"
           for case in ET.parse(sys.argv[1]).iter("testcase") for skip in case.findall("skipped")
           if ".test_site_" in "." + (case.get("classname") or "")]
for line in skipped:
    print(f"CI: a site check was skipped, so it did not run: {line}", file=sys.stderr)
sys.exit(1 if skipped else 0)
EOF
fi
exit "$status"

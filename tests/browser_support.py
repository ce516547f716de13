"""What the browser tests share: Debian's Chromium and the flags it runs with here, and npm's axe-core."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]
AXE = Path(__file__).resolve().parent.parent / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
NO_CHROMIUM = "needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium fonts-noto-cjk)"

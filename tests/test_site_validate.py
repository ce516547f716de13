"""Every page of the built site is valid HTML under the Nu HTML Checker (npm `vnu-jar`), run once over the folder."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NPM_DIR = ROOT / ".cache" / "npm"
VNU = NPM_DIR / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def _vnu() -> Path:
    if shutil.which("java") is None:
        pytest.skip("the Nu checker needs Java (apt-get install -y default-jre-headless)")
    if not VNU.exists():
        if shutil.which("npm") is None:
            pytest.skip("the Nu checker comes from npm's vnu-jar and npm is not installed")
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(NPM_DIR), "vnu-jar"],
                       check=False, capture_output=True, timeout=600)
    if not VNU.exists():
        pytest.skip("npm could not install vnu-jar (npm install --prefix .cache/npm vnu-jar)")
    return VNU


@pytest.mark.slow
def test_every_page_is_valid_html(built_site: Path) -> None:
    vnu = _vnu()
    pages = [p for p in built_site.rglob("*.html") if "pagefind" not in p.parts]
    assert len(pages) > 20
    run = subprocess.run(["java", "-jar", str(vnu), "--errors-only", "--skip-non-html", "--exit-zero-always",
                          str(built_site)], check=False, capture_output=True, text=True, timeout=1800)
    errors = [line.replace(f"file:{built_site}/", "") for line in (run.stdout + run.stderr).splitlines()
              if line.strip()]
    assert errors == [], f"{len(errors)} HTML error(s):\n" + "\n".join(errors[:50])

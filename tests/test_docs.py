"""The design record names real code: a module or test it cites that was moved or deleted fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_path_the_design_record_names_exists() -> None:
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w/.-]+\.(?:py|sh))\b", text))  # from the project root, or within the package
    assert len(named) > 10
    assert sorted(p for p in named if not (ROOT / p).exists() and not (ROOT / "generator" / p).exists()) == []

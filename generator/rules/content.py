"""Where the project's rule data lives. A module of its own so that naming the folder (the default of every
command's --content, the rule-set lookups) does not import the validating loader: `score --ruleset X` finds its
rule set already validated (generator/ruleset_store.py) and never runs it."""

from __future__ import annotations

from pathlib import Path

CONTENT_DIR = Path(__file__).resolve().parent.parent.parent / "content"

"""Test helpers for built folders: a folder as {path: bytes}, and a folder written from such a mapping (a 'previous
site' a failing build must leave alone)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def write_tree(root: Path, files: Mapping[str, bytes]) -> Path:
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    return root


def edit_value(rules: Path, pattern_id: str, old: int, new: int) -> None:
    """Change one pattern's value in a rule set file (a copy of the content): the edit a rule maintainer makes most."""
    text = rules.read_text(encoding="utf-8")
    at = text.index(f"value = {old}", text.index(f'\nid = "{pattern_id}"\n'))  # its own table, not an exclusion
    rules.write_text(text[:at] + f"value = {new}" + text[at + len(f"value = {old}"):], encoding="utf-8")

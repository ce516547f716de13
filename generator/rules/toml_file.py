"""One content TOML file read with its line index, so that every check on it can name a line.

Every content loader (rule sets, the bibliography, curated hands, concepts) reads its files through it.
"""

from __future__ import annotations

import re
from pathlib import Path

from .errors import ContentError
from .locate import locate


class TomlFile:
    """One TOML file with its line index, so every check can point at a line."""

    def __init__(self, path: Path, root: Path | None = None) -> None:
        self.path = path
        self.root = root
        try:
            self.name = str(path.relative_to(root)) if root else str(path)
        except ValueError:
            self.name = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ContentError(self.name, None, "(file)", f"cannot read: {exc}") from None
        import tomllib  # here: a command that finds its rule sets stored reads no TOML (ruleset_store.py)

        try:
            self.data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"line (\d+)", str(exc))
            raise ContentError(self.name, int(m.group(1)) if m else None, "(syntax)", f"invalid TOML: {exc}") from None
        self.lines = locate(text)
        self.keys: dict[tuple[str, int], list[tuple[str, int]]] = {}
        """The keyed lines of each table entry, gathered once: every pattern asks for its own."""
        for (table, index, key), n in self.lines.items():
            if key:
                self.keys.setdefault((table, index), []).append((key, n))

    def line(self, table: str, index: int = 0, key: str = "") -> int | None:
        return self.lines.get((table, index, key)) or self.lines.get((table, index, ""))

    def error(self, table: str, index: int, key: str, message: str, label: str | None = None) -> ContentError:
        return ContentError(self.name, self.line(table, index, key.split(".")[0]), label or key, message)

    def entry_label(self, table: str, index: int, data: object, known: set[str]) -> str:
        """How problems of one `[[table]]` entry name it ("concept 'x' ", or "concept #3 " without a string id),
        after checking that it is a table of `known` keys only."""
        if not isinstance(data, dict):
            raise self.error(table, index, "", "expected a table", table)
        label = f"{table} {data.get('id')!r} " if isinstance(data.get("id"), str) else f"{table} #{index + 1} "
        for key in data:
            if key not in known:
                raise self.error(table, index, key, f"unknown field (expected one of {', '.join(sorted(known))})",
                                 label + key)
        return label

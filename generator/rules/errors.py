"""Content errors that name the file, line and field, and say what was expected."""

from __future__ import annotations


class ContentError(ValueError):
    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.message = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field}: {message}")

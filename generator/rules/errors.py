"""Content errors that name the file, line and field, and say what was expected, and the collector that lets a
check report every one of them in one run, as a linter does."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")


class ContentError(ValueError):
    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.message = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field}: {message}")


def in_file_order(found: list[ContentError]) -> list[ContentError]:
    return sorted(found, key=lambda e: (e.file, e.line or 0, e.field, e.message))


class ContentErrors(ContentError):
    """Several content problems found at once, in file order; prints one `file:line: field: message` line each."""

    def __init__(self, found: list[ContentError]) -> None:
        found = in_file_order(found)
        first = found[0]
        super().__init__(first.file, first.line, first.field, first.message)
        self.problems = found
        self.args = ("\n".join(str(p) for p in found),)

    def __str__(self) -> str:
        return self.args[0]


class Problems:
    """The problems a load has found so far. Each check runs under `attempt`: a failed check adds its problems and
    the load goes on with the next item, so one run names every problem. A rule set with a problem is not loaded;
    its id goes into `unloaded`, and whatever refers to it is not checked against it (that would only repeat the
    problem as a dangling reference)."""

    def __init__(self) -> None:
        self.found: list[ContentError] = []
        self.unloaded: set[str] = set()

    def __bool__(self) -> bool:
        return bool(self.found)

    def add(self, exc: ContentError) -> None:
        """Keep the problems of `exc`, each once (a shared file, such as the bibliography, is met by every rule set)."""
        for problem in exc.problems if isinstance(exc, ContentErrors) else [exc]:
            if str(problem) not in {str(p) for p in self.found}:
                self.found.append(problem)

    @contextmanager
    def attempt(self) -> Iterator[None]:
        try:
            yield
        except ContentError as exc:
            self.add(exc)

    def keep(self, check: Callable[[], T]) -> T | None:
        """`check()`, or None when it raised a content error (which is kept)."""
        with self.attempt():
            return check()
        return None

    def raise_any(self) -> None:
        if self.found:
            raise ContentErrors(self.found)
